import { describe, expect, it } from "vitest";
import { decimalOf } from "../money.ts";
import { ProviderError, ProviderRateLimited } from "../types.ts";
import {
  accountKindOf,
  ownerOf,
  providerErrorOf,
  statusOfPlaidError,
  transactionOf,
  weftAmountOf,
} from "./mapping.ts";

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

  it("keeps the bank's own description, the status, the currency and the pending link", () => {
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
