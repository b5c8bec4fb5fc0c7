import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "../../../test/harness.ts";
import { get, linkAndSync } from "../../../test/sandbox-helpers.ts";
import { accounts, processorTokens } from "../../db/schema/index.ts";
import { PROCESSORS } from "./catalogue.ts";
import { createProcessorSecret } from "./credentials.ts";

let platform: TestPlatform;
let env: TestEnvironment;
let other: TestEnvironment;
let checkingId: string;
let savingsId: string;
let cardId: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  env = await platform.environment("SANDBOX");
  other = await platform.environment("SANDBOX", "other tenant");
  const { connectionId } = await linkAndSync(platform, env, {
    products: ["ACCOUNT_NUMBERS", "ACCOUNT_BALANCE_REFRESHES"],
  });
  const rows = await platform.ctx.db
    .select()
    .from(accounts)
    .where(sql`${accounts.connectionId} = ${connectionId}`);
  checkingId = rows.find((a) => a.type === "CHECKING")!.id;
  savingsId = rows.find((a) => a.type === "SAVINGS")!.id;
  cardId = rows.find((a) => a.type === "CREDIT_CARD")!.id;
});
afterAll(() => platform.close());

const createToken = (accountId: string, body: unknown, e: TestEnvironment = env) =>
  platform.app.inject({
    method: "POST",
    url: `/v1/accounts/${accountId}/processor_tokens`,
    headers: e.auth,
    payload: body as object,
  });
const basic = (token: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${token}:${secret}`).toString("base64")}`,
});

