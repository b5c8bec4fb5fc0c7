import { createHash } from "node:crypto";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import type { PlaidApi } from "plaid";
import { describe, expect, it } from "vitest";
import { decimalOf } from "../money.ts";
import { ProviderError, ProviderRateLimited } from "../types.ts";
import {
  accountKindOf,
  accountOf,
  balanceOf,
  holdingOf,
  institutionOf,
  ownerOf,
  providerErrorOf,
  securityOf,
  statusOfPlaidError,
  transactionOf,
  weftAmountOf,
} from "./mapping.ts";
import { PlaidProvider } from "./provider.ts";
import { verifyPlaidWebhook, WebhookVerificationError } from "./webhooks.ts";

describe("Plaid -> Weft mapping", () => {
  it("flips Plaid's sign (positive = money out) into Weft's (positive = money in), as exact decimals", () => {
    expect(weftAmountOf(12.34)).toBe("-12.34");
    expect(weftAmountOf(-500)).toBe("500");
    expect(weftAmountOf(0)).toBe("0");
    expect(decimalOf(1e-7)).toBe("0.0000001");
    expect(decimalOf(1234.5)).toBe("1234.5");
  });

  it.each([
    ["depository", "checking", "DEPOSITORY", "CHECKING"],
    ["depository", "savings", "DEPOSITORY", "SAVINGS"],
    ["depository", "money market", "DEPOSITORY", "MONEY_MARKET"],
    ["depository", "cd", "DEPOSITORY", "CD"],
    ["depository", "hsa", "DEPOSITORY", "HSA"],
    ["depository", "ebt", "DEPOSITORY", "OTHER"],
    ["credit", "credit card", "CREDIT", "CREDIT_CARD"],
    ["credit", "line of credit", "CREDIT", "LINE_OF_CREDIT"],
    ["loan", "mortgage", "LOAN", "MORTGAGE"],
    ["loan", "student", "LOAN", "STUDENT"],
    ["loan", "auto", "LOAN", "AUTO"],
    ["loan", "home equity", "LOAN", "LINE_OF_CREDIT"],
    ["loan", "business", "LOAN", "OTHER"],
    ["investment", "brokerage", "INVESTMENT", "BROKERAGE"],
    ["investment", "roth", "INVESTMENT", "IRA"],
    ["investment", "401k", "INVESTMENT", "RETIREMENT_401K"],
    ["investment", "529", "INVESTMENT", "OTHER"],
    ["other", null, "DEPOSITORY", "OTHER"],
  ])("%s / %s -> %s %s", (type, subtype, kind, weftType) => {
    expect(accountKindOf(type, subtype)).toEqual({ kind, type: weftType });
  });

  it("keeps the bank's own description, the status, the currency, the pending link and Plaid's merchant name", () => {
    const base = {
      account_id: "acc",
      transaction_id: "t2",
      amount: 4.5,
      iso_currency_code: null,
      unofficial_currency_code: "BTC",
      date: "2026-11-20",
      name: "Blue Bottle",
      merchant_name: "Blue Bottle Coffee",
      original_description: "SQ *BLUE BOTTLE COFFEE Oakland CA",
      pending: false,
      pending_transaction_id: "t1",
    } as unknown as Parameters<typeof transactionOf>[0];
    expect(transactionOf(base)).toEqual({
      accountExternalId: "acc",
      externalId: "t2",
      amount: "-4.5",
      currencyCode: "BTC",
      date: "2026-11-20",
      description: "SQ *BLUE BOTTLE COFFEE Oakland CA",
      status: "POSTED",
      pendingExternalId: "t1",
      merchantName: "Blue Bottle Coffee",
    });
    expect(transactionOf({ ...base, original_description: null, pending: true }).description).toBe(
      "Blue Bottle",
    );
    expect(transactionOf({ ...base, pending: true }).status).toBe("PENDING");
  });

  it("maps owners, with ISO-3 country codes", () => {
    const owner = ownerOf({
      names: ["Alberta Bobbeth Charleson"],
      emails: [{ data: "accountholder0@example.com", primary: true, type: "primary" }],
      phone_numbers: [{ data: "1112223333", primary: false, type: "home" }],
      addresses: [
        {
          data: {
            street: "2992 Cameron Road",
            city: "Malakoff",
            region: "NY",
            postal_code: "14236",
            country: "US",
          },
          primary: true,
        },
      ],
    } as unknown as Parameters<typeof ownerOf>[0]);
    expect(owner).toEqual({
      names: ["Alberta Bobbeth Charleson"],
      emails: ["accountholder0@example.com"],
      phones: ["1112223333"],
      addresses: [
        {
          line1: "2992 Cameron Road",
          line2: null,
          city: "Malakoff",
          state: "NY",
          postalCode: "14236",
          countryCode: "USA",
        },
      ],
    });
  });

  it.each([
    ["ITEM_ERROR", "ITEM_LOGIN_REQUIRED", "ERROR_REPAIRABLE"],
    ["ITEM_ERROR", "PENDING_EXPIRATION", "ERROR_REPAIRABLE"],
    ["INVALID_INPUT", "USER_PERMISSION_REVOKED", "ERROR_REPAIRABLE"],
    ["INSTITUTION_ERROR", "INSTITUTION_DOWN", "ERROR_INSTITUTION"],
    ["INSTITUTION_ERROR", "INSTITUTION_NOT_RESPONDING", "ERROR_INSTITUTION"],
    ["INSTITUTION_ERROR", "INSTITUTION_NO_LONGER_SUPPORTED", "ERROR_INSTITUTION"],
    ["API_ERROR", "INTERNAL_SERVER_ERROR", "ERROR_PROVIDER"],
    ["INVALID_INPUT", "INVALID_ACCESS_TOKEN", "ERROR_PROVIDER"],
    ["ITEM_ERROR", "NO_ACCOUNTS", "ERROR_REPAIRABLE"],
  ])("%s %s -> %s", (error_type, error_code, status) => {
    expect(statusOfPlaidError({ error_type, error_code } as never)).toBe(status);
  });

  it("a rate limit is retried, not a status; the error keeps Plaid's fields", () => {
    const limited = providerErrorOf({
      error_type: "RATE_LIMIT_EXCEEDED",
      error_code: "TRANSACTIONS_SYNC_LIMIT",
      error_message: "rate limit exceeded for attempts to access this item",
      display_message: null,
      request_id: "abc",
    } as never);
    expect(limited).toBeInstanceOf(ProviderRateLimited);
    const login = providerErrorOf({
      error_type: "ITEM_ERROR",
      error_code: "ITEM_LOGIN_REQUIRED",
      error_message: "login required",
      display_message: "Please log in again",
      request_id: "req",
      suggested_action: null,
      documentation_url: "https://plaid.com/docs/errors/item/#item_login_required",
    } as never) as ProviderError;
    expect(login).toBeInstanceOf(ProviderError);
    expect(login.details).toEqual({
      errorType: "ITEM_ERROR",
      errorCode: "ITEM_LOGIN_REQUIRED",
      errorMessage: "login required",
      displayMessage: "Please log in again",
      requestId: "req",
      suggestedAction: null,
      documentationUrl: "https://plaid.com/docs/errors/item/#item_login_required",
    });
  });
});

