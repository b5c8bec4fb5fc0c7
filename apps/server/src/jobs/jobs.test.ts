import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { recordDeletes } from "../../test/deletes.ts";
import { startTestPlatform, type TestPlatform, testDriver } from "../../test/harness.ts";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { PRUNE_BATCH } from "../db/prune.ts";
import { type JobState, jobs, webhookDeliveries } from "../db/schema/index.ts";
import { recordEvent } from "../modules/events/service.ts";
import { createSubscription } from "../modules/webhooks/service.ts";
import { createWorker } from "../workers.ts";
import {
  claimJobs,
  completeJob,
  enqueueJob,
  getJob,
  JOBS_CHANNEL,
  pruneFinishedJobs,
  requeueOrphanedJobs,
} from "./queue.ts";
import { FailJobNow, type JobHandler, RetryJobAt, Worker } from "./worker.ts";

let platform: TestPlatform;
const logger = pino({ level: "silent" });

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const db = () => platform.ctx.db;
const handler = (queue: string, handle: JobHandler["handle"], backoffMs = () => 60_000): JobHandler => ({
  queue,
  handle,
  backoffMs,
});

describe("enqueueJob", () => {
  it("commits with the transaction that enqueued it, and not without it", async () => {
    await expect(
      db().transaction(async (tx) => {
        await enqueueJob(tx, "t.rollback", { n: 1 });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    const id = await db().transaction((tx) => enqueueJob(tx, "t.commit", { n: 2 }));
    expect(await db().select().from(jobs).where(eq(jobs.queue, "t.rollback"))).toHaveLength(0);
    expect(await getJob(db(), id)).toMatchObject({ state: "queued", payload: { n: 2 }, attempts: 0 });
  });
});

describe("Worker", () => {
  it("runs a job once and marks it completed", async () => {
    const seen: unknown[] = [];
    const id = await enqueueJob(db(), "t.ok", { hello: "world" });
    const worker = new Worker(db(), [handler("t.ok", async (job) => void seen.push(job.payload))], {
      logger,
    });
    expect(await worker.drain()).toBe(1);
    expect(seen).toEqual([{ hello: "world" }]);
    expect(await getJob(db(), id)).toMatchObject({ state: "completed", attempts: 1, lastError: null });
  });

  it("retries a failing job with backoff, keeping the last error, until attempts run out", async () => {
    const id = await enqueueJob(db(), "t.fail", {}, { maxAttempts: 2 });
    const worker = new Worker(
      db(),
      [
        handler(
          "t.fail",
          async () => Promise.reject(new Error("boom")),
          () => 0,
        ),
      ],
      { logger },
    );
    await worker.drain();
    expect(await getJob(db(), id)).toMatchObject({ state: "failed", attempts: 2, lastError: "boom" });
  });

  it("schedules the next attempt by the handler's backoff", async () => {
    const id = await enqueueJob(db(), "t.later", {});
    const worker = new Worker(db(), [handler("t.later", async () => Promise.reject(new Error("not yet")))], {
      logger,
    });
    await worker.drain();
    const job = await getJob(db(), id);
    expect(job).toMatchObject({ state: "queued", attempts: 1, lastError: "not yet" });
    expect(job!.runAt.getTime() - Date.now()).toBeGreaterThan(50_000);
  });

  it("RetryJobAt picks the next attempt time; FailJobNow stops at once", async () => {
    const at = new Date(Date.now() + 3_600_000);
    const retry = await enqueueJob(db(), "t.retryat", {});
    const stop = await enqueueJob(db(), "t.stop", {});
    const worker = new Worker(
      db(),
      [
        handler("t.retryat", async () => Promise.reject(new RetryJobAt("Retry-After", at))),
        handler("t.stop", async () => Promise.reject(new FailJobNow("gone"))),
      ],
      { logger },
    );
    await worker.drain();
    expect((await getJob(db(), retry))!.runAt.getTime()).toBe(at.getTime());
    expect(await getJob(db(), stop)).toMatchObject({ state: "failed", attempts: 1, lastError: "gone" });
  });

  it("a job whose worker died is taken over when its lease runs out; the dead worker's late result is dropped", async () => {
    const id = await enqueueJob(db(), "t.lease", {});
    const [claimed] = await claimJobs(db(), ["t.lease"], "dead-worker", 1, 50);
    expect(claimed).toMatchObject({ id, state: "active", lockedBy: "dead-worker" });
    expect(await claimJobs(db(), ["t.lease"], "other", 1, 50)).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 120));
    const [retaken] = await claimJobs(db(), ["t.lease"], "live-worker", 1, 60_000);
    expect(retaken).toMatchObject({ id, lockedBy: "live-worker", attempts: 2 });
    await completeJob(db(), claimed!, "dead-worker");
    expect(await getJob(db(), id)).toMatchObject({ state: "active", lockedBy: "live-worker" });
    await completeJob(db(), retaken!, "live-worker");
    expect(await getJob(db(), id)).toMatchObject({ state: "completed" });
  });

  it("a live worker's heartbeat keeps a job longer than its lease; once it stops beating, the job is taken back", async () => {
    const id = await enqueueJob(db(), "t.heartbeat", {});
    let release: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    let finish: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const worker = new Worker(
      db(),
      [
        handler("t.heartbeat", async () => {
          release();
          await running;
        }),
      ],
      { logger, leaseMs: 300, heartbeatMs: 50, pollIntervalMs: 20 },
    );
    worker.start();
    await started;
    // Three leases long: without the heartbeat another worker would have taken it.
    await new Promise((r) => setTimeout(r, 900));
    expect(await claimJobs(db(), ["t.heartbeat"], "other", 1, 300)).toHaveLength(0);
    expect(worker.isHealthy).toBe(true);
    finish();
    await worker.stop();
    expect(await getJob(db(), id)).toMatchObject({ state: "completed", attempts: 1 });
    expect(worker.isHealthy).toBe(false);
  });

  it("stop() waits for the jobs in hand only so long; an unfinished one is left to its lease", async () => {
    const id = await enqueueJob(db(), "t.stuck", {});
    const worker = new Worker(db(), [handler("t.stuck", () => new Promise(() => {}))], {
      logger,
      leaseMs: 200,
      heartbeatMs: 50,
      pollIntervalMs: 20,
    });
    worker.start();
    while ((await getJob(db(), id))!.state !== "active") await new Promise((r) => setTimeout(r, 20));
    const before = Date.now();
    await worker.stop(300);
    expect(Date.now() - before).toBeLessThan(2_000);
    await new Promise((r) => setTimeout(r, 300));
    const [retaken] = await claimJobs(db(), ["t.stuck"], "next-worker", 1, 60_000);
    expect(retaken).toMatchObject({ id, attempts: 2 });
    await completeJob(db(), retaken!, "next-worker");
  });

  it("jobs left active by a previous run of the embedded database are queued again, due now", async () => {
    const id = await enqueueJob(db(), "t.orphan", {});
    await claimJobs(db(), ["t.orphan"], "crashed-process", 1, 600_000);
    expect(await requeueOrphanedJobs(db())).toBeGreaterThanOrEqual(1);
    const job = await getJob(db(), id);
    expect(job).toMatchObject({ state: "queued", lockedBy: null, attempts: 1 });
    expect(job!.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const [again] = await claimJobs(db(), ["t.orphan"], "new-process", 1, 60_000);
    expect(again).toMatchObject({ id, attempts: 2 });
    await completeJob(db(), again!, "new-process");
  });

  it("two workers never run one job twice", async () => {
    await db().execute(sql`delete from jobs where queue = 't.race'`);
    const ids = await Promise.all(Array.from({ length: 60 }, (_, n) => enqueueJob(db(), "t.race", { n })));
    const runs = new Map<string, number>();
    const make = () =>
      new Worker(
        db(),
        [
          handler("t.race", async (job) => {
            runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
            await new Promise((r) => setTimeout(r, 2));
          }),
        ],
        { logger, concurrency: 4 },
      );
    await Promise.all([make().drain(), make().drain()]);
    expect(runs.size).toBe(ids.length);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
  });

  it.skipIf(testDriver !== "postgres")(
    "four workers, each on connections of its own, run each of 400 jobs exactly once",
    async () => {
      await db().execute(sql`delete from jobs where queue = 't.race4'`);
      const total = 400;
      await db().execute(sql`insert into jobs (id, queue, payload, max_attempts)
        select 'job_race4_' || g, 't.race4', jsonb_build_object('n', g), 1 from generate_series(1, ${total}::int) g`);
      // Four pools, as four processes would have: their claims race in PostgreSQL, not in this process.
      const pools = await Promise.all(
        Array.from({ length: 4 }, () =>
          openDatabase({ driver: "postgres", url: platform.databaseUrl!, poolSize: 3 }),
        ),
      );
      const runs = new Map<string, number>();
      const ranBy = [0, 0, 0, 0];
      const workers = pools.map(
        (pool, w) =>
          new Worker(
            pool.db,
            [
              {
                ...handler("t.race4", async (job) => {
                  runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
                  ranBy[w]!++;
                  await new Promise((r) => setTimeout(r, Math.random() * 3));
                }),
                concurrency: 8,
              },
            ],
            { logger, pollIntervalMs: 10 },
          ),
      );
      try {
        for (const worker of workers) worker.start();
        await expect
          .poll(
            async () =>
              (
                await db()
                  .select({ n: sql<number>`count(*)::int` })
                  .from(jobs)
                  .where(sql`${jobs.queue} = 't.race4' and ${jobs.state} = 'completed'`)
              )[0]!.n,
            { timeout: 20_000, interval: 50 },
          )
          .toBe(total);
      } finally {
        await Promise.all(workers.map((worker) => worker.stop()));
        await Promise.all(pools.map((pool) => pool.close()));
      }
      expect(runs.size).toBe(total);
      expect([...runs.entries()].filter(([, n]) => n !== 1)).toEqual([]);
      // Every worker took its share: the claims did race.
      expect(ranBy.every((n) => n > 0)).toBe(true);
      const settled = await db()
        .select({ attempts: jobs.attempts, state: jobs.state })
        .from(jobs)
        .where(eq(jobs.queue, "t.race4"));
      expect(settled.every((j) => j.state === "completed" && j.attempts === 1)).toBe(true);
    },
  );

  it("wakes on the enqueue notification, at commit, without waiting for a poll", async () => {
    const ran: number[] = [];
    const worker = new Worker(db(), [handler("t.notify", async () => void ran.push(Date.now()))], {
      logger,
      pollIntervalMs: 600_000,
      subscribe: (onEnqueued) => platform.listen(JOBS_CHANNEL, onEnqueued),
    });
    worker.start();
    await new Promise((r) => setTimeout(r, 200));
    const committedAt = Date.now();
    const id = await db().transaction((tx) => enqueueJob(tx, "t.notify", {}));
    await expect
      .poll(async () => (await getJob(db(), id))!.state, { timeout: 10_000, interval: 20 })
      .toBe("completed");
    expect(ran[0]! - committedAt).toBeLessThan(5_000);
    await worker.stop();
  });

  it("notifies only when a statement inserted jobs: an event no subscription matches wakes no worker", async () => {
    let heard = 0;
    const unlisten = await platform.listen(JOBS_CHANNEL, () => void heard++);
    try {
      // No subscription in this environment: the event's fan-out inserts no job.
      const quiet = await platform.environment("TEST", "No subscriptions");
      await db().transaction((tx) =>
        recordEvent(tx, { environmentId: quiet.id, type: "profile.ready", profile: null, record: {} }),
      );
      // Then a statement that does insert one. Notifications arrive in commit order, so by the
      // time this one is heard, the event's would have been.
      await enqueueJob(db(), "t.heard", {});
      await expect.poll(() => heard, { timeout: 10_000, interval: 10 }).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 100));
      expect(heard).toBe(1);
    } finally {
      await unlisten();
    }
  });

  it("start() polls and stop() waits for jobs in flight", async () => {
    let finished = false;
    const worker = new Worker(
      db(),
      [
        handler("t.poll", async () => {
          await new Promise((r) => setTimeout(r, 100));
          finished = true;
        }),
      ],
      { logger, pollIntervalMs: 10 },
    );
    worker.start();
    const id = await enqueueJob(db(), "t.poll", {});
    while ((await getJob(db(), id))!.state === "queued") await new Promise((r) => setTimeout(r, 10));
    await worker.stop();
    expect(finished).toBe(true);
    expect((await getJob(db(), id))!.state).toBe("completed");
  });
});

