import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { crc32, deflateSync } from "node:zlib";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { buildPdf } from "../../test/pdf.ts";

/**
 * A local stand-in for Plaid's API, so that Weft's tests never reach Plaid. It is modelled on
 * Plaid's published OpenAPI description (plaid/plaid-openapi, 2020-09-14.yml) and error catalogue
 * (plaid.com/docs/errors), not on Weft's adapter: field names follow the official `plaid` client's
 * types, errors carry Plaid's documented error_type and HTTP status. All state lives in memory.
 */

// ---------------------------------------------------------------------------------------------
// Public types
// ---------------------------------------------------------------------------------------------

export type PlaidStandInOptions = {
  clientId?: string;
  secret?: string;
  /** The stand-in's clock: transaction dates, token expiry, webhook `iat`. */
  now?: () => Date;
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
};

export type ItemErrorCode =
  | "ITEM_LOGIN_REQUIRED"
  | "PENDING_EXPIRATION"
  | "USER_PERMISSION_REVOKED"
  | "INSTITUTION_DOWN"
  | "INSTITUTION_NOT_RESPONDING"
  | "INSTITUTION_NO_LONGER_SUPPORTED"
  | "INTERNAL_SERVER_ERROR";

export type ItemOptions = {
  /** Default "ins_109508" (First Platypus Bank, as in Plaid's Sandbox). */
  institutionId?: string;
  /** Default ["transactions", "auth", "identity"], plus "investments" or "liabilities" for those account sets. */
  products?: string[];
  webhook?: string;
  /** Transactions in the history made at creation; default 30, deterministic per item id. */
  transactionCount?: number;
  /** Checking + savings, plus a credit card ("credit") or a brokerage account with holdings ("investments"). */
  accounts?: "default" | "investments" | "credit";
  /**
   * How much of its history Plaid has pulled from the bank when the item is made (default all):
   * none yet, or the last 30 days. /transactions/sync shows only that, with transactions_update_status
   * NOT_READY or INITIAL_UPDATE_COMPLETE, until `pullHistory` pulls more.
   */
  pulled?: "NONE" | "RECENT";
};

/** Each option breaks exactly one of the checks Plaid documents for webhook verification. */
export type WebhookTamper = {
  /** `iat` ten minutes old (Plaid says to reject tokens older than five). */
  staleIat?: boolean;
  /** `request_body_sha256` that is not the hash of the body sent. */
  wrongBodyHash?: boolean;
  /** A `kid` that /webhook_verification_key/get does not know. */
  unknownKid?: boolean;
  /** Signed by another key, under the real `kid`. */
  wrongKey?: boolean;
};

export type RecordedRequest = { path: string; body: Record<string, unknown>; status: number };

export type StandInItem = {
  accessToken: string;
  webhook: string | null;
  removed: boolean;
  error: string | null;
  /** Length of the item's transactions change log: the position a cursor taken now would point at. */
  cursorCount: number;
  /** The products the item has (and Plaid bills), sorted. */
  products: string[];
};

export type PlaidLocation = {
  address: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  country: string | null;
  lat: number | null;
  lon: number | null;
  store_number: string | null;
};

export type PlaidCounterparty = {
  name: string;
  type:
    | "merchant"
    | "financial_institution"
    | "payment_app"
    | "marketplace"
    | "payment_terminal"
    | "income_source";
  website: string | null;
  logo_url: string | null;
  entity_id: string | null;
  confidence_level: string | null;
};

export type PlaidPaymentMeta = {
  reference_number: string | null;
  ppd_id: string | null;
  payee: string | null;
  by_order_of: string | null;
  payer: string | null;
  payment_method: string | null;
  payment_processor: string | null;
  reason: string | null;
};

/** Plaid's Transaction schema, as /transactions/sync returns it. */
export type PlaidTransaction = {
  transaction_id: string;
  account_id: string;
  /** Positive is money out of the account, negative is money in. */
  amount: number;
  iso_currency_code: string | null;
  unofficial_currency_code: string | null;
  date: string;
  authorized_date: string | null;
  authorized_datetime: string | null;
  datetime: string | null;
  name: string;
  merchant_name: string | null;
  merchant_entity_id: string | null;
  logo_url: string | null;
  website: string | null;
  /** Only present when the request set options.include_original_description. */
  original_description?: string | null;
  pending: boolean;
  pending_transaction_id: string | null;
  payment_channel: "online" | "in store" | "other";
  personal_finance_category: { primary: string; detailed: string; confidence_level: string | null };
  personal_finance_category_icon_url: string;
  category: string[] | null;
  category_id: string | null;
  location: PlaidLocation;
  counterparties: PlaidCounterparty[];
  transaction_code: string | null;
  transaction_type: "digital" | "place" | "special" | "unresolved";
  account_owner: string | null;
  check_number: string | null;
  payment_meta: PlaidPaymentMeta;
};

export type TransactionChanges = Partial<{
  amount: number;
  name: string;
  merchant_name: string | null;
  original_description: string | null;
  pending: boolean;
}>;

export type PlaidStandIn = {
  /** "http://127.0.0.1:PORT" */
  url: string;
  clientId: string;
  secret: string;
  /** Like /sandbox/public_token/create + /item/public_token/exchange in one step, for test setup. */
  createItem(options?: ItemOptions): { accessToken: string; itemId: string };
  /** Puts an item in an error state (every product call then answers with this Plaid error), or clears it with null. */
  setItemError(itemId: string, errorCode: ItemErrorCode | null): void;
  /**
   * The next `times` (default 1) calls to `path` answer with this Plaid error instead. "RATE_LIMIT_EXCEEDED"
   * (the error_type) stands for the endpoint's documented rate-limit code, e.g. TRANSACTIONS_SYNC_LIMIT.
   */
  failNext(path: string, errorCode: string, times?: number): void;
  /** New transactions, dated today, visible to /transactions/sync from the item's current cursor on. */
  addTransactions(
    itemId: string,
    count: number,
    options?: { pending?: boolean; accountId?: string },
  ): PlaidTransaction[];
  modifyTransaction(itemId: string, transactionId: string, changes: TransactionChanges): void;
  removeTransaction(itemId: string, transactionId: string): void;
  /** A pending transaction posts: Plaid removes the pending one and adds a posted one whose pending_transaction_id names it. */
  postPendingTransaction(itemId: string, pendingTransactionId: string): PlaidTransaction;
  /**
   * The next /transactions/sync page run that has more than one page fails on its second page with
   * TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION, and a transaction is really added at that moment.
   */
  mutateDuringNextPagination(itemId: string): void;
  /** Plaid pulls more of the item's history from the bank: the last 30 days, or all of it (see ItemOptions.pulled). */
  pullHistory(itemId: string, to: "RECENT" | "ALL"): void;
  /**
   * POSTs a webhook to the item's webhook URL, signed as Plaid signs (`Plaid-Verification`: an ES256 JWT
   * with `iat` and `request_body_sha256`). `item_id` and `environment` are filled in when the body lacks them.
   * Returns the receiver's HTTP status.
   */
  sendWebhook(itemId: string, body: Record<string, unknown>, tamper?: WebhookTamper): Promise<number>;
  /** Every API request received: path, parsed body (secret redacted), response status. */
  readonly requests: readonly RecordedRequest[];
  item(itemId: string): StandInItem | undefined;
  close(): Promise<void>;
};

// ---------------------------------------------------------------------------------------------
// Errors: Plaid's catalogue (plaid.com/docs/errors), with the documented types and HTTP statuses
// ---------------------------------------------------------------------------------------------

type ErrorSpec = { type: string; status: number; page: string; message: string; display: string | null };

function errorSpec(
  type: string,
  status: number,
  page: string,
  message: string,
  display: string | null = null,
) {
  return { type, status, page, message, display } satisfies ErrorSpec;
}

const RATE_LIMIT_MESSAGE = "rate limit exceeded for attempts to access this item. please try again later";
const INSTITUTION_DISPLAY =
  "This financial institution is not currently responding to requests. We apologize for the inconvenience.";

function rateLimit(): ErrorSpec {
  return errorSpec("RATE_LIMIT_EXCEEDED", 429, "rate-limit-exceeded", RATE_LIMIT_MESSAGE);
}

