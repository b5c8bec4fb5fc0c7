import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../src/db/client.ts";
import {
  accounts,
  connections,
  events,
  jobs,
  profiles,
  statements,
  transactions,
  webhookDeliveries,
} from "../src/db/schema/index.ts";
import { createPostgresDatabase, testDriver } from "./harness.ts";
import { createTestTls, type Receiver, type Reply, startReceiver } from "./https-receiver.ts";
import { CLI, exited, type StartedProcess, startOnFreePort, waitFor } from "./processes.ts";

/**
 * What happens to `weft serve` when its process is stopped (SIGTERM) or killed (kill -9).
 *
 * kill -9 at each step of a sync, a webhook delivery, a profile deletion and a disconnect
 * (`WEFT_CRASH_AT`, jobs/crash-points.ts), then a restart: the work ends in the right state,
 * nothing is lost, nothing is done twice, and a connection is SYNCED within 30 s of the restart.
 * Each case is its own `weft serve` on its own database, so the cases run side by side; on
 * PostgreSQL a dead worker's job waits out its 20-second lease, on PGlite it is taken back at start.
 */

let receiver: Receiver;
let caFile: string;
let scratch: string;
/** How the receiver answers requests to a path (200 at once unless set). */
const replies = new Map<string, Reply>();

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "weft-crash-"));
  const tls = await createTestTls();
  caFile = path.join(scratch, "test-ca.pem");
  fs.writeFileSync(caFile, tls.caPem);
  receiver = await startReceiver(tls, (request) => replies.get(request.path) ?? { status: 200 });
});

afterAll(async () => {
  await receiver?.close();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

type Answer = { status: number; body: Record<string, unknown> };

/** A request whose answer may be lost: the process can die of its crash point before it answers. */
const answerLost = (error: unknown) =>
  ["UND_ERR_SOCKET", "ECONNRESET"].includes((error as { cause?: { code?: string } }).cause?.code ?? "");

/** One Weft (`weft serve` as a real process) on its own data dir and database, started again at will. */
async function weft(name: string) {
  const dataDir = fs.mkdtempSync(path.join(scratch, `${name.replaceAll(/[^a-z]/g, "-")}-`));
  const database = testDriver === "postgres" ? await createPostgresDatabase() : undefined;
  // Each start takes a port free at that moment: the one before may have gone, between a kill and
  // the restart, to another suite's outgoing connection.
  let port = 0;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    WEFT_DATA_DIR: dataDir,
    WEFT_LOG_LEVEL: "warn",
    WEFT_BUILD_ON_START: "false",
    WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    NODE_EXTRA_CA_CERTS: caFile,
    ...(database && { DATABASE_URL: database.url }),
  };
  let secret = "";
  let running: StartedProcess | undefined;

  const instance = {
    secret: () => secret,
    hookPath: `/hooks/${name}`,
    async start(crashAt?: string): Promise<StartedProcess> {
      const started = await startOnFreePort(
        [CLI, "serve"],
        { ...env, ...(crashAt && { WEFT_CRASH_AT: crashAt }) },
        "Weft is running",
        // A first start on a fresh embedded database (initdb, every migration) takes ~20 s of CPU
        // alone; four starting at once beside other suites on 2 cores need the room.
        120_000,
      );
      ({ port } = started);
      running = started;
      secret ||= / secret {2,}(\S+)/.exec(running.output())?.[1] ?? "";
      return running;
    },
    async api(method: string, url: string, body?: unknown): Promise<Answer> {
      const res = await fetch(`http://127.0.0.1:${port}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${secret}`,
          ...(body !== undefined && { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : {} };
    },
    /** Waits for the process armed with a crash point to die of it. */
    async crashed(): Promise<void> {
      const child = running!.child;
      await Promise.race([
        exited(child),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error(`${name}: never reached its crash point`)), 60_000),
        ),
      ]);
      expect(child.signalCode).toBe("SIGKILL");
    },
    get port() {
      return port;
    },
    child: () => running!.child,
    output: () => running?.output() ?? "",
    async stop(): Promise<void> {
      expect(await running!.stop()).toBe(0);
    },
    /** Reads the database once the server is stopped (PGlite is one process's database). */
    async inspect<T>(read: (db: Database) => Promise<T>): Promise<T> {
      const handle = await openDatabase(
        database
          ? { driver: "postgres", url: database.url }
          : { driver: "pglite", dataDir, owner: "crash test" },
      );
      try {
        return await read(handle.db);
      } finally {
        await handle.close();
      }
    },
    async dispose(): Promise<void> {
      const child = running?.child;
      if (child && child.exitCode === null && !child.signalCode) {
        child.kill("SIGKILL");
        await exited(child);
      }
      await database?.drop();
    },
  };
  return instance;
}

type Weft = Awaited<ReturnType<typeof weft>>;

