import { describe, expect, it } from "vitest";
import { ProviderError, ProviderRateLimited } from "../types.ts";
import { MxApiError, MxUnreachableError } from "./client.ts";
import {
  accountKindOf,
  accountOf,
  CONNECTION_STATUSES,
  holdingOf,
  memberStatusError,
  ownerOf,
  providerErrorOf,
  statementPeriodOf,
  transactionOf,
  weftAmountOf,
} from "./mapping.ts";
import { accessTokenOf, memberRefOf } from "./provider.ts";

const now = new Date("2026-11-24T12:00:00Z");

describe("MX mapping", () => {
  it("signs amounts by transaction type: a DEBIT is money out (negative), a CREDIT money in", () => {
    expect(weftAmountOf(12.34, "DEBIT")).toBe("-12.34");
    expect(weftAmountOf(500, "CREDIT")).toBe("500");
    // MX amounts are positive; a negative one still signs by its type, and zero is unsigned.
    expect(weftAmountOf(-7.5, "DEBIT")).toBe("-7.5");
    expect(weftAmountOf(0, "DEBIT")).toBe("0");
    expect(weftAmountOf(0.1 + 0.2, "CREDIT")).toBe("0.30000000000000004");
  });

  it("maps account types and subtypes to Weft's kinds and types", () => {
    expect(accountKindOf("CHECKING", null)).toEqual({ kind: "DEPOSITORY", type: "CHECKING" });
    expect(accountKindOf("SAVINGS", "MONEY_MARKET")).toEqual({ kind: "DEPOSITORY", type: "MONEY_MARKET" });
    expect(accountKindOf("SAVINGS", "CERTIFICATE_OF_DEPOSIT")).toEqual({ kind: "DEPOSITORY", type: "CD" });
    expect(accountKindOf("CREDIT_CARD", null)).toEqual({ kind: "CREDIT", type: "CREDIT_CARD" });
    expect(accountKindOf("LOAN", "AUTO")).toEqual({ kind: "LOAN", type: "AUTO" });
    expect(accountKindOf("MORTGAGE", null)).toEqual({ kind: "LOAN", type: "MORTGAGE" });
    expect(accountKindOf("INVESTMENT", "401_K")).toEqual({ kind: "INVESTMENT", type: "RETIREMENT_401K" });
    expect(accountKindOf("INVESTMENT", "ROTH")).toEqual({ kind: "INVESTMENT", type: "IRA" });
    expect(accountKindOf("PROPERTY", null)).toEqual({ kind: "DEPOSITORY", type: "OTHER" });
    expect(accountKindOf(null, null)).toEqual({ kind: "DEPOSITORY", type: "OTHER" });
  });

  it("an account: its mask from the account number, closed when MX says so, a credit card's available credit", () => {
    const card = accountOf(
      {
        guid: "ACT-1",
        name: "Gold Card",
        account_number: "4111111111111234",
        type: "CREDIT_CARD",
        balance: 320.5,
        available_credit: 679.5,
        available_balance: null,
        credit_limit: 1000,
        currency_code: "USD",
        is_closed: true,
        updated_at: "2026-11-23T08:00:00Z",
      },
      now,
    );
    expect(card).toMatchObject({
      externalId: "ACT-1",
      name: "Gold Card",
      mask: "1234",
      kind: "CREDIT",
      type: "CREDIT_CARD",
      status: "CLOSED",
      balance: { current: "320.5", available: "679.5", limit: "1000", at: new Date("2026-11-23T08:00:00Z") },
    });
    expect(
      accountOf({ guid: "ACT-2", nickname: "Bills", name: "Checking", type: "CHECKING" }, now),
    ).toMatchObject({
      name: "Bills",
      mask: null,
      currencyCode: "USD",
      balance: { at: now, current: null },
    });
  });

  it("a transaction keeps the bank's own description and MX's status", () => {
    expect(
      transactionOf({
        guid: "TRN-1",
        account_guid: "ACT-1",
        amount: 61.11,
        type: "DEBIT",
        status: "PENDING",
        date: "2026-11-20",
        description: "Whole Foods",
        original_description: "WHOLEFDS MKT 10234 AUSTIN TX",
        currency_code: "USD",
      }),
    ).toEqual({
      accountExternalId: "ACT-1",
      externalId: "TRN-1",
      amount: "-61.11",
      currencyCode: "USD",
      date: "2026-11-20",
      description: "WHOLEFDS MKT 10234 AUSTIN TX",
      status: "PENDING",
      pendingExternalId: null,
    });
    expect(
      transactionOf({
        guid: "TRN-2",
        account_guid: "ACT-1",
        amount: 5,
        type: "CREDIT",
        transacted_at: "2026-11-01T10:00:00Z",
        description: "Refund",
      }),
    ).toMatchObject({ date: "2026-11-01", description: "Refund", status: "POSTED", amount: "5" });
  });

  it("an owner with one street address", () => {
    expect(
      ownerOf({
        owner_name: "Jane Doe",
        email: "jane@example.com",
        phone: "555-0100",
        address: "123 Main St",
        city: "Austin",
        state: "TX",
        postal_code: "78701",
        country: "US",
      }),
    ).toEqual({
      names: ["Jane Doe"],
      emails: ["jane@example.com"],
      phones: ["555-0100"],
      addresses: [
        {
          line1: "123 Main St",
          line2: null,
          city: "Austin",
          state: "TX",
          postalCode: "78701",
          countryCode: "USA",
        },
      ],
    });
    expect(ownerOf({ first_name: "Jo", last_name: "Roe" })).toEqual({
      names: ["Jo Roe"],
      emails: [],
      phones: [],
      addresses: [],
    });
  });

  it("a holding keyed by MX symbol (MX names no ISIN), its price from value when MX gives none", () => {
    const holding = holdingOf(
      {
        guid: "HOL-1",
        account_guid: "ACT-9",
        symbol: "VTI",
        description: "Vanguard Total Stock Market ETF",
        quantity: "10",
        market_value: 2500,
        cost_basis: 2000,
        holding_type: "EXCHANGE_TRADED_FUND",
        currency_code: "USD",
      },
      now,
    );
    expect(holding).toMatchObject({
      accountExternalId: "ACT-9",
      security: { isin: "MX:VTI", tickerSymbol: "VTI", type: "ETF", cusip: null },
      quantity: "10",
      price: "250",
      value: "2500",
      costBasis: "2000",
    });
  });

  it("a statement covers the month before MX fetched it", () => {
    expect(statementPeriodOf("2026-11-03T10:00:00Z", now)).toEqual({
      startOn: "2026-10-01",
      endOn: "2026-10-31",
    });
    expect(statementPeriodOf("2026-03-01T00:00:00Z", now)).toEqual({
      startOn: "2026-02-01",
      endOn: "2026-02-28",
    });
  });

  it("every MX connection status maps to a sync or to an ERROR_* status", () => {
    const expected: Record<string, string | null> = {
      CREATED: null,
      CONNECTED: null,
      RECONNECTED: null,
      UPDATED: null,
      RESUMED: null,
      DELAYED: null,
      PENDING: "ERROR_REPAIRABLE",
      PREVENTED: "ERROR_REPAIRABLE",
      DENIED: "ERROR_REPAIRABLE",
      CHALLENGED: "ERROR_REPAIRABLE",
      REJECTED: "ERROR_REPAIRABLE",
      LOCKED: "ERROR_REPAIRABLE",
      IMPEDED: "ERROR_REPAIRABLE",
      EXPIRED: "ERROR_REPAIRABLE",
      IMPAIRED: "ERROR_REPAIRABLE",
      IMPORTED: "ERROR_REPAIRABLE",
      CLOSED: "ERROR_REPAIRABLE",
      DEGRADED: "ERROR_INSTITUTION",
      DISCONNECTED: "ERROR_INSTITUTION",
      DISABLED: "ERROR_INSTITUTION",
      DISCONTINUED: "ERROR_INSTITUTION",
      FAILED: "ERROR_PROVIDER",
    };
    expect(Object.keys(CONNECTION_STATUSES).sort()).toEqual(Object.keys(expected).sort());
    for (const [code, status] of Object.entries(expected)) {
      const error = memberStatusError(code, `Message for ${code}`);
      expect(error?.status ?? null, code).toBe(status);
      if (error) {
        expect(error.details).toMatchObject({
          errorType: "MEMBER_ERROR",
          errorCode: code,
          errorMessage: `Message for ${code}`,
        });
        expect(error.details.suggestedAction).toBeTruthy();
      }
    }
    // A status MX adds later is an upstream problem, retried; no status at all is a healthy member.
    expect(memberStatusError("SOMETHING_NEW", null)?.status).toBe("ERROR_PROVIDER");
    expect(memberStatusError(null, null)).toBeNull();
  });

  it("API failures: 429 is a rate limit (Retry-After kept), 404 a member to link again, 401 and 5xx upstream trouble", () => {
    const limited = providerErrorOf(new MxApiError(429, "Too many requests", 7));
    expect(limited).toBeInstanceOf(ProviderRateLimited);
    expect((limited as ProviderRateLimited).retryAfterSeconds).toBe(7);
    expect(
      (providerErrorOf(new MxApiError(429, "slow down", null)) as ProviderRateLimited).retryAfterSeconds,
    ).toBe(60);
    const gone = providerErrorOf(new MxApiError(404, "Member not found.", null)) as ProviderError;
    expect(gone).toBeInstanceOf(ProviderError);
    expect(gone.status).toBe("ERROR_REPAIRABLE");
    expect(gone.details).toMatchObject({
      errorType: "API_ERROR",
      errorCode: "NOT_FOUND",
      errorMessage: "Member not found.",
    });
    expect((providerErrorOf(new MxApiError(401, "Unauthorized", null)) as ProviderError).status).toBe(
      "ERROR_PROVIDER",
    );
    expect(
      (providerErrorOf(new MxApiError(503, "Service Unavailable", null)) as ProviderError).details.errorCode,
    ).toBe("HTTP_503");
    expect((providerErrorOf(new MxUnreachableError("ECONNREFUSED")) as ProviderError).details.errorCode).toBe(
      "PROVIDER_UNREACHABLE",
    );
  });

  it("a connection's member reference carries the jobs it has yet to start, and nothing else", () => {
    const ref = {
      userGuid: "USR-1",
      memberGuid: "MBR-2",
      pendingJobs: ["extend_history", "verify"] as const,
    };
    expect(accessTokenOf(ref)).toBe("USR-1:MBR-2:extend_history,verify");
    expect(memberRefOf("USR-1:MBR-2:extend_history,verify")).toEqual(ref);
    expect(memberRefOf("USR-1:MBR-2")).toEqual({ userGuid: "USR-1", memberGuid: "MBR-2", pendingJobs: [] });
    expect(accessTokenOf({ ...ref, pendingJobs: [] })).toBe("USR-1:MBR-2");
    expect(() => memberRefOf("USR-1:MBR-2:delete_everything")).toThrow("Not an MX member reference");
    expect(() => memberRefOf("USR-1")).toThrow("Not an MX member reference");
  });
});
