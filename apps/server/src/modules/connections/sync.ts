import { and, eq, isNotNull, isNull, lt, ne, notInArray, sql } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import {
  accounts,
  achNumbers,
  connections,
  type EventProfile,
  jobs,
  type ProviderErrorDetails,
  profiles,
} from "../../db/schema/index.ts";
import { newErrorId } from "../../http/errors.ts";
import { crashPoint } from "../../jobs/crash-points.ts";
import { completeJobWithin, enqueueJob, holdsJob, type JobRow } from "../../jobs/queue.ts";
import { yieldToRequests } from "../../jobs/yield.ts";
import { addDays, toDay } from "../../providers/dates.ts";
import { providerFor } from "../../providers/registry.ts";
import {
  type DateWindow,
  ProviderError,
  ProviderRateLimited,
  type ProviderSnapshot,
} from "../../providers/types.ts";
import { decrypt, encrypt } from "../../security/secrets.ts";
import { toAccountView } from "../accounts/views.ts";
import { type EventType, recordEvent } from "../events/service.ts";
import { toEventProfile, toProfileView } from "../profiles/service.ts";
import {
  type ApplyResult,
  accountsByExternalId,
  applySnapshot,
  chunks,
  insertStatements,
  pendingRowsOf,
  type StagedWrites,
  saveSnapshotDocuments,
  sharedPart,
  transactionRows,
  upsertAccounts,
  writeTransactionRows,
} from "./apply-snapshot.ts";
import {
  ERROR_EVENTS,
  type ErrorStatus,
  INCREMENTAL_OVERLAP_DAYS,
  INITIAL_WINDOW_DAYS,
  isActiveStatus,
  isErrorStatus,
  retryDelayMs,
  SYNC_INTERVAL_MS,
} from "./lifecycle.ts";
import {
  type ConnectionRow,
  eventProfileOf,
  moveConnection,
  recordConnectionEvent,
  SYNC_QUEUE,
} from "./service.ts";

/**
 * The sync engine. A connection's first sync fetches a recent window (INITIAL), the next one
 * the rest of its history (HISTORICAL); after that each sync refreshes the recent days
 * (INCREMENTAL). Each run: claim the connection (SYNCING), call the provider outside any
 * transaction, then write everything and the events in one transaction (a large snapshot's
 * accounts, transactions and statements first, in bounded ones: stageSnapshot). Failures put the
 * connection in the matching ERROR_* status and schedule a retry.
 */
export type SyncPhase = "INITIAL" | "HISTORICAL" | "INCREMENTAL";

const PHASE_EVENTS: Record<SyncPhase, EventType> = {
  INITIAL: "connection.synced.successful.initial",
  HISTORICAL: "connection.synced.successful.historical",
  INCREMENTAL: "connection.synced.successful",
};

export type SyncOutcome =
  | { kind: "SKIPPED"; reason: string }
  | { kind: "SYNCED"; phase: SyncPhase; window: DateWindow; result: ApplyResult }
  | { kind: "FAILED"; phase: SyncPhase; status: ErrorStatus }
  | { kind: "POSTPONED"; phase: SyncPhase; retryAt: Date };

/** Whether the provider has pulled what a phase announces: the recent days for the first, everything for the history. */
const isPhaseDone = (phase: SyncPhase, pulled: NonNullable<ProviderSnapshot["historyPulled"]>) =>
  phase === "INITIAL" ? pulled !== "NONE" : phase === "HISTORICAL" ? pulled === "ALL" : true;

/**
 * How soon a sync looks again while the provider pulls, should its webhook not come (it does
 * not reach a server on a laptop): soon for the first sync, which the Connector waits for.
 */
const PULL_POLL_MS = { INITIAL: 10_000, HISTORICAL: 60_000, INCREMENTAL: 60_000 } as const;

export function phaseOf(row: ConnectionRow): SyncPhase {
  if (!row.initialSyncedAt) return "INITIAL";
  if (!row.historicalSyncedAt) return "HISTORICAL";
  return "INCREMENTAL";
}

const latest = (a: string, b: string) => (a > b ? a : b);

export function windowFor(row: ConnectionRow, phase: SyncPhase, now: Date): DateWindow {
  const today = toDay(now);
  switch (phase) {
    case "INITIAL":
      return {
        startOn: latest(row.historyStartOn, addDays(today, -(INITIAL_WINDOW_DAYS - 1))),
        endOn: today,
      };
    case "HISTORICAL":
      // Everything before what the initial sync covered.
      return {
        startOn: row.historyStartOn,
        endOn: latest(row.historyStartOn, addDays(row.syncedFromOn ?? today, -1)),
      };
    case "INCREMENTAL":
      return {
        startOn: latest(row.historyStartOn, addDays(row.syncedThroughOn ?? today, -INCREMENTAL_OVERLAP_DAYS)),
        endOn: today,
      };
  }
}

