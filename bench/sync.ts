/**
 * Sandbox sync: how long one connection takes from link to 24 months of data on disk — the
 * initial window, then the history — and a re-sync of the same data. Target: under 2 s.
 *   node bench/sync.ts          (PostgreSQL when DATABASE_URL, BENCH_DATABASE_URL or
 *                                TEST_DATABASE_URL is set — a fresh database on that server;
 *                                else embedded PGlite)
 * BENCH_SYNC_RUNS (default 5) connections are synced one after another; medians are reported.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { loadConfig } from "../apps/server/src/config.ts";
import { accounts, connections, PRODUCTS } from "../apps/server/src/db/schema/index.ts";
import { linkConnection } from "../apps/server/src/modules/connections/service.ts";
import { runSync, type SyncOutcome } from "../apps/server/src/modules/connections/sync.ts";
import { createEnvironment } from "../apps/server/src/modules/environments/service.ts";
import { createProfile, findLiveProfile } from "../apps/server/src/modules/profiles/service.ts";
import { toDay } from "../apps/server/src/providers/dates.ts";
import { MockProvider } from "../apps/server/src/providers/mock/provider.ts";
import { openRuntime } from "../apps/server/src/runtime.ts";
import { decrypt } from "../apps/server/src/security/secrets.ts";
import { benchStorage, writeResults } from "./lib.ts";

export type SyncBenchRun = {
  linkMs: number;
  initialMs: number;
  historicalMs: number;
  totalMs: number;
  resyncMs: number;
  providerFetchMs: number;
  transactions: number;
  /** A profile read sent every 5 ms during the initial and historical syncs: the slowest answer. */
  readMaxMs: number;
  readP99Ms: number;
};

/**
 * Run `work` while a reader reads a profile every 5 ms, as API requests would during a sync;
 * returns the work's result and every read's latency (how long a request waits behind it).
 */
