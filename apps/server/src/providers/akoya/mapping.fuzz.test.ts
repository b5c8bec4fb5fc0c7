import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ACCOUNT_KINDS,
  ACCOUNT_TYPES,
  CONNECTION_STATUSES,
  PROVIDER_ACCOUNT_STATUSES,
  SECURITY_TYPES,
  TRANSACTION_STATUSES,
} from "../../db/schema/index.ts";
import { isCalendarDay } from "../dates.ts";
import { Random } from "../mock/prng.ts";
import { type Schema, SchemaSampler, type Site } from "../test/sample-schema.ts";
import {
  type ProviderAccount,
  ProviderError,
  type ProviderHolding,
  type ProviderOwner,
  ProviderRateLimited,
  type ProviderSnapshot,
  type ProviderTransaction,
} from "../types.ts";
import { AkoyaProvider, accessTokenOfGrant } from "./provider.ts";
import fixture from "./test/openapi-responses.json" with { type: "json" };

/**
 * Schema fuzzing of Weft's Akoya adapter: for fixed seeds, every Akoya product Weft calls answers
 * (through the real AkoyaClient, over a stubbed fetch) a random instance of its response schema
 * in the FDX API's description (FDX 5.2.0, the version Akoya's v2 products follow: Akoya publishes
 * no OpenAPI document of its own; see test/extract-openapi.ts), or now and then FDX's Error with an
 * error status; and what Weft makes of it must hold: no exception but Weft's typed provider errors
 * (and its refusal to follow a link to another host), amounts as decimal strings, real days,
 * non-blank names and currencies, enums within Weft's sets. Akoya's token endpoint is not FDX: a
 * forced refresh (after a 401) answers fixed tokens. A failure names its seed and every answer.
 */

type Endpoint = { fdx: string; operationId: string; contentType: string; response: Schema };
type Fixture = {
  endpoints: Record<string, Endpoint>;
  error: Schema;
  components: { schemas: Record<string, Schema> };
};
const akoya = fixture as unknown as Fixture;
const components = akoya.components.schemas;

const SEEDS = 300;
const NOW = new Date("2026-06-15T12:00:00.000Z");
const WIDE_WINDOW = { startOn: "0001-01-01", endOn: "9999-12-31" };
const EVERY_PRODUCT = [
  "ACCOUNT_BALANCES_AND_TRANSACTIONS",
  "ACCOUNT_BALANCE_REFRESHES",
  "ACCOUNT_NUMBERS",
  "ACCOUNT_OWNERS",
  "INVESTMENTS",
] as const;
const PRODUCTS_URL = "https://products.akoya.test";
const PROVIDER_ID = "mikomo";
const VALID_CUSIP = "037833100";
const VALID_ISIN = "US0378331005";

// ---------------------------------------------------------------------------------------------
// Akoya, answering from FDX's description
// ---------------------------------------------------------------------------------------------

/** Weft's calls, as `GET path` with the path's parameters written as in the fixture. */
function endpointOf(pathname: string): string {
  const patterns: [RegExp, string][] = [
    [/^\/balances\/v2\/[^/]+$/, "GET /balances/v2/{providerId}"],
    [/^\/accounts\/v2\/[^/]+$/, "GET /accounts/v2/{providerId}"],
    [/^\/transactions\/v2\/[^/]+\/[^/]+$/, "GET /transactions/v2/{providerId}/{accountId}"],
    [
      /^\/payments\/v2\/[^/]+\/[^/]+\/payment-networks$/,
      "GET /payments/v2/{providerId}/{accountId}/payment-networks",
    ],
    [/^\/customers\/v2\/[^/]+\/current$/, "GET /customers/v2/{providerId}/current"],
  ];
  return patterns.find(([pattern]) => pattern.test(pathname))?.[1] ?? `GET ${pathname}`;
}

/**
 * One seed's Akoya. Account and transaction ids come from small pools (Identifier strings, up to
 * 256 characters), so transactions, payment networks and holdings name accounts that exist.
 */
class FuzzedAkoya {
  readonly random: Random;
  readonly sampler: SchemaSampler;
  readonly accountIds: string[];
  /** Every answer, in order: what a failure prints. */
  readonly answers: { endpoint: string; status: number; body: unknown }[] = [];
  private readonly errorRate: number;
  private pages = 0;

