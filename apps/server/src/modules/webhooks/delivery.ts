import { and, eq, type SQL, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { AppContext } from "../../context.ts";
import { groupedCalls } from "../../db/grouped.ts";
import { preparedStatement } from "../../db/prepared.ts";
import {
  environments,
  events,
  type WebhookDeliveryStatus,
  webhookDeliveries,
  webhookSubscriptions,
} from "../../db/schema/index.ts";
import { crashPoint } from "../../jobs/crash-points.ts";
import type { JobRow } from "../../jobs/queue.ts";
import { JOB_SETTLED, type JobOutcome } from "../../jobs/worker.ts";
import { decryptRemembered, type SecretKeys } from "../../security/secrets.ts";
import { type EnvironmentRow, toEnvironmentView } from "../environments/service.ts";
import { DELIVERY_SCHEDULE_MS } from "./fanout.ts";
import type { WebhookDeliveryRow, WebhookSubscriptionRow } from "./service.ts";
import { type SendOutcome, sendWebhook, type TransportOptions } from "./transport.ts";

/** Only a 2xx within this counts; the rest of the attempt (database work) fits well inside the lease. */
export const DELIVERY_TIMEOUT_MS = 15_000;
/** Retry-After is honoured up to this long. */
export const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

export const USER_AGENT = "Weft-Webhooks/1.0 (+https://github.com/weft)";

/** Transport settings a caller may override: tests pass a throwaway CA, a short timeout or a resolver. */
export type DeliveryTransport = Partial<Omit<TransportOptions, "allowPrivateTargets">>;

export type WebhookEventBody = {
  id: string;
  at: string;
  type: string;
  profile: unknown;
  record: Record<string, unknown>;
  metadata: Record<string, unknown> | null;
};

type LoadedDelivery = {
  delivery: WebhookDeliveryRow;
  subscription: WebhookSubscriptionRow;
  environment: EnvironmentRow;
  event: WebhookEventBody | undefined;
};

/**
 * The deliveries with their subscriptions, environments and events, loaded for many attempts at
 * once: the attempts a claim starts together (and those starting while a load runs) share one
 * prepared statement.
 */
const loadDeliveries = preparedStatement((db) => {
  const statement = db
    .select({
      delivery: webhookDeliveries,
      subscription: webhookSubscriptions,
      environment: environments,
      stored: events,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .innerJoin(environments, eq(environments.id, webhookDeliveries.environmentId))
    .leftJoin(
      events,
      and(
        eq(events.id, webhookDeliveries.eventId),
        eq(events.environmentId, webhookDeliveries.environmentId),
      ),
    )
    .where(sql`${webhookDeliveries.id} = any(${sql.placeholder("deliveryIds")}::text[])`)
    .prepare("weft_load_deliveries");
  return groupedCalls(async (deliveryIds: string[]) => {
    const rows = await statement.execute({ deliveryIds });
    const byId = new Map(rows.map((row) => [row.delivery.id, row]));
    return deliveryIds.map((id) => byId.get(id));
  });
});

async function loadDelivery(ctx: AppContext, deliveryId: string): Promise<LoadedDelivery | undefined> {
  const row = await loadDeliveries(ctx.db)(deliveryId);
  if (!row) return undefined;
  const { stored, ...rest } = row;
  if (row.delivery.testEvent) return { ...rest, event: row.delivery.testEvent };
  const event = stored
    ? {
        id: stored.id,
        at: stored.at.toISOString(),
        type: stored.type,
        profile: stored.profile,
        record: stored.record,
        metadata: stored.metadata,
      }
    : undefined;
  return { ...rest, event };
}

/** The body every receiver gets: the environment, and the event (one per delivery). */
export function webhookBody(environment: EnvironmentRow, event: WebhookEventBody): string {
  return JSON.stringify({
    environment: toEnvironmentView(environment),
    eventTypes: [event.type],
    events: [event],
  });
}

/** The current secret, and the previous one while it is still inside its 24 hours. */
export function signingSecrets(
  secretKey: SecretKeys,
  subscription: WebhookSubscriptionRow,
  now: Date,
): string[] {
  const secrets = [decryptRemembered(secretKey, subscription.secretEncrypted)];
  const previousAlive =
    subscription.previousSecretEncrypted &&
    subscription.previousSecretExpiresAt &&
    subscription.previousSecretExpiresAt.getTime() > now.getTime();
  if (previousAlive) secrets.push(decryptRemembered(secretKey, subscription.previousSecretEncrypted!));
  return secrets;
}

/** Standard Webhooks headers; during a rotation webhook-signature carries both signatures. */
export function signedHeaders(
  secrets: string[],
  messageId: string,
  timestamp: Date,
  body: string,
): Record<string, string> {
  return {
    "content-type": "application/json",
    "user-agent": USER_AGENT,
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
    "webhook-signature": secrets.map((s) => new Webhook(s).sign(messageId, timestamp, body)).join(" "),
  };
}

type Verdict = {
  status: WebhookDeliveryStatus;
  error: string | null;
  nextAttemptAt: Date | null;
  disableSubscription: boolean;
};

function describeFailure(outcome: SendOutcome): string {
  if (outcome.kind === "error") return outcome.error;
  const { status } = outcome;
  if (status === 410) return "HTTP 410 Gone: the subscription was disabled";
  if (status >= 300 && status < 400) {
    const to = outcome.location ? ` to ${outcome.location.slice(0, 300)}` : "";
    return `HTTP ${status}: a redirect${to}, which is not followed; only a 2xx counts`;
  }
  const excerpt = outcome.bodyExcerpt.trim().slice(0, 300);
  return `HTTP ${status}${excerpt ? `: ${excerpt}` : ""}`;
}

/** What one attempt's outcome means for the delivery. `attempt` counts from 1. */
export function judgeAttempt(outcome: SendOutcome, attempt: number, maxAttempts: number, now: Date): Verdict {
  if (outcome.kind === "response" && outcome.status >= 200 && outcome.status < 300) {
    return { status: "SUCCEEDED", error: null, nextAttemptAt: null, disableSubscription: false };
  }
  const error = describeFailure(outcome);
  if (outcome.kind === "response" && outcome.status === 410) {
    return { status: "FAILED", error, nextAttemptAt: null, disableSubscription: true };
  }
  if (attempt >= maxAttempts) {
    return { status: "FAILED", error, nextAttemptAt: null, disableSubscription: false };
  }
  const retryAfter = outcome.kind === "response" ? outcome.retryAfterMs : null;
  const delay =
    retryAfter !== null
      ? Math.min(retryAfter, MAX_RETRY_AFTER_MS)
      : (DELIVERY_SCHEDULE_MS[attempt] ?? DELIVERY_SCHEDULE_MS.at(-1)!);
  return {
    status: "PENDING",
    error,
    nextAttemptAt: new Date(now.getTime() + delay),
    disableSubscription: false,
  };
}

/** What one attempt's settle writes: a row of the grouped settle statement. */
type Settle = {
  job_id: string;
  worker_id: string | null;
  job_state: string;
  is_final: boolean;
  job_error: string | null;
  next_attempt_at: string | null;
  subscription_id: string;
  disabled_reason: string | null;
  delivery_id: string;
  status: WebhookDeliveryStatus;
  attempted: boolean;
  attempts: number;
  attempted_at: string;
  response_status: number | null;
  latency_ms: number | null;
  error: string | null;
};

/**
 * Settle attempts and their jobs, each only while its worker still holds the job's lease: a
 * worker whose lease ran out (and whose job another worker took over) must not overwrite the
 * newer result. Each job becomes what its verdict says — queued for the next attempt, completed,
 * or failed — so the worker has nothing left to write. Attempts that end while a settle runs go
 * together in the next (grouped calls): one prepared statement and one commit for many attempts
 * under load, planned once per connection.
 */
const settleDeliveries = preparedStatement((db) => {
  const step = (name: string, body: SQL) => db.$with(name, { id: sql<string>`id` }).as(body);
  const input = step(
    "input",
    sql`select * from jsonb_to_recordset(${sql.placeholder("settles")}::jsonb) as t(
      job_id text, worker_id text, job_state text, is_final boolean, job_error text,
      next_attempt_at timestamptz, subscription_id text, disabled_reason text, delivery_id text,
      status text, attempted boolean, attempts integer, attempted_at timestamptz,
      response_status integer, latency_ms integer, error text)`,
  );
  const settled = step(
    "settled",
    sql`update jobs set state = input.job_state, run_at = coalesce(input.next_attempt_at, jobs.run_at),
      finished_at = case when input.is_final then now() end, last_error = input.job_error,
      locked_by = null, locked_until = null, updated_at = now()
    from input
    where jobs.id = input.job_id and jobs.locked_by = input.worker_id and jobs.state = 'active'
    returning jobs.id`,
  );
  const disabled = step(
    "disabled",
    sql`update webhook_subscriptions s set disabled = true, disabled_reason = input.disabled_reason,
      updated_at = now()
    from input
    where s.id = input.subscription_id and not s.disabled and input.disabled_reason is not null
      and input.job_id in (select id from settled)
    returning s.id`,
  );
  // Without an attempt (a cancelled or orphaned delivery) the attempt's columns stay as they were.
  const delivered = step(
    "delivered",
    sql`update webhook_deliveries d set status = input.status,
      attempts = case when input.attempted then input.attempts else d.attempts end,
      last_attempt_at = case when input.attempted then input.attempted_at else d.last_attempt_at end,
      response_status = case when input.attempted then input.response_status else d.response_status end,
      response_latency_ms = case when input.attempted then input.latency_ms else d.response_latency_ms end,
      last_error = input.error, next_attempt_at = input.next_attempt_at,
      completed_at = case when input.is_final then now() end, updated_at = now()
    from input
    where d.id = input.delivery_id and input.job_id in (select id from settled)
    returning d.id`,
  );
  const statement = db
    .with(input, settled, disabled, delivered)
    .select({ settled: sql<number>`count(*)::integer` })
    .from(delivered)
    .prepare("weft_settle_deliveries");
  return groupedCalls(async (settles: Settle[]) => {
    await statement.execute({ settles: JSON.stringify(settles) });
    return settles.map(() => undefined);
  });
});

async function recordAttempt(
  ctx: AppContext,
  job: JobRow,
  loaded: LoadedDelivery,
  outcome: SendOutcome | undefined,
  verdict: Verdict,
  attemptedAt: Date,
): Promise<void> {
  const isFinal = verdict.status !== "PENDING";
  await settleDeliveries(ctx.db)({
    job_id: job.id,
    worker_id: job.lockedBy,
    job_state: !isFinal ? "queued" : verdict.status === "FAILED" && outcome ? "failed" : "completed",
    is_final: isFinal,
    job_error: verdict.status === "SUCCEEDED" ? null : verdict.error,
    next_attempt_at: verdict.nextAttemptAt?.toISOString() ?? null,
    subscription_id: loaded.subscription.id,
    disabled_reason: verdict.disableSubscription
      ? `The target answered 410 Gone at ${attemptedAt.toISOString()}`
      : null,
    delivery_id: loaded.delivery.id,
    status: verdict.status,
    attempted: outcome !== undefined,
    attempts: job.attempts,
    attempted_at: attemptedAt.toISOString(),
    response_status: outcome?.kind === "response" ? outcome.status : null,
    latency_ms: outcome ? outcome.latencyMs : null,
    error: verdict.error,
  });
}

/**
 * One attempt of one delivery, as a job: load, sign, send (outside any transaction), then record
 * the attempt and settle its job (queued for the next attempt, completed or failed) at once.
 */
export async function attemptDelivery(
  ctx: AppContext,
  job: JobRow,
  transport: DeliveryTransport,
): Promise<JobOutcome> {
  const loaded = await loadDelivery(ctx, String(job.payload.deliveryId));
  // Deleted with its subscription, or already settled by an earlier run of this job.
  if (loaded?.delivery.status !== "PENDING") return;
  const now = new Date();
  if (loaded.subscription.disabled && loaded.delivery.reason !== "TEST") {
    const verdict: Verdict = {
      status: "CANCELLED",
      error: "The subscription was disabled before this delivery was made",
      nextAttemptAt: null,
      disableSubscription: false,
    };
    await recordAttempt(ctx, job, loaded, undefined, verdict, now);
    return JOB_SETTLED;
  }
  if (!loaded.event) {
    const verdict: Verdict = {
      status: "FAILED",
      error: `Event ${loaded.delivery.eventId} no longer exists`,
      nextAttemptAt: null,
      disableSubscription: false,
    };
    await recordAttempt(ctx, job, loaded, undefined, verdict, now);
    return JOB_SETTLED;
  }

  const body = webhookBody(loaded.environment, loaded.event);
  const headers = signedHeaders(
    signingSecrets(ctx.secretKey, loaded.subscription, now),
    loaded.delivery.id,
    now,
    body,
  );
  const outcome = await sendWebhook(loaded.subscription.targetUrl, body, headers, {
    allowPrivateTargets: ctx.config.webhookAllowPrivateTargets,
    timeoutMs: DELIVERY_TIMEOUT_MS,
    ...transport,
  });
  crashPoint(`${job.queue}:sent`);
  const verdict = judgeAttempt(outcome, job.attempts, job.maxAttempts, new Date());
  await recordAttempt(ctx, job, loaded, outcome, verdict, now);
  return JOB_SETTLED;
}
