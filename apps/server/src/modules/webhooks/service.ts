import { randomBytes } from "node:crypto";
import { and, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { selectPage } from "../../db/page.ts";
import { pruneInBatches } from "../../db/prune.ts";
import {
  environments,
  type WebhookDeliveryStatus,
  type WebhookTestEvent,
  webhookDeliveries,
  webhookSubscriptions,
} from "../../db/schema/index.ts";
import { forbidden, notFound, ValidationError } from "../../http/errors.ts";
import { newId } from "../../http/ids.ts";
import type { Pagination } from "../../http/pagination.ts";
import { encrypt, type SecretKeys } from "../../security/secrets.ts";
import { findEvent } from "../events/service.ts";
import { type FanOut, fanOutCtes, matchingSubscriptions, subscriptionById } from "./fanout.ts";
import {
  TARGET_URL_MESSAGE,
  type WebhookDeliveryView,
  type WebhookSubscriptionCreateInput,
  type WebhookSubscriptionUpdateInput,
  type WebhookSubscriptionView,
} from "./schemas.ts";
import { isLoopbackHost, resolveTarget, TargetRefusedError, type TransportOptions } from "./transport.ts";

export type WebhookSubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** A rotated-out secret keeps signing (as a second signature) this long. */
export const PREVIOUS_SECRET_TTL_MS = 24 * 3_600_000;

export const WEBHOOK_SECRET_PREFIX = "whsec_";

/** Standard Webhooks secret: the prefix, then base64 of 24 random bytes (192 bits). */
export function newSigningSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString("base64")}`;
}

export function toSubscriptionView(row: WebhookSubscriptionRow): WebhookSubscriptionView {
  return {
    id: row.id,
    name: row.name,
    targetUrl: row.targetUrl,
    eventTypes: row.eventTypes,
    disabled: row.disabled,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toDeliveryView(row: WebhookDeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    subscriptionId: row.subscriptionId,
    eventId: row.eventId,
    eventType: row.eventType,
    reason: row.reason,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    responseStatus: row.responseStatus,
    responseLatencyMs: row.responseLatencyMs,
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The schema checks the shape; this checks what a URL parser makes of it. HTTPS, or — for
 * development, when the operator allows private targets — plain HTTP to this machine
 * (localhost, 127.0.0.1, ::1), so a receiver can run on a laptop without certificates.
 */
function assertTargetUrl(targetUrl: string, allowPrivateTargets: boolean): URL {
  // The parser mends what the text does not say: "https:///x", "https:x" and "https:\\x" all
  // become https://x/. A target names its host after "//" itself.
  if (!WITH_HOST.test(targetUrl)) throw ValidationError.of("targetUrl", TARGET_URL_MESSAGE);
  let url: URL;
  try {
    url = new URL(targetUrl);
  } catch {
    throw ValidationError.of("targetUrl", TARGET_URL_MESSAGE);
  }
  const isLocalHttp = url.protocol === "http:" && allowPrivateTargets && isLoopbackHost(url.hostname);
  if ((url.protocol !== "https:" && !isLocalHttp) || url.hostname === "")
    throw ValidationError.of("targetUrl", TARGET_URL_MESSAGE);
  if (url.username || url.password) {
    throw ValidationError.of("targetUrl", "Target URL must not contain a username or password");
  }
  // The parser takes any port up to 65535, and 0, which nothing can be delivered to.
  if (url.port === "0") throw ValidationError.of("targetUrl", "Target URL's port must be 1 to 65535");
  return url;
}

/** A scheme, "//", then a host's first character. */
const WITH_HOST = /^[a-z][a-z0-9+.-]*:\/\/[^/\\?#@\s]/i;

/** Names that never leave the machine or its network (RFC 6761, RFC 6762, RFC 8375, ICANN's .internal). */
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|home\.arpa)$/;
/** How long a target's name may take to resolve when it is saved; past that, delivery judges it. */
const TARGET_LOOKUP_TIMEOUT_MS = 2000;
const PRIVATE_HINT =
  "loopback, private, link-local, carrier-grade NAT, multicast and reserved addresses are refused " +
  "unless the operator sets WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS=true";

/**
 * A target must be HTTPS and, unless private targets are allowed, reach the public internet:
 * its host is judged as the URL parser reads it (so 0x7f000001, 2130706433 and 127.1 are
 * 127.0.0.1) and as DNS resolves it, when it is saved. A name that does not resolve yet is
 * accepted; delivery checks every address again, pinned to the one it connects to.
 */
export async function assertWebhookTarget(
  targetUrl: string,
  options: { allowPrivateTargets: boolean; lookup?: TransportOptions["lookup"] },
): Promise<void> {
  const url = assertTargetUrl(targetUrl, options.allowPrivateTargets);
  if (options.allowPrivateTargets) return;
  const host = url.hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
  if (LOCAL_NAMES.test(host))
    throw ValidationError.of(
      "targetUrl",
      `Target URL must reach a public address: ${host} is a local name (${PRIVATE_HINT})`,
    );
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      resolveTarget(host, { allowPrivateTargets: false, lookup: options.lookup }),
      new Promise((resolve) => {
        timer = setTimeout(resolve, TARGET_LOOKUP_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    const address = error instanceof TargetRefusedError ? error.blockedAddress : undefined;
    if (address) {
      throw ValidationError.of(
        "targetUrl",
        `Target URL must reach a public address: ${host}${address !== host ? ` resolves to ${address}` : ""} is not one (${PRIVATE_HINT})`,
      );
    }
    // Not resolvable now (no such name yet, DNS down): delivery resolves and judges it again.
  } finally {
    clearTimeout(timer);
  }
}

const uniqueTypes = (types: readonly string[]) => [...new Set(types)];

/**
 * Subscriptions one environment may have: each event is delivered to every one that matches, up
 * to 8 attempts each, so their number bounds what one API key can make Weft send.
 */
export const MAX_SUBSCRIPTIONS = 100;

/** In a transaction: the environment's row is locked while its subscriptions are counted, so concurrent creates cannot pass the cap. */
export async function createSubscription(
  tx: Database,
  secretKey: SecretKeys,
  environmentId: string,
  input: WebhookSubscriptionCreateInput,
): Promise<{ row: WebhookSubscriptionRow; secret: string }> {
  // NO KEY UPDATE: rows that only reference the environment (their foreign keys' KEY SHARE) go on.
  await tx.execute(
    sql`select 1 from ${environments} where ${environments.id} = ${environmentId} for no key update`,
  );
  const [held] = await tx
    .select({ n: count() })
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.environmentId, environmentId));
  if ((held?.n ?? 0) >= MAX_SUBSCRIPTIONS) {
    throw forbidden(
      `An environment may have at most ${MAX_SUBSCRIPTIONS} webhook subscriptions, and this one has ${held!.n}`,
      "Delete one you no longer use, or subscribe one endpoint to more event types.",
    );
  }
  const secret = newSigningSecret();
  const [row] = await tx
    .insert(webhookSubscriptions)
    .values({
      id: newId("webhook"),
      environmentId,
      name: input.name,
      targetUrl: input.targetUrl,
      eventTypes: uniqueTypes(input.eventTypes),
      disabled: input.disabled ?? false,
      secretEncrypted: encrypt(secretKey, secret),
    })
    .returning();
  return { row: row!, secret };
}

export async function listSubscriptions(db: Database, environmentId: string, page: Pagination) {
  const where = eq(webhookSubscriptions.environmentId, environmentId);
  const { rows, total } = await selectPage(
    db,
    webhookSubscriptions,
    where,
    [desc(webhookSubscriptions.createdAt), desc(webhookSubscriptions.id)],
    page,
  );
  return { rows, total };
}

/** This environment's subscription, or 404 (also for another environment's id). */
export async function findSubscription(
  db: Database,
  environmentId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<WebhookSubscriptionRow> {
  const query = db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.environmentId, environmentId), eq(webhookSubscriptions.id, id)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound("Webhook subscription", id);
  return row;
}

export async function updateSubscription(
  tx: Database,
  environmentId: string,
  id: string,
  input: WebhookSubscriptionUpdateInput,
): Promise<WebhookSubscriptionRow> {
  const current = await findSubscription(tx, environmentId, id, { forUpdate: true });
  const columns: Partial<typeof webhookSubscriptions.$inferInsert> = {};
  if (input.name !== undefined) columns.name = input.name;
  if (input.targetUrl !== undefined) columns.targetUrl = input.targetUrl;
  if (input.eventTypes !== undefined) columns.eventTypes = uniqueTypes(input.eventTypes);
  if (input.disabled !== undefined) {
    columns.disabled = input.disabled;
    if (!input.disabled) columns.disabledReason = null;
  }
  if (Object.keys(columns).length === 0) return current;
  const [row] = await tx
    .update(webhookSubscriptions)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(webhookSubscriptions.id, current.id))
    .returning();
  return row!;
}

/** Deletes the subscription and its delivery history; queued attempts find nothing and stop. */
export async function deleteSubscription(tx: Database, environmentId: string, id: string): Promise<void> {
  const row = await findSubscription(tx, environmentId, id, { forUpdate: true });
  await tx.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, row.id));
}

/** A new secret signs from now on; the current one keeps signing too for 24 hours. */
export async function rotateSecret(
  tx: Database,
  secretKey: SecretKeys,
  environmentId: string,
  id: string,
  now = new Date(),
): Promise<{ secret: string; previousSecretExpiresAt: Date }> {
  const current = await findSubscription(tx, environmentId, id, { forUpdate: true });
  const secret = newSigningSecret();
  const previousSecretExpiresAt = new Date(now.getTime() + PREVIOUS_SECRET_TTL_MS);
  await tx
    .update(webhookSubscriptions)
    .set({
      secretEncrypted: encrypt(secretKey, secret),
      previousSecretEncrypted: current.secretEncrypted,
      previousSecretExpiresAt,
      updatedAt: now,
    })
    .where(eq(webhookSubscriptions.id, current.id));
  return { secret, previousSecretExpiresAt };
}

export async function listDeliveries(
  db: Database,
  environmentId: string,
  subscriptionId: string,
  query: Pagination & { status?: WebhookDeliveryRow["status"] },
) {
  await findSubscription(db, environmentId, subscriptionId);
  const where = and(
    eq(webhookDeliveries.environmentId, environmentId),
    eq(webhookDeliveries.subscriptionId, subscriptionId),
    query.status ? eq(webhookDeliveries.status, query.status) : undefined,
  );
  const { rows, total } = await selectPage(
    db,
    webhookDeliveries,
    where,
    [desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)],
    query,
  );
  return { rows, total };
}

/** Write a fan-out (see fanout.ts) on its own and return the ids of the deliveries it created. */
async function createDeliveries(db: Database, fanOut: FanOut): Promise<string[]> {
  const result = await db.execute(sql`with ${fanOutCtes(fanOut)} select id from fanout_deliveries`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
}

/** The rows of deliveries just created (for the routes that answer with them). */
async function deliveriesById(db: Database, ids: string[]): Promise<WebhookDeliveryRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.id, ids));
}

/** Deliver a stored event of this environment again, to every matching, enabled subscription. */
export async function replayEvent(
  tx: Database,
  environmentId: string,
  eventId: string,
): Promise<WebhookDeliveryRow[]> {
  const event = await findEvent(tx, eventId, environmentId);
  if (!event) throw notFound("Event", eventId);
  const ids = await createDeliveries(tx, {
    targets: matchingSubscriptions(environmentId, event.type),
    event,
    reason: "REPLAY",
  });
  return deliveriesById(tx, ids);
}

export const TEST_EVENT_TYPE = "webhook.test";

/**
 * A signed test event to one subscription, sent once (no retries) even when the subscription is
 * disabled, so a developer can check a receiver before turning the subscription back on.
 */
export async function sendTestEvent(
  tx: Database,
  environmentId: string,
  subscriptionId: string,
): Promise<WebhookDeliveryRow> {
  const subscription = await findSubscription(tx, environmentId, subscriptionId);
  const testEvent: WebhookTestEvent = {
    id: newId("event"),
    at: new Date().toISOString(),
    type: TEST_EVENT_TYPE,
    profile: null,
    record: {
      subscriptionId: subscription.id,
      message: "A test event from Weft. If your receiver verified its signature, it is ready.",
    },
    metadata: null,
  };
  const ids = await createDeliveries(tx, {
    targets: subscriptionById(subscription.id),
    event: testEvent,
    reason: "TEST",
    testEvent,
    maxAttempts: 1,
  });
  const [row] = await deliveriesById(tx, ids);
  return row!;
}

/**
 * Forget settled deliveries (succeeded, failed, cancelled) by the job retention: succeeded
 * after `succeededDays`, the others after `failedDays`, in batches. Pending ones stay.
 */
export async function pruneSettledDeliveries(
  db: Database,
  retention: { succeededDays: number; failedDays: number },
): Promise<number> {
  const prune = (statuses: WebhookDeliveryStatus[], days: number) =>
    pruneInBatches(
      db,
      webhookDeliveries,
      and(
        inArray(webhookDeliveries.status, statuses),
        lt(webhookDeliveries.updatedAt, sql`now() - make_interval(days => ${days})`),
      ),
    );
  return (
    (await prune(["SUCCEEDED"], retention.succeededDays)) +
    (await prune(["FAILED", "CANCELLED"], retention.failedDays))
  );
}