const ERRORS: Record<string, ErrorSpec> = {
  ITEM_LOGIN_REQUIRED: errorSpec(
    "ITEM_ERROR",
    400,
    "item",
    "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
  ),
  // Not in Plaid's error catalogue (Plaid announces it as an ITEM webhook); served as an Item error.
  PENDING_EXPIRATION: errorSpec(
    "ITEM_ERROR",
    400,
    "item",
    "the access consent for this item is about to expire. use Link's update mode to renew it",
  ),
  ITEM_LOCKED: errorSpec(
    "ITEM_ERROR",
    400,
    "item",
    "the account is locked. prompt the user to visit the institution's site and unlock their account",
    "The given account has been locked by the financial institution. Please visit your financial institution's website to unlock your account.",
  ),
  ITEM_NOT_SUPPORTED: errorSpec(
    "ITEM_ERROR",
    400,
    "item",
    "this account is currently not supported",
    "The given account is not currently supported for this financial institution. We apologize for the inconvenience.",
  ),
  INVALID_CREDENTIALS: errorSpec(
    "ITEM_ERROR",
    400,
    "item",
    "the provided credentials were not correct",
    "The provided credentials were not correct. Please try again.",
  ),
  NO_ACCOUNTS: errorSpec(
    "ITEM_ERROR",
    400,
    "item",
    "no valid accounts were found for this item",
    "No valid accounts were found at the financial institution. Please visit your financial institution's website to confirm accounts are available.",
  ),
  PRODUCT_NOT_READY: errorSpec(
    "ITEM_ERROR",
    400,
    "item",
    "the requested product is not yet ready. please provide a webhook or try the request again later",
  ),
  PRODUCTS_NOT_SUPPORTED: errorSpec(
    "ITEM_ERROR",
    400,
    "item",
    "the requested product is not supported by this item",
  ),
  ACCESS_NOT_GRANTED: errorSpec(
    "ITEM_ERROR",
    400,
    "item",
    "access to this product was not granted for the account",
    "The user did not grant the necessary permissions for this product on their account.",
  ),
  ITEM_NOT_FOUND: errorSpec(
    "ITEM_ERROR",
    400,
    "item",
    "The Item you requested cannot be found. This Item does not exist, has been previously removed via /item/remove, or has had access removed by the user.",
  ),
  INSTITUTION_DOWN: errorSpec(
    "INSTITUTION_ERROR",
    400,
    "institution",
    "this institution is not currently responding to this request. please try again soon",
    INSTITUTION_DISPLAY,
  ),
  INSTITUTION_NOT_RESPONDING: errorSpec(
    "INSTITUTION_ERROR",
    400,
    "institution",
    "this institution is not currently responding to this request. please try again soon",
    INSTITUTION_DISPLAY,
  ),
  INSTITUTION_NOT_AVAILABLE: errorSpec(
    "INSTITUTION_ERROR",
    400,
    "institution",
    "this institution is not currently responding to this request. please try again soon",
    INSTITUTION_DISPLAY,
  ),
  INSTITUTION_NO_LONGER_SUPPORTED: errorSpec(
    "INSTITUTION_ERROR",
    400,
    "institution",
    "this institution is no longer supported",
    "This financial institution is no longer supported. We apologize for the inconvenience.",
  ),
  INTERNAL_SERVER_ERROR: errorSpec("API_ERROR", 500, "api", "an unexpected error occurred"),
  PLANNED_MAINTENANCE: errorSpec(
    "API_ERROR",
    503,
    "api",
    "the Plaid API is temporarily unavailable due to planned maintenance. visit https://status.plaid.com/ for more information",
  ),
  TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION: errorSpec(
    "TRANSACTIONS_ERROR",
    400,
    "transactions",
    "Underlying transaction data changed since last page was fetched. Please restart pagination from last update.",
  ),
  SANDBOX_PRODUCT_NOT_ENABLED: errorSpec(
    "SANDBOX_ERROR",
    400,
    "sandbox",
    "the requested product is not enabled on this item",
  ),
  SANDBOX_WEBHOOK_INVALID: errorSpec(
    "SANDBOX_ERROR",
    400,
    "sandbox",
    "Webhook for this item is either not set up, or invalid. Please update the item's webhook and try again.",
  ),
  MISSING_FIELDS: errorSpec(
    "INVALID_REQUEST",
    400,
    "invalid-request",
    "the following required fields are missing",
  ),
  INVALID_FIELD: errorSpec("INVALID_REQUEST", 400, "invalid-request", "a field in the request is invalid"),
  INVALID_BODY: errorSpec("INVALID_REQUEST", 400, "invalid-request", "body could not be parsed as JSON"),
  NOT_FOUND: errorSpec("INVALID_REQUEST", 400, "invalid-request", "not found"),
  INVALID_API_KEYS: errorSpec("INVALID_INPUT", 400, "invalid-input", "invalid client_id or secret provided"),
  INVALID_ACCESS_TOKEN: errorSpec(
    "INVALID_INPUT",
    400,
    "invalid-input",
    "could not find matching access token",
  ),
  INVALID_PUBLIC_TOKEN: errorSpec(
    "INVALID_INPUT",
    400,
    "invalid-input",
    "could not find matching public token",
  ),
  INVALID_LINK_TOKEN: errorSpec("INVALID_INPUT", 400, "invalid-input", "invalid link_token provided"),
  INVALID_ACCOUNT_ID: errorSpec(
    "INVALID_INPUT",
    400,
    "invalid-input",
    "failed to find requested account ID for requested item",
  ),
  INVALID_INSTITUTION: errorSpec("INVALID_INPUT", 400, "invalid-input", "invalid institution_id provided"),
  INVALID_PRODUCT: errorSpec(
    "INVALID_INPUT",
    400,
    "invalid-input",
    "client is not authorized to access the products",
  ),
  INVALID_WEBHOOK_VERIFICATION_KEY_ID: errorSpec(
    "INVALID_INPUT",
    400,
    "invalid-input",
    "invalid key_id provided. note that key_ids are specific to Plaid environments, and verification requests must be made to the same environment that the webhook was sent from",
  ),
  USER_PERMISSION_REVOKED: errorSpec(
    "INVALID_INPUT",
    400,
    "invalid-input",
    "the holder of this account has revoked their permission for your application to access it",
  ),
  ADDITIONAL_CONSENT_REQUIRED: errorSpec(
    "INVALID_INPUT",
    400,
    "invalid-input",
    "client does not have user consent to access the product",
  ),
  ACCOUNTS_LIMIT: rateLimit(),
  ACCOUNTS_BALANCE_GET_LIMIT: rateLimit(),
  AUTH_LIMIT: rateLimit(),
  BALANCE_LIMIT: rateLimit(),
  IDENTITY_LIMIT: rateLimit(),
  INSTITUTIONS_GET_LIMIT: rateLimit(),
  INSTITUTIONS_GET_BY_ID_LIMIT: rateLimit(),
  INVESTMENT_HOLDINGS_GET_LIMIT: rateLimit(),
  ITEM_GET_LIMIT: rateLimit(),
  RATE_LIMIT: rateLimit(),
  TRANSACTIONS_LIMIT: rateLimit(),
  TRANSACTIONS_SYNC_LIMIT: rateLimit(),
};

/** Plaid has no error code RATE_LIMIT_EXCEEDED (it is the error_type): each endpoint has its own code. */
const RATE_LIMIT_CODES: Record<string, string> = {
  "/accounts/get": "ACCOUNTS_LIMIT",
  "/accounts/balance/get": "BALANCE_LIMIT",
  "/auth/get": "AUTH_LIMIT",
  "/identity/get": "IDENTITY_LIMIT",
  "/item/get": "ITEM_GET_LIMIT",
  "/investments/holdings/get": "INVESTMENT_HOLDINGS_GET_LIMIT",
  "/institutions/get": "INSTITUTIONS_GET_LIMIT",
  "/institutions/get_by_id": "INSTITUTIONS_GET_BY_ID_LIMIT",
  "/transactions/sync": "TRANSACTIONS_SYNC_LIMIT",
};

class PlaidApiError extends Error {
  readonly code: string;

  constructor(code: string, message?: string) {
    super(message ?? lookupError(code).message);
    this.code = code;
  }
}

function lookupError(code: string): ErrorSpec {
  const known = ERRORS[code];
  if (!known) throw new Error(`The Plaid stand-in does not know the error code ${code}`);
  return known;
}

function resolveErrorCode(path: string, code: string): string {
  if (code === "RATE_LIMIT_EXCEEDED") return RATE_LIMIT_CODES[path] ?? "RATE_LIMIT";
  lookupError(code);
  return code;
}

/** Plaid's error object; `request_id` is left out where Plaid leaves it out (inside an Item or a webhook). */
function errorObject(code: string, message: string, requestId?: string): Json {
  const known = lookupError(code);
  return {
    error_type: known.type,
    error_code: code,
    error_code_reason: null,
    error_message: message,
    display_message: known.display,
    ...(requestId === undefined ? {} : { request_id: requestId }),
    causes: [],
    status: known.status,
    documentation_url: `https://plaid.com/docs/errors/${known.page}/#${code.toLowerCase()}`,
    suggested_action: null,
  };
}

// ---------------------------------------------------------------------------------------------
// Reference data: institutions, merchants, securities
// ---------------------------------------------------------------------------------------------

type Json = Record<string, unknown>;

type Institution = {
  id: string;
  name: string;
  products: readonly string[];
  routingNumbers: readonly string[];
  primaryColor: string;
  url: string;
};

const INSTITUTIONS: readonly Institution[] = [
  {
    id: "ins_109508",
    name: "First Platypus Bank",
    products: ["auth", "balance", "identity", "investments", "liabilities", "statements", "transactions"],
    routingNumbers: ["011401533"],
    primaryColor: "#1f6f5c",
    url: "https://www.firstplatypus.example",
  },
  {
    id: "ins_109509",
    name: "First Gingham Credit Union",
    products: ["auth", "balance", "identity", "statements", "transactions"],
    routingNumbers: ["021200339"],
    primaryColor: "#c2185b",
    url: "https://www.firstgingham.example",
  },
  {
    id: "ins_109512",
    name: "Houndstooth Bank",
    products: ["auth", "balance", "identity", "transactions"],
    routingNumbers: ["011000138", "011200365", "011400495"],
    primaryColor: "#004966",
    url: "https://www.houndstooth.example",
  },
];

const DEFAULT_INSTITUTION = "ins_109508";

/** Products an Item can be created with here; Plaid's others (assets, income, …) are not modelled. */
const ITEM_PRODUCTS = new Set([
  "auth",
  "identity",
  "investments",
  "liabilities",
  "statements",
  "transactions",
]);

type AccountKind = "checking" | "savings" | "credit" | "brokerage";

type MerchantSeed = {
  description: string;
  merchant: string | null;
  website: string | null;
  primary: string;
  detailed: string;
  category: string[];
  categoryId: string;
  channel: PlaidTransaction["payment_channel"];
  counterparty: PlaidCounterparty["type"] | null;
  /** Dollars; negative ranges are money in. */
  range: readonly [number, number];
  accounts: readonly AccountKind[];
};

// biome-ignore format: a table reads best one merchant per row
const MERCHANTS: readonly MerchantSeed[] = [
  merchant("STARBUCKS STORE 00412", "Starbucks", "starbucks.com", "FOOD_AND_DRINK", "FOOD_AND_DRINK_COFFEE", ["Food and Drink", "Restaurants", "Coffee Shop"], "13005043", "in store", [3, 9]),
  merchant("UBER *TRIP HELP.UBER.COM", "Uber", "uber.com", "TRANSPORTATION", "TRANSPORTATION_TAXIS_AND_RIDE_SHARES", ["Travel", "Taxi"], "22016000", "online", [8, 45]),
  merchant("WM SUPERCENTER #1700", "Walmart", "walmart.com", "GENERAL_MERCHANDISE", "GENERAL_MERCHANDISE_SUPERSTORES", ["Shops", "Supermarkets and Groceries"], "19047000", "in store", [15, 180]),
  merchant("WHOLEFDS MKT 10234", "Whole Foods Market", "wholefoodsmarket.com", "FOOD_AND_DRINK", "FOOD_AND_DRINK_GROCERIES", ["Shops", "Supermarkets and Groceries"], "19047000", "in store", [20, 160]),
  merchant("NETFLIX.COM", "Netflix", "netflix.com", "ENTERTAINMENT", "ENTERTAINMENT_TV_AND_MOVIES", ["Service", "Subscription"], "18061000", "online", [15, 23]),
  merchant("SHELL OIL 57444", "Shell", "shell.com", "TRANSPORTATION", "TRANSPORTATION_GAS", ["Travel", "Gas Stations"], "22009000", "in store", [25, 70]),
  merchant("AMZN MKTP US*2K4", "Amazon", "amazon.com", "GENERAL_MERCHANDISE", "GENERAL_MERCHANDISE_ONLINE_MARKETPLACES", ["Shops", "Digital Purchase"], "19013000", "online", [10, 250]),
  merchant("MCDONALD'S F3251", "McDonald's", "mcdonalds.com", "FOOD_AND_DRINK", "FOOD_AND_DRINK_FAST_FOOD", ["Food and Drink", "Restaurants", "Fast Food"], "13005032", "in store", [5, 20]),
  merchant("AMZN MKTP US REFUND", "Amazon", "amazon.com", "GENERAL_MERCHANDISE", "GENERAL_MERCHANDISE_ONLINE_MARKETPLACES", ["Shops", "Digital Purchase"], "19013000", "online", [-80, -10]),
  {
    ...merchant("CON ED OF NY ONLINE PMT", "Con Edison", "coned.com", "RENT_AND_UTILITIES", "RENT_AND_UTILITIES_GAS_AND_ELECTRICITY", ["Service", "Utilities", "Electric"], "18068005", "other", [60, 180]),
    accounts: ["checking"],
  },
  {
    ...merchant("GUSTO PAY 123456 PPD", "Gusto", "gusto.com", "INCOME", "INCOME_WAGES", ["Transfer", "Payroll"], "21009000", "other", [-3200, -1500]),
    counterparty: "income_source",
    accounts: ["checking"],
  },
  {
    ...merchant("VENMO CASHOUT", "Venmo", "venmo.com", "TRANSFER_IN", "TRANSFER_IN_ACCOUNT_TRANSFER", ["Transfer", "Third Party", "Venmo"], "21010001", "online", [-200, -10]),
    counterparty: "payment_app",
    accounts: ["checking", "savings"],
  },
  {
    ...merchant("ATM WITHDRAWAL 4410 MAIN ST", null, null, "TRANSFER_OUT", "TRANSFER_OUT_WITHDRAWAL", ["Transfer", "Withdrawal", "ATM"], "21012002", "in store", [20, 200]),
    counterparty: null,
    accounts: ["checking"],
  },
  {
    ...merchant("INTEREST EARNED", null, null, "INCOME", "INCOME_INTEREST_EARNED", ["Transfer", "Credit"], "21005000", "other", [-4, -0.05]),
    counterparty: null,
    accounts: ["savings"],
  },
  {
    ...merchant("AUTOPAY PAYMENT - THANK YOU", null, null, "LOAN_PAYMENTS", "LOAN_PAYMENTS_CREDIT_CARD_PAYMENT", ["Payment", "Credit Card"], "16001000", "other", [-900, -50]),
    counterparty: null,
    accounts: ["credit"],
  },
];

