import { describe, expect, it } from "vitest";
import { PRODUCTS } from "../../db/schema/index.ts";
import { institutionOf } from "../../modules/mx/institutions.ts";
import { mxUserGuid } from "../../modules/mx/service.ts";
import { isCalendarDay } from "../dates.ts";
import type { Random } from "../mock/prng.ts";
import {
  contractChecks,
  FuzzedProvider,
  fuzzSeeds,
  isDecimal,
  isFilled,
  isNullableString,
  NOT_EMPTY,
  NOW,
  type Problems,
  seeds,
  show,
  within,
} from "../test/contract-checks.ts";
import { type ResponsesFixture, type Schema, SchemaSampler, type Site } from "../test/sample-schema.ts";
import { expectSamplesValid } from "../test/schema-validation.ts";
import { ProviderNotReady, type ProviderSnapshot, type ProviderStatement } from "../types.ts";
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
/** MX's description names no error body. */
const mx = fixture as unknown as Omit<ResponsesFixture<Endpoint>, "error">;
const components = mx.components.schemas;

const SEEDS = Number(process.env.MX_FUZZ_SEEDS ?? 300);
const WINDOW = { startOn: "2026-03-15", endOn: "2026-06-15" };
/** Every product an MX connection can have. */
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

/**
 * One seed's MX. Guids come from small pools (still strings, as the description has them) so that
 * numbers, owners, holdings and statements name accounts that exist; each call answers a fresh
 * sample, or an MX error now and then.
 */
class FuzzedMx extends FuzzedProvider {
  readonly label = "MX";
  readonly sampler: SchemaSampler;
  readonly accountGuids: string[];

  constructor(seed: string, errorRate = 0.04) {
    super(seed, errorRate);
    const random = this.random;
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
      .filter((a) => a.endpoint === endpoint && typeof a.status === "number" && a.status < 300)
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

/** MX's guids and codes are opaque: any string but the empty one. */
const isId = (value: unknown) => typeof value === "string" && value !== "";

/**
 * MX names no CUSIP, its owners' addresses no second line; its statement guids are opaque (any
 * string but the empty one); a Retry-After: 0 (retry now) is HTTP's, passed on.
 */
const {
  attempt,
  checkAccount,
  checkBalance,
  checkFailure,
  checkSnapshot: checkContract,
  checkStatement,
} = contractChecks({
  strings: { line2: null, cusip: null, statementId: NOT_EMPTY },
  retryNow: true,
});

/** MX names no period: a statement is the month before the one MX fetched it in (created_at's day, else now's). */
function checkMonth(p: Problems, s: ProviderStatement, fuzzed: FuzzedMx) {
  const months = fuzzed
    .bodies("GET /users/{user_guid}/members/{member_guid}/statements")
    .flatMap((b) => (b as { statements?: Record<string, unknown>[] }).statements ?? [])
    .filter((st) => st.guid === s.externalId && st.account_guid === s.accountExternalId)
    .map((st) => monthBefore(typeof st.created_at === "string" ? st.created_at : ""));
  p.check(
    months.includes(s.startOn.slice(0, 7)),
    `statement ${show(s.externalId)} is the month before MX fetched it`,
    { period: s, months },
  );
}

/** The month (YYYY-MM) before the one of an MX date-time that names a day, else of NOW. */
function monthBefore(createdAt: string): string {
  const named = /^\d{4}-\d{2}-\d{2}([Tt ]|$)/.test(createdAt) && isCalendarDay(createdAt.slice(0, 10));
  const day = named ? createdAt : NOW.toISOString();
  const [year, month] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  const [y, m] = month === 1 ? [year - 1, 12] : [year, month - 1];
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}`;
}

/** Weft's contract, and what MX's answers say of a snapshot: its securities' keys, its statements' months, its token. */
function checkSnapshot(p: Problems, s: ProviderSnapshot, fuzzed: FuzzedMx) {
  checkContract(p, s, fuzzed.accountGuids);
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
  for (const h of s.holdings ?? [])
    p.check(
      holdingKeys.has(h.security.isin),
      `holding ${show(h.security.isin)} key is MX's symbol or guid`,
      h.security.isin,
    );
  for (const st of s.statements) checkMonth(p, st, fuzzed);
  if (s.rotatedAccessToken !== undefined) {
    try {
      memberRefOf(s.rotatedAccessToken);
    } catch {
      p.list.push(`rotatedAccessToken is no member reference: ${show(s.rotatedAccessToken)}`);
    }
  }
}

/** A provider's "not an answer we can use" that the job retries, as for every provider. */
const noAccount = (e: unknown) => e instanceof Error && e.message.startsWith("MX returned no account");

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

describe("the sampler", () => {
  it("answers only what MX's description allows (checked with Ajv)", () => {
    const json = Object.entries(mx.endpoints).filter(
      ([, e]) => e.contentType === "application/vnd.mx.api.v1+json" && e.response,
    );
    expect(json.length).toBeGreaterThan(15);
    const targets = json.map(([endpoint, e]) => [endpoint, e.response!] as const);
    expectSamplesValid(components, targets, (seed, endpoint) => new FuzzedMx(seed).body(endpoint), {
      count: Math.min(SEEDS, 50),
    });
  });
});

describe("Weft's MX adapter on anything MX's description allows", () => {
  it("signs every amount MX may send as an exact decimal by its DEBIT or CREDIT (3,000 numbers)", () => {
    const failures = [];
    for (const seed of seeds("amounts", Math.min(SEEDS, 10))) {
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
    await fuzzSeeds(
      seeds("fetch", SEEDS),
      (seed) => new FuzzedMx(seed, 0.02),
      async (p, fuzzed) => {
        try {
          const snapshot = await fuzzed.provider().fetch({
            accessToken: fuzzed.accessToken(),
            now: NOW,
            window: WINDOW,
            products: PRODUCTS,
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
      },
    );
  });

  it(`lists accounts, refreshes a balance, lists statements, downloads one, revokes (${SEEDS} seeds)`, async () => {
    await fuzzSeeds(
      seeds("calls", SEEDS),
      (seed) => new FuzzedMx(seed),
      async (p, fuzzed) => {
        const provider = fuzzed.provider();
        const accessToken = fuzzed.accessToken();
        await attempt(p, async () => {
          const accounts = await provider.listAccounts({ accessToken, products: PRODUCTS, now: NOW });
          for (const a of accounts) checkAccount(p, a, fuzzed.accountGuids);
        });
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
        await attempt(p, async () => {
          const statements = await provider.listStatements({ accessToken, window: WINDOW, now: NOW });
          for (const s of statements) {
            checkStatement(p, s, fuzzed.accountGuids);
            checkMonth(p, s, fuzzed);
          }
        });
        await attempt(p, async () => {
          const pdf = await provider.statementPdf({ accessToken, statementExternalId: "STA-1" });
          p.check(pdf instanceof Uint8Array, "statement PDF bytes", pdf);
        });
        await attempt(p, () => provider.revoke({ accessToken }));
      },
    );
  });

  it(`finds or creates the profile's MX user, describes institutions for the catalogue (${SEEDS} seeds)`, async () => {
    await fuzzSeeds(
      seeds("users", SEEDS),
      (seed) => new FuzzedMx(seed),
      async (p, fuzzed) => {
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
      },
    );
  });
});
