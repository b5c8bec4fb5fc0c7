import fs from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordDeletes } from "../../../test/deletes.ts";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "../../../test/harness.ts";
import { PRUNE_BATCH } from "../../db/prune.ts";
import { events, jobs, webhookDeliveries, webhookSubscriptions } from "../../db/schema/index.ts";
import { decrypt } from "../../security/secrets.ts";
import { EVENT_TYPES, EVENTS_CHANNEL, type EventType, recordEvent } from "../events/service.ts";
import { WEBHOOK_DELIVER_QUEUE } from "./fanout.ts";
import { EVENT_TYPE_SCOPES, SUBSCRIBABLE_EVENT_TYPES, TARGET_URL_MESSAGE } from "./schemas.ts";
import { assertWebhookTarget, MAX_SUBSCRIPTIONS, pruneSettledDeliveries } from "./service.ts";

let platform: TestPlatform;
let env: TestEnvironment;
let other: TestEnvironment;

beforeAll(async () => {
  platform = await startTestPlatform();
  env = await platform.environment("SANDBOX", "Env A");
  other = await platform.environment("SANDBOX", "Env B");
});
afterAll(() => platform.close());

type Method = "GET" | "POST" | "PATCH" | "DELETE";
const call = (method: Method, url: string, body?: unknown, e: TestEnvironment = env) =>
  platform.app.inject({
    method,
    url,
    headers: e.auth,
    ...(body !== undefined && { payload: body as object }),
  });

const valid = { name: "Backend", targetUrl: "https://example.com/hooks", eventTypes: ["profile.created"] };
const create = async (body: Record<string, unknown> = {}, e: TestEnvironment = env) => {
  const res = await call("POST", "/v1/webhooks/subscriptions", { ...valid, ...body }, e);
  expect(res.statusCode).toBe(201);
  return res.json();
};