/** Enqueue the connection's next scheduled sync; a job whose time is not nextSyncAt is stale. */
async function scheduleNext(tx: Parameters<typeof enqueueJob>[0], connectionId: string, at: Date) {
  await enqueueJob(tx, SYNC_QUEUE, { connectionId, scheduledFor: at.toISOString() }, { runAt: at });
}

export const loginRequired = () =>
  new ProviderError("ERROR_REPAIRABLE", {
    errorType: "ITEM_ERROR",
    errorCode: "ITEM_LOGIN_REQUIRED",
    errorMessage: "The connection has no provider access: the user must sign in again",
    displayMessage: "Please reconnect your account.",
    requestId: null,
    suggestedAction: "Ask the user to reconnect.",
    documentationUrl: null,
  });

/**
 * Our own failure, as clients and webhooks see it: no internals (a failed query's text holds
 * SQL and row data), only an errorId that finds the full error in the logs.
 */
function serviceErrorDetails(errorId: string): ProviderErrorDetails {
  return {
    errorType: "SERVICE_ERROR",
    errorCode: "INTERNAL_ERROR",
    errorMessage: `The sync failed on our side (errorId ${errorId})`,
    displayMessage: "Something went wrong on our side. We are retrying.",
    requestId: errorId,
    suggestedAction: "Nothing to do: the sync retries itself shortly.",
    documentationUrl: null,
  };
}

/** The connection lands in the failure's ERROR_* status (an event when the status changes) and a retry is scheduled. */
export async function recordFailure(
  ctx: AppContext,
  connectionId: string,
  phase: SyncPhase,
  error: unknown,
  now: Date,
  job?: JobRow,
): Promise<SyncOutcome> {
  if (error instanceof ProviderRateLimited) return postponeSync(ctx, connectionId, phase, error, now, job);
  const status: ErrorStatus = error instanceof ProviderError ? error.status : "ERROR_SERVICE";
  let details: ProviderErrorDetails;
  if (error instanceof ProviderError) {
    details = error.details;
  } else {
    const errorId = newErrorId();
    ctx.logger.error({ err: error, connectionId, errorId }, "sync failed");
    details = serviceErrorDetails(errorId);
  }
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(connections).where(eq(connections.id, connectionId)).for("update");
    if (!row || !isActiveStatus(row.status))
      return { kind: "SKIPPED", reason: "connection gone or disconnected" };
    if (job && !(await completeJobWithin(tx, job))) return TAKEN_OVER;
    const failures = row.failedSyncs + 1;
    const nextSyncAt = new Date(now.getTime() + retryDelayMs(status, failures));
    const moved = await moveConnection(
      tx,
      row,
      status,
      { error: details, failedSyncs: failures, nextSyncAt },
      now,
    );
    if (row.status !== status) {
      await recordConnectionEvent(tx, moved, ERROR_EVENTS[status], ctx.config.publicUrl, { ...details });
    }
    await scheduleNext(tx, connectionId, nextSyncAt);
    return { kind: "FAILED", phase, status };
  });
}

/**
 * The provider asked us to slow down: the same sync runs again after its pause, the connection
 * keeps its status (back from SYNCING) and no error event is recorded.
 */
async function postponeSync(
  ctx: AppContext,
  connectionId: string,
  phase: SyncPhase,
  error: ProviderRateLimited,
  now: Date,
  job: JobRow | undefined,
): Promise<SyncOutcome> {
  ctx.logger.warn({ connectionId, error: error.details }, "provider rate limit: sync postponed");
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(connections).where(eq(connections.id, connectionId)).for("update");
    if (!row || !isActiveStatus(row.status))
      return { kind: "SKIPPED", reason: "connection gone or disconnected" };
    if (job && !(await completeJobWithin(tx, job))) return TAKEN_OVER;
    const nextSyncAt = new Date(now.getTime() + error.retryAfterSeconds * 1000);
    // A connection that has synced before is SYNCED again; a first sync stays SYNCING until the retry.
    const back = row.status === "SYNCING" && row.initialSyncedAt ? "SYNCED" : row.status;
    await moveConnection(tx, row, back, { nextSyncAt }, now);
    await scheduleNext(tx, connectionId, nextSyncAt);
    return { kind: "POSTPONED", phase, retryAt: nextSyncAt };
  });
}