function merchant(
  description: string,
  name: string | null,
  website: string | null,
  primary: string,
  detailed: string,
  category: string[],
  categoryId: string,
  channel: PlaidTransaction["payment_channel"],
  range: readonly [number, number],
): MerchantSeed {
  return {
    description,
    merchant: name,
    website,
    primary,
    detailed,
    category,
    categoryId,
    channel,
    counterparty: "merchant",
    range,
    accounts: ["checking", "credit"],
  };
}

const CITIES = [
  { city: "San Francisco", region: "CA", postal_code: "94103", lat: 37.7749, lon: -122.4194 },
  { city: "New York", region: "NY", postal_code: "10001", lat: 40.7506, lon: -73.9972 },
  { city: "Austin", region: "TX", postal_code: "78701", lat: 30.2672, lon: -97.7431 },
  { city: "Chicago", region: "IL", postal_code: "60601", lat: 41.8853, lon: -87.6216 },
] as const;

type SecuritySeed = {
  key: string;
  name: string;
  ticker: string;
  type: string;
  subtype: string | null;
  cusip: string | null;
  isin: string | null;
  price: number;
  cash: boolean;
  mic: string | null;
  sector: string | null;
  industry: string | null;
  /** Quantity range held. */
  quantity: readonly [number, number];
};

// biome-ignore format: a table reads best one security per row
const SECURITIES: readonly SecuritySeed[] = [
  { key: "usd", name: "U S Dollar", ticker: "CUR:USD", type: "cash", subtype: "cash", cusip: null, isin: null, price: 1, cash: true, mic: null, sector: null, industry: null, quantity: [500, 5000] },
  { key: "vti", name: "Vanguard Total Stock Market ETF", ticker: "VTI", type: "etf", subtype: "etf", cusip: "922908769", isin: "US9229087690", price: 245.12, cash: false, mic: "ARCX", sector: null, industry: null, quantity: [5, 80] },
  { key: "fxaix", name: "Fidelity 500 Index Fund", ticker: "FXAIX", type: "mutual fund", subtype: "mutual fund", cusip: "315911750", isin: "US3159117502", price: 180.33, cash: false, mic: null, sector: null, industry: null, quantity: [10, 120] },
  { key: "aapl", name: "Apple Inc.", ticker: "AAPL", type: "equity", subtype: "common stock", cusip: "037833100", isin: "US0378331005", price: 189.5, cash: false, mic: "XNAS", sector: "Electronic Technology", industry: "Telecommunications Equipment", quantity: [1, 40] },
];

const OWNER = {
  names: ["Alberta Bobbeth Charleson"],
  phone_numbers: [
    { data: "+1 415-555-0123", primary: true, type: "mobile" },
    { data: "+1 415-555-0199", primary: false, type: "home" },
  ],
  emails: [
    { data: "accountholder0@example.com", primary: true, type: "primary" },
    { data: "accountholder1@example.com", primary: false, type: "secondary" },
  ],
  addresses: [
    {
      data: {
        street: "2992 Cameron Road",
        city: "Malakoff",
        region: "NY",
        postal_code: "14236",
        country: "US",
      },
      primary: true,
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Deterministic helpers
// ---------------------------------------------------------------------------------------------

type Random = {
  next(): number;
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  /** Whole cents between two dollar amounts, as dollars. */
  dollars(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
};

/** mulberry32 seeded by a hash: the same seed gives the same data on every machine. */
function createRandom(seed: string): Random {
  let state = createHash("sha256").update(seed).digest().readUInt32LE(0);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    dollars: (min, max) => int(Math.round(min * 100), Math.round(max * 100)) / 100,
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)]!;
    },
  };
}

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** An identifier shaped like Plaid's (37 case-sensitive alphanumerics), derived from a seed. */
function plaidId(seed: string, length = 37): string {
  const bytes = createHash("sha512").update(seed).digest();
  let out = "";
  for (let i = 0; i < length; i++) out += ID_ALPHABET[bytes[i]! % ID_ALPHABET.length];
  return out;
}

function newRequestId(): string {
  return plaidId(randomUUID(), 15);
}

function digitsFrom(seed: string, count: number): string {
  const bytes = createHash("sha256").update(seed).digest();
  let out = "";
  for (let i = 0; i < count; i++) out += String(bytes[i % bytes.length]! % 10);
  return out;
}

function toDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Plaid's timestamps carry seconds, not milliseconds. */
function toTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
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

type Account = {
  id: string;
  kind: AccountKind;
  name: string;
  officialName: string;
  mask: string;
  type: "depository" | "credit" | "investment";
  subtype: string;
  available: number | null;
  current: number;
  limit: number | null;
  accountNumber: string;
};

type Holding = { accountId: string; security: SecuritySeed; quantity: number; costBasis: number };

/** For "removed", `transaction` is the last state of the transaction removed. */
type ChangeEntry = { kind: "added" | "modified" | "removed"; transaction: PlaidTransaction };

type PaginationMutation = { state: "armed" } | { state: "pending"; cursor: string };

type ItemRecord = {
  itemId: string;
  accessToken: string;
  institution: Institution;
  products: Set<string>;
  webhook: string | null;
  removed: boolean;
  error: string | null;
  createdAt: string;
  accounts: Account[];
  holdings: Holding[];
  historySize: number;
  /** Current state of every live transaction (original_description included). */
  transactions: Map<string, PlaidTransaction>;
  /** Append-only change log; a cursor is a position in it, so a replayed cursor gives the same page. */
  log: ChangeEntry[];
  /** Log positions per account, ascending, so an account-filtered page is found by binary search. */
  accountLog: Map<string, number[]>;
  nextSequence: number;
  mutation: PaginationMutation | null;
  lastWebhook: { sent_at: string; code_sent: string } | null;
  lastTransactionsUpdate: string;
  /** How much history Plaid has pulled from the bank; the rest is `held`, out of the log. */
  pulled: "NONE" | "RECENT" | "ALL";
  held: PlaidTransaction[];
};

type LinkTokenRecord = {
  token: string;
  expiresAt: Date;
  products: string[];
  optionalProducts: string[];
  webhook: string | null;
  institutionId: string | null;
  accessToken: string | null;
};

type PublicTokenRecord = { itemId: string; expiresAt: Date; used: boolean };

type SigningKeys = {
  kid: string;
  jwk: Json;
  privateKey: Awaited<ReturnType<typeof generateKeyPair>>["privateKey"];
  impostor: Awaited<ReturnType<typeof generateKeyPair>>["privateKey"];
};

type State = {
  clientId: string;
  secret: string;
  now: () => Date;
  url: string;
  items: Map<string, ItemRecord>;
  itemsByToken: Map<string, ItemRecord>;
  linkTokens: Map<string, LinkTokenRecord>;
  publicTokens: Map<string, PublicTokenRecord>;
  processorTokens: Map<string, { itemId: string; accountId: string; processor: string }>;
  failures: Map<string, { code: string; remaining: number }[]>;
  requests: RecordedRequest[];
  keys: SigningKeys;
  logos: Map<string, string>;
};

// ---------------------------------------------------------------------------------------------
// Items, accounts, transactions
// ---------------------------------------------------------------------------------------------

function findInstitution(institutionId: string): Institution | undefined {
  return INSTITUTIONS.find((institution) => institution.id === institutionId);
}

function defaultProducts(institution: Institution, accounts: ItemOptions["accounts"]): string[] {
  const products = ["transactions", "auth", "identity"];
  if (accounts === "investments") products.push("investments");
  if (accounts === "credit") products.push("liabilities");
  return products.filter((product) => institution.products.includes(product));
}

function createItemRecord(state: State, options: ItemOptions): ItemRecord {
  const institution = findInstitution(options.institutionId ?? DEFAULT_INSTITUTION);
  if (!institution) throw new Error(`Unknown institution ${options.institutionId}`);
  const products = options.products ?? defaultProducts(institution, options.accounts);
  const unsupported = products.filter((product) => !institution.products.includes(product));
  if (unsupported.length > 0)
    throw new Error(`${institution.name} does not support ${unsupported.join(", ")}`);
  const itemId = plaidId(randomUUID());
  const item: ItemRecord = {
    itemId,
    accessToken: `access-sandbox-${randomUUID()}`,
    institution,
    products: new Set(products),
    webhook: options.webhook ?? null,
    removed: false,
    error: null,
    createdAt: toTimestamp(state.now()),
    accounts: [],
    holdings: [],
    historySize: options.transactionCount ?? 30,
    transactions: new Map(),
    log: [],
    accountLog: new Map(),
    nextSequence: 0,
    mutation: null,
    lastWebhook: null,
    lastTransactionsUpdate: toTimestamp(state.now()),
    pulled: options.pulled ?? "ALL",
    held: [],
  };
  item.accounts = buildAccounts(itemId, {
    credit: options.accounts === "credit" || item.products.has("liabilities"),
    investments: options.accounts === "investments" || item.products.has("investments"),
  });
  item.holdings = buildHoldings(item);
  fundBrokerage(item);
  if (item.products.has("transactions")) generateHistory(state, item);
  state.items.set(itemId, item);
  state.itemsByToken.set(item.accessToken, item);
  return item;
}

type AccountTemplate = Pick<Account, "name" | "officialName" | "mask" | "type" | "subtype"> & {
  /** Range of the opening balance, in dollars. */
  balance: readonly [number, number];
};

const ACCOUNT_TEMPLATES: Record<AccountKind, AccountTemplate> = {
  checking: {
    name: "Plaid Checking",
    officialName: "Plaid Gold Standard 0% Interest Checking",
    mask: "0000",
    type: "depository",
    subtype: "checking",
    balance: [800, 5000],
  },
  savings: {
    name: "Plaid Saving",
    officialName: "Plaid Silver Standard 0.1% Interest Saving",
    mask: "1111",
    type: "depository",
    subtype: "savings",
    balance: [2000, 20000],
  },
  credit: {
    name: "Plaid Credit Card",
    officialName: "Plaid Diamond 12.5% APR Interest Credit Card",
    mask: "3333",
    type: "credit",
    subtype: "credit card",
    balance: [100, 1500],
  },
  brokerage: {
    name: "Plaid Brokerage",
    officialName: "Plaid Platinum Standard Brokerage",
    mask: "5555",
    type: "investment",
    subtype: "brokerage",
    // Set from the holdings by fundBrokerage.
    balance: [0, 0],
  },
};

const CREDIT_LIMIT = 5000;

function buildAccounts(itemId: string, extras: { credit: boolean; investments: boolean }): Account[] {
  const kinds: AccountKind[] = ["checking", "savings"];
  if (extras.credit) kinds.push("credit");
  if (extras.investments) kinds.push("brokerage");
  const random = createRandom(`${itemId}:accounts`);
  return kinds.map((kind) => buildAccount(itemId, kind, random));
}