/**
 * What Plaid's OpenAPI description allows and its schema fuzzing (mapping.fuzz.test.ts) found Weft
 * mishandling: each case names the allowed value.
 */
describe("Plaid -> Weft mapping, on values Plaid's description allows", () => {
  const now = new Date("2026-06-15T12:00:00.000Z");

  it("an error_code is any string: a blank one gives way to the error_type", () => {
    const error = providerErrorOf({
      error_type: "ITEM_ERROR",
      error_code: " ",
      error_message: "m",
      display_message: null,
    } as never);
    expect(error instanceof ProviderError && error.details.errorCode).toBe("ITEM_ERROR");
  });
  const account = (overrides: Record<string, unknown> = {}, balances: Record<string, unknown> = {}) =>
    ({
      account_id: "acc",
      name: "Plaid Checking",
      official_name: "Plaid Gold Standard 0% Interest Checking",
      mask: "0000",
      type: "depository",
      subtype: "checking",
      balances: {
        available: 100,
        current: 110,
        limit: null,
        iso_currency_code: "USD",
        unofficial_currency_code: null,
        ...balances,
      },
      ...overrides,
    }) as unknown as Parameters<typeof accountOf>[0];
  const security = (overrides: Record<string, unknown> = {}) =>
    ({
      security_id: "sec",
      isin: "US0378331005",
      cusip: "037833100",
      name: "Apple Inc.",
      ticker_symbol: "AAPL",
      type: "equity",
      iso_currency_code: "USD",
      unofficial_currency_code: null,
      ...overrides,
    }) as unknown as Parameters<typeof securityOf>[0];

  it("spells amounts of 1e21 and more (a double) out in digits, and a tiny negative as 0, never -0", () => {
    expect(decimalOf(1e21)).toBe("1000000000000000000000");
    expect(weftAmountOf(1.5e22)).toBe("-15000000000000000000000");
    expect(weftAmountOf(-1e21)).toBe("1000000000000000000000");
    expect(decimalOf(Number.MAX_VALUE)).toMatch(/^17976931348623157[0-9]{292}$/);
    expect(decimalOf(-1e-13)).toBe("0");
    const balance = balanceOf(account({}, { available: -5e-324, limit: 1e300 }), now);
    expect(balance.available).toBe("0");
    expect(balance.limit).toMatch(/^1[0-9]{300}$/);
    expect(Number(balance.limit)).toBe(1e300);
  });

  it("takes a blank iso_currency_code (a string, may be empty) as none: the unofficial code, else USD", () => {
    const blank = account({}, { iso_currency_code: "", unofficial_currency_code: "BTC" });
    expect(accountOf(blank, now).currencyCode).toBe("BTC");
    expect(
      accountOf(account({}, { iso_currency_code: " ", unofficial_currency_code: "" }), now).currencyCode,
    ).toBe("USD");
  });

  it("names an account with a blank name (a string, may be empty) by its official name, else 'Account'", () => {
    expect(accountOf(account({ name: "" }), now).name).toBe("Plaid Gold Standard 0% Interest Checking");
    expect(accountOf(account({ name: " ", official_name: null }), now).name).toBe("Account");
  });

  it("reads an account subtype, owner country or security type named like Object.prototype's members as unknown", () => {
    expect(accountKindOf("depository", "constructor")).toEqual({ kind: "DEPOSITORY", type: "OTHER" });
    expect(accountKindOf("investment", "__proto__")).toEqual({ kind: "INVESTMENT", type: "OTHER" });
    const owner = ownerOf({
      names: ["A"],
      emails: [],
      phone_numbers: [],
      addresses: [
        { data: { street: "1 Main St", city: null, region: null, postal_code: null, country: "toString" } },
      ],
    } as unknown as Parameters<typeof ownerOf>[0]);
    expect(owner.addresses[0]!.countryCode).toBe("toString");
    expect(securityOf(security({ type: "constructor" })).type).toBe("OTHER");
  });

  it("reads a leap second (RFC 3339 date-time 23:59:60) as its minute's last instant", () => {
    const leap = account({}, { last_updated_datetime: "2016-12-31T23:59:60Z" });
    expect(balanceOf(leap, now).at.toISOString()).toBe("2016-12-31T23:59:59.999Z");
    const holding = {
      account_id: "acc",
      security_id: "sec",
      institution_price: 1,
      institution_price_as_of: "2016-12-30",
      institution_price_datetime: "2016-12-31T23:59:60.5+00:00",
      institution_value: 1,
      cost_basis: null,
      quantity: 1,
      iso_currency_code: "USD",
      unofficial_currency_code: null,
    } as unknown as Parameters<typeof holdingOf>[0];
    expect(holdingOf(holding, security(), now).at.toISOString()).toBe("2016-12-31T23:59:59.999Z");
  });

  it("names a security with blank name, ISIN (nullable strings, may be empty) by its ticker, then Plaid's id", () => {
    expect(securityOf(security({ name: "", isin: " " }))).toMatchObject({ name: "AAPL", isin: "PLAID:sec" });
    expect(securityOf(security({ name: null, ticker_symbol: "", security_id: "" })).name).toBe("Security");
  });

  it("names an institution with a blank name (a string, may be empty) by its id", () => {
    const institution = { institution_id: "ins_1", name: "", products: ["auth"], country_codes: ["US"] };
    expect(institutionOf(institution as unknown as Parameters<typeof institutionOf>[0]).name).toBe("ins_1");
  });

  it("skips a statement whose month or year (integers, month unbounded, year from 2010) no calendar has", async () => {
    const statements = [
      { statement_id: "s-ok", month: 2, year: 2024 },
      { statement_id: "s-13", month: 13, year: 2024 },
      { statement_id: "s-0", month: 0, year: 2024 },
      { statement_id: "s-10000", month: 1, year: 10000 },
    ];
    const provider = Object.assign(
      new PlaidProvider({
        clientId: "c",
        secret: "s",
        providerEnv: "sandbox",
        basePath: "https://sandbox.plaid.com",
        source: "server",
      }),
      {
        client: {
          statementsList: async () => ({ data: { accounts: [{ account_id: "acc", statements }] } }),
        } as unknown as PlaidApi,
      },
    );
    const listed = await provider.listStatements({
      accessToken: "access",
      window: { startOn: "2010-01-01", endOn: "9999-12-31" },
      now,
    });
    expect(listed).toEqual([
      { accountExternalId: "acc", externalId: "s-ok", startOn: "2024-02-01", endOn: "2024-02-29" },
    ]);
  });

  describe("webhook verification keys", () => {
    const body = '{"webhook_type":"TRANSACTIONS","webhook_code":"SYNC_UPDATES_AVAILABLE"}';
    const setUp = async (key: Record<string, unknown>) => {
      const { privateKey, publicKey } = await generateKeyPair("ES256");
      const jwk = await exportJWK(publicKey);
      const kid = `kid-${Math.random().toString(36).slice(2)}`;
      const header = await new SignJWT({
        request_body_sha256: createHash("sha256").update(body).digest("hex"),
      })
        .setProtectedHeader({ alg: "ES256", kid })
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .sign(privateKey);
      const answer = { key: { alg: "ES256", kid, use: "sig", created_at: 1560466143, ...jwk, ...key } };
      const client = { webhookVerificationKeyGet: async () => ({ data: answer }) } as unknown as PlaidApi;
      return () => verifyPlaidWebhook(client, kid, header, body, now);
    };

    it("refuses, as unverified, a key that is not an ES256 key (kty, crv, x, y are any strings)", async () => {
      await expect((await setUp({ kty: "RSA" }))()).rejects.toBeInstanceOf(WebhookVerificationError);
      await expect((await setUp({ crv: "P-384" }))()).rejects.toBeInstanceOf(WebhookVerificationError);
      await expect((await setUp({ x: "BTC" }))()).rejects.toBeInstanceOf(WebhookVerificationError);
    });

    it("reads expired_at as Unix time in seconds", async () => {
      const seconds = now.getTime() / 1000;
      await expect((await setUp({ expired_at: null }))()).resolves.toBeUndefined();
      await expect((await setUp({ expired_at: seconds + 3600 }))()).resolves.toBeUndefined();
      await expect((await setUp({ expired_at: seconds - 1 }))()).rejects.toBeInstanceOf(
        WebhookVerificationError,
      );
      await expect((await setUp({ expired_at: 0 }))()).rejects.toBeInstanceOf(WebhookVerificationError);
    });
  });
});