describe("Worker lanes", () => {
  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { open, opened };
  };

  it("a queue with its own concurrency runs in its own slots: shared slots busy with slow jobs do not hold it up", async () => {
    const slow = gate();
    const started: string[] = [];
    await enqueueJob(db(), "t.lane.slow", {});
    await enqueueJob(db(), "t.lane.slow", {});
    for (let i = 0; i < 6; i++) await enqueueJob(db(), "t.lane.fast", { i });
    const worker = new Worker(
      db(),
      [
        handler("t.lane.slow", async () => {
          started.push("slow");
          await slow.opened;
        }),
        { ...handler("t.lane.fast", async () => void started.push("fast")), concurrency: 3 },
      ],
      { logger, concurrency: 1, pollIntervalMs: 20 },
    );
    worker.start();
    // One shared slot, held by a slow job; the fast lane runs all six meanwhile, three at a time.
    await expect.poll(() => started.filter((s) => s === "fast").length, { timeout: 10_000 }).toBe(6);
    expect(started.filter((s) => s === "slow")).toEqual(["slow"]);
    slow.open();
    await expect.poll(() => started.filter((s) => s === "slow").length, { timeout: 10_000 }).toBe(2);
    await worker.stop();
  });

  it("when the database goes down under a backlog, the worker claims again at the poll, not in a loop", async () => {
    for (let i = 0; i < 12; i++) await enqueueJob(db(), "t.down.backlog", { i });
    let isDown = false;
    let failedCalls = 0;
    // A statement that fails as a lost connection does: when awaited, a moment later.
    const failing: unknown = new Proxy(() => {}, {
      get: (_, property) =>
        property === "then"
          ? (_resolve: unknown, reject: (error: Error) => void) =>
              setImmediate(() => reject(new Error("connection refused")))
          : () => failing,
    });
    // The test database, until it is "down": then every statement the worker builds fails.
    const flaky = new Proxy(db(), {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (isDown && ["select", "update", "execute", "transaction"].includes(String(property)))
          return () => {
            failedCalls++;
            return failing;
          };
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const running: (() => void)[] = [];
    const worker = new Worker(
      flaky,
      [
        {
          ...handler("t.down.backlog", () => new Promise<void>((release) => running.push(release))),
          concurrency: 4,
        },
      ],
      { logger, pollIntervalMs: 100, heartbeatMs: 60_000 },
    );
    worker.start();
    // A full lane: its claim got all it asked for, so it has a backlog.
    await expect.poll(() => running.length, { timeout: 10_000 }).toBe(4);
    isDown = true;
    for (const release of running.splice(0)) release();
    await new Promise((r) => setTimeout(r, 550));
    await worker.stop();
    // Four jobs fail to settle (completing, then recording the failure), then a claim (two
    // statements built) at each of about five polls. Claiming as each job ends, in a loop, would
    // be thousands.
    expect(failedCalls).toBeGreaterThanOrEqual(8);
    expect(failedCalls).toBeLessThanOrEqual(30);
  });

  it("never runs more of a lane's jobs at once than its concurrency", async () => {
    let running = 0;
    let most = 0;
    for (let i = 0; i < 20; i++) await enqueueJob(db(), "t.lane.bounded", { i });
    const worker = new Worker(
      db(),
      [
        {
          ...handler("t.lane.bounded", async () => {
            running++;
            most = Math.max(most, running);
            await new Promise((r) => setTimeout(r, 15));
            running--;
          }),
          concurrency: 4,
        },
      ],
      { logger, pollIntervalMs: 20 },
    );
    worker.start();
    await expect
      .poll(
        async () =>
          (await db().select().from(jobs).where(eq(jobs.queue, "t.lane.bounded"))).every(
            (j) => j.state === "completed",
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    await worker.stop();
    expect(most).toBe(4);
  });

  it.skipIf(testDriver !== "postgres")("a busy lane claims in batches, not a statement a job", async () => {
    for (let i = 0; i < 40; i++) await enqueueJob(db(), "t.lane.batched", { i });
    // Each job waits to be let go; the test lets them go one at a time.
    const waiting: (() => void)[] = [];
    let done = 0;
    const worker = new Worker(
      db(),
      [
        {
          ...handler("t.lane.batched", async () => {
            await new Promise<void>((release) => waiting.push(release));
            done++;
          }),
          concurrency: 8,
        },
      ],
      { logger, pollIntervalMs: 600_000 },
    );
    const statements = await platform.statementsOf(async () => {
      worker.start();
      while (done < 40) {
        await expect.poll(() => waiting.length, { timeout: 10_000, interval: 5 }).toBeGreaterThan(0);
        waiting.shift()!();
        await new Promise((r) => setTimeout(r, 15));
      }
      await worker.stop();
    });
    const claims = statements.filter((s) => /^update "jobs" set "state" = \$1, "attempts"/.test(s));
    // The first claim fills 8 slots; each later one waits for a quarter of them (2) to free:
    // 17 claims for 40 jobs. A claim per finished job would be 33.
    expect(claims.length).toBeGreaterThanOrEqual(2);
    expect(claims.length).toBeLessThanOrEqual(40 / 2 + 1);
  });
});

describe("pruneFinishedJobs", () => {
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

  it("by the default retention (WEFT_JOB_RETENTION unset: 7,30), forgets completed jobs after 7 days and failed ones after 30; keeps the rest", async () => {
    await db().execute(sql`delete from jobs`);
    const retention = platform.ctx.config.jobRetention;
    expect(retention).toEqual({ succeededDays: 7, failedDays: 30 });
    const rows: { state: JobState; finishedAt: Date | null; n: number }[] = [
      { state: "completed", finishedAt: daysAgo(8), n: 1 },
      { state: "completed", finishedAt: daysAgo(31), n: 2 },
      { state: "completed", finishedAt: daysAgo(6), n: -1 },
      { state: "failed", finishedAt: daysAgo(31), n: 3 },
      { state: "failed", finishedAt: daysAgo(8), n: -2 },
      { state: "failed", finishedAt: daysAgo(29), n: -3 },
      { state: "queued", finishedAt: null, n: -4 },
      { state: "active", finishedAt: null, n: -5 },
    ];
    await db()
      .insert(jobs)
      .values(
        rows.map((r, i) => ({
          id: `job_retention_${i}`,
          queue: "t.prune",
          payload: { n: r.n },
          maxAttempts: 1,
          state: r.state,
          finishedAt: r.finishedAt,
        })),
      );
    expect(await pruneFinishedJobs(db(), retention)).toBe(3);
    const left = await db().select({ payload: jobs.payload }).from(jobs).where(eq(jobs.queue, "t.prune"));
    expect(left.map((j) => j.payload.n).sort()).toEqual([-1, -2, -3, -4, -5]);
  });

  it("deletes PRUNE_BATCH jobs a statement, each batch its own transaction, however many are due", async () => {
    await db().execute(sql`delete from jobs`);
    const due = 2 * PRUNE_BATCH + 5;
    await db().execute(sql`insert into jobs (id, queue, payload, state, max_attempts, finished_at)
      select 'job_batch_' || g, 't.prune.batch', '{}', 'completed', 1, now() - interval '8 days'
      from generate_series(1, ${due}::int) g`);
    await db().execute(sql`insert into jobs (id, queue, payload, state, max_attempts, finished_at)
      values ('job_batch_failed', 't.prune.batch', '{}', 'failed', 1, now() - interval '31 days'),
             ('job_batch_recent', 't.prune.batch', '{}', 'completed', 1, now())`);
    const recorder = await recordDeletes(db(), "jobs");
    try {
      expect(await pruneFinishedJobs(db(), { succeededDays: 7, failedDays: 30 })).toBe(due + 1);
      const deletes = await recorder.deletes();
      // Completed: two full batches and the rest; then the failed one. One DELETE would be [2006].
      expect(deletes.map((d) => d.rows)).toEqual([PRUNE_BATCH, PRUNE_BATCH, 5, 1]);
      expect(new Set(deletes.map((d) => d.transaction)).size).toBe(deletes.length);
    } finally {
      await recorder.stop();
    }
    const left = await db().select({ id: jobs.id }).from(jobs).where(eq(jobs.queue, "t.prune.batch"));
    expect(left.map((j) => j.id)).toEqual(["job_batch_recent"]);
  });
});

describe("the worker's upkeep (createWorker)", () => {
  it("a running worker prunes finished jobs and settled deliveries every 10 minutes, by the retention", async () => {
    await db().execute(sql`delete from jobs`);
    const environment = await platform.environment("SANDBOX", "Upkeep");
    const { row: subscription } = await db().transaction((tx) =>
      createSubscription(tx, platform.ctx.secretKey, environment.id, {
        name: "Upkeep",
        targetUrl: "https://example.com/hooks",
        eventTypes: ["profile"],
      }),
    );
    let n = 0;
    /** A completed job and a delivered attempt finished `days` ago. */
    const finished = async (days: number) => {
      n++;
      await db().execute(sql`insert into jobs (id, queue, payload, state, max_attempts, finished_at)
        values (${`job_upkeep_${n}`}, 't.upkeep', '{}', 'completed', 1, now() - make_interval(days => ${days}::int))`);
      await db().execute(sql`insert into webhook_deliveries
          (id, environment_id, subscription_id, event_id, event_type, reason, status, max_attempts, updated_at)
        values (${`dlv_upkeep_${n}`}, ${environment.id}, ${subscription.id}, ${`evt_upkeep_${n}`}, 'profile.created',
          'EVENT', 'SUCCEEDED', 8, now() - make_interval(days => ${days}::int))`);
    };
    const left = async () => ({
      jobs: (await db().select({ id: jobs.id }).from(jobs).where(eq(jobs.queue, "t.upkeep")))
        .map((j) => j.id)
        .sort(),
      deliveries: (
        await db()
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.subscriptionId, subscription.id))
      )
        .map((d) => d.id)
        .sort(),
    });
    await finished(8); // 1: due
    await finished(2); // 2: kept

    // Only the clock is fake: the worker's timers and the database run as ever.
    vi.useFakeTimers({ toFake: ["Date"] });
    const worker = createWorker(
      platform.ctx,
      { db: db(), listen: platform.listen } as DatabaseHandle,
      logger,
    );
    try {
      const start = Date.now();
      worker.start();
      /** Move the clock on and let the worker's loop go round once at the new time. */
      const at = async (ms: number) => {
        vi.setSystemTime(start + ms);
        worker.wake();
        // At or after: expect.poll moves a fake clock on by its interval at each check.
        await expect
          .poll(() => worker.lastBeatAt, { timeout: 10_000, interval: 5 })
          .toBeGreaterThanOrEqual(start + ms);
      };
      // Nine minutes on, the other upkeep has come due, not the pruning.
      await at(9 * 60_000);
      await new Promise((r) => setTimeout(r, 300));
      expect(await left()).toEqual({
        jobs: ["job_upkeep_1", "job_upkeep_2"],
        deliveries: ["dlv_upkeep_1", "dlv_upkeep_2"],
      });
      await at(10 * 60_000);
      await expect
        .poll(left, { timeout: 10_000, interval: 20 })
        .toEqual({ jobs: ["job_upkeep_2"], deliveries: ["dlv_upkeep_2"] });
      // And again ten minutes later, not just once.
      await finished(8); // 3: due
      await at(20 * 60_000);
      await expect
        .poll(left, { timeout: 10_000, interval: 20 })
        .toEqual({ jobs: ["job_upkeep_2"], deliveries: ["dlv_upkeep_2"] });
    } finally {
      vi.useRealTimers();
      await worker.stop();
    }
  });
});
