import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { escapeHtml } from "../../../http/html.ts";
import { buildPdf } from "../../test/pdf.ts";

/**
 * A local stand-in for MX's Platform API (v20111101), so that Weft's tests never reach MX. It is
 * modelled on MX's published OpenAPI description (mxenabled/openapi, openapi/v20111101.yml) and the
 * official client built from it (mx-platform-node 2.1.0), on MX's documentation of errors
 * (docs.mx.com, Platform API "Errors"), of webhooks (docs.mx.com/resources/webhooks) and of the
 * Connect Widget's v4 postMessage events (mxenabled/widget-post-message-definitions), and on the
 * connection statuses of MX's open-source Connect Widget (mxenabled/connect-widget) — not on Weft's
 * adapter. Response bodies carry every field of their schema, under MX's names, null where the
 * stand-in has nothing to say. All state lives in memory; only node built-ins are used.
 *
 * What it models, in short:
 * - Basic auth `client_id:api_key` (401 otherwise) and the versioned `Accept:
 *   application/vnd.mx.api.v1+json` header (406 otherwise, MX's "didn't specify a valid API version").
 *   mx-platform-node does not send that header by itself: configure it in `baseOptions.headers`.
 * - Users, members, accounts, account numbers and owners, transactions, holdings, statements (PDF),
 *   institutions, and the Connect Widget (`POST /users/{user_guid}/widget_urls` and a page at
 *   `/connect/{token}` that imitates MX Connect, with MX's test credentials).
 * - Aggregation-type jobs (aggregate, verify, identify, extend history, fetch statements, check
 *   balance): 202 while one runs (200 for verify, as the description says), 409 when a job of another
 *   type is running, and a job finishes at the next read that concerns its member.
 * - What MX would have aggregated: 24 months of history are made when a member first connects, but
 *   only the last 90 days of it are served until POST .../extend_history (MX's extended history).
 */

// ---------------------------------------------------------------------------------------------
// Public types
// ---------------------------------------------------------------------------------------------

export type MxStandInOptions = {
  clientId?: string;
  apiKey?: string;
  /** The stand-in's clock: transaction dates, widget URL expiry, aggregation times. */
  now?: () => Date;
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** Transactions per month of history for members connected through the widget or the API (default 20). */
  transactionsPerMonth?: number;
};

/** MX's member connection statuses, with the ids of MX's Connect Widget (src/const/Statuses.js). */
export type ConnectionStatus =
  | "CREATED"
  | "PREVENTED"
  | "DENIED"
  | "CHALLENGED"
  | "REJECTED"
  | "LOCKED"
  | "CONNECTED"
  | "IMPEDED"
  | "RECONNECTED"
  | "DEGRADED"
  | "DISCONNECTED"
  | "DISCONTINUED"
  | "CLOSED"
  | "DELAYED"
  | "FAILED"
  | "UPDATED"
  | "DISABLED"
  | "IMPORTED"
  | "RESUMED"
  | "EXPIRED"
  | "IMPAIRED"
  | "PENDING";

export type MemberOptions = {
  /** "mxbank" (MX Bank, default) or "mxinvestments" (MX Investments). */
  institutionCode?: string;
  /** Checking, savings and a credit card; "investments" adds a brokerage account with holdings. */
  accounts?: "default" | "investments";
  /** Transactions per month over the 24 months of history (default: the stand-in's, 20). */
  transactionsPerMonth?: number;
  /** As if the member were made in verification mode: its account numbers are served. */
  verified?: boolean;
  /**
   * As MX is right after Connect: the member CONNECTED with its accounts, but its first aggregation
   * still running (`is_being_aggregated`, no `successfully_aggregated_at`) and no transaction
   * served, until `finishAggregation`.
   */
  aggregating?: boolean;
};

/** The webhook bodies `webhookBody` builds, one per webhook MX documents at docs.mx.com/resources/webhooks. */
export type WebhookKind =
  | "AGGREGATION"
  | "HISTORY"
  | "STATEMENT"
  | "BALANCE"
  | "VERIFICATION"
  | "CONNECTION_STATUS"
  | "MEMBER";

export type RecordedRequest = { method: string; path: string; query: Record<string, string>; status: number };

export type StandInMember = {
  guid: string;
  userGuid: string;
  connectionStatus: string;
  deleted: boolean;
  historyExtended: boolean;
};

export type MxStandIn = {
  /** "http://127.0.0.1:PORT" */
  url: string;
  clientId: string;
  apiKey: string;
  /** Test setup: a member as if the end-user connected through MX Connect (CONNECTED, aggregated). */
  createMember(userGuid: string, options?: MemberOptions): { memberGuid: string; accountGuids: string[] };
  /**
   * Puts a member in a connection status (any of MX's: CHALLENGED, DENIED, PREVENTED, DEGRADED,
   * DISCONNECTED, EXPIRED, FAILED, IMPEDED, IMPAIRED, REJECTED, RESUMED, UPDATED, CLOSED, DISABLED,
   * DISCONTINUED, LOCKED, ...) or back to CONNECTED. CHALLENGED comes with MX's test text challenge.
   */
  setConnectionStatus(memberGuid: string, status: string): void;
  /**
   * The next `times` (default 1) requests whose path matches `pathPattern` (a substring or RegExp)
   * answer with this HTTP status and MX's error body (429 also with a Retry-After header).
   */
  failNext(pathPattern: string | RegExp, status: number, times?: number): void;
  /**
   * New transactions dated today on one of the member's accounts (default the first), served at
   * once (as after a background aggregation). Returns them as MX's TransactionResponse bodies.
   */
  addTransactions(
    memberGuid: string,
    count: number,
    options?: { accountGuid?: string; pending?: boolean },
  ): unknown[];
  /**
   * POSTs a webhook JSON body to `url` with HTTP Basic auth (the credentials set by
   * configureWebhooks, or `auth` overriding them: null sends none). Returns the HTTP status.
   */
  sendWebhook(
    url: string,
    body: Record<string, unknown>,
    auth?: { username: string; password: string } | null,
  ): Promise<number>;
  /** The Basic-auth credentials MX will present on webhooks (as configured in MX's client dashboard). */
  configureWebhooks(options: { username: string; password: string }): void;
  /** A webhook body of the documented shape for this member, from its current state; `overrides` win. */
  webhookBody(
    kind: WebhookKind,
    memberGuid: string,
    overrides?: Record<string, unknown>,
  ): Record<string, unknown>;
  /** Every request received: method, path, query, response status. */
  readonly requests: readonly RecordedRequest[];
  member(memberGuid: string): StandInMember | undefined;
  /** The first aggregation of a member made `aggregating` ends: its transactions are served. */
  finishAggregation(memberGuid: string): void;
  close(): Promise<void>;
};

// ---------------------------------------------------------------------------------------------
// Errors: MX's status codes (docs.mx.com, Platform API "Errors"), body {"error": {"message"}}
// ---------------------------------------------------------------------------------------------

const ERROR_MESSAGES: Record<number, string> = {
  400: "A required parameter was missing.",
  401: "Invalid MX-API-Key or MX-Client-ID provided.",
  403: "The request was made from a non-whitelisted address or the feature is not available to the client.",
  404: "The requested resource was not found.",
  405: "A constraint on the requested endpoint wasn't met.",
  406: "The request didn't specify a valid API version (Accept: application/vnd.mx.api.v1+json).",
  409: "An object with the given attributes already exists.",
  422: "The data provided cannot be processed.",
  429: "Too many requests: the rate limit was exceeded. Retry once the rate limit window has expired.",
  500: "Something went wrong with MX's servers.",
  502: "Something went wrong with MX's servers.",
  503: "The MX Platform is being updated.",
  504: "Something went wrong with MX's servers.",
};

class MxApiError extends Error {
  readonly status: number;
  constructor(status: number, message?: string) {
    super(message ?? ERROR_MESSAGES[status] ?? "Error");
    this.status = status;
  }
}

/** Seconds a 429 asks the client to wait (MX: "retried once the rate limit window has expired"). */
const RETRY_AFTER_SECONDS = 1;

// ---------------------------------------------------------------------------------------------
// Reference data: institutions, connection statuses, merchants, securities
// ---------------------------------------------------------------------------------------------

type Json = Record<string, unknown>;

type Institution = {
  code: string;
  name: string;
  url: string;
  accounts: "default" | "investments";
};

/** MX's test institution (MX Bank, MX's own test credentials) and a second one with a brokerage account. */
const INSTITUTIONS: readonly Institution[] = [
  { code: "mxbank", name: "MX Bank", url: "https://www.mxbank.com", accounts: "default" },
  {
    code: "mxinvestments",
    name: "MX Investments",
    url: "https://www.mxinvestments.com",
    accounts: "investments",
  },
];

const CONNECTION_STATUS_IDS: Record<ConnectionStatus, number> = {
  CREATED: 0,
  PREVENTED: 1,
  DENIED: 2,
  CHALLENGED: 3,
  REJECTED: 4,
  LOCKED: 5,
  CONNECTED: 6,
  IMPEDED: 7,
  RECONNECTED: 8,
  DEGRADED: 9,
  DISCONNECTED: 10,
  DISCONTINUED: 11,
  CLOSED: 12,
  DELAYED: 13,
  FAILED: 14,
  UPDATED: 15,
  DISABLED: 16,
  IMPORTED: 17,
  RESUMED: 18,
  EXPIRED: 19,
  IMPAIRED: 20,
  PENDING: 21,
};

/** End-user messages in the manner of MX's members overview; "{name}" is the institution's name. */
const CONNECTION_STATUS_MESSAGES: Record<ConnectionStatus, string> = {
  CREATED: "Connecting to {name} ...",
  PREVENTED:
    "The last 3 attempts to connect have failed. Please re-enter your credentials to continue importing data.",
  DENIED:
    "The credentials entered do not match your credentials at this institution. Please re-enter your credentials to continue importing data.",
  CHALLENGED: "To authenticate your connection to {name}, please answer the following challenge(s).",
  REJECTED: "The answer or answers provided were incorrect. Please try again.",
  LOCKED:
    "Your account is locked. Please log in to the appropriate website for {name} and follow the steps to resolve the issue.",
  CONNECTED: "Connected to {name}.",
  IMPEDED:
    "Your attention is needed at this institution's website. Please log in to the appropriate website for {name} and follow the steps to resolve the issue.",
  RECONNECTED: "Reconnecting to {name} ...",
  DEGRADED: "We are upgrading this connection. Please try again later.",
  DISCONNECTED:
    "It looks like your data from {name} cannot be imported. We are working to resolve the issue.",
  DISCONTINUED:
    "Connections to this institution are no longer supported. You may create a manual account and use manual transactions to track data for this account.",
  CLOSED:
    "This connection has been closed. You may track this account manually. If reopened, you may connect the institution again.",
  DELAYED: "Importing your data from {name} may take a while. Please check back later.",
  FAILED: "There was a problem validating your credentials with {name}. Please try again later.",
  UPDATED: "Connecting to {name} ...",
  DISABLED:
    "Importing data from this institution has been disabled. Please contact us if you believe it has been disabled in error.",
  IMPORTED:
    "You must re-authenticate before your data can be imported. Please enter your credentials for {name}.",
  RESUMED: "Connecting to {name} ...",
  EXPIRED: "The answer or answers were not provided in time. Please try again.",
  IMPAIRED:
    "You must re-authenticate before your data can be imported. Please enter your credentials for {name}.",
  PENDING: "Connecting to {name} ...",
};

/** Statuses in which the end user must enter credentials again (member.needs_updated_credentials). */
const NEEDS_CREDENTIALS: ReadonlySet<ConnectionStatus> = new Set([
  "PREVENTED",
  "DENIED",
  "IMPAIRED",
  "IMPORTED",
]);
/** Statuses that follow a successful authentication (member status is_authenticated). */
const AUTHENTICATED: ReadonlySet<ConnectionStatus> = new Set([
  "CONNECTED",
  "RECONNECTED",
  "UPDATED",
  "RESUMED",
  "DELAYED",
]);

function isConnectionStatus(value: string): value is ConnectionStatus {
  return Object.hasOwn(CONNECTION_STATUS_IDS, value);
}

/**
 * MX's test credentials for its test institutions: username "mxuser" with password "password"
 * connects, "challenge" asks a text MFA question whose answer is "correct"; anything else is DENIED.
 */
const TEST_USERNAME = "mxuser";
const TEST_PASSWORD = "password";
const TEST_CHALLENGE_PASSWORD = "challenge";
const TEST_MFA_ANSWER = "correct";
const TEST_MFA_QUESTION = "What city were you born in?";

type AccountKind = "checking" | "savings" | "credit" | "investment";

