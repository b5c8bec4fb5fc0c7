/**
 * `npm run bench -- perf`: the hot API routes against a bare `node:http` server answering a
 * constant and (on PostgreSQL) a reference — Fastify + `pg`, one prepared single-row SELECT —
 * in the same run, each server in its own process and autocannon in this one. Slices of every
 * route alternate (bare, reference, Weft's routes, bare, …) so the machine's noise hits all
 * alike; each server's CPU time per request is read from /proc.
 *   node bench/perf.ts           (PGlite; BENCH_DATABASE_URL=postgres://… for PostgreSQL)
 * BENCH_SLICES (default 4) rounds of BENCH_SLICE_SECONDS (default 3) per route: 72 s on PostgreSQL;
 * BENCH_ROUTES=profiles,sessions measures only the routes whose names contain one of those;
 * BENCH_CPU_PROF=/tmp/prof keeps the Weft server's CPU profile.
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import pino from "pino";
import { loadConfig } from "../apps/server/src/config.ts";
import { openContext } from "../apps/server/src/runtime.ts";
import {
  benchStorage,
  CLI,
  cpuSecondsOf,
  createBenchCredentials,
  freePort,
  type LoadResult,
  load,
  median,
  postgresCpu,
  postgresCpuSince,
  ROOT,
  startProcess,
  writeResults,
} from "./lib.ts";

import { loadTransactions, MEASURED, seedOwners } from "./transactions-page.ts";

/**
 * Profiles the session route cycles through: each may hold 10 sessions issued within an hour, so
 * 20,000 of them answer 200,000 issues — 16,000 a second over the route's 12 s before any is refused.
 */
const SESSION_PROFILES = 20_000;

export async function benchPerf(): Promise<
  (LoadResult & { cpuMicrosecondsPerRequest: number; databaseCpuMicrosecondsPerRequest: number })[]
