import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  startTestPlatform,
  type TestEnvironment,
  type TestPlatform,
  testDriver,
} from "../../../test/harness.ts";
import {
  createTestTls,
  type ReceivedRequest,
  type Receiver,
  startReceiver,
  type TestTls,
} from "../../../test/https-receiver.ts";
import type { AppContext } from "../../context.ts";
import { events, jobs, webhookDeliveries, webhookSubscriptions } from "../../db/schema/index.ts";
import { Worker } from "../../jobs/worker.ts";
import { recordEvent } from "../events/service.ts";
import {
  type DeliveryTransport,
  judgeAttempt,
  MAX_RETRY_AFTER_MS,
  type WebhookEventBody,
} from "./delivery.ts";
import { DELIVERY_SCHEDULE_MS, WEBHOOK_DELIVER_QUEUE } from "./fanout.ts";
import { webhookJobHandlers } from "./jobs.ts";
import type { WebhookDeliveryView } from "./schemas.ts";
import type { ResolvedAddress } from "./transport.ts";

let platform: TestPlatform;
let env: TestEnvironment;
let tls: TestTls;
let receiver: Receiver;

/** Test names resolve like real DNS would, to the receiver on 127.0.0.1 (or wherever told). */
const HOSTS: Record<string, ResolvedAddress[]> = {
  "receiver.weft.test": [{ address: "127.0.0.1", family: 4 }],
  "wrong-name.weft.test": [{ address: "127.0.0.1", family: 4 }],
  "mixed.weft.test": [
    { address: "93.184.215.14", family: 4 },
    { address: "127.0.0.1", family: 4 },
  ],
  "metadata.weft.test": [{ address: "169.254.169.254", family: 4 }],
  "mapped.weft.test": [{ address: "::ffff:127.0.0.1", family: 6 }],
};
const lookup = async (hostname: string) => {
  const found = HOSTS[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  return found;
};

const workerFor = (ctx: AppContext, transport: DeliveryTransport = {}) =>
  new Worker(ctx.db, webhookJobHandlers(ctx, { ca: tls.caPem, lookup, ...transport }), {
    logger: ctx.logger,
  });
let worker: Worker;

beforeAll(async () => {
  tls = await createTestTls();
  receiver = await startReceiver(tls);
  platform = await startTestPlatform({ WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" });
  worker = workerFor(platform.ctx);
});
afterAll(async () => {
  await receiver.close();
  await platform.close();
});
/** Each test: its own environment, an idle receiver, and no retries left over from earlier tests. */
beforeEach(async () => {
  env = await platform.environment("SANDBOX", "Delivery env");
  await platform.ctx.db.delete(jobs).where(eq(jobs.queue, WEBHOOK_DELIVER_QUEUE));
  receiver.requests.length = 0;
  receiver.respondWith(() => ({ status: 200 }));
});

const api = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, body?: unknown, e = env) =>
  platform.app.inject({
    method,
    url,
    headers: e.auth,
    ...(body !== undefined && { payload: body as object }),
  });

async function subscribe(body: Record<string, unknown> = {}, e = env) {
  const res = await api(
    "POST",
    "/v1/webhooks/subscriptions",
    { name: "Receiver", targetUrl: receiver.url(), eventTypes: ["profile"], ...body },
    e,
  );
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; secret: string; targetUrl: string };
}

async function emit(type: "profile.ready" | "profile.created" = "profile.ready", e = env): Promise<string> {
  return platform.ctx.db.transaction((tx) =>
    recordEvent(tx, {
      environmentId: e.id,
      type,
      profile: { id: "p_test", uuid: "00000000-0000-4000-8000-000000000000", metadata: { tier: "gold" } },
      record: { id: "p_test", hello: "world" },
      metadata: { source: "test" },
    }),
  );
}

async function deliveriesOf(subscriptionId: string, e = env) {
  const res = await api("GET", `/v1/webhooks/subscriptions/${subscriptionId}/deliveries`, undefined, e);
  expect(res.statusCode).toBe(200);
  return res.json() as (WebhookDeliveryView & { nextAttemptAt: string; lastAttemptAt: string })[];
}

/** Make every queued delivery due now, as if its backoff had passed. */
async function fastForward() {
  await platform.ctx.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(and(eq(jobs.queue, WEBHOOK_DELIVER_QUEUE), eq(jobs.state, "queued")));
}

const jobOf = async (deliveryId: string) => {
  const all = await platform.ctx.db.select().from(jobs).where(eq(jobs.queue, WEBHOOK_DELIVER_QUEUE));
  return all.find((j) => j.payload.deliveryId === deliveryId)!;
};

type Payload = { environment: unknown; eventTypes: string[]; events: WebhookEventBody[] };
const verify = (secret: string, request: ReceivedRequest) =>
  new Webhook(secret).verify(request.body, request.headers) as Payload;

describe("delivery to a real HTTPS receiver", () => {
  it("POSTs every stored event, signed per Standard Webhooks, with the documented body", async () => {
    const subscription = await subscribe({ eventTypes: ["profile.created"] });
    const created = await api("POST", "/v1/profiles", { name: "Ada", metadata: { plan: "pro" } });
    expect(created.statusCode).toBe(201);
    const profile = created.json();
    await worker.drain();

    expect(receiver.requests).toHaveLength(1);
    const [request] = receiver.requests;
    const payload = verify(subscription.secret, request!);
    const [event] = await platform.ctx.db.select().from(events).where(eq(events.profileId, profile.id));
    expect(payload).toEqual({
      environment: { id: env.id, name: "Delivery env", mode: "SANDBOX", metadata: null },
      eventTypes: ["profile.created"],
      events: [
        {
          id: event!.id,
          at: event!.at.toISOString(),
          type: "profile.created",
          profile: { id: profile.id, uuid: profile.uuid, metadata: { plan: "pro" } },
          record: profile,
          metadata: null,
        },
      ],
    });
    const [delivery] = await deliveriesOf(subscription.id);
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe("/webhooks");
    expect(request!.headers).toMatchObject({
      "content-type": "application/json",
      "webhook-id": delivery!.id,
      host: `receiver.weft.test:${receiver.port}`,
    });
    expect(request!.headers["user-agent"]).toMatch(/^Weft-Webhooks\//);
    expect(request!.servername).toBe("receiver.weft.test");
    const timestamp = Number(request!.headers["webhook-timestamp"]);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60);
    expect(request!.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(() => verify("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", request!)).toThrow(
      "No matching signature found",
    );

    expect(delivery).toMatchObject({
      eventId: event!.id,
      eventType: "profile.created",
      reason: "EVENT",
      status: "SUCCEEDED",
      attempts: 1,
      maxAttempts: 8,
      responseStatus: 200,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(delivery!.responseLatencyMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(delivery!.lastAttemptAt)).toBeLessThanOrEqual(Date.parse(delivery!.completedAt!));
    expect((await jobOf(delivery!.id)).state).toBe("completed");
  });

  it("a receiver that fails twice then succeeds gets the event on the third attempt, on schedule", async () => {
    const subscription = await subscribe();
    receiver.respondWith((_, index) =>
      index < 2 ? { status: 500, body: "database unavailable" } : { status: 204 },
    );
    const eventId = await emit();
    await worker.drain();

    let [delivery] = await deliveriesOf(subscription.id);
    expect(delivery).toMatchObject({
      eventId,
      status: "PENDING",
      attempts: 1,
      responseStatus: 500,
      lastError: "HTTP 500: database unavailable",
      completedAt: null,
    });
    const afterFirst = Date.parse(delivery!.nextAttemptAt) - Date.parse(delivery!.lastAttemptAt);
    expect(afterFirst).toBeGreaterThanOrEqual(5_000);
    expect(afterFirst).toBeLessThan(5_000 + 2_000);
    await worker.drain();
    expect(receiver.requests).toHaveLength(1); // not due yet

    await fastForward();
    await worker.drain();
    [delivery] = await deliveriesOf(subscription.id);
    expect(delivery).toMatchObject({ status: "PENDING", attempts: 2, responseStatus: 500 });
    const afterSecond = Date.parse(delivery!.nextAttemptAt) - Date.parse(delivery!.lastAttemptAt);
    expect(afterSecond).toBeGreaterThanOrEqual(5 * 60_000);
    expect(afterSecond).toBeLessThan(5 * 60_000 + 2_000);

    await fastForward();
    await worker.drain();
    [delivery] = await deliveriesOf(subscription.id);
    expect(delivery).toMatchObject({
      status: "SUCCEEDED",
      attempts: 3,
      responseStatus: 204,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(receiver.requests).toHaveLength(3);
    // The same message each time: one webhook-id, one event, each attempt freshly signed.
    expect(new Set(receiver.requests.map((r) => r.headers["webhook-id"]))).toEqual(new Set([delivery!.id]));
    for (const request of receiver.requests) {
      expect(verify(subscription.secret, request).events[0]!.id).toBe(eventId);
    }
  });

  it("retries on the full schedule, then marks the delivery failed", async () => {
    const subscription = await subscribe();
    receiver.respondWith(() => ({ status: 503 }));
    await emit();
    const gaps: number[] = [];
    for (let attempt = 1; attempt <= 8; attempt++) {
      await worker.drain();
      const [delivery] = await deliveriesOf(subscription.id);
      expect(delivery!.attempts).toBe(attempt);
      if (delivery!.nextAttemptAt) {
        gaps.push(Date.parse(delivery!.nextAttemptAt) - Date.parse(delivery!.lastAttemptAt));
      }
      await fastForward();
    }
    expect(receiver.requests).toHaveLength(8);
    // Attempts 1 to 7 each schedule the next; the eighth is the last.
    expect(gaps).toHaveLength(7);
    gaps.forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(DELIVERY_SCHEDULE_MS[i + 1]!);
      expect(gap).toBeLessThan(DELIVERY_SCHEDULE_MS[i + 1]! + 2_000);
    });
    expect(DELIVERY_SCHEDULE_MS).toEqual([
      0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
    ]);
    const [delivery] = await deliveriesOf(subscription.id);
    expect(delivery).toMatchObject({
      status: "FAILED",
      attempts: 8,
      responseStatus: 503,
      lastError: "HTTP 503",
      nextAttemptAt: null,
    });
    expect(delivery!.completedAt).not.toBeNull();
    expect((await jobOf(delivery!.id)).state).toBe("failed");
    await worker.drain();
    expect(receiver.requests).toHaveLength(8);
  });

  it("410 Gone disables the subscription and stops its deliveries", async () => {
    const subscription = await subscribe();
    receiver.respondWith(() => ({ status: 410 }));
    await emit();
    await worker.drain();

    const [delivery] = await deliveriesOf(subscription.id);
    expect(delivery).toMatchObject({
      status: "FAILED",
      attempts: 1,
      responseStatus: 410,
      lastError: "HTTP 410 Gone: the subscription was disabled",
      nextAttemptAt: null,
    });
    expect((await jobOf(delivery!.id)).state).toBe("failed");
    const read = (await api("GET", `/v1/webhooks/subscriptions/${subscription.id}`)).json();
    expect(read.disabled).toBe(true);
    expect(read.disabledReason).toMatch(/^The target answered 410 Gone at \d{4}-/);

    receiver.respondWith(() => ({ status: 200 }));
    await emit();
    await worker.drain();
    expect(await deliveriesOf(subscription.id)).toHaveLength(1);
    expect(receiver.requests).toHaveLength(1);
  });

  it("attempts settled together keep their own verdicts; one whose lease was taken over writes nothing", async () => {
    const paths = ["/ok", "/retry", "/gone", "/stolen"] as const;
    const subscriptions = new Map<string, string>();
    for (const path of paths)
      subscriptions.set(path, (await subscribe({ targetUrl: receiver.url(path) })).id);
    // Every answer waits until all four attempts have arrived, so they end (and settle) together.
    let arrived = 0;
    let allArrived: () => void;
    const together = new Promise<void>((resolve) => {
      allArrived = resolve;
    });
    receiver.respondWith(async (request) => {
      if (++arrived === paths.length) allArrived();
      await together;
      if (request.path === "/stolen") {
        // Another worker took this job over while the attempt was in flight.
        const job = await jobOf(request.headers["webhook-id"]!);
        await platform.ctx.db.update(jobs).set({ lockedBy: "another-worker" }).where(eq(jobs.id, job.id));
      }
      return { status: { "/ok": 200, "/retry": 500, "/gone": 410, "/stolen": 200 }[request.path] ?? 200 };
    });
    await emit();
    const settles = (await platform.statementsOf(() => worker.drain())).filter((s) =>
      s.startsWith('with "input"'),
    );
    if (platform.databaseUrl) expect(settles.length).toBeLessThan(paths.length);

    const [ok] = await deliveriesOf(subscriptions.get("/ok")!);
    expect(ok).toMatchObject({ status: "SUCCEEDED", attempts: 1, responseStatus: 200, lastError: null });
    expect((await jobOf(ok!.id)).state).toBe("completed");
    const [retry] = await deliveriesOf(subscriptions.get("/retry")!);
    expect(retry).toMatchObject({
      status: "PENDING",
      attempts: 1,
      responseStatus: 500,
      lastError: "HTTP 500",
    });
    expect(Date.parse(retry!.nextAttemptAt)).toBeGreaterThan(Date.now());
    expect((await jobOf(retry!.id)).state).toBe("queued");
    const [gone] = await deliveriesOf(subscriptions.get("/gone")!);
    expect(gone).toMatchObject({ status: "FAILED", responseStatus: 410 });
    const ours = await platform.ctx.db
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.environmentId, env.id));
    expect(ours.filter((s) => s.disabled).map((s) => s.id)).toEqual([subscriptions.get("/gone")]);
    const [stolen] = await deliveriesOf(subscriptions.get("/stolen")!);
    expect(stolen).toMatchObject({ status: "PENDING", attempts: 0, responseStatus: null });
    expect(await jobOf(stolen!.id)).toMatchObject({ state: "active", lockedBy: "another-worker" });
  });

  it("a 3xx is a failure and the redirect is not followed", async () => {
    const subscription = await subscribe();
    receiver.respondWith((request) =>
      request.path === "/webhooks"
        ? { status: 302, headers: { location: receiver.url("/elsewhere") } }
        : { status: 200 },
    );
    await emit();
    await worker.drain();
    const [delivery] = await deliveriesOf(subscription.id);
    expect(delivery).toMatchObject({
      status: "PENDING",
      attempts: 1,
      responseStatus: 302,
      lastError: `HTTP 302: a redirect to ${receiver.url("/elsewhere")}, which is not followed; only a 2xx counts`,
    });
    expect(receiver.requests.map((r) => r.path)).toEqual(["/webhooks"]);
  });

  it("honours Retry-After, in seconds or as an HTTP date", async () => {
    const subscription = await subscribe();
    receiver.respondWith(() => ({ status: 429, headers: { "retry-after": "120" } }));
    await emit();
    await worker.drain();
    let [delivery] = await deliveriesOf(subscription.id);
    let gap = Date.parse(delivery!.nextAttemptAt) - Date.parse(delivery!.lastAttemptAt);
    expect(delivery).toMatchObject({ status: "PENDING", responseStatus: 429 });
    expect(gap).toBeGreaterThanOrEqual(120_000);
    expect(gap).toBeLessThan(122_000);
    const job = await jobOf(delivery!.id);
    expect(Math.abs(job.runAt.getTime() - Date.parse(delivery!.nextAttemptAt))).toBeLessThan(1_000);

    const at = new Date(Date.now() + 3 * 3_600_000);
    receiver.respondWith(() => ({ status: 503, headers: { "retry-after": at.toUTCString() } }));
    await fastForward();
    await worker.drain();
    [delivery] = await deliveriesOf(subscription.id);
    gap = Date.parse(delivery!.nextAttemptAt) - at.getTime();
    expect(delivery!.attempts).toBe(2);
    expect(Math.abs(gap)).toBeLessThan(2_000);
  });

  it("an answer slower than the attempt deadline is a failure", async () => {
    const subscription = await subscribe();
    receiver.respondWith(() => ({ status: 200, delayMs: 1_500 }));
    await emit();
    await workerFor(platform.ctx, { timeoutMs: 300 }).drain();
    const [delivery] = await deliveriesOf(subscription.id);
    expect(delivery).toMatchObject({
      status: "PENDING",
      attempts: 1,
      responseStatus: null,
      lastError: "Timed out",
    });
  });

  it("verifies TLS: an untrusted CA or a certificate for another name fails", async () => {
    const untrusted = await subscribe();
    await emit();
    // No test CA: only the default trust store, which does not know the throwaway CA.
    await workerFor(platform.ctx, { ca: undefined }).drain();
    const [delivery] = await deliveriesOf(untrusted.id);
    expect(delivery).toMatchObject({ status: "PENDING", responseStatus: null });
    expect(delivery!.lastError).toMatch(/UNABLE_TO_VERIFY_LEAF_SIGNATURE|unable to verify/i);
    expect(receiver.requests).toHaveLength(0);
    await api("DELETE", `/v1/webhooks/subscriptions/${untrusted.id}`);

    const wrongName = await subscribe({ targetUrl: receiver.url("/webhooks", "wrong-name.weft.test") });
    await emit();
    await worker.drain();
    const [mismatch] = await deliveriesOf(wrongName.id);
    expect(mismatch!.lastError).toMatch(/ERR_TLS_CERT_ALTNAME_INVALID/);
    expect(receiver.requests).toHaveLength(0);
    await api("DELETE", `/v1/webhooks/subscriptions/${wrongName.id}`);
  });

  it("while a rotated secret lives, both secrets sign; afterwards only the new one", async () => {
    const subscription = await subscribe();
    const rotated = (await api("POST", `/v1/webhooks/subscriptions/${subscription.id}/secret/rotate`)).json();
    await emit();
    await worker.drain();
    const [request] = receiver.requests;
    const signatures = request!.headers["webhook-signature"]!.split(" ");
    expect(signatures).toHaveLength(2);
    expect(signatures.every((s) => s.startsWith("v1,"))).toBe(true);
    expect(verify(rotated.secret, request!)).toBeTruthy();
    expect(verify(subscription.secret, request!)).toBeTruthy();
    // Each signature belongs to one secret.
    for (const [secret, signature] of [
      [rotated.secret, signatures[0]],
      [subscription.secret, signatures[1]],
    ]) {
      const single = { ...request!, headers: { ...request!.headers, "webhook-signature": signature! } };
      expect(verify(secret!, single)).toBeTruthy();
    }

    await platform.ctx.db
      .update(webhookSubscriptions)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(webhookSubscriptions.id, subscription.id));
    await emit();
    await worker.drain();
    const later = receiver.requests[1]!;
    expect(later.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    expect(verify(rotated.secret, later)).toBeTruthy();
    expect(() => verify(subscription.secret, later)).toThrow("No matching signature found");
  });

  it("sends a signed test event once, even to a disabled subscription", async () => {
    const subscription = await subscribe({ disabled: true });
    const res = await api("POST", `/v1/webhooks/subscriptions/${subscription.id}/test`);
    expect(res.statusCode).toBe(202);
    const accepted = res.json();
    expect(accepted).toMatchObject({
      subscriptionId: subscription.id,
      eventType: "webhook.test",
      reason: "TEST",
      status: "PENDING",
      attempts: 0,
      maxAttempts: 1,
    });
    await worker.drain();
    expect(receiver.requests).toHaveLength(1);
    const payload = verify(subscription.secret, receiver.requests[0]!);
    expect(payload.eventTypes).toEqual(["webhook.test"]);
    expect(payload.events).toEqual([
      {
        id: accepted.eventId,
        at: expect.any(String),
        type: "webhook.test",
        profile: null,
        record: { subscriptionId: subscription.id, message: expect.stringContaining("test event") },
        metadata: null,
      },
    ]);
    expect(receiver.requests[0]!.headers["webhook-id"]).toBe(accepted.id);
    const [delivery] = await deliveriesOf(subscription.id);
    expect(delivery).toMatchObject({
      id: accepted.id,
      status: "SUCCEEDED",
      attempts: 1,
      responseStatus: 200,
    });

    receiver.respondWith(() => ({ status: 500 }));
    const failing = (await api("POST", `/v1/webhooks/subscriptions/${subscription.id}/test`)).json();
    await worker.drain();
    await fastForward();
    await worker.drain();
    const [failed] = await deliveriesOf(subscription.id);
    expect(failed).toMatchObject({ id: failing.id, status: "FAILED", attempts: 1, responseStatus: 500 });
    expect(receiver.requests).toHaveLength(2);
  });

  it("replays a stored event as a new delivery of the same event", async () => {
    const subscription = await subscribe();
    const eventId = await emit();
    await worker.drain();
    const res = await api("POST", `/v1/webhooks/events/${eventId}/replay`);
    expect(res.statusCode).toBe(202);
    const replay = res.json();
    expect(replay.eventId).toBe(eventId);
    expect(replay.deliveries).toHaveLength(1);
    expect(replay.deliveries[0]).toMatchObject({
      subscriptionId: subscription.id,
      eventId,
      reason: "REPLAY",
      status: "PENDING",
      maxAttempts: 8,
    });
    await worker.drain();
    expect(receiver.requests).toHaveLength(2);
    const [original, replayed] = receiver.requests;
    expect(replayed!.headers["webhook-id"]).toBe(replay.deliveries[0].id);
    expect(replayed!.headers["webhook-id"]).not.toBe(original!.headers["webhook-id"]);
    expect(verify(subscription.secret, replayed!).events).toEqual(
      verify(subscription.secret, original!).events,
    );
    const list = await deliveriesOf(subscription.id);
    expect(list.map((d) => [d.reason, d.status])).toEqual([
      ["REPLAY", "SUCCEEDED"],
      ["EVENT", "SUCCEEDED"],
    ]);
  });

  it("a subscription disabled or deleted before its delivery runs is not sent to", async () => {
    const disabledLater = await subscribe();
    const deletedLater = await subscribe();
    // The event commits with its deliveries; their jobs stay queued until the worker runs.
    await emit();
    const [pending] = await deliveriesOf(deletedLater.id);
    await api("PATCH", `/v1/webhooks/subscriptions/${disabledLater.id}`, { disabled: true });
    await api("DELETE", `/v1/webhooks/subscriptions/${deletedLater.id}`);
    await worker.drain();
    expect(receiver.requests).toHaveLength(0);
    const [cancelled] = await deliveriesOf(disabledLater.id);
    expect(cancelled).toMatchObject({
      status: "CANCELLED",
      attempts: 0,
      lastError: "The subscription was disabled before this delivery was made",
      nextAttemptAt: null,
    });
    expect((await jobOf(pending!.id)).state).toBe("completed");
    const [gone] = await platform.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, pending!.id));
    expect(gone).toBeUndefined();
  });

  it("lists deliveries newest first, paginated and filtered by status", async () => {
    const subscription = await subscribe();
    receiver.respondWith((_, index) => (index === 1 ? { status: 500 } : { status: 200 }));
    for (let i = 0; i < 3; i++) {
      await emit();
      await worker.drain();
    }
    const res = await api("GET", `/v1/webhooks/subscriptions/${subscription.id}/deliveries?limit=2`);
    expect(res.headers).toMatchObject({ "total-count": "3", "total-pages": "2", "page-items": "2" });
    expect(res.json()).toHaveLength(2);
    const pending = await api(
      "GET",
      `/v1/webhooks/subscriptions/${subscription.id}/deliveries?status=PENDING`,
    );
    expect(pending.json().map((d: WebhookDeliveryView) => [d.status, d.responseStatus])).toEqual([
      ["PENDING", 500],
    ]);
    expect(pending.headers["total-count"]).toBe("1");
  });
});

