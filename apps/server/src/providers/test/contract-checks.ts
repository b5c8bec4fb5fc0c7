import { expect } from "vitest";
import {
  ACCOUNT_KINDS,
  ACCOUNT_TYPES,
  CONNECTION_STATUSES,
  PROVIDER_ACCOUNT_STATUSES,
  type Product,
  SECURITY_TYPES,
  TRANSACTION_STATUSES,
} from "../../db/schema/index.ts";
import { isCalendarDay } from "../dates.ts";
import { Random } from "../mock/prng.ts";
import {
  type DataProvider,
  type DateWindow,
  type ProviderAccount,
  type ProviderBalance,
  ProviderError,
  type ProviderHolding,
  type ProviderOwner,
  ProviderRateLimited,
  type ProviderSnapshot,
  type ProviderStatement,
  type ProviderTransaction,
} from "../types.ts";

/**
 * What every provider's schema fuzzing (each provider's mapping.fuzz.test.ts) asks of what the
 * provider's adapter hands Weft, whatever the provider answered: Weft's provider contract
 * (providers/types.ts) as values — amounts as decimal strings, real days and instants, non-blank
 * names and currencies, enums within Weft's sets, ids the provider gave — and no exception but
 * Weft's typed provider errors, with details it can store. Then how a test runs its seeds and
 * reports the ones that failed, with everything the provider answered in them.
 *
 * Where providers' adapters differ (what a mask or a CUSIP may look like, whether an owner's address
 * has a second line, which strings are passed on as the provider sent them, blank or not, whether a
 * rate limit may say "retry now"), contractChecks takes the provider's answer as an option;
 * everything else is checked alike for all.
 */

/** The fuzz tests' clock: every call is made at this instant. */
export const NOW = new Date("2026-06-15T12:00:00.000Z");
/** A window every statement period and transaction is in, so that each one is mapped. */
export const WIDE_WINDOW = { startOn: "0001-01-01", endOn: "9999-12-31" };

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

/** A decimal string as Weft stores money: no exponent, no trailing zeros, no "-0". */
const DECIMAL = /^-?(0|[1-9][0-9]*)(\.[0-9]*[1-9])?$/;
export const isDecimal = (value: unknown) =>
  typeof value === "string" && DECIMAL.test(value) && value !== "-0";
export const isNullableDecimal = (value: unknown) => value === null || isDecimal(value);
export const isInstant = (value: unknown) => value instanceof Date && Number.isFinite(value.getTime());
export const isFilled = (value: unknown) => typeof value === "string" && value.trim() !== "";
export const isNullableString = (value: unknown) => value === null || typeof value === "string";
export const isStrings = (value: unknown) =>
  Array.isArray(value) && value.every((v) => typeof v === "string");
export const within = (set: readonly string[]) => (value: unknown) =>
  typeof value === "string" && set.includes(value);

const canSerialize = (value: unknown) => {
  try {
    JSON.stringify(value);
    return true;
  } catch {
    return false;
  }
};