function buildAccount(itemId: string, kind: AccountKind, random: Random): Account {
  const template = ACCOUNT_TEMPLATES[kind];
  const current = random.dollars(template.balance[0], template.balance[1]);
  const limit = kind === "credit" ? CREDIT_LIMIT : null;
  return {
    id: plaidId(`${itemId}:account:${kind}`),
    kind,
    name: template.name,
    officialName: template.officialName,
    mask: template.mask,
    type: template.type,
    subtype: template.subtype,
    // Pending debits hold back a little of a checking balance; a card's available credit is what is left.
    available:
      limit !== null ? roundCents(limit - current) : kind === "checking" ? roundCents(current - 10) : current,
    current,
    limit,
    accountNumber: `${digitsFrom(`${itemId}:${kind}`, 6)}${template.mask}`,
  };
}

function buildHoldings(item: ItemRecord): Holding[] {
  const brokerage = item.accounts.find((candidate) => candidate.kind === "brokerage");
  if (!brokerage) return [];
  const random = createRandom(`${item.itemId}:holdings`);
  return SECURITIES.map((security) => {
    const quantity = security.cash
      ? random.dollars(security.quantity[0], security.quantity[1])
      : random.int(security.quantity[0], security.quantity[1]);
    const costBasis = roundCents(quantity * security.price * (0.8 + random.next() * 0.3));
    return { accountId: brokerage.id, security, quantity, costBasis: security.cash ? quantity : costBasis };
  });
}

/** A brokerage account's balance is what its holdings are worth; `available` is its cash. */
function fundBrokerage(item: ItemRecord): void {
  for (const brokerage of item.accounts.filter((candidate) => candidate.kind === "brokerage")) {
    const holdings = item.holdings.filter((holding) => holding.accountId === brokerage.id);
    brokerage.current = roundCents(holdings.reduce((sum, holding) => sum + holdingValue(holding), 0));
    brokerage.available = roundCents(
      holdings
        .filter((holding) => holding.security.cash)
        .reduce((sum, holding) => sum + holdingValue(holding), 0),
    );
  }
}

function holdingValue(holding: Holding): number {
  return roundCents(holding.quantity * holding.security.price);
}

function transactionalAccounts(item: ItemRecord): Account[] {
  return item.accounts.filter((candidate) => candidate.type !== "investment");
}

/** The history spreads over the last 90 days, oldest first; the newest few are still pending. */
function generateHistory(state: State, item: ItemRecord): void {
  const size = item.historySize;
  const pendingCount = size >= 5 ? Math.max(1, Math.round(size * 0.05)) : 0;
  for (let index = 0; index < size; index++) {
    const pending = index >= size - pendingCount;
    const spread = Math.round(((size - 1 - index) / Math.max(size - 1, 1)) * 89);
    const transaction = generateTransaction(state, item, {
      daysAgo: pending ? Math.min(spread, 2) : spread,
      pending,
    });
    if (isPulled(state, item.pulled, transaction)) recordChange(item, { kind: "added", transaction });
    else item.held.push(transaction);
  }
}

/** Days Plaid pulls first, before the rest of the history. */
const RECENT_DAYS = 30;

function isPulled(state: State, pulled: ItemRecord["pulled"], transaction: PlaidTransaction): boolean {
  if (pulled === "ALL") return true;
  return pulled === "RECENT" && transaction.date >= toDate(daysBefore(state.now(), RECENT_DAYS));
}

/** Plaid's word on how far it has pulled. */
const UPDATE_STATUS = {
  NONE: "NOT_READY",
  RECENT: "INITIAL_UPDATE_COMPLETE",
  ALL: "HISTORICAL_UPDATE_COMPLETE",
} as const;

function generateTransaction(
  state: State,
  item: ItemRecord,
  options: { daysAgo: number; pending: boolean; accountId?: string },
): PlaidTransaction {
  const sequence = item.nextSequence++;
  const random = createRandom(`${item.itemId}:transaction:${sequence}`);
  const target = options.accountId
    ? item.accounts.find((candidate) => candidate.id === options.accountId)!
    : chooseAccount(item, random);
  const seed = random.pick(MERCHANTS.filter((candidate) => candidate.accounts.includes(target.kind)));
  const date = daysBefore(state.now(), options.daysAgo);
  const authorized = options.pending ? date : daysBefore(date, random.int(0, 2));
  const time = clockTime(random);
  const entityId = seed.merchant ? plaidId(`merchant:${seed.merchant}`) : null;
  const logo = seed.merchant ? `https://plaid-merchant-logos.plaid.com/${slug(seed.merchant)}.png` : null;
  return {
    transaction_id: plaidId(`${item.itemId}:transaction:${sequence}`),
    account_id: target.id,
    amount: random.dollars(seed.range[0], seed.range[1]),
    iso_currency_code: "USD",
    unofficial_currency_code: null,
    date: toDate(date),
    authorized_date: toDate(authorized),
    authorized_datetime: `${toDate(authorized)}${time}`,
    datetime: options.pending ? null : `${toDate(date)}${time}`,
    name: seed.merchant ?? titleCase(seed.description),
    merchant_name: seed.merchant,
    merchant_entity_id: entityId,
    logo_url: logo,
    website: seed.website,
    original_description: seed.description,
    pending: options.pending,
    pending_transaction_id: null,
    payment_channel: seed.channel,
    personal_finance_category: {
      primary: seed.primary,
      detailed: seed.detailed,
      confidence_level: "VERY_HIGH",
    },
    personal_finance_category_icon_url: `https://plaid-category-icons.plaid.com/PFC_${seed.primary}.png`,
    category: seed.category,
    category_id: seed.categoryId,
    location: seed.channel === "in store" ? storeLocation(random) : emptyLocation(),
    counterparties:
      seed.counterparty && seed.merchant
        ? [
            {
              name: seed.merchant,
              type: seed.counterparty,
              website: seed.website,
              logo_url: logo,
              entity_id: entityId,
              confidence_level: "VERY_HIGH",
            },
          ]
        : [],
    transaction_code: null,
    transaction_type: TRANSACTION_TYPES[seed.channel],
    account_owner: null,
    check_number: null,
    payment_meta: emptyPaymentMeta(),
  };
}

/** The deprecated transaction_type, which Plaid still derives from payment_channel. */
const TRANSACTION_TYPES: Record<PlaidTransaction["payment_channel"], PlaidTransaction["transaction_type"]> = {
  online: "digital",
  "in store": "place",
  other: "special",
};

function clockTime(random: Random): string {
  const twoDigits = (value: number) => String(value).padStart(2, "0");
  return `T${twoDigits(random.int(8, 21))}:${twoDigits(random.int(0, 59))}:${twoDigits(random.int(0, 59))}Z`;
}

function chooseAccount(item: ItemRecord, random: Random): Account {
  const roll = random.next();
  const credit = item.accounts.find((candidate) => candidate.kind === "credit");
  const savings = item.accounts.find((candidate) => candidate.kind === "savings");
  if (credit && roll < 0.3) return credit;
  if (savings && roll > 0.9) return savings;
  return item.accounts.find((candidate) => candidate.kind === "checking") ?? transactionalAccounts(item)[0]!;
}

function storeLocation(random: Random): PlaidLocation {
  const city = random.pick(CITIES);
  return {
    address: `${random.int(100, 9999)} Market St`,
    city: city.city,
    region: city.region,
    postal_code: city.postal_code,
    country: "US",
    lat: roundCents(city.lat + (random.next() - 0.5) / 10),
    lon: roundCents(city.lon + (random.next() - 0.5) / 10),
    store_number: String(random.int(100, 9999)),
  };
}

function emptyLocation(): PlaidLocation {
  return {
    address: null,
    city: null,
    region: null,
    postal_code: null,
    country: null,
    lat: null,
    lon: null,
    store_number: null,
  };
}

function emptyPaymentMeta(): PlaidPaymentMeta {
  return {
    reference_number: null,
    ppd_id: null,
    payee: null,
    by_order_of: null,
    payer: null,
    payment_method: null,
    payment_processor: null,
    reason: null,
  };
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "_");
}

function titleCase(text: string): string {
  return text.toLowerCase().replace(/\b[a-z]/g, (letter) => letter.toUpperCase());
}

/** Snapshots are never mutated after they enter the log, which keeps replayed pages identical. */
function recordChange(item: ItemRecord, entry: ChangeEntry): void {
  const position = item.log.length;
  item.log.push(entry);
  const accountId = entry.transaction.account_id;
  const positions = item.accountLog.get(accountId) ?? [];
  positions.push(position);
  item.accountLog.set(accountId, positions);
  if (entry.kind === "removed") item.transactions.delete(entry.transaction.transaction_id);
  else item.transactions.set(entry.transaction.transaction_id, entry.transaction);
}

function publicTransaction(
  transaction: PlaidTransaction,
  includeOriginalDescription: boolean,
): PlaidTransaction {
  const { original_description, ...rest } = transaction;
  return includeOriginalDescription ? { ...rest, original_description: original_description ?? null } : rest;
}

// ---------------------------------------------------------------------------------------------
// /transactions/sync paging over the change log
// ---------------------------------------------------------------------------------------------

const CURSOR_PREFIX = "weft-plaid-stand-in:v1";

function encodeCursor(item: ItemRecord, position: number): string {
  return Buffer.from(`${CURSOR_PREFIX}:${item.itemId}:${position}`).toString("base64url");
}

function decodeCursor(item: ItemRecord, cursor: string | undefined): number {
  if (cursor === undefined || cursor === "") return 0;
  if (cursor === "now") return item.log.length;
  const match = /^weft-plaid-stand-in:v1:([A-Za-z0-9]+):(\d+)$/.exec(
    Buffer.from(cursor, "base64url").toString(),
  );
  const position = match ? Number(match[2]) : Number.NaN;
  if (!match || match[1] !== item.itemId || position > item.log.length) {
    throw new PlaidApiError("INVALID_FIELD", "cursor is not valid for this access_token");
  }
  return position;
}

/** O(page): a slice of the log, or, for one account, a binary search into that account's positions. */
function readLog(
  item: ItemRecord,
  start: number,
  count: number,
  accountId: string | undefined,
): { entries: ChangeEntry[]; next: number; hasMore: boolean } {
  if (accountId === undefined) {
    const end = Math.min(start + count, item.log.length);
    return { entries: item.log.slice(start, end), next: end, hasMore: end < item.log.length };
  }
  const positions = item.accountLog.get(accountId) ?? [];
  const first = lowerBound(positions, start);
  const taken = positions.slice(first, first + count);
  const hasMore = first + count < positions.length;
  const next = hasMore ? taken[taken.length - 1]! + 1 : item.log.length;
  return { entries: taken.map((position) => item.log[position]!), next, hasMore };
}

function lowerBound(sorted: number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Within a page, Plaid reports each transaction once, in its latest state. */
function consolidate(entries: ChangeEntry[]): ChangeEntry[] {
  const latest = new Map<string, ChangeEntry>();
  for (const entry of entries) {
    const id = entry.transaction.transaction_id;
    const earlier = latest.get(id);
    if (earlier?.kind === "added" && entry.kind === "removed") latest.delete(id);
    else if (earlier?.kind === "added") latest.set(id, { kind: "added", transaction: entry.transaction });
    else latest.set(id, entry);
  }
  return [...latest.values()];
}

// ---------------------------------------------------------------------------------------------
// Request field readers (MISSING_FIELDS / INVALID_FIELD as Plaid answers them)
// ---------------------------------------------------------------------------------------------

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null;
}

