import { ValidationError } from "../../http/errors.ts";
import { isCalendarDay } from "../../providers/dates.ts";
import { type EngineInput, providerMcc, providerMerchantName } from "./engine.ts";

/**
 * The request's payload as the engine's input: GENERIC is ours (spec 5); the others are the
 * providers' own transaction objects as their APIs return them, each with its sign convention.
 * Two transactions with the same id: the later replaces the earlier.
 */
export const ENRICHMENT_PROVIDERS = [
  "AKOYA",
  "FINICITY",
  "GENERIC",
  "MX",
  "PLAID",
  "TREASURY_PRIME",
] as const;
export type EnrichmentProvider = (typeof ENRICHMENT_PROVIDERS)[number];

type Json = Record<string, unknown>;
type Problems = Record<string, string[]>;

const CURRENCIES = new Set(Intl.supportedValuesOf("currency"));
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : null;
const num = (value: unknown): number | null => {
  const n =
    typeof value === "number"
      ? value
      : typeof value === "string" && value.trim() !== ""
        ? Number(value)
        : Number.NaN;
  return Number.isFinite(n) ? n : null;
};
/** A number with its sign turned over, as a decimal string. */
const negated = (n: number) => (n === 0 ? "0" : String(-n));
const day = (value: unknown): string | null => {
  if (typeof value === "number") {
    // Epoch seconds; past JavaScript's dates (±8.64e15 ms) no day at all.
    const date = new Date(value * 1000);
    return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
  }
  if (typeof value !== "string") return null;
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  return match ? match[1]! : null;
};

function add(problems: Problems, field: string, message: string) {
  problems[field] = [...(problems[field] ?? []), message];
}

/** The array of transactions a provider's answer holds, wherever that provider puts it. */
function listOf(payload: unknown, keys: string[]): { list: unknown[]; field: string } | null {
  if (Array.isArray(payload)) return { list: payload, field: "payload" };
  if (!isObject(payload)) return null;
  const found: unknown[] = [];
  let field = "";
  for (const key of keys) {
    if (Array.isArray(payload[key])) {
      found.push(...(payload[key] as unknown[]));
      field ||= `payload.${key}`;
    }
  }
  return field ? { list: found, field } : null;
}

type Parsed = Omit<EngineInput, "currencyCode"> & {
  currencyCode: string | null;
  /** The provider's field the date was read from, for its error (the dialect's own otherwise). */
  dateField?: string;
};

/** A transaction's and an account's id, as long as any provider's (Plaid's are 37 characters). */
const MAX_ID_LENGTH = 255;

/**
 * The date of the first of `fields` the transaction has (null counts as absent): its day, or ""
 * when it is none, so the error names the field the caller sent rather than another one.
 */
function dateOf(t: Json, ...fields: [string, ...string[]]): { date: string; dateField: string } {
  const field = fields.find((f) => t[f] != null) ?? fields[0];
  return { date: day(t[field]) ?? "", dateField: field };
}

/** Plaid /transactions/get|sync: positive amount = money out. */
function plaidOf(t: Json): Parsed {
  const amount = num(t.amount);
  const counterpartyName = Array.isArray(t.counterparties)
    ? str((t.counterparties[0] as Json | undefined)?.name)
    : null;
  return {
    id: str(t.transaction_id) ?? "",
    accountId: str(t.account_id) ?? "",
    description: str(t.original_description) ?? str(t.name) ?? str(t.merchant_name) ?? counterpartyName ?? "",
    amount: amount === null ? "" : negated(amount),
    currencyCode: str(t.iso_currency_code) ?? str(t.unofficial_currency_code),
    ...dateOf(t, "authorized_date", "date"),
    merchantName: providerMerchantName(t.merchant_name),
  };
}

