CREATE TABLE "enrichment_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"environment_id" text NOT NULL,
	"profile_id" text NOT NULL,
	"request" jsonb,
	"transaction_count" integer NOT NULL,
	"result" jsonb,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enrichment_batches" ADD CONSTRAINT "enrichment_batches_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrichment_batches" ADD CONSTRAINT "enrichment_batches_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrichment_batches_created_idx" ON "enrichment_batches" USING btree ("created_at");