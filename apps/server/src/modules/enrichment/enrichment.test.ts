import fs from "node:fs";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "../../../test/harness.ts";
import { createProfile, linkAndSync } from "../../../test/sandbox-helpers.ts";
import { accounts, enrichmentBatches, transactions } from "../../db/schema/index.ts";
import { SUBSCRIPTIONS } from "../../providers/mock/merchants.ts";
import { catalogue } from "./catalogue.ts";
import { KEYWORD_RULES } from "./categorize.ts";
import { DESCRIPTION_READ_LENGTH, ENRICH_CHUNK, enrichBatch, enrichBatchCooperatively } from "./engine.ts";
import { evaluate } from "./evaluate.ts";
import {
  BATCH_RETENTION_HOURS,
  MAX_BATCH,
  MAX_PENDING_BATCHES,
  pruneEnrichmentBatches,
  SYNC_LIMIT,
} from "./service.ts";
import { enrichForStorage, enrichmentVersion, reenrichStale } from "./stored.ts";
import { tokensOf } from "./text.ts";

let platform: TestPlatform;
let env: TestEnvironment;
let other: TestEnvironment;
let profileId: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  env = await platform.environment("SANDBOX");
  other = await platform.environment("SANDBOX", "other tenant");
  profileId = await createProfile(platform, env);
});
afterAll(() => platform.close());

type Txn = {
  id: string;
  accountId: string;
  description: string;
  currencyCode: string;
  amount: string;
  date: string;
};
const txn = (over: Partial<Txn> = {}): Txn => ({
  id: "t1",
  accountId: "acct_1",
  description: "SQ *BLUE BOTTLE COFFEE Oakland CA",
  currencyCode: "USD",
  amount: "-6.50",
  date: "2026-11-20",
  ...over,
});

const enrich = (body: Record<string, unknown>, tenant = env) =>
  platform.app.inject({
    method: "POST",
    url: "/v1/remote/enrichment/sync",
    headers: tenant.auth,
    payload: body,
  });

const generic = (data: unknown[], over: Record<string, unknown> = {}) =>
  enrich({ profileId, accountType: "CHECKING", provider: "GENERIC", payload: { data }, ...over });

