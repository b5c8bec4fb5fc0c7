-- Workers LISTEN on weft_jobs: every statement that inserts jobs notifies once, delivered when
-- its transaction commits (PostgreSQL folds repeats within a transaction into one).
CREATE FUNCTION weft_notify_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('weft_jobs', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER jobs_notify AFTER INSERT ON "jobs" FOR EACH STATEMENT EXECUTE FUNCTION weft_notify_jobs();
