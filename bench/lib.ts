import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { createScratchDatabase } from "../apps/server/test/harness.ts";
import { CLI } from "../apps/server/test/processes.ts";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));

export { CLI, freePort, startProcess } from "../apps/server/test/processes.ts";

/**
 * Where benchmarks keep their data: a fresh database on BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) when set, else a fresh PGlite data dir.
 */
export async function benchStorage(): Promise<{
  env: Record<string, string>;
  label: string;
  cleanup(): Promise<void>;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "weft-bench-"));
  // Benches measure the API's capacity: no per-credential limits (they would cap it at 100 a
  // second) and no front-end builds competing for the machine.
  const unlimited = {
    WEFT_BUILD_ON_START: "false",
    WEFT_RATE_LIMIT_API_KEY: "0",
    WEFT_RATE_LIMIT_SESSION: "0",
    WEFT_RATE_LIMIT_SIGN_IN: "0",
  };
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    return {
      env: { WEFT_DATA_DIR: dataDir, ...unlimited },
      label: "PGlite (embedded)",
      cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const database = await createScratchDatabase(adminUrl, "weft_bench");
  return {
    env: { WEFT_DATA_DIR: dataDir, DATABASE_URL: database.url, ...unlimited },
    label: "PostgreSQL",
    cleanup: async () => {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A TEST environment and an API key for it, made with the CLI as an operator would (before a
 * server holds an embedded database). TEST, as production traffic would see it: SANDBOX caps
 * profiles at 50.
 */
export function createBenchCredentials(storageEnv: Record<string, string>): {
  environmentId: string;
  secret: string;
} {
  const cli = (args: string[]) =>
    JSON.parse(
      execFileSync(process.execPath, [CLI, ...args, "--json"], {
        env: { ...process.env, ...storageEnv },
      }).toString(),
    );
  const environmentId: string = cli(["env", "create", "--name", "Bench", "--mode", "TEST"]).environment.id;
  const secret: string = cli(["keys", "create", "--env", environmentId, "--name", "bench"]).apiKey.secret;
  return { environmentId, secret };
}

export type LoadResult = {
  name: string;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
};

export async function load(
  name: string,
  options: {
    url: string;
    method?: "GET" | "POST";
    headers?: Record<string, string>;
    body?: string;
    /** Bodies sent in turn, one per request, instead of `body`. */
    bodies?: string[];
    seconds?: number;
    /** Concurrent connections (default 10). */
    connections?: number;
  },
): Promise<LoadResult> {
  let sent = 0;
  const bodies = options.bodies;
  const result = await autocannon({
    url: options.url,
    method: options.method ?? "GET",
    headers: options.headers,
    body: options.body,
    ...(bodies && {
      requests: [{ setupRequest: (request) => ({ ...request, body: bodies[sent++ % bodies.length] }) }],
    }),
    connections: options.connections ?? 10,
    duration: options.seconds ?? Number(process.env.BENCH_SECONDS ?? 10),
  });
  return {
    name,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export function writeResults(file: string, data: unknown): void {
  const dir = path.join(ROOT, "bench/results");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, file), `${JSON.stringify(data, null, 2)}\n`);
}

/**
 * CPU seconds (user + system) a process has used so far, from /proc (Linux): sampled around a
 * load slice, it gives the server's CPU time per request, which the machine's noise moves far
 * less than its throughput.
 */
export function cpuSecondsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name, which is in parentheses and may contain spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticksPerSecond = 100;
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/** CPU seconds of each PostgreSQL process on this machine, by pid (none on PGlite: its work is in the server's process). */
export function postgresCpu(): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres")
        seconds.set(Number(entry), cpuSecondsOf(Number(entry)));
    } catch {
      // The process ended while we looked.
    }
  }
  return seconds;
}

/** PostgreSQL's CPU seconds since `before` (processes that ended in between are not counted). */
export function postgresCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of postgresCpu()) total += seconds - (before.get(pid) ?? 0);
  return total;
}

export const round = (value: number) => Math.round(value * 10) / 10;
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Wall and CPU time of `fn`, and how much memory it took (peak RSS and heap growth). */
export async function measure<T>(fn: () => Promise<T>) {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  let peakRss = rssBefore;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = await fn();
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  return {
    result,
    wallMs: round(wallMs),
    cpuMs: round((used.user + used.system) / 1000),
    peakRssGrowthMb: round((peakRss - rssBefore) / 2 ** 20),
    heapGrowthMb: round((process.memoryUsage().heapUsed - heapBefore) / 2 ** 20),
  };
}