/** How many turns the event loop got while `work` ran, and what it answered. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ turns: number; answer: T }> {
  let turns = 0;
  let counting = true;
  const count = () => {
    if (!counting) return;
    turns++;
    setImmediate(count);
  };
  setImmediate(count);
  const answer = await work();
  counting = false;
  return { turns, answer };
}

describe("POST /v1/remote/enrichment/sync", () => {
  it("answers one enriched transaction per distinct id, with the spec's fields", async () => {
    const res = await generic([
      txn(),
      txn({ id: "t2", description: "NETFLIX.COM 866-579-7172 CA", amount: "-15.49" }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [coffee, netflix] = res.json().transactions;
    expect(coffee).toMatchObject({
      transactionId: "t1",
      id: expect.any(String),
      createdAt: expect.any(String),
      intermediaries: [expect.objectContaining({ name: "Square", website: "squareup.com" })],
      categories: {
        general: "FOOD_AND_DRINK",
        detailed: expect.stringMatching(/^FOOD_AND_DRINK_/),
        accounting: "operational expenses",
      },
      location: { rawAddress: "Oakland, CA", googleMapsUrl: expect.stringContaining("google.com/maps") },
      locationStructured: expect.objectContaining({ city: "Oakland", state: "CA", country: "US" }),
      recurrence: "one off",
      recurrenceGroup: null,
      transactionType: "consumer",
      error: null,
    });
    expect(coffee.counterparty).toMatchObject({ name: "Blue Bottle Coffee", type: "organization" });
    expect(netflix).toMatchObject({
      merchant: "Netflix",
      merchantId: "mer_netflix",
      website: "netflix.com",
      logo: expect.stringMatching(/\/v1\/enrichment\/logos\/netflix\.svg$/),
      categories: { general: "ENTERTAINMENT" },
      counterparty: expect.objectContaining({
        name: "Netflix",
        website: "netflix.com",
        mccs: [expect.any(Number)],
      }),
    });
    expect(netflix.mcc).toEqual([expect.any(Number)]);
    const logo = await platform.app.inject({ method: "GET", url: "/v1/enrichment/logos/netflix.svg" });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers["content-type"]).toContain("image/svg+xml");
    expect(logo.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(logo.body).toContain("<svg");
    expect(
      (await platform.app.inject({ method: "GET", url: "/v1/enrichment/logos/not-a-merchant.svg" }))
        .statusCode,
    ).toBe(404);
  });

  it("reads each transaction as on an account of the request's type: money into a card pays it", async () => {
    const moved = txn({
      description: "ACH DEPOSIT INTERNET TRANSFER FROM ACCOUNT ENDING IN 4417",
      amount: "450.00",
    });
    const [onCard] = (await generic([moved], { accountType: "CREDIT_CARD" })).json().transactions;
    expect(onCard.categories.detailed).toBe("LOAN_PAYMENTS_CREDIT_CARD_PAYMENT");
    const [onChecking] = (await generic([moved])).json().transactions;
    expect(onChecking.categories.general).toBe("TRANSFER_IN");
  });

  it("two transactions with the same id: the later replaces the earlier (one result)", async () => {
    const res = await generic([
      txn({ id: "dup", description: "NETFLIX.COM" }),
      txn({ id: "other" }),
      txn({ id: "dup", description: "SPOTIFY USA" }),
    ]);
    const results = res.json().transactions;
    expect(results.map((r: { transactionId: string }) => r.transactionId)).toEqual(["other", "dup"]);
    expect(results[1].merchant).toBe("Spotify");
  });

  it("a person paid through Zelle is the counterparty; Zelle is the intermediary; money out is TRANSFER_OUT", async () => {
    const res = await generic([
      txn({ description: "Zelle payment to John Smith JPM99abc123", amount: "-40.00" }),
    ]);
    expect(res.json().transactions[0]).toMatchObject({
      person: "John Smith",
      counterparty: { name: "John Smith", type: "person" },
      intermediaries: [expect.objectContaining({ name: "Zelle" })],
      categories: { general: "TRANSFER_OUT", accounting: "financing" },
    });
  });

  it.each([
    [{ profileId: undefined }, "profileId", "Profile ID is required"],
    [
      { accountType: "BROKERAGE" },
      "accountType",
      "Account type must be one of CHECKING, SAVINGS, CREDIT_CARD",
    ],
    [{ provider: undefined }, "provider", "Provider is required"],
    [{ payload: undefined }, "payload", "Payload is required"],
  ])("422 %o", async (change, field, message) => {
    const body: Record<string, unknown> = {
      profileId,
      accountType: "CHECKING",
      provider: "GENERIC",
      payload: { data: [txn()] },
      ...change,
    };
    for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
    const res = await enrich(body);
    expect(res.statusCode).toBe(422);
    expect(res.json()[field]).toEqual([message]);
  });

  it("one 422 names every field: the request's own and its transactions' together", async () => {
    const res = await enrich({
      profileId,
      accountType: "BROKERAGE",
      provider: "GENERIC",
      payload: { data: [txn({ currencyCode: "XYZ", date: "2026-13-01" })] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      accountType: ["Account type must be one of CHECKING, SAVINGS, CREDIT_CARD"],
      "payload.data.0.currencyCode": ["Currency code must be an ISO-4217 code, such as USD"],
      "payload.data.0.date": ["Date must be a date (YYYY-MM-DD)"],
    });
  });

  it.each([
    [{ id: "" }, "id", "ID is required"],
    [{ accountId: "" }, "accountId", "Account ID must be at least 1 character"],
    // An id is echoed back: one no provider would give (100,000 characters) is refused.
    [{ id: "t".repeat(100_000) }, "id", "ID must be at most 255 characters"],
    [{ accountId: "a".repeat(256) }, "accountId", "Account ID must be at most 255 characters"],
    [
      { description: "a" },
      "description",
      "Description must be at least 2 characters, not counting spaces at either end",
    ],
    [
      { description: " a  " },
      "description",
      "Description must be at least 2 characters, not counting spaces at either end",
    ],
    [{ currencyCode: "XYZ" }, "currencyCode", "Currency code must be an ISO-4217 code, such as USD"],
    [
      { amount: 12 },
      "amount",
      'Amount must be a decimal string: positive for a credit, negative for a debit ("-12.34")',
    ],
    [
      { amount: "12,50" },
      "amount",
      'Amount must be a decimal string: positive for a credit, negative for a debit ("-12.34")',
    ],
    [{ date: "2026-13-01" }, "date", "Date must be a date (YYYY-MM-DD)"],
    [{ date: "9999-12-31" }, "date", "Date must be from 1900-01-01 to 2100-12-31"],
    [{ date: "1899-12-31" }, "date", "Date must be from 1900-01-01 to 2100-12-31"],
  ])("422 GENERIC transaction %o names the field", async (change, field, message) => {
    const res = await generic([txn(), { ...txn({ id: "t2" }), ...change }]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ [`payload.data.1.${field}`]: [message] });
  });

  it("422 when GENERIC has no data list", async () => {
    const res = await enrich({
      profileId,
      accountType: "CHECKING",
      provider: "GENERIC",
      payload: { transactions: [] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ "payload.data": ["Data must be a list of transactions"] });
  });

  it("400 for an unsupported provider; 404 for an unknown profile or another environment's", async () => {
    const unsupported = await generic([txn()], { provider: "NTROPY" });
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json().message).toBe("Enrichment provider NTROPY is not supported");
    expect((await generic([txn()], { profileId: "p_00000000000000000000000000" })).statusCode).toBe(404);
    const theirs = await enrich(
      { profileId, accountType: "CHECKING", provider: "GENERIC", payload: { data: [txn()] } },
      other,
    );
    expect(theirs.statusCode).toBe(404);
  });

  it("413 for a body over the route's 32 MiB, said as its own limit", async () => {
    const res = await platform.app.inject({
      method: "POST",
      url: "/v1/remote/enrichment/sync",
      headers: { ...env.auth, "content-type": "application/json" },
      payload: `{"pad":"${"x".repeat(32 * 1024 * 1024)}"}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("The request body is larger than 32 MiB");
  });

  it(`413 above ${MAX_BATCH} transactions`, async () => {
    const data = Array.from({ length: MAX_BATCH + 1 }, (_, i) => txn({ id: `t${i}` }));
    const res = await generic(data);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(
      `${MAX_BATCH + 1} transactions is more than the ${MAX_BATCH} one request may hold`,
    );
  });

  it(`202 with Retry-After above ${SYNC_LIMIT}; the same request again answers 200 once enriched`, async () => {
    const data = Array.from({ length: SYNC_LIMIT + 1 }, (_, i) => txn({ id: `big${i}` }));
    const first = await generic(data);
    expect(first.statusCode).toBe(202);
    expect(first.headers["retry-after"]).toBe("5");
    expect((await generic(data)).statusCode).toBe(202);
    await platform.worker.drain();
    const done = await generic(data);
    expect(done.statusCode).toBe(200);
    expect(done.json().transactions).toHaveLength(SYNC_LIMIT + 1);
  });

  it(`429 for a new background batch while ${MAX_PENDING_BATCHES} of the environment's are pending; asking again for one is not refused`, async () => {
    const batch = (n: number) => Array.from({ length: SYNC_LIMIT + 1 }, (_, i) => txn({ id: `q${n}-${i}` }));
    for (let n = 0; n < MAX_PENDING_BATCHES; n++) expect((await generic(batch(n))).statusCode).toBe(202);
    const refused = await generic(batch(MAX_PENDING_BATCHES));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("5");
    expect(refused.json().message).toBe(
      `${MAX_PENDING_BATCHES} enrichment batches of this environment are still being enriched`,
    );
    const stored = await platform.ctx.db
      .select({ id: enrichmentBatches.id })
      .from(enrichmentBatches)
      .where(isNull(enrichmentBatches.completedAt));
    expect(stored).toHaveLength(MAX_PENDING_BATCHES);
    expect((await generic(batch(0))).statusCode).toBe(202);
    await platform.worker.drain();
    expect((await generic(batch(MAX_PENDING_BATCHES))).statusCode).toBe(202);
    await platform.worker.drain();
    expect((await generic(batch(MAX_PENDING_BATCHES))).statusCode).toBe(200);
  });
});

describe("provider payloads, with each provider's sign", () => {
  const payroll = "ACME CORP PAYROLL PPD ID: 1234567890";
  const cases: [string, unknown, unknown][] = [
    [
      "PLAID",
      {
        transactions: [
          {
            transaction_id: "p1",
            account_id: "a",
            amount: -2500,
            iso_currency_code: "USD",
            date: "2026-11-14",
            name: payroll,
          },
        ],
      },
      {
        added: [
          {
            transaction_id: "p1",
            account_id: "a",
            amount: 2500,
            iso_currency_code: "USD",
            date: "2026-11-14",
            name: payroll,
          },
        ],
        modified: [],
        removed: [],
      },
    ],
    [
      "MX",
      {
        transactions: [
          {
            guid: "m1",
            account_guid: "a",
            amount: 2500,
            transaction_type: "CREDIT",
            currency_code: "USD",
            date: "2026-11-14",
            description: payroll,
          },
        ],
      },
      {
        transactions: [
          {
            guid: "m1",
            account_guid: "a",
            amount: 2500,
            transaction_type: "DEBIT",
            currency_code: "USD",
            date: "2026-11-14",
            description: payroll,
          },
        ],
      },
    ],
    [
      "AKOYA",
      {
        transactions: [
          {
            depositTransaction: {
              transactionId: "k1",
              accountId: "a",
              amount: 2500,
              debitCreditMemo: "CREDIT",
              description: payroll,
              postedTimestamp: "2026-11-14T00:00:00Z",
              currency: { currencyCode: "USD" },
            },
          },
        ],
      },
      {
        transactions: [
          {
            depositTransaction: {
              transactionId: "k1",
              accountId: "a",
              amount: 2500,
              debitCreditMemo: "DEBIT",
              description: payroll,
              postedTimestamp: "2026-11-14T00:00:00Z",
              currency: { currencyCode: "USD" },
            },
          },
        ],
      },
    ],
    [
      "FINICITY",
      {
        transactions: [
          {
            id: 91,
            accountId: 7,
            amount: 2500,
            description: payroll,
            postedDate: 1763078400,
            transactionDate: 1763078400,
          },
        ],
      },
      {
        transactions: [
          {
            id: 91,
            accountId: 7,
            amount: -2500,
            description: payroll,
            postedDate: 1763078400,
            transactionDate: 1763078400,
          },
        ],
      },
    ],
    [
      "TREASURY_PRIME",
      {
        data: [
          // As Treasury Prime's list answers: no account_id nor currency; summary is the statement line.
          {
            id: "tp1",
            amount: "2500.00",
            balance: "2600.00",
            type: "deposit",
            desc: "EXT-DEP Sq. Nbr.: 123456",
            summary: payroll,
            date: "2026-11-14",
            category: null,
          },
        ],
      },
      {
        data: [
          {
            id: "tp1",
            amount: "-2500.00",
            balance: "100.00",
            type: "withdrawal",
            desc: "EXT-XFER Sq. Nbr.: 123456",
            summary: payroll,
            date: "2026-11-14",
          },
        ],
      },
    ],
  ];

  it.each(cases)(
    "%s: money in is INCOME, the same payment out is not",
    async (provider, incoming, outgoing) => {
      const body = (payload: unknown) => ({ profileId, accountType: "CHECKING", provider, payload });
      const inRes = await enrich(body(incoming));
      expect(inRes.statusCode, inRes.body).toBe(200);
      expect(inRes.json().transactions[0].categories.general).toBe("INCOME");
      const outRes = await enrich(body(outgoing));
      expect(outRes.json().transactions[0].categories.general).not.toBe("INCOME");
    },
  );

  it("the provider's own name for the merchant (Plaid's merchant_name, Finicity's normalized payee) is read when the line names no one known, and MX's merchant category code when it is one", async () => {
    const plaid = (transaction: Record<string, unknown>) =>
      enrich({
        profileId,
        accountType: "CHECKING",
        provider: "PLAID",
        payload: {
          transactions: [
            {
              transaction_id: "t1",
              account_id: "a1",
              amount: 12.5,
              iso_currency_code: "USD",
              date: "2026-11-14",
              ...transaction,
            },
          ],
        },
      });
    // A line the catalogue does not read, a merchant it knows.
    const known = (await plaid({ name: "POS 4471 TERMINAL 0023 WB", merchant_name: "Wingstop" })).json()
      .transactions[0];
    expect(known.counterparty.name).toBe("Wingstop");
    expect(known.website).toBe("wingstop.com");
    expect(known.categories.general).toBe("FOOD_AND_DRINK");
    // One it does not know: named as the provider names it, not by the line's words.
    const local = (
      await plaid({ name: "POS 4471 TERMINAL 0023 WB", merchant_name: "Rosa's Taqueria" })
    ).json().transactions[0];
    expect(local.counterparty.name).toBe("Rosa's Taqueria");
    // The line's own merchant comes first.
    expect(
      (await plaid({ name: "STARBUCKS STORE 00412 SEATTLE WA", merchant_name: "Wingstop" })).json()
        .transactions[0].counterparty.name,
    ).toBe("Starbucks");
    const finicity = await enrich({
      profileId,
      accountType: "CHECKING",
      provider: "FINICITY",
      payload: {
        transactions: [
          {
            id: 7,
            accountId: 2,
            amount: -30.1,
            postedDate: 1763078400,
            description: "DEBIT 0412 REF 88123",
            categorization: { normalizedPayeeName: "Kroger", category: "Groceries", country: "USA" },
          },
        ],
      },
    });
    expect(finicity.json().transactions[0].counterparty.name).toBe("Kroger");
    // MX's merchant category code: a restaurant's (5812) is read; one that is no code is not.
    const mx = async (merchant_category_code: unknown) =>
      (
        await enrich({
          profileId,
          accountType: "CHECKING",
          provider: "MX",
          payload: {
            transactions: [
              {
                guid: "TRN-1",
                account_guid: "ACT-1",
                amount: 31.5,
                transaction_type: "DEBIT",
                currency_code: "USD",
                date: "2026-11-14",
                original_description: "POS DEBIT 0412 XJ4K77 TERMINAL 2",
                merchant_category_code,
              },
            ],
          },
        })
      ).json().transactions[0];
    expect(await mx(5812)).toMatchObject({ mcc: [5812], categories: { general: "FOOD_AND_DRINK" } });
    for (const odd of [5812.5, 1e20, -1, "5812x", true]) {
      expect((await mx(odd)).mcc, String(odd)).toEqual([]);
    }
  });

  it("422 when a provider payload holds no transactions list", async () => {
    const res = await enrich({
      profileId,
      accountType: "CHECKING",
      provider: "MX",
      payload: { members: [] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ payload: ['Payload must hold MX\'s transactions ("transactions")'] });
  });

  it("422 names each problem by the provider's own field, with the amount's rule in its terms", async () => {
    const res = await enrich({
      profileId,
      accountType: "CHECKING",
      provider: "PLAID",
      payload: {
        transactions: [
          { account_id: "a", amount: "lots", iso_currency_code: "XYZ", date: "2026-11-14", name: "x" },
        ],
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      "payload.transactions.0.transaction_id": ["ID is required"],
      "payload.transactions.0.name": [
        "Description must be at least 2 characters, not counting spaces at either end",
      ],
      "payload.transactions.0.iso_currency_code": ["Currency code must be an ISO-4217 code, such as USD"],
      "payload.transactions.0.amount": [
        "Amount must be a number, as Plaid sends it: positive for money out, negative for money in",
      ],
    });
    const mx = await enrich({
      profileId,
      accountType: "CHECKING",
      provider: "MX",
      payload: { transactions: [{ guid: "T1", description: "COFFEE", amount: 3, currency_code: "USD" }] },
    });
    expect(mx.json()).toEqual({
      "payload.transactions.0.account_guid": ["Account ID must be at least 1 character"],
      "payload.transactions.0.transacted_at": ["Date must be a date (YYYY-MM-DD)"],
    });
  });

  it("a date is checked in the field the caller sent it in: Finicity's epoch seconds past any calendar are a 422, not a 500", async () => {
    const finicity = (transaction: Record<string, unknown>) =>
      enrich({
        profileId,
        accountType: "CHECKING",
        provider: "FINICITY",
        payload: {
          transactions: [{ id: 1, accountId: 2, amount: -10.5, description: "NETFLIX", ...transaction }],
        },
      });
    for (const postedDate of [8_640_000_000_001, -8_640_000_000_001, 1e300, "abc"]) {
      const res = await finicity({ postedDate });
      expect(res.statusCode, String(postedDate)).toBe(422);
      expect(res.json(), String(postedDate)).toEqual({
        "payload.transactions.0.postedDate": ["Date must be a time in epoch seconds, as Finicity sends it"],
      });
    }
    // Year 2243: a date, out of the range every provider's dates are held to.
    expect((await finicity({ postedDate: 8_640_000_000 })).json()).toEqual({
      "payload.transactions.0.postedDate": ["Date must be from 1900-01-01 to 2100-12-31"],
    });
    // The first date field sent decides: a bad transactionDate is not passed over for postedDate.
    expect((await finicity({ transactionDate: "x", postedDate: 1763078400 })).json()).toEqual({
      "payload.transactions.0.transactionDate": [
        "Date must be a time in epoch seconds, as Finicity sends it",
      ],
    });
    expect((await finicity({ postedDate: 1763078400 })).statusCode).toBe(200);
  });

  it("an amount with more whole digits than any account holds is a 422, not an error inside the answer", async () => {
    const res = await generic([txn({ amount: "9".repeat(400) })]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      "payload.data.0.amount": ["Amount must have at most 13 digits before the decimal point"],
    });
    expect((await generic([txn({ amount: "-0001234567890123.45" })])).statusCode).toBe(200);
  });
});

describe("the engine's steps", () => {
  const one = (description: string, amount = "-20.00") =>
    enrichBatch([txn({ description, amount })], [], { logoBase: "https://x/logos" })[0]!;
  /** Each line's payee, the one platform it went through and its primary category. */
  /** Each line's counterparty named so. */
  const expectNamed = (amount: string, lines: readonly (readonly [string, string])[]) => {
    for (const [description, name] of lines)
      expect(one(description, amount).counterparty?.name, description).toBe(name);
  };

  /** Each line read as a counterparty so named (or none) in a primary category, at its amount. */
  const expectRead = (lines: readonly (readonly [string, string, string | null, string])[]) => {
    for (const [description, amount, name, general] of lines) {
      const read = one(description, amount);
      expect(read.counterparty?.name ?? null, description).toBe(name);
      expect(read.categories.general, description).toBe(general);
    }
  };

  const expectThrough = (amount: string, lines: readonly (readonly [string, string, string, string])[]) => {
    for (const [description, name, platform, general] of lines) {
      const paid = one(description, amount);
      expect(paid.counterparty?.name, description).toBe(name);
      expect(
        paid.intermediaries.map((i) => i.name),
        description,
      ).toEqual([platform]);
      expect(paid.categories.general, description).toBe(general);
    }
  };

  it.each([
    ["ZELLE TO GARCIA LUIS ON 03/14 REF # PP0ABC1234", "Luis Garcia", ["Zelle"]],
    ["Zelle Transfer Conf# h7k2m9x4q; Rodriguez, Carlos", "Carlos Rodriguez", ["Zelle"]],
    ["CASH APP*JANE DOE*4155550123 CA", "Jane Doe", ["Cash App"]],
    ["CASH APP*TYLER BROOKS OAKLAND CA", "Tyler Brooks", ["Cash App"]],
    ["PAYPAL *KEVIN BROWN 402-935-7733 CA", "Kevin Brown", ["PayPal"]],
    ["WIRE TYPE:INTL IN DATE:250314 ORIG:ANIL MEHTA ID:GB29NWBK60161331926819", "Anil Mehta", []],
    ["ZELLE FROM ADEYEMI FOLAKE ON 05/01 REF # WFCT0Z9Y8X7W", "Folake Adeyemi", ["Zelle"]],
    ["Zelle payment from NGUYEN KHANH BAC0Q1W2E3R4", "Khanh Nguyen", ["Zelle"]],
    ["ZELLE TO SILVA ANA BEATRIZ ON 06/02 REF # PP0K1L2M3N", "Ana Beatriz Silva", ["Zelle"]],
  ])("finds the person in %s", (description, person, intermediaries) => {
    const result = one(description);
    expect(result.person).toBe(person);
    expect(result.counterparty).toMatchObject({ name: person, type: "person" });
    expect(result.intermediaries.map((i) => i.name)).toEqual(intermediaries);
  });

  it.each([
    ["COSTCO WHSE #0481 MOUNTAIN VIEW CA", "Costco", "Mountain View", "CA"],
    ["SHELL OIL 57444191400 THOUSAND OAKS CA", "Shell", "Thousand Oaks", "CA"],
    ["TARGET 00023456 STONE MOUNTAIN GA", "Target", "Stone Mountain", "GA"],
    ["WAL-MART #2345 RIO RANCHO NM", "Walmart", "Rio Rancho", "NM"],
    ["STARBUCKS STORE 10234 GLEN BURNIE MD", "Starbucks", "Glen Burnie", "MD"],
    ["CHEVRON 0201234 SALT LAKE CITY UT", "Chevron", "Salt Lake City", "UT"],
  ])("reads a city of several words in capitals: %s", (description, merchant, city, state) => {
    const result = one(description);
    expect(result.counterparty?.name).toBe(merchant);
    expect(result.locationStructured).toMatchObject({ city, state });
  });

  it.each([
    ["INSTACART*SUBSCRIPTION SAN FRANCISCO CA", "Instacart"],
    ["DD *DOORDASH DASHPASS 855-973-1040 CA", "DoorDash"],
  ])(
    "a platform's own product after its prefix (%s) is the platform's, with no go-between",
    (description, name) => {
      const result = one(description);
      expect(result.counterparty?.name).toBe(name);
      expect(result.intermediaries).toEqual([]);
    },
  );

  it.each([
    ["5/3 ONLINE TRANSFER TO CK: XXXXXX1234 REF # 0123456789", "-250.00", "TRANSFER_OUT_ACCOUNT_TRANSFER"],
    ["USAA FUNDS TRANSFER CR", "400.00", "TRANSFER_IN_ACCOUNT_TRANSFER"],
    ["Mobile Check Deposit", "125.00", "TRANSFER_IN_DEPOSIT"],
    ["DEPOSITED ITEM RETURNED CK# 1043 NSF", "-380.00", "TRANSFER_OUT_OTHER_TRANSFER_OUT"],
    [
      "Online Banking advance from CRD 2231 Confirmation# 4839201755",
      "500.00",
      "TRANSFER_IN_ACCOUNT_TRANSFER",
    ],
    ["ONLINE INTERNATIONAL WIRE TRANSFER FEE", "-45.00", "BANK_FEES_OTHER_BANK_FEES"],
  ])("the holder's own money moved (%s) has no counterparty", (description, amount, detailed) => {
    const result = one(description, amount);
    expect(result.counterparty).toBeNull();
    expect(result.categories.detailed).toBe(detailed);
  });

  it.each([
    [
      "DEBIT CARD PURCHASE AT SKYLINE CHILI #27, CINCINNATI, OH ON 031424 FROM CARD#: XXXXXXXXXXXX4417",
      "-11.40",
      "Skyline Chili",
      "FOOD_AND_DRINK",
      [],
    ],
    [
      "Deposit - ACH Paid From DFAS-CLEVELAND MIL PAY",
      "2140.55",
      "Defense Finance and Accounting Service",
      "INCOME",
      [],
    ],
    ["CLV*MAIN STREET BARBER SH", "-28.00", "Main Street Barber Shop", "PERSONAL_CARE", ["Clover"]],
    ["PAYCHEX-RCX PAYROLL 031524 XXXXX1234", "1650.00", "Paychex", "INCOME", ["Paychex"]],
    ["FRONTIER A 4222345678901 DENVER CO", "-129.00", "Frontier Airlines", "TRAVEL", []],
    ["ETSY.COM*SELLER FEES BROOKLYN NY", "-23.40", "Etsy", "GENERAL_MERCHANDISE", []],
    ["CHECKCARD 0312 KLARNA* PAYMENT 844-5527621 OH", "-52.50", "Klarna", "LOAN_PAYMENTS", []],
    [
      "APPFOLIO* WILLOW CREEK HOA",
      "-275.00",
      "Willow Creek Homeowners Association",
      "RENT_AND_UTILITIES",
      ["AppFolio"],
    ],
    [
      "BILL PAY PAYMENT TO MAPLE RIDGE APARTMENTS REF# 0041",
      "-1650.00",
      "Maple Ridge Apartments",
      "RENT_AND_UTILITIES",
      [],
    ],
    ["PAYMENTUS*CITY OF RALEIGH NC", "-112.36", "City of Raleigh", "RENT_AND_UTILITIES", ["Paymentus"]],
    ["LYFT INC         LYFT PAY                   PPD ID: 9880412376", "612.40", "Lyft", "INCOME", []],
    ["SQ *RIVERSIDE PEDIATRIC DENTIS", "-95.00", "Riverside Pediatric Dentistry", "MEDICAL", ["Square"]],
    ["TRATTORIA DA MARIO ROMA ITA EUR 48.00", "-52.10", "Trattoria Da Mario", "FOOD_AND_DRINK", []],
    ["GRUBHUB*JIMMYJOHNS", "-14.20", "Jimmy John's", "FOOD_AND_DRINK", ["Grubhub"]],
    ["FRONTIER AI 4222198765432 DENVER CO", "-129.00", "Frontier Airlines", "TRAVEL", []],
    [
      "FARMERS COOP ASSN FUEL 0012 KALONA IA",
      "-61.00",
      "Farmers Cooperative Association Fuel",
      "TRANSPORTATION",
      [],
    ],
    [
      "JACKSON EMC DES:BILL PAY ID:4478120 INDN:PRUITT DANA CO ID:1580446791 PPD",
      "-140.00",
      "Jackson EMC",
      "RENT_AND_UTILITIES",
      [],
    ],
    ["TX PARKS & WILDLIFE AUSTIN TX", "-30.00", "Tx Parks & Wildlife", "GOVERNMENT_AND_NON_PROFIT", []],
    [
      "SQ *HILLTOP FEED & SUPPLY gosq.com",
      "-22.00",
      "Hilltop Feed & Supply",
      "GENERAL_MERCHANDISE",
      ["Square"],
    ],
    [
      "ATM WITHDRAWAL FARMERS STATE BANK 117 MAIN ST CLAY CENTER KS",
      "-60.00",
      "Farmers State Bank",
      "TRANSFER_OUT",
      [],
    ],
  ])("reads %s", (description, amount, name, general, intermediaries) => {
    const result = one(description, amount);
    expect(result.counterparty?.name).toBe(name);
    expect(result.categories.general).toBe(general);
    expect(result.intermediaries.map((i) => i.name)).toEqual(intermediaries);
  });

  it("an international wire sent names its beneficiary after Ben:", () => {
    const result = one(
      "Online International Wire Transfer A/C: DEUTSCHE BANK AG FRANKFURT DE 60325 Ben: THOMAS MUELLER Ref: FAMILY SUPPORT/Ocmt/EUR1500,00/ Trn: 3412894175Es",
      "-1650.00",
    );
    expect(result.counterparty).toMatchObject({ name: "Thomas Mueller", type: "person" });
  });

  it("a Fed wire sent names its beneficiary, last name first: WT FED# … /BNF=KIM, DAVID", () => {
    const result = one(
      "WT FED#04812 JPMORGAN CHASE BA /FTR/BNF=KIM, DAVID SRF# 0000123456789 TRN#240318123456 RFB#",
      "-3000.00",
    );
    expect(result.person).toBe("David Kim");
    expect(result.counterparty).toMatchObject({ name: "David Kim", type: "person" });
  });

  it("a bank's ATM hands out cash: a withdrawal, not a transfer", () => {
    const result = one("BKOFAMERICA ATM 11/03 #000001234 WITHDRWL MAIN ST NEW YORK NY", "-100.00");
    expect(result.counterparty?.name).toBe("Bank of America");
    expect(result.categories.detailed).toBe("TRANSFER_OUT_WITHDRAWAL");
  });

  it.each([
    ["MSFT * E0400ABCD1 MSBILL.INFO WA", "Microsoft", "Microsoft"],
    ["MICROSOFT*365 PERSONAL MSBILL.INFO WA", "Microsoft 365", "Microsoft"],
    ["MICROSOFT STORE 1234 SEATTLE WA", "Microsoft Store", "Microsoft"],
    ["PRET A MANGER LONDON GBR", "Pret A Manger", "Pret A Manger"],
  ])("knows %s", (description, merchant, counterparty) => {
    const result = one(description);
    expect(result.merchant).toBe(merchant);
    expect(result.counterparty?.name).toBe(counterparty);
  });

  it("reads a Bank of America CHECKCARD line: the processor's prefix after the date, the phone in the city's field before the trailing reference", () => {
    const cafe = one("CHECKCARD 0516 SQ *LITTLE BEAN CAFE Portland OR 24692164135000987654321");
    expect(cafe.counterparty?.name).toBe("Little Bean Cafe");
    expect(cafe.intermediaries.map((i) => i.name)).toEqual(["Square"]);
    expect(cafe.locationStructured).toMatchObject({ city: "Portland", state: "OR" });
    const church = one("CHECKCARD 0512 PUSHPAY*GRACE COMMUNITY CH 877-275-8773 WA 24692164133000456789012");
    expect(church.counterparty?.name).toBe("Grace Community Church");
    expect(church.intermediaries.map((i) => i.name)).toEqual(["Pushpay"]);
    expect(church.locationStructured).toMatchObject({ city: null, state: "WA" });
  });

  it.each([
    ["VENMO PAYMENT 1023456789 WEB ID: 3264681992", "-40.00", "Venmo", ["Venmo"]],
    ["VENMO DES:CASHOUT ID:5678123490 INDN:ALEX KIM CO ID:5264681992 PPD", "120.00", "Venmo", ["Venmo"]],
    ["GUSTO DES:PAY 123456 ID:7ABC123 INDN:PRIYA SHAH CO ID:9138864001 PPD", "1800.00", "Gusto", ["Gusto"]],
    ["APPLE CASH 1INFINITELOOP CA", "-25.00", "Apple Cash", ["Apple Cash"]],
    // What the platform pays or sells itself: no go-between.
    [
      "DOORDASH, INC. DES:PAYMENTS ID:ST-Q1W2E3R4 INDN:MARCUS JOHNSON CO ID:1463456789 CCD",
      "310.00",
      "DoorDash",
      [],
    ],
    ["DD *DOORDASH DASHPASS 855-973-1040 CA", "-9.99", "DoorDash", []],
  ])(
    "a platform named with no one behind it (%s) is the counterparty and the intermediary",
    (description, amount, name, intermediaries) => {
      const result = one(description, amount);
      expect(result.counterparty?.name).toBe(name);
      expect(result.intermediaries.map((i) => i.name)).toEqual(intermediaries);
    },
  );

  it("Google's store is the intermediary of an app bought there, not of Google's own products", () => {
    const app = one("GOOGLE *Duolingo g.co/helppay# CA", "-6.99");
    expect(app.counterparty?.name).toBe("Duolingo");
    expect(app.intermediaries.map((i) => i.name)).toEqual(["Google Play"]);
    expect(one("GOOGLE *YouTubePremium g.co/helppay# CA", "-13.99").intermediaries).toEqual([]);
    expect(one("GOOGLE *Google One g.co/helppay#CA", "-2.99").intermediaries).toEqual([]);
  });

  it("an Etsy shop is the counterparty, its camel-case name read as words; Etsy the intermediary", () => {
    const result = one("ETSY.COM - LunaKnitStudio BROOKLYN NY", "-34.00");
    expect(result.counterparty?.name).toBe("Luna Knit Studio");
    expect(result.intermediaries.map((i) => i.name)).toEqual(["Etsy"]);
    expect(result.categories.detailed).toBe("GENERAL_MERCHANDISE_ONLINE_MARKETPLACES");
  });

  it("pay named inline is income, whatever the employer sells (no ACH entry field)", () => {
    const result = one("KAISER FOUNDATION PAYROLL PPD ID: 9111111101", "2950.00");
    expect(result.counterparty?.name).toBe("Kaiser Permanente");
    expect(result.categories.detailed).toBe("INCOME_WAGES");
  });

  it("a brokerage's transfer takes the transaction's direction", () => {
    const description = "FID BKG SVC LLC MONEYLINE PPD ID: 1035141383";
    expect(one(description, "500.00").categories.detailed).toBe(
      "TRANSFER_IN_INVESTMENT_AND_RETIREMENT_FUNDS",
    );
    expect(one(description, "-500.00").categories.detailed).toBe(
      "TRANSFER_OUT_INVESTMENT_AND_RETIREMENT_FUNDS",
    );
  });

  it("categorises by the name's words before the rest of the line (a city named Edison is no utility)", () => {
    expect(one("SQ *BRIGHT STAR TUTORING Edison NJ", "-60.00").categories.detailed).toBe(
      "GENERAL_SERVICES_EDUCATION",
    );
    expect(one("SQ *ZEN FOOT MASSAGE San Mateo CA", "-45.00").categories.general).toBe("PERSONAL_CARE");
    // What a software reseller sells, when its seller is unknown: software.
    expect(one("FS *TECHSMITH 877-469-2323 MI", "-49.99").categories.general).toBe("GENERAL_SERVICES");
  });

  it.each([
    [
      "ONLINE TRANSFER TO SMITH J WAY2SAVE SAVINGS XXXXXX1234 REF #IB0MZ7XXYZ ON 05/14/24",
      "-200.00",
      "TRANSFER_OUT_ACCOUNT_TRANSFER",
    ],
    [
      "ONLINE TRANSFER FROM SMITH J EVERYDAY CHECKING XXXXXX5678 REF #IB0N8Q2ABC ON 05/14/24",
      "200.00",
      "TRANSFER_IN_ACCOUNT_TRANSFER",
    ],
    ["Round Up Transfer", "-0.63", "TRANSFER_OUT_SAVINGS"],
    ["CHECK 1042", "-150.00", "TRANSFER_OUT_OTHER_TRANSFER_OUT"],
    ["SHARE DRAFT 000318", "-80.00", "TRANSFER_OUT_OTHER_TRANSFER_OUT"],
    ["MONTHLY MAINTENANCE FEE REVERSAL", "12.00", "BANK_FEES_OTHER_BANK_FEES"],
    ["CASHBACK BONUS REDEMPTION PYMT/STMT CRDT", "25.00", "INCOME_OTHER_INCOME"],
    ["Monthly Interest Paid", "0.42", "INCOME_INTEREST_EARNED"],
  ])("the bank's own entry %s has no counterparty", (description, amount, detailed) => {
    const result = one(description, amount);
    expect(result.counterparty).toBeNull();
    expect(result.categories.detailed).toBe(detailed);
  });

  it("reads more banks' formats: U.S. Bank's -VISA, a credit union's dashed date, Chime's Pay Friends", () => {
    const plumber = one("DEBIT PURCHASE -VISA IN *HOLLOWAY PLUMBING L 800-555-1234 OH", "-240.00");
    expect(plumber.counterparty?.name).toBe("Holloway Plumbing");
    expect(plumber.intermediaries.map((i) => i.name)).toEqual(["QuickBooks"]);
    expect(one("POS Debit- Debit Card 4412 05-14-24 NAVY EXCHANGE 0123 NORFOLK VA").counterparty?.name).toBe(
      "Navy Exchange",
    );
    const friend = one("Pay Friends transfer to Ashley Morgan", "-30.00");
    expect(friend.person).toBe("Ashley Morgan");
    expect(friend.intermediaries).toEqual([]);
    const fee = one("NON-WELLS FARGO ATM TRANSACTION FEE", "-2.50");
    expect(fee.counterparty?.name).toBe("Wells Fargo");
    expect(fee.categories.general).toBe("BANK_FEES");
  });

  it("a payer's name ends where its pay's words and numbers start; a store's number and a plan's word go", () => {
    const pay = one("UNIV OF MINNESOTA PAYROLL 240515 000012345 LOPEZ MARIA", "2100.00");
    expect(pay.counterparty?.name).toBe("University of Minnesota");
    expect(pay.categories.detailed).toBe("INCOME_WAGES");
    expect(one("BARTELL DRUGS 42 SEATTLE WA").counterparty?.name).toBe("Bartell Drugs");
    expect(one("STAR TRIBUNE SUBSCRIPTION MINNEAPOLIS MN").counterparty?.name).toBe("Star Tribune");
  });

  it("a city's water bill is a utility; its other departments are government", () => {
    const water = one(
      "CITY OF PHOENIX DES:WATER SVC ID:0041234567 INDN:CARLOS MENDEZ CO ID:1866004791 PPD",
      "-64.10",
    );
    expect(water.categories.detailed).toBe("RENT_AND_UTILITIES_WATER");
    expect(one("NYS DMV INTERNET ALBANY NY", "-65.00").categories.general).toBe("GOVERNMENT_AND_NON_PROFIT");
  });

  it(`reads the first ${DESCRIPTION_READ_LENGTH} characters of a description: a hostile one costs what those do`, () => {
    // Each of these took seconds to a minute whole (patterns that cost the square of their text).
    for (const hostile of [
      `${"Abc".repeat(40_000)}!`,
      `NON-${"A".repeat(100_000)} FEE`,
      "AB ".repeat(40_000),
    ]) {
      const { id: _, createdAt: _at, ...whole } = one(hostile);
      const { id: __, createdAt: __at, ...read } = one(hostile.slice(0, DESCRIPTION_READ_LENGTH));
      expect(whole).toEqual(read);
    }
  });

  it("keeps letters beyond ASCII (accents, other scripts) and reads compatibility forms as what they stand for", () => {
    expect(one("CAFÉ DE FLORE PARIS").counterparty?.name).toBe("Café de Flore Paris");
    expect(one("BÄCKEREI GRÜNWALD MÜNCHEN").counterparty?.name).toBe("Bäckerei Grünwald München");
    expect(one("SEÑOR TACO LOS ANGELES CA").counterparty?.name).toBe("Señor Taco");
    expect(one("POS DEBIT CAFÉ CRÈME BRÛLÉE NEW YORK NY").counterparty?.name).toBe("Café Crème Brûlée");
    expect(one("ファミリーマート 渋谷店").counterparty?.name).toBe("ファミリーマート 渋谷店");
    const zelle = one("Zelle payment to JOSÉ NÚÑEZ Conf# 1");
    expect(zelle.person).toBe("José Núñez");
    expect(zelle.intermediaries.map((i) => i.name)).toEqual(["Zelle"]);
    expect(one("VENMO *JOSÉ GARCÍA").person).toBe("José García");
    // Full-width letters, as some card networks print them: the same reading as their ASCII.
    const {
      id: _,
      createdAt: _at,
      transactionId: _t,
      ...wide
    } = one("ＳＱ ＊ＢＬＵＥ ＢＯＴＴＬＥ ＣＯＦＦＥＥ");
    const { id: __, createdAt: __at, transactionId: __t, ...ascii } = one("SQ *BLUE BOTTLE COFFEE");
    expect(wide).toEqual(ascii);
    expect(ascii.merchant).toBe("Blue Bottle Coffee");
  });

  it("a name ending in a whole word is not completed as a cut one (BAR is no BARBERSHOP)", () => {
    expect(one("TST* THE PEARL OYSTER BAR SAN FRANCISCO CA").counterparty?.name).toBe("The Pearl Oyster Bar");
    expect(one("CORNERSTONE PHYSICAL THE ATHENS GA").counterparty?.name).toBe("Cornerstone Physical Therapy");
  });

  it("a fee is the bank's that the line names; a withdrawal at another's ATM has no counterparty", () => {
    const fee = one("NON-CHASE ATM FEE-WITH", "-3.00");
    expect(fee.counterparty?.name).toBe("Chase");
    expect(fee.categories.detailed).toBe("BANK_FEES_ATM_FEES");
    const cash = one("NON-CHASE ATM WITHDRAW 05/02 7-ELEVEN 31245 DALLAS TX CARD 4821", "-60.00");
    expect(cash.counterparty).toBeNull();
    expect(cash.categories.general).toBe("TRANSFER_OUT");
  });

  it("a payee named after a platform's prefix is the counterparty; the platform is the intermediary", () => {
    const result = one("DOORDASH*MAMA KIMS KOREAN SAN FRANCISCO CA");
    expect(result.counterparty?.name).toBe("Mama Kims Korean");
    expect(result.intermediaries.map((i) => i.name)).toEqual(["DoorDash"]);
    expect(result.locationStructured).toMatchObject({ city: "San Francisco", state: "CA" });
  });

  it("completes a word the statement cut short, and reads ACH company names", () => {
    expect(one("TST* LUCKY DUMPLING KITCH San Francisco CA").counterparty?.name).toBe(
      "Lucky Dumpling Kitchen",
    );
    const payroll = one("ACME CORP PAYROLL PPD ID: 1234567890", "2500.00");
    expect(payroll.counterparty?.name).toBe("Acme");
    expect(payroll.categories).toMatchObject({
      general: "INCOME",
      detailed: "INCOME_WAGES",
      accounting: "revenue",
    });
  });

  it.each([
    [
      "INSUFFICIENT FUNDS FEE FOR A $45.00 ITEM - DETAILS: VENMO PAYMENT 1023456789",
      "-35.00",
      "BANK_FEES_INSUFFICIENT_FUNDS",
    ],
    ["NON-CHASE ATM WITHDRAW 05/02 7-ELEVEN 31245 DALLAS TX CARD 4821", "-60.00", "TRANSFER_OUT_WITHDRAWAL"],
    ["MONTHLY MAINTENANCE FEE", "-12.00", "BANK_FEES_OTHER_BANK_FEES"],
    ["INTEREST EARNED", "0.42", "INCOME_INTEREST_EARNED"],
    ["ONLINE TRANSFER FROM CHK ...5678 TRANSACTION#: 12345678901", "200.00", "TRANSFER_IN_ACCOUNT_TRANSFER"],
    ["AUTOPAY PAYMENT - THANK YOU", "450.00", "LOAN_PAYMENTS_CREDIT_CARD_PAYMENT"],
    ["REMOTE ONLINE DEPOSIT # 1", "120.00", "TRANSFER_IN_DEPOSIT"],
  ])("an entry the bank made itself has no counterparty: %s", (description, amount, detailed) => {
    const result = one(description, amount);
    expect(result.counterparty).toBeNull();
    expect(result.merchant).toBeNull();
    expect(result.categories.detailed).toBe(detailed);
  });

  it("an organisation's ACH credit is pay, a tax refund or other income, whatever the organisation sells", () => {
    const pay = one("COSTCO WHOLESALE DES:PAYROLL ID:00042 INDN:DOE,JANE CO ID:1911223344 PPD", "1520.00");
    expect(pay.merchant).toBe("Costco");
    expect(pay.categories.detailed).toBe("INCOME_WAGES");
    const chase = one(
      "ORIG CO NAME:HOME DEPOT ORIG ID:1234 DESC DATE:0501 CO ENTRY DESCR:DIR DEP SEC:PPD TRACE#:1 EED:0501",
      "980.00",
    );
    expect(chase.categories.detailed).toBe("INCOME_WAGES");
    expect(
      one("STATE OF OHIO DES:TAX REFUND ID:77 INDN:DOE JANE CO ID:1 PPD", "312.00").categories.detailed,
    ).toBe("INCOME_TAX_REFUND");
    // A refund is not income; money out to the same company is still shopping.
    expect(one("HOME DEPOT DES:REFUND ID:9 INDN:DOE JANE CO ID:1 CCD", "45.00").categories.general).not.toBe(
      "INCOME",
    );
    expect(one("COSTCO WHOLESALE #0123 SEATTLE WA").categories.general).toBe("GENERAL_MERCHANDISE");
  });

  it("an airline's ticket number names the airline; another number after its name does not", () => {
    expect(one("DELTA 0062345678901 ATLANTA GA", "-310.00")).toMatchObject({
      merchant: "Delta Air Lines",
      categories: { general: "TRAVEL" },
    });
    expect(one("DELTA 1234567 ATLANTA GA").merchant).not.toBe("Delta Air Lines");
  });

  it("a business paid through Zelle is an organisation, categorised by what it does", () => {
    const result = one("Zelle payment to Lakeview Property Mgmt JPM77x8y9z0a", "-1400.00");
    expect(result.person).toBeNull();
    expect(result.counterparty).toMatchObject({ name: "Lakeview Property Management", type: "organization" });
    expect(result.categories.detailed).toBe("RENT_AND_UTILITIES_RENT");
    expect(result.intermediaries.map((i) => i.name)).toEqual(["Zelle"]);
  });

  it("a phone number or web address where the city goes leaves no city to take from the name", () => {
    const result = one("EB *HARVEST MOON NIGHT 801-413-7200 CA");
    expect(result.counterparty?.name).toBe("Harvest Moon Night");
    expect(result.locationStructured).toMatchObject({ city: null, state: "CA" });
    expect(result.categories.general).toBe("ENTERTAINMENT");
  });

  it.each([
    ["LOWE S #1234 RALEIGH NC", "Lowe's", "HOME_IMPROVEMENT"],
    ["KOHL S #0456 MILWAUKEE WI", "Kohl's", "GENERAL_MERCHANDISE"],
    ["DICK S SPORTING GOODS PITTSBURGH PA", "Dick's Sporting Goods", "GENERAL_MERCHANDISE"],
    ["JOE S PIZZA BROOKLYN NY", "Joe's Pizza", "FOOD_AND_DRINK"],
  ])("%s: a possessive whose apostrophe the feed dropped is read whole", (description, name, general) => {
    const result = one(description);
    expect(result.counterparty?.name).toBe(name);
    expect(result.categories.general).toBe(general);
  });

  it.each([
    ["CAFFE NERO LONDON GBR", "Caffe Nero", "London", null, "GB", "London, GB"],
    ["TIM HORTONS #1234 TORONTO ON", "Tim Hortons", "Toronto", "ON", "CA", "Toronto, ON, CA"],
    ["UBER *TRIP AMSTERDAM NLD", "Uber", "Amsterdam", null, "NL", "Amsterdam, NL"],
    ["OXXO CANCUN MEX", "Oxxo", "Cancun", null, "MX", "Cancun, MX"],
    ["SPOTIFY 877-778-1161 SWE", "Spotify", null, null, "SE", "SE"],
    ["STARBUCKS STORE 08842 SEATTLE WA", "Starbucks", "Seattle", "WA", "US", "Seattle, WA"],
  ])(
    "%s: the city, the province and the country abroad are the location, not the name",
    (description, name, city, state, country, raw) => {
      const result = one(description);
      expect(result.counterparty?.name).toBe(name);
      expect(result.locationStructured).toMatchObject({ city, state, country });
      expect(result.location?.rawAddress).toBe(raw);
    },
  );

  it.each([
    "TURN ON", // a province's code with no city before it
    "CITY WASTE TRASH CAN", // CAN, a word as often as Canada's code, is left out
  ])("%s is no place", (description) => {
    const result = one(description);
    expect(result.location).toBeNull();
    expect(result.locationStructured).toBeNull();
  });

  it.each([
    ["WIRE TRANS SVC CHARGE - SEQUENCE: 2505 SRF# OW0000 TRN#2505", "-25.00", "BANK_FEES_OTHER_BANK_FEES"],
    ["DIVIDEND EARNED", "0.85", "INCOME_DIVIDENDS"],
  ])("the bank's own %s has no counterparty", (description, amount, detailed) => {
    const result = one(description, amount);
    expect(result.counterparty).toBeNull();
    expect(result.categories.detailed).toBe(detailed);
  });

  it("a gift through a church-giving platform is a donation", () => {
    expect(one("PUSHPAY*NEW HOPE FELLOWSHIP 206-555-0100 WA").categories.detailed).toBe(
      "GOVERNMENT_AND_NON_PROFIT_DONATIONS",
    );
  });

  it("a name's last word cut short still matches its merchant", () => {
    expect(one("FRONTIER COMMUNICA 800-921-8101 CT").merchant).toBe("Frontier Communications");
  });

  it.each([
    ["HARBOR VIEW GRILL VIRGINIA BEACH VA", "Harbor View Grill", "Virginia Beach"],
    ["SURF SHACK TACOS WEST PALM BEACH FL", "Surf Shack Tacos", "West Palm Beach"],
    ["Oak Tree Hardware Grand Rapids MI", "Oak Tree Hardware", "Grand Rapids"],
    ["IN *BLUE RIDGE LAWN & LANDSC 828-555-0101 NC", "Blue Ridge Lawn & Landscaping", null],
  ])("tells the name from the city in %s", (description, name, city) => {
    const result = one(description);
    expect(result.counterparty?.name).toBe(name);
    expect(result.locationStructured?.city ?? null).toBe(city);
  });

  it("a fee charged by someone else is theirs", () => {
    expect(one("CITY OF ROUND ROCK PARKING FEE ROUND ROCK TX").counterparty?.name).toMatch(
      /^City of Round Rock/,
    );
  });

  it.each([
    ["LAKESIDE VETERINARY CLIN MADISON WI", "Lakeside Veterinary Clinic"],
    ["EL TORO LOCO MEXICAN RE SALEM OR", "El Toro Loco Mexican Restaurant"],
    [
      "OAKWOOD PROPERTY MGMT DES:WEBPAY ID:R4471 INDN:SAM TAYLOR CO ID:9000123456 WEB",
      "Oakwood Property Management",
    ],
    ["TST* EL FARO CANTINA - DOWNT Denver CO", "El Faro Cantina"],
    ["ROSEWOOD FAMILY DENTAL 916-555-0147 CA", "Rosewood Family Dental"],
    ["PY *HILLCREST PHO & GRILL Columbus OH", "Hillcrest Pho & Grill"],
  ])("spells out what the statement cut or abbreviated: %s", (description, name) => {
    expect(one(description).counterparty?.name).toBe(name);
  });

  it("a station's brand followed by its number is the brand (a numbered pattern)", () => {
    expect(one("QT 1234 OUTSIDE TULSA OK").merchant).toBe("QuikTrip");
    expect(one("QT OUTSIDE TULSA OK").merchant).toBeNull();
  });

  it("a processor's prefix names it as the intermediary and the payee after it as the counterparty", () => {
    const result = one("INSTAMED*SUTTER HEALTH 866-467-8263 PA");
    expect(result.counterparty?.name).toBe("Sutter Health");
    expect(result.intermediaries.map((i) => i.name)).toEqual(["InstaMed"]);
  });

  // What holdout-5 and holdout-6 showed the engine misreading: formats, not merchants.
  it("Shopify's prefix without its star names Shopify; SP+ Parking's name is no prefix", () => {
    const shop = one("SP BLUE HERON CANDLES BURLINGTON VT", "-42.00");
    expect(shop.counterparty?.name).toBe("Blue Heron Candles");
    expect(shop.intermediaries.map((i) => i.name)).toEqual(["Shopify"]);
    expect(one("SP PLUS 1234 CHICAGO IL").merchant).toBe("SP+ Parking");
  });

  it("a city is no merchant when nothing else names one (a diner in Burlington is not the store)", () => {
    const result = one("JOES DINER BURLINGTON VT");
    expect(result.merchant).toBeNull();
    expect(result.counterparty?.name).toBe("Joes Diner");
    expect(result.locationStructured).toMatchObject({ city: "Burlington", state: "VT" });
    // A merchant named by more than the city is still found in the whole line.
    expect(one("APPLE CASH 1INFINITELOOP CA", "-25.00").merchant).toBe("Apple Cash");
  });

  it("money sent to a person has no place (Wells Fargo's ON before the date is no Ontario)", () => {
    const result = one("ZELLE TO GARCIA LUIS ON 03/14 REF # PP0ABC1234", "-40.00");
    expect(result.person).toBe("Luis Garcia");
    expect(result.location).toBeNull();
    expect(result.locationStructured).toBeNull();
  });

  it("a wallet's mark before the merchant (American Express's AplPay) goes, and is no go-between", () => {
    const result = one("AplPay SUNNYSIDE DONUTS ORLANDO FL", "-9.80");
    expect(result.counterparty?.name).toBe("Sunnyside Donuts");
    expect(result.intermediaries).toEqual([]);
    expect(result.categories.general).toBe("FOOD_AND_DRINK");
  });

  it.each([
    ["DEBIT CARD PURCHASE XXXXX1234 MILKY WAY COFFEE HOU PITTSBURGH PA", "Milky Way Coffee House", []],
    ["Debit Card Purchase - TST* SMOKE & BARREL BBQ Raleigh NC", "Smoke & Barrel BBQ", ["Toast"]],
    ["Card Purchase With Pin 06/12 Joe's Deli Austin TX Card 4412", "Joe's Deli", []],
  ])(
    "the card purchase's lead-in goes (PNC, Capital One, Chase with a PIN): %s",
    (description, name, via) => {
      const result = one(description);
      expect(result.counterparty?.name).toBe(name);
      expect(result.intermediaries.map((i) => i.name)).toEqual(via);
    },
  );

  it("a web address where the city goes, after the name, is the processor's or platform's site, not the name", () => {
    const coffee = one("SQ *RISE AND GRIND COFFE gosq.com NY", "-8.75");
    expect(coffee.counterparty?.name).toBe("Rise and Grind Coffee");
    expect(coffee.categories.general).toBe("FOOD_AND_DRINK");
    const order = one("GRUBHUB*KABOB HOUSE GRUBHUB.COM NY", "-31.00");
    expect(order.counterparty?.name).toBe("Kabob House");
    expect(order.intermediaries.map((i) => i.name)).toEqual(["Grubhub"]);
  });

  it.each([
    ["GRUBHUB*SZECHUANGARDEN GRUBHUB.COM NY", "Szechuan Garden"],
    ["GRUBHUB*MAHARAJAINDIANCUI GRUBHUB.COM NY", "Maharaja Indian Cuisine"],
    ["PAYPAL *SUNRISEYOGA 4029357733 CA", "Sunrise Yoga"],
    ["PAYPAL *HARBORVIEWBOOKS 402-935-7733 CA", "Harborview Books"],
    // Its words apart name a known merchant.
    ["PAYPAL *SIERRACLUB 402-935-7733 CA", "Sierra Club"],
    // A known merchant's name run into its legal form, cut.
    ["PAYPAL *SPOTIFYUSAI 402-935-7733 CA", "Spotify"],
    ["PAYPAL *HULULLC 402-935-7733 CA", "Hulu"],
  ])("a name run together after a platform's prefix is read as words: %s", (description, name) => {
    expect(one(description).counterparty?.name).toBe(name);
  });

  it("words with accents categorise as their letters (CAFÉ, PÂTISSERIE, BÄCKEREI)", () => {
    expect(one("CAFÉ DU MONDE NEW ORLEANS LA").categories.general).toBe("FOOD_AND_DRINK");
    expect(one("PÂTISSERIE LA ROSE MONTRÉAL QC").categories.general).toBe("FOOD_AND_DRINK");
    expect(one("BÄCKEREI SCHMIDT MÜNCHEN DEU").categories.general).toBe("FOOD_AND_DRINK");
  });

  it.each([
    ["PÂTISSERIE LA ROSE MONTRÉAL QC", "Pâtisserie La Rose", "Montréal", "CA"],
    ["BÄCKEREI SCHMIDT MÜNCHEN DEU 8.40 EUR @ 1.0952", "Bäckerei Schmidt", "München", "DE"],
    ["CAFE CENTRAL WIEN AUT 12,50 EUR", "Cafe Central", "Wien", "AT"],
    ["TAQUERÍA EL FOGÓN CIUDAD DE MEX MEX", "Taquería El Fogón", "Ciudad de Mex", "MX"],
  ])(
    "abroad, an accented city, one joined by DE and an amount in another currency are no part of the name: %s",
    (description, name, city, country) => {
      const result = one(description);
      expect(result.counterparty?.name).toBe(name);
      expect(result.locationStructured).toMatchObject({ city, country });
    },
  );

  it("Apple Card's street, ZIP code and trailing USA are no part of the name", () => {
    const result = one("BLOOM & BRANCH FLORIST 418 W MAIN ST LOUISVILLE 40202 KY USA", "-65.00");
    expect(result.counterparty?.name).toBe("Bloom & Branch Florist");
    expect(result.locationStructured).toMatchObject({ city: "Louisville", state: "KY", country: "US" });
  });

  it.each([
    ["MILLER HDWE & GARDEN CTR BANGOR ME", "Miller Hardware & Garden Center", "HOME_IMPROVEMENT"],
    ["IN *TRI-COUNTY PEST CONTR 706-555-0143 GA", "Tri-County Pest Control", "HOME_IMPROVEMENT"],
    ["MIDWEST EYE CONSULTAN FORT WAYNE IN", "Midwest Eye Consultants", "MEDICAL"],
    ["THE WILLOWS BED & BREAKF ST HELENA CA", "The Willows Bed & Breakfast", "TRAVEL"],
    ["SQ *TUMBLE TOWN GYMNASTI Frisco TX", "Tumble Town Gymnastics", "GENERAL_SERVICES"],
    ["SUMMIT PEDIATRICS PC 303-555-0178 CO", "Summit Pediatrics", "MEDICAL"],
  ])("spells out and categorises what the statement cut or abbreviated: %s", (description, name, general) => {
    const result = one(description);
    expect(result.counterparty?.name).toBe(name);
    expect(result.categories.general).toBe(general);
  });

  it.each([
    ["THE TIPSY GOAT TAPHOUSE LOUISVILLE KY", "FOOD_AND_DRINK"],
    ["SQ *HOLA TACOS Austin TX", "FOOD_AND_DRINK"],
    ["CA STATE PARKS DAY USE SACRAMENTO CA", "GOVERNMENT_AND_NON_PROFIT"],
    [
      "LA COUNTY TTC DES:PROPTAX ID:XXXXX0055 INDN:ANA ROSARIO CO ID:9956000123 WEB",
      "GOVERNMENT_AND_NON_PROFIT",
    ],
  ])(
    "knows the trade's word (a plural, a taphouse, a state park, property tax): %s",
    (description, general) => {
      expect(one(description).categories.general).toBe(general);
    },
  );

  it("a company's word for its shops (STORES) is no part of its name", () => {
    expect(one("TESCO STORES 3021 LONDON GBR").counterparty?.name).toBe("Tesco");
  });

  it("a town's bill names the town, not its department; a name's place after OF is kept", () => {
    expect(one("CITY OF SEATTLE MUNI CRT SEATTLE WA", "-124.00").counterparty?.name).toBe("City of Seattle");
    const utility = one("CITY OF BOULDER UTIL BILL PAY 303-441-3260 CO", "-61.20");
    expect(utility.counterparty?.name).toBe("City of Boulder");
    expect(utility.categories.general).toBe("RENT_AND_UTILITIES");
    expect(one("CITY OF GOLDEN GOLDEN CO").counterparty?.name).toBe("City of Golden");
  });

  it("a state's agency named by its code is the state's, written out", () => {
    const refund = one(
      "GA DEPT OF REV DES:TAX REFUND ID:XXXXX9123 INDN:WALKER JAMES CO ID:5586000001 PPD",
      "318.00",
    );
    expect(refund.counterparty?.name).toBe("Georgia Department of Revenue");
    expect(refund.categories.detailed).toBe("INCOME_TAX_REFUND");
  });

  it("LA in a name is the article (La Casita), Los Angeles only before COUNTY and the like", () => {
    expect(one("LA CASITA MEXICAN GRILL SPRINGFIELD MO").counterparty?.name).toBe("La Casita Mexican Grill");
    expect(
      one("LA COUNTY ANIMAL CARE DES:LICENSE ID:1 INDN:ANA ROSARIO CO ID:1 WEB", "-20.00").counterparty?.name,
    ).toBe("LA County Animal Care");
  });

  it.each([
    ["AUTOMATIC PAYMENT - THANK", "2078.50", "LOAN_PAYMENTS_CREDIT_CARD_PAYMENT"],
    ["AUTOPAY PAYMENT RECEIVED - THANK YOU", "842.16", "LOAN_PAYMENTS_CREDIT_CARD_PAYMENT"],
    ["CREDIT CARD 3333 PAYMENT *//", "-25.00", "LOAN_PAYMENTS_CREDIT_CARD_PAYMENT"],
    ["INTEREST CHARGED TO STANDARD PURCH", "-22.14", "BANK_FEES_INTEREST_CHARGE"],
    ["CREDIT-CASH BACK REWARD", "25.00", "INCOME_OTHER_INCOME"],
    ["ATM CHECK DEPOSIT 06/12 2201 N CLARK ST CHICAGO IL", "450.00", "TRANSFER_IN_DEPOSIT"],
    ["OUT OF NETWORK ATM FEE", "-2.50", "BANK_FEES_ATM_FEES"],
    ["INTRST PYMNT", "4.22", "INCOME_INTEREST_EARNED"],
    ["CD DEPOSIT .INITIAL.", "1000.00", "TRANSFER_IN_DEPOSIT"],
    ["Deposit Dividend 2.150%", "1.92", "INCOME_DIVIDENDS"],
    ["Withdrawal Transfer To Share 0001", "-100.00", "TRANSFER_OUT_ACCOUNT_TRANSFER"],
  ])("more of the bank's own entries have no counterparty: %s", (description, amount, detailed) => {
    const result = one(description, amount);
    expect(result.counterparty).toBeNull();
    expect(result.categories.detailed).toBe(detailed);
  });

  it("cash from an ATM whose bank is printed after the withdrawal's words is that bank's", () => {
    const result = one("ATM WITHDRAWAL US BANK 0412 NICOLLET MALL MINNEAPOLIS MN", "-80.00");
    expect(result.counterparty?.name).toBe("U.S. Bank");
    expect(result.categories.detailed).toBe("TRANSFER_OUT_WITHDRAWAL");
    // The shop where another's ATM stands is not the bank.
    expect(one("ATM WITHDRAWAL 06/14 CIRCLE K 2291 TEMPE AZ CARD 7712", "-60.00").counterparty).toBeNull();
  });

  it("reads the ACH format that ends with the company (TYPE: … ID: … CO: …)", () => {
    const water = one("Withdrawal ACH TOWN OF CARY TYPE: UTILITY ID: 1566001256 CO: TOWN OF CARY", "-58.90");
    expect(water.counterparty?.name).toBe("Town of Cary");
    expect(water.categories.general).toBe("RENT_AND_UTILITIES");
    const pay = one("Deposit ACH STATE OF OHIO TYPE: PAYROLL ID: 9316000140 CO: STATE OF OHIO", "2105.77");
    expect(pay.counterparty?.name).toBe("State of Ohio");
    expect(pay.categories.detailed).toBe("INCOME_WAGES");
  });

  it("an ACH biller's name running on into its entry field names it (DISCOVER DES:E-PAYMENT)", () => {
    const result = one("DISCOVER DES:E-PAYMENT ID:2741 INDN:ELENA VOSS CO ID:2510020270 WEB", "-350.00");
    expect(result.merchant).toBe("Discover Card");
    expect(result.categories.general).toBe("LOAN_PAYMENTS");
  });

  it("the payer after 'Direct Deposit from' is the counterparty", () => {
    expect(one("Direct Deposit from NORTHSTAR LOGISTICS", "1722.35").counterparty?.name).toBe(
      "Northstar Logistics",
    );
  });

  it.each([
    ["ZELLE TO MUÑOZ JOSÉ ON 06/09 REF # PP0L1K2J3H", "José Muñoz", ["Zelle"]],
    ["Cash App*Maria Santos Oakland CA", "Maria Santos", ["Cash App"]],
    ["CARD PURCHASE 10/09 CASH APP*MARCUS REED OAKLAND CA CARD 4821", "Marcus Reed", ["Cash App"]],
  ])(
    "finds the person in %s (accents, a mixed-case place, the card's number after)",
    (description, person, via) => {
      const result = one(description);
      expect(result.person).toBe(person);
      expect(result.intermediaries.map((i) => i.name)).toEqual(via);
    },
  );

  it("a Google product with a code after its store's prefix is Google's own, with no go-between", () => {
    const result = one("GOOGLE *FI HDH4K2 g.co/helppay# CA", "-65.00");
    expect(result.merchant).toBe("Google Fi");
    expect(result.intermediaries).toEqual([]);
    expect(result.categories.general).toBe("RENT_AND_UTILITIES");
  });

  it.each([
    ["SQUARE INC DES:SQ240614 ID:T3J8K2L9M4 INDN:BLUE FERN BAKERY CO ID:9424234567 CCD", "Square"],
    ["STRIPE DES:TRANSFER ID:ST-X1Y2Z3A4B5C6 INDN:RED DOOR POTTERY LLC CO ID:1800948598 CCD", "Stripe"],
  ])(
    "a platform's payout the catalogue names otherwise (%s) is the platform's, and the platform the go-between",
    (description, platform) => {
      const result = one(description, "1186.42");
      expect(result.counterparty?.name).toBe(platform);
      expect(result.intermediaries.map((i) => i.name)).toEqual([platform]);
      expect(result.categories.general).toBe("INCOME");
    },
  );
  it("an app named in a payout's entry is the way the money went, not the platform that pays it", () => {
    const result = one(
      "SQUARE INC DES:CASH APP ID:T4S2K9L1M3 INDN:TAYLOR REED CO ID:9424234567 PPD",
      "180.00",
    );
    expect(result.intermediaries.map((i) => i.name)).toEqual(["Cash App"]);
  });

  // What holdout-7 showed the engine misreading: formats and words, not merchants.
  it.each([
    ["COMPRA POS 0522 FARMACIA LA ESPERANZA CAGUAS PR", "Farmacia La Esperanza", "MEDICAL"],
    ["ACHAT INTERAC PHARMACIE BEAUDOIN LAVAL QC", "Pharmacie Beaudoin", "MEDICAL"],
    ["ESTACIONAMIENTO CENTRO PONCE PR", "Estacionamiento Centro", "TRANSPORTATION"],
    ["PAGO ELECTRONICO AUTORIDAD ACUEDUCTOS SAN JUAN PR", "Autoridad Acueductos", null],
  ])(
    "a Spanish or French lead-in (%s) goes, and its trade's words categorise",
    (description, name, general) => {
      const result = one(description);
      expect(result.counterparty?.name).toBe(name);
      if (general) expect(result.categories.general).toBe(general);
    },
  );

  it("Zelle in Spanish names the person (ENVIADO A, RECIBIDO DE)", () => {
    const sent = one("ZELLE ENVIADO A ANA RIVERA REF 12345678");
    expect(sent).toMatchObject({
      person: "Ana Rivera",
      counterparty: { name: "Ana Rivera", type: "person" },
    });
    expect(sent.intermediaries.map((i) => i.name)).toEqual(["Zelle"]);
    expect(one("ZELLE RECIBIDO DE MARIA LOPEZ", "50.00").person).toBe("Maria Lopez");
  });

  it.each([
    ["ACH DEBIT SUNNY DAYS PRESCHOOL TUITION PPD ID: 1234567890", "Sunny Days Preschool"],
    ["ACH DEBIT OAK HILL HOA DUES PPD ID: 1234567890", "Oak Hill Homeowners Association"],
    ["ACH DEBIT TRINITY FCU LOAN PYMT PPD ID: 1234567890", "Trinity Federal Credit Union"],
    ["ACH DEBIT GRACE BAPTIST CHURC ONLINE GIV WEB ID: 1411234500", "Grace Baptist Church"],
    ["ACH DEBIT TINY STEPS CHILDCA TUITION PPD ID: 1234567890", "Tiny Steps Childcare"],
  ])("an ACH line's purpose after the name is no part of it: %s", (description, name) => {
    expect(one(description).counterparty?.name).toBe(name);
  });

  it.each([
    ["SQ *RED FOX COFFEE RO Boise ID", "Red Fox Coffee Roasters"],
    ["LUXE NAILS SALON & SP DENVER CO", "Luxe Nails Salon & Spa"],
    ["IN *ACME PLUMBING & H Akron OH", "Acme Plumbing & Heating"],
    ["BOSTON TRANSIT AUTH 617-222-3200 MA", "Boston Transit Authority"],
    ["PIEDMONT ELEC COOP DES:UTIL PMT ID:0001 INDN:DOE JANE CO ID:1 WEB", "Piedmont Electric Cooperative"],
    ["EB *HARBOR JAZZ FES 801-413-7200 CA", "Harbor Jazz Festival"],
    ["EB *HARBOR JAZZ FEST 801-413-7200 CA", "Harbor Jazz Fest"],
    ["PY *SPRINGFIELD MUNICIPAL UT 413-555-0190 MA", "Springfield Municipal Utilities"],
    ["FLYWIRE* MESA COMMUNITY CO", "Mesa Community College"],
    ["PUSHPAY*GRACE COMMUNITY C 206-6941640 WA", "Grace Community Church"],
    ["PUSHPAY*FIRST UNITED METHODI", "First United Methodist Church"],
    ["INSTAMED*OAK PEDIATR 866-467-8263 PA", "Oak Pediatrics"],
  ])("completes a word only the word before says how to (%s)", (description, name) => {
    expect(one(description).counterparty?.name).toBe(name);
  });

  it("a municipal utility, a cut pediatrician's and a community college's names categorise by their words", () => {
    expect(one("PY *SPRINGFIELD MUNICIPAL UT 413-555-0190 MA").categories.general).toBe("RENT_AND_UTILITIES");
    expect(one("INSTAMED*OAK PEDIATR 866-467-8263 PA").categories.general).toBe("MEDICAL");
    expect(one("FLYWIRE* MESA COMMUNITY CO", "-1200.00").categories.general).toBe("GENERAL_SERVICES");
  });

  it("a two-letter country before an amount in its currency is the place (LYON FR 38.20 EUR)", () => {
    const result = one("CAFE CENTRAL WIEN AT 12.40 EUR");
    expect(result.counterparty?.name).toBe("Cafe Central");
    expect(result.locationStructured).toMatchObject({ city: "Wien", country: "AT" });
  });

  it("Klarna pays the merchant at checkout: the merchant is the counterparty, Klarna the intermediary", () => {
    const result = one("KLARNA*ULTA BEAUTY 844-552-7621 OH");
    expect(result.counterparty?.name).toBe("Ulta Beauty");
    expect(result.categories.general).toBe("PERSONAL_CARE");
    expect(result.intermediaries.map((i) => i.name)).toEqual(["Klarna"]);
  });

  it("a rent portal before a property: the property is the counterparty, the portal the intermediary", () => {
    const result = one("APPFOLIO INC MAPLEWOOD APARTMEN WEB ID: 1800948598", "-1450.00");
    expect(result.counterparty?.name).toBe("Maplewood Apartments");
    expect(result.intermediaries.map((i) => i.name)).toEqual(["AppFolio"]);
    expect(result.categories.general).toBe("RENT_AND_UTILITIES");
    // With only its entry's words and numbers after it, the portal is the payee.
    expect(one("APPFOLIO INC RENT 0801 WEB ID: 9000212345", "-1450.00").counterparty?.name).toBe("AppFolio");
    expect(one("APPFOLIO INC DES:WEB PMTS ID:ZX8N2Q INDN:DOE JANE CO ID:1 WEB").counterparty?.name).toBe(
      "AppFolio",
    );
  });

  it("a business word marks a Venmo payee as a business; its city in title case is no part of its name", () => {
    const result = one("VENMO *LITTLE LOAF CUPCAKES Brooklyn NY");
    expect(result.person).toBeNull();
    expect(result.counterparty).toMatchObject({ name: "Little Loaf Cupcakes", type: "organization" });
    expect(result.categories.general).toBe("FOOD_AND_DRINK");
  });

  it("knows Quebec's and Puerto Rico's public companies; money from a tax authority is a tax refund", () => {
    expect(one("SAQ EXPRESS 23001 QUEBEC QC")).toMatchObject({ merchant: "SAQ", website: "saq.com" });
    expect(one("PAGO ELECTRONICO LUMA ENERGY SAN JUAN PR")).toMatchObject({
      merchant: "LUMA Energy",
      categories: { general: "RENT_AND_UTILITIES" },
    });
    expect(one("DEPOSITO DIRECTO DEPTO HACIENDA REINTEGRO", "500.00")).toMatchObject({
      merchant: "Departamento de Hacienda de Puerto Rico",
      categories: { detailed: "INCOME_TAX_REFUND" },
    });
  });

  describe("Plaid's sandbox lines, as its sandbox items print them", () => {
    it("AUTOMATIC PAYMENT - THANK out of checking is a card's payment, with no counterparty", () => {
      const out = one("AUTOMATIC PAYMENT - THANK", "-2078.50");
      expect(out.counterparty).toBeNull();
      expect(out.categories.detailed).toBe("LOAN_PAYMENTS_CREDIT_CARD_PAYMENT");
      expect(one("AUTOMATIC PAYMENT - THANK", "2078.50").categories.detailed).toBe(
        "LOAN_PAYMENTS_CREDIT_CARD_PAYMENT",
      );
    });

    it("ACH Electronic CreditGUSTO PAY: the payer run into the lead-in's words is read apart", () => {
      const out = one("ACH Electronic CreditGUSTO PAY 123456", "5850.00");
      expect(out.counterparty?.name).toBe("Gusto");
      expect(out.categories.general).toBe("INCOME");
    });

    it("a merchant's name alone, as an aggregator cleans it, is that merchant (Amazon, Shell)", () => {
      expect(one("Amazon", "-23.99")).toMatchObject({
        counterparty: { name: "Amazon", website: "amazon.com" },
        categories: { general: "GENERAL_MERCHANDISE" },
      });
      expect(one("Shell", "-40.00")).toMatchObject({
        counterparty: { name: "Shell" },
        categories: { general: "TRANSPORTATION" },
      });
      // A pattern still goes first: more words say more than the name's first.
      expect(one("AMAZON WEB SERVICES AWS.AMAZON.CO WA", "-12.00").counterparty?.name).toBe(
        "Amazon Web Services",
      );
    });

    it("a climbing gym is a gym", () => {
      expect(one("Touchstone Climbing", "-78.50").categories.detailed).toBe(
        "PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS",
      );
    });
  });

  describe("What holdout-8 showed the engine misreading", () => {
    const names = (result: ReturnType<typeof one>) => result.intermediaries.map((i) => i.name);

    it("Bank of America's round-up (KEEP THE CHANGE TRANSFER TO ACCT …) is the owner's own transfer to savings", () => {
      const out = one("KEEP THE CHANGE TRANSFER TO ACCT 4417 FOR 04/05/25", "-3.12");
      expect(out.counterparty).toBeNull();
      expect(out.categories).toMatchObject({ general: "TRANSFER_OUT", detailed: "TRANSFER_OUT_SAVINGS" });
      const into = one("KEEP THE CHANGE TRANSFER FROM ACCT 1234 FOR 04/05/25", "3.12");
      expect(into.counterparty).toBeNull();
      expect(into.categories.general).toBe("TRANSFER_IN");
    });

    it("NON-<bank> and NON<bank>: cash from another's ATM has no counterparty; the fee is the bank's", () => {
      const cash = one("NON-TD ATM W/D", "-60.00");
      expect(cash.counterparty).toBeNull();
      expect(cash.categories.general).toBe("TRANSFER_OUT");
      for (const [description, bank, website] of [
        ["NONTD ATM FEE", "TD Bank", "td.com"],
        ["NON-TD ATM FEE", "TD Bank", "td.com"],
        ["NONCHASE ATM FEE", "Chase", "chase.com"],
        ["NON-WELLS FARGO ATM FEE", "Wells Fargo", "wellsfargo.com"],
      ] as const) {
        const fee = one(description, "-3.00");
        expect(fee.counterparty?.name, description).toBe(bank);
        expect(fee.website, description).toBe(website);
        expect(fee.categories.general, description).toBe("BANK_FEES");
      }
    });

    it("money in from a cash-advance app or a lender is the advance or the loan paid out, not a loan payment", () => {
      expect(one("EARNIN TRANSFER", "250.15").categories).toMatchObject({
        general: "TRANSFER_IN",
        detailed: "TRANSFER_IN_CASH_ADVANCES_AND_LOANS",
      });
      expect(one("EARNIN TRANSFER", "-260.00").categories.general).toBe("LOAN_PAYMENTS");
      // A card's payment received on the card is still its payment.
      expect(one("APPLECARD GSBANK PAYMENT 8294 WEB ID: 9999999999", "600.00").categories.general).toBe(
        "LOAN_PAYMENTS",
      );
    });

    it("a merchant after PayPal's INST XFER is the counterparty, PayPal the go-between; with none, PayPal", () => {
      const ride = one("PAYPAL INST XFER LYFT RIDE TUE 7PM WEB ID: PAYPALSI77", "-16.84");
      expect(ride).toMatchObject({
        counterparty: { name: "Lyft" },
        website: "lyft.com",
        categories: { general: "TRANSPORTATION" },
      });
      expect(names(ride)).toEqual(["PayPal"]);
      const bare = one("PAYPAL INST XFER 1039485761 WEB ID: PAYPALSI77", "-54.99");
      expect(bare.counterparty?.name).toBe("PayPal");
      expect(bare.categories.general).toBe("TRANSFER_OUT");
    });

    it("MOBILE PURCHASE and its MMDD date are a card purchase's lead-in, not a phone bill", () => {
      const result = one(
        "MOBILE PURCHASE 0412 ULERIO DELI GROCERY BRONX NY 24801975102800012345678",
        "-14.75",
      );
      expect(result.counterparty?.name).toBe("Ulerio Deli Grocery");
      expect(result.categories.general).toBe("FOOD_AND_DRINK");
    });

    it("completes a market cut short after FARMERS (FARMERS MA)", () => {
      expect(one("SQ *RIVERSIDE FARMERS MA Sacramento CA").counterparty?.name).toBe(
        "Riverside Farmers Market",
      );
    });

    it("one word after PayPal's star is never split into a person: a shop's word starts with a given name as often", () => {
      // KEVINPATEL would read as Kevin Patel, but MARKETPLACE as Mark Etplace and DONATION as Don
      // Ation: a person is read only where the bank printed the name's words apart.
      for (const description of [
        "PAYPAL *MARKETPLACE",
        "PAYPAL *DONATION 4029357733 CA",
        "PAYPAL *KEVINPATEL",
      ])
        expect(one(description).person, description).toBeNull();
      expect(one("PAYPAL *KEVIN PATEL 4029357733").person).toBe("Kevin Patel");
    });

    it("a legal form run into the name after a platform's prefix is a word of its own (NEWEGGINC)", () => {
      const result = one("PAYPAL *NEWEGGINC 4029357733 CA", "-149.99");
      expect(result).toMatchObject({
        counterparty: { name: "Newegg" },
        website: "newegg.com",
        categories: { general: "GENERAL_MERCHANDISE" },
      });
      expect(names(result)).toEqual(["PayPal"]);
    });

    it("Chase's entry field run into SEC: (CO ENTRY DESCR:ALLY PAYMTSEC:PPD) names the payment", () => {
      const result = one(
        "ORIG CO NAME:ALLY ORIG ID:9833122002 DESC DATE:250405 CO ENTRY DESCR:ALLY PAYMTSEC:PPD TRACE#:021000028812736 EED:250405 IND ID:0274819364 IND NAME:JORDAN ELLIS TRN: 0958812736TC",
        "-412.87",
      );
      expect(result).toMatchObject({
        counterparty: { name: "Ally" },
        website: "ally.com",
        categories: { general: "LOAN_PAYMENTS" },
      });
    });

    it("a shop's card is named as the card (Apple Card), not the shop", () => {
      const result = one(
        "APPLECARD GSBANK DES:PAYMENT ID:88291047 INDN:JORDAN ELLIS CO ID:9999999999 WEB",
        "-400.00",
      );
      expect(result.counterparty?.name).toBe("Apple Card");
      expect(result.categories.general).toBe("LOAN_PAYMENTS");
      // An organisation's other services keep its name.
      expect(one("APPLE.COM/BILL 866-712-7753 CA").counterparty?.name).toBe("Apple");
      expect(one("CHASE CREDIT CRD AUTOPAY PPD ID: 4760039224").counterparty?.name).toBe("Chase");
    });

    it.each([
      ["SparkFun", "-89.40", "SparkFun Electronics", "sparkfun.com", "GENERAL_MERCHANDISE", []],
      ["GOOGLE *FRESHBOOKS", "-25.15", "FreshBooks", "freshbooks.com", "GENERAL_SERVICES", ["Google Play"]],
      ["PADDLE.NET* SETAPP", "-9.99", "Setapp", "setapp.com", "GENERAL_SERVICES", ["Paddle"]],
      [
        "LAKEVIEW LN SRV DES:MTG PYMT ID:0048812734 INDN:ELLIS JORDAN CO ID:1592034871 WEB",
        "-1642.31",
        "Lakeview Loan Servicing",
        "lakeview.com",
        "LOAN_PAYMENTS",
        [],
      ],
      [
        "Digit.co DES:Rainy Day ID:v7th2-Y48AAHHLME INDN:JORDAN ELLIS CO ID:1461514843 PPD",
        "-25.00",
        "Digit",
        "digit.co",
        "TRANSFER_OUT",
        [],
      ],
      [
        "NY STATE NYSTTAXRFD PPD ID: 1146013200",
        "612.00",
        "New York State Department of Taxation and Finance",
        "tax.ny.gov",
        "INCOME",
        [],
      ],
      ["NYS DOL UI DD UI DD", "504.00", "New York State Department of Labor", "dol.ny.gov", "INCOME", []],
    ])("knows %s", (description, amount, name, website, general, intermediaries) => {
      const result = one(description, amount);
      expect(result).toMatchObject({ counterparty: { name }, website, categories: { general } });
      expect(names(result)).toEqual(intermediaries);
    });
  });

  describe("What holdout-13 showed the engine misreading", () => {
    const names = (result: ReturnType<typeof one>) => result.intermediaries.map((i) => i.name);

    it("a description set in title case throughout reads its city as capitals do: one word, not every title-cased word", () => {
      expect(one("Sq *Cafe Lumiere Portland OR").counterparty?.name).toBe("Cafe Lumiere");
      expect(one("Sq *Café Lumière Portland OR").counterparty?.name).toBe("Café Lumière");
      // Beside a name in capitals, title case still marks the whole city.
      expect(one("BLUE DOOR CAFE Grand Rapids MI").counterparty?.name).toBe("Blue Door Cafe");
    });

    it("Uber Eats names no restaurant: what follows its prefix (a status, a place) is never the payee", () => {
      for (const description of ["UBER *EATS PENDING SAN FRANCISCO CA", "UBER *EATS OAKLAND CA"]) {
        const result = one(description, "-31.20");
        expect(result.counterparty?.name, description).toBe("Uber Eats");
        expect(names(result), description).toEqual(["Uber Eats"]);
      }
    });

    it("money paid to a payroll platform buys its service: no income, and the platform is no go-between for its own bill", () => {
      for (const description of [
        "GUSTO DES:FEE 231103 ID:7XK2M91 INDN:RIVERBEND DESIGN STUDIO CO ID:9138409001 CCD",
        "PAYCHEX EIB DES:INVOICE ID:X81220431 INDN:HARBORVIEW DENTAL PLLC CO ID:1161124166 CCD",
        "ADP PAYROLL FEES ADP FEES 231103 5XJ7Q2 MORALES BAKERY LLC",
      ]) {
        const result = one(description, "-95.00");
        expect(result.categories.general, description).toBe("GENERAL_SERVICES");
        expect(names(result), description).toEqual([]);
      }
      // Pay received through it is still wages, the platform between.
      const pay = one("GUSTO DES:PAY 231103 ID:7XK2M91 INDN:JANE DOE CO ID:9138409001 PPD", "1450.00");
      expect(pay.categories.general).toBe("INCOME");
      expect(names(pay)).toEqual(["Gusto"]);
    });

    it("a seller's card processor alone on a debit is its own bill; on a credit, the payout it went through", () => {
      const bill = one("SHOPIFY* 212345678 SHOPIFY.COM/CH ON", "-39.00");
      expect(bill.counterparty?.name).toBe("Shopify");
      expect(names(bill)).toEqual([]);
      expect(names(one("SHOPIFY DES:TRANSFER ID:ST-1 INDN:BLUE HERON CO ID:1 CCD", "500.00"))).toEqual([
        "Shopify",
      ]);
    });

    it("a pension's or an annuity's ACH payment is retirement income, whoever pays it", () => {
      for (const description of [
        "CALPERS DES:RET PYMT ID:000482215 INDN:NAKAMURA KEIKO CO ID:1946001234 PPD",
        "PRUDENTIAL ANNUIT DES:ANNUITY ID:PA77123409 INDN:MILLER DOROTHY CO ID:1220012345 PPD",
        // Retired pay, though its words end in pay's.
        "DFAS-CLEVELAND DES:RET NET PAY ID:XXXXX1234 INDN:SMITH JOHN CO ID:1234567890 PPD",
      ])
        expect(one(description, "1875.00").categories.detailed, description).toBe(
          "INCOME_RETIREMENT_PENSION",
        );
    });

    it("money paid to a pension fund or an employer is never income", () => {
      const paid = one(
        "CALPERS DES:HEALTH PREM ID:000482215 INDN:NAKAMURA KEIKO CO ID:1946001234 PPD",
        "-212.00",
      );
      expect(paid.counterparty?.name).toBe("CalPERS");
      expect(paid.categories.general).toBe("TRANSFER_OUT");
    });

    it("the account holder's name in an ACH line (INDN:) says nothing of what was paid for", () => {
      const result = one(
        "ON DECK CAPITAL DES:PAYMENT ID:ODK8812045 INDN:HARBORVIEW DENTAL PLLC CO ID:1421123456 CCD",
        "-812.00",
      );
      expect(result.categories.general).not.toBe("MEDICAL");
    });

    it("a company's fee billed by ACH is for what it does; the bank's fees are the bank's own entries", () => {
      expect(
        one(
          "ACTS RETIREMENT-LIFE DES:MONTHLY FEE ID:A4410023 INDN:MORGAN PHILIP CO ID:1231055555 PPD",
          "-3900.00",
        ).categories.general,
      ).toBe("GENERAL_SERVICES");
      expect(
        one(
          "CA DEPT TAX FEE DES:CDTFA EPMT ID:0091827734 INDN:FERNWOOD CANDLE CO CO ID:7946000012 CCD",
          "-611.00",
        ).categories.detailed,
      ).toBe("GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT");
      const analysis = one("ANALYSIS SERVICE CHARGE", "-18.00");
      expect(analysis.counterparty).toBeNull();
      expect(analysis.categories.general).toBe("BANK_FEES");
    });

    it("an ACH debit whose entry says RENT is rent, whatever else the company does", () => {
      expect(
        one("BROOKDALE SENIOR DES:RENT ID:BSL0091234 INDN:WASHINGTON LOUISE CO ID:1621234500 PPD", "-4200.00")
          .categories.detailed,
      ).toBe("RENT_AND_UTILITIES_RENT");
    });

    it("an e-mail address is a support address, never the payee's name", () => {
      expect(one("GOOGLE *ADS8372615504 cc@google.com CA").counterparty?.name).not.toMatch(/\bCc\b/);
      expect(one("SQ *RIVER ROASTERS billing@riverroasters.com WA").counterparty?.name).toBe(
        "River Roasters",
      );
    });

    it("a healthcare bill portal's payment is medical, a tuition portal's education", () => {
      expect(one("INSTAMED*LAKESIDE ORTHO GROUP 866-945-7990 FL", "-140.00").categories.general).toBe(
        "MEDICAL",
      );
      expect(one("FLYWIRE*WESTBROOK COLLEGE BOSTON MA", "-2200.00").categories.detailed).toBe(
        "GENERAL_SERVICES_EDUCATION",
      );
    });

    it("completes a bookkeeper's trade cut short (BOOKKEEPIN), and files it under services", () => {
      const result = one("IN *BRIGHTLINE BOOKKEEPIN", "-250.00");
      expect(result.counterparty?.name).toBe("Brightline Bookkeeping");
      expect(result.categories.general).toBe("GENERAL_SERVICES");
    });
  });

  describe("What holdout-14 showed the engine misreading", () => {
    it("a one-word brand between words of a local business's name is that business's word, not the chain", () => {
      const daycare = one("IN *TINY ACORNS DAYCARE CUMMING GA", "-240.00");
      expect(daycare.counterparty?.name).toBe("Tiny Acorns Daycare");
      expect(daycare.categories.general).not.toBe("TRANSFER_OUT");
      // First in the name, a brand is still the chain.
      expect(one("ACORNS INVEST DES:TRANSFER ID:1 CO ID:2 PPD", "-5.00").counterparty?.name).toBe("Acorns");
    });

    it("a trade's word whole in the singular stays so (POOL SERVICE); PROPERTY MG is management", () => {
      const pool = one("ZELLE TO BLUE DESERT POOL SERVICE ON 10/15 REF # WFCT0ZQ8XJ7P", "-120.00");
      expect(pool.counterparty?.name).toBe("Blue Desert Pool Service");
      // A business paid through Zelle is paid for what it does.
      expect(pool.categories.general).toBe("HOME_IMPROVEMENT");
      expect(
        one(
          "ORIG CO NAME:LAKEVIEW PROPERTY MG ORIG ID:3364128870 DESC DATE:241101 CO ENTRY DESCR:RENT SEC:WEB TRACE#:071000013345219 EED:241101 IND ID:UNIT 3B IND NAME:MEGAN O'BRIEN TRN: 3061119042TC",
          "-1800.00",
        ).counterparty?.name,
      ).toBe("Lakeview Property Management");
    });

    it("a card's international POS fee is the bank's, whatever shop its line names", () => {
      const fee = one("INTL POS TRANSACTION FEE 10/18 OXXO TULUM QROO MX 4410", "-1.20");
      expect(fee.counterparty).toBeNull();
      expect(fee.categories.general).toBe("BANK_FEES");
    });
  });

  describe("What holdout-42 showed the engine misreading", () => {
    it("bill-pay networks go between a household and its utility, a town's bill through them is its utilities, and one named alone is the payee", () => {
      expectThrough("-96.00", [
        ["KUBRA EZ-PAY*CONSUMERS ENERGY MISSISSAUGA ON", "Consumers Energy", "Kubra", "RENT_AND_UTILITIES"],
        ["CHECKFREEPAY*XCEL ENERGY 800-895-4999 MN", "Xcel Energy", "CheckFreePay", "RENT_AND_UTILITIES"],
        ["WU SPEEDPAY*ATMOS ENERGY 888-286-6700 TX", "Atmos Energy", "Speedpay", "RENT_AND_UTILITIES"],
        ["INVOICECLOUD*KEENE GAS KEENE NH", "Keene Gas", "Invoice Cloud", "RENT_AND_UTILITIES"],
        ["XPRESS BILL PAY*CITY OF HELENA MT", "City of Helena", "Xpress Bill Pay", "RENT_AND_UTILITIES"],
        ["DOXO *OPTIMUM DOXO.COM WA", "Optimum", "Doxo", "RENT_AND_UTILITIES"],
        ["PAYMENTUS *TOWN OF CARY CARY NC", "Town of Cary", "Paymentus", "RENT_AND_UTILITIES"],
        ["INVOICECLOUD*CITYOFNASHUA NASHUA NH", "City of Nashua", "Invoice Cloud", "RENT_AND_UTILITIES"],
        [
          "FRONTIER COMM/SPEEDPAY 800-921-8101 CT",
          "Frontier Communications",
          "Speedpay",
          "RENT_AND_UTILITIES",
        ],
      ]);
      // Its own gas-station words are the gas company's through a bill-pay network, and no other way.
      expect(one("VALLEY GAS CO SPRINGFIELD MO", "-40.00").categories.general).toBe("TRANSPORTATION");
      expect(one("DOXO INC 206-922-7888 WA", "-12.00").intermediaries.map((i) => i.name)).toEqual(["Doxo"]);
    });

    it("an ACH company's name cut at its 16 characters still names it; a utility's words cut short or abbreviated say utility", () => {
      expect(
        one("COMMONWEALTH EDI ONLINE PMT 0448125530     WEB ID: 2360938600", "-120.00").counterparty?.name,
      ).toBe("ComEd");
      // Cut short of the field's width, two letters no name of the catalogue starts with are no name's.
      expect(one("ACH DEBIT COMMONWEALTH XY UTIL PMT", "-120.00").counterparty?.name).not.toBe("ComEd");
      for (const description of [
        "ACH WITHDRAWAL KANSAS GAS & ELE KGE ONLINE 0293847561",
        "GRANT CO PUD DES:PUD PMT ID:12345 INDN:DOE JANE CO ID:9916000463 WEB",
        "ACH DEBIT PUBLIC SERVICE CO OF NH WEB PYMT 6620194837",
        "ACH DEBIT SUNNYSIDE ELEC PYMT 240319",
        "SOLSTICE COMMUNITY SOLAR 800-555-0100 NY",
      ])
        expect(one(description, "-80.00").categories.general, description).toBe("RENT_AND_UTILITIES");
      const premium = one("ACH CORP DEBIT HARBOR MUTUAL INS PREMIUM 0000471923", "-210.00");
      expect(premium.categories.general).toBe("GENERAL_SERVICES");
      expect(premium.counterparty?.name).toBe("Harbor Mutual Insurance");
      expect(
        one("LIBERTY MUTUAL   EFT PAYMT   0382910475      PPD ID: 1060566090", "-90.00").counterparty?.name,
      ).toBe("Liberty Mutual");
    });

    it("Wells Fargo's bill pay names the payee between BILL PAY and how it was sent", () => {
      expect(one("BILL PAY AVISTA UTILITIES ON-LINE xxxxx12830 ON 04-02", "-75.00").counterparty?.name).toBe(
        "Avista",
      );
      expect(
        one("BILL PAY GREEN ACRES LAWN CARE RECURRING NO ACCOUNT NUMBER ON 04-02", "-60.00").counterparty
          ?.name,
      ).toBe("Green Acres Lawn Care");
    });

    it("Zelle to a hauler, a learning centre or a roofer is to a business, not a person", () => {
      for (const [description, name] of [
        ["Zelle payment to Ridgeline Hauling JPM99c2k4x7q", "Ridgeline Hauling"],
        [
          'Zelle payment to LITTLE OAKS LEARNING CTR for "April"; Conf# k2j9d1x8',
          "Little Oaks Learning Center",
        ],
        ["ZELLE TO SUMMIT ROOFING ON 04/02 REF # PP0ABC1234", "Summit Roofing"],
      ] as const) {
        const paid = one(description, "-300.00");
        expect(paid.counterparty?.name, description).toBe(name);
        expect(paid.person, description).toBeNull();
      }
      // A hauler takes the trash away.
      expect(one("Zelle payment to Ridgeline Hauling JPM99c2k4x7q", "-60.00").categories.general).toBe(
        "RENT_AND_UTILITIES",
      );
    });
  });

  describe("What holdout-54 showed the engine misreading", () => {
    it("a town's name cut short after CITY OF or TOWN OF is the one US place that starts so", () => {
      expectNamed("-60.00", [
        ["ACH DEBIT CITY OF SPRINGFIE WATER PMT 250411", "City of Springfield"],
        ["ACH WITHDRAWAL CITY OF SACRAMEN UTILITIES", "City of Sacramento"],
        ["PAYMENTUS *TOWN OF GLASTONB CT", "Town of Glastonbury"],
        // A place as it is, a short form and a start several places share are left as they are.
        ["CITY OF PORTLAND", "City of Portland"],
        ["CITY OF CHAS PARKING", "City of Chas"],
        ["CITY OF SAN", "City of San"],
      ]);
    });

    it("a county cut at the field is the county, not its school district; tuition is a school's; a payer after DEPOSIT with pay's words; supermarkets and theaters abbreviated or plural", () => {
      const tax = one("CHARLESTON COUNT TAX PAYMNT 250412 V0041877 JANE DOE", "-212.00");
      // (Its tax office, as "LOUDOUN CO TAX" is.)
      expect(tax.counterparty?.name).toBe("Charleston County Tax");
      expect(tax.categories.detailed).toBe("GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT");
      expect(one("ACH WITHDRAWAL GREENVILLE COUNT TAX PMT 250328", "-400.00").counterparty?.name).toBe(
        "Greenville County Tax",
      );
      expect(one("ACH DEBIT ST PIUS X CATHOLIC SCHOOL TUITION 250405", "-600.00").categories.detailed).toBe(
        "GENERAL_SERVICES_EDUCATION",
      );
      const pay = one("DEPOSIT ACME WIDGETS PAYROLL 041224 JOHN SMITH", "2100.00");
      expect(pay.counterparty?.name).toBe("Acme Widgets");
      expect(pay.categories.detailed).toBe("INCOME_WAGES");
      const grocer = one("HILLTOP SUPERMKT DAYTON OH", "-40.00");
      expect(grocer.counterparty?.name).toBe("Hilltop Supermarket");
      expect(grocer.categories.general).toBe("FOOD_AND_DRINK");
      expect(one("STARLIGHT THEATERS TULSA OK", "-20.00").categories.general).toBe("ENTERTAINMENT");
    });
  });

  describe("What holdout-53 showed the engine misreading", () => {
    it("business accounts' ACH lines: PNC's CORPORATE ACH, and the company before ACH DEBIT or CREDIT with its entry, day and ids after", () => {
      expectRead([
        [
          "CORPORATE ACH DUQUESNE LIGHT BILL PAY 041224 7712003459",
          "-120.00",
          "Duquesne Light",
          "RENT_AND_UTILITIES",
        ],
        [
          "CORPORATE ACH PAYCHEX WAGE PAY WAGE PAY 041224 91827X SMITH BAKERY",
          "-5000.00",
          "Paychex",
          "TRANSFER_OUT",
        ],
        ["SYSCO ACH DEBIT PAYMENT 0412 CO ID 1230456789 SMITH BAKERY", "-800.00", "Sysco", "FOOD_AND_DRINK"],
        ["STRIPE ACH CREDIT TRANSFER 041224 CO ID 4270465600 SMITH BAKERY", "2000.00", "Stripe", "INCOME"],
      ]);
      // Wells Fargo's own lead-in is no company.
      expect(
        one("BUSINESS TO BUSINESS ACH DEBIT - JOHN DEERE FINANCI JDF PYMT 240301 123 SMITH FARM", "-900.00")
          .counterparty?.name,
      ).toBe("John Deere Financial");
    });
  });

  describe("What holdout-51 showed the engine misreading", () => {
    it("U.S. Bank's ELECTRONIC DEPOSIT From and WITHDRAWAL To lines, the entry's words run into the receiver's id", () => {
      const pay = one(
        "ELECTRONIC DEPOSIT From ACME TOOL WORKS REF=240750035512908N00 9111111103PAYROLL",
        "2000.00",
      );
      expect(pay.counterparty?.name).toBe("Acme Tool Works");
      expect(pay.categories.detailed).toBe("INCOME_WAGES");
      const water = one(
        "ELECTRONIC WITHDRAWAL To CITY OF BOISE REF=240780041187665N00 1916001026UTILITY",
        "-80.00",
      );
      expect(water.counterparty?.name).toBe("City of Boise");
      expect(water.categories.general).toBe("RENT_AND_UTILITIES");
    });

    it("the holder's name after an ACH line's day without an id; an organisation's whole name is not another's cut short", () => {
      expect(one("ACH DEBIT FIRST METHODIST ONLINEGIVE 240303 MARY JONES", "-50.00").counterparty?.name).toBe(
        "First Methodist Church",
      );
      // Adventist Health, not Adventist HealthCare; a field cut at a letter still reads as cut.
      expect(
        one("ACH DEPOSIT ADVENTIST HEALTH PAYROLL 250401 SMITH JOHN", "2000.00").counterparty?.name,
      ).toBe("Adventist Health");
      // A trade's word cut at the field's end is no brand of that one word ("COMMUNITY MEDICA").
      expect(
        one("COMMUNITY MEDICA DES:PAYROLL ID:XXXXX38840 INDN:DIAZ,ANA CO ID:XXXXX66112 PPD", "2000.00")
          .counterparty?.name,
      ).not.toBe("Medica");
    });

    it("food's words (a lab of tacos, barbecue spelled every way, hamburgers, a drive in); a ski area; a maintenance charge", () => {
      for (const description of [
        "SUNSET TACO LAB AUSTIN TX",
        "SMOKEYS BAR-B-QUE TULSA OK",
        "SQ *SWEET LOU'S BARBECUE Memphis TN",
        "BIG AL'S HAMBURGERS",
        "PARKWAY DRIVE IN SPOKANE WA",
      ])
        expect(one(description, "-12.00").categories.general, description).toBe("FOOD_AND_DRINK");
      expect(one("CITY DENTAL LAB", "-90.00").categories.general).toBe("MEDICAL");
      expect(one("PINE KNOB SKI AREA CLARKSTON MI", "-60.00").categories.general).toBe("ENTERTAINMENT");
      const fee = one("MONTHLY MAINTENANCE CHARGE", "-12.00");
      expect(fee.counterparty).toBeNull();
      expect(fee.categories.general).toBe("BANK_FEES");
    });
  });

  describe("What holdout-52 showed the engine misreading", () => {
    it("Paymentus without its star before a biller; Bank of America's own card paid from its checking", () => {
      const town = one("PAYMENTUS CITY OF MESA AZ 05/02", "-70.00");
      expect(town.counterparty?.name).toBe("City of Mesa");
      expect(town.intermediaries.map((i) => i.name)).toEqual(["Paymentus"]);
      expect(town.categories.general).toBe("RENT_AND_UTILITIES");
      // Its own ACH entry is Paymentus's.
      expect(
        one("PAYMENTUS CORP DES:WEB PMT ID:1234 INDN:JO LEE CO ID:1 WEB", "-3.00").counterparty?.name,
      ).toBe("Paymentus");
      const card = one("Online Banking payment to CRD 2291 Confirmation# 1122334455", "-250.00");
      expect(card.counterparty?.name).toBe("Bank of America");
      expect(card.categories.detailed).toBe("LOAN_PAYMENTS_CREDIT_CARD_PAYMENT");
    });
  });

  describe("What holdout-49 and holdout-50 showed the engine misreading", () => {
    it("U.S. Bank's WEB AUTHORIZED PMT and MOBILE BANKING TRANSFER lines; Chase's RECURRING CARD PURCHASE; a terminal's id run into POS", () => {
      // An ACH company after the lead-in, read at its field's width.
      expect(one("WEB AUTHORIZED PMT PIEDMONT NATURAL", "-80.00").counterparty?.name).toBe(
        "Piedmont Natural Gas",
      );
      expectRead([
        ["MOBILE BANKING TRANSFER WITHDRAWAL 1234", "-300.00", null, "TRANSFER_OUT"],
        ["ONLINE BANKING TRANSFER DEPOSIT 5678", "200.00", null, "TRANSFER_IN"],
      ]);
      expectNamed("-30.00", [
        ["RECURRING CARD PURCHASE 04/02 NETFLIX.COM 866-579-7172 CA CARD 1234", "Netflix"],
        ["POS PURCHASE POS8812 0402 RED BARN MARKET #3 DAYTON OH", "Red Barn Market"],
      ]);
    });

    it("an ACH company's S at its field's end is a word cut there; a cut field's last letter that begins none of a match's words names another organisation", () => {
      expect(one("IRVINE UNIFIED S PAYROLL 250415 00123456 NGUYEN,ANH", "2100.00").counterparty?.name).toBe(
        "Irvine Unified School District",
      );
      expect(one("TRADER JOE S #552 QPS BOSTON MA", "-40.00").counterparty?.name).toBe("Trader Joe's");
      expect(
        one("CITY OF MIAMI BE DES:UTILITY ID:00412233 INDN:ANA DIAZ CO ID:1596000123 WEB", "-80.00")
          .counterparty?.name,
      ).toBe("City of Miami Beach");
    });

    it("a credit union's ACH WEB lines; a Christian congregation given to and whoever is tithed to are churches", () => {
      expectNamed("-100.00", [
        ["ACH WEB 0412 HERITAGE FEDERAL CRED LOAN PMT", "Heritage Federal Credit Union"],
        ["ACH WEB 0302 GRACE CHRISTIA ONLINE GIVING", "Grace Christian Church"],
        ["ACH DEBIT NEW HORIZONS TITHE", "New Horizons Church"],
        ["ACH PPD 7731 DUKE ENERGY PAYMENT", "Duke Energy"],
      ]);
    });

    it("given names of many backgrounds tell a last name printed first", () => {
      expectNamed("-80.00", [
        ["ZELLE TRANSFER TO WASHINGTON DESHAWN CONF# RG8XK2P1", "Deshawn Washington"],
        ["ZELLE TO PATEL PRIYA ON 03/04", "Priya Patel"],
        ["ZELLE TO MARY SMITH ON 03/04", "Mary Smith"],
      ]);
    });

    it("a town's MUNI SVCS are its utilities; a parking citation cut short is a fine; states' older abbreviations; a license commissioner; a tax commission", () => {
      expect(one("CITY OF RACINE MUNI SVCS", "-90.00").categories.general).toBe("RENT_AND_UTILITIES");
      expect(one("CITY OF AKRON PARKING CITATI", "-30.00").categories.general).toBe(
        "GOVERNMENT_AND_NON_PROFIT",
      );
      for (const [description, name] of [
        ["ELECTRONIC WITHDRAWAL OKLA TAX COMM REF=1234 TAX PAYMNT", "Oklahoma Tax Commission"],
        ["KANS DEPT REV TAX PMT", "Kansas Department of Revenue"],
      ] as const) {
        const tax = one(description, "-90.00");
        expect(tax.counterparty?.name, description).toBe(name);
        expect(tax.categories.detailed, description).toBe("GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT");
      }
      const tags = one("MADISON CO LICENSE COMM HUNTSVILLE AL", "-90.00");
      expect(tags.counterparty?.name).toBe("Madison County License Commissioner");
      expect(tags.categories.general).toBe("GOVERNMENT_AND_NON_PROFIT");
    });

    it("a utility's acronym before a restaurant's words is the restaurant; an article and the town after it are no insurer; food's words; a practice's group and a therapy cut short; a branch's street", () => {
      const dinner = one("TST* APS KITCHEN & BAR PHOENIX AZ", "-30.00");
      expect(dinner.counterparty?.name).toBe("Aps Kitchen & Bar");
      expect(dinner.categories.general).toBe("FOOD_AND_DRINK");
      expect(one("HISTORIC HOMES OF THE HARTFORD CT", "-30.00").counterparty?.name).not.toBe("The Hartford");
      for (const description of [
        "ROSIES GRILLE DAYTON OH",
        "SQ *BLUE DOOR BREAD Portland OR",
        "LUPITAS CARNE ASADA FRESNO CA",
        "FRANKS DRIVE-IN ELKO NV",
        "SQ *DOUGHBOYS EXPRESS Warwick RI",
      ])
        expect(one(description, "-12.00").categories.general, description).toBe("FOOD_AND_DRINK");
      expect(one("STARLITE DRIVE-IN THEATRE", "-12.00").categories.general).toBe("ENTERTAINMENT");
      expectNamed("-40.00", [
        ["VALLEY FAMILY MEDICAL GR BOISE ID", "Valley Family Medical Group"],
        ["BRIGHT PATH SPEECH THE", "Bright Path Speech Therapy"],
        ["TAQUERIA JALISCO 16TH ST OAKLAND CA", "Taqueria Jalisco"],
        ["21ST AMENDMENT BREWERY", "21st Amendment Brewery"],
      ]);
    });
  });

  describe("What holdout-48 showed the engine misreading", () => {
    it("a brand run into its trade's word after a prefix; Doxo's legal form before its star; a learning centre cut to a letter", () => {
      expectNamed("-14.00", [
        ["GRUBHUB*POTBELLYSANDWICH", "Potbelly"],
        ["DOXO INC*SPIRE ENERGY SEATTLE WA", "Spire"],
        ["TINY STEPS LEARNING C AUSTIN TX", "Tiny Steps Learning Center"],
      ]);
      expect(one("DOXO INC*SPIRE ENERGY SEATTLE WA", "-90.00").intermediaries.map((i) => i.name)).toEqual([
        "Doxo",
      ]);
    });
  });

  describe("What holdout-47 showed the engine misreading", () => {
    it("a town's state before what is paid is no part of its name; an ACH company's name is cut at 16 characters; a church's giving platform pays a church", () => {
      expect(one("PAYMENTUS *CITY OF TEMPE AZ UTIL", "-70.00").counterparty?.name).toBe("City of Tempe");
      expect(one("CITY OF LA PORTE TX", "-70.00").counterparty?.name).toBe("City of La Porte");
      // At an ACH company's width a word is cut; a card's name that long is not cut there.
      expect(one("CEDAR PARK DENTA PAYROLL PPD ID: 1471234567", "1800.00").counterparty?.name).toBe(
        "Cedar Park Dental",
      );
      expect(one("CEDAR PARK DENTA", "-10.00").counterparty?.name).toBe("Cedar Park Denta");
      expectNamed("-50.00", [
        ["PUSHPAY *HARVEST COMMUNITY", "Harvest Community Church"],
        ["GIVELIFY*NEW HOPE MISSIONARY BAP", "New Hope Missionary Baptist Church"],
        ["TITHE.LY*NEW LIFE MINISTRIES", "New Life Ministries"],
      ]);
    });
  });

  describe("What holdout-46 showed the engine misreading", () => {
    it("an ACH company cut at its field's width is the one organisation whose name starts so; Fifth Third's WEB INITIATED lines; payers after DIRECT DEPOSIT and DEPOSIT -", () => {
      expect(one("ACH DEBIT PIEDMONT NATURAL BILL PAY 250406", "-80.00").counterparty?.name).toBe(
        "Piedmont Natural Gas",
      );
      // A company printed whole in its own field, shorter than the width, is not read as cut.
      expect(
        one("Withdrawal ACH CITY OF RALEIGH TYPE: UTILITY ID: 1566000238 CO: CITY OF RALEIGH", "-90.00")
          .counterparty?.name,
      ).toBe("City of Raleigh");
      const trash = one("WEB INITIATED PAYMENT AT REPUBLIC SERVICE RSI PMT 250408", "-45.00");
      expect(trash.counterparty?.name).toBe("Republic Services");
      expect(trash.categories.general).toBe("RENT_AND_UTILITIES");
      expect(one("DIRECT DEPOSIT ACME WIDGETS INC PAYROLL 040725", "2100.00").counterparty?.name).toBe(
        "Acme Widgets",
      );
      const pay = one("DEPOSIT - ACME WIDGETS LLC PAYROLL 250407", "2100.00");
      expect(pay.counterparty?.name).toBe("Acme Widgets");
      expect(pay.categories.general).toBe("INCOME");
      expect(one("DEPOSIT - MOBILE 0412", "200.00").categories.detailed).toBe("TRANSFER_IN_DEPOSIT");
      expect(one("DIRECT DEPOSIT", "500.00").counterparty).toBeNull();
    });

    it("Fifth Third's 5/3 as an ATM's bank; its online transfer to savings (SV) is the holder's own", () => {
      expect(
        one("ATM WITHDRAWAL 5/3 2200 W 86TH ST INDIANAPOLIS IN ON 040825", "-60.00").counterparty?.name,
      ).toBe("Fifth Third Bank");
      const own = one("5/3 ONLINE TRANSFER TO SV: XXXXXX1234 REF # 0411111", "-200.00");
      expect(own.counterparty).toBeNull();
      expect(own.categories.general).toBe("TRANSFER_OUT");
      // A date written so is no bank.
      expect(one("PURCHASE 5/3 STARBUCKS 123", "-4.00").counterparty?.name).toBe("Starbucks");
    });

    it("Apple Card's street with its quadrant; a county clerk; a city's parking; a salon cut short; a saint given to is a church", () => {
      const burger = one("LOTA BURGER #71 4200 MONTGOMERY BLVD NE ALBUQUERQUE 87109 NM USA", "-9.00");
      expect(burger.counterparty?.name).toBe("Lota Burger");
      expect(burger.locationStructured).toMatchObject({ city: "Albuquerque", state: "NM" });
      expect(one("DEBIT CARD PURCHASE - KNOX CO CLERK KNOXVILLE TN", "-30.00").categories.general).toBe(
        "GOVERNMENT_AND_NON_PROFIT",
      );
      expect(one("CITY OF TULSA PARKING TULSA OK", "-4.00").categories.general).toBe("TRANSPORTATION");
      expect(one("SQ *VELVET HAIR SAL Austin TX", "-60.00").counterparty?.name).toBe("Velvet Hair Salon");
      for (const [description, name] of [
        ["ACH DEBIT ST BRIGID OFFERTORY 250402", "St Brigid Church"],
        ["ACH DEBIT ST ANNE CATHOLIC ONLINE GIV 250402", "St Anne Catholic Church"],
        ["ACH WD ST PAULS LUTHERAN CH OFFERTORY", "St Pauls Lutheran Church"],
      ] as const) {
        const gift = one(description, "-50.00");
        expect(gift.counterparty?.name, description).toBe(name);
        expect(gift.categories.general, description).toBe("GOVERNMENT_AND_NON_PROFIT");
      }
      // A saint's school is paid for its school.
      expect(one("ACH DEBIT ST MARYS SCHOOL TUITION", "-400.00").counterparty?.name).toBe("St Marys School");
    });
  });

  describe("What holdout-45 showed the engine misreading", () => {
    it("an ATM's bank named with a number in its name, or without its word BANK; a bank's own payroll is wages", () => {
      expect(one("ATM WITHDRAWAL HUNTINGTON 2210 E MAIN ST COLUMBUS OH", "-60.00").counterparty?.name).toBe(
        "Huntington Bank",
      );
      expect(one("ATM WITHDRAWAL GOLDEN 1 CU 16TH & J SACRAMENTO CA", "-60.00").counterparty?.name).toBe(
        "Golden 1 Credit Union",
      );
      // A town's name there is no bank.
      expect(one("ATM WITHDRAWAL DENVER 0412 COLFAX AVE", "-60.00").counterparty).toBeNull();
      const pay = one("Deposit - ACH Paid From CAPITAL ONE NA PAYROLL 250328", "2400.00");
      expect(pay.counterparty?.name).toBe("Capital One");
      expect(pay.categories.detailed).toBe("INCOME_WAGES");
      // Its other credits stay what they were.
      expect(
        one("CAPITAL ONE DES:MOBILE PMT ID:X1 INDN:DOE JANE CO ID:9 WEB", "100.00").categories.general,
      ).toBe("LOAN_PAYMENTS");
    });

    it("a town named first is the payee; a school district cut short; Zelle Debit with a comma; an insurer's premium; Google Fiber is Google's own", () => {
      expect(one("CITY OF RICHMOND VA TAX RICHMOND VA", "-120.00").counterparty?.website).toBeNull();
      expect(one("CITY OF RICHMOND VA TAX RICHMOND VA", "-120.00").counterparty?.name).not.toBe(
        "Virginia Department of Taxation",
      );
      expect(one("GRANITE SCHOOL DI SALT LAKE CITY UT", "-40.00").counterparty?.name).toBe(
        "Granite School District",
      );
      expect(one("Zelle Debit MORALES, ELENA Conf# 9KQ2XZ", "-35.00").person).toBe("Elena Morales");
      expect(
        one("KAISER PERMANENT DES:PREMIUM ID:KP1 INDN:DOE JANE CO ID:9940012345 PPD", "-400.00").categories
          .general,
      ).toBe("GENERAL_SERVICES");
      expect(one("Kaiser Permanente", "-40.00").categories.general).toBe("MEDICAL");
      const fiber = one("GOOGLE *Fiber g.co/helppay#CA", "-70.00");
      expect(fiber.counterparty?.name).toBe("Google Fiber");
      expect(fiber.intermediaries).toEqual([]);
    });
  });

  describe("What holdout-44 showed the engine misreading", () => {
    it("a cuisine's restaurant, grill, kitchen or cuisine cut at the card's width; a halal or meat market; groceries; dim sum", () => {
      for (const [description, name] of [
        ["SQ *ASMARA ERITREAN R Denver CO", "Asmara Eritrean Restaurant"],
        ["TST* LAGOS NIGERIAN GR Houston TX", "Lagos Nigerian Grill"],
        ["TST* MANILA FILIPINO K Vallejo CA", "Manila Filipino Kitchen"],
        ["SQ *KINGSTON JAMAICAN CU Miami FL", "Kingston Jamaican Cuisine"],
        ["SQ *ZAMZAM HALAL MEAT MA Columbus OH", "Zamzam Halal Meat Market"],
        ["SQ *ACCRA AFRICAN GROCERIE Bronx NY", "Accra African Groceries"],
        ["SQ *JADE GARDEN DIM SU Boston MA", "Jade Garden Dim Sum"],
      ] as const) {
        const meal = one(description, "-25.00");
        expect(meal.counterparty?.name, description).toBe(name);
        expect(meal.categories.general, description).toBe("FOOD_AND_DRINK");
      }
      // A country's name is whole: no cuisine is read into it.
      expect(one("CONSULATE GENERAL OF INDIA SAN FRANCISCO CA", "-60.00").counterparty?.name).toBe(
        "Consulate General of India",
      );
    });

    it("consulates, zakat, notaries; remittance services go between; a business paying by Zelle pays income; two last names before the first", () => {
      expect(one("CONSULADO GRAL DE GUATEMALA LOS ANGELES CA", "-35.00").categories.general).toBe(
        "GOVERNMENT_AND_NON_PROFIT",
      );
      expect(one("CONSULADO GRAL DE GUATEMALA LOS ANGELES CA", "-35.00").counterparty?.name).toBe(
        "Consulado General de Guatemala",
      );
      expect(one("MASJID AL FAROOQ ZAKAT ATLANTA GA", "-200.00").categories.detailed).toBe(
        "GOVERNMENT_AND_NON_PROFIT_DONATIONS",
      );
      expect(one("SQ *GARCIA NOTARY PUBLIC Houston TX", "-20.00").categories.general).toBe(
        "GENERAL_SERVICES",
      );
      expectThrough("-300.00", [
        ["VIAMERICAS CORP BETHESDA MD", "Viamericas", "Viamericas", "TRANSFER_OUT"],
        ["PANGEA MONEY TRANSFER CHICAGO IL", "Pangea", "Pangea", "TRANSFER_OUT"],
        ["INTERMEX WIRE TRANSFER MIAMI FL", "Intermex", "Intermex", "TRANSFER_OUT"],
        ["WU DIGITAL USA 800-325-6000 CO", "Western Union", "Western Union", "TRANSFER_OUT"],
      ]);
      const paid = one("ZELLE FROM BRIGHT STAR MOVERS LLC ON 04/02 REF # WFCT0ABC1234", "450.00");
      expect(paid.counterparty?.name).toBe("Bright Star Movers");
      expect(paid.categories.general).toBe("INCOME");
      // A wire from a business moves money as often (proceeds, an investment): a transfer still.
      expect(
        one(
          "WIRE TYPE:WIRE IN DATE:240315 ORIG:ACME HOLDINGS LLC ID:000012345678 SND BK:WELLS FARGO BANK",
          "5000.00",
        ).categories.general,
      ).toBe("TRANSFER_IN");
      expect(one("ZELLE TO RAMIREZ TORRES JUAN ON 04/02 REF # WFCT0ABC1234", "-40.00").person).toBe(
        "Juan Ramirez Torres",
      );
      expect(one("Zelle payment to GARCIA LOPEZ SOFIA JPM99b2k4x7q", "-40.00").person).toBe(
        "Sofia Garcia Lopez",
      );
      expect(one("ZELLE TO GOMES JOAO PEDRO ON 04/02 REF # WFCT0ABC1234", "-40.00").person).toBe(
        "Joao Pedro Gomes",
      );
      expect(one("KENYA AIRWAYS 7062176543210", "-900.00").counterparty?.name).toBe("Kenya Airways");
    });
  });

  describe("Names the catalogue's classes showed", () => {
    it("a plus is the name's (AMC+ is not AMC Theatres, Discovery Place is not Discovery+); an article before a brand makes another name", () => {
      expect(one("AMC+ 888-555-1234 NY", "-8.99").counterparty?.name).toBe("AMC+");
      expect(one("AMC 1234 BURBANK 16 BURBANK CA", "-24.00").counterparty?.name).toBe("AMC Theatres");
      expect(one("DISCOVERY PLACE CHARLOTTE NC", "-20.00").counterparty?.name).not.toBe("Discovery+");
      expect(one("DISNEY+ 888-905-7888 CA", "-13.99").counterparty?.name).toBe("Disney+");
      expect(one("TST*LA TAQUERIA DEL SOL - AUS Austin TX", "-15.00").counterparty?.name).toBe(
        "La Taqueria Del Sol",
      );
      expect(one("TAQUERIA DEL SOL 4 ATLANTA GA", "-15.00").counterparty?.name).toBe("Taqueria del Sol");
    });
  });

  describe("Governments the catalogue holds as employers", () => {
    it("a town's bill through a bill-pay network is its utilities; money a government pays is income, a refund is what it refunds", () => {
      const bill = one("PAYMENTUS *CITY OF RALEIGH RALEIGH NC", "-80.00");
      expect(bill.counterparty?.name).toBe("City of Raleigh");
      expect(bill.categories.general).toBe("RENT_AND_UTILITIES");
      expect(
        one("HENNEPIN COUNTY DES:JUROR PAY ID:JR1 INDN:DOE JANE CO ID:1416005785 PPD", "40.00").categories
          .general,
      ).toBe("INCOME");
      expect(one("VA DMV REFUND RICHMOND VA", "20.00").categories.general).toBe("GOVERNMENT_AND_NON_PROFIT");
    });
  });

  describe("A city that fills the card's 13-character field runs into its state", () => {
    it("reads the state apart from the city, and no trade's word as a city", () => {
      for (const [description, name, city, state] of [
        ["JOES PIZZA SAN FRANCISCOCA", "Joes Pizza", "San Francisco", "CA"],
        ["TOWER RECORDS COLORADO SPRICO", "Tower Records", "Colorado Spri", "CO"],
        ["SQ *SUNRISE CAFE SALT LAKE CITUT", "Sunrise Cafe", "Salt Lake Cit", "UT"],
      ] as const) {
        const bought = one(description, "-12.00");
        expect(bought.counterparty?.name, description).toBe(name);
        expect(bought.locationStructured, description).toMatchObject({ city, state });
      }
      // Thirteen letters that end in a state's code but are a trade's word, or written in mixed case.
      expect(one("PAWS & CLAWS VETERINAR", "-80.00").counterparty?.name).toBe("Paws & Claws Veterinary");
      expect(one("Riverside Animal Hospital", "-80.00").counterparty?.name).toBe("Riverside Animal Hospital");
    });
  });

  describe("What holdout-43 showed the engine misreading", () => {
    it("a store's number ends the name before its town; a phone number of 3 and 7 digits; a truncated web address in the city's field; a bake shop", () => {
      expect(one("SEA BREEZE SURF #4 OCEANSIDE CA", "-30.00").counterparty?.name).toBe("Sea Breeze Surf");
      expect(one("GRUBHUB*JIMMYJOHNS 877-5851085 NY", "-14.00").counterparty?.name).toBe("Jimmy John's");
      const order = one("DOORDASH*GOLDEN WOK WWW.DOORDASH. CA", "-24.00");
      expect(order.counterparty?.name).toBe("Golden Wok");
      expect(order.intermediaries.map((i) => i.name)).toEqual(["DoorDash"]);
      expect(one("SP NORTHWIND CANDLES NORTHWINDCANDLES.CO TX", "-30.00").counterparty?.name).toBe(
        "Northwind Candles",
      );
      expect(one("SQ *PEACH TREE BAKE SHOPPE Macon GA", "-9.00").categories.general).toBe("FOOD_AND_DRINK");
    });
  });

  describe("What holdout-41 showed the engine misreading", () => {
    it("Murphy USA's number and place run together; a county treasurer abbreviated twice; a bakeshop cut short", () => {
      const fuel = one("MURPHY7244ATWALMART FLORENCE SC", "-38.00");
      expect(fuel.counterparty?.name).toBe("Murphy USA");
      expect(fuel.categories.general).toBe("TRANSPORTATION");
      expect(
        one("PIMA CNTY TREAS DES:PROP TAX ID:1 INDN:JO DOE CO ID:1 WEB", "-800.00").counterparty?.name,
      ).toBe("Pima County Treasurer");
      const bakery = one("SQ *LITTLE DOVE BAKESH Savannah GA", "-9.00");
      expect(bakery.counterparty?.name).toBe("Little Dove Bakeshop");
      expect(bakery.categories.general).toBe("FOOD_AND_DRINK");
    });
  });

  describe("What holdout-40 showed the engine misreading", () => {
    it("abroad: an amount in its currency with its rate after the country, a postal district, a country code that is a word at home, a foreign legal form", () => {
      expectNamed("-20.00", [
        ["PRET A MANGER KINGS CROSS LONDON GBR GBP 8.40 @ 1.2718", "Pret A Manger"],
        ["THE LONG HALL DUBLIN 2 IRL EUR 18.40", "The Long Hall"],
        ["HARRYS BAR SYDNEY AUS AUD 42.00", "Harrys Bar"],
        ["PAPELERIA LA ROSA SL SEVILLA ESP", "Papeleria La Rosa"],
      ]);
    });

    it("ATM cash abroad names the foreign bank after the terminal's number or AUTHORIZED ON; an exchange-rate adjustment is a foreign fee; SumUp goes between; a VAT refund is a tax refund", () => {
      for (const description of [
        "NON-CHASE ATM WITHDRAW 551204 04/02 SEVEN BANK LTD OSAKA JPN 10,000 JPY",
        "NON-WF ATM WITHDRAWAL AUTHORIZED ON 04/03 SEVEN BANK LTD TOKYO JPN 20,000 JPY CARD 9012",
      ])
        expect(one(description, "-70.00").counterparty?.name, description).toBe("Seven Bank");
      const fee = one("FOREIGN EXCH RT ADJ FEE 04/02 SEVEN BANK LTD OSAKA JP", "-2.10");
      expect(fee.counterparty).toBeNull();
      expect(fee.categories.detailed).toBe("BANK_FEES_FOREIGN_TRANSACTION_FEES");
      const reader = one("SUMUP *CAFE NIKOS ATHINA GRC EUR 12.50", "-14.00");
      expect(reader.intermediaries.map((i) => i.name)).toEqual(["SumUp"]);
      expect(one("PLANET TAX FREE VAT REFUND GENEVA CHE", "45.00").categories.detailed).toBe(
        "INCOME_TAX_REFUND",
      );
    });
  });

  describe("What holdout-39 showed the engine misreading", () => {
    it("a TV platform, a newsletter platform and a reseller's site prefix go between; EA's own prefix names it; a check card's dashes are a lead-in", () => {
      const channel = one("PURCHASE 0612 ROKU FOR PARAMOUNT PLUS 408-556-9040 CA", "-12.00");
      expect(channel.counterparty?.name).toBe("Paramount+");
      expect(channel.intermediaries.map((i) => i.name)).toEqual(["Roku"]);
      const letter = one("SUBSTACK *ORIGINAL JOURNAL", "-8.00");
      expect(letter.intermediaries.map((i) => i.name)).toEqual(["Substack"]);
      expect(letter.categories.general).toBe("GENERAL_MERCHANDISE");
      expect(
        one("2CO.COM*AVAST SOFTWARE 877-294-3255 OH", "-40.00").intermediaries.map((i) => i.name),
      ).toEqual(["2Checkout"]);
      expect(one("EA *APEX LEGENDS 866-543-5435 CA", "-10.00").counterparty?.name).toBe("Electronic Arts");
      const app = one("POS DEBIT - VISA CHECK CARD 4417 - GOOGLE *Babbel g.co/helppay# CA", "-13.00");
      expect(app.intermediaries.map((i) => i.name)).toEqual(["Google Play"]);
    });
  });

  describe("What holdout-38 showed the engine misreading", () => {
    it("payroll platforms and employers of record named alone went between; a state's or a city's payroll names it, cut or not", () => {
      for (const [description, name] of [
        ["PAYCOM PAYROLL L DES:PAYROLL ID:1 INDN:JO DOE CO ID:1 PPD", "Paycom"],
        ["JUSTWORKS EMPLOY DES:PAYROLL ID:1 INDN:JO DOE CO ID:1 PPD", "Justworks"],
      ] as const) {
        const pay = one(description, "1800.00");
        expect(pay.counterparty?.name, description).toBe(name);
        expect(
          pay.intermediaries.map((i) => i.name),
          description,
        ).toEqual([name]);
        expect(pay.categories.detailed, description).toBe("INCOME_WAGES");
      }
      const state = one("STATE OF PENNSYL DES:PAYROLL ID:1 INDN:JO DOE CO ID:1 PPD", "2100.00");
      expect(state.counterparty?.name).toBe("State of Pennsylvania");
      expect(state.categories.general).toBe("INCOME");
    });

    it("a pension, an annuity or a disability benefit is income whoever pays it; an IRA's distribution is the holder's money moved", () => {
      expect(
        one("NATIONWIDE DES:ANNUITY PA ID:1 INDN:JO DOE CO ID:1 PPD", "800.00").categories.detailed,
      ).toBe("INCOME_RETIREMENT_PENSION");
      expect(
        one("THE HARTFORD DES:DISABILITY ID:1 INDN:JO DOE CO ID:1 PPD", "1200.00").categories.general,
      ).toBe("INCOME");
      expect(
        one("SCHWAB BROKERAGE DES:IRA DISTR ID:1 INDN:JO DOE CO ID:1 PPD", "5000.00").categories.general,
      ).toBe("TRANSFER_IN");
      expect(
        one("SYSCO DISTRIBUTN DES:PAYROLL ID:1 INDN:JO DOE CO ID:1 PPD", "900.00").categories.detailed,
      ).toBe("INCOME_WAGES");
    });

    it("a property manager's owner draw, an employer's expense reimbursement, a settlement and a platform's payout are income", () => {
      for (const description of [
        "SUMMIT REALTY GR DES:OWNER DRAW ID:1 INDN:JO DOE CO ID:1 CCD",
        "ACME MFG CO DES:EXP REIMB ID:1 INDN:JO DOE CO ID:1 PPD",
        "KCC CLASS ADMIN SETTLEMNT PPD ID: 1470000001",
        "SHIPT INC PAYOUT 250314 XXXXX2231 DOE JO",
      ])
        expect(one(description, "250.00").categories.general, description).toBe("INCOME");
    });

    it("pay taken back is wages, less; an advance repaid is a loan's payment; a marketplace's fees are a service; a shop's refund after its platform's prefix is the shop's", () => {
      expect(
        one("ADP WAGE PAY DES:REVERSAL ID:1 INDN:JO DOE CO ID:1 PPD", "-900.00").categories.detailed,
      ).toBe("INCOME_WAGES");
      expect(one("FEDEX DES:PAY CORR ID:1 INDN:JO DOE CO ID:1 PPD", "-60.00").categories.detailed).toBe(
        "INCOME_WAGES",
      );
      expect(one("AMAZON DES:REVERSAL ID:1 INDN:JO DOE CO ID:1 PPD", "-30.00").categories.general).toBe(
        "GENERAL_MERCHANDISE",
      );
      expect(
        one("WALMART INC DES:ADV REPAY ID:1 INDN:JO DOE CO ID:1 PPD", "-100.00").categories.general,
      ).toBe("LOAN_PAYMENTS");
      expect(one("ETSY INC DES:ETSY FEES ID:1 INDN:JO DOE CO ID:1 CCD", "-25.00").categories.general).toBe(
        "GENERAL_SERVICES",
      );
      expect(one("ETSY.COM - OakAndThreadCo BROOKLYN NY", "25.00").categories.general).toBe(
        "GENERAL_MERCHANDISE",
      );
    });

    it("a reference after REF= and an ELECTRONIC DEPOSIT lead-in are no part of the payer's name", () => {
      expect(
        one("ELECTRONIC DEPOSIT CALPERS REF=250301000987654N00 1316000001BENEFITS", "2000.00").counterparty
          ?.name,
      ).toBe("CalPERS");
    });
  });

  describe("What holdout-37 showed the engine misreading", () => {
    it("a store's food court sells food; cash back on a line of its own is cash; a pet shop's supplies cut short", () => {
      expect(one("SAMS CLUB CAFE #6612 PLANO TX", "-7.00").categories.general).toBe("FOOD_AND_DRINK");
      const cash = one("POS CASHBACK KROGER #0412 DALLAS TX", "-40.00");
      expect(cash.counterparty?.name).toBe("Kroger");
      expect(cash.categories.detailed).toBe("TRANSFER_OUT_WITHDRAWAL");
      expect(one("SQ *HAPPY TAILS PET SU", "-25.00").counterparty?.name).toBe("Happy Tails Pet Supply");
    });
  });

  describe("What holdout-36 showed the engine misreading", () => {
    it("a loan's payment moved to it in the credit union's words names no one; a citation is the government's, whoever writes it", () => {
      const loan = one("LOAN PAYMENT TRANSFER TO LN 0015 AUTO", "-420.00");
      expect(loan.counterparty).toBeNull();
      expect(loan.categories.general).toBe("LOAN_PAYMENTS");
      for (const description of ["SPRINGFIELD DEPT FINANCE CITATION IL", "MUNI PARKING TICKET ONLINE"])
        expect(one(description, "-60.00").categories.general, description).toBe("GOVERNMENT_AND_NON_PROFIT");
    });
  });

  describe("What holdout-35 showed the engine misreading", () => {
    it("healthcare's billing platforms and therapists' practice software name the provider after their star", () => {
      expectThrough("-120.00", [
        [
          "ZOTEC*SUMMIT ANESTHESIA GROUP 317-705-5050 IN",
          "Summit Anesthesia Group",
          "Zotec Partners",
          "MEDICAL",
        ],
        ["OPTUM PAY*RIVERSIDE PEDIATRICS", "Riverside Pediatrics", "Optum Pay", "MEDICAL"],
        ["CHANGE HLTHCR*VALLEY IMAGING 615-932-2000 TN", "Valley Imaging", "Change Healthcare", "MEDICAL"],
        ["IVYPAY*MARIA LOPEZ LMFT 8885550199 NY", "Maria Lopez Lmft", "IvyPay", "MEDICAL"],
        ["SIMPLEPRACTICE* BRIGHT PATH THERAPY", "Bright Path Therapy", "SimplePractice", "MEDICAL"],
        ["CEDAR*LAKESIDE MEDICAL GROUP", "Lakeside Medical Group", "Cedar", "MEDICAL"],
      ]);
    });

    it("care away from a doctor's office by its words; a practice paid by Zelle is no person", () => {
      for (const description of [
        "SQ *COASTAL IMAGING CENTER Tampa FL",
        "IN *NORTHSIDE ORAL SURGERY 312-5550148 IL",
        "SQ *BLOOM FERTILITY",
        "SQ *HARBOR COUNSELING LLC",
        "CLV*GENTLE BIRTH CENTER",
      ])
        expect(one(description, "-150.00").categories.general, description).toBe("MEDICAL");
      const practice = one('Zelle payment to OAKWOOD PSYCHOLOGY for "intake"; Conf# a1b2c3', "-180.00");
      expect(practice.person).toBeNull();
      expect(practice.categories.general).toBe("MEDICAL");
    });

    it("an insurer's claim paid to the member is income; continued coverage through an HSA's administrator is insurance", () => {
      expect(one("CIGNA DES:CLMPMT ID:1 INDN:JO DOE CO ID:1 PPD", "150.00").categories.general).toBe(
        "INCOME",
      );
      expect(one("HUMANA DES:CLAIMS ID:1 INDN:JO DOE CO ID:1 PPD", "80.00").categories.general).toBe(
        "INCOME",
      );
      expect(
        one("HEALTHEQUITY INC DES:COBRA PMT ID:1 INDN:JO DOE CO ID:1 WEB", "-450.00").categories.detailed,
      ).toBe("GENERAL_SERVICES_INSURANCE");
    });
  });

  describe("What holdout-34 showed the engine misreading", () => {
    it("delivery apps', point-of-sale and booking apps' prefixes name the restaurant or the salon after them", () => {
      expectThrough("-40.00", [
        ["SEAMLSS*LUCKY STAR DUMPLING NEW YORK NY", "Lucky Star Dumpling", "Seamless", "FOOD_AND_DRINK"],
        ["CAVIAR*MISSION TACO HOUSE SAN FRANCISCO CA", "Mission Taco House", "Caviar", "FOOD_AND_DRINK"],
        ["CHOWNOW*GREEN LEAF CAFE 8889890130 CA", "Green Leaf Cafe", "ChowNow", "FOOD_AND_DRINK"],
        ["SPOTON*RIVER CITY SMOKEHOUSE", "River City Smokehouse", "SpotOn", "FOOD_AND_DRINK"],
        ["VAGARO*LUXE BROW BAR 800-919-0157 CA", "Luxe Brow Bar", "Vagaro", "PERSONAL_CARE"],
        ["BOOKSY*FRESH FADES", "Fresh Fades", "Booksy", "PERSONAL_CARE"],
        ["GLOSSGENIUS*NAILS BY JEN", "Nails by Jen", "GlossGenius", "PERSONAL_CARE"],
      ]);
    });

    it("a name that starts with a number keeps it, unless a bank's lead-in put it there; a store's number glued to the name goes", () => {
      expect(one("TST* 1920 TAVERN GRILL Denver CO", "-20.00").counterparty?.name).toBe("1920 Tavern Grill");
      expect(one("1889 PIZZA KITCHEN AUSTIN TX", "-20.00").counterparty?.name).toBe("1889 Pizza Kitchen");
      expect(one("POS PURCHASE 4417 MARIOS PIZZERIA ERIE PA", "-20.00").counterparty?.name).toBe(
        "Marios Pizzeria",
      );
      expect(one("ZARA0112 NEW YORK NY", "-60.00").counterparty?.name).toBe("Zara");
    });

    it("trades cut at the statement's width: a food truck, a saloon (no nail salon), a vineyard, a barber; alterations are a service", () => {
      expect(one("SQ *TACO LOCO FOOD TR Austin TX", "-12.00").counterparty?.name).toBe(
        "Taco Loco Food Truck",
      );
      const saloon = one("TST* THE BRASS NAIL SALOO Tulsa OK", "-30.00");
      expect(saloon.counterparty?.name).toBe("The Brass Nail Saloon");
      expect(saloon.categories.general).toBe("FOOD_AND_DRINK");
      const vineyard = one("SILVER OAK CREEK VINEYA NAPA CA", "-80.00");
      expect(vineyard.counterparty?.name).toBe("Silver Oak Creek Vineyards");
      expect(vineyard.categories.general).toBe("FOOD_AND_DRINK");
      expect(one("SQ *MAIN STREET BARBER", "-25.00").counterparty?.name).toBe("Main Street Barber");
      expect(one("SQ *ALTERATIONS BY MARIA Tampa FL", "-35.00").categories.detailed).toBe(
        "GENERAL_SERVICES_OTHER_GENERAL_SERVICES",
      );
    });

    it("a P2P app's line with a memo after a dash names the person before it", () => {
      const sent = one("Venmo payment to Priya Shah - tacos friday", "-18.00");
      expect(sent.person).toBe("Priya Shah");
      expect(sent.counterparty?.name).toBe("Priya Shah");
    });
  });

  describe("What holdout-33 showed the engine misreading", () => {
    it("money back from a sportsbook or a fantasy site is the holder's balance moved in; a prize is income; a reversed deposit stays the bet's", () => {
      const withdrawal = one("DRAFTKINGS INC DES:WITHDRAWAL ID:DK1 INDN:JO DOE CO ID:1 PPD", "300.00");
      expect(withdrawal.counterparty?.name).toBe("DraftKings");
      expect(withdrawal.categories.detailed).toBe("TRANSFER_IN_ACCOUNT_TRANSFER");
      expect(one("FanDuel", "75.00").categories.general).toBe("TRANSFER_IN");
      expect(one("BETMGM LLC DES:PRIZE ID:1 INDN:JO DOE CO ID:1 PPD", "500.00").categories.detailed).toBe(
        "INCOME_OTHER_INCOME",
      );
      expect(one("DRAFTKINGS DEPOSIT REVERSAL", "50.00").categories.general).toBe("ENTERTAINMENT");
    });

    it("giving platforms name the congregation after their star, cut words and all; courts' and gaming's processors name what they collect for", () => {
      expectThrough("-60.00", [
        [
          "TITHE.LY*HILLSIDE COMMUNITY CH 888-984-1125 CA",
          "Hillside Community Church",
          "Tithe.ly",
          "GOVERNMENT_AND_NON_PROFIT",
        ],
        ["SUBSPLASH*GRACE BIBLE CHU", "Grace Bible Church", "Subsplash", "GOVERNMENT_AND_NON_PROFIT"],
        [
          "GIVELIFY*MT ZION MISSIONARY BAP",
          "Mt Zion Missionary Baptist Church",
          "Givelify",
          "GOVERNMENT_AND_NON_PROFIT",
        ],
        [
          "NCOURT*COBB CO MAGISTRAT 678-731-2200 GA",
          "Cobb County Magistrate",
          "nCourt",
          "GOVERNMENT_AND_NON_PROFIT",
        ],
        [
          "POINT & PAY*KENDALL CO TREAS",
          "Kendall County Treasurer",
          "Point & Pay",
          "GOVERNMENT_AND_NON_PROFIT",
        ],
        ["EVERI*RIVERSIDE CASH ACCESS", "Riverside Cash Access", "Everi", "TRANSFER_OUT"],
      ]);
      const mosque = one("Zelle Payment To Islamic Center Of Plano Jpm99ab4c2d1", "-100.00");
      expect(mosque.person).toBeNull();
      expect(mosque.categories.general).toBe("GOVERNMENT_AND_NON_PROFIT");
    });

    it("a processor named as an ACH line's company or in its entry went between; cash at a casino's cage is cash", () => {
      const deposit = one("TRUSTLY DES:BETMGM ID:1 INDN:JO DOE CO ID:1 WEB", "-100.00");
      expect(deposit.counterparty?.name).toBe("BetMGM");
      expect(deposit.intermediaries.map((i) => i.name)).toEqual(["Trustly"]);
      const giving = one("GRACE LUTHERAN CHURCH DES:VANCO EFT ID:1 INDN:JO DOE CO ID:1 PPD", "-50.00");
      expect(giving.intermediaries.map((i) => i.name)).toEqual(["Vanco"]);
      expect(giving.categories.general).toBe("GOVERNMENT_AND_NON_PROFIT");
      const cage = one("CASH ADVANCE GLOBAL PAYMENTS GAMING FOXWOODS MASHANTUCKET CT", "-200.00");
      expect(cage.counterparty?.name).toBe("Foxwoods");
      expect(cage.intermediaries.map((i) => i.name)).toEqual(["Global Payments"]);
      expect(cage.categories.detailed).toBe("TRANSFER_OUT_WITHDRAWAL");
    });

    it("a charity's shop and its classes are sales, a school's annual fund a gift; benefits and a juror's pay are income", () => {
      expect(one("SALVATION ARMY FAMILY STORE #88 TULSA OK", "-15.00").categories.general).toBe(
        "GENERAL_MERCHANDISE",
      );
      expect(one("AMERICAN RED CROSS CPR CLASS", "-90.00").categories.general).toBe("GENERAL_SERVICES");
      expect(one("UNIV OF MICHIGAN ANNUAL GIVING", "-100.00").categories.general).toBe(
        "GOVERNMENT_AND_NON_PROFIT",
      );
      expect(one("UNIV OF MICHIGAN GIFT SHOP", "-20.00").categories.general).toBe("GENERAL_MERCHANDISE");
      expect(one("ACH DEPOSIT KY UI BENEFITS", "350.00").categories.detailed).toBe("INCOME_UNEMPLOYMENT");
      expect(
        one("DALLAS COUNTY DES:JUROR PAY ID:1 INDN:JO DOE CO ID:1 PPD", "40.00").categories.general,
      ).toBe("INCOME");
      expect(one("NJ DHS DES:TANF ID:1 INDN:JO DOE CO ID:1 PPD", "400.00").categories.general).toBe("INCOME");
    });

    it("a commission's, a treasurer's and America's names cut short are spelled out; tolls by mail are tolls; a racino is gambling", () => {
      expect(
        one("TRI-STATE LOTTERY COMM DES:PRIZE ID:1 INDN:JO DOE CO ID:1 PPD", "600.00").counterparty?.name,
      ).toBe("Tri-State Lottery Commission");
      expect(one("ACH WD SUMMIT CO TREAS PROPTAX", "-1200.00").counterparty?.name).toBe(
        "Summit County Treasurer",
      );
      expect(one("DANCE THEATRE OF AMER 202-452-1100 DC", "-25.00").counterparty?.name).toBe(
        "Dance Theatre of America",
      );
      expect(one("MD TRANSPORTATION AUTH TOLLS BY MAIL", "-8.00").categories.detailed).toBe(
        "TRANSPORTATION_TOLLS",
      );
      expect(one("CHARLES TOWN RACINO WV", "-40.00").categories.general).toBe("ENTERTAINMENT");
    });
  });

  describe("What holdout-32 showed the engine misreading", () => {
    it("an aggregator's cleaned name with the entry's words after it names the merchant or the bank alone", () => {
      const refund = enrichBatch(
        [{ ...txn({ description: "Walmart Refund", amount: "19.99" }), accountType: "CREDIT_CARD" }],
        [],
        {
          logoBase: "https://x/logos",
        },
      )[0]!;
      expect(refund.counterparty?.name).toBe("Walmart");
      expect(refund.categories.general).toBe("GENERAL_MERCHANDISE");
      const atm = one("Citi ATM Withdrawal", "-80.00");
      expect(atm.counterparty?.name).toBe("Citi");
      expect(atm.categories.general).toBe("TRANSFER_OUT");
      expect(one("Capital One Credit Card Payment", "-150.00").counterparty?.name).toBe("Capital One");
    });

    it("heating and cooling is a home's repair; a marketplace's payout named alone went through it", () => {
      expect(one("SQ *ALLSTAR HEATING & COOLING", "-220.00").categories.general).toBe("HOME_IMPROVEMENT");
      const payout = one("ETSY INC DES:DEPOSIT ID:1 INDN:JO DOE CO ID:1 CCD", "120.00");
      expect(payout.intermediaries.map((i) => i.name)).toEqual(["Etsy"]);
    });
  });

  describe("What holdout-31 showed the engine misreading", () => {
    it("a store's number glued between its name and its town; a bar's cocktails and a deli's groceries cut short; Riot's own prefix", () => {
      const glued = one("GAP0412SEATTLE WA", "-40.00");
      expect(glued.counterparty?.name).toBe("Gap");
      expect(one("SQ *BLUE HOUR COCKTAIL LOUN Denver CO", "-30.00").categories.general).toBe(
        "FOOD_AND_DRINK",
      );
      expect(one("SQ *EL SOL DELI & GROC Queens NY", "-6.00").counterparty?.name).toBe(
        "El Sol Deli & Grocery",
      );
      expect(one("RIOT*LEAGUE OF LEGENDS RP LOS ANGELES CA", "-10.00").counterparty?.name).toBe("Riot Games");
    });
  });

  describe("What holdout-30 showed the engine misreading", () => {
    it("the holder's own money moved in the bank's words names no one; checks and money orders bought are paid on", () => {
      for (const [description, amount, general] of [
        ["INTERNAL TRANSFER TO SAVINGS XXX9921", "-300.00", "TRANSFER_OUT"],
        ["OVERDRAFT PROTECTION TRANSFER FROM MONEY MARKET XXXX1", "75.00", "TRANSFER_IN"],
        ["Deposit from 360 Performance Savings XXXXXXX1234", "90.00", "TRANSFER_IN"],
        ["BOOK TRANSFER CREDIT A/C: 000000112233 REF: 0101BK0001", "400.00", "TRANSFER_IN"],
        ["CASHIERS CHECK PURCHASE 00441", "-9000.00", "TRANSFER_OUT"],
        ["MONEY ORDER 12-3345", "-200.00", "TRANSFER_OUT"],
      ] as const) {
        const moved = one(description, amount);
        expect(moved.counterparty, description).toBeNull();
        expect(moved.categories.general, description).toBe(general);
      }
      const toSelf = one("ZELLE TO SELF ON 05/01 REF # BAC0A1B2C3", "-250.00");
      expect(toSelf.counterparty).toBeNull();
      expect(toSelf.intermediaries.map((i) => i.name)).toEqual(["Zelle"]);
    });

    it("the bank's fees by any of their names, a CD's early withdrawal penalty among them", () => {
      for (const description of [
        "OVERDRAFT PROTECTION TRANSFER FEE",
        "CASHIERS CHECK FEE",
        "EXCESS SAVINGS WITHDRAWAL LIMIT FEE",
        "INSTANT TRANSFER FEE",
        "EARLY WITHDRAWAL PENALTY",
      ]) {
        const fee = one(description, "-10.00");
        expect(fee.categories.general, description).toBe("BANK_FEES");
        expect(fee.counterparty, description).toBeNull();
      }
    });

    it("a book transfer or an online wire names a person; a wire's purpose says nothing of a person's transfer", () => {
      expect(one("BOOK TRANSFER CREDIT B/O: MARIA LOPEZ TRN: 1122334455ES", "300.00").person).toBe(
        "Maria Lopez",
      );
      expect(
        one(
          "Online Domestic Wire Transfer Via: Chase/021000021 A/C: David Kim Austin TX 78701 US Imad: 1",
          "-900.00",
        ).person,
      ).toBe("David Kim");
      const gift = one(
        "WIRE TYPE:WIRE OUT DATE:240314 TIME:1032 ET TRN:1 SERVICE REF:1 BNF:JAMES ORTIZ ID:1 BNF BK:CHASE ID:1 PMT DET:BIRTHDAY GIFT",
        "-500.00",
      );
      expect(gift.categories.general).toBe("TRANSFER_OUT");
    });

    it("a card issuer's savings moved by ACH is a transfer; a 401(k) loan's payment is a loan's; an app's own crypto is the app's", () => {
      expect(
        one("AMEX NATL BANK DES:TRANSFER ID:1 INDN:JO DOE CO ID:1 WEB", "-1000.00").categories.general,
      ).toBe("TRANSFER_OUT");
      expect(one("FIDELITY DES:401K LN PMT ID:1 INDN:JO DOE CO ID:1 PPD", "-210.00").categories.general).toBe(
        "LOAN_PAYMENTS",
      );
      const crypto = one("PAYPAL *BITCOIN 4029357733 CA", "-50.00");
      expect(crypto.counterparty?.name).toBe("PayPal");
      expect(crypto.categories.general).toBe("TRANSFER_OUT");
      expect(one("CASH APP*STOCKS OAKLAND CA", "-20.00").person).toBeNull();
      expect(one("NON-WELLS FARGO ATM WITHDRAWAL 05/01 US BANK DENVER CO", "-60.00").counterparty?.name).toBe(
        "U.S. Bank",
      );
    });
  });

  describe("What holdout-29 showed the engine misreading", () => {
    it("a school's or a club's payment portal names the payee after its star, and its trade when the payee's name says none", () => {
      for (const [description, name, detailed] of [
        ["BRIGHTWHEEL*SUNNY DAYS LEARNING CTR", "Sunny Days Learning Center", "GENERAL_SERVICES_EDUCATION"],
        ["BRIGHTWHEEL*TINY TOTS", "Tiny Tots", "GENERAL_SERVICES_CHILDCARE"],
        ["REVTRAK*DOUGLAS COUNTY SCHOOLS", "Douglas County Schools", "GENERAL_SERVICES_EDUCATION"],
        ["TEAMSNAP*RIVER CITY UNITED", "River City United", "GENERAL_SERVICES_OTHER_GENERAL_SERVICES"],
        [
          "SPORTSENGINE *WAYZATA HOCKEY ASSN",
          "Wayzata Hockey Association",
          "GENERAL_SERVICES_OTHER_GENERAL_SERVICES",
        ],
      ] as const) {
        const paid = one(description, "-120.00");
        expect(paid.counterparty?.name, description).toBe(name);
        expect(paid.categories.detailed, description).toBe(detailed);
        expect(paid.intermediaries, description).toEqual([]);
      }
      // The portal's own plan is the portal's.
      expect(one("TEAMSNAP* PREMIUM 888-777-2476 CO", "-9.99").counterparty?.name).toBe("TeamSnap");
    });

    it("a parents' association raises money, a 529 plan saves it, a play café sells play; preschools, elementary schools, little leagues cut short", () => {
      expect(one("SQ *LINCOLN ELEM PTA", "-20.00")).toMatchObject({
        counterparty: expect.objectContaining({ name: expect.stringMatching(/^Lincoln Elementary Pta$/i) }),
        categories: expect.objectContaining({ general: "GOVERNMENT_AND_NON_PROFIT" }),
      });
      expect(one("VIRGINIA529 DES:INVEST ID:1 INDN:JO DOE CO ID:1 WEB", "-150.00").categories.detailed).toBe(
        "TRANSFER_OUT_INVESTMENT_AND_RETIREMENT_FUNDS",
      );
      expect(one("SQ *WIGGLES PLAY CAFE", "-18.00").categories.general).toBe("ENTERTAINMENT");
      expect(one("GRACE METHODIST PRESCHO", "-300.00").categories.detailed).toBe(
        "GENERAL_SERVICES_CHILDCARE",
      );
      expect(one("SQ *EAST SIDE LITTLE L", "-80.00").counterparty?.name).toBe("East Side Little League");
      expect(one("HARRIS CO PUBLIC SCHOOLS HOUSTON TX", "-40.00").counterparty?.name).toBe(
        "Harris County Public Schools",
      );
      // A camp is a camp, not a campground cut short.
      expect(one("SQ *ROCKET SCIENCE SUMMER CAMP", "-300.00").counterparty?.name).toBe(
        "Rocket Science Summer Camp",
      );
    });

    it("child support received is income; Square's ACH entry naming Cash App is money moved through the app", () => {
      expect(one("FL SDU DES:CHILD SUPP ID:1 INDN:JO DOE CO ID:1 PPD", "350.00").categories.detailed).toBe(
        "INCOME_OTHER_INCOME",
      );
      const funded = one("SQUARE INC DES:CASH APP ID:T1 INDN:JO DOE CO ID:9424300002 PPD", "-40.00");
      expect(funded.counterparty?.name).toBe("Cash App");
      expect(funded.categories.general).toBe("TRANSFER_OUT");
      // A seller's payout from Square stays Square's.
      expect(
        one("SQUARE INC DES:SQ240401 ID:T2 INDN:BLUE DOOR LLC CO ID:9424300002 CCD", "812.00").counterparty
          ?.name,
      ).toBe("Square");
    });
  });

  describe("What holdout-28 showed the engine misreading", () => {
    const on = (accountType: string, description: string, amount: string) =>
      enrichBatch([{ ...txn({ description, amount }), accountType }], [], {
        logoBase: "https://x/logos",
      })[0]!;

    it("a card's payments received in any issuer's words, returned, or a balance moved onto it; a transfer to a credit card pays it", () => {
      for (const [description, amount] of [
        ["PAYMENT FROM SAV 7781", "200.00"],
        ["DIRECTPAY FULL BALANCE 05/12", "912.40"],
        ["ELECTRONIC PMT-WEB, THANK YOU", "120.00"],
        ["ONLINE PAYMENT RETURNED", "-120.00"],
        ["BALANCE TRANSFER 3% FEE PROMO", "-2500.00"],
      ] as const) {
        const line = on("CREDIT_CARD", description, amount);
        expect(line.categories.detailed, description).toBe("LOAN_PAYMENTS_CREDIT_CARD_PAYMENT");
        expect(line.counterparty, description).toBeNull();
      }
      // On a card, money in that says nothing of a payment stays what it was read as.
      expect(on("CREDIT_CARD", "MISC CREDIT 4471", "12.00").categories.general).not.toBe("LOAN_PAYMENTS");
      const sent = on(
        "CHECKING",
        "ONLINE TRANSFER TO CAPITAL ONE QUICKSILVER CARD XXXXXXXXXXXX1234 ON 05/01",
        "-300.00",
      );
      expect(sent.categories.detailed).toBe("LOAN_PAYMENTS_CREDIT_CARD_PAYMENT");
      expect(sent.counterparty?.name).toBe("Capital One");
      expect(on("CHECKING", "INSTANT TRANSFER TO DEBIT CARD XXXX1234", "-50.00").categories.general).toBe(
        "TRANSFER_OUT",
      );
      expect(on("CHECKING", "CITIZENS BANK DES:CC PMT ID:1 WEB", "-90.00").categories.general).toBe(
        "LOAN_PAYMENTS",
      );
    });

    it("an issuer's credits, rewards, plan fees and interest are its own lines; an offer's credit is its merchant's", () => {
      const travel = on("CREDIT_CARD", "HOTEL CREDIT - AMEX FHR", "200.00");
      expect(travel).toMatchObject({ counterparty: null, categories: { general: "TRAVEL" } });
      for (const description of ["MILES REDEMPTION STATEMENT CREDIT", "CASH REWARDS REDEMPTION"])
        expect(on("CREDIT_CARD", description, "40.00").categories.detailed, description).toBe(
          "INCOME_OTHER_INCOME",
        );
      for (const [description, detailed] of [
        ["CITI FLEX PAY PLAN FEE", "BANK_FEES_OTHER_BANK_FEES"],
        ["PLAN IT 2 INTEREST CHARGE", "BANK_FEES_INTEREST_CHARGE"],
        ["DEFERRED INTEREST CHARGED", "BANK_FEES_INTEREST_CHARGE"],
      ] as const) {
        const fee = on("CREDIT_CARD", description, "-8.00");
        expect(fee.categories.detailed, description).toBe(detailed);
        expect(fee.counterparty, description).toBeNull();
      }
      const offer = on("CREDIT_CARD", "AMEX OFFER CREDIT BEST BUY", "30.00");
      expect(offer.counterparty?.name).toBe("Best Buy");
      expect(offer.categories.general).toBe("GENERAL_MERCHANDISE");
    });

    it("a store's card paid from checking in an ACH line without an entry field is the card's payment", () => {
      const paid = on("CHECKING", "KOHLS ONLINE PMT CAPITAL ONE 240417 WEB", "-60.00");
      expect(paid.categories.detailed).toBe("LOAN_PAYMENTS_CREDIT_CARD_PAYMENT");
      expect(on("CHECKING", "CARE CREDIT ONLINE PYMT 0501", "-120.00").counterparty?.name).toBe("CareCredit");
    });
  });

  describe("what the account's type says", () => {
    const on = (accountType: string | undefined, description: string, amount: string) =>
      enrichBatch([{ ...txn({ description, amount }), accountType }], [], {
        logoBase: "https://x/logos",
      })[0]!;
    const moved = "ACH DEPOSIT INTERNET TRANSFER FROM ACCOUNT ENDING IN 4417";

    it("money moved into a card from another account is its payment; into a checking account, a transfer", () => {
      const card = on("CREDIT_CARD", moved, "450.00");
      expect(card.categories).toMatchObject({
        general: "LOAN_PAYMENTS",
        detailed: "LOAN_PAYMENTS_CREDIT_CARD_PAYMENT",
      });
      expect(card.counterparty).toBeNull();
      expect(on("LINE_OF_CREDIT", moved, "450.00").categories.detailed).toBe("LOAN_PAYMENTS_OTHER_PAYMENT");
      expect(on("CHECKING", moved, "450.00").categories.general).toBe("TRANSFER_IN");
      expect(on(undefined, moved, "450.00").categories.general).toBe("TRANSFER_IN");
    });

    it("a payment seen on the card names no one: the bank it names is the card's own issuer", () => {
      const received = on("CREDIT_CARD", "CAPITAL ONE MOBILE PYMT Authdate 05-Jun", "320.00");
      expect(received.categories.general).toBe("LOAN_PAYMENTS");
      expect(received).toMatchObject({
        counterparty: null,
        merchant: null,
        merchantId: null,
        website: null,
        logo: null,
      });
      // Sent from checking, the same bank is who was paid.
      expect(on("CHECKING", "CAPITAL ONE MOBILE PYMT Authdate 05-Jun", "-320.00").counterparty?.name).toBe(
        "Capital One",
      );
    });

    it("on a card, a refund keeps its merchant, a cash advance its category, and a guess stays a guess", () => {
      const refund = on("CREDIT_CARD", "AMAZON.COM REFUND", "25.00");
      expect(refund.merchant).toBe("Amazon");
      expect(refund.categories.general).not.toBe("LOAN_PAYMENTS");
      expect(on("CREDIT_CARD", "MISC CREDIT 4471", "12.00").categories.general).toBe(
        on("CHECKING", "MISC CREDIT 4471", "12.00").categories.general,
      );
      const charge = on("CREDIT_CARD", "NETFLIX.COM 866-579-7172 CA", "-15.49");
      expect(charge.merchant).toBe("Netflix");
    });
  });

  describe("What holdout-27 showed the engine misreading", () => {
    it("a home-equity line is a mortgage's kind of loan, paid to the bank that holds it; an escrow's surplus is the loan's", () => {
      const heloc = one("ONLINE PMT TO PENFED HELOC 0912 CONF 110233", "-250.00");
      expect(heloc.counterparty?.name).toBe("PenFed Credit Union");
      expect(heloc.categories.detailed).toBe("LOAN_PAYMENTS_MORTGAGE_PAYMENT");
      expect(
        one("PNC BANK DES:HOME EQUITY ID:HE1 INDN:JO DOE CO ID:1 WEB", "-300.00").categories.general,
      ).toBe("LOAN_PAYMENTS");
      const member = one("Withdrawal Transfer To Loan 0002 AUTO LOAN PENFED CREDIT UNION", "-410.00");
      expect(member.counterparty?.name).toBe("PenFed Credit Union");
      expect(member.categories.detailed).toBe("LOAN_PAYMENTS_CAR_PAYMENT");
      const surplus = one("ROCKET MORTGAGE DES:ESCROW REF ID:1 INDN:JO DOE CO ID:1 PPD", "612.40");
      expect(surplus.counterparty?.name).toBe("Rocket Mortgage");
      expect(surplus.categories.general).toBe("LOAN_PAYMENTS");
    });

    it("a county's tax office, its county abbreviated; an association's dues or assessment are the home's", () => {
      for (const [description, name] of [
        ["ELLIS CO TAX ASSESSOR COLL WAXAHACHIE TX", "Ellis County Tax Assessor Collector"],
        ["BEXAR CTY TAX OFFICE SAN ANTONIO TX", "Bexar County Tax Office"],
        ["BILL PAY TO LOUDOUN COUNTY TAX ADMIN ON 05/01", "Loudoun County Tax"],
      ] as const) {
        const tax = one(description, "-2400.00");
        expect(tax.counterparty?.name, description).toBe(name);
        expect(tax.categories.detailed, description).toBe("GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT");
      }
      expect(one("ASSOCIA DES:ASSESSMENT ID:1 INDN:JO DOE CO ID:1 WEB", "-310.00").categories.general).toBe(
        "RENT_AND_UTILITIES",
      );
      expect(one("LAKE POINTE CONDO ASSN DUES PPD ID: 1", "-380.00").categories.general).toBe(
        "RENT_AND_UTILITIES",
      );
    });

    it("home trades by their words and their cut phrases; a check the bank mailed names its payee; heating oil heats", () => {
      for (const [description, name, detailed] of [
        ["SQ *EVERGREEN LAWN C", "Evergreen Lawn Care", "HOME_IMPROVEMENT_REPAIR_AND_MAINTENANCE"],
        ["SQ *TOP HAT CHIMNEY SWEE", "Top Hat Chimney Sweep", "HOME_IMPROVEMENT_REPAIR_AND_MAINTENANCE"],
        ["IN *APEX SIDING & EXTE", "Apex Siding & Exteriors", "HOME_IMPROVEMENT_REPAIR_AND_MAINTENANCE"],
        ["SQ *ALLIED MOVING & ST", "Allied Moving & Storage", "GENERAL_SERVICES_STORAGE"],
        ["BILL PAY CHECK #1042 RIVERA MASONRY", "Rivera Masonry", "HOME_IMPROVEMENT_REPAIR_AND_MAINTENANCE"],
        [
          "BILL PAY CHECK #2291 HOLLIS HEATING OIL CO",
          "Hollis Heating Oil Co",
          "RENT_AND_UTILITIES_GAS_AND_ELECTRICITY",
        ],
        ["KLEIN PAINT & DECORATI", "Klein Paint & Decorating", "HOME_IMPROVEMENT_HARDWARE"],
      ] as const) {
        const result = one(description, "-150.00");
        expect(result.counterparty?.name, description).toBe(name);
        expect(result.categories.detailed, description).toBe(detailed);
      }
      const warranty = one("AMERICAN HOME WARRANTY CO", "-60.00");
      expect(warranty.categories.general).toBe("GENERAL_SERVICES");
      // CO after a company's word is the company's, not Colorado's.
      expect(warranty.counterparty?.name).toBe("American Home Warranty Co");
    });

    it("a business named for electricity or trees, paid through a P2P app, is a tradesman, not the utility", () => {
      expect(
        one("ZELLE TO VOLT BROTHERS ELECTRIC LLC ON 04/02 REF # WFCT0ABC123", "-480.00").categories.detailed,
      ).toBe("HOME_IMPROVEMENT_REPAIR_AND_MAINTENANCE");
      expect(one("Zelle payment to Oak Hollow Tree Care JPM11aa22bb", "-900.00").categories.general).toBe(
        "HOME_IMPROVEMENT",
      );
    });
  });

  describe("What holdout-26 showed the engine misreading", () => {
    it("trade words cut at a reader's width are whole, and say the trade", () => {
      for (const [description, name, general] of [
        ["SQ *PAWS AND CLAWS GROOM", "Paws and Claws Grooming", "GENERAL_SERVICES"],
        ["CLV*RIVERSIDE PIANO LESSO", "Riverside Piano Lessons", "GENERAL_SERVICES"],
        ["EB *DOWNTOWN TRIVIA NIGH", "Downtown Trivia Night", "ENTERTAINMENT"],
        ["CEDAR HILLS MUNICIPAL GOL", "Cedar Hills Municipal Golf", "ENTERTAINMENT"],
        ["TST* GOLDEN PANDA NOODLE H", "Golden Panda Noodle House", "FOOD_AND_DRINK"],
        ["LUIGIS TRATTORIA E RISTORA", "Luigis Trattoria E Ristorante", "FOOD_AND_DRINK"],
      ] as const) {
        const result = one(description);
        expect(result.counterparty?.name, description).toBe(name);
        expect(result.categories.general, description).toBe(general);
      }
    });

    it("lanes bowl, cabins lodge, a mobile detailer or an auto spa keeps cars, a dealer's service desk is the dealer's", () => {
      expect(one("SQ *STARLITE LANES").categories.general).toBe("ENTERTAINMENT");
      expect(one("SQ *BEAR CREEK CABINS").categories.general).toBe("TRAVEL");
      const detailer = one("IN *PRESTIGE MOBILE DETAILING");
      expect(detailer.counterparty?.name).toBe("Prestige Mobile Detailing");
      expect(detailer.categories.detailed).toBe("GENERAL_SERVICES_AUTOMOTIVE");
      expect(one("CLV*SHINE AUTO SPA").categories.detailed).toBe("GENERAL_SERVICES_AUTOMOTIVE");
      const dealer = one("HONDA OF FRISCO SVC DEPT FRISCO TX", "-289.10");
      expect(dealer.counterparty?.name).toBe("Honda of Frisco");
      expect(dealer.categories.detailed).toBe("GENERAL_SERVICES_AUTOMOTIVE");
      // MOBILE is still a phone's word, or the channel's, elsewhere.
      expect(one("BOOST MOBILE 888-266-7848 CA", "-45.00").categories.detailed).toBe(
        "RENT_AND_UTILITIES_TELEPHONE",
      );
    });

    it("a folio or a hold is no part of a name; an airline's words on board are the airline's", () => {
      expect(one("HARBOR LIGHT INN FOLIO 8812 BAR HARBOR ME").counterparty?.name).toBe("Harbor Light Inn");
      expect(one("THRIFTY CAR RENTAL DEN PRE-AUTH HOLD").counterparty?.name).toBe("Thrifty");
      const wifi = one("DELTA INFLIGHT WIFI 800-221-1212 GA", "-8.00");
      expect(wifi.counterparty?.name).toBe("Delta Air Lines");
      expect(wifi.categories.general).toBe("TRAVEL");
    });

    it("sellers' own prefixes name the seller; a software reseller's sale is software whatever the maker's name", () => {
      expect(one("TM *TAYLOR SWIFT ERAS TO").counterparty?.name).toBe("Ticketmaster");
      expect(one("BKG*HOTEL AT BOOKING.COM").counterparty?.name).toBe("Booking.com");
      expect(one("MSFT * E0200XYZW 800-642-7676 WA").counterparty?.name).toBe("Microsoft");
      expect(one("FS *NORTHWIND LABS").categories.general).toBe("GENERAL_SERVICES");
      expect(one("PADDLE.NET* BRIGHT DENTAL STUDIO").categories.general).toBe("GENERAL_SERVICES");
    });
  });

  describe("What holdout-25 showed the engine misreading", () => {
    it("a bank's fee given back is the fee's kind; foreign purchases' fees by any of their names", () => {
      const reversal = one("REVERSAL: NSF FEE", "35.00");
      expect(reversal.counterparty).toBeNull();
      expect(reversal.categories.detailed).toBe("BANK_FEES_INSUFFICIENT_FUNDS");
      for (const description of [
        "FOREIGN CURRENCY CONVERSION FEE",
        "CROSS BORDER FEE",
        "INTL POS TRANSACTION FEE",
        "FX FEE",
      ]) {
        const fee = one(description, "-1.12");
        expect(fee.categories.detailed, description).toBe("BANK_FEES_FOREIGN_TRANSACTION_FEES");
        expect(fee.counterparty, description).toBeNull();
      }
    });

    it("CO after what a company makes, or written Co, is the company's, not Colorado", () => {
      const shop = one("SP MAPLEWOOD SOAP CO");
      expect(shop.counterparty?.name).toBe("Maplewood Soap Co");
      expect(shop.locationStructured).toBeNull();
      const pay = one("Payroll Costco Co", "1204.16");
      expect(pay.counterparty?.name).toBe("Costco");
      expect(pay.categories.general).toBe("INCOME");
      // A town of Colorado is still one.
      expect(one("SQ *HIGH SIDE BREWING SALIDA CO").locationStructured?.state).toBe("CO");
    });

    it("a business paid through a P2P app is paid for its service, unless it is a holding or a fund; one paying the holder pays income", () => {
      const walker = one("Zelle payment to HAPPY TAILS PET SITTING LLC JPM12ab34cd", "-80.00");
      expect(walker.categories.general).toBe("GENERAL_SERVICES");
      expect(walker.person).toBeNull();
      expect(one("Zelle payment to BRIGHTON HOLDINGS LLC JPM12ab34cd", "-2500.00").categories.general).toBe(
        "TRANSFER_OUT",
      );
      expect(
        one("Zelle payment from HAPPY TAILS PET SITTING LLC JPM12ab34cd", "80.00").categories.general,
      ).toBe("INCOME");
    });
  });

  describe("What holdout-24 showed the engine misreading", () => {
    it("Truist's Zelle lines name the person after the dash, last name first", () => {
      const sent = one("Zelle DB - MORGAN, TASHA", "-45.00");
      expect(sent.person).toBe("Tasha Morgan");
      expect(sent.intermediaries.map((i) => i.name)).toEqual(["Zelle"]);
    });

    it("Bank of America's mobile deposit names no one; its ATM's deposit still names the bank", () => {
      const deposit = one("BKOFAMERICA MOBILE 05/02 XXXXX67890 DEPOSIT *MOBILE", "120.00");
      expect(deposit.counterparty).toBeNull();
      expect(deposit.categories.general).toBe("TRANSFER_IN");
      expect(
        one("BKOFAMERICA ATM 05/02 #000004417 DEPOSIT MAIN ST RALEIGH NC", "80.00").counterparty?.name,
      ).toBe("Bank of America");
    });

    it("a county's tax collector (TAX COLL), its TAX PMT, toll passes and healthcare by their words", () => {
      const tax = one("LEON CNTY TAX COLL DES:TAXPAYMENT ID:R1 INDN:JO DOE CO ID:1 WEB", "-900.00");
      expect(tax.counterparty?.name).toBe("Leon County Tax Collector");
      expect(tax.categories.general).toBe("GOVERNMENT_AND_NON_PROFIT");
      expect(
        one("ARLINGTON COUNTY TAX DES:TAX PMT ID:1 INDN:JO DOE CO ID:1 WEB", "-900.00").categories.general,
      ).toBe("GOVERNMENT_AND_NON_PROFIT");
      expect(one("SUNPASS*ACC 12345 877-776-7277 FL", "-20.00").categories.general).toBe("TRANSPORTATION");
      expect(one("BAYSHORE HEALTHCARE 844-555-0100 FL", "-120.00").categories.general).toBe("MEDICAL");
      expect(one("SUNRISE DOCTORS 0187 OCALA FL", "-60.00").categories.general).toBe("MEDICAL");
    });
  });

  describe("What holdout-23 showed the engine misreading", () => {
    it("a foreign company's city, country and legal form are no part of its name", () => {
      for (const [description, name] of [
        ["FIGMENTA S.R.O. PRAHA CZ", "Figmenta"],
        ["CLOUDWIDGET LTD LONDON GB", "Cloudwidget"],
        ["DATAFLOW GMBH BERLIN DEU", "Dataflow"],
      ]) {
        expect(one(description!).counterparty?.name, description).toBe(name);
      }
      // A state's code is still the state's: SE is a street's side, not Sweden.
      expect(one("ELM ST SE").counterparty?.name).toBe("Elm St Se");
    });

    it("a wire names a firm unless it names a person by a given name, and says what it paid for", () => {
      const wire = (party: string, purpose: string, out = true) =>
        `WIRE TYPE:${out ? "WIRE OUT" : "FED IN"} DATE:240401 TIME:1012 ET TRN:2024040100123456 ${out ? "BNF" : "ORIG"}:${party} ID:123456789 ${out ? "BNF BK" : "SND BK"}:FIRST BANK ID:0002 PMT DET:${purpose}`;
      const firm = one(wire("HARTLEY BRANDT OSEI VANCE", "INV 881204 GENERAL CORPORATE"), "-7350.00");
      expect(firm.person).toBeNull();
      expect(firm.counterparty?.name).toBe("Hartley Brandt Osei Vance");
      expect(firm.categories.general).toBe("GENERAL_SERVICES");
      const rent = one(wire("HARBORVIEW REALTY LP", "APR RENT SUITE 400"), "-21340.00");
      expect(rent.counterparty?.name).toBe("Harborview Realty");
      expect(rent.categories.general).toBe("RENT_AND_UTILITIES");
      expect(
        one(wire("ACME LOGISTICS INC", "INV 1042 ANNUAL LICENSE", false), "48000.00").categories.general,
      ).toBe("INCOME");
      // A fund whose name starts with an amusement park's is the fund.
      const fund = one(wire("CEDAR POINT VENTURES FUND", "SERIES SEED PREFERRED", false), "1500000.00");
      expect(fund.counterparty?.name).toBe("Cedar Point Ventures Fund");
      expect(fund.categories.general).toBe("TRANSFER_IN");
      expect(one(wire("SMITH, DAVID", "GIFT"), "-500.00").person).toBe("David Smith");
      const fee = one("WIRE TYPE:INTL OUT FEE", "-45.00");
      expect(fee.counterparty).toBeNull();
      expect(fee.categories.general).toBe("BANK_FEES");
    });

    it("a business account's ACH: a customer's CCD payment is income, a card's cash back too", () => {
      const paid = one(
        "NORTHWIND SUPPLY DES:PAYMENTS ID:V000123 INDN:ACME LABS INC CO ID:1234567890 CCD",
        "18000.00",
      );
      expect(paid.categories.general).toBe("INCOME");
      const back = one("ACMECARD DES:CASHBACK ID:R9C41T7 INDN:ACME LABS INC CO ID:1855123456 CCD", "1284.22");
      expect(back.categories.general).toBe("INCOME");
    });

    it("payroll software paid by card is a service; ads, a payee's own fee, QuickBooks invoices and ezCater orders", () => {
      expect(one("RIPPLING PEOPLE CENTER SAN FRANCISCO CA", "-320.00").categories.general).toBe(
        "GENERAL_SERVICES",
      );
      expect(one("GUSTO DES:NET ID:1 INDN:ACME CO ID:1 CCD", "-5000.00").categories.general).toBe(
        "TRANSFER_OUT",
      );
      expect(one("PINWHEEL ONLINE ADS SAN FRANCISCO CA", "-400.00").categories.general).toBe(
        "GENERAL_SERVICES",
      );
      const fee = one("STATE PATENT OFFICE FEE 571-272-1000 VA", "-350.00");
      expect(fee.categories.general).not.toBe("BANK_FEES");
      expect(one("IN *NORTHSTAR DESIGN GROUP 415-5550134 CA", "-2450.00").categories.general).toBe(
        "GENERAL_SERVICES",
      );
      const catered = one("EZCATER*LITTLE STAR PIZZA 800-488-1803 MA", "-274.10");
      expect(catered.counterparty?.name).toBe("Little Star Pizza");
      expect(catered.intermediaries.map((i) => i.name)).toEqual(["ezCater"]);
      expect(catered.categories.general).toBe("FOOD_AND_DRINK");
      // A product run into an account number after the store's star.
      expect(one("GOOGLE *ADS7719203845 MOUNTAIN VIEW CA", "-1000.00").counterparty?.website).toBe(
        "google.com",
      );
    });
  });

  describe("What holdout-22 showed the engine misreading", () => {
    it("a trade's word cut at a reader's width: KITC is a kitchen, CAR WAS a car wash, UNIFIED SCH a school district", () => {
      expect(one("DOORDASH*THAI KITC Oakland CA").counterparty?.name).toBe("Thai Kitchen");
      const wash = one("SQ *SUNNY HAND CAR WAS Fresno CA", "-25.00");
      expect(wash.counterparty?.name).toBe("Sunny Hand Car Wash");
      expect(wash.categories.general).toBe("GENERAL_SERVICES");
      expect(one("ACH Credit FRESNO UNIFIED SCH - PAYROLL", "2100.00").counterparty?.name).toBe(
        "Fresno Unified School District",
      );
    });

    it("a legal form cut at the statement's width is no part of the name (CORPORATI)", () => {
      expect(
        one("ACME WIDGET CORPORATI PAYROLL 240315 XXXXX1234 JANE DOE", "1800.00").counterparty?.name,
      ).toBe("Acme Widget");
    });

    it("a brand's one word (and its store number) after words of another trade is a local business's", () => {
      const smog = one("POS Withdrawal SMOG CHECK EXPRESS 4 FRESNO CA", "-49.95");
      expect(smog.counterparty?.name).toBe("Smog Check Express");
      expect(smog.categories.general).toBe("GENERAL_SERVICES");
      // The brand after words that name no trade is still the brand.
      expect(one("CIRCLE K SHELL 0412 AUSTIN TX", "-40.00").categories.general).toBe("TRANSPORTATION");
    });

    it("a city's parking meter is parking; a fine paid to a transit agency is the government's", () => {
      expect(one("CITY OF PASADENA PKG METER PASADENA CA", "-2.00").categories.general).toBe(
        "TRANSPORTATION",
      );
      expect(one("CITY OF PASADENA PARKING CITATION", "-58.00").categories.general).toBe(
        "GOVERNMENT_AND_NON_PROFIT",
      );
      expect(one("SFMTA CITATIONS 415-701-3099 CA", "-96.00").categories.general).toBe(
        "GOVERNMENT_AND_NON_PROFIT",
      );
      expect(one("SFMTA MUNIMOBILE SAN FRANCISCO CA", "-3.00").categories.general).toBe("TRANSPORTATION");
    });
  });

  describe("What holdout-21 showed the engine misreading", () => {
    it("pay-later at checkout: the merchant after Sezzle's or Afterpay's prefix, the lender alone or named again is its instalment", () => {
      for (const [description, name, lender] of [
        ["SEZZLE *GYMSHARK MINNEAPOLIS MN", "Gymshark", "Sezzle"],
        ["AFTERPAY *ADIDAS 855-289-6014 CA", "Adidas", "Afterpay"],
      ]) {
        const bought = one(description!, "-29.99");
        expect(bought.counterparty?.name, description).toBe(name);
        expect(
          bought.intermediaries.map((i) => i.name),
          description,
        ).toEqual([lender]);
        expect(bought.categories.general, description).not.toBe("LOAN_PAYMENTS");
      }
      for (const [description, lender] of [
        ["SEZZLE *SEZZLE MINNEAPOLIS MN", "Sezzle"],
        ["KLARNA*KLARNA 844-552-7621 OH", "Klarna"],
        ["AFTERPAY *PAYMENT", "Afterpay"],
      ]) {
        const paid = one(description!, "-25.00");
        expect(paid.counterparty?.name, description).toBe(lender);
        expect(paid.intermediaries, description).toEqual([]);
        expect(paid.categories.general, description).toBe("LOAN_PAYMENTS");
      }
      const later = one("APPLE PAY LATER 866-712-7753 CA", "-23.50");
      expect(later.counterparty?.name).toBe("Apple");
      expect(later.intermediaries).toEqual([]);
      expect(later.categories.general).toBe("LOAN_PAYMENTS");
    });

    it("a delivery app's merchant run together and cut at the statement's width is the one merchant it starts", () => {
      expect(one("DD *DOORDASH PANDAEXPRE 855-973-1040 CA").counterparty?.name).toBe("Panda Express");
      expect(one("DD *DOORDASH KENTUCKYFRI 855-973-1040 CA").counterparty?.name).toBe("KFC");
      // Too short to say whose it is: left as written.
      expect(one("DD *DOORDASH PANDAEX 855-973-1040 CA").counterparty?.name).toBe("Pandaex");
      const store = one("SP * GLOWSKINCARE 8448440500 CA", "-42.00");
      expect(store.counterparty?.name).toBe("Glow Skincare");
      expect(store.categories.general).toBe("PERSONAL_CARE");
    });

    it("a word after a Spanish, French or Italian article is whole, not a trade's word cut short", () => {
      expect(one("TST*LA TAQUERIA DEL SOL - AUS Austin TX").counterparty?.name).toBe("La Taqueria Del Sol");
      expect(one("TST* MARISCOS EL REY DEL MAR").counterparty?.name).toBe("Mariscos El Rey Del Mar");
    });

    it("fintech banks' own lines: round-ups, instant transfers, network fees, tips and advance fees", () => {
      for (const [description, amount, general] of [
        ["Current Round-Ups to Savings Pod", "-0.41", "TRANSFER_OUT"],
        ["Chime Round Up Transfer", "-0.62", "TRANSFER_OUT"],
        ["Instant Transfer from Debit Card ending in 8812", "150.00", "TRANSFER_IN"],
        ["Out-of-Network ATM Withdrawal Fee", "-2.50", "BANK_FEES"],
      ]) {
        const line = one(description!, amount);
        expect(line.counterparty, description).toBeNull();
        expect(line.categories.general, description).toBe(general);
      }
      const tip = one("SpotMe Tip", "-2.00");
      expect(tip.counterparty?.name).toBe("Chime");
      expect(tip.categories.general).toBe("BANK_FEES");
      expect(one("Varo Advance Fee", "-5.00").categories.general).toBe("BANK_FEES");
    });

    it("Chime's Pay Anyone names the person paid; Lime's rides are Lime's", () => {
      const sent = one("Pay Anyone transfer to Keisha Brown", "-40.00");
      expect(sent.person).toBe("Keisha Brown");
      expect(sent.intermediaries).toEqual([]);
      const rides = one("LIME*3 RIDES 888-546-3345 CA", "-11.20");
      expect(rides.counterparty?.name).toBe("Lime");
      expect(rides.categories.general).toBe("TRANSPORTATION");
    });
  });

  describe("What holdout-20 showed the engine misreading", () => {
    it("credit unions' lead-ins and terminal fields are no part of the payee, and no cash was withdrawn", () => {
      for (const [description, name] of [
        ["ACH WD PRAIRIE VIEW HOME CARE", "Prairie View Home Care"],
        ["POS WD OAKWOOD HARDWARE TERM 004417 DATE 03/10", "Oakwood Hardware"],
        ["DBT CRD 2231 04/02/26 RIVERSIDE PHARMACY DUBUQUE IA", "Riverside Pharmacy"],
        ["Withdrawal POS #551203 CEDAR LAKE CAMPGROUN", "Cedar Lake Campground"],
      ]) {
        expect(one(description!).counterparty?.name, description).toBe(name);
      }
      const care = one("Point of Sale Withdrawal MAPLE GROVE FAMILY DENTI AMES IA", "-180.00");
      expect(care.counterparty?.name).toBe("Maple Grove Family Dentistry");
      expect(care.categories.general).toBe("MEDICAL");
      expect(one("Withdrawal ACH GOLDEN YEARS ADULT DAY").categories.general).toBe("MEDICAL");
    });

    it("a credit union's own transfers: to a loan is its payment, to a share is the member's own, to another member names them", () => {
      const loan = one("Withdrawal Transfer To Loan 120", "-310.00");
      expect(loan.counterparty).toBeNull();
      expect(loan.categories.general).toBe("LOAN_PAYMENTS");
      const share = one("Withdrawal Transfer To Share 09", "-50.00");
      expect(share.counterparty).toBeNull();
      expect(share.categories.general).toBe("TRANSFER_OUT");
      const member = one("Withdrawal Transfer To 5520931 S0001 HAROLD JENSEN", "-75.00");
      expect(member.person).toBe("Harold Jensen");
      expect(member.counterparty?.name).toBe("Harold Jensen");
    });

    it("the bank's own: a safe deposit box, a courtesy pay fee", () => {
      for (const description of ["SAFE DEPOSIT BOX RENT BOX 0231", "COURTESY PAY FEE"]) {
        const fee = one(description, "-35.00");
        expect(fee.counterparty, description).toBeNull();
        expect(fee.categories.general, description).toBe("BANK_FEES");
      }
    });

    it("a store's pharmacy sells medicine; seniors' care, travel, funerals and bingo by their words", () => {
      expect(one("WAL-MART PHARMACY 10-2231 TUPELO MS", "-12.40").categories.general).toBe("MEDICAL");
      const general = (description: string) => one(description).categories.general;
      expect(general("LAKESIDE HEARING CENTER")).toBe("MEDICAL");
      expect(general("SHADY OAKS RV PARK")).toBe("TRAVEL");
      expect(general("HERITAGE TOURS")).toBe("TRAVEL");
      expect(general("WILSON FUNERAL HOME")).toBe("GENERAL_SERVICES");
      expect(general("AMERICAN LEGION POST 12 BINGO")).toBe("ENTERTAINMENT");
      expect(general("ACH WD PINE RIDGE HOMEOWNERS ASSN")).toBe("RENT_AND_UTILITIES");
    });

    it("an ACH line's purpose after the payee and the word cut before it: OFFERTORY, TYPE:, TELEPHONE CO, DRUG ST", () => {
      expect(one("ACH WD ST PAULS LUTHERAN CH OFFERTORY").counterparty?.name).toBe(
        "St Pauls Lutheran Church",
      );
      expect(one("Withdrawal ACH POLK CO TAX TYPE: PROP TAX").counterparty?.name).toBe("Polk County Tax");
      expect(one("ACH WD SW KANSAS TELEPHONE CO").counterparty?.name).toBe("Sw Kansas Telephone Co");
      expect(one("SQ *ELM STREET DRUG ST Asheville NC").counterparty?.name).toBe("Elm Street Drug Store");
    });
  });

  describe("What holdout-19 showed the engine misreading", () => {
    it("REF and CONF mark a reference only before a mark, a space or its number (REFRIGERATION is a word)", () => {
      expect(one("IN *POLAR REFRIGERATION").counterparty?.name).toBe("Polar Refrigeration");
      expect(one("SWEET CONFECTIONS BOISE ID").counterparty?.name).toBe("Sweet Confections");
      expect(one("ACME PLUMBING REF# 88120 DENVER CO").counterparty?.name).toBe("Acme Plumbing");
    });

    it("Wells Fargo's ACH lines: the receiver after the day and its id is the holder, not the payee", () => {
      const paid = one("RIVERSTONE SUPPLY PAYMENT 240315 7731902 GREENLINE LAWN CARE", "-410.00");
      expect(paid.counterparty?.name).toBe("Riverstone Supply");
      const b2b = one(
        "BUSINESS TO BUSINESS ACH DEBIT - CASCADE FREIGHT CO PAYMENT 240315 88 ACME LAWN",
        "-90.00",
      );
      expect(b2b.counterparty?.name).toBe("Cascade Freight Co");
    });

    it("a trade's word cut short is read by the word before it", () => {
      expect(one("OZARK TRUCK & DIESEL RE SPRINGFIELD MO", "-880.00").counterparty?.name).toBe(
        "Ozark Truck & Diesel Repair",
      );
      const stop = one("BIG SKY TRUCK STP BILLINGS MT", "-310.00");
      expect(stop.counterparty?.name).toBe("Big Sky Truck Stop");
      expect(stop.categories.general).toBe("TRANSPORTATION");
      const mower = one("RIVER BEND OUTDOOR POW OMAHA NE", "-129.00");
      expect(mower.counterparty?.name).toBe("River Bend Outdoor Power");
      expect(mower.categories.general).toBe("HOME_IMPROVEMENT");
      expect(one("BLUE RIDGE WHOLESALE NURS ASHEVILLE NC").counterparty?.name).toBe(
        "Blue Ridge Wholesale Nursery",
      );
      expect(one("SQ *MESA JANITORIA Phoenix AZ").categories.general).toBe("GENERAL_SERVICES");
    });

    it("a small business's trade by its words: supply yards, dumpsters, coworking, boards and health districts", () => {
      const general = (description: string) => one(description).categories.general;
      expect(general("TRI-COUNTY BUILDING SUPPL MACON GA")).toBe("HOME_IMPROVEMENT");
      expect(general("METRO ELECTRICAL SUPPLY TULSA OK")).toBe("HOME_IMPROVEMENT");
      expect(general("A1 DUMPSTER RENTAL FRESNO CA")).toBe("RENT_AND_UTILITIES");
      expect(general("SQ *FOUNDRY COWORKING Boise ID")).toBe("RENT_AND_UTILITIES");
      expect(general("NURSING BOARD OF OHIO COLUMBUS OH")).toBe("GOVERNMENT_AND_NON_PROFIT");
      expect(general("CHECKCARD 0412 TULSA HEALTH DEPT TULSA OK")).toBe("GOVERNMENT_AND_NON_PROFIT");
      expect(general("OR.GOV-LICENSING SALEM OR")).toBe("GOVERNMENT_AND_NON_PROFIT");
      expect(general("SQ *SUNNY SLOPE FARM Hood River OR")).toBe("FOOD_AND_DRINK");
      expect(general("STATE FARM INSURANCE")).toBe("GENERAL_SERVICES");
      expect(general("SQ *DESERT CAMERA REPAIR Tucson AZ")).toBe("GENERAL_SERVICES");
      const law = one("PAYPAL *MAPLETONLAW");
      expect(law.counterparty?.name).toBe("Mapleton Law");
      expect(law.categories.general).toBe("GENERAL_SERVICES");
    });

    it("a payroll platform's debit: the pay it funds, the payroll's taxes, or its fee", () => {
      const general = (description: string) => one(description, "-5120.00").categories.general;
      expect(general("GUSTO DES:NET 041224 ID:8K2M1 INDN:SUNRISE BAKERY LLC CO ID:9138178001 CCD")).toBe(
        "TRANSFER_OUT",
      );
      expect(general("GUSTO DES:TAX 041224 ID:8K2M1 INDN:SUNRISE BAKERY LLC CO ID:9138178001 CCD")).toBe(
        "GOVERNMENT_AND_NON_PROFIT",
      );
      expect(general("GUSTO DES:FEE 041224 ID:8K2M1 INDN:SUNRISE BAKERY LLC CO ID:9138178001 CCD")).toBe(
        "GENERAL_SERVICES",
      );
    });

    it("money paid to a benefits agency is not income; a store paid by ACH is paid for its card", () => {
      const edd = one("EDD DES:EDD EFTPMT ID:55012 INDN:SUNRISE BAKERY LLC CO ID:1946001284 CCD", "-812.00");
      expect(edd.categories.general).toBe("GOVERNMENT_AND_NON_PROFIT");
      const card = one(
        "HOME DEPOT CRC DES:PAYMENT ID:60353 INDN:ACME ROOFING LLC CO ID:2510399999 WEB",
        "-640.00",
      );
      expect(card.categories.general).toBe("LOAN_PAYMENTS");
    });

    it("an insurer's claim, a broker's load and a factor's advance paid by ACH are income", () => {
      const general = (description: string) => one(description, "1450.00").categories.general;
      expect(general("AETNA DES:HCCLAIMPMT ID:99120 INDN:LAKESIDE DENTAL PC CO ID:1066033492 CCD")).toBe(
        "INCOME",
      );
      expect(general("COYOTE LOGISTIC DES:CARRIERPAY ID:4471 INDN:J LEE TRUCKING CO ID:1311497720 CCD")).toBe(
        "INCOME",
      );
      expect(general("APEX CAPITAL DES:FACTORING ID:77 INDN:J LEE TRUCKING CO ID:1481205331 CCD")).toBe(
        "INCOME",
      );
    });

    it("a wire by order of a business names the business, not the bank it came through", () => {
      const wire = one(
        "FEDWIRE CREDIT VIA: BANK OF AMERICA NA/026009593 B/O: SUMMIT PARTNERS LLC BOSTON MA 02110 REF: CHASE NYC/CTR/BNF=ACME CO IMAD: 0412MMQFMP2N001122 TRN: 1121008074FF",
        "12000.00",
      );
      expect(wire.counterparty?.name).toBe("Summit Partners");
      expect(wire.person).toBeNull();
    });

    it("money put into a certificate of deposit is saved, and names no one", () => {
      const saved = one("CD DEPOSIT .INITIAL.", "-1000.00");
      expect(saved.counterparty).toBeNull();
      expect(saved.categories.general).toBe("TRANSFER_OUT");
      expect(saved.categories.detailed).toBe("TRANSFER_OUT_SAVINGS");
    });

    it("a business paid by Zelle is no person: a kitchen, a commissary, a supplier", () => {
      const paid = one("Zelle payment to BAYOU COMMISSARY KITCHEN Conf# K2M8Q1", "-600.00");
      expect(paid.person).toBeNull();
      expect(paid.counterparty?.name).toBe("Bayou Commissary Kitchen");
    });
  });

  describe("What holdout-18 showed the engine misreading", () => {
    it("a transfer from the holder's account ending in …, with ACH before it, names no one", () => {
      const moved = one("ACH DEPOSIT INTERNET TRANSFER FROM ACCOUNT ENDING IN 4417", "450.00");
      expect(moved.counterparty).toBeNull();
      expect(moved.categories.general).toBe("TRANSFER_IN");
    });

    it("'Deposit from' names the payer: the deposit is its, not the bank's own entry", () => {
      const benefit = one("Deposit from SSA TREAS 310 XXSOC SEC", "1842.00");
      expect(benefit.counterparty?.name).toBe("Social Security Administration");
      expect(benefit.categories.general).toBe("INCOME");
      expect(one("MOBILE DEPOSIT", "100.00").counterparty).toBeNull();
    });

    it("a business paid by P2P is matched as a name is: a one-word brand inside it is its own word", () => {
      const care = one("Zelle payment to Little Acorns Daycare JPM99f1a2b3c", "-240.00");
      expect(care.counterparty?.name).toBe("Little Acorns Daycare");
      expect(care.categories.general).toBe("GENERAL_SERVICES");
    });

    it("boxing and martial arts are fitness", () => {
      expect(one("SQ *IRONSIDE BOXING CLUB Newark NJ", "-89.00").categories.general).toBe("PERSONAL_CARE");
    });
  });

  describe("What holdout-17 showed the engine misreading", () => {
    it("a business paying what it owes the account holder (payables, an invoice, a grain settlement) is income", () => {
      for (const line of [
        "PRAIRIE VALLEY COOP DES:GRAIN SETL ID:S0093318 INDN:LARSON ERIK CO ID:1410251403 CCD",
        "MIDSTATE MILLING DES:PAYABLES ID:0004418821 INDN:SCHMIDT WAYNE CO ID:1370661520 CCD",
        "ORIG CO NAME:HARVEST LOGISTICS ORIG ID:1470243980 DESC DATE:250318 CO ENTRY DESCR:AP PAYMENT SEC:CCD TRACE#:104000016612007 EED:250318 IND ID:V28831 IND NAME:HOFFMAN DALE TRN: 0776612007TC",
      ])
        expect(one(line, "6210.84").categories.general, line).toBe("INCOME");
      // A company's refund stays no income.
      expect(one("MIDSTATE MILLING DES:REFUND ID:1 CO ID:2 CCD", "40.00").categories.general).not.toBe(
        "INCOME",
      );
    });

    it("a commissary sells groceries; a donation's or a membership's word is no part of the name", () => {
      expect(one("DECA FT HOOD COMMISSARY KILLEEN TX", "-158.37").categories.general).toBe("FOOD_AND_DRINK");
      const gift = one("HOPE RIVER ALLIANCE DONATION 888-484-3876 VA", "-25.00");
      expect(gift.counterparty?.name).toBe("Hope River Alliance");
      expect(gift.categories.general).toBe("GOVERNMENT_AND_NON_PROFIT");
      expect(one("PRAIRIE QUILTERS GUILD MEMBERSHIP OMAHA NE", "-25.00").counterparty?.name).toBe(
        "Prairie Quilters Guild",
      );
    });

    it("the Treasury pays for other agencies: the agency its entry names is the payer", () => {
      const benefit = one(
        "US TREASURY 220 DES:VA BENEF ID:XXXXX4471 INDN:DOUGLAS RAYMOND CO ID:9101036151 PPD",
        "1663.06",
      );
      expect(benefit.counterparty?.name).toBe("US Department of Veterans Affairs");
      expect(benefit.categories.general).toBe("INCOME");
      // Its own payments stay the Treasury's.
      expect(one("US TREASURY 220 DES:FED SALARY ID:1 PPD", "900.00").counterparty?.name).toBe("US Treasury");
    });

    it("an ATM surcharge refunded is the bank's fee given back", () => {
      expect(one("USAA ATM SURCHARGE REFUND", "3.00").categories.general).toBe("BANK_FEES");
    });

    it("a bank whose card and union share a site is named by its name, not its first word (Navy Federal)", () => {
      expect(
        one(
          "NAVY FEDERAL CREDIT UNION DES:AUTO LOAN ID:000004471932 INDN:KOWALSKI DANIEL CO ID:9000106208 WEB",
          "-412.66",
        ).counterparty?.name,
      ).toBe("Navy Federal");
    });
  });

  describe("What holdout-15 showed the engine misreading", () => {
    it("a state's name after OF is the payee's, and the city follows it", () => {
      const council = one("ARTS COUNCIL OF IOWA DENVER CO", "-40.00");
      expect(council.counterparty?.name).toBe("Arts Council of Iowa");
      expect(council.locationStructured?.city).toBe("Denver");
      // A city's own name after OF stays the payee's.
      expect(one("CITY OF SAN JOSE CA", "-50.00").counterparty?.name).toBe("City of San Jose");
    });

    it("a name cut three letters into its last word still matches, after two words that did", () => {
      const noodles = one("DOORDASH*NOODLES & COM SEATTLE WA", "-16.84");
      expect(noodles.counterparty?.name).toBe("Noodles & Company");
      expect(noodles.intermediaries.map((p) => p.name)).toEqual(["DoorDash"]);
    });

    it("a utility's cut word is still a utility, and its name is spelled out", () => {
      const city = one("FORT MORGAN UTILITI 970-555-0134 CO", "-187.52");
      expect(city.counterparty?.name).toBe("Fort Morgan Utilities");
      expect(city.categories.general).toBe("RENT_AND_UTILITIES");
    });

    it("a school's dining hall, garage and store sell meals, parking and books; its name is the school's", () => {
      const dining = one("GREENFIELD COLLEGE DINING SPRINGFIELD IL", "-9.75");
      expect(dining.counterparty?.name).toBe("Greenfield College");
      expect(dining.categories.general).toBe("FOOD_AND_DRINK");
      const parking = one("OHIO STATE UNIV PARKING COLUMBUS OH", "-12.00");
      expect(parking.counterparty?.name).toBe("Ohio State University");
      expect(parking.categories.general).toBe("TRANSPORTATION");
      expect(one("OHIO STATE UNIV TUITION COLUMBUS OH", "-4200.00").categories.general).toBe(
        "GENERAL_SERVICES",
      );
    });

    it("a state's courts are a government's, named with the state spelled out", () => {
      const court = one("WI COURTS PMT MADISON WI", "-140.00");
      expect(court.counterparty?.name).toBe("Wisconsin Courts");
      expect(court.categories.general).toBe("GOVERNMENT_AND_NON_PROFIT");
    });

    it("a patient's payment is medical, and the provider is named without it", () => {
      const visit = one("VALLEYCREST HEALTH PATIENT PMT SALEM OR", "-125.60");
      expect(visit.counterparty?.name).toBe("Valleycrest Health");
      expect(visit.categories.general).toBe("MEDICAL");
    });

    it("a match that starts in the line's city and state is passed over (ELLICOTT CITY MD is no CityMD)", () => {
      const market = one("POS DEBIT HANAREUM MARKET ELLICOTT CITY MD 03/02", "-66.05");
      expect(market.counterparty?.name).toBe("Hanareum Market");
      expect(market.categories.general).toBe("FOOD_AND_DRINK");
    });

    it("a brand's one word inside a name of another trade is the name's (LITTLE SPROUTS PEDIATRI is no Sprouts)", () => {
      const doctor = one("LITTLE SPROUTS PEDIATRI CUMMING GA", "-40.00");
      expect(doctor.counterparty?.name).toBe("Little Sprouts Pediatrics");
      expect(doctor.categories.general).toBe("MEDICAL");
      // The brand's own trade after it, or the brand first, is still the brand.
      expect(one("VISA DDA PUR 441234 WAWA 8123 PHILADELPHIA * PA", "-9.10").counterparty?.name).toBe("Wawa");
      expect(one("DIRECT WITHDRAWAL LOANCARE LLC MTG PYMT", "-1450.00").counterparty?.name).toBe("LoanCare");
    });

    it("an electrician's business is home repair, not the electric company", () => {
      expect(one("HARBOR ELECTRIC LLC PORTLAND ME", "-350.00").categories.general).toBe("HOME_IMPROVEMENT");
      expect(one("SMITH ELECTRICAL CONTRACTORS", "-900.00").categories.general).toBe("HOME_IMPROVEMENT");
      expect(one("PINE VALLEY ELECTRIC COOP", "-120.00").categories.general).toBe("RENT_AND_UTILITIES");
    });

    it("money sent abroad goes through its service: the counterparty and the intermediary", () => {
      const sent = one("REMITLY* 7QX2M1 SEATTLE WA", "-300.00");
      expect(sent.counterparty?.name).toBe("Remitly");
      expect(sent.intermediaries.map((p) => p.name)).toEqual(["Remitly"]);
      expect(sent.categories.general).toBe("TRANSFER_OUT");
    });

    it("a title-case line's city is read up to its state, whatever follows it", () => {
      const lunch = one("Card Purchase 03/04 Sq *Cafe Lucia East Boston MA Card 4821", "-23.75");
      expect(lunch.counterparty?.name).toBe("Cafe Lucia");
      expect(lunch.locationStructured?.city).toBe("East Boston");
    });

    it("a P2P name stops at a card's sequence number (S and digits)", () => {
      const paid = one(
        "PURCHASE AUTHORIZED ON 03/06 CASH APP*MAI TRAN OAKLAND CA S305065512347788 CARD 2290",
        "-40.00",
      );
      expect(paid.person).toBe("Mai Tran");
    });

    it("places of worship are given to; a company's legal form, a cut SUBSCRIPT and ASSN are no part of a name", () => {
      expect(one("SQ *MASJID AN-NOOR Quincy MA", "-50.00").categories.general).toBe(
        "GOVERNMENT_AND_NON_PROFIT",
      );
      expect(one("ZYLOWARE INC SAN MATEO CA", "-9.00").counterparty?.name).toBe("Zyloware");
      expect(one("HILLTOP GAZETTE SUBSCRIPT DENVER CO", "-19.99").counterparty?.name).toBe("Hilltop Gazette");
      expect(
        one(
          "MAPLE COURT CONDO ASSN DES:HOA DUES ID:00412 INDN:MEGAN O'CONNELL CO ID:9876543210 WEB",
          "-385.00",
        ).counterparty?.name,
      ).toBe("Maple Court Condominium Association");
      const repair = one("SQ *RIVERBEND APPLIANCE REPA Tacoma WA", "-185.00");
      expect(repair.counterparty?.name).toBe("Riverbend Appliance Repair");
      expect(repair.categories.general).toBe("HOME_IMPROVEMENT");
    });

    it("Alaska's Permanent Fund Dividend is income from the state", () => {
      const pfd = one("AK PFD DES:DIR DEP ID:0000123 INDN:JANE DOE CO ID:1920000001 PPD", "1312.00");
      expect(pfd.counterparty?.name).toBe("Alaska Permanent Fund Dividend");
      expect(pfd.categories.general).toBe("INCOME");
    });
  });
});

