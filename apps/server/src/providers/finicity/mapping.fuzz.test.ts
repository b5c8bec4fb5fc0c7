import { afterEach, beforeEach, describe, it, vi } from "vitest";
import { PRODUCTS } from "../../db/schema/index.ts";
import { productsOfInstitution } from "../../modules/finicity/institutions.ts";
import type { Random } from "../mock/prng.ts";
import {
  contractChecks,
  FuzzedProvider,
  fuzzSeeds,
  NOW,
  seeds,
  WIDE_WINDOW,
  within,
} from "../test/contract-checks.ts";
import { type ResponsesFixture, type Schema, SchemaSampler, type Site } from "../test/sample-schema.ts";
import { expectSamplesValid } from "../test/schema-validation.ts";
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
const finicity = fixture as unknown as ResponsesFixture<Endpoint>;
const components = finicity.components.schemas;

const SEEDS = 300;

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
class FuzzedFinicity extends FuzzedProvider {
  readonly label = "Finicity";
  readonly sampler: SchemaSampler;
  readonly accountIds: string[];
  private transactionPages = 0;

  constructor(seed: string, errorRate = 0.04) {
    super(seed, errorRate);
    const random = this.random;
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

/** One seed's Finicity, answering Weft's requests (fetch stubbed until the test's afterEach). */
function fuzzedFinicity(seed: string, errorRate?: number): FuzzedFinicity {
  const fuzzed = new FuzzedFinicity(seed, errorRate);
  vi.stubGlobal("fetch", fuzzed.fetch);
  return fuzzed;
}

// ---------------------------------------------------------------------------------------------
// What Weft must make of it
// ---------------------------------------------------------------------------------------------

/** Finicity's masks are the account number's last digits; its ACH numbers are passed on as Finicity sent them. */
const { checkCalls, checkFailure, checkSnapshot } = contractChecks({
  strings: { mask: /^[0-9]{1,4}$/ },
});

/** A connection's reference: customer, institution login, and sometimes history still to load. */
const accessTokenFor = (r: Random) => `5000:6000${r.chance(0.3) ? ":historic" : ""}`;

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

describe("the sampler", () => {
  it("answers only what Finicity's description allows (checked with Ajv)", () => {
    const targets = [
      ...Object.entries(finicity.endpoints).map(([endpoint, e]) => [endpoint, e.response] as const),
      ["error", finicity.error] as const,
    ];
    expectSamplesValid(components, targets, (seed, _endpoint, schema) =>
      new FuzzedFinicity(seed).sampler.sample(schema),
    );
  });
});

describe("Weft's Finicity adapter on anything Finicity's description allows", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: NOW }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it(`syncs every product (${SEEDS} seeds)`, async () => {
    await fuzzSeeds(
      seeds("fetch", SEEDS),
      (seed) => fuzzedFinicity(seed),
      async (p, fuzzed, seed) => {
        const r = fuzzed.random;
        try {
          const snapshot = await fuzzed.provider(seed).fetch({
            accessToken: accessTokenFor(r),
            now: NOW,
            window: WIDE_WINDOW,
            products: PRODUCTS,
            attempt: 1,
            accountsWithNumbers: new Set(r.chance(0.3) ? [fuzzed.accountIds[0]!] : []),
            sharedAccounts: r.chance(0.3) ? fuzzed.accountIds.slice(0, 2) : null,
          });
          checkSnapshot(p, snapshot, fuzzed.accountIds);
        } catch (error) {
          checkFailure(p, error);
        }
      },
    );
  });

  it(`lists accounts, refreshes a balance, lists statements, revokes (${SEEDS} seeds)`, async () => {
    await fuzzSeeds(
      seeds("calls", SEEDS),
      (seed) => fuzzedFinicity(seed),
      (p, fuzzed, seed) =>
        checkCalls(p, fuzzed.provider(seed), {
          accessToken: accessTokenFor(fuzzed.random),
          products: PRODUCTS,
          now: NOW,
          ids: fuzzed.accountIds,
          account: () => fuzzed.random.pick(fuzzed.accountIds),
          // An answer without the account: the refresh job fails and retries, as for every provider.
          refreshRetried: (e) => e instanceof Error && e.message.startsWith("Finicity returned no account"),
          statementsIn: WIDE_WINDOW,
        }),
    );
  });

  it(`reads customers, Connect links and institutions as Weft's Finicity module does (${SEEDS} seeds)`, async () => {
    await fuzzSeeds(
      seeds("module", SEEDS),
      (seed) => fuzzedFinicity(seed, 0),
      async (p, fuzzed, seed) => {
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
      },
    );
  });
});
