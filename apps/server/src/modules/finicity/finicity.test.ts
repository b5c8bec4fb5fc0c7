import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "../../../test/harness.ts";
import { freePort } from "../../../test/processes.ts";
import {
  connectionRow as connectionRowOf,
  connectorCall,
  createProfile,
  get,
  issueSession,
  storedEvents,
} from "../../../test/sandbox-helpers.ts";
import { accounts, achNumbers, transactions } from "../../db/schema/index.ts";
import { type FinicityStandIn, startFinicityStandIn } from "../../providers/finicity/test/stand-in.ts";
import { decrypt } from "../../security/secrets.ts";
import { historyStartMonthsBack, requestSync } from "../connections/service.ts";
import { createConnector } from "../connectors/service.ts";
import { disableIntegration } from "../integrations/service.ts";
import { ensureFinicityInstitution } from "./institutions.ts";
import { finicityWebhookUrl } from "./service.ts";

/**
 * Finicity end to end against the local Finicity stand-in: Connect through the Connector's routes,
 * sync, reads, webhooks (signed), aggregation status codes, fix mode, disconnect, isolation.
 */
let finicity: FinicityStandIn;
let platform: TestPlatform;
let env: TestEnvironment;
let other: TestEnvironment;
let connectorId: string;

beforeAll(async () => {
  finicity = await startFinicityStandIn();
  const port = await freePort();
  platform = await startTestPlatform({
    WEFT_PUBLIC_URL: `http://127.0.0.1:${port}`,
    WEFT_FINICITY_PARTNER_ID: finicity.partnerId,
    WEFT_FINICITY_SECRET: finicity.partnerSecret,
    WEFT_FINICITY_APP_KEY: finicity.appKey,
    WEFT_FINICITY_BASE_URL: finicity.url,
  });
  await platform.app.listen({ host: "127.0.0.1", port });
  env = await platform.environment("PRODUCTION");
  other = await platform.environment("PRODUCTION", "other tenant");
  connectorId = (await createConnector(platform.ctx.db, { environmentId: env.id, name: "Acme Budget" })).id;
});
afterAll(async () => {
  await platform?.close();
  await finicity?.close();
});

type Auth = { authorization: string };

const widget = (path: string, auth: Auth, payload?: object) =>
  connectorCall(platform, connectorId, path, auth, payload);

const connectionRow = (id: string) => connectionRowOf(platform, id);

/** The Finicity customer Weft made for a profile, asked of Finicity as any client would. */
async function customerOf(profileId: string): Promise<string> {
  const auth = await fetch(`${finicity.url}/aggregation/v2/partners/authentication`, {
    method: "POST",
    headers: {
      "Finicity-App-Key": finicity.appKey,
      "content-type": "application/json",
      accept: "application/json",
    },
    body: JSON.stringify({ partnerId: finicity.partnerId, partnerSecret: finicity.partnerSecret }),
  });
  const { token } = (await auth.json()) as { token: string };
  const res = await fetch(`${finicity.url}/aggregation/v1/customers?username=${profileId}`, {
    headers: { "Finicity-App-Key": finicity.appKey, "Finicity-App-Token": token, accept: "application/json" },
  });
  const body = (await res.json()) as { customers: { id: string; username: string }[] };
  return String(body.customers.find((c) => c.username === profileId)!.id);
}

async function finBank(auth: Auth): Promise<{ id: string; linkWith: string; name: string }> {
  const res = await widget("/institutions?q=FinBank", auth);
  expect(res.statusCode, res.body).toBe(200);
  const bank = res.json().find((i: { name: string }) => i.name.startsWith("FinBank"));
  expect(bank, res.body).toBeDefined();
  return bank;
}

/**
 * A profile that went through Finicity Connect: a Connect URL, the login Finicity made, accounts
 * shared. `prepare` sets the stand-in up for the login before its first syncs.
 */
