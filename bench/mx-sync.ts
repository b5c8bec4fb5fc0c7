/**
 * MX 24-month history sync: a member with 24 months of history linked with historyMonths 24
 * (MX's extended history), then its initial and historical syncs, against the local MX stand-in.
 * Reported per run: wall and CPU time of each sync, transactions written, and, as the baseline
 * in the same run (alternated with the syncs), the provider alone fetching the same 24 months
 * with no database — the ratio is what writing costs on top of fetching.
 *   node bench/mx-sync.ts      (PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set)
 * BENCH_MX_RUNS (default 3), BENCH_MX_PER_MONTH (transactions per account and month, default 100).
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import pino from "pino";
import { loadConfig } from "../apps/server/src/config.ts";
import { connections } from "../apps/server/src/db/schema/index.ts";
import { shareAccounts } from "../apps/server/src/modules/connections/consent.ts";
import { runSync } from "../apps/server/src/modules/connections/sync.ts";
import { createEnvironment } from "../apps/server/src/modules/environments/service.ts";
import { connectMember, mxUserGuid } from "../apps/server/src/modules/mx/service.ts";
import { createProfile } from "../apps/server/src/modules/profiles/service.ts";
import { toDay } from "../apps/server/src/providers/dates.ts";
import { startMxStandIn } from "../apps/server/src/providers/mx/test/stand-in.ts";
import { mxProviderFor } from "../apps/server/src/providers/registry.ts";
import { openRuntime } from "../apps/server/src/runtime.ts";
import { decrypt } from "../apps/server/src/security/secrets.ts";
import { benchStorage, measure, median, round, writeResults } from "./lib.ts";

const RUNS = Number(process.env.BENCH_MX_RUNS ?? 3);
const PER_MONTH = Number(process.env.BENCH_MX_PER_MONTH ?? 100);

export async function benchMxSync() {
  const mx = await startMxStandIn();
  const storage = await benchStorage();
  const runtime = await openRuntime(
    loadConfig({
      ...storage.env,
      WEFT_SECRET_KEY: randomBytes(32).toString("hex"),
      WEFT_LOG_LEVEL: "warn",
      WEFT_MX_CLIENT_ID: mx.clientId,
      WEFT_MX_API_KEY: mx.apiKey,
      WEFT_MX_BASE_URL: mx.url,
    }),
    "bench/mx-sync",
    pino({ level: "warn" }),
  );
  const { ctx } = runtime;
  const runs = [];
  try {
    const environment = await createEnvironment(ctx.db, { name: "bench", mode: "PRODUCTION" });
    const provider = await mxProviderFor(ctx, environment.id);
    for (let i = 0; i < RUNS; i++) {
      const profile = await ctx.db.transaction((tx) => createProfile(tx, environment, {}, 1_000_000));
      const caller = { environmentId: environment.id, profileId: profile.id };
      const { memberGuid } = mx.createMember(await mxUserGuid(provider, profile.id), {
        transactionsPerMonth: PER_MONTH,
      });
      const linked = await connectMember(ctx, caller, {
        memberGuid,
        institution: null,
        products: ["ACCOUNT_BALANCES_AND_TRANSACTIONS"],
        historyMonths: 24,
      });
      const offered = await provider.listAccounts({
        accessToken: decrypt(ctx.secretKey, linked.accessTokenEncrypted!),
        products: [],
        now: new Date(),
      });
      await shareAccounts(
        ctx,
        environment,
        profile.id,
        linked.id,
        offered.map((a) => a.externalId),
      );

      const initial = await measure(() => runSync(ctx, linked.id));
      // Baseline: the provider alone fetching the whole 24 months (the extension is done by now).
      const [row] = await ctx.db.select().from(connections).where(eq(connections.id, linked.id));
      const fetchOnly = await measure(() =>
        provider.fetch({
          accessToken: decrypt(ctx.secretKey, row!.accessTokenEncrypted!),
          now: new Date(),
          window: { startOn: row!.historyStartOn, endOn: toDay(new Date()) },
          products: row!.products,
          attempt: 1,
        }),
      );
      const historical = await measure(() => runSync(ctx, linked.id));
      if (initial.result.kind !== "SYNCED" || historical.result.kind !== "SYNCED")
        throw new Error(JSON.stringify([initial.result, historical.result]));
      const written =
        initial.result.result.transactionsUpserted + historical.result.result.transactionsUpserted;
      runs.push({
        transactions: written,
        fetched: fetchOnly.result.transactions.length,
        initialMs: initial.wallMs,
        historicalMs: historical.wallMs,
        historicalCpuMs: historical.cpuMs,
        fetchOnlyMs: fetchOnly.wallMs,
        fetchOnlyCpuMs: fetchOnly.cpuMs,
        ratio: round(historical.wallMs / fetchOnly.wallMs),
        peakRssGrowthMb: historical.peakRssGrowthMb,
      });
    }
  } finally {
    await runtime.close();
    await storage.cleanup();
    await mx.close();
  }
  return {
    storage: storage.label,
    perAccountPerMonth: PER_MONTH,
    median: {
      transactions: median(runs.map((r) => r.transactions)),
      initialMs: median(runs.map((r) => r.initialMs)),
      historicalMs: median(runs.map((r) => r.historicalMs)),
      historicalCpuMs: median(runs.map((r) => r.historicalCpuMs)),
      fetchOnlyMs: median(runs.map((r) => r.fetchOnlyMs)),
      ratio: median(runs.map((r) => r.ratio)),
    },
    runs,
  };
}

if (import.meta.main) {
  const summary = await benchMxSync();
  console.log(
    `MX 24-month history sync, ${summary.perAccountPerMonth} transactions per account and month — ${summary.storage}`,
  );
  for (const [i, r] of summary.runs.entries()) {
    console.log(
      `  run ${i + 1}: ${r.transactions} transactions: initial ${r.initialMs} ms, historical ${r.historicalMs} ms (cpu ${r.historicalCpuMs} ms) ` +
        `vs provider-only ${r.fetchOnlyMs} ms (cpu ${r.fetchOnlyCpuMs} ms, ${r.fetched} fetched) = ${r.ratio}x; peak RSS +${r.peakRssGrowthMb} MB`,
    );
  }
  const m = summary.median;
  console.log(
    `  median: ${m.transactions} transactions, initial ${m.initialMs} ms, historical ${m.historicalMs} ms (cpu ${m.historicalCpuMs} ms), provider-only ${m.fetchOnlyMs} ms, ratio ${m.ratio}x`,
  );
  writeResults("mx-sync.json", summary);
}