/** MX: amount is unsigned, transaction_type DEBIT|CREDIT says the direction. */
function mxOf(t: Json): Parsed {
  const amount = num(t.amount);
  const isDebit = String(t.transaction_type ?? "").toUpperCase() === "DEBIT";
  const magnitude = amount === null ? null : Math.abs(amount);
  return {
    id: str(t.guid) ?? str(t.id) ?? "",
    accountId: str(t.account_guid) ?? str(t.account_id) ?? "",
    description: str(t.original_description) ?? str(t.description) ?? "",
    amount: magnitude === null ? "" : isDebit ? negated(magnitude) : String(magnitude),
    currencyCode: str(t.currency_code),
    ...dateOf(t, "transacted_at", "date", "posted_at"),
    mcc: providerMcc(num(t.merchant_category_code)),
  };
}

/** FDX (Akoya): each item wraps its transaction by account type; debitCreditMemo says the direction. */
function fdxOf(item: Json): Parsed {
  const t = (Object.values(item).find(isObject) as Json | undefined) ?? item;
  const amount = num(t.amount);
  const isDebit = String(t.debitCreditMemo ?? "").toUpperCase() === "DEBIT";
  const magnitude = amount === null ? null : Math.abs(amount);
  return {
    id: str(t.transactionId) ?? "",
    accountId: str(t.accountId) ?? "",
    description: str(t.description) ?? str(t.memo) ?? str(t.payee) ?? "",
    amount: magnitude === null ? "" : isDebit ? negated(magnitude) : String(magnitude),
    currencyCode: isObject(t.currency) ? str(t.currency.currencyCode) : str(t.currency),
    ...dateOf(t, "transactionTimestamp", "postedTimestamp"),
    mcc: providerMcc(num(t.merchantCategoryCode)),
  };
}

/** Finicity: negative amount = money out; dates are epoch seconds. */
function finicityOf(t: Json): Parsed {
  const amount = num(t.amount);
  return {
    id: str(t.id) ?? "",
    accountId: str(t.accountId) ?? "",
    description: str(t.description) ?? str(t.memo) ?? "",
    amount: amount === null ? "" : String(amount),
    currencyCode: isObject(t.currencySymbol) ? null : (str(t.currencySymbol) ?? "USD"),
    ...dateOf(t, "transactionDate", "postedDate"),
    mcc: providerMcc(num((t.categorization as Json | undefined)?.mcc ?? null)),
    merchantName: providerMerchantName((t.categorization as Json | undefined)?.normalizedPayeeName),
  };
}

/**
 * Treasury Prime (GET /account/{id}/transaction, {data: [...]}): `amount` is a signed string —
 * positive a credit, negative a debit — whatever its `type` (deposit, withdrawal, charge,
 * payment, interest, hold, hold_release, reversal). `summary` reads as the statement line
 * ("ACME CORP VENDOR PMT"), `desc` is the core's raw text; there is no currency (the account's is
 * USD), and the list of one account may leave `account_id` out.
 */
function treasuryPrimeOf(t: Json): Parsed {
  const amount = num(t.amount);
  return {
    id: str(t.id) ?? "",
    accountId: str(t.account_id) ?? "treasury-prime-account",
    description: str(t.summary) || str(t.human_readable_description) || str(t.desc) || "",
    amount: amount === null ? "" : String(amount),
    currencyCode: str(t.currency) ?? "USD",
    date: day(t.date) ?? "",
  };
}

/**
 * How a payload's transactions are named and signed: a problem is reported at the field the
 * caller sent (Plaid's `transaction_id`, not our `id`), with the amount's rule in its own terms.
 */
type Dialect = {
  fields: Record<Exclude<keyof Parsed, "mcc" | "accountType" | "dateField" | "merchantName">, string>;
  amount: string;
  /** What a date that is none is told, when the provider writes dates otherwise than YYYY-MM-DD. */
  date?: string;
};

const GENERIC_DIALECT: Dialect = {
  fields: {
    id: "id",
    accountId: "accountId",
    description: "description",
    amount: "amount",
    currencyCode: "currencyCode",
    date: "date",
  },
  amount: 'Amount must be a decimal string: positive for a credit, negative for a debit ("-12.34")',
};