async function linkThroughConnector(
  body: { historyMonths?: number } = {},
  prepare?: (login: { institutionLoginId: string; accountIds: string[] }) => void,
  /** The accounts the end-user shares, of those offered (default: all). */
  choose: (offered: string[]) => string[] = (offered) => offered,
) {
  const profileId = await createProfile(platform, env);
  const auth = { authorization: `Bearer ${await issueSession(platform, env, profileId)}` };
  const bank = await finBank(auth);
  const url = await widget("/finicity/connect-url", auth, { institutionId: bank.id });
  expect(url.statusCode, url.body).toBe(200);
  const customerId = await customerOf(profileId);
  const { institutionLoginId, accountIds } = finicity.createLogin(customerId);
  prepare?.({ institutionLoginId, accountIds });
  const linked = await widget("/finicity/logins", auth, body);
  expect(linked.statusCode, linked.body).toBe(200);
  const connectionId = linked.json().connectionId as string;
  const choices = await widget(`/connections/${connectionId}/choices`, auth);
  const shared = await widget(`/connections/${connectionId}/accounts`, auth, {
    accountIds: choose(choices.json().accounts.map((a: { id: string }) => a.id)),
    consent: true,
  });
  expect(shared.statusCode, shared.body).toBe(200);
  await platform.worker.drain();
  return { profileId, auth, bank, customerId, institutionLoginId, accountIds, connectionId };
}

const transactionsOf = (connectionId: string) =>
  platform.ctx.db
    .select({ t: transactions })
    .from(transactions)
    .innerJoin(accounts, eq(accounts.id, transactions.accountId))
    .where(eq(accounts.connectionId, connectionId));

/** The stand-in's Get Account ACH Details calls for an account, with their statuses. */
const achCallsOf = (accountId: string) =>
  finicity.requests.filter((r) => r.path.endsWith(`/accounts/${accountId}/details`)).map((r) => r.status);

async function syncNow(connectionId: string) {
  await requestSync(platform.ctx.db, await connectionRow(connectionId));
  await platform.worker.drain();
}