export type SyncOptions = {
  now?: Date;
  /** The first sync after the user signed in again: their accounts are announced as reconnected. */
  isReconnect?: boolean;
  /** Set by scheduled jobs: the run is skipped unless it is still the connection's next sync. */
  scheduledFor?: string | undefined;
  /**
   * The job running this sync: it is completed in the transaction that records the outcome, so a
   * crash after that commit does not sync again, and a worker whose job was taken over writes nothing.
   */
  job?: JobRow;
};

const TAKEN_OVER: SyncOutcome = { kind: "SKIPPED", reason: "another worker took the sync over" };

/**
 * Why a sync that claimed `claimed` may no longer write, its status now being `status`: the
 * connection is gone or disconnecting, or it went into an error status while the sync ran (a
 * provider webhook, a failed sync, the sandbox simulator) — the sync fetched before that, so it
 * leaves the error for a repair or the next retry. A retry from the error it started in clears it.
 */
function interrupted(
  claimed: ConnectionRow,
  status: ConnectionRow["status"] | undefined,
): SyncOutcome | undefined {
  if (!status || !isActiveStatus(status)) return { kind: "SKIPPED", reason: "disconnected during the sync" };
  if (isErrorStatus(status) && status !== claimed.status)
    return {
      kind: "SKIPPED",
      reason: "the connection failed during the sync: what it fetched before does not repair it",
    };
  return undefined;
}

/** The user signed in again: each of the connection's accounts is back (account.reconnected). */
async function announceReconnected(
  tx: Database,
  row: ConnectionRow,
  profile: EventProfile | null,
  now: Date,
) {
  // Accounts this very sync created were never disconnected: account.created covers them.
  const rows = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.connectionId, row.id), eq(accounts.state, "OPEN"), lt(accounts.createdAt, now)))
    .orderBy(accounts.createdAt, accounts.id);
  for (const account of rows) {
    await recordEvent(tx, {
      environmentId: row.environmentId,
      type: "account.reconnected",
      profile,
      record: toAccountView(account),
    });
  }
}

/** profile.ready: the profile's first connection has finished its first sync, so it has data to read. */
async function announceProfileReady(tx: Database, row: ConnectionRow) {
  const [earlier] = await tx
    .select({ id: connections.id })
    .from(connections)
    .where(
      and(
        eq(connections.profileId, row.profileId),
        ne(connections.id, row.id),
        isNotNull(connections.initialSyncedAt),
      ),
    )
    .limit(1);
  if (earlier) return;
  const [profile] = await tx.select().from(profiles).where(eq(profiles.id, row.profileId));
  if (!profile) return;
  await recordEvent(tx, {
    environmentId: row.environmentId,
    type: "profile.ready",
    profile: toEventProfile(profile),
    record: toProfileView(profile),
    metadata: { connectionId: row.id },
  });
}

/** The connection's accounts whose ACH numbers are stored: a provider that bills each ACH call skips them. */
async function accountsWithNumbersOf(db: Database, connectionId: string): Promise<Set<string>> {
  const rows = await db
    .select({ externalId: accounts.externalId })
    .from(accounts)
    .innerJoin(achNumbers, eq(achNumbers.accountId, accounts.id))
    .where(eq(accounts.connectionId, connectionId));
  return new Set(rows.map((row) => row.externalId));
}

