import { describe, expect, it } from "vitest";
import { type ProviderError, ProviderRateLimited } from "../types.ts";
import { FinicityApiError, FinicityUnreachableError } from "./client.ts";
import {
  accountKindOf,
  accountOf,
  aggregationError,
  holdingOf,
  isShadow,
  providerErrorOf,
  securityKeyOf,
  statusOfAggregationCode,
  transactionOf,
} from "./mapping.ts";
import { accessTokenOf, loginRefOf } from "./provider.ts";

const now = new Date("2026-11-24T12:00:00Z");

describe("Finicity mapping", () => {
  it("maps Finicity's account types to Weft's kinds and types", () => {
    expect(accountKindOf("checking")).toEqual({ kind: "DEPOSITORY", type: "CHECKING" });
    expect(accountKindOf("moneyMarket")).toEqual({ kind: "DEPOSITORY", type: "MONEY_MARKET" });
    expect(accountKindOf("creditCard")).toEqual({ kind: "CREDIT", type: "CREDIT_CARD" });
    expect(accountKindOf("studentLoan")).toEqual({ kind: "LOAN", type: "STUDENT" });
    expect(accountKindOf("401k")).toEqual({ kind: "INVESTMENT", type: "RETIREMENT_401K" });
    expect(accountKindOf("roth")).toEqual({ kind: "INVESTMENT", type: "IRA" });
    expect(accountKindOf("cryptocurrency")).toEqual({ kind: "INVESTMENT", type: "OTHER" });
    expect(accountKindOf("somethingNew")).toEqual({ kind: "DEPOSITORY", type: "OTHER" });
  });

  it.each([
    "529plan",
    "529",
    "pension",
    "ugma",
    "utma",
    "keogh",
    "employeeStockPurchasePlan",
    "educationSavings",
    "profitSharingPlan",
    "thriftSavingsPlan",
    "variableAnnuity",
    "investmentTaxDeferred",
    "cryptocurrency",
  ])("the investment plan %s is an OTHER investment (its positions kept, no ACH numbers asked)", (type) => {
    expect(accountKindOf(type)).toEqual({ kind: "INVESTMENT", type: "OTHER" });
  });

  it("every type of Finicity's AccountType enum has a mapping of its own (none falls to an OTHER depository)", () => {
    // components/schemas/AccountType in openbanking-us.yaml, with the reports' nonTaxableBrokerageAccount.
    // biome-ignore format: the enum's order, several a line
    const documented = [
      "checking", "savings", "cd", "moneyMarket", "creditCard", "lineOfCredit", "investment",
      "investmentTaxDeferred", "employeeStockPurchasePlan", "ira", "401k", "roth", "403b", "529plan",
      "rollover", "ugma", "utma", "keogh", "457plan", "401a", "brokerageAccount", "educationSavings",
      "healthSavingsAccount", "pension", "profitSharingPlan", "roth401k", "sepIRA", "simpleIRA",
      "thriftSavingsPlan", "variableAnnuity", "cryptocurrency", "mortgage", "loan", "studentLoan",
      "studentLoanGroup", "studentLoanAccount", "nonTaxableBrokerageAccount",
    ];
    const depository = new Set(["checking", "savings", "cd", "moneyMarket"]);
    for (const type of documented) {
      const mapped = accountKindOf(type);
      if (depository.has(type)) expect(mapped.kind, type).toBe("DEPOSITORY");
      else expect(mapped, type).not.toEqual({ kind: "DEPOSITORY", type: "OTHER" });
    }
    expect(accountKindOf("nonTaxableBrokerageAccount")).toEqual({ kind: "INVESTMENT", type: "BROKERAGE" });
  });

  it("an account: a credit card's negative balance is an amount owed, its mask the last four digits", () => {
    const card = accountOf(
      {
        id: "5011648377",
        number: "4111111111111234",
        accountNumberDisplay: "1234",
        name: "Visa",
        balance: -320.5,
        type: "creditCard",
        status: "active",
        customerId: "1005061234",
        institutionId: "102105",
        balanceDate: 1_700_000_000,
        createdDate: 1_690_000_000,
        currency: "USD",
        institutionLoginId: 1007302745,
        detail: { creditAvailableAmount: 679.5, creditMaxAmount: 1000 },
      },
      now,
    );
    expect(card).toMatchObject({
      externalId: "5011648377",
      mask: "1234",
      kind: "CREDIT",
      balance: { current: "320.5", available: "679.5", limit: "1000", at: new Date(1_700_000_000_000) },
    });
  });

  it("a transaction keeps Finicity's sign and its posting day", () => {
    expect(
      transactionOf({
        id: 21284820852,
        amount: -61.11,
        accountId: 5011648377,
        customerId: 1005061234,
        status: "active",
        description: "WHOLEFDS MKT 10234 AUSTIN TX",
        postedDate: Date.UTC(2026, 10, 20, 15) / 1000,
        createdDate: Date.UTC(2026, 10, 21) / 1000,
        categorization: { normalizedPayeeName: "Whole Foods", category: "Groceries", country: "USA" },
      }),
    ).toEqual({
      accountExternalId: "5011648377",
      externalId: "21284820852",
      amount: "-61.11",
      currencyCode: "USD",
      date: "2026-11-20",
      description: "WHOLEFDS MKT 10234 AUSTIN TX",
      status: "POSTED",
      pendingExternalId: null,
      merchantName: "Whole Foods",
    });
    expect(
      transactionOf({
        id: 1,
        amount: 0,
        accountId: 2,
        customerId: 3,
        status: "pending",
        description: "",
        memo: "HOLD",
        createdDate: Date.UTC(2026, 10, 1) / 1000,
      }),
    ).toMatchObject({
      amount: "0",
      status: "PENDING",
      description: "HOLD",
      date: "2026-11-01",
      merchantName: null,
    });
  });

  it("a shadow transaction (no longer in the institution's data) is one to leave out", () => {
    const transaction = {
      id: 1,
      amount: -5,
      accountId: 2,
      customerId: 3,
      description: "COFFEE",
      createdDate: Date.UTC(2026, 10, 1) / 1000,
    };
    expect(isShadow({ ...transaction, status: "shadow" })).toBe(true);
    expect(isShadow({ ...transaction, status: "active" })).toBe(false);
    expect(isShadow({ ...transaction, status: "pending" })).toBe(false);
  });

  it("a position's security: its ISIN, or one made from a US CUSIP, else a Finicity key", () => {
    expect(securityKeyOf({ securityId: "US9229087690", securityIdType: "ISIN" })).toBe("US9229087690");
    expect(securityKeyOf({ securityId: "922908769", securityIdType: "CUSIP" })).toBe("US9229087690");
    expect(securityKeyOf({ securityId: "not-a-cusip", securityIdType: "CUSIP", symbol: "VTI" })).toBe(
      "FINICITY:VTI",
    );
    // A position that names its security in no way (every field optional) is left out, not merged
    // with every other such position under "FINICITY:undefined".
    expect(securityKeyOf({ units: 1, currentPrice: 2 })).toBeNull();
    expect(holdingOf("5011648399", { units: 1, currentPrice: 2 }, new Date())).toBeNull();
    expect(
      holdingOf(
        "5011648399",
        {
          symbol: "VTI",
          securityName: "Vanguard Total Stock Market ETF",
          units: 10,
          currentPrice: 250,
          marketValue: 2500,
          securityType: "ETF",
          securityId: "922908769",
          securityIdType: "CUSIP",
        },
        now,
      ),
    ).toMatchObject({
      security: { cusip: "922908769", type: "ETF", isin: "US9229087690" },
      quantity: "10",
      price: "250",
      value: "2500",
    });
  });

  it("aggregation status codes: the end-user's to fix, else the institution's", () => {
    for (const code of [103, 108, 109, 169, 185, 187, 945, 946, 947, 948]) {
      expect(statusOfAggregationCode(code), String(code)).toBe("ERROR_REPAIRABLE");
    }
    for (const code of [102, 106, 580, 901])
      expect(statusOfAggregationCode(code), String(code)).toBe("ERROR_INSTITUTION");
    expect(aggregationError(103).details).toMatchObject({
      errorType: "AGGREGATION_ERROR",
      errorCode: "103",
      displayMessage: "Please reconnect your account.",
    });
  });

  it("API failures: an aggregation code in an HTTP 500 is that code's status; 429 retries; others are upstream", () => {
    expect(
      (providerErrorOf(new FinicityApiError(500, "103", "Invalid credentials", null)) as ProviderError)
        .status,
    ).toBe("ERROR_REPAIRABLE");
    const limited = providerErrorOf(new FinicityApiError(429, "3300001", "Too many requests", 3));
    expect(limited).toBeInstanceOf(ProviderRateLimited);
    expect((limited as ProviderRateLimited).retryAfterSeconds).toBe(3);
    const broken = providerErrorOf(
      new FinicityApiError(401, "10022", "Invalid Finicity-App-Token", null),
    ) as ProviderError;
    expect(broken.status).toBe("ERROR_PROVIDER");
    expect(broken.details.suggestedAction).toContain("partner id, secret and app key");
    expect(
      (providerErrorOf(new FinicityUnreachableError("ECONNREFUSED")) as ProviderError).details.errorCode,
    ).toBe("PROVIDER_UNREACHABLE");
  });

  it("Finicity's 203 (MFA challenge needed) asks the user to act: ERROR_REPAIRABLE, through Connect's fix mode", () => {
    const challenged = providerErrorOf(
      new FinicityApiError(203, "MFA_CHALLENGE_NEEDED", "MFA challenge needed", null),
    ) as ProviderError;
    expect(challenged.status).toBe("ERROR_REPAIRABLE");
    expect(challenged.details).toMatchObject({
      errorType: "AGGREGATION_ERROR",
      errorCode: "MFA_CHALLENGE_NEEDED",
      displayMessage: "Please reconnect your account.",
    });
    expect(challenged.details.suggestedAction).toContain("fix mode");
  });

  it("a connection's login reference carries whether historic transactions are still to be asked for", () => {
    const ref = { customerId: "1005061234", institutionLoginId: "1007302745", loadHistory: true };
    expect(accessTokenOf(ref)).toBe("1005061234:1007302745:historic");
    expect(loginRefOf("1005061234:1007302745:historic")).toEqual(ref);
    expect(loginRefOf("1005061234:1007302745")).toEqual({ ...ref, loadHistory: false });
    expect(() => loginRefOf("1005061234:1007302745:other")).toThrow(
      "Not a Finicity institution login reference",
    );
  });
  describe("what Finicity's OpenAPI description allows (openbanking-us.yaml 1.42.0; found by schema fuzzing)", () => {
    const account = {
      id: "5011648377",
      number: "",
      accountNumberDisplay: "1234",
      name: "Checking",
      type: "checking",
      status: "active",
      customerId: "1005061234",
      institutionId: "101732",
      createdDate: 1_700_000_000,
      currency: "USD",
      institutionLoginId: 1007302745,
      balance: 10,
    };
    const transaction = {
      id: 1,
      amount: -5,
      accountId: 5011648377,
      customerId: 1005061234,
      status: "active",
      description: "COFFEE",
      createdDate: Date.UTC(2026, 10, 1) / 1000,
    };

    it("AccountType is any string: one named like Object.prototype's members is an unknown type", () => {
      for (const type of ["constructor", "toString", "__proto__", "hasOwnProperty"])
        expect(accountKindOf(type)).toEqual({ kind: "DEPOSITORY", type: "OTHER" });
    });

    it("a blank account name or currency (required strings, may be blank) falls back", () => {
      expect(accountOf({ ...account, name: "\t\n", currency: " " }, now)).toMatchObject({
        name: "Account",
        currencyCode: "USD",
      });
      expect(accountOf({ ...account, name: "", accountNickname: "Bills" }, now).name).toBe("Bills");
    });

    it("dates are int64 Unix seconds without bounds: one no calendar can hold is no date", () => {
      // balanceDate beyond JavaScript's dates (2^53 - 1 seconds), and in the year 10000.
      for (const balanceDate of [Number.MAX_SAFE_INTEGER, 253_402_300_800])
        expect(accountOf({ ...account, balanceDate }, now).balance.at).toEqual(now);
      // postedDate past JavaScript's dates (it threw a RangeError out of the sync): the next date is taken.
      expect(
        transactionOf({ ...transaction, postedDate: 8_640_000_000_001, transactionDate: 1_700_000_000 }),
      ).toMatchObject({ date: "2023-11-14" });
      // Year 56425 ("+056425-08-…" was the transaction's day): left out when no date is a day.
      expect(
        transactionOf({ ...transaction, postedDate: 1_718_452_800_000, createdDate: -62_135_596_801 }),
      ).toBeNull();
      const holding = holdingOf(
        "1",
        { symbol: "X", units: 1, currentPrice: 2, currentPriceDate: -Number.MAX_SAFE_INTEGER },
        now,
      );
      expect(holding?.at).toEqual(now);
    });

    it("units and prices are unbounded numbers: a position whose value overflows is left out", () => {
      // No marketValue, units × currentPrice = Infinity: decimalOf threw "Not a finite amount".
      expect(holdingOf("1", { symbol: "X", units: 1e300, currentPrice: 1e300 }, now)).toBeNull();
      // No currentPrice, marketValue ÷ units = Infinity.
      expect(holdingOf("1", { symbol: "X", units: 5e-324, marketValue: 1e300 }, now)).toBeNull();
    });

    it("a blank security name, symbol or currency (optional strings, may be blank) is none", () => {
      expect(
        holdingOf("1", { id: 7, symbol: " ", securityName: " ", securityCurrency: "\t", units: 1 }, now),
      ).toMatchObject({
        security: { name: "Security", isin: "FINICITY:7", currencyCode: "USD" },
        currencyCode: "USD",
      });
    });
  });
});
