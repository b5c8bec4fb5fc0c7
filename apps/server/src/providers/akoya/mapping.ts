import type { AccountKind, AccountType, SecurityType } from "../../db/schema/index.ts";
import { instantOf, isCalendarDay } from "../dates.ts";
import { isinFromCusip, isValidCusip, isValidIsin } from "../identifiers.ts";
import { decimalOf, nullableDecimal } from "../money.ts";
import {
  type ProviderAccount,
  ProviderError,
  type ProviderHolding,
  type ProviderOwner,
  ProviderRateLimited,
  type ProviderTransaction,
} from "../types.ts";
import { firstFilled } from "../values.ts";
import {
  type AkoyaAccount,
  type AkoyaAccountWrapper,
  type AkoyaApiError,
  type AkoyaCustomer,
  type AkoyaHolding,
  type AkoyaTransaction,
  AkoyaUnreachableError,
} from "./client.ts";

/**
 * Akoya's FDX shapes -> Weft's. FDX amounts are positive with debitCreditMemo DEBIT (money out)
 * or CREDIT; account kinds are the wrapper an account comes in.
 */

const KINDS: Record<string, AccountKind> = {
  depositAccount: "DEPOSITORY",
  locAccount: "CREDIT",
  loanAccount: "LOAN",
  investmentAccount: "INVESTMENT",
  annuityAccount: "INVESTMENT",
  insuranceAccount: "INVESTMENT",
};

const TYPES: Record<string, AccountType> = {
  CHECKING: "CHECKING",
  SAVINGS: "SAVINGS",
  MONEYMARKET: "MONEY_MARKET",
  CD: "CD",
  CREDITCARD: "CREDIT_CARD",
  LINEOFCREDIT: "LINE_OF_CREDIT",
  HOMELINEOFCREDIT: "LINE_OF_CREDIT",
  MORTGAGE: "MORTGAGE",
  AUTOLOAN: "AUTO",
  STUDENTLOAN: "STUDENT",
  PERSONALLOAN: "PERSONAL",
  INSTALLMENT: "PERSONAL",
  BROKERAGE: "BROKERAGE",
  TAXABLE: "BROKERAGE",
  IRA: "IRA",
  ROTH: "IRA",
  ROLLOVER: "IRA",
  SEPIRA: "IRA",
  SIMPLEIRA: "IRA",
  "401K": "RETIREMENT_401K",
  "403B": "RETIREMENT_401K",
  "457": "RETIREMENT_401K",
  HSA: "HSA",
};

/** An FDX account wrapper -> the account and Weft's kind and type. */
export function unwrapAccount(
  wrapper: AkoyaAccountWrapper,
): { account: AkoyaAccount; kind: AccountKind; type: AccountType } | null {
  for (const [key, account] of Object.entries(wrapper)) {
    if (!account || typeof account !== "object" || !KINDS[key]) continue;
    const type = TYPES[(account.accountType ?? "").toUpperCase().replace(/[^A-Z0-9]/g, "")] ?? "OTHER";
    return { account, kind: KINDS[key]!, type };
  }
  return null;
}

export function accountOf(wrapper: AkoyaAccountWrapper, now: Date): ProviderAccount | null {
  const unwrapped = unwrapAccount(wrapper);
  if (!unwrapped?.account.accountId) return null;
  const { account, kind, type } = unwrapped;
  const owed = kind === "CREDIT" || kind === "LOAN";
  const current = owed
    ? (account.currentBalance ?? account.principalBalance)
    : (account.currentBalance ?? account.currentValue);
  const mask = (account.accountNumberDisplay ?? "").replace(/[^0-9A-Za-z]/g, "").slice(-4);
  return {
    externalId: account.accountId,
    name: firstFilled(account.nickname, account.productName, account.description) ?? "Account",
    mask: mask || null,
    kind,
    type,
    status:
      account.status === "CLOSED" ? "CLOSED" : account.status === "PENDINGOPEN" ? "PENDINGOPEN" : "OPEN",
    currencyCode: account.currency?.currencyCode || "USD",
    balance: {
      available: nullableDecimal(
        owed ? account.availableCredit : (account.availableBalance ?? account.availableCashBalance),
      ),
      current: nullableDecimal(
        current === undefined ? null : Math.abs(current) * (owed ? 1 : Math.sign(current) || 1),
      ),
      limit: nullableDecimal(account.creditLine),
      at: instantOf(account.balanceAsOf) ?? now,
    },
    achNumbers: null,
    owners: null,
  };
}

