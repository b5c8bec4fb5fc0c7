import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "../../test/harness.ts";
import { issueSession, linkAndSync } from "../../test/sandbox-helpers.ts";
import { createConnector } from "../modules/connectors/service.ts";
import { setEnvironmentOrigin } from "../modules/environments/service.ts";

/**
 * What a front end may do: read its own profile's data with a session token (REST), from an
 * allowed web origin (CORS); and sign out the way Quiltt's clients do.
 */
let platform: TestPlatform;
let env: TestEnvironment;
let other: TestEnvironment;
let mine: { profileId: string; connectionId: string; accountId: string; token: string };
let theirs: { profileId: string; connectionId: string; accountId: string };
let elsewhere: { profileId: string; connectionId: string; accountId: string };
const APP_ORIGIN = "https://app.example.com";

const session = (e: TestEnvironment, userId: string) => issueSession(platform, e, userId);

async function linked(e: TestEnvironment) {
  const { profileId, connectionId } = await linkAndSync(platform, e, {
    products: [
      "ACCOUNT_BALANCES_AND_TRANSACTIONS",
      "ACCOUNT_NUMBERS",
      "ACCOUNT_OWNERS",
      "ACCOUNT_STATEMENTS",
      "INVESTMENTS",
    ],
  });
  const accounts = await platform.app.inject({
    method: "GET",
    url: `/v1/profiles/${profileId}/accounts`,
    headers: e.auth,
  });
  return { profileId, connectionId, accountId: accounts.json()[0].id as string };
}

beforeAll(async () => {
  platform = await startTestPlatform();
  env = await platform.environment("SANDBOX");
  other = await platform.environment("SANDBOX", "other tenant");
  const a = await linked(env);
  mine = { ...a, token: await session(env, a.profileId) };
  theirs = await linked(env);
  elsewhere = await linked(other);
  await setEnvironmentOrigin(platform.ctx, env.id, APP_ORIGIN, true);
  await createConnector(platform.ctx.db, {
    environmentId: other.id,
    name: "Widget",
    allowedOrigins: ["https://widget.example.org"],
  });
});
afterAll(() => platform.close());

const asSession = (url: string, token = mine.token, method: "GET" | "DELETE" | "PATCH" | "POST" = "GET") =>
  platform.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });

describe("data reads with a session token", () => {
  const ownReads = () => [
    `/v1/profiles/${mine.profileId}`,
    `/v1/profiles/${mine.profileId}/connections`,
    `/v1/profiles/${mine.profileId}/accounts`,
    `/v1/connections/${mine.connectionId}`,
    `/v1/accounts/${mine.accountId}`,
    `/v1/accounts/${mine.accountId}/balances`,
    `/v1/accounts/${mine.accountId}/transactions`,
    `/v1/accounts/${mine.accountId}/holdings`,
    `/v1/accounts/${mine.accountId}/statements`,
    `/v1/accounts/${mine.accountId}/ach_numbers`,
    `/v1/accounts/${mine.accountId}/owners`,
  ];

  it("reads everything of its own profile, exactly as the API key does", async () => {
    for (const url of ownReads()) {
      const bySession = await asSession(url);
      const byKey = await platform.app.inject({ method: "GET", url, headers: env.auth });
      expect(bySession.statusCode, url).toBe(200);
      expect(bySession.json(), url).toEqual(byKey.json());
    }
  });

  it("another profile's records, in this environment or another, are 404", async () => {
    for (const target of [theirs, elsewhere]) {
      const urls = ownReads().map((url) =>
        url
          .replace(mine.profileId, target.profileId)
          .replace(mine.connectionId, target.connectionId)
          .replace(mine.accountId, target.accountId),
      );
      for (const url of urls) {
        const res = await asSession(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().message).toMatch(/was not found/);
      }
    }
  });

  it("writes and environment administration stay with the API key", async () => {
    for (const [method, url] of [
      ["DELETE", `/v1/connections/${mine.connectionId}`],
      ["PATCH", `/v1/profiles/${mine.profileId}`],
      ["GET", "/v1/profiles"],
      ["GET", "/v1/webhooks/subscriptions"],
      ["POST", `/v1/accounts/${mine.accountId}/balances/refresh`],
    ] as const) {
      const res = await asSession(url, mine.token, method);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe("This endpoint does not take a session token");
    }
  });

  it("a revoked session stops reading at once", async () => {
    const token = await session(env, mine.profileId);
    expect((await asSession(`/v1/accounts/${mine.accountId}`, token)).statusCode).toBe(200);
    expect((await asSession("/v1/users/session", token, "DELETE")).statusCode).toBe(204);
    expect((await asSession(`/v1/accounts/${mine.accountId}`, token)).statusCode).toBe(401);
  });
});

