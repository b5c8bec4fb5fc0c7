CREATE TABLE "account_owners" (
	"account_id" text NOT NULL,
	"position" integer NOT NULL,
	"names" jsonb NOT NULL,
	"emails" jsonb NOT NULL,
	"phones" jsonb NOT NULL,
	"addresses" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_owners_account_id_position_pk" PRIMARY KEY("account_id","position")
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"environment_id" text NOT NULL,
	"profile_id" text NOT NULL,
	"connection_id" text NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"mask" text,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"state" text DEFAULT 'OPEN' NOT NULL,
	"provider_status" text NOT NULL,
	"currency_code" text NOT NULL,
	"metadata" jsonb,
	"transaction_count" integer DEFAULT 0 NOT NULL,
	"balance_refresh_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ach_numbers" (
	"account_id" text PRIMARY KEY NOT NULL,
	"number_encrypted" text NOT NULL,
	"routing" text NOT NULL,
	"wire_routing" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "balances" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"available" numeric,
	"current" numeric,
	"limit" numeric,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connections" (
	"id" text PRIMARY KEY NOT NULL,
	"environment_id" text NOT NULL,
	"profile_id" text NOT NULL,
	"provider" text NOT NULL,
	"products" jsonb NOT NULL,
	"status" text NOT NULL,
	"institution_id" text,
	"metadata" jsonb,
	"access_token_encrypted" text,
	"login_fingerprint" text,
	"error" jsonb,
	"history_start_on" date NOT NULL,
	"synced_from_on" date,
	"synced_through_on" date,
	"initial_synced_at" timestamp with time zone,
	"historical_synced_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone,
	"failed_syncs" integer DEFAULT 0 NOT NULL,
	"statements_refresh_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institution_routing_numbers" (
	"routing_number" text NOT NULL,
	"institution_id" text NOT NULL,
	CONSTRAINT "institution_routing_numbers_routing_number_institution_id_pk" PRIMARY KEY("routing_number","institution_id")
);
--> statement-breakpoint
CREATE TABLE "institutions" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text,
	"primary_color" text NOT NULL,
	"country_code" text DEFAULT 'USA' NOT NULL,
	"provider_ids" jsonb NOT NULL,
	"products" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holdings" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"security_id" text NOT NULL,
	"quantity" numeric NOT NULL,
	"price" numeric NOT NULL,
	"value" numeric NOT NULL,
	"cost_basis" numeric,
	"currency_code" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "securities" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"ticker_symbol" text,
	"cusip" text,
	"isin" text NOT NULL,
	"type" text NOT NULL,
	"currency_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "securities_isin_unique" UNIQUE("isin")
);
--> statement-breakpoint
CREATE TABLE "processor_secrets" (
	"id" text PRIMARY KEY NOT NULL,
	"environment_id" text NOT NULL,
	"processor" text NOT NULL,
	"secret_hash" text NOT NULL,
	"secret_hint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "processor_secrets_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
CREATE TABLE "processor_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"environment_id" text NOT NULL,
	"account_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"issuer" text NOT NULL,
	"processor" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "processor_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"external_id" text NOT NULL,
	"start_on" date NOT NULL,
	"end_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"external_id" text NOT NULL,
	"amount" numeric NOT NULL,
	"entry_type" text NOT NULL,
	"currency_code" text NOT NULL,
	"date" date NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"pending_transaction_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_owners" ADD CONSTRAINT "account_owners_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_numbers" ADD CONSTRAINT "ach_numbers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_routing_numbers" ADD CONSTRAINT "institution_routing_numbers_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_security_id_securities_id_fk" FOREIGN KEY ("security_id") REFERENCES "public"."securities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processor_secrets" ADD CONSTRAINT "processor_secrets_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processor_tokens" ADD CONSTRAINT "processor_tokens_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processor_tokens" ADD CONSTRAINT "processor_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_connection_external_idx" ON "accounts" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE INDEX "accounts_profile_created_idx" ON "accounts" USING btree ("profile_id","created_at","id");--> statement-breakpoint
CREATE INDEX "accounts_environment_idx" ON "accounts" USING btree ("environment_id");--> statement-breakpoint
CREATE INDEX "balances_account_at_idx" ON "balances" USING btree ("account_id","at","id");--> statement-breakpoint
CREATE INDEX "connections_profile_created_idx" ON "connections" USING btree ("profile_id","created_at","id");--> statement-breakpoint
CREATE INDEX "connections_environment_idx" ON "connections" USING btree ("environment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "connections_live_login_idx" ON "connections" USING btree ("profile_id","institution_id","login_fingerprint") WHERE "connections"."status" not in ('DISCONNECTING', 'DISCONNECTED');--> statement-breakpoint
CREATE INDEX "institution_routing_numbers_institution_idx" ON "institution_routing_numbers" USING btree ("institution_id");--> statement-breakpoint
CREATE UNIQUE INDEX "holdings_account_security_idx" ON "holdings" USING btree ("account_id","security_id");--> statement-breakpoint
CREATE INDEX "holdings_security_idx" ON "holdings" USING btree ("security_id");--> statement-breakpoint
CREATE INDEX "processor_secrets_environment_processor_idx" ON "processor_secrets" USING btree ("environment_id","processor");--> statement-breakpoint
CREATE INDEX "processor_tokens_account_idx" ON "processor_tokens" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statements_account_external_idx" ON "statements" USING btree ("account_id","external_id");--> statement-breakpoint
CREATE INDEX "statements_account_end_idx" ON "statements" USING btree ("account_id","end_on","id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_account_external_idx" ON "transactions" USING btree ("account_id","external_id");--> statement-breakpoint
CREATE INDEX "transactions_account_date_idx" ON "transactions" USING btree ("account_id","date","id");--> statement-breakpoint
CREATE INDEX "transactions_account_status_date_idx" ON "transactions" USING btree ("account_id","status","date","id");