function requireFields(body: Json, names: string[], prefix = ""): void {
  const missing = names.filter((name) => !isPresent(body[name]));
  if (missing.length > 0) {
    throw new PlaidApiError(
      "MISSING_FIELDS",
      `the following required fields are missing: ${missing.map((name) => prefix + name).join(", ")}`,
    );
  }
}

function readString(body: Json, name: string): string | undefined {
  const value = body[name];
  if (!isPresent(value)) return undefined;
  if (typeof value !== "string") throw new PlaidApiError("INVALID_FIELD", `${name} must be a string`);
  return value;
}

function readRequiredString(body: Json, name: string): string {
  requireFields(body, [name]);
  return readString(body, name)!;
}

function readStringArray(body: Json, name: string): string[] | undefined {
  const value = body[name];
  if (!isPresent(value)) return undefined;
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== "string")) {
    throw new PlaidApiError("INVALID_FIELD", `${name} must be an array of strings`);
  }
  return value as string[];
}

function readObject(body: Json, name: string): Json {
  const value = body[name];
  if (!isPresent(value)) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new PlaidApiError("INVALID_FIELD", `${name} must be an object`);
  }
  return value as Json;
}

function readCount(body: Json): number {
  const value = body.count;
  if (!isPresent(value)) return 100;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > 500) {
    throw new PlaidApiError("INVALID_FIELD", "count must be an integer between 1 and 500");
  }
  return value;
}

