/**
 * Plaid incremental sync: 10,000 new transactions arrive at an imported item and one sync pulls
 * them through /transactions/sync in pages of 500 (20 pages), against the local Plaid stand-in.
 * Reported per run: wall time, CPU time, memory (RSS and heap growth), and the database work
 * per page (PostgreSQL: rows inserted/updated and commits, from pg_stat_database). Baseline in
 * the same run, alternated with the sync: the provider alone paging the same 10,000 changes with
 * no database, so the ratio is what writing them costs on top of fetching them.
 *   node bench/plaid-sync.ts     (PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set)
 * BENCH_PLAID_RUNS (default 3), BENCH_PLAID_TRANSACTIONS (default 10000).
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import pg from "pg";
import pino from "pino";
import { loadConfig } from "../apps/server/src/config.ts";
import { connections } from "../apps/server/src/db/schema/index.ts";
import { runSync } from "../apps/server/src/modules/connections/sync.ts";
import { createEnvironment } from "../apps/server/src/modules/environments/service.ts";
import { importPlaidConnection } from "../apps/server/src/modules/plaid/service.ts";
import { createProfile } from "../apps/server/src/modules/profiles/service.ts";
import { SYNC_PAGE_SIZE } from "../apps/server/src/providers/plaid/provider.ts";
import { startPlaidStandIn } from "../apps/server/src/providers/plaid/test/stand-in.ts";
import { plaidProviderFor } from "../apps/server/src/providers/registry.ts";
import { openRuntime } from "../apps/server/src/runtime.ts";
import { decrypt } from "../apps/server/src/security/secrets.ts";
import { benchStorage, measure, median, round, writeResults } from "./lib.ts";

const RUNS = Number(process.env.BENCH_PLAID_RUNS ?? 3);
const COUNT = Number(process.env.BENCH_PLAID_TRANSACTIONS ?? 10_000);
const PAGES = Math.ceil(COUNT / SYNC_PAGE_SIZE);

type DbStats = { inserted: number; updated: number; deleted: number; commits: number };

/** Database-wide counters of the bench database (PostgreSQL only; stats flush within a second). */
async function dbStats(url: string | undefined): Promise<DbStats | null> {
  if (!url) return null;
  await new Promise((resolve) => setTimeout(resolve, 1200));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    `select tup_inserted, tup_updated, tup_deleted, xact_commit from pg_stat_database where datname = current_database()`,
  );
  await client.end();
  const r = rows[0];
  return {
    inserted: Number(r.tup_inserted),
    updated: Number(r.tup_updated),
    deleted: Number(r.tup_deleted),
    commits: Number(r.xact_commit),
  };
}