describe("POST /v1/webhooks/subscriptions", () => {
  it("creates a subscription and shows its Standard Webhooks secret once", async () => {
    const res = await call("POST", "/v1/webhooks/subscriptions", {
      name: "Production backend",
      targetUrl: "https://example.com/webhooks/weft?source=weft",
      eventTypes: ["profile", "connection.synced.errored", "balance.created"],
      id: "wh_attacker",
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: "Production backend",
      targetUrl: "https://example.com/webhooks/weft?source=weft",
      eventTypes: ["profile", "connection.synced.errored", "balance.created"],
      disabled: false,
      disabledReason: null,
    });
    expect(body.id).toMatch(/^wh_[0-9a-z]{26}$/);
    expect(body.createdAt).toBe(body.updatedAt);
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(body.secret.slice(6), "base64")).toHaveLength(24);

    const [row] = await platform.ctx.db
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, body.id));
    expect(row!.secretEncrypted).not.toContain(body.secret.slice(6));
    expect(decrypt(platform.ctx.secretKey, row!.secretEncrypted)).toBe(body.secret);

    const read = await call("GET", `/v1/webhooks/subscriptions/${body.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).not.toHaveProperty("secret");
    expect(read.json()).toEqual({ ...body, secret: undefined });
  });

  it("issues a different secret for every subscription", async () => {
    const a = await create();
    const b = await create();
    expect(a.secret).not.toBe(b.secret);
  });

  it("accepts every event type and parent scope, drops duplicates, and may start disabled", async () => {
    const body = await create({ eventTypes: [...SUBSCRIBABLE_EVENT_TYPES, "profile"], disabled: true });
    expect(body.eventTypes).toEqual([...SUBSCRIBABLE_EVENT_TYPES]);
    expect(body.disabled).toBe(true);
    expect(EVENT_TYPE_SCOPES).toEqual([
      "profile",
      "connection",
      "connection.synced",
      "connection.synced.errored",
      "account",
      "balance",
      "statement",
      "charge.execute",
    ]);
  });

  it("requires name, targetUrl and eventTypes", async () => {
    const res = await call("POST", "/v1/webhooks/subscriptions", {});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      name: ["Name is required"],
      targetUrl: ["Target URL is required"],
      eventTypes: ["Event types are required"],
    });
  });

  it("refuses a name of spaces alone", async () => {
    const res = await call("POST", "/v1/webhooks/subscriptions", { ...valid, name: "   " });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ name: ["Name cannot be blank"] });
  });

  it.each([
    ["plain HTTP", "http://example.com/hooks"],
    ["plain HTTP to this machine, private targets not allowed", "http://localhost:8080/hooks"],
    ["another scheme", "ftp://example.com/hooks"],
    ["not a URL", "not a url"],
    ["no host", "https://"],
    ["a relative path", "/hooks"],
    ["an empty string", ""],
  ])("refuses a target URL that is %s", async (_, targetUrl) => {
    const res = await call("POST", "/v1/webhooks/subscriptions", { ...valid, targetUrl });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ targetUrl: [TARGET_URL_MESSAGE] });
    expect(TARGET_URL_MESSAGE).toBe("Target URL is not a valid HTTPS URL");
  });

  it("refuses a target URL longer than 2048 characters, saying so", async () => {
    const targetUrl = `https://example.com/${"a".repeat(2040)}`;
    const res = await call("POST", "/v1/webhooks/subscriptions", { ...valid, targetUrl });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ targetUrl: ["Target URL must be at most 2048 characters"] });
  });

  it("refuses credentials in the target URL", async () => {
    const res = await call("POST", "/v1/webhooks/subscriptions", {
      ...valid,
      targetUrl: "https://user:pass@example.com/hooks",
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ targetUrl: ["Target URL must not contain a username or password"] });
  });

  it("refuses port 0, and takes any other port", async () => {
    const zero = await call("POST", "/v1/webhooks/subscriptions", {
      ...valid,
      targetUrl: "https://example.com:0/h",
    });
    expect(zero.statusCode).toBe(422);
    expect(zero.json()).toEqual({ targetUrl: ["Target URL's port must be 1 to 65535"] });
    const other = await call("POST", "/v1/webhooks/subscriptions", {
      ...valid,
      targetUrl: "https://example.com:8443/h",
    });
    expect(other.statusCode).toBe(201);
  });

  it.each([
    ["loopback", "https://127.0.0.1/hooks", "127.0.0.1"],
    ["loopback in hex", "https://0x7f000001/hooks", "127.0.0.1"],
    ["loopback as one number", "https://2130706433/hooks", "127.0.0.1"],
    ["loopback shortened", "https://127.1/hooks", "127.0.0.1"],
    ["IPv6 loopback", "https://[::1]/hooks", "::1"],
    ["IPv4-mapped loopback", "https://[::ffff:127.0.0.1]/hooks", "::ffff:7f00:1"],
    ["a private network", "https://10.1.2.3/hooks", "10.1.2.3"],
    ["link-local metadata", "https://169.254.169.254/latest", "169.254.169.254"],
    ["carrier-grade NAT", "https://100.64.0.1/", "100.64.0.1"],
    ["multicast", "https://224.0.0.1/", "224.0.0.1"],
    ["unspecified", "https://0.0.0.0/", "0.0.0.0"],
    ["unique-local IPv6", "https://[fd00::1]/", "fd00::1"],
  ])("refuses a target on %s when it is created or changed, saying why", async (_, targetUrl, host) => {
    const message =
      `Target URL must reach a public address: ${host} is not one (loopback, private, link-local, ` +
      "carrier-grade NAT, multicast and reserved addresses are refused unless the operator sets " +
      "WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS=true)";
    const before = await platform.ctx.db.select().from(webhookSubscriptions);
    const res = await call("POST", "/v1/webhooks/subscriptions", { ...valid, targetUrl });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ targetUrl: [message] });
    expect(await platform.ctx.db.select().from(webhookSubscriptions)).toHaveLength(before.length);
    const created = await create();
    const patch = await call("PATCH", `/v1/webhooks/subscriptions/${created.id}`, { targetUrl });
    expect(patch.statusCode).toBe(422);
    expect(patch.json()).toEqual({ targetUrl: [message] });
    expect((await call("GET", `/v1/webhooks/subscriptions/${created.id}`)).json().targetUrl).toBe(
      valid.targetUrl,
    );
  });

  it.each(["localhost", "localhost.", "api.localhost", "printer.local", "db.internal", "nas.home.arpa"])(
    "refuses the local name %s without asking DNS",
    async (host) => {
      const res = await call("POST", "/v1/webhooks/subscriptions", {
        ...valid,
        targetUrl: `https://${host}/hooks`,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().targetUrl[0]).toMatch(
        /^Target URL must reach a public address: .* is a local name \(/,
      );
    },
  );

  it("judges a name by every address DNS gives it; a name that does not resolve yet is for delivery to judge", async () => {
    const lookup = (addresses: string[]) => async () => addresses.map((address) => ({ address, family: 4 }));
    await expect(
      assertWebhookTarget("https://hooks.example.com/x", {
        allowPrivateTargets: false,
        lookup: lookup(["93.184.215.14", "192.168.1.20"]),
      }),
    ).rejects.toMatchObject({
      fields: {
        targetUrl: [
          expect.stringMatching(
            /^Target URL must reach a public address: hooks\.example\.com resolves to 192\.168\.1\.20 is not one/,
          ),
        ],
      },
    });
    await expect(
      assertWebhookTarget("https://hooks.example.com/x", {
        allowPrivateTargets: false,
        lookup: lookup(["93.184.215.14"]),
      }),
    ).resolves.toBeUndefined();
    const unresolvable = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    await expect(
      assertWebhookTarget("https://not-yet.example.com/x", {
        allowPrivateTargets: false,
        lookup: unresolvable,
      }),
    ).resolves.toBeUndefined();
    await expect(
      assertWebhookTarget("https://127.0.0.1/x", { allowPrivateTargets: true }),
    ).resolves.toBeUndefined();
  });

  it("needs at least one event type, each from the list", async () => {
    const empty = await call("POST", "/v1/webhooks/subscriptions", { ...valid, eventTypes: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ eventTypes: ["Event types must have at least 1 item"] });

    const unknown = await call("POST", "/v1/webhooks/subscriptions", {
      ...valid,
      eventTypes: ["profile.created", "profile.exploded"],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      "eventTypes.1": [`Event type must be one of: ${SUBSCRIBABLE_EVENT_TYPES.join(", ")}`],
    });

    const notArray = await call("POST", "/v1/webhooks/subscriptions", { ...valid, eventTypes: "profile" });
    expect(notArray.statusCode).toBe(422);
    expect(notArray.json()).toEqual({ eventTypes: ["Event types must be an array"] });
  });

  it("accepts at most 100 event types", async () => {
    const res = await call("POST", "/v1/webhooks/subscriptions", {
      ...valid,
      eventTypes: Array.from({ length: 101 }, () => "profile"),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ eventTypes: ["Event types must have at most 100 items"] });
  });

  it("checks name and disabled", async () => {
    const res = await call("POST", "/v1/webhooks/subscriptions", {
      ...valid,
      name: "",
      disabled: "yes",
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      name: ["Name must be at least 1 character"],
      disabled: ["Disabled must be a boolean"],
    });
    const long = await call("POST", "/v1/webhooks/subscriptions", { ...valid, name: "n".repeat(201) });
    expect(long.json()).toEqual({ name: ["Name must be at most 200 characters"] });
  });

  it(`an environment may have at most ${MAX_SUBSCRIPTIONS} subscriptions, however many are asked for at once`, async () => {
    const capped = await platform.environment("SANDBOX", "Subscription cap");
    const post = () => call("POST", "/v1/webhooks/subscriptions", valid, capped);
    for (let made = 0; made < MAX_SUBSCRIPTIONS - 5; made++) expect((await post()).statusCode).toBe(201);
    // Ten at once for the last five places: five are made, five refused.
    const racing = await Promise.all(Array.from({ length: 10 }, post));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([...Array(5).fill(201), ...Array(5).fill(403)]);
    const refused = await post();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: `An environment may have at most ${MAX_SUBSCRIPTIONS} webhook subscriptions, and this one has ${MAX_SUBSCRIPTIONS}`,
      instruction: "Delete one you no longer use, or subscribe one endpoint to more event types.",
    });
    const [first] = (await call("GET", "/v1/webhooks/subscriptions?limit=1", undefined, capped)).json();
    expect(
      (await call("DELETE", `/v1/webhooks/subscriptions/${first.id}`, undefined, capped)).statusCode,
    ).toBe(204);
    expect((await post()).statusCode).toBe(201);
    // Another environment's count is its own.
    expect((await call("POST", "/v1/webhooks/subscriptions", valid, other)).statusCode).toBe(201);
  });

  it("needs an API key", async () => {
    const res = await platform.app.inject({
      method: "POST",
      url: "/v1/webhooks/subscriptions",
      payload: valid,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Missing or malformed Authorization header");
  });
});

