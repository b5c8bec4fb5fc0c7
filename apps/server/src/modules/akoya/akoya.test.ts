import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "../../../test/harness.ts";
import {
  connectionRow as connectionRowOf,
  connectorCall,
  createProfile,
  get,
  issueSession,
} from "../../../test/sandbox-helpers.ts";
import { accounts, connections, transactions, userSessions } from "../../db/schema/index.ts";
import { accessTokenOfGrant, grantOf, TRANSACTIONS_PAGE_SIZE } from "../../providers/akoya/provider.ts";
import { type AkoyaStandIn, startAkoyaStandIn } from "../../providers/akoya/test/stand-in.ts";
import { decrypt, encrypt } from "../../security/secrets.ts";
import { requestSync } from "../connections/service.ts";
import { createConnector } from "../connectors/service.ts";
import { disableIntegration } from "../integrations/service.ts";
import { AKOYA_CALLBACK_PATH, signState } from "./service.ts";

/**
 * Akoya end to end against the local Akoya stand-in: the OAuth authorization-code flow through
 * the Connector's routes and Weft's callback, sync, reads, refresh-token rotation, revoked
 * consent and its repair, disconnect. The stand-in pages as a data provider may: 50 transactions a
 * page whatever Weft asks, the rest behind links.next and its opaque offset token.
 */
const PAGE_CAP = 50;
let akoya: AkoyaStandIn;
let platform: TestPlatform;
let env: TestEnvironment;
let other: TestEnvironment;
let connectorId: string;

beforeAll(async () => {
  akoya = await startAkoyaStandIn({ transactionsPageLimit: PAGE_CAP });
  platform = await startTestPlatform({
    WEFT_AKOYA_CLIENT_ID: akoya.clientId,
    WEFT_AKOYA_SECRET: akoya.clientSecret,
    WEFT_AKOYA_BASE_URL: akoya.url,
  });
  env = await platform.environment("SANDBOX");
  other = await platform.environment("SANDBOX", "other tenant");
  connectorId = (await createConnector(platform.ctx.db, { environmentId: env.id, name: "Acme Budget" })).id;
});
afterAll(async () => {
  await platform?.close();
  await akoya?.close();
});

type Auth = { authorization: string };

const widget = (path: string, auth: Auth, payload?: object) =>
  connectorCall(platform, connectorId, path, auth, payload);

const connectionRow = (id: string) => connectionRowOf(platform, id);

