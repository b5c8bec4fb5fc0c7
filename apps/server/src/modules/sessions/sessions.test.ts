import { eq } from "drizzle-orm";
import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  jwtVerify,
  SignJWT,
} from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "../../../test/harness.ts";
import { events, signingKeys, userSessions } from "../../db/schema/index.ts";
import { newId } from "../../http/ids.ts";
import { UserSession } from "./schemas.ts";
import { SESSION_LIFETIME_MS } from "./service.ts";
import { SESSION_AUDIENCE, SessionSigner } from "./tokens.ts";

let platform: TestPlatform;
let env: TestEnvironment;

beforeAll(async () => {
  platform = await startTestPlatform({ WEFT_SANDBOX_PROFILE_LIMIT: "2" });
  env = await platform.environment("TEST");
});
afterAll(() => platform.close());

const issue = (body: unknown = {}, e: TestEnvironment = env) =>
  platform.app.inject({
    method: "POST",
    url: "/v1/users/sessions",
    headers: e.auth,
    payload: body as object,
  });
const asSession = (method: "GET" | "POST" | "DELETE", url: string, token: string) =>
  platform.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
const createProfile = async (body: object = {}) =>
  (
    await platform.app.inject({ method: "POST", url: "/v1/profiles", headers: env.auth, payload: body })
  ).json();

describe("POST /v1/introspect/api_key", () => {
  it("returns the key and its environment", async () => {
    const res = await platform.app.inject({
      method: "POST",
      url: "/v1/introspect/api_key",
      headers: env.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: env.apiKeyId,
      name: "test key",
      apiVersion: "2025-04-01",
      environment: { id: env.id, name: "TEST environment", mode: "TEST", metadata: null },
    });
  });

  it.each([
    ["no header", {}, "Missing or malformed Authorization header"],
    ["not bearer", { authorization: "Basic abc" }, "Missing or malformed Authorization header"],
    ["unknown key", { authorization: "Bearer weft_sk_unknown" }, "The API key is invalid or revoked"],
  ])("401 with %s", async (_label, headers, message) => {
    const res = await platform.app.inject({ method: "POST", url: "/v1/introspect/api_key", headers });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(message);
    expect(res.json().instruction).toEqual(expect.any(String));
  });

  it("401 once the key is revoked", async () => {
    const e = await platform.environment("TEST");
    const { revokeApiKey } = await import("../api-keys/service.ts");
    expect(await revokeApiKey(platform.ctx, e.apiKeyId)).toEqual({ environmentId: e.id });
    const res = await platform.app.inject({ method: "POST", url: "/v1/introspect/api_key", headers: e.auth });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("The API key is invalid or revoked");
  });
});

