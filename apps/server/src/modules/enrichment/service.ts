import { createHash } from "node:crypto";
import { and, count, desc, eq, gte, isNull, lt, or } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { pruneInBatches } from "../../db/prune.ts";
import { accounts, enrichmentBatches, transactions } from "../../db/schema/index.ts";
import { badRequest, HttpError, tooManyRequests } from "../../http/errors.ts";
import { enqueueJob } from "../../jobs/queue.ts";
import { addDays, toDay } from "../../providers/dates.ts";
import { findLiveProfile } from "../profiles/service.ts";
import { type EnrichedTransaction, enrichBatchCooperatively, type HistoryEntry } from "./engine.ts";
import {
  countTransactions,
  ENRICHMENT_PROVIDERS,
  type EnrichmentProvider,
  parsePayload,
} from "./payloads.ts";

/** Answered at once up to this many transactions; up to MAX_BATCH in the background (202). */
export const SYNC_LIMIT = 1_000;
export const MAX_BATCH = 25_000;
/** How long a client waits before asking again for a background batch. */
export const RETRY_AFTER_SECONDS = 5;
/**
 * Background batches one environment may have waiting or running at once: each is up to seconds
 * of the worker's CPU, so a key cannot queue an unbounded amount of it. A new one beyond this is
 * a 429; asking again for a batch already accepted is not refused. Batches accepted more than
 * PENDING_WINDOW_MS ago no longer count, so one whose job gave up does not block the environment.
 */
export const MAX_PENDING_BATCHES = 4;
const PENDING_WINDOW_MS = 3_600_000;
export const ENRICHMENT_QUEUE = "enrichment.batch";

/** Earlier transactions of the profile that recurrence is judged with: 13 months, at most this many. */
const HISTORY_DAYS = 400;
const HISTORY_LIMIT = 5_000;

export type EnrichmentRequest = {
  profileId: string;
  accountType: "CHECKING" | "SAVINGS" | "CREDIT_CARD";
  provider: string;
  payload: unknown;
};

export type EnrichmentAnswer =
  | { kind: "DONE"; transactions: EnrichedTransaction[] }
  | { kind: "PENDING"; retryAfterSeconds: number };

const logoBase = (ctx: AppContext) => `${ctx.config.publicUrl}/v1/enrichment/logos`;

function assertProvider(provider: string): asserts provider is EnrichmentProvider {
  if ((ENRICHMENT_PROVIDERS as readonly string[]).includes(provider)) return;
  throw badRequest(
    `Enrichment provider ${provider} is not supported`,
    `Send provider as one of ${ENRICHMENT_PROVIDERS.join(", ")}.`,
  );
}

/** The environment's background batches accepted within PENDING_WINDOW_MS and not yet done. */
async function pendingBatches(db: Database, environmentId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ pending: count() })
    .from(enrichmentBatches)
    .where(
      and(
        eq(enrichmentBatches.environmentId, environmentId),
        isNull(enrichmentBatches.completedAt),
        gte(enrichmentBatches.createdAt, new Date(now.getTime() - PENDING_WINDOW_MS)),
      ),
    );
  return row?.pending ?? 0;
}

/** The profile's recent transactions, for recurrence. */
async function historyOf(ctx: AppContext, profileId: string, now: Date): Promise<HistoryEntry[]> {
  const rows = await ctx.db
    .select({
      accountId: transactions.accountId,
      description: transactions.description,
      amount: transactions.amount,
      date: transactions.date,
    })
    .from(transactions)
    .innerJoin(accounts, eq(accounts.id, transactions.accountId))
    .where(and(eq(accounts.profileId, profileId), gte(transactions.date, addDays(toDay(now), -HISTORY_DAYS))))
    .orderBy(desc(transactions.date))
    .limit(HISTORY_LIMIT);
  return rows;
}

/** The request's transactions, each on an account of the type the request says. */
const inputsOf = (request: EnrichmentRequest) =>
  parsePayload(request.provider as EnrichmentProvider, request.payload).map((input) => ({
    ...input,
    accountType: request.accountType,
  }));

const requestIdOf = (environmentId: string, request: EnrichmentRequest) =>
  createHash("sha256")
    .update(
      JSON.stringify([
        environmentId,
        request.profileId,
        request.accountType,
        request.provider,
        request.payload,
      ]),
    )
    .digest("hex");