/** The id of the session behind a Connector's token (each test's profile has one session). */
async function sessionIdOf(auth: Auth): Promise<string> {
  const res = await platform.app.inject({
    method: "POST",
    url: "/v1/introspect/session_token",
    headers: auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  const sessions = await platform.ctx.db
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(eq(userSessions.profileId, res.json().userId));
  expect(sessions).toHaveLength(1);
  return sessions[0]!.id;
}

/** What Weft's callback page tells the Connector, read from the page. */
function outcomeOf(html: string): { outcome: string; connectionId?: string; message?: string } {
  const match = /postMessage\((\{.*?\}), /s.exec(html);
  if (!match) throw new Error(`No message in the callback page: ${html}`);
  return JSON.parse(match[1]!.replace(/\\u003c/g, "<"));
}

/** The Connector's authorize call and the end-user's sign-in at the institution (stand-in): the code Akoya sends back. */
async function signInAtAkoya(
  auth: Auth,
  body: { institutionId: string; connectionId?: string },
  username = "mikomo_1",
) {
  const started = await widget("/akoya/authorize", auth, body);
  expect(started.statusCode, started.body).toBe(200);
  const url = new URL(started.json().authorizationUrl);
  const redirectUri = url.searchParams.get("redirect_uri")!;
  const state = url.searchParams.get("state")!;
  expect(redirectUri).toBe(`${platform.ctx.config.publicUrl}${AKOYA_CALLBACK_PATH}`);
  expect(url.searchParams.get("connector")).toBe("mikomo");
  const { code } = akoya.authorize({ username, providerId: "mikomo", redirectUri, state });
  return { code, state };
}

/** Akoya's redirect to Weft's callback page, and what the page hands the Connector that opened it. */
async function callbackPageSays(query: Record<string, string>) {
  const callback = await platform.app.inject({
    method: "GET",
    url: `${AKOYA_CALLBACK_PATH}?${new URLSearchParams(query)}`,
  });
  expect(callback.statusCode).toBe(200);
  expect(callback.headers["content-type"]).toContain("text/html");
  return outcomeOf(callback.body);
}

/** The whole sign-in as the Connector goes through it: Akoya, the callback page, then finishing with the session. */
async function signInThroughAkoya(
  auth: Auth,
  body: { institutionId: string; connectionId?: string },
  username = "mikomo_1",
) {
  const { code, state } = await signInAtAkoya(auth, body, username);
  // `iss`: an authorization server may add parameters of its own (RFC 9207), which are ignored.
  const handed = await callbackPageSays({ code, state, iss: "https://idp.ddp.akoya.com" });
  expect(handed).toEqual({ weft: "akoya", outcome: "AUTHORIZED", code, state });
  const finished = await widget("/akoya/complete", auth, { code, state });
  return { ...finished.json(), status: finished.statusCode } as {
    status: number;
    outcome?: string;
    connectionId?: string;
    message?: string;
  };
}

async function mikomo(auth: Auth) {
  const res = await widget("/institutions?q=Mikomo", auth);
  const bank = res.json().find((i: { name: string }) => i.name === "Mikomo Bank");
  expect(bank, res.body).toBeDefined();
  return bank as { id: string; linkWith: string };
}

async function linkThroughAkoya(username = "mikomo_1") {
  const profileId = await createProfile(platform, env);
  const auth = { authorization: `Bearer ${await issueSession(platform, env, profileId)}` };
  const bank = await mikomo(auth);
  const result = await signInThroughAkoya(auth, { institutionId: bank.id }, username);
  expect(result.outcome).toBe("LINKED");
  const connectionId = result.connectionId!;
  const choices = await widget(`/connections/${connectionId}/choices`, auth);
  expect(choices.statusCode, choices.body).toBe(200);
  const shared = await widget(`/connections/${connectionId}/accounts`, auth, {
    accountIds: choices.json().accounts.map((a: { id: string }) => a.id),
    consent: true,
  });
  expect(shared.statusCode, shared.body).toBe(200);
  await platform.worker.drain();
  return { profileId, auth, bank, connectionId };
}

const grantOfConnection = async (connectionId: string) =>
  grantOf(decrypt(platform.ctx.secretKey, (await connectionRow(connectionId)).accessTokenEncrypted!));

const refreshTokenOf = async (connectionId: string) => (await grantOfConnection(connectionId)).refreshToken;

/** The stored grant's id_token is past its time, as after 12 hours between syncs: the next sync refreshes first. */
async function expireStoredIdToken(connectionId: string) {
  const grant = await grantOfConnection(connectionId);
  akoya.expireTokens();
  await platform.ctx.db
    .update(connections)
    .set({
      accessTokenEncrypted: encrypt(
        platform.ctx.secretKey,
        accessTokenOfGrant({ ...grant, idTokenExpiresAt: 0 }),
      ),
    })
    .where(eq(connections.id, connectionId));
}

async function syncNow(connectionId: string) {
  await requestSync(platform.ctx.db, await connectionRow(connectionId));
  await platform.worker.drain();
  return connectionRow(connectionId);
}

/** Every transaction id Akoya has for an account in a window, read through a consent of Akoya's own. */
async function transactionIdsAtAkoya(
  username: string,
  accountId: string,
  startTime: string,
  endTime: string,
) {
  const redirectUri = `${platform.ctx.config.publicUrl}${AKOYA_CALLBACK_PATH}`;
  const { code } = akoya.authorize({ username, providerId: "mikomo", redirectUri });
  const exchanged = await fetch(`${akoya.url}/token`, {
    method: "POST",
    headers: {
      Authorization: `Basic ${Buffer.from(`${akoya.clientId}:${akoya.clientSecret}`).toString("base64")}`,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri }),
  });
  const { id_token } = (await exchanged.json()) as { id_token: string };
  const ids: string[] = [];
  let href: string | undefined =
    `/transactions/v2/mikomo/${accountId}?${new URLSearchParams({ startTime, endTime, limit: "1000" })}`;
  while (href) {
    const page = (await (
      await fetch(new URL(href, akoya.url), { headers: { Authorization: `Bearer ${id_token}` } })
    ).json()) as {
      transactions: Record<string, { transactionId: string }>[];
      links?: { next?: { href: string } };
    };
    for (const wrapped of page.transactions) ids.push(Object.values(wrapped)[0]!.transactionId);
    href = page.links?.next?.href;
  }
  return ids;
}

describe("Akoya through the Connector", () => {
  it("the institution's sign-in through Akoya, the code exchanged at Weft's callback, then SYNCED: accounts, balances, transactions, ACH numbers, owners", async () => {
    const profileId = await createProfile(platform, env);
    const auth = { authorization: `Bearer ${await issueSession(platform, env, profileId)}` };
    const bank = await mikomo(auth);
    expect(bank.linkWith).toBe("AKOYA_OAUTH");
    const result = await signInThroughAkoya(auth, { institutionId: bank.id });
    expect(result).toMatchObject({ outcome: "LINKED", connectionId: expect.stringMatching(/^conn_/) });
    const connectionId = result.connectionId!;
    const row = await connectionRow(connectionId);
    expect(row).toMatchObject({ provider: "AKOYA", status: "INITIALIZING" });
    // The consent's tokens are stored encrypted, never as given.
    expect(row.accessTokenEncrypted).not.toContain("refresh");
    expect(akoya.requests.some((r) => r.path === "/token" && r.grantType === "authorization_code")).toBe(
      true,
    );

    const choices = await widget(`/connections/${connectionId}/choices`, auth);
    await widget(`/connections/${connectionId}/accounts`, auth, {
      accountIds: choices.json().accounts.map((a: { id: string }) => a.id),
      consent: true,
    });
    await platform.worker.drain();
    expect((await connectionRow(connectionId)).status).toBe("SYNCED");
    const list = (await get(platform, env, `/v1/profiles/${profileId}/accounts`)).json();
    const checking = list.find((a: { type: string }) => a.type === "CHECKING");
    expect(checking).toMatchObject({ kind: "DEPOSITORY", connectionId });
    const ach = await get(platform, env, `/v1/accounts/${checking.id}/ach_numbers`);
    expect(ach.statusCode, ach.body).toBe(200);
    const owners = await get(platform, env, `/v1/accounts/${checking.id}/owners`);
    expect(owners.statusCode, owners.body).toBe(200);
    const stored = await platform.ctx.db
      .select({ t: transactions })
      .from(transactions)
      .innerJoin(accounts, eq(accounts.id, transactions.accountId))
      .where(eq(accounts.connectionId, connectionId));
    expect(stored.length).toBeGreaterThan(20);
    for (const { t } of stored) expect(t.entryType).toBe(t.amount.startsWith("-") ? "DEBIT" : "CREDIT");
    // What Akoya answered, by Akoya's host and endpoint.
    const remote = await get(platform, env, `/v1/remote/akoya/accounts/${checking.id}`);
    expect(remote.statusCode, remote.body).toBe(200);
    const host = new URL(akoya.url).host;
    expect(Object.keys(remote.json().documents[host])).toEqual(["/balances/v2/mikomo"]);
    const remoteConnection = await get(platform, env, `/v1/remote/akoya/connections/${connectionId}`);
    expect(remoteConnection.json().documents[host]["/customers/v2/mikomo/current"].body).toBeDefined();
    expect((await get(platform, other, `/v1/connections/${connectionId}`)).statusCode).toBe(404);
    expect((await get(platform, other, `/v1/remote/akoya/accounts/${checking.id}`)).statusCode).toBe(404);
  });

  it("an environment with Akoya off sees no Akoya institution, and cannot start its sign-in (403)", async () => {
    const off = await platform.environment("SANDBOX", "akoya off");
    await disableIntegration(platform.ctx.db, off.id, "AKOYA");
    const offConnector = (await createConnector(platform.ctx.db, { environmentId: off.id, name: "Off" })).id;
    const profileId = await createProfile(platform, off);
    const auth = { authorization: `Bearer ${await issueSession(platform, off, profileId)}` };
    const search = await platform.app.inject({
      method: "GET",
      url: `/v1/connectors/${offConnector}/institutions?q=Mikomo`,
      headers: auth,
    });
    expect(search.json()).toEqual([]);
    const bank = await mikomo({
      authorization: `Bearer ${await issueSession(platform, env, await createProfile(platform, env))}`,
    });
    const started = await platform.app.inject({
      method: "POST",
      url: `/v1/connectors/${offConnector}/akoya/authorize`,
      headers: auth,
      payload: { institutionId: bank.id },
    });
    expect(started.statusCode, started.body).toBe(403);
    expect(started.json().message).toBe("The AKOYA integration is not enabled for this environment");
  });

  it("the callback page only hands the code over: another session, or a revoked one, cannot finish the sign-in", async () => {
    // Someone starts a sign-in and sends its link to another person, who signs in at the bank.
    const starter = await createProfile(platform, env);
    const starterToken = await issueSession(platform, env, starter);
    const auth = { authorization: `Bearer ${starterToken}` };
    const bank = await mikomo(auth);
    const { code, state } = await signInAtAkoya(auth, { institutionId: bank.id }, "mikomo_7");
    // Their browser has no Connector of the session that started it: the page changes nothing.
    expect(await callbackPageSays({ code, state })).toEqual({
      weft: "akoya",
      outcome: "AUTHORIZED",
      code,
      state,
    });
    const linked = () => platform.ctx.db.select().from(connections).where(eq(connections.profileId, starter));
    expect(await linked()).toEqual([]);
    // Neither another profile's session nor a second session of the same profile can finish it.
    const otherProfile = await createProfile(platform, env);
    const strangers = [
      await issueSession(platform, env, otherProfile),
      await issueSession(platform, env, starter),
    ];
    for (const token of strangers) {
      const refused = await widget("/akoya/complete", { authorization: `Bearer ${token}` }, { code, state });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("This sign-in was started by another session");
    }
    // Nor the session that started it, once revoked.
    const revoked = await platform.app.inject({ method: "DELETE", url: "/v1/users/session", headers: auth });
    expect(revoked.statusCode).toBe(204);
    expect((await widget("/akoya/complete", auth, { code, state })).statusCode).toBe(401);
    expect(await linked()).toEqual([]);
    // A state that is not Weft's is a 400.
    const fresh = { authorization: `Bearer ${await issueSession(platform, env, otherProfile)}` };
    const forged = await widget("/akoya/complete", fresh, { code, state: "eyJ9.bad" });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe("This sign-in is not valid any more");
  });

  it("a forged or expired state, and a declined consent, link nothing", async () => {
    const forged = await platform.app.inject({
      method: "GET",
      url: `${AKOYA_CALLBACK_PATH}?code=abc&state=eyJ9.bad`,
    });
    expect(outcomeOf(forged.body)).toMatchObject({ outcome: "FAILED" });
    const profileId = await createProfile(platform, env);
    const auth = { authorization: `Bearer ${await issueSession(platform, env, profileId)}` };
    const bank = await mikomo(auth);
    const started = await widget("/akoya/authorize", auth, { institutionId: bank.id });
    const state = new URL(started.json().authorizationUrl).searchParams.get("state")!;
    const declined = await platform.app.inject({
      method: "GET",
      url: `${AKOYA_CALLBACK_PATH}?${new URLSearchParams({ error: "access_denied", state })}`,
    });
    expect(outcomeOf(declined.body)).toMatchObject({
      outcome: "CANCELLED",
      message: "You did not give consent.",
    });
    // An error the address makes up is said in Weft's words, never in the address's.
    const spoofed = await platform.app.inject({
      method: "GET",
      url: `${AKOYA_CALLBACK_PATH}?${new URLSearchParams({ error: "Your account is locked. Call +1-555-0100", state })}`,
    });
    expect(spoofed.body).not.toContain("555-0100");
    expect(outcomeOf(spoofed.body)).toMatchObject({
      outcome: "CANCELLED",
      message: "The institution did not finish the sign-in. Try again later.",
    });
    const none = await platform.ctx.db.select().from(connections).where(eq(connections.profileId, profileId));
    expect(none).toEqual([]);
  });
});

describe("Akoya transactions, page by page", () => {
  it("a history of many pages: Weft asks once, follows each links.next as given, and stores every transaction once", async () => {
    const from = akoya.requests.length;
    const { connectionId } = await linkThroughAkoya("mikomo_3");
    const row = await connectionRow(connectionId);
    expect(row.status, JSON.stringify(row.error)).toBe("SYNCED");
    const [checking] = akoya.accounts("mikomo_3");
    const calls = akoya.requests.slice(from).filter((r) => r.path.startsWith("/transactions/"));
    for (const call of calls) expect(call.status, JSON.stringify(call.query)).toBe(200);
    const onChecking = calls.filter((r) => r.path === `/transactions/v2/mikomo/${checking!.accountId}`);
    // Each run over the account: a first call with the window and limit and no offset, then pages by link.
    const firsts = onChecking.filter((r) => r.query.offset === undefined);
    expect(firsts.length).toBeGreaterThan(0);
    for (const first of firsts) expect(first.query.limit).toBe(String(TRANSACTIONS_PAGE_SIZE));
    const followed = onChecking.filter((r) => r.query.offset !== undefined);
    for (const call of followed) {
      expect(call.query.offset).not.toMatch(/^\d+$/);
      expect(call.query.limit).toBe(String(PAGE_CAP));
    }
    // Pages a run: the history sync alone is at least three of 50.
    const runs: number[] = [];
    for (const call of onChecking) {
      if (call.query.offset === undefined) runs.push(1);
      else runs[runs.length - 1]! += 1;
    }
    expect(Math.max(...runs)).toBeGreaterThanOrEqual(3);

    const account = (
      await platform.ctx.db.select().from(accounts).where(eq(accounts.connectionId, connectionId))
    ).find((a) => a.externalId === checking!.accountId)!;
    const stored = await platform.ctx.db
      .select({ externalId: transactions.externalId })
      .from(transactions)
      .where(eq(transactions.accountId, account.id));
    const starts = firsts.map((r) => r.query.startTime!).sort();
    const ends = firsts.map((r) => r.query.endTime!).sort();
    const atAkoya = await transactionIdsAtAkoya("mikomo_3", checking!.accountId, starts[0]!, ends.at(-1)!);
    expect(atAkoya.length).toBeGreaterThan(3 * PAGE_CAP);
    expect(new Set(atAkoya).size).toBe(atAkoya.length);
    expect(stored.length).toBe(atAkoya.length);
    expect(stored.map((t) => t.externalId).sort()).toEqual([...atAkoya].sort());
  });
});

describe("Akoya tokens and consent", () => {
  it("an expired id_token is refreshed and the rotated refresh token stored at once; the old one is spent", async () => {
    const { connectionId } = await linkThroughAkoya();
    const before = await refreshTokenOf(connectionId);
    akoya.expireTokens();
    await requestSync(platform.ctx.db, await connectionRow(connectionId));
    await platform.worker.drain();
    const refreshed = await connectionRow(connectionId);
    expect(refreshed.status, JSON.stringify(refreshed.error)).toBe("SYNCED");
    const after = await refreshTokenOf(connectionId);
    expect(after).not.toBe(before);
    expect(akoya.requests.filter((r) => r.grantType === "refresh_token").length).toBeGreaterThan(0);
    // Another sync works with the stored, rotated token.
    akoya.expireTokens();
    await requestSync(platform.ctx.db, await connectionRow(connectionId));
    await platform.worker.drain();
    expect((await connectionRow(connectionId)).status).toBe("SYNCED");
  });

  it("an id_token refreshed for its age, then refused (401): the retry refreshes from the rotated token, SYNCED with the newest grant stored", async () => {
    const { connectionId } = await linkThroughAkoya("mikomo_4");
    const before = await refreshTokenOf(connectionId);
    await expireStoredIdToken(connectionId);
    // The first data call after the refresh is refused, as Akoya may before an id_token's time.
    akoya.failNext("/balances/v2/mikomo", 401);
    const from = akoya.requests.length;
    const synced = await syncNow(connectionId);
    expect(synced.status, JSON.stringify(synced.error)).toBe("SYNCED");
    expect(synced.error).toBeNull();
    const refreshes = akoya.requests.slice(from).filter((r) => r.grantType === "refresh_token");
    // Two refreshes, each from the refresh token the one before it issued: none refused as claimed.
    expect(refreshes.map((r) => r.status)).toEqual([200, 200]);
    const after = await refreshTokenOf(connectionId);
    expect(after).not.toBe(before);
    // What is stored is the newest grant: its id_token is good, and its refresh token is the one
    // not spent yet (Akoya refuses a spent one), so the next refresh works.
    const balances = await fetch(`${akoya.url}/balances/v2/mikomo`, {
      headers: { Authorization: `Bearer ${(await grantOfConnection(connectionId)).idToken}` },
    });
    expect(balances.status).toBe(200);
    await expireStoredIdToken(connectionId);
    const again = await syncNow(connectionId);
    expect(again.status, JSON.stringify(again.error)).toBe("SYNCED");
    expect(await refreshTokenOf(connectionId)).not.toBe(after);
  });

  it("consent revoked at the institution: ERROR_REPAIRABLE; signing in again through Akoya repairs the same connection", async () => {
    const { connectionId, auth, bank, profileId } = await linkThroughAkoya("mikomo_2");
    akoya.revokeConsent("mikomo_2", "mikomo");
    await requestSync(platform.ctx.db, await connectionRow(connectionId));
    await platform.worker.drain();
    const failed = await connectionRow(connectionId);
    expect(failed.status).toBe("ERROR_REPAIRABLE");
    expect(failed.error).toMatchObject({ errorType: "CONSENT_ERROR" });

    const repaired = await signInThroughAkoya(auth, { institutionId: bank.id, connectionId }, "mikomo_2");
    expect(repaired).toEqual({ status: 200, outcome: "RECONNECTED", connectionId });
    await platform.worker.drain();
    expect((await connectionRow(connectionId)).status).toBe("SYNCED");
    // A repair asked for now is a 409; one whose sign-in comes back once the connection no longer
    // needs it is a 409 too, and changes nothing.
    const started = await widget("/akoya/authorize", auth, { institutionId: bank.id, connectionId });
    expect(started.statusCode).toBe(409);
    const state = signState(platform.ctx.secretKey, {
      environmentId: env.id,
      profileId,
      institutionId: bank.id,
      products: [],
      connectionId,
      sessionId: await sessionIdOf(auth),
      expiresAt: Date.now() + 60_000,
    });
    const redirectUri = `${platform.ctx.config.publicUrl}${AKOYA_CALLBACK_PATH}`;
    const { code } = akoya.authorize({ username: "mikomo_2", providerId: "mikomo", redirectUri, state });
    const late = await widget("/akoya/complete", auth, { code, state });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain("can be reconnected");
    expect((await connectionRow(connectionId)).status).toBe("SYNCED");
  });

  it("a repair signed in as another user at the bank is refused (409): the connection and its grant stay as they were", async () => {
    const { connectionId, auth, bank } = await linkThroughAkoya("mikomo_4");
    akoya.revokeConsent("mikomo_4", "mikomo");
    await requestSync(platform.ctx.db, await connectionRow(connectionId));
    await platform.worker.drain();
    const before = await connectionRow(connectionId);
    expect(before.status).toBe("ERROR_REPAIRABLE");
    const someoneElse = await signInThroughAkoya(auth, { institutionId: bank.id, connectionId }, "mikomo_6");
    expect(someoneElse).toMatchObject({
      status: 409,
      message: "You signed in as another user at the institution than this connection belongs to",
    });
    const after = await connectionRow(connectionId);
    expect(after.status).toBe("ERROR_REPAIRABLE");
    expect(after.accessTokenEncrypted).toBe(before.accessTokenEncrypted);
    // The same user's sign-in repairs it.
    const repaired = await signInThroughAkoya(auth, { institutionId: bank.id, connectionId }, "mikomo_4");
    expect(repaired).toMatchObject({ status: 200, outcome: "RECONNECTED", connectionId });
  });

  it("Akoya's 429 postpones the sync; DELETE revokes the consent at Akoya", async () => {
    const { connectionId } = await linkThroughAkoya();
    akoya.failNext("/balances/", 429);
    await requestSync(platform.ctx.db, await connectionRow(connectionId));
    await platform.worker.drain();
    const limited = await connectionRow(connectionId);
    expect(limited.status).toBe("SYNCED");
    expect(limited.nextSyncAt!.getTime()).toBeGreaterThan(Date.now());
    const res = await platform.app.inject({
      method: "DELETE",
      url: `/v1/connections/${connectionId}`,
      headers: env.auth,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await platform.worker.drain();
    expect(akoya.requests.some((r) => r.path === "/revoke")).toBe(true);
  });
});
