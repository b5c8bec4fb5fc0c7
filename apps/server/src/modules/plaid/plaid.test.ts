import { and, eq } from "drizzle-orm";
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
  queuedJobs,
  storedEvents,
} from "../../../test/sandbox-helpers.ts";
import { accounts, connections, remoteDocuments, transactions } from "../../db/schema/index.ts";
import { type PlaidStandIn, startPlaidStandIn } from "../../providers/plaid/test/stand-in.ts";
import { LOOKUPS_PER_MINUTE } from "../../providers/plaid/webhooks.ts";
import { SYNC_QUEUE } from "../connections/service.ts";
import { createConnector } from "../connectors/service.ts";
import { reenrichStale } from "../enrichment/stored.ts";
import { setEnvironmentFeature } from "../environments/service.ts";
import { disableIntegration } from "../integrations/service.ts";

/**
 * Plaid end to end against the local Plaid-compatible stand-in: import, sync, reads, remote
 * data, webhooks, errors, disconnect. The platform listens on a real port so that the stand-in
 * can deliver signed webhooks to it.
 */
let plaid: PlaidStandIn;
let platform: TestPlatform;
let env: TestEnvironment;
let other: TestEnvironment;

beforeAll(async () => {
  plaid = await startPlaidStandIn();
  const port = await freePort();
  platform = await startTestPlatform({
    WEFT_PUBLIC_URL: `http://127.0.0.1:${port}`,
    WEFT_PLAID_CLIENT_ID: plaid.clientId,
    WEFT_PLAID_SECRET: plaid.secret,
    WEFT_PLAID_BASE_URL: plaid.url,
  });
  await platform.app.listen({ host: "127.0.0.1", port });
  env = await platform.environment("PRODUCTION");
  other = await platform.environment("PRODUCTION", "other tenant");
});
afterAll(async () => {
  await platform?.close();
  await plaid?.close();
});

const importItem = (profileId: string, body: Record<string, unknown>, tenant = env) =>
  platform.app.inject({
    method: "POST",
    url: `/v1/profiles/${profileId}/connections/import/plaid`,
    headers: tenant.auth,
    payload: body,
  });

const connectionRow = (id: string) => connectionRowOf(platform, id);

/** A profile with an imported Plaid item, synced (initial and historical). */
async function importAndSync(options: Parameters<PlaidStandIn["createItem"]>[0] = {}) {
  const item = plaid.createItem(options);
  const profileId = await createProfile(platform, env);
  const res = await importItem(profileId, { accessToken: item.accessToken });
  expect(res.statusCode, res.body).toBe(201);
  await platform.worker.drain();
  return { ...item, profileId, connectionId: res.json().id as string };
}

async function accountTransactions(connectionId: string) {
  return platform.ctx.db
    .select({ t: transactions, externalAccount: accounts.externalId })
    .from(transactions)
    .innerJoin(accounts, eq(accounts.id, transactions.accountId))
    .where(eq(accounts.connectionId, connectionId));
}