describe("recurrence", () => {
  const series = (description: string, amounts: string[], dates: string[]) =>
    dates.map((date, i) =>
      txn({ id: `${description}-${i}`, description, amount: amounts[i % amounts.length]!, date }),
    );
  const judged = (batch: Txn[]) => enrichBatch(batch, [], { logoBase: "https://x/logos" });

  it.each([
    ["weekly", ["2026-09-04", "2026-09-11", "2026-09-18", "2026-09-26", "2026-10-02"]],
    ["biweekly", ["2026-08-07", "2026-08-21", "2026-09-04", "2026-09-18", "2026-10-02"]],
    ["semi-monthly", ["2026-08-01", "2026-08-15", "2026-08-31", "2026-09-15", "2026-09-30", "2026-10-15"]],
    ["monthly", ["2026-06-03", "2026-07-03", "2026-08-05", "2026-09-03", "2026-10-02"]],
    ["quarterly", ["2025-10-15", "2026-01-15", "2026-04-15", "2026-07-15"]],
    ["annually", ["2024-11-20", "2025-11-19", "2026-11-20"]],
  ])("%s, with dates drifting a few days", (periodicity, dates) => {
    const results = judged(series("CITY OF SPRINGFIELD WATER UTIL", ["-61.20", "-58.75", "-64.10"], dates));
    for (const r of results) {
      expect(r.recurrence).toBe("recurring");
      expect(r.recurrenceGroup).toMatchObject({
        periodicity,
        firstPaymentDate: dates[0],
        latestPaymentDate: dates.at(-1),
      });
    }
  });

  it("a recurring charge for a consumer service is a subscription, with its group's amounts", () => {
    const results = judged(
      series("NETFLIX.COM", ["-15.49"], ["2026-07-12", "2026-08-12", "2026-09-12", "2026-10-12"]),
    );
    expect(results[0]).toMatchObject({
      recurrence: "subscription",
      recurrenceGroup: {
        periodicity: "monthly",
        periodicityInDays: 30,
        averageAmount: -15.49,
        totalAmount: -61.96,
      },
    });
  });

  it("irregular visits and varying amounts are one off", () => {
    const results = judged(
      series(
        "TST* LUCKY DUMPLING KITCH San Francisco CA",
        ["-23.10", "-67.45", "-12.00"],
        ["2026-08-01", "2026-08-10", "2026-09-19"],
      ),
    );
    expect(results.every((r) => r.recurrence === "one off" && r.recurrenceGroup === null)).toBe(true);
  });

  it("one counterparty paid from several accounts: each account's payments are its own series, and a new one continues the series it is due in", () => {
    // Three accounts pay Netflix monthly, on the 6th, the 8th and the 27th: together their
    // payments are days apart, and were judged no series at all.
    const months = ["2026-06", "2026-07", "2026-08", "2026-09", "2026-10", "2026-11"];
    const history = ["06", "08", "27"].flatMap((day, a) =>
      months.map((month) => ({
        accountId: `acct_${a}`,
        description: "NETFLIX.COM",
        amount: "-17.99",
        date: `${month}-${day}`,
      })),
    );
    const options = { logoBase: "https://x/logos" };
    // Its account as the aggregator names it, not as the history does.
    const [fresh] = enrichBatch(
      [
        txn({
          id: "new",
          accountId: "plaid-account-9",
          description: "NETFLIX.COM",
          amount: "-17.99",
          date: "2026-12-08",
        }),
      ],
      history,
      options,
    );
    expect(fresh).toMatchObject({
      recurrence: "subscription",
      recurrenceGroup: {
        periodicity: "monthly",
        latestPaymentDate: "2026-12-08",
        firstPaymentDate: "2026-06-08",
      },
    });
    // Each account's own payments, answered: a series each, with a group of its own.
    const answered = enrichBatch(
      history.map((h, i) => txn({ ...h, id: `h${i}` })),
      [],
      options,
    );
    expect(answered.every((r) => r.recurrence === "subscription")).toBe(true);
    expect(new Set(answered.map((r) => r.recurrenceGroup?.id)).size).toBe(3);
    // A payment that continues none of them (amount and day alike off) is still a one off.
    const [other] = enrichBatch(
      [
        txn({
          id: "odd",
          accountId: "plaid-account-9",
          description: "NETFLIX.COM",
          amount: "-99.00",
          date: "2026-12-20",
        }),
      ],
      history,
      options,
    );
    expect(other!.recurrence).toBe("one off");
  });

  it("is judged with the profile's earlier transactions: one new charge of a known subscription is a subscription", async () => {
    const { profileId: synced } = await linkAndSync(platform, env);
    // The sandbox persona pays some of these every month; take one the catalogue knows as a subscription.
    const rows = await platform.ctx.db
      .select({ description: transactions.description, amount: transactions.amount })
      .from(transactions)
      .innerJoin(accounts, eq(accounts.id, transactions.accountId))
      .where(
        and(
          eq(accounts.profileId, synced),
          inArray(
            transactions.description,
            SUBSCRIPTIONS.map((s) => s.descriptor),
          ),
        ),
      );
    const cat = catalogue();
    const paid = rows.find((r) => cat.match(tokensOf(r.description))?.subscription);
    expect(paid).toBeDefined();
    const res = await enrich({
      profileId: synced,
      accountType: "CREDIT_CARD",
      provider: "GENERIC",
      payload: {
        data: [
          txn({
            id: "new",
            description: paid!.description,
            amount: paid!.amount,
            date: new Date().toISOString().slice(0, 10),
          }),
        ],
      },
    });
    expect(res.json().transactions[0]).toMatchObject({
      recurrence: "subscription",
      recurrenceGroup: { periodicity: "monthly" },
    });
    // Without that history the same charge is a one off.
    const alone = await generic([txn({ id: "new", description: paid!.description, amount: paid!.amount })]);
    expect(alone.json().transactions[0].recurrence).toBe("one off");
  });

  it(`a request's batch gives the event loop a turn every ${ENRICH_CHUNK} transactions, and answers as enrichBatch does`, async () => {
    // 25,000 long descriptions were seconds of one turn: every other request waited for them.
    const batch = Array.from({ length: 1_000 }, (_, i) =>
      txn({ id: `t${i}`, description: `STARBUCKS STORE ${i} ${"X".repeat(400)}` }),
    );
    const history = batch.slice(0, 300).map(({ accountId, description, amount, date }) => ({
      accountId,
      description,
      amount,
      date,
    }));
    const options = { logoBase: "https://x/logos", now: new Date("2026-11-26T12:00:00Z") };
    const { turns, answer } = await turnsDuring(() => enrichBatchCooperatively(batch, history, options));
    expect(turns).toBeGreaterThanOrEqual(Math.floor(1_300 / ENRICH_CHUNK) - 1);
    expect(answer).toEqual(enrichBatch(batch, history, options));
  });

  it(`a sync's transactions and the stale ones the worker redoes are enriched with a turn every ${ENRICH_CHUNK} too`, async () => {
    const items = Array.from({ length: 1_000 }, (_, i) => ({
      key: `k${i}`,
      accountType: "CHECKING",
      description: `STARBUCKS STORE ${i} ${"X".repeat(400)}`,
      amount: "-4.50",
      currencyCode: "USD",
      date: "2026-11-20",
    }));
    const { turns, answer } = await turnsDuring(() => enrichForStorage(items, "https://weft.test"));
    expect(turns).toBeGreaterThanOrEqual(Math.floor(1_000 / ENRICH_CHUNK) - 1);
    expect(answer.size).toBe(1_000);
    expect(answer.get("k7")?.merchant).toBe("Starbucks");
  });

  it("a transaction the engine cannot read carries internal_error instead of failing the batch", () => {
    const [bad, good] = enrichBatch([txn({ id: "bad", amount: "NaN" }), txn({ id: "good" })], [], {
      logoBase: "https://x",
    });
    expect(bad!.error).toEqual({
      code: "internal_error",
      message: expect.stringContaining("could not be enriched"),
    });
    expect(good!.error).toBeNull();
  });
});

