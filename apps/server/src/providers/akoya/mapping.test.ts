import { describe, expect, it } from "vitest";
import { type ProviderError, ProviderRateLimited } from "../types.ts";
import { AkoyaApiError } from "./client.ts";
import { accountOf, holdingOf, providerErrorOf, transactionOf, unwrapAccount } from "./mapping.ts";
import { accessTokenOfGrant, grantOf } from "./provider.ts";

const now = new Date("2026-11-24T12:00:00Z");

describe("Akoya mapping", () => {
  it("an FDX account's kind is its wrapper; its type its accountType", () => {
    expect(unwrapAccount({ depositAccount: { accountId: "a", accountType: "CHECKING" } })).toMatchObject({
      kind: "DEPOSITORY",
      type: "CHECKING",
    });
    expect(unwrapAccount({ locAccount: { accountId: "b", accountType: "CREDITCARD" } })).toMatchObject({
      kind: "CREDIT",
      type: "CREDIT_CARD",
    });
    expect(unwrapAccount({ investmentAccount: { accountId: "c", accountType: "401K" } })).toMatchObject({
      kind: "INVESTMENT",
      type: "RETIREMENT_401K",
    });
    expect(unwrapAccount({ loanAccount: { accountId: "d", accountType: "AUTOLOAN" } })).toMatchObject({
      type: "AUTO",
    });
    expect(unwrapAccount({})).toBeNull();
  });

  it("balances: a card's current balance is what is owed, with its available credit and line", () => {
    expect(
      accountOf(
        {
          locAccount: {
            accountId: "card-1",
            accountType: "CREDITCARD",
            accountNumberDisplay: "xxxx1234",
            nickname: "Travel card",
            currentBalance: 320.5,
            availableCredit: 679.5,
            creditLine: 1000,
            balanceAsOf: "2026-11-23T08:00:00Z",
          },
        },
        now,
      ),
    ).toMatchObject({
      externalId: "card-1",
      name: "Travel card",
      mask: "1234",
      kind: "CREDIT",
      balance: { current: "320.5", available: "679.5", limit: "1000", at: new Date("2026-11-23T08:00:00Z") },
    });
  });

  it("a transaction's sign is its debitCreditMemo; its day the posting day", () => {
    expect(
      transactionOf(
        {
          depositTransaction: {
            transactionId: "t1",
            amount: 61.11,
            debitCreditMemo: "DEBIT",
            description: "WHOLEFDS MKT 10234",
            postedTimestamp: "2026-11-20T15:00:00Z",
            status: "POSTED",
          },
        },
        "acct-1",
      ),
    ).toEqual({
      accountExternalId: "acct-1",
      externalId: "t1",
      amount: "-61.11",
      currencyCode: "USD",
      date: "2026-11-20",
      description: "WHOLEFDS MKT 10234",
      status: "POSTED",
      pendingExternalId: null,
    });
    expect(
      transactionOf(
        {
          depositTransaction: {
            transactionId: "t2",
            amount: 5,
            debitCreditMemo: "CREDIT",
            transactionTimestamp: "2026-11-21T00:00:00Z",
            status: "PENDING",
          },
        },
        "acct-1",
      ),
    ).toMatchObject({ amount: "5", status: "PENDING", date: "2026-11-21" });
    expect(transactionOf({}, "acct-1")).toBeNull();
  });

  it("a holding keyed by its ISIN, one made from a CUSIP, or an Akoya key", () => {
    expect(
      holdingOf(
        "inv-1",
        { symbol: "VTI", securityId: "922908769", securityIdType: "CUSIP", units: 10, currentUnitPrice: 250 },
        now,
      ),
    ).toMatchObject({
      security: { isin: "US9229087690", cusip: "922908769" },
      value: "2500",
    });
    expect(holdingOf("inv-1", { symbol: "XYZ", units: 1, marketValue: 5 }, now).security.isin).toBe(
      "AKOYA:XYZ",
    );
  });

  it("errors: 401/403 and a refused grant are a lost consent; 429 retries; 502–504 are the institution's", () => {
    const lost = providerErrorOf(
      new AkoyaApiError(401, "602", "Customer not authorized", null),
    ) as ProviderError;
    expect(lost.status).toBe("ERROR_REPAIRABLE");
    expect(lost.details).toMatchObject({ errorType: "CONSENT_ERROR", errorCode: "602" });
    expect(
      (providerErrorOf(new AkoyaApiError(400, "invalid_grant", "spent", null)) as ProviderError).status,
    ).toBe("ERROR_REPAIRABLE");
    expect(providerErrorOf(new AkoyaApiError(429, "1207", "Too many requests", 2))).toBeInstanceOf(
      ProviderRateLimited,
    );
    expect(
      (providerErrorOf(new AkoyaApiError(503, "502", "Provider unavailable", null)) as ProviderError).status,
    ).toBe("ERROR_INSTITUTION");
    expect((providerErrorOf(new AkoyaApiError(500, "500", "Internal", null)) as ProviderError).status).toBe(
      "ERROR_PROVIDER",
    );
  });

  it("a grant round-trips through its stored form, and a malformed one is refused", () => {
    const grant = {
      providerId: "mikomo",
      consentId: "akc_1",
      idToken: "a.b.c",
      idTokenExpiresAt: 1,
      refreshToken: "r",
    };
    expect(grantOf(accessTokenOfGrant(grant))).toEqual(grant);
    expect(() => grantOf(JSON.stringify({ providerId: "mikomo" }))).toThrow("Not an Akoya grant");
  });
});
