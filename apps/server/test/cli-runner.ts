import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll } from "vitest";
import { createPostgresDatabase, testDriver } from "./harness.ts";
import { CLI } from "./processes.ts";

const run = promisify(execFile);

export type CliResult = { code: number; stdout: string; stderr: string };

/**
 * A scratch data dir (and, under the postgres driver, a scratch database) for running the weft
 * CLI as a real process; set up before the file's tests and removed after them.
 */
export function useCliSandbox(name: string) {
  let env: Record<string, string> = {};
  let dataDir = "";
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `weft-${name}-`));
    // The CLI's tests need no front end: starting them never builds one.
    env = {
      PATH: process.env.PATH ?? "",
      WEFT_DATA_DIR: dataDir,
      WEFT_LOG_LEVEL: "warn",
      WEFT_BUILD_ON_START: "false",
    };
    if (testDriver === "postgres") {
      const db = await createPostgresDatabase();
      env.DATABASE_URL = db.url;
      drop = db.drop;
    }
  });
  afterAll(async () => {
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    /** The environment the CLI runs with. */
    env: () => env,
    /** Runs the CLI; `input`, when given, is its standard input (else stdin is closed at once). */
    async weft(args: string[], extraEnv: Record<string, string> = {}, input = ""): Promise<CliResult> {
      try {
        const running = run(process.execPath, [CLI, ...args], { env: { ...env, ...extraEnv } });
        running.child.stdin?.end(input);
        const { stdout, stderr } = await running;
        return { code: 0, stdout, stderr };
      } catch (error) {
        const e = error as CliResult;
        return { code: e.code, stdout: e.stdout, stderr: e.stderr };
      }
    },
  };
}
