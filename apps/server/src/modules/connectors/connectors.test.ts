import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "../../../test/harness.ts";
import {
  connectionRow as connectionRowOf,
  createProfile,
  linkAndSync,
  queuedJobs,
  simulate,
  storedEvents,
} from "../../../test/sandbox-helpers.ts";
import { accounts, connections } from "../../db/schema/index.ts";
import { expireConsent } from "../connections/consent.ts";
import { CONSENT_TIMEOUT_QUEUE, SYNC_QUEUE } from "../connections/service.ts";
import { createConnector, updateConnector } from "./service.ts";

let platform: TestPlatform;
let env: TestEnvironment;
let connectorId: string;
let bankId: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  env = await platform.environment("SANDBOX");
  connectorId = (await createConnector(platform.ctx.db, { environmentId: env.id, name: "Acme Budget" })).id;
  const found = await platform.app.inject({
    method: "GET",
    url: "/v1/institutions?routingNumber=110000615",
    headers: env.auth,
  });
  bankId = found.json()[0].id;
});
afterAll(() => platform.close());

async function sessionFor(profileId: string, e = env): Promise<{ authorization: string }> {
  const res = await platform.app.inject({
    method: "POST",
    url: "/v1/users/sessions",
    headers: e.auth,
    payload: { userId: profileId },
  });
  return { authorization: `Bearer ${res.json().token}` };
}

const widget = (method: "GET" | "POST", path: string, auth: { authorization: string }, payload?: object) =>
  platform.app.inject({
    method,
    url: `/v1/connectors/${connectorId}${path}`,
    headers: auth,
    ...(payload && { payload }),
  });

async function linkInConnector(username = "user_good") {
  const profileId = await createProfile(platform, env);
  const auth = await sessionFor(profileId);
  const res = await widget("POST", "/connections", auth, {
    institutionId: bankId,
    username,
    password: "pass_good",
  });
  expect(res.statusCode).toBe(200);
  return { profileId, auth, connectionId: res.json().connectionId as string, outcome: res.json() };
}

const accountsOf = (connectionId: string) =>
  platform.ctx.db.select().from(accounts).where(eq(accounts.connectionId, connectionId));
const connectionRow = (id: string) => connectionRowOf(platform, id);

describe("the Connector's public config", () => {
  it("names the connector and its environment's mode; unknown ids are 404", async () => {
    const res = await platform.app.inject({ method: "GET", url: `/v1/connectors/${connectorId}` });
    expect(res.json()).toEqual({
      id: connectorId,
      name: "Acme Budget",
      mode: "SANDBOX",
      emailSignIn: true,
      allowedOrigins: null,
      products: expect.arrayContaining(["ACCOUNT_NUMBERS"]),
      privacyPolicyUrl: null,
    });
    expect((await platform.app.inject({ method: "GET", url: "/v1/connectors/ctr_nope" })).statusCode).toBe(
      404,
    );
  });

  it("carries the privacy policy the operator set, for the opening pane's link", async () => {
    const made = await createConnector(platform.ctx.db, { environmentId: env.id, name: "Policy" });
    await updateConnector(platform.ctx.db, made.id, { privacyPolicyUrl: "https://acme.example/privacy" });
    const res = await platform.app.inject({ method: "GET", url: `/v1/connectors/${made.id}` });
    expect(res.json()).toMatchObject({ name: "Policy", privacyPolicyUrl: "https://acme.example/privacy" });
    expect(await updateConnector(platform.ctx.db, "ctr_nope", { name: "x" })).toBeUndefined();
  });
});

describe("who may call the Connector's API", () => {
  it("needs the end-user's session: none is a 401, an API key a 403", async () => {
    expect((await widget("GET", "/institutions?q=we", { authorization: "" })).statusCode).toBe(401);
    const withKey = await widget("GET", "/institutions?q=we", env.auth);
    expect(withKey.statusCode).toBe(403);
    expect(withKey.json().message).toBe("This endpoint does not take an API key");
  });

  it("a session of another environment cannot use this connector, nor see its connections", async () => {
    const other = await platform.environment("SANDBOX");
    const stranger = await sessionFor(await createProfile(platform, other), other);
    const res = await widget("GET", "/institutions?q=we", stranger);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`Connector ${connectorId} was not found`);
  });

  it("another profile's connection is a 404", async () => {
    const { connectionId } = await linkInConnector();
    const someoneElse = await sessionFor(await createProfile(platform, env));
    for (const path of [`/connections/${connectionId}`, `/connections/${connectionId}/choices`]) {
      expect((await widget("GET", path, someoneElse)).statusCode).toBe(404);
    }
    const share = await widget("POST", `/connections/${connectionId}/accounts`, someoneElse, {
      accountIds: ["x"],
      consent: true,
    });
    expect(share.statusCode).toBe(404);
  });
});

