import { createHash, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import vm from "node:vm";
import { decodeJwt, decodeProtectedHeader, importJWK, jwtVerify } from "jose";
import { PDFDocument } from "pdf-lib";
import {
  Configuration,
  CountryCode,
  PlaidApi,
  ProcessorTokenCreateRequestProcessorEnum,
  Products,
  type RemovedTransaction,
  SandboxItemFireWebhookRequestWebhookCodeEnum,
  type Transaction,
} from "plaid";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type PlaidStandIn, startPlaidStandIn } from "./stand-in.ts";

/**
 * The stand-in is driven only through Plaid's official client (plus plain fetch for the Link
 * script), and its bodies are held against the client's own type declarations, so that a field
 * the stand-in misnames or forgets fails here rather than in Weft's adapter tests.
 */

let standIn: PlaidStandIn;
let plaid: PlaidApi;

beforeAll(async () => {
  standIn = await startPlaidStandIn();
  plaid = clientWith({ "PLAID-CLIENT-ID": standIn.clientId, "PLAID-SECRET": standIn.secret });
});

afterAll(async () => {
  await standIn.close();
});

function clientWith(headers: Record<string, string>): PlaidApi {
  return new PlaidApi(new Configuration({ basePath: standIn.url, baseOptions: { headers } }));
}

type PlaidFailure = { status: number; data: Record<string, unknown> };

/** The official client throws axios errors; what matters is the HTTP status and Plaid's error body. */
async function failure(call: Promise<unknown>): Promise<PlaidFailure> {
  try {
    await call;
  } catch (error) {
    const response = (error as { response?: PlaidFailure }).response;
    if (response) return { status: response.status, data: response.data };
    throw error;
  }
  throw new Error("expected the Plaid call to fail");
}

// The official client's declarations (node_modules/plaid/dist/api.d.ts) are the reference for field names.
const API_TYPES = readFileSync(
  join(dirname(createRequire(import.meta.url).resolve("plaid")), "api.d.ts"),
  "utf8",
);

function declaredFields(name: string): { all: string[]; required: string[] } {
  const start = API_TYPES.indexOf(`export interface ${name} {`);
  if (start < 0) throw new Error(`api.d.ts declares no interface ${name}`);
  const block = API_TYPES.slice(start, API_TYPES.indexOf("\n}", start));
  const fields = [...block.matchAll(/^ {4}'?([A-Za-z0-9_]+)'?(\?)?:/gm)];
  return {
    all: fields.map((field) => field[1]!),
    required: fields.filter((field) => !field[2]).map((field) => field[1]!),
  };
}

function expectShape(value: unknown, name: string): void {
  const { all, required } = declaredFields(name);
  const keys = Object.keys(value as object);
  expect(
    keys.filter((key) => !all.includes(key)),
    `${name} has fields the client does not declare`,
  ).toEqual([]);
  expect(
    required.filter((key) => !keys.includes(key)),
    `${name} lacks required fields`,
  ).toEqual([]);
}

async function syncAll(accessToken: string, count: number, cursor = "") {
  const added: Transaction[] = [];
  const modified: Transaction[] = [];
  const removed: RemovedTransaction[] = [];
  let pages = 0;
  let next = cursor;
  for (;;) {
    const { data } = await plaid.transactionsSync({ access_token: accessToken, cursor: next, count });
    pages += 1;
    added.push(...data.added);
    modified.push(...data.modified);
    removed.push(...data.removed);
    next = data.next_cursor;
    if (!data.has_more) return { added, modified, removed, pages, cursor: next };
  }
}

function ids(transactions: { transaction_id: string }[]): string[] {
  return transactions.map((transaction) => transaction.transaction_id);
}

