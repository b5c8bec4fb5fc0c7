/**
 * Webhook delivery: deliveries per second to a local HTTPS receiver, and event→delivery latency
 * (p50, p99) under load at a steady rate below that throughput.
 *   node bench/webhooks.ts       (PGlite, in-process worker; BENCH_DATABASE_URL=postgres://… runs a
 *                                 real `weft worker` process against PostgreSQL)
 * BENCH_WEBHOOK_EVENTS (default 2000) events for the throughput phase; BENCH_SECONDS (default 10)
 * for the latency phase; BENCH_WEBHOOK_WORKERS (default 1) worker processes on PostgreSQL.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pino from "pino";
import { loadConfig } from "../apps/server/src/config.ts";
import type { AppContext } from "../apps/server/src/context.ts";
import { JOBS_CHANNEL } from "../apps/server/src/jobs/queue.ts";
import { Worker } from "../apps/server/src/jobs/worker.ts";
import { createEnvironment } from "../apps/server/src/modules/environments/service.ts";
import { recordEvent } from "../apps/server/src/modules/events/service.ts";
import { webhookJobHandlers } from "../apps/server/src/modules/webhooks/jobs.ts";
import { createSubscription } from "../apps/server/src/modules/webhooks/service.ts";
import { openRuntime } from "../apps/server/src/runtime.ts";
import { createTestTls, startReceiver } from "../apps/server/test/https-receiver.ts";
import { benchStorage, CLI, startProcess, writeResults } from "./lib.ts";

export type WebhookBenchResult = {
  storage: string;
  worker: string;
  throughput: { events: number; seconds: number; deliveriesPerSecond: number };
  latency: {
    ratePerSecond: number;
    events: number;
    deliveriesPerSecond: number;
    p50Ms: number;
    p99Ms: number;
    maxMs: number;
  };
};

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `prefill` writes history into the database before the worker starts (bench/queue-scale.ts). */
export async function benchWebhooks(
  options: { prefill?: (ctx: AppContext) => Promise<void> } = {},
): Promise<WebhookBenchResult> {
  const throughputEvents = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 2000);
  const latencySeconds = Number(process.env.BENCH_SECONDS ?? 10);
  const storage = await benchStorage();
  const tls = await createTestTls();
  const receiver = await startReceiver(tls, () => ({ status: 204 }));
  const caFile = path.join(storage.env.WEFT_DATA_DIR!, "bench-ca.pem");
  fs.writeFileSync(caFile, tls.caPem);
  const settings = {
    ...storage.env,
    WEFT_SECRET_KEY: randomBytes(32).toString("hex"),
    WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    WEFT_LOG_LEVEL: "warn",
  };
  const runtime = await openRuntime(loadConfig(settings), "bench/webhooks", pino({ level: "warn" }));
  const { ctx } = runtime;
  await options.prefill?.(ctx);
  const onPostgres = Boolean(storage.env.DATABASE_URL);
  let stopWorker: () => Promise<void>;
  let startWorker: () => Promise<void>;
  let workerLabel: string;
  if (onPostgres) {
    // The production path: separate `weft worker` processes trusting the test CA as an operator would.
    const count = Number(process.env.BENCH_WEBHOOK_WORKERS ?? 1);
    let children: Awaited<ReturnType<typeof startProcess>>[] = [];
    workerLabel = `${count} \`weft worker\` process${count === 1 ? "" : "es"}`;
    startWorker = async () => {
      const env = { ...process.env, ...settings, NODE_EXTRA_CA_CERTS: caFile };
      children = await Promise.all(
        Array.from({ length: count }, () => startProcess([CLI, "worker"], env, "running jobs")),
      );
    };
    stopWorker = async () => {
      await Promise.all(children.map((c) => c.stop()));
    };
  } else {
    // PGlite is one process's database: the worker runs here, as inside `weft serve`.
    const worker = new Worker(ctx.db, webhookJobHandlers(ctx, { ca: tls.caPem }), {
      logger: ctx.logger,
      subscribe: (onEnqueued) => ctx.listen(JOBS_CHANNEL, onEnqueued),
    });
    workerLabel = "in-process worker";
    startWorker = async () => worker.start();
    stopWorker = () => worker.stop();
  }

  try {
    const environment = await createEnvironment(ctx.db, { name: "Bench", mode: "TEST" });
    await ctx.db.transaction((tx) =>
      createSubscription(tx, ctx.secretKey, environment.id, {
        name: "Bench receiver",
        targetUrl: receiver.url("/hooks", "localhost"),
        eventTypes: ["profile"],
      }),
    );
    const emit = (tx: Parameters<Parameters<typeof ctx.db.transaction>[0]>[0]) =>
      recordEvent(tx, {
        environmentId: environment.id,
        type: "profile.ready",
        profile: null,
        record: { id: "p_bench", note: "x".repeat(200) },
      });
    const waitForRequests = async (count: number) => {
      const deadline = Date.now() + 600_000;
      while (receiver.requests.length < count) {
        if (Date.now() > deadline) throw new Error(`only ${receiver.requests.length}/${count} delivered`);
        await sleep(20);
      }
    };

    // Phase 1: a backlog of events committed at once (one transaction), drained as fast as it goes.
    await startWorker();
    await ctx.db.transaction(async (tx) => {
      for (let i = 0; i < throughputEvents; i++) await emit(tx);
    });
    const started = performance.now();
    await waitForRequests(throughputEvents);
    const seconds = (performance.now() - started) / 1000;
    const deliveriesPerSecond = throughputEvents / seconds;

    // Phase 2: events at a steady 80% of that rate, each in its own transaction like an API write.
    const rate = Math.max(1, Math.floor(deliveriesPerSecond * 0.8));
    const committedAt = new Map<string, number>();
    receiver.requests.length = 0;
    const phaseStart = performance.now();
    const phaseStartEpoch = Date.now();
    let sent = 0;
    while (performance.now() - phaseStart < latencySeconds * 1000) {
      const due = Math.floor(((performance.now() - phaseStart) / 1000) * rate);
      while (sent < due) {
        const id = await ctx.db.transaction((tx) => emit(tx));
        committedAt.set(id, Date.now());
        sent++;
      }
      await sleep(2);
    }
    await waitForRequests(sent);
    const phaseSeconds = (Math.max(...receiver.requests.map((r) => r.receivedAt)) - phaseStartEpoch) / 1000;
    const latencies = receiver.requests
      .map((r) => {
        const eventId = (JSON.parse(r.body) as { events: { id: string }[] }).events[0]!.id;
        return r.receivedAt - committedAt.get(eventId)!;
      })
      .sort((a, b) => a - b);

    const result: WebhookBenchResult = {
      storage: storage.label,
      worker: workerLabel,
      throughput: {
        events: throughputEvents,
        seconds: Number(seconds.toFixed(2)),
        deliveriesPerSecond: Math.round(deliveriesPerSecond),
      },
      latency: {
        ratePerSecond: rate,
        events: sent,
        deliveriesPerSecond: Math.round(sent / phaseSeconds),
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        maxMs: latencies.at(-1) ?? 0,
      },
    };
    console.log(`\nWebhook delivery on ${storage.label}, ${workerLabel}, HTTPS receiver on localhost`);
    console.table({
      "backlog drain": {
        events: throughputEvents,
        "deliveries/s": result.throughput.deliveriesPerSecond,
        "p50 ms": "",
        "p99 ms": "",
      },
      [`steady ${rate}/s for ${latencySeconds} s`]: {
        events: sent,
        "deliveries/s": result.latency.deliveriesPerSecond,
        "p50 ms": result.latency.p50Ms,
        "p99 ms": result.latency.p99Ms,
      },
    });
    console.log(
      "Latency: event committed → request received by the receiver (the delivery job: claim, load, HTTPS, settle).",
    );
    writeResults("webhooks.json", { at: new Date().toISOString(), ...result });
    return result;
  } finally {
    await stopWorker();
    await runtime.close();
    await receiver.close();
    await storage.cleanup();
  }
}

if (import.meta.main) await benchWebhooks();
