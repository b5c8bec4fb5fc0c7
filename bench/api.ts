import { execFileSync } from "node:child_process";
/**
 * API throughput: GET /v1/profiles/{id} and POST /v1/users/sessions against a bare Fastify
 * route, in the same run, each server in its own process and autocannon in this one; slices of
 * each route alternate, and each server's CPU time per request is read from /proc.
 *   node bench/api.ts            (PGlite; BENCH_DATABASE_URL=postgres://… for PostgreSQL)
 */
import path from "node:path";
import {
  benchStorage,
  CLI,
  cpuSecondsOf,
  freePort,
  type LoadResult,
  load,
  ROOT,
  startProcess,
  writeResults,
} from "./lib.ts";

export async function benchApi(): Promise<(LoadResult & { cpuMicrosecondsPerRequest: number })[]> {
  const storage = await benchStorage();
  const barePort = await freePort();
  const weftPort = await freePort();
  const bare = await startProcess(
    [path.join(ROOT, "bench/bare-server.ts")],
    { ...process.env, PORT: String(barePort) },
    "ready",
  );
  // A TEST environment, as production traffic would see it (SANDBOX caps profiles at 50), made with
  // the CLI before the server holds the database.
  const cli = (args: string[]) =>
    JSON.parse(
      execFileSync(process.execPath, [CLI, ...args, "--json"], {
        env: { ...process.env, ...storage.env },
      }).toString(),
    );
  const environmentId = cli(["env", "create", "--name", "Bench", "--mode", "TEST"]).environment.id;
  const secret: string = cli(["keys", "create", "--env", environmentId, "--name", "bench"]).apiKey.secret;
  const weft = await startProcess(
    [CLI, "serve"],
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
      { name: "bare Fastify GET /", pid: bare.child.pid!, options: { url: `http://127.0.0.1:${barePort}/` } },
      {
        name: "GET /v1/profiles/{id}",
        pid: weft.child.pid!,
        options: { url: `${base}/v1/profiles/${profile.id}`, headers: auth },
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
    // Alternating slices (bare, Weft, Weft, bare, …) so that the machine's noise hits every route alike.
    const slices = Number(process.env.BENCH_SLICES ?? 3);
    const seconds = Math.max(1, Math.round(Number(process.env.BENCH_SECONDS ?? 10) / slices));
    const totals = routes.map(() => ({
      requests: 0,
      seconds: 0,
      cpu: 0,
      p50: [] as number[],
      p99: [] as number[],
      errors: 0,
    }));
    for (let slice = 0; slice < slices; slice++) {
      for (const [i, route] of routes.entries()) {
        const cpuBefore = cpuSecondsOf(route.pid);
        const result = await load(route.name, { ...route.options, seconds });
        const total = totals[i]!;
        total.cpu += cpuSecondsOf(route.pid) - cpuBefore;
        total.requests += result.requests;
        total.seconds += seconds;
        total.p50.push(result.p50Ms);
        total.p99.push(result.p99Ms);
        total.errors += result.errors;
      }
    }
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
    const results = routes.map((route, i) => {
      const total = totals[i]!;
      return {
        name: route.name,
        requests: total.requests,
        requestsPerSecond: Math.round(total.requests / total.seconds),
        cpuMicrosecondsPerRequest: Math.round((total.cpu / total.requests) * 1e6),
        p50Ms: median(total.p50),
        p99Ms: median(total.p99),
        errors: total.errors,
      };
    });
    const bareRps = results[0]!.requestsPerSecond;
    console.log(
      `\nAPI benchmark on ${storage.label}, 10 connections, ${slices} alternating slices of ${seconds} s per route`,
    );
    console.table(
      results.map((r) => ({
        route: r.name,
        "req/s": r.requestsPerSecond,
        "CPU µs/req": r.cpuMicrosecondsPerRequest,
        "p50 ms": r.p50Ms,
        "p99 ms": r.p99Ms,
        "vs bare": `${((r.requestsPerSecond / bareRps) * 100).toFixed(1)}%`,
        errors: r.errors,
      })),
    );
    writeResults("api.json", { storage: storage.label, at: new Date().toISOString(), results });
    return results;
  } finally {
    await weft.stop();
    await bare.stop();
    await storage.cleanup();
  }
}

if (import.meta.main) await benchApi();
