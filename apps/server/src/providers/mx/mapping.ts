import type {
  AccountNumberResponse,
  AccountOwnerResponse,
  AccountResponse,
  InvestmentHoldingResponse,
  TransactionResponse,
} from "mx-platform-node";
import type { AccountKind, AccountType, Product, SecurityType } from "../../db/schema/index.ts";
import { addMonths, instantOf, isCalendarDay, monthEnd } from "../dates.ts";
import { decimalOf, nullableDecimal } from "../money.ts";
import {
  type ProviderAccount,
  type ProviderAchNumbers,
  type ProviderBalance,
  ProviderError,
  type ProviderErrorStatus,
  type ProviderHolding,
  type ProviderOwner,
  ProviderRateLimited,
  type ProviderTransaction,
} from "../types.ts";
import { entryOf, firstFilled } from "../values.ts";
import { type MxApiError, MxUnreachableError } from "./client.ts";

/**
 * MX's shapes -> Weft's. MX amounts are positive JSON numbers with a transaction_type of DEBIT
 * (money out) or CREDIT (money in); Weft's are decimal strings, positive = money in.
 *
 * MX's description (v20111101) types nearly every field as a nullable string or number, without a
 * format or an enum: types, statuses and codes are read from Weft's tables (anything else is
 * unknown), dates and date-times are read when they are ones, and a blank string is no value.
 */

/**
 * The day an MX date ("2024-12-20") or date-time ("2024-12-20T12:00:00Z": the day of its own
 * offset) names; null when it names none.
 */
function dayOf(value: string | null | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}([Tt ]|$)/.test(value)) return null;
  const day = value.slice(0, 10);
  return isCalendarDay(day) ? day : null;
}

const ACCOUNT_TYPES: Record<string, { kind: AccountKind; type: AccountType }> = {
  CHECKING: { kind: "DEPOSITORY", type: "CHECKING" },
  SAVINGS: { kind: "DEPOSITORY", type: "SAVINGS" },
  CASH: { kind: "DEPOSITORY", type: "CHECKING" },
  PREPAID: { kind: "DEPOSITORY", type: "CHECKING" },
  CREDIT_CARD: { kind: "CREDIT", type: "CREDIT_CARD" },
  LINE_OF_CREDIT: { kind: "CREDIT", type: "LINE_OF_CREDIT" },
  CHECKING_LINE_OF_CREDIT: { kind: "CREDIT", type: "LINE_OF_CREDIT" },
  LOAN: { kind: "LOAN", type: "PERSONAL" },
  MORTGAGE: { kind: "LOAN", type: "MORTGAGE" },
  INVESTMENT: { kind: "INVESTMENT", type: "BROKERAGE" },
};

/** MX subtypes that name a more precise Weft type than the account type does. */
const SUBTYPES: Record<string, AccountType> = {
  MONEY_MARKET: "MONEY_MARKET",
  CERTIFICATE_OF_DEPOSIT: "CD",
  HEALTH_SAVINGS_ACCOUNT: "HSA",
  AUTO: "AUTO",
  STUDENT: "STUDENT",
  PERSONAL: "PERSONAL",
  HOME_EQUITY: "LINE_OF_CREDIT",
  BROKERAGE: "BROKERAGE",
  IRA: "IRA",
  ROTH: "IRA",
  ROTH_IRA: "IRA",
  SEP_IRA: "IRA",
  SIMPLE_IRA: "IRA",
  "401_K": "RETIREMENT_401K",
  ROTH_401_K: "RETIREMENT_401K",
  "403_B": "RETIREMENT_401K",
  "457_PLAN": "RETIREMENT_401K",
};

/** MX's account type and subtype -> Weft's kind and type; anything unlisted is an OTHER depository. */
export function accountKindOf(
  type: string | null | undefined,
  subtype: string | null | undefined,
): { kind: AccountKind; type: AccountType } {
  const known = entryOf(ACCOUNT_TYPES, type);
  if (!known) return { kind: "DEPOSITORY", type: "OTHER" };
  const precise = entryOf(SUBTYPES, subtype);
  return precise ? { kind: known.kind, type: precise } : known;
}

export function balanceOf(account: AccountResponse, now: Date): ProviderBalance {
  const { kind } = accountKindOf(account.type, account.subtype);
  // MX reports what is owed on credit and loan accounts as a positive balance; so does Weft.
  return {
    available: nullableDecimal(kind === "CREDIT" ? account.available_credit : account.available_balance),
    current: nullableDecimal(account.balance),
    limit: nullableDecimal(account.credit_limit),
    at: instantOf(account.updated_at) ?? now,
  };
}

