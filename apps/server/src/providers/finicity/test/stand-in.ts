import { createHash, createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { escapeHtml } from "../../../http/html.ts";
import { buildPdf } from "../../test/pdf.ts";

/**
 * A local stand-in for Finicity's aggregation API (Mastercard Open Finance US), so that Weft's tests
 * never reach Finicity. It is modelled on Finicity's published OpenAPI description
 * (Mastercard/open-banking-us-openapi, openbanking-us.yaml, version 1.42.0): its paths, its component
 * schemas (field names, which fields are strings and which numbers) and the error codes of its
 * examples. Where the description is silent it follows Finicity's documentation:
 * - Connect webhooks (developer.mastercard.com/open-finance-us/documentation/webhooks/webhooks-connect/
 *   and the older docs.finicity.com "Connect Webhooks" / "Webhook Events List" pages): the event
 *   wrapper {customerId, eventType, eventId, payload, webhookData}, the "added" payload, and the
 *   X-Finicity-Signature header (hex HMAC-SHA256 of the body keyed with the partner secret);
 * - the Connect Web SDK (Mastercard/connect-web-sdk, src/index.ts and src/constants.ts) for the
 *   postMessage protocol: messages { type, data } with type "done", "cancel", "error", "route",
 *   "user", and "ack" in answer to the SDK's "ping";
 * - the "Connect Web SDK Events", "Connect Route Events" and "User Events 2.0" pages for the payloads:
 *   done { code: 200, reason: "complete", reportData }, cancel { code: 100, reason: "exit" }, error
 *   { code: 500, reason: "error" } / timeout { code: 1440, reason: "timeout" }, route { screen, params },
 *   user { action, ... } (AddAccounts, DisplayAlert, ...);
 * - Finicity's test institutions (FinBank Profiles - A, id 102105; FinBank, id 101732) and its
 *   FinBank test profiles (profile_02 / profile_02).
 * It is not modelled on Weft's adapter. All state lives in memory; only node built-ins are used.
 *
 * What it models, in short:
 * - Every request needs the Finicity-App-Key header; every request but POST
 *   /aggregation/v2/partners/authentication also needs a Finicity-App-Token, valid for two hours
 *   of the stand-in's clock. JSON in and out (Accept must allow application/json: 406 otherwise).
 * - Customers (testing and active), institutions, accounts (by customer, by institution login, by
 *   id), refresh, transactions (paged, date-filtered), "load historic transactions", ACH details,
 *   statements (real PDFs), deleting accounts, institution logins and customers.
 * - Data Connect: POST /connect/v2/generate (and /lite, /fix) answer a link to a page of the
 *   stand-in's that imitates Connect, with Finicity's test credentials; it posts the SDK's events
 *   to window.parent and window.opener and, when the link has a webhook, POSTs signed Connect
 *   webhook events to it.
 * - What Finicity would have aggregated: 24 months of history are made when an institution login is
 *   added, but only the 180 days before each account was added are served ("Standard consumer
 *   aggregation provides up to 180 days of transactions prior to the date each account was added")
 *   until POST .../transactions/historic.
 * - Aggregation status codes on accounts (test control setLoginStatus), shown by every read and kept
 *   by refresh.
 * - Shadow transactions (docs.finicity.com, "Pending and Shadow Transactions": found in an earlier
 *   aggregation, no longer in the institution's data), served with status "shadow" (test control
 *   shadowTransactions).
 * - Load Historic Transactions meeting the institution's MFA question: 203 (MFAChallengeNeeded, no
 *   body), and the accounts then carry aggregation status 185 (test control challengeHistoricLoad).
 */

// ---------------------------------------------------------------------------------------------
// Public types
// ---------------------------------------------------------------------------------------------

export type FinicityStandInOptions = {
  partnerId?: string;
  partnerSecret?: string;
  appKey?: string;
  /** The stand-in's clock: token and link expiry, transaction dates, aggregation dates. */
  now?: () => Date;
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** Transactions per month of generated history for new institution logins (default 20). */
  transactionsPerMonth?: number;
};

export type RecordedRequest = { method: string; path: string; query: Record<string, string>; status: number };

/** A Connect webhook event the stand-in POSTed: the exact body, its signature, the receiver's answer. */
export type DeliveredWebhook = {
  url: string;
  eventType: string;
  eventId: string;
  body: string;
  signature: string;
  /** The receiver's HTTP status; null when the POST failed (error says why). */
  status: number | null;
  error: string | null;
};

export type StandInLogin = {
  id: string;
  customerId: string;
  institutionId: number;
  deleted: boolean;
  /** True once POST .../transactions/historic has run for every account of the login. */
  historicLoaded: boolean;
  /** The aggregation status code its accounts carry (setLoginStatus puts one code on all of them). */
  aggregationStatusCode: number;
};

export type FinicityStandIn = {
  /** "http://127.0.0.1:PORT" */
  url: string;
  partnerId: string;
  partnerSecret: string;
  appKey: string;
  /**
   * Test setup: an institution login as if the customer finished Connect (status 0, aggregated);
   * returns its id and account ids. institutionId 102105 (FinBank Profiles - A, checking, savings,
   * credit card; default) or 101732 (FinBank: the same plus an investment account); `accounts`
   * overrides the institution's set.
   */
  createLogin(
    customerId: string,
    options?: { institutionId?: number; accounts?: "default" | "investments"; transactionsPerMonth?: number },
  ): { institutionLoginId: string; accountIds: string[] };
  /**
   * Puts one of Finicity's aggregation status codes (0 success, 102, 103, 106, 108, 109, 185, 187,
   * 580, 9xx, ...; see AGGREGATION_STATUS_MESSAGES) on every account of the login, as after a failed
   * (or, for 0, a successful) nightly aggregation.
   */
  setLoginStatus(institutionLoginId: string, aggregationStatusCode: number): void;
  /**
   * The institution no longer shows these transactions of the login (Finicity ids): Finicity keeps
   * serving them, with status "shadow" ("found in an earlier aggregation of an account, but not
   * found in the institution's current data source").
   */
  shadowTransactions(institutionLoginId: string, transactionIds: readonly (number | string)[]): void;
  /**
   * The institution asks an MFA question at the login's next Load Historic Transactions: that call
   * answers 203 (MFAChallengeNeeded) without loading anything, and the login's accounts take
   * aggregation status 185 until it is answered (Connect's fix mode; setLoginStatus(id, 0) in tests).
   */
  challengeHistoricLoad(institutionLoginId: string): void;
  /**
   * The next `times` (default 1) API requests whose path matches `pathPattern` (a substring or
   * RegExp) answer this HTTP status with Finicity's error body (`code` overrides the code); a 429
   * also carries Retry-After. Checked after the app key, token and Accept header.
   */
  failNext(pathPattern: string | RegExp, status: number, times?: number, code?: string | number): void;
  /**
   * New transactions dated now on one of the login's accounts (default the first), served at once
   * (as after a refresh). Returns them as Finicity Transaction bodies.
   */
  addTransactions(
    institutionLoginId: string,
    count: number,
    options?: { accountId?: string; pending?: boolean },
  ): unknown[];
  /**
   * POSTs `body` as JSON to `url`, signed as Finicity signs its webhooks (X-Finicity-Signature: hex
   * HMAC-SHA256 of the exact body, keyed with the partner secret); `tamper` sends a wrong signature.
   * Returns the receiver's HTTP status.
   */
  sendWebhook(url: string, body: unknown, options?: { tamper?: boolean }): Promise<number>;
  /** Every API, Connect page and Connect page-script request received: method, path, query, status. */
  readonly requests: readonly RecordedRequest[];
  /** Every Connect webhook event delivered (in delivery order), with the receiver's status. */
  readonly webhooks: readonly DeliveredWebhook[];
  login(institutionLoginId: string): StandInLogin | undefined;
  /** Stops the server (after the webhook deliveries under way). */
  close(): Promise<void>;
};

// ---------------------------------------------------------------------------------------------
// Errors: Finicity's ErrorMessage schema { code, status?, message, user_message?, ... }, with the
// codes of the examples in openbanking-us.yaml (components/examples)
// ---------------------------------------------------------------------------------------------

type Json = Record<string, unknown>;

type ErrorBody = { code: string | number; status?: string; message: string; user_message?: string };

class FinicityError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;
  /** Sent as text/plain instead of the JSON body (Finicity's answer to a wrong app key). */
  readonly text: string | null;
  constructor(
    status: number,
    body: ErrorBody,
    options: { headers?: Record<string, string>; text?: string } = {},
  ) {
    super(body.message);
    this.status = status;
    this.body = body;
    this.headers = options.headers ?? {};
    this.text = options.text ?? null;
  }
}

function fail(status: number, code: string | number, message: string, extra: Partial<ErrorBody> = {}): never {
  throw new FinicityError(status, { code, message, ...extra });
}

function missingParameter(name: string): never {
  return fail(400, "10005", `Missing parameter (${name})`);
}

function invalidParameter(name: string): never {
  return fail(400, "10100", `Invalid parameter (${name})`);
}

function customerNotFound(): never {
  return fail(404, "14001", "Customer not found.");
}

function accountNotFound(customerId: string, accountId: string): never {
  return fail(
    404,
    "38003",
    `customer does not have given account (customerId = ${customerId}, accountId = [${accountId}])`,
  );
}

function loginNotFound(): never {
  return fail(404, "38007", "Customer does not have any accounts associated with institutionLoginId.");
}

/** Bodies failNext answers with when no code is given. */
const DEFAULT_FAILURES: Record<number, ErrorBody> = {
  400: { code: "14020", message: "Bad request." },
  401: { code: "10022", message: "Invalid (Finicity-App-Token)" },
  403: { code: "10021", message: "You are not authorized." },
  404: { code: "14001", message: "Resource not found." },
  408: { code: "10030", status: "408", message: "Please try again at a later time." },
  409: { code: "110002", message: "Username is not available." },
  // TooManyRequestsExample; Finicity documents no Retry-After: the stand-in adds one.
  429: { code: "3300001", message: "Too many request. Please try after some time" },
};

/** Seconds a 429 asks the client to wait. */
const RETRY_AFTER_SECONDS = 1;

// ---------------------------------------------------------------------------------------------
// Reference data: institutions, aggregation status codes, test credentials, transaction templates
// ---------------------------------------------------------------------------------------------

type Institution = {
  id: number;
  name: string;
  accounts: "default" | "investments";
  urlHomeApp: string;
  urlLogonApp: string;
  accountTypeDescription: string;
};

/**
 * Finicity's test institutions: "FinBank Profiles - A" (102105; the yml's examples use it with
 * urlHomeApp http://www.finbank.com) and "FinBank" (101732; urlHomeApp as in the yml's examples),
 * which here also holds an investment account.
 */
const INSTITUTIONS: readonly Institution[] = [
  {
    id: 102105,
    name: "FinBank Profiles - A",
    accounts: "default",
    urlHomeApp: "http://www.finbank.com",
    urlLogonApp: "https://finbank.stg.fini.city/FinBankProfiles/login.jsp",
    accountTypeDescription: "Banking",
  },
  {
    id: 101732,
    name: "FinBank",
    accounts: "investments",
    urlHomeApp: "https://finbank.prod.fini.city/CCBankImageMFA/login.jsp",
    urlLogonApp: "https://finbank.prod.fini.city/CCBankImageMFA/login.jsp",
    accountTypeDescription: "Investments",
  },
];

const DEFAULT_INSTITUTION_ID = 102105;

/**
 * Finicity's aggregation status codes (developer.mastercard.com, "Aggregation Status Codes"), those
 * the stand-in names; any other integer is accepted by setLoginStatus and shown as is.
 */
export const AGGREGATION_STATUS_MESSAGES: Readonly<Record<number, string>> = {
  0: "Success",
  102: "Website unavailable / connection error",
  103: "Invalid credentials",
  106: "Institution not responding",
  108: "User action required at the institution",
  109: "Password change required",
  185: "MFA challenge required",
  187: "Incorrect MFA answer",
  580: "Institution not supported",
  901: "Institution under maintenance",
  945: "Account not found / closed",
};

