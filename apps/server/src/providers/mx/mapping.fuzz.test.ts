import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import {
  ACCOUNT_KINDS,
  ACCOUNT_TYPES,
  CONNECTION_STATUSES,
  PRODUCTS,
  PROVIDER_ACCOUNT_STATUSES,
  SECURITY_TYPES,
  TRANSACTION_STATUSES,
} from "../../db/schema/index.ts";
import { institutionOf } from "../../modules/mx/institutions.ts";
import { mxUserGuid } from "../../modules/mx/service.ts";
import { isCalendarDay } from "../dates.ts";
import { Random } from "../mock/prng.ts";
import { type Schema, SchemaSampler, type Site } from "../test/sample-schema.ts";
import {
  type ProviderAccount,
  ProviderError,
  type ProviderHolding,
  ProviderNotReady,
  ProviderRateLimited,
  type ProviderSnapshot,
  type ProviderStatement,
  type ProviderTransaction,
} from "../types.ts";
import { MxApiError, type MxClient, MxUnreachableError } from "./client.ts";
import { CONNECTION_STATUSES as MX_CONNECTION_STATUSES, weftAmountOf } from "./mapping.ts";
import { MX_JOB_ORDER, MxProvider, memberRefOf } from "./provider.ts";
import fixture from "./test/openapi-responses.json" with { type: "json" };

/**
 * Schema fuzzing of Weft's MX adapter: for fixed seeds, every MX endpoint Weft calls answers a
 * random instance of its response schema in MX's own OpenAPI description of the Platform API
 * (v20111101), or, now and then, an MX error; what Weft makes of it must hold: no exception but
 * Weft's typed provider errors, amounts as decimal strings, real days, non-blank names and
 * currencies, enums within Weft's sets. test/openapi-responses.json is extracted from
 * mxenabled/openapi by test/extract-openapi.ts. A failure tallies its problems and prints the
 * first seeds with every answer MX gave in them. MX_FUZZ_SEEDS=20000 runs more seeds (300 a test
 * otherwise; the seeds are fixed, so a run is the same on every machine).
 *
 * MX's description types nearly everything as a nullable string or number without a format or an
 * enum: account and transaction types, statuses, dates and date-times (its examples show ISO
 * 8601), holdings' quantities (its example: "5000.0"). So the answers lean to what MX's examples
 * and documentation show (known types and statuses, days, RFC 3339 instants at the calendar's
 * edges, decimal quantities), as real answers do, and otherwise are any string the description
 * allows, as a newer MX (or a broken feed) may send.
 */

type Endpoint = {
  api: keyof MxClient;
  operationId: string;
  status: number;
  contentType: string | null;
  response: Schema | null;
};
type Fixture = { endpoints: Record<string, Endpoint>; components: { schemas: Record<string, Schema> } };
const mx = fixture as unknown as Fixture;
const components = mx.components.schemas;

const SEEDS = Number(process.env.MX_FUZZ_SEEDS ?? 300);
const NOW = new Date("2026-06-15T12:00:00.000Z");
const WINDOW = { startOn: "2026-03-15", endOn: "2026-06-15" };
const EVERY_PRODUCT = [
  "ACCOUNT_BALANCES_AND_TRANSACTIONS",
  "ACCOUNT_BALANCE_REFRESHES",
  "ACCOUNT_NUMBERS",
  "ACCOUNT_OWNERS",
  "ACCOUNT_STATEMENTS",
  "INVESTMENTS",
] as const;
const PROFILE_ID = "prof_fuzz";

/**
 * Values MX uses for the strings Weft reads (its examples, its documentation, Weft's own tables),
 * and some that no table has: the description allows any string.
 */