/**
 * FDX transaction types that say which way the money went, by the wrapper they come in: what an
 * entry's direction is read from when its debitCreditMemo does not say (MEMO, or none) and its
 * amount is not negative. From the account holder's side: a card's or a loan's PAYMENT is money in.
 */
const MONEY_IN_TYPES = new Map<string, ReadonlySet<string>>([
  [
    "depositTransaction",
    new Set(["ATMDEPOSIT", "DEPOSIT", "DIRECTDEPOSIT", "DIVIDEND", "INTEREST", "POSCREDIT"]),
  ],
  ["locTransaction", new Set(["PAYMENT"])],
  ["loanTransaction", new Set(["PAYMENT", "LUMP_SUM_PAYMENT", "DOUBLE_UP_PAYMENT", "PAYOFF"])],
  [
    "investmentTransaction",
    new Set(["CONTRIBUTION", "DEP", "DEPOSIT", "DIRECTDEP", "DIV", "DIVIDEND", "INCOME", "INTEREST", "SOLD"]),
  ],
]);

/**
 * Whether an FDX entry is money in: CREDIT is, DEBIT is not; a MEMO entry or one without the
 * flag is by its sign when negative, else by its transaction type when that names money in
 * (MONEY_IN_TYPES); anything else is money out.
 */
function moneyIn(transaction: AkoyaTransaction, kind: string | undefined): boolean {
  if (transaction.debitCreditMemo === "CREDIT") return true;
  if (transaction.debitCreditMemo === "DEBIT" || (transaction.amount ?? 0) < 0) return false;
  const type = transaction.transactionType;
  return typeof type === "string" && kind !== undefined && MONEY_IN_TYPES.get(kind)?.has(type) === true;
}

/**
 * An FDX transaction wrapper ({depositTransaction: …}, {locTransaction: …}, …) -> Weft's. Its day
 * is the one its posted (else its transaction) timestamp is written in; one with neither (both are
 * optional in FDX), or no transactionId, is none (null).
 */
export function transactionOf(
  wrapper: Partial<Record<string, AkoyaTransaction>>,
  accountId: string,
): ProviderTransaction | null {
  const [kind, transaction] = Object.entries(wrapper).find(([, t]) => t && typeof t === "object") ?? [];
  if (!transaction?.transactionId) return null;
  const decimal = decimalOf(Math.abs(transaction.amount ?? 0));
  const when = [transaction.postedTimestamp, transaction.transactionTimestamp]
    .map((timestamp) => timestamp?.slice(0, 10))
    .find((day) => day !== undefined && isCalendarDay(day));
  if (!when) return null;
  return {
    accountExternalId: transaction.accountId ?? accountId,
    externalId: transaction.transactionId,
    amount: /^0(\.0*)?$/.test(decimal) ? "0" : moneyIn(transaction, kind) ? decimal : `-${decimal}`,
    currencyCode: "USD",
    date: when,
    description: transaction.description || transaction.payee || transaction.memo || "",
    status:
      transaction.debitCreditMemo === "MEMO"
        ? "MEMO"
        : transaction.status === "PENDING"
          ? "PENDING"
          : "POSTED",
    pendingExternalId: null,
  };
}

export function ownerOf(customer: AkoyaCustomer): ProviderOwner {
  const name =
    [customer.name?.first, customer.name?.middle, customer.name?.last].filter(Boolean).join(" ") ||
    customer.name?.company;
  return {
    names: name ? [name] : [],
    emails: customer.email ?? [],
    phones: (customer.telephones ?? [])
      .map((t) => (typeof t === "string" ? t : String((t as { number?: unknown }).number ?? "")))
      .filter(Boolean),
    addresses: (customer.addresses ?? []).map((a) => ({
      line1: a.line1 ?? "",
      line2: a.line2 ?? null,
      city: a.city ?? "",
      state: a.region ?? "",
      postalCode: a.postalCode ?? "",
      countryCode: a.country === "US" ? "USA" : (a.country ?? ""),
    })),
  };
}