const PROVIDER_PARSERS: Record<
  Exclude<EnrichmentProvider, "GENERIC">,
  { keys: string[]; parse: (t: Json) => Parsed; dialect: Dialect }
> = {
  PLAID: {
    keys: ["transactions", "added", "modified"],
    parse: plaidOf,
    dialect: {
      fields: {
        id: "transaction_id",
        accountId: "account_id",
        description: "name",
        amount: "amount",
        currencyCode: "iso_currency_code",
        date: "date",
      },
      amount: "Amount must be a number, as Plaid sends it: positive for money out, negative for money in",
    },
  },
  MX: {
    keys: ["transactions"],
    parse: mxOf,
    dialect: {
      fields: {
        id: "guid",
        accountId: "account_guid",
        description: "description",
        amount: "amount",
        currencyCode: "currency_code",
        date: "transacted_at",
      },
      amount: "Amount must be a number, as MX sends it: transaction_type says DEBIT or CREDIT",
    },
  },
  AKOYA: {
    keys: ["transactions"],
    parse: fdxOf,
    dialect: {
      fields: {
        id: "transactionId",
        accountId: "accountId",
        description: "description",
        amount: "amount",
        currencyCode: "currency",
        date: "transactionTimestamp",
      },
      amount: "Amount must be a number, as FDX sends it: debitCreditMemo says DEBIT or CREDIT",
    },
  },
  FINICITY: {
    keys: ["transactions"],
    parse: finicityOf,
    dialect: {
      fields: {
        id: "id",
        accountId: "accountId",
        description: "description",
        amount: "amount",
        currencyCode: "currencySymbol",
        date: "transactionDate",
      },
      amount: "Amount must be a number, as Finicity sends it: negative for money out",
      date: "Date must be a time in epoch seconds, as Finicity sends it",
    },
  },
  TREASURY_PRIME: {
    keys: ["data", "transactions"],
    parse: treasuryPrimeOf,
    dialect: {
      fields: {
        id: "id",
        accountId: "account_id",
        description: "summary",
        amount: "amount",
        currencyCode: "currency",
        date: "date",
      },
      amount: 'Amount must be a decimal string, as Treasury Prime sends it: negative for a debit ("-12.34")',
    },
  },
};

const DECIMAL = /^[+-]?\d+(\.\d+)?$/;
/** Digits an amount may have before its point: a trillion dollars and more, and still exact in cents. */
const MAX_WHOLE_DIGITS = 13;
/** Transactions are dated within these years: anything else is a wrong field, not a bank's date. */
const EARLIEST_DATE = "1900-01-01";
const LATEST_DATE = "2100-12-31";

/**
 * Spec 5's rules for one transaction, wherever it came from; problems are named by the path of
 * the field the caller sent, in its dialect.
 */
