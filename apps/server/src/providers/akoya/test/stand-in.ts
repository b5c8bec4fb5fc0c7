import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { escapeHtml } from "../../../http/html.ts";
import { buildPdf } from "../../test/pdf.ts";

/**
 * A local stand-in for Akoya's Data Access Network, so that Weft's tests never reach Akoya: its
 * OAuth 2.0 / OpenID Connect identity provider (sandbox-idp.ddp.akoya.com) and its FDX-based
 * products API (sandbox-products.ddp.akoya.com), both on ONE node:http server: point Weft's IdP
 * base URL and its products base URL at the same `url`.
 *
 * It is modelled on Akoya's published API description — the APIMatic SDK generated from Akoya's
 * OpenAPI (twocentinc/akoya-typescript-sdk: src/controllers/*.ts for the paths, query parameters and
 * headers, doc/models/*.md for the FDX shapes) — and on Akoya's documentation (docs.akoya.com: "Get
 * authorization code", "Auth code errors", "Token", "Token API errors", "Revoke", "ID token details",
 * "Token management" tests, "Pagination", "Data access API errors"), not on Weft's adapter. All
 * state lives in memory; only node built-ins (and the shared PDF builder) are used.
 *
 * What it models, in short:
 * - GET /auth?connector&client_id&redirect_uri&state&response_type=code&scope: a sign-in page for
 *   the provider ("mikomo", Mikomo Bank, Akoya's sandbox provider; and "pekoe", Pekoe Credit Union)
 *   with the sandbox's test users (`mikomo_1` … `mikomo_9`, password = username; `pekoe_1` …
 *   `pekoe_9` likewise). Signing in consents to all of the user's accounts (there is no account
 *   selection screen), issues a one-time authorization code valid 5 minutes of the stand-in's clock
 *   and redirects to `redirect_uri?code=…&state=…`; Cancel redirects with `error=access_denied`. An
 *   unknown client_id, a missing or unregistered redirect_uri or an unknown connector answer an
 *   error page (400), as Akoya does; a response_type other than "code" or a scope without "openid"
 *   redirect with `error=invalid_request` / `error=invalid_scope`. `state` is optional (echoed when
 *   given). The page's form posts to POST /auth/login (url-encoded or multipart).
 * - POST /token (form): client authentication by HTTP Basic (what Akoya documents for the code
 *   exchange) or by client_id/client_secret in the form (what it documents for refresh); both
 *   grants answer `{access_token, expires_in, id_token, refresh_token, token_type: "bearer"}`. The
 *   refresh token is only issued when the scope had `offline_access`. Refresh tokens ROTATE: a
 *   refresh answers a new refresh token and the old one is refused from then on. Errors are Akoya's
 *   documented ones (docs.akoya.com "Token API errors"): 401 invalid_client "Invalid client
 *   credentials."; 400 invalid_request for a wrong, expired or used code ("Invalid or expired code
 *   parameter."), a redirect_uri unlike the /auth one, a missing refresh token ("No refresh token in
 *   request") and an unknown, used, expired or revoked one ("Refresh token is invalid or has already
 *   been claimed by another client."); 400 invalid_grant for a missing or unknown grant_type.
 * - POST /revoke (form: token = the refresh token, token_type_hint = refresh_token, client
 *   credentials in the form or by Basic): 200 with an empty body; the consent is revoked and all of
 *   its tokens stop working. 400 invalid_request (no credentials, unknown or used token), 400
 *   unsupported_token_type (another hint), 401 unauthorized_client (wrong secret), as documented.
 * - The id_token is a JWT signed HS256 with the client secret, with Akoya's claims (iss, sub in
 *   Dex's encoding of user and connector, aud = client_id, exp, iat, auth_time, at_hash, name = the
 *   username, connectorId, accounts, products, grant_id, jti, sid); it lives `expires_in` seconds
 *   (default 900). The stand-in looks tokens up rather than verifying them. The access_token is
 *   opaque and is NOT accepted by the products API ("The id_token should be used as the bearer
 *   token"). Refresh tokens are opaque and live 60 days. Authorization codes live 5 minutes.
 * - Products (Authorization: Bearer <id_token>; version must be "v2"):
 *     GET /accounts-info/v2/{providerId}                   ?accountIds=a,b &mode=raw|standard
 *     GET /balances/v2/{providerId}                        ?accountIds &mode
 *     GET /accounts/v2/{providerId}                        ?accountIds &mode   (investments: holdings)
 *     GET /transactions/v2/{providerId}/{accountId}        ?startTime &endTime &offset &limit &mode
 *     GET /payments/v2/{providerId}/{accountId}/payment-networks
 *     GET /customers/v2/{providerId}/current
 *     GET /contacts/v2/{providerId}/{accountId}
 *     GET /statements/v2/{providerId}/{accountId}          ?startTime &endTime &offset &limit
 *     GET /statements/v2/{providerId}/{accountId}/{statementId}   (application/pdf)
 *     GET /taxlots/v2/{providerId}/{accountId}/{holdingId}
 *   The optional x-akoya-interaction-type header must be "user" or "batch" (recorded). Errors carry
 *   FDX's error entity with an integer code (Akoya's "Data access API errors"): 401/602 "Customer not
 *   authorized" for a missing, unknown, expired or revoked token (and for the access_token, or a
 *   token of another provider); 403/403 "Subscription not found" for an unknown providerId; 403/403
 *   "Forbidden" for any version but v2 or an unknown route (Akoya: "403 ... the route is incorrect.
 *   For example, if the version number is wrong"); 400/401 "Invalid input" (bad offset, limit, mode
 *   or interaction type; mode is checked but changes nothing); 400/702 "Invalid start or end date";
 *   400/703 "Invalid date range"; 400/704 "Account type not supported"; 404/701 "Account not found";
 *   429/1207 "Too many requests" (from failNext, with Retry-After).
 * - Transactions: 24 months of history per user, made deterministically (seeded by provider and
 *   username) when the user first consents; served oldest first, filtered on postedTimestamp
 *   (transactionTimestamp for pending ones) with startTime/endTime (ISO 8601, both or neither;
 *   default the last 15 days; a bare date means the whole day), paged by link as Akoya's
 *   "Pagination" describes: the first call gives limit (default 50, at most 1000, or the smaller
 *   `transactionsPageLimit`: larger limits are cut to it) and no offset; later pages are
 *   links.next.href (and links.prev.href), relative like Akoya's: "/transactions/v2/mikomo/
 *   {accountId}?endTime=…&limit=…&offset=…&startTime=…", whose offset is an opaque base64 token
 *   ({"totalElements":…,"offset":"#<transactionId>"}, as in Akoya's example). An offset it did not
 *   issue (a number, 0 included) is 400/401 "Invalid input". Amounts are positive; debitCreditMemo
 *   says DEBIT or CREDIT. Checking and credit card accounts get `transactionsPerMonth` a month (the
 *   recurring payroll, rent, card payment and savings transfer included), savings two (the transfer
 *   and interest), brokerage a contribution and a purchase a month and a dividend a quarter; two
 *   pending transactions from the last two days on checking and on the card. A later consent of the
 *   same user (after a revocation) sees the same accounts and history.
 * - Statements: one a month for every month of history that has ended, listed as FDX statements
 *   ({statements: [{accountId, statementId, statementDate, description, links, status}], links}) and
 *   served as one-page PDFs (Accept must allow application/pdf: 406 otherwise).
 */

// ---------------------------------------------------------------------------------------------
// Public types
// ---------------------------------------------------------------------------------------------

export type AkoyaStandInOptions = {
  clientId?: string;
  clientSecret?: string;
  /** The stand-in's clock: code and token expiry, transaction dates, balances. */
  now?: () => Date;
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** Transactions per month on each checking and credit card account (default 20); see history. */
  transactionsPerMonth?: number;
  /**
   * The most transactions a page holds, whatever `limit` asks (default and at most 1000): a data
   * provider that pages smaller than asked. The rest is in links.next.
   */
  transactionsPageLimit?: number;
  /** Lifetime of id_tokens and access_tokens, the token response's expires_in (default 900 seconds). */
  idTokenLifetimeSeconds?: number;
  /** The app's registered redirect URIs; /auth refuses others. Default: any absolute http(s) URI. */
  redirectUris?: string[];
};

export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
  /** POST /token: the form's grant_type. */
  grantType?: string;
  /** Products: the x-akoya-interaction-type header, when sent. */
  interactionType?: string;
};

export type AkoyaStandIn = {
  /** "http://127.0.0.1:PORT": the IdP (/auth, /token, /revoke) and the products API alike. */
  url: string;
  clientId: string;
  clientSecret: string;
  /**
   * Test setup: a completed consent for a user at a provider (default mikomo_1 at mikomo; all of
   * the user's accounts; scope openid profile offline_access), as if the user went through /auth:
   * the code to exchange at /token (redirect_uri must match). Throws for an unknown test user.
   */
  authorize(options: { username?: string; providerId?: string; redirectUri: string; state?: string }): {
    code: string;
  };
  /**
   * The consent is revoked at the institution: its id_tokens answer 401 with code 602, its refresh
   * tokens invalid_request. The provider defaults to the username's (mikomo_1 → mikomo).
   */
  revokeConsent(username: string, providerId?: string): void;
  /** Makes every id_token (and access_token) issued so far expire now: refresh must be used. */
  expireTokens(): void;
  /**
   * The next `times` (default 1) requests whose path matches `pathPattern` (a substring or RegExp)
   * answer this HTTP status: products with FDX's error entity (429: code 1207 and Retry-After: 1),
   * /token and /revoke with an OAuth error, /auth with an error page. Products check it after the
   * token, so only authorized calls take it.
   */
  failNext(pathPattern: string | RegExp, status: number, times?: number): void;
  /**
   * New transactions dated now on one of the user's accounts (default the first: checking), served
   * at once. Returns them as the transactions endpoint serves them ({ depositTransaction: {...} }).
   */
  addTransactions(
    username: string,
    count: number,
    options?: { accountId?: string; pending?: boolean; providerId?: string },
  ): unknown[];
  /** The user's accounts (after a first consent), in the order accounts-info lists them. */
  accounts(username: string, providerId?: string): { accountId: string; accountType: string }[];
  /** Every request received: method, path, query, status (and grant_type / interaction type). */
  readonly requests: readonly RecordedRequest[];
  close(): Promise<void>;
};

// ---------------------------------------------------------------------------------------------
// Reference data: providers and their sandbox test users
// ---------------------------------------------------------------------------------------------

type Provider = { id: string; name: string; routingNumber: string; cardName: string };

/**
 * Akoya's sandbox provider Mikomo (routing number from the SDK's payment-networks example), and a
 * second one so that a Weft user can hold two connections.
 */
export const PROVIDERS: readonly Provider[] = [
  { id: "mikomo", name: "Mikomo Bank", routingNumber: "125000024", cardName: "Mikomo Rewards Visa" },
  { id: "pekoe", name: "Pekoe Credit Union", routingNumber: "123456780", cardName: "Pekoe Cash Back Card" },
];