function statusMessage(code: number): string {
  return AGGREGATION_STATUS_MESSAGES[code] ?? `Aggregation error ${code}`;
}

/**
 * Finicity's FinBank test profiles: username "profile_02" with password "profile_02" connects;
 * "profile_mfa" (any password) asks one MFA question whose answer is "correct"; anything else is
 * aggregation status 103 (invalid credentials) and adds nothing.
 */
export const TEST_CREDENTIALS = {
  username: "profile_02",
  password: "profile_02",
  mfaUsername: "profile_mfa",
  mfaAnswer: "correct",
  mfaQuestion: "What is your favorite color?",
} as const;

type AccountKind = "checking" | "savings" | "creditCard" | "investment";

type Template = {
  description: string;
  memo: string;
  payee: string;
  category: string;
  type: string;
  /** Signed, as Finicity's amounts: negative is money out. */
  range: [number, number];
  account: AccountKind;
  weight: number;
  place?: [city: string, state: string, postalCode: string];
  /** Card purchases: transactionDate a day before postedDate. */
  card?: boolean;
  check?: boolean;
  investment?: { symbol: string; type: string; incomeType?: string };
};

function template(
  description: string,
  memo: string,
  payee: string,
  category: string,
  type: string,
  range: [number, number],
  account: AccountKind,
  weight: number,
  extra: Partial<Template> = {},
): Template {
  return { description, memo, payee, category, type, range, account, weight, ...extra };
}

const SEATTLE: [string, string, string] = ["Seattle", "WA", "98101"];

// Finicity categories (schema Categories) and transaction types (schema TransactionType).
// biome-ignore format: a table reads best one template per row
const TEMPLATES: readonly Template[] = [
  template("ACME CORP PAYROLL PPD ID: 9111111101", "Direct deposit", "Acme Corp", "Paycheck", "directDeposit", [1800, 2600], "checking", 5),
  template("WHOLEFDS MKT 10234 SEATTLE WA", "Debit card purchase", "Whole Foods Market", "Groceries", "pointOfSale", [-160, -18], "checking", 10, { place: SEATTLE, card: true }),
  template("STARBUCKS STORE 00123 SEATTLE WA", "Card purchase", "Starbucks", "Coffee Shops", "pointOfSale", [-9, -3], "creditCard", 12, { place: SEATTLE, card: true }),
  template("CHIPOTLE 0897 SEATTLE WA", "Card purchase", "Chipotle Mexican Grill", "Fast Food", "pointOfSale", [-24, -9], "creditCard", 8, { place: SEATTLE, card: true }),
  template("OLIVE GARDEN 1275 BELLEVUE WA", "Card purchase", "Olive Garden", "Restaurants", "pointOfSale", [-95, -28], "creditCard", 4, { place: ["Bellevue", "WA", "98004"], card: true }),
  template("SHELL OIL 57442 SEATTLE WA", "Card purchase", "Shell", "Gas & Fuel", "pointOfSale", [-70, -25], "creditCard", 7, { place: SEATTLE, card: true }),
  template("UBER *TRIP HELP.UBER.COM CA", "Card purchase", "Uber", "Rental Car & Taxi", "pointOfSale", [-45, -8], "creditCard", 4, { place: ["San Francisco", "CA", "94158"], card: true }),
  template("AMAZON MKTPL*2K4LL0 AMZN.COM/BILL WA", "Card purchase", "Amazon", "Shopping", "pointOfSale", [-140, -12], "creditCard", 9, { place: SEATTLE, card: true }),
  template("TARGET 00012345 SEATTLE WA", "Card purchase", "Target", "Clothing", "pointOfSale", [-120, -15], "creditCard", 5, { place: SEATTLE, card: true }),
  template("NETFLIX.COM LOS GATOS CA", "Recurring card purchase", "Netflix", "Streaming Services", "pointOfSale", [-15.49, -15.49], "creditCard", 1, { place: ["Los Gatos", "CA", "95032"], card: true }),
  template("SPOTIFY USA NEW YORK NY", "Recurring card purchase", "Spotify", "Music", "pointOfSale", [-11.99, -11.99], "creditCard", 1, { place: ["New York", "NY", "10011"], card: true }),
  template("WALGREENS #1234 SEATTLE WA", "Card purchase", "Walgreens", "Pharmacy", "pointOfSale", [-60, -6], "creditCard", 3, { place: SEATTLE, card: true }),
  template("SEATTLE CITY LIGHT ONLINE PMT", "Online bill payment", "Seattle City Light", "Utilities", "payment", [-180, -60], "checking", 2),
  template("COMCAST CABLE COMM", "Online bill payment", "Comcast", "Internet", "payment", [-90, -70], "checking", 2),
  template("VERIZON WIRELESS PAYMENTS", "Online bill payment", "Verizon Wireless", "Mobile Phone", "payment", [-120, -55], "checking", 2),
  template("CHECK", "Check paid", "Check", "Check", "check", [-1400, -1400], "checking", 2, { check: true }),
  template("PLANET FITNESS CLUB FEES", "ACH debit", "Planet Fitness", "Gym", "directDebit", [-24.99, -24.99], "checking", 1),
  template("ATM WITHDRAWAL 0001 MAIN ST SEATTLE WA", "ATM withdrawal", "ATM Withdrawal", "Cash & ATM", "atm", [-200, -20], "checking", 2, { place: SEATTLE }),
  template("MONTHLY MAINTENANCE FEE", "Service charge", "FinBank", "Service Fee", "fee", [-12, -12], "checking", 1),
  template("ONLINE TRANSFER TO SAVINGS", "Online transfer", "Transfer to Savings", "Transfer", "transfer", [-600, -100], "checking", 2),
  template("ONLINE TRANSFER FROM CHECKING", "Online transfer", "Transfer from Checking", "Transfer", "transfer", [100, 600], "savings", 2),
  template("INTEREST PAID", "Interest", "FinBank", "Interest Income", "interest", [0.5, 45], "savings", 1),
  template("ONLINE PAYMENT FINBANK CARD", "Online payment", "FinBank Credit Card", "Credit Card Payment", "payment", [-1200, -200], "checking", 2),
  template("PAYMENT - THANK YOU", "Payment", "FinBank", "Credit Card Payment", "payment", [200, 1200], "creditCard", 2),
  template("DIVIDEND RECEIVED VTI", "Cash dividend", "Vanguard Total Stock Market ETF", "Dividend & Cap Gains", "dividend", [12, 90], "investment", 1, { investment: { symbol: "VTI", type: "dividend", incomeType: "DIV" } }),
  template("YOU BOUGHT VTI", "Purchase", "Vanguard Total Stock Market ETF", "Buy", "debit", [-600, -200], "investment", 1, { investment: { symbol: "VTI", type: "purchased" } }),
];

type Security = {
  symbol: string;
  name: string;
  cusip: string;
  securityType: string;
  invSecurityType: string;
  fiAssetClass: string;
  assetClass: string;
  price: number;
  dailyChange: number;
  mutualFund: boolean;
};

// biome-ignore format: a table reads best one security per row
const SECURITIES: readonly Security[] = [
  { symbol: "VTI", name: "VANGUARD TOTAL STOCK MARKET ETF", cusip: "922908769", securityType: "ETF", invSecurityType: "MFINFO", fiAssetClass: "ALLOCATION FUNDS", assetClass: "LARGESTOCK", price: 285.12, dailyChange: 1.84, mutualFund: false },
  { symbol: "AAPL", name: "APPLE INC", cusip: "037833100", securityType: "Stock", invSecurityType: "STOCKINFO", fiAssetClass: "COMMON STOCK", assetClass: "LARGESTOCK", price: 228.5, dailyChange: -2.1, mutualFund: false },
  { symbol: "FXAIX", name: "FIDELITY 500 INDEX FUND", cusip: "315911750", securityType: "Mutual Fund", invSecurityType: "MFINFO", fiAssetClass: "ALLOCATION FUNDS", assetClass: "LARGESTOCK", price: 205.3, dailyChange: 0.92, mutualFund: true },
  { symbol: "SPAXX", name: "FIDELITY GOVERNMENT MONEY MARKET", cusip: "31617H102", securityType: "Money Market", invSecurityType: "MFINFO", fiAssetClass: "OTHER MONEY FUNDS", assetClass: "MONEYMRKT", price: 1, dailyChange: 0, mutualFund: true },
];

/** A valid ABA routing number (its checksum holds) that belongs to no bank. */
const ROUTING_NUMBER = "123456780";

const DAY = 86_400_000;
/** "Standard consumer aggregation provides up to 180 days of transactions prior to the date each account was added." */
const DEFAULT_HISTORY_DAYS = 180;
/** History made for a new login (what load historic transactions can reach: "up to 24 months"). */
const HISTORY_MONTHS = 24;
/** "The token is valid for two hours." */
const TOKEN_LIFETIME_MS = 2 * 60 * 60 * 1000;
/** Connect links: the yml's sample link carries ttl = timestamp + 7,200,000 ms. */
const LINK_LIFETIME_MS = 2 * 60 * 60 * 1000;
/** Statements the stand-in's FinBank keeps (index 1 is the last closed month). */
const STATEMENT_COUNT = 6;
/** The statement index the API accepts ("Request statements from 1-24"). */
const STATEMENT_INDEX_MAX = 24;

// ---------------------------------------------------------------------------------------------
// Deterministic helpers
// ---------------------------------------------------------------------------------------------

