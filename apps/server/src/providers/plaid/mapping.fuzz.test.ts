import { createHash } from "node:crypto";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import type { PlaidApi } from "plaid";
import { beforeAll, describe, expect, it } from "vitest";
import { CONNECTION_STATUSES, PRODUCTS } from "../../db/schema/index.ts";
import type { Random } from "../mock/prng.ts";
import { decimalOf } from "../money.ts";
import {
  contractChecks,
  FuzzedProvider,
  fuzzSeeds,
  isDecimal,
  isFilled,
  isNullableString,
  NOW,
  seeds,
  WIDE_WINDOW,
  within,
} from "../test/contract-checks.ts";
import { type ResponsesFixture, type Schema, SchemaSampler, type Site } from "../test/sample-schema.ts";
import { expectSamplesValid } from "../test/schema-validation.ts";
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

type Endpoint = { operationId: string; contentType: string; response: Schema };
const plaid = fixture as unknown as ResponsesFixture<Endpoint>;
const components = plaid.components.schemas;

const SEEDS = 300;

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
class FuzzedPlaid extends FuzzedProvider {
  readonly label = "Plaid";
  readonly sampler: SchemaSampler;
  readonly accountIds: string[];
  private syncPages = 0;

  constructor(seed: string, errorRate = 0.05) {
    super(seed, errorRate);
    const random = this.random;
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
      this.answers.push({ endpoint: path, status, body: data });
      return Promise.reject(
        Object.assign(new Error(`Request failed with status code ${status}`), { response: { status, data } }),
      );
    }
    const data = body();
    this.answers.push({ endpoint: path, status: 200, body: data });
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

/**
 * Plaid's adapter passes Plaid's strings on as Plaid sent them, blank or not (masks, CUSIPs, ACH
 * numbers, statement ids, owners' names and phones, error codes), and ACH numbers for any account
 * Plaid gives them for; its owners' addresses have no second line.
 */
const { checkCalls, checkDetails, checkFailure, checkSnapshot } = contractChecks({
  strings: {
    mask: "any",
    owner: "any",
    line2: null,
    cusip: "any",
    statementId: "any",
  },
});

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

describe("the sampler", () => {
  it("answers only what Plaid's description allows (checked with Ajv)", () => {
    const targets = [
      ...Object.entries(plaid.endpoints)
        .filter(([, e]) => e.contentType === "application/json")
        .map(([path, e]) => [path, e.response] as const),
      ["error", plaid.error] as const,
    ];
    // The open enums' values outside the enum are what a newer Plaid would send.
    expectSamplesValid(
      components,
      targets,
      (seed, _path, schema) => new FuzzedPlaid(seed).sampler.sample(schema),
      { openEnums: OPEN_ENUMS },
    );
  });
});

describe("Weft's Plaid adapter on anything Plaid's description allows", () => {
  it("spells every amount Plaid may send as an exact decimal, its sign flipped (3,000 numbers)", () => {
    const failures = [];
    for (const seed of seeds("amounts", 10)) {
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
    await fuzzSeeds(
      seeds("fetch", SEEDS),
      (seed) => new FuzzedPlaid(seed),
      async (p, fuzzed) => {
        try {
          const snapshot = await fuzzed.provider().fetch({
            accessToken: "access-sandbox-fuzz",
            now: NOW,
            window: WIDE_WINDOW,
            products: PRODUCTS,
            attempt: 1,
            cursor: fuzzed.random.pick([null, "cursor-1"]),
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
      (seed) => new FuzzedPlaid(seed),
      (p, fuzzed) =>
        checkCalls(p, fuzzed.provider(), {
          accessToken: "access-sandbox-fuzz",
          products: PRODUCTS,
          now: NOW,
          ids: fuzzed.accountIds,
          account: () => fuzzed.random.pick(fuzzed.accountIds),
          // An answer without the account: the refresh job fails and retries, as for every provider.
          refreshRetried: (e) => e instanceof Error && e.message.startsWith("Plaid returned no balance"),
          statementsIn: WIDE_WINDOW,
        }),
    );
  });

  it(`describes institutions and an item's products for the catalogue and imports (${SEEDS} seeds)`, async () => {
    await fuzzSeeds(
      seeds("institutions", SEEDS),
      (seed) => new FuzzedPlaid(seed, 0),
      async (p, fuzzed) => {
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
      },
    );
  });

  describe("webhook verification keys", () => {
    let signer: { privateKey: Awaited<ReturnType<typeof generateKeyPair>>["privateKey"]; jwk: JWK };
    beforeAll(async () => {
      const { privateKey, publicKey } = await generateKeyPair("ES256");
      signer = { privateKey, jwk: await exportJWK(publicKey) };
    });

    it(`verifies a webhook, or refuses it as unverified, whatever key Plaid describes (${SEEDS} seeds)`, async () => {
      await fuzzSeeds(
        seeds("webhook", SEEDS),
        (seed) => new FuzzedPlaid(seed, 0.1),
        async (p, fuzzed, seed) => {
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
        },
      );
    });
  });
});