describe("accuracy on the evaluation sets (eval/, npm run enrichment:eval)", () => {
  // Floors at the figures of the last change: one that reads fewer descriptions right fails
  // here; one that reads more raises them. `people`: persons named right.
  type Floors = Record<"counterparty" | "website" | "category" | "intermediaries" | "people", number>;
  const FLOORS: Record<string, Floors> = {
    // Lowered by names most sets settle otherwise: "Florida Power & Light" and "Cox" here,
    // "Fry's Food Stores" in holdout-28; "Cox" in holdout.json and holdout-42, "Dutch Bros Coffee"
    // in holdout-2, -4, -34, -43 and -46 (most sets say "Cox Communications" and "Dutch Bros").
    "descriptions.json": {
      counterparty: 96.0,
      website: 99.2,
      category: 99.8,
      intermediaries: 100.0,
      people: 17,
    },
    "holdout.json": { counterparty: 93.3, website: 99.3, category: 99.3, intermediaries: 100.0, people: 5 },
    "holdout-2.json": {
      counterparty: 97.3,
      website: 99.3,
      category: 100.0,
      intermediaries: 100.0,
      people: 11,
    },
    "holdout-3.json": {
      counterparty: 99.3,
      website: 100.0,
      category: 100.0,
      intermediaries: 100.0,
      people: 6,
    },
    "holdout-4.json": {
      counterparty: 98.7,
      website: 100.0,
      category: 100.0,
      intermediaries: 100.0,
      people: 6,
    },
    "holdout-5.json": {
      counterparty: 98.0,
      website: 100.0,
      category: 100.0,
      intermediaries: 100.0,
      people: 6,
    },
    "holdout-6.json": { counterparty: 99.3, website: 98.7, category: 98.7, intermediaries: 100.0, people: 9 },
    "holdout-7.json": { counterparty: 97.3, website: 99.3, category: 98.7, intermediaries: 100.0, people: 9 },
    "holdout-8.json": { counterparty: 98.7, website: 100.0, category: 99.3, intermediaries: 99.3, people: 4 },
    "holdout-9.json": {
      counterparty: 98.7,
      website: 100.0,
      category: 100.0,
      intermediaries: 100.0,
      people: 4,
    },
    "holdout-10.json": {
      counterparty: 98.0,
      website: 98.7,
      category: 100.0,
      intermediaries: 100.0,
      people: 6,
    },
    "holdout-11.json": { counterparty: 94.7, website: 96.7, category: 97.3, intermediaries: 99.3, people: 1 },
    "holdout-12.json": {
      counterparty: 92.7,
      website: 94.0,
      category: 98.7,
      intermediaries: 100.0,
      people: 5,
    },
    "holdout-13.json": {
      counterparty: 96.0,
      website: 98.7,
      category: 98.7,
      intermediaries: 100.0,
      people: 3,
    },
    "holdout-14.json": { counterparty: 98.0, website: 99.3, category: 98.7, intermediaries: 98.7, people: 4 },
    "holdout-15.json": {
      counterparty: 96.0,
      website: 99.3,
      category: 99.3,
      intermediaries: 100.0,
      people: 4,
    },
    "holdout-16.json": { counterparty: 96.7, website: 98.7, category: 98.7, intermediaries: 99.3, people: 7 },
    "holdout-17.json": { counterparty: 92.7, website: 97.3, category: 98.0, intermediaries: 98.7, people: 3 },
    "holdout-18.json": {
      counterparty: 95.3,
      website: 99.3,
      category: 98.7,
      intermediaries: 100.0,
      people: 5,
    },
    "holdout-19.json": { counterparty: 90.7, website: 96.7, category: 92.0, intermediaries: 98.0, people: 5 },
    "holdout-20.json": {
      counterparty: 88.0,
      website: 91.3,
      category: 92.0,
      intermediaries: 100.0,
      people: 7,
    },
    "holdout-21.json": { counterparty: 96.7, website: 99.3, category: 99.3, intermediaries: 98.7, people: 7 },
    "holdout-22.json": {
      counterparty: 88.7,
      website: 94.7,
      category: 99.3,
      intermediaries: 100.0,
      people: 5,
    },
    "holdout-23.json": {
      counterparty: 91.3,
      website: 91.3,
      category: 96.0,
      intermediaries: 100.0,
      people: 2,
    },
    "holdout-24.json": {
      counterparty: 92.7,
      website: 99.3,
      category: 99.3,
      intermediaries: 100.0,
      people: 5,
    },
    "holdout-25.json": {
      counterparty: 98.0,
      website: 100.0,
      category: 100.0,
      intermediaries: 100.0,
      people: 7,
    },
    "holdout-26.json": {
      counterparty: 93.3,
      website: 99.3,
      category: 98.7,
      intermediaries: 100.0,
      people: 6,
    },
    "holdout-27.json": {
      counterparty: 92.0,
      website: 97.3,
      category: 99.3,
      intermediaries: 100.0,
      people: 4,
    },
    "holdout-28.json": {
      counterparty: 94.0,
      website: 96.0,
      category: 100.0,
      intermediaries: 100.0,
      people: 3,
    },
    "holdout-29.json": {
      counterparty: 92.0,
      website: 97.3,
      category: 96.7,
      intermediaries: 100.0,
      people: 8,
    },
    "holdout-30.json": {
      counterparty: 93.3,
      website: 98.0,
      category: 99.3,
      intermediaries: 99.3,
      people: 14,
    },
    "holdout-31.json": { counterparty: 98.7, website: 99.3, category: 97.3, intermediaries: 99.3, people: 7 },
    "holdout-32.json": { counterparty: 95.3, website: 96.7, category: 99.3, intermediaries: 99.3, people: 4 },
    "holdout-33.json": { counterparty: 81.3, website: 92.0, category: 97.3, intermediaries: 96.7, people: 3 },
    "holdout-34.json": {
      counterparty: 94.7,
      website: 98.0,
      category: 96.7,
      intermediaries: 100.0,
      people: 3,
    },
    "holdout-35.json": { counterparty: 89.3, website: 96.0, category: 97.3, intermediaries: 97.3, people: 2 },
    "holdout-36.json": {
      counterparty: 90.7,
      website: 92.0,
      category: 92.7,
      intermediaries: 100.0,
      people: 2,
    },
    "holdout-37.json": {
      counterparty: 94.7,
      website: 99.3,
      category: 98.7,
      intermediaries: 100.0,
      people: 1,
    },
    "holdout-38.json": { counterparty: 94.0, website: 94.7, category: 98.0, intermediaries: 98.7, people: 6 },
    "holdout-39.json": {
      counterparty: 86.7,
      website: 96.7,
      category: 96.0,
      intermediaries: 100.0,
      people: 2,
    },
    "holdout-40.json": { counterparty: 86.7, website: 88.7, category: 83.3, intermediaries: 99.3, people: 1 },
    "holdout-41.json": {
      counterparty: 95.3,
      website: 97.3,
      category: 99.3,
      intermediaries: 100.0,
      people: 5,
    },
    "holdout-42.json": {
      counterparty: 93.3,
      website: 95.3,
      category: 95.3,
      intermediaries: 100.0,
      people: 0,
    },
    "holdout-43.json": {
      counterparty: 95.3,
      website: 98.0,
      category: 98.0,
      intermediaries: 100.0,
      people: 3,
    },
    "holdout-44.json": {
      counterparty: 92.7,
      website: 96.0,
      category: 98.0,
      intermediaries: 100.0,
      people: 12,
    },
    "holdout-45.json": {
      counterparty: 92.0,
      website: 95.3,
      category: 99.3,
      intermediaries: 100.0,
      people: 2,
    },
    "holdout-46.json": {
      counterparty: 82.7,
      website: 92.0,
      category: 98.0,
      intermediaries: 100.0,
      people: 6,
    },
    "holdout-47.json": {
      counterparty: 97.3,
      website: 98.7,
      category: 100.0,
      intermediaries: 100.0,
      people: 4,
    },
    "holdout-48.json": {
      counterparty: 94.0,
      website: 100.0,
      category: 100.0,
      intermediaries: 100.0,
      people: 4,
    },
    "holdout-49.json": {
      counterparty: 90.0,
      website: 84.7,
      category: 96.0,
      intermediaries: 100.0,
      people: 7,
    },
    "holdout-50.json": {
      counterparty: 87.3,
      website: 88.7,
      category: 96.0,
      intermediaries: 100.0,
      people: 9,
    },
    "holdout-52.json": {
      counterparty: 95.3,
      website: 98.7,
      category: 100.0,
      intermediaries: 100.0,
      people: 4,
    },
    "holdout-51.json": {
      counterparty: 85.3,
      website: 87.3,
      category: 99.3,
      intermediaries: 100.0,
      people: 8,
    },
    "holdout-54.json": {
      counterparty: 82.7,
      website: 83.3,
      category: 98.0,
      intermediaries: 100.0,
      people: 7,
    },
    "holdout-53.json": { counterparty: 88.7, website: 91.3, category: 88.7, intermediaries: 96.7, people: 6 },
  };

  it("reads each set at least as well as the floors, every series and one-off", () => {
    const { heldOut, seriesPeriodicity, seriesKind, oneOffs, misses: _, ...development } = evaluate();
    const sets: Record<string, Record<string, unknown>> = { "descriptions.json": development, ...heldOut };
    expect(Object.keys(sets).sort()).toEqual(Object.keys(FLOORS).sort());
    const allRight = (ratio: unknown) => {
      const [right, total] = String(ratio).split("/");
      return right === total;
    };
    for (const [file, floors] of Object.entries(FLOORS)) {
      for (const [field, floor] of Object.entries(floors)) {
        expect(Number.parseFloat(String(sets[file]![field])), `${file} ${field}`).toBeGreaterThanOrEqual(
          floor,
        );
      }
    }
    expect([seriesPeriodicity, seriesKind, oneOffs].every(allRight)).toBe(true);
  });
});

