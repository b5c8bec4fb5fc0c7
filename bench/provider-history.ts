/**
 * A 24-month history sync per provider (MX, Finicity, Akoya): a connection linked with
 * historyMonths 24 (MX's and Finicity's extended history; Akoya's 24 months by default), then
 * its initial and historical syncs, against the local
 * stand-ins. Reported per provider and run: wall and CPU time of each sync and the transactions
 * written; the baseline in the same run, between the two syncs, is the provider alone fetching
 * the same 24 months with no database — the ratio is what writing costs on top of fetching.
 *   node bench/provider-history.ts   (PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set)
 * BENCH_HISTORY_RUNS (default 3), BENCH_HISTORY_PER_MONTH (transactions a month, default 100).
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { loadConfig } from "../apps/server/src/config.ts";
import type { AppContext } from "../apps/server/src/context.ts";
import { connections, institutions, type Product } from "../apps/server/src/db/schema/index.ts";
import {
  akoyaRedirectUri,
  completeAuthorization,
  signState,
} from "../apps/server/src/modules/akoya/service.ts";
import { shareAccounts } from "../apps/server/src/modules/connections/consent.ts";
import type { ConnectionRow } from "../apps/server/src/modules/connections/service.ts";
import { runSync } from "../apps/server/src/modules/connections/sync.ts";
import { createEnvironment, type EnvironmentRow } from "../apps/server/src/modules/environments/service.ts";
import { connectLogin, finicityCustomerId } from "../apps/server/src/modules/finicity/service.ts";
import { connectMember, mxUserGuid } from "../apps/server/src/modules/mx/service.ts";
import { createProfile } from "../apps/server/src/modules/profiles/service.ts";
import { startAkoyaStandIn } from "../apps/server/src/providers/akoya/test/stand-in.ts";
import { toDay } from "../apps/server/src/providers/dates.ts";
import { startFinicityStandIn } from "../apps/server/src/providers/finicity/test/stand-in.ts";
import { startMxStandIn } from "../apps/server/src/providers/mx/test/stand-in.ts";
import {
  akoyaProviderFor,
  finicityProviderFor,
  mxProviderFor,
} from "../apps/server/src/providers/registry.ts";
import type { DataProvider } from "../apps/server/src/providers/types.ts";
import { openRuntime } from "../apps/server/src/runtime.ts";
import { decrypt } from "../apps/server/src/security/secrets.ts";
import { benchStorage, measure, median, round, writeResults } from "./lib.ts";

const RUNS = Number(process.env.BENCH_HISTORY_RUNS ?? 3);
const PER_MONTH = Number(process.env.BENCH_HISTORY_PER_MONTH ?? 100);
const PRODUCTS: Product[] = ["ACCOUNT_BALANCES_AND_TRANSACTIONS"];

type Caller = { environmentId: string; profileId: string };

/** How each provider's stand-in is started and a connection linked through it, as the Connector would. */
type Subject = {
  name: string;
  env: Record<string, string>;
  provider(ctx: AppContext, environmentId: string): Promise<DataProvider>;
  link(ctx: AppContext, caller: Caller): Promise<ConnectionRow>;
  close(): Promise<void>;
};

async function mxSubject(): Promise<Subject> {
  const mx = await startMxStandIn();
  return {
    name: "MX",
    env: { WEFT_MX_CLIENT_ID: mx.clientId, WEFT_MX_API_KEY: mx.apiKey, WEFT_MX_BASE_URL: mx.url },
    provider: mxProviderFor,
    async link(ctx, caller) {
      const provider = await mxProviderFor(ctx, caller.environmentId);
      const userGuid = await mxUserGuid(provider, caller.profileId);
      const { memberGuid } = mx.createMember(userGuid, { transactionsPerMonth: PER_MONTH });
      return connectMember(ctx, caller, {
        memberGuid,
        institution: null,
        products: PRODUCTS,
        historyMonths: 24,
      });
    },
    close: () => mx.close(),
  };
}

async function finicitySubject(): Promise<Subject> {
  const finicity = await startFinicityStandIn();
  return {
    name: "Finicity",
    env: {
      WEFT_FINICITY_PARTNER_ID: finicity.partnerId,
      WEFT_FINICITY_SECRET: finicity.partnerSecret,
      WEFT_FINICITY_APP_KEY: finicity.appKey,
      WEFT_FINICITY_BASE_URL: finicity.url,
    },
    provider: finicityProviderFor,
    async link(ctx, caller) {
      const provider = await finicityProviderFor(ctx, caller.environmentId);
      const customerId = await finicityCustomerId(provider.client, caller.profileId, "testing");
      finicity.createLogin(customerId, { transactionsPerMonth: PER_MONTH });
      return connectLogin(ctx, caller, { products: () => PRODUCTS, historyMonths: 24 });
    },
    close: () => finicity.close(),
  };
}