describe("reading, listing, updating and deleting", () => {
  it("lists newest first with pagination headers, only this environment's", async () => {
    const fresh = await platform.environment("TEST");
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await create({ name: `S${i}` }, fresh));
    await create({ name: "elsewhere" }, other);
    const res = await call("GET", "/v1/webhooks/subscriptions?limit=2", undefined, fresh);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { name: string }) => s.name)).toEqual(["S2", "S1"]);
    expect(res.json()[0]).not.toHaveProperty("secret");
    expect(res.headers).toMatchObject({
      "current-page": "1",
      "page-items": "2",
      "total-count": "3",
      "total-pages": "2",
    });
    expect(res.headers.link).toContain('rel="next"');
    const page2 = await call("GET", "/v1/webhooks/subscriptions?limit=2&page=2", undefined, fresh);
    expect(page2.json().map((s: { name: string }) => s.name)).toEqual(["S0"]);
  });

  it("updates only the fields sent, with the same rules", async () => {
    const created = await create();
    const res = await call("PATCH", `/v1/webhooks/subscriptions/${created.id}`, {
      name: "Renamed",
      eventTypes: ["connection", "connection"],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      name: "Renamed",
      targetUrl: created.targetUrl,
      eventTypes: ["connection"],
      disabled: false,
    });
    expect(Date.parse(res.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    const unchanged = await call("PATCH", `/v1/webhooks/subscriptions/${created.id}`, {});
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json()).toEqual(res.json());

    const bad = await call("PATCH", `/v1/webhooks/subscriptions/${created.id}`, {
      targetUrl: "http://example.com",
      eventTypes: [],
      name: "",
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      targetUrl: [TARGET_URL_MESSAGE],
      eventTypes: ["Event types must have at least 1 item"],
      name: ["Name must be at least 1 character"],
    });
    // Texts a URL parser mends into https://x/: a target must name its host itself.
    for (const targetUrl of ["https://", "https:///x", "https:x", "https:\\\\x", "https:/x"]) {
      const noHost = await call("PATCH", `/v1/webhooks/subscriptions/${created.id}`, { targetUrl });
      expect(noHost.statusCode).toBe(422);
      expect(noHost.json()).toEqual({ targetUrl: [TARGET_URL_MESSAGE] });
    }
  });

  it("re-enabling clears the reason the platform disabled it for", async () => {
    const created = await create();
    await platform.ctx.db
      .update(webhookSubscriptions)
      .set({ disabled: true, disabledReason: "The target answered 410 Gone" })
      .where(eq(webhookSubscriptions.id, created.id));
    const res = await call("PATCH", `/v1/webhooks/subscriptions/${created.id}`, { disabled: false });
    expect(res.json()).toMatchObject({ disabled: false, disabledReason: null });
  });

  it("deletes: 204, then 404", async () => {
    const created = await create();
    const res = await call("DELETE", `/v1/webhooks/subscriptions/${created.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    const again = await call("GET", `/v1/webhooks/subscriptions/${created.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      message: `Webhook subscription ${created.id} was not found`,
      instruction: "Check the id, and that it belongs to the environment of the credentials you used.",
    });
  });

  it("rotates the secret; the old one stays valid for 24 hours", async () => {
    const created = await create();
    const before = Date.now();
    const res = await call("POST", `/v1/webhooks/subscriptions/${created.id}/secret/rotate`);
    expect(res.statusCode).toBe(200);
    const { secret, previousSecretExpiresAt } = res.json();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(secret).not.toBe(created.secret);
    const expires = Date.parse(previousSecretExpiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 24 * 3_600_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
    const [row] = await platform.ctx.db
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, created.id));
    expect(decrypt(platform.ctx.secretKey, row!.secretEncrypted)).toBe(secret);
    expect(decrypt(platform.ctx.secretKey, row!.previousSecretEncrypted!)).toBe(created.secret);
  });

  it("validates the deliveries query", async () => {
    const created = await create();
    const res = await call(
      "GET",
      `/v1/webhooks/subscriptions/${created.id}/deliveries?limit=101&status=LOST`,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      limit: ["Limit must be at most 100"],
      status: ["Status must be one of: PENDING, SUCCEEDED, FAILED, CANCELLED"],
    });
  });
});

