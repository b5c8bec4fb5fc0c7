import { and, eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { AppContext } from "../../context.ts";
import { preparedStatement } from "../../db/prepared.ts";
import {
  environments,
  events,
  jobs,
  type WebhookDeliveryStatus,
  webhookDeliveries,
  webhookSubscriptions,
} from "../../db/schema/index.ts";
import { crashPoint } from "../../jobs/crash-points.ts";
import type { JobRow } from "../../jobs/queue.ts";
import { JOB_SETTLED, type JobOutcome } from "../../jobs/worker.ts";
import { decrypt, type SecretKeys } from "../../security/secrets.ts";
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

const deliveryWithEverything = preparedStatement((db) =>
  db
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
    .where(eq(webhookDeliveries.id, sql.placeholder("deliveryId")))
    .prepare("weft_load_delivery"),
);

async function loadDelivery(ctx: AppContext, deliveryId: string): Promise<LoadedDelivery | undefined> {
  const [row] = await deliveryWithEverything(ctx.db).execute({ deliveryId });
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
  const secrets = [decrypt(secretKey, subscription.secretEncrypted)];
  const previousAlive =
    subscription.previousSecretEncrypted &&
    subscription.previousSecretExpiresAt &&
    subscription.previousSecretExpiresAt.getTime() > now.getTime();
  if (previousAlive) secrets.push(decrypt(secretKey, subscription.previousSecretEncrypted!));
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

/**
 * Settle the attempt and its job in one statement, but only while this worker still holds the
 * job's lease: a worker whose lease ran out (and whose job another worker took over) must not
 * overwrite the newer result. The job becomes what the verdict says — queued for the next
 * attempt, completed, or failed — so the worker has nothing left to write.
 */
async function recordAttempt(
  ctx: AppContext,
  job: JobRow,
  loaded: LoadedDelivery,
  outcome: SendOutcome | undefined,
  verdict: Verdict,
  attemptedAt: Date,
): Promise<void> {
  const isFinal = verdict.status !== "PENDING";
  const jobState = !isFinal ? "queued" : verdict.status === "FAILED" && outcome ? "failed" : "completed";
  const disabledReason = verdict.disableSubscription
    ? `The target answered 410 Gone at ${attemptedAt.toISOString()}`
    : null;
  await ctx.db.execute(sql`
    with settled as (
      update ${jobs} set
        state = ${jobState},
        run_at = coalesce(${verdict.nextAttemptAt}::timestamptz, run_at),
        finished_at = ${isFinal ? sql`now()` : sql`null`},
        last_error = ${verdict.status === "SUCCEEDED" ? null : verdict.error},
        locked_by = null,
        locked_until = null,
        updated_at = now()
      where id = ${job.id} and locked_by = ${job.lockedBy} and state = 'active'
      returning id
    ),
    disabled as (
      update ${webhookSubscriptions} set disabled = true, disabled_reason = ${disabledReason}, updated_at = now()
      where id = ${loaded.subscription.id} and disabled = false and ${disabledReason}::text is not null
        and exists (select 1 from settled)
    )
    update ${webhookDeliveries} set
      status = ${verdict.status},
      attempts = ${outcome ? job.attempts : sql`attempts`},
      last_attempt_at = ${outcome ? attemptedAt : sql`last_attempt_at`},
      response_status = ${outcome ? (outcome.kind === "response" ? outcome.status : null) : sql`response_status`},
      response_latency_ms = ${outcome ? outcome.latencyMs : sql`response_latency_ms`},
      last_error = ${verdict.error},
      next_attempt_at = ${verdict.nextAttemptAt},
      completed_at = ${isFinal ? sql`now()` : sql`null`},
      updated_at = now()
    where id = ${loaded.delivery.id} and exists (select 1 from settled)`);
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