function validateProducts(products: string[], field: string): void {
  const unknown = products.filter((product) => !ITEM_PRODUCTS.has(product));
  if (unknown.length > 0) {
    throw new PlaidApiError(
      "INVALID_PRODUCT",
      `client is not authorized to access the following products: ${JSON.stringify(unknown)} (${field})`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Item access, as product endpoints see it
// ---------------------------------------------------------------------------------------------

function activeItem(state: State, body: Json): ItemRecord {
  const token = readRequiredString(body, "access_token");
  if (!/^access-(sandbox|production)-/.test(token)) {
    throw new PlaidApiError(
      "INVALID_ACCESS_TOKEN",
      "provided access token is in an invalid format. expected format: access-<environment>-<identifier>",
    );
  }
  const item = state.itemsByToken.get(token);
  if (!item || item.removed) throw new PlaidApiError("INVALID_ACCESS_TOKEN");
  return item;
}

/** An Item in an error state answers every product call with that error (Plaid's behaviour for login errors). */
function productItem(state: State, body: Json): ItemRecord {
  const item = activeItem(state, body);
  if (item.error) throw new PlaidApiError(item.error);
  return item;
}

/**
 * PRODUCTS_NOT_SUPPORTED (ITEM_ERROR, 400) when the institution does not offer the product. For
 * auth, identity and transactions Plaid adds the product to an Item on first use ("products may be
 * added after Link"), so an Item without it gets it then; investments, liabilities and statements
 * must have been requested in Link (/link/token/create `products`), as Plaid's error page describes.
 */
function requireProduct(item: ItemRecord, product: string): void {
  const addable = product === "auth" || product === "identity" || product === "transactions";
  const offered = item.institution.products.includes(product);
  if (!offered || (!addable && !item.products.has(product))) {
    throw new PlaidApiError("PRODUCTS_NOT_SUPPORTED", `the ${product} product is not supported by this item`);
  }
  if (product !== "transactions") item.products.add(product);
}

function selectAccounts(item: ItemRecord, options: Json, eligible: Account[]): Account[] {
  const ids = readStringArray(options, "account_ids");
  if (!ids) return eligible;
  const unknown = ids.filter((id) => !item.accounts.some((candidate) => candidate.id === id));
  if (unknown.length > 0) throw new PlaidApiError("INVALID_ACCOUNT_ID");
  return eligible.filter((candidate) => ids.includes(candidate.id));
}

// ---------------------------------------------------------------------------------------------
// Response bodies
// ---------------------------------------------------------------------------------------------

function accountBody(account: Account): Json {
  return {
    account_id: account.id,
    balances: {
      available: account.available,
      current: account.current,
      limit: account.limit,
      iso_currency_code: "USD",
      unofficial_currency_code: null,
      // Spec: only returned for Capital One (ins_128026).
      last_updated_datetime: null,
    },
    mask: account.mask,
    name: account.name,
    official_name: account.officialName,
    type: account.type,
    subtype: account.subtype,
  };
}

function sortedProducts(products: Iterable<string>): string[] {
  return [...products].sort();
}

function itemBody(item: ItemRecord): Json {
  return {
    item_id: item.itemId,
    institution_id: item.institution.id,
    institution_name: item.institution.name,
    webhook: item.webhook,
    auth_method: item.products.has("auth") ? "INSTANT_AUTH" : null,
    error: item.error ? errorObject(item.error, lookupError(item.error).message) : null,
    available_products: sortedProducts(
      item.institution.products.filter((product) => !item.products.has(product)),
    ),
    billed_products: sortedProducts(item.products),
    products: sortedProducts(item.products),
    consented_products: sortedProducts(item.products),
    consent_expiration_time: null,
    update_type: "background",
  };
}

function institutionBody(state: State, institution: Institution, includeMetadata: boolean): Json {
  return {
    institution_id: institution.id,
    name: institution.name,
    products: [...institution.products],
    country_codes: ["US"],
    routing_numbers: [...institution.routingNumbers],
    dtc_numbers: [],
    oauth: false,
    ...(includeMetadata
      ? {
          url: institution.url,
          primary_color: institution.primaryColor,
          logo: institutionLogo(state, institution),
        }
      : {}),
  };
}

function institutionLogo(state: State, institution: Institution): string {
  const cached = state.logos.get(institution.id);
  if (cached) return cached;
  const logo = buildSolidPng(institution.primaryColor, 152).toString("base64");
  state.logos.set(institution.id, logo);
  return logo;
}

function statementsOf(state: State, item: ItemRecord, account: Account) {
  const now = state.now();
  return [3, 2, 1].map((monthsAgo) => {
    const period = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1));
    const posted = new Date(Date.UTC(period.getUTCFullYear(), period.getUTCMonth() + 1, 1));
    const month = period.getUTCMonth() + 1;
    const year = period.getUTCFullYear();
    return {
      statement_id: plaidId(`${item.itemId}:${account.id}:statement:${year}-${month}`),
      date_posted: toDate(posted),
      month,
      year,
    };
  });
}

function linkMetadataAccounts(item: ItemRecord): Json[] {
  return item.accounts.map((candidate) => ({
    id: candidate.id,
    name: candidate.name,
    mask: candidate.mask,
    type: candidate.type,
    subtype: candidate.subtype,
    verification_status: null,
  }));
}

// ---------------------------------------------------------------------------------------------
// Handlers
// ---------------------------------------------------------------------------------------------

type Reply = { kind: "json"; body: Json } | { kind: "pdf"; bytes: Buffer };
type Handler = (state: State, body: Json) => Reply | Promise<Reply>;
type Route = { handle: Handler; authenticated: boolean; cors: boolean };

function json(body: Json): Reply {
  return { kind: "json", body };
}

function createLinkToken(state: State, body: Json): Reply {
  requireFields(body, ["client_name", "language", "country_codes"]);
  const accessToken = readString(body, "access_token") ?? null;
  const user = readObject(body, "user");
  if (!isPresent(body.user_id)) requireFields(user, ["client_user_id"], "user.");
  const products = readStringArray(body, "products") ?? [];
  if (!accessToken && products.length === 0) requireFields(body, ["products"]);
  const optionalProducts = [
    ...(readStringArray(body, "required_if_supported_products") ?? []),
    ...(readStringArray(body, "optional_products") ?? []),
  ];
  validateProducts([...products, ...optionalProducts], "products");
  const institutionId = readString(body, "institution_id") ?? null;
  if (institutionId && !findInstitution(institutionId)) throw new PlaidApiError("INVALID_INSTITUTION");
  if (accessToken) activeItem(state, body);
  const token = `link-sandbox-${randomUUID()}`;
  const expiresAt = new Date(state.now().getTime() + 4 * 3_600_000);
  state.linkTokens.set(token, {
    token,
    expiresAt,
    products,
    optionalProducts,
    webhook: readString(body, "webhook") ?? null,
    institutionId,
    accessToken,
  });
  return json({ link_token: token, expiration: toTimestamp(expiresAt) });
}

function issuePublicToken(state: State, item: ItemRecord): string {
  const token = `public-sandbox-${randomUUID()}`;
  state.publicTokens.set(token, {
    itemId: item.itemId,
    expiresAt: new Date(state.now().getTime() + 30 * 60_000),
    used: false,
  });
  return token;
}

function createSandboxPublicToken(state: State, body: Json): Reply {
  requireFields(body, ["institution_id", "initial_products"]);
  const institution = findInstitution(readRequiredString(body, "institution_id"));
  if (!institution) throw new PlaidApiError("INVALID_INSTITUTION");
  const products = readStringArray(body, "initial_products")!;
  validateProducts(products, "initial_products");
  const unsupported = products.filter((product) => !institution.products.includes(product));
  if (unsupported.length > 0) {
    throw new PlaidApiError(
      "PRODUCTS_NOT_SUPPORTED",
      `${institution.name} does not support ${unsupported.join(", ")}`,
    );
  }
  const webhook = readString(readObject(body, "options"), "webhook");
  const item = createItemRecord(state, { institutionId: institution.id, products, webhook });
  return json({ public_token: issuePublicToken(state, item) });
}

function exchangePublicToken(state: State, body: Json): Reply {
  const token = readRequiredString(body, "public_token");
  const record = state.publicTokens.get(token);
  const item = record ? state.items.get(record.itemId) : undefined;
  if (!record || !item || record.used || item.removed || record.expiresAt <= state.now()) {
    throw new PlaidApiError("INVALID_PUBLIC_TOKEN");
  }
  record.used = true;
  return json({ access_token: item.accessToken, item_id: item.itemId });
}

function getItem(state: State, body: Json): Reply {
  const item = activeItem(state, body);
  const investments = item.products.has("investments")
    ? { last_successful_update: item.createdAt, last_failed_update: null }
    : null;
  return json({
    item: { ...itemBody(item), created_at: item.createdAt },
    status: {
      investments,
      transactions: item.products.has("transactions")
        ? { last_successful_update: item.lastTransactionsUpdate, last_failed_update: null }
        : null,
      last_webhook: item.lastWebhook,
    },
  });
}

function removeItem(state: State, body: Json): Reply {
  const item = activeItem(state, body);
  item.removed = true;
  return json({});
}

function updateItemWebhook(state: State, body: Json): Reply {
  const item = activeItem(state, body);
  // The spec lets webhook be null (to clear it), so only its absence is a missing field.
  if (!("webhook" in body)) requireFields(body, ["webhook"]);
  item.webhook = readString(body, "webhook") ?? null;
  return json({ item: itemBody(item) });
}

function getAccounts(state: State, body: Json): Reply {
  const item = productItem(state, body);
  const accounts = selectAccounts(item, readObject(body, "options"), item.accounts);
  return json({ accounts: accounts.map(accountBody), item: itemBody(item) });
}

/** Real-time balances: each call moves them a little, so a refresh is visible. */
function getBalances(state: State, body: Json): Reply {
  const item = productItem(state, body);
  const accounts = selectAccounts(item, readObject(body, "options"), item.accounts);
  for (const refreshed of accounts) refreshBalance(refreshed);
  return json({ accounts: accounts.map(accountBody), item: itemBody(item) });
}

function refreshBalance(target: Account): void {
  if (target.kind === "brokerage") return;
  target.current = roundCents(target.current + (target.kind === "credit" ? 0.75 : 1.25));
  if (target.limit !== null) target.available = roundCents(target.limit - target.current);
  else if (target.available !== null) target.available = roundCents(target.available + 1.25);
}

function getAuth(state: State, body: Json): Reply {
  const item = productItem(state, body);
  requireProduct(item, "auth");
  const depository = selectAccounts(
    item,
    readObject(body, "options"),
    item.accounts.filter((candidate) => candidate.type === "depository"),
  );
  const routing = item.institution.routingNumbers[0]!;
  return json({
    accounts: depository.map(accountBody),
    numbers: {
      ach: depository.map((candidate) => ({
        account_id: candidate.id,
        account: candidate.accountNumber,
        routing,
        wire_routing: routing,
        is_tokenized_account_number: false,
      })),
      eft: [],
      international: [],
      bacs: [],
    },
    item: itemBody(item),
  });
}

function getIdentity(state: State, body: Json): Reply {
  const item = productItem(state, body);
  requireProduct(item, "identity");
  const accounts = selectAccounts(item, readObject(body, "options"), item.accounts);
  return json({
    accounts: accounts.map((candidate) => ({ ...accountBody(candidate), owners: [structuredClone(OWNER)] })),
    item: itemBody(item),
  });
}

function syncTransactions(state: State, body: Json): Reply {
  const item = productItem(state, body);
  requireProduct(item, "transactions");
  const count = readCount(body);
  const options = readObject(body, "options");
  const accountId = readString(options, "account_id");
  if (
    accountId !== undefined &&
    !transactionalAccounts(item).some((candidate) => candidate.id === accountId)
  ) {
    throw new PlaidApiError("INVALID_ACCOUNT_ID");
  }
  // Spec: an Item not initialised with transactions gets them on this first call; until the data is
  // fetched, /transactions/sync answers empty arrays (transactions_update_status NOT_READY).
  if (!item.products.has("transactions")) {
    item.products.add("transactions");
    generateHistory(state, item);
    return json(emptySyncPage("", "NOT_READY"));
  }
  const cursor = readString(body, "cursor");
  const start = decodeCursor(item, cursor);
  interruptPagination(state, item, cursor);
  const page = readLog(item, start, count, accountId);
  const nextCursor = encodeCursor(item, page.next);
  if (item.mutation?.state === "armed" && page.hasMore)
    item.mutation = { state: "pending", cursor: nextCursor };
  return json(syncPageBody(item, page, nextCursor, options.include_original_description === true, accountId));
}

function emptySyncPage(nextCursor: string, status: string): Json {
  return {
    added: [],
    modified: [],
    removed: [],
    next_cursor: nextCursor,
    has_more: false,
    transactions_update_status: status,
    accounts: [],
  };
}

/** The armed mutation lands between the first and the second page, as a real change would. */
function interruptPagination(state: State, item: ItemRecord, cursor: string | undefined): void {
  if (item.mutation?.state !== "pending" || cursor !== item.mutation.cursor) return;
  item.mutation = null;
  recordChange(item, {
    kind: "added",
    transaction: generateTransaction(state, item, { daysAgo: 0, pending: false }),
  });
  throw new PlaidApiError("TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION");
}

function syncPageBody(
  item: ItemRecord,
  page: { entries: ChangeEntry[]; hasMore: boolean },
  nextCursor: string,
  includeOriginalDescription: boolean,
  accountId: string | undefined,
): Json {
  const changes = consolidate(page.entries);
  const ofKind = (kind: ChangeEntry["kind"]) => changes.filter((entry) => entry.kind === kind);
  const accounts = transactionalAccounts(item).filter(
    (candidate) => accountId === undefined || candidate.id === accountId,
  );
  return {
    added: ofKind("added").map((entry) => publicTransaction(entry.transaction, includeOriginalDescription)),
    modified: ofKind("modified").map((entry) =>
      publicTransaction(entry.transaction, includeOriginalDescription),
    ),
    removed: ofKind("removed").map((entry) => ({
      transaction_id: entry.transaction.transaction_id,
      account_id: entry.transaction.account_id,
    })),
    next_cursor: nextCursor,
    has_more: page.hasMore,
    transactions_update_status: UPDATE_STATUS[item.pulled],
    accounts: accounts.map(accountBody),
  };
}

function getHoldings(state: State, body: Json): Reply {
  const item = productItem(state, body);
  requireProduct(item, "investments");
  const accounts = selectAccounts(item, readObject(body, "options"), item.accounts);
  const asOf = toDate(state.now());
  const holdings = item.holdings.filter((holding) =>
    accounts.some((candidate) => candidate.id === holding.accountId),
  );
  return json({
    accounts: accounts.map((candidate) => {
      const base = accountBody(candidate);
      return { ...base, balances: { ...(base.balances as Json), margin_loan_amount: null } };
    }),
    holdings: holdings.map((holding) => ({
      account_id: holding.accountId,
      security_id: securityId(holding.security),
      institution_price: holding.security.price,
      institution_price_as_of: asOf,
      institution_price_datetime: null,
      institution_value: holdingValue(holding),
      cost_basis: holding.costBasis,
      quantity: holding.quantity,
      iso_currency_code: "USD",
      unofficial_currency_code: null,
      vested_quantity: null,
      vested_value: null,
    })),
    securities: uniqueSecurities(holdings).map((security) => securityBody(security, asOf)),
    item: itemBody(item),
  });
}

function securityId(security: SecuritySeed): string {
  return plaidId(`security:${security.key}`);
}

function uniqueSecurities(holdings: Holding[]): SecuritySeed[] {
  return [...new Set(holdings.map((holding) => holding.security))];
}

function securityBody(security: SecuritySeed, asOf: string): Json {
  return {
    security_id: securityId(security),
    isin: security.isin,
    cusip: security.cusip,
    sedol: null,
    institution_security_id: null,
    institution_id: null,
    proxy_security_id: null,
    name: security.name,
    ticker_symbol: security.ticker,
    is_cash_equivalent: security.cash,
    type: security.type,
    subtype: security.subtype,
    close_price: security.price,
    close_price_as_of: asOf,
    update_datetime: null,
    iso_currency_code: "USD",
    unofficial_currency_code: null,
    market_identifier_code: security.mic,
    sector: security.sector,
    industry: security.industry,
    cfi_code: null,
    figi: null,
    option_contract: null,
    fixed_income: null,
  };
}

function getLiabilities(state: State, body: Json): Reply {
  const item = productItem(state, body);
  requireProduct(item, "liabilities");
  const accounts = selectAccounts(item, readObject(body, "options"), item.accounts);
  const cards = accounts.filter((candidate) => candidate.type === "credit");
  const today = state.now();
  return json({
    accounts: accounts.map(accountBody),
    liabilities: {
      credit: cards.map((card) => ({
        account_id: card.id,
        aprs: [
          {
            apr_percentage: 12.5,
            apr_type: "purchase_apr",
            balance_subject_to_apr: card.current,
            interest_charge_amount: roundCents((card.current * 0.125) / 12),
          },
          {
            apr_percentage: 27.95,
            apr_type: "cash_apr",
            balance_subject_to_apr: 0,
            interest_charge_amount: 0,
          },
        ],
        is_overdue: false,
        last_payment_amount: 168.25,
        last_payment_date: toDate(daysBefore(today, 20)),
        last_statement_issue_date: toDate(daysBefore(today, 14)),
        last_statement_balance: card.current,
        minimum_payment_amount: 25,
        next_payment_due_date: toDate(daysBefore(today, -11)),
      })),
      mortgage: [],
      student: [],
    },
    item: itemBody(item),
  });
}

function statementAccounts(item: ItemRecord): Account[] {
  return item.accounts.filter((candidate) => candidate.type !== "investment");
}

function listStatements(state: State, body: Json): Reply {
  const item = productItem(state, body);
  requireProduct(item, "statements");
  return json({
    item_id: item.itemId,
    institution_id: item.institution.id,
    institution_name: item.institution.name,
    accounts: statementAccounts(item).map((candidate) => ({
      account_id: candidate.id,
      account_mask: candidate.mask,
      account_name: candidate.name,
      account_official_name: candidate.officialName,
      account_subtype: candidate.subtype,
      account_type: candidate.type,
      statements: statementsOf(state, item, candidate),
    })),
  });
}

function downloadStatement(state: State, body: Json): Reply {
  const item = productItem(state, body);
  requireProduct(item, "statements");
  const statementId = readRequiredString(body, "statement_id");
  for (const candidate of statementAccounts(item)) {
    const statement = statementsOf(state, item, candidate).find(
      (entry) => entry.statement_id === statementId,
    );
    if (!statement) continue;
    const period = `${statement.year}-${String(statement.month).padStart(2, "0")}`;
    const bytes = buildPdf([
      `${item.institution.name} - statement ${period}`,
      `${candidate.officialName} (...${candidate.mask})`,
      `Closing balance: USD ${candidate.current.toFixed(2)}`,
      "Generated by the Plaid stand-in for tests.",
    ]);
    return { kind: "pdf", bytes };
  }
  throw new PlaidApiError("INVALID_FIELD", "statement_id does not name a statement of this item");
}

function createProcessorToken(state: State, body: Json): Reply {
  requireFields(body, ["access_token", "account_id", "processor"]);
  const item = productItem(state, body);
  const accountId = readRequiredString(body, "account_id");
  const processor = readRequiredString(body, "processor");
  if (!item.accounts.some((candidate) => candidate.id === accountId))
    throw new PlaidApiError("INVALID_ACCOUNT_ID");
  const token = `processor-sandbox-${randomUUID()}`;
  state.processorTokens.set(token, { itemId: item.itemId, accountId, processor });
  return json({ processor_token: token });
}

function getWebhookVerificationKey(state: State, body: Json): Reply {
  const keyId = readRequiredString(body, "key_id");
  if (keyId !== state.keys.kid) throw new PlaidApiError("INVALID_WEBHOOK_VERIFICATION_KEY_ID");
  return json({ key: { ...state.keys.jwk } });
}

function searchInstitutions(state: State, body: Json): Reply {
  requireFields(body, ["query", "country_codes"]);
  const query = readRequiredString(body, "query").toLowerCase();
  const countries = readStringArray(body, "country_codes")!;
  const products = readStringArray(body, "products") ?? [];
  const options = readObject(body, "options");
  const found = INSTITUTIONS.filter(
    (institution) =>
      countries.includes("US") &&
      institution.name.toLowerCase().includes(query) &&
      products.every((product) => institution.products.includes(product)) &&
      options.oauth !== true,
  );
  const includeMetadata = options.include_optional_metadata === true;
  return json({
    institutions: found.map((institution) => institutionBody(state, institution, includeMetadata)),
  });
}

function getInstitutionById(state: State, body: Json): Reply {
  requireFields(body, ["institution_id", "country_codes"]);
  const institution = findInstitution(readRequiredString(body, "institution_id"));
  const countries = readStringArray(body, "country_codes")!;
  if (!institution || !countries.includes("US")) throw new PlaidApiError("INVALID_INSTITUTION");
  const includeMetadata = readObject(body, "options").include_optional_metadata === true;
  return json({ institution: institutionBody(state, institution, includeMetadata) });
}

function resetLogin(state: State, body: Json): Reply {
  const item = activeItem(state, body);
  item.error = "ITEM_LOGIN_REQUIRED";
  return json({ reset_login: true });
}

async function fireWebhook(state: State, body: Json): Promise<Reply> {
  const item = activeItem(state, body);
  const code = readRequiredString(body, "webhook_code");
  const payload = sandboxWebhookPayload(item, code, readString(body, "webhook_type"));
  if (!item.webhook) throw new PlaidApiError("SANDBOX_WEBHOOK_INVALID");
  // Plaid answers webhook_fired whatever the receiver does; the delivery is awaited so tests can rely on it.
  await deliverWebhook(state, item, payload, {}).catch(() => undefined);
  return json({ webhook_fired: true });
}

function sandboxWebhookPayload(item: ItemRecord, code: string, type: string | undefined): Json {
  const base = { item_id: item.itemId, environment: "sandbox" };
  const requireItemProduct = (product: string) => {
    if (!item.products.has(product)) {
      throw new PlaidApiError(
        "SANDBOX_PRODUCT_NOT_ENABLED",
        `the ${product} product is not enabled on this item`,
      );
    }
  };
  switch (code) {
    case "SYNC_UPDATES_AVAILABLE":
      requireItemProduct("transactions");
      return {
        webhook_type: "TRANSACTIONS",
        webhook_code: code,
        ...base,
        initial_update_complete: true,
        historical_update_complete: true,
      };
    case "DEFAULT_UPDATE": {
      const webhookType = type ?? "TRANSACTIONS";
      const product = {
        TRANSACTIONS: "transactions",
        AUTH: "auth",
        IDENTITY: "identity",
        HOLDINGS: "investments",
        INVESTMENTS_TRANSACTIONS: "investments",
        LIABILITIES: "liabilities",
      }[webhookType];
      if (!product)
        throw new PlaidApiError(
          "INVALID_FIELD",
          `webhook_type ${webhookType} is not valid for DEFAULT_UPDATE`,
        );
      requireItemProduct(product);
      return { webhook_type: webhookType, webhook_code: code, ...base, error: null, new_transactions: 0 };
    }
    case "NEW_ACCOUNTS_AVAILABLE":
    case "LOGIN_REPAIRED":
    case "PENDING_DISCONNECT":
      return { webhook_type: "ITEM", webhook_code: code, ...base, error: null };
    case "USER_PERMISSION_REVOKED":
      return {
        webhook_type: "ITEM",
        webhook_code: code,
        ...base,
        error: errorObject(code, lookupError(code).message),
      };
    case "USER_ACCOUNT_REVOKED":
      return { webhook_type: "ITEM", webhook_code: code, ...base, account_id: item.accounts[0]!.id };
    default:
      throw new PlaidApiError("INVALID_FIELD", `webhook_code ${code} is not supported by the stand-in`);
  }
}

// Link stand-in routes, called by /link/initialize.js from the browser.

function liveLinkToken(state: State, body: Json): LinkTokenRecord {
  const token = state.linkTokens.get(readRequiredString(body, "link_token"));
  if (!token || token.expiresAt <= state.now()) throw new PlaidApiError("INVALID_LINK_TOKEN");
  return token;
}

function linkInstitution(state: State, token: LinkTokenRecord): Institution {
  const updating = token.accessToken ? state.itemsByToken.get(token.accessToken) : undefined;
  if (updating) return updating.institution;
  return findInstitution(token.institutionId ?? DEFAULT_INSTITUTION)!;
}

function startLinkSession(state: State, body: Json): Reply {
  const token = liveLinkToken(state, body);
  const institution = linkInstitution(state, token);
  const sessionId = randomUUID();
  return json({
    institution: { name: institution.name, institution_id: institution.id },
    link_session_id: sessionId,
  });
}

function completeLink(state: State, body: Json): Reply {
  const token = liveLinkToken(state, body);
  const sessionId = readString(body, "link_session_id") ?? randomUUID();
  const item = token.accessToken ? repairItem(state, token.accessToken) : linkNewItem(state, token);
  const publicToken = issuePublicToken(state, item);
  return json({
    public_token: publicToken,
    metadata: {
      institution: { name: item.institution.name, institution_id: item.institution.id },
      accounts: linkMetadataAccounts(item),
      link_session_id: sessionId,
      transfer_status: null,
      public_token: publicToken,
    },
  });
}

/** Update mode: the user logs in again, which clears the Item's error. */
function repairItem(state: State, accessToken: string): ItemRecord {
  const item = state.itemsByToken.get(accessToken);
  if (!item || item.removed) throw new PlaidApiError("INVALID_ACCESS_TOKEN");
  item.error = null;
  return item;
}

function linkNewItem(state: State, token: LinkTokenRecord): ItemRecord {
  const institution = linkInstitution(state, token);
  const unsupported = token.products.filter((product) => !institution.products.includes(product));
  if (unsupported.length > 0) {
    throw new PlaidApiError(
      "PRODUCTS_NOT_SUPPORTED",
      `${institution.name} does not support ${unsupported.join(", ")}`,
    );
  }
  const optional = token.optionalProducts.filter((product) => institution.products.includes(product));
  return createItemRecord(state, {
    institutionId: institution.id,
    products: [...new Set([...token.products, ...optional])],
    webhook: token.webhook ?? undefined,
  });
}

const ROUTES: Record<string, Route> = {
  "/link/token/create": api(createLinkToken),
  "/sandbox/public_token/create": api(createSandboxPublicToken),
  "/item/public_token/exchange": api(exchangePublicToken),
  "/item/get": api(getItem),
  "/item/remove": api(removeItem),
  "/item/webhook/update": api(updateItemWebhook),
  "/accounts/get": api(getAccounts),
  "/accounts/balance/get": api(getBalances),
  "/auth/get": api(getAuth),
  "/identity/get": api(getIdentity),
  "/transactions/sync": api(syncTransactions),
  "/investments/holdings/get": api(getHoldings),
  "/liabilities/get": api(getLiabilities),
  "/statements/list": api(listStatements),
  "/statements/download": api(downloadStatement),
  "/processor/token/create": api(createProcessorToken),
  "/webhook_verification_key/get": api(getWebhookVerificationKey),
  "/institutions/search": api(searchInstitutions),
  "/institutions/get_by_id": api(getInstitutionById),
  "/sandbox/item/reset_login": api(resetLogin),
  "/sandbox/item/fire_webhook": api(fireWebhook),
  "/link/stand-in/session": { handle: startLinkSession, authenticated: false, cors: true },
  "/link/stand-in/complete": { handle: completeLink, authenticated: false, cors: true },
};

function api(handle: Handler): Route {
  return { handle, authenticated: true, cors: false };
}

// ---------------------------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------------------------

const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Max-Age": "600",
};

