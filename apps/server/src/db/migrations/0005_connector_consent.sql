ALTER TABLE "connections" ADD COLUMN "shared_account_external_ids" jsonb;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "awaiting_consent_since" timestamp with time zone;