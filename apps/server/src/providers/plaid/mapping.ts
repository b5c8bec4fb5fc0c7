import type {
  AccountBase,
  Holding,
  Institution,
  Owner,
  PlaidError,
  Products,
  Security,
  Transaction,
} from "plaid";
import type { AccountKind, AccountType, Product, SecurityType } from "../../db/schema/index.ts";
import { instantOf } from "../dates.ts";
import { decimalOf, nullableDecimal } from "../money.ts";
import {
  type ProviderAccount,
  type ProviderBalance,
  ProviderError,
  type ProviderErrorStatus,
  type ProviderHolding,
  type ProviderOwner,
  ProviderRateLimited,
  type ProviderSecurity,
  type ProviderTransaction,
} from "../types.ts";
import { entryOf, firstFilled } from "../values.ts";

/**
 * Plaid's shapes -> Weft's. Plaid amounts are JSON numbers with Plaid's sign (a positive
 * transaction amount is money out); Weft's are decimal strings, positive = money in.
 */

/** Plaid's outflow-positive amount -> Weft's inflow-positive decimal. */
export function weftAmountOf(plaidAmount: number): string {
  const decimal = decimalOf(plaidAmount);
  if (/^-?0(\.0*)?$/.test(decimal)) return "0";
  return decimal.startsWith("-") ? decimal.slice(1) : `-${decimal}`;
}

/** Plaid's ISO code, else its unofficial one (crypto, loyalty points), else USD; a blank code is no code. */
const currencyOf = (item: { iso_currency_code?: string | null; unofficial_currency_code?: string | null }) =>
  firstFilled(item.iso_currency_code, item.unofficial_currency_code)?.trim() ?? "USD";

const DEPOSITORY_TYPES: Record<string, AccountType> = {
  checking: "CHECKING",
  savings: "SAVINGS",
  "money market": "MONEY_MARKET",
  cd: "CD",
  hsa: "HSA",
  "cash management": "CHECKING",
  prepaid: "CHECKING",
  paypal: "CHECKING",
};
const CREDIT_TYPES: Record<string, AccountType> = {
  "credit card": "CREDIT_CARD",
  paypal: "CREDIT_CARD",
  "line of credit": "LINE_OF_CREDIT",
};
const LOAN_TYPES: Record<string, AccountType> = {
  mortgage: "MORTGAGE",
  student: "STUDENT",
  auto: "AUTO",
  consumer: "PERSONAL",
  "home equity": "LINE_OF_CREDIT",
  "line of credit": "LINE_OF_CREDIT",
  loan: "PERSONAL",
};
const INVESTMENT_TYPES: Record<string, AccountType> = {
  brokerage: "BROKERAGE",
  ira: "IRA",
  roth: "IRA",
  "sep ira": "IRA",
  "simple ira": "IRA",
  "401k": "RETIREMENT_401K",
  "roth 401k": "RETIREMENT_401K",
  hsa: "HSA",
};

/** Plaid's type and subtype -> Weft's kind and type; anything unlisted is OTHER of its kind. */
export function accountKindOf(
  type: string,
  subtype: string | null | undefined,
): { kind: AccountKind; type: AccountType } {
  switch (type) {
    case "credit":
      return { kind: "CREDIT", type: entryOf(CREDIT_TYPES, subtype) ?? "OTHER" };
    case "loan":
      return { kind: "LOAN", type: entryOf(LOAN_TYPES, subtype) ?? "OTHER" };
    case "investment":
    case "brokerage":
      return { kind: "INVESTMENT", type: entryOf(INVESTMENT_TYPES, subtype) ?? "OTHER" };
    default:
      return { kind: "DEPOSITORY", type: entryOf(DEPOSITORY_TYPES, subtype) ?? "OTHER" };
  }
}

export function balanceOf(account: AccountBase, now: Date): ProviderBalance {
  return {
    available: nullableDecimal(account.balances.available),
    current: nullableDecimal(account.balances.current),
    limit: nullableDecimal(account.balances.limit),
    at: instantOf(account.balances.last_updated_datetime) ?? now,
  };
}