  constructor(seed: string, errorRate = 0.04) {
    this.errorRate = errorRate;
    const random = new Random(seed);
    this.random = random;
    this.accountIds = ["acc_1", "acc_2", random.pick(["0", "constructor", "a".repeat(256)])];
    const transactionIds = ["txn_1", "txn_2", "txn_3", "toString", ""];
    const choose = (site: Site, _schema: Schema, r: Random): unknown => {
      const at = `${site.owner}.${site.property}`;
      // By property: allOf merges name the merged schema (DepositAccount…), not AccountDescriptor.
      if (site.property === "accountId") return r.pick(this.accountIds);
      if (site.property === "transactionId") return r.pick(transactionIds);
      // TelephoneNumber.number's pattern (\d+), which the sampler does not make.
      if (at === "TelephoneNumber.number") return String(r.int(0, 10 ** r.int(1, 15) - 1));
      // Links are uri-references: relative (as Akoya's are), absolute on Akoya's host, empty, or elsewhere.
      if (at === "HateoasLink.href")
        return r.pick([
          `/transactions/v2/${PROVIDER_ID}/acc_1?offset=${r.int(1, 5)}`,
          `/transactions/v2/${PROVIDER_ID}/acc_1?offset=${r.int(1, 5)}`,
          `${PRODUCTS_URL}/transactions/v2/${PROVIDER_ID}/acc_2?offset=tok${r.int(1, 5)}`,
          `?offset=${r.int(1, 5)}`,
          "",
          "https://elsewhere.example/transactions?offset=2",
        ]);
      if (at === "CardArt.imageUri") return "https://cards.example/art.png";
      if (site.property === "securityId" && r.chance(0.5))
        return r.pick([VALID_CUSIP, VALID_ISIN, VALID_CUSIP.toLowerCase()]);
      return undefined;
    };
    this.sampler = new SchemaSampler(components, random, { choose });
  }

  /** A success body for the endpoint, sampled from its response schema. */
  body(endpoint: string): unknown {
    const described = akoya.endpoints[endpoint];
    if (!described) throw new Error(`no schema for ${endpoint}`);
    const body = this.sampler.sample(described.response) as Record<string, unknown>;
    if (endpoint === "GET /transactions/v2/{providerId}/{accountId}" && ++this.pages >= 6) delete body.links;
    return body;
  }

  /** The stubbed fetch: Akoya's answer to one request. */
  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    const r = this.random;
    if (url.pathname === "/token") {
      // Not FDX, not described: fixed tokens, as Akoya's documentation shows them.
      const body = {
        id_token: "id-2",
        access_token: "a-2",
        refresh_token: "r-2",
        token_type: "bearer",
        expires_in: 900,
      };
      this.answers.push({ endpoint: "POST /token", status: 200, body });
      return Response.json(body);
    }
    if (url.pathname === "/revoke") {
      this.answers.push({ endpoint: "POST /revoke", status: 200, body: null });
      return new Response(null, { status: 200 });
    }
    const endpoint = endpointOf(url.pathname);
    if (init?.method && init.method !== "GET") throw new Error(`Weft called ${init.method} ${url.pathname}`);
    if (r.chance(this.errorRate)) {
      const status = r.pick([400, 401, 403, 404, 408, 429, 500, 501, 502, 503, 504]);
      const body = this.sampler.sample(akoya.error);
      this.answers.push({ endpoint, status, body });
      return Response.json(body, { status });
    }
    const described = akoya.endpoints[endpoint];
    if (!described) throw new Error(`Weft called ${endpoint}, which the fixture does not describe`);
    const body = this.body(endpoint);
    this.answers.push({ endpoint, status: 200, body });
    return Response.json(body, { headers: { "Content-Type": described.contentType } });
  };

  provider(): AkoyaProvider {
    return new AkoyaProvider(
      { clientId: "fuzz", clientSecret: "fuzz", productsUrl: PRODUCTS_URL, idpUrl: "https://idp.akoya.test" },
      async () => {},
    );
  }

  /** A grant whose id_token is good (a 401 still forces a refresh). */
  accessToken(seed: string): string {
    return accessTokenOfGrant({
      providerId: PROVIDER_ID,
      consentId: `consent-${seed}`,
      idToken: "id-1",
      idTokenExpiresAt: NOW.getTime() + 3_600_000,
      refreshToken: "r-1",
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
  p.check(ids.includes(a.externalId), `${at} externalId is Akoya's accountId`, a.externalId);
  p.check(isFilled(a.name), `${at} name`, a.name);
  p.check(a.mask === null || /^[0-9A-Za-z]{1,4}$/.test(a.mask), `${at} mask`, a.mask);
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

function checkOwner(p: Problems, o: ProviderOwner) {
  const strings = (value: unknown) => Array.isArray(value) && value.every((v) => typeof v === "string");
  p.check(strings(o.names) && o.names.every(isFilled), "owner names", o.names);
  p.check(strings(o.emails), "owner emails", o.emails);
  p.check(strings(o.phones) && o.phones.every(isFilled), "owner phones", o.phones);
  for (const address of o.addresses) {
    for (const key of ["line1", "city", "state", "postalCode", "countryCode"] as const)
      p.check(typeof address[key] === "string", `owner address ${key}`, address[key]);
    p.check(isNullableString(address.line2), "owner address line2", address.line2);
  }
}

function checkSnapshot(p: Problems, s: ProviderSnapshot, ids: readonly string[]) {
  for (const a of s.accounts) checkAccount(p, a, ids);
  for (const t of s.transactions) checkTransaction(p, t, ids);
  for (const h of s.holdings ?? []) checkHolding(p, h, ids);
  for (const a of s.accounts) for (const o of a.owners ?? []) checkOwner(p, o);
  p.check((s.statements ?? []).length === 0, "statements (Weft reads none from Akoya)", s.statements);
  for (const d of s.documents ?? []) {
    p.check(typeof d.path === "string" && d.body !== undefined, "document", d.path);
    p.check(canSerialize(d.body), `document ${d.path} is JSON`, d.path);
  }
}

const canSerialize = (value: unknown) => {
  try {
    JSON.stringify(value);
    return true;
  } catch {
    return false;
  }
};

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

/** Runs one seed: its problems, with the seed and every answer Akoya gave in it; null if none. */
async function runSeed(
  seed: string,
  fuzzed: FuzzedAkoya,
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
 * colon), then the first failing seeds with their problems and everything Akoya answered.
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
      (f) => `seed "${f.seed}":\n${f.problems.join("\n")}\nAkoya answered:\n${f.answers.slice(0, 20_000)}`,
    );
  expect.fail(
    `${failed.length} of ${failures.length} seeds failed; seeds with each problem:\n${tally}\n\nThe first:\n\n${first.join("\n\n")}`,
  );
}

const seeds = (name: string) => Array.from({ length: SEEDS }, (_, i) => `${name}:${i}`);

/** Weft's deliberate refusals: a link to another host (the id_token goes to Akoya's host only). */
const refusedLink = (e: unknown) =>
  e instanceof Error && e.message.startsWith("Akoya linked to another host");

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

describe("the sampler", () => {
  it("answers only what FDX's description allows (checked with Ajv)", () => {
    const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
      addFormatsModule) as typeof addFormatsModule.default;
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv as never);
    ajv.addSchema({ components: { schemas: forAjv(components) } }, "fdx");
    const targets = [
      ...Object.entries(akoya.endpoints).map(([endpoint, e]) => [endpoint, e.response] as const),
      ["error", akoya.error] as const,
    ];
    for (const [endpoint, schema] of targets) {
      const validate = ajv.compile(forAjv(retarget(schema)));
      for (const seed of seeds(`sampler ${endpoint}`).slice(0, 50)) {
        const instance = new FuzzedAkoya(seed).sampler.sample(schema);
        if (!validate(instance))
          expect.fail(`${endpoint}, seed "${seed}": ${ajv.errorsText(validate.errors)}\n${show(instance)}`);
      }
    }
  });
});

