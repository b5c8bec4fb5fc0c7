import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Browser, type BrowserPage, type HTMLButtonElement, type HTMLInputElement } from "happy-dom";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AkoyaStandIn, startAkoyaStandIn, TEST_USERS } from "./stand-in.ts";

/**
 * The Akoya stand-in driven as Weft's adapter will drive it: plain fetch against the IdP (/auth,
 * /token, /revoke) and the products API on the one server, and happy-dom for the sign-in page. Its
 * bodies are held against the field lists of the models in Akoya's published API description (the
 * APIMatic SDK generated from Akoya's OpenAPI, twocentinc/akoya-typescript-sdk, doc/models/*.md),
 * copied below: every field the stand-in serves is one the model defines.
 */

// ---------------------------------------------------------------------------------------------
// Field lists, from doc/models/*.md of the SDK
// ---------------------------------------------------------------------------------------------

const ACCOUNT_INFORMATION = [
  "accountId",
  "accountType",
  "accountNumberDisplay",
  "currency",
  "description",
  "fiAttributes",
  "nickname",
  "productName",
  "status",
  "lineOfBusiness",
  "balanceType",
  "interestRate",
  "interestRateType",
  "interestRateAsOf",
  "lastActivityDate",
  "micrNumber",
  "parentAccountId",
  "priorInterestRate",
  "transferIn",
  "transferOut",
];
/** DepositAccount */
const DEPOSIT_ACCOUNT = [...ACCOUNT_INFORMATION, "annualPercentageYield", "term", "maturityDate"];
/** DepositBalances */
const DEPOSIT_BALANCES = [
  ...DEPOSIT_ACCOUNT,
  "balanceAsOf",
  "openingDayBalance",
  "availableBalance",
  "interestYtd",
  "currentBalance",
];
/** LineOfCreditBalances */
const LOC_BALANCES = [
  ...ACCOUNT_INFORMATION,
  "balanceAsOf",
  "advancesApr",
  "availableCash",
  "availableCredit",
  "cashAdvanceLimit",
  "creditLine",
  "currentBalance",
  "currentRewardsBalance",
  "financeCharges",
  "lastPaymentAmount",
  "lastPaymentDate",
  "lastStmtBalance",
  "lastStmtDate",
  "minimumPaymentAmount",
  "nextPaymentAmount",
  "nextPaymentDate",
  "pastDueAmount",
  "pointsAccrued",
  "principalBalance",
  "pointsRedeemed",
  "purchasesApr",
];
/** InvestmentAccount */
const INVESTMENT_ACCOUNT = [
  ...ACCOUNT_INFORMATION,
  "allowedCheckWriting",
  "allowedOptionTrade",
  "brokerId",
  "calendarYearFor401K",
  "employerName",
  "margin",
  "planId",
];
/** InvestmentBalances */
const INVESTMENT_BALANCES = [
  ...INVESTMENT_ACCOUNT,
  "availableCashBalance",
  "balanceAsOf",
  "balanceList",
  "currentValue",
  "dailyChange",
  "marginBalance",
  "percentageChange",
  "rolloverAmount",
  "shortBalance",
];
/** InvestmentAccountWithAllDetails */
const INVESTMENT_DETAILS = [
  ...INVESTMENT_BALANCES,
  "holdings",
  "openOrders",
  "contribution",
  "vesting",
  "investmentLoans",
  "pensionSource",
  "equityGrants",
];
/** AnInvestmentHolding */
const HOLDING = [
  "assetClasses",
  "averageCost",
  "cashAccount",
  "changeInPrice",
  "currency",
  "currentUnitPrice",
  "currentUnitPriceDate",
  "description",
  "expirationDate",
  "faceValue",
  "fiAssetClasses",
  "fiAttributes",
  "heldInAccount",
  "holdingId",
  "holdingName",
  "holdingSubType",
  "holdingType",
  "inv401KSurce",
  "marketValue",
  "originalPurchaseDate",
  "positionType",
  "purchasedPrice",
  "rate",
  "securityId",
  "securityIdType",
  "symbol",
  "taxLots",
  "units",
  "mutualFundSecurity",
  "optionSecurity",
  "otherSecurity",
  "stockSecurity",
  "sweepSecurity",
  "debtSecurity",
];
/** Items (a tax lot) */
const TAX_LOT = [
  "costBasis",
  "currentValue",
  "originalPurchaseDate",
  "positionType",
  "purchasedPrice",
  "quantity",
];
const TRANSACTION = [
  "accountId",
  "amount",
  "category",
  "debitCreditMemo",
  "description",
  "imageIds",
  "fiAttributes",
  "foreignAmount",
  "foreignCurrency",
  "lineItem",
  "links",
  "memo",
  "postedTimestamp",
  "reference",
  "referenceTransactionId",
  "status",
  "subCategory",
  "transactionId",
  "transactionTimestamp",
];
/** DepositTransaction */
const DEPOSIT_TRANSACTION = [...TRANSACTION, "payee", "checkNumber", "transactionType"];
/** LocTransaction */
const LOC_TRANSACTION = [...TRANSACTION, "checkNumber", "paymentDetails", "transactionType"];
/** InvestmentTransaction (the fields the stand-in can serve) */
const INVESTMENT_TRANSACTION = [
  ...TRANSACTION,
  "securityId",
  "securityIdType",
  "securityType",
  "symbol",
  "units",
  "unitPrice",
  "positionType",
  "transactionType",
];
/** PaymentNetworkSupportedByAccount */
const PAYMENT_NETWORK = ["bankId", "identifier", "identifierType", "type", "transferIn", "transferOut"];
/** Customer */
const CUSTOMER = ["customerId", "name", "addresses", "telephones", "email", "accounts"];
/** AccountContactEntity and AccountHolderEntity */
const ACCOUNT_CONTACT = ["holders", "emails", "addresses", "telephones"];
const ACCOUNT_HOLDER = ["customerId", "name", "addresses", "telephones", "email", "accounts", "relationship"];
/** Error */
const ERROR = ["code", "message", "debugMessage"];

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies are explored freely in assertions
type Loose = any;

const START = new Date("2025-03-14T15:00:00Z");
const DAY = 86_400_000;
const REDIRECT = "https://weft.example/akoya/callback";

let standIn: AkoyaStandIn;
let clock = new Date(START);

function expectShape(body: Loose, allowed: string[], name: string): void {
  expect(body, name).toBeTypeOf("object");
  const extra = Object.keys(body).filter((key) => !allowed.includes(key));
  expect(extra, `${name}: fields outside the model`).toEqual([]);
}

function basic(id = standIn.clientId, secret = standIn.clientSecret): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
}

type Answer = { status: number; body: Loose; text: string; headers: Headers };

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: Loose = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: response.status, body, text, headers: response.headers };
}