const MX_ACCOUNT_TYPES = [
  "ANY",
  "CHECKING",
  "SAVINGS",
  "LOAN",
  "CREDIT_CARD",
  "INVESTMENT",
  "LINE_OF_CREDIT",
  "MORTGAGE",
  "PROPERTY",
  "CASH",
  "INSURANCE",
  "PREPAID",
  "CHECKING_LINE_OF_CREDIT",
  "DIGITAL_WALLET",
];
const MX_SUBTYPES = [
  "NONE",
  "MONEY_MARKET",
  "CERTIFICATE_OF_DEPOSIT",
  "AUTO",
  "STUDENT",
  "SMALL_BUSINESS",
  "PERSONAL",
  "PERSONAL_WITH_COLLATERAL",
  "HOME_EQUITY",
  "PLAN_401_K",
  "401_K",
  "ROTH",
  "ROTH_IRA",
  "IRA",
  "BROKERAGE",
  "HEALTH_SAVINGS_ACCOUNT",
  "529",
];
const MX_HOLDING_TYPES = [
  "UNKNOWN_TYPE",
  "EQUITY",
  "EXCHANGE_TRADED_FUND",
  "INSURANCE",
  "MUTUAL_FUND",
  "BOND",
  "CASH",
  "MONEY_MARKET",
  "OPTIONS",
  "HEDGE_FUND",
  "ANNUITY",
  "UNIT_INVESTMENT_TRUST",
];
const MX_STATUSES = [...Object.keys(MX_CONNECTION_STATUSES), "NEW_STATUS", "constructor", "__proto__"];
/** The member statuses Weft syncs in (MX's "Member connection statuses"); any other is refused. */
const SYNCABLE = new Set(["CREATED", "CONNECTED", "RECONNECTED", "UPDATED", "RESUMED", "DELAYED"]);
const CURRENCIES = ["USD", "CAD", "EUR", "usd"];
const COUNTRIES = ["US", "CA", "GB", "MX", "FR"];

/** MX's properties that hold a day (YYYY-MM-DD), as its examples show. */
const DAY_PROPERTIES = new Set(["date", "issue_date", "maturity_date", "expiration"]);
/** MX's properties that hold an instant (its examples: "2016-10-13T18:08:00.000Z", "…+00:00"). */
const isInstantProperty = (property: string) =>
  /_at$|_on$|_as_of$|_to_date$|^vesting_(start|end)_date$/.test(property);

// ---------------------------------------------------------------------------------------------
// MX, answering from its description
// ---------------------------------------------------------------------------------------------

type Answer = { endpoint: string; status: number | "unreachable"; body: unknown };

/**
 * One seed's MX. Guids come from small pools (still strings, as the description has them) so that
 * numbers, owners, holdings and statements name accounts that exist; each call answers a fresh
 * sample, or an MX error now and then.
 */
class FuzzedMx {
  readonly random: Random;
  readonly sampler: SchemaSampler;
  readonly accountGuids: string[];
  /** Every answer, in order: what a failure prints. */
  readonly answers: Answer[] = [];
  private readonly errorRate: number;

  constructor(seed: string, errorRate = 0.04) {
    this.errorRate = errorRate;
    const random = new Random(seed);
    this.random = random;
    this.accountGuids = ["ACT-1", "ACT-2", random.pick(["ACT-3", "0", "constructor", "a".repeat(300)])];
    const choose = (site: Site, schema: Schema, r: Random): unknown => {
      const { owner, property } = site;
      if (schema.type !== "string" || property === undefined) return undefined;
      // An account's guid, or null (every guid is nullable in MX's description).
      if (property === "account_guid" || (owner === "AccountResponse" && property === "guid"))
        return r.chance(0.05) ? null : r.pick(this.accountGuids);
      if (!r.chance(0.85)) return undefined;
      if (DAY_PROPERTIES.has(property)) return this.sampler.date();
      if (isInstantProperty(property)) return this.sampler.dateTime();
      if (property === "currency_code") return r.pick(CURRENCIES);
      // Half the members can sync, so that the rest of a sync is reached.
      if (property === "connection_status") return r.pick(r.chance(0.5) ? [...SYNCABLE] : MX_STATUSES);
      // Digits, as MX's examples ("10001", "68899990000000").
      if (
        owner === "AccountNumberResponse" &&
        (property === "account_number" || property === "routing_number")
      )
        return r.digits(r.int(4, 17));
      if (owner === "AccountResponse" && property === "type") return r.pick(MX_ACCOUNT_TYPES);
      if (owner === "AccountResponse" && property === "subtype") return r.pick(MX_SUBTYPES);
      if (owner === "TransactionIncludesResponse" && property === "type") return r.pick(["CREDIT", "DEBIT"]);
      if (owner === "TransactionIncludesResponse" && property === "status")
        return r.pick(["POSTED", "PENDING"]);
      if (property === "holding_type") return r.pick(MX_HOLDING_TYPES);
      if (property === "quantity") return this.decimalText();
      if (property === "country") return r.pick(COUNTRIES);
      if (owner === "UserResponse" && property === "id" && r.chance(0.6)) return PROFILE_ID;
      return undefined;
    };
    this.sampler = new SchemaSampler(components, random, { choose });
  }

