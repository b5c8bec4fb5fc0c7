import { execFileSync } from "node:child_process";
/**
 * API throughput: GET /v1/profiles/{id} and POST /v1/users/sessions against a bare Fastify
 * route, in the same run, each server in its own process and autocannon in this one.
 *   node bench/api.ts            (PGlite; BENCH_DATABASE_URL=postgres://… for PostgreSQL)
 */
import path from "node:path";
import {
  benchStorage,
  CLI,
  freePort,
  type LoadResult,
  load,
  ROOT,
  startProcess,
  writeResults,
} from "./lib.ts";

export async function benchApi(): Promise<LoadResult[]> {
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
    { ...process.env, ...storage.env, PORT: String(weftPort), WEFT_LOG_LEVEL: "warn" },
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

    const results = [
      await load("bare Fastify GET /", { url: `http://127.0.0.1:${barePort}/` }),
      await load("GET /v1/profiles/{id}", { url: `${base}/v1/profiles/${profile.id}`, headers: auth }),
    ];
    // Sessions are limited per profile (10 an hour), so each request creates its profile: the first-session path.
    results.push(
      await load("POST /v1/users/sessions (new profile)", {
        url: `${base}/v1/users/sessions`,
        method: "POST",
        headers: auth,
        body: JSON.stringify({ email: "new@example.com" }),
      }),
    );
    const bareRps = results[0]!.requestsPerSecond;
    console.log(
      `\nAPI benchmark on ${storage.label}, 10 connections, ${process.env.BENCH_SECONDS ?? 10} s each`,
    );
    console.table(
      results.map((r) => ({
        route: r.name,
        "req/s": r.requestsPerSecond,
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