type Random = {
  next(): number;
  integer(min: number, max: number): number;
  amount(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
};

function createRandom(seed: string): Random {
  let a = createHash("sha256").update(seed).digest().readUInt32LE(0);
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    integer: (min, max) => min + Math.floor(next() * (max - min + 1)),
    amount: (min, max) => roundCents(min + next() * (max - min)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
  };
}

function digitsFrom(seed: string, count: number): string {
  const hex = createHash("sha256").update(seed).digest("hex");
  let digits = "";
  for (let index = 0; digits.length < count; index++)
    digits += String(Number.parseInt(hex[index % 64]!, 16) % 10);
  return digits;
}

function roundCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/** Unix epoch seconds, as Finicity writes every date. */
function epoch(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Midday UTC of the date's day: the time of day the stand-in gives posted transactions. */
function midday(date: Date): Date {
  return new Date(`${isoDate(date)}T12:00:00Z`);
}

function randomToken(length: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join("");
}

function signature(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body, "utf8").digest("hex");
}

// ---------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------

type CustomerRecord = {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  email: string | null;
  applicationId: string | null;
  type: "testing" | "active";
  createdAt: Date;
  modifiedAt: Date;
  deleted: boolean;
};

type PositionRecord = { id: number; security: Security; units: number; paidPrice: number };

type AccountRecord = {
  id: string;
  login: LoginRecord;
  kind: AccountKind;
  name: string;
  /** The account number at the institution (what ACH details answer). */
  realAccountNumber: string;
  balance: number;
  availableBalance: number;
  creditLimit: number;
  interestRate: number;
  displayPosition: number;
  createdAt: Date;
  openedAt: Date;
  aggregationStatusCode: number;
  aggregationAttemptAt: Date;
  aggregationSuccessAt: Date | null;
  balanceAt: Date;
  lastUpdatedAt: Date;
  historicLoaded: boolean;
  deleted: boolean;
  positions: PositionRecord[];
};

type TransactionRecord = {
  id: number;
  account: AccountRecord;
  template: Template;
  amount: number;
  transactionAt: Date;
  /** Null while pending. */
  postedAt: Date | null;
  /** When Finicity aggregated it; null while it lies beyond the default 180 days (before historic). */
  createdAt: Date | null;
  /** Found in an earlier aggregation but no longer in the institution's data: served as "shadow". */
  shadow: boolean;
  checkNum: string | null;
  units: number | null;
  unitPrice: number | null;
};

type LoginRecord = {
  id: string;
  customer: CustomerRecord;
  institution: Institution;
  accountSet: "default" | "investments";
  transactionsPerMonth: number;
  createdAt: Date;
  deleted: boolean;
  accounts: AccountRecord[];
  transactions: TransactionRecord[];
  /** The institution asks an MFA question at the next Load Historic Transactions. */
  historicChallenge: boolean;
};

type TokenRecord = { token: string; expiresAt: Date };

type ConnectKind = "full" | "lite" | "fix";

type LinkRecord = {
  token: string;
  kind: ConnectKind;
  customerId: string;
  consumerId: string | null;
  institutionId: number | null;
  institutionLoginId: string | null;
  webhook: string | null;
  webhookData: Json | null;
  webhookHeaders: Record<string, string>;
  redirectUri: string | null;
  experience: string;
  singleUse: boolean;
  createdAt: Date;
  expiresAt: Date;
  completed: boolean;
};

type SessionRecord = {
  id: string;
  link: LinkRecord;
  /** The username awaiting an MFA answer. */
  mfaUsername: string | null;
  mfaInstitutionId: number | null;
  finished: boolean;
};

type QueuedFailure = {
  pattern: string | RegExp;
  status: number;
  remaining: number;
  code: string | number | null;
};

type State = {
  partnerId: string;
  partnerSecret: string;
  appKey: string;
  now: () => Date;
  url: string;
  transactionsPerMonth: number;
  tokens: Map<string, TokenRecord>;
  customers: Map<string, CustomerRecord>;
  logins: Map<string, LoginRecord>;
  accounts: Map<string, AccountRecord>;
  links: Map<string, LinkRecord>;
  sessions: Map<string, SessionRecord>;
  failures: QueuedFailure[];
  requests: RecordedRequest[];
  webhooks: DeliveredWebhook[];
  deliveries: Set<Promise<void>>;
  /** Id counters, started at the yml's example ids. */
  nextCustomerId: number;
  nextLoginId: number;
  nextAccountId: number;
  nextTransactionId: number;
  nextPositionId: number;
};

// ---------------------------------------------------------------------------------------------
// Institution logins: accounts and the history they hold
// ---------------------------------------------------------------------------------------------

function findInstitution(id: number): Institution | undefined {
  return INSTITUTIONS.find((institution) => institution.id === id);
}

type AccountSeed = { kind: AccountKind; name: string };

function accountSeeds(set: "default" | "investments"): AccountSeed[] {
  const seeds: AccountSeed[] = [
    { kind: "checking", name: "Checking" },
    { kind: "savings", name: "Savings" },
    { kind: "creditCard", name: "Credit Card" },
  ];
  if (set === "investments") seeds.push({ kind: "investment", name: "Brokerage" });
  return seeds;
}

function createLoginRecord(
  state: State,
  customer: CustomerRecord,
  institution: Institution,
  options: { accounts?: "default" | "investments"; transactionsPerMonth?: number } = {},
): LoginRecord {
  const now = state.now();
  const login: LoginRecord = {
    id: String(state.nextLoginId++),
    customer,
    institution,
    accountSet: options.accounts ?? institution.accounts,
    transactionsPerMonth: options.transactionsPerMonth ?? state.transactionsPerMonth,
    createdAt: now,
    deleted: false,
    accounts: [],
    transactions: [],
    historicChallenge: false,
  };
  const random = createRandom(`login:${login.id}`);
  accountSeeds(login.accountSet).forEach((seed, index) => {
    const id = String(state.nextAccountId++);
    const balance =
      seed.kind === "checking"
        ? random.amount(1500, 6500)
        : seed.kind === "savings"
          ? random.amount(5000, 25000)
          : seed.kind === "creditCard"
            ? -random.amount(300, 2400)
            : 0;
    const account: AccountRecord = {
      id,
      login,
      kind: seed.kind,
      name: seed.name,
      realAccountNumber: seed.kind === "creditCard" ? `4${digitsFrom(`card:${id}`, 15)}` : digitsFrom(id, 10),
      balance,
      availableBalance: seed.kind === "checking" ? roundCents(balance - random.amount(0, 120)) : balance,
      creditLimit: seed.kind === "creditCard" ? 5000 : 0,
      interestRate: seed.kind === "savings" ? 4.5 : seed.kind === "checking" ? 0.01 : 21.99,
      displayPosition: index + 1,
      createdAt: now,
      openedAt: new Date(now.getTime() - random.integer(900, 3000) * DAY),
      aggregationStatusCode: 0,
      aggregationAttemptAt: now,
      aggregationSuccessAt: now,
      balanceAt: now,
      lastUpdatedAt: now,
      historicLoaded: false,
      deleted: false,
      positions: [],
    };
    if (seed.kind === "investment") {
      for (const security of SECURITIES) {
        account.positions.push({
          id: state.nextPositionId++,
          security,
          units: security.symbol === "SPAXX" ? random.amount(500, 3000) : random.amount(2, 60),
          paidPrice: roundCents(security.price * (0.6 + random.next() * 0.5)),
        });
      }
      account.balance = roundCents(
        account.positions.reduce((sum, position) => sum + marketValue(position), 0),
      );
      account.availableBalance = account.balance;
    }
    login.accounts.push(account);
    state.accounts.set(id, account);
  });
  generateHistory(state, login, random);
  state.logins.set(login.id, login);
  return login;
}

function marketValue(position: PositionRecord): number {
  return roundCents(position.units * position.security.price);
}

/** 24 months of history before the login was added, newest first; the last 180 days are aggregated. */
function generateHistory(state: State, login: LoginRecord, random: Random): void {
  const kinds = new Set(login.accounts.map((account) => account.kind));
  const templates = TEMPLATES.filter((candidate) => kinds.has(candidate.account));
  const totalWeight = templates.reduce((sum, candidate) => sum + candidate.weight, 0);
  const end = login.createdAt.getTime();
  const monthMs = (365.25 / 12) * DAY;
  const visibleFrom = end - DEFAULT_HISTORY_DAYS * DAY;
  const made: TransactionRecord[] = [];
  for (let month = 0; month < HISTORY_MONTHS; month++) {
    for (let count = 0; count < login.transactionsPerMonth; count++) {
      let roll = random.next() * totalWeight;
      let chosen = templates[0]!;
      for (const candidate of templates) {
        roll -= candidate.weight;
        if (roll < 0) {
          chosen = candidate;
          break;
        }
      }
      let posted = midday(new Date(end - (month + random.next()) * monthMs));
      if (posted.getTime() > end) posted = new Date(posted.getTime() - DAY);
      const account = login.accounts.find((candidate) => candidate.kind === chosen.account)!;
      made.push(
        newTransaction(
          state,
          account,
          chosen,
          random,
          posted,
          posted.getTime() >= visibleFrom ? login.createdAt : null,
        ),
      );
    }
  }
  login.transactions = sortNewestFirst(made);
}

function newTransaction(
  state: State,
  account: AccountRecord,
  chosen: Template,
  random: Random,
  posted: Date,
  createdAt: Date | null,
  pending = false,
): TransactionRecord {
  const amount = random.amount(chosen.range[0], chosen.range[1]);
  const security = chosen.investment
    ? SECURITIES.find((candidate) => candidate.symbol === chosen.investment!.symbol)!
    : null;
  const unitPrice = security ? roundCents(security.price * (0.85 + random.next() * 0.2)) : null;
  return {
    id: state.nextTransactionId++,
    account,
    template: chosen,
    amount,
    transactionAt: chosen.card ? new Date(posted.getTime() - DAY) : posted,
    postedAt: pending ? null : posted,
    createdAt,
    shadow: false,
    checkNum: chosen.check ? String(random.integer(1001, 1999)) : null,
    units:
      security && unitPrice
        ? chosen.investment!.type === "dividend"
          ? 0
          : Math.round((Math.abs(amount) / unitPrice) * 1000) / 1000
        : null,
    unitPrice: chosen.investment?.type === "dividend" ? null : unitPrice,
  };
}

function transactionTime(transaction: TransactionRecord): number {
  return transaction.transactionAt.getTime();
}

function sortNewestFirst(transactions: TransactionRecord[]): TransactionRecord[] {
  return transactions.sort(
    (left, right) => transactionTime(right) - transactionTime(left) || right.id - left.id,
  );
}

/** Transactions dated now on one account of the login, aggregated at once. */
function addTransactionsTo(
  state: State,
  login: LoginRecord,
  count: number,
  options: { accountId?: string; pending?: boolean },
): TransactionRecord[] {
  const account = options.accountId
    ? login.accounts.find((candidate) => candidate.id === options.accountId)
    : login.accounts[0];
  if (!account)
    throw new Error(`The Finicity stand-in's login ${login.id} has no account ${options.accountId}`);
  const templates = TEMPLATES.filter((candidate) => candidate.account === account.kind);
  const random = createRandom(`added:${login.id}:${state.nextTransactionId}`);
  const now = state.now();
  const made: TransactionRecord[] = [];
  for (let index = 0; index < count; index++) {
    const chosen = { ...random.pick(templates), card: false };
    made.push(newTransaction(state, account, chosen, random, now, now, options.pending ?? false));
  }
  login.transactions = sortNewestFirst([...made, ...login.transactions]);
  account.lastUpdatedAt = now;
  return made;
}

function liveAccounts(login: LoginRecord): AccountRecord[] {
  return login.accounts.filter((account) => !account.deleted);
}

/** An aggregation of the login's accounts now: the attempt is dated; success only with status 0. */
function aggregate(state: State, accounts: AccountRecord[]): void {
  const now = state.now();
  for (const account of accounts) {
    account.aggregationAttemptAt = now;
    if (account.aggregationStatusCode === 0) {
      account.aggregationSuccessAt = now;
      account.balanceAt = now;
      account.lastUpdatedAt = now;
    }
  }
}

function setStatus(state: State, login: LoginRecord, code: number): void {
  for (const account of liveAccounts(login)) account.aggregationStatusCode = code;
  aggregate(state, liveAccounts(login));
}

// ---------------------------------------------------------------------------------------------
// Bodies, under Finicity's names (component schemas of openbanking-us.yaml)
// ---------------------------------------------------------------------------------------------

/** Customer (createdDate and lastModifiedDate are StringUnixDate: strings). */
function customerBody(customer: CustomerRecord, withApplication = false): Json {
  const body: Json = { id: customer.id, username: customer.username };
  if (customer.firstName !== null) body.firstName = customer.firstName;
  if (customer.lastName !== null) body.lastName = customer.lastName;
  if (customer.phone !== null) body.phone = customer.phone;
  if (customer.email !== null) body.email = customer.email;
  body.type = customer.type;
  body.createdDate = String(epoch(customer.createdAt));
  body.lastModifiedDate = String(epoch(customer.modifiedAt));
  if (withApplication && customer.applicationId !== null) body.applicationId = customer.applicationId;
  return body;
}

function servedTransactions(account: AccountRecord): TransactionRecord[] {
  return account.login.transactions.filter(
    (transaction) => transaction.account === account && transaction.createdAt !== null,
  );
}

/** The last statement period's bounds: the calendar month `monthsBack` months before now's month. */
function statementPeriod(now: Date, monthsBack: number): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack + 1, 0, 23, 59, 59));
  return { start, end };
}

/**
 * CustomerAccountDetail: the data points of the account's type ("(Checking/Savings/CD/MoneyMarket)",
 * "(Credit Card/Line Of Credit)", "(Investment)" in the schema's descriptions), all of them.
 */