export async function runSync(
  ctx: AppContext,
  connectionId: string,
  options: SyncOptions = {},
): Promise<SyncOutcome> {
  const now = options.now ?? new Date();
  const claimed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(connections).where(eq(connections.id, connectionId)).for("update");
    if (!row) return "connection not found";
    if (!isActiveStatus(row.status)) return `connection is ${row.status}`;
    if (row.awaitingConsentSince) return "waiting for the end-user to choose accounts";
    if (options.scheduledFor && row.nextSyncAt?.toISOString() !== options.scheduledFor) return "superseded";
    // A retry from an ERROR_* status keeps it until a sync succeeds: no flapping, no repeated events.
    if (row.status === "INITIALIZING" || row.status === "SYNCED")
      return moveConnection(tx, row, "SYNCING", {}, now);
    return row;
  });
  if (typeof claimed === "string") return { kind: "SKIPPED", reason: claimed };

  const phase = phaseOf(claimed);
  const window = windowFor(claimed, phase, now);
  let snapshot: ProviderSnapshot;
  try {
    if (!claimed.accessTokenEncrypted || claimed.provider === "DISCONNECTED") throw loginRequired();
    snapshot = await (await providerFor(ctx, claimed.environmentId, claimed.provider)).fetch({
      accessToken: decrypt(ctx.secretKey, claimed.accessTokenEncrypted),
      now,
      window,
      products: claimed.products,
      attempt: claimed.failedSyncs + 1,
      cursor: claimed.transactionsCursor,
      ...(claimed.products.includes("ACCOUNT_NUMBERS") && {
        accountsWithNumbers: await accountsWithNumbersOf(ctx.db, connectionId),
      }),
      sharedAccounts: claimed.sharedAccountExternalIds,
    });
  } catch (error) {
    return recordFailure(ctx, connectionId, phase, error, now, options.job);
  }
  crashPoint(`${SYNC_QUEUE}:fetched`);

  try {
    const staged = await stageSnapshot(ctx, claimed, snapshot, window, now, options.job);
    return await ctx.db.transaction(async (tx): Promise<SyncOutcome> => {
      const [row] = await tx.select().from(connections).where(eq(connections.id, connectionId)).for("update");
      const stopped = interrupted(claimed, row?.status);
      if (!row || stopped) return stopped!;
      if (options.job && !(await completeJobWithin(tx, options.job))) return TAKEN_OVER;
      const profile = await eventProfileOf(tx, row.profileId);
      const result = await applySnapshot(
        {
          tx,
          connection: row,
          profile,
          secretKey: ctx.secretKey,
          publicUrl: ctx.config.publicUrl,
          window,
          now,
          staged,
        },
        snapshot,
      );
      // A provider still pulling the history this phase promises (Plaid, for minutes after the
      // link): what it has is written, and the phase waits for the provider's webhook (or the poll).
      const done = isPhaseDone(phase, snapshot.historyPulled ?? "ALL");
      // The history pass follows the first sync at once; after that, the regular schedule.
      const nextSyncAt = new Date(
        now.getTime() + (!done ? PULL_POLL_MS[phase] : phase === "INITIAL" ? 0 : SYNC_INTERVAL_MS),
      );
      const syncing = isErrorStatus(row.status) ? await moveConnection(tx, row, "SYNCING", {}, now) : row;
      if (row.status === "ERROR_REPAIRABLE" || options.isReconnect)
        await announceReconnected(tx, row, profile, now);
      const synced = await moveConnection(
        tx,
        syncing,
        // A first sync whose data the provider has not pulled yet is still syncing.
        done || row.initialSyncedAt ? "SYNCED" : "SYNCING",
        {
          error: null,
          failedSyncs: 0,
          lastSyncedAt: now,
          nextSyncAt,
          syncedFromOn:
            row.syncedFromOn && row.syncedFromOn < window.startOn ? row.syncedFromOn : window.startOn,
          syncedThroughOn:
            row.syncedThroughOn && row.syncedThroughOn > window.endOn ? row.syncedThroughOn : window.endOn,
          ...(snapshot.transactionChanges && { transactionsCursor: snapshot.transactionChanges.cursor }),
          ...(snapshot.rotatedAccessToken && {
            accessTokenEncrypted: encrypt(ctx.secretKey, snapshot.rotatedAccessToken),
          }),
          ...(done && phase === "INITIAL" && { initialSyncedAt: now }),
          ...(done && phase === "HISTORICAL" && { historicalSyncedAt: now }),
        },
        now,
      );
      if (done) {
        await recordConnectionEvent(tx, synced, PHASE_EVENTS[phase], ctx.config.publicUrl, {
          startDate: window.startOn,
          endDate: window.endOn,
        });
        if (phase === "INITIAL") await announceProfileReady(tx, row);
      }
      await scheduleNext(tx, connectionId, nextSyncAt);
      crashPoint(`${SYNC_QUEUE}:writing`);
      return { kind: "SYNCED", phase, window, result };
    });
  } catch (error) {
    return recordFailure(ctx, connectionId, phase, error, now, options.job);
  }
}

/** Transactions a stage writes in one database transaction: about 40 ms of the embedded database's one connection. */
export const STAGE_ROWS = 200;
/** Statements a stage writes in one database transaction, each with its statement.ready event. */
const STAGE_STATEMENTS = 25;

/**
 * A large snapshot (a first window, a history) is written in bounded transactions before the
 * sync's own, so a request never waits behind the whole of it: on the embedded database (one
 * connection) it waits for one stage at most, and the event loop gets a turn between stages.
 * Staged in order: new accounts (with account.created), the transactions, their remote-data
 * documents, the statements with statement.ready. Each stage holds the connection (still
 * active) and the job (still this worker's) and writes idempotently, so a crash between stages
 * leaves rows that the retry's upserts leave alone and announces nothing twice. The sync's transaction writes the rest —
 * balances, ACH numbers, owners, holdings, pending removals, counts, the status and its event —
 * so readers may see a sync's accounts and rows shortly before its event says it is done.
 */