async function readRaw(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function parseBody(raw: string, contentType: string | undefined): Json {
  if (!contentType?.toLowerCase().startsWith("application/json")) {
    throw new PlaidApiError("INVALID_BODY", "the request content-type must be application/json");
  }
  try {
    const parsed: unknown = JSON.parse(raw === "" ? "{}" : raw);
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) return parsed as Json;
  } catch {
    // Falls through to Plaid's INVALID_BODY below.
  }
  throw new PlaidApiError("INVALID_BODY");
}

/** Plaid takes the keys from the PLAID-CLIENT-ID / PLAID-SECRET headers or from the body. */
function authenticate(state: State, body: Json, request: IncomingMessage): void {
  const clientId = body.client_id ?? request.headers["plaid-client-id"];
  const secret = body.secret ?? request.headers["plaid-secret"];
  if (clientId !== state.clientId || secret !== state.secret) throw new PlaidApiError("INVALID_API_KEYS");
}

function takeQueuedFailure(state: State, path: string): void {
  const queue = state.failures.get(path);
  const next = queue?.[0];
  if (!queue || !next) return;
  next.remaining -= 1;
  if (next.remaining <= 0) queue.shift();
  throw new PlaidApiError(next.code);
}

function redact(body: Json): Json {
  return "secret" in body ? { ...body, secret: "[redacted]" } : body;
}

async function dispatch(state: State, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const path = new URL(request.url ?? "/", "http://stand-in").pathname;
  const route = ROUTES[path];
  if (request.method === "OPTIONS") {
    send(response, 204, CORS_HEADERS, "");
    return;
  }
  if (request.method === "GET" && path === "/link/initialize.js") {
    send(
      response,
      200,
      { ...CORS_HEADERS, "Content-Type": "text/javascript; charset=utf-8" },
      linkScript(state.url),
    );
    return;
  }
  const requestId = newRequestId();
  const corsHeaders = route?.cors ? CORS_HEADERS : {};
  let body: Json = {};
  let status = 200;
  try {
    if (request.method !== "POST" || !route) throw new PlaidApiError("NOT_FOUND");
    body = parseBody(await readRaw(request), request.headers["content-type"]);
    if (route.authenticated) authenticate(state, body, request);
    takeQueuedFailure(state, path);
    const reply = await route.handle(state, body);
    if (reply.kind === "pdf") {
      send(
        response,
        200,
        { ...corsHeaders, "Content-Type": "application/pdf", "Plaid-Content-Hash": sha256Hex(reply.bytes) },
        reply.bytes,
      );
    } else {
      sendJson(response, 200, corsHeaders, { ...reply.body, request_id: requestId });
    }
  } catch (error) {
    const plaidError =
      error instanceof PlaidApiError ? error : new PlaidApiError("INTERNAL_SERVER_ERROR", String(error));
    status = lookupError(plaidError.code).status;
    sendJson(response, status, corsHeaders, errorObject(plaidError.code, plaidError.message, requestId));
  } finally {
    state.requests.push({ path, body: redact(body), status });
  }
}

function sendJson(
  response: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: Json,
): void {
  send(
    response,
    status,
    { ...headers, "Content-Type": "application/json; charset=utf-8" },
    JSON.stringify(body),
  );
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
// Webhooks, signed as Plaid signs them
// ---------------------------------------------------------------------------------------------

async function createSigningKeys(now: Date): Promise<SigningKeys> {
  const signing = await generateKeyPair("ES256", { extractable: true });
  const impostor = await generateKeyPair("ES256", { extractable: true });
  const kid = randomUUID();
  const createdAt = Math.floor(now.getTime() / 1000);
  const { x, y } = await exportJWK(signing.publicKey);
  return {
    kid,
    jwk: {
      alg: "ES256",
      created_at: createdAt,
      crv: "P-256",
      expired_at: null,
      kid,
      kty: "EC",
      use: "sig",
      x,
      y,
    },
    privateKey: signing.privateKey,
    impostor: impostor.privateKey,
  };
}

async function signWebhook(state: State, rawBody: string, tamper: WebhookTamper): Promise<string> {
  const issuedAt = Math.floor(state.now().getTime() / 1000) - (tamper.staleIat ? 600 : 0);
  const hash = sha256Hex(tamper.wrongBodyHash ? `${rawBody}\n` : rawBody);
  return new SignJWT({ request_body_sha256: hash })
    .setProtectedHeader({ alg: "ES256", kid: tamper.unknownKid ? randomUUID() : state.keys.kid, typ: "JWT" })
    .setIssuedAt(issuedAt)
    .sign(tamper.wrongKey ? state.keys.impostor : state.keys.privateKey);
}

/** Plaid's bodies are indented JSON, so a receiver that hashes a re-serialisation fails, as it would with Plaid. */
async function deliverWebhook(
  state: State,
  item: ItemRecord,
  payload: Json,
  tamper: WebhookTamper,
): Promise<number> {
  if (!item.webhook) throw new Error(`Item ${item.itemId} has no webhook URL`);
  const rawBody = JSON.stringify(payload, null, 2);
  const response = await fetch(item.webhook, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Plaid-Verification": await signWebhook(state, rawBody, tamper),
    },
    body: rawBody,
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer();
  item.lastWebhook = { sent_at: toTimestamp(state.now()), code_sent: String(payload.webhook_code ?? "") };
  return response.status;
}

// ---------------------------------------------------------------------------------------------
// Files: an institution logo, written by hand
// ---------------------------------------------------------------------------------------------

/** A square PNG of one colour (Plaid's logos are 152×152 PNGs, base64-encoded). */
function buildSolidPng(hexColor: string, size: number): Buffer {
  const rgb = [1, 3, 5].map((offset) => Number.parseInt(hexColor.slice(offset, offset + 2), 16));
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set(rgb, 1 + x * 3);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, checksum]);
}