const maskOf = (number: string | null | undefined) => {
  const digits = (number ?? "").replace(/[^0-9A-Za-z]/g, "");
  return digits.length >= 2 ? digits.slice(-4) : null;
};

export function accountOf(account: AccountResponse, now: Date): ProviderAccount {
  const { kind, type } = accountKindOf(account.type, account.subtype);
  return {
    externalId: account.guid ?? "",
    name: firstFilled(account.nickname, account.name) ?? "Account",
    mask: maskOf(account.account_number),
    kind,
    type,
    status: account.is_closed ? "CLOSED" : "OPEN",
    currencyCode: firstFilled(account.currency_code)?.trim() ?? "USD",
    balance: balanceOf(account, now),
    achNumbers: null,
    owners: null,
  };
}

/** An account's numbers, when MX verified them and they pass its validation. */
export function achNumbersOf(numbers: AccountNumberResponse): ProviderAchNumbers | null {
  // Numbers MX says failed its validation (passed_validation: false) would send money nowhere.
  if (numbers.passed_validation === false) return null;
  // A blank number is none.
  if (!numbers.account_number?.trim() || !numbers.routing_number?.trim()) return null;
  return { number: numbers.account_number, routing: numbers.routing_number, wireRouting: null };
}

/** One owner as MX identifies it: its address is a single street line. */
export function ownerOf(owner: AccountOwnerResponse): ProviderOwner {
  const name = owner.owner_name || [owner.first_name, owner.last_name].filter(Boolean).join(" ") || null;
  const hasAddress = Boolean(owner.address || owner.city || owner.postal_code);
  return {
    names: name ? [name] : [],
    emails: owner.email ? [owner.email] : [],
    phones: owner.phone ? [owner.phone] : [],
    addresses: hasAddress
      ? [
          {
            line1: owner.address ?? "",
            line2: null,
            city: owner.city ?? "",
            state: owner.state ?? "",
            postalCode: owner.postal_code ?? "",
            countryCode: entryOf(COUNTRY_CODES, owner.country) ?? owner.country ?? "",
          },
        ]
      : [],
  };
}

const COUNTRY_CODES: Record<string, string> = { US: "USA", CA: "CAN", GB: "GBR", MX: "MEX" };

/** MX's positive amount and DEBIT/CREDIT type -> Weft's inflow-positive decimal. */
export function weftAmountOf(amount: number, type: string | null | undefined): string {
  const decimal = decimalOf(Math.abs(amount));
  if (/^0(\.0*)?$/.test(decimal)) return "0";
  return type === "CREDIT" ? decimal : `-${decimal}`;
}

/**
 * The day a transaction is filed on: MX's date, else the day it was transacted or posted; null
 * when MX names none that is a day (the provider skips such a transaction).
 */
export const transactionDayOf = (transaction: TransactionResponse): string | null =>
  dayOf(transaction.date) ?? dayOf(transaction.transacted_at) ?? dayOf(transaction.posted_at);

/** A transaction as Weft keeps it (the provider keeps those with a guid, an account and a day). */
export function transactionOf(transaction: TransactionResponse): ProviderTransaction {
  return {
    accountExternalId: transaction.account_guid ?? "",
    externalId: transaction.guid ?? "",
    amount: weftAmountOf(transaction.amount ?? 0, transaction.type),
    currencyCode: firstFilled(transaction.currency_code)?.trim() ?? "USD",
    date: transactionDayOf(transaction) ?? "",
    // What the bank said; MX's cleaned description when it kept no original.
    description: transaction.original_description || transaction.description || "",
    status: transaction.status === "PENDING" ? "PENDING" : "POSTED",
    // MX replaces a pending transaction with a posted one of another guid and does not link them.
    pendingExternalId: null,
    mcc: transaction.merchant_category_code ?? null,
  };
}

const SECURITY_TYPES: Record<string, SecurityType> = {
  EQUITY: "EQUITY",
  STOCK: "EQUITY",
  EXCHANGE_TRADED_FUND: "ETF",
  ETF: "ETF",
  MUTUAL_FUND: "MUTUAL_FUND",
  BOND: "FIXED_INCOME",
  FIXED_INCOME: "FIXED_INCOME",
  CASH: "CASH",
  MONEY_MARKET: "CASH",
};

/**
 * A security keyed for Weft's catalogue: MX's holdings name no ISIN or CUSIP (v20111101), so
 * the key is provider-scoped, "MX:<symbol>" (or the holding's guid), and the wire shows no ISIN.
 * Null for a holding with neither: it would share one key with every other such holding.
 */
