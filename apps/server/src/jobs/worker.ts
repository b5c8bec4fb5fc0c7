import { randomBytes } from "node:crypto";
import type { Logger } from "pino";
import type { Database } from "../db/client.ts";
import { crashPoint } from "./crash-points.ts";
import { claimJobs, completeJob, failJob, type JobRow, renewLeases } from "./queue.ts";

/** Thrown by a handler to choose when the next attempt runs (e.g. a Retry-After header). */
export class RetryJobAt extends Error {
  readonly at: Date;
  constructor(message: string, at: Date) {
    super(message);
    this.at = at;
  }
}

/** Thrown by a handler when retrying cannot help: the job is marked failed at once. */
export class FailJobNow extends Error {}

/**
 * Returned by a handler that settled its own job (completed, failed or queued again) in the
 * transaction that recorded its work: the worker then writes nothing more for it.
 */
export const JOB_SETTLED = "settled" as const;
// biome-ignore lint/suspicious/noConfusingVoidType: most handlers return nothing (Promise<void>).
export type JobOutcome = void | typeof JOB_SETTLED;

export type JobHandler = {
  queue: string;
  handle(job: JobRow): Promise<JobOutcome>;
  /** Delay before attempt `attempts + 1`, after `attempts` failures. */
  backoffMs(attempts: number): number;
  /**
   * How long a claimed job stays leased without a heartbeat before another worker may take it
   * over (default LEASE_MS). The running worker renews it every HEARTBEAT_MS, so it bounds how
   * long a dead worker's job waits, not how long a job may run.
   */
  leaseMs?: number;
  /**
   * Run up to this many of this queue's jobs at once in slots of its own (a lane), claimed in
   * batches; without it the queue shares the worker's `concurrency` slots with the others.
   * For I/O-bound work such as webhook attempts, which would otherwise queue behind syncs.
   */
  concurrency?: number;
};

/** A lease lasts this long unless renewed: a dead worker's jobs are taken back within it. */
export const LEASE_MS = 20_000;
/** How often a running worker renews the leases of the jobs it holds. */
export const HEARTBEAT_MS = 5_000;

export type WorkerOptions = {
  concurrency?: number;
  /** Polling catches jobs that come due later (retries) and covers a lost notification. */
  pollIntervalMs?: number;
  logger: Logger;
  /** Subscribe to "a job was enqueued" notifications; returns the unsubscribe. */
  subscribe?: (onEnqueued: () => void) => Promise<() => Promise<void>>;
  /** Housekeeping the worker runs every `everyMs` while it runs (not in drain()). */
  periodic?: PeriodicTask[];
  /** The lease of a claim (default LEASE_MS, or the longest a handler asks for). */
  leaseMs?: number;
  heartbeatMs?: number;
};

export type PeriodicTask = { name: string; everyMs: number; run(): Promise<void> };

/**
 * Queues claimed together into shared slots. A lane claims into any free slot when it is due (a
 * notification, the poll, a drain). While it has a backlog (its last claim got all it asked
 * for), it claims again as soon as `batch` of its slots are free — so a busy lane claims many
 * jobs a statement, and a lane that found its queue empty waits to be told of more.
 */
type Lane = {
  queues: string[];
  limit: number;
  batch: number;
  running: number;
  isDue: boolean;
  hasBacklog: boolean;
};

/** Whether a lane should claim now. */
const wantsClaim = (lane: Lane) =>
  lane.running < lane.limit &&
  (lane.isDue || (lane.hasBacklog && (lane.limit - lane.running >= lane.batch || lane.running === 0)));

/** Exponential backoff from 1 s, capped at 10 minutes: the default for internal jobs. */
export const exponentialBackoff = (attempts: number) =>
  Math.min(600_000, 1000 * 2 ** Math.max(0, attempts - 1));