describe("the Plaid stand-in, through the official plaid client", () => {
  it("links an Item and serves its Item, accounts, numbers and identity", async () => {
    const link = await plaid.linkTokenCreate({
      client_name: "Weft",
      language: "en",
      country_codes: [CountryCode.Us],
      user: { client_user_id: "user-1" },
      products: [Products.Transactions, Products.Auth, Products.Identity],
      webhook: "https://hooks.weft.test/plaid",
    });
    expect(link.data.link_token).toMatch(/^link-sandbox-/);
    expect(Date.parse(link.data.expiration)).toBeGreaterThan(Date.now());
    expectShape(link.data, "LinkTokenCreateResponse");

    const created = await plaid.sandboxPublicTokenCreate({
      institution_id: "ins_109508",
      initial_products: [Products.Transactions, Products.Auth, Products.Identity],
      options: { webhook: "https://hooks.weft.test/plaid" },
    });
    expect(created.data.public_token).toMatch(/^public-sandbox-/);
    const exchanged = await plaid.itemPublicTokenExchange({ public_token: created.data.public_token });
    expect(exchanged.data.access_token).toMatch(/^access-sandbox-/);
    expectShape(exchanged.data, "ItemPublicTokenExchangeResponse");
    const reused = await failure(plaid.itemPublicTokenExchange({ public_token: created.data.public_token }));
    expect(reused.status).toBe(400);
    expect(reused.data).toMatchObject({ error_type: "INVALID_INPUT", error_code: "INVALID_PUBLIC_TOKEN" });

    const accessToken = exchanged.data.access_token;
    const item = await plaid.itemGet({ access_token: accessToken });
    expect(item.data.item).toMatchObject({
      item_id: exchanged.data.item_id,
      institution_id: "ins_109508",
      institution_name: "First Platypus Bank",
      webhook: "https://hooks.weft.test/plaid",
      error: null,
      products: ["auth", "identity", "transactions"],
      billed_products: ["auth", "identity", "transactions"],
      update_type: "background",
    });
    expectShape(item.data, "ItemGetResponse");
    expectShape(item.data.item, "ItemWithConsentFields");
    expectShape(item.data.status, "ItemStatusNullable");

    const accounts = await plaid.accountsGet({ access_token: accessToken });
    expect(accounts.data.accounts.map((account) => [account.type, account.subtype, account.mask])).toEqual([
      ["depository", "checking", "0000"],
      ["depository", "savings", "1111"],
    ]);
    expectShape(accounts.data, "AccountsGetResponse");
    expectShape(accounts.data.accounts[0], "AccountBase");
    expectShape(accounts.data.accounts[0]!.balances, "AccountBalance");
    expectShape(accounts.data.item, "Item");
    const only = await plaid.accountsGet({
      access_token: accessToken,
      options: { account_ids: [accounts.data.accounts[1]!.account_id] },
    });
    expect(only.data.accounts.map((account) => account.subtype)).toEqual(["savings"]);

    const auth = await plaid.authGet({ access_token: accessToken });
    expect(auth.data.numbers.ach.map((numbers) => numbers.account_id)).toEqual(
      accounts.data.accounts.map((account) => account.account_id),
    );
    expect(auth.data.numbers.ach[0]).toMatchObject({
      routing: "011401533",
      account: expect.stringMatching(/0000$/),
    });
    expect(auth.data.numbers).toMatchObject({ eft: [], international: [], bacs: [] });
    expectShape(auth.data, "AuthGetResponse");
    expectShape(auth.data.numbers, "AuthGetNumbers");
    expectShape(auth.data.numbers.ach[0], "NumbersACH");

    const identity = await plaid.identityGet({ access_token: accessToken });
    const owner = identity.data.accounts[0]!.owners[0]!;
    expect(owner.names).toEqual(["Alberta Bobbeth Charleson"]);
    expect(owner.emails[0]).toEqual({ data: "accountholder0@example.com", primary: true, type: "primary" });
    expectShape(identity.data, "IdentityGetResponse");
    expectShape(identity.data.accounts[0], "AccountIdentity");
    expectShape(owner, "Owner");
    expectShape(owner.phone_numbers[0], "PhoneNumber");
    expectShape(owner.emails[0], "Email");
    expectShape(owner.addresses[0], "Address");
    expectShape(owner.addresses[0]!.data, "AddressData");
  });

  it("pages /transactions/sync so every transaction arrives once, then reports later changes after the cursor", async () => {
    const { accessToken, itemId } = standIn.createItem();
    const history = await syncAll(accessToken, 7);
    expect(history.pages).toBeGreaterThan(1);
    expect(history.added).toHaveLength(30);
    expect(new Set(ids(history.added)).size).toBe(30);
    expect(history.modified).toEqual([]);
    expect(history.removed).toEqual([]);

    const oldest = Date.now() - 91 * 86_400_000;
    expect(history.added.every((transaction) => Date.parse(transaction.date) >= oldest)).toBe(true);
    expect(history.added.some((transaction) => transaction.pending)).toBe(true);
    expect(history.added.some((transaction) => transaction.amount > 0)).toBe(true);
    expect(history.added.some((transaction) => transaction.amount < 0)).toBe(true);
    expect(history.added.every((transaction) => !("original_description" in transaction))).toBe(true);
    for (const transaction of history.added) {
      expectShape(transaction, "Transaction");
      expectShape(transaction.location, "Location");
      expectShape(transaction.payment_meta, "PaymentMeta");
      expectShape(transaction.personal_finance_category, "PersonalFinanceCategory");
      for (const counterparty of transaction.counterparties ?? [])
        expectShape(counterparty, "TransactionCounterparty");
    }

    const caughtUp = await plaid.transactionsSync({ access_token: accessToken, cursor: history.cursor });
    expect(caughtUp.data).toMatchObject({ added: [], modified: [], removed: [], has_more: false });
    expect(caughtUp.data.next_cursor).toBe(history.cursor);
    expectShape(caughtUp.data, "TransactionsSyncResponse");

    const pending = history.added.find((transaction) => transaction.pending)!;
    const [changed, dropped] = history.added.filter((transaction) => !transaction.pending);
    const fresh = standIn.addTransactions(itemId, 2);
    const posted = standIn.postPendingTransaction(itemId, pending.transaction_id);
    standIn.modifyTransaction(itemId, changed!.transaction_id, { amount: 12.34, merchant_name: "Renamed" });
    standIn.removeTransaction(itemId, dropped!.transaction_id);
    expect(posted).toMatchObject({ pending: false, pending_transaction_id: pending.transaction_id });

    const changes = await syncAll(accessToken, 100, history.cursor);
    expect(ids(changes.added).sort()).toEqual([...ids(fresh), posted.transaction_id].sort());
    expect(changes.modified).toEqual([
      expect.objectContaining({
        transaction_id: changed!.transaction_id,
        amount: 12.34,
        merchant_name: "Renamed",
      }),
    ]);
    expect(changes.removed).toEqual([
      { transaction_id: pending.transaction_id, account_id: pending.account_id },
      { transaction_id: dropped!.transaction_id, account_id: dropped!.account_id },
    ]);
    for (const removed of changes.removed) expectShape(removed, "RemovedTransaction");
    expect(standIn.item(itemId)?.cursorCount).toBe(30 + 2 + 2 + 1 + 1);

    // A cursor is a position in the change log: replaying it gives the same page.
    const first = await plaid.transactionsSync({
      access_token: accessToken,
      cursor: history.cursor,
      count: 3,
    });
    const replay = await plaid.transactionsSync({
      access_token: accessToken,
      cursor: history.cursor,
      count: 3,
    });
    expect({ ...replay.data, request_id: "" }).toEqual({ ...first.data, request_id: "" });
    expect(replay.data.request_id).not.toBe(first.data.request_id);

    const described = await plaid.transactionsSync({
      access_token: accessToken,
      count: 5,
      options: { include_original_description: true },
    });
    expect(
      described.data.added.every((transaction) => typeof transaction.original_description === "string"),
    ).toBe(true);

    const savings = (await plaid.accountsGet({ access_token: accessToken })).data.accounts[1]!;
    const forSavings = await plaid.transactionsSync({
      access_token: accessToken,
      options: { account_id: savings.account_id },
    });
    expect(forSavings.data.accounts.map((account) => account.account_id)).toEqual([savings.account_id]);
    expect(forSavings.data.added.every((transaction) => transaction.account_id === savings.account_id)).toBe(
      true,
    );
  });

  it("answers NOT_READY, then the history, for an Item not initialised with transactions", async () => {
    const { accessToken } = standIn.createItem({ products: ["auth"], transactionCount: 12 });
    const first = await plaid.transactionsSync({ access_token: accessToken });
    expect(first.data).toMatchObject({
      added: [],
      has_more: false,
      next_cursor: "",
      transactions_update_status: "NOT_READY",
    });
    const history = await syncAll(accessToken, 100, first.data.next_cursor);
    expect(history.added).toHaveLength(12);
  });

  it("fails the second page of a run with TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION, and a restart sees the change", async () => {
    const { accessToken, itemId } = standIn.createItem();
    standIn.mutateDuringNextPagination(itemId);
    const page = await plaid.transactionsSync({ access_token: accessToken, count: 10 });
    expect(page.data.has_more).toBe(true);
    const interrupted = await failure(
      plaid.transactionsSync({ access_token: accessToken, cursor: page.data.next_cursor, count: 10 }),
    );
    expect(interrupted.status).toBe(400);
    expect(interrupted.data).toMatchObject({
      error_type: "TRANSACTIONS_ERROR",
      error_code: "TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION",
    });

    const restarted = await syncAll(accessToken, 10);
    expect(restarted.added).toHaveLength(31);
    expect(new Set(ids(restarted.added)).size).toBe(31);
  });

  it("refreshes balances on /accounts/balance/get", async () => {
    const { accessToken } = standIn.createItem();
    const before = await plaid.accountsGet({ access_token: accessToken });
    const refreshed = await plaid.accountsBalanceGet({ access_token: accessToken });
    const again = await plaid.accountsBalanceGet({ access_token: accessToken });
    const current = (response: typeof before) =>
      response.data.accounts.map((account) => account.balances.current);
    expect(current(refreshed)).not.toEqual(current(before));
    expect(current(again)).not.toEqual(current(refreshed));
    expectShape(refreshed.data, "AccountsGetResponse");
  });

  it("serves holdings and securities for an investments Item", async () => {
    const { accessToken } = standIn.createItem({ accounts: "investments" });
    const { data } = await plaid.investmentsHoldingsGet({ access_token: accessToken });
    const brokerage = data.accounts.find((account) => account.type === "investment")!;
    expect(brokerage.subtype).toBe("brokerage");
    expect(data.holdings.length).toBeGreaterThan(1);
    const securityIds = data.securities.map((security) => security.security_id);
    for (const holding of data.holdings) {
      expect(holding.account_id).toBe(brokerage.account_id);
      expect(securityIds).toContain(holding.security_id);
      expect(holding.institution_value).toBeCloseTo(holding.institution_price * holding.quantity, 1);
      expectShape(holding, "Holding");
    }
    expect(data.securities.some((security) => security.is_cash_equivalent)).toBe(true);
    const total = data.holdings.reduce((sum, holding) => sum + holding.institution_value, 0);
    expect(brokerage.balances.current).toBeCloseTo(total, 1);
    expectShape(data, "InvestmentsHoldingsGetResponse");
    expectShape(brokerage, "InvestmentAccount");
    expectShape(brokerage.balances, "InvestmentAccountBalance");
    for (const security of data.securities) expectShape(security, "Security");
  });

  it("serves credit card liabilities for a credit Item", async () => {
    const { accessToken } = standIn.createItem({ accounts: "credit" });
    const { data } = await plaid.liabilitiesGet({ access_token: accessToken });
    const card = data.accounts.find((account) => account.type === "credit")!;
    expect(card.subtype).toBe("credit card");
    expect(data.liabilities.credit).toEqual([expect.objectContaining({ account_id: card.account_id })]);
    expect(data.liabilities).toMatchObject({ mortgage: [], student: [] });
    expectShape(data, "LiabilitiesGetResponse");
    expectShape(data.liabilities, "LiabilitiesObject");
    expectShape(data.liabilities.credit![0], "CreditCardLiability");
    expectShape(data.liabilities.credit![0]!.aprs[0], "APR");
  });

  it("lists statements and downloads one as a PDF", async () => {
    const { accessToken, itemId } = standIn.createItem({ products: ["transactions", "statements"] });
    const list = await plaid.statementsList({ access_token: accessToken });
    expect(list.data).toMatchObject({ item_id: itemId, institution_id: "ins_109508" });
    expectShape(list.data, "StatementsListResponse");
    expectShape(list.data.accounts[0], "StatementsAccount");
    const statement = list.data.accounts[0]!.statements[0]!;
    expectShape(statement, "StatementsStatement");

    const download = await plaid.statementsDownload(
      { access_token: accessToken, statement_id: statement.statement_id },
      { responseType: "arraybuffer" },
    );
    const bytes = Buffer.from(download.data as ArrayBuffer);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(download.headers["plaid-content-hash"]).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });

  it("creates processor tokens for an Item's accounts", async () => {
    const { accessToken } = standIn.createItem();
    const account = (await plaid.accountsGet({ access_token: accessToken })).data.accounts[0]!;
    const { data } = await plaid.processorTokenCreate({
      access_token: accessToken,
      account_id: account.account_id,
      processor: ProcessorTokenCreateRequestProcessorEnum.Dwolla,
    });
    expect(data.processor_token).toMatch(/^processor-sandbox-/);
    expectShape(data, "ProcessorTokenCreateResponse");
    const wrong = await failure(
      plaid.processorTokenCreate({
        access_token: accessToken,
        account_id: "nope",
        processor: ProcessorTokenCreateRequestProcessorEnum.Dwolla,
      }),
    );
    expect(wrong.data).toMatchObject({ error_type: "INVALID_INPUT", error_code: "INVALID_ACCOUNT_ID" });
  });

  it("searches institutions and describes one with its optional metadata", async () => {
    const search = await plaid.institutionsSearch({
      query: "first",
      products: [Products.Investments],
      country_codes: [CountryCode.Us],
    });
    expect(search.data.institutions.map((institution) => institution.name)).toEqual(["First Platypus Bank"]);
    expectShape(search.data, "InstitutionsSearchResponse");
    expectShape(search.data.institutions[0], "Institution");

    const byId = await plaid.institutionsGetById({
      institution_id: "ins_109512",
      country_codes: [CountryCode.Us],
      options: { include_optional_metadata: true },
    });
    expect(byId.data.institution).toMatchObject({
      name: "Houndstooth Bank",
      routing_numbers: ["011000138", "011200365", "011400495"],
      primary_color: "#004966",
      oauth: false,
    });
    const logo = Buffer.from(byId.data.institution.logo!, "base64");
    expect(logo.subarray(1, 4).toString()).toBe("PNG");
    expectShape(byId.data, "InstitutionsGetByIdResponse");
    expectShape(byId.data.institution, "Institution");

    const unknown = await failure(
      plaid.institutionsGetById({ institution_id: "ins_0", country_codes: [CountryCode.Us] }),
    );
    expect(unknown.data).toMatchObject({ error_type: "INVALID_INPUT", error_code: "INVALID_INSTITUTION" });
  });

  it("still works when keys are in the body, and redacts the secret from its request log", async () => {
    const bare = clientWith({});
    const { data } = await bare.institutionsGetById({
      client_id: standIn.clientId,
      secret: standIn.secret,
      institution_id: "ins_109509",
      country_codes: [CountryCode.Us],
    });
    expect(data.institution.name).toBe("First Gingham Credit Union");
    const logged = standIn.requests.at(-1)!;
    expect(logged).toMatchObject({ path: "/institutions/get_by_id", status: 200 });
    expect(logged.body.secret).toBe("[redacted]");
  });
});