const SECURITY_TYPES: Record<string, SecurityType> = {
  STOCK: "EQUITY",
  EQUITY: "EQUITY",
  ETF: "ETF",
  MUTUALFUND: "MUTUAL_FUND",
  BOND: "FIXED_INCOME",
  DEBT: "FIXED_INCOME",
  CASH: "CASH",
  MONEYMARKET: "CASH",
};

/**
 * An FDX holding as Weft's. Its value, when FDX gives no marketValue, is units × price, its price
 * value ÷ units, its cost basis purchasedPrice × units: a holding whose value or price makes no
 * finite number so (FDX's numbers are unbounded) is none (null); such a cost basis is unknown.
 */
export function holdingOf(accountId: string, holding: AkoyaHolding, now: Date): ProviderHolding | null {
  const id = holding.securityId?.toUpperCase() ?? "";
  const isin =
    holding.securityIdType === "ISIN" && isValidIsin(id)
      ? id
      : holding.securityIdType === "CUSIP" && isValidCusip(id)
        ? isinFromCusip(id)
        : `AKOYA:${holding.symbol || holding.holdingId || holding.holdingName}`;
  const units = holding.units ?? 0;
  const value = holding.marketValue ?? units * (holding.currentUnitPrice ?? 0);
  const price = holding.currentUnitPrice ?? (units ? value / units : 0);
  if (!Number.isFinite(value) || !Number.isFinite(price)) return null;
  const costBasis = holding.purchasedPrice === undefined ? null : holding.purchasedPrice * units;
  const currencyCode = holding.currency?.currencyCode || "USD";
  return {
    accountExternalId: accountId,
    security: {
      name: firstFilled(holding.holdingName, holding.description, holding.symbol) ?? "Security",
      tickerSymbol: holding.symbol ?? null,
      cusip: holding.securityIdType === "CUSIP" && isValidCusip(id) ? id : null,
      isin,
      type: SECURITY_TYPES[(holding.holdingType ?? "").toUpperCase().replace(/[^A-Z]/g, "")] ?? "OTHER",
      currencyCode,
    },
    quantity: decimalOf(units),
    price: decimalOf(price),
    value: decimalOf(value),
    costBasis: costBasis !== null && Number.isFinite(costBasis) ? decimalOf(costBasis) : null,
    currencyCode,
    at: holding.currentUnitPriceDate ? new Date(holding.currentUnitPriceDate) : now,
  };
}

/** Consent lost (revoked at the institution, expired, a refresh token Akoya no longer takes): the end-user must consent again. */
export const consentLost = (message: string, code: string) =>
  new ProviderError("ERROR_REPAIRABLE", {
    errorType: "CONSENT_ERROR",
    errorCode: code,
    errorMessage: message,
    displayMessage: "Please reconnect your account.",
    requestId: null,
    suggestedAction: "Ask the user to reconnect in the Connector (they sign in at their institution again).",
    documentationUrl: "https://docs.akoya.com/docs/error-codes",
  });

/** An Akoya failure as the contract's. */
export function providerErrorOf(
  error: AkoyaApiError | AkoyaUnreachableError,
): ProviderError | ProviderRateLimited {
  if (error instanceof AkoyaUnreachableError) {
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
  if (error.code === "invalid_grant" || error.httpStatus === 401 || error.httpStatus === 403)
    return consentLost(error.akoyaMessage, error.code);
  const details = {
    errorType: "API_ERROR",
    errorCode: error.code,
    errorMessage: error.akoyaMessage,
    displayMessage: null,
    requestId: null,
    suggestedAction: "Nothing to do: the sync retries itself.",
    documentationUrl: "https://docs.akoya.com/docs/error-codes",
  };
  if (error.httpStatus === 429) return new ProviderRateLimited(details, error.retryAfterSeconds ?? 60);
  // The institution behind Akoya failed or is down (502, 503, 504).
  if (error.httpStatus >= 502) return new ProviderError("ERROR_INSTITUTION", details);
  return new ProviderError("ERROR_PROVIDER", details);
}
