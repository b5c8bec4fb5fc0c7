/**
 * Enrichment throughput: the engine alone on one core (goal ≥ 50,000 transactions/s), and end to
 * end over HTTP, batches of 1,000 through POST /v1/remote/enrichment/sync (goal ≥ 2,000/s), with
 * memory. Baseline in the same run, alternated with the engine: reading the same descriptions
 * (normalising and tokenising them, the floor of any matcher), so the ratio is the engine's cost
 * over merely reading its input.
 *   node bench/enrichment.ts       (PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set)
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { type EngineInput, enrichBatch } from "../apps/server/src/modules/enrichment/engine.ts";
import { tokensOf } from "../apps/server/src/modules/enrichment/text.ts";
import { startTestPlatform } from "../apps/server/test/harness.ts";
import { writeResults } from "./lib.ts";

const ENGINE_TRANSACTIONS = 50_000;
const ROUNDS = 5;
const HTTP_BATCHES = 20;
const BATCH = 1_000;

const evalFile = fileURLToPath(
  new URL("../apps/server/src/modules/enrichment/eval/descriptions.json", import.meta.url),
);
const { cases } = JSON.parse(fs.readFileSync(evalFile, "utf8")) as {
  cases: { description: string; amount: string }[];
};

const inputs = (n: number, offset = 0): EngineInput[] =>
  Array.from({ length: n }, (_, i) => {
    const c = cases[(i + offset) % cases.length]!;
    return {
      id: `t${offset + i}`,
      accountId: `a${i % 7}`,
      description: c.description,
      amount: c.amount,
      currencyCode: "USD",
      date: `2026-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`,
    };
  });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (n: number) => Math.round(n);

export async function benchEnrichment() {
  const batch = inputs(ENGINE_TRANSACTIONS);
  enrichBatch(inputs(2_000), [], { logoBase: "https://bench/logos" }); // warm-up: catalogue and JIT
  const engineRates: number[] = [];
  const engineCpu: number[] = [];
  const readRates: number[] = [];
  let heapMb = 0;
  for (let round_ = 0; round_ < ROUNDS; round_++) {
    // Baseline: read the descriptions.
    let start = performance.now();
    let tokens = 0;
    for (const t of batch) tokens += tokensOf(t.description).length;
    readRates.push(batch.length / ((performance.now() - start) / 1000));
    if (tokens === 0) throw new Error("no tokens");
    // The engine, in slices of 1,000 (as the API answers them).
    const cpu = process.cpuUsage();
    start = performance.now();
    for (let i = 0; i < batch.length; i += BATCH) {
      enrichBatch(batch.slice(i, i + BATCH), [], { logoBase: "https://bench/logos" });
    }
    const seconds = (performance.now() - start) / 1000;
    const used = process.cpuUsage(cpu);
    engineRates.push(batch.length / seconds);
    engineCpu.push((used.user + used.system) / 1000 / batch.length);
    heapMb = Math.max(heapMb, process.memoryUsage().heapUsed / 2 ** 20);
  }

  // End to end over HTTP on a real socket.
  const platform = await startTestPlatform();
  const env = await platform.environment("SANDBOX");
  const profile = await platform.app.inject({
    method: "POST",
    url: "/v1/profiles",
    headers: env.auth,
    payload: {},
  });
  const profileId = profile.json().id as string;
  const address = await platform.app.listen({ host: "127.0.0.1", port: 0 });
  const bodies = Array.from({ length: HTTP_BATCHES }, (_, b) =>
    JSON.stringify({
      profileId,
      accountType: "CHECKING",
      provider: "GENERIC",
      payload: { data: inputs(BATCH, b * BATCH).map(({ mcc: _mcc, ...t }) => t) },
    }),
  );
  const rssBefore = process.memoryUsage().rss;
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (const body of bodies) {
    const res = await fetch(`${address}/v1/remote/enrichment/sync`, {
      method: "POST",
      headers: { ...env.auth, "content-type": "application/json" },
      body,
    });
    if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  }
  const httpSeconds = (performance.now() - start) / 1000;
  const httpCpu = process.cpuUsage(cpu);
  const rssGrowthMb = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
  await platform.close();

  return {
    engine: {
      transactionsPerSecond: round(median(engineRates)),
      cpuMicrosecondsPerTransaction: Math.round(median(engineCpu) * 1000 * 10) / 10,
      readOnlyPerSecond: round(median(readRates)),
      ratioToReading: Math.round((median(readRates) / median(engineRates)) * 10) / 10,
      peakHeapMb: Math.round(heapMb),
      goal: 50_000,
    },
    http: {
      transactionsPerSecond: round((HTTP_BATCHES * BATCH) / httpSeconds),
      msPerBatchOf1000: Math.round((httpSeconds / HTTP_BATCHES) * 1000),
      cpuMsPerBatch: Math.round((httpCpu.user + httpCpu.system) / 1000 / HTTP_BATCHES),
      rssGrowthMb: Math.round(rssGrowthMb),
      goal: 2_000,
    },
  };
}

if (import.meta.main) {
  const result = await benchEnrichment();
  const e = result.engine;
  const h = result.http;
  console.log(
    `Enrichment engine, one core: ${e.transactionsPerSecond}/s (goal ${e.goal}), ${e.cpuMicrosecondsPerTransaction} µs CPU each; ` +
      `reading the same descriptions alone ${e.readOnlyPerSecond}/s (engine costs ${e.ratioToReading}x reading); heap ≤ ${e.peakHeapMb} MB`,
  );
  console.log(
    `HTTP, batches of ${BATCH}: ${h.transactionsPerSecond}/s (goal ${h.goal}), ${h.msPerBatchOf1000} ms and ${h.cpuMsPerBatch} ms CPU a batch; RSS +${h.rssGrowthMb} MB`,
  );
  writeResults("enrichment.json", result);
}