function accountDetail(state: State, account: AccountRecord): Json {
  const now = state.now();
  const random = createRandom(`detail:${account.id}`);
  const dateAsOf = epoch(account.balanceAt);
  const period = statementPeriod(now, 1);
  switch (account.kind) {
    case "checking":
    case "savings":
      return {
        dateAsOf,
        availableBalanceAmount: account.availableBalance,
        openDate: epoch(account.openedAt),
        periodStartDate: epoch(period.start),
        periodEndDate: epoch(period.end),
        periodInterestRate: account.interestRate,
        periodDepositAmount: random.amount(500, 4000),
        periodInterestAmount: account.kind === "savings" ? random.amount(10, 60) : 0.02,
        interestYtdAmount: account.kind === "savings" ? random.amount(60, 300) : 0.1,
        interestPriorYtdAmount: account.kind === "savings" ? random.amount(200, 600) : 0.24,
      };
    case "creditCard": {
      const owed = -account.balance;
      return {
        dateAsOf,
        interestRate: String(account.interestRate),
        creditAvailableAmount: roundCents(account.creditLimit - owed),
        creditMaxAmount: account.creditLimit,
        cashAdvanceAvailableAmount: 1000,
        cashAdvanceMaxAmount: 1000,
        cashAdvanceBalance: 0,
        cashAdvanceInterestRate: 27.99,
        currentBalance: owed,
        paymentMinAmount: roundCents(Math.max(25, owed * 0.02)),
        paymentDueDate: epoch(new Date(period.end.getTime() + 25 * DAY)),
        previousBalance: random.amount(200, 2000),
        statementStartDate: epoch(period.start),
        statementEndDate: epoch(period.end),
        statementPurchaseAmount: random.amount(300, 1800),
        statementFinanceAmount: 0,
        statementCreditAmount: random.amount(200, 1200),
        rewardEarnedBalance: random.amount(10, 400),
        pastDueAmount: 0,
        lastPaymentAmount: random.amount(200, 1200),
        lastPaymentDate: epoch(new Date(period.end.getTime() - 5 * DAY)),
        statementCloseBalance: random.amount(200, 2000),
      };
    }
    case "investment": {
      const cash = roundCents(
        account.positions
          .filter((position) => position.security.symbol === "SPAXX")
          .reduce((sum, position) => sum + marketValue(position), 0),
      );
      return {
        dateAsOf,
        currentBalance: account.balance,
        marginBalance: 0,
        shortBalance: 0,
        availableCashBalance: cash,
        vestedBalance: account.balance,
        cashBalanceAmount: cash,
        buyPower: cash,
        marginAllowed: false,
        cashAccountAllowed: true,
      };
    }
  }
}

/** CustomerAccountPosition, every field but the option contract's (optionStrikePrice, ...). */
function positionBody(state: State, position: PositionRecord): Json {
  const { security } = position;
  const value = marketValue(position);
  const costBasis = roundCents(position.units * position.paidPrice);
  const previous = security.price - security.dailyChange;
  const body: Json = {
    id: position.id,
    description: security.name,
    symbol: security.symbol,
    units: position.units,
    currentPrice: security.price,
    securityName: security.name,
    transactionType: "Cash",
    marketValue: value,
    changePercent: previous ? roundCents((security.dailyChange / previous) * 100) : 0,
    dailyChange: security.dailyChange,
    costBasis,
    paidPrice: position.paidPrice,
    holdType: "INVESTMENT",
    invSecurityType: security.invSecurityType,
    status: "A",
    currentPriceDate: epoch(midday(state.now())),
    securityType: security.securityType,
  };
  if (security.mutualFund) body.mfType = "OPENEND";
  Object.assign(body, {
    posType: "Long",
    totalGLDollar: roundCents(value - costBasis),
    totalGLPercent: costBasis ? roundCents(((value - costBasis) / costBasis) * 100) : 0,
    fiAssetClass: security.fiAssetClass,
    assetClass: security.assetClass,
    currencyRate: 1,
    securityId: security.cusip,
    securityIdType: "CUSIP",
    costBasisPerShare: position.paidPrice,
    subAccountType: "CASH",
    securityCurrency: "USD",
    todayGLDollar: roundCents(position.units * security.dailyChange),
    todayGLPercent: previous ? roundCents((security.dailyChange / previous) * 100) : 0,
  });
  return body;
}

/**
 * CustomerAccount: every field of the schema (and accountNickname, which the schema lists as
 * required without defining it), but realAccountNumberLast4 (only for ACH-enabled accounts:
 * checking and savings), position (investment accounts), authorizationEndDate (unused when
 * authorizationExpires is false) and parentAccount (student loans).
 */
function accountBody(state: State, account: AccountRecord): Json {
  const served = servedTransactions(account);
  const posted = served.filter((transaction) => transaction.postedAt !== null && !transaction.shadow);
  const last4 = account.realAccountNumber.slice(-4);
  const ach = account.kind === "checking" || account.kind === "savings";
  const body: Json = {
    id: account.id,
    number: account.kind === "creditCard" ? `XXXXXXXXXXXX${last4}` : account.realAccountNumber,
    accountNumberDisplay: last4,
  };
  if (ach) body.realAccountNumberLast4 = last4;
  Object.assign(body, {
    name: account.name,
    accountNickname: account.name,
    balance: account.balance,
    type: account.kind,
    aggregationStatusCode: account.aggregationStatusCode,
    status: "active",
    customerId: account.login.customer.id,
    institutionId: String(account.login.institution.id),
    balanceDate: epoch(account.balanceAt),
    aggregationSuccessDate: account.aggregationSuccessAt ? epoch(account.aggregationSuccessAt) : undefined,
    aggregationAttemptDate: epoch(account.aggregationAttemptAt),
    createdDate: epoch(account.createdAt),
    lastUpdatedDate: epoch(account.lastUpdatedAt),
    marketSegment: "personal",
    currency: "USD",
    lastTransactionDate: posted[0] ? epoch(posted[0].postedAt!) : undefined,
    oldestTransactionDate: posted.at(-1) ? epoch(posted.at(-1)!.postedAt!) : undefined,
    institutionLoginId: Number(account.login.id),
    authorizationStartDate: epoch(account.createdAt),
    authorizationExpires: false,
    detail: accountDetail(state, account),
  });
  if (account.kind === "investment")
    body.position = account.positions.map((position) => positionBody(state, position));
  body.displayPosition = account.displayPosition;
  body.linkedAccountDate = epoch(account.createdAt);
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return body;
}

/**
 * Transaction: signed amount, status "active" or "pending", epoch-second dates, categorization.
 * Fields that belong to other kinds of transactions are left out: checkNum (checks), the investment
 * fields (investment accounts: ticker, unitQuantity, unitPrice, ...), postedDate / effectiveDate /
 * firstEffectiveDate (pending ones), and the loan fields (escrowAmount, principalAmount, ...),
 * runningBalanceAmount, optionStrikePrice, split*, sharesPerContract, currencySymbol.
 */
