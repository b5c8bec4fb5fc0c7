import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { createScratchDatabase } from "../apps/server/test/harness.ts";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const CLI = path.join(ROOT, "apps/server/src/cli.ts");

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Spawn a process and wait until its output contains `readyText`. */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  readyText: string,
): Promise<{ child: ChildProcess; output: () => string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => {
    output += d;
  });
  child.stderr!.on("data", (d) => {
    output += d;
  });
  const deadline = Date.now() + 60_000;
  while (!output.includes(readyText)) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`${args.join(" ")} did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

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
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    return {
      env: { WEFT_DATA_DIR: dataDir },
      label: "PGlite (embedded)",
      cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const database = await createScratchDatabase(adminUrl, "weft_bench");
  return {
    env: { WEFT_DATA_DIR: dataDir, DATABASE_URL: database.url },
    label: "PostgreSQL",
    cleanup: async () => {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type LoadResult = {
  name: string;
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
    seconds?: number;
  },
): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? "GET",
    headers: options.headers,
    body: options.body,
    connections: 10,
    duration: options.seconds ?? Number(process.env.BENCH_SECONDS ?? 10),
  });
  return {
    name,
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