export type TestUser = { providerId: string; username: string; password: string; investments: boolean };

/**
 * `{provider}_1` … `{provider}_9`, password = username. Each has a checking and a savings account
 * (depositAccount) and a credit card (locAccount); `{provider}_2` also has a brokerage account
 * (investmentAccount) with holdings.
 */
export const TEST_USERS: readonly TestUser[] = PROVIDERS.flatMap((provider) =>
  Array.from({ length: 9 }, (_, index) => {
    const username = `${provider.id}_${index + 1}`;
    return { providerId: provider.id, username, password: username, investments: index + 1 === 2 };
  }),
);

const SUPPORTED_VERSION = "v2";
const DAY_MS = 86_400_000;
const CODE_LIFETIME_MS = 5 * 60_000;
const AUTH_REQUEST_LIFETIME_MS = 30 * 60_000;
const REFRESH_LIFETIME_MS = 60 * DAY_MS;
const HISTORY_DAYS = 730;
const DEFAULT_WINDOW_DAYS = 15;
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 1000;
const RETRY_AFTER_SECONDS = 1;
const KNOWN_SCOPES = new Set(["openid", "profile", "offline_access", "email"]);
/** The products claim of the id_token (Akoya lists the products the app subscribes to). */
const PRODUCTS = [
  "ACCOUNT_BASIC",
  "ACCOUNT_DETAILED",
  "BALANCES",
  "CUSTOMERS",
  "INVESTMENTS",
  "PAYMENTS",
  "STATEMENTS",
  "TRANSACTIONS",
];

// ---------------------------------------------------------------------------------------------
// Replies and errors
// ---------------------------------------------------------------------------------------------

type Json = Record<string, unknown>;

type Reply = {
  status: number;
  headers?: Record<string, string>;
  json?: unknown;
  html?: string;
  pdf?: Buffer;
  /** 302 to this location. */
  location?: string;
};

class Failure extends Error {
  readonly reply: Reply;
  constructor(reply: Reply) {
    super(`HTTP ${reply.status}`);
    this.reply = reply;
  }
}

/** FDX's error entity, with Akoya's integer codes. */
function fdx(status: number, code: number, message: string, debugMessage?: string): never {
  throw new Failure({ status, json: debugMessage ? { code, message, debugMessage } : { code, message } });
}

function notAuthorized(debugMessage: string): never {
  return fdx(401, 602, "Customer not authorized", debugMessage);
}

function invalidInput(debugMessage: string): never {
  return fdx(400, 401, "Invalid input", debugMessage);
}

function accountNotFound(accountId: string): never {
  return fdx(404, 701, "Account not found", `No account ${accountId} in this consent.`);
}

/** OAuth 2.0 error bodies of /token and /revoke (Akoya's "Token API errors"). */
function oauth(
  status: number,
  error: string,
  description?: string,
  headers: Record<string, string> = {},
): never {
  throw new Failure({
    status,
    headers: { "Cache-Control": "no-store", Pragma: "no-cache", ...headers },
    json: description ? { error, error_description: description } : { error },
  });
}

function errorPage(status: number, title: string, message: string): never {
  throw new Failure({ status, html: page(title, `<h1>${escapeHtml(title)}</h1>${alert(message)}`) });
}

/** Bodies failNext answers products with. */
const FDX_FAILURES: Record<number, { code: number; message: string }> = {
  400: { code: 401, message: "Invalid input" },
  401: { code: 602, message: "Customer not authorized" },
  403: { code: 403, message: "Subscription not found" },
  404: { code: 701, message: "Account not found" },
  408: { code: 408, message: "Request timed out" },
  429: { code: 1207, message: "Too many requests" },
  500: { code: 500, message: "Internal server error" },
  501: { code: 501, message: "Subsystem unavailable" },
  503: { code: 502, message: "Scheduled maintenance" },
};

// ---------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------

type Kind = "checking" | "savings" | "creditCard" | "investment";
type Memo = "DEBIT" | "CREDIT";

type Security = { symbol: string; name: string; cusip: string; type: "STOCK" | "MUTUALFUND"; price: number };

type TxRecord = {
  id: string;
  account: AccountRecord;
  amount: number;
  memo: Memo;
  description: string;
  payee: string | null;
  category: string | null;
  type: string;
  status: "POSTED" | "PENDING";
  transactionTimestamp: Date;
  postedTimestamp: Date | null;
  checkNumber: number | null;
  trade: { security: Security; units: number; unitPrice: number } | null;
};

type Lot = { date: Date; units: number; price: number };

type HoldingRecord = { id: string; security: Security; lots: Lot[] };

type AccountRecord = {
  id: string;
  kind: Kind;
  number: string;
  display: string;
  openedDate: Date;
  openingBalance: number;
  creditLine: number;
  transactions: TxRecord[];
  holdings: HoldingRecord[];
  serial: number;
  checkNumber: number;
};

type Person = {
  customerId: string;
  first: string;
  middle: string;
  last: string;
  line1: string;
  city: string;
  region: string;
  postalCode: string;
  email: string;
  phone: string;
};

type UserData = {
  key: string;
  provider: Provider;
  user: TestUser;
  person: Person;
  accounts: AccountRecord[];
  createdAt: Date;
  rng: () => number;
};

type Consent = {
  id: string;
  sid: string;
  data: UserData;
  accountIds: string[];
  createdAt: Date;
  revoked: boolean;
};

type CodeRecord = {
  consent: Consent;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  expiresAt: Date;
  used: boolean;
};

type BearerRecord = {
  consent: Consent;
  expiresAt: Date;
  expired: boolean;
  kind: "id_token" | "access_token";
};

type RefreshRecord = { consent: Consent; clientId: string; scopes: string[]; expiresAt: Date; used: boolean };

type AuthRequest = {
  id: string;
  provider: Provider;
  clientId: string;
  redirectUri: string;
  state: string | null;
  scopes: string[];
  expiresAt: Date;
  done: boolean;
};

type QueuedFailure = { pattern: string | RegExp; status: number; remaining: number };

type State = {
  url: string;
  clientId: string;
  clientSecret: string;
  now: () => Date;
  transactionsPerMonth: number;
  transactionsPageLimit: number;
  tokenLifetimeSeconds: number;
  redirectUris: string[] | null;
  users: Map<string, UserData>;
  consents: Consent[];
  authRequests: Map<string, AuthRequest>;
  codes: Map<string, CodeRecord>;
  bearers: Map<string, BearerRecord>;
  refreshTokens: Map<string, RefreshRecord>;
  failures: QueuedFailure[];
  requests: RecordedRequest[];
};

// ---------------------------------------------------------------------------------------------
// Small helpers: hashing, seeded randomness, dates, money, HTML
// ---------------------------------------------------------------------------------------------

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

function hexId(text: string, length = 32): string {
  return digest(text).toString("hex").slice(0, length);
}