type TransactionTemplate = {
  description: string;
  original: string;
  category: string;
  topLevel: string;
  type: "DEBIT" | "CREDIT";
  min: number;
  max: number;
  account: AccountKind;
  weight: number;
  mcc: number | null;
  merchant: string | null;
  classification: string;
  income?: boolean;
  directDeposit?: boolean;
  billPay?: boolean;
  fee?: boolean;
  subscription?: boolean;
  repeating?: "BILL" | "SUBSCRIPTION" | "INCOME";
};

function template(
  description: string,
  original: string,
  category: string,
  topLevel: string,
  type: "DEBIT" | "CREDIT",
  range: [number, number],
  account: AccountKind,
  weight: number,
  extra: Partial<TransactionTemplate> = {},
): TransactionTemplate {
  return {
    description,
    original,
    category,
    topLevel,
    type,
    min: range[0],
    max: range[1],
    account,
    weight,
    mcc: null,
    merchant: description,
    classification: type === "CREDIT" ? "Deposit" : "Spend",
    ...extra,
  };
}

// MX's default categories (category / top_level_category), amounts always positive, type DEBIT or CREDIT.
// biome-ignore format: a table reads best one template per row
const TEMPLATES: readonly TransactionTemplate[] = [
  template("MX Technologies", "MX TECHNOLOGIES PAYROLL PPD", "Paycheck", "Income", "CREDIT", [1800, 2600], "checking", 5, { income: true, directDeposit: true, merchant: "MX Technologies", classification: "Payroll", repeating: "INCOME" }),
  template("Whole Foods", "WHOLEFDS MKT 10234 LEHI UT", "Groceries", "Food & Dining", "DEBIT", [18, 160], "checking", 10, { mcc: 5411 }),
  template("Starbucks", "STARBUCKS STORE 00123", "Coffee Shops", "Food & Dining", "DEBIT", [3, 9], "credit", 12, { mcc: 5814 }),
  template("Chipotle", "CHIPOTLE 0897 SALT LAKE", "Fast Food", "Food & Dining", "DEBIT", [9, 24], "credit", 8, { mcc: 5814 }),
  template("Olive Garden", "OLIVE GARDEN 1275", "Restaurants", "Food & Dining", "DEBIT", [28, 95], "credit", 4, { mcc: 5812 }),
  template("Shell", "SHELL OIL 57442", "Gas & Fuel", "Auto & Transport", "DEBIT", [25, 70], "credit", 7, { mcc: 5541 }),
  template("Uber", "UBER *TRIP HELP.UBER.COM", "Ride Share", "Auto & Transport", "DEBIT", [8, 45], "credit", 4, { mcc: 4121 }),
  template("Amazon", "AMAZON MKTPL*2K4LL0 AMZN.COM/BILL", "Shopping", "Shopping", "DEBIT", [12, 140], "credit", 9, { mcc: 5942 }),
  template("Target", "TARGET 00012345", "Clothing", "Shopping", "DEBIT", [15, 120], "credit", 5, { mcc: 5311 }),
  template("Netflix", "NETFLIX.COM", "Movies & DVDs", "Entertainment", "DEBIT", [15.49, 15.49], "credit", 1, { mcc: 4899, subscription: true, repeating: "SUBSCRIPTION" }),
  template("Spotify", "SPOTIFY USA", "Music", "Entertainment", "DEBIT", [11.99, 11.99], "credit", 1, { mcc: 5815, subscription: true, repeating: "SUBSCRIPTION" }),
  template("Rocky Mountain Power", "ROCKY MTN POWER ONLINE PMT", "Utilities", "Bills & Utilities", "DEBIT", [60, 180], "checking", 2, { billPay: true, repeating: "BILL" }),
  template("Comcast", "COMCAST CABLE COMM", "Internet", "Bills & Utilities", "DEBIT", [70, 90], "checking", 2, { billPay: true, repeating: "BILL" }),
  template("Verizon", "VERIZON WIRELESS PAYMENTS", "Mobile Phone", "Bills & Utilities", "DEBIT", [55, 120], "checking", 2, { billPay: true, repeating: "BILL" }),
  template("Property Management", "ONLINE PMT SUMMIT PROPERTY MGMT", "Mortgage & Rent", "Home", "DEBIT", [1400, 1400], "checking", 2, { merchant: null, billPay: true, repeating: "BILL" }),
  template("Walgreens", "WALGREENS #1234", "Pharmacy", "Health & Fitness", "DEBIT", [6, 60], "credit", 3, { mcc: 5912 }),
  template("Planet Fitness", "PLANET FITNESS CLUB FEES", "Gym", "Health & Fitness", "DEBIT", [24.99, 24.99], "checking", 1, { subscription: true, repeating: "SUBSCRIPTION" }),
  template("ATM Withdrawal", "ATM WITHDRAWAL 0001 MAIN ST", "Cash & ATM", "Financial", "DEBIT", [20, 200], "checking", 2, { merchant: null, classification: "Transfer" }),
  template("Monthly Service Fee", "MONTHLY MAINTENANCE FEE", "Service Fee", "Fees & Charges", "DEBIT", [12, 12], "checking", 1, { merchant: null, fee: true, classification: "Fees" }),
  template("Transfer to Savings", "ONLINE TRANSFER TO SAVINGS XXXXXX1234", "Transfer", "Transfer", "DEBIT", [100, 600], "checking", 2, { merchant: null, classification: "Savings" }),
  template("Transfer from Checking", "ONLINE TRANSFER FROM CHECKING XXXXXX9876", "Transfer", "Transfer", "CREDIT", [100, 600], "savings", 2, { merchant: null, classification: "Savings" }),
  template("Interest Payment", "INTEREST PAID", "Interest Income", "Income", "CREDIT", [0.5, 45], "savings", 1, { merchant: null, income: true, classification: "Income" }),
  template("Credit Card Payment", "ONLINE PAYMENT MX BANK CARD", "Credit Card Payment", "Transfer", "DEBIT", [200, 1200], "checking", 2, { merchant: null, classification: "Transfer" }),
  template("Payment Thank You", "PAYMENT - THANK YOU", "Credit Card Payment", "Transfer", "CREDIT", [200, 1200], "credit", 2, { merchant: null, classification: "Transfer" }),
  template("Dividend", "DIVIDEND RECEIVED VTI", "Dividends & Cap Gains", "Investments", "CREDIT", [12, 90], "investment", 1, { merchant: null, income: true, classification: "Investment" }),
];

type SecuritySeed = {
  symbol: string;
  description: string;
  holdingType: string;
  price: number;
  dailyChange: number;
};

// biome-ignore format: a table reads best one security per row
const SECURITIES: readonly SecuritySeed[] = [
  { symbol: "VTI", description: "Vanguard Total Stock Market ETF", holdingType: "ETF", price: 285.12, dailyChange: 1.84 },
  { symbol: "AAPL", description: "Apple Inc.", holdingType: "EQUITY", price: 228.5, dailyChange: -2.1 },
  { symbol: "FXAIX", description: "Fidelity 500 Index Fund", holdingType: "MUTUAL_FUND", price: 205.3, dailyChange: 0.92 },
  { symbol: "SPAXX", description: "Fidelity Government Money Market Fund", holdingType: "MONEY_MARKET", price: 1, dailyChange: 0 },
];

const OWNERS = [
  { first: "Jane", last: "Doe", email: "jane.doe@example.com" },
  { first: "John", last: "Smith", email: "john.smith@example.com" },
  { first: "Donnie", last: "Darko", email: "donnie@darko.example" },
];

/** A valid ABA routing number (its checksum holds) that belongs to no bank. */
const ROUTING_NUMBER = "123456780";

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

