import { createHash } from "node:crypto";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import type { PlaidApi } from "plaid";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ACCOUNT_KINDS,
  ACCOUNT_TYPES,
  CONNECTION_STATUSES,
  PRODUCTS,
  PROVIDER_ACCOUNT_STATUSES,
  SECURITY_TYPES,
  TRANSACTION_STATUSES,
} from "../../db/schema/index.ts";
import { isCalendarDay } from "../dates.ts";
import { Random } from "../mock/prng.ts";
import { decimalOf } from "../money.ts";
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
import {
  errorDetailsOf,
  institutionOf,
  PRODUCT_UNAVAILABLE_CODES,
  productsOfItem,
  statusOfPlaidError,
  weftAmountOf,
} from "./mapping.ts";
import { PlaidProvider } from "./provider.ts";
import fixture from "./test/openapi-responses.json" with { type: "json" };
import { verifyPlaidWebhook, WebhookVerificationError } from "./webhooks.ts";

/**
 * Schema fuzzing of Weft's Plaid adapter: for fixed seeds, every Plaid endpoint Weft calls answers
 * a random instance of its response schema in Plaid's own OpenAPI description (or, sometimes,
 * Plaid's error object), and what Weft makes of it must hold: no exception but Weft's typed
 * provider errors, amounts as decimal strings, real days, non-blank names and currencies, enums
 * within Weft's sets. test/openapi-responses.json is extracted from plaid/plaid-openapi by
 * test/extract-openapi.ts. A failure names its seed and the answers Plaid gave in it.
 */

type Fixture = {
  endpoints: Record<string, { operationId: string; contentType: string; response: Schema }>;
  error: Schema;
  components: { schemas: Record<string, Schema> };
};
const plaid = fixture as unknown as Fixture;
const components = plaid.components.schemas;

const SEEDS = 300;
const NOW = new Date("2026-06-15T12:00:00.000Z");
/** Every statement period is in it, so each one is mapped. */
const WIDE_WINDOW = { startOn: "0001-01-01", endOn: "9999-12-31" };
const EVERY_PRODUCT = [
  "ACCOUNT_BALANCES_AND_TRANSACTIONS",
  "ACCOUNT_BALANCE_REFRESHES",
  "ACCOUNT_NUMBERS",
  "ACCOUNT_OWNERS",
  "ACCOUNT_STATEMENTS",
  "INVESTMENTS",
  "LIABILITIES",
] as const;

/** Plaid documents that account subtypes may gain values. */
const OPEN_ENUMS = new Set(["AccountSubtype"]);

/** Error codes Weft treats apart (and a few it does not), so that each branch is taken. */
const ERROR_CODES = [
  "ITEM_LOGIN_REQUIRED",
  "PENDING_EXPIRATION",
  "NO_ACCOUNTS",
  "INSTITUTION_DOWN",
  "INSTITUTION_NOT_RESPONDING",
  "RATE_LIMIT_EXCEEDED",
  "TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION",
  "INVALID_ACCESS_TOKEN",
  "ITEM_NOT_FOUND",
  "INTERNAL_SERVER_ERROR",
  ...PRODUCT_UNAVAILABLE_CODES,
];
const PFC_PRIMARY = ["FOOD_AND_DRINK", "INCOME", "TRANSFER_OUT", "LOAN_PAYMENTS", "NEW_PRIMARY_CATEGORY"];
const PFC_DETAILED = [
  "FOOD_AND_DRINK_COFFEE",
  "INCOME_WAGES",
  "TRANSFER_OUT_ACCOUNT_TRANSFER",
  "NEW_DETAILED",
];

// ---------------------------------------------------------------------------------------------
// Plaid, answering from its description
// ---------------------------------------------------------------------------------------------

/**
 * One seed's Plaid. Ids come from small pools (still strings, as the description has them) so
 * that numbers, owners, holdings and removals name accounts, securities and transactions that
 * exist; each call answers a fresh sample, or Plaid's error object now and then.
 */
class FuzzedPlaid {
  readonly random: Random;
  readonly sampler: SchemaSampler;
  readonly accountIds: string[];
  /** Every answer, in order: what a failure prints. */
  readonly answers: { path: string; status: number; body: unknown }[] = [];
  /** How often a call answers Plaid's error object instead. */
  private readonly errorRate: number;
  private syncPages = 0;

