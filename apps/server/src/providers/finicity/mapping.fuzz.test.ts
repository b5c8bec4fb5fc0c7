import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ACCOUNT_KINDS,
  ACCOUNT_TYPES,
  CONNECTION_STATUSES,
  PRODUCTS,
  PROVIDER_ACCOUNT_STATUSES,
  SECURITY_TYPES,
  TRANSACTION_STATUSES,
} from "../../db/schema/index.ts";
import { productsOfInstitution } from "../../modules/finicity/institutions.ts";
import { isCalendarDay } from "../dates.ts";
import { Random } from "../mock/prng.ts";
import { type Schema, SchemaSampler, type Site } from "../test/sample-schema.ts";
import {
  type ProviderAccount,
  ProviderError,
  type ProviderHolding,
  ProviderRateLimited,
  type ProviderSnapshot,
  type ProviderStatement,
  type ProviderTransaction,
} from "../types.ts";
import { MFA_CHALLENGE_NEEDED } from "./client.ts";
import { FinicityProvider } from "./provider.ts";
import fixture from "./test/openapi-responses.json" with { type: "json" };

/**
 * Schema fuzzing of Weft's Finicity adapter: for fixed seeds, every Finicity endpoint Weft calls
 * answers (through the real FinicityClient, over a stubbed fetch) a random instance of its
 * response schema in Finicity's own OpenAPI description (openbanking-us.yaml), or now and then
 * Finicity's ErrorMessage with an error status, or a 203; and what Weft makes of it must hold: no
 * exception but Weft's typed provider errors, amounts as decimal strings, real days, non-blank
 * names and currencies, enums within Weft's sets. Finicity's dates are int64 Unix seconds with no
 * bounds, so odd epochs (0, negative, year 10000, milliseconds, 2^53) are tried. The fixture
 * test/openapi-responses.json is extracted by test/extract-openapi.ts. A failure names its seed
 * and every answer Finicity gave in it.
 */

type Endpoint = { operationId: string; status: string; contentType: string; response: Schema };
type Fixture = {
  endpoints: Record<string, Endpoint>;
  error: Schema;
  components: { schemas: Record<string, Schema> };
};
const finicity = fixture as unknown as Fixture;
const components = finicity.components.schemas;

const SEEDS = 300;
const NOW = new Date("2026-06-15T12:00:00.000Z");
const WIDE_WINDOW = { startOn: "0001-01-01", endOn: "9999-12-31" };
const EVERY_PRODUCT = [
  "ACCOUNT_BALANCES_AND_TRANSACTIONS",
  "ACCOUNT_BALANCE_REFRESHES",
  "ACCOUNT_NUMBERS",
  "ACCOUNT_OWNERS",
  "ACCOUNT_STATEMENTS",
  "INVESTMENTS",
] as const;

/** Finicity's AccountType values (a plain string in the description, its values listed in prose), and a new one. */
const ACCOUNT_TYPE_VALUES = [
  "checking",
  "savings",
  "cd",
  "moneyMarket",
  "creditCard",
  "lineOfCredit",
  "investment",
  "investmentTaxDeferred",
  "401k",
  "roth",
  "529plan",
  "mortgage",
  "loan",
  "studentLoan",
  "cryptocurrency",
  "newFinicityType",
];
/** Aggregation status codes: mostly healthy, some needing the user, some the institution's. */
const AGGREGATION_CODES = [0, 0, 0, 0, 103, 185, 945, 102, 580, 901];
/**
 * Odd Unix seconds, all int64 as the description allows: the epoch, before it, the first and last
 * seconds of years 0001 and 9999 and just outside, milliseconds sent as seconds, 2^53 - 1.
 */
const ODD_EPOCHS = [
  0,
  -1,
  -2_208_988_800,
  -62_135_596_800,
  -62_135_596_801,
  253_402_300_799,
  253_402_300_800,
  1_718_452_800_000,
  8_640_000_000_000,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
];
const VALID_CUSIP = "037833100";
const VALID_ISIN = "US0378331005";

// ---------------------------------------------------------------------------------------------
// Finicity, answering from its description
// ---------------------------------------------------------------------------------------------