  /** A number as MX spells one in a string ("5000.0"), sometimes oddly. */
  private decimalText(): string {
    const r = this.random;
    const n = this.sampler.number({});
    return r.pick([
      String(n),
      Number.isInteger(n) ? `${n}.0` : String(n),
      n.toFixed(r.int(0, 8)),
      n.toExponential(),
      " 12.5 ",
    ]);
  }

  /** The bodies of the endpoint's 2xx answers so far. */
  bodies(endpoint: string): unknown[] {
    return this.answers
      .filter((a) => a.endpoint === endpoint && a.status !== "unreachable" && a.status < 300)
      .map((a) => a.body);
  }

  /** A 2xx answer for the endpoint, sampled from its response schema. */
  body(endpoint: string, page?: number): unknown {
    const described = mx.endpoints[endpoint];
    if (!described) throw new Error(`no schema for ${endpoint}`);
    if (described.response === null) return "";
    if (described.contentType !== "application/vnd.mx.api.v1+json")
      return Buffer.from(this.sampler.string({}), "utf8");
    const body = this.sampler.sample(described.response) as Record<string, unknown>;
    // Any page may say there are more; the run ends after a few pages, as every run does.
    const pagination = body.pagination as { total_pages?: number } | undefined;
    if (page !== undefined && page >= 3 && pagination) pagination.total_pages = page;
    return body;
  }

  /** MX's error answer as the official client (axios) throws it, or no answer at all. */
  private failure(endpoint: string): unknown {
    const r = this.random;
    if (r.chance(0.1)) {
      this.answers.push({ endpoint, status: "unreachable", body: null });
      return Object.assign(new Error("socket hang up"), {
        code: r.pick(["ECONNRESET", "ETIMEDOUT", undefined]),
      });
    }
    const status = r.pick([400, 401, 403, 404, 409, 422, 429, 500, 502, 503]);
    const message = this.sampler.string({});
    const data = r.pick<unknown>([
      { error: { message } },
      { error: message },
      { error: {} },
      { error: null },
      {},
      "<html>Bad Gateway</html>",
      "",
      null,
    ]);
    const retryAfter = r.pick<unknown>([undefined, "30", "0", "1.5", "-1", "soon", ["12"], 86_400]);
    this.answers.push({ endpoint, status, body: data });
    return Object.assign(new Error(`Request failed with status code ${status}`), {
      response: { status, data, headers: retryAfter === undefined ? {} : { "retry-after": retryAfter } },
    });
  }

  /** MX's answer to a call: a body, or its failure thrown as the official client throws it. */
  answer(endpoint: string, page?: number): Promise<{ data: unknown }> {
    if (this.random.chance(this.errorRate)) return Promise.reject(this.failure(endpoint));
    const data = this.body(endpoint, page);
    this.answers.push({ endpoint, status: mx.endpoints[endpoint]!.status, body: data });
    return Promise.resolve({ data });
  }

  /** The official client's APIs, each method answering from its endpoint's schema. */
  client(): MxClient {
    const apis: Record<string, Record<string, (...args: unknown[]) => Promise<{ data: unknown }>>> = {};
    for (const [endpoint, { api, operationId }] of Object.entries(mx.endpoints)) {
      // The list calls' page is their third argument (listMemberAccounts: fourth, after the filter).
      const pageAt = operationId === "listMemberAccounts" ? 3 : 2;
      apis[api] ??= {};
      apis[api][operationId] = (...args) => {
        const page = typeof args[pageAt] === "number" ? (args[pageAt] as number) : undefined;
        return this.answer(endpoint, page);
      };
    }
    return apis as unknown as MxClient;
  }