/**
 * POST /v1/remote/enrichment/sync: up to SYNC_LIMIT transactions answered at once; up to
 * MAX_BATCH accepted and enriched in the background (202 — the same request again returns the
 * answer once done); more is a 413. Bad input is a 422 and changes nothing.
 */
export async function enrichRequest(
  ctx: AppContext,
  environmentId: string,
  request: EnrichmentRequest,
  now = new Date(),
): Promise<EnrichmentAnswer> {
  assertProvider(request.provider);
  const size = countTransactions(request.provider, request.payload);
  if (size > MAX_BATCH) {
    throw new HttpError(
      413,
      `${size} transactions is more than the ${MAX_BATCH} one request may hold`,
      `Send at most ${MAX_BATCH} transactions per request (at most ${SYNC_LIMIT} to be answered at once).`,
    );
  }
  const inputs = inputsOf(request);
  const profile = await findLiveProfile(ctx.db, environmentId, request.profileId);
  if (inputs.length <= SYNC_LIMIT) {
    const history = await historyOf(ctx, profile.id, now);
    const transactions = await enrichBatchCooperatively(inputs, history, { logoBase: logoBase(ctx), now });
    return { kind: "DONE", transactions };
  }
  const id = requestIdOf(environmentId, request);
  const [existing] = await ctx.db.select().from(enrichmentBatches).where(eq(enrichmentBatches.id, id));
  if (existing?.result) return { kind: "DONE", transactions: existing.result as EnrichedTransaction[] };
  if (!existing) {
    const pending = await pendingBatches(ctx.db, environmentId, now);
    if (pending >= MAX_PENDING_BATCHES) {
      throw tooManyRequests(
        `${pending} enrichment batches of this environment are still being enriched`,
        RETRY_AFTER_SECONDS,
        (seconds) =>
          `Wait for an earlier batch's answer (send it again for it), or retry in ${seconds} seconds; ` +
          `at most ${MAX_PENDING_BATCHES} batches above ${SYNC_LIMIT} transactions are enriched at once.`,
      );
    }
    await ctx.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(enrichmentBatches)
        .values({
          id,
          environmentId,
          profileId: profile.id,
          request: { ...request, profileId: profile.id },
          transactionCount: inputs.length,
        })
        .onConflictDoNothing()
        .returning({ id: enrichmentBatches.id });
      if (inserted.length > 0) await enqueueJob(tx, ENRICHMENT_QUEUE, { batchId: id });
    });
    ctx.wakeWorkers();
  }
  return { kind: "PENDING", retryAfterSeconds: RETRY_AFTER_SECONDS };
}

/** How long a large request's answer is kept once ready; asking again later enriches again. */
export const BATCH_RETENTION_HOURS = 24;

/**
 * Drop answers kept longer than BATCH_RETENTION_HOURS, and requests that never finished in that
 * time (their job gave up): the table stays the size of a day's large requests.
 */
export function pruneEnrichmentBatches(ctx: { db: Database }, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - BATCH_RETENTION_HOURS * 3_600_000);
  return pruneInBatches(
    ctx.db,
    enrichmentBatches,
    or(
      lt(enrichmentBatches.completedAt, cutoff),
      and(isNull(enrichmentBatches.completedAt), lt(enrichmentBatches.createdAt, cutoff)),
    ),
  );
}

/** The background job: enrich a stored batch and keep the answer (the request is dropped). */
export async function runEnrichmentBatch(ctx: AppContext, batchId: string, now = new Date()): Promise<void> {
  const [batch] = await ctx.db.select().from(enrichmentBatches).where(eq(enrichmentBatches.id, batchId));
  if (!batch?.request || batch.result) return;
  const inputs = inputsOf(batch.request as unknown as EnrichmentRequest);
  const history = await historyOf(ctx, batch.profileId, now);
  const result = await enrichBatchCooperatively(inputs, history, { logoBase: logoBase(ctx), now });
  await ctx.db
    .update(enrichmentBatches)
    .set({ result, request: null, completedAt: now })
    .where(eq(enrichmentBatches.id, batchId));
}
