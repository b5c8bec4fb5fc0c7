ALTER TABLE "transactions" ADD COLUMN "enrichment" jsonb;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "enrichment_version" text;