describe("POST /v1/accounts/{accountId}/processor_tokens", () => {
  it("201 ProcessorToken for a checking account (SPENDING) and a savings account (SAVINGS)", async () => {
    const res = await createToken(checkingId, { issuer: "WEFT", processor: "STRIPE" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      token: expect.stringMatching(/^weft_ptok_[A-Za-z0-9_-]{43}$/),
      account: { id: checkingId, type: "SPENDING" },
      environment: { id: env.id, mode: "SANDBOX" },
      issuer: "WEFT",
      processor: "STRIPE",
      expiresAt: null,
    });
    const savings = await createToken(savingsId, { issuer: "WEFT", processor: "SILA_MONEY" });
    expect(savings.json().account).toEqual({ id: savingsId, type: "SAVINGS" });
    // Only a hash is stored.
    const stored = await platform.ctx.db.select().from(processorTokens);
    expect(JSON.stringify(stored)).not.toContain(res.json().token);
  });

  it("knows about sixty processors, MOCK, STRADDLE and SILA_MONEY among them", () => {
    expect(PROCESSORS.length).toBeGreaterThanOrEqual(55);
    expect(PROCESSORS).toEqual(expect.arrayContaining(["MOCK", "STRIPE", "STRADDLE", "SILA_MONEY"]));
  });

  it("400 when issuer is missing or not supported", async () => {
    const missing = await createToken(checkingId, { processor: "STRIPE" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: "issuer is required",
      instruction: "Send issuer, one of WEFT, MX, PLAID (WEFT for Weft connections).",
    });
    const unknown = await createToken(checkingId, { issuer: "ACME", processor: "STRIPE" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("Issuer ACME is not supported");
    const foreign = await createToken(checkingId, { issuer: "PLAID", processor: "STRIPE" });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe("Issuer PLAID cannot issue tokens for a MOCK connection");
  });

  it("400 when the processor is missing or not supported", async () => {
    const unknown = await createToken(checkingId, { issuer: "WEFT", processor: "ACME_PAY" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("Processor ACME_PAY is not supported");
    expect(unknown.json().instruction).toContain("STRADDLE");
    const missing = await createToken(checkingId, { issuer: "WEFT" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("processor is required");
  });

  it("403 for an account whose connection is not enabled with ACCOUNT_NUMBERS, and nothing is issued", async () => {
    const { connectionId } = await linkAndSync(platform, env, {
      products: ["ACCOUNT_BALANCES_AND_TRANSACTIONS"],
    });
    const [plain] = await platform.ctx.db
      .select()
      .from(accounts)
      .where(sql`${accounts.connectionId} = ${connectionId} and ${accounts.type} = 'CHECKING'`);
    const before = (await platform.ctx.db.select().from(processorTokens)).length;
    const res = await createToken(plain!.id, { issuer: "WEFT", processor: "STRIPE" });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(`Connection ${connectionId} is not enabled with ACCOUNT_NUMBERS`);
    expect((await platform.ctx.db.select().from(processorTokens)).length).toBe(before);
  });

  it("400 for a non-DEPOSITORY account; 404 for another environment's account", async () => {
    const card = await createToken(cardId, { issuer: "WEFT", processor: "STRIPE" });
    expect(card.statusCode).toBe(400);
    expect(card.json().message).toBe(
      `Account ${cardId} is a CREDIT account; processor tokens are for DEPOSITORY accounts only`,
    );
    expect((await createToken(checkingId, { issuer: "WEFT", processor: "STRIPE" }, other)).statusCode).toBe(
      404,
    );
  });
});

describe("processor Basic auth", () => {
  let token: string;
  let secret: string;
  beforeAll(async () => {
    token = (await createToken(checkingId, { issuer: "WEFT", processor: "STRADDLE" })).json().token;
    secret = (await createProcessorSecret(platform.ctx.db, env.id, "STRADDLE")).secret;
  });

  it("introspects the token with the processor's secret", async () => {
    const res = await platform.app.inject({
      method: "POST",
      url: "/v1/introspect/processor_token",
      headers: basic(token, secret),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      token,
      account: { id: checkingId, type: "SPENDING" },
      environment: { id: env.id, mode: "SANDBOX" },
      issuer: "WEFT",
      processor: "STRADDLE",
      expiresAt: null,
    });
  });

  it("401 for a wrong secret, another processor's secret or an unknown token; 403 for a valid API key, a credential it does not take", async () => {
    const stripeSecret = (await createProcessorSecret(platform.ctx.db, env.id, "STRIPE")).secret;
    const otherEnvSecret = (await createProcessorSecret(platform.ctx.db, other.id, "STRADDLE")).secret;
    for (const headers of [
      basic(token, "weft_psec_wrong"),
      basic(token, stripeSecret),
      basic(token, otherEnvSecret),
      basic("weft_ptok_unknown", secret),
      {},
    ]) {
      const res = await platform.app.inject({
        method: "POST",
        url: "/v1/introspect/processor_token",
        headers,
      });
      expect(res.statusCode).toBe(401);
    }
    const withKey = await platform.app.inject({
      method: "POST",
      url: "/v1/introspect/processor_token",
      headers: env.auth,
    });
    expect(withKey.statusCode).toBe(403);
    expect(withKey.json().message).toBe("This endpoint does not take an API key");
    const wrong = await platform.app.inject({
      method: "POST",
      url: "/v1/introspect/processor_token",
      headers: basic(token, stripeSecret),
    });
    expect(wrong.json()).toEqual({
      message: "The processor token or processor secret is invalid, expired or revoked",
      instruction:
        "Send the processor token as the username and a live secret of the same processor as the password.",
    });
  });

  it("reads the token's account's ACH numbers and refreshes its balance; other accounts are 404", async () => {
    const ach = await platform.app.inject({
      method: "GET",
      url: `/v1/accounts/${checkingId}/ach_numbers`,
      headers: basic(token, secret),
    });
    expect(ach.statusCode).toBe(200);
    expect(ach.json()).toEqual((await get(platform, env, `/v1/accounts/${checkingId}/ach_numbers`)).json());
    const refresh = await platform.app.inject({
      method: "POST",
      url: `/v1/accounts/${checkingId}/balances/refresh`,
      headers: basic(token, secret),
    });
    expect(refresh.statusCode).toBe(202);
    const elsewhere = await platform.app.inject({
      method: "GET",
      url: `/v1/accounts/${savingsId}/ach_numbers`,
      headers: basic(token, secret),
    });
    expect(elsewhere.statusCode).toBe(404);
    // Processor credentials open nothing else: good ones are a 403 there, bad ones a 401.
    const read = await platform.app.inject({
      method: "GET",
      url: `/v1/accounts/${checkingId}`,
      headers: basic(token, secret),
    });
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toBe("This endpoint does not take a processor token");
    const wrongSecret = await platform.app.inject({
      method: "GET",
      url: `/v1/accounts/${checkingId}/transactions`,
      headers: basic(token, "weft_psec_wrong"),
    });
    expect(wrongSecret.statusCode).toBe(401);
  });
});