  provider(): MxProvider {
    const provider = new MxProvider({
      clientId: "fuzz",
      secret: "fuzz",
      providerEnv: "int",
      basePath: "https://int-api.mx.com",
      source: "server",
    });
    return Object.assign(provider, { client: this.client() });
  }

  /** An access token naming a member and some jobs still to start. */
  accessToken(): string {
    const jobs = MX_JOB_ORDER.filter(() => this.random.chance(0.4));
    return ["USR-fuzz", "MBR-fuzz", ...(jobs.length ? [jobs.join(",")] : [])].join(":");
  }
}

// ---------------------------------------------------------------------------------------------
// What Weft must make of it
// ---------------------------------------------------------------------------------------------

/** A decimal string as Weft stores money: no exponent, no trailing zeros, no "-0". */
const DECIMAL = /^-?(0|[1-9][0-9]*)(\.[0-9]*[1-9])?$/;
const isDecimal = (value: unknown) => typeof value === "string" && DECIMAL.test(value) && value !== "-0";
const isNullableDecimal = (value: unknown) => value === null || isDecimal(value);
const isInstant = (value: unknown) => value instanceof Date && Number.isFinite(value.getTime());
const isFilled = (value: unknown) => typeof value === "string" && value.trim() !== "";
/** MX's guids and codes are opaque: any string but the empty one. */
const isId = (value: unknown) => typeof value === "string" && value !== "";
const isNullableString = (value: unknown) => value === null || typeof value === "string";
const isStrings = (value: unknown) => Array.isArray(value) && value.every((v) => typeof v === "string");
const within = (set: readonly string[]) => (value: unknown) =>
  typeof value === "string" && set.includes(value);

class Problems {
  readonly list: string[] = [];
  check(ok: boolean, what: string, value: unknown) {
    if (!ok) this.list.push(`${what}: ${show(value)}`);
  }
}

function checkBalance(p: Problems, at: string, b: ProviderAccount["balance"]) {
  p.check(isNullableDecimal(b.available), `${at} balance.available`, b.available);
  p.check(isNullableDecimal(b.current), `${at} balance.current`, b.current);
  p.check(isNullableDecimal(b.limit), `${at} balance.limit`, b.limit);
  p.check(isInstant(b.at), `${at} balance.at`, b.at);
}

function checkAccount(p: Problems, a: ProviderAccount, guids: readonly string[]) {
  const at = `account ${show(a.externalId)}`;
  p.check(guids.includes(a.externalId), `${at} externalId is MX's guid`, a.externalId);
  p.check(isFilled(a.name), `${at} name`, a.name);
  p.check(isNullableString(a.mask), `${at} mask`, a.mask);
  p.check(within(ACCOUNT_KINDS)(a.kind), `${at} kind`, a.kind);
  p.check(within(ACCOUNT_TYPES)(a.type), `${at} type`, a.type);
  p.check(within(PROVIDER_ACCOUNT_STATUSES)(a.status), `${at} status`, a.status);
  p.check(isFilled(a.currencyCode), `${at} currencyCode`, a.currencyCode);
  checkBalance(p, at, a.balance);
  if (a.achNumbers !== null) {
    p.check(a.kind === "DEPOSITORY", `${at} achNumbers on a depository account`, a.kind);
    p.check(isFilled(a.achNumbers.number), `${at} achNumbers.number`, a.achNumbers.number);
    p.check(isFilled(a.achNumbers.routing), `${at} achNumbers.routing`, a.achNumbers.routing);
    p.check(isNullableString(a.achNumbers.wireRouting), `${at} wireRouting`, a.achNumbers.wireRouting);
  }
  for (const owner of a.owners ?? []) {
    p.check(isStrings(owner.names), `${at} owner names`, owner.names);
    p.check(isStrings(owner.emails), `${at} owner emails`, owner.emails);
    p.check(isStrings(owner.phones), `${at} owner phones`, owner.phones);
    for (const address of owner.addresses) {
      for (const key of ["line1", "city", "state", "postalCode", "countryCode"] as const)
        p.check(typeof address[key] === "string", `${at} owner address ${key}`, address[key]);
      p.check(address.line2 === null, `${at} owner address line2`, address.line2);
    }
  }
}