describe("POST /v1/users/sessions", () => {
  it("without userId creates a profile from the fields sent and returns a UserSession", async () => {
    const res = await issue({ email: "new@example.com", names: { first: "New" } });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      token: expect.any(String),
      userId: expect.stringMatching(/^p_/),
      userUuid: expect.any(String),
      environmentId: env.id,
      expiration: expect.any(Number),
      expiresAt: expect.any(String),
    });
    expect(Date.parse(body.expiresAt) / 1000).toBe(body.expiration);
    expect(body.expiration - Date.now() / 1000).toBeGreaterThan(24 * 3600 - 60);
    expect(body.expiration - Date.now() / 1000).toBeLessThanOrEqual(24 * 3600);
    const profile = await platform.app.inject({
      method: "GET",
      url: `/v1/profiles/${body.userId}`,
      headers: env.auth,
    });
    expect(profile.json()).toMatchObject({
      uuid: body.userUuid,
      email: "new@example.com",
      names: { first: "New" },
    });
    const created = await platform.ctx.db.select().from(events).where(eq(events.profileId, body.userId));
    expect(created.map((e) => e.type)).toEqual(["profile.created"]);
  });

  it("creates the profile with the uuid sent", async () => {
    const uuid = "5d6f1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b";
    const res = await issue({ uuid });
    expect(res.json().userUuid).toBe(uuid);
    const taken = await issue({ uuid });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(`The uuid ${uuid} is not available`);
  });

  it("a uuid in capitals is the same uuid: stored lowercase, taken once, found either way", async () => {
    const upper = "6E7F8A9B-0C1D-4E2F-9A3B-4C5D6E7F8A9B";
    const lower = upper.toLowerCase();
    const created = await issue({ uuid: upper });
    expect(created.statusCode).toBe(201);
    expect(created.json().userUuid).toBe(lower);
    for (const again of [lower, "6e7f8a9b-0C1D-4e2f-9A3B-4c5d6e7f8a9b"]) {
      const taken = await issue({ uuid: again });
      expect(taken.statusCode, again).toBe(409);
    }
    const profiled = await platform.app.inject({
      method: "POST",
      url: "/v1/profiles",
      headers: env.auth,
      payload: { uuid: lower },
    });
    expect(profiled.statusCode).toBe(409);
    const byUpper = await issue({ userId: upper, uuid: upper, name: "Same" });
    expect(byUpper.statusCode).toBe(201);
    expect(byUpper.json().userId).toBe(created.json().userId);
    const read = await platform.app.inject({
      method: "GET",
      url: `/v1/profiles/${upper}`,
      headers: env.auth,
    });
    expect(read.json()).toMatchObject({ id: created.json().userId, uuid: lower, name: "Same" });
  });

  it("with userId (id or uuid) issues for that profile and saves the fields sent onto it", async () => {
    const profile = await createProfile({ email: "old@example.com" });
    const byId = await issue({ userId: profile.id, email: "changed@example.com" });
    expect(byId.statusCode).toBe(201);
    expect(byId.json()).toMatchObject({ userId: profile.id, userUuid: profile.uuid });
    const byUuid = await issue({ userId: profile.uuid });
    expect(byUuid.json().userId).toBe(profile.id);
    const saved = await platform.app.inject({
      method: "GET",
      url: `/v1/profiles/${profile.id}`,
      headers: env.auth,
    });
    expect(saved.json().email).toBe("changed@example.com");
  });

  it("422 when userId is given with a different uuid", async () => {
    const profile = await createProfile();
    const res = await issue({ userId: profile.id, uuid: "5d6f1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2c" });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ uuid: ["UUID cannot be changed on an existing profile"] });
  });

  it("saves only the part of the names sent; the other part stays", async () => {
    const profile = await createProfile({ names: { first: "Ada", last: "Byron" } });
    expect((await issue({ userId: profile.id, names: { first: "Augusta" } })).statusCode).toBe(201);
    const saved = await platform.app.inject({ url: `/v1/profiles/${profile.id}`, headers: env.auth });
    expect(saved.json().names).toEqual({ full: "Augusta Byron", first: "Augusta", last: "Byron" });
  });

  it("merges metadata sent into the profile's, as an update does; past 50 keys a 422, and no session", async () => {
    const profile = await createProfile({ metadata: { plan: "free", team: "a" } });
    expect((await issue({ userId: profile.id, metadata: { plan: "pro", team: null } })).statusCode).toBe(201);
    const read = () => platform.app.inject({ url: `/v1/profiles/${profile.id}`, headers: env.auth });
    expect((await read()).json().metadata).toEqual({ plan: "pro" });
    const sessionsBefore = (await platform.ctx.db.select().from(userSessions)).length;
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));
    const full = await issue({ userId: profile.id, metadata: many });
    expect(full.statusCode).toBe(422);
    expect(full.json()).toEqual({
      metadata: ["Metadata must have at most 50 entries, with the keys it already has"],
    });
    expect((await read()).json().metadata).toEqual({ plan: "pro" });
    expect((await platform.ctx.db.select().from(userSessions)).length).toBe(sessionsBefore);
  });

  it("its own uuid sent back is no change: the session is issued and the fields saved", async () => {
    const profile = await createProfile();
    const res = await issue({ userId: profile.id, uuid: profile.uuid, email: "same@example.com" });
    expect(res.statusCode).toBe(201);
    const saved = await platform.app.inject({ url: `/v1/profiles/${profile.id}`, headers: env.auth });
    expect(saved.json().email).toBe("same@example.com");
  });

  it("saves none of the fields sent when it issues no session (422 for another uuid, 429 at the limit)", async () => {
    const profile = await createProfile({ email: "kept@example.com" });
    const otherUuid = await issue({
      userId: profile.id,
      uuid: "5d6f1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2c",
      email: "lost@example.com",
    });
    expect(otherUuid.statusCode).toBe(422);
    for (let i = 0; i < 10; i++) expect((await issue({ userId: profile.id })).statusCode).toBe(201);
    expect((await issue({ userId: profile.id, email: "lost@example.com" })).statusCode).toBe(429);
    const saved = await platform.app.inject({ url: `/v1/profiles/${profile.id}`, headers: env.auth });
    expect(saved.json().email).toBe("kept@example.com");
  });

  it("404 for an unknown profile and for another environment's profile", async () => {
    const res = await issue({ userId: "p_00000000000000000000000000" });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Profile p_00000000000000000000000000 was not found");
    const otherEnv = await platform.environment("TEST");
    const theirs = (await issue({}, otherEnv)).json();
    expect((await issue({ userId: theirs.userId })).statusCode).toBe(404);
    expect((await issue({ userId: theirs.userUuid })).statusCode).toBe(404);
  });

  it("409 for a profile being deleted", async () => {
    const profile = await createProfile();
    await platform.app.inject({ method: "DELETE", url: `/v1/profiles/${profile.id}`, headers: env.auth });
    const res = await issue({ userId: profile.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Profile ${profile.id} is being deleted`);
  });

  it("403 when a new profile would pass the SANDBOX cap", async () => {
    const sandbox = await platform.environment("SANDBOX");
    expect((await issue({}, sandbox)).statusCode).toBe(201);
    expect((await issue({}, sandbox)).statusCode).toBe(201);
    const res = await issue({}, sandbox);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("This SANDBOX environment has reached its limit of 2 profiles");
  });

  it("422 for invalid profile fields, and no profile is created", async () => {
    const otherEnv = await platform.environment("TEST");
    const res = await issue({ email: "bad", userId: "" }, otherEnv);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      email: ["Email is not a valid email address"],
      userId: ["User ID must be at least 1 character"],
    });
    // An id no profile could have is not looked up (nor echoed back, 100,000 characters long).
    const long = await issue({ userId: "p".repeat(100_000) }, otherEnv);
    expect(long.json()).toEqual({ userId: ["User ID must be at most 255 characters"] });
    const list = await platform.app.inject({ method: "GET", url: "/v1/profiles", headers: otherEnv.auth });
    expect(list.headers["total-count"]).toBe("0");
  });

  it("403 with a valid session token instead of an API key (a 401 would have a client throw a good token away); 401 with a bad one", async () => {
    const { token } = (await issue()).json();
    const res = await asSession("POST", "/v1/users/sessions", token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: "This endpoint does not take a session token",
      instruction: "Send an API key secret (weft_sk_…).",
    });
    expect((await asSession("POST", "/v1/users/sessions", `${token.slice(0, -4)}AAAA`)).statusCode).toBe(401);
  });

  it("401 that says what a bearer credential of neither kind is: not a session token gone bad", async () => {
    const garbage = await asSession("POST", "/v1/users/sessions", "not-a-credential");
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toEqual({
      message: "The bearer credential is neither an API key nor a session token",
      instruction: "Send an API key secret (weft_sk_…).",
    });
    const basic = await platform.app.inject({
      method: "POST",
      url: "/v1/users/sessions",
      headers: { authorization: `Basic ${Buffer.from("someone:secret").toString("base64")}` },
      payload: {},
    });
    expect(basic.statusCode).toBe(401);
    expect(basic.json()).toEqual({
      message: "This endpoint does not take Basic auth",
      instruction: "Send an API key secret (weft_sk_…).",
    });
    const processorToken = await asSession("POST", "/v1/users/sessions", "ptok_01jd8x0m6e9q7v2c5b4n3k1h0g");
    expect(processorToken.json().message).toBe(
      "A processor token is sent with Basic auth, not as a bearer credential",
    );
  });
});

describe("session limits", () => {
  it("allows 10 active sessions per hour, then 429 with Retry-After; revoking frees a slot", async () => {
    const profile = await createProfile();
    const tokens: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await issue({ userId: profile.id });
      expect(res.statusCode).toBe(201);
      tokens.push(res.json().token);
    }
    const limited = await issue({ userId: profile.id });
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(limited.json()).toEqual({
      message: `Profile ${profile.id} already has 10 active sessions issued in the last hour, the limit`,
      instruction: `Retry after ${retryAfter} seconds, or revoke a session you no longer need with DELETE /v1/users/session.`,
    });
    expect((await asSession("DELETE", "/v1/users/session", tokens[0]!)).statusCode).toBe(204);
    expect((await issue({ userId: profile.id })).statusCode).toBe(201);
    expect((await issue({ userId: profile.id })).statusCode).toBe(429);
  });

  it("allows 20 active sessions per day; the slot frees when the oldest leaves the window", async () => {
    const profile = await createProfile();
    const now = Date.now();
    // 15 sessions issued 2 to 16 hours ago: outside the hourly window, inside the daily one.
    await platform.ctx.db.insert(userSessions).values(
      Array.from({ length: 15 }, (_, i) => ({
        id: newId("session"),
        environmentId: env.id,
        profileId: profile.id,
        createdAt: new Date(now - (16 - i) * 3_600_000),
        expiresAt: new Date(now - (16 - i) * 3_600_000 + 24 * 3_600_000),
      })),
    );
    for (let i = 0; i < 5; i++) expect((await issue({ userId: profile.id })).statusCode).toBe(201);
    const limited = await issue({ userId: profile.id });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(
      `Profile ${profile.id} already has 20 active sessions issued in the last day, the limit`,
    );
    // The oldest was issued 16 hours ago, so a slot frees in 8 hours.
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(8 * 3600 - 60);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(8 * 3600);
  });

  it("the limit holds under concurrency: 16 issues at once for one profile, 10 sessions", async () => {
    const profile = await createProfile();
    const answers = await Promise.all(Array.from({ length: 16 }, () => issue({ userId: profile.id })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(10).fill(201), ...Array(6).fill(429)]);
    const stored = await platform.ctx.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.profileId, profile.id));
    expect(stored).toHaveLength(10);
  });

  it("a session for an unknown profile is a 404, for one being deleted a 409, and stores nothing", async () => {
    expect((await issue({ userId: "p_00000000000000000000000000" })).json().message).toBe(
      "Profile p_00000000000000000000000000 was not found",
    );
    const profile = await createProfile();
    const deleting = await platform.app.inject({
      method: "DELETE",
      url: `/v1/profiles/${profile.id}`,
      headers: env.auth,
    });
    expect(deleting.statusCode).toBe(204);
    const refused = await issue({ userId: profile.uuid });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Profile ${profile.id} is being deleted`);
    const stored = await platform.ctx.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.profileId, profile.id));
    expect(stored).toEqual([]);
  });

  it("expired sessions do not count", async () => {
    const profile = await createProfile();
    const now = Date.now();
    await platform.ctx.db.insert(userSessions).values(
      Array.from({ length: 10 }, () => ({
        id: newId("session"),
        environmentId: env.id,
        profileId: profile.id,
        createdAt: new Date(now - 60_000),
        expiresAt: new Date(now - 1000),
      })),
    );
    expect((await issue({ userId: profile.id })).statusCode).toBe(201);
  });
});