function check(
  { dateField, ...t }: Parsed,
  path: string,
  problems: Problems,
  { fields, amount, date = "Date must be a date (YYYY-MM-DD)" }: Dialect,
): EngineInput | null {
  const before = Object.keys(problems).length;
  const at = (field: keyof Dialect["fields"]) => `${path}.${fields[field]}`;
  // An id is echoed back in the answer: one no provider would give is refused, not repeated.
  if (!t.id) add(problems, at("id"), "ID is required");
  else if (t.id.length > MAX_ID_LENGTH)
    add(problems, at("id"), `ID must be at most ${MAX_ID_LENGTH} characters`);
  if (!t.accountId || t.accountId.length < 1)
    add(problems, at("accountId"), "Account ID must be at least 1 character");
  else if (t.accountId.length > MAX_ID_LENGTH)
    add(problems, at("accountId"), `Account ID must be at most ${MAX_ID_LENGTH} characters`);
  if (t.description.trim().length < 2)
    add(
      problems,
      at("description"),
      "Description must be at least 2 characters, not counting spaces at either end",
    );
  if (!t.currencyCode || !CURRENCIES.has(t.currencyCode))
    add(problems, at("currencyCode"), "Currency code must be an ISO-4217 code, such as USD");
  if (!DECIMAL.test(t.amount)) add(problems, at("amount"), amount);
  else if (t.amount.replace(/^[+-]?0*/, "").split(".")[0]!.length > MAX_WHOLE_DIGITS)
    add(
      problems,
      at("amount"),
      `Amount must have at most ${MAX_WHOLE_DIGITS} digits before the decimal point`,
    );
  const dateAt = dateField ? `${path}.${dateField}` : at("date");
  if (!isCalendarDay(t.date)) add(problems, dateAt, date);
  else if (t.date < EARLIEST_DATE || t.date > LATEST_DATE)
    add(problems, dateAt, `Date must be from ${EARLIEST_DATE} to ${LATEST_DATE}`);
  if (Object.keys(problems).length > before) return null;
  return { ...t, currencyCode: t.currencyCode! };
}

function genericOf(t: unknown): Parsed {
  const o = isObject(t) ? t : {};
  return {
    id: str(o.id) ?? "",
    accountId: str(o.accountId) ?? "",
    description: typeof o.description === "string" ? o.description : "",
    amount: typeof o.amount === "string" ? o.amount.trim() : "",
    currencyCode: typeof o.currencyCode === "string" ? o.currencyCode : null,
    date: typeof o.date === "string" ? o.date : "",
  };
}

/** The payload's transactions, one per id (the later wins), or a 422 naming every problem. */
export function parsePayload(provider: EnrichmentProvider, payload: unknown): EngineInput[] {
  const problems: Problems = {};
  let found: { list: unknown[]; field: string } | null;
  let parse: (t: unknown) => Parsed;
  let dialect = GENERIC_DIALECT;
  if (provider === "GENERIC") {
    found =
      isObject(payload) && Array.isArray(payload.data) ? { list: payload.data, field: "payload.data" } : null;
    parse = genericOf;
    if (!found) throw ValidationError.of("payload.data", "Data must be a list of transactions");
  } else {
    const parser = PROVIDER_PARSERS[provider];
    found = listOf(payload, parser.keys);
    parse = (t) => parser.parse(isObject(t) ? t : {});
    dialect = parser.dialect;
    if (!found) {
      throw ValidationError.of(
        "payload",
        `Payload must hold ${provider}'s transactions (${parser.keys.map((k) => `"${k}"`).join(" or ")})`,
      );
    }
  }
  const byId = new Map<string, EngineInput>();
  found.list.forEach((raw, index) => {
    const input = check(parse(raw), `${found.field}.${index}`, problems, dialect);
    if (!input) return;
    byId.delete(input.id);
    byId.set(input.id, input);
  });
  if (Object.keys(problems).length > 0) throw new ValidationError(problems);
  return [...byId.values()];
}

/**
 * The payload's problems, for a request refused for its other fields: so one 422 names every
 * field (none when the provider is not one the payload could be read as).
 */
export function payloadProblems(provider: unknown, payload: unknown): Record<string, string[]> {
  if (!ENRICHMENT_PROVIDERS.includes(provider as EnrichmentProvider) || payload === undefined) return {};
  try {
    parsePayload(provider as EnrichmentProvider, payload);
    return {};
  } catch (error) {
    if (error instanceof ValidationError) return error.fields;
    throw error;
  }
}

/** How many transactions a payload holds, before parsing them (for the size rules). */
export function countTransactions(provider: EnrichmentProvider, payload: unknown): number {
  if (provider === "GENERIC")
    return isObject(payload) && Array.isArray(payload.data) ? payload.data.length : 0;
  return listOf(payload, PROVIDER_PARSERS[provider].keys)?.list.length ?? 0;
}