  constructor(seed: string, errorRate = 0.05) {
    this.errorRate = errorRate;
    const random = new Random(seed);
    this.random = random;
    this.accountIds = ["acc_1", "acc_2", random.pick(["acc_3", "0", "constructor", "a".repeat(300)])];
    const securityIds = ["sec_1", "sec_2", "__proto__"];
    const transactionIds = ["txn_1", "txn_2", "txn_3", "txn_4", "toString"];
    const choose = (site: Site, schema: Schema, r: Random): unknown => {
      const at = `${site.owner}.${site.property}`;
      if (schema.type === "string" && !schema.nullable) {
        if (site.property === "account_id") return r.pick(this.accountIds);
        if (site.property === "security_id") return r.pick(securityIds);
        if (site.property === "transaction_id") return r.pick(transactionIds);
        if (at === "PlaidError.error_code" && r.chance(0.7)) return r.pick(ERROR_CODES);
        if (at === "PersonalFinanceCategory.primary" && r.chance(0.7)) return r.pick(PFC_PRIMARY);
        if (at === "PersonalFinanceCategory.detailed" && r.chance(0.7)) return r.pick(PFC_DETAILED);
      }
      // Mostly a real month, so that statements are mapped too (the description bounds neither).
      if (at === "StatementsStatement.month" && r.chance(0.7)) return r.int(1, 12);
      if (at === "StatementsStatement.year" && r.chance(0.7)) return r.int(2010, 2035);
      return undefined;
    };
    this.sampler = new SchemaSampler(components, random, { openEnums: OPEN_ENUMS, choose });
  }

  /** A 200 answer for the endpoint, sampled from its response schema. */
  body(path: string): unknown {
    const endpoint = plaid.endpoints[path];
    if (!endpoint) throw new Error(`no schema for ${path}`);
    const body = this.sampler.sample(endpoint.response) as Record<string, unknown>;
    if (path === "/transactions/sync") {
      // Any page may have more; the run ends after a few pages, as every run does.
      this.syncPages++;
      if (this.syncPages >= 3) body.has_more = false;
    }
    return body;
  }

  /** Plaid's answer to a call: a body, or its error object thrown as the official client throws it. */
  answer(path: string, body = () => this.body(path)): Promise<{ data: unknown }> {
    if (this.random.chance(this.errorRate)) {
      const status = this.random.pick([400, 401, 403, 404, 429, 500, 502, 503]);
      const data = this.sampler.sample(plaid.error);
      this.answers.push({ path, status, body: data });
      return Promise.reject(
        Object.assign(new Error(`Request failed with status code ${status}`), { response: { status, data } }),
      );
    }
    const data = body();
    this.answers.push({ path, status: 200, body: data });
    return Promise.resolve({ data });
  }

  /** The official client's methods, each answering from its endpoint's schema. */
  client(overrides: Partial<Record<keyof PlaidApi, () => Promise<{ data: unknown }>>> = {}): PlaidApi {
    const methods = Object.fromEntries(
      Object.entries(plaid.endpoints).map(([path, { operationId }]) => [
        operationId,
        () => this.answer(path),
      ]),
    );
    return { ...methods, ...overrides } as unknown as PlaidApi;
  }

