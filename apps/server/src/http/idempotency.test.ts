import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "../../test/harness.ts";
import { idempotencyKeys, profiles } from "../db/schema/index.ts";
import { pruneIdempotencyKeys } from "./idempotency.ts";

let platform: TestPlatform;
let env: TestEnvironment;

beforeAll(async () => {
  platform = await startTestPlatform();
  env = await platform.environment("SANDBOX");
});
afterAll(() => platform.close());

const post = (
  url: string,
  payload: unknown,
  key: string | undefined,
  auth: Record<string, string> = env.auth,
) =>
  platform.app.inject({
    method: "POST",
    url,
    headers: {
      ...auth,
      "content-type": "application/json",
      ...(key === undefined ? {} : { "idempotency-key": key }),
    },
    payload: payload as object,
  });

const profilesNamed = async (name: string) =>
  (await platform.ctx.db.select({ n: count() }).from(profiles).where(sql`${profiles.name} = ${name}`))[0]!.n;

describe("Idempotency-Key", () => {
  it("a repeat of the same request gets the first answer, and the work is done once", async () => {
    const first = await post("/v1/profiles", { name: "Once Only" }, "key-once");
    expect(first.statusCode).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await post("/v1/profiles", { name: "Once Only" }, "key-once");
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.headers["content-type"]).toContain("application/json");
    expect(again.json()).toEqual(first.json());
    expect(await profilesNamed("Once Only")).toBe(1);
  });

  it("keeps an answer sealed, as every secret at rest: a webhook's signing secret is replayed, never stored readable", async () => {
    const body = { name: "Sealed", targetUrl: "https://example.com/hooks", eventTypes: ["profile.created"] };
    const first = await post("/v1/webhooks/subscriptions", body, "key-sealed");
    expect(first.statusCode).toBe(201);
    const { secret } = first.json();
    const [kept] = await platform.ctx.db
      .select({ body: idempotencyKeys.responseBody })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, "key-sealed"));
    expect(kept!.body).toMatch(/^v2\./);
    expect(kept!.body).not.toContain(secret);
    const again = await post("/v1/webhooks/subscriptions", body, "key-sealed");
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    // One kept before answers were sealed (plain JSON) is answered as it was kept.
    await platform.ctx.db
      .update(idempotencyKeys)
      .set({ responseBody: '{"kept":"plain"}' })
      .where(eq(idempotencyKeys.key, "key-sealed"));
    expect((await post("/v1/webhooks/subscriptions", body, "key-sealed")).json()).toEqual({ kept: "plain" });
  });

  it("a repeat serialised otherwise (keys in another order, other spacing) is the same request", async () => {
    const body = {
      name: "Reordered",
      address: {
        line1: "1 Market St",
        city: "San Francisco",
        state: "CA",
        postalCode: "94105",
        countryCode: "USA",
      },
    };
    const first = await post("/v1/profiles", JSON.stringify(body), "key-reordered");
    expect(first.statusCode).toBe(201);
    const reordered = {
      address: {
        countryCode: "USA",
        postalCode: "94105",
        state: "CA",
        city: "San Francisco",
        line1: "1 Market St",
      },
      name: "Reordered",
    };
    const again = await post("/v1/profiles", JSON.stringify(reordered, null, 2), "key-reordered");
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(await profilesNamed("Reordered")).toBe(1);
    // A value that differs inside is still another request.
    const moved = await post(
      "/v1/profiles",
      { ...reordered, address: { ...reordered.address, city: "Oakland" } },
      "key-reordered",
    );
    expect(moved.statusCode).toBe(422);
  });

  it("the same key with another request is a 422 and changes nothing", async () => {
    await post("/v1/profiles", { name: "Key Owner" }, "key-reused");
    const other = await post("/v1/profiles", { name: "Someone Else" }, "key-reused");
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      "Idempotency-Key": [
        "This Idempotency-Key was used with a different request in the last 24 hours; use a new key for a new request",
      ],
    });
    expect(await profilesNamed("Someone Else")).toBe(0);
  });

  it("concurrent duplicates: one does the work, the other gets its answer or a 409", async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => post("/v1/profiles", { name: "Raced" }, "key-race")),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const conflictAnswer = answers.find((a) => a.statusCode === 409);
    if (conflictAnswer)
      expect(conflictAnswer.json().message).toBe("A request with this Idempotency-Key is still running");
    expect(await profilesNamed("Raced")).toBe(1);
  });

  it("an error answer is kept too; keys belong to the credential that sent them", async () => {
    const missing = await post(
      "/v1/sandbox/connections",
      { profileId: "p_01jaaaaaaaaaaaaaaaaaaaaaaa" },
      "key-404",
    );
    expect(missing.statusCode).toBe(404);
    const replay = await post(
      "/v1/sandbox/connections",
      { profileId: "p_01jaaaaaaaaaaaaaaaaaaaaaaa" },
      "key-404",
    );
    expect(replay.statusCode).toBe(404);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    const otherEnv = await platform.environment("SANDBOX", "other");
    const fresh = await post("/v1/profiles", { name: "Once Only" }, "key-once", otherEnv.auth);
    expect(fresh.statusCode).toBe(201);
    expect(fresh.headers["idempotent-replayed"]).toBeUndefined();
  });

  it("an answer that asks to be asked again (a 429, a 202 with Retry-After) is not kept: the retry runs", async () => {
    const { id: userId } = (await post("/v1/profiles", { name: "Capped" }, undefined)).json();
    const issue = () => post("/v1/users/sessions", { userId }, "key-capped");
    const tokens: string[] = [];
    for (let i = 0; i < 10; i++) {
      const issued = await post("/v1/users/sessions", { userId }, undefined);
      expect(issued.statusCode).toBe(201);
      tokens.push(issued.json().token);
    }
    const limited = await issue();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    const revoked = await platform.app.inject({
      method: "DELETE",
      url: "/v1/users/session",
      headers: { authorization: `Bearer ${tokens[0]}` },
    });
    expect(revoked.statusCode).toBe(204);
    const retried = await issue();
    expect(retried.statusCode).toBe(201);
    expect(retried.headers["idempotent-replayed"]).toBeUndefined();
    // Now a kept answer: the same key replays the session issued.
    const replayed = await issue();
    expect(replayed.headers["idempotent-replayed"]).toBe("true");
    expect(replayed.json()).toEqual(retried.json());

    const transactions = Array.from({ length: 1_001 }, (_, i) => ({
      id: `t${i}`,
      accountId: "a1",
      description: "STARBUCKS STORE 04512 SEATTLE WA",
      currencyCode: "USD",
      amount: "-4.50",
      date: "2026-11-01",
    }));
    const enrich = () =>
      post(
        "/v1/remote/enrichment/sync",
        { profileId: userId, accountType: "CHECKING", provider: "GENERIC", payload: { data: transactions } },
        "key-enrich",
      );
    const accepted = await enrich();
    expect(accepted.statusCode).toBe(202);
    expect(accepted.headers["retry-after"]).toBeDefined();
    await platform.worker.drain();
    const done = await enrich();
    expect(done.statusCode).toBe(200);
    expect(done.headers["idempotent-replayed"]).toBeUndefined();
    expect(done.json().transactions).toHaveLength(1_001);
  });

  it("a malformed key is a 422; a request without a key runs every time", async () => {
    const bad = await post("/v1/profiles", { name: "Bad Key" }, "has space");
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      "Idempotency-Key": [
        "Idempotency-Key must be 1 to 255 printable characters without spaces, such as a UUID",
      ],
    });
    await post("/v1/profiles", { name: "No Key" }, undefined);
    await post("/v1/profiles", { name: "No Key" }, undefined);
    expect(await profilesNamed("No Key")).toBe(2);
  });

  it("keys are kept 24 hours, then pruned", async () => {
    await post("/v1/profiles", { name: "Old Key" }, "key-old");
    await platform.ctx.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(idempotencyKeys.key, "key-old"));
    expect(await pruneIdempotencyKeys(platform.ctx)).toBe(1);
    expect(
      await platform.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "key-old")),
    ).toEqual([]);
  });
});