function checkTransaction(p: Problems, t: ProviderTransaction, guids: readonly string[]) {
  const at = `transaction ${show(t.externalId)}`;
  p.check(isId(t.externalId), `${at} externalId`, t.externalId);
  p.check(guids.includes(t.accountExternalId), `${at} accountExternalId`, t.accountExternalId);
  p.check(isDecimal(t.amount), `${at} amount`, t.amount);
  p.check(isFilled(t.currencyCode), `${at} currencyCode`, t.currencyCode);
  p.check(typeof t.date === "string" && isCalendarDay(t.date), `${at} date`, t.date);
  p.check(typeof t.description === "string", `${at} description`, t.description);
  p.check(within(TRANSACTION_STATUSES)(t.status), `${at} status`, t.status);
  p.check(isNullableString(t.pendingExternalId), `${at} pendingExternalId`, t.pendingExternalId);
}

function checkHolding(p: Problems, h: ProviderHolding, guids: readonly string[]) {
  const at = `holding ${show(h.accountExternalId)}/${show(h.security?.isin)}`;
  p.check(guids.includes(h.accountExternalId), `${at} accountExternalId`, h.accountExternalId);
  p.check(isDecimal(h.quantity), `${at} quantity`, h.quantity);
  p.check(isDecimal(h.price), `${at} price`, h.price);
  p.check(isDecimal(h.value), `${at} value`, h.value);
  p.check(isNullableDecimal(h.costBasis), `${at} costBasis`, h.costBasis);
  p.check(isFilled(h.currencyCode), `${at} currencyCode`, h.currencyCode);
  p.check(isInstant(h.at), `${at} at`, h.at);
  p.check(isFilled(h.security.name), `${at} security name`, h.security.name);
  p.check(isFilled(h.security.isin), `${at} security key`, h.security.isin);
  p.check(within(SECURITY_TYPES)(h.security.type), `${at} security type`, h.security.type);
  p.check(isFilled(h.security.currencyCode), `${at} security currencyCode`, h.security.currencyCode);
  p.check(isNullableString(h.security.tickerSymbol), `${at} tickerSymbol`, h.security.tickerSymbol);
  p.check(h.security.cusip === null, `${at} cusip`, h.security.cusip);
}

function checkStatement(p: Problems, s: ProviderStatement, fuzzed: FuzzedMx) {
  const at = `statement ${show(s.externalId)}`;
  p.check(isId(s.externalId), `${at} externalId`, s.externalId);
  p.check(fuzzed.accountGuids.includes(s.accountExternalId), `${at} accountExternalId`, s.accountExternalId);
  p.check(isCalendarDay(s.startOn) && s.startOn.endsWith("-01"), `${at} startOn`, s.startOn);
  p.check(isCalendarDay(s.endOn) && s.endOn > s.startOn, `${at} endOn`, s.endOn);
  p.check(s.endOn.slice(0, 7) === s.startOn.slice(0, 7), `${at} is one calendar month`, s);
  // MX names no period: the month before the one MX fetched it in (created_at's day, else now's).
  const months = fuzzed
    .bodies("GET /users/{user_guid}/members/{member_guid}/statements")
    .flatMap((b) => (b as { statements?: Record<string, unknown>[] }).statements ?? [])
    .filter((st) => st.guid === s.externalId && st.account_guid === s.accountExternalId)
    .map((st) => monthBefore(typeof st.created_at === "string" ? st.created_at : ""));
  p.check(months.includes(s.startOn.slice(0, 7)), `${at} is the month before MX fetched it`, {
    period: s,
    months,
  });
}

