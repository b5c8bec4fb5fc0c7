-- The sandbox institution catalogue (src/providers/mock/institutions.ts), reachable through the MOCK provider.
INSERT INTO "institutions" ("id", "name", "url", "primary_color", "country_code", "provider_ids", "products") VALUES ('inst_00000000ts4kygwq8eymy4qg1w', 'Weft Sandbox Bank', 'https://weft-sandbox-bank.example', '#4f46e5', 'USA', '{"MOCK":"weft_sandbox_bank"}'::jsonb, '["ACCOUNT_BALANCES_AND_TRANSACTIONS","ACCOUNT_NUMBERS","ACCOUNT_OWNERS","ACCOUNT_STATEMENTS","INVESTMENTS","LIABILITIES","ACCOUNT_BALANCE_REFRESHES"]'::jsonb);
--> statement-breakpoint
INSERT INTO "institution_routing_numbers" ("routing_number", "institution_id") VALUES ('110000615', 'inst_00000000ts4kygwq8eymy4qg1w');
--> statement-breakpoint
INSERT INTO "institution_routing_numbers" ("routing_number", "institution_id") VALUES ('212000555', 'inst_00000000ts4kygwq8eymy4qg1w');
--> statement-breakpoint
INSERT INTO "institutions" ("id", "name", "url", "primary_color", "country_code", "provider_ids", "products") VALUES ('inst_00000000k1pcnxsxrmrmench4c', 'Houndstooth Bank', 'https://houndstooth-bank.example', '#0f766e', 'USA', '{"MOCK":"houndstooth_bank"}'::jsonb, '["ACCOUNT_BALANCES_AND_TRANSACTIONS","ACCOUNT_NUMBERS","ACCOUNT_OWNERS","ACCOUNT_STATEMENTS","INVESTMENTS","LIABILITIES","ACCOUNT_BALANCE_REFRESHES"]'::jsonb);
--> statement-breakpoint
INSERT INTO "institution_routing_numbers" ("routing_number", "institution_id") VALUES ('041109371', 'inst_00000000k1pcnxsxrmrmench4c');
--> statement-breakpoint
INSERT INTO "institutions" ("id", "name", "url", "primary_color", "country_code", "provider_ids", "products") VALUES ('inst_00000000cg5z5yyszfjhpk98gn', 'First Gingham Credit Union', 'https://first-gingham.example', '#b91c1c', 'USA', '{"MOCK":"first_gingham_cu"}'::jsonb, '["ACCOUNT_BALANCES_AND_TRANSACTIONS","ACCOUNT_NUMBERS","ACCOUNT_OWNERS","ACCOUNT_STATEMENTS","INVESTMENTS","LIABILITIES","ACCOUNT_BALANCE_REFRESHES"]'::jsonb);
--> statement-breakpoint
INSERT INTO "institution_routing_numbers" ("routing_number", "institution_id") VALUES ('261073290', 'inst_00000000cg5z5yyszfjhpk98gn');
--> statement-breakpoint
INSERT INTO "institution_routing_numbers" ("routing_number", "institution_id") VALUES ('322270518', 'inst_00000000cg5z5yyszfjhpk98gn');
--> statement-breakpoint
INSERT INTO "institutions" ("id", "name", "url", "primary_color", "country_code", "provider_ids", "products") VALUES ('inst_00000000mgg316y57hr1wppaaq', 'Tartan Trust', 'https://tartan-trust.example', '#166534', 'USA', '{"MOCK":"tartan_trust"}'::jsonb, '["ACCOUNT_BALANCES_AND_TRANSACTIONS","ACCOUNT_NUMBERS","ACCOUNT_OWNERS","ACCOUNT_STATEMENTS","INVESTMENTS","LIABILITIES","ACCOUNT_BALANCE_REFRESHES"]'::jsonb);
--> statement-breakpoint
INSERT INTO "institution_routing_numbers" ("routing_number", "institution_id") VALUES ('071923844', 'inst_00000000mgg316y57hr1wppaaq');
--> statement-breakpoint
INSERT INTO "institutions" ("id", "name", "url", "primary_color", "country_code", "provider_ids", "products") VALUES ('inst_00000000x49dnepz391t3pam1y', 'Chambray Federal Savings', 'https://chambray-federal.example', '#1d4ed8', 'USA', '{"MOCK":"chambray_federal"}'::jsonb, '["ACCOUNT_BALANCES_AND_TRANSACTIONS","ACCOUNT_NUMBERS","ACCOUNT_OWNERS","ACCOUNT_STATEMENTS","INVESTMENTS","LIABILITIES","ACCOUNT_BALANCE_REFRESHES"]'::jsonb);
--> statement-breakpoint
INSERT INTO "institution_routing_numbers" ("routing_number", "institution_id") VALUES ('311074495', 'inst_00000000x49dnepz391t3pam1y');
--> statement-breakpoint
INSERT INTO "institutions" ("id", "name", "url", "primary_color", "country_code", "provider_ids", "products") VALUES ('inst_00000000yrrmfx6jv0wvqn552g', 'Seersucker Community Bank', 'https://seersucker-bank.example', '#0369a1', 'USA', '{"MOCK":"seersucker_community"}'::jsonb, '["ACCOUNT_BALANCES_AND_TRANSACTIONS","ACCOUNT_NUMBERS","ACCOUNT_OWNERS","ACCOUNT_STATEMENTS","INVESTMENTS","LIABILITIES","ACCOUNT_BALANCE_REFRESHES"]'::jsonb);
--> statement-breakpoint
INSERT INTO "institution_routing_numbers" ("routing_number", "institution_id") VALUES ('103912671', 'inst_00000000yrrmfx6jv0wvqn552g');
--> statement-breakpoint
INSERT INTO "institutions" ("id", "name", "url", "primary_color", "country_code", "provider_ids", "products") VALUES ('inst_00000000tjny2z41nak2h9c4t4', 'Jacquard National Bank', 'https://jacquard-national.example', '#7c2d12', 'USA', '{"MOCK":"jacquard_national"}'::jsonb, '["ACCOUNT_BALANCES_AND_TRANSACTIONS","ACCOUNT_NUMBERS","ACCOUNT_OWNERS","ACCOUNT_STATEMENTS","INVESTMENTS","LIABILITIES","ACCOUNT_BALANCE_REFRESHES"]'::jsonb);
--> statement-breakpoint
INSERT INTO "institution_routing_numbers" ("routing_number", "institution_id") VALUES ('061748204', 'inst_00000000tjny2z41nak2h9c4t4');
--> statement-breakpoint
INSERT INTO "institution_routing_numbers" ("routing_number", "institution_id") VALUES ('121433763', 'inst_00000000tjny2z41nak2h9c4t4');
--> statement-breakpoint
INSERT INTO "institutions" ("id", "name", "url", "primary_color", "country_code", "provider_ids", "products") VALUES ('inst_000000009hgkbn307v347c0gdh', 'Paisley Investments', 'https://paisley-investments.example', '#9333ea', 'USA', '{"MOCK":"paisley_investments"}'::jsonb, '["ACCOUNT_BALANCES_AND_TRANSACTIONS","ACCOUNT_NUMBERS","ACCOUNT_OWNERS","ACCOUNT_STATEMENTS","INVESTMENTS","LIABILITIES","ACCOUNT_BALANCE_REFRESHES"]'::jsonb);
--> statement-breakpoint
INSERT INTO "institution_routing_numbers" ("routing_number", "institution_id") VALUES ('091855264', 'inst_000000009hgkbn307v347c0gdh');