describe("session tokens", () => {
  it("introspect and GET /v1/users/session return the session", async () => {
    const session = (await issue()).json();
    for (const [method, url] of [
      ["POST", "/v1/introspect/session_token"],
      ["GET", "/v1/users/session"],
    ] as const) {
      const res = await asSession(method, url, session.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(session);
    }
  });

  it("is an EdDSA JWT with kid, iss, aud, sub, env and jti, verifiable with the JWKS", async () => {
    const session = (await issue()).json();
    const jwks = await platform.app.inject({ method: "GET", url: "/.well-known/jwks.json" });
    expect(jwks.statusCode).toBe(200);
    expect(jwks.json().keys[0]).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA", use: "sig" });
    expect(jwks.json().keys[0]).not.toHaveProperty("d");
    const { payload, protectedHeader } = await jwtVerify(session.token, createLocalJWKSet(jwks.json()), {
      algorithms: ["EdDSA"],
      issuer: platform.ctx.config.publicUrl,
      audience: SESSION_AUDIENCE,
    });
    expect(protectedHeader.kid).toBe(jwks.json().keys[0].kid);
    expect(payload).toMatchObject({ sub: session.userId, env: env.id, exp: session.expiration });
    expect(payload.jti).toMatch(/^ses_/);
    // The API reference's example token has a real token's header.
    const example = (UserSession.properties.token as unknown as { examples: string[] }).examples[0]!;
    expect(decodeProtectedHeader(example)).toEqual({
      ...protectedHeader,
      kid: expect.stringMatching(/^key_/),
    });
  });

  it("DELETE /v1/users/session revokes: 204, then the token is a 401 everywhere", async () => {
    const { token } = (await issue()).json();
    const res = await asSession("DELETE", "/v1/users/session", token);
    expect(res.statusCode).toBe(204);
    for (const [method, url] of [
      ["POST", "/v1/introspect/session_token"],
      ["GET", "/v1/users/session"],
      ["DELETE", "/v1/users/session"],
    ] as const) {
      const after = await asSession(method, url, token);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({
        message: "The session token is invalid, expired or revoked",
        instruction: "Issue a new session with POST /v1/users/sessions from your backend.",
      });
    }
  });

  it("401 for an expired token", async () => {
    const { token } = (await issue()).json();
    const claims = decodeJwt(token);
    const expired = await platform.ctx.signer.sign(
      { sessionId: claims.jti!, profileId: claims.sub!, environmentId: String(claims.env) },
      new Date(Date.now() - 1000),
    );
    expect((await asSession("GET", "/v1/users/session", expired)).statusCode).toBe(401);
    // The session row itself expired too.
    await platform.ctx.db
      .update(userSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userSessions.id, claims.jti!));
    expect((await asSession("GET", "/v1/users/session", token)).statusCode).toBe(401);
  });

  it("401 for malformed, foreign-signed, alg-none and API-key-as-session tokens", async () => {
    const { token } = (await issue()).json();
    const claims = decodeJwt(token);
    const kid = JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString()).kid;
    const foreign = await generateKeyPair("EdDSA", { crv: "Ed25519" });
    const forged = await new SignJWT({ env: claims.env })
      .setProtectedHeader({ alg: "EdDSA", kid })
      .setIssuer(String(claims.iss))
      .setAudience(SESSION_AUDIENCE)
      .setSubject(claims.sub!)
      .setJti(claims.jti!)
      .setExpirationTime("1h")
      .sign(foreign.privateKey);
    const header = Buffer.from(JSON.stringify({ alg: "none", kid })).toString("base64url");
    const unsigned = `${header}.${token.split(".")[1]}.`;
    const tampered = `${token.split(".")[0]}.${Buffer.from(JSON.stringify({ ...claims, sub: "p_x" })).toString("base64url")}.${token.split(".")[2]}`;
    // One spelling of a token: base64url without padding; a padded or standard-base64 copy is no token.
    const padded = `${token}==`;
    const standard = token.replace(/-/g, "+").replace(/_/g, "/");
    for (const bad of ["garbage", "a.b.c", forged, unsigned, tampered, padded, `${token}.`]) {
      const res = await asSession("GET", "/v1/users/session", bad);
      expect(res.statusCode, bad).toBe(401);
    }
    if (standard !== token)
      expect((await asSession("GET", "/v1/users/session", standard)).statusCode).toBe(401);
    expect((await asSession("GET", "/v1/users/session", token)).statusCode).toBe(200);
    const res = await asSession("GET", "/v1/users/session", env.secret);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("This endpoint does not take an API key");
    expect((await asSession("GET", "/v1/users/session", "weft_sk_not-a-key")).statusCode).toBe(401);
  });

  it("a deleted profile's tokens stop working", async () => {
    const session = (await issue()).json();
    await platform.app.inject({ method: "DELETE", url: `/v1/profiles/${session.userId}`, headers: env.auth });
    expect((await asSession("GET", "/v1/users/session", session.token)).statusCode).toBe(401);
    await platform.worker.drain();
    expect((await asSession("GET", "/v1/users/session", session.token)).statusCode).toBe(401);
  });
});