describe("the catalogue", () => {
  it("has at least 1,500 merchants, each with a known category and MCC", () => {
    const cat = catalogue();
    expect(cat.merchants.size).toBeGreaterThanOrEqual(1500);
    for (const merchant of cat.merchants.values()) {
      expect(cat.primaryOf.has(merchant.category), merchant.id).toBe(true);
      if (merchant.mcc !== null) expect(cat.mcc.has(merchant.mcc), merchant.id).toBe(true);
    }
    for (const r of KEYWORD_RULES) expect(cat.primaryOf.has(r.category), r.category).toBe(true);
  });

  it("gives each merchant its own id: a second entry under one id would hide the first", () => {
    const file = new URL("./data/merchants.json", import.meta.url);
    const { merchants } = JSON.parse(fs.readFileSync(file, "utf8")) as { merchants: { id: string }[] };
    const seen = new Set<string>();
    const twice = merchants.filter(({ id }) => seen.has(id) || !seen.add(id)).map(({ id }) => id);
    expect(twice).toEqual([]);
    expect(catalogue().merchants.size).toBe(merchants.length);
  });

  it("names the organisation behind merchants that share a website (counterparty), keeping the merchant's own name", () => {
    const cat = catalogue();
    expect(cat.brandOf.size).toBeGreaterThan(0);
    for (const [id, brand] of cat.brandOf) {
      const merchant = cat.merchants.get(id)!;
      expect(merchant.name.startsWith(brand), merchant.name).toBe(true);
      expect(merchant.kind).not.toBe("government");
    }
    const [id, brand] = [...cat.brandOf].find(([mid, b]) => cat.merchants.get(mid)!.name !== b)!;
    const merchant = cat.merchants.get(id)!;
    const [result] = enrichBatch([txn({ description: merchant.patterns[0]! })], [], {
      logoBase: "https://x",
    });
    expect(result!.merchant).toBe(merchant.name);
    expect(result!.counterparty?.name).toBe(brand);
  });
});

