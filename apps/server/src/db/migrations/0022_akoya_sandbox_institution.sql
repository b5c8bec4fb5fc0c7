-- Akoya's sandbox institution, Mikomo Bank (Akoya's provider id "mikomo"): Akoya has no institution
-- search, so its institutions are catalogue rows; this one is seen by TEST and SANDBOX environments.
INSERT INTO "institutions" ("id", "name", "url", "primary_color", "country_code", "provider_ids", "products")
VALUES ('inst_01m86m8r07yw049fd8qzftjwmr', 'Mikomo Bank', 'https://akoya.com', '#0f766e', 'USA',
  '{"AKOYA":"mikomo"}'::jsonb,
  '["ACCOUNT_BALANCES_AND_TRANSACTIONS","ACCOUNT_BALANCE_REFRESHES","ACCOUNT_NUMBERS","ACCOUNT_OWNERS","INVESTMENTS"]'::jsonb)
ON CONFLICT DO NOTHING;
