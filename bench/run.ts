/**
 * `npm run bench`: every benchmark in turn. Each file also runs alone (`node bench/<name>.ts`).
 * Set BENCH_DATABASE_URL=postgres://… to measure on PostgreSQL instead of PGlite.
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const skip = new Set(["run.ts", "lib.ts", "bare-server.ts", "reference-server.ts"]);
/** Run only when named: they kill processes and measure no speed. */
const onlyWhenNamed = new Set(["chaos.ts"]);
/**
 * `perf`: the performance issue's figures in one command — the hot routes against the bare
 * server and the reference, webhook delivery, and one API process against two.
 */
const groups: Record<string, string[]> = { perf: ["perf.ts", "webhooks.ts", "scale.ts"] };
const only = process.argv.slice(2).flatMap((name) => groups[name] ?? [name]);
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith(".ts") && !skip.has(f))
  .filter((f) => (only.length === 0 ? !onlyWhenNamed.has(f) : only.some((o) => f.startsWith(o))))
  .sort();

for (const file of files) {
  console.log(`\n=== bench/${file}`);
  const { spawnSync } = await import("node:child_process");
  const result = spawnSync(process.execPath, [`${here}${file}`], { stdio: "inherit" });
  if (result.status !== 0) process.exitCode = 1;
}