function transactionBody(transaction: TransactionRecord): Json {
  const { template: chosen, account } = transaction;
  const categorization: Json = { normalizedPayeeName: chosen.payee, category: chosen.category };
  if (chosen.place) {
    categorization.city = chosen.place[0];
    categorization.state = chosen.place[1];
    categorization.postalCode = chosen.place[2];
  }
  categorization.country = "USA";
  categorization.bestRepresentation = chosen.check
    ? `CHECK ${transaction.checkNum}`
    : chosen.description
        .replace(/[#*]?\d{3,}/g, "")
        .replace(/\s+/g, " ")
        .trim();
  const description = chosen.check ? `CHECK # ${transaction.checkNum}` : chosen.description;
  const body: Json = {
    id: transaction.id,
    amount: transaction.amount,
    uniqueTransactionId: `${account.id}-${transaction.id}`,
    accountId: Number(account.id),
    customerId: Number(account.login.customer.id),
    status: transaction.shadow ? "shadow" : transaction.postedAt ? "active" : "pending",
    description,
    memo: chosen.memo,
    type: chosen.type,
    transactionDate: epoch(transaction.transactionAt),
  };
  if (transaction.postedAt) body.postedDate = epoch(transaction.postedAt);
  body.createdDate = epoch(transaction.createdAt ?? transaction.transactionAt);
  if (transaction.postedAt) {
    body.firstEffectiveDate = epoch(transaction.postedAt);
    body.effectiveDate = epoch(transaction.postedAt);
  }
  if (transaction.checkNum) body.checkNum = transaction.checkNum;
  if (chosen.investment) {
    const security = SECURITIES.find((candidate) => candidate.symbol === chosen.investment!.symbol)!;
    Object.assign(body, {
      unitQuantity: transaction.units ?? 0,
      ...(transaction.unitPrice !== null ? { unitPrice: transaction.unitPrice } : {}),
      subaccountSecurityType: "CASH",
      commissionAmount: 0,
      ticker: security.symbol,
      investmentTransactionType: chosen.investment.type,
      taxesAmount: 0,
      ...(chosen.investment.incomeType ? { incomeType: chosen.investment.incomeType } : {}),
      subAccountFund: "CASH",
      securityId: security.cusip,
      securityIdType: "CUSIP",
    });
  }
  body.categorization = categorization;
  return body;
}

/** Institution: every field but newInstitutionId and oauthInstitutionId (neither applies to FinBank). */
function institutionBody(institution: Institution): Json {
  const investments = institution.accounts === "investments";
  return {
    id: institution.id,
    name: institution.name,
    transAgg: true,
    ach: true,
    stateAgg: true,
    voi: true,
    voa: true,
    aha: true,
    availBalance: true,
    accountOwner: true,
    studentLoanData: false,
    loanPaymentDetails: false,
    displayName: institution.name,
    liabilityData: false,
    billPayData: false,
    accountTypeDescription: institution.accountTypeDescription,
    phone: "1-801-984-4200",
    urlHomeApp: institution.urlHomeApp,
    urlLogonApp: institution.urlLogonApp,
    oauthEnabled: false,
    urlForgotPassword: `${institution.urlHomeApp.replace(/\/[^/]*\.jsp$/, "")}/forgotPassword`,
    urlOnlineRegistration: `${institution.urlHomeApp.replace(/\/[^/]*\.jsp$/, "")}/signup`,
    class: investments ? "investment" : "banking",
    specialText: `Please enter your ${institution.name} Username and Password.`,
    timeZone: "America/Denver",
    specialInstructions: [],
    specialInstructionsTitle: "",
    address: {
      city: "Murray",
      state: "UT",
      country: "USA",
      postalCode: "84123",
      addressLine1: "434 W Ascension Way",
      addressLine2: "Suite #200",
    },
    currency: "USD",
    email: "support@finicity.com",
    status: "online",
    branding: {
      logo: `https://finbank.example/branding/${institution.id}/logo.svg`,
      alternateLogo: `https://finbank.example/branding/${institution.id}/alternateLogo.svg`,
      icon: `https://finbank.example/branding/${institution.id}/icon.svg`,
      primaryColor: "#0167AE",
      tile: `https://finbank.example/branding/${institution.id}/tile.svg`,
    },
    productionStatus: {
      overallStatus: "online",
      transAgg: "online",
      voa: "online",
      voi: "online",
      stateAgg: "online",
      ach: "online",
      aha: "online",
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Request helpers
// ---------------------------------------------------------------------------------------------

type Query = Record<string, string>;

type Context = {
  state: State;
  method: string;
  params: Record<string, string>;
  query: Query;
  body: Json;
};

type Reply = { status: number; body?: Json; pdf?: Buffer };

type Handler = (context: Context) => Reply;

function ok(body: Json, status = 200): Reply {
  return { status, body };
}

function optionalString(body: Json, key: string): string | null {
  const value = body[key];
  if (value === undefined || value === null) return null;
  if (typeof value === "number") return String(value);
  if (typeof value !== "string") invalidParameter(key);
  return value as string;
}

function requiredString(body: Json, key: string): string {
  const value = optionalString(body, key);
  if (value === null || value.trim() === "") missingParameter(key);
  return value as string;
}

function optionalObject(body: Json, key: string): Json | null {
  const value = body[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== "object" || Array.isArray(value)) invalidParameter(key);
  return value as Json;
}

function integerParameter(
  query: Query,
  name: string,
  options: { required?: boolean; fallback?: number } = {},
): number {
  const raw = query[name];
  if (raw === undefined || raw === "") {
    if (options.required || options.fallback === undefined) missingParameter(name);
    return options.fallback as number;
  }
  if (!/^-?\d+$/.test(raw)) invalidParameter(name);
  return Number(raw);
}

function booleanParameter(query: Query, name: string): boolean {
  const raw = query[name];
  if (raw === undefined || raw === "") return false;
  if (raw !== "true" && raw !== "false") invalidParameter(name);
  return raw === "true";
}

/** DSAPI_StartParameter (1-based index of the first record) and LimitParameter (1..1000, default 25). */
function recordWindow(query: Query): { start: number; limit: number } {
  const start = integerParameter(query, "start", { fallback: 1 });
  if (start < 1) fail(400, "41003", "Start index cannot be less than one.");
  const limit = integerParameter(query, "limit", { fallback: 25 });
  if (limit < 1) fail(400, "41004", "Limit cannot be less than one.");
  if (limit > 1000) fail(400, "10100", "Invalid parameter (limit): the maximum is 1000");
  return { start, limit };
}

function requireCustomer(context: Context): CustomerRecord {
  const customer = context.state.customers.get(context.params.customerId ?? "");
  if (!customer || customer.deleted) customerNotFound();
  return customer as CustomerRecord;
}

function customerLogins(state: State, customer: CustomerRecord): LoginRecord[] {
  return [...state.logins.values()].filter((login) => login.customer === customer && !login.deleted);
}

function customerAccounts(state: State, customer: CustomerRecord): AccountRecord[] {
  return customerLogins(state, customer).flatMap(liveAccounts);
}

function requireLogin(context: Context, customer: CustomerRecord): LoginRecord {
  const login = context.state.logins.get(context.params.institutionLoginId ?? "");
  if (!login || login.deleted || login.customer !== customer || liveAccounts(login).length === 0)
    loginNotFound();
  return login as LoginRecord;
}

function requireAccount(context: Context, customer: CustomerRecord): AccountRecord {
  const accountId = context.params.accountId ?? "";
  const account = context.state.accounts.get(accountId);
  if (!account || account.deleted || account.login.deleted || account.login.customer !== customer)
    accountNotFound(customer.id, accountId);
  return account as AccountRecord;
}

// ---------------------------------------------------------------------------------------------
// Handlers
// ---------------------------------------------------------------------------------------------

/** POST /aggregation/v2/partners/authentication: PartnerCredentials -> AccessToken. */
function authenticate(context: Context): Reply {
  const { state, body } = context;
  const partnerId = requiredString(body, "partnerId");
  const partnerSecret = requiredString(body, "partnerSecret");
  if (partnerId !== state.partnerId) fail(404, 12401, "partner not found");
  if (partnerSecret !== state.partnerSecret) fail(401, "10001", "Invalid credentials");
  const token = randomToken(20);
  state.tokens.set(token, { token, expiresAt: new Date(state.now().getTime() + TOKEN_LIFETIME_MS) });
  return ok({ token });
}

/** The username rules of CustomerUsername: 6 to 255 of letters, digits and ! @ . # $ % & * _ - + */
const USERNAME = /^[A-Za-z0-9!@.#$%&*_\-+]{6,255}$/;
const NAME = /^[\p{L}\p{M} .'-]*$/u;

function addCustomer(type: "testing" | "active"): Handler {
  return (context) => {
    const { state, body } = context;
    const username = requiredString(body, "username");
    if (!USERNAME.test(username)) fail(400, "110039", "Username is not as per the policy.");
    const firstName = optionalString(body, "firstName");
    const lastName = optionalString(body, "lastName");
    if ((firstName !== null && !NAME.test(firstName)) || (lastName !== null && !NAME.test(lastName)))
      fail(400, "45003", "Invalid character in name fields.");
    const taken = [...state.customers.values()].some(
      (customer) => !customer.deleted && customer.username === username,
    );
    if (taken) fail(409, "110002", "Username is not available.");
    const now = state.now();
    const customer: CustomerRecord = {
      id: String(state.nextCustomerId++),
      username,
      firstName,
      lastName,
      phone: optionalString(body, "phone"),
      email: optionalString(body, "email"),
      applicationId: optionalString(body, "applicationId"),
      type,
      createdAt: now,
      modifiedAt: now,
      deleted: false,
    };
    state.customers.set(customer.id, customer);
    // CreatedCustomer: createdDate is a UnixDate (a number) here.
    return ok({ id: customer.id, username: customer.username, createdDate: epoch(now) }, 201);
  };
}

/** GET /aggregation/v1/customers: username (exact), type, search, start, limit -> Customers. */
function listCustomers(context: Context): Reply {
  const { state, query } = context;
  const type = query.type ?? "";
  if (type !== "" && type !== "testing" && type !== "active") fail(400, "14016", "Invalid customer type.");
  const { start, limit } = recordWindow(query);
  const search = (query.search ?? "").trim().toLowerCase();
  const matches = [...state.customers.values()].filter((customer) => {
    if (customer.deleted) return false;
    if (query.username !== undefined && query.username !== "" && customer.username !== query.username)
      return false;
    if (type !== "" && customer.type !== type) return false;
    if (search && search !== "*") {
      const names = [
        customer.username,
        `${customer.firstName ?? ""} ${customer.lastName ?? ""}`,
        `${customer.lastName ?? ""} ${customer.firstName ?? ""}`,
      ].map((name) => name.toLowerCase());
      if (!names.some((name) => name.includes(search))) return false;
    }
    return true;
  });
  const page = matches.slice(start - 1, start - 1 + limit);
  return ok({
    found: matches.length,
    displaying: page.length,
    moreAvailable: start - 1 + page.length < matches.length,
    customers: page.map((customer) => customerBody(customer)),
  });
}

function readCustomer(context: Context): Reply {
  return ok(customerBody(requireCustomer(context), true));
}

/** DELETE /aggregation/v1/customers/{customerId}: the customer and all its accounts go. */
function deleteCustomer(context: Context): Reply {
  const customer = requireCustomer(context);
  customer.deleted = true;
  for (const login of customerLogins(context.state, customer)) deleteLogin(login);
  return { status: 204 };
}

function deleteLogin(login: LoginRecord): void {
  login.deleted = true;
  for (const account of login.accounts) account.deleted = true;
}

function accountsReply(state: State, accounts: AccountRecord[]): Reply {
  return ok({ accounts: accounts.map((account) => accountBody(state, account)) });
}

/** GET /aggregation/v1/customers/{customerId}/accounts (status: "active" or "pending"). */
function listCustomerAccounts(context: Context): Reply {
  const customer = requireCustomer(context);
  const status = context.query.status;
  if (status !== undefined && status !== "" && status !== "active" && status !== "pending")
    fail(400, "18017", "status parameter value must be 'active' or 'pending");
  const accounts = status === "pending" ? [] : customerAccounts(context.state, customer);
  return accountsReply(context.state, accounts);
}

/** POST /aggregation/v1/customers/{customerId}/accounts: refreshes every login of the customer. */
function refreshCustomerAccounts(context: Context): Reply {
  const customer = requireCustomer(context);
  const accounts = customerAccounts(context.state, customer);
  aggregate(context.state, accounts);
  return accountsReply(context.state, accounts);
}

function listLoginAccounts(context: Context): Reply {
  const login = requireLogin(context, requireCustomer(context));
  return accountsReply(context.state, liveAccounts(login));
}

/**
 * POST .../institutionLogins/{institutionLoginId}/accounts: the login's accounts are aggregated
 * again; with status 0 every aggregation date moves to now, otherwise only the attempt date does and
 * the accounts keep their status code (200 either way, as the operation documents only 200).
 */
function refreshLoginAccounts(context: Context): Reply {
  const login = requireLogin(context, requireCustomer(context));
  aggregate(context.state, liveAccounts(login));
  return accountsReply(context.state, liveAccounts(login));
}

function deleteLoginRoute(context: Context): Reply {
  deleteLogin(requireLogin(context, requireCustomer(context)));
  return { status: 204 };
}

function readAccount(context: Context): Reply {
  const account = requireAccount(context, requireCustomer(context));
  return ok(accountBody(context.state, account));
}

function deleteAccount(context: Context): Reply {
  const account = requireAccount(context, requireCustomer(context));
  account.deleted = true;
  if (liveAccounts(account.login).length === 0) account.login.deleted = true;
  return { status: 204 };
}

/**
 * The Transactions body: fromDate/toDate (epoch seconds, required, inclusive, on transactionDate or
 * postedDate when there is none), start (1-based record index), limit (1..1000), sort (desc default),
 * includePending (false default). moreAvailable, fromDate and toDate are strings, as in the schema.
 */
function transactionsReply(context: Context, accounts: AccountRecord[]): Reply {
  const { query } = context;
  const fromDate = integerParameter(query, "fromDate", { required: true });
  const toDate = integerParameter(query, "toDate", { required: true });
  if (fromDate > toDate) fail(400, "41002", "Invalid date range: fromDate must be before toDate");
  const { start, limit } = recordWindow(query);
  const sort = query.sort === undefined || query.sort === "" ? "desc" : query.sort;
  if (sort !== "asc" && sort !== "desc") invalidParameter("sort");
  const includePending = booleanParameter(query, "includePending");
  const wanted = new Set(accounts);
  const logins = new Set(accounts.map((account) => account.login));
  const matches: TransactionRecord[] = [];
  for (const login of logins) {
    for (const transaction of login.transactions) {
      if (!wanted.has(transaction.account) || transaction.createdAt === null) continue;
      if (!includePending && transaction.postedAt === null) continue;
      const time = Math.floor(transactionTime(transaction) / 1000);
      if (time < fromDate || time > toDate) continue;
      matches.push(transaction);
    }
  }
  sortNewestFirst(matches);
  if (sort === "asc") matches.reverse();
  const page = matches.slice(start - 1, start - 1 + limit);
  return ok({
    found: matches.length,
    displaying: page.length,
    moreAvailable: String(start - 1 + page.length < matches.length),
    fromDate: String(fromDate),
    toDate: String(toDate),
    sort,
    transactions: page.map(transactionBody),
  });
}

function listCustomerTransactions(context: Context): Reply {
  const customer = requireCustomer(context);
  return transactionsReply(context, customerAccounts(context.state, customer));
}

function listAccountTransactions(context: Context): Reply {
  const account = requireAccount(context, requireCustomer(context));
  return transactionsReply(context, [account]);
}

function readTransaction(context: Context): Reply {
  const customer = requireCustomer(context);
  const id = Number(context.params.transactionId);
  for (const account of customerAccounts(context.state, customer)) {
    const transaction = servedTransactions(account).find((candidate) => candidate.id === id);
    if (transaction) return ok(transactionBody(transaction));
  }
  return fail(404, 24553, "Transaction not found.");
}

/**
 * POST .../accounts/{accountId}/transactions/historic: 204 once the account's 24 months are loaded
 * (a second call returns at once). A login in MFA (185, 187) answers 203 (MFAChallengeNeeded);
 * another failing status answers 400 with the aggregation status code as the error code. A login
 * whose institution asks an MFA question now (challengeHistoricLoad) takes status 185 and answers 203.
 */
function loadHistoricTransactions(context: Context): Reply {
  const account = requireAccount(context, requireCustomer(context));
  const { state } = context;
  if (account.login.historicChallenge) {
    account.login.historicChallenge = false;
    setStatus(state, account.login, 185);
  }
  const code = account.aggregationStatusCode;
  account.aggregationAttemptAt = state.now();
  if (code === 185 || code === 187) return { status: 203 };
  if (code !== 0) fail(400, code, statusMessage(code), { status: "400" });
  if (!account.historicLoaded) {
    const now = state.now();
    for (const transaction of account.login.transactions) {
      if (transaction.account === account && transaction.createdAt === null) transaction.createdAt = now;
    }
    account.historicLoaded = true;
  }
  account.aggregationSuccessAt = state.now();
  return { status: 204 };
}

/** GET .../accounts/{accountId}/details: ACHDetails, for checking and savings accounts only. */
function readAchDetails(context: Context): Reply {
  const account = requireAccount(context, requireCustomer(context));
  if (account.kind !== "checking" && account.kind !== "savings")
    fail(400, "14020", "Bad request. (Account type not supported).");
  return ok({ routingNumber: ROUTING_NUMBER, realAccountNumber: account.realAccountNumber });
}

/** GET .../accounts/{accountId}/statement?index=1..24: a PDF; FinBank keeps the last 6 months. */
function readStatement(context: Context): Reply {
  const { state } = context;
  const customer = requireCustomer(context);
  const account = requireAccount(context, customer);
  const index = integerParameter(context.query, "index", { fallback: 1 });
  if (index < 1 || index > STATEMENT_INDEX_MAX) invalidParameter("index");
  if (index > STATEMENT_COUNT) fail(404, "14001", "Resource not found.");
  const { start, end } = statementPeriod(state.now(), index);
  const inPeriod = account.login.transactions.filter(
    (transaction) =>
      transaction.account === account &&
      transaction.postedAt !== null &&
      !transaction.shadow &&
      transaction.postedAt >= start &&
      transaction.postedAt <= end,
  );
  const total = roundCents(inPeriod.reduce((sum, transaction) => sum + transaction.amount, 0));
  const pdf = buildPdf([
    account.login.institution.name,
    `Statement for ${account.name} ending ${account.realAccountNumber.slice(-4)}`,
    `Statement period: ${isoDate(start)} to ${isoDate(end)}`,
    `Customer: ${[customer.firstName, customer.lastName].filter(Boolean).join(" ") || customer.username}`,
    `Transactions in period: ${inPeriod.length}`,
    `Net activity: ${total.toFixed(2)} USD`,
    `Closing balance: ${account.balance.toFixed(2)} USD`,
  ]);
  return { status: 200, pdf };
}

/**
 * GET /institution/v2/institutions: search (words matched in the name, case-insensitive; empty or
 * "*" lists all), start (StartParameter: the index of the page, 1-based), limit, type (a certified
 * product such as "transAgg" or "ach").
 */
function listInstitutions(context: Context): Reply {
  const { query, state } = context;
  const page = integerParameter(query, "start", { fallback: 1 });
  if (page < 1) fail(400, "41003", "Start index cannot be less than one.");
  const limit = integerParameter(query, "limit", { fallback: 25 });
  if (limit < 1) fail(400, "41004", "Limit cannot be less than one.");
  if (limit > 1000) fail(400, "10100", "Invalid parameter (limit): the maximum is 1000");
  const words = (query.search ?? "")
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== "" && word !== "*");
  const type = query.type;
  const bodies = INSTITUTIONS.map(institutionBody).filter((body) => {
    const name = String(body.name).toLowerCase();
    if (!words.every((word) => name.includes(word))) return false;
    if (type && body[type] !== true) return false;
    return true;
  });
  const offset = (page - 1) * limit;
  const shown = bodies.slice(offset, offset + limit);
  return ok({
    found: bodies.length,
    displaying: shown.length,
    moreAvailable: offset + shown.length < bodies.length,
    createdDate: epoch(state.now()),
    institutions: shown,
  });
}

function readInstitution(context: Context): Reply {
  const raw = context.params.institutionId ?? "";
  if (!/^\d+$/.test(raw)) invalidParameter("institutionId");
  const institution = findInstitution(Number(raw));
  if (!institution) fail(404, "14006", "Institution not found.");
  return ok({ institution: institutionBody(institution as Institution) });
}

// ---------------------------------------------------------------------------------------------
// Data Connect: generating links (ConnectParameters, LiteConnectParameters, FixConnectParameters)
// ---------------------------------------------------------------------------------------------

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function invalidField(message: string): never {
  return fail(400, "10010", message, {
    status: "400",
    user_message:
      "One or more of the fields could not be validated. Please ensure you have entered the correct data.",
  });
}

function generateLink(kind: ConnectKind): Handler {
  return (context) => {
    const { state, body } = context;
    const partnerId = requiredString(body, "partnerId");
    if (partnerId !== state.partnerId) invalidField("Partner ID does not match the authenticated partner");
    const customerId = requiredString(body, "customerId");
    const customer = state.customers.get(customerId);
    if (!customer || customer.deleted)
      invalidField("Customer ID does not exist or does not belong to this partner");
    const experience = optionalString(body, "experience") ?? "default";
    if (experience !== "default" && !GUID.test(experience)) invalidField('"experience" must be a valid GUID');
    let institutionId: number | null = null;
    let institutionLoginId: string | null = null;
    if (kind === "fix") {
      institutionLoginId = requiredString(body, "institutionLoginId");
      const login = state.logins.get(institutionLoginId);
      if (!login || login.deleted || login.customer !== customer) loginNotFound();
    } else {
      // institutionId belongs to Lite (LiteConnectParameters); the full app takes it too, to skip search.
      const raw =
        kind === "lite" ? requiredString(body, "institutionId") : optionalString(body, "institutionId");
      if (raw !== null) {
        if (!/^\d+$/.test(raw) || !findInstitution(Number(raw)))
          invalidField("institutionId does not match a supported institution");
        institutionId = Number(raw);
      }
    }
    const webhook = optionalString(body, "webhook");
    if (webhook !== null && !/^https?:\/\/\S+$/.test(webhook)) invalidField('"webhook" must be a valid URL');
    const headers = optionalObject(body, "webhookHeaders") ?? {};
    const singleUse = body.singleUseUrl === undefined ? true : body.singleUseUrl !== false;
    const now = state.now();
    const link: LinkRecord = {
      token: randomBytes(16).toString("hex"),
      kind,
      customerId: customer!.id,
      consumerId: optionalString(body, "consumerId"),
      institutionId,
      institutionLoginId,
      webhook,
      webhookData: optionalObject(body, "webhookData"),
      webhookHeaders: Object.fromEntries(Object.entries(headers).map(([key, value]) => [key, String(value)])),
      redirectUri: optionalString(body, "redirectUri"),
      experience,
      singleUse,
      createdAt: now,
      expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS),
      completed: false,
    };
    state.links.set(link.token, link);
    // Shaped after Finicity's links: customerId, origin, partnerId, signature, timestamp, ttl (ms).
    const search = new URLSearchParams({
      customerId: link.customerId,
      origin: "url",
      partnerId: state.partnerId,
      signature: signature(state.partnerSecret, link.token),
      timestamp: String(now.getTime()),
      ttl: String(link.expiresAt.getTime()),
    });
    if (kind !== "full") search.set("type", kind);
    if (institutionId !== null) search.set("institutionId", String(institutionId));
    if (institutionLoginId !== null) search.set("institutionLoginId", institutionLoginId);
    return ok({ link: `${state.url}/connect/${link.token}?${search}` });
  };
}

// ---------------------------------------------------------------------------------------------
// Routes (paths exactly as in openbanking-us.yaml)
// ---------------------------------------------------------------------------------------------

type Route = { method: string; pattern: RegExp; names: string[]; handle: Handler; produces: "json" | "pdf" };

function route(method: string, path: string, handle: Handler, produces: "json" | "pdf" = "json"): Route {
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
  return { method, pattern: new RegExp(`^${source}$`), names, handle, produces };
}

const CUSTOMER = "/aggregation/v1/customers/{customerId}";
const LOGIN = `${CUSTOMER}/institutionLogins/{institutionLoginId}`;
const AUTHENTICATION_PATH = "/aggregation/v2/partners/authentication";

const ROUTES: readonly Route[] = [
  route("POST", AUTHENTICATION_PATH, authenticate),
  route("POST", "/aggregation/v2/customers/testing", addCustomer("testing")),
  route("POST", "/aggregation/v2/customers/active", addCustomer("active")),
  route("GET", "/aggregation/v1/customers", listCustomers),
  route("GET", CUSTOMER, readCustomer),
  route("DELETE", CUSTOMER, deleteCustomer),
  route("POST", "/connect/v2/generate", generateLink("full")),
  route("POST", "/connect/v2/generate/lite", generateLink("lite")),
  route("POST", "/connect/v2/generate/fix", generateLink("fix")),
  route("GET", `${CUSTOMER}/accounts`, listCustomerAccounts),
  route("POST", `${CUSTOMER}/accounts`, refreshCustomerAccounts),
  route("GET", `${LOGIN}/accounts`, listLoginAccounts),
  route("POST", `${LOGIN}/accounts`, refreshLoginAccounts),
  route("DELETE", LOGIN, deleteLoginRoute),
  route("GET", "/aggregation/v2/customers/{customerId}/accounts/{accountId}", readAccount),
  route("DELETE", `${CUSTOMER}/accounts/{accountId}`, deleteAccount),
  route("GET", "/aggregation/v3/customers/{customerId}/transactions", listCustomerTransactions),
  route(
    "GET",
    "/aggregation/v4/customers/{customerId}/accounts/{accountId}/transactions",
    listAccountTransactions,
  ),
  route("GET", "/aggregation/v2/customers/{customerId}/transactions/{transactionId}", readTransaction),
  route("POST", `${CUSTOMER}/accounts/{accountId}/transactions/historic`, loadHistoricTransactions),
  route("GET", `${CUSTOMER}/accounts/{accountId}/details`, readAchDetails),
  route("GET", `${CUSTOMER}/accounts/{accountId}/statement`, readStatement, "pdf"),
  route("GET", "/institution/v2/institutions", listInstitutions),
  route("GET", "/institution/v2/institutions/{institutionId}", readInstitution),
];

function matchRoute(
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } | "method" | null {
  let pathMatched = false;
  for (const candidate of ROUTES) {
    const match = candidate.pattern.exec(path);
    if (!match) continue;
    if (candidate.method !== method) {
      pathMatched = true;
      continue;
    }
    const params = Object.fromEntries(
      candidate.names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]),
    );
    return { route: candidate, params };
  }
  return pathMatched ? "method" : null;
}

// ---------------------------------------------------------------------------------------------
// Data Connect: the page behind a link, the calls its script makes, Connect webhooks
// ---------------------------------------------------------------------------------------------

type LinkProblem = "unknown" | "expired" | "used";

function linkProblem(state: State, link: LinkRecord | undefined): LinkProblem | null {
  if (!link) return "unknown";
  if (link.expiresAt <= state.now()) return "expired";
  if (link.completed && link.singleUse) return "used";
  return null;
}

const LINK_PROBLEMS: Record<
  LinkProblem,
  { status: number; text: string; event: { code: number; reason: string } }
> = {
  unknown: { status: 404, text: "This link is not valid.", event: { code: 500, reason: "error" } },
  expired: { status: 410, text: "This link has expired.", event: { code: 1440, reason: "timeout" } },
  used: { status: 410, text: "This link has already been used.", event: { code: 500, reason: "error" } },
};

function openConnect(state: State, token: string): { status: number; html: string } {
  const link = state.links.get(token);
  const problem = linkProblem(state, link);
  if (problem) {
    const { status, text, event } = LINK_PROBLEMS[problem];
    const message = JSON.stringify({ type: "error", data: event });
    return {
      status,
      html: pageHtml(
        `<main id="connect-root" data-screen="error"><h1>Something went wrong</h1><p id="connect-error" role="alert">${escapeHtml(text)}</p></main>
<script>(function () { var m = ${message}; if (window.parent && window.parent !== window) window.parent.postMessage(m, "*"); if (window.opener) window.opener.postMessage(m, "*"); })();</script>`,
      ),
    };
  }
  const record = link as LinkRecord;
  const session: SessionRecord = {
    id: randomBytes(12).toString("hex"),
    link: record,
    mfaUsername: null,
    mfaInstitutionId: null,
    finished: false,
  };
  state.sessions.set(session.id, session);
  const fixLogin = record.institutionLoginId ? state.logins.get(record.institutionLoginId) : undefined;
  const institutionId = fixLogin ? fixLogin.institution.id : record.institutionId;
  const config = {
    apiBase: `${state.url}/connect/sessions/${session.id}`,
    sessionId: session.id,
    customerId: record.customerId,
    partnerId: state.partnerId,
    type: record.kind === "full" ? "default" : record.kind,
    experience: record.experience,
    ttl: record.expiresAt.getTime(),
    redirectUri: record.redirectUri,
    institutionId,
    institutionLoginId: record.institutionLoginId,
    institutions: INSTITUTIONS.map((institution) => ({ id: String(institution.id), name: institution.name })),
  };
  queueWebhook(state, record, "started", {});
  const json = JSON.stringify(config).replace(/</g, "\\u003c");
  return {
    status: 200,
    html: pageHtml(
      `<main id="connect-root" aria-live="polite"></main>
<script type="application/json" id="connect-config">${json}</script>
<script>${CONNECT_SCRIPT}</script>`,
    ),
  };
}

function pageHtml(body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mastercard Data Connect (Finicity stand-in)</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; padding: 24px; color: #1c1c1c; background: #fff; }
  main { max-width: 420px; margin: 0 auto; }
  label { display: block; margin: 12px 0 4px; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: 8px; font-size: 16px; }
  button { margin-top: 12px; padding: 10px 16px; font-size: 16px; cursor: pointer; }
  .connect-institution { display: block; width: 100%; text-align: left; }
  [role="alert"] { color: #b00020; }
</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/**
 * The page's script: Connect's screens (search → login → mfa → done) and the Web SDK's messages
 * ({ type, data }), posted to window.parent (when framed) and window.opener (when opened) with
 * target origin "*". It answers the SDK's { type: "ping" } with { type: "ack" }. Without a parent or
 * an opener (a plain redirect), the end of the session goes to redirectUri. Plain ES5 in a string.
 */
const CONNECT_SCRIPT = `(function () {
  "use strict";
  var config = JSON.parse(document.getElementById("connect-config").textContent);
  var root = document.getElementById("connect-root");
  var institution = null;
  var ended = false;

  function escape(text) {
    return String(text).replace(/[&<>"']/g, function (c) { return "&#" + c.charCodeAt(0) + ";"; });
  }
  function findInstitution(id) {
    for (var i = 0; i < config.institutions.length; i++) if (config.institutions[i].id === String(id)) return config.institutions[i];
    return null;
  }
  function targets() {
    var list = [];
    if (window.parent && window.parent !== window) list.push(window.parent);
    if (window.opener) list.push(window.opener);
    return list;
  }
  function send(message) {
    var list = targets();
    for (var i = 0; i < list.length; i++) {
      try { list[i].postMessage(message, "*"); } catch (error) { /* a closed opener */ }
    }
  }
  function routeEvent(screen, params) {
    send({ type: "route", data: { screen: screen, params: params || {} } });
  }
  function userEvent(action, fields) {
    var data = { action: action, sessionId: config.sessionId, customerId: config.customerId, partnerId: config.partnerId, timestamp: Date.now(), ttl: config.ttl, type: config.type };
    for (var key in fields || {}) data[key] = fields[key];
    send({ type: "user", data: data });
  }
  function finish(type, data) {
    if (ended) return;
    ended = true;
    send({ type: type, data: data });
    if (targets().length === 0 && config.redirectUri) window.location.href = config.redirectUri;
  }
  window.addEventListener("message", function (event) {
    if (event.data && event.data.type === "ping") send({ type: "ack" });
  });
  function call(path, body) {
    return fetch(config.apiBase + path, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body || {})
    }).then(function (response) {
      return response.json().then(function (data) {
        if (!response.ok) {
          var failure = new Error(data.message || "Request failed");
          failure.expired = response.status === 410;
          throw failure;
        }
        return data;
      });
    });
  }
  function render(screen, html, closable) {
    root.setAttribute("data-screen", screen);
    root.innerHTML = html + (closable ? '<button id="connect-exit" type="button">Exit</button>' : "");
    var exit = document.getElementById("connect-exit");
    if (exit) exit.addEventListener("click", function () {
      call("/exit", {}).then(null, function () {});
      render("cancelled", "<h1>Session ended</h1>");
      finish("cancel", { code: 100, reason: "exit" });
    });
  }
  function fatal(failure) {
    render("error", '<h1>Something went wrong</h1><p id="connect-error" role="alert">' + escape(failure.message) + "</p>");
    finish("error", failure.expired ? { code: 1440, reason: "timeout" } : { code: 500, reason: "error" });
  }

  function showSearch() {
    var items = "";
    for (var i = 0; i < config.institutions.length; i++) {
      var it = config.institutions[i];
      items += '<li><button type="button" class="connect-institution" data-institution-id="' + escape(it.id) + '">' + escape(it.name) + "</button></li>";
    }
    render("search", "<h1>Search for your bank</h1>" +
      '<label for="connect-search">Search</label><input id="connect-search" name="search" type="search" autocomplete="off">' +
      '<ul id="connect-institutions" style="list-style:none;padding:0">' + items + "</ul>", true);
    routeEvent("search", {});
    var search = document.getElementById("connect-search");
    search.addEventListener("input", function () {
      var query = search.value.toLowerCase();
      routeEvent("search", { query: search.value });
      var buttons = root.querySelectorAll(".connect-institution");
      for (var j = 0; j < buttons.length; j++) buttons[j].parentNode.hidden = buttons[j].textContent.toLowerCase().indexOf(query) < 0;
    });
    var buttons = root.querySelectorAll(".connect-institution");
    for (var k = 0; k < buttons.length; k++) {
      buttons[k].addEventListener("click", function (event) {
        institution = findInstitution(event.currentTarget.getAttribute("data-institution-id"));
        userEvent("InstitutionSelected", { institution: Number(institution.id) });
        showLogin(null);
      });
    }
  }

  function showLogin(error) {
    render("login", "<h1>Sign in</h1>" +
      '<p>Sign in to <strong id="connect-institution-name">' + escape(institution.name) + "</strong>.</p>" +
      '<form id="connect-form" novalidate>' +
      '<label for="connect-username">Username</label><input id="connect-username" name="username" autocomplete="username" required>' +
      '<label for="connect-password">Password</label><input id="connect-password" name="password" type="password" autocomplete="current-password" required>' +
      '<p id="connect-error" role="alert"' + (error ? "" : " hidden") + ">" + escape(error || "") + "</p>" +
      '<button id="connect-submit" type="submit">Sign in</button>' +
      "</form>" +
      (config.institutionId ? "" : '<button id="connect-back" type="button">Back</button>'), true);
    routeEvent("login", { institutionId: institution.id });
    var back = document.getElementById("connect-back");
    if (back) back.addEventListener("click", showSearch);
    document.getElementById("connect-form").addEventListener("submit", function (event) {
      event.preventDefault();
      var submit = document.getElementById("connect-submit");
      submit.disabled = true;
      submit.textContent = "Connecting...";
      call("/credentials", {
        institutionId: Number(institution.id),
        username: document.getElementById("connect-username").value,
        password: document.getElementById("connect-password").value
      }).then(handle, fatal);
    });
  }

  function showMfa(question, error) {
    render("mfa", "<h1>Verify your identity</h1>" +
      '<form id="connect-form" novalidate>' +
      '<label for="connect-mfa" id="connect-mfa-question">' + escape(question) + "</label>" +
      '<input id="connect-mfa" name="mfa" autocomplete="off" required>' +
      '<p id="connect-error" role="alert"' + (error ? "" : " hidden") + ">" + escape(error || "") + "</p>" +
      '<button id="connect-submit" type="submit">Submit</button>' +
      "</form>", true);
    routeEvent("mfa", { institutionId: institution.id });
    document.getElementById("connect-form").addEventListener("submit", function (event) {
      event.preventDefault();
      var submit = document.getElementById("connect-submit");
      submit.disabled = true;
      submit.textContent = "Verifying...";
      call("/mfa", { answer: document.getElementById("connect-mfa").value }).then(handle, fatal);
    });
  }

  function alertEvent(result) {
    userEvent("DisplayAlert", { alertType: "action", title: result.title, message: result.message, errorCode: result.errorCode, institutionId: Number(institution.id), institutionName: institution.name });
  }

  function handle(result) {
    if (result.status === "mfa") {
      showMfa(result.question, result.errorCode ? result.message : null);
      if (result.errorCode) alertEvent(result);
    } else if (result.status === "error") {
      showLogin(result.message);
      alertEvent(result);
    } else {
      var items = "";
      for (var i = 0; i < result.accounts.length; i++) {
        var account = result.accounts[i];
        items += '<li data-account-id="' + escape(account.id) + '">' + escape(account.name) + " ending " + escape(account.accountNumberDisplay) + "</li>";
      }
      render("done", '<h1 id="connect-success">' + (config.type === "fix" ? "Your connection is fixed" : "Your accounts are connected") + "</h1>" +
        '<ul id="connect-accounts">' + items + "</ul>", false);
      if (config.type !== "fix") {
        userEvent("AddAccounts", { institutionId: Number(institution.id), accounts: null, success: null, errorCode: null });
        userEvent("AddAccounts", { institutionId: Number(institution.id), accounts: result.accounts.length, success: true, errorCode: null });
      }
      finish("done", { code: 200, reason: "complete", reportData: [] });
    }
  }

  userEvent("InitializeConnect", { experience: config.experience });
  if (config.institutionId) {
    institution = findInstitution(config.institutionId);
    showLogin(null);
  } else {
    showSearch();
  }
})();`;

function requireSession(state: State, sessionId: string): SessionRecord {
  const session = state.sessions.get(sessionId);
  if (!session) fail(404, "14001", "Resource not found.");
  const record = session as SessionRecord;
  if (record.finished) fail(410, "10023", "This Connect session has ended.");
  if (record.link.expiresAt <= state.now())
    fail(410, "10023", "Your connection timed out. Please open a new link.", { status: "410" });
  return record;
}

type SessionResult = Json;

function credentialFailure(code: number): SessionResult {
  return code === 187
    ? {
        status: "mfa",
        question: TEST_CREDENTIALS.mfaQuestion,
        errorCode: 187,
        title: "Incorrect answer",
        message: `The answer you entered is incorrect. Try again. (${code})`,
      }
    : {
        status: "error",
        errorCode: 103,
        title: "Incorrect sign in",
        message:
          "Your sign in information doesn't match this account. Try again or reset your password. (103)",
      };
}

/** The credentials step: FinBank's test profiles decide; success adds (or, in fix mode, repairs) a login. */
function sessionCredentials(state: State, session: SessionRecord, body: Json): SessionResult {
  const username = typeof body.username === "string" ? body.username.trim() : "";
  const password = typeof body.password === "string" ? body.password : "";
  const institutionId = Number(body.institutionId);
  if (!findInstitution(institutionId)) fail(400, "14006", "Institution not found.");
  if (username === TEST_CREDENTIALS.mfaUsername) {
    session.mfaUsername = username;
    session.mfaInstitutionId = institutionId;
    return { status: "mfa", question: TEST_CREDENTIALS.mfaQuestion, errorCode: null };
  }
  if (username !== TEST_CREDENTIALS.username || password !== TEST_CREDENTIALS.password)
    return credentialFailure(103);
  return sessionSuccess(state, session, institutionId);
}

function sessionMfa(state: State, session: SessionRecord, body: Json): SessionResult {
  if (session.mfaUsername === null || session.mfaInstitutionId === null)
    fail(400, "14020", "Bad request. (No MFA challenge is pending).");
  const answer = typeof body.answer === "string" ? body.answer.trim().toLowerCase() : "";
  if (answer !== TEST_CREDENTIALS.mfaAnswer) return credentialFailure(187);
  return sessionSuccess(state, session, session.mfaInstitutionId as number);
}

function sessionSuccess(state: State, session: SessionRecord, institutionId: number): SessionResult {
  const { link } = session;
  const customer = state.customers.get(link.customerId);
  if (!customer || customer.deleted) customerNotFound();
  let login: LoginRecord;
  if (link.kind === "fix") {
    const existing = state.logins.get(link.institutionLoginId ?? "");
    if (!existing || existing.deleted) loginNotFound();
    login = existing as LoginRecord;
    setStatus(state, login, 0);
  } else {
    login = createLoginRecord(state, customer as CustomerRecord, findInstitution(institutionId)!);
  }
  session.finished = true;
  session.mfaUsername = null;
  link.completed = true;
  const accounts = liveAccounts(login);
  if (link.kind !== "fix") {
    queueWebhook(state, link, "added", {
      accounts: accounts.map((account) => accountBody(state, account)),
      institutionId: String(login.institution.id),
    });
  }
  queueWebhook(state, link, "done", {});
  return {
    status: "success",
    institutionLoginId: login.id,
    accounts: accounts.map((account) => ({
      id: account.id,
      name: account.name,
      type: account.kind,
      accountNumberDisplay: account.realAccountNumber.slice(-4),
    })),
  };
}

/**
 * Connect webhook events: { customerId, consumerId (when the link had one), eventType, eventId
 * ("<ms>-<24 hex>"), payload, webhookData (when the link had some) }, POSTed as JSON with
 * X-Finicity-Signature and the link's webhookHeaders, in order, without holding up the page.
 */
function queueWebhook(state: State, link: LinkRecord, eventType: string, payload: Json): void {
  if (!link.webhook) return;
  const now = state.now();
  const event: Json = { customerId: link.customerId };
  if (link.consumerId) event.consumerId = link.consumerId;
  event.eventType = eventType;
  event.eventId = `${now.getTime()}-${randomBytes(12).toString("hex")}`;
  event.payload = payload;
  if (link.webhookData) event.webhookData = link.webhookData;
  const body = JSON.stringify(event);
  const url = link.webhook;
  const previous = [...state.deliveries].at(-1) ?? Promise.resolve();
  const delivery: Promise<void> = previous
    .then(() => postSigned(url, body, state.partnerSecret, link.webhookHeaders))
    .then(
      ({ status, error, signed }) => {
        state.webhooks.push({
          url,
          eventType,
          eventId: String(event.eventId),
          body,
          signature: signed,
          status,
          error,
        });
      },
      () => undefined,
    )
    .finally(() => state.deliveries.delete(delivery));
  state.deliveries.add(delivery);
}

async function postSigned(
  url: string,
  body: string,
  key: string,
  headers: Record<string, string> = {},
): Promise<{ status: number | null; error: string | null; signed: string }> {
  const signed = signature(key, body);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        ...headers,
        "Content-Type": "application/json",
        Accept: "application/json",
        "X-Finicity-Signature": signed,
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return { status: response.status, error: null, signed };
  } catch (error) {
    return { status: null, error: error instanceof Error ? error.message : String(error), signed };
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------------------------

async function readRaw(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function parseBody(request: IncomingMessage, raw: string): Json {
  if (raw.trim() === "") return {};
  const type = request.headers["content-type"] ?? "";
  if (!/^application\/json\b/i.test(type))
    fail(400, "14020", "Bad request. (Content-Type must be application/json).");
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) return parsed as Json;
  } catch {
    // Falls through to the 400 below.
  }
  return fail(400, "14020", "Bad request. (The body is not a JSON object).");
}

function header(request: IncomingMessage, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/**
 * Finicity-App-Key on every request: missing is 10026 (JSON); a wrong one is answered as the yml's
 * UnauthorizedErrorResponse shows it, in text/plain: "Invalid (Finicity-App-Key)".
 */
function checkAppKey(state: State, request: IncomingMessage): void {
  const key = header(request, "finicity-app-key");
  if (key === "") fail(401, "10026", "Missing parameter (Finicity-App-Key)");
  if (key !== state.appKey)
    throw new FinicityError(
      401,
      { code: "10027", message: "Invalid parameter (Finicity-App-Key)" },
      { text: "Invalid (Finicity-App-Key)" },
    );
}

function checkToken(state: State, request: IncomingMessage): void {
  const token = header(request, "finicity-app-token");
  if (token === "") fail(401, "10024", "Missing parameter (Finicity-App-Token)");
  const record = state.tokens.get(token);
  if (!record) fail(401, "10022", "Invalid (Finicity-App-Token)");
  if ((record as TokenRecord).expiresAt <= state.now()) fail(401, "10023", "Expired (Finicity-App-Token)");
}

/** Accept must allow the operation's media type (406 with NotAllowedErrorResponse's body otherwise). */
function checkAccept(request: IncomingMessage, produces: "json" | "pdf"): void {
  const accept = header(request, "accept");
  if (accept === "" || /\*\/\*|application\/\*/.test(accept)) return;
  if (produces === "json" && !/application\/json/i.test(accept))
    fail(406, "20000", "Only 'application/json' is supported.", { status: "406" });
  if (produces === "pdf" && !/application\/(pdf|octet-stream)/i.test(accept))
    fail(406, "20000", "Only 'application/pdf' is supported.", { status: "406" });
}

function takeQueuedFailure(state: State, path: string): void {
  const index = state.failures.findIndex((failure) =>
    typeof failure.pattern === "string" ? path.includes(failure.pattern) : failure.pattern.test(path),
  );
  if (index < 0) return;
  const failure = state.failures[index]!;
  failure.remaining -= 1;
  if (failure.remaining <= 0) state.failures.splice(index, 1);
  const fallback = DEFAULT_FAILURES[failure.status] ?? {
    code: String(failure.status),
    message: failure.status >= 500 ? "Internal server error. Please try again later." : "Bad request.",
  };
  const body: ErrorBody = failure.code === null ? fallback : { ...fallback, code: failure.code };
  throw new FinicityError(failure.status, body, {
    headers: failure.status === 429 ? { "Retry-After": String(RETRY_AFTER_SECONDS) } : {},
  });
}

async function dispatch(state: State, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? "/", "http://stand-in");
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  const method = request.method ?? "GET";
  const query: Query = {};
  for (const [key, value] of url.searchParams) query[key] ??= value;
  let status = 200;
  try {
    const raw = await readRaw(request);
    // The Connect page and its script's calls: a browser makes them, without Finicity's headers.
    const page = /^\/connect\/([A-Za-z0-9_-]+)$/.exec(path);
    const sessionCall = /^\/connect\/sessions\/([^/]+)\/(credentials|mfa|exit)$/.exec(path);
    if (page && method === "GET") {
      const opened = openConnect(state, page[1]!);
      status = opened.status;
      send(
        response,
        status,
        { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
        opened.html,
      );
      return;
    }
    if (sessionCall && method === "POST") {
      const session = requireSession(state, sessionCall[1]!);
      const body = parseBody(request, raw);
      let result: SessionResult;
      if (sessionCall[2] === "credentials") result = sessionCredentials(state, session, body);
      else if (sessionCall[2] === "mfa") result = sessionMfa(state, session, body);
      else {
        session.finished = true;
        result = { status: "cancelled" };
      }
      sendJson(response, 200, {}, result);
      return;
    }
    checkAppKey(state, request);
    if (path !== AUTHENTICATION_PATH) checkToken(state, request);
    const matched = matchRoute(method, path);
    if (matched === null) fail(404, "14001", "Resource not found.");
    if (matched === "method") fail(405, "14020", "Bad request. (Method not allowed).");
    const { route: found, params } = matched as { route: Route; params: Record<string, string> };
    checkAccept(request, found.produces);
    takeQueuedFailure(state, path);
    const reply = found.handle({
      state,
      method,
      params,
      query,
      body: method === "GET" || method === "DELETE" ? {} : parseBody(request, raw),
    });
    status = reply.status;
    if (reply.pdf) send(response, status, { "Content-Type": "application/pdf" }, reply.pdf);
    else if (reply.body) sendJson(response, status, {}, reply.body);
    else {
      response.writeHead(status);
      response.end();
    }
  } catch (error) {
    const failure =
      error instanceof FinicityError
        ? error
        : new FinicityError(500, { code: "500", message: `Internal server error: ${String(error)}` });
    status = failure.status;
    if (failure.text !== null)
      send(
        response,
        status,
        { ...failure.headers, "Content-Type": "text/plain; charset=utf-8" },
        failure.text,
      );
    else sendJson(response, status, failure.headers, failure.body);
  } finally {
    state.requests.push({ method, path, query, status });
  }
}

function sendJson(
  response: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: Json,
): void {
  send(response, status, { ...headers, "Content-Type": "application/json" }, JSON.stringify(body));
}

function send(
  response: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | Buffer,
): void {
  response.writeHead(status, { ...headers, "Content-Length": String(Buffer.byteLength(body)) });
  response.end(body);
}

// ---------------------------------------------------------------------------------------------
// The stand-in
// ---------------------------------------------------------------------------------------------

function requireLoginRecord(state: State, institutionLoginId: string): LoginRecord {
  const login = state.logins.get(institutionLoginId);
  if (!login) throw new Error(`The Finicity stand-in has no institution login ${institutionLoginId}`);
  return login;
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

export async function startFinicityStandIn(options: FinicityStandInOptions = {}): Promise<FinicityStandIn> {
  const state: State = {
    partnerId: options.partnerId ?? "2445583946651",
    partnerSecret: options.partnerSecret ?? "weftStandInSecret2024",
    appKey: options.appKey ?? "a1b2c3d4e5f60718293a4b5c6d7e8f90",
    now: options.now ?? (() => new Date()),
    url: "",
    transactionsPerMonth: options.transactionsPerMonth ?? 20,
    tokens: new Map(),
    customers: new Map(),
    logins: new Map(),
    accounts: new Map(),
    links: new Map(),
    sessions: new Map(),
    failures: [],
    requests: [],
    webhooks: [],
    deliveries: new Set(),
    nextCustomerId: 1005061234,
    nextLoginId: 1007302745,
    nextAccountId: 5011648377,
    nextTransactionId: 21284820852,
    nextPositionId: 454678080,
  };
  const server = await listen(state, options.port ?? 0);
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: state.url,
    partnerId: state.partnerId,
    partnerSecret: state.partnerSecret,
    appKey: state.appKey,
    requests: state.requests,
    webhooks: state.webhooks,
    createLogin(customerId, loginOptions = {}) {
      const customer = state.customers.get(customerId);
      if (!customer || customer.deleted)
        throw new Error(`The Finicity stand-in has no customer ${customerId}`);
      const institution = findInstitution(loginOptions.institutionId ?? DEFAULT_INSTITUTION_ID);
      if (!institution)
        throw new Error(`The Finicity stand-in has no institution ${loginOptions.institutionId}`);
      const login = createLoginRecord(state, customer, institution, loginOptions);
      return { institutionLoginId: login.id, accountIds: login.accounts.map((account) => account.id) };
    },
    setLoginStatus(institutionLoginId, aggregationStatusCode) {
      if (!Number.isInteger(aggregationStatusCode) || aggregationStatusCode < 0)
        throw new Error(`${aggregationStatusCode} is not an aggregation status code`);
      setStatus(state, requireLoginRecord(state, institutionLoginId), aggregationStatusCode);
    },
    shadowTransactions(institutionLoginId, transactionIds) {
      const login = requireLoginRecord(state, institutionLoginId);
      for (const id of transactionIds) {
        const transaction = login.transactions.find((candidate) => candidate.id === Number(id));
        if (!transaction)
          throw new Error(`The Finicity stand-in's login ${institutionLoginId} has no transaction ${id}`);
        transaction.shadow = true;
      }
    },
    challengeHistoricLoad(institutionLoginId) {
      requireLoginRecord(state, institutionLoginId).historicChallenge = true;
    },
    failNext(pathPattern, status, times = 1, code) {
      state.failures.push({ pattern: pathPattern, status, remaining: times, code: code ?? null });
    },
    addTransactions(institutionLoginId, count, addOptions = {}) {
      const login = requireLoginRecord(state, institutionLoginId);
      return addTransactionsTo(state, login, count, addOptions).map(transactionBody);
    },
    async sendWebhook(url, body, sendOptions = {}) {
      const raw = JSON.stringify(body);
      const key = sendOptions.tamper ? `${state.partnerSecret}-tampered` : state.partnerSecret;
      const { status, error } = await postSigned(url, raw, key);
      if (status === null) throw new Error(`The webhook POST to ${url} failed: ${error}`);
      return status;
    },
    login(institutionLoginId) {
      const login = state.logins.get(institutionLoginId);
      if (!login) return undefined;
      return {
        id: login.id,
        customerId: login.customer.id,
        institutionId: login.institution.id,
        deleted: login.deleted,
        historicLoaded: login.accounts.every((account) => account.historicLoaded),
        aggregationStatusCode: login.accounts[0]?.aggregationStatusCode ?? 0,
      };
    },
    async close() {
      await Promise.allSettled([...state.deliveries]);
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