describe("Finicity Connect through the Connector", () => {
  it("Connect Lite on the institution, the login it added linked, then SYNCED: accounts, balances, 6 months of transactions, ACH numbers", async () => {
    const { profileId, connectionId, institutionLoginId } = await linkThroughConnector();
    const row = await connectionRow(connectionId);
    expect(row).toMatchObject({ provider: "FINICITY", externalId: institutionLoginId, status: "SYNCED" });
    expect(row.historyStartOn).toBe(historyStartMonthsBack(new Date(), 6));
    expect(finicity.requests.some((r) => r.path === "/connect/v2/generate/lite")).toBe(true);
    expect(finicity.requests.some((r) => r.path === "/aggregation/v2/customers/testing")).toBe(true);

    const list = (await get(platform, env, `/v1/profiles/${profileId}/accounts`)).json();
    const checking = list.find((a: { type: string }) => a.type === "CHECKING");
    expect(checking).toMatchObject({ kind: "DEPOSITORY", connectionId });
    expect(list.find((a: { type: string }) => a.type === "CREDIT_CARD")).toMatchObject({ kind: "CREDIT" });
    const ach = await get(platform, env, `/v1/accounts/${checking.id}/ach_numbers`);
    expect(ach.statusCode, ach.body).toBe(200);
    expect(ach.json()).toMatchObject({ routing: expect.stringMatching(/^\d{9}$/) });

    const stored = await transactionsOf(connectionId);
    expect(stored.length).toBeGreaterThan(20);
    for (const { t } of stored) {
      expect(t.date >= row.historyStartOn).toBe(true);
      expect(t.entryType).toBe(t.amount.startsWith("-") ? "DEBIT" : "CREDIT");
    }
    expect((await get(platform, other, `/v1/connections/${connectionId}`)).statusCode).toBe(404);
  });

  it("historyMonths beyond Finicity's 6: historic transactions loaded, the fee flag recorded", async () => {
    const { connectionId, institutionLoginId } = await linkThroughConnector({ historyMonths: 24 });
    const view = (await get(platform, env, `/v1/connections/${connectionId}`)).json();
    expect(view.history).toEqual({
      startOn: historyStartMonthsBack(new Date(), 24),
      extendedHistoryFee: true,
    });
    expect(finicity.login(institutionLoginId)!.historicLoaded).toBe(true);
    const created = (await storedEvents(platform, env.id, "connection.created")).find(
      (e) => (e.record as { id?: string }).id === connectionId,
    );
    expect(created!.metadata).toMatchObject({ extendedHistoryFee: true });
  });

  it("a historic load that meets the institution's MFA question (203): ERROR_REPAIRABLE, the history still to load; fix mode loads it", async () => {
    const { connectionId, institutionLoginId, auth } = await linkThroughConnector(
      { historyMonths: 24 },
      (login) => finicity.challengeHistoricLoad(login.institutionLoginId),
    );
    const failed = await connectionRow(connectionId);
    expect(failed.status).toBe("ERROR_REPAIRABLE");
    expect(failed.error).toMatchObject({ errorType: "AGGREGATION_ERROR", errorCode: "MFA_CHALLENGE_NEEDED" });
    expect(failed.initialSyncedAt).toBeNull();
    // The flag asking for the history stays: the next sync asks again.
    expect(decrypt(platform.ctx.secretKey, failed.accessTokenEncrypted!)).toMatch(/:historic$/);
    expect(finicity.login(institutionLoginId)!.historicLoaded).toBe(false);

    const fix = await widget("/finicity/connect-url", auth, { connectionId });
    expect(fix.statusCode, fix.body).toBe(200);
    finicity.setLoginStatus(institutionLoginId, 0);
    const resumed = await widget(`/connections/${connectionId}/finicity/resume`, auth, {});
    expect(resumed.statusCode, resumed.body).toBe(200);
    await platform.worker.drain();
    const repaired = await connectionRow(connectionId);
    expect(repaired.status).toBe("SYNCED");
    expect(finicity.login(institutionLoginId)!.historicLoaded).toBe(true);
    expect(decrypt(platform.ctx.secretKey, repaired.accessTokenEncrypted!)).not.toMatch(/:historic$/);
    const stored = await transactionsOf(connectionId);
    expect(stored.some(({ t }) => t.date < historyStartMonthsBack(new Date(), 6))).toBe(true);
  });

  it("ACH details (billed per call) are asked until Weft holds an account's numbers, then never again", async () => {
    let checking = "";
    let savings = "";
    const { connectionId, profileId } = await linkThroughConnector({}, ({ accountIds }) => {
      [checking, savings] = accountIds as [string, string];
      // The checking account's first ACH call fails: it has no numbers after the first sync.
      finicity.failNext(`/accounts/${checking}/details`, 400);
    });
    // The first sync, then the history's: checking asked twice (400, then 200), savings once.
    expect(achCallsOf(checking)).toEqual([400, 200]);
    expect(achCallsOf(savings)).toEqual([200]);
    const held = await platform.ctx.db
      .select({ externalId: accounts.externalId })
      .from(achNumbers)
      .innerJoin(accounts, eq(accounts.id, achNumbers.accountId))
      .where(eq(accounts.connectionId, connectionId));
    expect(held.map((a) => a.externalId).sort()).toEqual([checking, savings].sort());

    await syncNow(connectionId);
    await syncNow(connectionId);
    expect(achCallsOf(checking)).toEqual([400, 200]);
    expect(achCallsOf(savings)).toEqual([200]);
    const list = (await get(platform, env, `/v1/profiles/${profileId}/accounts`)).json();
    for (const account of list.filter((a: { kind: string }) => a.kind === "DEPOSITORY")) {
      const ach = await get(platform, env, `/v1/accounts/${account.id}/ach_numbers`);
      expect(ach.statusCode, ach.body).toBe(200);
    }
  });

  it("ACH details are never asked for an account the end-user did not share", async () => {
    let checking = "";
    let savings = "";
    const { connectionId } = await linkThroughConnector(
      {},
      ({ accountIds }) => {
        [checking, savings] = accountIds as [string, string];
      },
      (offered) => offered.filter((id) => id === checking),
    );
    await syncNow(connectionId);
    expect(achCallsOf(checking)).toEqual([200]);
    expect(achCallsOf(savings)).toEqual([]);
  });

  it("shadow transactions are not stored; a stored pending one that turns shadow is removed", async () => {
    const { connectionId, institutionLoginId } = await linkThroughConnector();
    const [pending] = finicity.addTransactions(institutionLoginId, 1, { pending: true }) as { id: number }[];
    const [ghost] = finicity.addTransactions(institutionLoginId, 1) as { id: number }[];
    finicity.shadowTransactions(institutionLoginId, [ghost!.id]);
    await syncNow(connectionId);
    const stored = new Map((await transactionsOf(connectionId)).map(({ t }) => [t.externalId, t.status]));
    expect(stored.get(String(pending!.id))).toBe("PENDING");
    expect(stored.has(String(ghost!.id))).toBe(false);

    finicity.shadowTransactions(institutionLoginId, [pending!.id]);
    await syncNow(connectionId);
    const after = (await transactionsOf(connectionId)).map(({ t }) => t.externalId);
    expect(after).not.toContain(String(pending!.id));
    expect(after).not.toContain(String(ghost!.id));
    expect((await connectionRow(connectionId)).status).toBe("SYNCED");
  });

  it("keeps Finicity's normalized payee name on each transaction it syncs, for the enrichment to read", async () => {
    const { connectionId, institutionLoginId } = await linkThroughConnector();
    const added = finicity.addTransactions(institutionLoginId, 4) as {
      id: number;
      categorization?: { normalizedPayeeName?: string };
    }[];
    await syncNow(connectionId);
    const stored = new Map((await transactionsOf(connectionId)).map(({ t }) => [t.externalId, t]));
    for (const t of added) {
      expect(t.categorization?.normalizedPayeeName).toBeTruthy();
      expect(stored.get(String(t.id))!.providerMerchantName).toBe(t.categorization!.normalizedPayeeName);
    }
  });

  it("409 when Connect added no new institution login; 403 when Finicity is off", async () => {
    const { auth } = await linkThroughConnector();
    const again = await widget("/finicity/logins", auth, {});
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe("Finicity Connect added no new institution login for this profile");

    const off = await platform.environment("PRODUCTION", "finicity off");
    await disableIntegration(platform.ctx.db, off.id, "FINICITY");
    const offConnector = (await createConnector(platform.ctx.db, { environmentId: off.id, name: "Off" })).id;
    const offAuth = {
      authorization: `Bearer ${await issueSession(platform, off, await createProfile(platform, off))}`,
    };
    const url = await platform.app.inject({
      method: "POST",
      url: `/v1/connectors/${offConnector}/finicity/connect-url`,
      headers: offAuth,
      payload: {},
    });
    expect(url.statusCode, url.body).toBe(403);
    expect(url.json().message).toBe("The FINICITY integration is not enabled for this environment");
    expect(url.json().instruction).toContain("--partner-id PARTNER_ID --secret SECRET --app-key APP_KEY");
  });
});