describe("institution search", () => {
  it("422 under 2 characters; finds by name; a connector limited to some institutions shows only those", async () => {
    const auth = await sessionFor(await createProfile(platform, env));
    const short = await widget("GET", "/institutions?q=w", auth);
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({ q: ["Type 2 to 100 characters to search"] });
    const long = await widget("GET", `/institutions?q=${"a".repeat(101)}`, auth);
    expect(long.statusCode).toBe(422);
    expect(long.json()).toEqual({ q: ["Type 2 to 100 characters to search"] });
    const found = await widget("GET", "/institutions?q=SANDBOX", auth);
    expect(found.json().map((i: { name: string }) => i.name)).toContain("Weft Sandbox Bank");
    expect(found.json()[0]).toEqual({
      id: expect.stringMatching(/^inst_/),
      name: expect.any(String),
      logoUrl: expect.stringContaining("/logo.svg"),
      linkWith: "CREDENTIALS",
    });

    const limited = await createConnector(platform.ctx.db, {
      environmentId: env.id,
      name: "Limited",
      institutionIds: [bankId],
    });
    const res = await platform.app.inject({
      method: "GET",
      url: `/v1/connectors/${limited.id}/institutions?q=a`.replace("q=a", "q=an"),
      headers: auth,
    });
    expect(res.json().every((i: { id: string }) => i.id === bankId)).toBe(true);
    const other = (await widget("GET", "/institutions?q=ch", auth))
      .json()
      .find((i: { id: string }) => i.id !== bankId);
    const refused = await platform.app.inject({
      method: "POST",
      url: `/v1/connectors/${limited.id}/connections`,
      headers: auth,
      payload: { institutionId: other.id, username: "user_good", password: "pass_good" },
    });
    expect(refused.statusCode).toBe(404);
  });

  it("credentials have bounds: a 100 KB password is a 422 naming it, and nothing is sent on", async () => {
    const auth = await sessionFor(await createProfile(platform, env));
    const bankId = (await widget("GET", "/institutions?q=SANDBOX", auth)).json()[0].id;
    const res = await platform.app.inject({
      method: "POST",
      url: `/v1/connectors/${connectorId}/connections`,
      headers: auth,
      payload: {
        institutionId: bankId,
        username: "u".repeat(257),
        password: "p".repeat(100_000),
        mfaCode: "1".repeat(65),
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      username: ["Username must be at most 256 characters"],
      password: ["Password must be at most 1024 characters"],
      mfaCode: ["MFA code must be at most 64 characters"],
    });
  });
});

describe("popular institutions (no query)", () => {
  it("the environment's most linked first, then by name; other environments' links do not count; limits hold", async () => {
    const own = await platform.environment("SANDBOX");
    const ownConnector = await createConnector(platform.ctx.db, { environmentId: own.id, name: "Popular" });
    const auth = await sessionFor(await createProfile(platform, own), own);
    // A link made in a connector counts at once (before any account is shared or synced).
    const link = async (e: TestEnvironment, connector: string, institutionId: string) => {
      const res = await platform.app.inject({
        method: "POST",
        url: `/v1/connectors/${connector}/connections`,
        headers: await sessionFor(await createProfile(platform, e), e),
        payload: { institutionId, username: "user_good", password: "pass_good" },
      });
      expect(res.json().outcome).toBe("LINKED");
    };
    const popular = async (connector = ownConnector.id, limit = 8) =>
      (
        await platform.app.inject({
          method: "GET",
          url: `/v1/connectors/${connector}/institutions?limit=${limit}`,
          headers: auth,
        })
      ).json() as { id: string; name: string }[];

    // Nothing linked yet: the catalogue by name.
    const first = await popular();
    expect(first.map((i) => i.name)).toEqual([...first.map((i) => i.name)].sort());
    const byName = first.map((i) => i.id);
    const [a, b] = [byName.at(-1)!, byName.at(-2)!];

    // Links in another environment change nothing here.
    for (let i = 0; i < 3; i++) await link(env, connectorId, a);
    expect((await popular()).map((i) => i.id)).toEqual(byName);

    // Two links to b and one to a in this environment: b, a, then the rest by name.
    await link(own, ownConnector.id, b);
    await link(own, ownConnector.id, b);
    await link(own, ownConnector.id, a);
    const ranked = (await popular()).map((i) => i.id);
    expect(ranked.slice(0, 2)).toEqual([b, a]);
    expect(ranked.slice(2)).toEqual(byName.filter((id) => id !== a && id !== b));
    expect(await popular(ownConnector.id, 2)).toHaveLength(2);

    // A connector limited to some institutions offers only those.
    const limited = await createConnector(platform.ctx.db, {
      environmentId: own.id,
      name: "Limited",
      institutionIds: [a],
    });
    expect((await popular(limited.id)).map((i) => i.id)).toEqual([a]);
  });
});

describe("linking waits for the end-user to choose accounts", () => {
  it("links without syncing; the choices come from the provider; only the shared accounts are ever stored", async () => {
    const { connectionId, auth, outcome } = await linkInConnector();
    expect(outcome).toEqual({
      outcome: "LINKED",
      connectionId: expect.stringMatching(/^conn_/),
      message: null,
      challenge: null,
    });
    expect((await connectionRow(connectionId)).status).toBe("INITIALIZING");
    expect(
      (await queuedJobs(platform, SYNC_QUEUE)).filter((j) => j.payload.connectionId === connectionId),
    ).toHaveLength(0);
    await platform.worker.drain();
    expect(await accountsOf(connectionId)).toHaveLength(0);

    const choices = (await widget("GET", `/connections/${connectionId}/choices`, auth)).json();
    expect(choices.error).toBeNull();
    expect(choices.accounts).toHaveLength(5);
    expect(choices.accounts[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      mask: expect.any(String),
      kind: "DEPOSITORY",
      type: "CHECKING",
    });
    const chosen = choices.accounts.slice(0, 2).map((a: { id: string }) => a.id);

    const shared = await widget("POST", `/connections/${connectionId}/accounts`, auth, {
      accountIds: chosen,
      consent: true,
    });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({
      id: connectionId,
      status: "INITIALIZING",
      accounts: [],
      progress: {
        transactions: 0,
        syncedFrom: null,
        syncedThrough: null,
        recentSynced: false,
        historySynced: false,
      },
    });
    await platform.worker.drain();
    const stored = await accountsOf(connectionId);
    expect(stored.map((a) => a.externalId).sort()).toEqual([...chosen].sort());
    expect((await connectionRow(connectionId)).status).toBe("SYNCED");
    const created = (await storedEvents(platform, env.id, "account.created")).filter(
      (e) => (e.record as { connectionId: string }).connectionId === connectionId,
    );
    expect(created).toHaveLength(2);
    const view = (await widget("GET", `/connections/${connectionId}`, auth)).json();
    expect(view.accounts).toHaveLength(2);
    // The syncing pane's progress: what was fetched, over which days.
    const counted = await platform.ctx.db.execute(
      sql`select count(*)::int as n from transactions t join accounts a on a.id = t.account_id where a.connection_id = ${connectionId}`,
    );
    const { n } = (counted as unknown as { rows: { n: number }[] }).rows[0]!;
    expect(n).toBeGreaterThan(0);
    expect(view.progress).toEqual({
      transactions: n,
      syncedFrom: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      syncedThrough: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      recentSynced: true,
      historySynced: true,
    });

    // Sharing is once: a second choice is a 409.
    const again = await widget("POST", `/connections/${connectionId}/accounts`, auth, {
      accountIds: chosen,
      consent: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Connection ${connectionId} is not waiting for accounts to be chosen`);
  });

  it.each([
    [{ accountIds: [], consent: true }, { accountIds: ["Choose at least one account to share"] }],
    [
      { accountIds: ["x"], consent: false },
      { consent: ["The end-user must agree to share the chosen accounts"] },
    ],
    [
      { accountIds: ["not-an-account"], consent: true },
      { accountIds: ["not-an-account is not an account of this connection"] },
    ],
  ])("422 for %j, and nothing is shared", async (body, expected) => {
    const { connectionId, auth } = await linkInConnector();
    const res = await widget("POST", `/connections/${connectionId}/accounts`, auth, body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(expected);
    expect((await connectionRow(connectionId)).awaitingConsentSince).not.toBeNull();
  });

  it("an institution failure while listing accounts puts the connection in that ERROR_* status; retries fetch nothing", async () => {
    const { connectionId, auth } = await linkInConnector("user_error_institution");
    const choices = (await widget("GET", `/connections/${connectionId}/choices`, auth)).json();
    expect(choices).toEqual({
      accounts: [],
      error: { message: "Your bank is not available right now. Try again later.", code: "ERROR_INSTITUTION" },
    });
    expect((await connectionRow(connectionId)).status).toBe("ERROR_INSTITUTION");
    const errored = (await storedEvents(platform, env.id, "connection.synced.errored.institution")).filter(
      (e) => (e.record as { id: string }).id === connectionId,
    );
    expect(errored).toHaveLength(1);
    await platform.ctx.db
      .update(connections)
      .set({ nextSyncAt: null })
      .where(eq(connections.id, connectionId));
    await platform.worker.drain();
    expect(await accountsOf(connectionId)).toHaveLength(0);
  });

  it("linking the same login again after a failed or abandoned link replaces the half-made connection (no 409)", async () => {
    const { connectionId, auth } = await linkInConnector("user_error_institution");
    await widget("GET", `/connections/${connectionId}/choices`, auth);
    expect((await connectionRow(connectionId)).status).toBe("ERROR_INSTITUTION");
    const again = await widget("POST", "/connections", auth, {
      institutionId: bankId,
      username: "user_error_institution",
      password: "pass_good",
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().connectionId).not.toBe(connectionId);
    await platform.worker.drain();
    expect((await connectionRow(connectionId)).status).toBe("DISCONNECTED");
    // A connection whose accounts were shared is not half made: linking it again is still a 409.
    const done = await linkInConnector();
    const shared = await widget("POST", `/connections/${done.connectionId}/accounts`, done.auth, {
      accountIds: (await widget("GET", `/connections/${done.connectionId}/choices`, done.auth))
        .json()
        .accounts.map((a: { id: string }) => a.id),
      consent: true,
    });
    expect(shared.statusCode).toBe(200);
    const duplicate = await widget("POST", "/connections", done.auth, {
      institutionId: bankId,
      username: "user_good",
      password: "pass_good",
    });
    expect(duplicate.statusCode).toBe(409);
  });

  it("a link nobody finishes is disconnected after 30 minutes", async () => {
    const { connectionId } = await linkInConnector();
    const [timeout] = (await queuedJobs(platform, CONSENT_TIMEOUT_QUEUE)).filter(
      (j) => j.payload.connectionId === connectionId,
    );
    expect(timeout!.runAt.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    await expireConsent(platform.ctx, connectionId, new Date(Date.now() + 10 * 60_000));
    expect((await connectionRow(connectionId)).status).toBe("INITIALIZING");
    await expireConsent(platform.ctx, connectionId, new Date(Date.now() + 31 * 60_000));
    expect((await connectionRow(connectionId)).status).toBe("DISCONNECTING");
    await platform.worker.drain();
    expect((await connectionRow(connectionId)).status).toBe("DISCONNECTED");
    expect(await accountsOf(connectionId)).toHaveLength(0);
  });
});

describe("reconnect", () => {
  const reconnect = (
    auth: { authorization: string },
    connectionId: string,
    username: string,
    extra: object = {},
  ) =>
    widget("POST", `/connections/${connectionId}/reconnect`, auth, {
      username,
      password: "pass_good",
      ...extra,
    });

  it("signing in again returns an ERROR_REPAIRABLE connection to syncing; the same accounts come back, announced", async () => {
    const { profileId, connectionId } = await linkAndSync(platform, env, { institutionId: bankId });
    const before = (await accountsOf(connectionId)).map((a) => a.id).sort();
    expect((await simulate(platform, env, connectionId, { status: "ERROR_REPAIRABLE" })).statusCode).toBe(
      200,
    );
    const auth = await sessionFor(profileId);

    const wrong = await widget("POST", `/connections/${connectionId}/reconnect`, auth, {
      username: "user_good",
      password: "nope",
    });
    expect(wrong.json()).toMatchObject({
      outcome: "INVALID_CREDENTIALS",
      message: "The username or password is incorrect",
    });
    const mfa = await reconnect(auth, connectionId, "user_mfa");
    expect(mfa.json()).toMatchObject({ outcome: "MFA_REQUIRED", challenge: { type: "CODE" } });
    expect((await connectionRow(connectionId)).status).toBe("ERROR_REPAIRABLE");

    const res = await reconnect(auth, connectionId, "user_mfa", { mfaCode: "123456" });
    expect(res.json()).toEqual({ outcome: "LINKED", connectionId, message: null, challenge: null });
    expect((await connectionRow(connectionId)).status).toBe("SYNCING");
    await platform.worker.drain();
    const after = await connectionRow(connectionId);
    expect(after).toMatchObject({ status: "SYNCED", error: null });
    expect((await accountsOf(connectionId)).map((a) => a.id).sort()).toEqual(before);
    const announced = (await storedEvents(platform, env.id, "account.reconnected"))
      .map((e) => (e.record as { id: string }).id)
      .filter((id) => before.includes(id));
    expect(announced.sort()).toEqual(before);
  });

  it("a DISCONNECTED connection can be reconnected too, and keeps its accounts", async () => {
    const { profileId, connectionId } = await linkAndSync(platform, env, { institutionId: bankId });
    const before = (await accountsOf(connectionId)).map((a) => a.id).sort();
    await platform.app.inject({
      method: "DELETE",
      url: `/v1/connections/${connectionId}`,
      headers: env.auth,
    });
    await platform.worker.drain();
    expect((await connectionRow(connectionId)).status).toBe("DISCONNECTED");
    const res = await reconnect(await sessionFor(profileId), connectionId, "user_good");
    expect(res.json().outcome).toBe("LINKED");
    await platform.worker.drain();
    expect((await connectionRow(connectionId)).status).toBe("SYNCED");
    expect((await accountsOf(connectionId)).map((a) => a.id).sort()).toEqual(before);
  });

  it("409 for a connection that does not need it, or that was never set up", async () => {
    const { profileId, connectionId } = await linkAndSync(platform, env, { institutionId: bankId });
    const synced = await reconnect(await sessionFor(profileId), connectionId, "user_good");
    expect(synced.statusCode).toBe(409);
    expect(synced.json().message).toBe(
      `Connection ${connectionId} is SYNCED: only a connection in ERROR_REPAIRABLE or DISCONNECTED can be reconnected`,
    );
    const pending = await linkInConnector("user_error_repairable");
    await widget("GET", `/connections/${pending.connectionId}/choices`, pending.auth);
    expect((await connectionRow(pending.connectionId)).status).toBe("ERROR_REPAIRABLE");
    const never = await reconnect(pending.auth, pending.connectionId, "user_good");
    expect(never.statusCode).toBe(409);
    expect(never.json().message).toBe(
      `Connection ${pending.connectionId} was never set up: no accounts were chosen`,
    );
  });
});

describe("a connector limited to some providers", () => {
  it("offers only institutions those providers reach", async () => {
    const plaidOnly = await createConnector(platform.ctx.db, {
      environmentId: env.id,
      name: "Plaid only",
      providers: ["PLAID"],
    });
    const auth = await sessionFor(await createProfile(platform, env));
    const call = (method: "GET" | "POST", path: string, payload?: object) =>
      platform.app.inject({
        method,
        url: `/v1/connectors/${plaidOnly.id}${path}`,
        headers: auth,
        ...(payload && { payload }),
      });
    expect((await call("GET", "/institutions?q=bank")).json()).toEqual([]);
    expect((await call("GET", `/institutions/${bankId}`)).statusCode).toBe(404);
    const link = await call("POST", "/connections", {
      institutionId: bankId,
      username: "user_good",
      password: "pass_good",
    });
    expect(link.statusCode).toBe(404);
  });
});

describe("serving the Connector", () => {
  it("serves the app at /connector/{id}; only Weft's pages and the developer's machine may frame it until the connector names the origins that may", async () => {
    const open = await platform.app.inject({ method: "GET", url: `/connector/${connectorId}` });
    expect(open.statusCode).toBe(200);
    expect(open.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(open.headers["content-security-policy"]).toBe(
      "frame-ancestors 'self' http://localhost:* http://127.0.0.1:* https://localhost:* https://127.0.0.1:*",
    );
    expect(open.headers["cache-control"]).toBe("no-store");
    expect(open.body).toContain('<div id="root"></div>');

    const limited = await createConnector(platform.ctx.db, {
      environmentId: env.id,
      name: "Framed",
      allowedOrigins: ["https://app.example.com"],
    });
    const framed = await platform.app.inject({ method: "GET", url: `/connector/${limited.id}` });
    expect(framed.headers["content-security-policy"]).toBe("frame-ancestors 'self' https://app.example.com");
    expect(
      (await platform.app.inject({ method: "GET", url: `/v1/connectors/${limited.id}` })).json()
        .allowedOrigins,
    ).toEqual(["https://app.example.com"]);

    const unknown = await platform.app.inject({ method: "GET", url: "/connector/ctr_nope" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(unknown.headers["content-security-policy"]).toBe("frame-ancestors 'none'");
  });

  it("serves the launcher as a plain script at /v1/connector.js", async () => {
    const res = await platform.app.inject({ method: "GET", url: "/v1/connector.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.body).toMatch(/var Weft=/);
    expect(res.body).toContain("connect");
  });
});