describe("enrichment on write", () => {
  it("synced transactions carry their enrichment; reads filter by category and counterparty", async () => {
    const { profileId: synced } = await linkAndSync(platform, env);
    const accountList = (
      await platform.app.inject({
        method: "GET",
        url: `/v1/profiles/${synced}/accounts?limit=100`,
        headers: env.auth,
      })
    ).json();
    const card = accountList.find((a: { type: string }) => a.type === "CREDIT_CARD");
    const unfiltered = await platform.app.inject({
      method: "GET",
      url: `/v1/accounts/${card.id}/transactions?limit=100`,
      headers: env.auth,
    });
    const page = unfiltered.json();
    expect(page.length).toBeGreaterThan(0);
    for (const t of page) {
      expect(t.enrichment).toMatchObject({
        categories: { general: expect.any(String), accounting: expect.any(String) },
      });
      // Answered as written, fields in the documented order (jsonb would have sorted them by length).
      expect(Object.keys(t.enrichment)).toEqual([
        "merchant",
        "merchantId",
        "website",
        "logo",
        "categories",
        "counterparty",
        "person",
        "intermediaries",
        "location",
      ]);
    }
    const known = page.find((t: { enrichment: { merchant: string | null } }) => t.enrichment.merchant);
    expect(known.enrichment).toMatchObject({
      merchantId: expect.stringMatching(/^mer_/),
      website: expect.any(String),
    });

    const general = known.enrichment.categories.general;
    const byCategory = await platform.app.inject({
      method: "GET",
      url: `/v1/accounts/${card.id}/transactions?limit=100&category=${general}`,
      headers: env.auth,
    });
    expect(byCategory.json().length).toBeGreaterThan(0);
    expect(
      byCategory
        .json()
        .every(
          (t: { enrichment: { categories: { general: string } } }) =>
            t.enrichment.categories.general === general,
        ),
    ).toBe(true);
    const filteredTotal = Number(byCategory.headers["total-count"]);
    expect(filteredTotal).toBeGreaterThanOrEqual(byCategory.json().length);
    expect(filteredTotal).toBeLessThan(Number(unfiltered.headers["total-count"]));

    const name = known.enrichment.counterparty.name as string;
    const byCounterparty = await platform.app.inject({
      method: "GET",
      url: `/v1/accounts/${card.id}/transactions?limit=100&counterparty=${encodeURIComponent(name.toLowerCase())}`,
      headers: env.auth,
    });
    expect(byCounterparty.json().length).toBeGreaterThan(0);
    expect(
      byCounterparty
        .json()
        .every(
          (t: { enrichment: { counterparty: { name: string } } }) => t.enrichment.counterparty.name === name,
        ),
    ).toBe(true);
  });

  it("a stored transaction is enriched as on its account's type", async () => {
    const line = {
      description: "ACH DEPOSIT INTERNET TRANSFER FROM ACCOUNT ENDING IN 4417",
      amount: "450.00",
    };
    const stored = await enrichForStorage(
      [
        { key: "card", accountType: "CREDIT_CARD", currencyCode: "USD", date: "2026-11-20", ...line },
        { key: "checking", accountType: "CHECKING", currencyCode: "USD", date: "2026-11-20", ...line },
      ],
      "https://weft.test",
    );
    expect(stored.get("card")?.categories.general).toBe("LOAN_PAYMENTS");
    expect(stored.get("checking")?.categories.general).toBe("TRANSFER_IN");
  });

  it("transactions of another catalogue version are re-enriched in the background, as on their account's type", async () => {
    const { connectionId } = await linkAndSync(platform, env);
    const [card] = await platform.ctx.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.connectionId, connectionId), eq(accounts.type, "CREDIT_CARD")));
    await platform.ctx.db.insert(transactions).values({
      id: "txn_moved_into_card",
      accountId: card!.id,
      externalId: "moved-into-card",
      amount: "450.00",
      entryType: "CREDIT",
      currencyCode: "USD",
      date: "2026-11-20",
      description: "ACH DEPOSIT INTERNET TRANSFER FROM ACCOUNT ENDING IN 4417",
      status: "POSTED",
    });
    await platform.ctx.db.execute(sql`update transactions set enrichment = null, enrichment_version = 'old'`);
    let rewritten = 0;
    for (let n = await reenrichStale(platform.ctx); n > 0; n = await reenrichStale(platform.ctx))
      rewritten += n;
    expect(rewritten).toBeGreaterThan(0);
    const left = await platform.ctx.db.execute(
      sql`select count(*)::int as n from transactions where enrichment is null or enrichment_version is distinct from ${enrichmentVersion()}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    const [moved] = await platform.ctx.db
      .select({ enrichment: transactions.enrichment })
      .from(transactions)
      .where(eq(transactions.id, "txn_moved_into_card"));
    expect(moved!.enrichment?.categories.detailed).toBe("LOAN_PAYMENTS_CREDIT_CARD_PAYMENT");
  });
});

describe("large requests' answers", () => {
  it(`are kept ${BATCH_RETENTION_HOURS} hours once ready, and unfinished requests as long; then pruned`, async () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
    const row = (id: string, createdAt: Date, completedAt: Date | null) => ({
      id,
      environmentId: env.id,
      profileId,
      request: completedAt ? null : { provider: "GENERIC" },
      transactionCount: 1,
      result: completedAt ? [] : null,
      completedAt,
      createdAt,
    });
    await platform.ctx.db
      .insert(enrichmentBatches)
      .values([
        row("old-done", hoursAgo(30), hoursAgo(25)),
        row("fresh-done", hoursAgo(3), hoursAgo(2)),
        row("stuck", hoursAgo(26), null),
        row("pending", hoursAgo(1), null),
      ]);
    await pruneEnrichmentBatches(platform.ctx, now);
    const left = new Set(
      (await platform.ctx.db.select({ id: enrichmentBatches.id }).from(enrichmentBatches)).map((r) => r.id),
    );
    expect(["old-done", "fresh-done", "stuck", "pending"].filter((id) => left.has(id))).toEqual([
      "fresh-done",
      "pending",
    ]);
  });
});
