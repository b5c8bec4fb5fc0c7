import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "../../../test/harness.ts";
import { freePort } from "../../../test/processes.ts";
import {
  connectionRow as connectionRowOf,
  connectorCall,
  createProfile,
  eventTypesAbout,
  get,
  issueSession,
  makeQueuedJobsDue,
  storedEvents,
} from "../../../test/sandbox-helpers.ts";
import { accounts, connections, transactions } from "../../db/schema/index.ts";
import { MX_ACCEPT } from "../../providers/mx/client.ts";
import { type MxStandIn, startMxStandIn } from "../../providers/mx/test/stand-in.ts";
import { BALANCE_REFRESH_QUEUE } from "../accounts/service.ts";
import { historyStartMonthsBack, requestSync } from "../connections/service.ts";
import { STAGE_ROWS } from "../connections/sync.ts";
import { createConnector } from "../connectors/service.ts";
import { disableIntegration } from "../integrations/service.ts";
import { MX_WEBHOOK_USERNAME, mxWebhookPassword, mxWebhookUrl } from "./service.ts";

/**
 * MX end to end against the local MX stand-in: MX Connect through the Connector's routes, sync,
 * reads, remote data, webhooks, statuses, reconnect, disconnect, isolation. The platform listens
 * on a real port so that the stand-in can deliver webhooks to it.
 */
let mx: MxStandIn;
let platform: TestPlatform;
let env: TestEnvironment;
let other: TestEnvironment;
let connectorId: string;
let otherConnectorId: string;
let webhookUrl: string;

beforeAll(async () => {
  mx = await startMxStandIn();
  const port = await freePort();
  platform = await startTestPlatform({
    WEFT_PUBLIC_URL: `http://127.0.0.1:${port}`,
    WEFT_MX_CLIENT_ID: mx.clientId,
    WEFT_MX_API_KEY: mx.apiKey,
    WEFT_MX_BASE_URL: mx.url,
  });
  await platform.app.listen({ host: "127.0.0.1", port });
  env = await platform.environment("PRODUCTION");
  other = await platform.environment("PRODUCTION", "other tenant");
  connectorId = (await createConnector(platform.ctx.db, { environmentId: env.id, name: "Acme Budget" })).id;
  otherConnectorId = (await createConnector(platform.ctx.db, { environmentId: other.id, name: "Other" })).id;
  webhookUrl = mxWebhookUrl(platform.ctx.config.publicUrl, mx.clientId);
  mx.configureWebhooks({
    username: MX_WEBHOOK_USERNAME,
    password: mxWebhookPassword({ clientId: mx.clientId, secret: mx.apiKey }),
  });
});
afterAll(async () => {
  await platform?.close();
  await mx?.close();
});

type Auth = { authorization: string };

const widget = (path: string, auth: Auth, payload?: object, connector = connectorId) =>
  connectorCall(platform, connector, path, auth, payload);

const connectionRow = (id: string) => connectionRowOf(platform, id);

/** The MX user Weft made for a profile, asked of MX as any client would. */
async function mxUserOf(profileId: string): Promise<string> {
  const basic = Buffer.from(`${mx.clientId}:${mx.apiKey}`).toString("base64");
  const res = await fetch(`${mx.url}/users?id=${profileId}`, {
    headers: { authorization: `Basic ${basic}`, accept: MX_ACCEPT },
  });
  const body = (await res.json()) as { users: { guid: string; id: string }[] };
  return body.users.find((u) => u.id === profileId)!.guid;
}

/** MX Bank, found through the Connector's search (MX's /institutions). */
async function mxBank(auth: Auth, name = "MX Bank"): Promise<{ id: string; linkWith: string; name: string }> {
  const res = await widget(`/institutions?q=${encodeURIComponent(name)}`, auth);
  expect(res.statusCode, res.body).toBe(200);
  const bank = res.json().find((i: { name: string }) => i.name === name);
  expect(bank, res.body).toBeDefined();
  return bank;
}