export function accountOf(account: AccountBase, now: Date): ProviderAccount {
  const { kind, type } = accountKindOf(account.type, account.subtype);
  return {
    externalId: account.account_id,
    name: firstFilled(account.name, account.official_name) ?? "Account",
    mask: account.mask ?? null,
    kind,
    type,
    status: "OPEN",
    currencyCode: currencyOf(account.balances),
    balance: balanceOf(account, now),
    achNumbers: null,
    owners: null,
  };
}

const COUNTRY_CODES: Record<string, string> = { US: "USA", CA: "CAN", GB: "GBR" };

export function ownerOf(owner: Owner): ProviderOwner {
  return {
    names: owner.names,
    emails: owner.emails.map((e) => e.data),
    phones: owner.phone_numbers.map((p) => p.data),
    addresses: owner.addresses.map(({ data }) => ({
      line1: data.street ?? "",
      line2: null,
      city: data.city ?? "",
      state: data.region ?? "",
      postalCode: data.postal_code ?? "",
      countryCode: entryOf(COUNTRY_CODES, data.country) ?? data.country ?? "",
    })),
  };
}

export function transactionOf(transaction: Transaction): ProviderTransaction {
  return {
    accountExternalId: transaction.account_id,
    externalId: transaction.transaction_id,
    amount: weftAmountOf(transaction.amount),
    currencyCode: currencyOf(transaction),
    date: transaction.date,
    // What the bank said, when Plaid gives it (the request asks for it); Plaid's cleaned name otherwise.
    description: transaction.original_description || transaction.name || transaction.merchant_name || "",
    status: transaction.pending ? "PENDING" : "POSTED",
    pendingExternalId: transaction.pending_transaction_id ?? null,
    merchantName: transaction.merchant_name ?? null,
  };
}

const SECURITY_TYPES: Record<string, SecurityType> = {
  equity: "EQUITY",
  etf: "ETF",
  "mutual fund": "MUTUAL_FUND",
  "fixed income": "FIXED_INCOME",
  cash: "CASH",
};

/** A security keyed by its ISIN, or by Plaid's security_id when it has none (a blank ISIN is none). */
export const securityKeyOf = (security: Security) =>
  firstFilled(security.isin) ?? `PLAID:${security.security_id}`;

export function securityOf(security: Security): ProviderSecurity {
  return {
    name: firstFilled(security.name, security.ticker_symbol, security.security_id) ?? "Security",
    tickerSymbol: security.ticker_symbol ?? null,
    cusip: security.cusip ?? null,
    isin: securityKeyOf(security),
    type: entryOf(SECURITY_TYPES, security.type) ?? "OTHER",
    currencyCode: currencyOf(security),
  };
}

export function holdingOf(holding: Holding, security: Security, now: Date): ProviderHolding {
  return {
    accountExternalId: holding.account_id,
    security: securityOf(security),
    quantity: decimalOf(holding.quantity),
    price: decimalOf(holding.institution_price),
    value: decimalOf(holding.institution_value),
    costBasis: nullableDecimal(holding.cost_basis),
    currencyCode: currencyOf(holding),
    at: instantOf(holding.institution_price_datetime) ?? instantOf(holding.institution_price_as_of) ?? now,
  };
}

/** Weft's products -> the Plaid products that deliver them. */
export const PLAID_PRODUCTS: Partial<Record<Product, Products>> = {
  ACCOUNT_BALANCES_AND_TRANSACTIONS: "transactions" as Products,
  ACCOUNT_NUMBERS: "auth" as Products,
  ACCOUNT_OWNERS: "identity" as Products,
  ACCOUNT_STATEMENTS: "statements" as Products,
  INVESTMENTS: "investments" as Products,
  LIABILITIES: "liabilities" as Products,
};

/** The import API's product names (as Quiltt's) -> Weft's. */
export const IMPORT_PRODUCTS = {
  auth: "ACCOUNT_NUMBERS",
  identity: "ACCOUNT_OWNERS",
  transactions: "ACCOUNT_BALANCES_AND_TRANSACTIONS",
} as const satisfies Record<string, Product>;

/**
 * Plaid products an item (or an institution) has -> Weft products. Balances come with every item
 * (/accounts/get, and /accounts/balance/get to refresh one); transactions only with Plaid's
 * Transactions product, which Plaid adds to an item — and bills — on its first /transactions/sync.
 */
