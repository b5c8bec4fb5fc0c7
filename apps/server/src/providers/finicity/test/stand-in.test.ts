import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Browser, type BrowserFrame, type HTMLButtonElement, type HTMLInputElement } from "happy-dom";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FinicityStandIn, startFinicityStandIn } from "./stand-in.ts";

/**
 * There is no official Finicity Node client, so the stand-in is driven with plain fetch (and a
 * happy-dom page for Data Connect), and its bodies are held against the property lists of
 * Finicity's OpenAPI description (Mastercard/open-banking-us-openapi, openbanking-us.yaml 1.42.0),
 * copied below schema by schema: every field the stand-in serves is one the schema defines, and it
 * serves them all but the few each check names (fields of other kinds of accounts or transactions).
 */

// ---------------------------------------------------------------------------------------------
// Property lists, from components/schemas in openbanking-us.yaml
// ---------------------------------------------------------------------------------------------

/** ErrorMessage (code is the only required field). */
const ERROR_MESSAGE = [
  "code",
  "status",
  "title",
  "level",
  "message",
  "user_message",
  "assetId",
  "accountId",
  "externalTransactionId",
  "tags",
];
/** AccessToken */
const ACCESS_TOKEN = ["token"];
/** CreatedCustomer */
const CREATED_CUSTOMER = ["id", "username", "createdDate"];
/** Customers */
const CUSTOMERS = ["found", "displaying", "moreAvailable", "customers"];
/** Customer (GET by id adds applicationId, from GetCustomerResponse's allOf). */
const CUSTOMER = [
  "id",
  "username",
  "firstName",
  "lastName",
  "phone",
  "email",
  "type",
  "createdDate",
  "lastModifiedDate",
];
/** ConnectUrl */
const CONNECT_URL = ["link"];
/** CustomerAccounts */
const CUSTOMER_ACCOUNTS = ["accounts"];
/** CustomerAccount: its properties, and accountNickname (in its required list, not its properties). */
const CUSTOMER_ACCOUNT = [
  "id",
  "number",
  "accountNumberDisplay",
  "realAccountNumberLast4",
  "name",
  "accountNickname",
  "balance",
  "type",
  "aggregationStatusCode",
  "status",
  "customerId",
  "institutionId",
  "balanceDate",
  "aggregationSuccessDate",
  "aggregationAttemptDate",
  "createdDate",
  "lastUpdatedDate",
  "marketSegment",
  "currency",
  "lastTransactionDate",
  "oldestTransactionDate",
  "institutionLoginId",
  "authorizationStartDate",
  "authorizationEndDate",
  "authorizationExpires",
  "detail",
  "position",
  "displayPosition",
  "parentAccount",
  "linkedAccountDate",
];
/** CustomerAccount's required list. */
const CUSTOMER_ACCOUNT_REQUIRED = [
  "id",
  "accountNumberDisplay",
  "name",
  "accountNickname",
  "number",
  "type",
  "status",
  "customerId",
  "institutionId",
  "createdDate",
  "currency",
  "institutionLoginId",
];
/**
 * CustomerAccountDetail, the data points its descriptions give to each type of account:
 * "(Checking/Savings/CD/MoneyMarket)", "(Credit Card/Line Of Credit)", "(Investment)"; dateAsOf is
 * "(All Account Types)"; marginAllowed and cashAccountAllowed are the brokerage indicators.
 */
const DEPOSIT_DETAIL = [
  "dateAsOf",
  "availableBalanceAmount",
  "openDate",
  "periodStartDate",
  "periodEndDate",
  "periodInterestRate",
  "periodDepositAmount",
  "periodInterestAmount",
  "interestYtdAmount",
  "interestPriorYtdAmount",
];
const CREDIT_CARD_DETAIL = [
  "dateAsOf",
  "interestRate",
  "creditAvailableAmount",
  "creditMaxAmount",
  "cashAdvanceAvailableAmount",
  "cashAdvanceMaxAmount",
  "cashAdvanceBalance",
  "cashAdvanceInterestRate",
  "currentBalance",
  "paymentMinAmount",
  "paymentDueDate",
  "previousBalance",
  "statementStartDate",
  "statementEndDate",
  "statementPurchaseAmount",
  "statementFinanceAmount",
  "statementCreditAmount",
  "rewardEarnedBalance",
  "pastDueAmount",
  "lastPaymentAmount",
  "lastPaymentDate",
  "statementCloseBalance",
];
const INVESTMENT_DETAIL = [
  "dateAsOf",
  "currentBalance",
  "marginBalance",
  "shortBalance",
  "availableCashBalance",
  "vestedBalance",
  "cashBalanceAmount",
  "buyPower",
  "marginAllowed",
  "cashAccountAllowed",
];
/** CustomerAccountPosition */
const CUSTOMER_ACCOUNT_POSITION = [
  "id",
  "description",
  "symbol",
  "units",
  "currentPrice",
  "securityName",
  "transactionType",
  "marketValue",
  "changePercent",
  "dailyChange",
  "costBasis",
  "paidPrice",
  "holdType",
  "invSecurityType",
  "status",
  "currentPriceDate",
  "securityType",
  "mfType",
  "posType",
  "totalGLDollar",
  "totalGLPercent",
  "optionStrikePrice",
  "optionType",
  "optionSharesPerContract",
  "optionExpireDate",
  "fiAssetClass",
  "assetClass",
  "currencyRate",
  "securityId",
  "securityIdType",
  "costBasisPerShare",
  "subAccountType",
  "securityCurrency",
  "todayGLDollar",
  "todayGLPercent",
];
const OPTION_FIELDS = ["optionStrikePrice", "optionType", "optionSharesPerContract", "optionExpireDate"];
/** Transactions (dailyBalances only with showDailyBalance). */
const TRANSACTIONS = [
  "found",
  "displaying",
  "moreAvailable",
  "fromDate",
  "toDate",
  "sort",
  "transactions",
  "dailyBalances",
];
/** Transaction */
const TRANSACTION = [
  "id",
  "amount",
  "uniqueTransactionId",
  "accountId",
  "customerId",
  "status",
  "description",
  "memo",
  "type",
  "transactionDate",
  "postedDate",
  "createdDate",
  "firstEffectiveDate",
  "effectiveDate",
  "optionExpireDate",
  "checkNum",
  "escrowAmount",
  "feeAmount",
  "suspenseAmount",
  "interestAmount",
  "principalAmount",
  "optionStrikePrice",
  "unitQuantity",
  "unitPrice",
  "categorization",
  "runningBalanceAmount",
  "subaccountSecurityType",
  "commissionAmount",
  "ticker",
  "investmentTransactionType",
  "taxesAmount",
  "currencySymbol",
  "incomeType",
  "splitDenominator",
  "splitNumerator",
  "sharesPerContract",
  "subAccountFund",
  "securityId",
  "securityIdType",
];
/** Transaction's required list. */
const TRANSACTION_REQUIRED = [
  "id",
  "amount",
  "accountId",
  "customerId",
  "status",
  "description",
  "createdDate",
];
/** The Transaction fields of a posted, non-investment, non-check transaction at FinBank. */
const POSTED_TRANSACTION = [
  "id",
  "amount",
  "uniqueTransactionId",
  "accountId",
  "customerId",
  "status",
  "description",
  "memo",
  "type",
  "transactionDate",
  "postedDate",
  "createdDate",
  "firstEffectiveDate",
  "effectiveDate",
  "categorization",
];
/** Categorization (normalizedPayeeName, category and country are required). */
const CATEGORIZATION = [
  "normalizedPayeeName",
  "category",
  "city",
  "state",
  "postalCode",
  "country",
  "bestRepresentation",
  "entityStandardizationConfidenceScore",
];
/** ACHDetails */
const ACH_DETAILS = ["routingNumber", "realAccountNumber"];
/** Institutions */
const INSTITUTIONS = ["found", "displaying", "moreAvailable", "createdDate", "institutions"];
/** InstitutionWrapper */
const INSTITUTION_WRAPPER = ["institution"];
/** Institution */
const INSTITUTION = [
  "id",
  "name",
  "transAgg",
  "ach",
  "stateAgg",
  "voi",
  "voa",
  "aha",
  "availBalance",
  "accountOwner",
  "studentLoanData",
  "loanPaymentDetails",
  "displayName",
  "liabilityData",
  "billPayData",
  "accountTypeDescription",
  "phone",
  "urlHomeApp",
  "urlLogonApp",
  "oauthEnabled",
  "urlForgotPassword",
  "urlOnlineRegistration",
  "class",
  "specialText",
  "timeZone",
  "specialInstructions",
  "specialInstructionsTitle",
  "address",
  "currency",
  "email",
  "status",
  "newInstitutionId",
  "branding",
  "productionStatus",
  "oauthInstitutionId",
];
/** InstitutionAddress */
const INSTITUTION_ADDRESS = ["city", "state", "country", "postalCode", "addressLine1", "addressLine2"];
/** Branding */
const BRANDING = ["logo", "alternateLogo", "icon", "primaryColor", "tile"];
/** InstitutionProductionStatus */
const PRODUCTION_STATUS = ["overallStatus", "transAgg", "stateAgg", "voa", "voi", "ach", "aha"];