export class Worker {
  readonly id = `wrk_${process.pid}_${randomBytes(4).toString("hex")}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly lanes: Lane[];
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  /** Set by wake(); a wake while the loop is busy makes it claim again instead of sleeping. */
  private isWakeRequested = false;
  private readonly db: Database;
  private readonly pollIntervalMs: number;
  private readonly logger: Logger;
  private readonly subscribe: WorkerOptions["subscribe"];
  private readonly periodic: { task: PeriodicTask; dueAt: number }[];
  private unsubscribe: (() => Promise<void>) | undefined;
  /** One lease for every claim: the longest any handler asks for. */
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private heartbeat: NodeJS.Timeout | undefined;
  /** When the loop last went round: readiness tells a stalled worker from a live one. */
  lastBeatAt = 0;

  constructor(db: Database, handlers: JobHandler[], options: WorkerOptions) {
    this.db = db;
    for (const handler of handlers) this.handlers.set(handler.queue, handler);
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.subscribe = options.subscribe;
    this.periodic = (options.periodic ?? []).map((task) => ({ task, dueAt: Date.now() + task.everyMs }));
    this.logger = options.logger.child({ worker: this.id });
    const shared = handlers.filter((h) => h.concurrency === undefined).map((h) => h.queue);
    const lane = (queues: string[], limit: number): Lane => ({
      queues,
      limit,
      batch: Math.max(1, Math.floor(limit / 4)),
      running: 0,
      isDue: true,
      hasBacklog: false,
    });
    this.lanes = [
      ...(shared.length > 0 ? [lane(shared, options.concurrency ?? 4)] : []),
      ...handlers.filter((h) => h.concurrency !== undefined).map((h) => lane([h.queue], h.concurrency!)),
    ];
    this.leaseMs = options.leaseMs ?? Math.max(LEASE_MS, ...handlers.map((h) => h.leaseMs ?? 0));
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Running, and its loop went round within the last poll and heartbeat. */
  get isHealthy(): boolean {
    return this.running && Date.now() - this.lastBeatAt < this.pollIntervalMs + this.heartbeatMs * 2;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.lastBeatAt = Date.now();
    this.heartbeat = setInterval(() => {
      renewLeases(this.db, this.id, this.leaseMs)
        .then(() => {
          this.lastBeatAt = Date.now();
        })
        .catch((error) => this.logger.warn({ err: error }, "renewing job leases failed"));
    }, this.heartbeatMs);
    this.heartbeat.unref();
    this.loop = this.run();
    this.subscribe?.(() => this.wake())
      .then((unsubscribe) => {
        if (this.running) this.unsubscribe = unsubscribe;
        else void unsubscribe();
      })
      .catch((error) => this.logger.warn({ err: error }, "no job notifications; polling only"));
  }

  /** Claim now instead of at the next poll (a job was enqueued: a notification, or in process). */
  wake(): void {
    this.markLanesDue();
    this.isWakeRequested = true;
    this.wakeUp?.();
  }

  /**
   * Stop claiming, and wait for the jobs in hand up to `timeoutMs`; a job still running then is
   * left to its lease, and another worker takes it over once the lease runs out.
   */
  async stop(timeoutMs = 25_000): Promise<void> {
    this.running = false;
    await this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.wake();
    await this.loop;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    clearInterval(this.heartbeat);
  }

  /** Claim and run due jobs until none are left; tests use it to drain a queue deterministically. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      this.markLanesDue();
      const ran = await this.tick();
      await Promise.allSettled([...this.inFlight]);
      if (ran === 0) return total;
      total += ran;
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.isWakeRequested = false;
      this.lastBeatAt = Date.now();
      this.runDuePeriodicTasks();
      try {
        await this.tick();
      } catch (error) {
        this.logger.error({ err: error }, "claiming jobs failed");
      }
      if (!this.running) break;
      if (this.isWakeRequested || this.lanes.some(wantsClaim)) continue;
      await new Promise<void>((resolve) => {
        this.wakeUp = resolve;
        this.timer = setTimeout(() => {
          this.markLanesDue();
          resolve();
        }, this.pollIntervalMs);
      });
      clearTimeout(this.timer);
      this.wakeUp = undefined;
    }
  }

  private runDuePeriodicTasks(): void {
    const now = Date.now();
    for (const entry of this.periodic) {
      if (now < entry.dueAt) continue;
      entry.dueAt = now + entry.task.everyMs;
      entry.task
        .run()
        .catch((error) => this.logger.error({ err: error, task: entry.task.name }, "periodic task failed"));
    }
  }

  /** Every lane claims into any free slot at its next turn (a notification, the poll, a drain). */
  private markLanesDue(): void {
    for (const lane of this.lanes) lane.isDue = true;
  }

  /** Claim into each due lane with free slots; returns how many jobs were claimed. */
  private async tick(): Promise<number> {
    let total = 0;
    for (const lane of this.lanes) {
      if (!wantsClaim(lane)) continue;
      const free = lane.limit - lane.running;
      lane.isDue = false;
      // Until the claim says otherwise: a claim that fails (the database is down, say) leaves the
      // lane waiting for the poll, not claiming again as each of its jobs ends.
      lane.hasBacklog = false;
      const claimed = await claimJobs(this.db, lane.queues, this.id, free, this.leaseMs);
      // All it asked for: more may be waiting, and the lane claims again once it has room.
      lane.hasBacklog = claimed.length === free;
      for (const job of claimed) {
        lane.running++;
        const task = this.execute(job).finally(() => {
          lane.running--;
          this.inFlight.delete(task);
          if (!this.running) return;
          if (wantsClaim(lane)) {
            this.isWakeRequested = true;
            this.wakeUp?.();
          }
        });
        this.inFlight.add(task);
      }
      total += claimed.length;
    }
    return total;
  }

  private async execute(job: JobRow): Promise<void> {
    const handler = this.handlers.get(job.queue);
    if (!handler) return;
    try {
      crashPoint(`${job.queue}:claimed`);
      const outcome = await handler.handle(job);
      crashPoint(`${job.queue}:handled`);
      if (outcome !== JOB_SETTLED) await completeJob(this.db, job, this.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryAt =
        error instanceof FailJobNow
          ? null
          : error instanceof RetryJobAt
            ? error.at
            : new Date(Date.now() + handler.backoffMs(job.attempts));
      this.logger.warn(
        { job: job.id, queue: job.queue, attempts: job.attempts, err: error },
        "job attempt failed",
      );
      await failJob(this.db, job, this.id, message, retryAt).catch((settleError) =>
        this.logger.error({ job: job.id, err: settleError }, "recording a job failure failed"),
      );
    }
  }
}
