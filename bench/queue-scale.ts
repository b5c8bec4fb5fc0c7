/**
 * The queue as history grows: the time a claim takes and the webhook delivery rate, first on an
 * empty history and then with 1,000,000 finished jobs and 1,000,000 settled webhook deliveries
 * (what a busy install keeps within WEFT_JOB_RETENTION), in the same run. Flat means the ratio
 * column stays near 1.
 *   node bench/queue-scale.ts    (PGlite; BENCH_DATABASE_URL=postgres://… for PostgreSQL)
 * BENCH_HISTORY (default 1000000) rows of each; BENCH_WEBHOOK_EVENTS (default 2000) events.
 */
import { sql } from "drizzle-orm";
import pino from "pino";
import { loadConfig } from "../apps/server/src/config.ts";
import type { AppContext } from "../apps/server/src/context.ts";
import { claimJobs } from "../apps/server/src/jobs/queue.ts";
import { createEnvironment } from "../apps/server/src/modules/environments/service.ts";
import { createSubscription } from "../apps/server/src/modules/webhooks/service.ts";
import { openContext } from "../apps/server/src/runtime.ts";
import { benchStorage, writeResults } from "./lib.ts";
import { benchWebhooks, type WebhookBenchResult } from "./webhooks.ts";

const HISTORY = Number(process.env.BENCH_HISTORY ?? 1_000_000);
const CLAIMED_JOBS = 2_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Finished jobs and settled deliveries, as the queue tables hold them after a busy week. */
async function writeHistory(ctx: AppContext, rows: number): Promise<void> {
  const started = performance.now();
  const environment = await createEnvironment(ctx.db, { name: "History", mode: "TEST" });
  const { row: subscription } = await ctx.db.transaction((tx) =>
    createSubscription(tx, ctx.secretKey, environment.id, {
      name: "History",
      targetUrl: "https://example.com/hooks",
      eventTypes: ["profile"],
    }),
  );
  for (let from = 1; from <= rows; from += 250_000) {
    const to = Math.min(rows, from + 249_999);
    await ctx.db.execute(sql`
      insert into jobs (id, queue, payload, state, attempts, max_attempts, run_at, created_at, updated_at, finished_at)
      select 'job_history_' || lpad(g::text, 14, '0'),
        case when g % 3 = 0 then 'connections.sync' else 'webhooks.deliver' end,
        jsonb_build_object('n', g), case when g % 50 = 0 then 'failed' else 'completed' end, 1, 8,
        now() - make_interval(mins => g % 10000), now() - make_interval(mins => g % 10000),
        now() - make_interval(mins => g % 10000), now() - make_interval(mins => g % 10000)
      from generate_series(${from}::int, ${to}::int) g`);
    await ctx.db.execute(sql`
      insert into webhook_deliveries (id, environment_id, subscription_id, event_id, event_type, reason,
        status, attempts, max_attempts, last_attempt_at, completed_at, created_at, updated_at)
      select 'dlv_history_' || lpad(g::text, 14, '0'), ${environment.id}, ${subscription.id},
        'evt_history_' || lpad(g::text, 14, '0'), 'profile.created', 'EVENT',
        case when g % 50 = 0 then 'FAILED' else 'SUCCEEDED' end, 1, 8,
        now() - make_interval(mins => g % 10000), now() - make_interval(mins => g % 10000),
        now() - make_interval(mins => g % 10000), now() - make_interval(mins => g % 10000)
      from generate_series(${from}::int, ${to}::int) g`);
  }
  // Settled as autovacuum and a checkpoint would leave them, so their aftermath does not land in
  // the measurement that follows.
  await ctx.db.execute(sql`vacuum analyze jobs`);
  await ctx.db.execute(sql`vacuum analyze webhook_deliveries`);
  if (ctx.config.databaseUrl) await ctx.db.execute(sql`checkpoint`).catch(() => {});
  console.log(
    `  wrote ${rows.toLocaleString("en-US")} finished jobs and settled deliveries in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

/** Claim CLAIMED_JOBS queued jobs ten at a time (completing each batch), timing every claim. */
async function measureClaims(history: number) {
  const storage = await benchStorage();
  const runtime = await openContext(loadConfig(storage.env), {
    owner: "bench/queue-scale",
    logger: pino({ level: "warn" }),
  });
  try {
    if (history > 0) await writeHistory(runtime.ctx, history);
    await runtime.ctx.db.execute(sql`
      insert into jobs (id, queue, payload, max_attempts)
      select 'job_claimed_' || lpad(g::text, 14, '0'), 'bench.claim', '{}'::jsonb, 5
      from generate_series(1, ${CLAIMED_JOBS}::int) g`);
    const times: number[] = [];
    for (;;) {
      const started = performance.now();
      const claimed = await claimJobs(
        runtime.ctx.db,
        ["bench.claim", "webhooks.deliver"],
        "bench",
        10,
        20_000,
      );
      times.push(performance.now() - started);
      if (claimed.length === 0) break;
      await runtime.ctx.db.execute(
        sql`update jobs set state = 'completed', finished_at = now() where id in ${claimed.map((j) => j.id)}`,
      );
    }
    times.sort((a, b) => a - b);
    return { claims: times.length, p50Ms: percentile(times, 50), p99Ms: percentile(times, 99) };
  } finally {
    await runtime.close();
    await storage.cleanup();
  }
}

export async function benchQueueScale() {
  const round = (n: number) => Math.round(n * 100) / 100;
  console.log(`Claims on an empty history, then with ${HISTORY.toLocaleString("en-US")} rows of each`);
  const emptyClaims = await measureClaims(0);
  const fullClaims = await measureClaims(HISTORY);
  console.log(
    "Webhook delivery on an empty history and on the full one, alternated (empty, full, empty, full)",
  );
  const emptyRuns: WebhookBenchResult[] = [];
  const fullRuns: WebhookBenchResult[] = [];
  for (let round = 0; round < 2; round++) {
    emptyRuns.push(await benchWebhooks());
    fullRuns.push(await benchWebhooks({ prefill: (ctx) => writeHistory(ctx, HISTORY) }));
  }
  const better = (runs: WebhookBenchResult[]) =>
    runs.reduce((a, b) => (b.throughput.deliveriesPerSecond > a.throughput.deliveriesPerSecond ? b : a));
  const emptyWebhooks = better(emptyRuns);
  const fullWebhooks = better(fullRuns);
  const table = {
    "claim p50 (ms)": [emptyClaims.p50Ms, fullClaims.p50Ms],
    "claim p99 (ms)": [emptyClaims.p99Ms, fullClaims.p99Ms],
    "backlog drain, better of 2 (deliveries/s)": [
      emptyWebhooks.throughput.deliveriesPerSecond,
      fullWebhooks.throughput.deliveriesPerSecond,
    ],
    "steady latency p50 (ms)": [emptyWebhooks.latency.p50Ms, fullWebhooks.latency.p50Ms],
  };
  console.log(
    `\nThe queue with no history and with ${HISTORY.toLocaleString("en-US")} finished jobs and settled deliveries (${emptyWebhooks.storage})`,
  );
  console.table(
    Object.fromEntries(
      Object.entries(table).map(([name, [empty, full]]) => [
        name,
        { empty: round(empty!), full: round(full!), ratio: round(full! / empty!) },
      ]),
    ),
  );
  writeResults("queue-scale.json", {
    at: new Date().toISOString(),
    storage: emptyWebhooks.storage,
    history: HISTORY,
    claims: { empty: emptyClaims, full: fullClaims },
    webhooks: { empty: emptyRuns, full: fullRuns },
  });
}

if (import.meta.main) await benchQueueScale();
