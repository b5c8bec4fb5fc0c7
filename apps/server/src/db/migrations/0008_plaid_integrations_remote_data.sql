CREATE TABLE "integrations" (
	"environment_id" text NOT NULL,
	"provider" text NOT NULL,
	"is_enabled" boolean NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret_encrypted" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integrations_environment_id_provider_pk" PRIMARY KEY("environment_id","provider")
);
--> statement-breakpoint
CREATE TABLE "remote_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"environment_id" text NOT NULL,
	"profile_id" text NOT NULL,
	"connection_id" text NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"record_id" text NOT NULL,
	"host" text NOT NULL,
	"path" text NOT NULL,
	"body" jsonb NOT NULL,
	"request_id" text,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "transactions_cursor" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "is_externally_managed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_documents" ADD CONSTRAINT "remote_documents_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_documents" ADD CONSTRAINT "remote_documents_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_documents" ADD CONSTRAINT "remote_documents_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "remote_documents_record_endpoint_idx" ON "remote_documents" USING btree ("record_id","host","path");--> statement-breakpoint
CREATE INDEX "remote_documents_list_idx" ON "remote_documents" USING btree ("environment_id","provider","kind","record_id");--> statement-breakpoint
CREATE INDEX "remote_documents_connection_idx" ON "remote_documents" USING btree ("connection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "connections_live_external_idx" ON "connections" USING btree ("environment_id","provider","external_id") WHERE "connections"."status" not in ('DISCONNECTING', 'DISCONNECTED');--> statement-breakpoint
CREATE INDEX "connections_external_idx" ON "connections" USING btree ("provider","external_id");