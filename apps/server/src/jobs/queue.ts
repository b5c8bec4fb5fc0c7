import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { preparedStatement } from "../db/prepared.ts";
import { pruneInBatches } from "../db/prune.ts";
import { type JobState, jobs } from "../db/schema/index.ts";
import { newId } from "../http/ids.ts";

export type JobRow = typeof jobs.$inferSelect;

/**
 * A trigger on the jobs table (migration 0007) notifies this channel for every insert; PostgreSQL
 * delivers it when the transaction commits, so workers in any process wake at once.
 */
export const JOBS_CHANNEL = "weft_jobs";

export type EnqueueOptions = {
  /** Run no earlier than this. */
  runAt?: Date;
  /** Attempts before the job is marked failed; the default rides out hours of database trouble. */
  maxAttempts?: number;
};

/** With exponentialBackoff (1 s doubling to a 10-minute cap), 25 attempts span about 3 hours. */
export const DEFAULT_MAX_ATTEMPTS = 25;

/**
 * Enqueue inside the caller's transaction (pass the `tx`), so the job exists exactly when
 * the change that caused it was committed.
 */
export async function enqueueJob(
  db: Database,
  queue: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<string> {
  const id = newId("job");
  await db.insert(jobs).values({
    id,
    queue,
    payload,
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    runAt: options.runAt ?? new Date(),
  });

  return id;
}

/**
 * Claim up to `limit` due jobs of the given queues. Queued jobs whose time has come and active
 * jobs whose lease has run out (their worker died mid-job) are both due: at-least-once.
 * SKIP LOCKED lets any number of processes claim concurrently without taking the same row.
 */
export async function claimJobs(
  db: Database,
  queues: string[],
  workerId: string,
  limit: number,
  leaseMs: number,
): Promise<JobRow[]> {
  if (queues.length === 0) return [];
  return claimStatement(db).execute({ queues, workerId, limit, leaseSeconds: leaseMs / 1000 });
}

/** The claim, prepared (PostgreSQL plans it once per connection); every lane's queues are a parameter. */
const claimStatement = preparedStatement((db) => {
  // One round trip: the claimable rows, locked and skipped by concurrent claimers, updated and returned.
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        sql`${jobs.queue} = any(${sql.placeholder("queues")}::text[])`,
        // Literal states, so the planner matches the partial indexes on them (migration 0016).
        sql`((${jobs.state} = 'queued' and ${jobs.runAt} <= now()) or (${jobs.state} = 'active' and ${jobs.lockedUntil} < now()))`,
      ),
    )
    .orderBy(jobs.runAt)
    .limit(sql.placeholder("limit"))
    .for("update", { skipLocked: true });
  return db
    .update(jobs)
    .set({
      state: "active",
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: sql`${sql.placeholder("workerId")}::text`,
      lockedUntil: sql`now() + make_interval(secs => ${sql.placeholder("leaseSeconds")}::double precision)`,
      updatedAt: sql`now()`,
    })
    .where(inArray(jobs.id, due))
    .returning()
    .prepare("weft_claim_jobs");
});

/** The job is active and `workerId` holds its lease. */
const heldBy = (job: JobRow, workerId: string) =>
  and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.state, "active" as JobState));

/** Settle the job only while `workerId` holds its lease; false when a stale worker's result is dropped. */
async function finish(
  db: Database,
  job: JobRow,
  workerId: string,
  values: Partial<JobRow>,
): Promise<boolean> {
  const settled = await db
    .update(jobs)
    .set({ ...values, lockedBy: null, lockedUntil: null, updatedAt: new Date() })
    .where(heldBy(job, workerId))
    .returning({ id: jobs.id });
  return settled.length > 0;
}

export function completeJob(db: Database, job: JobRow, workerId: string): Promise<boolean> {
  return finish(db, job, workerId, { state: "completed", finishedAt: new Date(), lastError: null });
}

/**
 * Complete the job inside the caller's transaction while this claim still holds its lease, so the
 * job's work and its completion commit together: a crash between the two cannot run it twice.
 * False when another worker has taken the job over; the caller then writes nothing.
 */
export const completeJobWithin = (tx: Database, job: JobRow): Promise<boolean> =>
  completeJob(tx, job, job.lockedBy ?? "");

/**
 * Whether this claim still holds the job, inside the caller's transaction: the row stays locked
 * (FOR SHARE) until it ends, so no other worker takes the job over meanwhile. Work done in
 * steps before the job completes checks it in each step's transaction.
 */
export async function holdsJob(tx: Database, job: JobRow): Promise<boolean> {
  const held = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(heldBy(job, job.lockedBy ?? ""))
    .for("share");
  return held.length > 0;
}

/** Retry at `retryAt`, or mark failed when the attempts are used up or no retry is wanted. */
export function failJob(db: Database, job: JobRow, workerId: string, error: string, retryAt: Date | null) {
  if (retryAt === null || job.attempts >= job.maxAttempts) {
    return finish(db, job, workerId, { state: "failed", finishedAt: new Date(), lastError: error });
  }
  return finish(db, job, workerId, { state: "queued", runAt: retryAt, lastError: error });
}

/**
 * A worker's heartbeat: every job it holds keeps its lease for another `leaseMs`. A worker that
 * died stops beating, so its jobs come due again within one lease, not after the longest job.
 */
export async function renewLeases(db: Database, workerId: string, leaseMs: number): Promise<void> {
  await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(and(eq(jobs.lockedBy, workerId), eq(jobs.state, "active" as JobState)));
}

/**
 * Every active job back in the queue, due now: for a database only one process can open (the
 * embedded one), whatever was active when it opened was held by a process that is gone.
 */
export async function requeueOrphanedJobs(db: Database): Promise<number> {
  const released = await db
    .update(jobs)
    .set({ state: "queued", lockedBy: null, lockedUntil: null, runAt: sql`now()`, updatedAt: new Date() })
    .where(eq(jobs.state, "active" as JobState))
    .returning({ id: jobs.id });
  return released.length;
}

/**
 * Forget finished jobs: completed ones after `retention.succeededDays`, failed ones after
 * `retention.failedDays` (WEFT_JOB_RETENTION), in batches.
 */
export async function pruneFinishedJobs(
  db: Database,
  retention: { succeededDays: number; failedDays: number },
): Promise<number> {
  const prune = (state: JobState, days: number) =>
    pruneInBatches(
      db,
      jobs,
      and(eq(jobs.state, state), lt(jobs.finishedAt, sql`now() - make_interval(days => ${days})`)),
    );
  return (await prune("completed", retention.succeededDays)) + (await prune("failed", retention.failedDays));
}

export function getJob(db: Database, id: string) {
  return db.query.jobs.findFirst({ where: eq(jobs.id, id) });
}