export function productsOfItem(plaidProducts: readonly string[]): Product[] {
  const products = new Set<Product>(["ACCOUNT_BALANCE_REFRESHES"]);
  for (const [product, plaid] of Object.entries(PLAID_PRODUCTS)) {
    if (plaidProducts.includes(plaid)) products.add(product as Product);
  }
  return [...products];
}

/** Plaid's institution as the catalogue describes it (the logo, a base64 PNG, is checked where it is kept). */
export function institutionOf(institution: Institution) {
  return {
    name: firstFilled(institution.name, institution.institution_id) ?? "Institution",
    url: institution.url ?? null,
    primaryColor: institution.primary_color ?? null,
    logo: institution.logo,
    products: productsOfItem(institution.products),
  };
}

/**
 * The user must act: sign in again (or grant access again) in Link's update mode, or link again.
 * (INVALID_ACCESS_TOKEN and ITEM_NOT_FOUND are INVALID_INPUT: more often the operator's keys of
 * another Plaid environment than anything the user can mend; they stay ERROR_PROVIDER.)
 */
const REPAIRABLE_CODES = new Set([
  "ITEM_LOGIN_REQUIRED",
  "PENDING_EXPIRATION",
  "PENDING_DISCONNECT",
  "USER_PERMISSION_REVOKED",
  "ACCESS_NOT_GRANTED",
  "INSUFFICIENT_CREDENTIALS",
  "INVALID_CREDENTIALS",
  "INVALID_MFA",
  "INVALID_UPDATED_USERNAME",
  "ITEM_LOCKED",
  "USER_SETUP_REQUIRED",
  "USER_INPUT_TIMEOUT",
  // The item has no account left to share: the user links again, choosing accounts.
  "NO_ACCOUNTS",
]);

/** The institution, not the item, is the problem. */
const INSTITUTION_CODES = new Set([
  "INSTITUTION_DOWN",
  "INSTITUTION_NOT_RESPONDING",
  "INSTITUTION_NO_LONGER_SUPPORTED",
  "INSTITUTION_NOT_AVAILABLE",
  "INSTITUTION_NOT_ENABLED_IN_ENVIRONMENT",
]);

/** A product the item lacks: skipped in a sync, never an error. */
export const PRODUCT_UNAVAILABLE_CODES = new Set([
  "PRODUCTS_NOT_SUPPORTED",
  "PRODUCT_NOT_READY",
  "PRODUCT_NOT_ENABLED",
  "NO_AUTH_ACCOUNTS",
  "NO_INVESTMENT_ACCOUNTS",
  "NO_INVESTMENT_AUTH_ACCOUNTS",
  "NO_LIABILITY_ACCOUNTS",
  "ADDITIONAL_CONSENT_REQUIRED",
]);

export function statusOfPlaidError(
  error: Pick<PlaidError, "error_code" | "error_type">,
): ProviderErrorStatus {
  if (REPAIRABLE_CODES.has(error.error_code)) return "ERROR_REPAIRABLE";
  if (INSTITUTION_CODES.has(error.error_code) || error.error_type === "INSTITUTION_ERROR")
    return "ERROR_INSTITUTION";
  return "ERROR_PROVIDER";
}

/** Plaid's error object in the spec's provider error structure. */
export function errorDetailsOf(error: PlaidError) {
  return {
    errorType: error.error_type,
    // A blank code says nothing: the type stands for it.
    errorCode: firstFilled(error.error_code) ?? error.error_type,
    errorMessage: error.error_message,
    displayMessage: error.display_message ?? null,
    requestId: error.request_id ?? null,
    suggestedAction: error.suggested_action ?? null,
    documentationUrl: error.documentation_url ?? null,
  };
}

/** Plaid asks for a minute's pause on rate limits; we retry a little after. */
export const RATE_LIMIT_RETRY_SECONDS = 60;

/** A Plaid error as a provider failure: rate limits are retried, the rest set the connection's status. */
export function providerErrorOf(error: PlaidError): ProviderError | ProviderRateLimited {
  if (error.error_type === "RATE_LIMIT_EXCEEDED" || error.error_code === "RATE_LIMIT_EXCEEDED") {
    return new ProviderRateLimited(errorDetailsOf(error), RATE_LIMIT_RETRY_SECONDS);
  }
  return new ProviderError(statusOfPlaidError(error), errorDetailsOf(error));
}