describe("POST /v1/profiles/{profileId}/connections/import/plaid", () => {
  it("201 PLAID connection, then the same background sync as any connection: accounts, balances, transactions, ACH numbers", async () => {
    const item = plaid.createItem({ transactionCount: 40 });
    const profileId = await createProfile(platform, env);
    const res = await importItem(profileId, { accessToken: item.accessToken });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      profileId,
      provider: "PLAID",
      status: "INITIALIZING",
      institution: { name: "First Platypus Bank" },
      error: null,
    });
    expect(body.products).toEqual(
      expect.arrayContaining(["ACCOUNT_BALANCES_AND_TRANSACTIONS", "ACCOUNT_NUMBERS", "ACCOUNT_OWNERS"]),
    );
    // The institution's logo is the one Plaid gave (its PNG inside the SVG), not drawn initials.
    const logo = await platform.app.inject({
      method: "GET",
      url: new URL(body.institution.logoUrl).pathname,
    });
    expect(logo.body).toMatch(
      /<image width="64" height="64" href="data:image\/png;base64,iVBORw0KGgo[A-Za-z0-9+/=]+"\/>/,
    );
    expect(logo.body).not.toContain("<text");
    // The item's webhook now points at Weft.
    expect(plaid.item(item.itemId)!.webhook).toBe(
      `${platform.ctx.config.publicUrl}/v1/plaid/webhooks/${env.id}`,
    );
    await platform.worker.drain();
    const connection = (await get(platform, env, `/v1/connections/${body.id}`)).json();
    expect(connection.status).toBe("SYNCED");
    const types = (await storedEvents(platform, env.id))
      .filter((e) => (e.record as { id?: string }).id === body.id)
      .map((e) => e.type);
    expect(types).toEqual([
      "connection.created",
      "connection.synced.successful.initial",
      "connection.synced.successful.historical",
    ]);

    const accountList = (await get(platform, env, `/v1/profiles/${profileId}/accounts`)).json();
    expect(accountList.length).toBeGreaterThanOrEqual(2);
    const checking = accountList.find((a: { type: string }) => a.type === "CHECKING");
    expect(checking).toMatchObject({ kind: "DEPOSITORY", connectionId: body.id, state: "OPEN" });
    const ach = await get(platform, env, `/v1/accounts/${checking.id}/ach_numbers`);
    expect(ach.statusCode, ach.body).toBe(200);
    expect(ach.json()).toMatchObject({ accountId: checking.id, routing: expect.stringMatching(/^\d{9}$/) });

    // Plaid's positive amount is money out: Weft's wire has it negative, a DEBIT.
    const stored = await accountTransactions(body.id);
    expect(stored).toHaveLength(40);
    const plaidTransactions = plaid.requests.filter((r) => r.path === "/transactions/sync");
    expect(plaidTransactions.length).toBeGreaterThan(0);
    for (const { t } of stored) {
      expect(t.entryType).toBe(t.amount.startsWith("-") ? "DEBIT" : "CREDIT");
    }
  });

  it("maps Plaid's sign: a 12.34 purchase is -12.34 DEBIT, a -500 deposit is 500 CREDIT", async () => {
    const { connectionId, itemId } = await importAndSync({ transactionCount: 0 });
    const [purchase] = plaid.addTransactions(itemId, 1);
    plaid.modifyTransaction(itemId, purchase!.transaction_id, { amount: 12.34, pending: false });
    const [deposit] = plaid.addTransactions(itemId, 1);
    plaid.modifyTransaction(itemId, deposit!.transaction_id, { amount: -500, pending: false });
    expect(await plaid.sendWebhook(itemId, syncUpdates(itemId))).toBe(200);
    await platform.worker.drain();
    const byExternal = new Map((await accountTransactions(connectionId)).map(({ t }) => [t.externalId, t]));
    expect(byExternal.get(purchase!.transaction_id)).toMatchObject({ amount: "-12.34", entryType: "DEBIT" });
    expect(byExternal.get(deposit!.transaction_id)).toMatchObject({ amount: "500", entryType: "CREDIT" });
  });

  it("reads Plaid's merchant_name with the description when it syncs, keeps it, and follows Plaid's changes to it", async () => {
    const { connectionId, itemId } = await importAndSync({ transactionCount: 0 });
    const [lunch] = plaid.addTransactions(itemId, 1);
    // A line that names no merchant the catalogue knows; Plaid's merchant_name does.
    const line = { original_description: "POS DEBIT 0412 XJ4K77 TERMINAL 2", name: "POS DEBIT" };
    plaid.modifyTransaction(itemId, lunch!.transaction_id, {
      ...line,
      merchant_name: "  Sweetgreen ",
      pending: false,
    });
    const synced = async () => {
      expect(await plaid.sendWebhook(itemId, syncUpdates(itemId))).toBe(200);
      await platform.worker.drain();
      return (await accountTransactions(connectionId)).find(
        ({ t }) => t.externalId === lunch!.transaction_id,
      )!.t;
    };
    const row = await synced();
    expect(row).toMatchObject({ description: line.original_description, providerMerchantName: "Sweetgreen" });
    expect(row.enrichment).toMatchObject({
      merchant: "Sweetgreen",
      categories: { general: "FOOD_AND_DRINK" },
    });
    const page = await get(platform, env, `/v1/accounts/${row.accountId}/transactions`);
    expect(page.json().find((t: { id: string }) => t.id === row.id).enrichment.merchant).toBe("Sweetgreen");

    // Enriched again (another catalogue version), from the stored row: the name is read again.
    await platform.ctx.db
      .update(transactions)
      .set({ enrichmentVersion: null })
      .where(eq(transactions.id, row.id));
    expect(await reenrichStale(platform.ctx)).toBeGreaterThanOrEqual(1);
    const [again] = await platform.ctx.db.select().from(transactions).where(eq(transactions.id, row.id));
    expect(again!.enrichment).toEqual(row.enrichment);

    // Plaid drops its name: the row and its enrichment follow.
    plaid.modifyTransaction(itemId, lunch!.transaction_id, { merchant_name: null });
    const dropped = await synced();
    expect(dropped.providerMerchantName).toBeNull();
    expect(dropped.enrichment?.merchant).not.toBe("Sweetgreen");
  });

  it("422 without accessToken, naming the field", async () => {
    const profileId = await createProfile(platform, env);
    const res = await importItem(profileId, {});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ accessToken: [expect.stringMatching(/required/i)] });
  });

  it("400 for an access token Plaid rejects, with Plaid's error code; nothing is created", async () => {
    const profileId = await createProfile(platform, env);
    const res = await importItem(profileId, {
      accessToken: "access-sandbox-00000000-0000-0000-0000-000000000000",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("INVALID_ACCESS_TOKEN");
    const list = (await get(platform, env, `/v1/profiles/${profileId}/connections`)).json();
    expect(list).toEqual([]);
  });

  it("400 for an item in error", async () => {
    const item = plaid.createItem();
    plaid.setItemError(item.itemId, "ITEM_LOGIN_REQUIRED");
    const profileId = await createProfile(platform, env);
    const res = await importItem(profileId, { accessToken: item.accessToken });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("ITEM_LOGIN_REQUIRED");
  });

  it("409 when the same item is imported twice in one environment; another environment may import it", async () => {
    const item = plaid.createItem();
    const profileId = await createProfile(platform, env);
    expect((await importItem(profileId, { accessToken: item.accessToken })).statusCode).toBe(201);
    const again = await importItem(profileId, { accessToken: item.accessToken });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(item.itemId);
    const elsewhere = await importItem(
      await createProfile(platform, other),
      { accessToken: item.accessToken },
      other,
    );
    expect(elsewhere.statusCode).toBe(201);
  });

  it("403 integration not enabled, naming the command that enables it", async () => {
    const off = await platform.environment("PRODUCTION", "no plaid");
    await disableIntegration(platform.ctx.db, off.id, "PLAID");
    const res = await importItem(
      await createProfile(platform, off),
      { accessToken: plaid.createItem().accessToken },
      off,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("The PLAID integration is not enabled for this environment");
    expect(res.json().instruction).toContain(`integrations set --env ${off.id} plaid`);
  });

  it("404 for another environment's profile", async () => {
    const profileId = await createProfile(platform, other);
    const res = await importItem(profileId, { accessToken: plaid.createItem().accessToken });
    expect(res.statusCode).toBe(404);
  });

  it("migrateWebhook false leaves the item's webhook alone", async () => {
    const item = plaid.createItem({ webhook: "https://developer.example/plaid" });
    const profileId = await createProfile(platform, env);
    const res = await importItem(profileId, { accessToken: item.accessToken, migrateWebhook: false });
    expect(res.statusCode).toBe(201);
    expect(plaid.item(item.itemId)!.webhook).toBe("https://developer.example/plaid");
  });
});

const syncUpdates = (itemId: string) => ({
  webhook_type: "TRANSACTIONS",
  webhook_code: "SYNC_UPDATES_AVAILABLE",
  item_id: itemId,
  initial_update_complete: true,
  historical_update_complete: true,
  environment: "sandbox",
});

describe("Plaid Link's public token, exchanged in the Connector", () => {
  it("a login at another institution than the one the browser named is refused (400) and removed at Plaid", async () => {
    const connector = await createConnector(platform.ctx.db, { environmentId: env.id, name: "Acme" });
    const profileId = await createProfile(platform, env);
    const auth = { authorization: `Bearer ${await issueSession(platform, env, profileId)}` };
    const platypus = (await connectorCall(platform, connector.id, "/institutions?q=platypus", auth))
      .json()
      .find((i: { name: string }) => i.name === "First Platypus Bank");
    expect(platypus).toBeDefined();
    // Link was finished at First Gingham; the browser says First Platypus.
    const created = await fetch(`${plaid.url}/sandbox/public_token/create`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        client_id: plaid.clientId,
        secret: plaid.secret,
        institution_id: "ins_109509",
        initial_products: ["transactions"],
      }),
    });
    const { public_token } = (await created.json()) as { public_token: string };
    const removedBefore = plaid.requests.filter((r) => r.path === "/item/remove").length;
    const res = await connectorCall(platform, connector.id, "/plaid/exchange", auth, {
      publicToken: public_token,
      institutionId: platypus.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("This Plaid login is at another institution than First Platypus Bank");
    expect(plaid.requests.filter((r) => r.path === "/item/remove").length).toBe(removedBefore + 1);
    const linked = await platform.ctx.db
      .select()
      .from(connections)
      .where(eq(connections.profileId, profileId));
    expect(linked).toEqual([]);
  });
});

