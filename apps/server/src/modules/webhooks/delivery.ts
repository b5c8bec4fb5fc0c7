import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
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
 * attempt, completed, or failed — so the worker has nothing left to write. One shape for every
 * verdict, prepared: PostgreSQL plans it once per connection.
 */
const settleDelivery = preparedStatement((db) => {
  const p = sql.placeholder;
  const settled = db.$with("settled").as(
    db
      .update(jobs)
      .set({
        state: sql`${p("jobState")}::text`,
        runAt: sql`coalesce(${p("nextAttemptAt")}::timestamptz, ${jobs.runAt})`,
        finishedAt: sql`case when ${p("isFinal")}::boolean then now() end`,
        lastError: sql`${p("jobError")}::text`,
        lockedBy: null,
        lockedUntil: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(jobs.id, p("jobId")), eq(jobs.lockedBy, p("workerId")), eq(jobs.state, "active")))
      .returning({ id: jobs.id }),
  );
  const disabled = db.$with("disabled").as(
    db
      .update(webhookSubscriptions)
      .set({ disabled: true, disabledReason: sql`${p("disabledReason")}::text`, updatedAt: sql`now()` })
      .where(
        and(
          eq(webhookSubscriptions.id, p("subscriptionId")),
          eq(webhookSubscriptions.disabled, false),
          sql`${p("disabledReason")}::text is not null`,
          sql`exists (select 1 from ${settled})`,
        ),
      )
      .returning({ id: webhookSubscriptions.id }),
  );
  // Without an attempt (a cancelled or orphaned delivery) the attempt's columns stay as they were.
  const ifAttempted = (value: SQL, column: AnyPgColumn) =>
    sql`case when ${p("attempted")}::boolean then ${value} else ${column} end`;
  return db
    .with(settled, disabled)
    .update(webhookDeliveries)
    .set({
      status: sql`${p("status")}::text`,
      attempts: ifAttempted(sql`${p("attempts")}::integer`, webhookDeliveries.attempts),
      lastAttemptAt: ifAttempted(sql`${p("attemptedAt")}::timestamptz`, webhookDeliveries.lastAttemptAt),
      responseStatus: ifAttempted(sql`${p("responseStatus")}::integer`, webhookDeliveries.responseStatus),
      responseLatencyMs: ifAttempted(sql`${p("latencyMs")}::integer`, webhookDeliveries.responseLatencyMs),
      lastError: sql`${p("error")}::text`,
      nextAttemptAt: sql`${p("nextAttemptAt")}::timestamptz`,
      completedAt: sql`case when ${p("isFinal")}::boolean then now() end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(webhookDeliveries.id, p("deliveryId")), sql`exists (select 1 from ${settled})`))
    .prepare("weft_settle_delivery");
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
  const jobState = !isFinal ? "queued" : verdict.status === "FAILED" && outcome ? "failed" : "completed";
  const nextAttemptAt = verdict.nextAttemptAt?.toISOString() ?? null;
  await settleDelivery(ctx.db).execute({
    jobId: job.id,
    workerId: job.lockedBy,
    jobState,
    isFinal,
    jobError: verdict.status === "SUCCEEDED" ? null : verdict.error,
    nextAttemptAt,
    subscriptionId: loaded.subscription.id,
    disabledReason: verdict.disableSubscription
      ? `The target answered 410 Gone at ${attemptedAt.toISOString()}`
      : null,
    deliveryId: loaded.delivery.id,
    status: verdict.status,
    attempted: outcome !== undefined,
    attempts: job.attempts,
    attemptedAt: attemptedAt.toISOString(),
    responseStatus: outcome?.kind === "response" ? outcome.status : null,
    latencyMs: outcome ? outcome.latencyMs : null,
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