/** Weft's calls, as `METHOD path` with the path's parameters written as in the description. */
function endpointOf(method: string, pathname: string): string | undefined {
  const patterns: [RegExp, string][] = [
    [/^\/aggregation\/v1\/customers\/[^/]+\/accounts$/, "/aggregation/v1/customers/{customerId}/accounts"],
    [
      /^\/aggregation\/v1\/customers\/[^/]+\/institutionLogins\/[^/]+\/accounts$/,
      "/aggregation/v1/customers/{customerId}/institutionLogins/{institutionLoginId}/accounts",
    ],
    [
      /^\/aggregation\/v1\/customers\/[^/]+\/institutionLogins\/[^/]+$/,
      "/aggregation/v1/customers/{customerId}/institutionLogins/{institutionLoginId}",
    ],
    [
      /^\/aggregation\/v3\/customers\/[^/]+\/transactions$/,
      "/aggregation/v3/customers/{customerId}/transactions",
    ],
    [
      /^\/aggregation\/v1\/customers\/[^/]+\/accounts\/[^/]+\/transactions\/historic$/,
      "/aggregation/v1/customers/{customerId}/accounts/{accountId}/transactions/historic",
    ],
    [
      /^\/aggregation\/v1\/customers\/[^/]+\/accounts\/[^/]+\/details$/,
      "/aggregation/v1/customers/{customerId}/accounts/{accountId}/details",
    ],
    [/^\/institution\/v2\/institutions\/[^/]+$/, "/institution/v2/institutions/{institutionId}"],
  ];
  const path = patterns.find(([pattern]) => pattern.test(pathname))?.[1] ?? pathname;
  return `${method} ${path}`;
}

/** The endpoints that answer no body (204): Load Historic Transactions, Delete Institution Login. */
const NO_CONTENT = new Set([
  "POST /aggregation/v1/customers/{customerId}/accounts/{accountId}/transactions/historic",
  "DELETE /aggregation/v1/customers/{customerId}/institutionLogins/{institutionLoginId}",
]);

/**
 * One seed's Finicity. Account ids come from a small pool (AccountId is a string, a transaction's
 * accountId an int64: the same numbers), so transactions and details name accounts that exist.
 */
class FuzzedFinicity {
  readonly random: Random;
  readonly sampler: SchemaSampler;
  readonly accountIds: string[];
  /** Every answer, in order: what a failure prints. */
  readonly answers: { endpoint: string; status: number; body: unknown }[] = [];
  private readonly errorRate: number;
  private transactionPages = 0;

  constructor(seed: string, errorRate = 0.04) {
    this.errorRate = errorRate;
    const random = new Random(seed);
    this.random = random;
    const numericIds = [1001, 1002, random.pick([0, 1003, Number.MAX_SAFE_INTEGER])];
    this.accountIds = numericIds.map(String);
    const choose = (site: Site, schema: Schema, r: Random): unknown => {
      const at = `${site.owner}.${site.property}`;
      if (at === "CustomerAccount.id") return r.pick(this.accountIds);
      if (at === "Transaction.accountId") return r.pick(numericIds);
      if (at === "CustomerAccount.type" && r.chance(0.75)) return r.pick(ACCOUNT_TYPE_VALUES);
      if (at === "CustomerAccount.aggregationStatusCode" && r.chance(0.8)) return r.pick(AGGREGATION_CODES);
      if (at === "Transaction.status" && r.chance(0.8)) return r.pick(["active", "pending", "shadow"]);
      if (at === "CustomerAccountPosition.securityIdType" && r.chance(0.5)) return r.pick(["CUSIP", "ISIN"]);
      if (at === "CustomerAccountPosition.securityId" && r.chance(0.5))
        return r.pick([VALID_CUSIP, VALID_ISIN, VALID_CUSIP.toLowerCase()]);
      // Unix seconds: mostly this century, sometimes an odd epoch.
      if (schema.type === "integer" && schema.format === "int64" && /Date$/.test(site.property ?? ""))
        return r.chance(0.3) ? r.pick(ODD_EPOCHS) : r.int(946_684_800, 2_000_000_000);
      return undefined;
    };
    this.sampler = new SchemaSampler(components, random, { choose });
  }

