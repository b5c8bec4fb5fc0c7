-- An account's transactions_version moves with every statement that changes its transactions,
-- whoever writes them (a sync, a metadata update, a cascade): a page of transactions cached at one
-- version is what the database holds at that version (accounts/page-cache.ts). One UPDATE per
-- statement, not per row: a sync writing 500 rows bumps each of its accounts once.
-- Writers lock the accounts first (accounts/locks.ts), so this UPDATE never waits for a lock a
-- transaction waiting on their rows holds.
ALTER TABLE "accounts" ADD COLUMN "transactions_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION weft_transactions_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE accounts SET transactions_version = transactions_version + 1
    WHERE id IN (SELECT account_id FROM new_rows);
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE accounts SET transactions_version = transactions_version + 1
    WHERE id IN (SELECT account_id FROM new_rows UNION SELECT account_id FROM old_rows);
  ELSE
    UPDATE accounts SET transactions_version = transactions_version + 1
    WHERE id IN (SELECT account_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER transactions_inserted AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION weft_transactions_changed();--> statement-breakpoint
CREATE TRIGGER transactions_updated AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION weft_transactions_changed();--> statement-breakpoint
CREATE TRIGGER transactions_deleted AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION weft_transactions_changed();