/** A profile that went through MX Connect: a widget URL, the member MX made, the accounts shared. */
async function linkThroughConnector(options: Parameters<MxStandIn["createMember"]>[1] = {}) {
  const profileId = await createProfile(platform, env);
  const auth = { authorization: `Bearer ${await issueSession(platform, env, profileId)}` };
  const bank = await mxBank(auth, options.institutionCode === "mxinvestments" ? "MX Investments" : "MX Bank");
  const url = await widget("/mx/widget-url", auth, { institutionId: bank.id });
  expect(url.statusCode, url.body).toBe(200);
  const userGuid = await mxUserOf(profileId);
  // The connector asks for ACCOUNT_NUMBERS: MX Connect ran in verification mode and verified the member.
  const { memberGuid, accountGuids } = mx.createMember(userGuid, { verified: true, ...options });
  const linked = await widget("/mx/members", auth, { memberGuid, institutionId: bank.id });
  expect(linked.statusCode, linked.body).toBe(200);
  const connectionId = linked.json().connectionId as string;
  const choices = await widget(`/connections/${connectionId}/choices`, auth);
  const shared = await widget(`/connections/${connectionId}/accounts`, auth, {
    accountIds: choices.json().accounts.map((a: { id: string }) => a.id),
    consent: true,
  });
  expect(shared.statusCode, shared.body).toBe(200);
  await platform.worker.drain();
  return { profileId, auth, bank, userGuid, memberGuid, accountGuids, connectionId };
}