  /** A success body for the endpoint, sampled from its response schema. */
  body(endpoint: string): unknown {
    const described = finicity.endpoints[endpoint];
    if (!described) throw new Error(`no schema for ${endpoint}`);
    const body = this.sampler.sample(described.response) as Record<string, unknown>;
    if (endpoint === "GET /aggregation/v3/customers/{customerId}/transactions") {
      // Any page may have more; a run ends after a few pages, as every run does.
      this.transactionPages++;
      if (this.transactionPages >= 3) body.moreAvailable = false;
    }
    return body;
  }

  /** The stubbed fetch: Finicity's answer to one request. */
  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    const endpoint = endpointOf(init?.method ?? "GET", url.pathname) ?? "";
    const r = this.random;
    if (r.chance(this.errorRate)) {
      // 203: the institution asks an MFA question (documented for historic transactions; tried everywhere).
      const status = r.pick([400, 401, 403, 404, 429, 500, 501, 503, MFA_CHALLENGE_NEEDED]);
      const body = this.sampler.sample(finicity.error);
      this.answers.push({ endpoint, status, body });
      // No Retry-After: the description documents none.
      return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    }
    if (NO_CONTENT.has(endpoint)) {
      this.answers.push({ endpoint, status: 204, body: null });
      return new Response(null, { status: 204 });
    }
    const described = finicity.endpoints[endpoint];
    if (!described) throw new Error(`Weft called ${endpoint}, which the fixture does not describe`);
    const body = this.body(endpoint);
    const status = Number(described.status);
    this.answers.push({ endpoint, status, body });
    return new Response(JSON.stringify(body), {
      status,
      headers: { "Content-Type": described.contentType },
    });
  };

  provider(seed: string): FinicityProvider {
    // A partner of its own: the token cache (per base path, partner and app key) starts empty.
    return new FinicityProvider({
      partnerId: `fuzz-${seed}`,
      partnerSecret: "fuzz",
      appKey: "fuzz",
      basePath: "https://api.finicity.test",
    });
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
const isNullableString = (value: unknown) => value === null || typeof value === "string";
const within = (set: readonly string[]) => (value: unknown) =>
  typeof value === "string" && set.includes(value);

class Problems {
  readonly list: string[] = [];
  check(ok: boolean, what: string, value: unknown) {
    if (!ok) this.list.push(`${what}: ${show(value)}`);
  }
}

function checkAccount(p: Problems, a: ProviderAccount, ids: readonly string[]) {
  const at = `account ${show(a.externalId)}`;
  p.check(ids.includes(a.externalId), `${at} externalId is Finicity's id`, a.externalId);
  p.check(isFilled(a.name), `${at} name`, a.name);
  p.check(a.mask === null || /^[0-9]{1,4}$/.test(a.mask), `${at} mask`, a.mask);
  p.check(within(ACCOUNT_KINDS)(a.kind), `${at} kind`, a.kind);
  p.check(within(ACCOUNT_TYPES)(a.type), `${at} type`, a.type);
  p.check(within(PROVIDER_ACCOUNT_STATUSES)(a.status), `${at} status`, a.status);
  p.check(isFilled(a.currencyCode), `${at} currencyCode`, a.currencyCode);
  checkBalance(p, at, a.balance);
  if (a.achNumbers !== null) {
    p.check(typeof a.achNumbers.number === "string", `${at} achNumbers.number`, a.achNumbers.number);
    p.check(typeof a.achNumbers.routing === "string", `${at} achNumbers.routing`, a.achNumbers.routing);
  }
}

function checkBalance(p: Problems, at: string, b: ProviderAccount["balance"]) {
  p.check(isNullableDecimal(b.available), `${at} balance.available`, b.available);
  p.check(isNullableDecimal(b.current), `${at} balance.current`, b.current);
  p.check(isNullableDecimal(b.limit), `${at} balance.limit`, b.limit);
  p.check(isInstant(b.at), `${at} balance.at`, b.at);
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
  p.check(
    h.security.cusip === null || /^[0-9A-Z]{9}$/.test(h.security.cusip),
    `${at} cusip`,
    h.security.cusip,
  );
}

function checkStatement(p: Problems, s: ProviderStatement) {
  const at = `statement ${show(s.externalId)}`;
  p.check(isCalendarDay(s.startOn) && s.startOn.endsWith("-01"), `${at} startOn`, s.startOn);
  p.check(isCalendarDay(s.endOn) && s.endOn >= s.startOn, `${at} endOn`, s.endOn);
}

function checkSnapshot(p: Problems, s: ProviderSnapshot, ids: readonly string[]) {
  for (const a of s.accounts) checkAccount(p, a, ids);
  for (const t of s.transactions) checkTransaction(p, t, ids);
  for (const h of s.holdings ?? []) checkHolding(p, h, ids);
  for (const st of s.statements ?? []) checkStatement(p, st);
}

/** A rejection must be Weft's typed provider failure, with details it can store. */
function checkFailure(p: Problems, error: unknown, allowed: (error: unknown) => boolean = () => false) {
  if (allowed(error)) return;
  if (error instanceof ProviderRateLimited) {
    p.check(error.retryAfterSeconds > 0, "rate limit retryAfterSeconds", error.retryAfterSeconds);
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

/** A value for a failure message: long strings shortened. */
function show(value: unknown): string {
  if (value instanceof Date)
    return `Date(${Number.isFinite(value.getTime()) ? value.toISOString() : "Invalid"})`;
  if (typeof value === "function") return `[function ${value.name}]`;
  return (
    JSON.stringify(value, (_key, v) =>
      typeof v === "string" && v.length > 60 ? `${v.slice(0, 40)}…(${v.length} chars)` : v,
    ) ?? String(value)
  );
}

type Failure = { seed: string; problems: string[]; answers: string } | null;

/** Runs one seed: its problems, with the seed and every answer Finicity gave in it; null if none. */
async function runSeed(
  seed: string,
  fuzzed: FuzzedFinicity,
  body: (p: Problems) => Promise<void>,
): Promise<Failure> {
  const p = new Problems();
  vi.stubGlobal("fetch", fuzzed.fetch);
  try {
    await body(p);
  } catch (error) {
    p.list.push(`uncaught: ${(error as Error)?.stack ?? show(error)}`);
  }
  if (p.list.length === 0) return null;
  const answers = fuzzed.answers.map((a) => `  ${a.endpoint} → ${a.status} ${show(a.body)}`).join("\n");
  return { seed, problems: p.list, answers };
}

/**
 * Fails after every seed has run: how often each kind of problem came up (its text up to the
 * colon), then the first failing seeds with their problems and everything Finicity answered.
 */
function report(failures: Failure[]) {
  const failed = failures.filter((f) => f !== null);
  if (failed.length === 0) return;
  const kinds = new Map<string, number>();
  for (const f of failed)
    for (const problem of new Set(f.problems.map((line) => line.split(": ")[0]!.replace(/"[^"]*"/g, "…"))))
      kinds.set(problem, (kinds.get(problem) ?? 0) + 1);
  const tally = [...kinds].map(([kind, count]) => `  ${count} × ${kind}`).join("\n");
  const first = failed
    .slice(0, 3)
    .map(
      (f) => `seed "${f.seed}":\n${f.problems.join("\n")}\nFinicity answered:\n${f.answers.slice(0, 20_000)}`,
    );
  expect.fail(
    `${failed.length} of ${failures.length} seeds failed; seeds with each problem:\n${tally}\n\nThe first:\n\n${first.join("\n\n")}`,
  );
}

const seeds = (name: string) => Array.from({ length: SEEDS }, (_, i) => `${name}:${i}`);

/** A connection's reference: customer, institution login, and sometimes history still to load. */
const accessTokenFor = (r: Random) => `5000:6000${r.chance(0.3) ? ":historic" : ""}`;

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

describe("the sampler", () => {
  it("answers only what Finicity's description allows (checked with Ajv)", () => {
    const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
      addFormatsModule) as typeof addFormatsModule.default;
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv as never);
    // Numeric formats check numbers only: StringUnixDate, a string of format int64, is any string.
    for (const format of ["int32", "int64", "float", "double"])
      ajv.addFormat(format, { type: "number", validate: Number.isFinite });
    ajv.addSchema({ components: { schemas: components } }, "finicity");
    const targets = [
      ...Object.entries(finicity.endpoints).map(([endpoint, e]) => [endpoint, e.response] as const),
      ["error", finicity.error] as const,
    ];
    for (const [endpoint, schema] of targets) {
      const validate = ajv.compile({ ...schema, $ref: `finicity${schema.$ref}` });
      for (const seed of seeds(`sampler ${endpoint}`).slice(0, 50)) {
        const instance = new FuzzedFinicity(seed).sampler.sample(schema);
        if (!validate(instance))
          expect.fail(`${endpoint}, seed "${seed}": ${ajv.errorsText(validate.errors)}\n${show(instance)}`);
      }
    }
  });
});

describe("Weft's Finicity adapter on anything Finicity's description allows", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: NOW }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it(`syncs every product (${SEEDS} seeds)`, async () => {
    const failures = [];
    for (const seed of seeds("fetch")) {
      const fuzzed = new FuzzedFinicity(seed);
      const r = fuzzed.random;
      const failure = await runSeed(seed, fuzzed, async (p) => {
        try {
          const snapshot = await fuzzed.provider(seed).fetch({
            accessToken: accessTokenFor(r),
            now: NOW,
            window: WIDE_WINDOW,
            products: EVERY_PRODUCT,
            attempt: 1,
            accountsWithNumbers: new Set(r.chance(0.3) ? [fuzzed.accountIds[0]!] : []),
            sharedAccounts: r.chance(0.3) ? fuzzed.accountIds.slice(0, 2) : null,
          });
          checkSnapshot(p, snapshot, fuzzed.accountIds);
        } catch (error) {
          checkFailure(p, error);
        }
      });
      failures.push(failure);
    }
    report(failures);
  });

  it(`lists accounts, refreshes a balance, lists statements, revokes (${SEEDS} seeds)`, async () => {
    const failures = [];
    for (const seed of seeds("calls")) {
      const fuzzed = new FuzzedFinicity(seed);
      const failure = await runSeed(seed, fuzzed, async (p) => {
        const provider = fuzzed.provider(seed);
        const accessToken = accessTokenFor(fuzzed.random);
        try {
          const accounts = await provider.listAccounts({ accessToken, products: EVERY_PRODUCT, now: NOW });
          for (const a of accounts) checkAccount(p, a, fuzzed.accountIds);
        } catch (error) {
          checkFailure(p, error);
        }
        const accountExternalId = fuzzed.random.pick(fuzzed.accountIds);
        try {
          const balance = await provider.refreshBalance({ accessToken, accountExternalId, now: NOW });
          checkBalance(p, "refreshed", balance);
        } catch (error) {
          // An answer without the account: the refresh job fails and retries, as for every provider.
          checkFailure(
            p,
            error,
            (e) => e instanceof Error && e.message.startsWith("Finicity returned no account"),
          );
        }
        try {
          const statements = await provider.listStatements({ accessToken, window: WIDE_WINDOW, now: NOW });
          for (const s of statements) checkStatement(p, s);
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

  it(`reads customers, Connect links and institutions as Weft's Finicity module does (${SEEDS} seeds)`, async () => {
    const failures = [];
    for (const seed of seeds("module")) {
      const fuzzed = new FuzzedFinicity(seed, 0);
      const failure = await runSeed(seed, fuzzed, async (p) => {
        const client = fuzzed.provider(seed).client;
        const created = await client.createCustomer(fuzzed.random.pick(["testing", "active"]), {
          username: "fuzz",
        });
        p.check(typeof created.id === "string", "created customer id", created.id);
        const found = await client.findCustomers("fuzz");
        p.check(Array.isArray(found.customers), "customers", found.customers);
        const { link } = await client.generateConnectUrl({ customerId: "5000" });
        p.check(typeof link === "string", "Connect link", link);
        const { accounts } = await client.customerAccounts("5000");
        for (const account of accounts)
          p.check(Number.isFinite(account.createdDate), "account createdDate", account.createdDate);
        const { institution } = await client.institution("101732");
        const { institutions } = await client.institutions("fuzz", 25);
        for (const i of [institution, ...institutions]) {
          const products = productsOfInstitution(i);
          p.check(products.every(within(PRODUCTS)), "institution products", products);
        }
      });
      failures.push(failure);
    }
    report(failures);
  });
});