describe("Plaid's errors, as the stand-in answers them", () => {
  it("answers ITEM_LOGIN_REQUIRED after /sandbox/item/reset_login, until Link's update mode repairs the Item", async () => {
    const { accessToken, itemId } = standIn.createItem();
    const reset = await plaid.sandboxItemResetLogin({ access_token: accessToken });
    expect(reset.data.reset_login).toBe(true);
    expectShape(reset.data, "SandboxItemResetLoginResponse");

    const denied = await failure(plaid.accountsGet({ access_token: accessToken }));
    expect(denied.status).toBe(400);
    expect(denied.data).toEqual({
      error_type: "ITEM_ERROR",
      error_code: "ITEM_LOGIN_REQUIRED",
      error_code_reason: null,
      error_message:
        "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
      display_message: null,
      request_id: expect.stringMatching(/^[A-Za-z0-9]{15}$/),
      causes: [],
      status: 400,
      documentation_url: "https://plaid.com/docs/errors/item/#item_login_required",
      suggested_action: null,
    });
    expectShape(denied.data, "PlaidError");
    const sync = await failure(plaid.transactionsSync({ access_token: accessToken }));
    expect(sync.data.error_code).toBe("ITEM_LOGIN_REQUIRED");
    const item = await plaid.itemGet({ access_token: accessToken });
    expect(item.data.item.error).toMatchObject({
      error_type: "ITEM_ERROR",
      error_code: "ITEM_LOGIN_REQUIRED",
    });

    const update = await plaid.linkTokenCreate({
      client_name: "Weft",
      language: "en",
      country_codes: [CountryCode.Us],
      user: { client_user_id: "user-1" },
      access_token: accessToken,
    });
    const completed = await fetch(`${standIn.url}/link/stand-in/complete`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ link_token: update.data.link_token }),
    });
    expect(completed.status).toBe(200);
    expect(((await completed.json()) as { metadata: { institution: unknown } }).metadata.institution).toEqual(
      {
        name: "First Platypus Bank",
        institution_id: "ins_109508",
      },
    );
    expect(standIn.item(itemId)?.error).toBeNull();
    await expect(plaid.accountsGet({ access_token: accessToken })).resolves.toBeDefined();
  });

  it("answers the Item errors set on an Item with their documented types and statuses", async () => {
    const { accessToken, itemId } = standIn.createItem();
    const cases = [
      ["INSTITUTION_DOWN", "INSTITUTION_ERROR", 400],
      ["INSTITUTION_NOT_RESPONDING", "INSTITUTION_ERROR", 400],
      ["INSTITUTION_NO_LONGER_SUPPORTED", "INSTITUTION_ERROR", 400],
      ["USER_PERMISSION_REVOKED", "INVALID_INPUT", 400],
      ["PENDING_EXPIRATION", "ITEM_ERROR", 400],
      ["INTERNAL_SERVER_ERROR", "API_ERROR", 500],
    ] as const;
    for (const [code, type, status] of cases) {
      standIn.setItemError(itemId, code);
      const answer = await failure(plaid.authGet({ access_token: accessToken }));
      expect(answer.status).toBe(status);
      expect(answer.data).toMatchObject({ error_type: type, error_code: code, status });
    }
    standIn.setItemError(itemId, null);
    await expect(plaid.authGet({ access_token: accessToken })).resolves.toBeDefined();
  });

  it("answers INVALID_ACCESS_TOKEN for an unknown token and for a removed Item", async () => {
    const unknown = await failure(plaid.accountsGet({ access_token: "access-sandbox-00000000-0000" }));
    expect(unknown.status).toBe(400);
    expect(unknown.data).toMatchObject({ error_type: "INVALID_INPUT", error_code: "INVALID_ACCESS_TOKEN" });

    const { accessToken, itemId } = standIn.createItem();
    const removed = await plaid.itemRemove({ access_token: accessToken });
    expectShape(removed.data, "ItemRemoveResponse");
    expect(standIn.item(itemId)?.removed).toBe(true);
    for (const call of [
      plaid.accountsGet({ access_token: accessToken }),
      plaid.transactionsSync({ access_token: accessToken }),
      plaid.itemGet({ access_token: accessToken }),
    ]) {
      expect((await failure(call)).data).toMatchObject({
        error_type: "INVALID_INPUT",
        error_code: "INVALID_ACCESS_TOKEN",
      });
    }
  });

  it("answers PRODUCTS_NOT_SUPPORTED for products the Item or its institution lacks", async () => {
    const gingham = standIn.createItem({ institutionId: "ins_109509" });
    const platypus = standIn.createItem();
    for (const call of [
      plaid.investmentsHoldingsGet({ access_token: gingham.accessToken }),
      plaid.liabilitiesGet({ access_token: gingham.accessToken }),
      plaid.investmentsHoldingsGet({ access_token: platypus.accessToken }),
      plaid.statementsList({ access_token: platypus.accessToken }),
    ]) {
      const answer = await failure(call);
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({ error_type: "ITEM_ERROR", error_code: "PRODUCTS_NOT_SUPPORTED" });
    }
  });

  it("answers RATE_LIMIT_EXCEEDED with 429 for the queued calls only", async () => {
    const { accessToken } = standIn.createItem();
    standIn.failNext("/transactions/sync", "RATE_LIMIT_EXCEEDED", 2);
    for (let attempt = 0; attempt < 2; attempt++) {
      const limited = await failure(plaid.transactionsSync({ access_token: accessToken }));
      expect(limited.status).toBe(429);
      expect(limited.data).toMatchObject({
        error_type: "RATE_LIMIT_EXCEEDED",
        error_code: "TRANSACTIONS_SYNC_LIMIT",
      });
    }
    await expect(plaid.transactionsSync({ access_token: accessToken })).resolves.toBeDefined();

    standIn.failNext("/accounts/get", "RATE_LIMIT_EXCEEDED");
    expect((await failure(plaid.accountsGet({ access_token: accessToken }))).data.error_code).toBe(
      "ACCOUNTS_LIMIT",
    );
    standIn.failNext("/item/get", "INSTITUTION_NOT_RESPONDING");
    expect((await failure(plaid.itemGet({ access_token: accessToken }))).data.error_type).toBe(
      "INSTITUTION_ERROR",
    );
  });

  it("answers INVALID_API_KEYS for a wrong secret or none", async () => {
    for (const client of [
      clientWith({ "PLAID-CLIENT-ID": standIn.clientId, "PLAID-SECRET": "wrong" }),
      clientWith({}),
    ]) {
      const answer = await failure(
        client.institutionsSearch({ query: "bank", country_codes: [CountryCode.Us] }),
      );
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({ error_type: "INVALID_INPUT", error_code: "INVALID_API_KEYS" });
    }
  });

  it("answers MISSING_FIELDS for a link token without products", async () => {
    const answer = await failure(
      plaid.linkTokenCreate({
        client_name: "Weft",
        language: "en",
        country_codes: [CountryCode.Us],
        user: { client_user_id: "user-1" },
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ error_type: "INVALID_REQUEST", error_code: "MISSING_FIELDS" });
    expect(answer.data.error_message).toContain("products");
  });
});

