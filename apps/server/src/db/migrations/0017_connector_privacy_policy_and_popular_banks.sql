DROP INDEX "connections_environment_idx";--> statement-breakpoint
ALTER TABLE "connectors" ADD COLUMN "privacy_policy_url" text;--> statement-breakpoint
CREATE INDEX "connections_environment_institution_idx" ON "connections" USING btree ("environment_id","institution_id");