async function withWeft(name: string, body: (w: Weft) => Promise<void>): Promise<void> {
  const w = await weft(name);
  try {
    await body(w);
  } finally {
    await w.dispose();
  }
}

async function createProfile(w: Weft): Promise<string> {
  const res = await w.api("POST", "/v1/profiles", {});
  expect(res.status).toBe(201);
  return res.body.id as string;
}

/** Linked before any crash point is reached (none is armed on the sync). */
async function linkSandbox(w: Weft, profileId: string): Promise<string> {
  const res = await w.api("POST", "/v1/sandbox/connections", { profileId });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const statusOf = async (w: Weft, connectionId: string) =>
  (await w.api("GET", `/v1/connections/${connectionId}`)).body.status as string;

/**
 * Restart without a crash point and wait for `settled`; returns the seconds it took. On
 * PostgreSQL it then waits for the dead worker's job to be settled too: the crash may come after
 * the job's work committed, and its row stays leased to the dead worker until the lease runs out
 * (on PGlite, the one process's database, it is taken back at start).
 */
async function restartUntil(w: Weft, what: string, settled: () => Promise<boolean>): Promise<number> {
  await w.start();
  const startedAt = Date.now();
  await waitFor(what, async () => ((await settled()) ? true : undefined));
  const seconds = (Date.now() - startedAt) / 1000;
  if (testDriver === "postgres") {
    await waitFor("the dead worker's job to be settled", async () =>
      (await w.inspect(unfinishedJobs)).length === 0 ? true : undefined,
    );
  }
  return seconds;
}

const eventCounts = (db: Database) =>
  db
    .select({ type: events.type, n: count() })
    .from(events)
    .groupBy(events.type)
    .then((rows) => Object.fromEntries(rows.map((r) => [r.type, r.n])));

const unfinishedJobs = (db: Database) =>
  db
    .select({ queue: jobs.queue, state: jobs.state, lastError: jobs.lastError })
    .from(jobs)
    .then((rows) => rows.filter((r) => r.state === "active" || r.state === "failed"));

const SYNC_STEPS = [
  "connections.sync:claimed",
  "connections.sync:fetched",
  // Between the bounded transactions a large sync writes before its own (its accounts, then
  // its transactions in parts of 200, then its statements).
  "connections.sync:staged",
  "connections.sync:writing",
  "connections.sync:handled",
];

describe.concurrent(`kill -9 at each step, then restart (${testDriver})`, { timeout: 240_000 }, () => {
  it.each(SYNC_STEPS)("a sandbox sync killed at %s is SYNCED within 30 s of the restart", async (step) =>
    withWeft(step, async (w) => {
      await w.start(step);
      const profileId = await createProfile(w);
      // The worker can take the sync and die before the link is answered; the client then finds
      // its connection on the profile after the restart.
      await w.api("POST", "/v1/sandbox/connections", { profileId }).catch((error) => {
        if (!answerLost(error)) throw error;
      });
      await w.crashed();

      let connectionId = "";
      const seconds = await restartUntil(w, "SYNCED", async () => {
        const listed = await w.api("GET", `/v1/profiles/${profileId}/connections`);
        const [connection] = listed.body as unknown as { id: string; status: string }[];
        connectionId = connection?.id ?? "";
        return connection?.status === "SYNCED";
      });
      expect(seconds).toBeLessThan(30);
      // The history pass that follows the first sync finishes or stays queued: a clean stop.
      await w.stop();

      await w.inspect(async (db) => {
        const [connection] = await db.select().from(connections).where(eq(connections.id, connectionId));
        expect(connection).toMatchObject({ status: "SYNCED", failedSyncs: 0, error: null });
        expect(connection!.initialSyncedAt).not.toBeNull();
        const [stored] = await db.select({ n: count() }).from(transactions);
        expect(stored!.n).toBeGreaterThan(0);
        const counts = await eventCounts(db);
        // Done once: one first sync, whichever step the crash interrupted.
        expect(counts["connection.synced.successful.initial"]).toBe(1);
        expect(counts["connection.created"]).toBe(1);
        expect(counts["profile.ready"]).toBe(1);
        expect(counts["connection.synced.successful.historical"] ?? 0).toBeLessThanOrEqual(1);
        // Each account and statement announced once, though a crash may come between the stage
        // that wrote it and the end of the sync.
        const [accountRows] = await db.select({ n: count() }).from(accounts);
        expect(counts["account.created"]).toBe(accountRows!.n);
        const [statementRows] = await db.select({ n: count() }).from(statements);
        expect(counts["statement.ready"] ?? 0).toBe(statementRows!.n);
        expect(await unfinishedJobs(db)).toEqual([]);
      });
    }),
  );

  it("an incremental sync killed after its commit is not run again after the restart", async () =>
    withWeft("incremental", async (w) => {
      await w.start();
      const subscription = await w.api("POST", "/v1/webhooks/subscriptions", {
        name: "Receiver",
        targetUrl: receiver.url(w.hookPath, "localhost"),
        eventTypes: ["connection"],
      });
      expect(subscription.status).toBe(201);
      const connectionId = await linkSandbox(w, await createProfile(w));
      const announced = (type: string) =>
        receiver.requests.filter((r) => r.path === w.hookPath && r.body.includes(`"type":"${type}"`));
      await waitFor("the history pass", async () =>
        announced("connection.synced.successful.historical").length > 0 ? true : undefined,
      );
      await w.stop();

      await w.start("connections.sync:handled");
      await w
        .api("POST", `/v1/sandbox/connections/${connectionId}/simulate`, { event: "SYNC" })
        .catch((error) => {
          if (!answerLost(error)) throw error;
        });
      await w.crashed();
      await restartUntil(
        w,
        "the incremental sync announced",
        async () => announced("connection.synced.successful").length > 0,
      );
      await w.stop();

      await w.inspect(async (db) => {
        // The sync and its job's completion committed together: the job is not run again.
        expect((await eventCounts(db))["connection.synced.successful"]).toBe(1);
        expect(await unfinishedJobs(db)).toEqual([]);
      });
    }));

  it.each([
    // Killed before sending: sent once, after the restart; the lost claim counts as an attempt
    // (a worker that dies cannot say whether it sent).
    ["webhooks.deliver:claimed", 1, 2],
    // Killed after the receiver answered, before the answer was recorded: sent again (at least
    // once), under the same webhook-id so the receiver can tell, and recorded as the second attempt.
    ["webhooks.deliver:sent", 2, 2],
    // Killed after the attempt was recorded: nothing is sent again.
    ["webhooks.deliver:handled", 1, 1],
  ] as const)(
    "a webhook delivery killed at %s is delivered after the restart (%i request(s))",
    async (step, sent, attempts) =>
      withWeft(step, async (w) => {
        await w.start(step);
        const subscription = await w.api("POST", "/v1/webhooks/subscriptions", {
          name: "Receiver",
          targetUrl: receiver.url(w.hookPath, "localhost"),
          eventTypes: ["profile.created"],
        });
        expect(subscription.status).toBe(201);
        await createProfile(w);
        await w.crashed();

        const received = () => receiver.requests.filter((r) => r.path === w.hookPath);
        const seconds = await restartUntil(w, "the delivery", async () => {
          const res = await w.api("GET", `/v1/webhooks/subscriptions/${subscription.body.id}/deliveries`);
          const [delivery] = res.body as unknown as { status: string }[];
          return delivery?.status === "SUCCEEDED";
        });
        expect(seconds).toBeLessThan(30);
        await w.stop();

        expect(received()).toHaveLength(sent);
        expect(new Set(received().map((r) => r.headers["webhook-id"])).size).toBe(1);
        await w.inspect(async (db) => {
          const deliveries = await db.select().from(webhookDeliveries);
          expect(deliveries).toHaveLength(1);
          expect(deliveries[0]).toMatchObject({ status: "SUCCEEDED", attempts, responseStatus: 200 });
          expect(deliveries[0]!.id).toBe(received()[0]!.headers["webhook-id"]);
          expect(await unfinishedJobs(db)).toEqual([]);
        });
      }),
  );

  it.each(["profiles.delete:claimed", "profiles.delete:revoked", "profiles.delete:handled"])(
    "a profile deletion killed at %s completes after the restart, once",
    async (step) =>
      withWeft(step, async (w) => {
        await w.start(step);
        const profileId = await createProfile(w);
        const connectionId = await linkSandbox(w, profileId);
        await waitFor("SYNCED", async () =>
          (await statusOf(w, connectionId)) === "SYNCED" ? true : undefined,
        );
        const deletion = await w.api("DELETE", `/v1/profiles/${profileId}`).catch((error) => {
          if (!answerLost(error)) throw error;
        });
        if (deletion) expect(deletion.status).toBe(204);
        await w.crashed();

        const seconds = await restartUntil(
          w,
          "the deletion",
          async () => (await w.api("GET", `/v1/profiles/${profileId}`)).status === 404,
        );
        expect(seconds).toBeLessThan(30);
        await w.stop();

        await w.inspect(async (db) => {
          expect(await db.select().from(profiles).where(eq(profiles.id, profileId))).toEqual([]);
          expect(await db.select().from(connections)).toEqual([]);
          const [left] = await db.select({ n: count() }).from(transactions);
          expect(left!.n).toBe(0);
          expect((await eventCounts(db))["profile.deleted"]).toBe(1);
          expect(await unfinishedJobs(db)).toEqual([]);
        });
      }),
  );

  it.each([
    "connections.disconnect:claimed",
    "connections.disconnect:revoked",
    "connections.disconnect:handled",
  ])("a disconnect killed at %s ends DISCONNECTED after the restart, once", async (step) =>
    withWeft(step, async (w) => {
      await w.start(step);
      const connectionId = await linkSandbox(w, await createProfile(w));
      await waitFor("SYNCED", async () =>
        (await statusOf(w, connectionId)) === "SYNCED" ? true : undefined,
      );
      const disconnect = await w.api("DELETE", `/v1/connections/${connectionId}`).catch((error) => {
        if (!answerLost(error)) throw error;
      });
      if (disconnect) expect(disconnect.status).toBe(202);
      await w.crashed();

      const seconds = await restartUntil(
        w,
        "DISCONNECTED",
        async () => (await statusOf(w, connectionId)) === "DISCONNECTED",
      );
      expect(seconds).toBeLessThan(30);
      await w.stop();

      await w.inspect(async (db) => {
        const [connection] = await db.select().from(connections).where(eq(connections.id, connectionId));
        expect(connection).toMatchObject({ status: "DISCONNECTED", accessTokenEncrypted: null });
        // The data stays with a disconnected connection.
        const [kept] = await db.select({ n: count() }).from(transactions);
        expect(kept!.n).toBeGreaterThan(0);
        expect((await eventCounts(db))["connection.disconnected"]).toBe(1);
        expect(await unfinishedJobs(db)).toEqual([]);
      });
    }),
  );
});

describe(`SIGTERM (${testDriver})`, { timeout: 120_000 }, () => {
  it("stops taking requests, finishes the requests and jobs in flight, then exits 0", async () =>
    withWeft("sigterm", async (w) => {
      await w.start();
      replies.set(w.hookPath, { status: 200, delayMs: 3000 });
      const subscription = await w.api("POST", "/v1/webhooks/subscriptions", {
        name: "Slow receiver",
        targetUrl: receiver.url(w.hookPath, "localhost"),
        eventTypes: ["profile.created"],
      });
      expect(subscription.status).toBe(201);
      await createProfile(w);
      // A delivery in flight: the receiver holds it for 3 s.
      await waitFor("the delivery to start", async () =>
        receiver.requests.some((r) => r.path === w.hookPath) ? true : undefined,
      );
      // A request in flight: headers sent, half its body still to come.
      const socket = net.connect(w.port, "127.0.0.1");
      await new Promise((resolve) => socket.once("connect", resolve));
      const body = JSON.stringify({ uuid: "5f0c8e0e-6f1d-4c51-9d0a-4b1f2a3c5d7e" });
      const answer = new Promise<string>((resolve) => {
        let text = "";
        socket.on("data", (chunk) => {
          text += chunk;
        });
        socket.on("close", () => resolve(text));
      });
      socket.write(
        `POST /v1/profiles HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${w.secret()}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      );
      await new Promise((r) => setTimeout(r, 200));

      const exit = new Promise<number | null>((resolve) => w.child().once("exit", resolve));
      w.child().kill("SIGTERM");
      const stoppingAt = Date.now();
      // No new connections once it is stopping.
      await waitFor("the listener to close", async () => {
        const refused = await fetch(`http://127.0.0.1:${w.port}/health`).then(
          () => false,
          () => true,
        );
        return refused ? true : undefined;
      });
      // The request in flight is finished and answered; its keep-alive connection is then closed
      // at once rather than after its idle timeout (72 s), which would hold the exit up.
      socket.write(body.slice(10));
      const answered = await answer;
      expect(answered, `${answered}\n${w.output()}`).toMatch(/^HTTP\/1\.1 201 /);
      expect(await exit).toBe(0);
      expect(Date.now() - stoppingAt).toBeLessThan(30_000);

      await w.inspect(async (db) => {
        expect(
          await db.select().from(profiles).where(eq(profiles.uuid, "5f0c8e0e-6f1d-4c51-9d0a-4b1f2a3c5d7e")),
        ).toHaveLength(1);
        // The job in flight finished before the exit: delivered once, recorded as such. No job was
        // taken once stopping began: the delivery of the profile created meanwhile (written with
        // its event) waits, queued and unattempted, for the next start.
        expect(
          await db.select().from(webhookDeliveries).orderBy(asc(webhookDeliveries.createdAt)),
        ).toMatchObject([
          { status: "SUCCEEDED", attempts: 1, responseStatus: 200 },
          { status: "PENDING", attempts: 0 },
        ]);
        const queued = await db.select().from(jobs).where(eq(jobs.state, "queued"));
        expect(queued.map((j) => j.queue)).toContain("webhooks.deliver");
        expect(await unfinishedJobs(db)).toEqual([]);
      });
      expect(receiver.requests.filter((r) => r.path === w.hookPath)).toHaveLength(1);
    }));
});