describe("SSRF guard", () => {
  let guarded: AppContext;
  beforeAll(() => {
    guarded = { ...platform.ctx, config: { ...platform.ctx.config, webhookAllowPrivateTargets: false } };
  });

  it.each([
    ["a name that resolves to loopback", "https://receiver.weft.test:PORT/webhooks", "127.0.0.1"],
    ["a loopback IPv4 literal", "https://127.0.0.1:PORT/webhooks", "127.0.0.1"],
    ["the IPv6 loopback", "https://[::1]:PORT/webhooks", "::1"],
    ["an IPv4-mapped IPv6 loopback", "https://mapped.weft.test:PORT/webhooks", "::ffff:127.0.0.1"],
    ["a link-local metadata address", "https://metadata.weft.test/latest", "169.254.169.254"],
    ["a name with a private address among public ones", "https://mixed.weft.test:PORT/", "127.0.0.1"],
  ])("refuses %s unless private targets are allowed", async (_, target, address) => {
    const subscription = await subscribe({ targetUrl: target.replace("PORT", String(receiver.port)) });
    await emit();
    await workerFor(guarded).drain();
    const [delivery] = await deliveriesOf(subscription.id);
    const host = new URL(subscription.targetUrl).hostname.replace(/^\[|\]$/g, "");
    expect(delivery).toMatchObject({
      status: "PENDING",
      attempts: 1,
      responseStatus: null,
      responseLatencyMs: null,
      lastError:
        `Refused: ${host} resolves to ${address}, which is not a public address (private, loopback and ` +
        "link-local targets are refused unless WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS=true)",
    });
    expect(receiver.requests).toHaveLength(0);
    await api("DELETE", `/v1/webhooks/subscriptions/${subscription.id}`);
  });

  it("the same loopback target is delivered to when private targets are allowed", async () => {
    const subscription = await subscribe({ targetUrl: `https://127.0.0.1:${receiver.port}/webhooks` });
    await emit();
    await worker.drain();
    const [delivery] = await deliveriesOf(subscription.id);
    expect(delivery).toMatchObject({ status: "SUCCEEDED", responseStatus: 200 });
    expect(receiver.requests).toHaveLength(1);
    expect(receiver.requests[0]!.servername).toBeUndefined();
    await api("DELETE", `/v1/webhooks/subscriptions/${subscription.id}`);
  });

  it("moves on to the next address when one refuses the connection", async () => {
    const subscription = await subscribe();
    await emit();
    const refusedFirst = async () => [
      { address: "127.0.0.2", family: 4 }, // loopback too, but nothing listens there
      { address: "127.0.0.1", family: 4 },
    ];
    await workerFor(platform.ctx, { lookup: refusedFirst }).drain();
    const [delivery] = await deliveriesOf(subscription.id);
    expect(delivery).toMatchObject({ status: "SUCCEEDED", attempts: 1, responseStatus: 200 });
    expect(receiver.requests).toHaveLength(1);
    expect(receiver.requests[0]!.servername).toBe("receiver.weft.test");
    await api("DELETE", `/v1/webhooks/subscriptions/${subscription.id}`);
  });

  it("an unresolvable name is a failed attempt", async () => {
    const subscription = await subscribe({ targetUrl: "https://nowhere.weft.test/hooks" });
    await emit();
    await worker.drain();
    const [delivery] = await deliveriesOf(subscription.id);
    expect(delivery).toMatchObject({
      status: "PENDING",
      lastError: "Could not resolve nowhere.weft.test (ENOTFOUND)",
    });
    await api("DELETE", `/v1/webhooks/subscriptions/${subscription.id}`);
  });
});