type Delivery = { headers: IncomingHttpHeaders; raw: string };

async function startReceiver() {
  const deliveries: Delivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      deliveries.push({ headers: request.headers, raw: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/plaid`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Check = "kid" | "signature" | "iat" | "body";

/**
 * Plaid's documented verification: read the JWT header (alg ES256), fetch the key by kid, verify the
 * signature, reject an `iat` older than five minutes, and compare request_body_sha256 with the raw body.
 */
async function failedChecks(delivery: Delivery): Promise<Check[]> {
  const token = String(delivery.headers["plaid-verification"]);
  const header = decodeProtectedHeader(token);
  expect(header).toEqual({ alg: "ES256", kid: expect.any(String), typ: "JWT" });
  const claims = decodeJwt(token);
  const failed: Check[] = [];
  const key = await plaid.webhookVerificationKeyGet({ key_id: String(header.kid) }).then(
    (response) => response.data.key,
    () => null,
  );
  if (!key) failed.push("kid");
  else if (
    !(await jwtVerify(token, await importJWK(key, "ES256"), { algorithms: ["ES256"] }).then(
      () => true,
      () => false,
    ))
  ) {
    failed.push("signature");
  }
  if (typeof claims.iat !== "number" || Date.now() / 1000 - claims.iat > 5 * 60) failed.push("iat");
  const expected = createHash("sha256").update(delivery.raw).digest();
  const claimed = Buffer.from(String(claims.request_body_sha256), "hex");
  if (claimed.length !== expected.length || !timingSafeEqual(claimed, expected)) failed.push("body");
  return failed;
}

describe("webhooks, signed as Plaid signs them", () => {
  it("signs each webhook so that Plaid's documented checks pass, and each tamper breaks exactly its check", async () => {
    const receiver = await startReceiver();
    try {
      const { itemId } = standIn.createItem({ webhook: receiver.url });
      const body = { webhook_type: "TRANSACTIONS", webhook_code: "SYNC_UPDATES_AVAILABLE" };
      expect(await standIn.sendWebhook(itemId, body)).toBe(200);
      const delivered = receiver.deliveries.at(-1)!;
      expect(JSON.parse(delivered.raw)).toEqual({ ...body, item_id: itemId, environment: "sandbox" });
      expect(await failedChecks(delivered)).toEqual([]);

      const tampers = [
        [{ staleIat: true }, ["iat"]],
        [{ wrongBodyHash: true }, ["body"]],
        [{ unknownKid: true }, ["kid"]],
        [{ wrongKey: true }, ["signature"]],
      ] as const;
      for (const [tamper, broken] of tampers) {
        await standIn.sendWebhook(itemId, body, tamper);
        expect(await failedChecks(receiver.deliveries.at(-1)!), JSON.stringify(tamper)).toEqual(broken);
      }

      const key = await plaid.webhookVerificationKeyGet({
        key_id: String(decodeProtectedHeader(String(delivered.headers["plaid-verification"])).kid),
      });
      expect(key.data.key).toMatchObject({
        alg: "ES256",
        crv: "P-256",
        kty: "EC",
        use: "sig",
        expired_at: null,
      });
      expectShape(key.data, "WebhookVerificationKeyGetResponse");
      expectShape(key.data.key, "JWKPublicKey");
      const unknown = await failure(plaid.webhookVerificationKeyGet({ key_id: "not-a-key" }));
      expect(unknown.data).toMatchObject({
        error_type: "INVALID_INPUT",
        error_code: "INVALID_WEBHOOK_VERIFICATION_KEY_ID",
      });
    } finally {
      await receiver.close();
    }
  });

  it("fires SYNC_UPDATES_AVAILABLE through /sandbox/item/fire_webhook to the URL set by /item/webhook/update", async () => {
    const receiver = await startReceiver();
    try {
      const { accessToken, itemId } = standIn.createItem();
      const noHook = await failure(
        plaid.sandboxItemFireWebhook({
          access_token: accessToken,
          webhook_code: SandboxItemFireWebhookRequestWebhookCodeEnum.SyncUpdatesAvailable,
        }),
      );
      expect(noHook.data).toMatchObject({
        error_type: "SANDBOX_ERROR",
        error_code: "SANDBOX_WEBHOOK_INVALID",
      });

      const updated = await plaid.itemWebhookUpdate({ access_token: accessToken, webhook: receiver.url });
      expect(updated.data.item.webhook).toBe(receiver.url);
      expectShape(updated.data, "ItemWebhookUpdateResponse");
      expect(standIn.item(itemId)?.webhook).toBe(receiver.url);

      const fired = await plaid.sandboxItemFireWebhook({
        access_token: accessToken,
        webhook_code: SandboxItemFireWebhookRequestWebhookCodeEnum.SyncUpdatesAvailable,
      });
      expect(fired.data.webhook_fired).toBe(true);
      expectShape(fired.data, "SandboxItemFireWebhookResponse");
      const delivery = receiver.deliveries.at(-1)!;
      expect(JSON.parse(delivery.raw)).toEqual({
        webhook_type: "TRANSACTIONS",
        webhook_code: "SYNC_UPDATES_AVAILABLE",
        item_id: itemId,
        environment: "sandbox",
        initial_update_complete: true,
        historical_update_complete: true,
      });
      expect(await failedChecks(delivery)).toEqual([]);
      const status = (await plaid.itemGet({ access_token: accessToken })).data.status;
      expect(status?.last_webhook).toMatchObject({ code_sent: "SYNC_UPDATES_AVAILABLE" });
    } finally {
      await receiver.close();
    }
  });
});

/** Just enough DOM for the Link script: it only creates elements, sets text and attributes, and listens for clicks. */
class FakeElement {
  readonly tagName: string;
  readonly children: FakeElement[] = [];
  readonly attributes = new Map<string, string>();
  readonly style = { cssText: "" };
  parentNode: FakeElement | null = null;
  textContent = "";
  disabled = false;
  private readonly listeners: (() => void)[] = [];

  constructor(tagName: string) {
    this.tagName = tagName.toUpperCase();
  }

  setAttribute(name: string, value: string): void {
    this.attributes.set(name, String(value));
  }

  appendChild(child: FakeElement): FakeElement {
    child.parentNode = this;
    this.children.push(child);
    return child;
  }

  removeChild(child: FakeElement): FakeElement {
    this.children.splice(this.children.indexOf(child), 1);
    child.parentNode = null;
    return child;
  }

  addEventListener(type: string, listener: () => void): void {
    if (type === "click") this.listeners.push(listener);
  }

  focus(): void {}

  click(): void {
    if (!this.disabled) for (const listener of this.listeners) listener();
  }

  find(text: string): FakeElement | undefined {
    for (const child of this.children) {
      if (child.textContent === text) return child;
      const found = child.find(text);
      if (found) return found;
    }
    return undefined;
  }
}

type LinkHandler = { open(): void; exit(): void; destroy(): void; submit(): void };

async function loadLinkScript(): Promise<{ body: FakeElement; create(config: object): LinkHandler }> {
  const response = await fetch(`${standIn.url}/link/initialize.js`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("javascript");
  expect(response.headers.get("access-control-allow-origin")).toBe("*");
  const body = new FakeElement("body");
  const context = vm.createContext({
    document: { body, createElement: (tag: string) => new FakeElement(tag) },
    fetch,
    setTimeout,
  });
  context.window = context;
  vm.runInContext(await response.text(), context);
  const link = context.Plaid as { create(config: object): LinkHandler };
  return { body, create: (config) => link.create(config) };
}

async function createLinkToken(institutionId?: string): Promise<string> {
  const { data } = await plaid.linkTokenCreate({
    client_name: "Weft",
    language: "en",
    country_codes: [CountryCode.Us],
    user: { client_user_id: "user-1" },
    products: [Products.Transactions],
    webhook: "https://hooks.weft.test/link",
    ...(institutionId ? { institution_id: institutionId } : {}),
  });
  return data.link_token;
}

describe("the Link stand-in script", () => {
  it("answers the CORS preflight of its routes", async () => {
    const preflight = await fetch(`${standIn.url}/link/stand-in/complete`, {
      method: "OPTIONS",
      headers: { Origin: "http://localhost:5173", "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
  });

  it("opens an overlay and, on Continue, completes like /sandbox/public_token/create", async () => {
    const { body, create } = await loadLinkScript();
    const token = await createLinkToken("ins_109509");
    const events: string[] = [];
    let loaded = false;
    const success = new Promise<[string, Record<string, unknown>]>((resolve) => {
      const handler = create({
        token,
        onLoad: () => {
          loaded = true;
        },
        onEvent: (name: string) => events.push(name),
        onSuccess: (publicToken: string, metadata: Record<string, unknown>) =>
          resolve([publicToken, metadata]),
        onExit: () => {
          throw new Error("Link exited");
        },
      });
      handler.open();
    });
    await vi.waitFor(() => expect(body.find("Continue")).toBeDefined());
    expect(loaded).toBe(true);
    expect(body.find("Plaid Link (stand-in)")?.tagName).toBe("H1");
    expect(body.find("First Gingham Credit Union")).toBeDefined();
    body.find("Continue")!.click();

    const [publicToken, metadata] = await success;
    expect(metadata).toEqual({
      institution: { name: "First Gingham Credit Union", institution_id: "ins_109509" },
      accounts: [
        expect.objectContaining({
          name: "Plaid Checking",
          type: "depository",
          subtype: "checking",
          verification_status: null,
        }),
        expect.objectContaining({
          name: "Plaid Saving",
          type: "depository",
          subtype: "savings",
          verification_status: null,
        }),
      ],
      link_session_id: expect.any(String),
      transfer_status: null,
      public_token: publicToken,
    });
    expect(events).toEqual(["OPEN", "HANDOFF"]);
    expect(body.children).toEqual([]);

    const exchanged = await plaid.itemPublicTokenExchange({ public_token: publicToken });
    const item = await plaid.itemGet({ access_token: exchanged.data.access_token });
    expect(item.data.item).toMatchObject({
      institution_id: "ins_109509",
      webhook: "https://hooks.weft.test/link",
      products: ["transactions"],
    });
  });

  it("calls onExit with requires_credentials on Cancel", async () => {
    const { body, create } = await loadLinkScript();
    const token = await createLinkToken();
    const exited = new Promise<[unknown, Record<string, unknown>]>((resolve) => {
      create({
        token,
        onExit: (error: unknown, metadata: Record<string, unknown>) => resolve([error, metadata]),
      }).open();
    });
    await vi.waitFor(() => expect(body.find("Cancel")).toBeDefined());
    body.find("Cancel")!.click();
    const [error, metadata] = await exited;
    expect(error).toBeNull();
    expect(metadata).toEqual({
      status: "requires_credentials",
      institution: { name: "First Platypus Bank", institution_id: "ins_109508" },
      link_session_id: expect.any(String),
      request_id: expect.any(String),
    });
  });
});

describe("performance", () => {
  it("syncs a 10,000-transaction history at count 500 quickly", async () => {
    const started = performance.now();
    const { accessToken } = standIn.createItem({ transactionCount: 10_000 });
    const history = await syncAll(accessToken, 500);
    const elapsed = performance.now() - started;
    expect(history.pages).toBe(20);
    expect(new Set(ids(history.added)).size).toBe(10_000);
    expect(elapsed).toBeLessThan(5_000);
  });
});