/** The month (YYYY-MM) before the one of an MX date-time that names a day, else of NOW. */
function monthBefore(createdAt: string): string {
  const named = /^\d{4}-\d{2}-\d{2}([Tt ]|$)/.test(createdAt) && isCalendarDay(createdAt.slice(0, 10));
  const day = named ? createdAt : NOW.toISOString();
  const [year, month] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  const [y, m] = month === 1 ? [year - 1, 12] : [year, month - 1];
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}`;
}

function checkSnapshot(p: Problems, s: ProviderSnapshot, fuzzed: FuzzedMx) {
  const guids = fuzzed.accountGuids;
  for (const a of s.accounts) checkAccount(p, a, guids);
  for (const t of s.transactions) checkTransaction(p, t, guids);
  // A security's key is MX's symbol or the holding's guid, as MX sent one (MX names no ISIN).
  const holdingKeys = new Set(
    fuzzed
      .bodies("GET /users/{user_guid}/members/{member_guid}/investment_holdings")
      .flatMap(
        (b) =>
          (b as { investment_holdings?: { symbol?: unknown; guid?: unknown }[] }).investment_holdings ?? [],
      )
      .flatMap((h) => [h.symbol, h.guid])
      .filter((key) => typeof key === "string" && key !== "")
      .map((key) => `MX:${key}`),
  );
  for (const h of s.holdings ?? []) {
    checkHolding(p, h, guids);
    p.check(
      holdingKeys.has(h.security.isin),
      `holding ${show(h.security.isin)} key is MX's symbol or guid`,
      h.security.isin,
    );
  }
  for (const st of s.statements) checkStatement(p, st, fuzzed);
  if (s.rotatedAccessToken !== undefined) {
    try {
      memberRefOf(s.rotatedAccessToken);
    } catch {
      p.list.push(`rotatedAccessToken is no member reference: ${show(s.rotatedAccessToken)}`);
    }
  }
  if (s.historyPulled !== undefined)
    p.check(within(["NONE", "RECENT", "ALL"])(s.historyPulled), "historyPulled", s.historyPulled);
  for (const d of s.documents ?? []) {
    p.check(typeof d.path === "string" && d.body !== undefined, "document", d.path);
    p.check(canSerialize(d.body), `document ${d.path} is JSON`, d.path);
  }
}

/** A rejection must be Weft's typed provider failure, with details it can store. */
function checkFailure(p: Problems, error: unknown, allowed: (error: unknown) => boolean = () => false) {
  if (allowed(error)) return;
  if (error instanceof ProviderRateLimited) {
    // Retry-After: 0 (retry now) is HTTP's; what MX sends is read as whole seconds.
    const wait = error.retryAfterSeconds;
    p.check(Number.isSafeInteger(wait) && wait >= 0, "rate limit retryAfterSeconds", wait);
    checkDetails(p, error.details);
    return;
  }
  if (error instanceof ProviderError) {
    p.check(within(CONNECTION_STATUSES)(error.status), "provider error status", error.status);
    checkDetails(p, error.details);
    return;
  }
  p.list.push(`threw something other than a provider error: ${(error as Error)?.stack ?? show(error)}`);
}

function checkDetails(p: Problems, d: ProviderError["details"]) {
  p.check(isFilled(d.errorType), "errorType", d.errorType);
  p.check(isFilled(d.errorCode), "errorCode", d.errorCode);
  p.check(typeof d.errorMessage === "string", "errorMessage", d.errorMessage);
  for (const key of ["displayMessage", "requestId", "suggestedAction", "documentationUrl"] as const)
    p.check(isNullableString(d[key]), key, d[key]);
}

const canSerialize = (value: unknown) => {
  try {
    JSON.stringify(value);
    return true;
  } catch {
    return false;
  }
};

/** A value for a failure message: long strings shortened. */
function show(value: unknown): string {
  if (value instanceof Date)
    return `Date(${Number.isFinite(value.getTime()) ? value.toISOString() : "Invalid"})`;
  if (typeof value === "function") return `[function ${value.name}]`;
  if (value instanceof Uint8Array) return `<${value.length} bytes>`;
  return (
    JSON.stringify(value, (_key, v) =>
      typeof v === "string" && v.length > 60 ? `${v.slice(0, 40)}…(${v.length} chars)` : v,
    ) ?? String(value)
  );
}

type Failure = { problems: string[]; text: string };

/** Runs one seed: its problems, with the seed and every answer MX gave in it; null if none. */
async function runSeed(
  seed: string,
  fuzzed: FuzzedMx,
  body: (p: Problems) => Promise<void>,
): Promise<Failure | null> {
  const p = new Problems();
  try {
    await body(p);
  } catch (error) {
    p.list.push(`uncaught: ${(error as Error)?.stack ?? show(error)}`);
  }
  if (p.list.length === 0) return null;
  const answers = fuzzed.answers.map((a) => `  ${a.endpoint} → ${a.status} ${show(a.body)}`).join("\n");
  return {
    problems: p.list,
    text: `seed "${seed}":\n${p.list.join("\n")}\nMX answered:\n${answers.slice(0, 20_000)}`,
  };
}

