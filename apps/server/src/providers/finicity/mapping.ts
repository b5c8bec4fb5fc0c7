import type { AccountKind, AccountType, SecurityType } from "../../db/schema/index.ts";
import { isCalendarDay, toDay } from "../dates.ts";
import { isinFromCusip, isValidCusip, isValidIsin } from "../identifiers.ts";
import { decimalOf, nullableDecimal } from "../money.ts";
import {
  type ProviderAccount,
  type ProviderBalance,
  ProviderError,
  type ProviderErrorStatus,
  type ProviderHolding,
  ProviderRateLimited,
  type ProviderTransaction,
} from "../types.ts";
import { entryOf, firstFilled } from "../values.ts";
import {
  type FinicityAccount,
  type FinicityApiError,
  type FinicityPosition,
  type FinicityTransaction,
  FinicityUnreachableError,
  MFA_CHALLENGE_NEEDED,
} from "./client.ts";

/**
 * Finicity's shapes -> Weft's. Finicity amounts are signed JSON numbers (negative is money out,
 * as on Weft's wire); dates are Unix seconds.
 */

/**
 * The investment accounts of Finicity's AccountType enum that have no Weft type of their own. "529plan"
 * is documented as "True value is 529", and the reports' account types spell it "529": both are read.
 */
const OTHER_INVESTMENT_TYPES = [
  "investmentTaxDeferred",
  "employeeStockPurchasePlan",
  "529plan",
  "529",
  "ugma",
  "utma",
  "keogh",
  "educationSavings",
  "pension",
  "profitSharingPlan",
  "thriftSavingsPlan",
  "variableAnnuity",
  "cryptocurrency",
] as const;

const TYPES: Record<string, { kind: AccountKind; type: AccountType }> = {
  checking: { kind: "DEPOSITORY", type: "CHECKING" },
  savings: { kind: "DEPOSITORY", type: "SAVINGS" },
  moneyMarket: { kind: "DEPOSITORY", type: "MONEY_MARKET" },
  cd: { kind: "DEPOSITORY", type: "CD" },
  creditCard: { kind: "CREDIT", type: "CREDIT_CARD" },
  lineOfCredit: { kind: "CREDIT", type: "LINE_OF_CREDIT" },
  mortgage: { kind: "LOAN", type: "MORTGAGE" },
  loan: { kind: "LOAN", type: "PERSONAL" },
  studentLoan: { kind: "LOAN", type: "STUDENT" },
  studentLoanAccount: { kind: "LOAN", type: "STUDENT" },
  studentLoanGroup: { kind: "LOAN", type: "STUDENT" },
  investment: { kind: "INVESTMENT", type: "BROKERAGE" },
  brokerageAccount: { kind: "INVESTMENT", type: "BROKERAGE" },
  ira: { kind: "INVESTMENT", type: "IRA" },
  roth: { kind: "INVESTMENT", type: "IRA" },
  rollover: { kind: "INVESTMENT", type: "IRA" },
  sepIRA: { kind: "INVESTMENT", type: "IRA" },
  simpleIRA: { kind: "INVESTMENT", type: "IRA" },
  "401k": { kind: "INVESTMENT", type: "RETIREMENT_401K" },
  roth401k: { kind: "INVESTMENT", type: "RETIREMENT_401K" },
  "403b": { kind: "INVESTMENT", type: "RETIREMENT_401K" },
  "457plan": { kind: "INVESTMENT", type: "RETIREMENT_401K" },
  "401a": { kind: "INVESTMENT", type: "RETIREMENT_401K" },
  healthSavingsAccount: { kind: "INVESTMENT", type: "HSA" },
  nonTaxableBrokerageAccount: { kind: "INVESTMENT", type: "BROKERAGE" },
  ...Object.fromEntries(
    OTHER_INVESTMENT_TYPES.map((type) => [type, { kind: "INVESTMENT" as const, type: "OTHER" as const }]),
  ),
};

/**
 * Finicity's account type (AccountType in openbanking-us.yaml) -> Weft's kind and type; the other
 * investment plans are OTHER investments (holdings, no ACH numbers). A type the enum does not list
 * is an OTHER depository account.
 */
export function accountKindOf(type: string): { kind: AccountKind; type: AccountType } {
  // Own entries only: a type such as "constructor" is not Object.prototype's.
  return entryOf(TYPES, type) ?? { kind: "DEPOSITORY", type: "OTHER" };
}

/**
 * Finicity's dates are Unix seconds typed int64, with no bounds: one JavaScript cannot hold as a
 * date (beyond ±8.64e12 seconds), or outside the years 0001-9999, is no date (null).
 */
function instantOfUnix(seconds: number | undefined): Date | null {
  if (seconds === undefined) return null;
  const date = new Date(seconds * 1000);
  return Number.isFinite(date.getTime()) && isCalendarDay(toDay(date)) ? date : null;
}