async function post(
  path: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
  target: AkoyaStandIn = standIn,
): Promise<Answer> {
  return answer(
    await fetch(`${target.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(form),
      redirect: "manual",
    }),
  );
}

function exchange(
  code: string,
  redirectUri = REDIRECT,
  headers: Record<string, string> = { Authorization: basic() },
) {
  return post("/token", { grant_type: "authorization_code", code, redirect_uri: redirectUri }, headers);
}

function refresh(refreshToken: string, target: AkoyaStandIn = standIn) {
  return post(
    "/token",
    {
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: target.clientId,
      client_secret: target.clientSecret,
    },
    {},
    target,
  );
}

type Tokens = {
  access_token: string;
  id_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
};

async function tokensFor(
  username = "mikomo_1",
  providerId?: string,
  target: AkoyaStandIn = standIn,
): Promise<Tokens> {
  const { code } = target.authorize({ username, providerId, redirectUri: REDIRECT, state: "s-1" });
  const exchanged = await post(
    "/token",
    { grant_type: "authorization_code", code, redirect_uri: REDIRECT },
    { Authorization: basic(target.clientId, target.clientSecret) },
    target,
  );
  expect(exchanged.status, exchanged.text).toBe(200);
  return exchanged.body;
}

async function get(
  path: string,
  idToken: string | null,
  headers: Record<string, string> = {},
  target: AkoyaStandIn = standIn,
): Promise<Answer> {
  return answer(
    await fetch(`${target.url}${path}`, {
      headers: { ...(idToken ? { Authorization: `Bearer ${idToken}` } : {}), ...headers },
    }),
  );
}

function claims(jwt: string): Loose {
  return JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString("utf8"));
}

function expectCustomerNotAuthorized(reply: Answer): void {
  expect(reply.status, reply.text).toBe(401);
  expect(reply.body).toMatchObject({ code: 602, message: "Customer not authorized" });
  expectShape(reply.body, ERROR, "Error");
}

/** Every transaction of an account in a window, following links.next as Akoya asks. */
async function allTransactions(idToken: string, first: string): Promise<{ items: Loose[]; pages: number }> {
  const items: Loose[] = [];
  let path: string | undefined = first;
  let pages = 0;
  while (path) {
    const page = await get(path, idToken);
    expect(page.status, page.text).toBe(200);
    items.push(...page.body.transactions);
    pages += 1;
    path = page.body.links?.next?.href;
  }
  return { items, pages };
}

function inner(wrapped: Loose): Loose {
  return Object.values(wrapped)[0];
}

async function accountsOf(idToken: string): Promise<{ kind: string; body: Loose }[]> {
  const info = await get("/accounts-info/v2/mikomo", idToken);
  expect(info.status, info.text).toBe(200);
  return info.body.accounts.map((wrapped: Loose) => ({
    kind: Object.keys(wrapped)[0]!,
    body: inner(wrapped),
  }));
}

beforeAll(async () => {
  standIn = await startAkoyaStandIn({ now: () => clock });
});

beforeEach(() => {
  clock = new Date(START);
});

afterAll(async () => {
  await standIn.close();
});

// ---------------------------------------------------------------------------------------------
// The sign-in page, in happy-dom, redirecting to a local receiver
// ---------------------------------------------------------------------------------------------

type Receiver = { url: string; received: URL[]; close(): Promise<void> };

async function startReceiver(): Promise<Receiver> {
  const received: URL[] = [];
  const server: Server = createServer((request, response) => {
    received.push(new URL(request.url ?? "/", "http://receiver"));
    response.writeHead(200, { "Content-Type": "text/html" });
    response.end('<!doctype html><p id="app-callback">Back in the app</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/akoya/callback`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function authUrl(params: Record<string, string>): string {
  const search = new URLSearchParams({
    connector: "mikomo",
    client_id: standIn.clientId,
    response_type: "code",
    scope: "openid profile offline_access",
    state: "weft-state-1234",
    ...params,
  });
  return `${standIn.url}/auth?${search}`;
}

async function openPage(url: string): Promise<{ browser: Browser; page: BrowserPage }> {
  const browser = new Browser({ settings: { suppressInsecureJavaScriptEnvironmentWarning: true } });
  const page = browser.newPage();
  await page.goto(url);
  return { browser, page };
}

function input(page: BrowserPage, selector: string): HTMLInputElement {
  const found = page.mainFrame.document.querySelector(selector);
  if (!found) throw new Error(`no ${selector} on the page`);
  return found as unknown as HTMLInputElement;
}

async function submit(page: BrowserPage, selector: string): Promise<void> {
  (input(page, selector) as unknown as HTMLButtonElement).click();
  await page.waitUntilComplete();
}

describe("the sign-in page (GET /auth)", () => {
  it("signs mikomo_1 in after a wrong password and redirects with a one-time code and the state", async () => {
    const receiver = await startReceiver();
    const { browser, page } = await openPage(authUrl({ redirect_uri: receiver.url }));
    try {
      const document = page.mainFrame.document;
      expect(document.querySelector("#akoya-provider")?.textContent).toBe("Mikomo Bank");
      expect(document.querySelector('label[for="akoya-username"]')?.textContent).toBe("Username");
      expect(document.querySelector('label[for="akoya-password"]')?.textContent).toBe("Password");
      expect(input(page, "#akoya-password").type).toBe("password");
      expect(document.querySelector("#akoya-cancel")).not.toBeNull();

      input(page, "#akoya-username").value = "mikomo_1";
      input(page, "#akoya-password").value = "wrong";
      await submit(page, "#akoya-submit");
      const alert = page.mainFrame.document.querySelector('[role="alert"]');
      expect(alert?.textContent).toBe("The username or password is incorrect.");
      expect(input(page, "#akoya-username").value).toBe("mikomo_1");
      expect(receiver.received).toEqual([]);
      expect(standIn.requests.at(-1)).toMatchObject({ method: "POST", path: "/auth/login", status: 200 });

      input(page, "#akoya-password").value = "mikomo_1";
      await submit(page, "#akoya-submit");
      expect(receiver.received).toHaveLength(1);
      const callback = receiver.received[0]!;
      expect(callback.pathname).toBe("/akoya/callback");
      expect(callback.searchParams.get("state")).toBe("weft-state-1234");
      const code = callback.searchParams.get("code")!;
      expect(code).toMatch(/^[a-z0-9]{25}$/);
      expect(page.mainFrame.url).toBe(`${receiver.url}?code=${code}&state=weft-state-1234`);
      expect(page.mainFrame.document.querySelector("#app-callback")?.textContent).toBe("Back in the app");

      const tokens = await exchange(code, receiver.url);
      expect(tokens.status, tokens.text).toBe(200);
      expect(claims(tokens.body.id_token)).toMatchObject({ name: "mikomo_1", connectorId: "mikomo" });
      expect((await exchange(code, receiver.url)).status).toBe(400);
    } finally {
      await browser.close();
      await receiver.close();
    }
  });

  it("redirects with error=access_denied and the state on Cancel, issuing nothing", async () => {
    const receiver = await startReceiver();
    const { browser, page } = await openPage(
      authUrl({ redirect_uri: receiver.url, state: "cancel-state-99" }),
    );
    try {
      await submit(page, "#akoya-cancel");
      expect(receiver.received).toHaveLength(1);
      const callback = receiver.received[0]!;
      expect(callback.searchParams.get("error")).toBe("access_denied");
      expect(callback.searchParams.get("state")).toBe("cancel-state-99");
      expect(callback.searchParams.has("code")).toBe(false);
    } finally {
      await browser.close();
      await receiver.close();
    }
  });

  it("posts back as a plain form does: 302 to redirect_uri, and the request cannot be replayed", async () => {
    const page = await answer(await fetch(authUrl({ redirect_uri: REDIRECT, connector: "pekoe" })));
    expect(page.status).toBe(200);
    expect(page.text).toContain("Pekoe Credit Union");
    const req = /name="req" value="([^"]+)"/.exec(page.text)![1]!;
    const wrongProvider = await post("/auth/login", { req, username: "mikomo_1", password: "mikomo_1" });
    expect(wrongProvider.status).toBe(200);
    expect(wrongProvider.text).toContain('role="alert"');
    const signedIn = await post("/auth/login", {
      req,
      username: "pekoe_3",
      password: "pekoe_3",
      action: "login",
    });
    expect(signedIn.status).toBe(302);
    const location = new URL(signedIn.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get("state")).toBe("weft-state-1234");
    expect(location.searchParams.get("code")).toBeTruthy();
    const replay = await post("/auth/login", { req, username: "pekoe_3", password: "pekoe_3" });
    expect(replay.status).toBe(400);
    expect(replay.text).toContain('role="alert"');
  });

  it("answers an error page (400) for an unknown client_id, redirect_uri or connector, and redirects other errors", async () => {
    const cases: Record<string, string>[] = [
      { client_id: "someone-else", redirect_uri: REDIRECT },
      { client_id: "", redirect_uri: REDIRECT },
      { redirect_uri: "" },
      { redirect_uri: "not a url" },
      { redirect_uri: REDIRECT, connector: "nobank" },
      { redirect_uri: REDIRECT, connector: "" },
    ];
    for (const params of cases) {
      const reply = await answer(await fetch(authUrl(params), { redirect: "manual" }));
      expect(reply.status, JSON.stringify(params)).toBe(400);
      expect(reply.headers.get("content-type")).toMatch(/text\/html/);
      expect(reply.text).toContain('role="alert"');
    }
    const badType = await fetch(authUrl({ redirect_uri: REDIRECT, response_type: "token" }), {
      redirect: "manual",
    });
    expect(badType.status).toBe(302);
    const badTypeLocation = new URL(badType.headers.get("location")!);
    expect(badTypeLocation.searchParams.get("error")).toBe("invalid_request");
    expect(badTypeLocation.searchParams.get("state")).toBe("weft-state-1234");
    const noOpenid = await fetch(authUrl({ redirect_uri: REDIRECT, scope: "profile offline_access" }), {
      redirect: "manual",
    });
    expect(new URL(noOpenid.headers.get("location")!).searchParams.get("error")).toBe("invalid_scope");
  });

  it("refuses redirect URIs that are not registered when the stand-in is given some", async () => {
    const strict = await startAkoyaStandIn({ redirectUris: [REDIRECT] });
    try {
      const refused = await fetch(
        `${strict.url}/auth?${new URLSearchParams({
          connector: "mikomo",
          client_id: strict.clientId,
          redirect_uri: "https://evil.example/cb",
          response_type: "code",
          scope: "openid",
        })}`,
      );
      expect(refused.status).toBe(400);
      expect(() => strict.authorize({ redirectUri: "https://evil.example/cb" })).toThrow(/registered/);
      expect(strict.authorize({ redirectUri: REDIRECT }).code).toBeTruthy();
    } finally {
      await strict.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// /token and /revoke
// ---------------------------------------------------------------------------------------------

describe("the token endpoint", () => {
  it("exchanges a code (HTTP Basic) for an HS256 id_token, an access token and a refresh token", async () => {
    const { code } = standIn.authorize({ redirectUri: REDIRECT });
    const reply = await exchange(code);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.headers.get("cache-control")).toBe("no-store");
    expect(Object.keys(reply.body).sort()).toEqual([
      "access_token",
      "expires_in",
      "id_token",
      "refresh_token",
      "token_type",
    ]);
    expect(reply.body).toMatchObject({ token_type: "bearer", expires_in: 900 });
    const [head, payload, signature] = reply.body.id_token.split(".");
    expect(JSON.parse(Buffer.from(head, "base64url").toString())).toEqual({ alg: "HS256", typ: "JWT" });
    expect(createHmac("sha256", standIn.clientSecret).update(`${head}.${payload}`).digest("base64url")).toBe(
      signature,
    );
    const idClaims = claims(reply.body.id_token);
    expect(idClaims).toMatchObject({
      iss: `${standIn.url}/`,
      sub: "CghtaWtvbW9fMRIGbWlrb21v", // Dex's encoding of mikomo_1 at mikomo, as in Akoya's example
      aud: standIn.clientId,
      iat: START.getTime() / 1000,
      exp: START.getTime() / 1000 + 900,
      name: "mikomo_1",
      connectorId: "mikomo",
    });
    expect(idClaims.accounts).toEqual(standIn.accounts("mikomo_1").map((account) => account.accountId));
    expect(idClaims.grant_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("authenticates the client by Basic or by the form, and answers 401 invalid_client otherwise", async () => {
    const viaForm = await post("/token", {
      grant_type: "authorization_code",
      code: standIn.authorize({ redirectUri: REDIRECT }).code,
      redirect_uri: REDIRECT,
      client_id: standIn.clientId,
      client_secret: standIn.clientSecret,
    });
    expect(viaForm.status, viaForm.text).toBe(200);
    const { code } = standIn.authorize({ redirectUri: REDIRECT });
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: basic(standIn.clientId, "wrong") },
      { Authorization: basic("other", standIn.clientSecret) },
    ];
    for (const headers of attempts) {
      const refused = await exchange(code, REDIRECT, headers);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({
        error: "invalid_client",
        error_description: "Invalid client credentials.",
      });
    }
    // The code was not spent by the refused attempts.
    expect((await exchange(code)).status).toBe(200);
  });

  it("refuses a used, unknown or expired code, another redirect_uri, and a wrong grant_type", async () => {
    const { code } = standIn.authorize({ redirectUri: REDIRECT });
    const mismatch = await exchange(code, "https://weft.example/other");
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual({
      error: "invalid_request",
      error_description: "redirect_uri did not match URI from initial request",
    });
    expect((await exchange(code)).status).toBe(200);
    const reused = await exchange(code);
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({
      error: "invalid_request",
      error_description: "Invalid or expired code parameter.",
    });
    expect((await exchange("nonsense")).body.error).toBe("invalid_request");

    const late = standIn.authorize({ redirectUri: REDIRECT }).code;
    clock = new Date(START.getTime() + 5 * 60_000 + 1000);
    expect((await exchange(late)).body).toMatchObject({ error: "invalid_request" });
    clock = new Date(START);
    const timely = standIn.authorize({ redirectUri: REDIRECT }).code;
    clock = new Date(START.getTime() + 4 * 60_000);
    expect((await exchange(timely)).status).toBe(200);

    const wrongGrant = await post("/token", { grant_type: "password" }, { Authorization: basic() });
    expect(wrongGrant.status).toBe(400);
    expect(wrongGrant.body.error).toBe("invalid_grant");
    expect((await post("/token", {}, { Authorization: basic() })).body.error).toBe("invalid_grant");
  });

  it("rotates refresh tokens: each refresh answers new tokens and the old refresh token is refused", async () => {
    const first = await tokensFor("mikomo_3");
    clock = new Date(START.getTime() + 60_000);
    const second = await refresh(first.refresh_token);
    expect(second.status, second.text).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.id_token).not.toBe(first.id_token);
    expect(second.body.access_token).not.toBe(first.access_token);
    expect(claims(second.body.id_token)).toMatchObject({
      name: "mikomo_3",
      grant_id: claims(first.id_token).grant_id,
      iat: START.getTime() / 1000 + 60,
    });

    const replay = await refresh(first.refresh_token);
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({
      error: "invalid_request",
      error_description: "Refresh token is invalid or has already been claimed by another client.",
    });
    const third = await refresh(second.body.refresh_token);
    expect(third.status).toBe(200);
    // Basic auth works for refresh too; a missing refresh token is its own error.
    const viaBasic = await post(
      "/token",
      { grant_type: "refresh_token", refresh_token: third.body.refresh_token },
      { Authorization: basic() },
    );
    expect(viaBasic.status).toBe(200);
    const missing = await post("/token", { grant_type: "refresh_token" }, { Authorization: basic() });
    expect(missing.body).toEqual({
      error: "invalid_request",
      error_description: "No refresh token in request",
    });
    const wrongSecret = await post("/token", {
      grant_type: "refresh_token",
      refresh_token: viaBasic.body.refresh_token,
      client_id: standIn.clientId,
      client_secret: "nope",
    });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.error).toBe("invalid_client");
  });

  it("lets refresh tokens live 60 days, and issues none without offline_access", async () => {
    const tokens = await tokensFor("mikomo_4");
    clock = new Date(START.getTime() + 60 * DAY + 1000);
    expect((await refresh(tokens.refresh_token)).status).toBe(400);

    clock = new Date(START);
    const page = await answer(await fetch(authUrl({ redirect_uri: REDIRECT, scope: "openid profile" })));
    const req = /name="req" value="([^"]+)"/.exec(page.text)![1]!;
    const signedIn = await post("/auth/login", { req, username: "mikomo_4", password: "mikomo_4" });
    const code = new URL(signedIn.headers.get("location")!).searchParams.get("code")!;
    const exchanged = await exchange(code);
    expect(exchanged.status).toBe(200);
    expect(exchanged.body.refresh_token).toBeUndefined();
    expect(exchanged.body.id_token).toBeTruthy();
  });

  it("expires id_tokens after expires_in seconds (or at once with expireTokens); refreshing gives a working one", async () => {
    const tokens = await tokensFor("mikomo_5");
    clock = new Date(START.getTime() + 899_000);
    expect((await get("/customers/v2/mikomo/current", tokens.id_token)).status).toBe(200);
    clock = new Date(START.getTime() + 900_000);
    const expired = await get("/customers/v2/mikomo/current", tokens.id_token);
    expectCustomerNotAuthorized(expired);
    expect(expired.body.debugMessage).toMatch(/expired/);
    const renewed = await refresh(tokens.refresh_token);
    expect((await get("/customers/v2/mikomo/current", renewed.body.id_token)).status).toBe(200);

    standIn.expireTokens();
    expectCustomerNotAuthorized(await get("/customers/v2/mikomo/current", renewed.body.id_token));
    const again = await refresh(renewed.body.refresh_token);
    expect(again.status).toBe(200);
    expect((await get("/customers/v2/mikomo/current", again.body.id_token)).status).toBe(200);
  });

  it("revokes a consent at POST /revoke: 200 with no body, then its tokens stop working", async () => {
    const tokens = await tokensFor("mikomo_6");
    const other = await tokensFor("mikomo_6"); // a second consent of the same user stays
    const form = { token: tokens.refresh_token, token_type_hint: "refresh_token" };
    expect((await post("/revoke", { ...form, client_id: standIn.clientId })).body).toEqual({
      error: "invalid_request",
    });
    const wrong = await post("/revoke", { ...form, client_id: standIn.clientId, client_secret: "nope" });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: "unauthorized_client" });
    const hint = await post(
      "/revoke",
      { ...form, token_type_hint: "access_token" },
      { Authorization: basic() },
    );
    expect(hint.body).toEqual({ error: "unsupported_token_type" });

    const revoked = await post("/revoke", {
      ...form,
      client_id: standIn.clientId,
      client_secret: standIn.clientSecret,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.text).toBe("");
    const denied = await get("/accounts-info/v2/mikomo", tokens.id_token);
    expectCustomerNotAuthorized(denied);
    expect(denied.body.debugMessage).toMatch(/revoked/);
    expect((await refresh(tokens.refresh_token)).body.error).toBe("invalid_request");
    expect((await post("/revoke", form, { Authorization: basic() })).status).toBe(400);
    expect((await get("/accounts-info/v2/mikomo", other.id_token)).status).toBe(200);
  });

  it("revokes every consent of a user at the institution with revokeConsent", async () => {
    const tokens = await tokensFor("mikomo_7");
    standIn.revokeConsent("mikomo_7");
    expectCustomerNotAuthorized(await get("/balances/v2/mikomo", tokens.id_token));
    expect((await refresh(tokens.refresh_token)).status).toBe(400);
    // A new consent works again, with the same accounts.
    const renewed = await tokensFor("mikomo_7");
    expect((await get("/balances/v2/mikomo", renewed.id_token)).status).toBe(200);
    expect(claims(renewed.id_token).accounts).toEqual(claims(tokens.id_token).accounts);
    expect(() => standIn.revokeConsent("mikomo_99")).toThrow();
  });
});

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

describe("product calls and their tokens", () => {
  it("wants the id_token as bearer token: none, unknown or the access_token answer 401 with code 602", async () => {
    const tokens = await tokensFor();
    expectCustomerNotAuthorized(await get("/accounts-info/v2/mikomo", null));
    expectCustomerNotAuthorized(await get("/accounts-info/v2/mikomo", "not-a-token"));
    const access = await get("/accounts-info/v2/mikomo", tokens.access_token);
    expectCustomerNotAuthorized(access);
    expect(access.body.debugMessage).toMatch(/id_token/);
    expect((await get("/accounts-info/v2/mikomo", tokens.id_token)).status).toBe(200);
  });

  it("answers 403 for another version, an unknown provider or route; 401 for another provider's token", async () => {
    const tokens = await tokensFor();
    const version = await get("/accounts-info/v1/mikomo", tokens.id_token);
    expect(version.status).toBe(403);
    expectShape(version.body, ERROR, "Error");
    const provider = await get("/accounts-info/v2/nobank", tokens.id_token);
    expect(provider.status).toBe(403);
    expect(provider.body).toMatchObject({ code: 403, message: "Subscription not found" });
    expect((await get("/nothing/v2/mikomo", tokens.id_token)).status).toBe(403);
    expectCustomerNotAuthorized(await get("/accounts-info/v2/pekoe", tokens.id_token));
    const pekoe = await tokensFor("pekoe_1");
    expect((await get("/accounts-info/v2/pekoe", pekoe.id_token)).status).toBe(200);
  });

  it("records x-akoya-interaction-type and refuses values other than user and batch", async () => {
    const tokens = await tokensFor();
    expect(
      (await get("/balances/v2/mikomo", tokens.id_token, { "x-akoya-interaction-type": "batch" })).status,
    ).toBe(200);
    expect(standIn.requests.at(-1)).toMatchObject({
      path: "/balances/v2/mikomo",
      status: 200,
      interactionType: "batch",
    });
    const bad = await get("/balances/v2/mikomo", tokens.id_token, { "x-akoya-interaction-type": "robot" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(401);
    const token = standIn.requests.findLast((request) => request.path === "/token");
    expect(token?.grantType).toBe("authorization_code");
  });
});

describe("accounts, balances and holdings", () => {
  it("lists mikomo_1's checking, savings (depositAccount) and credit card (locAccount) with the model's fields", async () => {
    const tokens = await tokensFor("mikomo_1");
    const accounts = await accountsOf(tokens.id_token);
    expect(accounts.map((account) => [account.kind, account.body.accountType])).toEqual([
      ["depositAccount", "CHECKING"],
      ["depositAccount", "SAVINGS"],
      ["locAccount", "CREDITCARD"],
    ]);
    for (const { kind, body } of accounts) {
      expectShape(body, kind === "depositAccount" ? DEPOSIT_ACCOUNT : ACCOUNT_INFORMATION, kind);
      expect(body).toMatchObject({ status: "OPEN", currency: { currencyCode: "USD" } });
      expect(body.accountNumberDisplay).toMatch(/^x+\d{4}$/);
    }
    expect(accounts[2]!.body.balanceType).toBe("LIABILITY");
    expect(standIn.accounts("mikomo_1")).toEqual(
      accounts.map((account) => ({
        accountId: account.body.accountId,
        accountType: account.body.accountType,
      })),
    );

    const one = await get(
      `/accounts-info/v2/mikomo?accountIds=${accounts[1]!.body.accountId}`,
      tokens.id_token,
    );
    expect(one.body.accounts.map((wrapped: Loose) => inner(wrapped).accountType)).toEqual(["SAVINGS"]);
    const unknown = await get("/accounts-info/v2/mikomo?accountIds=nope", tokens.id_token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(701);
    expect((await get("/accounts-info/v2/mikomo?mode=standard", tokens.id_token)).status).toBe(200);
    expect((await get("/accounts-info/v2/mikomo?mode=fancy", tokens.id_token)).status).toBe(400);
  });

  it("answers balances consistent with the transactions, for deposit and credit card accounts", async () => {
    const tokens = await tokensFor("mikomo_1");
    const reply = await get("/balances/v2/mikomo", tokens.id_token);
    expect(reply.status).toBe(200);
    const [checking, savings, card] = reply.body.accounts.map(inner);
    expectShape(checking, DEPOSIT_BALANCES, "DepositBalances");
    expectShape(savings, DEPOSIT_BALANCES, "DepositBalances");
    expectShape(card, LOC_BALANCES, "LineOfCreditBalances");
    expect(checking.balanceAsOf).toBe("2025-03-14T15:00:00Z");
    expect(checking.currentBalance).toBeGreaterThan(0);
    const pendingDebits = (
      await allTransactions(tokens.id_token, `/transactions/v2/mikomo/${checking.accountId}?limit=1000`)
    ).items
      .map(inner)
      .filter((tx: Loose) => tx.status === "PENDING" && tx.debitCreditMemo === "DEBIT")
      .reduce((sum: number, tx: Loose) => sum + tx.amount, 0);
    expect(checking.availableBalance).toBeCloseTo(checking.currentBalance - pendingDebits, 2);
    expect(card.creditLine).toBeGreaterThan(0);
    expect(card.availableCredit).toBeLessThanOrEqual(card.creditLine - card.currentBalance);
    expect(card.lastPaymentAmount).toBeGreaterThan(0);

    // The savings balance moves by a new posted credit.
    standIn.addTransactions("mikomo_1", 1, { accountId: savings.accountId });
    const after = await get("/balances/v2/mikomo", tokens.id_token);
    const moved = inner(after.body.accounts[1]);
    expect(moved.currentBalance).toBeGreaterThan(savings.currentBalance);
  });

  it("gives mikomo_2 an investmentAccount with holdings at /accounts and their tax lots", async () => {
    const tokens = await tokensFor("mikomo_2");
    const info = await accountsOf(tokens.id_token);
    expect(info.map((account) => account.kind)).toEqual([
      "depositAccount",
      "depositAccount",
      "locAccount",
      "investmentAccount",
    ]);
    expectShape(info[3]!.body, INVESTMENT_ACCOUNT, "InvestmentAccount");
    const balances = await get("/balances/v2/mikomo", tokens.id_token);
    expectShape(inner(balances.body.accounts[3]), INVESTMENT_BALANCES, "InvestmentBalances");

    const details = await get("/accounts/v2/mikomo", tokens.id_token);
    expect(details.status).toBe(200);
    const brokerage = inner(details.body.accounts[3]);
    expectShape(brokerage, INVESTMENT_DETAILS, "InvestmentAccountWithAllDetails");
    expect(brokerage.holdings.map((holding: Loose) => holding.symbol)).toEqual([
      "VTI",
      "VXUS",
      "AAPL",
      "VFIAX",
    ]);
    let value = brokerage.availableCashBalance;
    for (const holding of brokerage.holdings) {
      expectShape(holding, HOLDING, "AnInvestmentHolding");
      expect(holding).toMatchObject({ securityIdType: "CUSIP", positionType: "LONG" });
      expect(holding.marketValue).toBeCloseTo(holding.units * holding.currentUnitPrice, 1);
      const lots = holding.taxLots.reduce((sum: number, lot: Loose) => sum + lot.quantity, 0);
      expect(lots).toBeCloseTo(holding.units, 2);
      value += holding.marketValue;
    }
    expect(brokerage.currentValue).toBeCloseTo(value, 1);
    expect(brokerage.holdings[3].holdingType).toBe("MUTUALFUND");
    expect(inner(details.body.accounts[0]).holdings).toBeUndefined();

    const holding = brokerage.holdings[0];
    const lots = await get(`/taxlots/v2/mikomo/${brokerage.accountId}/${holding.holdingId}`, tokens.id_token);
    expect(lots.status).toBe(200);
    expect(lots.body.holding).toMatchObject({ holdingId: holding.holdingId, securityId: "922908769" });
    for (const lot of lots.body.holding.taxLots) expectShape(lot, TAX_LOT, "Items");
    expect((await get(`/taxlots/v2/mikomo/${brokerage.accountId}/nope`, tokens.id_token)).status).toBe(404);
  });
});

describe("transactions", () => {
  it("serves the last 15 days by default, oldest first, positive amounts with DEBIT or CREDIT", async () => {
    const tokens = await tokensFor("mikomo_1");
    const [checking] = await accountsOf(tokens.id_token);
    const reply = await get(`/transactions/v2/mikomo/${checking!.body.accountId}`, tokens.id_token);
    expect(reply.status).toBe(200);
    expect(reply.body.transactions.length).toBeGreaterThan(0);
    expect(reply.body.transactions.length).toBeLessThanOrEqual(50);
    const items = reply.body.transactions.map((wrapped: Loose) => {
      expect(Object.keys(wrapped)).toEqual(["depositTransaction"]);
      return wrapped.depositTransaction;
    });
    let previous = "";
    for (const tx of items) {
      expectShape(tx, DEPOSIT_TRANSACTION, "DepositTransaction");
      expect(tx.amount).toBeGreaterThan(0);
      expect(["DEBIT", "CREDIT"]).toContain(tx.debitCreditMemo);
      expect(["POSTED", "PENDING"]).toContain(tx.status);
      expect(tx.accountId).toBe(checking!.body.accountId);
      const at = tx.postedTimestamp ?? tx.transactionTimestamp;
      expect(at >= "2025-02-27T15:00:00Z" && at <= "2025-03-14T15:00:00Z").toBe(true);
      expect(at >= previous).toBe(true);
      previous = at;
    }
    const pending = items.filter((tx: Loose) => tx.status === "PENDING");
    expect(pending.length).toBe(2);
    for (const tx of pending) expect(tx.postedTimestamp).toBeUndefined();
  });

  it("pages by link: links.next carries an opaque offset token, until every transaction of the window was served once", async () => {
    const tokens = await tokensFor("mikomo_1");
    const [checking] = await accountsOf(tokens.id_token);
    const id = checking!.body.accountId;
    const window = "startTime=2023-01-01T00:00:00Z&endTime=2025-03-14T15:00:00Z";
    const whole = await get(`/transactions/v2/mikomo/${id}?${window}&limit=1000`, tokens.id_token);
    expect(whole.body.links).toBeUndefined();
    const total = whole.body.transactions.length;
    expect(total).toBeGreaterThan(24 * 15);
    expect(total).toBeLessThan(1000);
    const ids = whole.body.transactions.map((wrapped: Loose) => inner(wrapped).transactionId);

    const first = await get(`/transactions/v2/mikomo/${id}?${window}&limit=100`, tokens.id_token);
    const next = new URL(first.body.links.next.href, standIn.url);
    expect(next.pathname).toBe(`/transactions/v2/mikomo/${id}`);
    expect([...next.searchParams.keys()]).toEqual(["endTime", "limit", "offset", "startTime"]);
    expect(next.searchParams.get("startTime")).toBe("2023-01-01T00:00:00Z");
    expect(next.searchParams.get("limit")).toBe("100");
    // Not a number: base64 of the provider's own cursor, as in Akoya's example.
    const token = next.searchParams.get("offset")!;
    expect(token).not.toMatch(/^\d+$/);
    expect(JSON.parse(Buffer.from(token, "base64").toString("utf8"))).toEqual({
      totalElements: total,
      offset: `#${ids[100]}`,
    });
    expect(first.body.links.prev).toBeUndefined();
    const paged = await allTransactions(tokens.id_token, `/transactions/v2/mikomo/${id}?${window}&limit=100`);
    expect(paged.pages).toBe(Math.ceil(total / 100));
    expect(paged.items.map((wrapped) => inner(wrapped).transactionId)).toEqual(ids);
    expect(new Set(paged.items.map((wrapped) => inner(wrapped).transactionId)).size).toBe(total);
    const second = await get(first.body.links.next.href, tokens.id_token);
    expect(inner(second.body.transactions[0]).transactionId).toBe(ids[100]);
    const back = await get(second.body.links.prev.href, tokens.id_token);
    expect(back.body.transactions).toEqual(first.body.transactions);

    const capped = await get(`/transactions/v2/mikomo/${id}?${window}&limit=5000`, tokens.id_token);
    expect(capped.body.transactions.length).toBe(total);
  });

  it("refuses an offset it did not issue, numbers included: later pages are its links", async () => {
    const tokens = await tokensFor("mikomo_1");
    const [checking, savings] = await accountsOf(tokens.id_token);
    const base = `/transactions/v2/mikomo/${checking!.body.accountId}?startTime=2023-01-01&endTime=2025-03-14&limit=50`;
    const first = await get(base, tokens.id_token);
    expect(first.body.transactions.length).toBe(50);
    for (const offset of ["0", "50", "500", "-1", "abc", Buffer.from('{"offset":50}').toString("base64")]) {
      const refused = await get(`${base}&offset=${encodeURIComponent(offset)}`, tokens.id_token);
      expect(refused.status, offset).toBe(400);
      expect(refused.body).toMatchObject({ code: 401, message: "Invalid input" });
      expect(refused.body.debugMessage).toContain("links.next");
    }
    // A token is the account's own: another account's link does not page this one.
    const token = new URL(first.body.links.next.href, standIn.url).searchParams.get("offset")!;
    const elsewhere = await get(
      `/transactions/v2/mikomo/${savings!.body.accountId}?offset=${encodeURIComponent(token)}`,
      tokens.id_token,
    );
    expect(elsewhere.status).toBe(400);
  });

  it("pages smaller than asked when the data provider caps its pages (transactionsPageLimit)", async () => {
    const small = await startAkoyaStandIn({ now: () => clock, transactionsPageLimit: 50 });
    try {
      const tokens = await tokensFor("mikomo_1", undefined, small);
      const [accountId] = small.accounts("mikomo_1").map((account) => account.accountId);
      const window = "startTime=2023-01-01T00:00:00Z&endTime=2025-03-14T15:00:00Z";
      const first = await get(
        `/transactions/v2/mikomo/${accountId}?${window}&limit=500`,
        tokens.id_token,
        {},
        small,
      );
      expect(first.status).toBe(200);
      expect(first.body.transactions.length).toBe(50);
      expect(new URL(first.body.links.next.href, small.url).searchParams.get("limit")).toBe("50");
      const whole: Loose[] = [];
      let path: string | undefined = `/transactions/v2/mikomo/${accountId}?${window}&limit=500`;
      let pages = 0;
      while (path) {
        const page = await get(path, tokens.id_token, {}, small);
        expect(page.body.transactions.length).toBeLessThanOrEqual(50);
        whole.push(...page.body.transactions);
        pages += 1;
        path = page.body.links?.next?.href;
      }
      expect(pages).toBe(Math.ceil(whole.length / 50));
      expect(pages).toBeGreaterThan(3);
      expect(new Set(whole.map((wrapped) => inner(wrapped).transactionId)).size).toBe(whole.length);
    } finally {
      await small.close();
    }
  });

  it("filters by startTime and endTime (a bare date is the whole day) and refuses bad windows", async () => {
    const tokens = await tokensFor("mikomo_1");
    const [checking] = await accountsOf(tokens.id_token);
    const base = `/transactions/v2/mikomo/${checking!.body.accountId}`;
    const june = await get(`${base}?startTime=2024-06-01&endTime=2024-06-30&limit=1000`, tokens.id_token);
    expect(june.status).toBe(200);
    for (const wrapped of june.body.transactions)
      expect(inner(wrapped).postedTimestamp.slice(0, 7)).toBe("2024-06");
    expect(june.body.transactions.length).toBe(20);

    const onlyStart = await get(`${base}?startTime=2024-06-01`, tokens.id_token);
    expect(onlyStart.status).toBe(400);
    expect(onlyStart.body).toMatchObject({ code: 702, message: "Invalid start or end date" });
    const notIso = await get(`${base}?startTime=06/01/2024&endTime=2024-06-30`, tokens.id_token);
    expect(notIso.body.code).toBe(702);
    const reversed = await get(`${base}?startTime=2024-07-01&endTime=2024-06-01`, tokens.id_token);
    expect(reversed.status).toBe(400);
    expect(reversed.body).toMatchObject({ code: 703, message: "Invalid date range" });
    for (const query of ["limit=0", "limit=abc"]) {
      const bad = await get(`${base}?${query}`, tokens.id_token);
      expect(bad.status, query).toBe(400);
      expect(bad.body.code).toBe(401);
    }
    const other = await get("/transactions/v2/mikomo/not-an-account", tokens.id_token);
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ code: 701, message: "Account not found" });
  });

  it("serves locTransaction for the card and investmentTransaction for the brokerage account", async () => {
    const tokens = await tokensFor("mikomo_2");
    const accounts = await accountsOf(tokens.id_token);
    const window = "startTime=2024-01-01&endTime=2024-12-31&limit=1000";
    const card = await get(
      `/transactions/v2/mikomo/${accounts[2]!.body.accountId}?${window}`,
      tokens.id_token,
    );
    expect(card.body.transactions.length).toBeGreaterThan(200);
    for (const wrapped of card.body.transactions) {
      expect(Object.keys(wrapped)).toEqual(["locTransaction"]);
      expectShape(wrapped.locTransaction, LOC_TRANSACTION, "LocTransaction");
    }
    const payments = card.body.transactions
      .map(inner)
      .filter((tx: Loose) => tx.description === "PAYMENT - THANK YOU");
    expect(payments.length).toBe(12);
    for (const payment of payments) expect(payment.debitCreditMemo).toBe("CREDIT");

    const brokerage = await get(
      `/transactions/v2/mikomo/${accounts[3]!.body.accountId}?${window}`,
      tokens.id_token,
    );
    const trades = brokerage.body.transactions.map((wrapped: Loose) => {
      expect(Object.keys(wrapped)).toEqual(["investmentTransaction"]);
      expectShape(wrapped.investmentTransaction, INVESTMENT_TRANSACTION, "InvestmentTransaction");
      return wrapped.investmentTransaction;
    });
    const bought = trades.filter((tx: Loose) => tx.transactionType === "PURCHASED");
    expect(bought.length).toBe(12);
    for (const tx of bought) {
      expect(tx).toMatchObject({ debitCreditMemo: "DEBIT", securityIdType: "CUSIP" });
      expect(tx.amount).toBeCloseTo(tx.units * tx.unitPrice, 1);
    }
    expect(trades.filter((tx: Loose) => tx.transactionType === "DIVIDEND").length).toBe(4);
  });

  it("makes the same history for the same user at first consent, and follows transactionsPerMonth", async () => {
    const again = await startAkoyaStandIn({ now: () => clock });
    const sparse = await startAkoyaStandIn({ now: () => clock, transactionsPerMonth: 8 });
    try {
      const window = "startTime=2024-06-01&endTime=2024-06-30&limit=1000";
      const mine = await tokensFor("mikomo_1");
      const theirs = await tokensFor("mikomo_1", undefined, again);
      const ids = standIn.accounts("mikomo_1").map((account) => account.accountId);
      expect(again.accounts("mikomo_1").map((account) => account.accountId)).toEqual(ids);
      const a = await get(`/transactions/v2/mikomo/${ids[0]}?${window}`, mine.id_token);
      const b = await get(`/transactions/v2/mikomo/${ids[0]}?${window}`, theirs.id_token, {}, again);
      expect(b.body).toEqual(a.body);

      const few = await tokensFor("mikomo_1", undefined, sparse);
      const counts = [];
      for (const accountId of ids) {
        const month = await get(`/transactions/v2/mikomo/${accountId}?${window}`, few.id_token, {}, sparse);
        counts.push(month.body.transactions.length);
      }
      expect(counts).toEqual([8, 2, 8]); // checking, savings (transfer and interest), card
    } finally {
      await again.close();
      await sparse.close();
    }
  });

  it("serves transactions added with addTransactions at once, pending ones without postedTimestamp", async () => {
    clock = new Date(START.getTime() + 3600_000);
    const tokens = await tokensFor("mikomo_8");
    const [, , card] = standIn.accounts("mikomo_8");
    const posted = standIn.addTransactions("mikomo_8", 2) as Loose[];
    const pending = standIn.addTransactions("mikomo_8", 1, {
      accountId: card!.accountId,
      pending: true,
    }) as Loose[];
    expect(posted.map((wrapped) => Object.keys(wrapped)[0])).toEqual([
      "depositTransaction",
      "depositTransaction",
    ]);
    expect(posted[0].depositTransaction).toMatchObject({
      status: "POSTED",
      postedTimestamp: "2025-03-14T16:00:00Z",
      transactionTimestamp: "2025-03-14T16:00:00Z",
    });
    expect(pending[0].locTransaction.status).toBe("PENDING");
    expect(pending[0].locTransaction.postedTimestamp).toBeUndefined();

    const checking = await get(
      `/transactions/v2/mikomo/${standIn.accounts("mikomo_8")[0]!.accountId}?limit=1000`,
      tokens.id_token,
    );
    const byId = (left: Loose, right: Loose) =>
      inner(left).transactionId < inner(right).transactionId ? -1 : 1;
    expect(checking.body.transactions.slice(-2).sort(byId)).toEqual([...posted].sort(byId));
    const cardReply = await get(`/transactions/v2/mikomo/${card!.accountId}?limit=1000`, tokens.id_token);
    expect(cardReply.body.transactions.at(-1)).toEqual(pending[0]);
    expect(() => standIn.addTransactions("mikomo_9", 1)).toThrow(/not consented/);
  });
});

describe("payment networks, customer, contacts, statements", () => {
  it("answers ACH payment networks for deposit accounts (routing and account numbers), 704 for a card", async () => {
    const tokens = await tokensFor("mikomo_1");
    const [checking, savings, card] = await accountsOf(tokens.id_token);
    for (const account of [checking!, savings!]) {
      const reply = await get(
        `/payments/v2/mikomo/${account.body.accountId}/payment-networks`,
        tokens.id_token,
      );
      expect(reply.status).toBe(200);
      expect(reply.body.paymentNetworks).toHaveLength(1);
      const network = reply.body.paymentNetworks[0];
      expectShape(network, PAYMENT_NETWORK, "PaymentNetworkSupportedByAccount");
      expect(network).toMatchObject({
        bankId: "125000024",
        identifierType: "ACCOUNT_NUMBER",
        type: "US_ACH",
        transferIn: true,
        transferOut: true,
      });
      expect(network.identifier).toMatch(/^\d{10}$/);
      expect(network.identifier.slice(-4)).toBe(account.body.accountNumberDisplay.slice(-4));
    }
    const refused = await get(
      `/payments/v2/mikomo/${card!.body.accountId}/payment-networks`,
      tokens.id_token,
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 704, message: "Account type not supported" });
    const pekoe = await tokensFor("pekoe_1");
    const pekoeChecking = standIn.accounts("pekoe_1")[0]!.accountId;
    const network = await get(`/payments/v2/pekoe/${pekoeChecking}/payment-networks`, pekoe.id_token);
    expect(network.body.paymentNetworks[0].bankId).toBe("123456780");
  });

  it("answers the current customer and the account's contacts", async () => {
    const tokens = await tokensFor("mikomo_1");
    const reply = await get("/customers/v2/mikomo/current", tokens.id_token);
    expect(reply.status).toBe(200);
    expectShape(reply.body.customer, CUSTOMER, "Customer");
    expect(reply.body.customer).toMatchObject({
      name: { first: "Philip", middle: "H", last: "Lovett" },
      addresses: [{ line1: "7572 CHOWNING RD", city: "SPRINGFIELD", state: "TN", postalCode: "37172-6488" }],
      email: ["PhilipHLovett@mikomotest.com"],
    });
    expect(reply.body.customer.customerId).toMatch(/^\d{10}$/);
    const other = await tokensFor("mikomo_3");
    expect((await get("/customers/v2/mikomo/current", other.id_token)).body.customer.name.first).not.toBe(
      "Philip",
    );

    const accountId = standIn.accounts("mikomo_1")[0]!.accountId;
    const contacts = await get(`/contacts/v2/mikomo/${accountId}`, tokens.id_token);
    expect(contacts.status).toBe(200);
    expectShape(contacts.body, ACCOUNT_CONTACT, "AccountContactEntity");
    expectShape(contacts.body.holders[0], ACCOUNT_HOLDER, "AccountHolderEntity");
    expect(contacts.body.holders[0]).toMatchObject({ relationship: "PRIMARY", accounts: [accountId] });
  });

  it("lists monthly statements with links to their PDFs, paged", async () => {
    const tokens = await tokensFor("mikomo_1");
    const accountId = standIn.accounts("mikomo_1")[0]!.accountId;
    const list = await get(`/statements/v2/mikomo/${accountId}?limit=10`, tokens.id_token);
    expect(list.status).toBe(200);
    expect(list.body.statements).toHaveLength(10);
    expect(list.body.links.next.href).toBe(`/statements/v2/mikomo/${accountId}?limit=10&offset=10`);
    const statement = list.body.statements[0];
    expect(statement).toMatchObject({
      accountId,
      statementDate: "2023-03-31",
      status: "AVAILABLE",
      links: [{ action: "GET", types: ["application/pdf"] }],
    });
    const year = await get(
      `/statements/v2/mikomo/${accountId}?startTime=2024-01-01&endTime=2024-12-31`,
      tokens.id_token,
    );
    expect(year.body.statements.map((item: Loose) => item.statementDate.slice(0, 4))).toEqual(
      Array(12).fill("2024"),
    );

    const pdf = await fetch(`${standIn.url}${statement.links[0].href}`, {
      headers: { Authorization: `Bearer ${tokens.id_token}`, Accept: "application/pdf" },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await pdf.arrayBuffer()).toString("latin1");
    expect(bytes.startsWith("%PDF-1.4")).toBe(true);
    expect(bytes).toContain("March 2023");
    expect(bytes).toContain("Closing balance");
    const json = await get(statement.links[0].href, tokens.id_token, { Accept: "application/json" });
    expect(json.status).toBe(406);
    expect((await get(`/statements/v2/mikomo/${accountId}/nope`, tokens.id_token)).status).toBe(404);
  });
});

describe("failures on demand", () => {
  it("answers 429 with Retry-After and code 1207 for the matching calls only, as many times as asked", async () => {
    const tokens = await tokensFor("mikomo_1");
    const accountId = standIn.accounts("mikomo_1")[0]!.accountId;
    standIn.failNext("/transactions/", 429, 2);
    expect((await get("/balances/v2/mikomo", tokens.id_token)).status).toBe(200);
    for (let index = 0; index < 2; index += 1) {
      const limited = await get(`/transactions/v2/mikomo/${accountId}`, tokens.id_token);
      expect(limited.status).toBe(429);
      expect(limited.headers.get("retry-after")).toBe("1");
      expect(limited.body).toMatchObject({ code: 1207, message: "Too many requests" });
      expectShape(limited.body, ERROR, "Error");
    }
    expect((await get(`/transactions/v2/mikomo/${accountId}`, tokens.id_token)).status).toBe(200);
    expect(standIn.requests.filter((request) => request.status === 429).length).toBeGreaterThanOrEqual(2);

    standIn.failNext(/^\/balances\//, 503);
    const down = await get("/balances/v2/mikomo", tokens.id_token);
    expect(down.status).toBe(503);
    expect(down.body.code).toBe(502);
  });

  it("fails the token endpoint with an OAuth error body", async () => {
    const tokens = await tokensFor("mikomo_1");
    standIn.failNext("/token", 429);
    const limited = await refresh(tokens.refresh_token);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("1");
    expect(limited.body).toEqual({ error: "temporarily_unavailable" });
    // The refused refresh did not spend the refresh token.
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
  });
});

describe("test users", () => {
  it("has mikomo_1 … mikomo_9 and pekoe_1 … pekoe_9, password = username, investments for _2", () => {
    expect(TEST_USERS.filter((user) => user.providerId === "mikomo").map((user) => user.username)).toEqual(
      Array.from({ length: 9 }, (_, index) => `mikomo_${index + 1}`),
    );
    for (const user of TEST_USERS) expect(user.password).toBe(user.username);
    expect(TEST_USERS.filter((user) => user.investments).map((user) => user.username)).toEqual([
      "mikomo_2",
      "pekoe_2",
    ]);
    expect(() => standIn.authorize({ username: "someone", redirectUri: REDIRECT })).toThrow(/no test user/);
    expect(() =>
      standIn.authorize({ username: "mikomo_1", providerId: "pekoe", redirectUri: REDIRECT }),
    ).toThrow();
  });
});