describe("Quiltt's session wire details", () => {
  it("the token carries the environment as eid", () => {
    expect(decodeJwt(mine.token)).toMatchObject({ eid: env.id, env: env.id, sub: mine.profileId });
  });

  it("DELETE /v1/users/session with Content-Type: application/json and no body revokes (204)", async () => {
    const token = await session(env, mine.profileId);
    const res = await platform.app.inject({
      method: "DELETE",
      url: "/v1/users/session",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(204);
    expect((await asSession("/v1/users/session", token)).statusCode).toBe(401);
  });

  it("a POST with Content-Type: application/json and no body is still a 400", async () => {
    const res = await platform.app.inject({
      method: "POST",
      url: "/v1/profiles",
      headers: { ...env.auth, "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("CORS", () => {
  const preflight = (url: string, origin: string) =>
    platform.app.inject({
      method: "OPTIONS",
      url,
      headers: {
        origin,
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization, quiltt-sdk-agent",
      },
    });

  it("answers a preflight from an allowed origin, naming it (never *)", async () => {
    for (const url of [
      "/v1/users/session",
      `/v1/accounts/${mine.accountId}/transactions`,
      `/v1/profiles/${mine.profileId}/accounts`,
      "/v1/graphql",
    ]) {
      const res = await preflight(url, APP_ORIGIN);
      expect(res.statusCode, url).toBe(204);
      expect(res.headers["access-control-allow-origin"]).toBe(APP_ORIGIN);
      expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
      expect(res.headers["access-control-allow-headers"]).toBe(
        "authorization, content-type, idempotency-key, quiltt-sdk-agent, quiltt-client-version, x-request-id",
      );
      expect(res.headers.vary).toMatch(/Origin/);
    }
  });

  it("refuses a preflight from an origin no environment or Connector allows, saying how to allow it", async () => {
    const res = await preflight("/v1/users/session", "https://evil.example");
    expect(res.statusCode).toBe(403);
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    expect(res.json().instruction).toMatch(/env origins --env ENV_ID --allow ORIGIN/);
  });

  it("a Connector's allowed origins are allowed too", async () => {
    expect((await preflight("/v1/users/session", "https://widget.example.org")).statusCode).toBe(204);
  });

  it("marks the real response (and its errors) for the allowed origin; server-only routes get nothing", async () => {
    const ok = await platform.app.inject({
      method: "GET",
      url: `/v1/accounts/${mine.accountId}`,
      headers: { origin: APP_ORIGIN, authorization: `Bearer ${mine.token}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["access-control-allow-origin"]).toBe(APP_ORIGIN);
    expect(ok.headers["access-control-expose-headers"]).toMatch(/link/);
    const denied = await platform.app.inject({
      method: "GET",
      url: `/v1/accounts/${mine.accountId}`,
      headers: { origin: APP_ORIGIN },
    });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers["access-control-allow-origin"]).toBe(APP_ORIGIN);
    const serverOnly = await preflight("/v1/webhooks", APP_ORIGIN);
    expect(serverOnly.headers["access-control-allow-origin"]).toBeUndefined();
    expect(serverOnly.statusCode).toBe(404);
  });

  it("an origin one environment allows is not answered for another environment's session", async () => {
    const theirToken = await session(other, elsewhere.profileId);
    const read = (origin: string) =>
      platform.app.inject({
        method: "GET",
        url: `/v1/accounts/${elsewhere.accountId}`,
        headers: { origin, authorization: `Bearer ${theirToken}` },
      });
    // APP_ORIGIN is this test's first environment's; the other environment allows only its Connector's.
    const foreign = await read(APP_ORIGIN);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.headers["access-control-allow-origin"]).toBeUndefined();
    const own = await read("https://widget.example.org");
    expect(own.headers["access-control-allow-origin"]).toBe("https://widget.example.org");
  });
});
