import { type SQL, sql } from "drizzle-orm";
import {
  jobs,
  type WebhookDeliveryReason,
  webhookDeliveries,
  webhookSubscriptions,
} from "../../db/schema/index.ts";
import { type IdKind, newId } from "../../http/ids.ts";

/**
 * Fan-out: the deliveries of an event and the jobs that attempt them, written as part of one SQL
 * statement — the statement that records the event (events/service.ts), a replay, or a test send.
 * No job re-reads the event later: an event commits with its deliveries or not at all.
 */

export const WEBHOOK_DELIVER_QUEUE = "webhooks.deliver";

/**
 * When each attempt runs, measured from the failure before it: immediately, then 5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h and 10 h (the Standard Webhooks schedule). Eight attempts in all.
 */
export const DELIVERY_SCHEDULE_MS = [
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;
export const MAX_DELIVERY_ATTEMPTS = DELIVERY_SCHEDULE_MS.length;

/**
 * The enabled subscriptions of an environment whose event types match `type`. A type matches
 * itself and every parent scope above it at a dot boundary: "connection" matches
 * "connection.created", "account" does not match "accounting.created".
 */
export function matchingSubscriptions(environmentId: string, type: string): SQL {
  return sql`select ${webhookSubscriptions.id} as id, ${webhookSubscriptions.environmentId} as environment_id
    from ${webhookSubscriptions}
    where ${webhookSubscriptions.environmentId} = ${environmentId} and ${webhookSubscriptions.disabled} = false
      and exists (
        select 1 from jsonb_array_elements_text(${webhookSubscriptions.eventTypes}) as scope (name)
        where scope.name = ${type} or starts_with(${type}::text, scope.name || '.')
      )`;
}

/** One subscription by id, enabled or not (a test send goes to a disabled one too). */
export function subscriptionById(subscriptionId: string): SQL {
  return sql`select ${webhookSubscriptions.id} as id, ${webhookSubscriptions.environmentId} as environment_id
    from ${webhookSubscriptions} where ${webhookSubscriptions.id} = ${subscriptionId}`;
}

/**
 * A fresh id of `kind` made in SQL, one per row: this moment's time-sortable head (as newId
 * makes it) and 16 random characters (hex digits, all within the id alphabet).
 */
function idPerRow(kind: IdKind): SQL {
  const head = newId(kind).slice(0, -16);
  return sql`${head} || substr(md5(gen_random_uuid()::text), 1, 16)`;
}

export type FanOut = {
  /** A query naming the subscriptions to deliver to, with columns id and environment_id. */
  targets: SQL;
  event: { id: string; type: string };
  reason: WebhookDeliveryReason;
  /** For a TEST delivery: the synthetic event itself (it is stored nowhere else). */
  testEvent?: unknown;
  maxAttempts?: number;
};

/**
 * The CTEs that insert one delivery and one delivery job per target (`fanout_deliveries` returns
 * the new deliveries' ids). EVENT deliveries are unique per (subscription, event), so writing a
 * fan-out twice adds nothing: only the deliveries inserted get a job.
 */
export function fanOutCtes(fanOut: FanOut): SQL {
  const maxAttempts = fanOut.maxAttempts ?? MAX_DELIVERY_ATTEMPTS;
  const testEvent = fanOut.testEvent === undefined ? null : JSON.stringify(fanOut.testEvent);
  const now = new Date();
  return sql`fanout_targets as materialized (
      select targets.id as subscription_id, targets.environment_id,
        ${idPerRow("delivery")} as delivery_id, ${idPerRow("job")} as job_id
      from (${fanOut.targets}) as targets
    ),
    fanout_deliveries as (
      insert into ${webhookDeliveries} (id, environment_id, subscription_id, event_id, event_type, reason,
        test_event, max_attempts, next_attempt_at, created_at, updated_at)
      select delivery_id, environment_id, subscription_id, ${fanOut.event.id}, ${fanOut.event.type},
        ${fanOut.reason}, ${testEvent}::jsonb, ${maxAttempts}, ${now}, ${now}, ${now}
      from fanout_targets
      on conflict do nothing
      returning id
    ),
    fanout_jobs as (
      insert into ${jobs} (id, queue, payload, max_attempts, run_at)
      select job_id, ${WEBHOOK_DELIVER_QUEUE}, jsonb_build_object('deliveryId', delivery_id), ${maxAttempts}, ${now}
      from fanout_targets where delivery_id in (select id from fanout_deliveries)
    )`;
}