describe("tenant isolation", () => {
  it("another environment's subscription, deliveries and events are 404 and unchanged", async () => {
    const theirs = await create({ name: "B's" }, other);
    const [event] = await platform.ctx.db.transaction(async (tx) => {
      const id = await recordEvent(tx, {
        environmentId: other.id,
        type: "profile.created",
        profile: null,
        record: { secret: "B's data" },
      });
      return tx.select().from(events).where(eq(events.id, id));
    });
    const attempts: [Method, string, unknown?][] = [
      ["GET", `/v1/webhooks/subscriptions/${theirs.id}`],
      ["PATCH", `/v1/webhooks/subscriptions/${theirs.id}`, { name: "hijacked", disabled: true }],
      ["DELETE", `/v1/webhooks/subscriptions/${theirs.id}`],
      ["POST", `/v1/webhooks/subscriptions/${theirs.id}/secret/rotate`],
      ["POST", `/v1/webhooks/subscriptions/${theirs.id}/test`],
      ["GET", `/v1/webhooks/subscriptions/${theirs.id}/deliveries`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(`Webhook subscription ${theirs.id} was not found`);
    }
    const replay = await call("POST", `/v1/webhooks/events/${event!.id}/replay`);
    expect(replay.statusCode).toBe(404);
    expect(replay.json().message).toBe(`Event ${event!.id} was not found`);

    const list = await call("GET", "/v1/webhooks/subscriptions?limit=100");
    expect(list.json().map((s: { id: string }) => s.id)).not.toContain(theirs.id);

    const still = await call("GET", `/v1/webhooks/subscriptions/${theirs.id}`, undefined, other);
    expect(still.json()).toMatchObject({ name: "B's", disabled: false });
    const [row] = await platform.ctx.db
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, theirs.id));
    expect(decrypt(platform.ctx.secretKey, row!.secretEncrypted)).toBe(theirs.secret);
    expect(row!.previousSecretEncrypted).toBeNull();
    const deliveries = await platform.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subscriptionId, theirs.id));
    expect(deliveries.filter((d) => d.reason !== "EVENT")).toEqual([]);
  });

  it("an unknown event is 404", async () => {
    const res = await call("POST", "/v1/webhooks/events/evt_00000000000000000000000000/replay");
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Event evt_00000000000000000000000000 was not found");
  });
});