describe("Finicity institutions", () => {
  it("an institution Finicity names blank is catalogued under its id, not as a blank name", async () => {
    const flags = { transAgg: true, ach: true, stateAgg: false, accountOwner: false, oauthEnabled: false };
    const row = await ensureFinicityInstitution(platform.ctx, { id: 990_001, name: "  ", ...flags });
    expect(row.name).toBe("Finicity institution 990001");
    const named = await ensureFinicityInstitution(platform.ctx, {
      id: 990_002,
      name: "Bank of Weft",
      ...flags,
    });
    expect(named.name).toBe("Bank of Weft");
  });
});

describe("Finicity webhooks and statuses", () => {
  it("a signed webhook naming the login syncs it; a wrong or missing signature is 401 and does nothing", async () => {
    const { connectionId, institutionLoginId } = await linkThroughConnector();
    const before = (await transactionsOf(connectionId)).length;
    finicity.addTransactions(institutionLoginId, 2);
    const url = finicityWebhookUrl(platform.ctx.config.publicUrl, env.id);
    const body = {
      eventType: "accountsUpdated",
      payload: { accounts: [{ institutionLoginId: Number(institutionLoginId) }] },
    };
    expect(await finicity.sendWebhook(url, body, { tamper: true })).toBe(401);
    await platform.worker.drain();
    expect((await transactionsOf(connectionId)).length).toBe(before);
    expect(await finicity.sendWebhook(url, body)).toBe(200);
    await platform.worker.drain();
    expect((await transactionsOf(connectionId)).length).toBe(before + 2);
    // Signed, but JSON that is no object: a 400, not a failure of ours.
    for (const odd of [null, [], "accountsUpdated"]) expect(await finicity.sendWebhook(url, odd)).toBe(400);
  });

  it("a webhook judges each login by its own accounts: another login's failure, or one failing account of several, does not stop a sync", async () => {
    const failing = await linkThroughConnector();
    const healthy = await linkThroughConnector();
    const before = (await transactionsOf(healthy.connectionId)).length;
    finicity.addTransactions(healthy.institutionLoginId, 2);
    const body = {
      eventType: "accountsUpdated",
      payload: {
        accounts: [
          { institutionLoginId: Number(failing.institutionLoginId), aggregationStatusCode: 103 },
          { institutionLoginId: Number(healthy.institutionLoginId), aggregationStatusCode: 0 },
          { institutionLoginId: Number(healthy.institutionLoginId), aggregationStatusCode: 580 },
        ],
      },
    };
    expect(await finicity.sendWebhook(finicityWebhookUrl(platform.ctx.config.publicUrl, env.id), body)).toBe(
      200,
    );
    await platform.worker.drain();
    const failed = await connectionRow(failing.connectionId);
    expect(failed.status).toBe("ERROR_REPAIRABLE");
    expect(failed.error).toMatchObject({ errorType: "AGGREGATION_ERROR", errorCode: "103" });
    expect((await connectionRow(healthy.connectionId)).status).toBe("SYNCED");
    expect((await transactionsOf(healthy.connectionId)).length).toBe(before + 2);
  });

  it.each([
    [103, "ERROR_REPAIRABLE"],
    [185, "ERROR_REPAIRABLE"],
    [102, "ERROR_INSTITUTION"],
  ])("aggregation status %i at sync time: %s; fix mode then repairs it", async (code, status) => {
    const { connectionId, institutionLoginId, auth } = await linkThroughConnector();
    finicity.setLoginStatus(institutionLoginId, code);
    await requestSync(platform.ctx.db, await connectionRow(connectionId));
    await platform.worker.drain();
    const failed = await connectionRow(connectionId);
    expect(failed.status).toBe(status);
    expect(failed.error).toMatchObject({ errorType: "AGGREGATION_ERROR", errorCode: String(code) });
    if (status !== "ERROR_REPAIRABLE") return;
    const early = await widget(`/connections/${connectionId}/finicity/resume`, auth, {});
    expect(early.statusCode, early.body).toBe(409);
    const fix = await widget("/finicity/connect-url", auth, { connectionId });
    expect(fix.statusCode, fix.body).toBe(200);
    expect(finicity.requests.some((r) => r.path === "/connect/v2/generate/fix")).toBe(true);
    finicity.setLoginStatus(institutionLoginId, 0);
    expect((await widget(`/connections/${connectionId}/finicity/resume`, auth, {})).statusCode).toBe(200);
    await platform.worker.drain();
    expect((await connectionRow(connectionId)).status).toBe("SYNCED");
  });

  it("Finicity's 429 postpones the sync; DELETE deletes the institution login at Finicity", async () => {
    const { connectionId, institutionLoginId } = await linkThroughConnector();
    finicity.failNext("/accounts", 429);
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
    expect(finicity.login(institutionLoginId)!.deleted).toBe(true);
  });
});