/**
 * Fails, after every seed has run, with how many failed, how often each kind of problem came up
 * (a problem's first line, its account or transaction named no more), and the first seeds in full.
 */
function report(failures: (Failure | null)[]) {
  const failed = failures.filter((f) => f !== null);
  if (failed.length === 0) return;
  const kinds = new Map<string, number>();
  for (const { problems } of failed)
    for (const problem of problems) {
      const kind = problem
        .split("\n")[0]!
        .replace(
          /^(account|transaction|holding|statement) ("(?:[^"\\]|\\.)*"|\S+?)(\/("(?:[^"\\]|\\.)*"|\S+))? /,
          "$1 ",
        )
        .slice(0, 160);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
  const tally = [...kinds].map(([kind, n]) => `  ${n} × ${kind}`).join("\n");
  expect.fail(
    `${failed.length} of ${failures.length} seeds failed:\n${tally}\n\nthe first:\n\n${failed
      .slice(0, 3)
      .map((f) => f.text)
      .join("\n\n")}`,
  );
}

const seeds = (name: string) => Array.from({ length: SEEDS }, (_, i) => `${name}:${i}`);

/** A provider's "not an answer we can use" that the job retries, as for every provider. */
const noAccount = (e: unknown) => e instanceof Error && e.message.startsWith("MX returned no account");

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

describe("the sampler", () => {
  it("answers only what MX's description allows (checked with Ajv)", () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    ajv.addSchema({ components: { schemas: forAjv(components) } }, "mx");
    const json = Object.entries(mx.endpoints).filter(
      ([, e]) => e.contentType === "application/vnd.mx.api.v1+json" && e.response,
    );
    expect(json.length).toBeGreaterThan(15);
    for (const [endpoint, e] of json) {
      const response = e.response!;
      const validate = ajv.compile(forAjv({ ...response, $ref: `mx${response.$ref}` }));
      for (const seed of seeds(`sampler ${endpoint}`).slice(0, 50)) {
        const instance = new FuzzedMx(seed).body(endpoint);
        if (!validate(instance))
          expect.fail(`${endpoint}, seed "${seed}": ${ajv.errorsText(validate.errors)}\n${show(instance)}`);
      }
    }
  });
});

/** OpenAPI 3.0's nullable for Ajv: `{nullable: true, …}` as `{anyOf: [{type: "null"}, …]}`. */
function forAjv<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(forAjv) as T;
  if (schema === null || typeof schema !== "object") return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = key === "enum" ? value : forAjv(value);
  if (out.nullable === true) {
    const { nullable: _n, ...rest } = out;
    return { anyOf: [{ type: "null" }, rest] } as T;
  }
  return out as T;
}