> {
  const storage = await benchStorage();
  const barePort = await freePort();
  const referencePort = await freePort();
  const weftPort = await freePort();
  const bare = await startProcess(
    [path.join(ROOT, "bench/bare-server.ts")],
    { ...process.env, PORT: String(barePort) },
    "ready",
  );
  const onPostgres = Boolean(storage.env.DATABASE_URL);
  const reference = onPostgres
    ? await startProcess(
        [path.join(ROOT, "bench/reference-server.ts")],
        { ...process.env, ...storage.env, PORT: String(referencePort) },
        "ready",
      )
    : undefined;
  const { environmentId, secret } = createBenchCredentials(storage.env);
  // An account with 1,000 transactions, and profiles for the session route, before the server
  // holds the database (PGlite is one process's).
  const seeding = await openContext(loadConfig(storage.env), {
    owner: "bench/perf",
    logger: pino({ level: "warn" }),
  });
  await seedOwners(seeding.ctx.db, environmentId);
  await loadTransactions(seeding.ctx.db, 1, 1_001, sql`${MEASURED}`);
  // As a sync keeps it: the page's total, and what tells an account with transactions.
  await seeding.ctx.db.execute(sql`update accounts set transaction_count = 1000 where id = ${MEASURED}`);
  // Synced transactions carry their enrichment: the page answers it with each.
  await seeding.ctx.db.execute(sql`
    update transactions set enrichment = json_build_object(
      'merchant', 'Bench Merchant ' || (amount::int % 97), 'merchantId', 'mer_bench-' || (amount::int % 97),
      'website', 'bench.example.com', 'logo', null,
      'categories', json_build_object('general', 'FOOD_AND_DRINK', 'detailed', 'FOOD_AND_DRINK_COFFEE',
        'accounting', 'operational expenses'),
      'counterparty', json_build_object('id', 'mer_bench-' || (amount::int % 97),
        'name', 'Bench Merchant ' || (amount::int % 97), 'type', 'organization'),
      'person', null, 'intermediaries', '["Square"]'::json, 'location', 'Oakland, CA')
    where account_id = ${MEASURED}`);
  await seeding.ctx.db.execute(sql`
    insert into profiles (id, environment_id, uuid)
    select 'p_bench_session_' || lpad(g::text, 10, '0'), ${environmentId}, gen_random_uuid()::text
    from generate_series(1, ${SESSION_PROFILES}::int) g`);
  await seeding.close();
  // BENCH_CPU_PROF=dir writes the Weft server's CPU profile there when it stops (for `--cpu-prof`'s viewers).
  const profiling = process.env.BENCH_CPU_PROF
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const weft = await startProcess(
    [...profiling, CLI, "serve"],
    {
      ...process.env,
      ...storage.env,
      PORT: String(weftPort),
      WEFT_LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
    },
    "Weft is running",
  );
  try {
    const base = `http://127.0.0.1:${weftPort}`;
    const auth = { authorization: `Bearer ${secret}`, "content-type": "application/json" };
    const profile = (await (
      await fetch(`${base}/v1/profiles`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ email: "b@example.com" }),
      })
    ).json()) as { id: string };

    type Route = { name: string; pid: number; options: Parameters<typeof load>[1] };
    const routes: Route[] = [
      { name: "bare node:http", pid: bare.child.pid!, options: { url: `http://127.0.0.1:${barePort}/` } },
      ...(reference
        ? [
            {
              name: "reference: Fastify + pg, prepared",
              pid: reference.child.pid!,
              options: { url: `http://127.0.0.1:${referencePort}/v1/profiles/${profile.id}` },
            },
          ]
        : []),
      {
        name: "GET /v1/profiles/{id}",
        pid: weft.child.pid!,
        options: { url: `${base}/v1/profiles/${profile.id}`, headers: auth },
      },
      {
        name: "GET /v1/accounts/{id}/transactions (100)",
        pid: weft.child.pid!,
        options: { url: `${base}/v1/accounts/${MEASURED}/transactions?limit=100`, headers: auth },
      },
      {
        // One round trip: an existing profile as it is (profiles cycled: 10 sessions an hour each).
        name: "POST /v1/users/sessions (existing profile)",
        pid: weft.child.pid!,
        options: {
          url: `${base}/v1/users/sessions`,
          method: "POST",
          headers: auth,
          bodies: Array.from({ length: SESSION_PROFILES }, (_, i) =>
            JSON.stringify({ userId: `p_bench_session_${String(i + 1).padStart(10, "0")}` }),
          ),
        },
      },
      {
        // Sessions are limited per profile (10 an hour), so each request creates its profile: the first-session path.
        name: "POST /v1/users/sessions (new profile)",
        pid: weft.child.pid!,
        options: {
          url: `${base}/v1/users/sessions`,
          method: "POST",
          headers: auth,
          body: JSON.stringify({ email: "new@example.com" }),
        },
      },
    ];
    // BENCH_ROUTES=a,b keeps the baselines and the routes whose names contain a or b (profiling one).
    const only = process.env.BENCH_ROUTES?.split(",");
    if (only) {
      const kept = routes.filter((r, i) => i < (reference ? 2 : 1) || only.some((o) => r.name.includes(o)));
      routes.splice(0, routes.length, ...kept);
    }
    // Alternating slices (bare, Weft, Weft, bare, …) so that the machine's noise hits every route alike.
    const slices = Number(process.env.BENCH_SLICES ?? 4);
    const seconds = Number(process.env.BENCH_SLICE_SECONDS ?? 3);
    const totals = routes.map(() => ({
      requests: 0,
      seconds: 0,
      cpu: 0,
      databaseCpu: 0,
      p50: [] as number[],
      p99: [] as number[],
      errors: 0,
    }));
    for (let slice = 0; slice < slices; slice++) {
      for (const [i, route] of routes.entries()) {
        const cpuBefore = cpuSecondsOf(route.pid);
        const databaseCpuBefore = postgresCpu();
        const result = await load(route.name, { ...route.options, seconds });
        const total = totals[i]!;
        total.cpu += cpuSecondsOf(route.pid) - cpuBefore;
        total.databaseCpu += postgresCpuSince(databaseCpuBefore);
        total.requests += result.requests;
        total.seconds += seconds;
        total.p50.push(result.p50Ms);
        total.p99.push(result.p99Ms);
        total.errors += result.errors;
      }
    }
    const results = routes.map((route, i) => {
      const total = totals[i]!;
      return {
        name: route.name,
        requests: total.requests,
        requestsPerSecond: Math.round(total.requests / total.seconds),
        cpuMicrosecondsPerRequest: Math.round((total.cpu / total.requests) * 1e6),
        databaseCpuMicrosecondsPerRequest: Math.round((total.databaseCpu / total.requests) * 1e6),
        p50Ms: median(total.p50),
        p99Ms: median(total.p99),
        errors: total.errors,
      };
    });
    const bareRps = results[0]!.requestsPerSecond;
    const referenceRps = reference ? results[1]!.requestsPerSecond : undefined;
    const share = (rps: number, of: number | undefined) => (of ? `${((rps / of) * 100).toFixed(1)}%` : "");
    console.log(
      `\nAPI benchmark on ${storage.label}, 10 connections, ${slices} alternating slices of ${seconds} s per route`,
    );
    console.table(
      results.map((r) => ({
        route: r.name,
        "req/s": r.requestsPerSecond,
        "CPU µs/req": r.cpuMicrosecondsPerRequest,
        ...(onPostgres ? { "PostgreSQL CPU µs/req": r.databaseCpuMicrosecondsPerRequest } : {}),
        "p50 ms": r.p50Ms,
        "p99 ms": r.p99Ms,
        "vs bare": share(r.requestsPerSecond, bareRps),
        "vs reference": share(r.requestsPerSecond, referenceRps),
        errors: r.errors,
      })),
    );
    writeResults("perf.json", { storage: storage.label, at: new Date().toISOString(), results });
    return results;
  } finally {
    await weft.stop();
    await reference?.stop();
    await bare.stop();
    await storage.cleanup();
  }
}

if (import.meta.main) await benchPerf();