const fromUnix = (seconds: number | undefined, fallback: Date) => instantOfUnix(seconds) ?? fallback;

export function balanceOf(account: FinicityAccount, now: Date): ProviderBalance {
  const { kind } = accountKindOf(account.type);
  const detail = account.detail ?? {};
  // Finicity reports credit and loan balances as negative amounts owed; Weft's are positive.
  const owed = kind === "CREDIT" || kind === "LOAN";
  const current = account.balance === undefined ? null : owed ? Math.abs(account.balance) : account.balance;
  return {
    available: nullableDecimal(owed ? detail.creditAvailableAmount : detail.availableBalanceAmount),
    current: nullableDecimal(current),
    limit: nullableDecimal(detail.creditMaxAmount),
    at: fromUnix(account.balanceDate, now),
  };
}

export function accountOf(account: FinicityAccount, now: Date): ProviderAccount {
  const { kind, type } = accountKindOf(account.type);
  const mask = (account.realAccountNumberLast4 ?? account.accountNumberDisplay ?? "")
    .replace(/\D/g, "")
    .slice(-4);
  return {
    externalId: String(account.id),
    name: firstFilled(account.name, account.accountNickname) ?? "Account",
    mask: mask || null,
    kind,
    type,
    status: "OPEN",
    currencyCode: firstFilled(account.currency)?.trim() ?? "USD",
    balance: balanceOf(account, now),
    achNumbers: null,
    owners: null,
  };
}

/**
 * A shadow transaction was found in an earlier aggregation but is no longer in the institution's
 * data (docs.finicity.com, "Pending and Shadow Transactions"): it is not a transaction to keep.
 */
export const isShadow = (transaction: FinicityTransaction) => transaction.status === "shadow";

/**
 * A transaction Finicity lists as active (posted) or pending; shadow ones are left out before
 * (isShadow). Its day is the first of its posted, transaction and created dates that is a day;
 * one with none (all beyond the years 0001-9999) is left out (null).
 */
export function transactionOf(transaction: FinicityTransaction): ProviderTransaction | null {
  const when = [transaction.postedDate, transaction.transactionDate, transaction.createdDate]
    .map(instantOfUnix)
    .find((date) => date !== null);
  if (!when) return null;
  const amount = decimalOf(transaction.amount);
  return {
    accountExternalId: String(transaction.accountId),
    externalId: String(transaction.id),
    amount: /^-?0(\.0*)?$/.test(amount) ? "0" : amount,
    currencyCode: "USD",
    date: toDay(when),
    description: transaction.description || transaction.memo || "",
    status: transaction.status === "pending" ? "PENDING" : "POSTED",
    pendingExternalId: null,
    merchantName: firstFilled(transaction.categorization?.normalizedPayeeName) ?? null,
  };
}

const SECURITY_TYPES: Record<string, SecurityType> = {
  STOCK: "EQUITY",
  EQUITY: "EQUITY",
  ETF: "ETF",
  MUTUALFUND: "MUTUAL_FUND",
  MF: "MUTUAL_FUND",
  BOND: "FIXED_INCOME",
  DEBT: "FIXED_INCOME",
  CASH: "CASH",
  MONEYMARKET: "CASH",
};

/**
 * A position's security key (a blank symbol or name is none): its ISIN (given, or made from a US
 * CUSIP), else "FINICITY:<symbol>"; null when the position names its security in no way at all.
 */
export function securityKeyOf(position: FinicityPosition): string | null {
  const id = position.securityId?.toUpperCase() ?? "";
  if (position.securityIdType === "ISIN" && isValidIsin(id)) return id;
  if (position.securityIdType === "CUSIP" && isValidCusip(id)) return isinFromCusip(id);
  const own =
    firstFilled(position.symbol, position.securityName) ?? (position.id == null ? null : String(position.id));
  return own ? `FINICITY:${own}` : null;
}

/**
 * A position as Weft's holding. Its value, when Finicity gives none, is units × price, and its
 * price value ÷ units: a position whose figures make no finite number so (units and prices are
 * unbounded numbers) is left out (null).
 */
export function holdingOf(accountId: string, position: FinicityPosition, now: Date): ProviderHolding | null {
  const currencyCode = firstFilled(position.securityCurrency)?.trim() ?? "USD";
  const units = position.units ?? 0;
  const value = position.marketValue ?? units * (position.currentPrice ?? 0);
  const price = position.currentPrice ?? (units ? value / units : 0);
  if (!Number.isFinite(value) || !Number.isFinite(price)) return null;
  // A position that names no security would be merged with every other such one.
  const isin = securityKeyOf(position);
  if (!isin) return null;
  const cusip = position.securityIdType === "CUSIP" ? (position.securityId?.toUpperCase() ?? null) : null;
  return {
    accountExternalId: accountId,
    security: {
      name: firstFilled(position.securityName, position.description, position.symbol) ?? "Security",
      tickerSymbol: position.symbol ?? null,
      cusip: cusip && isValidCusip(cusip) ? cusip : null,
      isin,
      type: SECURITY_TYPES[(position.securityType ?? "").toUpperCase().replace(/[^A-Z]/g, "")] ?? "OTHER",
      currencyCode,
    },
    quantity: decimalOf(units),
    price: decimalOf(price),
    value: decimalOf(value),
    costBasis: nullableDecimal(position.costBasis),
    currencyCode,
    at: fromUnix(position.currentPriceDate, now),
  };
}