async function stageSnapshot(
  ctx: AppContext,
  connection: ConnectionRow,
  provided: ProviderSnapshot,
  window: DateWindow,
  now: Date,
  job: JobRow | undefined,
): Promise<StagedWrites | undefined> {
  const snapshot = sharedPart(provided, connection.sharedAccountExternalIds);
  if (snapshot.transactions.length <= STAGE_ROWS) return undefined;
  const stage = async (write: (tx: Database) => Promise<void>) => {
    await yieldToRequests();
    return ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ status: connections.status })
        .from(connections)
        .where(eq(connections.id, connection.id))
        .for("share");
      if (interrupted(connection, row?.status)) return false;
      if (job && !(await holdsJob(tx, job))) return false;
      await write(tx);
      return true;
    });
  };
  const context = {
    connection,
    profile: await eventProfileOf(ctx.db, connection.profileId),
    secretKey: ctx.secretKey,
    publicUrl: ctx.config.publicUrl,
    window,
    now,
  };
  let byExternalId = await accountsByExternalId(ctx.db, connection.id);
  let accountsCreated = 0;
  if (snapshot.accounts.some((a) => !byExternalId.has(a.externalId))) {
    const written = await stage(async (tx) => {
      const upserted = await upsertAccounts({ ...context, tx }, snapshot);
      byExternalId = upserted.byExternalId;
      accountsCreated = upserted.created;
    });
    if (!written) return undefined;
  }
  // Each part is enriched just before its stage: no burst of work on the event loop either.
  const pending = await pendingRowsOf(ctx.db, byExternalId);
  const staged: StagedWrites["transactions"] = { upserted: 0, listed: new Set(), replaced: new Set() };
  for (const part of chunks(snapshot.transactions, STAGE_ROWS)) {
    const { rows, listed, replaced } = await transactionRows(context, part, byExternalId, pending);
    if (!(await stage((tx) => writeTransactionRows(tx, rows, now)))) return undefined;
    crashPoint(`${SYNC_QUEUE}:staged`);
    staged.upserted += rows.length;
    for (const key of listed) staged.listed.add(key);
    for (const id of replaced) staged.replaced.add(id);
  }
  const documents = (snapshot.documents ?? []).filter((d) => d.record.kind === "transactions");
  for (const part of chunks(documents, STAGE_ROWS)) {
    if (!(await stage((tx) => saveSnapshotDocuments({ ...context, tx }, part, byExternalId))))
      return undefined;
  }
  let statementsCreated = 0;
  for (const listed of chunks(snapshot.statements, STAGE_STATEMENTS)) {
    const written = await stage(async (tx) => {
      statementsCreated += await insertStatements({ ...context, tx }, listed, byExternalId);
    });
    if (!written) return undefined;
  }
  return { accountsCreated, transactions: staged, statementsCreated };
}

/**
 * Every due sync has a job: one whose job was lost (it ran out of attempts during a database
 * outage, say) gets a new one. One process at a time does this, under an advisory lock.
 */
export async function reconcileSyncSchedules(ctx: AppContext, now = new Date()): Promise<string[]> {
  const enqueued = await ctx.db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(727275) as locked`);
    if (!(locked as { rows: { locked: boolean }[] }).rows[0]?.locked) return [];
    const overdue = await tx
      .select({ id: connections.id, nextSyncAt: connections.nextSyncAt })
      .from(connections)
      .where(
        and(
          notInArray(connections.status, ["DISCONNECTING", "DISCONNECTED"]),
          isNull(connections.awaitingConsentSince),
          lt(connections.nextSyncAt, new Date(now.getTime() - RECONCILE_GRACE_MS)),
          sql`not exists (select 1 from ${jobs} where ${jobs.queue} = ${SYNC_QUEUE}
                and ${jobs.state} in ('queued', 'active') and ${jobs.payload}->>'connectionId' = ${connections.id})`,
        ),
      )
      .limit(100);
    for (const row of overdue) await scheduleNext(tx, row.id, row.nextSyncAt!);
    return overdue.map((row) => row.id);
  });
  if (enqueued.length > 0)
    ctx.logger.warn({ connections: enqueued }, "re-enqueued syncs that had lost their job");
  return enqueued;
}

/** A sync this late with no job has lost it (a job normally claims a due sync within seconds). */
const RECONCILE_GRACE_MS = 2 * 60_000;
