CREATE TABLE "connectors" (
	"id" text PRIMARY KEY NOT NULL,
	"environment_id" text NOT NULL,
	"name" text NOT NULL,
	"institution_ids" jsonb,
	"providers" jsonb,
	"products" jsonb NOT NULL,
	"email_sign_in" boolean DEFAULT true NOT NULL,
	"allowed_origins" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passcodes" (
	"id" text PRIMARY KEY NOT NULL,
	"environment_id" text NOT NULL,
	"connector_id" text NOT NULL,
	"destination" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "connectors" ADD CONSTRAINT "connectors_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passcodes" ADD CONSTRAINT "passcodes_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passcodes" ADD CONSTRAINT "passcodes_connector_id_connectors_id_fk" FOREIGN KEY ("connector_id") REFERENCES "public"."connectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connectors_environment_idx" ON "connectors" USING btree ("environment_id");--> statement-breakpoint
CREATE INDEX "passcodes_destination_idx" ON "passcodes" USING btree ("connector_id","destination","created_at");