/** An MX-style guid ("TRN-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"), from a seed or at random. */
function mxGuid(prefix: string, seed?: string): string {
  if (seed === undefined) return `${prefix}-${randomUUID()}`;
  const hex = createHash("sha256").update(seed).digest("hex");
  return `${prefix}-${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function digitsFrom(seed: string, count: number): string {
  const hex = createHash("sha256").update(seed).digest("hex");
  let digits = "";
  for (let index = 0; digits.length < count; index++)
    digits += String(Number.parseInt(hex[index % 64]!, 16) % 10);
  return digits;
}

function toDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** ISO 8601 with a time, as MX writes it ("2024-12-20T18:52:36Z"). */
function toTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

function nullableTimestamp(date: Date | null): string | null {
  return date ? toTimestamp(date) : null;
}

function daysBefore(date: Date, days: number): Date {
  return new Date(date.getTime() - days * 86_400_000);
}

function roundCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

function sha256Hex(data: string | Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}

// ---------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------

type UserRecord = {
  guid: string;
  id: string | null;
  email: string | null;
  isDisabled: boolean;
  metadata: string | null;
  deleted: boolean;
};

type AccountRecord = {
  guid: string;
  id: string;
  kind: AccountKind;
  name: string;
  type: string;
  subtype: string;
  number: string;
  balance: number;
  availableBalance: number | null;
  creditLimit: number | null;
  apr: number | null;
  apy: number | null;
  createdAt: Date;
};

type TransactionRecord = {
  guid: string;
  id: string;
  account: AccountRecord;
  template: TransactionTemplate;
  amount: number;
  date: string;
  time: string;
  pending: boolean;
  /** When MX aggregated it; null while it lies outside what MX has aggregated (before extend_history). */
  createdAt: Date | null;
  sequence: number;
};

type HoldingRecord = {
  guid: string;
  account: AccountRecord;
  security: SecuritySeed;
  quantity: number;
  purchasePrice: number;
  createdAt: Date;
};

type StatementRecord = {
  guid: string;
  account: AccountRecord;
  periodStart: string;
  periodEnd: string;
  pdf: Buffer;
  createdAt: Date;
};

type JobType = "aggregate" | "verify" | "identify" | "extend_history" | "fetch_statements" | "check_balance";

type MemberRecord = {
  guid: string;
  user: UserRecord;
  id: string | null;
  metadata: string | null;
  institution: Institution;
  connectionStatus: ConnectionStatus;
  /** Set when the member first connects: the end of its generated history and of its 90-day window. */
  connectedAt: Date | null;
  aggregatedAt: Date | null;
  successfullyAggregatedAt: Date | null;
  /** The running job; `held` until the test ends it (a first aggregation: MemberOptions.aggregating). */
  job: { type: JobType; guid: string; held?: boolean } | null;
  /** Transactions the running first aggregation has not served yet. */
  unaggregated: TransactionRecord[];
  mostRecentJobGuid: string | null;
  username: string | null;
  challengeGuid: string;
  verified: boolean;
  identified: boolean;
  historyExtended: boolean;
  deleted: boolean;
  backgroundAggregationDisabled: boolean;
  useCases: string[];
  accountSet: "default" | "investments";
  transactionsPerMonth: number;
  accounts: AccountRecord[];
  /** Newest first: date descending, then sequence descending. */
  transactions: TransactionRecord[];
  holdings: HoldingRecord[];
  statements: StatementRecord[];
};

type WidgetToken = {
  userGuid: string;
  expiresAt: Date;
  used: boolean;
  config: Json;
};

type WidgetSession = {
  guid: string;
  userGuid: string;
  /** The member this session connects: the one created at its first login, or current_member_guid's. */
  memberGuid: string | null;
  /** Opened with current_member_guid: the same member is repaired, never a new one made. */
  updateMode: boolean;
  verification: boolean;
  includeIdentity: boolean;
  useCases: string[];
  disableBackgroundAggregation: boolean;
};

type QueuedFailure = { pattern: string | RegExp; status: number; remaining: number };

type State = {
  clientId: string;
  apiKey: string;
  now: () => Date;
  url: string;
  transactionsPerMonth: number;
  users: Map<string, UserRecord>;
  members: Map<string, MemberRecord>;
  widgetTokens: Map<string, WidgetToken>;
  widgetSessions: Map<string, WidgetSession>;
  failures: QueuedFailure[];
  requests: RecordedRequest[];
  webhookAuth: { username: string; password: string } | null;
  sequence: number;
};

// ---------------------------------------------------------------------------------------------
// Members: credentials, connection, the history they hold
// ---------------------------------------------------------------------------------------------

function findInstitution(code: string): Institution | undefined {
  return INSTITUTIONS.find((institution) => institution.code === code);
}

function institutionGuid(institution: Institution): string {
  return mxGuid("INS", `institution:${institution.code}`);
}

function credentialGuid(institution: Institution, field: "LOGIN" | "PASSWORD"): string {
  return mxGuid("CRD", `credential:${institution.code}:${field}`);
}

function newMemberRecord(
  state: State,
  user: UserRecord,
  institution: Institution,
  options: { accounts?: "default" | "investments"; transactionsPerMonth?: number; useCases?: string[] } = {},
): MemberRecord {
  const guid = mxGuid("MBR");
  const member: MemberRecord = {
    guid,
    user,
    id: null,
    metadata: null,
    institution,
    connectionStatus: "CREATED",
    connectedAt: null,
    aggregatedAt: null,
    successfullyAggregatedAt: null,
    job: null,
    unaggregated: [],
    mostRecentJobGuid: null,
    username: null,
    challengeGuid: mxGuid("CRD", `${guid}:challenge`),
    verified: false,
    identified: false,
    historyExtended: false,
    deleted: false,
    backgroundAggregationDisabled: false,
    useCases: options.useCases ?? ["PFM"],
    accountSet: options.accounts ?? institution.accounts,
    transactionsPerMonth: options.transactionsPerMonth ?? state.transactionsPerMonth,
    accounts: [],
    transactions: [],
    holdings: [],
    statements: [],
  };
  state.members.set(guid, member);
  return member;
}

type CredentialOutcome = "CONNECTED" | "CHALLENGED" | "DENIED";

function checkCredentials(username: string, password: string): CredentialOutcome {
  if (username !== TEST_USERNAME) return "DENIED";
  if (password === TEST_PASSWORD) return "CONNECTED";
  if (password === TEST_CHALLENGE_PASSWORD) return "CHALLENGED";
  return "DENIED";
}

/** Applies a login attempt; a successful one connects the member (and aggregates its history the first time). */
function applyCredentials(state: State, member: MemberRecord, username: string, password: string): void {
  member.username = username;
  const outcome = checkCredentials(username, password);
  member.aggregatedAt = state.now();
  if (outcome === "CONNECTED") connect(state, member);
  else member.connectionStatus = outcome;
}

/** The member becomes CONNECTED; its first connection aggregates its accounts and the last 90 days. */
function connect(state: State, member: MemberRecord): void {
  member.connectionStatus = "CONNECTED";
  const now = state.now();
  if (!member.connectedAt) {
    member.connectedAt = now;
    buildMemberData(state, member);
  }
  member.aggregatedAt = now;
  member.successfullyAggregatedAt = now;
}

/** Answers the MFA challenge; true when that connected the member (MX's test answer is "correct"). */
function answerChallenge(state: State, member: MemberRecord, answer: string): boolean {
  member.aggregatedAt = state.now();
  if (answer.trim().toLowerCase() !== TEST_MFA_ANSWER) {
    member.connectionStatus = "REJECTED";
    return false;
  }
  connect(state, member);
  return true;
}

type AccountTemplate = Pick<AccountRecord, "type" | "subtype"> & { suffix: string };

const ACCOUNT_TEMPLATES: Record<AccountKind, AccountTemplate> = {
  checking: { suffix: "Checking", type: "CHECKING", subtype: "NONE" },
  savings: { suffix: "Savings", type: "SAVINGS", subtype: "NONE" },
  credit: { suffix: "Credit Card", type: "CREDIT_CARD", subtype: "NONE" },
  investment: { suffix: "Brokerage", type: "INVESTMENT", subtype: "BROKERAGE" },
};

const CREDIT_LIMIT = 5000;

function buildMemberData(state: State, member: MemberRecord): void {
  const connectedAt = member.connectedAt!;
  const random = createRandom(`${member.guid}:accounts`);
  const kinds: AccountKind[] = ["checking", "savings", "credit"];
  if (member.accountSet === "investments") kinds.push("investment");
  member.accounts = kinds.map((kind) => buildAccount(member, kind, random, connectedAt));
  member.holdings = buildHoldings(member, connectedAt);
  const investment = member.accounts.find((account) => account.kind === "investment");
  if (investment) {
    investment.balance = roundCents(
      member.holdings.reduce((sum, holding) => sum + holdingValue(holding), 0) + 1200,
    );
  }
  generateHistory(state, member, connectedAt);
}

function buildAccount(
  member: MemberRecord,
  kind: AccountKind,
  random: Random,
  createdAt: Date,
): AccountRecord {
  const base = ACCOUNT_TEMPLATES[kind];
  const seed = `${member.guid}:${kind}`;
  const account: AccountRecord = {
    guid: mxGuid("ACT", seed),
    id: digitsFrom(`${seed}:id`, 10),
    kind,
    name: `${member.institution.name} ${base.suffix}`,
    type: base.type,
    subtype: base.subtype,
    number: digitsFrom(`${seed}:number`, 10),
    balance: 0,
    availableBalance: null,
    creditLimit: null,
    apr: null,
    apy: null,
    createdAt,
  };
  if (kind === "checking") {
    account.balance = random.amount(1500, 6000);
    account.availableBalance = account.balance;
    account.apy = 0.01;
  } else if (kind === "savings") {
    account.balance = random.amount(5000, 25000);
    account.availableBalance = account.balance;
    account.apy = 4.25;
  } else if (kind === "credit") {
    account.balance = random.amount(200, 2500);
    account.creditLimit = CREDIT_LIMIT;
    account.apr = 24.99;
  }
  return account;
}

function buildHoldings(member: MemberRecord, createdAt: Date): HoldingRecord[] {
  const account = member.accounts.find((candidate) => candidate.kind === "investment");
  if (!account) return [];
  const random = createRandom(`${member.guid}:holdings`);
  return SECURITIES.map((security) => ({
    guid: mxGuid("HOL", `${account.guid}:${security.symbol}`),
    account,
    security,
    quantity: security.price === 1 ? random.amount(500, 3000) : random.integer(3, 80),
    purchasePrice: roundCents(security.price * (0.7 + random.next() * 0.4)),
    createdAt,
  }));
}

function holdingValue(holding: HoldingRecord): number {
  return roundCents(holding.quantity * holding.security.price);
}

const HISTORY_DAYS = 730;
const AGGREGATED_DAYS = 90;

/** 24 months of history, `transactionsPerMonth` a month, deterministic per member guid. */
function generateHistory(state: State, member: MemberRecord, connectedAt: Date): void {
  const random = createRandom(`${member.guid}:history`);
  const count = member.transactionsPerMonth * 24;
  const windowStart = toDate(daysBefore(connectedAt, AGGREGATED_DAYS));
  const drafts = Array.from({ length: count }, (_, index) => {
    const daysAgo = Math.floor(random.next() * HISTORY_DAYS);
    return { index, daysAgo, date: toDate(daysBefore(connectedAt, daysAgo)) };
  });
  drafts.sort((left, right) => right.daysAgo - left.daysAgo || left.index - right.index);
  const transactions = drafts.map((draft) => {
    const transaction = buildTransaction(state, member, random, {
      seed: `${member.guid}:history:${draft.index}`,
      date: draft.date,
      pending: false,
    });
    transaction.createdAt = draft.date >= windowStart ? connectedAt : null;
    return transaction;
  });
  member.transactions = transactions.reverse();
}

function pickTemplate(
  member: MemberRecord,
  random: Random,
  accountKind: AccountKind | null,
): TransactionTemplate {
  const kinds = new Set(member.accounts.map((account) => account.kind));
  const eligible = TEMPLATES.filter((candidate) =>
    accountKind ? candidate.account === accountKind : kinds.has(candidate.account),
  );
  const pool = eligible.length > 0 ? eligible : TEMPLATES.filter((candidate) => candidate.type === "DEBIT");
  const total = pool.reduce((sum, candidate) => sum + candidate.weight, 0);
  let roll = random.next() * total;
  for (const candidate of pool) {
    roll -= candidate.weight;
    if (roll < 0) return candidate;
  }
  return pool[pool.length - 1]!;
}

function buildTransaction(
  state: State,
  member: MemberRecord,
  random: Random,
  options: { seed: string; date: string; pending: boolean; account?: AccountRecord },
): TransactionRecord {
  const chosen = pickTemplate(member, random, options.account?.kind ?? null);
  const account =
    options.account ??
    member.accounts.find((candidate) => candidate.kind === chosen.account) ??
    member.accounts[0]!;
  const hour = String(random.integer(7, 21)).padStart(2, "0");
  const minute = String(random.integer(0, 59)).padStart(2, "0");
  return {
    guid: mxGuid("TRN", options.seed),
    id: `${Date.parse(`${options.date}T00:00:00Z`)}-${sha256Hex(options.seed).slice(0, 32)}-0`,
    account,
    template: chosen,
    amount: random.amount(chosen.min, chosen.max),
    date: options.date,
    time: `${hour}:${minute}:00`,
    pending: options.pending,
    createdAt: null,
    sequence: state.sequence++,
  };
}

function addTransactionsTo(
  state: State,
  member: MemberRecord,
  count: number,
  options: { accountGuid?: string; pending?: boolean },
): TransactionRecord[] {
  if (member.accounts.length === 0)
    throw new Error(`Member ${member.guid} has no accounts (it never connected)`);
  const account = options.accountGuid
    ? member.accounts.find((candidate) => candidate.guid === options.accountGuid)
    : member.accounts[0];
  if (!account) throw new Error(`Member ${member.guid} has no account ${options.accountGuid}`);
  const now = state.now();
  const random = createRandom(`${member.guid}:added:${state.sequence}`);
  const added = Array.from({ length: count }, () => {
    const transaction = buildTransaction(state, member, random, {
      seed: `${member.guid}:added:${state.sequence}`,
      date: toDate(now),
      pending: options.pending ?? false,
      account,
    });
    transaction.createdAt = now;
    return transaction;
  });
  member.transactions.unshift(...added.slice().reverse());
  member.aggregatedAt = now;
  member.successfullyAggregatedAt = now;
  return added;
}

/** Three monthly statements for each deposit and card account, as a statement fetch finds them. */
function buildStatements(state: State, member: MemberRecord): StatementRecord[] {
  const now = state.now();
  const statements: StatementRecord[] = [];
  for (const account of member.accounts.filter((candidate) => candidate.kind !== "investment")) {
    for (let monthsAgo = 3; monthsAgo >= 1; monthsAgo--) {
      const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1));
      const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo + 1, 0));
      const periodStart = toDate(start);
      const periodEnd = toDate(end);
      const inPeriod = member.transactions.filter(
        (transaction) =>
          transaction.account === account && transaction.date >= periodStart && transaction.date <= periodEnd,
      );
      const lines = [
        `${member.institution.name} - Account statement`,
        `${account.name} (ending ${account.number.slice(-4)})`,
        `Statement period: ${periodStart} to ${periodEnd}`,
        `Transactions: ${inPeriod.length}`,
        ...inPeriod
          .slice(0, 30)
          .map(
            (transaction) =>
              `${transaction.date}  ${transaction.template.description}  ${transaction.template.type === "DEBIT" ? "-" : "+"}${transaction.amount.toFixed(2)}`,
          ),
      ];
      statements.push({
        guid: mxGuid("STA", `${account.guid}:${periodStart}`),
        account,
        periodStart,
        periodEnd,
        pdf: buildPdf(lines),
        createdAt: now,
      });
    }
  }
  return statements;
}

// ---------------------------------------------------------------------------------------------
// Aggregation-type jobs
// ---------------------------------------------------------------------------------------------

/**
 * Starts a job. MX answers 202 (no new job) when one of the same type is running and 409 when one of
 * another type is; a member that is not CONNECTED gets no job (MX tries, fails, the status stays).
 */
function startJob(state: State, member: MemberRecord, type: JobType): void {
  if (member.job) {
    if (member.job.type === type) return;
    throw new MxApiError(
      409,
      `The member is already running a job of another type (${member.job.type}); try again once it has finished.`,
    );
  }
  if (member.connectionStatus !== "CONNECTED") return;
  const guid = mxGuid("JOB");
  member.job = { type, guid };
  member.mostRecentJobGuid = guid;
  member.aggregatedAt = state.now();
}

/** What a balance check finds: the account moved by a dollar since it was last read. */
function checkBalance(account: AccountRecord): void {
  account.balance = roundCents(account.balance + 1);
  if (account.availableBalance !== null) account.availableBalance = roundCents(account.availableBalance + 1);
}

/** A running job finishes at the next read that concerns its member. */
function settle(state: State, member: MemberRecord): void {
  const job = member.job;
  if (!job || job.held) return;
  member.job = null;
  const now = state.now();
  member.successfullyAggregatedAt = now;
  if (job.type === "verify") member.verified = true;
  if (job.type === "identify") member.identified = true;
  if (job.type === "fetch_statements") member.statements = buildStatements(state, member);
  // The institution's balances, newer than what the last aggregation read.
  if (job.type === "check_balance") for (const account of member.accounts) checkBalance(account);
  if (job.type === "extend_history") {
    member.historyExtended = true;
    for (const transaction of member.transactions) transaction.createdAt ??= now;
  }
}

// ---------------------------------------------------------------------------------------------
// Response bodies (every field of MX's schemas)
// ---------------------------------------------------------------------------------------------

function userBody(user: UserRecord): Json {
  return {
    email: user.email,
    guid: user.guid,
    id: user.id,
    is_disabled: user.isDisabled,
    metadata: user.metadata,
  };
}

function statusMessage(member: MemberRecord): string {
  return CONNECTION_STATUS_MESSAGES[member.connectionStatus].replaceAll("{name}", member.institution.name);
}

function memberBody(member: MemberRecord): Json {
  return {
    aggregated_at: nullableTimestamp(member.aggregatedAt),
    background_aggregation_is_disabled: member.backgroundAggregationDisabled,
    connection_status: member.connectionStatus,
    connection_status_message: statusMessage(member),
    guid: member.guid,
    id: member.id,
    institution_code: member.institution.code,
    institution_guid: institutionGuid(member.institution),
    is_being_aggregated: member.job !== null,
    is_managed_by_user: false,
    is_manual: false,
    is_oauth: false,
    metadata: member.metadata,
    most_recent_job_detail_code: null,
    most_recent_job_detail_text: null,
    most_recent_job_guid: member.mostRecentJobGuid,
    name: member.institution.name,
    needs_updated_credentials: NEEDS_CREDENTIALS.has(member.connectionStatus),
    oauth_window_uri: null,
    successfully_aggregated_at: nullableTimestamp(member.successfullyAggregatedAt),
    use_cases: member.useCases,
    user_guid: member.user.guid,
    user_id: member.user.id,
  };
}

function challengeBody(member: MemberRecord): Json {
  return {
    field_name: TEST_MFA_QUESTION,
    guid: member.challengeGuid,
    image_data: null,
    image_options: [],
    label: TEST_MFA_QUESTION,
    options: [],
    type: "TEXT",
  };
}

function memberStatusBody(member: MemberRecord): Json {
  const processed = member.connectedAt !== null;
  return {
    aggregated_at: nullableTimestamp(member.aggregatedAt),
    challenges: member.connectionStatus === "CHALLENGED" ? [challengeBody(member)] : [],
    connection_status: member.connectionStatus,
    guid: member.guid,
    has_processed_account_numbers: member.verified,
    has_processed_accounts: processed,
    has_processed_transactions: processed,
    is_authenticated: AUTHENTICATED.has(member.connectionStatus),
    is_being_aggregated: member.job !== null,
    successfully_aggregated_at: nullableTimestamp(member.successfullyAggregatedAt),
  };
}

function institutionBody(institution: Institution): Json {
  return {
    code: institution.code,
    forgot_password_url: `${institution.url}/forgot-password`,
    forgot_username_url: `${institution.url}/forgot-username`,
    instructional_text: null,
    instructional_text_steps: null,
    is_disabled_by_client: false,
    iso_country_code: "US",
    medium_logo_url: null,
    name: institution.name,
    small_logo_url: null,
    supports_account_identification: true,
    supports_account_statement: true,
    supports_account_verification: true,
    supports_oauth: false,
    supports_tax_document: false,
    supports_transaction_history: true,
    trouble_signing_in_url: `${institution.url}/login-trouble`,
    url: institution.url,
  };
}

function credentialBodies(institution: Institution): Json[] {
  return [
    {
      display_order: 1,
      field_name: "LOGIN",
      field_type: "TEXT",
      guid: credentialGuid(institution, "LOGIN"),
      label: "Username",
      type: "TEXT",
    },
    {
      display_order: 2,
      field_name: "PASSWORD",
      field_type: "PASSWORD",
      guid: credentialGuid(institution, "PASSWORD"),
      label: "Password",
      type: "PASSWORD",
    },
  ];
}

// The *_set_by fields and the feed_* fields are null: the stand-in has no data feed of its own.
// biome-ignore format: one account field per line would triple this function for nothing
const ACCOUNT_NULL_FIELDS = [
  "account_number_set_by", "annuity_policy_to_date", "annuity_provider", "annuity_term_year", "apr_set_by",
  "apy_set_by", "available_balance_set_by", "available_credit_set_by", "balance_set_by", "calculated_apr",
  "cash_balance_set_by", "cash_surrender_value", "cash_surrender_value_set_by", "credit_limit_set_by",
  "currency_code_set_by", "day_payment_is_due_set_by", "death_benefit", "death_benefit_set_by",
  "feed_account_number", "feed_account_subtype", "feed_account_type", "feed_apr", "feed_apy",
  "feed_available_balance", "feed_balance", "feed_cash_balance", "feed_cash_surrender_value", "feed_credit_limit",
  "feed_currency_code", "feed_day_payment_is_due", "feed_death_benefit", "feed_holdings_value",
  "feed_interest_rate", "feed_is_closed", "feed_last_payment", "feed_last_payment_at", "feed_loan_amount",
  "feed_matures_on", "feed_minimum_balance", "feed_minimum_payment", "feed_name", "feed_nickname",
  "feed_original_balance", "feed_payment_due_at", "feed_payoff_balance", "feed_routing_number",
  "feed_started_on", "feed_statement_balance", "feed_total_account_value", "holdings_value_set_by",
  "insured_name", "interest_rate", "interest_rate_set_by", "is_closed_set_by", "last_payment_set_by",
  "last_payment_at_set_by", "loan_amount", "loan_amount_set_by", "margin_balance", "matures_on",
  "matures_on_set_by", "metadata", "minimum_balance", "minimum_balance_set_by", "minimum_payment_set_by",
  "name_set_by", "nickname", "nickname_set_by", "original_balance", "original_balance_set_by", "pay_out_amount",
  "payment_due_at_set_by", "payoff_balance", "payoff_balance_set_by", "premium_amount", "property_type",
  "started_on", "started_on_set_by", "statement_balance_set_by", "subtype_set_by", "today_ugl_amount",
  "today_ugl_percentage", "total_account_value_set_by", "total_account_value_ugl", "type_set_by",
] as const;

function accountBody(member: MemberRecord, account: AccountRecord): Json {
  const credit = account.kind === "credit";
  const investment = account.kind === "investment";
  const holdings = member.holdings.filter((holding) => holding.account === account);
  const holdingsValue = roundCents(holdings.reduce((sum, holding) => sum + holdingValue(holding), 0));
  const dueDate = member.connectedAt
    ? new Date(Date.UTC(member.connectedAt.getUTCFullYear(), member.connectedAt.getUTCMonth() + 1, 20))
    : null;
  const lastPayment = member.transactions.find(
    (transaction) =>
      transaction.account === account && transaction.template.category === "Credit Card Payment",
  );
  return {
    ...Object.fromEntries(ACCOUNT_NULL_FIELDS.map((field) => [field, null])),
    account_number: account.number.slice(-4),
    account_ownership: "INDIVIDUAL",
    apr: account.apr,
    apy: account.apy,
    available_balance: credit ? null : account.availableBalance,
    available_credit:
      credit && account.creditLimit !== null ? roundCents(account.creditLimit - account.balance) : null,
    balance: account.balance,
    cash_balance: investment ? 1200 : null,
    created_at: toTimestamp(account.createdAt),
    credit_limit: account.creditLimit,
    currency_code: "USD",
    day_payment_is_due: credit ? 20 : null,
    federal_insurance_status: investment || credit ? "NOT_INSURED" : "INSURED",
    guid: account.guid,
    holdings_value: investment ? holdingsValue : null,
    id: account.id,
    imported_at: toTimestamp(account.createdAt),
    institution_code: member.institution.code,
    institution_guid: institutionGuid(member.institution),
    is_closed: false,
    is_hidden: false,
    is_manual: false,
    last_payment: credit && lastPayment ? lastPayment.amount : null,
    last_payment_at: credit && lastPayment ? `${lastPayment.date}T12:00:00Z` : null,
    member_guid: member.guid,
    member_id: member.id,
    member_is_managed_by_user: false,
    minimum_payment: credit ? 35 : null,
    name: account.name,
    payment_due_at: credit && dueDate ? toTimestamp(dueDate) : null,
    routing_number: null,
    statement_balance: credit ? account.balance : null,
    subtype: account.subtype,
    total_account_value: investment ? account.balance : null,
    type: account.type,
    updated_at: nullableTimestamp(member.successfullyAggregatedAt),
    user_guid: member.user.guid,
    user_id: member.user.id,
  };
}

function accountNumberBody(member: MemberRecord, account: AccountRecord): Json {
  return {
    account_guid: account.guid,
    account_number: account.number,
    guid: mxGuid("ACN", `${account.guid}:number`),
    institution_number: null,
    loan_guarantor: null,
    loan_reference_number: null,
    member_guid: member.guid,
    passed_validation: true,
    routing_number: ROUTING_NUMBER,
    sequence_number: null,
    transit_number: null,
    user_guid: member.user.guid,
  };
}

function accountOwnerBody(member: MemberRecord, account: AccountRecord): Json {
  const owner = createRandom(`${member.guid}:owner`).pick(OWNERS);
  return {
    account_guid: account.guid,
    address: "123 Main Street",
    city: "Lehi",
    country: "US",
    email: owner.email,
    first_name: owner.first,
    guid: mxGuid("ACO", `${account.guid}:owner`),
    last_name: owner.last,
    member_guid: member.guid,
    owner_name: `${owner.first} ${owner.last}`,
    phone: "555-555-5555",
    postal_code: "84043",
    state: "UT",
    user_guid: member.user.guid,
  };
}

function categoryGuid(name: string): string {
  return mxGuid("CAT", `category:${name}`);
}

function merchantGuid(name: string): string {
  return mxGuid("MCH", `merchant:${name}`);
}

function transactionBody(member: MemberRecord, transaction: TransactionRecord, includes: Set<string>): Json {
  const seed = transaction.template;
  const aggregated = nullableTimestamp(transaction.createdAt);
  const body: Json = {
    account_guid: transaction.account.guid,
    account_id: transaction.account.id,
    amount: transaction.amount,
    category: seed.category,
    category_guid: categoryGuid(seed.category),
    check_number_string: null,
    created_at: aggregated,
    currency_code: "USD",
    date: transaction.date,
    description: seed.description,
    extended_transaction_type: null,
    guid: transaction.guid,
    id: transaction.id,
    is_bill_pay: seed.billPay ?? false,
    is_direct_deposit: seed.directDeposit ?? false,
    is_expense: seed.type === "DEBIT" && seed.topLevel !== "Transfer",
    is_fee: seed.fee ?? false,
    is_income: seed.income ?? false,
    is_international: false,
    is_manual: false,
    is_overdraft_fee: false,
    is_payroll_advance: false,
    is_recurring: seed.repeating !== undefined,
    is_subscription: seed.subscription ?? false,
    latitude: null,
    localized_description: null,
    localized_memo: null,
    longitude: null,
    member_guid: member.guid,
    member_is_managed_by_user: false,
    memo: null,
    merchant_category_code: seed.mcc,
    merchant_guid: seed.merchant ? merchantGuid(seed.merchant) : null,
    merchant_location_guid: null,
    metadata: null,
    original_description: seed.original,
    posted_at: transaction.pending ? null : `${transaction.date}T12:00:00Z`,
    status: transaction.pending ? "PENDING" : "POSTED",
    top_level_category: seed.topLevel,
    transacted_at: `${transaction.date}T${transaction.time}Z`,
    type: seed.type,
    updated_at: aggregated,
    user_guid: member.user.guid,
    user_id: member.user.id,
  };
  // The `includes` enhancements (TransactionIncludesResponse), only when asked for.
  if (includes.has("classifications")) {
    body.classification = {
      parent_class: seed.classification,
      guid: mxGuid("MNC", `classification:${seed.classification}`),
    };
  }
  if (includes.has("geolocations")) {
    body.geolocation = seed.mcc ? { country: "us", state: "UT", city: "lehi", "postal code": "84043" } : null;
  }
  if (includes.has("merchants")) {
    body.merchant = seed.merchant
      ? { name: seed.merchant, guid: merchantGuid(seed.merchant), logo_url: null, website_url: null }
      : null;
  }
  if (includes.has("repeating_transactions")) {
    body.repeating_transaction = seed.repeating
      ? {
          repeating_transaction_type: seed.repeating,
          recurrence_type: "EVERY_OTHER_WEEK",
          guid: mxGuid("RPT", `${member.guid}:${seed.description}`),
        }
      : null;
  }
  return body;
}

function holdingBody(state: State, member: MemberRecord, holding: HoldingRecord): Json {
  const { security } = holding;
  const marketValue = holdingValue(holding);
  const costBasis = roundCents(holding.quantity * holding.purchasePrice);
  const todayUgl = roundCents(holding.quantity * security.dailyChange);
  const previousPrice = security.price - security.dailyChange;
  return {
    account_guid: holding.account.guid,
    cost_basis: costBasis,
    coupon_yield: null,
    currency_code: "USD",
    current_price: security.price,
    daily_change: security.dailyChange,
    description: security.description,
    expiration: null,
    face_value: null,
    frequency: null,
    guid: holding.guid,
    market_value: marketValue,
    maturity_date: null,
    percentage_change: previousPrice ? roundCents((security.dailyChange / previousPrice) * 100) : 0,
    purchase_price: holding.purchasePrice,
    quantity: Number.isInteger(holding.quantity) ? holding.quantity.toFixed(1) : String(holding.quantity),
    rate: null,
    strike_price: null,
    symbol: security.symbol,
    term: null,
    today_ugl_amount: todayUgl,
    today_ugl_percentage: marketValue ? roundCents((todayUgl / marketValue) * 100) : 0,
    total_ugl_amount: roundCents(marketValue - costBasis),
    total_ugl_percentage: costBasis ? roundCents(((marketValue - costBasis) / costBasis) * 100) : 0,
    unvested_quantity: null,
    unvested_value: null,
    user_guid: member.user.guid,
    vested_quantity: null,
    vested_value: null,
    created_at: toTimestamp(holding.createdAt),
    current_price_as_of: `${toDate(state.now())}T00:00:00Z`,
    issue_date: null,
    vesting_start_date: null,
    vesting_end_date: null,
    put_or_call: null,
    holding_type: security.holdingType,
    term_unit: null,
  };
}

function statementBody(state: State, member: MemberRecord, statement: StatementRecord): Json {
  return {
    account_guid: statement.account.guid,
    content_hash: sha256Hex(statement.pdf),
    created_at: toTimestamp(statement.createdAt),
    guid: statement.guid,
    member_guid: member.guid,
    updated_at: toTimestamp(statement.createdAt),
    uri: `${state.url}/users/${member.user.guid}/members/${member.guid}/statements/${statement.guid}.pdf`,
    user_guid: member.user.guid,
  };
}

// ---------------------------------------------------------------------------------------------
// Request readers: pagination, dates, bodies
// ---------------------------------------------------------------------------------------------

type Query = Record<string, string>;

/**
 * `page` (default 1) and `records_per_page`: default 25, valid from 10 to `max` (1000 for most lists,
 * 100 for institutions, as the description says); above `max` MX falls back to 25, below 10 it uses 10.
 */
function paginate<T>(items: readonly T[], query: Query, max = 1000): { page: T[]; pagination: Json } {
  const requestedPage = Number.parseInt(query.page ?? "", 10);
  const currentPage = Number.isFinite(requestedPage) && requestedPage >= 1 ? requestedPage : 1;
  const requestedPer = Number.parseInt(query.records_per_page ?? "", 10);
  let perPage = 25;
  if (Number.isFinite(requestedPer)) perPage = requestedPer > max ? 25 : Math.max(10, requestedPer);
  const start = (currentPage - 1) * perPage;
  return {
    page: items.slice(start, start + perPage),
    pagination: {
      current_page: currentPage,
      per_page: perPage,
      total_entries: items.length,
      total_pages: Math.ceil(items.length / perPage),
    },
  };
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function readDate(query: Query, name: string): string | undefined {
  const value = query[name];
  if (value === undefined || value === "") return undefined;
  if (!DATE_PATTERN.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw new MxApiError(400, `${name} must be a date in ISO 8601 format without a time (YYYY-MM-DD).`);
  }
  return value;
}

function readBoolean(query: Query, name: string): boolean | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  return value === "true";
}

function readObject(body: Json, name: string): Json {
  const value = body[name];
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new MxApiError(400, `The request body must contain the ${name} object.`);
  }
  return value as Json;
}

function optionalString(object: Json, name: string): string | null | undefined {
  const value = object[name];
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value !== "string") throw new MxApiError(400, `${name} must be a string.`);
  return value;
}

function readCredentials(object: Json, institution: Institution): { username: string; password: string } {
  const credentials = object.credentials;
  if (!Array.isArray(credentials) || credentials.length === 0) {
    throw new MxApiError(400, "credentials are required.");
  }
  const values = new Map<string, string>();
  for (const credential of credentials as unknown[]) {
    const entry = credential as Json;
    if (typeof entry?.guid === "string" && typeof entry.value === "string")
      values.set(entry.guid, entry.value);
  }
  const username = values.get(credentialGuid(institution, "LOGIN"));
  const password = values.get(credentialGuid(institution, "PASSWORD"));
  if (username === undefined || password === undefined) {
    throw new MxApiError(
      400,
      "credentials must include a value for each credential guid of /institutions/{institution_code}/credentials.",
    );
  }
  return { username, password };
}

// ---------------------------------------------------------------------------------------------
// Lookups, as the API sees them (a deleted user or member is a 404)
// ---------------------------------------------------------------------------------------------

type Context = {
  state: State;
  method: string;
  params: Record<string, string>;
  query: Query;
  body: Json;
};

function requireUser(context: Context): UserRecord {
  const user = context.state.users.get(context.params.user ?? "");
  if (!user || user.deleted) throw new MxApiError(404, "The user was not found.");
  return user;
}

function liveMembers(state: State, user: UserRecord): MemberRecord[] {
  return [...state.members.values()].filter((member) => member.user === user && !member.deleted);
}

/** The path's member; a GET is a read, and finishes the member's running job first. */
function requireMember(context: Context): MemberRecord {
  const user = requireUser(context);
  const member = context.state.members.get(context.params.member ?? "");
  if (!member || member.deleted || member.user !== user)
    throw new MxApiError(404, "The member was not found.");
  if (context.method === "GET") settle(context.state, member);
  return member;
}

/** The user's live members, each settled, for the user-level lists. */
function readMembers(context: Context): MemberRecord[] {
  const members = liveMembers(context.state, requireUser(context));
  for (const member of members) settle(context.state, member);
  return members;
}

function requireAccount(
  context: Context,
  members: MemberRecord[],
): { member: MemberRecord; account: AccountRecord } {
  for (const member of members) {
    const account = member.accounts.find((candidate) => candidate.guid === context.params.account);
    if (account) return { member, account };
  }
  throw new MxApiError(404, "The account was not found.");
}

// ---------------------------------------------------------------------------------------------
// Handlers
// ---------------------------------------------------------------------------------------------

type Reply = { status: number; body?: Json; pdf?: Buffer };
type Handler = (context: Context) => Reply;

function ok(body: Json, status = 200): Reply {
  return { status, body };
}

function listInstitutions(context: Context): Reply {
  const name = context.query.name?.toLowerCase();
  const wanted = [
    "supports_account_identification",
    "supports_account_statement",
    "supports_account_verification",
    "supports_transaction_history",
  ].filter((flag) => readBoolean(context.query, flag) === true);
  const matches = INSTITUTIONS.map(institutionBody).filter(
    (institution) =>
      (!name ||
        String(institution.name).toLowerCase().includes(name) ||
        String(institution.code).includes(name)) &&
      wanted.every((flag) => institution[flag] === true),
  );
  const { page, pagination } = paginate(matches, context.query, 100);
  return ok({ institutions: page, pagination });
}

function requireInstitution(code: string | undefined): Institution {
  const institution = findInstitution(code ?? "");
  if (!institution) throw new MxApiError(404, "The institution was not found.");
  return institution;
}

function readInstitution(context: Context): Reply {
  return ok({ institution: institutionBody(requireInstitution(context.params.institution)) });
}

function listInstitutionCredentials(context: Context): Reply {
  const { page, pagination } = paginate(
    credentialBodies(requireInstitution(context.params.institution)),
    context.query,
  );
  return ok({ credentials: page, pagination });
}

function userIdTaken(state: State, id: string, except?: UserRecord): boolean {
  return [...state.users.values()].some((user) => !user.deleted && user !== except && user.id === id);
}

function createUser(context: Context): Reply {
  const input = readObject(context.body, "user");
  if (Object.keys(input).length === 0) throw new MxApiError(400, "The user object cannot be empty.");
  const id = optionalString(input, "id") ?? null;
  if (id !== null && userIdTaken(context.state, id)) {
    throw new MxApiError(409, "A user with this id already exists.");
  }
  const user: UserRecord = {
    guid: mxGuid("USR"),
    id,
    email: optionalString(input, "email") ?? null,
    isDisabled: input.is_disabled === true,
    metadata: optionalString(input, "metadata") ?? null,
    deleted: false,
  };
  context.state.users.set(user.guid, user);
  return ok({ user: userBody(user) });
}

function listUsers(context: Context): Reply {
  const { id, email } = context.query;
  const disabled = readBoolean(context.query, "is_disabled");
  const users = [...context.state.users.values()].filter(
    (user) =>
      !user.deleted &&
      (id === undefined || user.id === id) &&
      (email === undefined || user.email === email) &&
      (disabled === undefined || user.isDisabled === disabled),
  );
  const { page, pagination } = paginate(users.map(userBody), context.query);
  return ok({ users: page, pagination });
}

function readUser(context: Context): Reply {
  return ok({ user: userBody(requireUser(context)) });
}

function updateUser(context: Context): Reply {
  const user = requireUser(context);
  const input = readObject(context.body, "user");
  if (Object.keys(input).length === 0) throw new MxApiError(400, "The user object cannot be empty.");
  const id = optionalString(input, "id");
  if (id && userIdTaken(context.state, id, user))
    throw new MxApiError(409, "A user with this id already exists.");
  if (id !== undefined) user.id = id;
  const email = optionalString(input, "email");
  if (email !== undefined) user.email = email;
  const metadata = optionalString(input, "metadata");
  if (metadata !== undefined) user.metadata = metadata;
  if (typeof input.is_disabled === "boolean") user.isDisabled = input.is_disabled;
  return ok({ user: userBody(user) });
}

function deleteUser(context: Context): Reply {
  const user = requireUser(context);
  user.deleted = true;
  for (const member of liveMembers(context.state, user)) member.deleted = true;
  return { status: 204 };
}

const WIDGET_URL_LIFETIME_MS = 10 * 60 * 1000;

function requestWidgetUrl(context: Context): Reply {
  const { state } = context;
  const user = requireUser(context);
  const input = readObject(context.body, "widget_url");
  const widgetType = input.widget_type;
  if (typeof widgetType !== "string" || widgetType === "")
    throw new MxApiError(400, "widget_type is required.");
  const memberGuid = optionalString(input, "current_member_guid");
  if (memberGuid) {
    const member = state.members.get(memberGuid);
    if (!member || member.deleted || member.user !== user)
      throw new MxApiError(404, "The member was not found.");
  }
  const institutionCode = optionalString(input, "current_institution_code");
  if (institutionCode) requireInstitution(institutionCode);
  const token = Buffer.from(randomUUID().replaceAll("-", "") + randomUUID().replaceAll("-", "")).toString(
    "base64url",
  );
  state.widgetTokens.set(token, {
    userGuid: user.guid,
    expiresAt: new Date(state.now().getTime() + WIDGET_URL_LIFETIME_MS),
    used: false,
    config: input,
  });
  return ok({ widget_url: { type: widgetType, url: `${state.url}/connect/${token}`, user_id: user.id } });
}

function listMembers(context: Context): Reply {
  const { page, pagination } = paginate(readMembers(context).map(memberBody), context.query);
  return ok({ members: page, pagination });
}

/** POST /users/{user_guid}/members: MX's test credentials decide the outcome; 202 while it aggregates. */
function createMemberRoute(context: Context): Reply {
  const { state } = context;
  const user = requireUser(context);
  const input = readObject(context.body, "member");
  const code = optionalString(input, "institution_code");
  if (!code) throw new MxApiError(400, "institution_code is required.");
  const institution = requireInstitution(code);
  const { username, password } = readCredentials(input, institution);
  const id = optionalString(input, "id") ?? null;
  const existing = liveMembers(state, user);
  if (existing.some((member) => member.institution === institution && member.username === username)) {
    throw new MxApiError(409, "A member with these credentials already exists for this institution.");
  }
  if (id !== null && existing.some((member) => member.id === id)) {
    throw new MxApiError(409, "A member with this id already exists.");
  }
  const useCases = Array.isArray(input.use_cases) ? input.use_cases.map(String) : undefined;
  const member = newMemberRecord(state, user, institution, { useCases });
  member.id = id;
  member.metadata = optionalString(input, "metadata") ?? null;
  member.backgroundAggregationDisabled = input.background_aggregation_is_disabled === true;
  applyCredentials(state, member, username, password);
  if (member.connectionStatus === "CONNECTED" && input.skip_aggregation !== true)
    startJob(state, member, "aggregate");
  return ok({ member: memberBody(member) }, 202);
}

function readMember(context: Context): Reply {
  return ok({ member: memberBody(requireMember(context)) });
}

function updateMember(context: Context): Reply {
  const { state } = context;
  const member = requireMember(context);
  const input = readObject(context.body, "member");
  if (Object.keys(input).length === 0) throw new MxApiError(400, "The member object cannot be empty.");
  const id = optionalString(input, "id");
  if (id && liveMembers(state, member.user).some((other) => other !== member && other.id === id)) {
    throw new MxApiError(409, "A member with this id already exists.");
  }
  if (id !== undefined) member.id = id;
  const metadata = optionalString(input, "metadata");
  if (metadata !== undefined) member.metadata = metadata;
  if (typeof input.background_aggregation_is_disabled === "boolean") {
    member.backgroundAggregationDisabled = input.background_aggregation_is_disabled;
  }
  if (Array.isArray(input.use_cases)) member.useCases = input.use_cases.map(String);
  if (input.credentials !== undefined) {
    const { username, password } = readCredentials(input, member.institution);
    member.job = null;
    applyCredentials(state, member, username, password);
    if (member.connectionStatus === "CONNECTED" && input.skip_aggregation !== true) {
      startJob(state, member, "aggregate");
    }
  }
  return ok({ member: memberBody(member) });
}

function deleteMember(context: Context): Reply {
  requireMember(context).deleted = true;
  return { status: 204 };
}

function readMemberStatus(context: Context): Reply {
  return ok({ member: memberStatusBody(requireMember(context)) });
}

function jobRoute(type: JobType, status = 202): Handler {
  return (context) => {
    const member = requireMember(context);
    startJob(context.state, member, type);
    return ok({ member: memberBody(member) }, status);
  };
}

function listMemberChallenges(context: Context): Reply {
  const member = requireMember(context);
  if (member.connectionStatus !== "CHALLENGED") return { status: 204 };
  const { page, pagination } = paginate([challengeBody(member)], context.query);
  return ok({ challenges: page, pagination });
}

function resumeAggregation(context: Context): Reply {
  const member = requireMember(context);
  const input = readObject(context.body, "member");
  const challenges = input.challenges;
  if (!Array.isArray(challenges) || challenges.length === 0)
    throw new MxApiError(400, "challenges are required.");
  if (member.connectionStatus === "CHALLENGED" || member.connectionStatus === "REJECTED") {
    const answer = (challenges as Json[]).find((challenge) => challenge?.guid === member.challengeGuid);
    const value = typeof answer?.value === "string" ? answer.value : "";
    if (answerChallenge(context.state, member, value)) startJob(context.state, member, "aggregate");
  }
  return ok({ member: memberBody(member) }, 202);
}

function listMemberCredentials(context: Context): Reply {
  const member = requireMember(context);
  const { page, pagination } = paginate(credentialBodies(member.institution), context.query);
  return ok({ credentials: page, pagination });
}

function accountsReply(context: Context, members: MemberRecord[]): Reply {
  const bodies = members.flatMap((member) => member.accounts.map((account) => accountBody(member, account)));
  const { page, pagination } = paginate(bodies, context.query);
  return ok({ accounts: page, pagination });
}

function listMemberAccounts(context: Context): Reply {
  return accountsReply(context, [requireMember(context)]);
}

function listUserAccounts(context: Context): Reply {
  if (readBoolean(context.query, "is_manual") === true) return accountsReply(context, []);
  return accountsReply(context, readMembers(context));
}

function readAccount(context: Context): Reply {
  const { member, account } = requireAccount(context, readMembers(context));
  return ok({ account: accountBody(member, account) });
}

function readAccountByMember(context: Context): Reply {
  const member = requireMember(context);
  const { account } = requireAccount(context, [member]);
  return ok({ account: accountBody(member, account) });
}

/** Account and routing numbers of deposit accounts, once the member is verified (else an empty list, as MX). */
function accountNumbersReply(context: Context, member: MemberRecord, accounts: AccountRecord[]): Reply {
  const bodies = member.verified
    ? accounts
        .filter((account) => account.kind === "checking" || account.kind === "savings")
        .map((account) => accountNumberBody(member, account))
    : [];
  const { page, pagination } = paginate(bodies, context.query);
  return ok({ account_numbers: page, pagination });
}

function listAccountNumbersByMember(context: Context): Reply {
  const member = requireMember(context);
  return accountNumbersReply(context, member, member.accounts);
}

function listAccountNumbersByAccount(context: Context): Reply {
  const { member, account } = requireAccount(context, readMembers(context));
  return accountNumbersReply(context, member, [account]);
}

/** Account owners, once the member is identified (POST .../identify). */
function listAccountOwnersByMember(context: Context): Reply {
  const member = requireMember(context);
  const bodies = member.identified ? member.accounts.map((account) => accountOwnerBody(member, account)) : [];
  const { page, pagination } = paginate(bodies, context.query);
  return ok({ account_owners: page, pagination });
}

/**
 * MX's transaction lists: only what MX has aggregated (the last 90 days until extend_history), within
 * from_date (default 120 days ago) and to_date (default 5 days ahead, inclusive), newest first.
 */
function transactionsReply(
  context: Context,
  members: MemberRecord[],
  account: AccountRecord | null = null,
): Reply {
  const { state, query } = context;
  const today = state.now();
  const fromDate = readDate(query, "from_date") ?? toDate(daysBefore(today, 120));
  const toDateValue = readDate(query, "to_date") ?? toDate(daysBefore(today, -5));
  const fromCreated = readDate(query, "from_created_at");
  const toCreated = readDate(query, "to_created_at");
  const fromUpdated = readDate(query, "from_updated_at");
  const toUpdated = readDate(query, "to_updated_at");
  const categories = [query.category_guid, query["category_guid[]"]].filter((value) => value !== undefined);
  const topLevels = [query.top_level_category_guid, query["top_level_category_guid[]"]].filter(
    (value) => value !== undefined,
  );
  const includes = new Set((query.includes ?? "").split(",").map((value) => value.trim()));
  const rows: { member: MemberRecord; transaction: TransactionRecord }[] = [];
  for (const member of members) {
    for (const transaction of member.transactions) {
      if (transaction.createdAt === null) continue;
      if (account && transaction.account !== account) continue;
      if (transaction.date < fromDate || transaction.date > toDateValue) continue;
      const created = toDate(transaction.createdAt);
      if ((fromCreated && created < fromCreated) || (toCreated && created > toCreated)) continue;
      if ((fromUpdated && created < fromUpdated) || (toUpdated && created > toUpdated)) continue;
      if (categories.length > 0 && !categories.includes(categoryGuid(transaction.template.category)))
        continue;
      if (topLevels.length > 0 && !topLevels.includes(categoryGuid(transaction.template.topLevel))) continue;
      rows.push({ member, transaction });
    }
  }
  if (members.length > 1) {
    rows.sort(
      (left, right) =>
        right.transaction.date.localeCompare(left.transaction.date) ||
        right.transaction.sequence - left.transaction.sequence,
    );
  }
  const { page, pagination } = paginate(rows, query);
  return ok({
    transactions: page.map(({ member, transaction }) => transactionBody(member, transaction, includes)),
    pagination,
  });
}

function listTransactionsByMember(context: Context): Reply {
  return transactionsReply(context, [requireMember(context)]);
}

function listTransactionsByAccount(context: Context): Reply {
  const { member, account } = requireAccount(context, readMembers(context));
  return transactionsReply(context, [member], account);
}

function listTransactions(context: Context): Reply {
  return transactionsReply(context, readMembers(context));
}

function holdingsReply(
  context: Context,
  members: MemberRecord[],
  account: AccountRecord | null = null,
): Reply {
  const bodies = members.flatMap((member) =>
    member.holdings
      .filter((holding) => !account || holding.account === account)
      .map((holding) => holdingBody(context.state, member, holding)),
  );
  const { page, pagination } = paginate(bodies, context.query);
  return ok({ investment_holdings: page, pagination });
}

function listHoldingsByMember(context: Context): Reply {
  return holdingsReply(context, [requireMember(context)]);
}

function listHoldings(context: Context): Reply {
  return holdingsReply(context, readMembers(context));
}

function listHoldingsByAccount(context: Context): Reply {
  const { member, account } = requireAccount(context, readMembers(context));
  return holdingsReply(context, [member], account);
}

function readHolding(context: Context): Reply {
  for (const member of readMembers(context)) {
    const holding = member.holdings.find((candidate) => candidate.guid === context.params.holding);
    if (holding) return ok({ investment_holding: holdingBody(context.state, member, holding) });
  }
  throw new MxApiError(404, "The holding was not found.");
}

/** Statements exist once fetched (POST .../fetch_statements), as with MX. */
function listStatementsByMember(context: Context): Reply {
  const member = requireMember(context);
  const bodies = member.statements.map((statement) => statementBody(context.state, member, statement));
  const { page, pagination } = paginate(bodies, context.query);
  return ok({ statements: page, pagination });
}

function requireStatement(context: Context): { member: MemberRecord; statement: StatementRecord } {
  const member = requireMember(context);
  const statement = member.statements.find((candidate) => candidate.guid === context.params.statement);
  if (!statement) throw new MxApiError(404, "The statement was not found.");
  return { member, statement };
}

function readStatementByMember(context: Context): Reply {
  const { member, statement } = requireStatement(context);
  return ok({ statement: statementBody(context.state, member, statement) });
}

function downloadStatementPdf(context: Context): Reply {
  return { status: 200, pdf: requireStatement(context).statement.pdf };
}

/**
 * POST /authorization_code: a code for a processor, scoped by "user-guid:… member-guid:…
 * account-guid:…" and a feature ("read-protected"); the member must have been verified first.
 */
function requestAuthorizationCode(context: Context): Reply {
  const scope = optionalString(readObject(context.body, "authorization_code"), "scope");
  if (!scope) throw new MxApiError(400, "scope is required.");
  const parts = new Map(
    scope.split(/\s+/).map((part) => {
      const colon = part.indexOf(":");
      return colon < 0 ? [part, ""] : [part.slice(0, colon), part.slice(colon + 1)];
    }),
  );
  const user = context.state.users.get(parts.get("user-guid") ?? "");
  const member = context.state.members.get(parts.get("member-guid") ?? "");
  if (!user || user.deleted || !member || member.deleted || member.user !== user)
    throw new MxApiError(404, "The user or member in the scope was not found.");
  const accountGuid = parts.get("account-guid");
  if (accountGuid !== undefined && !member.accounts.some((account) => account.guid === accountGuid))
    throw new MxApiError(404, "The account in the scope was not found.");
  if (!member.verified)
    throw new MxApiError(400, "The member must be verified before requesting an authorization code.");
  return ok({ authorization_code: { code: mxGuid("AUTH").replace(/^AUTH-/, "") } });
}

type Route = { method: string; pattern: RegExp; names: string[]; handle: Handler };

function route(method: string, path: string, handle: Handler): Route {
  const names: string[] = [];
  const source = path
    .split("/")
    .map((segment) => {
      const match = /^:(\w+)(\.pdf)?$/.exec(segment);
      if (!match) return segment.replace(/[.]/g, "\\.");
      names.push(match[1]!);
      return match[2] ? "([^/]+)\\.pdf" : "([^/]+)";
    })
    .join("/");
  return { method, pattern: new RegExp(`^${source}$`), names, handle };
}

const MEMBER = "/users/:user/members/:member";

// Paths exactly as in openapi/v20111101.yml.
const ROUTES: readonly Route[] = [
  route("POST", "/authorization_code", requestAuthorizationCode),
  route("GET", "/institutions", listInstitutions),
  route("GET", "/institutions/:institution", readInstitution),
  route("GET", "/institutions/:institution/credentials", listInstitutionCredentials),
  route("POST", "/users", createUser),
  route("GET", "/users", listUsers),
  route("GET", "/users/:user", readUser),
  route("PUT", "/users/:user", updateUser),
  route("DELETE", "/users/:user", deleteUser),
  route("POST", "/users/:user/widget_urls", requestWidgetUrl),
  route("GET", "/users/:user/members", listMembers),
  route("POST", "/users/:user/members", createMemberRoute),
  route("GET", MEMBER, readMember),
  route("PUT", MEMBER, updateMember),
  route("DELETE", MEMBER, deleteMember),
  route("GET", `${MEMBER}/status`, readMemberStatus),
  route("POST", `${MEMBER}/aggregate`, jobRoute("aggregate")),
  route("POST", `${MEMBER}/check_balance`, jobRoute("check_balance")),
  route("POST", `${MEMBER}/identify`, jobRoute("identify")),
  route("POST", `${MEMBER}/verify`, jobRoute("verify", 200)),
  route("POST", `${MEMBER}/extend_history`, jobRoute("extend_history")),
  route("POST", `${MEMBER}/fetch_statements`, jobRoute("fetch_statements")),
  route("GET", `${MEMBER}/challenges`, listMemberChallenges),
  route("PUT", `${MEMBER}/resume`, resumeAggregation),
  route("GET", `${MEMBER}/credentials`, listMemberCredentials),
  route("GET", `${MEMBER}/accounts`, listMemberAccounts),
  route("GET", `${MEMBER}/accounts/:account`, readAccountByMember),
  route("GET", `${MEMBER}/account_numbers`, listAccountNumbersByMember),
  route("GET", `${MEMBER}/account_owners`, listAccountOwnersByMember),
  route("GET", `${MEMBER}/transactions`, listTransactionsByMember),
  route("GET", `${MEMBER}/investment_holdings`, listHoldingsByMember),
  route("GET", `${MEMBER}/statements`, listStatementsByMember),
  route("GET", `${MEMBER}/statements/:statement.pdf`, downloadStatementPdf),
  route("GET", `${MEMBER}/statements/:statement`, readStatementByMember),
  route("GET", "/users/:user/accounts", listUserAccounts),
  route("GET", "/users/:user/accounts/:account", readAccount),
  route("GET", "/users/:user/accounts/:account/account_numbers", listAccountNumbersByAccount),
  route("GET", "/users/:user/accounts/:account/transactions", listTransactionsByAccount),
  route("GET", "/users/:user/accounts/:account/investment_holdings", listHoldingsByAccount),
  route("GET", "/users/:user/transactions", listTransactions),
  route("GET", "/users/:user/investment_holdings", listHoldings),
  route("GET", "/users/:user/investment_holdings/:holding", readHolding),
];

function matchRoute(
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } | "method" | null {
  let pathMatched = false;
  for (const candidate of ROUTES) {
    const match = candidate.pattern.exec(path);
    if (!match) continue;
    // ".../statements/X.pdf" also matches ".../statements/:statement"; the .pdf route is listed first.
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
// MX Connect stand-in: the page behind a widget URL and the calls its script makes
// ---------------------------------------------------------------------------------------------

function openWidget(state: State, token: string): { status: number; html: string } {
  const record = state.widgetTokens.get(token);
  const now = state.now();
  if (!record || record.used || record.expiresAt <= now) {
    return {
      status: 404,
      html: pageHtml(
        "MX Connect",
        `<main id="mx-root"><h1>This page isn't available</h1><p id="mx-expired">This widget URL has expired or has already been used. Widget URLs are single-use and expire after ten minutes.</p></main>`,
      ),
    };
  }
  record.used = true;
  const user = state.users.get(record.userGuid);
  if (!user || user.deleted)
    return { status: 404, html: pageHtml("MX Connect", "<main><h1>Not found</h1></main>") };
  const config = record.config;
  const session: WidgetSession = {
    guid: mxGuid("CSN"),
    userGuid: user.guid,
    memberGuid: null,
    updateMode: false,
    verification: config.mode === "verification",
    includeIdentity: config.include_identity === true,
    useCases: Array.isArray(config.use_cases) ? config.use_cases.map(String) : ["PFM"],
    disableBackgroundAggregation: config.disable_background_agg === true,
  };
  state.widgetSessions.set(session.guid, session);

  const institutions = INSTITUTIONS.map((institution) => ({
    code: institution.code,
    guid: institutionGuid(institution),
    name: institution.name,
    url: institution.url,
  }));
  let initialStep = "search";
  let institutionCode =
    typeof config.current_institution_code === "string" ? config.current_institution_code : null;
  let memberConfig: Json | null = null;
  const member =
    typeof config.current_member_guid === "string"
      ? state.members.get(config.current_member_guid)
      : undefined;
  if (member && !member.deleted) {
    session.memberGuid = member.guid;
    session.updateMode = true;
    institutionCode = member.institution.code;
    memberConfig = { guid: member.guid, connection_status: member.connectionStatus };
    initialStep = member.connectionStatus === "CHALLENGED" ? "mfa" : "enterCreds";
  } else if (institutionCode) {
    initialStep = "enterCreds";
  }
  const widgetConfig = {
    apiBase: `${state.url}/connect/sessions/${session.guid}`,
    userGuid: user.guid,
    sessionGuid: session.guid,
    widgetType: typeof config.widget_type === "string" ? config.widget_type : "connect_widget",
    initialStep,
    institutions,
    institutionCode,
    member: memberConfig,
    challenge: member?.connectionStatus === "CHALLENGED" ? { label: TEST_MFA_QUESTION } : null,
    disableSearch: config.disable_institution_search === true || member !== undefined,
    colorScheme: config.color_scheme === "dark" ? "dark" : "light",
  };
  const json = JSON.stringify(widgetConfig).replace(/</g, "\\u003c");
  return {
    status: 200,
    html: pageHtml(
      "MX Connect",
      `<main id="mx-root" aria-live="polite"></main>
<script type="application/json" id="mx-config">${json}</script>
<script>${WIDGET_SCRIPT}</script>`,
    ),
  };
}