describe("event types and fan-out", () => {
  const record = (e: TestEnvironment, type: string) =>
    platform.ctx.db.transaction((tx) =>
      recordEvent(tx, { environmentId: e.id, type: type as EventType, profile: null, record: {} }),
    );
  const deliveriesOfEvent = (eventId: string) =>
    platform.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId));

  it("a subscribed scope matches itself and its children at a dot boundary only", async () => {
    const fresh = await platform.environment("TEST");
    const cases: [scope: string, type: string, matches: boolean][] = [
      ["connection", "connection.created", true],
      ["connection.synced", "connection.synced.successful.initial", true],
      ["connection.synced.errored", "connection.synced.errored.service", true],
      ["connection.synced.errored", "connection.synced.successful", false],
      ["profile.created", "profile.created", true],
      ["profile.created", "profile.ready", false],
      ["account", "accounting.created", false],
      ["account", "account%", false],
      ["profile", "profile_created", false],
    ];
    for (const [scope, type, matches] of cases) {
      const subscription = await create({ name: scope, eventTypes: [scope] }, fresh);
      const eventId = await record(fresh, type);
      const deliveries = await deliveriesOfEvent(eventId);
      expect(
        deliveries.some((d) => d.subscriptionId === subscription.id),
        `${scope} ← ${type}`,
      ).toBe(matches);
      await call("DELETE", `/v1/webhooks/subscriptions/${subscription.id}`, undefined, fresh);
    }
    const everything = await create(
      { name: "all", eventTypes: [...new Set(EVENT_TYPES.map((t) => t.split(".")[0]!))] },
      fresh,
    );
    for (const type of EVENT_TYPES) {
      const deliveries = await deliveriesOfEvent(await record(fresh, type));
      expect(
        deliveries.map((d) => d.subscriptionId),
        type,
      ).toEqual([everything.id]);
    }
  });

  it("recordEvent writes the event, its deliveries and their jobs in the change's transaction; a rollback leaves none", async () => {
    const fresh = await platform.environment("TEST");
    const subscription = await create({ name: "all profile events", eventTypes: ["profile"] }, fresh);
    const id = await record(fresh, "profile.ready");
    const [delivery] = await deliveriesOfEvent(id);
    expect(delivery).toMatchObject({ subscriptionId: subscription.id, reason: "EVENT", status: "PENDING" });
    const [job] = await platform.ctx.db
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.queue, WEBHOOK_DELIVER_QUEUE), sql`${jobs.payload}->>'deliveryId' = ${delivery!.id}`),
      );
    expect(job).toMatchObject({ state: "queued", maxAttempts: 8 });
    expect(job!.id).toMatch(/^job_[0-9a-z]{26}$/);

    const before = await platform.ctx.db.select().from(webhookDeliveries);
    await expect(
      platform.ctx.db.transaction(async (tx) => {
        await recordEvent(tx, { environmentId: fresh.id, type: "profile.ready", profile: null, record: {} });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await platform.ctx.db.select().from(webhookDeliveries)).toHaveLength(before.length);
  });

  it("a committed event notifies weft_events (the GraphQL feed's wake-up); a rolled-back one does not", async () => {
    let notified = 0;
    const unlisten = await platform.listen(EVENTS_CHANNEL, () => notified++);
    try {
      await expect(
        platform.ctx.db.transaction(async (tx) => {
          await recordEvent(tx, { environmentId: env.id, type: "profile.ready", profile: null, record: {} });
          throw new Error("the change failed");
        }),
      ).rejects.toThrow("the change failed");
      await new Promise((r) => setTimeout(r, 200));
      expect(notified).toBe(0);
      await record(env, "profile.ready");
      await expect.poll(() => notified, { timeout: 5_000 }).toBe(1);
    } finally {
      await unlisten();
    }
  });

  it("creates one delivery per matching, enabled subscription of the event's environment, once", async () => {
    const fresh = await platform.environment("TEST");
    const scope = await create({ name: "scope", eventTypes: ["profile"] }, fresh);
    const exact = await create({ name: "exact", eventTypes: ["profile.created", "balance.created"] }, fresh);
    const unrelated = await create(
      { name: "unrelated", eventTypes: ["connection", "profile.deleted"] },
      fresh,
    );
    const disabled = await create({ name: "disabled", eventTypes: ["profile"], disabled: true }, fresh);
    const elsewhere = await create({ name: "elsewhere", eventTypes: ["profile"] }, other);

    const profile = await platform.app.inject({
      method: "POST",
      url: "/v1/profiles",
      headers: fresh.auth,
      payload: { name: "Ada" },
    });
    expect(profile.statusCode).toBe(201);

    const deliveriesOf = async (id: string, e: TestEnvironment = fresh) =>
      (await call("GET", `/v1/webhooks/subscriptions/${id}/deliveries`, undefined, e)).json();
    const [forScope] = await deliveriesOf(scope.id);
    const [forExact] = await deliveriesOf(exact.id);
    expect(await deliveriesOf(unrelated.id)).toEqual([]);
    expect(await deliveriesOf(disabled.id)).toEqual([]);
    const [event] = await platform.ctx.db
      .select()
      .from(events)
      .where(eq(events.profileId, profile.json().id));
    const elsewhereDeliveries = await deliveriesOf(elsewhere.id, other);
    expect(elsewhereDeliveries.filter((d: { eventId: string }) => d.eventId === event!.id)).toEqual([]);
    for (const [delivery, subscription] of [
      [forScope, scope],
      [forExact, exact],
    ]) {
      expect(delivery).toMatchObject({
        subscriptionId: subscription.id,
        eventId: event!.id,
        eventType: "profile.created",
        reason: "EVENT",
        status: "PENDING",
        attempts: 0,
        maxAttempts: 8,
        responseStatus: null,
        responseLatencyMs: null,
        lastError: null,
        lastAttemptAt: null,
        completedAt: null,
      });
      expect(delivery.id).toMatch(/^dlv_[0-9a-z]{26}$/);
      expect(Date.parse(delivery.nextAttemptAt)).toBeLessThanOrEqual(Date.now());
    }
    const deliverJobs = await platform.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.queue, WEBHOOK_DELIVER_QUEUE));
    const forThisEvent = deliverJobs.filter((j) =>
      [forScope.id, forExact.id].includes(String(j.payload.deliveryId)),
    );
    expect(forThisEvent).toHaveLength(2);
    expect(forThisEvent.every((j) => j.maxAttempts === 8 && j.state === "queued")).toBe(true);
  });

  it("migration 0019 fans out the fan-out jobs an earlier release left queued, once, and completes them", async () => {
    const fresh = await platform.environment("TEST");
    const subscription = await create({ name: "profile events", eventTypes: ["profile"] }, fresh);
    const unrelated = await create({ name: "connection events", eventTypes: ["connection"] }, fresh);
    // Written as an earlier release did: the event alone, and a fan-out job for it.
    const leftover = "evt_01kmzzzzzzzzzzzzzzzzzzzzzz";
    const alreadyFannedOut = await record(fresh, "profile.created");
    await platform.ctx.db
      .insert(events)
      .values({ id: leftover, environmentId: fresh.id, type: "profile.ready", record: {} });
    await platform.ctx.db.insert(jobs).values([
      {
        id: "job_01kmzzzzzzzzzzzzzzzzzzzzz0",
        queue: "webhooks.fanout",
        payload: { eventId: leftover },
        maxAttempts: 5,
      },
      {
        id: "job_01kmzzzzzzzzzzzzzzzzzzzzz1",
        queue: "webhooks.fanout",
        payload: { eventId: alreadyFannedOut },
        maxAttempts: 5,
      },
    ]);
    const migration = fs.readFileSync(
      new URL("../../db/migrations/0019_events_fan_out_when_recorded.sql", import.meta.url),
      "utf8",
    );
    await platform.ctx.db.execute(sql.raw(migration.split("--> statement-breakpoint")[0]!));

    const [delivery, ...more] = await deliveriesOfEvent(leftover);
    expect(more).toEqual([]);
    expect(delivery).toMatchObject({
      subscriptionId: subscription.id,
      eventType: "profile.ready",
      reason: "EVENT",
    });
    expect(delivery!.id).toMatch(/^dlv_01kmzzzzzz[0-9a-f]{16}$/);
    expect(await deliveriesOfEvent(alreadyFannedOut)).toHaveLength(1);
    expect((await deliveriesOfEvent(leftover)).some((d) => d.subscriptionId === unrelated.id)).toBe(false);
    const deliverJobs = await platform.ctx.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'deliveryId' = ${delivery!.id}`);
    expect(deliverJobs).toMatchObject([{ queue: WEBHOOK_DELIVER_QUEUE, state: "queued", maxAttempts: 8 }]);
    const fanOutJobs = await platform.ctx.db.select().from(jobs).where(eq(jobs.queue, "webhooks.fanout"));
    expect(fanOutJobs.map((j) => j.state)).toEqual(["completed", "completed"]);
  });
});

describe("pruneSettledDeliveries", () => {
  it("forgets settled deliveries past the retention; pending ones stay", async () => {
    const subscription = await create({ name: "Pruned", eventTypes: ["profile"] });
    const eventId = await platform.ctx.db.transaction((tx) =>
      recordEvent(tx, { environmentId: env.id, type: "profile.created", profile: null, record: {} }),
    );
    expect(eventId).toMatch(/^evt_/);
    const mine = await platform.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subscriptionId, subscription.id));
    expect(mine.length).toBeGreaterThanOrEqual(1);
    const old = new Date(Date.now() - 40 * 86_400_000);
    await platform.ctx.db
      .update(webhookDeliveries)
      .set({ status: "SUCCEEDED", updatedAt: old })
      .where(eq(webhookDeliveries.id, mine[0]!.id));
    const pending = await platform.ctx.db
      .select({ n: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.status, "PENDING"));
    expect(await pruneSettledDeliveries(platform.ctx.db, { succeededDays: 7, failedDays: 30 })).toBe(1);
    const after = await platform.ctx.db
      .select({ n: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.status, "PENDING"));
    expect(after.length).toBe(pending.length);
  });

  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

  it("by the default retention (WEFT_JOB_RETENTION unset: 7,30), forgets delivered attempts after 7 days and failed or cancelled ones after 30", async () => {
    const retention = platform.ctx.config.jobRetention;
    expect(retention).toEqual({ succeededDays: 7, failedDays: 30 });
    const subscription = await create({ name: "Retention", eventTypes: ["profile"] });
    const rows = [
      { key: "succeeded-8d", status: "SUCCEEDED", age: 8, pruned: true },
      { key: "succeeded-31d", status: "SUCCEEDED", age: 31, pruned: true },
      { key: "succeeded-6d", status: "SUCCEEDED", age: 6, pruned: false },
      { key: "failed-31d", status: "FAILED", age: 31, pruned: true },
      { key: "failed-8d", status: "FAILED", age: 8, pruned: false },
      { key: "failed-29d", status: "FAILED", age: 29, pruned: false },
      { key: "cancelled-31d", status: "CANCELLED", age: 31, pruned: true },
      { key: "cancelled-8d", status: "CANCELLED", age: 8, pruned: false },
      { key: "pending-40d", status: "PENDING", age: 40, pruned: false },
    ] as const;
    await platform.ctx.db.insert(webhookDeliveries).values(
      rows.map((r) => ({
        id: `dlv_retention_${r.key}`,
        environmentId: env.id,
        subscriptionId: subscription.id,
        eventId: `evt_retention_${r.key}`,
        eventType: "profile.created",
        reason: "EVENT" as const,
        status: r.status,
        maxAttempts: 8,
        updatedAt: daysAgo(r.age),
      })),
    );
    // Only this subscription's rows are old enough to go.
    expect(await pruneSettledDeliveries(platform.ctx.db, retention)).toBe(
      rows.filter((r) => r.pruned).length,
    );
    const left = await platform.ctx.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subscriptionId, subscription.id));
    expect(left.map((d) => d.id).sort()).toEqual(
      rows
        .filter((r) => !r.pruned)
        .map((r) => `dlv_retention_${r.key}`)
        .sort(),
    );
  });

  it("deletes PRUNE_BATCH deliveries a statement, each batch its own transaction, however many are due", async () => {
    const subscription = await create({ name: "Batches", eventTypes: ["profile"] });
    const due = 2 * PRUNE_BATCH + 5;
    await platform.ctx.db.execute(sql`insert into webhook_deliveries
        (id, environment_id, subscription_id, event_id, event_type, reason, status, max_attempts, updated_at)
      select 'dlv_batch_' || g, ${env.id}, ${subscription.id}, 'evt_batch_' || g, 'profile.created', 'EVENT',
        'SUCCEEDED', 8, now() - interval '8 days'
      from generate_series(1, ${due}::int) g`);
    await platform.ctx.db.execute(sql`insert into webhook_deliveries
        (id, environment_id, subscription_id, event_id, event_type, reason, status, max_attempts, updated_at)
      values ('dlv_batch_failed', ${env.id}, ${subscription.id}, 'evt_batch_failed', 'profile.created', 'EVENT',
        'FAILED', 8, now() - interval '31 days')`);
    const recorder = await recordDeletes(platform.ctx.db, "webhook_deliveries");
    try {
      expect(await pruneSettledDeliveries(platform.ctx.db, { succeededDays: 7, failedDays: 30 })).toBe(
        due + 1,
      );
      const deletes = await recorder.deletes();
      // Succeeded: two full batches and the rest; then the failed one. One DELETE would be [2006].
      expect(deletes.map((d) => d.rows)).toEqual([PRUNE_BATCH, PRUNE_BATCH, 5, 1]);
      expect(new Set(deletes.map((d) => d.transaction)).size).toBe(deletes.length);
    } finally {
      await recorder.stop();
    }
    const left = await platform.ctx.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subscriptionId, subscription.id));
    expect(left).toEqual([]);
  });
});
