import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import pino from "pino";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, testDriver } from "../../../test/harness.ts";
import { createTestTls, type Receiver, startReceiver } from "../../../test/https-receiver.ts";
import { CLI, exited, type StartedProcess, startProcess, waitFor } from "../../../test/processes.ts";
import { loadConfig } from "../../config.ts";
import { jobs, webhookDeliveries } from "../../db/schema/index.ts";
import { openRuntime, type Runtime } from "../../runtime.ts";
import { createEnvironment } from "../environments/service.ts";
import { recordEvent } from "../events/service.ts";
import { WEBHOOK_DELIVER_QUEUE } from "./fanout.ts";
import { createSubscription } from "./service.ts";

/**
 * Real `weft worker` processes against one PostgreSQL database, delivering to a real HTTPS
 * receiver whose throwaway CA they trust through NODE_EXTRA_CA_CERTS. PGlite is one process's
 * database, so this file runs only on PostgreSQL.
 */

let runtime: Runtime;
let receiver: Receiver;
let dropDatabase: () => Promise<void>;
let dataDir: string;
let childEnv: Record<string, string>;
let environmentId: string;
let secret: string;
const children: ChildProcess[] = [];
/** Webhook attempts each worker process runs at once (WEFT_WEBHOOK_CONCURRENCY). */
const SLOTS = 4;

async function startWorker(): Promise<StartedProcess> {
  const started = await startProcess([CLI, "worker"], childEnv, "weft worker: running jobs", 30_000);
  children.push(started.child);
  return started;
}

async function emit(count: number): Promise<string[]> {
  return runtime.ctx.db.transaction(async (tx) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      ids.push(
        await recordEvent(tx, { environmentId, type: "profile.ready", profile: null, record: { n: i } }),
      );
    }
    return ids;
  });
}

const deliveriesFor = (eventIds: string[]) =>
  runtime.ctx.db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.eventId, eventIds));

