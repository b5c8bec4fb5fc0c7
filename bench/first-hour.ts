/**
 * The first hour, timed as a newcomer meets it (install excluded): a first `npm start` on a fresh
 * data dir until it answers, a second start on the same data, and one CLI command with the server
 * running (it runs on that server) and one without (it opens the embedded database itself).
 *   node bench/first-hour.ts        BENCH_FIRST_HOUR_RUNS (default 3) runs, medians reported
 * Front-end builds stay as `npm start` has them (in the background, after the first answer).
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CLI, freePort, writeResults } from "./lib.ts";

const runs = Number(process.env.BENCH_FIRST_HOUR_RUNS ?? 3);

/**
 * Seconds from spawning `weft serve` to its first 200 on /health; `whileUp` runs then, and the
 * process is stopped.
 */
async function startToFirstAnswer(dataDir: string, whileUp = () => {}): Promise<number> {
  const port = await freePort();
  const startedAt = performance.now();
  const child = spawn(process.execPath, [CLI, "serve"], {
    env: { PATH: process.env.PATH ?? "", WEFT_DATA_DIR: dataDir, PORT: String(port), WEFT_LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error("weft serve exited before answering");
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) {
        const seconds = (performance.now() - startedAt) / 1000;
        whileUp();
        return seconds;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));
  }
}

function cliSeconds(dataDir: string, args: string[]): number {
  const startedAt = performance.now();
  execFileSync(process.execPath, [CLI, ...args], {
    env: { PATH: process.env.PATH ?? "", WEFT_DATA_DIR: dataDir },
    stdio: "ignore",
  });
  return (performance.now() - startedAt) / 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchFirstHour() {
  const first: number[] = [];
  const second: number[] = [];
  const command: number[] = [];
  const onServer: number[] = [];
  for (let run = 0; run < runs; run++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "weft-first-hour-"));
    try {
      first.push(await startToFirstAnswer(dataDir));
      second.push(
        await startToFirstAnswer(dataDir, () =>
          onServer.push(cliSeconds(dataDir, ["env", "list", "--json"])),
        ),
      );
      command.push(cliSeconds(dataDir, ["env", "list", "--json"]));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const result = {
    runs,
    firstStartToFirstAnswerSeconds: median(first),
    secondStartToFirstAnswerSeconds: median(second),
    cliCommandSeconds: median(command),
    cliCommandOnServerSeconds: median(onServer),
    all: { first, second, command, onServer },
  };
  console.log(`\nFirst hour on ${os.cpus().length} cores, medians of ${runs} runs (seconds)`);
  console.table({
    "first npm start → first answer": result.firstStartToFirstAnswerSeconds.toFixed(1),
    "second start → first answer": result.secondStartToFirstAnswerSeconds.toFixed(1),
    "a CLI command (env list), server stopped": result.cliCommandSeconds.toFixed(2),
    "the same, server running": result.cliCommandOnServerSeconds.toFixed(2),
  });
  writeResults("first-hour.json", result);
  return result;
}

if (import.meta.main) await benchFirstHour();