describe("judgeAttempt", () => {
  const now = new Date("2025-04-01T12:00:00Z");
  const answer = (status: number, retryAfterMs: number | null = null) =>
    ({ kind: "response", status, latencyMs: 5, retryAfterMs, location: null, bodyExcerpt: "" }) as const;

  it("counts only a 2xx as success", () => {
    for (const status of [200, 201, 202, 204, 299]) {
      expect(judgeAttempt(answer(status), 1, 8, now).status).toBe("SUCCEEDED");
    }
    for (const status of [100, 300, 301, 304, 308, 400, 404, 429, 500, 502]) {
      expect(judgeAttempt(answer(status), 1, 8, now), String(status)).toMatchObject({
        status: "PENDING",
        nextAttemptAt: new Date(now.getTime() + 5_000),
        disableSubscription: false,
      });
    }
  });

  it("410 fails at once and disables; the last attempt fails", () => {
    expect(judgeAttempt(answer(410), 1, 8, now)).toMatchObject({
      status: "FAILED",
      disableSubscription: true,
    });
    expect(judgeAttempt(answer(500), 8, 8, now)).toMatchObject({ status: "FAILED", nextAttemptAt: null });
    expect(judgeAttempt({ kind: "error", error: "Timed out", latencyMs: null }, 8, 8, now).status).toBe(
      "FAILED",
    );
  });

  it("honours Retry-After up to 24 hours", () => {
    expect(judgeAttempt(answer(503, 1_000), 3, 8, now).nextAttemptAt).toEqual(
      new Date(now.getTime() + 1_000),
    );
    expect(judgeAttempt(answer(503, 48 * 3_600_000), 3, 8, now).nextAttemptAt).toEqual(
      new Date(now.getTime() + MAX_RETRY_AFTER_MS),
    );
    expect(MAX_RETRY_AFTER_MS).toBe(24 * 3_600_000);
  });
});

