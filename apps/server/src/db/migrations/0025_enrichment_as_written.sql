-- A transaction's enrichment is kept as the JSON text written (json), not decomposed (jsonb):
-- pages of transactions answer it as stored, where jsonb had PostgreSQL rebuild its text for every
-- row read (about half of PostgreSQL's CPU for a page of 100). Filters by category or counterparty
-- read it with the same operators. Rows stored before keep jsonb's text (its key order) until they
-- are written again. This rewrites the table once.
ALTER TABLE "transactions" ALTER COLUMN "enrichment" SET DATA TYPE json USING "enrichment"::json;