async function whileReading<T>(read: () => Promise<unknown>, work: () => Promise<T>): Promise<[T, number[]]> {
  const latencies: number[] = [];
  let done = false;
  const reader = (async () => {
    while (!done) {
      // Timed from when the read was due, so a busy event loop counts as much as a busy database.
      const due = performance.now() + 5;
      await new Promise((r) => setTimeout(r, 5));
      await read();
      latencies.push(performance.now() - due);
    }
  })();
  try {
    return [await work(), latencies];
  } finally {
    done = true;
    await reader;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const start = performance.now();
  const result = await fn();
  return [result, Math.round((performance.now() - start) * 10) / 10];
};

function expectSynced(outcome: SyncOutcome, phase: string) {
  if (outcome.kind !== "SYNCED" || outcome.phase !== phase)
    throw new Error(`${phase}: ${JSON.stringify(outcome)}`);
}

export async function benchSync() {
  if (process.env.DATABASE_URL && !process.env.BENCH_DATABASE_URL)
    process.env.BENCH_DATABASE_URL = process.env.DATABASE_URL;
  const runs = Number(process.env.BENCH_SYNC_RUNS ?? 5);
  const storage = await benchStorage();
  const runtime = await openRuntime(
    loadConfig({ ...storage.env, WEFT_SECRET_KEY: randomBytes(32).toString("hex"), WEFT_LOG_LEVEL: "warn" }),
    "bench/sync",
    pino({ level: "warn" }),
  );
  const { ctx } = runtime;
  const results: SyncBenchRun[] = [];
  try {
    const environment = await createEnvironment(ctx.db, { name: "bench", mode: "TEST" });
    for (let i = 0; i < runs; i++) {
      const { profile } = await createProfile(ctx.db, environment, {}, 1_000_000);
      const [linked, linkMs] = await timed(() =>
        linkConnection(ctx, environment, {
          profileId: profile.id,
          institutionId: "inst_00000000ts4kygwq8eymy4qg1w",
          username: "user_good",
          password: "pass_good",
        }),
      );
      if (linked.kind !== "LINKED") throw new Error(linked.kind);
      const id = linked.connection.id;
      const read = () => findLiveProfile(ctx.db, environment.id, profile.id);
      const [[initial, initialMs], initialReads] = await whileReading(read, () =>
        timed(() => runSync(ctx, id)),
      );
      expectSynced(initial, "INITIAL");
      const [[historical, historicalMs], historicalReads] = await whileReading(read, () =>
        timed(() => runSync(ctx, id)),
      );
      expectSynced(historical, "HISTORICAL");
      const reads = [...initialReads, ...historicalReads].sort((a, b) => a - b);
      const [resync, resyncMs] = await timed(() => runSync(ctx, id));
      expectSynced(resync, "INCREMENTAL");

      // The provider's share: generating the same 24 months again, with no database at all.
      const [row] = await ctx.db.select().from(connections).where(eq(connections.id, id));
      const [, providerFetchMs] = await timed(() =>
        new MockProvider().fetch({
          accessToken: decrypt(ctx.secretKey, row!.accessTokenEncrypted!),
          now: new Date(),
          window: { startOn: row!.historyStartOn, endOn: toDay(new Date()) },
          products: PRODUCTS,
          attempt: 1,
        }),
      );
      const [counted] = await ctx.db
        .select({ n: sql<number>`sum(${accounts.transactionCount})::int` })
        .from(accounts)
        .where(eq(accounts.connectionId, id));
      results.push({
        linkMs,
        initialMs,
        historicalMs,
        totalMs: Math.round((linkMs + initialMs + historicalMs) * 10) / 10,
        resyncMs,
        providerFetchMs,
        transactions: counted!.n,
        readMaxMs: Math.round(reads.at(-1) ?? 0),
        readP99Ms: Math.round(reads[Math.min(reads.length - 1, Math.ceil(reads.length * 0.99) - 1)] ?? 0),
      });
    }
  } finally {
    await runtime.close();
    await storage.cleanup();
  }
  const summary = {
    storage: storage.label,
    runs: results.length,
    median: {
      linkMs: median(results.map((r) => r.linkMs)),
      initialMs: median(results.map((r) => r.initialMs)),
      historicalMs: median(results.map((r) => r.historicalMs)),
      totalMs: median(results.map((r) => r.totalMs)),
      resyncMs: median(results.map((r) => r.resyncMs)),
      providerFetchMs: median(results.map((r) => r.providerFetchMs)),
      transactions: median(results.map((r) => r.transactions)),
      readMaxMs: median(results.map((r) => r.readMaxMs)),
      readP99Ms: median(results.map((r) => r.readP99Ms)),
    },
    targetMs: 2000,
    results,
  };
  return summary;
}

if (import.meta.main) {
  const summary = await benchSync();
  console.log(`Sandbox sync of one connection, 24 months of data — ${summary.storage}, ${summary.runs} runs`);
  console.log(
    "  run   link  initial  historical   total   re-sync  provider-only  transactions  read p99/max",
  );
  summary.results.forEach((r, i) => {
    console.log(
      `  ${String(i + 1).padStart(3)}  ${r.linkMs.toFixed(0).padStart(5)}  ${r.initialMs.toFixed(0).padStart(7)}  ${r.historicalMs.toFixed(0).padStart(10)}  ${r.totalMs.toFixed(0).padStart(6)}  ${r.resyncMs.toFixed(0).padStart(8)}  ${r.providerFetchMs.toFixed(0).padStart(13)}  ${String(r.transactions).padStart(12)}  ${String(r.readP99Ms).padStart(5)}/${r.readMaxMs}`,
    );
  });
  const m = summary.median;
  console.log(
    `  median: link ${m.linkMs} ms + initial ${m.initialMs} ms + historical ${m.historicalMs} ms = ${m.totalMs} ms ` +
      `for ${m.transactions} transactions (target < ${summary.targetMs} ms: ${m.totalMs < summary.targetMs ? "met" : "MISSED"}); ` +
      `re-sync ${m.resyncMs} ms; generating the data alone ${m.providerFetchMs} ms; ` +
      `a profile read during the syncs waited at most ${m.readMaxMs} ms (p99 ${m.readP99Ms} ms; target ≤ 100 ms)`,
  );
  writeResults("sync.json", summary);
}