async function akoyaSubject(): Promise<Subject> {
  const akoya = await startAkoyaStandIn({ transactionsPerMonth: PER_MONTH });
  let user = 0;
  return {
    name: "Akoya",
    env: {
      WEFT_AKOYA_CLIENT_ID: akoya.clientId,
      WEFT_AKOYA_SECRET: akoya.clientSecret,
      WEFT_AKOYA_BASE_URL: akoya.url,
    },
    provider: akoyaProviderFor,
    async link(ctx, caller) {
      // The consent as the Connector finishes it: Akoya's code, handed back with the state Weft signed
      // for the Connector's session.
      const session = { ...caller, sessionId: "ses_bench" };
      const [mikomo] = await ctx.db
        .select()
        .from(institutions)
        .where(sql`${institutions.providerIds} ->> 'AKOYA' = 'mikomo'`);
      const state = signState(ctx.secretKey, {
        ...session,
        institutionId: mikomo!.id,
        products: PRODUCTS,
        expiresAt: Date.now() + 60_000,
      });
      const username = `mikomo_${(user++ % 9) + 1}`;
      const redirectUri = akoyaRedirectUri(ctx.config.publicUrl);
      const { code } = akoya.authorize({ username, providerId: "mikomo", redirectUri, state });
      const outcome = await completeAuthorization(ctx, session, { code, state });
      const [row] = await ctx.db.select().from(connections).where(eq(connections.id, outcome.connectionId));
      return row!;
    },
    close: () => akoya.close(),
  };
}

async function benchSubject(subject: Subject) {
  const storage = await benchStorage();
  const runtime = await openRuntime(
    loadConfig({
      ...storage.env,
      ...subject.env,
      WEFT_SECRET_KEY: randomBytes(32).toString("hex"),
      WEFT_LOG_LEVEL: "warn",
    }),
    "bench/provider-history",
    pino({ level: "warn" }),
  );
  const { ctx } = runtime;
  const runs = [];
  try {
    const environment: EnvironmentRow = await createEnvironment(ctx.db, {
      name: "bench",
      mode: "PRODUCTION",
    });
    const provider = await subject.provider(ctx, environment.id);
    for (let i = 0; i < RUNS; i++) {
      const { profile } = await createProfile(ctx.db, environment, {}, 1_000_000);
      const linked = await subject.link(ctx, { environmentId: environment.id, profileId: profile.id });
      const accessToken = decrypt(ctx.secretKey, linked.accessTokenEncrypted!);
      const offered = await provider.listAccounts({ accessToken, products: [], now: new Date() });
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
      runs.push({
        transactions:
          initial.result.result.transactionsUpserted + historical.result.result.transactionsUpserted,
        fetched: fetchOnly.result.transactions.length,
        initialMs: initial.wallMs,
        historicalMs: historical.wallMs,
        historicalCpuMs: historical.cpuMs,
        fetchOnlyMs: fetchOnly.wallMs,
        ratio: round(historical.wallMs / fetchOnly.wallMs),
      });
    }
  } finally {
    await runtime.close();
    await storage.cleanup();
    await subject.close();
  }
  return {
    provider: subject.name,
    storage: storage.label,
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
  const results = [];
  for (const make of [mxSubject, finicitySubject, akoyaSubject]) {
    const summary = await benchSubject(await make());
    results.push(summary);
    console.log(
      `${summary.provider} 24-month history sync, ${PER_MONTH} transactions a month — ${summary.storage}`,
    );
    for (const [i, r] of summary.runs.entries()) {
      console.log(
        `  run ${i + 1}: ${r.transactions} transactions: initial ${r.initialMs} ms, historical ${r.historicalMs} ms (cpu ${r.historicalCpuMs} ms) ` +
          `vs provider-only ${r.fetchOnlyMs} ms (${r.fetched} fetched) = ${r.ratio}x`,
      );
    }
    const m = summary.median;
    console.log(
      `  median: ${m.transactions} transactions, initial ${m.initialMs} ms, historical ${m.historicalMs} ms (cpu ${m.historicalCpuMs} ms), provider-only ${m.fetchOnlyMs} ms, ratio ${m.ratio}x`,
    );
  }
  writeResults("provider-history.json", results);
}