export const securityKeyOf = (holding: InvestmentHoldingResponse): string | null => {
  const key = firstFilled(holding.symbol, holding.guid);
  return key === undefined ? null : `MX:${key}`;
};

/** A number MX spells as a string (a holding's quantity: "5000.0"); null when it is none, or beyond a double. */
export function numberOfText(text: string): number | null {
  if (!/^\s*[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?\s*$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** A price to a millionth (one that large has no millionths); a price beyond a double's range is none (0). */
const priceDecimal = (price: number) =>
  decimalOf(Number.isFinite(price) ? (Math.abs(price) < 1e15 ? Math.round(price * 1e6) / 1e6 : price) : 0);

/**
 * A holding as Weft keeps it; null for one it cannot (no symbol or guid to key its security by,
 * or a quantity that is not a number), which the provider leaves out. No quantity is 0.
 */
export function holdingOf(holding: InvestmentHoldingResponse, now: Date): ProviderHolding | null {
  const key = securityKeyOf(holding);
  const quantity = holding.quantity?.trim() ? numberOfText(holding.quantity) : 0;
  if (key === null || quantity === null) return null;
  const currencyCode = firstFilled(holding.currency_code)?.trim() ?? "USD";
  const value = holding.market_value ?? 0;
  const price = holding.current_price ?? (quantity ? value / quantity : 0);
  return {
    accountExternalId: holding.account_guid ?? "",
    security: {
      name: firstFilled(holding.description, holding.symbol, holding.guid) ?? "Security",
      tickerSymbol: holding.symbol ?? null,
      cusip: null,
      isin: key,
      type: entryOf(SECURITY_TYPES, holding.holding_type) ?? "OTHER",
      currencyCode,
    },
    quantity: decimalOf(quantity),
    price: priceDecimal(price),
    value: decimalOf(value),
    costBasis: nullableDecimal(holding.cost_basis),
    currencyCode,
    at: instantOf(holding.current_price_as_of) ?? now,
  };
}

/**
 * MX statements carry no period, only when MX fetched them: a statement is taken to cover the
 * calendar month before the one it was fetched in (now, when MX does not say when). Null when
 * that month is before the calendar's first (fetched in January of year 1).
 */
export function statementPeriodOf(
  createdAt: string | null | undefined,
  now: Date,
): { startOn: string; endOn: string } | null {
  const fetchedOn = dayOf(createdAt) ?? now.toISOString().slice(0, 10);
  const startOn = addMonths(fetchedOn, -1);
  if (!isCalendarDay(startOn)) return null;
  return { startOn, endOn: monthEnd(startOn) };
}

/**
 * Weft's products -> the MX job a member needs for them (aggregation gives balances and
 * transactions). ACCOUNT_NUMBERS needs none: MX Connect opens in verification mode for it and
 * verifies the member itself — a verify job after that would be a second premium verification.
 */
export const MX_JOBS: Partial<Record<Product, "identify" | "fetch_statements">> = {
  ACCOUNT_OWNERS: "identify",
  ACCOUNT_STATEMENTS: "fetch_statements",
};

/** The products an MX connection can have. */
export const MX_PRODUCTS: readonly Product[] = [
  "ACCOUNT_BALANCES_AND_TRANSACTIONS",
  "ACCOUNT_BALANCE_REFRESHES",
  "ACCOUNT_NUMBERS",
  "ACCOUNT_OWNERS",
  "ACCOUNT_STATEMENTS",
  "INVESTMENTS",
];

type StatusMapping = { status: ProviderErrorStatus | null; action: string };

const REPAIR = "Ask the user to reconnect in the Connector (MX Connect opens on the member).";

/**
 * MX's member connection statuses (docs.mx.com, "Member connection statuses"): null means the
 * member can be read and synced; otherwise the Weft status it puts the connection in.
 */
export const CONNECTION_STATUSES: Record<string, StatusMapping> = {
  CREATED: { status: null, action: "" },
  CONNECTED: { status: null, action: "" },
  RECONNECTED: { status: null, action: "" },
  UPDATED: { status: null, action: "" },
  RESUMED: { status: null, action: "" },
  DELAYED: { status: null, action: "" },
  PENDING: {
    status: "ERROR_REPAIRABLE",
    action: "Ask the user to finish signing in at the institution (OAuth).",
  },
  PREVENTED: { status: "ERROR_REPAIRABLE", action: REPAIR },
  DENIED: { status: "ERROR_REPAIRABLE", action: REPAIR },
  CHALLENGED: {
    status: "ERROR_REPAIRABLE",
    action: "Ask the user to answer the institution's challenge in the Connector.",
  },
  REJECTED: { status: "ERROR_REPAIRABLE", action: REPAIR },
  LOCKED: {
    status: "ERROR_REPAIRABLE",
    action: "Ask the user to unlock the account at the institution, then reconnect.",
  },
  IMPEDED: {
    status: "ERROR_REPAIRABLE",
    action: "Ask the user to act on the institution's website, then reconnect.",
  },
  EXPIRED: { status: "ERROR_REPAIRABLE", action: REPAIR },
  IMPAIRED: { status: "ERROR_REPAIRABLE", action: REPAIR },
  IMPORTED: { status: "ERROR_REPAIRABLE", action: REPAIR },
  CLOSED: {
    status: "ERROR_REPAIRABLE",
    action: "The member was closed: ask the user to link the institution again.",
  },
  DEGRADED: { status: "ERROR_INSTITUTION", action: "Nothing to do: MX retries the institution." },
  DISCONNECTED: { status: "ERROR_INSTITUTION", action: "Nothing to do: MX retries the institution." },
  DISABLED: {
    status: "ERROR_INSTITUTION",
    action: "Nothing to do: MX paused aggregation for the institution.",
  },
  DISCONTINUED: { status: "ERROR_INSTITUTION", action: "The institution is no longer supported by MX." },
  FAILED: { status: "ERROR_PROVIDER", action: "Nothing to do: the sync retries itself." },
};

/** A member that cannot sync, as a provider error: null when its status lets it sync. */
export function memberStatusError(
  connectionStatus: string | null | undefined,
  message: string | null | undefined,
): ProviderError | null {
  // A status MX does not say (null, blank) is a member that syncs; an unknown one is MX's trouble.
  const code = firstFilled(connectionStatus) ?? "CONNECTED";
  const mapping = entryOf(CONNECTION_STATUSES, code) ?? {
    status: "ERROR_PROVIDER" as const,
    action: "Nothing to do: the sync retries itself.",
  };
  if (!mapping.status) return null;
  return new ProviderError(mapping.status, {
    errorType: "MEMBER_ERROR",
    errorCode: code,
    errorMessage: message || `The MX member's connection status is ${code}`,
    displayMessage: message ?? null,
    requestId: null,
    suggestedAction: mapping.action,
    documentationUrl: "https://docs.mx.com/api-reference/platform-api/reference/member-connection-statuses",
  });
}

/** MX asks for a pause without saying how long: we retry after a minute. */
export const RATE_LIMIT_RETRY_SECONDS = 60;

const API_ERRORS: Record<number, { code: string; status: ProviderErrorStatus; action: string }> = {
  401: {
    code: "INVALID_CREDENTIALS",
    status: "ERROR_PROVIDER",
    action: "Check the environment's MX client id and API key (weft integrations set … mx).",
  },
  403: {
    code: "FORBIDDEN",
    status: "ERROR_PROVIDER",
    action: "Ask MX to enable the product for your client, or to allow this server's address.",
  },
  404: {
    code: "NOT_FOUND",
    status: "ERROR_REPAIRABLE",
    action: "The member no longer exists at MX: ask the user to link the institution again.",
  },
};

/** An MX failure as the contract's: ProviderRateLimited for 429, ProviderError otherwise. */
export function providerErrorOf(error: MxApiError | MxUnreachableError): ProviderError | ProviderRateLimited {
  if (error instanceof MxUnreachableError) {
    return new ProviderError("ERROR_PROVIDER", {
      errorType: "API_ERROR",
      errorCode: "PROVIDER_UNREACHABLE",
      errorMessage: error.message,
      displayMessage: "We could not reach your bank's data provider. We are retrying.",
      requestId: null,
      suggestedAction: "Nothing to do: the sync retries itself.",
      documentationUrl: null,
    });
  }
  const known = API_ERRORS[error.httpStatus];
  const details = {
    errorType: "API_ERROR",
    errorCode: error.httpStatus === 429 ? "RATE_LIMITED" : (known?.code ?? `HTTP_${error.httpStatus}`),
    errorMessage: error.mxMessage,
    displayMessage: null,
    requestId: null,
    suggestedAction: known?.action ?? "Nothing to do: the sync retries itself.",
    documentationUrl: "https://docs.mx.com/api-reference/platform-api/overview/errors",
  };
  if (error.httpStatus === 429) {
    return new ProviderRateLimited(details, error.retryAfterSeconds ?? RATE_LIMIT_RETRY_SECONDS);
  }
  return new ProviderError(known?.status ?? "ERROR_PROVIDER", details);
}