function uuidFrom(text: string): string {
  const hex = digest(text).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function digitsFrom(text: string, count: number): string {
  const bytes = digest(text);
  let out = "";
  for (let index = 0; out.length < count; index += 1) out += String(bytes[index % bytes.length]! % 10);
  return out;
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function base62From(text: string, length: number): string {
  const bytes = digest(text);
  return Array.from({ length }, (_, index) => BASE62[bytes[index % bytes.length]! % 62]).join("");
}

/** mulberry32, seeded from a string. */
function rngFrom(text: string): () => number {
  let seed = digest(text).readUInt32BE(0);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function between(rng: () => number, [low, high]: readonly [number, number]): number {
  return money(low + rng() * (high - low));
}

function money(value: number): number {
  return Math.round(value * 100) / 100;
}

function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString("base64url");
}

/** "2021-01-27T10:15:00Z": ISO 8601 in UTC without milliseconds, as Akoya's examples. */
function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** The stand-in's data carries whole seconds (as Akoya's timestamps do). */
function wholeSeconds(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

function alert(message: string): string {
  return `<p id="akoya-error" role="alert">${escapeHtml(message)}</p>`;
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; background: #f3f5f8; color: #1d2433; margin: 0; }
main { max-width: 24rem; margin: 4rem auto; background: #fff; padding: 2rem; border-radius: 12px;
  box-shadow: 0 2px 12px rgba(0,0,0,.08); }
.network { font-size: .8rem; letter-spacing: .08em; text-transform: uppercase; color: #5b6478; }
label { display: block; margin-top: 1rem; font-weight: 600; }
input { width: 100%; box-sizing: border-box; padding: .6rem; margin-top: .3rem; border: 1px solid #c5cad6;
  border-radius: 6px; font-size: 1rem; }
.actions { display: flex; gap: .5rem; margin-top: 1.5rem; }
button { flex: 1; padding: .7rem; border-radius: 6px; border: 1px solid #1f4fd1; font-size: 1rem; }
#akoya-submit { background: #1f4fd1; color: #fff; }
#akoya-cancel { background: #fff; color: #1f4fd1; }
[role="alert"] { background: #fdecec; color: #9b1c1c; padding: .6rem; border-radius: 6px; }
.hint { font-size: .8rem; color: #5b6478; margin-top: 1.5rem; }
</style>
</head>
<body><main>${body}</main></body>
</html>
`;
}

// ---------------------------------------------------------------------------------------------
// History: 24 months per user, made deterministically at the first consent
// ---------------------------------------------------------------------------------------------

type Template = {
  description: string;
  payee: string | null;
  category: string | null;
  type: string;
  memo: Memo;
  range: [number, number];
  weight: number;
  check?: boolean;
  /** Rounded to this many dollars (ATM withdrawals). */
  step?: number;
};

function template(
  description: string,
  payee: string | null,
  category: string | null,
  type: string,
  memo: Memo,
  range: [number, number],
  weight: number,
  extra: Partial<Template> = {},
): Template {
  return { description, payee, category, type, memo, range, weight, ...extra };
}

// Categories are MCC codes ("Transaction category, preferably MCC or SIC").
// biome-ignore format: a table reads best one template per row
const CHECKING_TEMPLATES: readonly Template[] = [
  template("WHOLEFDS MKT 10234 SEATTLE WA", "Whole Foods Market", "5411", "POSDEBIT", "DEBIT", [18, 160], 10),
  template("SAFEWAY #1551 SEATTLE WA", "Safeway", "5411", "POSDEBIT", "DEBIT", [12, 120], 8),
  template("WALGREENS #4821 SEATTLE WA", "Walgreens", "5912", "POSDEBIT", "DEBIT", [6, 60], 4),
  template("ATM WITHDRAWAL 000123 5TH AVE SEATTLE WA", null, "6011", "ATMWITHDRAWAL", "DEBIT", [20, 200], 4, { step: 20 }),
  template("SEATTLE CITY LIGHT BILL PAY", "Seattle City Light", "4900", "BILLPAYMENT", "DEBIT", [45, 130], 2),
  template("T-MOBILE AUTOPAY", "T-Mobile", "4814", "BILLPAYMENT", "DEBIT", [60, 95], 2),
  template("CHECK", null, null, "CHECK", "DEBIT", [40, 400], 2, { check: true }),
  template("VENMO PAYMENT 1029384756", "Venmo", "4829", "TRANSFER", "DEBIT", [10, 150], 4),
  template("MOBILE DEPOSIT", null, null, "DEPOSIT", "CREDIT", [25, 300], 2),
  template("MONTHLY MAINTENANCE FEE", null, null, "FEE", "DEBIT", [12, 12], 1),
];

// biome-ignore format: a table reads best one template per row
const CARD_TEMPLATES: readonly Template[] = [
  template("STARBUCKS STORE 00123 SEATTLE WA", null, "5814", "POSDEBIT", "DEBIT", [3, 9], 12),
  template("CHIPOTLE 0897 SEATTLE WA", null, "5814", "POSDEBIT", "DEBIT", [9, 24], 8),
  template("OLIVE GARDEN 1275 BELLEVUE WA", null, "5812", "POSDEBIT", "DEBIT", [28, 95], 4),
  template("SHELL OIL 57442 SEATTLE WA", null, "5541", "POSDEBIT", "DEBIT", [25, 70], 7),
  template("UBER *TRIP HELP.UBER.COM CA", null, "4121", "POSDEBIT", "DEBIT", [8, 45], 4),
  template("AMAZON MKTPL*2K4LL0 AMZN.COM/BILL WA", null, "5942", "POSDEBIT", "DEBIT", [12, 140], 9),
  template("TARGET 00012345 SEATTLE WA", null, "5310", "POSDEBIT", "DEBIT", [15, 120], 5),
  template("NETFLIX.COM LOS GATOS CA", null, "4899", "POSDEBIT", "DEBIT", [15.49, 15.49], 1),
  template("REI #11 SEATTLE WA", null, "5941", "POSDEBIT", "DEBIT", [30, 220], 2),
  template("AMAZON.COM REFUND AMZN.COM/BILL WA", null, "5942", "POSCREDIT", "CREDIT", [10, 60], 1),
];

// biome-ignore format: a table reads best one security per row
const SECURITIES: readonly Security[] = [
  { symbol: "VTI", name: "Vanguard Total Stock Market ETF", cusip: "922908769", type: "STOCK", price: 268.42 },
  { symbol: "VXUS", name: "Vanguard Total International Stock ETF", cusip: "921909768", type: "STOCK", price: 61.85 },
  { symbol: "AAPL", name: "Apple Inc.", cusip: "037833100", type: "STOCK", price: 189.3 },
  { symbol: "VFIAX", name: "Vanguard 500 Index Fund Admiral Shares", cusip: "922908710", type: "MUTUALFUND", price: 452.17 },
];

const KINDS: Record<
  Kind,
  {
    accountType: string;
    wrapper: "depositAccount" | "locAccount" | "investmentAccount";
    transaction: "depositTransaction" | "locTransaction" | "investmentTransaction";
    productName: (provider: Provider) => string;
    balanceType: "ASSET" | "LIABILITY";
    interestRate: number;
  }
> = {
  checking: {
    accountType: "CHECKING",
    wrapper: "depositAccount",
    transaction: "depositTransaction",
    productName: () => "Checking Plus",
    balanceType: "ASSET",
    interestRate: 0.01,
  },
  savings: {
    accountType: "SAVINGS",
    wrapper: "depositAccount",
    transaction: "depositTransaction",
    productName: () => "High Yield Savings",
    balanceType: "ASSET",
    interestRate: 0.5,
  },
  creditCard: {
    accountType: "CREDITCARD",
    wrapper: "locAccount",
    transaction: "locTransaction",
    productName: (provider) => provider.cardName,
    balanceType: "LIABILITY",
    interestRate: 24.99,
  },
  investment: {
    accountType: "BROKERAGE",
    wrapper: "investmentAccount",
    transaction: "investmentTransaction",
    productName: () => "Self-Directed Brokerage",
    balanceType: "ASSET",
    interestRate: 0,
  },
};

// biome-ignore format: a table reads best one person per row
const PEOPLE: readonly [string, string, string, string, string, string, string][] = [
  // The first is the customer of the SDK's customer-info example.
  ["Philip", "H", "Lovett", "7572 CHOWNING RD", "SPRINGFIELD", "TN", "37172-6488"],
  ["Maria", "L", "Okafor", "1401 PINE ST APT 5", "SEATTLE", "WA", "98101-1420"],
  ["James", "R", "Whitfield", "88 HARBOR VIEW DR", "PORTLAND", "ME", "04101-2211"],
  ["Aisha", "K", "Rahman", "2210 ELM AVE", "AUSTIN", "TX", "78705-3301"],
  ["Chen", "W", "Liu", "455 MARKET ST", "SAN FRANCISCO", "CA", "94105-2001"],
  ["Sofia", "M", "Castillo", "19 BEACON ST", "BOSTON", "MA", "02108-3704"],
  ["Daniel", "J", "Novak", "3300 LAKE SHORE DR", "CHICAGO", "IL", "60657-1029"],
  ["Priya", "S", "Raman", "712 PEACHTREE ST NE", "ATLANTA", "GA", "30308-1210"],
  ["Lucas", "A", "Moreau", "5150 E COLFAX AVE", "DENVER", "CO", "80220-1510"],
];

function personFor(provider: Provider, user: TestUser): Person {
  const number = Number(user.username.split("_").at(-1)) || 1;
  const offset = provider.id === "mikomo" ? 0 : 4;
  const [first, middle, last, line1, city, region, postalCode] =
    PEOPLE[(number - 1 + offset) % PEOPLE.length]!;
  const key = `${provider.id}:${user.username}`;
  return {
    customerId: `1${digitsFrom(`customer:${key}`, 9)}`,
    first,
    middle,
    last,
    line1,
    city,
    region,
    postalCode,
    email: `${first}${middle}${last}@${provider.id}test.com`,
    phone: `206555${digitsFrom(`phone:${key}`, 4)}`,
  };
}

function newAccount(key: string, kind: Kind, rng: () => number, now: Date): AccountRecord {
  const number =
    kind === "creditCard"
      ? `4${digitsFrom(`number:${key}:${kind}`, 15)}`
      : `${digitsFrom(`number:${key}:${kind}`, 10)}`;
  const last4 = number.slice(-4);
  const display =
    kind === "investment" ? `...${last4}` : `${"x".repeat(Math.max(4, number.length - 4))}${last4}`;
  const openingBalance = {
    checking: between(rng, [2000, 5000]),
    savings: between(rng, [8000, 15000]),
    creditCard: between(rng, [250, 750]),
    investment: between(rng, [1000, 2500]),
  }[kind];
  return {
    id: hexId(`account:${key}:${kind}`),
    kind,
    number,
    display,
    openedDate: new Date(now.getTime() - (1200 + Math.floor(rng() * 1500)) * DAY_MS),
    openingBalance,
    creditLine: kind === "creditCard" ? 5000 + Math.floor(rng() * 15) * 500 : 0,
    transactions: [],
    holdings: [],
    serial: 0,
    checkNumber: 1001 + Math.floor(rng() * 400),
  };
}

function pick(rng: () => number, templates: readonly Template[]): Template {
  const total = templates.reduce((sum, item) => sum + item.weight, 0);
  let roll = rng() * total;
  for (const item of templates) {
    roll -= item.weight;
    if (roll < 0) return item;
  }
  return templates[templates.length - 1]!;
}

function templateAmount(rng: () => number, item: Template): number {
  const amount = between(rng, item.range);
  return item.step ? Math.max(item.step, Math.round(amount / item.step) * item.step) : amount;
}

type NewTx = {
  amount: number;
  memo: Memo;
  description: string;
  payee?: string | null;
  category?: string | null;
  type: string;
  status?: "POSTED" | "PENDING";
  transactionTimestamp: Date;
  postedTimestamp: Date | null;
  check?: boolean;
  trade?: TxRecord["trade"];
};

function addTx(account: AccountRecord, tx: NewTx): TxRecord {
  account.serial += 1;
  const record: TxRecord = {
    id: uuidFrom(`transaction:${account.id}:${account.serial}`),
    account,
    amount: money(tx.amount),
    memo: tx.memo,
    description: tx.description,
    payee: tx.payee ?? null,
    category: tx.category ?? null,
    type: tx.type,
    status: tx.status ?? "POSTED",
    transactionTimestamp: tx.transactionTimestamp,
    postedTimestamp: tx.status === "PENDING" ? null : tx.postedTimestamp,
    checkNumber: null,
    trade: tx.trade ?? null,
  };
  if (tx.check) {
    record.checkNumber = account.checkNumber;
    record.description = `CHECK ${account.checkNumber}`;
    account.checkNumber += 1;
  }
  account.transactions.push(record);
  return record;
}

/** A transaction from a template at `when` (card and POS purchases are made a day before they post). */
function fromTemplate(
  account: AccountRecord,
  rng: () => number,
  item: Template,
  when: Date,
  pending = false,
): TxRecord {
  const madeEarlier = item.type === "POSDEBIT" || item.type === "POSCREDIT";
  return addTx(account, {
    amount: templateAmount(rng, item),
    memo: item.memo,
    description: item.description,
    payee: account.kind === "checking" || account.kind === "savings" ? item.payee : null,
    category: item.category,
    type: item.type,
    status: pending ? "PENDING" : "POSTED",
    transactionTimestamp: madeEarlier && !pending ? new Date(when.getTime() - DAY_MS) : when,
    postedTimestamp: pending ? null : when,
    check: item.check ?? false,
  });
}

/** Signed effect of a transaction on the account's balance (cash for brokerage, owed for cards). */
function effect(tx: TxRecord): number {
  const liability = KINDS[tx.account.kind].balanceType === "LIABILITY";
  const sign = tx.memo === "CREDIT" ? 1 : -1;
  return (liability ? -sign : sign) * tx.amount;
}

function generateHistory(data: UserData, transactionsPerMonth: number, now: Date): void {
  const { rng, provider } = data;
  const byKind = (kind: Kind) => data.accounts.find((account) => account.kind === kind);
  const checking = byKind("checking")!;
  const savings = byKind("savings")!;
  const card = byKind("creditCard")!;
  const investment = byKind("investment");
  const start = new Date(now.getTime() - HISTORY_DAYS * DAY_MS);
  const end = new Date(now.getTime() - 60 * 60_000);
  const inRange = (date: Date) => date >= start && date < end;
  const salary = between(rng, [1800, 2600]);
  const rent = between(rng, [1350, 1750]);
  const transfer = Math.round(between(rng, [150, 450]) / 50) * 50;
  const employer = ["ACME CORP", "GLOBEX INC", "INITECH LLC", "UMBRELLA HEALTH"][Math.floor(rng() * 4)]!;
  const at = (year: number, month: number, day: number) =>
    new Date(
      Date.UTC(
        year,
        month,
        Math.min(day, daysInMonth(year, month)),
        8 + Math.floor(rng() * 10),
        Math.floor(rng() * 60),
      ),
    );
  const randomDay = (year: number, month: number) =>
    at(year, month, 1 + Math.floor(rng() * daysInMonth(year, month)));
  const prices = new Map(SECURITIES.map((security) => [security.symbol, security.price]));
  if (investment) {
    for (const security of SECURITIES) {
      const units = Math.round((20 + rng() * 80) * 1000) / 1000;
      investment.holdings.push({
        id: hexId(`holding:${investment.id}:${security.symbol}`, 24),
        security,
        lots: [
          {
            date: new Date(start.getTime() - (200 + Math.floor(rng() * 400)) * DAY_MS),
            units,
            price: money(security.price * (0.6 + rng() * 0.2)),
          },
        ],
      });
    }
  }

  let savingsBalance = savings.openingBalance;
  let lastMonthPurchases = 0;
  const first = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1));
  for (
    let cursor = first;
    cursor < end;
    cursor = new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, 1))
  ) {
    const year = cursor.getUTCFullYear();
    const month = cursor.getUTCMonth();
    const keep = (make: () => Date, then: (date: Date) => void) => {
      const date = make();
      if (inRange(date)) then(date);
    };

    // The credit card: purchases, and the payment of last month's purchases on the 20th.
    let purchases = 0;
    const cardPayment = money(lastMonthPurchases);
    let cardCount = 0;
    let checkingCount = 0;
    if (cardPayment > 0) {
      keep(
        () => at(year, month, 20),
        (date) => {
          cardCount += 1;
          checkingCount += 1;
          addTx(card, {
            amount: cardPayment,
            memo: "CREDIT",
            description: "PAYMENT - THANK YOU",
            type: "TRANSFER",
            transactionTimestamp: date,
            postedTimestamp: date,
          });
          addTx(checking, {
            amount: cardPayment,
            memo: "DEBIT",
            description: `${provider.name.toUpperCase()} CARD PAYMENT ${card.display.slice(-4)}`,
            payee: provider.name,
            category: null,
            type: "TRANSFER",
            transactionTimestamp: date,
            postedTimestamp: date,
          });
        },
      );
    }
    for (let index = cardCount; index < transactionsPerMonth; index += 1) {
      keep(
        () => randomDay(year, month),
        (date) => {
          const tx = fromTemplate(card, rng, pick(rng, CARD_TEMPLATES), date);
          purchases += tx.memo === "DEBIT" ? tx.amount : -tx.amount;
        },
      );
    }
    lastMonthPurchases = Math.max(0, purchases);

    // Checking: payroll on the 1st and 15th, rent on the 3rd, the savings transfer on the 25th.
    for (const day of [1, 15])
      keep(
        () => at(year, month, day),
        (date) => {
          checkingCount += 1;
          addTx(checking, {
            amount: money(salary + (rng() - 0.5) * 20),
            memo: "CREDIT",
            description: `${employer} PAYROLL PPD ID: 9111111101`,
            payee: employer,
            type: "DIRECTDEPOSIT",
            transactionTimestamp: date,
            postedTimestamp: date,
          });
        },
      );
    keep(
      () => at(year, month, 3),
      (date) => {
        checkingCount += 1;
        addTx(checking, {
          amount: rent,
          memo: "DEBIT",
          description: "PARKVIEW APTS RENT ACH",
          payee: "Parkview Apartments",
          category: "6513",
          type: "BILLPAYMENT",
          transactionTimestamp: date,
          postedTimestamp: date,
        });
      },
    );
    keep(
      () => at(year, month, 25),
      (date) => {
        checkingCount += 1;
        addTx(checking, {
          amount: transfer,
          memo: "DEBIT",
          description: `ONLINE TRANSFER TO SAVINGS ${savings.display.slice(-4)}`,
          type: "TRANSFER",
          transactionTimestamp: date,
          postedTimestamp: date,
        });
        addTx(savings, {
          amount: transfer,
          memo: "CREDIT",
          description: `ONLINE TRANSFER FROM CHECKING ${checking.display.slice(-4)}`,
          type: "TRANSFER",
          transactionTimestamp: date,
          postedTimestamp: date,
        });
        savingsBalance += transfer;
      },
    );
    for (let index = checkingCount; index < transactionsPerMonth; index += 1)
      keep(
        () => randomDay(year, month),
        (date) => void fromTemplate(checking, rng, pick(rng, CHECKING_TEMPLATES), date),
      );

    // Savings: interest on the last day of the month.
    keep(
      () => at(year, month, 31),
      (date) => {
        const interest = Math.max(0.01, money((savingsBalance * 0.005) / 12));
        savingsBalance += interest;
        addTx(savings, {
          amount: interest,
          memo: "CREDIT",
          description: "Interest Paid This Period",
          type: "INTEREST",
          transactionTimestamp: date,
          postedTimestamp: date,
        });
      },
    );

    // Brokerage: a contribution on the 5th, a purchase on the 6th, quarterly dividends on the 25th.
    if (investment) {
      keep(
        () => at(year, month, 5),
        (date) =>
          void addTx(investment, {
            amount: 500,
            memo: "CREDIT",
            description: "CONTRIBUTION",
            type: "CONTRIBUTION",
            transactionTimestamp: date,
            postedTimestamp: date,
          }),
      );
      keep(
        () => at(year, month, 6),
        (date) => {
          const security = SECURITIES[month % SECURITIES.length]!;
          const unitPrice = money(prices.get(security.symbol)! * (0.8 + rng() * 0.25));
          const units = Math.round((between(rng, [350, 480]) / unitPrice) * 1000) / 1000;
          addTx(investment, {
            amount: money(units * unitPrice),
            memo: "DEBIT",
            description: `BOUGHT ${security.symbol} ${security.name.toUpperCase()}`,
            type: "PURCHASED",
            transactionTimestamp: date,
            postedTimestamp: date,
            trade: { security, units, unitPrice },
          });
          investment.holdings
            .find((holding) => holding.security === security)!
            .lots.push({
              date,
              units,
              price: unitPrice,
            });
        },
      );
      if (month % 3 === 2)
        keep(
          () => at(year, month, 25),
          (date) =>
            void addTx(investment, {
              amount: between(rng, [20, 90]),
              memo: "CREDIT",
              description: "DIVIDEND VTI VANGUARD TOTAL STOCK MARKET ETF",
              type: "DIVIDEND",
              transactionTimestamp: date,
              postedTimestamp: date,
            }),
        );
    }
  }

  // A couple of pending transactions from the last two days.
  for (const account of [checking, card])
    for (let index = 0; index < 2; index += 1) {
      const when = new Date(now.getTime() - (2 + Math.floor(rng() * 44)) * 60 * 60_000);
      fromTemplate(
        account,
        rng,
        pick(rng, account === card ? CARD_TEMPLATES : CHECKING_TEMPLATES),
        when,
        true,
      );
    }
}

function userFor(username: string, providerId?: string): { provider: Provider; user: TestUser } {
  const user = TEST_USERS.find(
    (candidate) => candidate.username === username && (!providerId || candidate.providerId === providerId),
  );
  if (!user)
    throw new Error(
      `The Akoya stand-in has no test user ${username}${providerId ? ` at ${providerId}` : ""} (${TEST_USERS.map((item) => item.username).join(", ")})`,
    );
  return { provider: PROVIDERS.find((provider) => provider.id === user.providerId)!, user };
}

/** The user's data at the provider, made (with its history) the first time the user consents. */
function ensureUser(state: State, provider: Provider, user: TestUser): UserData {
  const key = `${provider.id}:${user.username}`;
  const existing = state.users.get(key);
  if (existing) return existing;
  const now = wholeSeconds(state.now());
  const rng = rngFrom(`history:${key}`);
  const kinds: Kind[] = [
    "checking",
    "savings",
    "creditCard",
    ...(user.investments ? (["investment"] as const) : []),
  ];
  const data: UserData = {
    key,
    provider,
    user,
    person: personFor(provider, user),
    accounts: kinds.map((kind) => newAccount(key, kind, rng, now)),
    createdAt: now,
    rng,
  };
  generateHistory(data, state.transactionsPerMonth, now);
  state.users.set(key, data);
  return data;
}

function createConsent(state: State, data: UserData): Consent {
  const consent: Consent = {
    id: randomUUID(),
    sid: randomUUID(),
    data,
    accountIds: data.accounts.map((account) => account.id),
    createdAt: state.now(),
    revoked: false,
  };
  state.consents.push(consent);
  return consent;
}

function issueCode(state: State, consent: Consent, redirectUri: string, scopes: string[]): string {
  const code = randomBytes(16).toString("hex").slice(0, 25);
  state.codes.set(code, {
    consent,
    clientId: state.clientId,
    redirectUri,
    scopes,
    expiresAt: new Date(state.now().getTime() + CODE_LIFETIME_MS),
    used: false,
  });
  return code;
}

// ---------------------------------------------------------------------------------------------
// Balances and bodies (FDX shapes, under the SDK's model field names)
// ---------------------------------------------------------------------------------------------

function balanceAt(account: AccountRecord, at: Date): number {
  let balance = account.openingBalance;
  for (const tx of account.transactions)
    if (tx.status === "POSTED" && tx.postedTimestamp && tx.postedTimestamp <= at) balance += effect(tx);
  return money(balance);
}

function pending(account: AccountRecord, memo: Memo): number {
  return money(
    account.transactions
      .filter((tx) => tx.status === "PENDING" && tx.memo === memo)
      .reduce((sum, tx) => sum + tx.amount, 0),
  );
}

function lastActivity(account: AccountRecord): Date | null {
  let latest: Date | null = null;
  for (const tx of account.transactions) {
    const when = tx.postedTimestamp ?? tx.transactionTimestamp;
    if (!latest || when > latest) latest = when;
  }
  return latest;
}

function holdingUnits(holding: HoldingRecord): number {
  return Math.round(holding.lots.reduce((sum, lot) => sum + lot.units, 0) * 1000) / 1000;
}

function holdingsValue(account: AccountRecord): number {
  return money(
    account.holdings.reduce((sum, holding) => sum + holdingUnits(holding) * holding.security.price, 0),
  );
}

/** The fields every account body carries (AccountInformation / DepositAccount / InvestmentAccount). */
function accountInfo(data: UserData, account: AccountRecord): Json {
  const kind = KINDS[account.kind];
  const product = kind.productName(data.provider);
  const last = lastActivity(account);
  const body: Json = {
    accountId: account.id,
    accountNumberDisplay: account.display,
    accountType: kind.accountType,
    balanceType: kind.balanceType,
    currency: { currencyCode: "USD" },
    description: product,
    nickname: `${product} ${account.display.slice(-4)}`,
    productName: product,
    status: "OPEN",
    lineOfBusiness: "CONSUMER",
    fiAttributes: [{ name: "accountOpenedDate", value: isoDate(account.openedDate) }],
  };
  if (last) body.lastActivityDate = isoSeconds(last);
  if (account.kind === "checking" || account.kind === "savings") {
    Object.assign(body, {
      interestRate: kind.interestRate,
      interestRateType: "FIXED",
      interestRateAsOf: isoSeconds(data.createdAt),
      annualPercentageYield: kind.interestRate,
      transferIn: true,
      transferOut: true,
    });
  } else if (account.kind === "creditCard") {
    Object.assign(body, {
      interestRate: kind.interestRate,
      interestRateType: "VARIABLE",
      transferIn: true,
      transferOut: false,
    });
  } else {
    Object.assign(body, {
      allowedCheckWriting: false,
      allowedOptionTrade: false,
      margin: false,
      transferIn: true,
      transferOut: true,
    });
  }
  return body;
}

function balancesBody(state: State, data: UserData, account: AccountRecord): Json {
  const now = state.now();
  const body = accountInfo(data, account);
  const current = balanceAt(account, now);
  body.balanceAsOf = isoSeconds(now);
  if (account.kind === "checking" || account.kind === "savings") {
    const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 1);
    const yearStart = new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
    Object.assign(body, {
      currentBalance: current,
      availableBalance: money(current - pending(account, "DEBIT")),
      openingDayBalance: balanceAt(account, startOfDay),
      interestYtd: money(
        account.transactions
          .filter((tx) => tx.type === "INTEREST" && tx.postedTimestamp && tx.postedTimestamp >= yearStart)
          .reduce((sum, tx) => sum + tx.amount, 0),
      ),
    });
  } else if (account.kind === "creditCard") {
    const statementEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 1);
    const lastStatement = balanceAt(account, statementEnd);
    const payments = account.transactions.filter(
      (tx) => tx.description === "PAYMENT - THANK YOU" && tx.postedTimestamp,
    );
    const lastPayment = payments.at(-1);
    const available = money(account.creditLine - current - pending(account, "DEBIT"));
    Object.assign(body, {
      currentBalance: current,
      principalBalance: current,
      creditLine: account.creditLine,
      availableCredit: available,
      cashAdvanceLimit: money(account.creditLine * 0.3),
      availableCash: money(Math.max(0, Math.min(account.creditLine * 0.3, available))),
      purchasesApr: KINDS.creditCard.interestRate,
      advancesApr: 29.99,
      lastStmtBalance: lastStatement,
      lastStmtDate: isoDate(statementEnd),
      minimumPaymentAmount: lastStatement > 0 ? money(Math.max(25, lastStatement * 0.02)) : 0,
      nextPaymentAmount: Math.max(0, lastStatement),
      nextPaymentDate: isoDate(
        new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + (now.getUTCDate() > 20 ? 1 : 0), 20)),
      ),
      pastDueAmount: 0,
    });
    if (lastPayment) {
      body.lastPaymentAmount = lastPayment.amount;
      body.lastPaymentDate = isoDate(lastPayment.postedTimestamp!);
    }
  } else {
    Object.assign(body, {
      availableCashBalance: current,
      currentValue: money(current + holdingsValue(account)),
      marginBalance: 0,
      shortBalance: 0,
    });
  }
  return body;
}

function holdingBody(state: State, holding: HoldingRecord): Json {
  const { security } = holding;
  const units = holdingUnits(holding);
  const cost = holding.lots.reduce((sum, lot) => sum + lot.units * lot.price, 0);
  const body: Json = {
    holdingId: holding.id,
    securityId: security.cusip,
    securityIdType: "CUSIP",
    symbol: security.symbol,
    holdingName: security.name,
    description: security.name,
    holdingType: security.type,
    positionType: "LONG",
    cashAccount: false,
    currency: { currencyCode: "USD" },
    units,
    currentUnitPrice: security.price,
    currentUnitPriceDate: isoDate(state.now()),
    marketValue: money(units * security.price),
    purchasedPrice: money(cost / units),
    originalPurchaseDate: isoSeconds(holding.lots[0]!.date),
    taxLots: taxLots(holding),
  };
  if (security.type === "MUTUALFUND")
    body.mutualFundSecurity = {
      mutualFundType: "OPENEND",
      unitsStreet: units,
      unitsUser: 0,
      reinvestDividends: false,
      reinvestCapitalGains: false,
    };
  else body.stockSecurity = { unitsStreet: units, unitsUser: 0, reinvestDividends: false };
  return body;
}

function taxLots(holding: HoldingRecord): Json[] {
  return holding.lots.map((lot) => ({
    originalPurchaseDate: isoSeconds(lot.date),
    quantity: lot.units,
    purchasedPrice: lot.price,
    costBasis: money(lot.units * lot.price),
    currentValue: money(lot.units * holding.security.price),
    positionType: "LONG",
  }));
}

function transactionBody(tx: TxRecord): Json {
  const kind = KINDS[tx.account.kind];
  const body: Json = {
    accountId: tx.account.id,
    transactionId: tx.id,
    transactionTimestamp: isoSeconds(tx.transactionTimestamp),
  };
  if (tx.postedTimestamp) body.postedTimestamp = isoSeconds(tx.postedTimestamp);
  Object.assign(body, {
    description: tx.description,
    debitCreditMemo: tx.memo,
    amount: tx.amount,
    status: tx.status,
    transactionType: tx.type,
    referenceTransactionId: null,
  });
  if (tx.category) body.category = tx.category;
  if (tx.payee) body.payee = tx.payee;
  if (tx.checkNumber !== null) body.checkNumber = tx.checkNumber;
  if (tx.trade) {
    Object.assign(body, {
      securityId: tx.trade.security.cusip,
      securityIdType: "CUSIP",
      securityType: tx.trade.security.type,
      symbol: tx.trade.security.symbol,
      units: tx.trade.units,
      unitPrice: tx.trade.unitPrice,
      positionType: "LONG",
    });
  }
  return { [kind.transaction]: body };
}

function when(tx: TxRecord): Date {
  return tx.postedTimestamp ?? tx.transactionTimestamp;
}

function sortedTransactions(account: AccountRecord): TxRecord[] {
  return [...account.transactions].sort(
    (left, right) => when(left).getTime() - when(right).getTime() || (left.id < right.id ? -1 : 1),
  );
}

type Period = { id: string; start: Date; end: Date; date: string; label: string };

/** Monthly statements for every month of history that has ended. */
function statementPeriods(state: State, data: UserData, account: AccountRecord): Period[] {
  const now = state.now();
  const start = new Date(data.createdAt.getTime() - HISTORY_DAYS * DAY_MS);
  const periods: Period[] = [];
  for (
    let cursor = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1));
    ;
    cursor = new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, 1))
  ) {
    const end = new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, 1) - 1);
    if (end >= now) break;
    const month = `${cursor.getUTCFullYear()}-${String(cursor.getUTCMonth() + 1).padStart(2, "0")}`;
    periods.push({
      id: base62From(`statement:${account.id}:${month}`, 19),
      start: cursor,
      end,
      date: isoDate(end),
      label: `${MONTHS[cursor.getUTCMonth()]} ${cursor.getUTCFullYear()}`,
    });
  }
  return periods;
}

// ---------------------------------------------------------------------------------------------
// Requests: forms, client authentication, bearer tokens, queued failures
// ---------------------------------------------------------------------------------------------

type Context = {
  state: State;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  record: RecordedRequest;
  params: Record<string, string>;
};

function header(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

function readRaw(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

/** application/x-www-form-urlencoded or multipart/form-data (what a browser's form posts). */
function parseForm(context: Context): Record<string, string> {
  const type = header(context.headers, "content-type").toLowerCase();
  const form: Record<string, string> = {};
  if (type.startsWith("multipart/form-data")) {
    const boundary = /boundary="?([^";]+)"?/i.exec(header(context.headers, "content-type"))?.[1];
    if (!boundary) return form;
    for (const part of context.raw.toString("utf8").split(`--${boundary}`)) {
      const split = part.indexOf("\r\n\r\n");
      if (split < 0) continue;
      const name = /name="([^"]*)"/i.exec(part.slice(0, split))?.[1];
      if (name === undefined || name in form) continue;
      form[name] = part.slice(split + 4).replace(/\r\n$/, "");
    }
    return form;
  }
  for (const [key, value] of new URLSearchParams(context.raw.toString("utf8"))) form[key] ??= value;
  return form;
}

type ClientCredentials = { id: string; secret: string | null; basic: boolean } | null;

/** HTTP Basic (client_secret_basic) or client_id/client_secret in the form (client_secret_post). */
function clientCredentials(context: Context, form: Record<string, string>): ClientCredentials {
  const authorization = header(context.headers, "authorization");
  const basic = /^Basic\s+(\S+)$/i.exec(authorization);
  if (basic) {
    const decoded = Buffer.from(basic[1]!, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) return { id: decoded, secret: null, basic: true };
    const formDecode = (text: string) => {
      try {
        return decodeURIComponent(text.replace(/\+/g, " "));
      } catch {
        return text;
      }
    };
    const id = formDecode(decoded.slice(0, colon));
    if (form.client_id !== undefined && form.client_id !== id)
      oauth(400, "invalid_request", "The client_id of the form differs from the Authorization header's.");
    return { id, secret: formDecode(decoded.slice(colon + 1)), basic: true };
  }
  if (form.client_id === undefined) return null;
  return { id: form.client_id, secret: form.client_secret ?? null, basic: false };
}

function authenticateClient(context: Context, form: Record<string, string>): void {
  const { state } = context;
  const credentials = clientCredentials(context, form);
  if (!credentials || credentials.id !== state.clientId || credentials.secret !== state.clientSecret)
    oauth(
      401,
      "invalid_client",
      "Invalid client credentials.",
      credentials?.basic ? { "WWW-Authenticate": 'Basic realm="akoya"' } : {},
    );
}

function takeQueuedFailure(state: State, path: string): QueuedFailure | null {
  const index = state.failures.findIndex((failure) =>
    typeof failure.pattern === "string" ? path.includes(failure.pattern) : failure.pattern.test(path),
  );
  if (index < 0) return null;
  const failure = state.failures[index]!;
  failure.remaining -= 1;
  if (failure.remaining <= 0) state.failures.splice(index, 1);
  return failure;
}

function retryAfter(status: number): Record<string, string> {
  return status === 429 ? { "Retry-After": String(RETRY_AFTER_SECONDS) } : {};
}

function failQueuedIdp(context: Context, kind: "html" | "oauth"): void {
  const failure = takeQueuedFailure(context.state, context.path);
  if (!failure) return;
  const { status } = failure;
  if (kind === "html")
    throw new Failure({
      status,
      headers: retryAfter(status),
      html: page(
        "Error",
        `<h1>Something went wrong</h1>${alert(`The service answered ${status}. Try again later.`)}`,
      ),
    });
  const error =
    status === 429 || status === 503
      ? "temporarily_unavailable"
      : status >= 500
        ? "server_error"
        : "invalid_request";
  oauth(status, error, undefined, retryAfter(status));
}

function failQueuedProduct(context: Context): void {
  const failure = takeQueuedFailure(context.state, context.path);
  if (!failure) return;
  const { status } = failure;
  const body = FDX_FAILURES[status] ?? {
    code: status,
    message: status >= 500 ? "Internal server error" : "Invalid input",
  };
  throw new Failure({
    status,
    headers: retryAfter(status),
    json: { ...body, debugMessage: "Failure requested with failNext." },
  });
}

/** The consent behind `Authorization: Bearer <id_token>`; 401 with code 602 otherwise. */
function bearerConsent(context: Context): Consent {
  const { state } = context;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header(context.headers, "authorization"));
  if (!match) notAuthorized("The Authorization header must carry the id_token as a Bearer token.");
  const record = state.bearers.get(match[1]!);
  if (!record) notAuthorized("Unknown token.");
  if (record.kind === "access_token")
    notAuthorized(
      "The access_token is not accepted by the products API; use the id_token as the bearer token.",
    );
  if (record.expired || record.expiresAt <= state.now())
    notAuthorized("The id_token has expired; refresh the tokens and call again with the new id_token.");
  if (record.consent.revoked)
    notAuthorized("The end-user's consent was revoked; the end-user must reauthorize.");
  return record.consent;
}

// ---------------------------------------------------------------------------------------------
// The identity provider: /auth (the sign-in page), /auth/login, /token, /revoke
// ---------------------------------------------------------------------------------------------

function loginPage(request: AuthRequest, options: { error?: string; username?: string } = {}): string {
  const provider = request.provider;
  const users = TEST_USERS.filter((user) => user.providerId === provider.id);
  const body = `<p class="network">Akoya · Data Access Network</p>
<h1 id="akoya-provider" data-provider-id="${escapeHtml(provider.id)}">${escapeHtml(provider.name)}</h1>
<p>Sign in to ${escapeHtml(provider.name)} to share all of your accounts with this app.</p>
${options.error ? alert(options.error) : ""}
<form id="akoya-form" method="post" action="/auth/login">
<input type="hidden" name="req" value="${escapeHtml(request.id)}">
<label for="akoya-username">Username</label>
<input id="akoya-username" name="username" autocomplete="username" required value="${escapeHtml(options.username ?? "")}">
<label for="akoya-password">Password</label>
<input id="akoya-password" name="password" type="password" autocomplete="current-password" required>
<div class="actions">
<button id="akoya-cancel" type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
<button id="akoya-submit" type="submit" name="action" value="login">Sign in and share</button>
</div>
</form>
<p class="hint">Sandbox test users: ${escapeHtml(users[0]!.username)} … ${escapeHtml(users.at(-1)!.username)}; the password is the username.</p>`;
  return page(`${provider.name} · Sign in`, body);
}

function redirectTo(redirectUri: string, params: Record<string, string | null>): Reply {
  const target = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) if (value !== null) target.searchParams.set(key, value);
  return { status: 302, location: target.toString(), headers: { "Cache-Control": "no-store" } };
}

function validRedirectUri(state: State, value: string | undefined): value is string {
  if (!value) return false;
  if (state.redirectUris) return state.redirectUris.includes(value);
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

function findProvider(id: string | undefined): Provider | undefined {
  return id ? PROVIDERS.find((provider) => provider.id === id.toLowerCase()) : undefined;
}

function authorizePage(context: Context): Reply {
  const { state, query } = context;
  failQueuedIdp(context, "html");
  if (!query.client_id || query.client_id !== state.clientId)
    errorPage(400, "Bad Request", `Invalid client_id ("${query.client_id ?? ""}").`);
  if (!validRedirectUri(state, query.redirect_uri))
    errorPage(400, "Bad Request", `Unregistered redirect_uri ("${query.redirect_uri ?? ""}").`);
  const provider = findProvider(query.connector);
  if (!provider) errorPage(400, "Bad Request", `Invalid ConnectorID ("${query.connector ?? ""}").`);
  const redirectUri = query.redirect_uri;
  const oauthState = query.state ?? null;
  if (query.response_type !== "code")
    return redirectTo(redirectUri, {
      error: "invalid_request",
      error_description: "Invalid response type",
      state: oauthState,
    });
  const scopes = (query.scope ?? "").split(/[\s+]+/).filter(Boolean);
  if (!scopes.includes("openid"))
    return redirectTo(redirectUri, {
      error: "invalid_scope",
      error_description: 'Missing required scope(s) ["openid"].',
      state: oauthState,
    });
  const unknown = scopes.filter((scope) => !KNOWN_SCOPES.has(scope));
  if (unknown.length > 0)
    return redirectTo(redirectUri, {
      error: "invalid_scope",
      error_description: `Unrecognized scope(s) ${JSON.stringify(unknown)}`,
      state: oauthState,
    });
  const request: AuthRequest = {
    id: randomToken(16),
    provider,
    clientId: query.client_id,
    redirectUri,
    state: oauthState,
    scopes,
    expiresAt: new Date(state.now().getTime() + AUTH_REQUEST_LIFETIME_MS),
    done: false,
  };
  state.authRequests.set(request.id, request);
  return { status: 200, html: loginPage(request), headers: { "Cache-Control": "no-store" } };
}

function login(context: Context): Reply {
  const { state } = context;
  failQueuedIdp(context, "html");
  const form = parseForm(context);
  const request = state.authRequests.get(form.req ?? "");
  if (!request || request.done || request.expiresAt <= state.now())
    errorPage(
      400,
      "Bad Request",
      "This sign-in request is unknown or has expired. Start again from the app.",
    );
  if (form.action === "cancel") {
    request.done = true;
    return redirectTo(request.redirectUri, {
      error: "access_denied",
      error_description: "The end-user denied the request.",
      state: request.state,
    });
  }
  const username = (form.username ?? "").trim();
  const user = TEST_USERS.find(
    (item) => item.providerId === request.provider.id && item.username === username,
  );
  if (!user || form.password !== user.password)
    return {
      status: 200,
      html: loginPage(request, { error: "The username or password is incorrect.", username }),
      headers: { "Cache-Control": "no-store" },
    };
  request.done = true;
  const consent = createConsent(state, ensureUser(state, request.provider, user));
  const code = issueCode(state, consent, request.redirectUri, request.scopes);
  return redirectTo(request.redirectUri, { code, state: request.state });
}

function signJwt(state: State, claims: Json): string {
  const head = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const body = base64url(JSON.stringify(claims));
  const signature = createHmac("sha256", state.clientSecret).update(`${head}.${body}`).digest("base64url");
  return `${head}.${body}.${signature}`;
}

/** Dex's subject: base64url (no padding) of the protobuf { 1: user id, 2: connector id }. */
function dexSubject(username: string, connectorId: string): string {
  const field = (tag: number, value: string) => {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([Buffer.from([tag, bytes.length]), bytes]);
  };
  return base64url(Buffer.concat([field(0x0a, username), field(0x12, connectorId)]));
}

function issueTokens(state: State, consent: Consent, clientId: string, scopes: string[]): Json {
  const now = state.now();
  const seconds = Math.floor(now.getTime() / 1000);
  const expiresAt = new Date(now.getTime() + state.tokenLifetimeSeconds * 1000);
  const accessToken = randomToken(32);
  const atHash = createHash("sha256").update(accessToken).digest().subarray(0, 16).toString("base64url");
  const idToken = signJwt(state, {
    iss: `${state.url}/`,
    sub: dexSubject(consent.data.user.username, consent.data.provider.id),
    aud: clientId,
    exp: seconds + state.tokenLifetimeSeconds,
    iat: seconds,
    auth_time: Math.floor(consent.createdAt.getTime() / 1000),
    at_hash: atHash,
    name: consent.data.user.username,
    connectorId: consent.data.provider.id,
    accounts: consent.accountIds,
    products: PRODUCTS,
    grant_id: consent.id,
    sid: consent.sid,
    jti: randomUUID(),
  });
  state.bearers.set(idToken, { consent, expiresAt, expired: false, kind: "id_token" });
  state.bearers.set(accessToken, { consent, expiresAt, expired: false, kind: "access_token" });
  const body: Json = {
    access_token: accessToken,
    expires_in: state.tokenLifetimeSeconds,
    id_token: idToken,
    token_type: "bearer",
  };
  if (scopes.includes("offline_access")) {
    const refreshToken = randomToken(32);
    state.refreshTokens.set(refreshToken, {
      consent,
      clientId,
      scopes,
      expiresAt: new Date(now.getTime() + REFRESH_LIFETIME_MS),
      used: false,
    });
    body.refresh_token = refreshToken;
  }
  return body;
}

function token(context: Context): Reply {
  const { state } = context;
  const form = parseForm(context);
  context.record.grantType = form.grant_type;
  failQueuedIdp(context, "oauth");
  authenticateClient(context, form);
  const now = state.now();
  const reply = (json: Json): Reply => ({
    status: 200,
    json,
    headers: { "Cache-Control": "no-store", Pragma: "no-cache" },
  });
  if (form.grant_type === "authorization_code") {
    const code = state.codes.get(form.code ?? "");
    if (
      !code ||
      code.used ||
      code.expiresAt <= now ||
      code.clientId !== state.clientId ||
      code.consent.revoked
    )
      oauth(400, "invalid_request", "Invalid or expired code parameter.");
    if (form.redirect_uri !== code.redirectUri)
      oauth(400, "invalid_request", "redirect_uri did not match URI from initial request");
    code.used = true;
    return reply(issueTokens(state, code.consent, code.clientId, code.scopes));
  }
  if (form.grant_type === "refresh_token") {
    if (!form.refresh_token) oauth(400, "invalid_request", "No refresh token in request");
    const refresh = state.refreshTokens.get(form.refresh_token);
    if (
      !refresh ||
      refresh.used ||
      refresh.expiresAt <= now ||
      refresh.clientId !== state.clientId ||
      refresh.consent.revoked
    )
      oauth(
        400,
        "invalid_request",
        "Refresh token is invalid or has already been claimed by another client.",
      );
    refresh.used = true;
    return reply(issueTokens(state, refresh.consent, refresh.clientId, refresh.scopes));
  }
  return oauth(
    400,
    "invalid_grant",
    "Missing or incorrect grant_type field. Must be authorization_code or refresh_token",
  );
}

function revoke(context: Context): Reply {
  const { state } = context;
  const form = parseForm(context);
  failQueuedIdp(context, "oauth");
  const credentials = clientCredentials(context, form);
  if (!credentials || credentials.secret === null) oauth(400, "invalid_request");
  if (credentials.id !== state.clientId || credentials.secret !== state.clientSecret)
    oauth(401, "unauthorized_client");
  if (form.token_type_hint !== undefined && form.token_type_hint !== "refresh_token")
    oauth(400, "unsupported_token_type");
  const refresh = state.refreshTokens.get(form.token ?? "");
  if (!refresh || refresh.used || refresh.expiresAt <= state.now() || refresh.consent.revoked)
    oauth(400, "invalid_request");
  refresh.used = true;
  refresh.consent.revoked = true;
  return { status: 200, headers: { "Cache-Control": "no-store" } };
}

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

type ProductContext = Context & { consent: Consent; provider: Provider };

function consentedAccounts(context: ProductContext): AccountRecord[] {
  const { consent } = context;
  return consent.data.accounts.filter((account) => consent.accountIds.includes(account.id));
}

function requireAccount(context: ProductContext): AccountRecord {
  const accountId = context.params.accountId!;
  const account = consentedAccounts(context).find((candidate) => candidate.id === accountId);
  if (!account) accountNotFound(accountId);
  return account;
}

function checkMode(context: Context): void {
  const mode = context.query.mode;
  if (mode !== undefined && mode !== "raw" && mode !== "standard")
    invalidInput(`mode must be raw or standard, not "${mode}".`);
}

/** The consented accounts, narrowed by ?accountIds=a,b (404 701 for one outside the consent). */
function selectedAccounts(context: ProductContext): AccountRecord[] {
  checkMode(context);
  const accounts = consentedAccounts(context);
  const wanted = context.query.accountIds;
  if (wanted === undefined || wanted.trim() === "") return accounts;
  const ids = wanted
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  for (const id of ids) if (!accounts.some((account) => account.id === id)) accountNotFound(id);
  return accounts.filter((account) => ids.includes(account.id));
}

function accountsInfo(context: ProductContext): Reply {
  const data = context.consent.data;
  return {
    status: 200,
    json: {
      accounts: selectedAccounts(context).map((account) => ({
        [KINDS[account.kind].wrapper]: accountInfo(data, account),
      })),
    },
  };
}

function balances(context: ProductContext): Reply {
  const data = context.consent.data;
  return {
    status: 200,
    json: {
      accounts: selectedAccounts(context).map((account) => ({
        [KINDS[account.kind].wrapper]: balancesBody(context.state, data, account),
      })),
    },
  };
}

function investments(context: ProductContext): Reply {
  const data = context.consent.data;
  return {
    status: 200,
    json: {
      accounts: selectedAccounts(context).map((account) => {
        const body = balancesBody(context.state, data, account);
        if (account.kind === "investment")
          body.holdings = account.holdings.map((holding) => holdingBody(context.state, holding));
        return { [KINDS[account.kind].wrapper]: body };
      }),
    },
  };
}

/** ISO 8601: a date (the whole day) or a date-time with Z or an offset; null when not ISO 8601. */
function parseTime(value: string, edge: "start" | "end"): Date | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(day.getTime()) || isoDate(day) !== value) return null;
    return edge === "end" ? new Date(day.getTime() + DAY_MS - 1) : day;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** startTime/endTime: both or neither (default: the last `defaultDays`, or everything). */
function timeWindow(context: Context, defaultDays: number | null): { start: Date | null; end: Date | null } {
  const { startTime, endTime } = context.query;
  const now = wholeSeconds(context.state.now());
  if (defaultDays !== null && (startTime === undefined) !== (endTime === undefined))
    fdx(
      400,
      702,
      "Invalid start or end date",
      startTime === undefined
        ? "startTime is required when endTime is given."
        : "endTime is required when startTime is given.",
    );
  const start = startTime === undefined ? null : parseTime(startTime, "start");
  const end = endTime === undefined ? null : parseTime(endTime, "end");
  if (startTime !== undefined && !start)
    fdx(400, 702, "Invalid start or end date", `startTime "${startTime}" is not an ISO 8601 date.`);
  if (endTime !== undefined && !end)
    fdx(400, 702, "Invalid start or end date", `endTime "${endTime}" is not an ISO 8601 date.`);
  if (start && end && start > end) fdx(400, 703, "Invalid date range", "startTime is later than endTime.");
  if (defaultDays !== null && !start && !end)
    return { start: new Date(now.getTime() - defaultDays * DAY_MS), end: now };
  return { start, end };
}

/** `limit` (default 50), cut to `max`: what a page holds whatever was asked. */
function pageLimit(context: Context, max: number): number {
  const { limit } = context.query;
  if (limit !== undefined && (!/^\d+$/.test(limit) || Number(limit) < 1))
    invalidInput(`limit must be a positive integer, not "${limit}".`);
  return Math.min(max, limit === undefined ? DEFAULT_LIMIT : Number(limit));
}

/** Statements: a numeric offset and limit. */
function paging(context: Context): { offset: number; limit: number } {
  const { offset } = context.query;
  if (offset !== undefined && !/^\d+$/.test(offset))
    invalidInput(`offset must be a non-negative integer, not "${offset}".`);
  return { offset: offset === undefined ? 0 : Number(offset), limit: pageLimit(context, MAX_LIMIT) };
}

/**
 * Transactions' offset as the data provider issues it in links: an opaque token, base64 of
 * {"totalElements": n, "offset": "#<transactionId>"} (the page's first transaction), like the one
 * in Akoya's pagination example — never a number.
 */
function offsetToken(total: number, first: TxRecord): string {
  return Buffer.from(JSON.stringify({ totalElements: total, offset: `#${first.id}` })).toString("base64");
}

/** Where a transactions page starts: 0 without an offset, else the token's transaction; any other offset is refused. */
function tokenOffset(context: Context, matching: readonly TxRecord[]): number {
  const { offset } = context.query;
  if (offset === undefined) return 0;
  let cursor: unknown;
  try {
    const decoded = Buffer.from(offset, "base64");
    if (decoded.toString("base64") === offset) cursor = JSON.parse(decoded.toString("utf8"))?.offset;
  } catch {}
  const index =
    typeof cursor === "string" && cursor.startsWith("#")
      ? matching.findIndex((tx) => tx.id === cursor.slice(1))
      : -1;
  if (index < 0)
    invalidInput(
      `offset "${offset}" was not issued by this data provider: request later pages with links.next as given.`,
    );
  return index;
}

/** A relative link like Akoya's, its query keys in alphabetical order. */
function pageLink(path: string, params: Record<string, string | number | null>): { href: string } {
  const search = new URLSearchParams();
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    if (value !== null && value !== undefined) search.set(key, String(value));
  }
  return { href: `${path}?${search}` };
}

/** Statements' links: numeric offsets. */
function pagedLinks(
  path: string,
  params: Record<string, string | number | null>,
  offset: number,
  limit: number,
  total: number,
): Json | undefined {
  const links: Json = {};
  if (offset > 0) links.prev = pageLink(path, { ...params, offset: Math.max(0, offset - limit), limit });
  if (offset + limit < total) links.next = pageLink(path, { ...params, offset: offset + limit, limit });
  return Object.keys(links).length > 0 ? links : undefined;
}

/**
 * Link-based paging, as Akoya's v2 /transactions (docs.akoya.com "Pagination"): the first call
 * gives the window and limit, later pages come from links.next and links.prev, whose offset is an
 * opaque token (`offsetToken`); a page holds at most `pageLimit` transactions, fewer than asked
 * when the data provider's cap is lower.
 */
function transactions(context: ProductContext): Reply {
  checkMode(context);
  const account = requireAccount(context);
  const { start, end } = timeWindow(context, DEFAULT_WINDOW_DAYS);
  const limit = pageLimit(context, context.state.transactionsPageLimit);
  const matching = sortedTransactions(account).filter((tx) => {
    const at = when(tx);
    return (!start || at >= start) && (!end || at <= end);
  });
  const offset = tokenOffset(context, matching);
  const path = `/transactions/${SUPPORTED_VERSION}/${context.provider.id}/${account.id}`;
  const params = {
    startTime: start ? isoSeconds(start) : null,
    endTime: end ? isoSeconds(end) : null,
    mode: context.query.mode ?? null,
    limit,
  };
  const linkTo = (index: number) =>
    pageLink(path, { ...params, offset: offsetToken(matching.length, matching[index]!) });
  const links: Json = {};
  if (offset > 0) links.prev = linkTo(Math.max(0, offset - limit));
  if (offset + limit < matching.length) links.next = linkTo(offset + limit);
  const body: Json = {};
  if (Object.keys(links).length > 0) body.links = links;
  body.transactions = matching.slice(offset, offset + limit).map(transactionBody);
  return { status: 200, json: body };
}

function paymentNetworks(context: ProductContext): Reply {
  const account = requireAccount(context);
  if (account.kind !== "checking" && account.kind !== "savings")
    fdx(
      400,
      704,
      "Account type not supported",
      `Payment networks are served for deposit accounts, not ${KINDS[account.kind].accountType}.`,
    );
  return {
    status: 200,
    json: {
      paymentNetworks: [
        {
          bankId: context.provider.routingNumber,
          identifier: account.number,
          identifierType: "ACCOUNT_NUMBER",
          type: "US_ACH",
          transferIn: true,
          transferOut: true,
        },
      ],
    },
  };
}

function customer(context: ProductContext): Reply {
  const person = context.consent.data.person;
  return {
    status: 200,
    json: {
      customer: {
        customerId: person.customerId,
        name: { first: person.first, middle: person.middle, last: person.last },
        addresses: [
          { line1: person.line1, city: person.city, state: person.region, postalCode: person.postalCode },
        ],
        telephones: [person.phone],
        email: [person.email],
        accounts: null,
      },
    },
  };
}

function contacts(context: ProductContext): Reply {
  const account = requireAccount(context);
  const person = context.consent.data.person;
  return {
    status: 200,
    json: {
      holders: [
        {
          customerId: person.customerId,
          name: { first: person.first, middle: person.middle, last: person.last },
          addresses: [
            { line1: person.line1, city: person.city, state: person.region, postalCode: person.postalCode },
          ],
          telephones: [person.phone],
          email: [person.email],
          accounts: [account.id],
          relationship: "PRIMARY",
        },
      ],
      emails: [person.email],
      addresses: [
        {
          line1: person.line1,
          city: person.city,
          region: person.region,
          postalCode: person.postalCode,
          country: "US",
          type: "HOME",
        },
      ],
      telephones: [{ type: "CELL", country: "1", number: person.phone }],
    },
  };
}

function statements(context: ProductContext): Reply {
  const account = requireAccount(context);
  const { start, end } = timeWindow(context, null);
  const { offset, limit } = paging(context);
  const providerId = context.provider.id;
  const matching = statementPeriods(context.state, context.consent.data, account).filter(
    (period) => (!start || period.end >= start) && (!end || period.end <= end),
  );
  const base = `/statements/${SUPPORTED_VERSION}/${providerId}/${account.id}`;
  const links = pagedLinks(
    base,
    { startTime: context.query.startTime ?? null, endTime: context.query.endTime ?? null },
    offset,
    limit,
    matching.length,
  );
  const body: Json = {};
  if (links) body.links = links;
  body.statements = matching.slice(offset, offset + limit).map((period) => ({
    accountId: account.id,
    statementId: period.id,
    statementDate: period.date,
    description: `${period.label} statement`,
    links: [{ href: `${base}/${period.id}`, action: "GET", types: ["application/pdf"] }],
    status: "AVAILABLE",
  }));
  return { status: 200, json: body };
}

function statementFile(context: ProductContext): Reply {
  const account = requireAccount(context);
  const data = context.consent.data;
  const periods = statementPeriods(context.state, data, account);
  if (periods.length === 0) fdx(404, 1107, "Account exists but contains no statements.");
  const period = periods.find((candidate) => candidate.id === context.params.statementId);
  if (!period)
    fdx(404, 1107, "Statement not found", `No statement ${context.params.statementId} for this account.`);
  const accept = header(context.headers, "accept");
  if (accept !== "" && !/application\/pdf|application\/octet-stream|\*\/\*|application\/\*/i.test(accept))
    fdx(406, 406, "Content Type not Supported", "Statements are served as application/pdf.");
  const kind = KINDS[account.kind];
  const count = account.transactions.filter(
    (tx) => tx.postedTimestamp && tx.postedTimestamp >= period.start && tx.postedTimestamp <= period.end,
  ).length;
  const opening = balanceAt(account, new Date(period.start.getTime() - 1));
  const closing = balanceAt(account, period.end);
  const pdf = buildPdf([
    data.provider.name,
    `${kind.productName(data.provider)} statement, ${period.label}`,
    `Account ${account.display}`,
    `${data.person.first} ${data.person.middle} ${data.person.last}`,
    `Period ${isoDate(period.start)} to ${period.date}`,
    `Opening balance $${opening.toFixed(2)}`,
    `Closing balance $${closing.toFixed(2)}`,
    `${count} transactions`,
  ]);
  return { status: 200, pdf };
}

function taxlots(context: ProductContext): Reply {
  const account = requireAccount(context);
  const holding = account.holdings.find((candidate) => candidate.id === context.params.holdingId);
  if (!holding)
    fdx(
      404,
      701,
      "Tax Lots not found",
      `No holding ${context.params.holdingId}; the holdingId may be wrong.`,
    );
  return {
    status: 200,
    json: {
      accountId: account.id,
      holding: {
        holdingId: holding.id,
        securityId: holding.security.cusip,
        securityIdType: "CUSIP",
        taxLots: taxLots(holding),
      },
    },
  };
}

type ProductRoute = { pattern: RegExp; names: string[]; handle: (context: ProductContext) => Reply };

function product(path: string, handle: (context: ProductContext) => Reply): ProductRoute {
  const names: string[] = [];
  const source = path
    .split("/")
    .map((segment) => {
      const match = /^\{(\w+)\}$/.exec(segment);
      if (!match) return segment;
      names.push(match[1]!);
      return "([^/]+)";
    })
    .join("/");
  return { pattern: new RegExp(`^${source}$`), names, handle };
}

// Paths exactly as in the SDK's controllers (statements' and contacts' with their literal
// {version}/{providerId} filled in).
const PRODUCT_ROUTES: readonly ProductRoute[] = [
  product("/accounts-info/{version}/{providerId}", accountsInfo),
  product("/balances/{version}/{providerId}", balances),
  product("/accounts/{version}/{providerId}", investments),
  product("/transactions/{version}/{providerId}/{accountId}", transactions),
  product("/payments/{version}/{providerId}/{accountId}/payment-networks", paymentNetworks),
  product("/customers/{version}/{providerId}/current", customer),
  product("/contacts/{version}/{providerId}/{accountId}", contacts),
  product("/statements/{version}/{providerId}/{accountId}", statements),
  product("/statements/{version}/{providerId}/{accountId}/{statementId}", statementFile),
  product("/taxlots/{version}/{providerId}/{accountId}/{holdingId}", taxlots),
];

function productCall(context: Context): Reply {
  let matched: { route: ProductRoute; params: Record<string, string> } | null = null;
  for (const route of PRODUCT_ROUTES) {
    const match = route.pattern.exec(context.path);
    if (!match) continue;
    const params: Record<string, string> = {};
    route.names.forEach((name, index) => {
      params[name] = decodeURIComponent(match[index + 1]!);
    });
    matched = { route, params };
    break;
  }
  if (!matched) fdx(403, 403, "Forbidden", `No route ${context.method} ${context.path}.`);
  if (context.method !== "GET")
    throw new Failure({
      status: 405,
      headers: { Allow: "GET" },
      json: { code: 405, message: "Method Not Allowed" },
    });
  context.params = matched.params;
  if (matched.params.version !== SUPPORTED_VERSION)
    fdx(
      403,
      403,
      "Forbidden",
      `Version "${matched.params.version}" is not served; use ${SUPPORTED_VERSION}.`,
    );
  const interaction = header(context.headers, "x-akoya-interaction-type");
  if (interaction !== "") {
    context.record.interactionType = interaction;
    if (interaction !== "user" && interaction !== "batch")
      invalidInput(`x-akoya-interaction-type must be user or batch, not "${interaction}".`);
  }
  const provider = findProvider(matched.params.providerId);
  if (!provider)
    fdx(
      403,
      403,
      "Subscription not found",
      `The app has no subscription to provider "${matched.params.providerId}".`,
    );
  const consent = bearerConsent(context);
  if (consent.data.provider.id !== provider.id)
    notAuthorized(`The token was issued for provider ${consent.data.provider.id}, not ${provider.id}.`);
  failQueuedProduct(context);
  return matched.route.handle({ ...context, consent, provider });
}

// ---------------------------------------------------------------------------------------------
// The server
// ---------------------------------------------------------------------------------------------

function route(context: Context): Reply {
  const { method, path } = context;
  const idp: Record<string, [string, (context: Context) => Reply]> = {
    "/auth": ["GET", authorizePage],
    "/auth/login": ["POST", login],
    "/token": ["POST", token],
    "/revoke": ["POST", revoke],
  };
  const entry = idp[path];
  if (entry) {
    if (method !== entry[0])
      throw new Failure({
        status: 405,
        headers: { Allow: entry[0] },
        json: { error: "invalid_request", error_description: "Method not allowed" },
      });
    return entry[1](context);
  }
  return productCall(context);
}

function write(response: ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = { ...reply.headers };
  let body: string | Buffer = "";
  if (reply.location) headers.Location = reply.location;
  if (reply.pdf) {
    headers["Content-Type"] = "application/pdf";
    body = reply.pdf;
  } else if (reply.html !== undefined) {
    headers["Content-Type"] = "text/html; charset=utf-8";
    body = reply.html;
  } else if (reply.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(reply.json);
  }
  headers["Content-Length"] = String(Buffer.byteLength(body));
  response.writeHead(reply.status, headers);
  response.end(body);
}

async function dispatch(state: State, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? "/", "http://stand-in");
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  const method = request.method ?? "GET";
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) query[key] ??= value;
  const record: RecordedRequest = { method, path, query, status: 0 };
  let reply: Reply;
  try {
    const raw = await readRaw(request);
    reply = route({ state, method, path, query, headers: request.headers, raw, record, params: {} });
  } catch (error) {
    reply =
      error instanceof Failure
        ? error.reply
        : { status: 500, json: { code: 500, message: "Internal server error", debugMessage: String(error) } };
  }
  record.status = reply.status;
  state.requests.push(record);
  write(response, reply);
}

function listen(state: State, port: number): Promise<ReturnType<typeof createServer>> {
  const server = createServer((request, response) => {
    dispatch(state, request, response).catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

export async function startAkoyaStandIn(options: AkoyaStandInOptions = {}): Promise<AkoyaStandIn> {
  const state: State = {
    url: "",
    clientId: options.clientId ?? "weft-akoya-client-8f3c2a71",
    clientSecret: options.clientSecret ?? "weftAkoyaStandInSecret2024",
    now: options.now ?? (() => new Date()),
    transactionsPerMonth: options.transactionsPerMonth ?? 20,
    transactionsPageLimit: Math.min(MAX_LIMIT, options.transactionsPageLimit ?? MAX_LIMIT),
    tokenLifetimeSeconds: options.idTokenLifetimeSeconds ?? 900,
    redirectUris: options.redirectUris ?? null,
    users: new Map(),
    consents: [],
    authRequests: new Map(),
    codes: new Map(),
    bearers: new Map(),
    refreshTokens: new Map(),
    failures: [],
    requests: [],
  };
  const server = await listen(state, options.port ?? 0);
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const userData = (username: string, providerId?: string): UserData => {
    const { provider, user } = userFor(username, providerId);
    const data = state.users.get(`${provider.id}:${user.username}`);
    if (!data)
      throw new Error(
        `${username} has not consented at ${provider.id} yet (use authorize or the sign-in page)`,
      );
    return data;
  };

  return {
    url: state.url,
    clientId: state.clientId,
    clientSecret: state.clientSecret,
    requests: state.requests,
    authorize({ username = "mikomo_1", providerId, redirectUri }) {
      const { provider, user } = userFor(username, providerId);
      if (!validRedirectUri(state, redirectUri))
        throw new Error(`${redirectUri} is not a registered redirect URI`);
      const consent = createConsent(state, ensureUser(state, provider, user));
      return { code: issueCode(state, consent, redirectUri, ["openid", "profile", "offline_access"]) };
    },
    revokeConsent(username, providerId) {
      const data = userData(username, providerId);
      for (const consent of state.consents) if (consent.data === data) consent.revoked = true;
    },
    expireTokens() {
      for (const record of state.bearers.values()) record.expired = true;
    },
    failNext(pathPattern, status, times = 1) {
      state.failures.push({ pattern: pathPattern, status, remaining: times });
    },
    addTransactions(username, count, addOptions = {}) {
      const data = userData(username, addOptions.providerId);
      const account = addOptions.accountId
        ? data.accounts.find((candidate) => candidate.id === addOptions.accountId)
        : data.accounts[0];
      if (!account) throw new Error(`${username} has no account ${addOptions.accountId}`);
      const now = wholeSeconds(state.now());
      const added: TxRecord[] = [];
      for (let index = 0; index < count; index += 1) {
        if (account.kind === "investment") {
          added.push(
            addTx(account, {
              amount: between(data.rng, [20, 90]),
              memo: "CREDIT",
              description: "DIVIDEND VTI VANGUARD TOTAL STOCK MARKET ETF",
              type: "DIVIDEND",
              status: addOptions.pending ? "PENDING" : "POSTED",
              transactionTimestamp: now,
              postedTimestamp: now,
            }),
          );
          continue;
        }
        const templates =
          account.kind === "creditCard"
            ? CARD_TEMPLATES
            : account.kind === "checking"
              ? CHECKING_TEMPLATES
              : [template("ONLINE TRANSFER FROM CHECKING", null, null, "TRANSFER", "CREDIT", [50, 300], 1)];
        const tx = fromTemplate(
          account,
          data.rng,
          pick(data.rng, templates),
          now,
          addOptions.pending ?? false,
        );
        tx.transactionTimestamp = now;
        added.push(tx);
      }
      return added.map(transactionBody);
    },
    accounts(username, providerId) {
      return userData(username, providerId).accounts.map((account) => ({
        accountId: account.id,
        accountType: KINDS[account.kind].accountType,
      }));
    },
    async close() {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