/** A value for a failure message: long strings shortened. */
export function show(value: unknown): string {
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

/** What one seed found wrong. */
export class Problems {
  readonly list: string[] = [];
  check(ok: boolean, what: string, value: unknown) {
    if (!ok) this.list.push(`${what}: ${show(value)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Weft's provider contract
// ---------------------------------------------------------------------------------------------

/**
 * What a string the provider hands Weft must be: a pattern it matches, any string ("any": the
 * provider's own value, passed on as it came), or nothing (null: the provider names none, so it is
 * always null). Null itself is fine wherever Weft's types allow it.
 */
export type Shape = RegExp | "any" | null;

/** Not blank (as isFilled): some character that is not white space. */
export const FILLED = /\S/;
/** Not empty: blank is a value too (an opaque id or code). */
export const NOT_EMPTY = /[\s\S]/;

const fits = (value: unknown, shape: Shape, nullable: boolean) => {
  if (value === null) return nullable;
  if (typeof value !== "string" || shape === null) return false;
  return shape === "any" || shape.test(value);
};

/**
 * Where providers' adapters legitimately differ, what the provider's tests ask; what is not said
 * is checked as strictly as for every provider.
 */
export type ContractOptions = {
  strings?: {
    /** An account's mask (or null). Default: up to four letters or digits, the end of an account number. */
    mask?: Shape;
    /** An owner's names and phone numbers. Default: FILLED. */
    owner?: Shape;
    /** An owner address's second line (or null). Default: any string. */
    line2?: Shape;
    /** A security's CUSIP (or null). Default: nine capitals and digits. */
    cusip?: Shape;
    /** A statement's externalId. Default: FILLED. */
    statementId?: Shape;
  };
  /**
   * A rate limit may say "retry now" (0 seconds: HTTP's Retry-After: 0, passed on). Default: a
   * rate limit waits a whole number of seconds above 0.
   */
  retryNow?: boolean;
};

/**
 * The checks, for one provider's options. `ids` are the account ids the fuzzed provider hands
 * out: every account, transaction, holding and statement Weft keeps must name one of them.
 */
export function contractChecks(options: ContractOptions = {}) {
  const {
    mask = /^[0-9A-Za-z]{1,4}$/,
    owner = FILLED,
    line2 = "any",
    cusip = /^[0-9A-Z]{9}$/,
    statementId = FILLED,
  } = options.strings ?? {};
  const { retryNow = false } = options;

  function checkBalance(p: Problems, at: string, b: ProviderAccount["balance"]) {
    p.check(isNullableDecimal(b.available), `${at} balance.available`, b.available);
    p.check(isNullableDecimal(b.current), `${at} balance.current`, b.current);
    p.check(isNullableDecimal(b.limit), `${at} balance.limit`, b.limit);
    p.check(isInstant(b.at), `${at} balance.at`, b.at);
  }

  function checkOwner(p: Problems, at: string, o: ProviderOwner) {
    const all = (values: unknown) =>
      isStrings(values) && (values as string[]).every((v) => fits(v, owner, false));
    p.check(all(o.names), `${at} owner names`, o.names);
    p.check(isStrings(o.emails), `${at} owner emails`, o.emails);
    p.check(all(o.phones), `${at} owner phones`, o.phones);
    for (const address of o.addresses) {
      for (const key of ["line1", "city", "state", "postalCode", "countryCode"] as const)
        p.check(typeof address[key] === "string", `${at} owner address ${key}`, address[key]);
      p.check(fits(address.line2, line2, true), `${at} owner address line2`, address.line2);
    }
  }

  function checkAccount(p: Problems, a: ProviderAccount, ids: readonly string[]) {
    const at = `account ${show(a.externalId)}`;
    p.check(ids.includes(a.externalId), `${at} externalId is the provider's account id`, a.externalId);
    p.check(isFilled(a.name), `${at} name`, a.name);
    p.check(fits(a.mask, mask, true), `${at} mask`, a.mask);
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
    for (const o of a.owners ?? []) checkOwner(p, at, o);
  }

  function checkTransaction(p: Problems, t: ProviderTransaction, ids: readonly string[]) {
    const at = `transaction ${show(t.externalId)}`;
    p.check(isFilled(t.externalId), `${at} externalId`, t.externalId);
    p.check(ids.includes(t.accountExternalId), `${at} accountExternalId`, t.accountExternalId);
    p.check(isDecimal(t.amount), `${at} amount`, t.amount);
    p.check(isFilled(t.currencyCode), `${at} currencyCode`, t.currencyCode);
    p.check(typeof t.date === "string" && isCalendarDay(t.date), `${at} date`, t.date);
    p.check(typeof t.description === "string", `${at} description`, t.description);
    p.check(within(TRANSACTION_STATUSES)(t.status), `${at} status`, t.status);
    p.check(isNullableString(t.pendingExternalId), `${at} pendingExternalId`, t.pendingExternalId);
  }

  function checkHolding(p: Problems, h: ProviderHolding, ids: readonly string[]) {
    const at = `holding ${show(h.accountExternalId)}/${show(h.security?.isin)}`;
    p.check(ids.includes(h.accountExternalId), `${at} accountExternalId`, h.accountExternalId);
    p.check(isDecimal(h.quantity), `${at} quantity`, h.quantity);
    p.check(isDecimal(h.price), `${at} price`, h.price);
    p.check(isDecimal(h.value), `${at} value`, h.value);
    p.check(isNullableDecimal(h.costBasis), `${at} costBasis`, h.costBasis);
    p.check(isFilled(h.currencyCode), `${at} currencyCode`, h.currencyCode);
    p.check(isInstant(h.at), `${at} at`, h.at);
    p.check(isFilled(h.security.name), `${at} security name`, h.security.name);
    p.check(isFilled(h.security.isin), `${at} security isin (or key)`, h.security.isin);
    p.check(within(SECURITY_TYPES)(h.security.type), `${at} security type`, h.security.type);
    p.check(isFilled(h.security.currencyCode), `${at} security currencyCode`, h.security.currencyCode);
    p.check(isNullableString(h.security.tickerSymbol), `${at} tickerSymbol`, h.security.tickerSymbol);
    p.check(fits(h.security.cusip, cusip, true), `${at} cusip`, h.security.cusip);
  }

  /** A statement is one calendar month's. */
  function checkStatement(p: Problems, s: ProviderStatement, ids: readonly string[]) {
    const at = `statement ${show(s.externalId)}`;
    p.check(fits(s.externalId, statementId, false), `${at} externalId`, s.externalId);
    p.check(ids.includes(s.accountExternalId), `${at} accountExternalId`, s.accountExternalId);
    p.check(isCalendarDay(s.startOn) && s.startOn.endsWith("-01"), `${at} startOn`, s.startOn);
    p.check(isCalendarDay(s.endOn) && s.endOn > s.startOn, `${at} endOn`, s.endOn);
    p.check(s.endOn.slice(0, 7) === s.startOn.slice(0, 7), `${at} is one calendar month`, s);
  }

  function checkSnapshot(p: Problems, s: ProviderSnapshot, ids: readonly string[]) {
    for (const a of s.accounts) checkAccount(p, a, ids);
    for (const t of s.transactions) checkTransaction(p, t, ids);
    for (const h of s.holdings ?? []) checkHolding(p, h, ids);
    for (const st of s.statements ?? []) checkStatement(p, st, ids);
    if (s.transactionChanges) {
      p.check(typeof s.transactionChanges.cursor === "string", "cursor", s.transactionChanges.cursor);
      for (const r of s.transactionChanges.removed)
        p.check(typeof r.externalId === "string" && typeof r.accountExternalId === "string", "removed", r);
    }
    if (s.historyPulled !== undefined)
      p.check(within(["NONE", "RECENT", "ALL"])(s.historyPulled), "historyPulled", s.historyPulled);
    for (const d of s.documents ?? []) {
      p.check(typeof d.path === "string" && d.body !== undefined, "document", d.path);
      p.check(canSerialize(d.body), `document ${d.path} is JSON`, d.path);
    }
  }

  function checkDetails(p: Problems, d: ProviderError["details"]) {
    p.check(isFilled(d.errorType), "errorType", d.errorType);
    p.check(isFilled(d.errorCode), "errorCode", d.errorCode);
    p.check(typeof d.errorMessage === "string", "errorMessage", d.errorMessage);
    for (const key of ["displayMessage", "requestId", "suggestedAction", "documentationUrl"] as const)
      p.check(isNullableString(d[key]), key, d[key]);
  }

  /** A rejection must be Weft's typed provider failure, with details it can store (or one `allowed`). */
  function checkFailure(p: Problems, error: unknown, allowed: (error: unknown) => boolean = () => false) {
    if (allowed(error)) return;
    if (error instanceof ProviderRateLimited) {
      const wait = error.retryAfterSeconds;
      p.check(Number.isSafeInteger(wait) && wait >= (retryNow ? 0 : 1), "rate limit retryAfterSeconds", wait);
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

  /**
   * A provider's calls besides fetch, in order: it lists the accounts, refreshes one's balance
   * (`account`, chosen after the listing), lists the statements in `statementsIn` (for a provider
   * Weft reads statements from), revokes; each hands Weft what Weft's types say or fails as a
   * provider error (a refresh may also fail as `refreshRetried`, which the refresh job retries).
   */
  async function checkCalls(
    p: Problems,
    provider: Pick<DataProvider, "listAccounts" | "listStatements" | "revoke"> & {
      refreshBalance(request: {
        accessToken: string;
        accountExternalId: string;
        now: Date;
      }): Promise<ProviderBalance>;
    },
    calls: {
      accessToken: string;
      products: readonly Product[];
      now: Date;
      ids: readonly string[];
      account: () => string;
      refreshRetried: (error: unknown) => boolean;
      statementsIn?: DateWindow;
    },
  ) {
    const { accessToken, products, now, ids } = calls;
    await attempt(p, async () => {
      const accounts = await provider.listAccounts({ accessToken, products, now });
      for (const a of accounts) checkAccount(p, a, ids);
    });
    const accountExternalId = calls.account();
    await attempt(
      p,
      async () =>
        checkBalance(p, "refreshed", await provider.refreshBalance({ accessToken, accountExternalId, now })),
      calls.refreshRetried,
    );
    const window = calls.statementsIn;
    if (window) {
      await attempt(p, async () => {
        const statements = await provider.listStatements({ accessToken, window, now });
        for (const s of statements) checkStatement(p, s, ids);
      });
    }
    await attempt(p, () => provider.revoke({ accessToken }));
  }

  /** One call to the adapter: what it answers is checked by `run`; what it throws, as a failure. */
  async function attempt(p: Problems, run: () => Promise<unknown>, allowed?: (error: unknown) => boolean) {
    try {
      await run();
    } catch (error) {
      checkFailure(p, error, allowed);
    }
  }

  return {
    attempt,
    checkCalls,
    checkAccount,
    checkBalance,
    checkTransaction,
    checkHolding,
    checkStatement,
    checkSnapshot,
    checkDetails,
    checkFailure,
  };
}

// ---------------------------------------------------------------------------------------------
// Running seeds
// ---------------------------------------------------------------------------------------------

/** One answer a fuzzed provider gave: to which endpoint, with what status, what body. */
export type Answer = { endpoint: string; status: number | string; body: unknown };

/**
 * One seed's fuzzed provider: its randomness (from the seed), how often a call fails instead of
 * answering, and every answer it gave, in order (what a failure prints, under its label).
 */
export abstract class FuzzedProvider {
  abstract readonly label: string;
  readonly random: Random;
  readonly answers: Answer[] = [];
  protected readonly errorRate: number;

  constructor(seed: string, errorRate: number) {
    this.random = new Random(seed);
    this.errorRate = errorRate;
  }
}

type Failure = { seed: string; problems: string[]; answers: string };

/** `count` seeds named after what they test: "fetch:0", "fetch:1", … (fixed: every run is the same). */
export const seeds = (name: string, count: number) => Array.from({ length: count }, (_, i) => `${name}:${i}`);

/**
 * Runs `check` on each seed's fuzzed provider (`make`), then fails, after every seed has run, with
 * how often each kind of problem came up (its text up to the colon, a seed counted once) and the
 * first failing seeds with their problems and everything the provider answered in them.
 */
export async function fuzzSeeds<F extends FuzzedProvider>(
  names: readonly string[],
  make: (seed: string) => F,
  check: (p: Problems, fuzzed: F, seed: string) => Promise<void>,
): Promise<void> {
  const failures: (Failure | null)[] = [];
  for (const seed of names) {
    const fuzzed = make(seed);
    const p = new Problems();
    try {
      await check(p, fuzzed, seed);
    } catch (error) {
      p.list.push(`uncaught: ${(error as Error)?.stack ?? show(error)}`);
    }
    if (p.list.length === 0) {
      failures.push(null);
      continue;
    }
    const answers = fuzzed.answers.map((a) => `  ${a.endpoint} → ${a.status} ${show(a.body)}`).join("\n");
    failures.push({
      seed,
      problems: p.list,
      answers: `${fuzzed.label} answered:\n${answers.slice(0, 20_000)}`,
    });
  }
  const failed = failures.filter((f) => f !== null);
  if (failed.length === 0) return;
  const kinds = new Map<string, number>();
  for (const f of failed)
    for (const problem of new Set(f.problems.map((line) => line.split(": ")[0]!.replace(/"[^"]*"/g, "…"))))
      kinds.set(problem, (kinds.get(problem) ?? 0) + 1);
  const tally = [...kinds].map(([kind, count]) => `  ${count} × ${kind}`).join("\n");
  const first = failed.slice(0, 3).map((f) => `seed "${f.seed}":\n${f.problems.join("\n")}\n${f.answers}`);
  expect.fail(
    `${failed.length} of ${failures.length} seeds failed; seeds with each problem:\n${tally}\n\nThe first:\n\n${first.join("\n\n")}`,
  );
}
