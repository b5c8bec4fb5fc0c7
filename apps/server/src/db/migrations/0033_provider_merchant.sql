ALTER TABLE "transactions" ADD COLUMN "provider_merchant_name" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "provider_mcc" integer;