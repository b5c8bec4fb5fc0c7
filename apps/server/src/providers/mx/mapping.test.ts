import { describe, expect, it } from "vitest";
import { institutionOf } from "../../modules/mx/institutions.ts";
import { ProviderError, ProviderRateLimited } from "../types.ts";
import { MxApiError, MxUnreachableError } from "./client.ts";
import {
  accountKindOf,
  accountOf,
  achNumbersOf,
  balanceOf,
  CONNECTION_STATUSES,
  holdingOf,
  memberStatusError,
  numberOfText,
  ownerOf,
  providerErrorOf,
  statementPeriodOf,
  transactionDayOf,
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
        merchant_category_code: 5411,
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
      mcc: 5411,
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
    ).toMatchObject({ date: "2026-11-01", description: "Refund", status: "POSTED", amount: "5", mcc: null });
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

/**
 * What MX's OpenAPI description (v20111101) allows and Weft mishandled, found by schema fuzzing
 * (mapping.fuzz.test.ts): nearly every field is a nullable string or number with no format or enum.
 */
describe("MX mapping on what MX's description allows", () => {
  const holding = { guid: "HOL-1", account_guid: "ACT-1", symbol: "VTI", quantity: "10", market_value: 2500 };

  it("a date-time (a plain string) with a leap second, or one that is none, dates a balance or a price as the minute's last instant, or now", () => {
    expect(balanceOf({ guid: "ACT-1", updated_at: "2016-12-31T23:59:60Z" }, now).at).toEqual(
      new Date("2016-12-31T23:59:59.999Z"),
    );
    expect(balanceOf({ guid: "ACT-1", updated_at: "yesterday" }, now).at).toEqual(now);
    expect(holdingOf({ ...holding, current_price_as_of: "2035-06-30T23:59:60Z" }, now)?.at).toEqual(
      new Date("2035-06-30T23:59:59.999Z"),
    );
    expect(holdingOf({ ...holding, current_price_as_of: "" }, now)?.at).toEqual(now);
  });

  it("types, subtypes, holding types, countries and statuses are any string: Object.prototype's names are unknown ones", () => {
    expect(accountKindOf("constructor", null)).toEqual({ kind: "DEPOSITORY", type: "OTHER" });
    expect(accountKindOf("__proto__", null)).toEqual({ kind: "DEPOSITORY", type: "OTHER" });
    expect(accountKindOf("CHECKING", "toString")).toEqual({ kind: "DEPOSITORY", type: "CHECKING" });
    expect(holdingOf({ ...holding, holding_type: "valueOf" }, now)?.security.type).toBe("OTHER");
    expect(ownerOf({ address: "1 Main St", country: "constructor" }).addresses[0]?.countryCode).toBe(
      "constructor",
    );
    // A member in an unknown status is not synced as a healthy one.
    expect(memberStatusError("constructor", null)?.status).toBe("ERROR_PROVIDER");
    expect(memberStatusError("toString", null)?.details.errorCode).toBe("toString");
  });

  it("a blank string is no value: names, currencies, statuses and ACH numbers fall back as for null", () => {
    const account = accountOf({ guid: "ACT-1", nickname: " ", name: "Checking", currency_code: "\t" }, now);
    expect(account).toMatchObject({ name: "Checking", currencyCode: "USD" });
    expect(accountOf({ guid: "ACT-1", nickname: "", name: " " }, now).name).toBe("Account");
    expect(
      transactionOf({ guid: "TRN-1", account_guid: "ACT-1", date: "2026-11-02", currency_code: " " }),
    ).toMatchObject({ currencyCode: "USD" });
    const security = holdingOf({ ...holding, description: " ", currency_code: "" }, now);
    expect(security).toMatchObject({ currencyCode: "USD", security: { name: "VTI", currencyCode: "USD" } });
    // A blank status says nothing, as null does (the member syncs); never a blank error code.
    expect(memberStatusError(" ", null)).toBeNull();
    expect(
      achNumbersOf({ account_guid: "ACT-1", account_number: " ", routing_number: "091000019" }),
    ).toBeNull();
    expect(
      achNumbersOf({ account_guid: "ACT-1", account_number: "1234", routing_number: "\t\n" }),
    ).toBeNull();
    // MX's own check failed: no numbers to pay with; not said (null) is no failure.
    expect(
      achNumbersOf({
        account_guid: "ACT-1",
        account_number: "1234567",
        routing_number: "091000019",
        passed_validation: false,
      }),
    ).toBeNull();
    expect(
      achNumbersOf({
        account_guid: "ACT-1",
        account_number: "1234567",
        routing_number: "091000019",
        passed_validation: null,
      }),
    ).toMatchObject({ number: "1234567", routing: "091000019" });
    expect(institutionOf({ code: "mxbank", name: " " })?.name).toBe("mxbank");
    expect(institutionOf({ code: "mxbank", name: "MX Bank", is_disabled_by_client: true })).toBeNull();
  });

  it("a transaction's date (a plain string) that is no day gives way to transacted_at's or posted_at's; none is no day", () => {
    expect(transactionDayOf({ date: "2024-12-20", transacted_at: "2024-12-19T12:00:00Z" })).toBe(
      "2024-12-20",
    );
    expect(transactionDayOf({ date: "", transacted_at: "2024-12-19T23:30:00-05:00" })).toBe("2024-12-19");
    expect(transactionDayOf({ date: "USD", transacted_at: null, posted_at: "2024-12-21T12:00:00Z" })).toBe(
      "2024-12-21",
    );
    expect(transactionDayOf({ date: "2023-02-30", posted_at: "2024-12-21x" })).toBeNull();
    expect(transactionDayOf({})).toBeNull();
    expect(
      transactionOf({ guid: "TRN-1", account_guid: "ACT-1", date: null, posted_at: "2024-12-21T08:00:00Z" })
        .date,
    ).toBe("2024-12-21");
  });

  it('a holding\'s quantity is a string ("5000.0"): read as a number, and a holding whose quantity is none, or with no symbol or guid, is left out', () => {
    expect(holdingOf({ ...holding, quantity: "5000.0" }, now)?.quantity).toBe("5000");
    expect(holdingOf({ ...holding, quantity: " 12.5 " }, now)?.quantity).toBe("12.5");
    expect(holdingOf({ ...holding, quantity: null }, now)?.quantity).toBe("0");
    expect(numberOfText("1e-7")).toBe(1e-7);
    expect(numberOfText("0x10")).toBeNull();
    expect(holdingOf({ ...holding, quantity: "Zoë's Café Nº 5" }, now)).toBeNull();
    expect(holdingOf({ ...holding, quantity: "1e400" }, now)).toBeNull();
    // Its security would share the key "MX:undefined" with every other such holding.
    expect(holdingOf({ ...holding, symbol: null, guid: null }, now)).toBeNull();
    expect(holdingOf({ ...holding, symbol: " ", guid: "HOL-1" }, now)?.security.isin).toBe("MX:HOL-1");
  });

  it("prices at a double's edges: a value over a tiny quantity beyond range is no price, a huge one is not rounded", () => {
    const derived = holdingOf(
      { ...holding, quantity: "1e-300", market_value: 1e300, current_price: null },
      now,
    );
    expect(derived).toMatchObject({ price: "0", value: BigInt(1e300).toString() });
    const huge = holdingOf({ ...holding, current_price: 1.7976931348623157e308 }, now);
    expect(huge?.price).toBe(BigInt(1.7976931348623157e308).toString());
  });

  it("a statement's created_at that is no date-time dates it by now; one fetched in year 1's January has no month before", () => {
    expect(statementPeriodOf("🏦💸🧾", now)).toEqual({ startOn: "2026-10-01", endOn: "2026-10-31" });
    expect(statementPeriodOf("", now)).toEqual({ startOn: "2026-10-01", endOn: "2026-10-31" });
    // Years 1-99 are themselves (Date.UTC read them as 1901-1999).
    expect(statementPeriodOf("0050-03-10T00:00:00Z", now)).toEqual({
      startOn: "0050-02-01",
      endOn: "0050-02-28",
    });
    expect(statementPeriodOf("0001-01-15T00:00:00Z", now)).toBeNull();
  });
});