describe("MX Connect through the Connector", () => {
  it("a member at another institution than the one the browser named is refused (400); nothing is linked", async () => {
    const profileId = await createProfile(platform, env);
    const auth = { authorization: `Bearer ${await issueSession(platform, env, profileId)}` };
    const bank = await mxBank(auth);
    expect((await widget("/mx/widget-url", auth, { institutionId: bank.id })).statusCode).toBe(200);
    const { memberGuid } = mx.createMember(await mxUserOf(profileId), { institutionCode: "mxinvestments" });
    const res = await widget("/mx/members", auth, { memberGuid, institutionId: bank.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("This MX member is at another institution than MX Bank");
    const linked = await platform.ctx.db
      .select()
      .from(connections)
      .where(eq(connections.profileId, profileId));
    expect(linked).toEqual([]);
  });

  it("a widget URL on the institution, the member linked, then SYNCED: accounts, balances, 3 months of transactions, ACH numbers, owners, remote data", async () => {
    const profileId = await createProfile(platform, env);
    const auth = { authorization: `Bearer ${await issueSession(platform, env, profileId)}` };
    const bank = await mxBank(auth);
    expect(bank.linkWith).toBe("MX_CONNECT");

    const url = await widget("/mx/widget-url", auth, { institutionId: bank.id, colorScheme: "dark" });
    expect(url.statusCode, url.body).toBe(200);
    expect(url.json().widgetUrl).toMatch(new RegExp(`^${mx.url}/`));
    const widgetRequest = mx.requests.filter((r) => r.method === "POST" && r.path.endsWith("/widget_urls"));
    expect(widgetRequest.length).toBeGreaterThan(0);
    // The profile's MX user carries the profile id as MX's `id`; a second widget reuses it.
    const userGuid = await mxUserOf(profileId);
    const usersCreated = () => mx.requests.filter((r) => r.method === "POST" && r.path === "/users").length;
    const created = usersCreated();
    await widget("/mx/widget-url", auth, { institutionId: bank.id });
    expect(usersCreated()).toBe(created);
    expect(await mxUserOf(profileId)).toBe(userGuid);

    // MX Connect in verification mode (the connector asks for ACCOUNT_NUMBERS) verified the member.
    const { memberGuid } = mx.createMember(userGuid, { transactionsPerMonth: 30, verified: true });
    const linked = await widget("/mx/members", auth, { memberGuid, institutionId: bank.id });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ outcome: "LINKED" });
    const connectionId = linked.json().connectionId as string;
    const row = await connectionRow(connectionId);
    expect(row).toMatchObject({ provider: "MX", externalId: memberGuid, status: "INITIALIZING" });
    // MX's default history: 3 months (spec 9).
    expect(row.historyStartOn).toBe(historyStartMonthsBack(new Date(), 3));

    const choices = await widget(`/connections/${connectionId}/choices`, auth);
    expect(choices.statusCode, choices.body).toBe(200);
    const offered = choices.json().accounts as { id: string; kind: string }[];
    expect(offered.length).toBeGreaterThanOrEqual(3);
    await widget(`/connections/${connectionId}/accounts`, auth, {
      accountIds: offered.map((a) => a.id),
      consent: true,
    });
    await platform.worker.drain();

    const connection = (await get(platform, env, `/v1/connections/${connectionId}`)).json();
    expect(connection).toMatchObject({ provider: "MX", status: "SYNCED", institution: { name: "MX Bank" } });
    // The member jobs the connector's products need were started by the syncs, one at a time
    // (MX answers 409 to a second), and no extended history was asked for; no second
    // verification after Connect's own (MX bills each).
    const jobs = mx.requests
      .filter((r) => r.method === "POST" && r.path.startsWith(`/users/${userGuid}/members/${memberGuid}/`))
      .map((r) => r.path.split("/").pop());
    expect(jobs).toEqual(["identify", "fetch_statements"]);
    expect(mx.requests.filter((r) => r.status === 409)).toEqual([]);
    const types = await eventTypesAbout(platform, env.id, connectionId);
    expect(types).toContain("connection.synced.successful.initial");
    expect(types).toContain("connection.synced.successful.historical");

    const list = (await get(platform, env, `/v1/profiles/${profileId}/accounts`)).json();
    const checking = list.find((a: { type: string }) => a.type === "CHECKING");
    expect(checking).toMatchObject({ kind: "DEPOSITORY", connectionId });
    const card = list.find((a: { type: string }) => a.type === "CREDIT_CARD");
    expect(card).toMatchObject({ kind: "CREDIT" });
    const balances = await get(platform, env, `/v1/accounts/${checking.id}/balances`);
    expect(balances.statusCode, balances.body).toBe(200);
    const ach = await get(platform, env, `/v1/accounts/${checking.id}/ach_numbers`);
    expect(ach.statusCode, ach.body).toBe(200);
    expect(ach.json()).toMatchObject({ routing: expect.stringMatching(/^\d{9}$/) });

    // Transactions: only the 3 months MX serves by default, every one signed by its MX type.
    const stored = await platform.ctx.db
      .select({ t: transactions })
      .from(transactions)
      .innerJoin(accounts, eq(accounts.id, transactions.accountId))
      .where(eq(accounts.connectionId, connectionId));
    expect(stored.length).toBeGreaterThan(30);
    for (const { t } of stored) {
      expect(t.date >= row.historyStartOn).toBe(true);
      expect(t.entryType).toBe(t.amount.startsWith("-") ? "DEBIT" : "CREDIT");
    }
    const txnRequests = mx.requests.filter((r) => r.path.endsWith(`/members/${memberGuid}/transactions`));
    expect(txnRequests.every((r) => r.query.from_date && r.query.to_date)).toBe(true);

    // Remote data: what MX answered, keyed by MX's host and endpoint path.
    const host = new URL(mx.url).host;
    const remoteConnection = await get(platform, env, `/v1/remote/mx/connections/${connectionId}`);
    expect(remoteConnection.statusCode, remoteConnection.body).toBe(200);
    const path = `/users/${userGuid}/members/${memberGuid}`;
    expect(remoteConnection.json()).toMatchObject({
      connectionId,
      profileId,
      type: "MX",
      documents: { [host]: { [path]: { body: { guid: memberGuid, connection_status: "CONNECTED" } } } },
    });
    const remoteAccount = await get(platform, env, `/v1/remote/mx/accounts/${checking.id}`);
    expect(remoteAccount.json().documents[host][`${path}/accounts`].body).toMatchObject({ type: "CHECKING" });
    const txnId = stored[0]!.t.id;
    const remoteTxn = await get(platform, env, `/v1/remote/mx/transactions/${txnId}`);
    expect(remoteTxn.json().documents[host][`${path}/transactions`].body.guid).toBe(stored[0]!.t.externalId);
    const listed = await get(platform, env, "/v1/remote/mx/accounts");
    expect(listed.json().map((r: { accountId: string }) => r.accountId)).toContain(checking.id);
    // MX keeps no holdings documents (spec): there is no such route.
    expect((await get(platform, env, "/v1/remote/mx/holdings")).statusCode).toBe(404);
    // Another tenant sees none of it.
    expect((await get(platform, other, `/v1/remote/mx/connections/${connectionId}`)).statusCode).toBe(404);
    expect((await get(platform, other, `/v1/connections/${connectionId}`)).statusCode).toBe(404);
  });

  it("historyMonths beyond MX's 3: MX's extended history, the fee flag on the connection and in connection.created", async () => {
    const profileId = await createProfile(platform, env);
    const auth = { authorization: `Bearer ${await issueSession(platform, env, profileId)}` };
    const bank = await mxBank(auth);
    await widget("/mx/widget-url", auth, { institutionId: bank.id });
    const { memberGuid } = mx.createMember(await mxUserOf(profileId), { transactionsPerMonth: 10 });
    const tooMuch = await widget("/mx/members", auth, {
      memberGuid,
      institutionId: bank.id,
      historyMonths: 25,
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toEqual({ historyMonths: ["historyMonths must be a whole number from 1 to 24"] });
    const linked = await widget("/mx/members", auth, {
      memberGuid,
      institutionId: bank.id,
      historyMonths: 24,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const connectionId = linked.json().connectionId as string;
    const view = (await get(platform, env, `/v1/connections/${connectionId}`)).json();
    expect(view.history).toEqual({
      startOn: historyStartMonthsBack(new Date(), 24),
      extendedHistoryFee: true,
    });
    const created = (await storedEvents(platform, env.id, "connection.created")).find(
      (e) => (e.record as { id?: string }).id === connectionId,
    );
    expect(created!.metadata).toEqual({
      extendedHistoryFee: true,
      historyStartOn: historyStartMonthsBack(new Date(), 24),
    });

    const choices = await widget(`/connections/${connectionId}/choices`, auth);
    await widget(`/connections/${connectionId}/accounts`, auth, {
      accountIds: choices.json().accounts.map((a: { id: string }) => a.id),
      consent: true,
    });
    await platform.worker.drain();
    const oldest = await platform.ctx.db
      .select({ date: transactions.date })
      .from(transactions)
      .innerJoin(accounts, eq(accounts.id, transactions.accountId))
      .where(eq(accounts.connectionId, connectionId))
      .orderBy(transactions.date)
      .limit(1);
    // Older than MX's default 3 months: the extended history came through.
    expect(oldest[0]!.date < historyStartMonthsBack(new Date(), 6)).toBe(true);
    expect(mx.requests.some((r) => r.path.endsWith(`/members/${memberGuid}/extend_history`))).toBe(true);
    expect(mx.member(memberGuid)!.historyExtended).toBe(true);
    // A history this long is written in stages (sync.ts), MX's record of each transaction with it.
    const [kept] = (
      (await platform.ctx.db.execute(sql`
        select (select count(*)::int from transactions t join accounts a on a.id = t.account_id
                where a.connection_id = ${connectionId}) as rows,
               (select count(*)::int from remote_documents d
                where d.connection_id = ${connectionId} and d.kind = 'transactions') as documents`)) as unknown as {
        rows: { rows: number; documents: number }[];
      }
    ).rows;
    expect(kept!.rows).toBeGreaterThan(STAGE_ROWS);
    expect(kept!.documents).toBe(kept!.rows);

    // MX's HISTORY webhook (extended history done) makes the next sync fetch the whole history again.
    expect(await mx.sendWebhook(webhookUrl, mx.webhookBody("HISTORY", memberGuid))).toBe(204);
    expect((await connectionRow(connectionId)).historicalSyncedAt).toBeNull();
    await platform.worker.drain();
    const again = await connectionRow(connectionId);
    expect(again.historicalSyncedAt).not.toBeNull();
    expect(again.status).toBe("SYNCED");

    // Without historyMonths: MX's default, no fee.
    const plain = await linkThroughConnector();
    expect(
      (await get(platform, env, `/v1/connections/${plain.connectionId}`)).json().history.extendedHistoryFee,
    ).toBe(false);
  });

  it("refuses a member that is not the profile's (400), one still CHALLENGED (409) and the same member twice (409)", async () => {
    const first = await linkThroughConnector();
    const profileId = await createProfile(platform, env);
    const auth = { authorization: `Bearer ${await issueSession(platform, env, profileId)}` };
    await widget("/mx/widget-url", auth, { institutionId: first.bank.id });
    const stolen = await widget("/mx/members", auth, {
      memberGuid: first.memberGuid,
      institutionId: first.bank.id,
    });
    expect(stolen.statusCode, stolen.body).toBe(400);
    expect(stolen.json().message).toContain("is not one of this profile's");

    const userGuid = await mxUserOf(profileId);
    const { memberGuid } = mx.createMember(userGuid);
    mx.setConnectionStatus(memberGuid, "CHALLENGED");
    const challenged = await widget("/mx/members", auth, { memberGuid, institutionId: first.bank.id });
    expect(challenged.statusCode, challenged.body).toBe(409);
    expect(challenged.json().message).toContain("CHALLENGED");

    const again = await widget("/mx/members", first.auth, {
      memberGuid: first.memberGuid,
      institutionId: first.bank.id,
    });
    expect(again.statusCode, again.body).toBe(409);
    const malformed = await widget("/mx/members", auth, {
      memberGuid: "not-a-guid",
      institutionId: first.bank.id,
    });
    expect(malformed.statusCode).toBe(422);
  });

  it("403 when MX is off for the environment; the Connector then lists no MX institutions", async () => {
    const off = await platform.environment("PRODUCTION", "mx off");
    await disableIntegration(platform.ctx.db, off.id, "MX");
    const offConnector = (await createConnector(platform.ctx.db, { environmentId: off.id, name: "Off" })).id;
    const profileId = await createProfile(platform, off);
    const auth = { authorization: `Bearer ${await issueSession(platform, off, profileId)}` };
    const search = await widget("/institutions?q=MX%20Bank", auth, undefined, offConnector);
    expect(search.json()).toEqual([]);
    const bank = await mxBank({
      authorization: `Bearer ${await issueSession(platform, env, await createProfile(platform, env))}`,
    });
    const url = await widget("/mx/widget-url", auth, { institutionId: bank.id }, offConnector);
    expect(url.statusCode, url.body).toBe(403);
    expect(url.json().message).toBe("The MX integration is not enabled for this environment");
  });
});

it("a history of N months starts the same day N months back, or that month's last day", () => {
  expect(historyStartMonthsBack(new Date("2026-11-24T10:00:00Z"), 3)).toBe("2026-08-24");
  expect(historyStartMonthsBack(new Date("2026-05-31T10:00:00Z"), 3)).toBe("2026-02-28");
  expect(historyStartMonthsBack(new Date("2026-01-15T10:00:00Z"), 3)).toBe("2025-10-15");
});

describe("MX webhooks", () => {
  it("refuse missing or wrong Basic credentials with 401, doing nothing", async () => {
    const { memberGuid } = await linkThroughConnector();
    const body = mx.webhookBody("AGGREGATION", memberGuid);
    const before = mx.requests.length;
    expect(await mx.sendWebhook(webhookUrl, body, null)).toBe(401);
    expect(await mx.sendWebhook(webhookUrl, body, { username: MX_WEBHOOK_USERNAME, password: "guess" })).toBe(
      401,
    );
    expect(
      await mx.sendWebhook(webhookUrl, body, {
        username: "admin",
        password: mxWebhookPassword({ clientId: mx.clientId, secret: mx.apiKey }),
      }),
    ).toBe(401);
    // Another client id's URL: the same password does not prove that client.
    expect(await mx.sendWebhook(mxWebhookUrl(platform.ctx.config.publicUrl, "someone-else"), body)).toBe(401);
    await platform.worker.drain();
    expect(mx.requests.length).toBe(before);
  });

  it("AGGREGATION syncs the member's new transactions at once", async () => {
    const { memberGuid, connectionId } = await linkThroughConnector();
    const count = async () =>
      (
        await platform.ctx.db
          .select({ id: transactions.id })
          .from(transactions)
          .innerJoin(accounts, eq(accounts.id, transactions.accountId))
          .where(eq(accounts.connectionId, connectionId))
      ).length;
    const before = await count();
    mx.addTransactions(memberGuid, 3);
    expect(await mx.sendWebhook(webhookUrl, mx.webhookBody("AGGREGATION", memberGuid))).toBe(204);
    await platform.worker.drain();
    expect(await count()).toBe(before + 3);
  });

  it("keeps MX's merchant category code on each transaction it syncs, for the enrichment to read", async () => {
    const { memberGuid, connectionId } = await linkThroughConnector();
    const added = mx.addTransactions(memberGuid, 12) as {
      guid: string;
      merchant_category_code: number | null;
    }[];
    expect(added.some((t) => t.merchant_category_code !== null)).toBe(true);
    expect(await mx.sendWebhook(webhookUrl, mx.webhookBody("AGGREGATION", memberGuid))).toBe(204);
    await platform.worker.drain();
    const stored = new Map(
      (
        await platform.ctx.db
          .select({ externalId: transactions.externalId, mcc: transactions.providerMcc })
          .from(transactions)
          .innerJoin(accounts, eq(accounts.id, transactions.accountId))
          .where(eq(accounts.connectionId, connectionId))
      ).map((t) => [t.externalId, t.mcc]),
    );
    for (const t of added) expect(stored.get(t.guid)).toBe(t.merchant_category_code);
  });

  it("the initial and historical events wait until MX has aggregated the member for the first time: then the whole history is read", async () => {
    const { memberGuid, connectionId, profileId } = await linkThroughConnector({
      aggregating: true,
      transactionsPerMonth: 10,
    });
    const phases = () => eventTypesAbout(platform, env.id, connectionId, "connection.synced.");
    const stored = async () =>
      platform.ctx.db
        .select({ date: transactions.date })
        .from(transactions)
        .innerJoin(accounts, eq(accounts.id, transactions.accountId))
        .where(eq(accounts.connectionId, connectionId));
    // MX still aggregating: the accounts are there, the first sync is still under way and says nothing.
    let row = await connectionRow(connectionId);
    expect(row.status).toBe("SYNCING");
    expect(row.initialSyncedAt).toBeNull();
    expect(await phases()).toEqual([]);
    expect((await get(platform, env, `/v1/profiles/${profileId}/accounts`)).json().length).toBeGreaterThan(0);

    mx.finishAggregation(memberGuid);
    expect(await mx.sendWebhook(webhookUrl, mx.webhookBody("AGGREGATION", memberGuid))).toBe(204);
    await platform.worker.drain();
    row = await connectionRow(connectionId);
    expect(row.status).toBe("SYNCED");
    expect(await phases()).toEqual([
      "connection.synced.successful.initial",
      "connection.synced.successful.historical",
    ]);
    // The whole history MX serves (3 months by default), not only the last days of an incremental sync.
    // (The stand-in's members have a random number of transactions a month, 10 on average.)
    const dates = (await stored()).map((t) => t.date).sort();
    expect(dates.length).toBeGreaterThan(5);
    expect(dates[0]! < historyStartMonthsBack(new Date(), 2)).toBe(true);
  });

  it("CONNECTION_STATUS DENIED puts the connection in ERROR_REPAIRABLE; MX Connect on the member repairs it", async () => {
    const { memberGuid, connectionId, auth } = await linkThroughConnector();
    mx.setConnectionStatus(memberGuid, "DENIED");
    expect(await mx.sendWebhook(webhookUrl, mx.webhookBody("CONNECTION_STATUS", memberGuid))).toBe(204);
    const failed = await connectionRow(connectionId);
    expect(failed.status).toBe("ERROR_REPAIRABLE");
    expect(failed.error).toMatchObject({ errorType: "MEMBER_ERROR", errorCode: "DENIED" });
    const types = await eventTypesAbout(platform, env.id, connectionId);
    expect(types.at(-1)).toMatch(/^connection\.synced\.errored\.repairable/);

    // Resuming before the member is repaired says so.
    const early = await widget(`/connections/${connectionId}/mx/resume`, auth, {});
    expect(early.statusCode, early.body).toBe(409);
    // MX Connect opens on the member (update mode), the user fixes it, the same connection syncs.
    const url = await widget("/mx/widget-url", auth, { connectionId });
    expect(url.statusCode, url.body).toBe(200);
    mx.setConnectionStatus(memberGuid, "CONNECTED");
    const resumed = await widget(`/connections/${connectionId}/mx/resume`, auth, {});
    expect(resumed.statusCode, resumed.body).toBe(200);
    await platform.worker.drain();
    expect((await connectionRow(connectionId)).status).toBe("SYNCED");
  });

  it("a MEMBER webhook for a deleted member, or a healthy status after an error, moves the connection", async () => {
    const { memberGuid, connectionId } = await linkThroughConnector();
    mx.setConnectionStatus(memberGuid, "DEGRADED");
    expect(await mx.sendWebhook(webhookUrl, mx.webhookBody("MEMBER", memberGuid))).toBe(204);
    expect((await connectionRow(connectionId)).status).toBe("ERROR_INSTITUTION");
    mx.setConnectionStatus(memberGuid, "CONNECTED");
    expect(await mx.sendWebhook(webhookUrl, mx.webhookBody("MEMBER", memberGuid))).toBe(204);
    await platform.worker.drain();
    expect((await connectionRow(connectionId)).status).toBe("SYNCED");
    expect(
      await mx.sendWebhook(webhookUrl, mx.webhookBody("MEMBER", memberGuid, { action: "deleted" })),
    ).toBe(204);
    expect((await connectionRow(connectionId)).error).toMatchObject({ errorCode: "MEMBER_DELETED" });
  });
});

describe("MX sync failures", () => {
  /** A sync now (as a webhook or the schedule would start one). */
  const syncNow = async (connectionId: string) => {
    await requestSync(platform.ctx.db, await connectionRow(connectionId));
    await platform.worker.drain();
    return connectionRow(connectionId);
  };

  it.each([
    ["DEGRADED", "ERROR_INSTITUTION"],
    ["DISCONTINUED", "ERROR_INSTITUTION"],
    ["LOCKED", "ERROR_REPAIRABLE"],
    ["FAILED", "ERROR_PROVIDER"],
  ])("a member %s at sync time: %s", async (mxStatus, weftStatus) => {
    const { memberGuid, connectionId } = await linkThroughConnector();
    mx.setConnectionStatus(memberGuid, mxStatus);
    const row = await syncNow(connectionId);
    expect(row.status).toBe(weftStatus);
    expect(row.error).toMatchObject({ errorCode: mxStatus });
  });

  it("MX's 429 postpones the sync without changing the status; a 500 is ERROR_PROVIDER", async () => {
    const { memberGuid, connectionId } = await linkThroughConnector();
    mx.failNext(`/members/${memberGuid}`, 429);
    const limited = await syncNow(connectionId);
    expect(limited.status).toBe("SYNCED");
    expect(limited.nextSyncAt!.getTime()).toBeGreaterThan(Date.now());
    mx.failNext(`/members/${memberGuid}/accounts`, 500);
    const failed = await syncNow(connectionId);
    expect(failed.status).toBe("ERROR_PROVIDER");
    expect(failed.error).toMatchObject({ errorType: "API_ERROR", errorCode: "HTTP_500" });
  });
});

describe("MX statements, holdings and balance refreshes", () => {
  it("an investments member: holdings keyed by MX symbol; statements fetched by MX's job, their PDF served; a fresh balance", async () => {
    const { profileId, memberGuid, connectionId } = await linkThroughConnector({
      institutionCode: "mxinvestments",
      accounts: "investments",
    });
    // fetch_statements waits behind identify (one job per sync): the history pass, right after
    // the first sync, starts it.
    const fetchStatements = () =>
      mx.requests.filter((r) => r.path.endsWith(`/members/${memberGuid}/fetch_statements`)).length;
    expect(fetchStatements()).toBe(1);
    // MX's STATEMENT webhook: the statements are there, the next sync lists them.
    expect(await mx.sendWebhook(webhookUrl, mx.webhookBody("STATEMENT", memberGuid))).toBe(204);
    await platform.worker.drain();

    const list = (await get(platform, env, `/v1/profiles/${profileId}/accounts`)).json();
    const brokerage = list.find((a: { kind: string }) => a.kind === "INVESTMENT");
    expect(brokerage, JSON.stringify(list)).toBeDefined();
    const holdings = (await get(platform, env, `/v1/accounts/${brokerage.id}/holdings`)).json();
    expect(holdings.length).toBeGreaterThan(0);
    expect(holdings[0].security).toMatchObject({ isin: null, tickerSymbol: expect.any(String) });

    const checking = list.find((a: { type: string }) => a.type === "CHECKING");
    const statements = await get(platform, env, `/v1/accounts/${checking.id}/statements`);
    expect(statements.statusCode, statements.body).toBe(200);
    expect(statements.json().length).toBeGreaterThan(0);
    const pdf = await platform.app.inject({
      method: "GET",
      url: new URL(statements.json()[0].url).pathname + new URL(statements.json()[0].url).search,
    });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    // A balance refresh: MX's check runs in the background; only a balance read after it is stored.
    const synced = (await get(platform, env, `/v1/accounts/${checking.id}`)).json().balance.current;
    const refresh = await platform.app.inject({
      method: "POST",
      url: `/v1/accounts/${checking.id}/balances/refresh`,
      headers: env.auth,
    });
    expect(refresh.statusCode, refresh.body).toBe(202);
    await platform.worker.drain();
    expect(mx.requests.some((r) => r.path.endsWith(`/members/${memberGuid}/check_balance`))).toBe(true);
    const refreshed = async () =>
      (await get(platform, env, `/v1/accounts/${checking.id}/balances`))
        .json()
        .filter((b: { source: string }) => b.source === "REFRESH");
    expect(await refreshed()).toEqual([]);
    // The job's next attempt (due in a few seconds) finds the check done.
    expect(await makeQueuedJobsDue(platform, BALANCE_REFRESH_QUEUE)).toBe(1);
    await platform.worker.drain();
    const [fresh] = await refreshed();
    expect(fresh).toMatchObject({ current: synced + 1 });
    expect((await get(platform, env, `/v1/connections/${connectionId}`)).json().status).toBe("SYNCED");
  });
});

describe("MX disconnect and processor tokens", () => {
  it("DELETE deletes the member at MX", async () => {
    const { memberGuid, connectionId } = await linkThroughConnector();
    const res = await platform.app.inject({
      method: "DELETE",
      url: `/v1/connections/${connectionId}`,
      headers: env.auth,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await platform.worker.drain();
    expect((await connectionRow(connectionId)).status).toBe("DISCONNECTED");
    expect(mx.member(memberGuid)!.deleted).toBe(true);
  });

  it("issuer MX gives MX's authorization code for the account; another provider's issuer is a 400", async () => {
    const { profileId } = await linkThroughConnector();
    const list = (await get(platform, env, `/v1/profiles/${profileId}/accounts`)).json();
    const checking = list.find((a: { type: string }) => a.type === "CHECKING");
    const create = (issuer: string) =>
      platform.app.inject({
        method: "POST",
        url: `/v1/accounts/${checking.id}/processor_tokens`,
        headers: env.auth,
        payload: { issuer, processor: "STRIPE" },
      });
    const made = await create("MX");
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ issuer: "MX" });
    const code = mx.requests.filter((r) => r.path === "/authorization_code");
    expect(code).toHaveLength(1);
    const plaid = await create("PLAID");
    expect(plaid.statusCode).toBe(400);
    expect(plaid.json().message).toBe("Issuer PLAID cannot issue tokens for a MX connection");
  });
});

it("the other tenant's connector cannot link this tenant's profile's member", async () => {
  const { memberGuid, bank } = await linkThroughConnector();
  const profileId = await createProfile(platform, other);
  const auth = { authorization: `Bearer ${await issueSession(platform, other, profileId)}` };
  const res = await widget("/mx/members", auth, { memberGuid, institutionId: bank.id }, otherConnectorId);
  expect([400, 404]).toContain(res.statusCode);
});