describe("local development receivers (WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS=true)", () => {
  it("plain http:// to this machine is accepted and delivered, signed; http:// anywhere else is refused", async () => {
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const local = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => local.listen(0, "127.0.0.1", resolve));
    const { port } = local.address() as AddressInfo;
    try {
      for (const elsewhere of ["http://example.com/hooks", "http://10.0.0.8/hooks"]) {
        const refused = await api("POST", "/v1/webhooks/subscriptions", {
          name: "Not local",
          targetUrl: elsewhere,
          eventTypes: ["profile"],
        });
        expect(refused.statusCode, elsewhere).toBe(422);
      }
      const { secret } = await subscribe({ targetUrl: `http://127.0.0.1:${port}/hooks` });
      const eventId = await emit();
      await worker.drain();
      expect(received).toHaveLength(1);
      const payload = new Webhook(secret).verify(
        received[0]!.body,
        received[0]!.headers as Record<string, string>,
      ) as {
        events: { id: string }[];
      };
      expect(payload.events[0]!.id).toBe(eventId);
    } finally {
      await new Promise((resolve) => local.close(resolve));
    }
  });
});

describe.skipIf(testDriver !== "postgres")("work per delivered event (PostgreSQL round trips)", () => {
  it("the event's transaction writes its deliveries; an attempt is a claim, a load and a settle", async () => {
    await subscribe();
    await emit();
    const statements = await platform.statementsOf(() => worker.drain());
    // The drain ends with one more claim that finds nothing.
    expect(statements.slice(0, -1).map((s) => s.trim().split(/\s+/).slice(0, 2).join(" "))).toEqual([
      'update "jobs"',
      'select "webhook_deliveries"."id",',
      'with "input"',
    ]);
    expect(receiver.requests).toHaveLength(1);
  });

  it("a backlog costs a fraction of a statement per event: a claim's attempts load together and settle in groups", async () => {
    await subscribe();
    for (let i = 0; i < 40; i++) await emit();
    const statements = await platform.statementsOf(() => worker.drain());
    expect(receiver.requests).toHaveLength(40);
    const kinds = statements.map((s) => s.trim().split(/\s+/).slice(0, 2).join(" "));
    // 32 attempts at once (WEFT_WEBHOOK_CONCURRENCY): two claims and the one that finds nothing,
    // each claim's attempts loaded by one statement.
    expect(kinds.filter((k) => k === 'update "jobs"')).toHaveLength(3);
    expect(kinds.filter((k) => k === 'select "webhook_deliveries"."id",')).toHaveLength(2);
    // Attempts that end while a settle runs go together in the next one.
    const settles = kinds.filter((k) => k === 'with "input"').length;
    expect(settles).toBeGreaterThan(0);
    expect(settles).toBeLessThan(40);
    expect(statements.length / 40).toBeLessThanOrEqual(1);
  });
});