function keys(value: unknown): string[] {
  return Object.keys(value as object).sort();
}

/** The body holds exactly the schema's fields but `except`. */
function expectShape(value: unknown, fields: string[], name: string, except: string[] = []): void {
  expect(keys(value), `${name} fields`).toEqual(fields.filter((field) => !except.includes(field)).sort());
}

// ---------------------------------------------------------------------------------------------
// Setup and HTTP helpers
// ---------------------------------------------------------------------------------------------

const START = new Date("2025-06-15T12:00:00Z");
const DAY = 86_400;
const NOW = Math.floor(START.getTime() / 1000);

let clock = new Date(START);
let standIn: FinicityStandIn;
let token = "";
let tokenIssuedAt = 0;

/** The shared token, renewed after 90 minutes of the stand-in's clock (Finicity's advice for its 2-hour tokens). */
async function currentToken(): Promise<string> {
  const now = clock.getTime();
  if (token === "" || now - tokenIssuedAt >= 90 * 60_000 || now < tokenIssuedAt) {
    token = await authenticate();
    tokenIssuedAt = now;
  }
  return token;
}

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies are read field by field and held against the schemas' lists
type Loose = any;

type Answer = { status: number; body: Loose; text: string; headers: Headers };

async function call(
  method: string,
  path: string,
  options: { body?: unknown; token?: string | null; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {
    "Finicity-App-Key": standIn.appKey,
    Accept: "application/json",
    ...(options.body !== undefined ? { "Content-Type": "application/json" } : {}),
  };
  const appToken = options.token === undefined ? await currentToken() : options.token;
  if (appToken) headers["Finicity-App-Token"] = appToken;
  const response = await fetch(`${standIn.url}${path}`, {
    method,
    headers: { ...headers, ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = null;
  if (/json/.test(response.headers.get("content-type") ?? "") && text !== "") body = JSON.parse(text);
  return { status: response.status, body, text, headers: response.headers };
}

async function expectError(
  answer: Promise<Answer> | Answer,
  status: number,
  code: string | number,
  message?: string | RegExp,
): Promise<Answer> {
  const { status: actual, body, text, headers } = await answer;
  expect(actual, text).toBe(status);
  expect(headers.get("content-type")).toMatch(/^application\/json/);
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe("string");
  for (const key of Object.keys(body)) expect(ERROR_MESSAGE).toContain(key);
  if (message !== undefined) expect(body.message).toMatch(message);
  return { status: actual, body, text, headers };
}

async function authenticate(): Promise<string> {
  const answer = await call("POST", "/aggregation/v2/partners/authentication", {
    token: null,
    body: { partnerId: standIn.partnerId, partnerSecret: standIn.partnerSecret },
  });
  expect(answer.status).toBe(200);
  return answer.body.token;
}

let customerCount = 0;

async function newCustomer(type: "testing" | "active" = "testing"): Promise<string> {
  customerCount += 1;
  const answer = await call("POST", `/aggregation/v2/customers/${type}`, {
    body: { username: `weft-customer-${customerCount}`, firstName: "Jane", lastName: "Doe" },
  });
  expect(answer.status).toBe(201);
  return answer.body.id;
}

async function accountsOf(customerId: string): Promise<Loose[]> {
  const answer = await call("GET", `/aggregation/v1/customers/${customerId}/accounts`);
  expect(answer.status).toBe(200);
  return answer.body.accounts;
}

function transactionsPath(customerId: string, query: Record<string, string | number>, accountId?: string) {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return accountId
    ? `/aggregation/v4/customers/${customerId}/accounts/${accountId}/transactions?${search}`
    : `/aggregation/v3/customers/${customerId}/transactions?${search}`;
}

/** Every page of a transactions query (limit 1000, Finicity's maximum). */
async function allTransactions(customerId: string, accountId?: string, extra: Record<string, string> = {}) {
  const collected: Loose[] = [];
  for (let start = 1; ; start += 1000) {
    const answer = await call(
      "GET",
      transactionsPath(
        customerId,
        { fromDate: NOW - 800 * DAY, toDate: NOW, start, limit: 1000, ...extra },
        accountId,
      ),
    );
    expect(answer.status).toBe(200);
    collected.push(...answer.body.transactions);
    if (answer.body.moreAvailable === "false") return collected;
  }
}

beforeAll(async () => {
  standIn = await startFinicityStandIn({ now: () => clock });
});

beforeEach(() => {
  clock = new Date(START);
});

afterAll(async () => {
  await standIn.close();
});

// ---------------------------------------------------------------------------------------------
// Authentication and headers
// ---------------------------------------------------------------------------------------------

describe("authentication", () => {
  it("answers a token for the partner's credentials and refuses wrong ones with Finicity's codes", async () => {
    const answer = await call("POST", "/aggregation/v2/partners/authentication", {
      token: null,
      body: { partnerId: standIn.partnerId, partnerSecret: standIn.partnerSecret },
    });
    expect(answer.status).toBe(200);
    expectShape(answer.body, ACCESS_TOKEN, "AccessToken");
    expect(answer.body.token).toMatch(/^[A-Za-z0-9]{20}$/);

    await expectError(
      call("POST", "/aggregation/v2/partners/authentication", {
        token: null,
        body: { partnerId: standIn.partnerId, partnerSecret: "not-the-secret" },
      }),
      401,
      "10001",
      "Invalid credentials",
    );
    await expectError(
      call("POST", "/aggregation/v2/partners/authentication", {
        token: null,
        body: { partnerId: "1111111111111", partnerSecret: standIn.partnerSecret },
      }),
      404,
      12401,
    );
    await expectError(
      call("POST", "/aggregation/v2/partners/authentication", {
        token: null,
        body: { partnerSecret: standIn.partnerSecret },
      }),
      400,
      "10005",
      "Missing parameter (partnerId)",
    );
  });

  it("accepts a token for two hours of the stand-in's clock, then answers 10023", async () => {
    const fresh = await authenticate();
    expect((await call("GET", "/aggregation/v1/customers", { token: fresh })).status).toBe(200);
    clock = new Date(START.getTime() + 2 * 3600_000 - 1000);
    expect((await call("GET", "/aggregation/v1/customers", { token: fresh })).status).toBe(200);
    clock = new Date(START.getTime() + 2 * 3600_000 + 1000);
    const expired = await expectError(
      call("GET", "/aggregation/v1/customers", { token: fresh }),
      401,
      "10023",
    );
    expect(expired.body).toEqual({ code: "10023", message: "Expired (Finicity-App-Token)" });
    // A new token works at the new time.
    expect((await call("GET", "/aggregation/v1/customers", { token: await authenticate() })).status).toBe(
      200,
    );

    await expectError(
      call("GET", "/aggregation/v1/customers", { token: "NotAToken0000000000" }),
      401,
      "10022",
      "Invalid (Finicity-App-Token)",
    );
    await expectError(
      call("GET", "/aggregation/v1/customers", { token: null }),
      401,
      "10024",
      "Missing parameter (Finicity-App-Token)",
    );
  });

  it("answers 401 without Finicity-App-Key (JSON) and for a wrong one (text/plain), even for authentication", async () => {
    const missing = await fetch(`${standIn.url}/aggregation/v2/partners/authentication`, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify({ partnerId: standIn.partnerId, partnerSecret: standIn.partnerSecret }),
    });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ code: "10026", message: "Missing parameter (Finicity-App-Key)" });
    const noKey = await fetch(`${standIn.url}/aggregation/v1/customers`, {
      headers: { Accept: "application/json", "Finicity-App-Token": await currentToken() },
    });
    expect(noKey.status).toBe(401);
    expect(((await noKey.json()) as Loose).code).toBe("10026");

    const wrong = await call("GET", "/aggregation/v1/customers", { headers: { "Finicity-App-Key": "nope" } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(wrong.text).toBe("Invalid (Finicity-App-Key)");
  });

  it("answers 406 when Accept excludes JSON, 404 for an unknown path and 405 for another method", async () => {
    await expectError(
      call("GET", "/aggregation/v1/customers", { headers: { Accept: "application/xml" } }),
      406,
      "20000",
      "Only 'application/json' is supported.",
    );
    await expectError(call("GET", "/aggregation/v9/nothing"), 404, "14001");
    await expectError(call("PUT", "/aggregation/v1/customers"), 405, "14020");
  });
});

// ---------------------------------------------------------------------------------------------
// Customers
// ---------------------------------------------------------------------------------------------

describe("customers", () => {
  it("creates testing and active customers (201), reads and lists them", async () => {
    const testing = await call("POST", "/aggregation/v2/customers/testing", {
      body: {
        username: "weft-list-testing",
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@weft.test",
        phone: "1-801-984-4200",
        applicationId: "00278431-b712-4f30-a044-b611f25e533d",
      },
    });
    expect(testing.status).toBe(201);
    expectShape(testing.body, CREATED_CUSTOMER, "CreatedCustomer");
    expect(testing.body).toEqual({
      id: expect.stringMatching(/^\d{10}$/),
      username: "weft-list-testing",
      createdDate: NOW,
    });
    const active = await call("POST", "/aggregation/v2/customers/active", {
      body: { username: "weft-list-active", firstName: "Grace", lastName: "Hopper" },
    });
    expect(active.status).toBe(201);

    const read = await call("GET", `/aggregation/v1/customers/${testing.body.id}`);
    expect(read.status).toBe(200);
    expectShape(read.body, [...CUSTOMER, "applicationId"], "Customer");
    expect(read.body).toEqual({
      id: testing.body.id,
      username: "weft-list-testing",
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@weft.test",
      phone: "1-801-984-4200",
      type: "testing",
      createdDate: String(NOW),
      lastModifiedDate: String(NOW),
      applicationId: "00278431-b712-4f30-a044-b611f25e533d",
    });
    const readActive = await call("GET", `/aggregation/v1/customers/${active.body.id}`);
    expect(readActive.body.type).toBe("active");
    // Fields the customer never had are absent.
    expect(keys(readActive.body)).toEqual(
      ["id", "username", "firstName", "lastName", "type", "createdDate", "lastModifiedDate"].sort(),
    );

    const byUsername = await call("GET", "/aggregation/v1/customers?username=weft-list-testing");
    expectShape(byUsername.body, CUSTOMERS, "Customers");
    expect(byUsername.body).toMatchObject({ found: 1, displaying: 1, moreAvailable: false });
    expectShape(byUsername.body.customers[0], CUSTOMER, "Customer");
    expect((await call("GET", "/aggregation/v1/customers?username=weft-list")).body.found).toBe(0);

    const bySearch = await call("GET", "/aggregation/v1/customers?search=weft-list");
    expect(bySearch.body.customers.map((customer: Loose) => customer.username)).toEqual([
      "weft-list-testing",
      "weft-list-active",
    ]);
    expect((await call("GET", "/aggregation/v1/customers?search=grace%20hopper")).body.found).toBe(1);
    const activeOnly = await call("GET", "/aggregation/v1/customers?search=weft-list&type=active");
    expect(activeOnly.body.customers.map((customer: Loose) => customer.id)).toEqual([active.body.id]);

    const firstPage = await call("GET", "/aggregation/v1/customers?search=weft-list&start=1&limit=1");
    expect(firstPage.body).toMatchObject({ found: 2, displaying: 1, moreAvailable: true });
    const secondPage = await call("GET", "/aggregation/v1/customers?search=weft-list&start=2&limit=1");
    expect(secondPage.body).toMatchObject({ found: 2, displaying: 1, moreAvailable: false });
    expect(secondPage.body.customers[0].id).toBe(active.body.id);

    await expectError(call("GET", "/aggregation/v1/customers?type=temporary"), 400, "14016");
    await expectError(call("GET", "/aggregation/v1/customers?start=0"), 400, "41003");
    await expectError(call("GET", "/aggregation/v1/customers?limit=0"), 400, "41004");
  });

  it("refuses a username already taken (409, either type), a bad username and bad names", async () => {
    await newCustomer();
    const username = `weft-customer-${customerCount}`;
    await expectError(
      call("POST", "/aggregation/v2/customers/testing", { body: { username } }),
      409,
      "110002",
      "Username is not available.",
    );
    await expectError(
      call("POST", "/aggregation/v2/customers/active", { body: { username } }),
      409,
      "110002",
    );
    await expectError(
      call("POST", "/aggregation/v2/customers/testing", { body: { firstName: "X" } }),
      400,
      "10005",
    );
    await expectError(
      call("POST", "/aggregation/v2/customers/testing", { body: { username: "short" } }),
      400,
      "110039",
    );
    await expectError(
      call("POST", "/aggregation/v2/customers/testing", { body: { username: "has spaces in it" } }),
      400,
      "110039",
    );
    await expectError(
      call("POST", "/aggregation/v2/customers/testing", {
        body: { username: "weft-names", firstName: "J4ne" },
      }),
      400,
      "45003",
    );
  });

  it("deletes a customer (204) with its accounts; then 404 14001, and the username is free", async () => {
    const customerId = await newCustomer();
    const username = `weft-customer-${customerCount}`;
    const { institutionLoginId } = standIn.createLogin(customerId);
    const deleted = await call("DELETE", `/aggregation/v1/customers/${customerId}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    await expectError(
      call("GET", `/aggregation/v1/customers/${customerId}`),
      404,
      "14001",
      "Customer not found.",
    );
    await expectError(call("GET", `/aggregation/v1/customers/${customerId}/accounts`), 404, "14001");
    expect(standIn.login(institutionLoginId)!.deleted).toBe(true);
    expect((await call("POST", "/aggregation/v2/customers/testing", { body: { username } })).status).toBe(
      201,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------------

function expectAccountShape(account: Loose): void {
  const except = ["authorizationEndDate", "parentAccount"];
  if (account.type !== "checking" && account.type !== "savings") except.push("realAccountNumberLast4");
  if (account.type !== "investment") except.push("position");
  expectShape(account, CUSTOMER_ACCOUNT, `CustomerAccount (${account.type})`, except);
  for (const field of CUSTOMER_ACCOUNT_REQUIRED) expect(account).toHaveProperty(field);
  const detail =
    account.type === "creditCard"
      ? CREDIT_CARD_DETAIL
      : account.type === "investment"
        ? INVESTMENT_DETAIL
        : DEPOSIT_DETAIL;
  expectShape(account.detail, detail, `CustomerAccountDetail (${account.type})`);
  for (const position of account.position ?? []) {
    const positionExcept = [...OPTION_FIELDS];
    if (position.securityType !== "Mutual Fund" && position.securityType !== "Money Market")
      positionExcept.push("mfType");
    expectShape(position, CUSTOMER_ACCOUNT_POSITION, "CustomerAccountPosition", positionExcept);
  }
}

describe("accounts", () => {
  it("lists a login's accounts by customer and by institution login, with every CustomerAccount field", async () => {
    const customerId = await newCustomer();
    const { institutionLoginId, accountIds } = standIn.createLogin(customerId);
    expect(accountIds).toHaveLength(3);

    const byCustomer = await call("GET", `/aggregation/v1/customers/${customerId}/accounts`);
    expect(byCustomer.status).toBe(200);
    expectShape(byCustomer.body, CUSTOMER_ACCOUNTS, "CustomerAccounts");
    const accounts = byCustomer.body.accounts;
    expect(accounts.map((account: Loose) => [account.id, account.type, account.name])).toEqual([
      [accountIds[0], "checking", "Checking"],
      [accountIds[1], "savings", "Savings"],
      [accountIds[2], "creditCard", "Credit Card"],
    ]);
    for (const account of accounts) expectAccountShape(account);
    const [checking, , card] = accounts;
    expect(checking).toMatchObject({
      accountNumberDisplay: checking.realAccountNumberLast4,
      status: "active",
      aggregationStatusCode: 0,
      customerId,
      institutionId: "102105",
      institutionLoginId: Number(institutionLoginId),
      currency: "USD",
      marketSegment: "personal",
      createdDate: NOW,
      aggregationSuccessDate: NOW,
      aggregationAttemptDate: NOW,
      balanceDate: NOW,
      displayPosition: 1,
      authorizationExpires: false,
    });
    expect(checking.balance).toBeGreaterThan(0);
    expect(card.balance).toBeLessThan(0);
    expect(card.detail.creditMaxAmount).toBe(5000);
    expect(checking.oldestTransactionDate).toBeGreaterThanOrEqual(NOW - 181 * DAY);
    expect(checking.lastTransactionDate).toBeLessThanOrEqual(NOW);

    const byLogin = await call(
      "GET",
      `/aggregation/v1/customers/${customerId}/institutionLogins/${institutionLoginId}/accounts`,
    );
    expect(byLogin.body).toEqual(byCustomer.body);
    const one = await call("GET", `/aggregation/v2/customers/${customerId}/accounts/${accountIds[1]}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(accounts[1]);
  });

  it("gives FinBank (101732) an investment account with its positions", async () => {
    const customerId = await newCustomer();
    const { accountIds } = standIn.createLogin(customerId, { institutionId: 101732 });
    const accounts = await accountsOf(customerId);
    expect(accounts.map((account) => account.type)).toEqual([
      "checking",
      "savings",
      "creditCard",
      "investment",
    ]);
    const investment = accounts[3];
    expect(investment.id).toBe(accountIds[3]);
    expect(investment.institutionId).toBe("101732");
    expectAccountShape(investment);
    expect(investment.position.map((position: Loose) => position.symbol)).toEqual([
      "VTI",
      "AAPL",
      "FXAIX",
      "SPAXX",
    ]);
    const total = investment.position.reduce((sum: number, position: Loose) => sum + position.marketValue, 0);
    expect(investment.balance).toBeCloseTo(total, 2);
    // "accounts" overrides the institution's set.
    const plain = await newCustomer();
    standIn.createLogin(plain, { institutionId: 101732, accounts: "default" });
    expect(await accountsOf(plain)).toHaveLength(3);
  });

  it("answers 404 for unknown or foreign customers, accounts and logins", async () => {
    const customerId = await newCustomer();
    const other = await newCustomer();
    const { institutionLoginId, accountIds } = standIn.createLogin(customerId);
    await expectError(call("GET", "/aggregation/v1/customers/1000000000/accounts"), 404, "14001");
    await expectError(
      call("GET", `/aggregation/v2/customers/${other}/accounts/${accountIds[0]}`),
      404,
      "38003",
      `customer does not have given account (customerId = ${other}, accountId = [${accountIds[0]}])`,
    );
    await expectError(call("GET", `/aggregation/v2/customers/${customerId}/accounts/42`), 404, "38003");
    await expectError(
      call("GET", `/aggregation/v1/customers/${other}/institutionLogins/${institutionLoginId}/accounts`),
      404,
      "38007",
    );
    await expectError(
      call("GET", `/aggregation/v1/customers/${customerId}/accounts?status=closed`),
      400,
      "18017",
    );
  });

  it("refreshes a login: aggregation dates move on status 0, only the attempt date otherwise", async () => {
    const customerId = await newCustomer();
    const { institutionLoginId } = standIn.createLogin(customerId);
    const refreshPath = `/aggregation/v1/customers/${customerId}/institutionLogins/${institutionLoginId}/accounts`;

    clock = new Date(START.getTime() + 3600_000);
    const refreshed = await call("POST", refreshPath);
    expect(refreshed.status).toBe(200);
    expectShape(refreshed.body, CUSTOMER_ACCOUNTS, "CustomerAccounts");
    for (const account of refreshed.body.accounts) {
      expect(account).toMatchObject({
        aggregationStatusCode: 0,
        aggregationAttemptDate: NOW + 3600,
        aggregationSuccessDate: NOW + 3600,
        balanceDate: NOW + 3600,
      });
    }

    clock = new Date(START.getTime() + 2 * 3600_000);
    standIn.setLoginStatus(institutionLoginId, 103);
    expect(standIn.login(institutionLoginId)!.aggregationStatusCode).toBe(103);
    for (const account of await accountsOf(customerId)) {
      expect(account.aggregationStatusCode).toBe(103);
      expect(account.aggregationSuccessDate).toBe(NOW + 3600);
    }
    clock = new Date(START.getTime() + 3 * 3600_000);
    const failing = await call("POST", refreshPath);
    expect(failing.status).toBe(200);
    for (const account of failing.body.accounts) {
      expect(account).toMatchObject({
        aggregationStatusCode: 103,
        aggregationAttemptDate: NOW + 3 * 3600,
        aggregationSuccessDate: NOW + 3600,
      });
    }
    // The customer-wide refresh keeps the code too.
    const all = await call("POST", `/aggregation/v1/customers/${customerId}/accounts`);
    expect(all.body.accounts.map((account: Loose) => account.aggregationStatusCode)).toEqual([103, 103, 103]);

    standIn.setLoginStatus(institutionLoginId, 0);
    for (const account of await accountsOf(customerId)) {
      expect(account.aggregationStatusCode).toBe(0);
      expect(account.aggregationSuccessDate).toBe(NOW + 3 * 3600);
    }
  });

  it("deletes an institution login (204): its accounts and transactions are gone", async () => {
    const customerId = await newCustomer();
    const kept = standIn.createLogin(customerId);
    const removed = standIn.createLogin(customerId, { institutionId: 101732 });
    expect(await accountsOf(customerId)).toHaveLength(7);
    const answer = await call(
      "DELETE",
      `/aggregation/v1/customers/${customerId}/institutionLogins/${removed.institutionLoginId}`,
    );
    expect(answer.status).toBe(204);
    expect(standIn.login(removed.institutionLoginId)!.deleted).toBe(true);
    expect((await accountsOf(customerId)).map((account) => account.id)).toEqual(kept.accountIds);
    await expectError(
      call(
        "GET",
        `/aggregation/v1/customers/${customerId}/institutionLogins/${removed.institutionLoginId}/accounts`,
      ),
      404,
      "38007",
    );
    await expectError(
      call("GET", `/aggregation/v2/customers/${customerId}/accounts/${removed.accountIds[0]}`),
      404,
      "38003",
    );
    const transactions = await allTransactions(customerId);
    expect(new Set(transactions.map((transaction) => String(transaction.accountId)))).toEqual(
      new Set(kept.accountIds),
    );
    // One account at a time, too.
    const single = await call(
      "DELETE",
      `/aggregation/v1/customers/${customerId}/accounts/${kept.accountIds[2]}`,
    );
    expect(single.status).toBe(204);
    expect(await accountsOf(customerId)).toHaveLength(2);
  });
});

// ---------------------------------------------------------------------------------------------
// Transactions
// ---------------------------------------------------------------------------------------------

describe("transactions", () => {
  it("validates fromDate, toDate, start, limit and sort", async () => {
    const customerId = await newCustomer();
    standIn.createLogin(customerId);
    await expectError(
      call("GET", `/aggregation/v3/customers/${customerId}/transactions?toDate=${NOW}`),
      400,
      "10005",
      "Missing parameter (fromDate)",
    );
    await expectError(
      call("GET", `/aggregation/v3/customers/${customerId}/transactions?fromDate=${NOW}`),
      400,
      "10005",
      "Missing parameter (toDate)",
    );
    await expectError(
      call("GET", transactionsPath(customerId, { fromDate: "2025-01-01", toDate: NOW })),
      400,
      "10100",
    );
    await expectError(
      call("GET", transactionsPath(customerId, { fromDate: NOW, toDate: NOW - DAY })),
      400,
      "41002",
    );
    await expectError(
      call("GET", transactionsPath(customerId, { fromDate: 0, toDate: NOW, start: 0 })),
      400,
      "41003",
    );
    await expectError(
      call("GET", transactionsPath(customerId, { fromDate: 0, toDate: NOW, limit: 0 })),
      400,
      "41004",
    );
    await expectError(
      call("GET", transactionsPath(customerId, { fromDate: 0, toDate: NOW, limit: 1001 })),
      400,
      "10100",
    );
    await expectError(
      call("GET", transactionsPath(customerId, { fromDate: 0, toDate: NOW, sort: "up" })),
      400,
      "10100",
    );
  });

  it("pages with start (1-based record index) and limit, every transaction once, with Finicity's fields", async () => {
    const customerId = await newCustomer();
    standIn.createLogin(customerId, { institutionId: 101732 });
    const query = { fromDate: NOW - 400 * DAY, toDate: NOW };
    const first = await call("GET", transactionsPath(customerId, { ...query, limit: 50 }));
    expect(first.status).toBe(200);
    expectShape(first.body, TRANSACTIONS, "Transactions", ["dailyBalances"]);
    const found = first.body.found;
    expect(found).toBeGreaterThan(100);
    expect(first.body).toMatchObject({
      displaying: 50,
      moreAvailable: "true",
      fromDate: String(query.fromDate),
      toDate: String(query.toDate),
      sort: "desc",
    });
    const seen: Loose[] = [...first.body.transactions];
    for (let start = 51; start <= found; start += 50) {
      const page = await call("GET", transactionsPath(customerId, { ...query, start, limit: 50 }));
      expect(page.body.found).toBe(found);
      expect(page.body.moreAvailable).toBe(String(start + 49 < found));
      seen.push(...page.body.transactions);
    }
    expect(seen).toHaveLength(found);
    expect(new Set(seen.map((transaction) => transaction.id)).size).toBe(found);
    // Newest first by transactionDate; asc reverses.
    const dates = seen.map((transaction) => transaction.transactionDate);
    expect(dates).toEqual([...dates].sort((left, right) => right - left));
    const ascending = await call("GET", transactionsPath(customerId, { ...query, sort: "asc", limit: 1 }));
    expect(ascending.body.transactions[0].id).toBe(seen.at(-1).id);
    expect(ascending.body.sort).toBe("asc");

    for (const transaction of seen) {
      for (const field of TRANSACTION_REQUIRED) expect(transaction).toHaveProperty(field);
      for (const field of Object.keys(transaction)) expect(TRANSACTION).toContain(field);
      for (const field of Object.keys(transaction.categorization)) expect(CATEGORIZATION).toContain(field);
      expect(transaction.categorization).toMatchObject({
        normalizedPayeeName: expect.any(String),
        category: expect.any(String),
        country: "USA",
      });
      expect(transaction.status).toBe("active");
      expect(transaction.customerId).toBe(Number(customerId));
      expect(transaction.uniqueTransactionId).toBe(`${transaction.accountId}-${transaction.id}`);
      expect(transaction.postedDate).toBeGreaterThanOrEqual(transaction.transactionDate);
      expect(transaction.createdDate).toBe(NOW);
    }
    const plain = seen.find((transaction) => transaction.type === "payment" && !transaction.checkNum);
    expectShape(plain, POSTED_TRANSACTION, "Transaction (posted payment)");
    expect(seen.some((transaction) => transaction.amount < 0)).toBe(true);
    expect(seen.some((transaction) => transaction.amount > 0)).toBe(true);
    const payroll = seen.find((transaction) => transaction.categorization.category === "Paycheck");
    expect(payroll).toMatchObject({ type: "directDeposit", amount: expect.any(Number) });
    expect(payroll.amount).toBeGreaterThan(0);
    const check = seen.find((transaction) => transaction.type === "check");
    if (check) expect(check.checkNum).toMatch(/^\d{4}$/);
    const dividend = seen.find((transaction) => transaction.investmentTransactionType === "dividend");
    if (dividend)
      expect(dividend).toMatchObject({ ticker: "VTI", securityIdType: "CUSIP", incomeType: "DIV" });
    const card = seen.find((transaction) => transaction.type === "pointOfSale");
    expect(card.transactionDate).toBe(card.postedDate - DAY);
  });

  it("filters by fromDate and toDate (inclusive, on transactionDate), by customer and by account", async () => {
    const customerId = await newCustomer();
    const { accountIds } = standIn.createLogin(customerId);
    const all = await allTransactions(customerId);
    const target = all[10];
    const exact = await call(
      "GET",
      transactionsPath(customerId, {
        fromDate: target.transactionDate,
        toDate: target.transactionDate,
        limit: 1000,
      }),
    );
    expect(exact.body.transactions.map((transaction: Loose) => transaction.id)).toContain(target.id);
    for (const transaction of exact.body.transactions)
      expect(transaction.transactionDate).toBe(target.transactionDate);
    const window = await call(
      "GET",
      transactionsPath(customerId, { fromDate: NOW - 30 * DAY, toDate: NOW - 10 * DAY, limit: 1000 }),
    );
    expect(window.body.found).toBe(
      all.filter(
        (transaction) =>
          transaction.transactionDate >= NOW - 30 * DAY && transaction.transactionDate <= NOW - 10 * DAY,
      ).length,
    );

    const checking = await allTransactions(customerId, accountIds[0]);
    expect(checking.length).toBeGreaterThan(0);
    expect(checking.every((transaction) => transaction.accountId === Number(accountIds[0]))).toBe(true);
    expect(checking.length).toBe(
      all.filter((transaction) => transaction.accountId === Number(accountIds[0])).length,
    );
    await expectError(
      call("GET", transactionsPath(customerId, { fromDate: 0, toDate: NOW }, "1234")),
      404,
      "38003",
    );
  });

  it("serves the 180 days before an account was added until historic transactions are loaded (204), then 24 months", async () => {
    const customerId = await newCustomer();
    const { institutionLoginId, accountIds } = standIn.createLogin(customerId, { transactionsPerMonth: 10 });
    const served = await allTransactions(customerId);
    expect(served.length).toBeGreaterThan(45);
    expect(served.length).toBeLessThanOrEqual(65);
    expect(Math.min(...served.map((transaction) => transaction.postedDate))).toBeGreaterThanOrEqual(
      NOW - 180 * DAY,
    );

    clock = new Date(START.getTime() + 3600_000);
    for (const accountId of accountIds.slice(0, 2)) {
      const answer = await call(
        "POST",
        `/aggregation/v1/customers/${customerId}/accounts/${accountId}/transactions/historic`,
      );
      expect(answer.status).toBe(204);
    }
    expect(standIn.login(institutionLoginId)!.historicLoaded).toBe(false);
    const partly = await allTransactions(customerId);
    expect(
      partly
        .filter((transaction) => transaction.transactionDate < NOW - 181 * DAY)
        .every((transaction) => transaction.accountId !== Number(accountIds[2])),
    ).toBe(true);
    await call(
      "POST",
      `/aggregation/v1/customers/${customerId}/accounts/${accountIds[2]}/transactions/historic`,
    );
    expect(standIn.login(institutionLoginId)!.historicLoaded).toBe(true);
    const everything = await allTransactions(customerId);
    expect(everything).toHaveLength(24 * 10);
    const oldest = Math.min(...everything.map((transaction) => transaction.transactionDate));
    expect(oldest).toBeLessThan(NOW - 700 * DAY);
    // Older ones were aggregated when the history was loaded; a second call changes nothing.
    expect(everything.find((transaction) => transaction.transactionDate === oldest).createdDate).toBe(
      NOW + 3600,
    );
    const again = await call(
      "POST",
      `/aggregation/v1/customers/${customerId}/accounts/${accountIds[0]}/transactions/historic`,
    );
    expect(again.status).toBe(204);
    expect(await allTransactions(customerId)).toHaveLength(240);
  });

  it("makes the same history for the same login id, and follows transactionsPerMonth", async () => {
    const other = await startFinicityStandIn({ now: () => START, transactionsPerMonth: 5 });
    const again = await startFinicityStandIn({ now: () => START, transactionsPerMonth: 5 });
    try {
      const histories: unknown[] = [];
      for (const instance of [other, again]) {
        const appToken: Loose = await (
          await fetch(`${instance.url}/aggregation/v2/partners/authentication`, {
            method: "POST",
            headers: { "Finicity-App-Key": instance.appKey, "Content-Type": "application/json" },
            body: JSON.stringify({ partnerId: instance.partnerId, partnerSecret: instance.partnerSecret }),
          })
        ).json();
        const headers = {
          "Finicity-App-Key": instance.appKey,
          "Finicity-App-Token": appToken.token,
          "Content-Type": "application/json",
        };
        const customer: Loose = await (
          await fetch(`${instance.url}/aggregation/v2/customers/testing`, {
            method: "POST",
            headers,
            body: JSON.stringify({ username: "same-history" }),
          })
        ).json();
        const { accountIds } = instance.createLogin(customer.id);
        for (const accountId of accountIds) {
          await fetch(
            `${instance.url}/aggregation/v1/customers/${customer.id}/accounts/${accountId}/transactions/historic`,
            {
              method: "POST",
              headers,
            },
          );
        }
        const page: Loose = await (
          await fetch(
            `${instance.url}/aggregation/v3/customers/${customer.id}/transactions?fromDate=0&toDate=${NOW}&limit=1000`,
            { headers },
          )
        ).json();
        expect(page.found).toBe(24 * 5);
        histories.push(page.transactions);
      }
      expect(histories[0]).toEqual(histories[1]);
    } finally {
      await other.close();
      await again.close();
    }
  });

  it("serves transactions added later at once; pending ones only with includePending, without postedDate", async () => {
    const customerId = await newCustomer();
    const { institutionLoginId, accountIds } = standIn.createLogin(customerId);
    const before = (await allTransactions(customerId)).length;
    clock = new Date(START.getTime() + DAY * 1000);
    const posted = standIn.addTransactions(institutionLoginId, 2) as Loose[];
    const pending = standIn.addTransactions(institutionLoginId, 1, {
      accountId: accountIds[2],
      pending: true,
    }) as Loose[];
    expect(posted).toHaveLength(2);
    expect(posted[0]).toMatchObject({
      status: "active",
      postedDate: NOW + DAY,
      accountId: Number(accountIds[0]),
    });
    expect(pending[0]).toMatchObject({ status: "pending", accountId: Number(accountIds[2]) });
    expect(pending[0]).not.toHaveProperty("postedDate");

    const query = { fromDate: NOW - 800 * DAY, toDate: NOW + DAY, limit: 1000 };
    const without = await call("GET", transactionsPath(customerId, query));
    expect(without.body.found).toBe(before + 2);
    expect(
      without.body.transactions
        .slice(0, 2)
        .map((transaction: Loose) => transaction.id)
        .sort(),
    ).toEqual(posted.map((transaction) => transaction.id).sort());
    const withPending = await call("GET", transactionsPath(customerId, { ...query, includePending: "true" }));
    expect(withPending.body.found).toBe(before + 3);
    expect(withPending.body.transactions.map((transaction: Loose) => transaction.id)).toContain(
      pending[0].id,
    );
    const one = await call("GET", `/aggregation/v2/customers/${customerId}/transactions/${posted[0].id}`);
    expect(one.body).toEqual(posted[0]);
    await expectError(call("GET", `/aggregation/v2/customers/${customerId}/transactions/1`), 404, 24553);
  });

  it("answers historic loads by aggregation status: 203 for MFA (185), 400 with the code otherwise", async () => {
    const customerId = await newCustomer();
    const { institutionLoginId, accountIds } = standIn.createLogin(customerId);
    const path = `/aggregation/v1/customers/${customerId}/accounts/${accountIds[0]}/transactions/historic`;
    standIn.setLoginStatus(institutionLoginId, 185);
    const mfa = await call("POST", path);
    expect(mfa.status).toBe(203);
    standIn.setLoginStatus(institutionLoginId, 103);
    const failing = await expectError(call("POST", path), 400, 103, "Invalid credentials");
    expect(failing.body.status).toBe("400");
    expect(standIn.login(institutionLoginId)!.historicLoaded).toBe(false);
  });

  it("meets the institution's MFA question at a historic load: 203 without a body, the login then at 185", async () => {
    const customerId = await newCustomer();
    const { institutionLoginId, accountIds } = standIn.createLogin(customerId);
    const path = `/aggregation/v1/customers/${customerId}/accounts/${accountIds[0]}/transactions/historic`;
    standIn.challengeHistoricLoad(institutionLoginId);
    const mfa = await call("POST", path);
    expect(mfa.status).toBe(203);
    expect(mfa.text).toBe("");
    expect(standIn.login(institutionLoginId)).toMatchObject({
      aggregationStatusCode: 185,
      historicLoaded: false,
    });
    for (const account of await accountsOf(customerId)) expect(account.aggregationStatusCode).toBe(185);
    // Answered in Connect's fix mode: the next historic loads go through.
    standIn.setLoginStatus(institutionLoginId, 0);
    for (const accountId of accountIds) {
      const loaded = await call(
        "POST",
        `/aggregation/v1/customers/${customerId}/accounts/${accountId}/transactions/historic`,
      );
      expect(loaded.status).toBe(204);
    }
    expect(standIn.login(institutionLoginId)!.historicLoaded).toBe(true);
  });

  it("serves transactions the institution no longer shows with status shadow, posted or pending before", async () => {
    const customerId = await newCustomer();
    const { institutionLoginId } = standIn.createLogin(customerId);
    const [posted] = standIn.addTransactions(institutionLoginId, 1) as Loose[];
    const [pending] = standIn.addTransactions(institutionLoginId, 1, { pending: true }) as Loose[];
    standIn.shadowTransactions(institutionLoginId, [posted.id, pending.id]);
    const served = await allTransactions(customerId, undefined, { includePending: "true" });
    const shadows = served.filter((transaction) => transaction.status === "shadow");
    expect(shadows.map((transaction) => transaction.id).sort()).toEqual([posted.id, pending.id].sort());
    const postedShadow = shadows.find((transaction) => transaction.id === posted.id);
    expect(postedShadow).toEqual({ ...posted, status: "shadow" });
    for (const shadow of shadows) {
      for (const field of Object.keys(shadow)) expect(TRANSACTION).toContain(field);
      for (const field of TRANSACTION_REQUIRED) expect(shadow).toHaveProperty(field);
    }
    const one = await call("GET", `/aggregation/v2/customers/${customerId}/transactions/${pending.id}`);
    expect(one.body).toEqual({ ...pending, status: "shadow" });
    expect(() => standIn.shadowTransactions(institutionLoginId, [1])).toThrow("has no transaction 1");
  });
});

// ---------------------------------------------------------------------------------------------
// ACH details, statements, institutions
// ---------------------------------------------------------------------------------------------

describe("ACH details and statements", () => {
  it("answers ACH details for checking and savings only", async () => {
    const customerId = await newCustomer();
    const { accountIds } = standIn.createLogin(customerId, { institutionId: 101732 });
    const accounts = await accountsOf(customerId);
    for (const index of [0, 1]) {
      const answer = await call(
        "GET",
        `/aggregation/v1/customers/${customerId}/accounts/${accountIds[index]}/details`,
      );
      expect(answer.status).toBe(200);
      expectShape(answer.body, ACH_DETAILS, "ACHDetails");
      expect(answer.body.routingNumber).toMatch(/^\d{9}$/);
      expect(answer.body.realAccountNumber.endsWith(accounts[index].realAccountNumberLast4)).toBe(true);
    }
    for (const index of [2, 3]) {
      await expectError(
        call("GET", `/aggregation/v1/customers/${customerId}/accounts/${accountIds[index]}/details`),
        400,
        "14020",
        "Bad request. (Account type not supported).",
      );
    }
  });

  it("downloads statements as real PDFs naming their period; the index is checked", async () => {
    const customerId = await newCustomer();
    const { accountIds } = standIn.createLogin(customerId);
    const path = `/aggregation/v1/customers/${customerId}/accounts/${accountIds[0]}/statement`;
    const pdfHeaders = { Accept: "application/pdf" };
    for (const [query, period] of [
      ["", "2025-05-01 to 2025-05-31"],
      ["?index=3", "2025-03-01 to 2025-03-31"],
      ["?index=6", "2024-12-01 to 2024-12-31"],
    ] as const) {
      const answer = await fetch(`${standIn.url}${path}${query}`, {
        headers: {
          "Finicity-App-Key": standIn.appKey,
          "Finicity-App-Token": await currentToken(),
          ...pdfHeaders,
        },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("application/pdf");
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      const document = await PDFDocument.load(bytes);
      expect(document.getPageCount()).toBe(1);
      expect(bytes.toString("latin1")).toContain(`Statement period: ${period}`);
      expect(bytes.toString("latin1")).toContain("FinBank Profiles - A");
    }
    await expectError(call("GET", `${path}?index=7`, { headers: pdfHeaders }), 404, "14001");
    await expectError(call("GET", `${path}?index=25`, { headers: pdfHeaders }), 400, "10100");
    await expectError(call("GET", `${path}?index=0`, { headers: pdfHeaders }), 400, "10100");
    await expectError(call("GET", path, { headers: { Accept: "application/json" } }), 406, "20000");
  });
});

describe("institutions", () => {
  it("searches institutions by name and pages by page index, with every Institution field", async () => {
    const answer = await call("GET", "/institution/v2/institutions?search=finbank&start=1&limit=25");
    expect(answer.status).toBe(200);
    expectShape(answer.body, INSTITUTIONS, "Institutions");
    expect(answer.body).toMatchObject({ found: 2, displaying: 2, moreAvailable: false, createdDate: NOW });
    expect(answer.body.institutions.map((institution: Loose) => [institution.id, institution.name])).toEqual([
      [102105, "FinBank Profiles - A"],
      [101732, "FinBank"],
    ]);
    for (const institution of answer.body.institutions) {
      expectShape(institution, INSTITUTION, "Institution", ["newInstitutionId", "oauthInstitutionId"]);
      expectShape(institution.address, INSTITUTION_ADDRESS, "InstitutionAddress");
      expectShape(institution.branding, BRANDING, "Branding");
      expectShape(institution.productionStatus, PRODUCTION_STATUS, "InstitutionProductionStatus");
      expect(institution).toMatchObject({ transAgg: true, ach: true, stateAgg: true, oauthEnabled: false });
    }
    const profiles = await call("GET", "/institution/v2/institutions?search=finbank%20profiles");
    expect(profiles.body.institutions.map((institution: Loose) => institution.id)).toEqual([102105]);
    expect((await call("GET", "/institution/v2/institutions?search=chase")).body).toMatchObject({
      found: 0,
      displaying: 0,
      institutions: [],
    });
    const secondPage = await call("GET", "/institution/v2/institutions?search=*&start=2&limit=1");
    expect(secondPage.body).toMatchObject({ found: 2, displaying: 1, moreAvailable: false });
    expect(secondPage.body.institutions[0].id).toBe(101732);
    expect((await call("GET", "/institution/v2/institutions?start=1&limit=1")).body.moreAvailable).toBe(true);
    expect((await call("GET", "/institution/v2/institutions?type=studentLoanData")).body.found).toBe(0);
  });

  it("reads one institution by id", async () => {
    const answer = await call("GET", "/institution/v2/institutions/102105");
    expect(answer.status).toBe(200);
    expectShape(answer.body, INSTITUTION_WRAPPER, "InstitutionWrapper");
    expect(answer.body.institution).toMatchObject({ id: 102105, name: "FinBank Profiles - A" });
    await expectError(
      call("GET", "/institution/v2/institutions/4222"),
      404,
      "14006",
      "Institution not found.",
    );
    await expectError(call("GET", "/institution/v2/institutions/finbank"), 400, "10100");
  });
});

// ---------------------------------------------------------------------------------------------
// Failures on demand and the request log
// ---------------------------------------------------------------------------------------------

describe("failures on demand", () => {
  it("answers 429 with Retry-After and Finicity's body for the queued calls only", async () => {
    const customerId = await newCustomer();
    standIn.createLogin(customerId);
    standIn.failNext("/transactions", 429);
    const limited = await expectError(
      call("GET", transactionsPath(customerId, { fromDate: 0, toDate: NOW })),
      429,
      "3300001",
      "Too many request. Please try after some time",
    );
    expect(limited.headers.get("retry-after")).toBe("1");
    expect((await call("GET", transactionsPath(customerId, { fromDate: 0, toDate: NOW }))).status).toBe(200);
  });

  it("answers a RegExp-matched status as many times as asked, with a given code", async () => {
    const customerId = await newCustomer();
    standIn.failNext(/\/accounts$/, 500, 2, 38001);
    await expectError(call("GET", `/aggregation/v1/customers/${customerId}/accounts`), 500, 38001);
    await expectError(call("GET", `/aggregation/v1/customers/${customerId}/accounts`), 500, 38001);
    expect((await call("GET", `/aggregation/v1/customers/${customerId}/accounts`)).status).toBe(200);
  });

  it("records every request with its query and status", async () => {
    await call("GET", "/institution/v2/institutions?search=finbank&limit=5");
    expect(standIn.requests.at(-1)).toEqual({
      method: "GET",
      path: "/institution/v2/institutions",
      query: { search: "finbank", limit: "5" },
      status: 200,
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Data Connect: the link and the page behind it, run in happy-dom in an iframe or a popup, and the
// Connect webhooks, received by a local server that checks X-Finicity-Signature
// ---------------------------------------------------------------------------------------------

type ConnectMessage = { type: string; data?: Loose };

type ConnectPage = { frame: BrowserFrame; messages: ConnectMessage[]; close(): Promise<void> };

/** The Connect page in an iframe (events reach window.parent) or a popup (events reach window.opener). */
async function openConnect(url: string, how: "iframe" | "popup" = "iframe"): Promise<ConnectPage> {
  const browser = new Browser({
    settings: {
      enableJavaScriptEvaluation: true,
      enableIframePageLoading: true,
      suppressInsecureJavaScriptEnvironmentWarning: true,
    },
  });
  const page = browser.newPage();
  const messages: ConnectMessage[] = [];
  page.mainFrame.window.addEventListener("message", (event) => {
    messages.push((event as unknown as { data: ConnectMessage }).data);
  });
  if (how === "popup") page.mainFrame.window.open(url);
  else page.content = `<iframe title="Data Connect" src="${url}"></iframe>`;
  await browser.waitUntilComplete();
  const frame = how === "popup" ? browser.defaultContext.pages[1]?.mainFrame : page.mainFrame.childFrames[0];
  if (!frame) throw new Error("the Connect page did not load");
  return { frame, messages, close: () => browser.close() };
}

async function until<T>(probe: () => T | undefined | null | false): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function element(frame: BrowserFrame, selector: string): HTMLInputElement {
  const found = frame.document.querySelector(selector);
  if (!found) throw new Error(`no ${selector} on the Connect page`);
  return found as unknown as HTMLInputElement;
}

function click(frame: BrowserFrame, selector: string): void {
  (element(frame, selector) as unknown as HTMLButtonElement).click();
}

function screen(frame: BrowserFrame): string | null {
  return frame.document.querySelector("#connect-root")?.getAttribute("data-screen") ?? null;
}

async function signIn(frame: BrowserFrame, username: string, password: string): Promise<void> {
  element(frame, "#connect-username").value = username;
  element(frame, "#connect-password").value = password;
  click(frame, "#connect-submit");
  await until(() => screen(frame) !== "login" || !element(frame, "#connect-submit").disabled);
}

function ofType(messages: ConnectMessage[], type: string): ConnectMessage[] {
  return messages.filter((message) => message.type === type);
}

function userActions(messages: ConnectMessage[]): string[] {
  return ofType(messages, "user").map((message) => message.data.action);
}

async function generate(body: Record<string, unknown>, kind = ""): Promise<string> {
  const answer = await call("POST", `/connect/v2/generate${kind}`, {
    body: { partnerId: standIn.partnerId, ...body },
  });
  expect(answer.status, answer.text).toBe(200);
  expectShape(answer.body, CONNECT_URL, "ConnectUrl");
  return answer.body.link;
}

type Received = { headers: IncomingHttpHeaders; raw: string; body: Loose; valid: boolean };

/** A webhook receiver that checks X-Finicity-Signature as Finicity documents it (401 when it does not match). */
async function startReceiver(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const expected = createHmac("sha256", standIn.partnerSecret).update(raw).digest("hex");
      const given = String(request.headers["x-finicity-signature"] ?? "");
      const valid =
        given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
      received.push({ headers: request.headers, raw, body: JSON.parse(raw), valid });
      response.writeHead(valid ? 200 : 401);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/finicity`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe("Data Connect", () => {
  it("generates links that point at the stand-in, expire after two hours, and checks their parameters", async () => {
    const customerId = await newCustomer();
    const link = await generate({ customerId });
    const url = new URL(link);
    expect(url.origin).toBe(standIn.url);
    expect(url.pathname).toMatch(/^\/connect\/[0-9a-f]{32}$/);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      customerId,
      origin: "url",
      partnerId: standIn.partnerId,
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
      timestamp: String(START.getTime()),
      ttl: String(START.getTime() + 2 * 3600_000),
    });
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await page.text()).toContain('id="connect-root"');

    const later = await generate({ customerId });
    clock = new Date(START.getTime() + 2 * 3600_000 + 1000);
    const expired = await fetch(later);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("This link has expired.");
    expect((await fetch(`${standIn.url}/connect/0123456789abcdef0123456789abcdef`)).status).toBe(404);

    await expectError(
      call("POST", "/connect/v2/generate", { body: { partnerId: standIn.partnerId } }),
      400,
      "10005",
      "Missing parameter (customerId)",
    );
    const unknown = await expectError(
      call("POST", "/connect/v2/generate", {
        body: { partnerId: standIn.partnerId, customerId: "1000000000" },
      }),
      400,
      "10010",
      "Customer ID does not exist or does not belong to this partner",
    );
    expect(unknown.body.status).toBe("400");
    await expectError(
      call("POST", "/connect/v2/generate", {
        body: { partnerId: standIn.partnerId, customerId, experience: "not-a-guid" },
      }),
      400,
      "10010",
      '"experience" must be a valid GUID',
    );
    await expectError(
      call("POST", "/connect/v2/generate/fix", {
        body: { partnerId: standIn.partnerId, customerId, institutionLoginId: "1" },
      }),
      404,
      "38007",
    );
    await expectError(
      call("POST", "/connect/v2/generate/lite", { body: { partnerId: standIn.partnerId, customerId } }),
      400,
      "10005",
      "Missing parameter (institutionId)",
    );
  });

  it("connects FinBank Profiles - A with profile_02 after a wrong password, posting the SDK's events and signed webhooks", async () => {
    const receiver = await startReceiver();
    const customerId = await newCustomer();
    const link = await generate({
      customerId,
      webhook: receiver.url,
      webhookContentType: "application/json",
      webhookData: { weftSession: "s-1" },
      webhookHeaders: { "X-Weft-Key": "k-1" },
      redirectUri: "https://weft.example/connected",
      experience: "default",
    });
    const connect = await openConnect(link);
    try {
      const { frame, messages } = connect;
      expect(screen(frame)).toBe("search");
      await until(() => ofType(messages, "route").length > 0);
      expect(ofType(messages, "route")[0]).toEqual({ type: "route", data: { screen: "search", params: {} } });
      const initialize = ofType(messages, "user")[0]!;
      expect(initialize.data).toMatchObject({
        action: "InitializeConnect",
        customerId,
        partnerId: standIn.partnerId,
        sessionId: expect.any(String),
        ttl: START.getTime() + 2 * 3600_000,
      });

      // The SDK pings until Connect acknowledges.
      frame.window.postMessage({ type: "ping", sdkVersion: "test", platform: "iframe" }, "*");
      await until(() => ofType(messages, "ack").length > 0);

      click(frame, '[data-institution-id="102105"]');
      expect(screen(frame)).toBe("login");
      expect(element(frame, "#connect-institution-name").textContent).toBe("FinBank Profiles - A");
      await until(() => ofType(messages, "route").some((message) => message.data.screen === "login"));
      expect(ofType(messages, "route").at(-1)!.data).toEqual({
        screen: "login",
        params: { institutionId: "102105" },
      });
      expect(
        ofType(messages, "user").find((message) => message.data.action === "InstitutionSelected")!.data
          .institution,
      ).toBe(102105);

      await signIn(frame, "profile_02", "wrong");
      expect(screen(frame)).toBe("login");
      expect(element(frame, "#connect-error").textContent).toMatch(/doesn't match this account.*\(103\)/);
      const alert = await until(() =>
        ofType(messages, "user").find((message) => message.data.action === "DisplayAlert"),
      );
      expect(alert.data).toMatchObject({
        errorCode: 103,
        institutionId: 102105,
        institutionName: "FinBank Profiles - A",
      });
      expect(await accountsOf(customerId)).toEqual([]);

      await signIn(frame, "profile_02", "profile_02");
      await until(() => screen(frame) === "done");
      expect(element(frame, "#connect-success").textContent).toBe("Your accounts are connected");
      const done = await until(() => ofType(messages, "done")[0]);
      expect(done).toEqual({ type: "done", data: { code: 200, reason: "complete", reportData: [] } });
      const added = ofType(messages, "user").filter((message) => message.data.action === "AddAccounts");
      expect(
        added.map((message) => [message.data.accounts, message.data.success, message.data.errorCode]),
      ).toEqual([
        [null, null, null],
        [3, true, null],
      ]);
      expect(frame.document.querySelectorAll("#connect-accounts li")).toHaveLength(3);

      const accounts = await accountsOf(customerId);
      expect(accounts.map((account) => account.type)).toEqual(["checking", "savings", "creditCard"]);
      const loginIds = new Set(accounts.map((account) => account.institutionLoginId));
      expect(loginIds.size).toBe(1);
      const institutionLoginId = String([...loginIds][0]);
      expect(standIn.login(institutionLoginId)).toMatchObject({
        customerId,
        institutionId: 102105,
        deleted: false,
      });

      await until(() => receiver.received.length >= 3);
      expect(receiver.received.map((event) => event.body.eventType)).toEqual(["started", "added", "done"]);
      for (const event of receiver.received) {
        expect(event.valid).toBe(true);
        expect(event.headers["x-finicity-signature"]).toBe(
          createHmac("sha256", standIn.partnerSecret).update(event.raw).digest("hex"),
        );
        expect(event.headers["content-type"]).toMatch(/^application\/json/);
        expect(event.headers["x-weft-key"]).toBe("k-1");
        expect(keys(event.body)).toEqual(["customerId", "eventId", "eventType", "payload", "webhookData"]);
        expect(event.body).toMatchObject({
          customerId,
          eventId: expect.stringMatching(/^\d{13}-[0-9a-f]{24}$/),
          webhookData: { weftSession: "s-1" },
        });
      }
      expect(receiver.received[0]!.body.payload).toEqual({});
      const addedPayload = receiver.received[1]!.body.payload;
      expect(addedPayload.institutionId).toBe("102105");
      expect(addedPayload.accounts.map((account: Loose) => account.id)).toEqual(
        accounts.map((account) => account.id),
      );
      for (const account of addedPayload.accounts) expectAccountShape(account);
      await until(() => standIn.webhooks.length >= 3);
      expect(standIn.webhooks.slice(-3).map((webhook) => [webhook.eventType, webhook.status])).toEqual([
        ["started", 200],
        ["added", 200],
        ["done", 200],
      ]);

      // The link was used up.
      const reopened = await fetch(link);
      expect(reopened.status).toBe(410);
      expect(await reopened.text()).toContain("already been used");
    } finally {
      await connect.close();
      await receiver.close();
    }
  });

  it("asks profile_mfa its MFA question in a popup (Lite, FinBank) and connects on 'correct'", async () => {
    const customerId = await newCustomer();
    const link = await generate({ customerId, institutionId: 101732 }, "/lite");
    expect(new URL(link).searchParams.get("type")).toBe("lite");
    const connect = await openConnect(link, "popup");
    try {
      const { frame, messages } = connect;
      expect(screen(frame)).toBe("login");
      expect(frame.document.querySelector("#connect-back")).toBeNull();
      await signIn(frame, "profile_mfa", "anything");
      await until(() => screen(frame) === "mfa");
      expect(element(frame, "#connect-mfa-question").textContent).toBe("What is your favorite color?");

      element(frame, "#connect-mfa").value = "blue";
      click(frame, "#connect-submit");
      await until(() => element(frame, "#connect-error").textContent);
      expect(screen(frame)).toBe("mfa");
      expect(element(frame, "#connect-error").textContent).toMatch(/\(187\)/);
      expect(await accountsOf(customerId)).toEqual([]);

      element(frame, "#connect-mfa").value = "correct";
      click(frame, "#connect-submit");
      await until(() => screen(frame) === "done");
      await until(() => ofType(messages, "done")[0]);
      expect(ofType(messages, "route").map((message) => message.data.screen)).toEqual([
        "login",
        "mfa",
        "mfa",
      ]);
      expect(userActions(messages)).toEqual([
        "InitializeConnect",
        "DisplayAlert",
        "AddAccounts",
        "AddAccounts",
      ]);
      const accounts = await accountsOf(customerId);
      expect(accounts.map((account) => account.type)).toEqual([
        "checking",
        "savings",
        "creditCard",
        "investment",
      ]);
      expect(accounts[0].institutionId).toBe("101732");
    } finally {
      await connect.close();
    }
  });

  it("repairs the same institution login in fix mode", async () => {
    const customerId = await newCustomer();
    const { institutionLoginId, accountIds } = standIn.createLogin(customerId, { institutionId: 101732 });
    standIn.setLoginStatus(institutionLoginId, 103);
    clock = new Date(START.getTime() + 3600_000);
    const link = await generate({ customerId, institutionLoginId }, "/fix");
    expect(new URL(link).searchParams.get("institutionLoginId")).toBe(institutionLoginId);
    const connect = await openConnect(link);
    try {
      const { frame, messages } = connect;
      expect(screen(frame)).toBe("login");
      expect(element(frame, "#connect-institution-name").textContent).toBe("FinBank");
      await signIn(frame, "profile_02", "profile_02");
      await until(() => screen(frame) === "done");
      expect(element(frame, "#connect-success").textContent).toBe("Your connection is fixed");
      const done = await until(() => ofType(messages, "done")[0]);
      expect(done.data).toMatchObject({ code: 200, reason: "complete" });
      expect(userActions(messages)).not.toContain("AddAccounts");
      const accounts = await accountsOf(customerId);
      expect(accounts.map((account) => account.id)).toEqual(accountIds);
      for (const account of accounts) {
        expect(account).toMatchObject({
          aggregationStatusCode: 0,
          aggregationSuccessDate: NOW + 3600,
          institutionLoginId: Number(institutionLoginId),
        });
      }
      expect(standIn.login(institutionLoginId)!.aggregationStatusCode).toBe(0);
    } finally {
      await connect.close();
    }
  });

  it("posts cancel { code: 100, reason: 'exit' } when the customer exits, and adds nothing", async () => {
    const customerId = await newCustomer();
    const connect = await openConnect(await generate({ customerId }));
    try {
      const { frame, messages } = connect;
      click(frame, '[data-institution-id="101732"]');
      click(frame, "#connect-exit");
      expect(screen(frame)).toBe("cancelled");
      const cancel = await until(() => ofType(messages, "cancel")[0]);
      expect(cancel).toEqual({ type: "cancel", data: { code: 100, reason: "exit" } });
      expect(ofType(messages, "done")).toEqual([]);
      expect(await accountsOf(customerId)).toEqual([]);
    } finally {
      await connect.close();
    }
  });

  it("posts error { code: 1440, reason: 'timeout' } from an expired link's page", async () => {
    const customerId = await newCustomer();
    const link = await generate({ customerId });
    clock = new Date(START.getTime() + 3 * 3600_000);
    const connect = await openConnect(link);
    try {
      expect(screen(connect.frame)).toBe("error");
      const error = await until(() => ofType(connect.messages, "error")[0]);
      expect(error).toEqual({ type: "error", data: { code: 1440, reason: "timeout" } });
    } finally {
      await connect.close();
    }
  });
});

describe("webhooks", () => {
  it("signs bodies with the partner secret (X-Finicity-Signature), or tampers with the signature", async () => {
    const receiver = await startReceiver();
    try {
      const body = { customerId: "1005061234", eventType: "ping", eventId: "1-abc", payload: {} };
      expect(await standIn.sendWebhook(receiver.url, body)).toBe(200);
      expect(receiver.received[0]!.raw).toBe(JSON.stringify(body));
      expect(receiver.received[0]!.valid).toBe(true);
      expect(await standIn.sendWebhook(receiver.url, body, { tamper: true })).toBe(401);
      expect(receiver.received[1]!.valid).toBe(false);
      expect(receiver.received[1]!.headers["x-finicity-signature"]).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await receiver.close();
    }
  });
});
