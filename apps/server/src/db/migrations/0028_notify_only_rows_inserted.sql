-- A statement-level trigger fires even when its statement inserted no rows. Every event recorded
-- where no webhook subscription matched (its fan-out inserts no jobs) notified weft_jobs, and
-- every worker woke to claim nothing: a claim statement for each such event. The triggers now
-- read the rows their statement inserted (a transition table) and notify only when there are some.
CREATE OR REPLACE FUNCTION weft_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT FROM inserted) THEN
    PERFORM pg_notify(TG_ARGV[0], '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER jobs_notify ON "jobs";
--> statement-breakpoint
CREATE TRIGGER jobs_notify AFTER INSERT ON "jobs" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION weft_notify('weft_jobs');
--> statement-breakpoint
DROP TRIGGER events_notify ON "events";
--> statement-breakpoint
CREATE TRIGGER events_notify AFTER INSERT ON "events" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION weft_notify('weft_events');