describe("Weft's MX adapter on anything MX's description allows", () => {
  it("signs every amount MX may send as an exact decimal by its DEBIT or CREDIT (3,000 numbers)", () => {
    const failures = [];
    for (const seed of seeds("amounts").slice(0, 10)) {
      const fuzzed = new FuzzedMx(seed);
      for (let i = 0; i < 300; i++) {
        const amount = fuzzed.sampler.number({ type: "number" });
        const type = fuzzed.random.pick(["DEBIT", "CREDIT", null, "debit", "constructor"]);
        const weft = weftAmountOf(amount, type);
        const magnitude = Math.abs(amount);
        const exact = magnitude >= 1e-6 || magnitude === 0;
        const ok =
          isDecimal(weft) &&
          (weft === "0"
            ? magnitude < 1e-12
            : (type === "CREDIT" ? !weft.startsWith("-") : weft.startsWith("-")) &&
              (exact
                ? Math.abs(Number(weft)) === magnitude
                : Math.abs(Math.abs(Number(weft)) - magnitude) < 1e-12));
        if (!ok) failures.push(`seed "${seed}" #${i}: ${amount} ${type} -> ${weft}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it(`syncs every product (${SEEDS} seeds)`, async () => {
    const failures = [];
    for (const seed of seeds("fetch")) {
      const fuzzed = new FuzzedMx(seed, 0.02);
      const failure = await runSeed(seed, fuzzed, async (p) => {
        try {
          const snapshot = await fuzzed.provider().fetch({
            accessToken: fuzzed.accessToken(),
            now: NOW,
            window: WINDOW,
            products: EVERY_PRODUCT,
            attempt: 1,
          });
          checkSnapshot(p, snapshot, fuzzed);
          const member = fuzzed.bodies("GET /users/{user_guid}/members/{member_guid}")[0] as {
            member?: { connection_status?: string | null } | null;
          };
          const status = member.member?.connection_status;
          // A status MX does not say (null, blank) is a member that syncs, as it always was for null.
          const said = status?.trim() ? status : null;
          p.check(said === null || SYNCABLE.has(said), "synced a member in status", status);
        } catch (error) {
          checkFailure(p, error);
        }
      });
      failures.push(failure);
    }
    report(failures);
  });

  it(`lists accounts, refreshes a balance, lists statements, downloads one, revokes (${SEEDS} seeds)`, async () => {
    const failures = [];
    for (const seed of seeds("calls")) {
      const fuzzed = new FuzzedMx(seed);
      const failure = await runSeed(seed, fuzzed, async (p) => {
        const provider = fuzzed.provider();
        const accessToken = fuzzed.accessToken();
        try {
          const accounts = await provider.listAccounts({ accessToken, products: EVERY_PRODUCT, now: NOW });
          for (const a of accounts) checkAccount(p, a, fuzzed.accountGuids);
        } catch (error) {
          checkFailure(p, error);
        }
        const accountExternalId = fuzzed.random.pick(fuzzed.accountGuids);
        for (const attempt of [1, 2]) {
          try {
            const balance = await provider.refreshBalance({
              accessToken,
              accountExternalId,
              now: NOW,
              attempt,
            });
            p.check(attempt > 1, "the first attempt starts MX's balance check", balance);
            checkBalance(p, "refreshed", balance);
          } catch (error) {
            // MX checks in the background: not ready yet, or an answer without the account.
            checkFailure(p, error, (e) => e instanceof ProviderNotReady || noAccount(e));
          }
        }
        try {
          const statements = await provider.listStatements({ accessToken, window: WINDOW, now: NOW });
          for (const s of statements) checkStatement(p, s, fuzzed);
        } catch (error) {
          checkFailure(p, error);
        }
        try {
          const pdf = await provider.statementPdf({ accessToken, statementExternalId: "STA-1" });
          p.check(pdf instanceof Uint8Array, "statement PDF bytes", pdf);
        } catch (error) {
          checkFailure(p, error);
        }
        try {
          await provider.revoke({ accessToken });
        } catch (error) {
          checkFailure(p, error);
        }
      });
      failures.push(failure);
    }
    report(failures);
  });

  it(`finds or creates the profile's MX user, describes institutions for the catalogue (${SEEDS} seeds)`, async () => {
    const failures = [];
    for (const seed of seeds("users")) {
      const fuzzed = new FuzzedMx(seed);
      const failure = await runSeed(seed, fuzzed, async (p) => {
        const provider = fuzzed.provider();
        try {
          const guid = await mxUserGuid(provider, PROFILE_ID);
          p.check(typeof guid === "string" && guid !== "", "user guid", guid);
        } catch (error) {
          // What callMx throws (translated for the caller by modules/mx), or MX knowing no such user.
          const expected =
            error instanceof MxApiError ||
            error instanceof MxUnreachableError ||
            (error instanceof Error && error.message.startsWith("MX has no user"));
          if (!expected) p.list.push(`mxUserGuid threw: ${(error as Error)?.stack ?? show(error)}`);
        }
        const answer = (await fuzzed.answer("GET /institutions").catch(() => null)) as {
          data: { institutions?: Parameters<typeof institutionOf>[0][] };
        } | null;
        for (const institution of answer?.data.institutions ?? []) {
          const described = institutionOf(institution);
          if (described === null) continue;
          p.check(isId(described.code), "institution code", described.code);
          p.check(isFilled(described.name), "institution name", described.name);
          p.check(isNullableString(described.url), "institution url", described.url);
          p.check(described.products.every(within(PRODUCTS)), "institution products", described.products);
        }
      });
      failures.push(failure);
    }
    report(failures);
  });
});