describe.skipIf(testDriver !== "postgres")("webhook delivery across worker processes (PostgreSQL)", () => {
  beforeAll(async () => {
    const database = await createPostgresDatabase();
    dropDatabase = database.drop;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "weft-webhook-workers-"));
    const tls = await createTestTls();
    const caFile = path.join(dataDir, "test-ca.pem");
    fs.writeFileSync(caFile, tls.caPem);
    receiver = await startReceiver(tls);
    const settings = {
      DATABASE_URL: database.url,
      WEFT_DATA_DIR: dataDir,
      WEFT_SECRET_KEY: randomBytes(32).toString("hex"),
      WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
      // Few slots a process: more attempts in flight at once than N - 1 processes hold shows all N delivering.
      WEFT_WEBHOOK_CONCURRENCY: String(SLOTS),
      WEFT_LOG_LEVEL: "warn",
    };
    childEnv = { PATH: process.env.PATH ?? "", NODE_EXTRA_CA_CERTS: caFile, ...settings };
    runtime = await openRuntime(loadConfig(settings), "webhook worker test", pino({ level: "silent" }));
    environmentId = (await createEnvironment(runtime.ctx.db, { name: "Workers", mode: "TEST" })).id;
    const created = await runtime.ctx.db.transaction((tx) =>
      createSubscription(tx, runtime.ctx.secretKey, environmentId, {
        name: "Receiver",
        // localhost goes through the system resolver, SNI and certificate checks like any real name.
        targetUrl: receiver.url("/hooks", "localhost"),
        eventTypes: ["profile"],
      }),
    );
    secret = created.secret;
  });

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && !child.signalCode) child.kill("SIGKILL");
    await Promise.all(children.map(exited));
    await receiver?.close();
    await runtime?.close();
    await dropDatabase?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("a delivery in flight when its worker is killed is delivered after restart", {
    timeout: 90_000,
  }, async () => {
    // The first request is received and never answered: the worker is mid-delivery when it dies.
    receiver.respondWith((_, index) => (index === 0 ? { status: 200, hang: true } : { status: 200 }));
    const first = await startWorker();
    const [eventId] = await emit(1);
    await receiver.waitForRequests(1, 30_000);

    const [inFlight] = await runtime.ctx.db.select().from(jobs).where(eq(jobs.queue, WEBHOOK_DELIVER_QUEUE));
    expect(inFlight).toMatchObject({ state: "active", attempts: 1 });
    expect(inFlight!.lockedBy).toMatch(new RegExp(`^wrk_${first.child.pid}_`));
    first.child.kill("SIGKILL");
    await exited(first.child);
    expect(first.child.signalCode).toBe("SIGKILL");

    const [stranded] = await deliveriesFor([eventId!]);
    expect(stranded).toMatchObject({ status: "PENDING", attempts: 0 });
    const [stillLeased] = await runtime.ctx.db.select().from(jobs).where(eq(jobs.id, inFlight!.id));
    expect(stillLeased).toMatchObject({ state: "active", lockedBy: inFlight!.lockedBy });
    // The dead worker's 60-second lease would run out by itself; move its end to now instead of waiting.
    await runtime.ctx.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, inFlight!.id));

    const second = await startWorker();
    const delivered = await waitFor("the delivery to succeed", async () => {
      const [row] = await deliveriesFor([eventId!]);
      return row?.status === "SUCCEEDED" ? row : undefined;
    });
    expect(delivered).toMatchObject({
      attempts: 2,
      responseStatus: 200,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(receiver.requests).toHaveLength(2);
    const [lost, redelivered] = receiver.requests;
    expect(redelivered!.headers["webhook-id"]).toBe(lost!.headers["webhook-id"]);
    expect(redelivered!.headers["webhook-id"]).toBe(delivered.id);
    expect(redelivered!.servername).toBe("localhost");
    for (const request of [lost!, redelivered!]) {
      const payload = new Webhook(secret).verify(request.body, request.headers) as {
        events: { id: string }[];
      };
      expect(payload.events[0]!.id).toBe(eventId);
    }
    const [settled] = await runtime.ctx.db.select().from(jobs).where(eq(jobs.id, inFlight!.id));
    expect(settled).toMatchObject({ state: "completed", attempts: 2 });

    second.child.kill("SIGTERM");
    await exited(second.child);
    expect(second.child.exitCode).toBe(0);
  });

  it("four worker processes never deliver one attempt twice", { timeout: 90_000 }, async () => {
    const processes = 4;
    const count = 24 * processes;
    receiver.requests.length = 0;
    // Slow answers keep every worker's slots busy at once.
    receiver.respondWith(() => ({ status: 200, delayMs: 250 }));
    const workers = await Promise.all(Array.from({ length: processes }, () => startWorker()));
    const eventIds = await emit(count);

    const rows = await waitFor(`all ${count} deliveries to succeed`, async () => {
      const all = await deliveriesFor(eventIds);
      return all.length === count && all.every((d) => d.status === "SUCCEEDED") ? all : undefined;
    });
    expect(rows.every((d) => d.attempts === 1 && d.responseStatus === 200)).toBe(true);

    const perMessage = new Map<string, number>();
    for (const request of receiver.requests) {
      const id = request.headers["webhook-id"]!;
      perMessage.set(id, (perMessage.get(id) ?? 0) + 1);
    }
    expect(receiver.requests).toHaveLength(count);
    expect(perMessage.size).toBe(count);
    expect([...perMessage.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(perMessage.keys())).toEqual(new Set(rows.map((d) => d.id)));
    // More requests at once than two processes' slots allow: at least three were delivering
    // together (all four is what usually happens, but a busy machine may start one late).
    expect(receiver.maxInFlight()).toBeGreaterThan(SLOTS * 2);

    for (const { child } of workers) child.kill("SIGTERM");
    await Promise.all(workers.map(({ child }) => exited(child)));
  });
});
