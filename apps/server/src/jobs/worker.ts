import { randomBytes } from "node:crypto";
import type { Logger } from "pino";
import type { Database } from "../db/client.ts";
import { claimJobs, completeJob, failJob, type JobRow } from "./queue.ts";

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

export type JobHandler = {
  queue: string;
  handle(job: JobRow): Promise<void>;
  /** Delay before attempt `attempts + 1`, after `attempts` failures. */
  backoffMs(attempts: number): number;
  /** How long a claimed job stays leased before another worker may take it over. */
  leaseMs?: number;
};

export type WorkerOptions = {
  concurrency?: number;
  /** Polling catches jobs that come due later (retries) and covers a lost notification. */
  pollIntervalMs?: number;
  logger: Logger;
  /** Subscribe to "a job was enqueued" notifications; returns the unsubscribe. */
  subscribe?: (onEnqueued: () => void) => Promise<() => Promise<void>>;
  /** Housekeeping the worker runs every `everyMs` while it runs (not in drain()). */
  periodic?: PeriodicTask[];
};

export type PeriodicTask = { name: string; everyMs: number; run(): Promise<void> };

/** Exponential backoff from 1 s, capped at 10 minutes: the default for internal jobs. */
export const exponentialBackoff = (attempts: number) =>
  Math.min(600_000, 1000 * 2 ** Math.max(0, attempts - 1));

export class Worker {
  readonly id = `wrk_${process.pid}_${randomBytes(4).toString("hex")}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly inFlight = new Set<Promise<void>>();
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  /** Set by wake(); a wake while the loop is busy makes it claim again instead of sleeping. */
  private isWakeRequested = false;
  private readonly db: Database;
  private readonly concurrency: number;
  private readonly pollIntervalMs: number;
  private readonly logger: Logger;
  private readonly subscribe: WorkerOptions["subscribe"];
  private readonly periodic: { task: PeriodicTask; dueAt: number }[];
  private unsubscribe: (() => Promise<void>) | undefined;
  private readonly queues: string[];
  /** One lease for every claim: the longest any handler asks for. */
  private readonly leaseMs: number;

  constructor(db: Database, handlers: JobHandler[], options: WorkerOptions) {
    this.db = db;
    for (const handler of handlers) this.handlers.set(handler.queue, handler);
    this.concurrency = options.concurrency ?? 4;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.subscribe = options.subscribe;
    this.periodic = (options.periodic ?? []).map((task) => ({ task, dueAt: Date.now() + task.everyMs }));
    this.logger = options.logger.child({ worker: this.id });
    this.queues = [...this.handlers.keys()];
    this.leaseMs = Math.max(60_000, ...handlers.map((h) => h.leaseMs ?? 0));
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
    this.subscribe?.(() => this.wake())
      .then((unsubscribe) => {
        if (this.running) this.unsubscribe = unsubscribe;
        else void unsubscribe();
      })
      .catch((error) => this.logger.warn({ err: error }, "no job notifications; polling only"));
  }

  /** Poll now instead of at the next interval (called after an in-process enqueue). */
  wake(): void {
    this.isWakeRequested = true;
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.wake();
    await this.loop;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Claim and run due jobs until none are left; tests use it to drain a queue deterministically. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const ran = await this.tick();
      await Promise.allSettled([...this.inFlight]);
      if (ran === 0) return total;
      total += ran;
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.isWakeRequested = false;
      this.runDuePeriodicTasks();
      let claimed = 0;
      try {
        claimed = await this.tick();
      } catch (error) {
        this.logger.error({ err: error }, "claiming jobs failed");
      }
      if (!this.running) break;
      if (claimed > 0 && this.inFlight.size < this.concurrency) continue;
      if (this.isWakeRequested) continue;
      await new Promise<void>((resolve) => {
        this.wakeUp = resolve;
        this.timer = setTimeout(resolve, this.pollIntervalMs);
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

  private async tick(): Promise<number> {
    const free = this.concurrency - this.inFlight.size;
    if (free <= 0) return 0;
    const claimed = await claimJobs(this.db, this.queues, this.id, free, this.leaseMs);
    for (const job of claimed) {
      const task = this.execute(job).finally(() => {
        this.inFlight.delete(task);
        if (this.running) this.wake();
      });
      this.inFlight.add(task);
    }
    return claimed.length;
  }

  private async execute(job: JobRow): Promise<void> {
    const handler = this.handlers.get(job.queue);
    if (!handler) return;
    try {
      await handler.handle(job);
      await completeJob(this.db, job, this.id);
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