function pageHtml(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; padding: 24px; color: #1c1c1c; background: #fff; }
  body.dark { color: #f2f2f2; background: #1c1c1c; }
  main { max-width: 420px; margin: 0 auto; }
  label { display: block; margin: 12px 0 4px; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: 8px; font-size: 16px; }
  button { margin-top: 12px; padding: 10px 16px; font-size: 16px; cursor: pointer; }
  .mx-institution { display: block; width: 100%; text-align: left; }
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
 * The page's script: MX Connect's steps (search → enterCreds → mfa → connected) and its v4
 * postMessage events ({ mx: true, type, metadata }), posted to window.parent (when framed) and
 * window.opener (when opened), target origin "*". Written as plain ES5 in a string.
 */
const WIDGET_SCRIPT = `(function () {
  "use strict";
  var config = JSON.parse(document.getElementById("mx-config").textContent);
  var root = document.getElementById("mx-root");
  var step = null;
  var institution = null;
  var memberGuid = config.member ? config.member.guid : null;
  var challengeLabel = config.challenge ? config.challenge.label : null;
  if (config.colorScheme === "dark") document.body.className = "dark";

  function escape(text) {
    return String(text).replace(/[&<>"']/g, function (c) { return "&#" + c.charCodeAt(0) + ";"; });
  }
  function findInstitution(code) {
    for (var i = 0; i < config.institutions.length; i++) if (config.institutions[i].code === code) return config.institutions[i];
    return null;
  }
  function send(type, metadata) {
    var message = { mx: true, type: type, metadata: metadata };
    var targets = [];
    if (window.parent && window.parent !== window) targets.push(window.parent);
    if (window.opener) targets.push(window.opener);
    for (var i = 0; i < targets.length; i++) {
      try { targets[i].postMessage(message, "*"); } catch (error) { /* a closed opener */ }
    }
  }
  function post(type, metadata) {
    var payload = { user_guid: config.userGuid, session_guid: config.sessionGuid };
    for (var key in metadata || {}) payload[key] = metadata[key];
    send(type, payload);
  }
  function goTo(next) {
    if (step !== null && step !== next) post("mx/connect/stepChange", { previous: step, current: next });
    step = next;
    root.setAttribute("data-step", next);
  }
  function institutionRef() {
    return { code: institution.code, guid: institution.guid };
  }
  function call(path, body) {
    return fetch(config.apiBase + path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().then(function (data) {
        if (!response.ok) throw new Error((data && data.error && data.error.message) || "Request failed");
        return data;
      });
    });
  }

  function showSearch() {
    goTo("search");
    var items = "";
    for (var i = 0; i < config.institutions.length; i++) {
      var it = config.institutions[i];
      items += '<li><button type="button" class="mx-institution" data-institution-code="' + escape(it.code) + '">' + escape(it.name) + "</button></li>";
    }
    root.innerHTML = '<h1>Select your institution</h1>' +
      '<label for="mx-search">Search</label><input id="mx-search" name="search" type="search" autocomplete="off">' +
      '<ul id="mx-institutions" style="list-style:none;padding:0">' + items + "</ul>";
    var search = document.getElementById("mx-search");
    search.addEventListener("input", function () {
      var query = search.value.toLowerCase();
      post("mx/connect/institutionSearch", { query: search.value });
      var buttons = root.querySelectorAll(".mx-institution");
      for (var j = 0; j < buttons.length; j++) {
        buttons[j].parentNode.hidden = buttons[j].textContent.toLowerCase().indexOf(query) < 0;
      }
    });
    var buttons = root.querySelectorAll(".mx-institution");
    for (var k = 0; k < buttons.length; k++) {
      buttons[k].addEventListener("click", function (event) {
        institution = findInstitution(event.currentTarget.getAttribute("data-institution-code"));
        post("mx/connect/selectedInstitution", { code: institution.code, guid: institution.guid, name: institution.name, url: institution.url });
        showCredentials(null);
      });
    }
  }

  function showCredentials(error) {
    goTo("enterCreds");
    root.innerHTML = '<h1>Enter your credentials</h1>' +
      '<p>Log in to <strong id="mx-institution-name">' + escape(institution.name) + "</strong>.</p>" +
      '<form id="mx-form" novalidate>' +
      '<label for="mx-username">Username</label><input id="mx-username" name="username" autocomplete="username" required>' +
      '<label for="mx-password">Password</label><input id="mx-password" name="password" type="password" autocomplete="current-password" required>' +
      '<p id="mx-error" role="alert"' + (error ? "" : " hidden") + ">" + escape(error || "") + "</p>" +
      '<button id="mx-submit" type="submit">Continue</button>' +
      "</form>" +
      (config.disableSearch ? "" : '<button id="mx-back" type="button">Back to search</button>');
    var back = document.getElementById("mx-back");
    if (back) back.addEventListener("click", function () {
      post("mx/connect/backToSearch", {});
      showSearch();
    });
    document.getElementById("mx-form").addEventListener("submit", function (event) {
      event.preventDefault();
      var submit = document.getElementById("mx-submit");
      submit.disabled = true;
      submit.textContent = "Connecting...";
      if (config.member) post("mx/connect/updateCredentials", { member_guid: memberGuid, institution: institutionRef() });
      else post("mx/connect/enterCredentials", { institution: institutionRef() });
      call("/credentials", {
        institution_code: institution.code,
        username: document.getElementById("mx-username").value,
        password: document.getElementById("mx-password").value
      }).then(handleStatus, function (failure) { showCredentials(failure.message); });
    });
  }

  function showMfa(error) {
    goTo("mfa");
    root.innerHTML = '<h1>Verify your identity</h1>' +
      '<form id="mx-form" novalidate>' +
      '<label for="mx-mfa" id="mx-mfa-label">' + escape(challengeLabel || "Answer the challenge") + "</label>" +
      '<input id="mx-mfa" name="mfa" autocomplete="off" required>' +
      '<p id="mx-error" role="alert"' + (error ? "" : " hidden") + ">" + escape(error || "") + "</p>" +
      '<button id="mx-submit" type="submit">Continue</button>' +
      "</form>";
    document.getElementById("mx-form").addEventListener("submit", function (event) {
      event.preventDefault();
      var submit = document.getElementById("mx-submit");
      submit.disabled = true;
      submit.textContent = "Connecting...";
      post("mx/connect/submitMFA", { member_guid: memberGuid });
      call("/mfa", { answer: document.getElementById("mx-mfa").value }).then(handleStatus, function (failure) { showMfa(failure.message); });
    });
  }

  function showConnected() {
    goTo("connected");
    root.innerHTML = '<h1 id="mx-connected">Connected</h1>' +
      "<p>You have successfully connected to " + escape(institution.name) + ".</p>" +
      '<button id="mx-done" type="button">Done</button>';
    document.getElementById("mx-done").addEventListener("click", function () {
      post("mx/connect/connected/primaryAction", {});
    });
  }

  function handleStatus(result) {
    memberGuid = result.member_guid;
    post("mx/connect/memberStatusUpdate", { member_guid: result.member_guid, connection_status: result.connection_status_id });
    if (result.connection_status === "CONNECTED") {
      showConnected();
      post("mx/connect/memberConnected", { member_guid: result.member_guid });
    } else if (result.connection_status === "CHALLENGED") {
      challengeLabel = result.challenge ? result.challenge.label : challengeLabel;
      showMfa(null);
    } else if (result.connection_status === "REJECTED") {
      showMfa("That answer is incorrect. Please try again.");
    } else {
      showCredentials("Incorrect credentials: the username or password you entered does not match your credentials at " + institution.name + ". Please try again.");
    }
  }

  institution = config.institutionCode ? findInstitution(config.institutionCode) : null;
  send("mx/load", {});
  if (config.widgetType !== "connect_widget") {
    root.innerHTML = "<h1>MX</h1><p>This stand-in only models the Connect Widget (widget_type connect_widget).</p>";
    return;
  }
  post("mx/connect/loaded", { initial_step: config.initialStep });
  if (config.initialStep === "mfa") showMfa(null);
  else if (config.initialStep === "enterCreds" && institution) showCredentials(null);
  else showSearch();
})();`;

function requireSession(state: State, sessionGuid: string): WidgetSession {
  const session = state.widgetSessions.get(sessionGuid);
  if (!session) throw new MxApiError(404, "The widget session was not found.");
  return session;
}

function sessionMember(state: State, session: WidgetSession): MemberRecord | null {
  if (!session.memberGuid) return null;
  const member = state.members.get(session.memberGuid);
  return member && !member.deleted ? member : null;
}

function widgetResult(member: MemberRecord): Json {
  return {
    member_guid: member.guid,
    connection_status: member.connectionStatus,
    connection_status_id: CONNECTION_STATUS_IDS[member.connectionStatus],
    connection_status_message: statusMessage(member),
    challenge:
      member.connectionStatus === "CHALLENGED"
        ? { guid: member.challengeGuid, label: TEST_MFA_QUESTION }
        : null,
  };
}

function afterWidgetConnection(session: WidgetSession, member: MemberRecord): void {
  if (member.connectionStatus !== "CONNECTED") return;
  if (session.verification) member.verified = true;
  if (session.includeIdentity) member.identified = true;
}

/** The credentials step: creates the session's member, or updates it (update mode, or a retry). */
function widgetCredentials(state: State, session: WidgetSession, body: Json): Json {
  const username = typeof body.username === "string" ? body.username : "";
  const password = typeof body.password === "string" ? body.password : "";
  const institutionCode = typeof body.institution_code === "string" ? body.institution_code : "";
  let member = sessionMember(state, session);
  // A retry after DENIED updates the same member; another institution chosen afterwards is a new member.
  if (member && !session.updateMode && member.institution.code !== institutionCode) member = null;
  if (!member) {
    const user = state.users.get(session.userGuid);
    if (!user || user.deleted) throw new MxApiError(404, "The user was not found.");
    const institution = requireInstitution(institutionCode);
    member = newMemberRecord(state, user, institution, { useCases: session.useCases });
    member.backgroundAggregationDisabled = session.disableBackgroundAggregation;
    session.memberGuid = member.guid;
  }
  applyCredentials(state, member, username, password);
  afterWidgetConnection(session, member);
  return widgetResult(member);
}

function widgetMfa(state: State, session: WidgetSession, body: Json): Json {
  const member = sessionMember(state, session);
  if (!member) throw new MxApiError(404, "The widget session has no member.");
  if (member.connectionStatus === "CHALLENGED" || member.connectionStatus === "REJECTED") {
    answerChallenge(state, member, typeof body.answer === "string" ? body.answer : "");
    afterWidgetConnection(session, member);
  }
  return widgetResult(member);
}

// ---------------------------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------------------------

const JSON_TYPE = "application/vnd.mx.api.v1+json; charset=utf-8";

async function readRaw(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function parseBody(raw: string): Json {
  if (raw.trim() === "") return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) return parsed as Json;
  } catch {
    // Falls through to the 400 below.
  }
  throw new MxApiError(400, "The request body is not a JSON object.");
}

function authenticate(state: State, request: IncomingMessage): void {
  const header = request.headers.authorization ?? "";
  const match = /^Basic\s+(.+)$/i.exec(header);
  const decoded = match ? Buffer.from(match[1]!, "base64").toString("utf8") : "";
  const separator = decoded.indexOf(":");
  const clientId = separator >= 0 ? decoded.slice(0, separator) : "";
  const apiKey = separator >= 0 ? decoded.slice(separator + 1) : "";
  if (clientId !== state.clientId || apiKey !== state.apiKey) throw new MxApiError(401);
}

/** MX versions its API by media type; JSON endpoints want +json, the statement PDF +pdf (either is taken here). */
function checkAccept(request: IncomingMessage): void {
  const accept = request.headers.accept ?? "";
  if (!/application\/vnd\.mx\.api\.v1\+(json|pdf)/i.test(accept)) throw new MxApiError(406);
}

function takeQueuedFailure(state: State, path: string): void {
  const index = state.failures.findIndex((failure) =>
    typeof failure.pattern === "string" ? path.includes(failure.pattern) : failure.pattern.test(path),
  );
  if (index < 0) return;
  const failure = state.failures[index]!;
  failure.remaining -= 1;
  if (failure.remaining <= 0) state.failures.splice(index, 1);
  throw new MxApiError(failure.status);
}

function errorHeaders(error: MxApiError): Record<string, string> {
  return error.status === 429 ? { "Retry-After": String(RETRY_AFTER_SECONDS) } : {};
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
    const widgetPage = /^\/connect\/([^/]+)$/.exec(path);
    const widgetCall = /^\/connect\/sessions\/([^/]+)\/(credentials|mfa)$/.exec(path);
    if (widgetPage && method === "GET") {
      takeQueuedFailure(state, path);
      const page = openWidget(state, widgetPage[1]!);
      status = page.status;
      send(
        response,
        status,
        { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
        page.html,
      );
      return;
    }
    if (widgetCall && method === "POST") {
      takeQueuedFailure(state, path);
      const session = requireSession(state, widgetCall[1]!);
      const body = parseBody(raw);
      const result =
        widgetCall[2] === "credentials"
          ? widgetCredentials(state, session, body)
          : widgetMfa(state, session, body);
      sendJson(response, 200, {}, result);
      return;
    }
    authenticate(state, request);
    checkAccept(request);
    takeQueuedFailure(state, path);
    const matched = matchRoute(method, path);
    if (matched === null) throw new MxApiError(404);
    if (matched === "method") throw new MxApiError(405);
    const reply = matched.route.handle({
      state,
      method,
      params: matched.params,
      query,
      body: method === "GET" || method === "DELETE" ? {} : parseBody(raw),
    });
    status = reply.status;
    if (reply.pdf) {
      send(response, status, { "Content-Type": "application/pdf" }, reply.pdf);
    } else if (reply.body) {
      sendJson(response, status, {}, reply.body);
    } else {
      response.writeHead(status);
      response.end();
    }
  } catch (error) {
    const mxError = error instanceof MxApiError ? error : new MxApiError(500, String(error));
    status = mxError.status;
    sendJson(response, status, errorHeaders(mxError), { error: { message: mxError.message } });
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
  send(response, status, { ...headers, "Content-Type": JSON_TYPE }, JSON.stringify(body));
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
// Webhooks (docs.mx.com/resources/webhooks): JSON POSTs, HTTP Basic auth as configured with MX
// ---------------------------------------------------------------------------------------------

async function deliverWebhook(
  url: string,
  body: Json,
  auth: { username: string; password: string } | null,
): Promise<number> {
  const headers: Record<string, string> = {
    "Content-Type": "application/json; charset=utf-8",
    Accept: "application/json",
  };
  if (auth) {
    headers.Authorization = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString("base64")}`;
  }
  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  await response.arrayBuffer();
  return response.status;
}

function unixSeconds(date: Date | null): number | null {
  return date ? Math.floor(date.getTime() / 1000) : null;
}

/**
 * Bodies after MX's webhook pages: AGGREGATION, HISTORY, STATEMENT, BALANCE and VERIFICATION carry
 * action "member_data_updated" and the completion time; CONNECTION_STATUS carries action "CHANGED";
 * MEMBER follows the members page's field list, nested under "member" as the users webhook nests "user".
 */
function webhookBody(state: State, kind: WebhookKind, member: MemberRecord): Json {
  const now = state.now();
  const completion = {
    action: "member_data_updated",
    completed_at: unixSeconds(now),
    completed_on: toDate(now),
    member_guid: member.guid,
    type: kind,
    user_guid: member.user.guid,
  };
  const jobGuid = member.mostRecentJobGuid ?? mxGuid("JOB");
  switch (kind) {
    case "AGGREGATION":
    case "HISTORY":
      return {
        ...completion,
        ...(kind === "AGGREGATION" ? { is_background: true } : {}),
        job_guid: jobGuid,
        transactions_created_count: 0,
        transactions_updated_count: 0,
        user_id: member.user.id,
      };
    case "STATEMENT":
      return { ...completion, statements_created_count: member.statements.length };
    case "BALANCE":
      return completion;
    case "VERIFICATION":
      return {
        ...completion,
        accounts: member.accounts
          .filter((account) => account.kind === "checking" || account.kind === "savings")
          .map((account) => account.guid),
        job_guid: jobGuid,
        user_id: member.user.id,
      };
    case "CONNECTION_STATUS":
      return {
        action: "CHANGED",
        connection_status: member.connectionStatus,
        connection_status_id: CONNECTION_STATUS_IDS[member.connectionStatus],
        connection_status_message: statusMessage(member),
        member_guid: member.guid,
        type: "CONNECTION_STATUS",
        user_guid: member.user.guid,
      };
    case "MEMBER":
      return {
        action: member.deleted ? "deleted" : "updated",
        member: {
          aggregated_at: unixSeconds(member.aggregatedAt),
          connection_status: member.connectionStatus,
          connection_status_id: CONNECTION_STATUS_IDS[member.connectionStatus],
          connection_status_message: statusMessage(member),
          created_at: unixSeconds(member.connectedAt ?? member.aggregatedAt),
          guid: member.guid,
          id: member.id,
          institution_code: member.institution.code,
          institution_guid: institutionGuid(member.institution),
          is_being_aggregated: member.job !== null,
          is_oauth: false,
          metadata: member.metadata,
          name: member.institution.name,
          successfully_aggregated_at: unixSeconds(member.successfullyAggregatedAt),
          user_guid: member.user.guid,
          user_id: member.user.id,
        },
      };
  }
}

// ---------------------------------------------------------------------------------------------
// The stand-in
// ---------------------------------------------------------------------------------------------

function requireMemberRecord(state: State, memberGuid: string): MemberRecord {
  const member = state.members.get(memberGuid);
  if (!member) throw new Error(`The MX stand-in has no member ${memberGuid}`);
  return member;
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

export async function startMxStandIn(options: MxStandInOptions = {}): Promise<MxStandIn> {
  const state: State = {
    clientId: options.clientId ?? "test_client_id",
    apiKey: options.apiKey ?? "test_api_key",
    now: options.now ?? (() => new Date()),
    url: "",
    transactionsPerMonth: options.transactionsPerMonth ?? 20,
    users: new Map(),
    members: new Map(),
    widgetTokens: new Map(),
    widgetSessions: new Map(),
    failures: [],
    requests: [],
    webhookAuth: null,
    sequence: 0,
  };
  const server = await listen(state, options.port ?? 0);
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: state.url,
    clientId: state.clientId,
    apiKey: state.apiKey,
    requests: state.requests,
    createMember(userGuid, memberOptions = {}) {
      const user = state.users.get(userGuid);
      if (!user || user.deleted) throw new Error(`The MX stand-in has no user ${userGuid}`);
      const institution = findInstitution(memberOptions.institutionCode ?? "mxbank");
      if (!institution)
        throw new Error(`The MX stand-in has no institution ${memberOptions.institutionCode}`);
      const member = newMemberRecord(state, user, institution, {
        accounts: memberOptions.accounts ?? "default",
        transactionsPerMonth: memberOptions.transactionsPerMonth,
      });
      member.username = TEST_USERNAME;
      connect(state, member);
      member.verified = memberOptions.verified ?? false;
      if (memberOptions.aggregating) {
        member.job = { type: "aggregate", guid: mxGuid("JOB"), held: true };
        member.mostRecentJobGuid = member.job.guid;
        member.successfullyAggregatedAt = null;
        member.unaggregated = member.transactions;
        member.transactions = [];
      }
      return { memberGuid: member.guid, accountGuids: member.accounts.map((account) => account.guid) };
    },
    finishAggregation(memberGuid) {
      const member = requireMemberRecord(state, memberGuid);
      if (!member.job?.held) throw new Error(`Member ${memberGuid} has no first aggregation running`);
      member.job = null;
      member.transactions = [...member.unaggregated, ...member.transactions];
      member.unaggregated = [];
      member.successfullyAggregatedAt = state.now();
    },
    setConnectionStatus(memberGuid, status) {
      const member = requireMemberRecord(state, memberGuid);
      if (!isConnectionStatus(status)) throw new Error(`${status} is not one of MX's connection statuses`);
      member.job = null;
      if (status === "CONNECTED") connect(state, member);
      else member.connectionStatus = status;
    },
    failNext(pathPattern, status, times = 1) {
      state.failures.push({ pattern: pathPattern, status, remaining: times });
    },
    addTransactions(memberGuid, count, addOptions = {}) {
      const member = requireMemberRecord(state, memberGuid);
      return addTransactionsTo(state, member, count, addOptions).map((transaction) =>
        transactionBody(member, transaction, new Set()),
      );
    },
    sendWebhook(url, body, auth) {
      return deliverWebhook(url, body, auth === undefined ? state.webhookAuth : auth);
    },
    configureWebhooks({ username, password }) {
      state.webhookAuth = { username, password };
    },
    webhookBody(kind, memberGuid, overrides = {}) {
      return { ...webhookBody(state, kind, requireMemberRecord(state, memberGuid)), ...overrides };
    },
    member(memberGuid) {
      const member = state.members.get(memberGuid);
      if (!member) return undefined;
      return {
        guid: member.guid,
        userGuid: member.user.guid,
        connectionStatus: member.connectionStatus,
        deleted: member.deleted,
        historyExtended: member.historyExtended,
      };
    },
    close() {
      return new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