export async function benchPlaidSync() {
  const plaid = await startPlaidStandIn();
  const storage = await benchStorage();
  const runtime = await openRuntime(
    loadConfig({
      ...storage.env,
      WEFT_SECRET_KEY: randomBytes(32).toString("hex"),
      WEFT_LOG_LEVEL: "warn",
      WEFT_PLAID_CLIENT_ID: plaid.clientId,
      WEFT_PLAID_SECRET: plaid.secret,
      WEFT_PLAID_BASE_URL: plaid.url,
    }),
    "bench/plaid-sync",
    pino({ level: "warn" }),
  );
  const { ctx } = runtime;
  const runs = [];
  try {
    const environment = await createEnvironment(ctx.db, { name: "bench", mode: "PRODUCTION" });
    for (let i = 0; i < RUNS; i++) {
      // An imported item, synced (initial and historical) with a little history.
      const item = plaid.createItem({ transactionCount: 20 });
      const { profile } = await createProfile(ctx.db, environment, {}, 1_000_000);
      const row = await importPlaidConnection(ctx, environment.id, profile.id, {
        accessToken: item.accessToken,
        migrateWebhook: false,
      });
      await runSync(ctx, row.id);
      await runSync(ctx, row.id);

      // 10,000 new transactions: first the provider alone pages them (baseline), then the sync.
      plaid.addTransactions(item.itemId, COUNT);
      const [synced] = await ctx.db.select().from(connections).where(eq(connections.id, row.id));
      const provider = await plaidProviderFor(ctx, environment.id);
      const fetchOnly = {
        accessToken: decrypt(ctx.secretKey, synced!.accessTokenEncrypted!),
        now: new Date(),
        window: { startOn: synced!.historyStartOn, endOn: new Date().toISOString().slice(0, 10) },
        products: synced!.products,
        attempt: 1,
        cursor: synced!.transactionsCursor,
      };
      const baseline = await measure(() => provider.fetch(fetchOnly));
      const pagesBefore = plaid.requests.filter((r) => r.path === "/transactions/sync").length;
      const before = await dbStats(storage.env.DATABASE_URL);
      const sync = await measure(() => runSync(ctx, row.id));
      const after = await dbStats(storage.env.DATABASE_URL);
      if (sync.result.kind !== "SYNCED") throw new Error(JSON.stringify(sync.result));
      const pages = plaid.requests.filter((r) => r.path === "/transactions/sync").length - pagesBefore;
      const written = sync.result.result.transactionsUpserted;
      const perPage = (n: number) => round(n / pages);
      runs.push({
        transactions: written,
        pages,
        syncMs: sync.wallMs,
        syncCpuMs: sync.cpuMs,
        fetchOnlyMs: baseline.wallMs,
        fetchOnlyCpuMs: baseline.cpuMs,
        ratio: round(sync.wallMs / baseline.wallMs),
        msPerPage: perPage(sync.wallMs),
        peakRssGrowthMb: sync.peakRssGrowthMb,
        heapGrowthMb: sync.heapGrowthMb,
        database:
          before && after
            ? {
                rowsInsertedPerPage: perPage(after.inserted - before.inserted),
                rowsUpdatedPerPage: perPage(after.updated - before.updated),
                commits: after.commits - before.commits,
              }
            : null,
      });
    }
  } finally {
    await runtime.close();
    await storage.cleanup();
    await plaid.close();
  }
  return {
    storage: storage.label,
    transactionsPerRun: COUNT,
    pageSize: SYNC_PAGE_SIZE,
    expectedPages: PAGES,
    median: {
      syncMs: median(runs.map((r) => r.syncMs)),
      syncCpuMs: median(runs.map((r) => r.syncCpuMs)),
      fetchOnlyMs: median(runs.map((r) => r.fetchOnlyMs)),
      ratio: median(runs.map((r) => r.ratio)),
      peakRssGrowthMb: median(runs.map((r) => r.peakRssGrowthMb)),
    },
    runs,
  };
}

if (import.meta.main) {
  const summary = await benchPlaidSync();
  console.log(
    `Plaid incremental sync of ${summary.transactionsPerRun} transactions in pages of ${summary.pageSize} — ${summary.storage}`,
  );
  for (const [i, r] of summary.runs.entries()) {
    const db = r.database
      ? `; db per page: ${r.database.rowsInsertedPerPage} rows inserted, ${r.database.rowsUpdatedPerPage} updated; ${r.database.commits} commits`
      : "";
    console.log(
      `  run ${i + 1}: ${r.transactions} transactions, ${r.pages} pages: sync ${r.syncMs} ms (cpu ${r.syncCpuMs} ms, ${r.msPerPage} ms/page) ` +
        `vs provider-only ${r.fetchOnlyMs} ms = ${r.ratio}x; peak RSS +${r.peakRssGrowthMb} MB, heap +${r.heapGrowthMb} MB${db}`,
    );
  }
  const m = summary.median;
  console.log(
    `  median: sync ${m.syncMs} ms (cpu ${m.syncCpuMs} ms), provider-only ${m.fetchOnlyMs} ms, ratio ${m.ratio}x, peak RSS +${m.peakRssGrowthMb} MB`,
  );
  writeResults("plaid-sync.json", summary);
}