describe("Plaid webhooks and incremental sync", () => {
  it("SYNC_UPDATES_AVAILABLE syncs from the stored cursor: added, modified and removed applied, pending -> posted", async () => {
    const { connectionId, itemId } = await importAndSync({ transactionCount: 10 });
    const cursorBefore = (await connectionRow(connectionId)).transactionsCursor;
    expect(cursorBefore).toBeTruthy();
    const before = await accountTransactions(connectionId);
    const [pending] = plaid.addTransactions(itemId, 1, { pending: true });
    expect(await plaid.sendWebhook(itemId, syncUpdates(itemId))).toBe(200);
    await platform.worker.drain();
    const pendingRow = (await accountTransactions(connectionId)).find(
      ({ t }) => t.externalId === pending!.transaction_id,
    )!.t;
    expect(pendingRow.status).toBe("PENDING");

    const victim = before[0]!.t;
    const changed = before[1]!.t;
    plaid.removeTransaction(itemId, victim.externalId);
    plaid.modifyTransaction(itemId, changed.externalId, { name: "RENAMED BY THE BANK", amount: 1 });
    const added = plaid.addTransactions(itemId, 3);
    const posted = plaid.postPendingTransaction(itemId, pending!.transaction_id);
    expect(await plaid.sendWebhook(itemId, syncUpdates(itemId))).toBe(200);
    await platform.worker.drain();

    const after = new Map((await accountTransactions(connectionId)).map(({ t }) => [t.externalId, t]));
    expect(after.has(victim.externalId)).toBe(false);
    expect(after.get(changed.externalId)).toMatchObject({ amount: "-1", description: expect.any(String) });
    for (const t of added) expect(after.has(t.transaction_id)).toBe(true);
    expect(after.has(pending!.transaction_id)).toBe(false);
    expect(after.get(posted.transaction_id)).toMatchObject({
      status: "POSTED",
      pendingTransactionId: pendingRow.id,
    });
    expect(after.size).toBe(before.length + 3);
    expect((await connectionRow(connectionId)).transactionsCursor).not.toBe(cursorBefore);
    // The removed transaction's remote document went with it.
    const docs = await platform.ctx.db
      .select()
      .from(remoteDocuments)
      .where(eq(remoteDocuments.recordId, victim.id));
    expect(docs).toEqual([]);
  });

  it("a webhook that does not verify is 401 and does nothing", async () => {
    const { connectionId, itemId } = await importAndSync({ transactionCount: 2 });
    const queued = async () =>
      (await queuedJobs(platform, SYNC_QUEUE)).filter(
        (j) =>
          j.payload.connectionId === connectionId && Date.parse(String(j.payload.scheduledFor)) <= Date.now(),
      ).length;
    const before = await queued();
    for (const tamper of [
      { staleIat: true },
      { wrongBodyHash: true },
      { unknownKid: true },
      { wrongKey: true },
    ]) {
      expect(await plaid.sendWebhook(itemId, syncUpdates(itemId), tamper), JSON.stringify(tamper)).toBe(401);
    }
    const unsigned = await fetch(`${platform.ctx.config.publicUrl}/v1/plaid/webhooks/${env.id}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(syncUpdates(itemId)),
    });
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toMatchObject({ message: expect.stringContaining("Plaid-Verification") });
    expect(await queued()).toBe(before);
  });

  it("webhooks naming made-up keys cost Plaid at most a few lookups a minute; Plaid's own words are not echoed", async () => {
    const { itemId } = await importAndSync({ transactionCount: 1 });
    // Plaid's real key, looked up once and kept: the budget below is for kids not yet known.
    expect(await plaid.sendWebhook(itemId, syncUpdates(itemId))).toBe(200);
    const lookups = () => plaid.requests.filter((r) => r.path === "/webhook_verification_key/get").length;
    const before = lookups();
    for (let i = 0; i < LOOKUPS_PER_MINUTE + 15; i++) {
      expect(await plaid.sendWebhook(itemId, syncUpdates(itemId), { unknownKid: true })).toBe(401);
    }
    expect(lookups() - before).toBeLessThanOrEqual(LOOKUPS_PER_MINUTE);
    const refused = await plaid.sendWebhook(itemId, syncUpdates(itemId), { unknownKid: true });
    expect(refused).toBe(401);
    // A made-up environment asks Plaid nothing at all.
    const nowhere = await fetch(
      `${platform.ctx.config.publicUrl}/v1/plaid/webhooks/env_00000000000000000000000000`,
      {
        method: "POST",
        headers: { "content-type": "application/json", "plaid-verification": "e30.e30.e30" },
        body: "{}",
      },
    );
    expect(nowhere.status).toBe(401);
    expect(JSON.stringify(await nowhere.json())).not.toMatch(/key_id|INVALID_/);
  });

  it("ITEM ERROR ITEM_LOGIN_REQUIRED -> ERROR_REPAIRABLE with Plaid's error, then the login repaired syncs again", async () => {
    const { connectionId, itemId } = await importAndSync({ transactionCount: 2 });
    plaid.setItemError(itemId, "ITEM_LOGIN_REQUIRED");
    const status = await plaid.sendWebhook(itemId, {
      webhook_type: "ITEM",
      webhook_code: "ERROR",
      item_id: itemId,
      error: {
        error_type: "ITEM_ERROR",
        error_code: "ITEM_LOGIN_REQUIRED",
        error_message: "the login details of this item have changed",
        display_message: null,
        request_id: "req-1",
        status: 400,
        documentation_url: "https://plaid.com/docs/errors/item/#item_login_required",
        suggested_action: null,
      },
      environment: "sandbox",
    });
    expect(status).toBe(200);
    const connection = (await get(platform, env, `/v1/connections/${connectionId}`)).json();
    expect(connection.status).toBe("ERROR_REPAIRABLE");
    expect(connection.error).toEqual({
      errorType: "ITEM_ERROR",
      errorCode: "ITEM_LOGIN_REQUIRED",
      errorMessage: "the login details of this item have changed",
      displayMessage: null,
      requestId: "req-1",
      suggestedAction: null,
      documentationUrl: "https://plaid.com/docs/errors/item/#item_login_required",
    });
    const errored = await storedEvents(platform, env.id, "connection.synced.errored.repairable");
    expect(errored.some((e) => (e.record as { id: string }).id === connectionId)).toBe(true);

    plaid.setItemError(itemId, null);
    expect(
      await plaid.sendWebhook(itemId, {
        webhook_type: "ITEM",
        webhook_code: "LOGIN_REPAIRED",
        item_id: itemId,
      }),
    ).toBe(200);
    await platform.worker.drain();
    expect((await connectionRow(connectionId)).status).toBe("SYNCED");
  });

  it("USER_ACCOUNT_REVOKED (one account's access taken back) syncs what the item still shares", async () => {
    const { connectionId, itemId } = await importAndSync({ transactionCount: 1 });
    const reads = () => plaid.requests.filter((r) => r.path === "/accounts/get").length;
    const before = reads();
    expect(
      await plaid.sendWebhook(itemId, {
        webhook_type: "ITEM",
        webhook_code: "USER_ACCOUNT_REVOKED",
        item_id: itemId,
        account_id: "any",
      }),
    ).toBe(200);
    await platform.worker.drain();
    expect(reads()).toBe(before + 1);
    expect((await connectionRow(connectionId)).status).toBe("SYNCED");
  });

  it("PENDING_EXPIRATION and USER_PERMISSION_REVOKED put the connection in ERROR_REPAIRABLE", async () => {
    for (const code of ["PENDING_EXPIRATION", "USER_PERMISSION_REVOKED"]) {
      const { connectionId, itemId } = await importAndSync({ transactionCount: 1 });
      expect(
        await plaid.sendWebhook(itemId, { webhook_type: "ITEM", webhook_code: code, item_id: itemId }),
      ).toBe(200);
      const row = await connectionRow(connectionId);
      expect(row.status).toBe("ERROR_REPAIRABLE");
      expect(row.error?.errorCode).toBe(code);
    }
  });
});

describe("Plaid sync errors and products", () => {
  async function failingSync(errorCode: string) {
    const { connectionId, itemId } = await importAndSync({ transactionCount: 1 });
    plaid.setItemError(itemId, errorCode as Parameters<PlaidStandIn["setItemError"]>[1]);
    expect(await plaid.sendWebhook(itemId, syncUpdates(itemId))).toBe(200);
    await platform.worker.drain();
    return connectionRow(connectionId);
  }

  it("maps Plaid's errors to statuses: login -> ERROR_REPAIRABLE, institution -> ERROR_INSTITUTION, API -> ERROR_PROVIDER", async () => {
    expect((await failingSync("ITEM_LOGIN_REQUIRED")).status).toBe("ERROR_REPAIRABLE");
    expect((await failingSync("USER_PERMISSION_REVOKED")).status).toBe("ERROR_REPAIRABLE");
    const down = await failingSync("INSTITUTION_DOWN");
    expect(down.status).toBe("ERROR_INSTITUTION");
    expect(down.error).toMatchObject({ errorType: "INSTITUTION_ERROR", errorCode: "INSTITUTION_DOWN" });
    expect((await failingSync("INSTITUTION_NOT_RESPONDING")).status).toBe("ERROR_INSTITUTION");
    expect((await failingSync("INTERNAL_SERVER_ERROR")).status).toBe("ERROR_PROVIDER");
  });

  it("a rate limit postpones the sync: the status stays SYNCED and no error event is recorded", async () => {
    const { connectionId, itemId } = await importAndSync({ transactionCount: 1 });
    plaid.failNext("/transactions/sync", "RATE_LIMIT_EXCEEDED");
    expect(await plaid.sendWebhook(itemId, syncUpdates(itemId))).toBe(200);
    await platform.worker.drain();
    const row = await connectionRow(connectionId);
    expect(row.status).toBe("SYNCED");
    expect(row.error).toBeNull();
    expect(row.nextSyncAt!.getTime()).toBeGreaterThan(Date.now() + 30_000);
    const errors = (await storedEvents(platform, env.id)).filter(
      (e) =>
        e.type.startsWith("connection.synced.errored") && (e.record as { id: string }).id === connectionId,
    );
    expect(errors).toEqual([]);
  });

  it("PRODUCT_NOT_READY from /transactions/sync is nothing new, not an error: the status, the transactions and the cursor stay", async () => {
    const { connectionId, itemId } = await importAndSync({ transactionCount: 5 });
    const before = await accountTransactions(connectionId);
    const cursor = (await connectionRow(connectionId)).transactionsCursor;
    plaid.failNext("/transactions/sync", "PRODUCT_NOT_READY");
    expect(await plaid.sendWebhook(itemId, syncUpdates(itemId))).toBe(200);
    await platform.worker.drain();
    const row = await connectionRow(connectionId);
    expect(row.status).toBe("SYNCED");
    expect(row.error).toBeNull();
    expect(row.transactionsCursor).toBe(cursor);
    expect((await accountTransactions(connectionId)).length).toBe(before.length);
  });

  it("the initial and historical events wait until Plaid has pulled that much history from the bank", async () => {
    const item = plaid.createItem({ transactionCount: 60, pulled: "NONE" });
    const profileId = await createProfile(platform, env);
    const res = await importItem(profileId, { accessToken: item.accessToken });
    expect(res.statusCode, res.body).toBe(201);
    const connectionId = res.json().id as string;
    const phases = () => eventTypesAbout(platform, env.id, connectionId, "connection.synced.");
    await platform.worker.drain();
    // Nothing pulled yet: the first sync is still under way, and says nothing.
    let row = await connectionRow(connectionId);
    expect(row.status).toBe("SYNCING");
    expect(row.initialSyncedAt).toBeNull();
    expect(await phases()).toEqual([]);

    plaid.pullHistory(item.itemId, "RECENT");
    expect(
      await plaid.sendWebhook(item.itemId, { ...syncUpdates(item.itemId), initial_update_complete: true }),
    ).toBe(200);
    await platform.worker.drain();
    row = await connectionRow(connectionId);
    expect(row.status).toBe("SYNCED");
    expect(await phases()).toEqual(["connection.synced.successful.initial"]);
    const recent = (await accountTransactions(connectionId)).length;
    expect(recent).toBeGreaterThan(0);
    expect(recent).toBeLessThan(60);

    plaid.pullHistory(item.itemId, "ALL");
    expect(
      await plaid.sendWebhook(item.itemId, { ...syncUpdates(item.itemId), historical_update_complete: true }),
    ).toBe(200);
    await platform.worker.drain();
    expect(await phases()).toEqual([
      "connection.synced.successful.initial",
      "connection.synced.successful.historical",
    ]);
    expect((await accountTransactions(connectionId)).length).toBe(60);
  });

  it("TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION restarts the page run: every transaction once", async () => {
    const item = plaid.createItem({ transactionCount: 1200 });
    plaid.mutateDuringNextPagination(item.itemId);
    const profileId = await createProfile(platform, env);
    const res = await importItem(profileId, { accessToken: item.accessToken });
    await platform.worker.drain();
    const row = await connectionRow(res.json().id);
    expect(row.status).toBe("SYNCED");
    const stored = await accountTransactions(row.id);
    expect(new Set(stored.map(({ t }) => t.externalId)).size).toBe(stored.length);
    expect(stored.length).toBeGreaterThanOrEqual(1200);
  });

  it("an item imported for auth alone is not signed up for Transactions (Plaid bills it from the first /transactions/sync), nor asked for products it lacks", async () => {
    const item = plaid.createItem({ products: ["auth"] });
    const profileId = await createProfile(platform, env);
    const from = plaid.requests.length;
    const res = await importItem(profileId, { accessToken: item.accessToken, products: ["auth"] });
    expect(res.statusCode, res.body).toBe(201);
    expect([...res.json().products].sort()).toEqual(["ACCOUNT_BALANCE_REFRESHES", "ACCOUNT_NUMBERS"]);
    await platform.worker.drain();
    expect((await connectionRow(res.json().id)).status).toBe("SYNCED");
    const paths = plaid.requests.slice(from).map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(["/item/get", "/accounts/get", "/auth/get"]));
    for (const path of [
      "/transactions/sync",
      "/liabilities/get",
      "/investments/holdings/get",
      "/statements/list",
    ])
      expect(paths).not.toContain(path);
    expect(plaid.item(item.itemId)!.products).toEqual(["auth"]);
    // Balances and ACH numbers, what the item has, are read.
    const [account] = (await get(platform, env, `/v1/profiles/${profileId}/accounts`)).json();
    expect(account.balance).toMatchObject({ current: expect.any(Number) });
    expect((await get(platform, env, `/v1/accounts/${account.id}/ach_numbers`)).statusCode).toBe(200);
  });

  it("a product Plaid cannot give right now (PRODUCT_NOT_READY) leaves what is stored: the positions are not sold", async () => {
    const invested = await importAndSync({
      accounts: "investments",
      products: ["transactions", "investments"],
    });
    const brokerage = (await get(platform, env, `/v1/profiles/${invested.profileId}/accounts`))
      .json()
      .find((a: { kind: string }) => a.kind === "INVESTMENT");
    const positions = async () => (await get(platform, env, `/v1/accounts/${brokerage.id}/holdings`)).json();
    const before = await positions();
    expect(before.length).toBeGreaterThan(0);
    plaid.failNext("/investments/holdings/get", "PRODUCT_NOT_READY");
    expect(await plaid.sendWebhook(invested.itemId, syncUpdates(invested.itemId))).toBe(200);
    await platform.worker.drain();
    expect((await connectionRow(invested.connectionId)).status).toBe("SYNCED");
    expect(plaid.requests.at(-1)).toBeDefined();
    expect(await positions()).toEqual(before);
  });

  it("products the item lacks are skipped, not errors; investments bring holdings and securities", async () => {
    const plain = await importAndSync({ institutionId: "ins_109509", transactionCount: 1 });
    expect((await connectionRow(plain.connectionId)).status).toBe("SYNCED");

    const invested = await importAndSync({
      accounts: "investments",
      products: ["transactions", "investments"],
    });
    const row = await connectionRow(invested.connectionId);
    expect(row.status).toBe("SYNCED");
    expect(row.products).toContain("INVESTMENTS");
    const brokerage = (await get(platform, env, `/v1/profiles/${invested.profileId}/accounts`))
      .json()
      .find((a: { kind: string }) => a.kind === "INVESTMENT");
    const holdings = (await get(platform, env, `/v1/accounts/${brokerage.id}/holdings`)).json();
    expect(holdings.length).toBeGreaterThan(0);
    expect(holdings[0]).toMatchObject({ security: { name: expect.any(String) } });
  });

  it("statements come from /statements/list, their PDFs from /statements/download; liabilities are kept as remote data", async () => {
    const { profileId, connectionId } = await importAndSync({
      accounts: "credit",
      products: ["transactions", "statements", "liabilities"],
      transactionCount: 1,
    });
    const row = await connectionRow(connectionId);
    expect(row.products).toEqual(expect.arrayContaining(["ACCOUNT_STATEMENTS", "LIABILITIES"]));
    const [account] = (await get(platform, env, `/v1/profiles/${profileId}/accounts`)).json();
    const statements = (await get(platform, env, `/v1/accounts/${account.id}/statements`)).json();
    expect(statements.length).toBeGreaterThan(0);
    const pdf = await fetch(statements[0].url);
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    expect(plaid.requests.some((r) => r.path === "/statements/download")).toBe(true);

    const doc = (await get(platform, env, `/v1/remote/plaid/connections/${connectionId}`)).json();
    const host = new URL(plaid.url).host;
    expect(doc.documents[host]["/liabilities/get"].body).toMatchObject({
      liabilities: { credit: expect.any(Array) },
    });
  });

  it("balance refresh goes through /accounts/balance/get: a REFRESH balance and balance.created", async () => {
    const { profileId } = await importAndSync({ transactionCount: 1 });
    const [account] = (await get(platform, env, `/v1/profiles/${profileId}/accounts`)).json();
    const res = await platform.app.inject({
      method: "POST",
      url: `/v1/accounts/${account.id}/balances/refresh`,
      headers: env.auth,
    });
    expect(res.statusCode, res.body).toBe(202);
    await platform.worker.drain();
    expect(plaid.requests.some((r) => r.path === "/accounts/balance/get")).toBe(true);
    const balances = (await get(platform, env, `/v1/accounts/${account.id}/balances`)).json();
    expect(balances.some((b: { source: string }) => b.source === "REFRESH")).toBe(true);
  });
});

describe("Plaid processor tokens, export and tenants", () => {
  it("issuer PLAID gets Plaid's processor token from /processor/token/create", async () => {
    const { profileId } = await importAndSync({ transactionCount: 1 });
    const [account] = (await get(platform, env, `/v1/profiles/${profileId}/accounts`))
      .json()
      .filter((a: { kind: string }) => a.kind === "DEPOSITORY");
    const res = await platform.app.inject({
      method: "POST",
      url: `/v1/accounts/${account.id}/processor_tokens`,
      headers: env.auth,
      payload: { issuer: "PLAID", processor: "STRIPE" },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      token: expect.stringMatching(/^processor-/),
      issuer: "PLAID",
      processor: "STRIPE",
    });
    const call = plaid.requests.filter((r) => r.path === "/processor/token/create").at(-1)!;
    expect(call.body).toMatchObject({ processor: "stripe", account_id: expect.any(String) });
  });

  it("export (feature-gated) returns the item's access token in apiKey", async () => {
    const { profileId, connectionId, accessToken } = await importAndSync({ transactionCount: 1 });
    const url = `/v1/profiles/${profileId}/connections/${connectionId}/export`;
    expect((await get(platform, env, url)).statusCode).toBe(403);
    await setEnvironmentFeature(platform.ctx, env.id, "connection_export", true);
    const res = await get(platform, env, url);
    expect(res.json()).toEqual({ id: connectionId, profileId, provider: "PLAID", apiKey: [accessToken] });
    await setEnvironmentFeature(platform.ctx, env.id, "connection_export", false);
  });

  it("a webhook to one environment never touches another environment's connection to the same item", async () => {
    const item = plaid.createItem({ transactionCount: 1 });
    const mine = await importItem(await createProfile(platform, env), { accessToken: item.accessToken });
    const theirs = await importItem(
      await createProfile(platform, other),
      { accessToken: item.accessToken },
      other,
    );
    await platform.worker.drain();
    // The item's webhook now points at the other environment (the last import migrated it).
    expect(plaid.item(item.itemId)!.webhook).toContain(other.id);
    plaid.setItemError(item.itemId, "ITEM_LOGIN_REQUIRED");
    const status = await plaid.sendWebhook(item.itemId, {
      webhook_type: "ITEM",
      webhook_code: "ERROR",
      item_id: item.itemId,
      error: { error_type: "ITEM_ERROR", error_code: "ITEM_LOGIN_REQUIRED", error_message: "login required" },
    });
    expect(status).toBe(200);
    expect((await connectionRow(theirs.json().id)).status).toBe("ERROR_REPAIRABLE");
    expect((await connectionRow(mine.json().id)).status).toBe("SYNCED");
  });
});

describe("Plaid disconnect", () => {
  it("calls /item/remove, then DISCONNECTED", async () => {
    const { connectionId, itemId } = await importAndSync({ transactionCount: 1 });
    const res = await platform.app.inject({
      method: "DELETE",
      url: `/v1/connections/${connectionId}`,
      headers: env.auth,
    });
    expect(res.statusCode).toBe(202);
    await platform.worker.drain();
    expect((await connectionRow(connectionId)).status).toBe("DISCONNECTED");
    expect(plaid.item(itemId)!.removed).toBe(true);
  });

  it("leaves an externally managed item alone", async () => {
    const item = plaid.createItem({ transactionCount: 1 });
    const profileId = await createProfile(platform, env);
    const created = await importItem(profileId, { accessToken: item.accessToken, externallyManaged: true });
    await platform.worker.drain();
    const id = created.json().id;
    await platform.app.inject({ method: "DELETE", url: `/v1/connections/${id}`, headers: env.auth });
    await platform.worker.drain();
    expect((await connectionRow(id)).status).toBe("DISCONNECTED");
    expect(plaid.item(item.itemId)!.removed).toBe(false);
  });
});

describe("GET /v1/remote/plaid/…", () => {
  it("lists and reads the raw documents of connections, accounts, transactions and holdings, by Weft id", async () => {
    const { connectionId, profileId } = await importAndSync({
      accounts: "investments",
      products: ["transactions", "auth", "identity", "investments"],
      transactionCount: 3,
    });
    const host = new URL(plaid.url).host;

    const connectionDoc = (await get(platform, env, `/v1/remote/plaid/connections/${connectionId}`)).json();
    expect(connectionDoc).toMatchObject({ connectionId, profileId, type: "PLAID" });
    expect(connectionDoc.documents[host]["/item/get"]).toMatchObject({
      body: { item: { item_id: expect.any(String) } },
      id: expect.stringMatching(/^doc_/),
      requestId: expect.any(String),
      timestamp: expect.any(String),
    });

    const [account] = (await get(platform, env, `/v1/profiles/${profileId}/accounts`)).json();
    const accountDoc = (await get(platform, env, `/v1/remote/plaid/accounts/${account.id}`)).json();
    expect(accountDoc.accountId).toBe(account.id);
    expect(accountDoc.documents[host]["/accounts/get"].body).toMatchObject({
      account_id: expect.any(String),
    });
    expect(accountDoc.documents[host]["/identity/get"].body).toMatchObject({ owners: expect.any(Array) });

    const [txn] = (await accountTransactions(connectionId)).map(({ t }) => t);
    const txnDoc = (await get(platform, env, `/v1/remote/plaid/transactions/${txn!.id}`)).json();
    expect(txnDoc.documents[host]["/transactions/sync"].body).toMatchObject({
      transaction_id: txn!.externalId,
    });

    const holdings = await get(platform, env, "/v1/remote/plaid/holdings?limit=100");
    expect(holdings.statusCode).toBe(200);
    expect(holdings.json().length).toBeGreaterThan(0);
    const holdingDoc = (
      await get(platform, env, `/v1/remote/plaid/holdings/${holdings.json()[0].holdingId}`)
    ).json();
    expect(holdingDoc.documents[host]["/investments/holdings/get"].body).toMatchObject({
      security_id: expect.any(String),
    });

    const list = await get(platform, env, "/v1/remote/plaid/transactions?limit=2");
    expect(list.headers["current-page"]).toBe("1");
    expect(list.headers["total-count"]).toEqual(expect.any(String));
    expect(list.json()).toHaveLength(2);
    expect(list.json()[0]).toEqual({
      transactionId: expect.stringMatching(/^txn_/),
      profileId: expect.any(String),
    });
  });

  it("another environment sees none of it (404, empty lists)", async () => {
    const { connectionId } = await importAndSync({ transactionCount: 1 });
    expect((await get(platform, other, `/v1/remote/plaid/connections/${connectionId}`)).statusCode).toBe(404);
    const otherEnvDocs = await platform.ctx.db
      .select()
      .from(remoteDocuments)
      .where(and(eq(remoteDocuments.environmentId, other.id), eq(remoteDocuments.kind, "connections")));
    const list = (await get(platform, other, "/v1/remote/plaid/connections")).json();
    expect(list.map((r: { connectionId: string }) => r.connectionId)).not.toContain(connectionId);
    expect(list).toHaveLength(new Set(otherEnvDocs.map((d) => d.recordId)).size);
  });

  it("404 for an unknown id, 401 without a key", async () => {
    expect(
      (await get(platform, env, "/v1/remote/plaid/accounts/acct_00000000000000000000000000")).statusCode,
    ).toBe(404);
    const res = await platform.app.inject({ method: "GET", url: "/v1/remote/plaid/accounts" });
    expect(res.statusCode).toBe(401);
  });
});
