import { afterEach, describe, it, vi } from "vitest";
import { PRODUCTS } from "../../db/schema/index.ts";
import type { Random } from "../mock/prng.ts";
import {
  contractChecks,
  FuzzedProvider,
  fuzzSeeds,
  NOW,
  type Problems,
  seeds,
  WIDE_WINDOW,
} from "../test/contract-checks.ts";
import { type ResponsesFixture, type Schema, SchemaSampler, type Site } from "../test/sample-schema.ts";
import { expectSamplesValid } from "../test/schema-validation.ts";
import type { ProviderSnapshot } from "../types.ts";
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
const akoya = fixture as unknown as ResponsesFixture<Endpoint>;
const components = akoya.components.schemas;

const SEEDS = 300;
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
class FuzzedAkoya extends FuzzedProvider {
  readonly label = "Akoya";
  readonly sampler: SchemaSampler;
  readonly accountIds: string[];
  private pages = 0;

  constructor(seed: string, errorRate = 0.04) {
    super(seed, errorRate);
    const random = this.random;
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

/** One seed's Akoya, answering Weft's requests (fetch stubbed until the test's afterEach). */
function fuzzedAkoya(seed: string): FuzzedAkoya {
  const fuzzed = new FuzzedAkoya(seed);
  vi.stubGlobal("fetch", fuzzed.fetch);
  return fuzzed;
}

// ---------------------------------------------------------------------------------------------
// What Weft must make of it
// ---------------------------------------------------------------------------------------------

const { checkCalls, checkFailure, checkSnapshot: checkContract } = contractChecks();

/** Weft's contract, and no statements: Weft reads none from Akoya. */
function checkSnapshot(p: Problems, s: ProviderSnapshot, ids: readonly string[]) {
  checkContract(p, s, ids);
  p.check((s.statements ?? []).length === 0, "statements (Weft reads none from Akoya)", s.statements);
}

/** Weft's deliberate refusals: a link to another host (the id_token goes to Akoya's host only). */
const refusedLink = (e: unknown) =>
  e instanceof Error && e.message.startsWith("Akoya linked to another host");

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

describe("the sampler", () => {
  it("answers only what FDX's description allows (checked with Ajv)", () => {
    const targets = [
      ...Object.entries(akoya.endpoints).map(([endpoint, e]) => [endpoint, e.response] as const),
      ["error", akoya.error] as const,
    ];
    expectSamplesValid(
      components,
      targets,
      (seed, _endpoint, schema) => new FuzzedAkoya(seed).sampler.sample(schema),
      { oneOfAsAnyOf: true },
    );
  });
});

describe("Weft's Akoya adapter on anything FDX's description allows", () => {
  afterEach(() => vi.unstubAllGlobals());

  it(`syncs every product (${SEEDS} seeds)`, async () => {
    await fuzzSeeds(seeds("fetch", SEEDS), fuzzedAkoya, async (p, fuzzed, seed) => {
      try {
        const snapshot = await fuzzed.provider().fetch({
          accessToken: fuzzed.accessToken(seed),
          now: NOW,
          window: WIDE_WINDOW,
          products: PRODUCTS,
          attempt: 1,
        });
        checkSnapshot(p, snapshot, fuzzed.accountIds);
      } catch (error) {
        checkFailure(p, error, refusedLink);
      }
    });
  });

  it(`lists accounts, refreshes a balance, revokes (${SEEDS} seeds)`, async () => {
    await fuzzSeeds(seeds("calls", SEEDS), fuzzedAkoya, (p, fuzzed, seed) =>
      checkCalls(p, fuzzed.provider(), {
        accessToken: fuzzed.accessToken(seed),
        products: PRODUCTS,
        now: NOW,
        ids: fuzzed.accountIds,
        account: () => fuzzed.random.pick(fuzzed.accountIds),
        // An answer without the account: the refresh job fails and retries, as for every provider.
        refreshRetried: (e) => e instanceof Error && e.message.startsWith("Akoya returned no account"),
      }),
    );
  });
});