/** The fixture's $refs, pointed into the schema Ajv holds as "fdx". */
function retarget<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(retarget) as T;
  if (schema === null || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, key === "$ref" ? `fdx${value}` : retarget(value)]),
  ) as T;
}

/**
 * FDX's oneOf for Ajv: FDX wraps each account and transaction in a one-property object
 * ({depositAccount: …}), one oneOf branch per wrapper, none requiring its property — so every
 * instance matches every branch and no instance could pass oneOf as written. What FDX means is
 * "one of these wrappers": anyOf. (The sampler picks one branch, as it does for oneOf.)
 */
function forAjv<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(forAjv) as T;
  if (schema === null || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key === "oneOf" ? "anyOf" : key,
      key === "enum" ? value : forAjv(value),
    ]),
  ) as T;
}

describe("Weft's Akoya adapter on anything FDX's description allows", () => {
  afterEach(() => vi.unstubAllGlobals());

  it(`syncs every product (${SEEDS} seeds)`, async () => {
    const failures = [];
    for (const seed of seeds("fetch")) {
      const fuzzed = new FuzzedAkoya(seed);
      const failure = await runSeed(seed, fuzzed, async (p) => {
        try {
          const snapshot = await fuzzed.provider().fetch({
            accessToken: fuzzed.accessToken(seed),
            now: NOW,
            window: WIDE_WINDOW,
            products: EVERY_PRODUCT,
            attempt: 1,
          });
          checkSnapshot(p, snapshot, fuzzed.accountIds);
        } catch (error) {
          checkFailure(p, error, refusedLink);
        }
      });
      failures.push(failure);
    }
    report(failures);
  });

  it(`lists accounts, refreshes a balance, revokes (${SEEDS} seeds)`, async () => {
    const failures = [];
    for (const seed of seeds("calls")) {
      const fuzzed = new FuzzedAkoya(seed);
      const failure = await runSeed(seed, fuzzed, async (p) => {
        const provider = fuzzed.provider();
        const accessToken = fuzzed.accessToken(seed);
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
            (e) => e instanceof Error && e.message.startsWith("Akoya returned no account"),
          );
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
});
