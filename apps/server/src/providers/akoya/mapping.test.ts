import { afterEach, describe, expect, it, vi } from "vitest";
import { type ProviderError, ProviderRateLimited } from "../types.ts";
import { AkoyaApiError, AkoyaClient } from "./client.ts";
import { accountOf, holdingOf, providerErrorOf, transactionOf, unwrapAccount } from "./mapping.ts";
import { AkoyaProvider, accessTokenOfGrant, grantOf } from "./provider.ts";

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

  it("a MEMO entry is status MEMO, its direction from its sign or its type; unflagged entries likewise", () => {
    const memo = (wrapper: string, fields: Record<string, unknown>) =>
      transactionOf(
        { [wrapper]: { transactionId: "m", postedTimestamp: "2026-11-20T15:00:00Z", amount: 20, ...fields } },
        "acct-1",
      );
    expect(
      memo("depositTransaction", { debitCreditMemo: "MEMO", transactionType: "DIRECTDEPOSIT" }),
    ).toMatchObject({
      amount: "20",
      status: "MEMO",
    });
    expect(
      memo("depositTransaction", { debitCreditMemo: "MEMO", transactionType: "POSDEBIT" }),
    ).toMatchObject({
      amount: "-20",
      status: "MEMO",
    });
    expect(
      memo("depositTransaction", { debitCreditMemo: "MEMO", amount: -20, transactionType: "DEPOSIT" }),
    ).toMatchObject({ amount: "-20" });
    // A card's PAYMENT is money in to the card; a deposit account's PAYMENT type does not exist.
    expect(memo("locTransaction", { transactionType: "PAYMENT" })).toMatchObject({
      amount: "20",
      status: "POSTED",
    });
    expect(memo("locTransaction", { transactionType: "FEE" })).toMatchObject({ amount: "-20" });
    expect(memo("loanTransaction", { debitCreditMemo: "MEMO", transactionType: "PAYOFF" })).toMatchObject({
      amount: "20",
    });
    // The flag wins over the type; a type of another wrapper, or a prototype member, says nothing.
    expect(
      memo("depositTransaction", { debitCreditMemo: "DEBIT", transactionType: "DEPOSIT" }),
    ).toMatchObject({
      amount: "-20",
    });
    expect(memo("depositTransaction", { transactionType: "PAYOFF" })).toMatchObject({ amount: "-20" });
    expect(memo("constructor", { transactionType: "has" })).toMatchObject({ amount: "-20" });
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
    expect(holdingOf("inv-1", { symbol: "XYZ", units: 1, marketValue: 5 }, now)?.security.isin).toBe(
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
  describe("what FDX's OpenAPI description allows (FDX 5.2.0, which Akoya's v2 follows; found by schema fuzzing)", () => {
    afterEach(() => vi.unstubAllGlobals());
    const settings = {
      clientId: "c",
      clientSecret: "s",
      productsUrl: "https://products.akoya.test",
      idpUrl: "https://idp.akoya.test",
    };

    it("balanceAsOf is an RFC 3339 date-time: a leap second or a lower-case t / z is read", () => {
      const at = (balanceAsOf: string) =>
        accountOf({ depositAccount: { accountId: "a", balanceAsOf } }, now)?.balance.at;
      // new Date() made an Invalid Date of both.
      expect(at("2016-12-31T23:59:60Z")).toEqual(new Date("2016-12-31T23:59:59.999Z"));
      expect(at("2024-03-01t10:00:00z")).toEqual(new Date("2024-03-01T10:00:00Z"));
    });

    it("a blank nickname, product name or description (strings, may be blank) is none", () => {
      expect(
        accountOf(
          { depositAccount: { accountId: "a", nickname: " ", productName: "\t\n", description: "Bills" } },
          now,
        )?.name,
      ).toBe("Bills");
      expect(accountOf({ depositAccount: { accountId: "a", nickname: " " } }, now)?.name).toBe("Account");
      expect(
        holdingOf("a", { holdingName: " ", symbol: "VTI", units: 1, marketValue: 1 }, now)?.security.name,
      ).toBe("VTI");
    });

    it("postedTimestamp and transactionTimestamp are optional: a transaction with neither is none", () => {
      // Its date was "" before.
      expect(transactionOf({ depositTransaction: { transactionId: "t", amount: 1 } }, "a")).toBeNull();
      expect(
        transactionOf(
          {
            depositTransaction: {
              transactionId: "t",
              amount: 1,
              transactionTimestamp: "2024-02-29T23:00:00-05:00",
            },
          },
          "a",
        )?.date,
      ).toBe("2024-02-29");
    });

    it("units and prices are unbounded numbers: a holding whose value overflows is none", () => {
      // No marketValue, units × currentUnitPrice = Infinity: decimalOf threw "Not a finite amount".
      expect(holdingOf("a", { symbol: "X", units: 1e300, currentUnitPrice: 1e300 }, now)).toBeNull();
      // purchasedPrice × units = Infinity: the cost basis is unknown.
      expect(
        holdingOf("a", { symbol: "X", units: 1e300, currentUnitPrice: 1, purchasedPrice: 1e300 }, now)
          ?.costBasis,
      ).toBeNull();
    });

    it("an investment account without an accountId (optional in FDX) gives no holdings", async () => {
      vi.stubGlobal("fetch", async (input: string | URL) => {
        const { pathname } = new URL(input);
        if (pathname.startsWith("/balances/"))
          return Response.json({
            accounts: [{ investmentAccount: { accountId: "inv", accountType: "IRA" } }],
          });
        if (pathname.startsWith("/accounts/"))
          return Response.json({
            accounts: [
              {
                investmentAccount: {
                  accountType: "IRA",
                  holdings: [{ symbol: "VTI", units: 1, marketValue: 5 }],
                },
              },
            ],
          });
        return Response.json({});
      });
      const provider = new AkoyaProvider(settings, async () => {});
      const grant = {
        providerId: "p",
        consentId: "c",
        idToken: "i",
        idTokenExpiresAt: now.getTime() + 3_600_000,
        refreshToken: "r",
      };
      const snapshot = await provider.fetch({
        accessToken: accessTokenOfGrant(grant),
        now,
        window: { startOn: "2026-01-01", endOn: "2026-12-31" },
        products: ["INVESTMENTS"],
        attempt: 1,
      });
      // Its holdings had accountExternalId undefined.
      expect(snapshot.holdings).toEqual([]);
    });

    it("Error.code is a string, may be blank: a blank code is the HTTP status's", async () => {
      vi.stubGlobal("fetch", async () => Response.json({ code: " ", message: "Busy" }, { status: 503 }));
      const error = await new AkoyaClient(settings).balances("p", "i").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AkoyaApiError);
      expect(error).toMatchObject({ code: "HTTP_503", akoyaMessage: "Busy" });
    });
  });
});