describe("signing key rotation", () => {
  it("a new key signs; the old one stays in the JWKS and verifies its sessions until they expire, then neither", async () => {
    const before = (await issue()).json();
    const oldKid = decodeProtectedHeader(before.token).kid;
    const { kid, retireAt } = await platform.ctx.signer.rotate(SESSION_LIFETIME_MS);
    expect(retireAt.getTime()).toBeGreaterThan(Date.now() + SESSION_LIFETIME_MS);
    const after = (await issue()).json();
    expect(decodeProtectedHeader(after.token).kid).toBe(kid);
    expect(kid).not.toBe(oldKid);
    const jwks = (await platform.app.inject({ url: "/.well-known/jwks.json" })).json();
    expect(jwks.keys.map((k: { kid: string }) => k.kid).sort()).toEqual([oldKid, kid].sort());
    expect((await asSession("GET", "/v1/users/session", before.token)).statusCode).toBe(200);
    expect((await asSession("GET", "/v1/users/session", after.token)).statusCode).toBe(200);

    // Once its sessions have expired, the old key is gone: from the JWKS and for verifying.
    await platform.ctx.db
      .update(signingKeys)
      .set({ retiredAt: new Date(Date.now() - 1000) })
      .where(eq(signingKeys.id, oldKid!));
    const fresh = new SessionSigner(platform.ctx.db, platform.ctx.secretKey, platform.ctx.config.publicUrl);
    expect((await fresh.jwks()).keys.map((k) => k.kid)).toEqual([kid]);
    await expect(fresh.verify(before.token)).rejects.toThrow("The token was not signed by this deployment");
    await expect(fresh.verify(after.token)).resolves.toMatchObject({ profileId: after.userId });
  });
});
