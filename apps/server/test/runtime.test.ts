import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";
import { openRuntime } from "../src/runtime.ts";
import { createPostgresDatabase, testDriver } from "./harness.ts";

const KEY_A = "a".repeat(64);
const KEY_B = "b".repeat(64);

let dataDir: string;
let databaseUrl: string | undefined;
let drop: (() => Promise<void>) | undefined;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "weft-runtime-"));
  if (testDriver === "postgres") {
    const scratch = await createPostgresDatabase();
    databaseUrl = scratch.url;
    drop = scratch.drop;
  }
});
afterAll(async () => {
  await drop?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const configWith = (secretKey: string) =>
  loadConfig({
    WEFT_DATA_DIR: dataDir,
    WEFT_SECRET_KEY: secretKey,
    WEFT_LOG_LEVEL: "silent",
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
  });

describe("the encryption key of a deployment", () => {
  it("is the one the database was set up with: another key is refused at start, with what to do", async () => {
    const first = await openRuntime(configWith(KEY_A), "test");
    await first.close();

    const refused = openRuntime(configWith(KEY_B), "test");
    await expect(refused).rejects.toBeInstanceOf(ConfigError);
    await expect(refused).rejects.toThrow("set WEFT_SECRET_KEY to the one the first process used");

    const again = await openRuntime(configWith(KEY_A), "test");
    await again.close();
  });
});

describe("WEFT_PAGE_CACHE_MB", () => {
  it("is the megabytes of transaction pages a process keeps: 32 unless set, 0 for none", () => {
    expect(loadConfig({}).pageCacheBytes).toBe(32 * 1024 * 1024);
    expect(loadConfig({ WEFT_PAGE_CACHE_MB: "0" }).pageCacheBytes).toBe(0);
    expect(loadConfig({ WEFT_PAGE_CACHE_MB: "128" }).pageCacheBytes).toBe(128 * 1024 * 1024);
    for (const bad of ["-1", "1.5", "lots"])
      expect(() => loadConfig({ WEFT_PAGE_CACHE_MB: bad })).toThrow(
        `WEFT_PAGE_CACHE_MB must be a whole number from 0 to 65536, got "${bad}"`,
      );
  });
});

describe("WEFT_TRUST_PROXY", () => {
  it("lists the balancers whose X-Forwarded-For is trusted: addresses, CIDR ranges, presets; none unless set", () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(
      loadConfig({ WEFT_TRUST_PROXY: " 10.0.0.0/8, 192.0.2.7,fd00::/8 ,uniquelocal" }).trustProxy,
    ).toEqual(["10.0.0.0/8", "192.0.2.7", "fd00::/8", "uniquelocal"]);
    for (const bad of ["true", "10.0.0.0/33", "lb.internal", "10.0.0.1/8/1", "::1/129"])
      expect(() => loadConfig({ WEFT_TRUST_PROXY: bad })).toThrow(
        `WEFT_TRUST_PROXY lists the load balancers whose X-Forwarded-For to trust: addresses, CIDR ranges or loopback, linklocal, uniquelocal, comma-separated; got "${bad}"`,
      );
  });
});

describe("WEFT_JOB_RETENTION", () => {
  it("is days to keep succeeded, then failed, jobs and deliveries: 7,30 unless set", () => {
    expect(loadConfig({}).jobRetention).toEqual({ succeededDays: 7, failedDays: 30 });
    expect(loadConfig({ WEFT_JOB_RETENTION: "3,14" }).jobRetention).toEqual({
      succeededDays: 3,
      failedDays: 14,
    });
    expect(loadConfig({ WEFT_JOB_RETENTION: "60" }).jobRetention).toEqual({
      succeededDays: 60,
      failedDays: 60,
    });
    for (const bad of ["0", "7,0", "week", "7,30,90"])
      expect(() => loadConfig({ WEFT_JOB_RETENTION: bad })).toThrow(
        `WEFT_JOB_RETENTION must be days to keep succeeded jobs, then failed ones, such as 7,30 (got "${bad}")`,
      );
  });
});

/** A process that logs through `createLogger` to its stdout, run as `node -e`; its output and exit. */
function logFrom(script: string, { until }: { until?: (output: string) => boolean } = {}) {
  const runtime = JSON.stringify(path.resolve(import.meta.dirname, "../src/runtime.ts"));
  const child = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `import { createLogger } from ${runtime}; const log = createLogger("info"); ${script}`,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk;
    if (until?.(output)) child.kill("SIGKILL");
  });
  return new Promise<{ lines: { msg: string; i?: number }[]; code: number | null }>((resolve) =>
    child.on("close", (code) =>
      resolve({
        lines: output
          .trim()
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l)),
        code,
      }),
    ),
  );
}

describe("log lines, written asynchronously", () => {
  it("all reach the output when the process exits, in order, and when it crashes", async () => {
    const exited = await logFrom(`for (let i = 0; i < 2000; i++) log.info({ i }, "line"); process.exit(0);`);
    expect(exited.lines.map((l) => l.i)).toEqual(Array.from({ length: 2000 }, (_, i) => i));
    const crashed = await logFrom(`log.info("before"); setTimeout(() => { throw new Error("boom"); }, 10);`);
    expect(crashed.code).toBe(1);
    expect(crashed.lines.map((l) => l.msg)).toEqual(["before"]);
  });

  it("a lone line is written within moments by a process that goes on running, not held back", async () => {
    // Killed once the line is seen, or after 20 s (killed, it flushes nothing).
    const running = await logFrom(
      `log.info("alone"); setTimeout(() => process.kill(process.pid, "SIGKILL"), 20_000);`,
      {
        until: (output) => output.includes("alone"),
      },
    );
    expect(running.lines.map((l) => l.msg)).toEqual(["alone"]);
  });
});