// ---------------------------------------------------------------------------------------------
// Link stand-in script (same surface as Plaid's link-initialize.js: Plaid.create → open/exit/destroy/submit)
// ---------------------------------------------------------------------------------------------

function linkScript(origin: string): string {
  return `(function () {
  "use strict";
  var ORIGIN = ${JSON.stringify(origin)};
  var OVERLAY_STYLE = "position:fixed;top:0;right:0;bottom:0;left:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;background:rgba(17,24,39,0.6);font-family:system-ui,sans-serif";
  var PANEL_STYLE = "background:#fff;color:#111;border-radius:12px;padding:32px;min-width:320px;max-width:90vw;box-shadow:0 10px 40px rgba(0,0,0,0.3)";
  var BUTTON_STYLE = "margin:16px 8px 0 0;padding:10px 20px;font-size:16px;border-radius:8px;cursor:pointer";

  function post(path, body) {
    return fetch(ORIGIN + path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().then(function (data) {
        if (!response.ok) throw data;
        return data;
      });
    });
  }

  function linkError(error) {
    if (error && error.error_code) {
      return { error_type: error.error_type, error_code: error.error_code, error_message: error.error_message, display_message: error.display_message };
    }
    return { error_type: "API_ERROR", error_code: "INTERNAL_SERVER_ERROR", error_message: String((error && error.message) || error), display_message: null };
  }

  function element(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes).forEach(function (name) { node.setAttribute(name, attributes[name]); });
    if (text) node.textContent = text;
    return node;
  }

  function create(config) {
    var overlay = null;
    var session = null;
    var destroyed = false;

    function emit(eventName, extra) {
      if (typeof config.onEvent !== "function") return;
      config.onEvent(eventName, Object.assign({
        error_type: null, error_code: null, error_message: null, exit_status: null,
        institution_id: session ? session.institution.institution_id : null,
        institution_name: session ? session.institution.name : null,
        institution_search_query: null, mfa_type: null, view_name: null, selection: null,
        link_session_id: session ? session.link_session_id : null,
        request_id: session ? session.request_id : null,
        timestamp: new Date().toISOString()
      }, extra || {}));
    }

    function exitMetadata(status) {
      return {
        status: status,
        institution: session ? session.institution : null,
        link_session_id: session ? session.link_session_id : null,
        request_id: session ? session.request_id : null
      };
    }

    function close() {
      if (overlay && overlay.parentNode) overlay.parentNode.removeChild(overlay);
      overlay = null;
    }

    function fail(error) {
      var details = linkError(error);
      close();
      emit("ERROR", { error_type: details.error_type, error_code: details.error_code, error_message: details.error_message });
      emit("EXIT", {});
      if (typeof config.onExit === "function") config.onExit(details, exitMetadata(null));
    }

    function render() {
      overlay = element("div", { role: "dialog", "aria-modal": "true", "aria-labelledby": "plaid-link-stand-in-title", "data-plaid-link-stand-in": "" });
      overlay.style.cssText = OVERLAY_STYLE;
      var panel = element("div", {});
      panel.style.cssText = PANEL_STYLE;
      panel.appendChild(element("h1", { id: "plaid-link-stand-in-title" }, "Plaid Link (stand-in)"));
      panel.appendChild(element("p", {}, session.institution.name));
      var continueButton = element("button", { type: "button" }, "Continue");
      var cancelButton = element("button", { type: "button" }, "Cancel");
      continueButton.style.cssText = BUTTON_STYLE;
      cancelButton.style.cssText = BUTTON_STYLE;
      continueButton.addEventListener("click", function () {
        continueButton.disabled = true;
        cancelButton.disabled = true;
        complete();
      });
      cancelButton.addEventListener("click", cancel);
      panel.appendChild(continueButton);
      panel.appendChild(cancelButton);
      overlay.appendChild(panel);
      document.body.appendChild(overlay);
      continueButton.focus();
    }

    function open() {
      if (destroyed || overlay) return;
      post("/link/stand-in/session", { link_token: config.token }).then(function (result) {
        if (destroyed) return;
        session = result;
        render();
        emit("OPEN", { view_name: "CONSENT" });
      }, fail);
    }

    function complete() {
      post("/link/stand-in/complete", { link_token: config.token, link_session_id: session.link_session_id }).then(function (result) {
        close();
        emit("HANDOFF", {});
        if (typeof config.onSuccess === "function") config.onSuccess(result.public_token, result.metadata);
      }, fail);
    }

    function cancel() {
      close();
      emit("EXIT", { exit_status: "requires_credentials" });
      if (typeof config.onExit === "function") config.onExit(null, exitMetadata("requires_credentials"));
    }

    function exit() {
      if (overlay) cancel();
    }

    function destroy() {
      destroyed = true;
      close();
    }

    function submit() {}

    if (typeof config.onLoad === "function") setTimeout(config.onLoad, 0);
    return { open: open, exit: exit, destroy: destroy, submit: submit };
  }

  window.Plaid = { create: create, version: "stand-in" };
})();
`;
}

// ---------------------------------------------------------------------------------------------
// The stand-in
// ---------------------------------------------------------------------------------------------

function requireItem(state: State, itemId: string): ItemRecord {
  const item = state.items.get(itemId);
  if (!item) throw new Error(`The Plaid stand-in has no item ${itemId}`);
  return item;
}

function requireTransaction(item: ItemRecord, transactionId: string): PlaidTransaction {
  const transaction = item.transactions.get(transactionId);
  if (!transaction) throw new Error(`Item ${item.itemId} has no live transaction ${transactionId}`);
  return transaction;
}

function addTransactions(
  state: State,
  item: ItemRecord,
  count: number,
  options: { pending?: boolean; accountId?: string },
): PlaidTransaction[] {
  if (
    options.accountId &&
    !transactionalAccounts(item).some((candidate) => candidate.id === options.accountId)
  ) {
    throw new Error(`Item ${item.itemId} has no transactional account ${options.accountId}`);
  }
  const added = Array.from({ length: count }, () =>
    generateTransaction(state, item, {
      daysAgo: 0,
      pending: options.pending ?? false,
      accountId: options.accountId,
    }),
  );
  for (const transaction of added) recordChange(item, { kind: "added", transaction });
  item.lastTransactionsUpdate = toTimestamp(state.now());
  return added.map((transaction) => publicTransaction(transaction, false));
}

function modifyTransaction(
  state: State,
  item: ItemRecord,
  transactionId: string,
  changes: TransactionChanges,
): void {
  const current = requireTransaction(item, transactionId);
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  recordChange(item, { kind: "modified", transaction: { ...current, ...defined } });
  item.lastTransactionsUpdate = toTimestamp(state.now());
}

function removeTransaction(state: State, item: ItemRecord, transactionId: string): void {
  recordChange(item, { kind: "removed", transaction: requireTransaction(item, transactionId) });
  item.lastTransactionsUpdate = toTimestamp(state.now());
}

function postPendingTransaction(
  state: State,
  item: ItemRecord,
  pendingTransactionId: string,
): PlaidTransaction {
  const pending = requireTransaction(item, pendingTransactionId);
  if (!pending.pending) throw new Error(`Transaction ${pendingTransactionId} is not pending`);
  const today = toDate(state.now());
  const posted: PlaidTransaction = {
    ...pending,
    transaction_id: plaidId(`${item.itemId}:transaction:${item.nextSequence++}`),
    pending: false,
    pending_transaction_id: pending.transaction_id,
    date: today,
    authorized_date: pending.date,
    datetime: `${today}T12:00:00Z`,
  };
  recordChange(item, { kind: "removed", transaction: pending });
  recordChange(item, { kind: "added", transaction: posted });
  item.lastTransactionsUpdate = toTimestamp(state.now());
  return publicTransaction(posted, false);
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

export async function startPlaidStandIn(options: PlaidStandInOptions = {}): Promise<PlaidStandIn> {
  const now = options.now ?? (() => new Date());
  const state: State = {
    clientId: options.clientId ?? "test_client_id",
    secret: options.secret ?? "test_secret",
    now,
    url: "",
    items: new Map(),
    itemsByToken: new Map(),
    linkTokens: new Map(),
    publicTokens: new Map(),
    processorTokens: new Map(),
    failures: new Map(),
    requests: [],
    keys: await createSigningKeys(now()),
    logos: new Map(),
  };
  const server = await listen(state, options.port ?? 0);
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: state.url,
    clientId: state.clientId,
    secret: state.secret,
    requests: state.requests,
    createItem(itemOptions = {}) {
      const item = createItemRecord(state, itemOptions);
      return { accessToken: item.accessToken, itemId: item.itemId };
    },
    setItemError(itemId, errorCode) {
      requireItem(state, itemId).error = errorCode;
    },
    failNext(path, errorCode, times = 1) {
      const code = resolveErrorCode(path, errorCode);
      const queue = state.failures.get(path) ?? [];
      queue.push({ code, remaining: times });
      state.failures.set(path, queue);
    },
    addTransactions: (itemId, count, addOptions = {}) =>
      addTransactions(state, requireItem(state, itemId), count, addOptions),
    modifyTransaction: (itemId, transactionId, changes) =>
      modifyTransaction(state, requireItem(state, itemId), transactionId, changes),
    removeTransaction: (itemId, transactionId) =>
      removeTransaction(state, requireItem(state, itemId), transactionId),
    postPendingTransaction: (itemId, pendingTransactionId) =>
      postPendingTransaction(state, requireItem(state, itemId), pendingTransactionId),
    mutateDuringNextPagination(itemId) {
      requireItem(state, itemId).mutation = { state: "armed" };
    },
    async sendWebhook(itemId, body, tamper = {}) {
      const item = requireItem(state, itemId);
      const payload = {
        ...body,
        item_id: body.item_id ?? itemId,
        environment: body.environment ?? "sandbox",
      };
      return deliverWebhook(state, item, payload, tamper);
    },
    pullHistory(itemId, to) {
      const item = state.items.get(itemId);
      if (!item) throw new Error(`Unknown item ${itemId}`);
      item.pulled = to;
      const still: PlaidTransaction[] = [];
      for (const transaction of item.held) {
        if (isPulled(state, to, transaction)) recordChange(item, { kind: "added", transaction });
        else still.push(transaction);
      }
      item.held = still;
    },
    item(itemId) {
      const item = state.items.get(itemId);
      if (!item) return undefined;
      return {
        accessToken: item.accessToken,
        webhook: item.webhook,
        removed: item.removed,
        error: item.error,
        cursorCount: item.log.length,
        products: sortedProducts(item.products),
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