  provider(overrides?: Parameters<FuzzedPlaid["client"]>[0]): PlaidProvider {
    const provider = new PlaidProvider({
      clientId: "fuzz",
      secret: "fuzz",
      providerEnv: "sandbox",
      basePath: "https://sandbox.plaid.com",
      source: "server",
    });
    return Object.assign(provider, { client: this.client(overrides) });
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
const isStrings = (value: unknown) => Array.isArray(value) && value.every((v) => typeof v === "string");
const within = (set: readonly string[]) => (value: unknown) =>
  typeof value === "string" && set.includes(value);

class Problems {
  readonly list: string[] = [];
  check(ok: boolean, what: string, value: unknown) {
    if (!ok) this.list.push(`${what}: ${show(value)}`);
  }
}

function checkAccount(p: Problems, a: ProviderAccount, plaidIds: readonly string[]) {
  const at = `account ${show(a.externalId)}`;
  p.check(plaidIds.includes(a.externalId), `${at} externalId is Plaid's account_id`, a.externalId);
  p.check(isFilled(a.name), `${at} name`, a.name);
  p.check(isNullableString(a.mask), `${at} mask`, a.mask);
  p.check(within(ACCOUNT_KINDS)(a.kind), `${at} kind`, a.kind);
  p.check(within(ACCOUNT_TYPES)(a.type), `${at} type`, a.type);
  p.check(within(PROVIDER_ACCOUNT_STATUSES)(a.status), `${at} status`, a.status);
  p.check(isFilled(a.currencyCode), `${at} currencyCode`, a.currencyCode);
  p.check(isNullableDecimal(a.balance.available), `${at} balance.available`, a.balance.available);
  p.check(isNullableDecimal(a.balance.current), `${at} balance.current`, a.balance.current);
  p.check(isNullableDecimal(a.balance.limit), `${at} balance.limit`, a.balance.limit);
  p.check(isInstant(a.balance.at), `${at} balance.at`, a.balance.at);
  if (a.achNumbers !== null) {
    p.check(typeof a.achNumbers.number === "string", `${at} achNumbers.number`, a.achNumbers.number);
    p.check(typeof a.achNumbers.routing === "string", `${at} achNumbers.routing`, a.achNumbers.routing);
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

function checkTransaction(p: Problems, t: ProviderTransaction) {
  const at = `transaction ${show(t.externalId)}`;
  p.check(typeof t.externalId === "string", `${at} externalId`, t.externalId);
  p.check(typeof t.accountExternalId === "string", `${at} accountExternalId`, t.accountExternalId);
  p.check(isDecimal(t.amount), `${at} amount`, t.amount);
  p.check(isFilled(t.currencyCode), `${at} currencyCode`, t.currencyCode);
  p.check(typeof t.date === "string" && isCalendarDay(t.date), `${at} date`, t.date);
  p.check(typeof t.description === "string", `${at} description`, t.description);
  p.check(within(TRANSACTION_STATUSES)(t.status), `${at} status`, t.status);
  p.check(isNullableString(t.pendingExternalId), `${at} pendingExternalId`, t.pendingExternalId);
}

function checkHolding(p: Problems, h: ProviderHolding) {
  const at = `holding ${show(h.accountExternalId)}/${show(h.security?.isin)}`;
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
  p.check(isNullableString(h.security.cusip), `${at} cusip`, h.security.cusip);
}

function checkStatement(p: Problems, s: ProviderStatement) {
  const at = `statement ${show(s.externalId)}`;
  p.check(typeof s.externalId === "string", `${at} externalId`, s.externalId);
  p.check(isCalendarDay(s.startOn) && s.startOn.endsWith("-01"), `${at} startOn`, s.startOn);
  p.check(isCalendarDay(s.endOn) && s.endOn >= s.startOn, `${at} endOn`, s.endOn);
}

function checkSnapshot(p: Problems, s: ProviderSnapshot, plaidIds: readonly string[]) {
  for (const a of s.accounts) checkAccount(p, a, plaidIds);
  for (const t of s.transactions) checkTransaction(p, t);
  for (const h of s.holdings ?? []) checkHolding(p, h);
  for (const st of s.statements ?? []) checkStatement(p, st);
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
  p.check(typeof d.errorType === "string", "errorType", d.errorType);
  p.check(typeof d.errorCode === "string", "errorCode", d.errorCode);
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
  return (
    JSON.stringify(value, (_key, v) =>
      typeof v === "string" && v.length > 60 ? `${v.slice(0, 40)}…(${v.length} chars)` : v,
    ) ?? String(value)
  );
}

/** Runs one seed: its problems, with the seed and every answer Plaid gave in it; null if none. */
async function runSeed(
  seed: string,
  plaid: FuzzedPlaid,
  body: (p: Problems) => Promise<void>,
): Promise<string | null> {
  const p = new Problems();
  try {
    await body(p);
  } catch (error) {
    p.list.push(`uncaught: ${(error as Error)?.stack ?? show(error)}`);
  }
  if (p.list.length === 0) return null;
  const answers = plaid.answers.map((a) => `  ${a.path} → ${a.status} ${show(a.body)}`).join("\n");
  return `seed "${seed}":\n${p.list.join("\n")}\nPlaid answered:\n${answers.slice(0, 20_000)}`;
}

/** Fails with the first failing seeds (and how many failed), after every seed has run. */
function report(failures: (string | null)[]) {
  const failed = failures.filter((f) => f !== null);
  if (failed.length > 0)
    expect.fail(
      `${failed.length} of ${failures.length} seeds failed; the first:\n\n${failed.slice(0, 3).join("\n\n")}`,
    );
}

const seeds = (name: string) => Array.from({ length: SEEDS }, (_, i) => `${name}:${i}`);

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

describe("the sampler", () => {
  it("answers only what Plaid's description allows (checked with Ajv)", () => {
    const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
      addFormatsModule) as typeof addFormatsModule.default;
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv as never);
    ajv.addFormat("double", { type: "number", validate: Number.isFinite });
    // The open enums' values outside the enum are what a newer Plaid would send.
    const described = Object.fromEntries(
      Object.entries(components).map(([name, { enum: values, ...schema }]) => [
        name,
        OPEN_ENUMS.has(name) ? schema : { ...schema, ...(values && { enum: values }) },
      ]),
    );
    ajv.addSchema({ components: { schemas: forAjv(described) } }, "plaid");
    const targets = [
      ...Object.entries(plaid.endpoints)
        .filter(([, e]) => e.contentType === "application/json")
        .map(([path, e]) => [path, e.response] as const),
      ["error", plaid.error] as const,
    ];
    for (const [path, schema] of targets) {
      const validate = ajv.compile(forAjv({ ...schema, $ref: `plaid${schema.$ref}` }));
      for (const seed of seeds(`sampler ${path}`).slice(0, 50)) {
        const instance = new FuzzedPlaid(seed).sampler.sample(schema);
        if (!validate(instance))
          expect.fail(`${path}, seed "${seed}": ${ajv.errorsText(validate.errors)}\n${show(instance)}`);
      }
    }
  });
});

/**
 * OpenAPI 3.0's nullable for Ajv: `{nullable: true, …}` as `{anyOf: [{type: "null"}, …]}`, since
 * Plaid's nullable enums and nullable allOfs mean "or null" (Ajv would refuse null there).
 */
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

describe("Weft's Plaid adapter on anything Plaid's description allows", () => {
  it("spells every amount Plaid may send as an exact decimal, its sign flipped (3,000 numbers)", () => {
    const failures = [];
    for (const seed of seeds("amounts").slice(0, 10)) {
      const sampler = new FuzzedPlaid(seed).sampler;
      for (let i = 0; i < 300; i++) {
        const plaidAmount = sampler.number({ type: "number", format: "double" });
        const decimal = decimalOf(plaidAmount);
        const weft = weftAmountOf(plaidAmount);
        // Below a millionth, twelve decimals are kept; every other double is spelt out exactly.
        const exact = Math.abs(plaidAmount) >= 1e-6 || plaidAmount === 0;
        const ok =
          isDecimal(decimal) &&
          isDecimal(weft) &&
          (exact ? Number(decimal) === plaidAmount : Math.abs(Number(decimal) - plaidAmount) < 1e-12) &&
          (weft === "0" ? Number(decimal) === 0 : Number(weft) === -Number(decimal));
        if (!ok)
          failures.push(`seed "${seed}" #${i}: ${plaidAmount} -> decimalOf ${decimal}, weftAmountOf ${weft}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it(`syncs every product (${SEEDS} seeds)`, async () => {
    const failures = [];
    for (const seed of seeds("fetch")) {
      const fuzzed = new FuzzedPlaid(seed);
      const failure = await runSeed(seed, fuzzed, async (p) => {
        try {
          const snapshot = await fuzzed.provider().fetch({
            accessToken: "access-sandbox-fuzz",
            now: NOW,
            window: WIDE_WINDOW,
            products: EVERY_PRODUCT,
            attempt: 1,
            cursor: fuzzed.random.pick([null, "cursor-1"]),
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
      const fuzzed = new FuzzedPlaid(seed);
      const failure = await runSeed(seed, fuzzed, async (p) => {
        const provider = fuzzed.provider();
        const accessToken = "access-sandbox-fuzz";
        try {
          const accounts = await provider.listAccounts({ accessToken, products: EVERY_PRODUCT, now: NOW });
          for (const a of accounts) checkAccount(p, a, fuzzed.accountIds);
        } catch (error) {
          checkFailure(p, error);
        }
        const accountExternalId = fuzzed.random.pick(fuzzed.accountIds);
        try {
          const balance = await provider.refreshBalance({ accessToken, accountExternalId, now: NOW });
          p.check(isNullableDecimal(balance.available), "refreshed available", balance.available);
          p.check(isNullableDecimal(balance.current), "refreshed current", balance.current);
          p.check(isNullableDecimal(balance.limit), "refreshed limit", balance.limit);
          p.check(isInstant(balance.at), "refreshed at", balance.at);
        } catch (error) {
          // An answer without the account: the refresh job fails and retries, as for every provider.
          checkFailure(
            p,
            error,
            (e) => e instanceof Error && e.message.startsWith("Plaid returned no balance"),
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

  it(`describes institutions and an item's products for the catalogue and imports (${SEEDS} seeds)`, async () => {
    const failures = [];
    for (const seed of seeds("institutions")) {
      const fuzzed = new FuzzedPlaid(seed, 0);
      const failure = await runSeed(seed, fuzzed, async (p) => {
        const client = fuzzed.client();
        const search = (await client.institutionsSearch({} as never)).data;
        const byId = (await client.institutionsGetById({} as never)).data;
        for (const institution of [...search.institutions, byId.institution]) {
          const described = institutionOf(institution);
          p.check(isFilled(described.name), "institution name", described.name);
          p.check(isNullableString(described.url), "institution url", described.url);
          p.check(
            isNullableString(described.primaryColor),
            "institution primaryColor",
            described.primaryColor,
          );
          p.check(described.products.every(within(PRODUCTS)), "institution products", described.products);
        }
        const { item } = (await client.itemGet({} as never)).data;
        const products = productsOfItem([...(item.products ?? []), ...(item.billed_products ?? [])]);
        p.check(products.every(within(PRODUCTS)), "item products", products);
        if (item.error) {
          p.check(within(CONNECTION_STATUSES)(statusOfPlaidError(item.error)), "item error", item.error);
          checkDetails(p, errorDetailsOf(item.error));
        }
      });
      failures.push(failure);
    }
    report(failures);
  });

  describe("webhook verification keys", () => {
    let signer: { privateKey: Awaited<ReturnType<typeof generateKeyPair>>["privateKey"]; jwk: JWK };
    beforeAll(async () => {
      const { privateKey, publicKey } = await generateKeyPair("ES256");
      signer = { privateKey, jwk: await exportJWK(publicKey) };
    });

    it(`verifies a webhook, or refuses it as unverified, whatever key Plaid describes (${SEEDS} seeds)`, async () => {
      const failures = [];
      for (const seed of seeds("webhook")) {
        const fuzzed = new FuzzedPlaid(seed, 0.1);
        const r = fuzzed.random;
        // Half the time the key is the one that signed (Plaid's other key fields as sampled).
        const signedByIt = r.chance(0.5);
        let key: Record<string, unknown> = {};
        const client = fuzzed.client({
          webhookVerificationKeyGet: () =>
            fuzzed.answer("/webhook_verification_key/get", () => {
              const body = fuzzed.body("/webhook_verification_key/get") as { key: Record<string, unknown> };
              if (signedByIt)
                Object.assign(body.key, { kty: "EC", crv: "P-256", x: signer.jwk.x, y: signer.jwk.y });
              key = body.key;
              return body;
            }),
        });
        const rawBody = JSON.stringify({
          webhook_type: "TRANSACTIONS",
          webhook_code: "SYNC_UPDATES_AVAILABLE",
        });
        const header = await new SignJWT({
          request_body_sha256: createHash("sha256").update(rawBody).digest("hex"),
        })
          .setProtectedHeader({ alg: "ES256", kid: `kid-${seed.replace(/[^A-Za-z0-9]/g, "-")}` })
          .setIssuedAt(Math.floor(NOW.getTime() / 1000) - 10)
          .sign(signer.privateKey);
        const failure = await runSeed(seed, fuzzed, async (p) => {
          let verified = false;
          try {
            await verifyPlaidWebhook(client, `fuzz ${seed}`, header, rawBody, NOW);
            verified = true;
          } catch (error) {
            if (!(error instanceof WebhookVerificationError))
              p.list.push(`threw something other than WebhookVerificationError: ${(error as Error).stack}`);
          }
          const answered = fuzzed.answers.at(-1)?.status === 200;
          if (signedByIt && answered) {
            // expired_at is Unix time (seconds), as Plaid's description says.
            const expiredAt = key.expired_at as number | null;
            const live = expiredAt === null || expiredAt * 1000 > NOW.getTime();
            p.check(verified === live, `verified with expired_at ${expiredAt}`, verified);
          }
        });
        failures.push(failure);
      }
      report(failures);
    });
  });
});
