-- Events now commit with their webhook deliveries (one statement, events/service.ts), so the
-- webhooks.fanout queue is retired. Fan-out jobs still waiting from before this release are done
-- here: a delivery and a delivery job for each matching, enabled subscription, as the job would have.
WITH pending AS (
  SELECT j.id AS fanout_job_id, e.id AS event_id, e.environment_id, e.type
  FROM jobs j JOIN events e ON e.id = j.payload->>'eventId'
  WHERE j.queue = 'webhooks.fanout' AND j.state IN ('queued', 'active')
),
targets AS MATERIALIZED (
  SELECT p.event_id, p.type, s.id AS subscription_id, s.environment_id,
    'dlv_' || substr(p.event_id, 5, 10) || substr(md5(gen_random_uuid()::text), 1, 16) AS delivery_id,
    'job_' || substr(p.event_id, 5, 10) || substr(md5(gen_random_uuid()::text), 1, 16) AS job_id
  FROM pending p JOIN webhook_subscriptions s ON s.environment_id = p.environment_id AND s.disabled = false
  WHERE EXISTS (
    SELECT 1 FROM jsonb_array_elements_text(s.event_types) AS scope (name)
    WHERE scope.name = p.type OR starts_with(p.type, scope.name || '.')
  )
),
inserted AS (
  INSERT INTO webhook_deliveries (id, environment_id, subscription_id, event_id, event_type, reason,
    max_attempts, next_attempt_at, created_at, updated_at)
  SELECT delivery_id, environment_id, subscription_id, event_id, type, 'EVENT', 8, now(), now(), now()
  FROM targets
  ON CONFLICT DO NOTHING
  RETURNING id
),
queued AS (
  INSERT INTO jobs (id, queue, payload, max_attempts, run_at)
  SELECT job_id, 'webhooks.deliver', jsonb_build_object('deliveryId', delivery_id), 8, now()
  FROM targets WHERE delivery_id IN (SELECT id FROM inserted)
)
UPDATE jobs SET state = 'completed', finished_at = now(), locked_by = NULL, locked_until = NULL, updated_at = now()
WHERE id IN (SELECT fanout_job_id FROM pending);
--> statement-breakpoint
-- The GraphQL event feed LISTENs on weft_events (it relied on the fan-out job's weft_jobs before).
-- One trigger function for every "rows were inserted" notification, the channel its argument:
-- each inserting statement notifies once, delivered when its transaction commits.
CREATE FUNCTION weft_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER events_notify AFTER INSERT ON "events" FOR EACH STATEMENT EXECUTE FUNCTION weft_notify('weft_events');
--> statement-breakpoint
DROP TRIGGER jobs_notify ON "jobs";
--> statement-breakpoint
CREATE TRIGGER jobs_notify AFTER INSERT ON "jobs" FOR EACH STATEMENT EXECUTE FUNCTION weft_notify('weft_jobs');
--> statement-breakpoint
DROP FUNCTION weft_notify_jobs();