/**
 * Finicity's aggregation status codes (docs.finicity.com, "Aggregation Status Codes"): 0 is a
 * healthy account; the user-action codes need the end-user in Connect's fix mode; the rest are
 * the institution's trouble.
 */
export const USER_ACTION_CODES: Record<number, string> = {
  103: "The login credentials are no longer valid",
  108: "The institution asks the user to act on its website",
  109: "The institution requires a new password",
  169: "The account was added more than once",
  185: "The institution asks a security question",
  187: "The answer to the institution's security question was wrong",
  945: "The account moved to OAuth and needs the user's consent",
  946: "The account was not found at the institution (it may be closed)",
  947: "The access token expired: the user must sign in again",
  948: "The account moved to OAuth and needs the user to sign in",
};

/** The Weft status for a non-zero aggregation status code. */
export function statusOfAggregationCode(code: number): ProviderErrorStatus {
  return code in USER_ACTION_CODES ? "ERROR_REPAIRABLE" : "ERROR_INSTITUTION";
}

export function aggregationError(code: number): ProviderError {
  const repairable = code in USER_ACTION_CODES;
  return new ProviderError(statusOfAggregationCode(code), {
    errorType: "AGGREGATION_ERROR",
    errorCode: String(code),
    errorMessage: USER_ACTION_CODES[code] ?? `The institution could not be aggregated (status ${code})`,
    displayMessage: repairable ? "Please reconnect your account." : null,
    requestId: null,
    suggestedAction: repairable
      ? "Ask the user to reconnect in the Connector (Finicity Connect's fix mode)."
      : "Nothing to do: Finicity retries the institution.",
    documentationUrl: "https://docs.finicity.com/aggregation-status-codes/",
  });
}

/**
 * What a login's accounts' aggregation status codes say of the login: a code that needs the user
 * on any account (they share the login's credentials) is the login's; a code on every account
 * means the institution fails for it; a failure on some accounts only leaves the others to sync.
 */
export function loginFailure(codes: readonly number[]): ProviderError | undefined {
  const userAction = codes.find((code) => code !== 0 && aggregationError(code).status === "ERROR_REPAIRABLE");
  if (userAction !== undefined) return aggregationError(userAction);
  if (codes.length > 0 && codes.every((code) => code !== 0)) return aggregationError(codes[0]!);
  return undefined;
}

/**
 * Finicity's 203, MFAChallengeNeeded (Load Historic Transactions, Get Account Owner): the institution
 * asks a security question that no API call can answer ("no further action that can be taken"), so
 * the user answers it in Connect's fix mode, as for aggregation status 185.
 */
export function mfaChallengeError(): ProviderError {
  return new ProviderError("ERROR_REPAIRABLE", {
    errorType: "AGGREGATION_ERROR",
    errorCode: "MFA_CHALLENGE_NEEDED",
    errorMessage: "The institution asks a security question (Finicity answered 203, MFA challenge needed)",
    displayMessage: "Please reconnect your account.",
    requestId: null,
    suggestedAction: "Ask the user to reconnect in the Connector (Finicity Connect's fix mode).",
    documentationUrl: "https://docs.finicity.com/aggregation-status-codes/",
  });
}

/** A Finicity failure as the contract's: a rate limit is retried, the rest set the status. */
export function providerErrorOf(
  error: FinicityApiError | FinicityUnreachableError,
): ProviderError | ProviderRateLimited {
  if (error instanceof FinicityUnreachableError) {
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
  if (error.httpStatus === MFA_CHALLENGE_NEEDED) return mfaChallengeError();
  // Aggregation status codes come back as HTTP 500 with the code in the body.
  const aggregationCode = Number(error.code);
  if (Number.isInteger(aggregationCode) && aggregationCode > 0 && aggregationCode < 1000) {
    return aggregationError(aggregationCode);
  }
  const details = {
    errorType: "API_ERROR",
    errorCode: error.code,
    errorMessage: error.finicityMessage,
    displayMessage: null,
    requestId: null,
    suggestedAction:
      error.httpStatus === 401 || error.httpStatus === 403
        ? "Check the environment's Finicity partner id, secret and app key."
        : "Nothing to do: the sync retries itself.",
    documentationUrl: "https://docs.finicity.com/error-codes/",
  };
  if (error.httpStatus === 429) return new ProviderRateLimited(details, error.retryAfterSeconds ?? 60);
  return new ProviderError("ERROR_PROVIDER", details);
}
