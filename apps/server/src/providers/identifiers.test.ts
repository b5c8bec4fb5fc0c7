import { describe, expect, it } from "vitest";
import {
  cusipCheckDigit,
  isinCheckDigit,
  isinFromCusip,
  isValidCusip,
  isValidIsin,
  isValidRoutingNumber,
  routingCheckDigit,
} from "./identifiers.ts";
import { centsToDecimal, decimalToCents } from "./money.ts";

describe("ABA routing numbers", () => {
  it("accepts real routing numbers and refuses a wrong check digit or length", () => {
    expect(isValidRoutingNumber("021000021")).toBe(true);
    expect(isValidRoutingNumber("011000015")).toBe(true);
    expect(isValidRoutingNumber("021000022")).toBe(false);
    expect(isValidRoutingNumber("02100002")).toBe(false);
    expect(isValidRoutingNumber("0210000211")).toBe(false);
    expect(isValidRoutingNumber("02100002a")).toBe(false);
  });

  it("computes the check digit that makes a prefix valid", () => {
    expect(routingCheckDigit("02100002")).toBe("1");
    for (const prefix of ["11000061", "26107329", "09185526"]) {
      expect(isValidRoutingNumber(prefix + routingCheckDigit(prefix))).toBe(true);
    }
  });
});

describe("CUSIP and ISIN", () => {
  it("computes the check digits of known securities", () => {
    expect(cusipCheckDigit("03783310")).toBe("0"); // Apple 037833100
    expect(cusipCheckDigit("59491810")).toBe("4"); // Microsoft 594918104
    expect(cusipCheckDigit("67066G10")).toBe("4"); // NVIDIA 67066G104
    expect(isinFromCusip("037833100")).toBe("US0378331005");
    expect(isinFromCusip("594918104")).toBe("US5949181045");
    expect(isinCheckDigit("US922908769")).toBe("0");
  });

  it("validates whole identifiers", () => {
    expect(isValidCusip("037833100")).toBe(true);
    expect(isValidCusip("037833101")).toBe(false);
    expect(isValidIsin("US0378331005")).toBe(true);
    expect(isValidIsin("US0378331006")).toBe(false);
  });
});

describe("money", () => {
  it("formats cents as decimal strings and back without floating point", () => {
    expect(centsToDecimal(123456)).toBe("1234.56");
    expect(centsToDecimal(-5)).toBe("-0.05");
    expect(centsToDecimal(0)).toBe("0.00");
    expect(decimalToCents("1234.56")).toBe(123456);
    expect(decimalToCents("-0.5")).toBe(-50);
    expect(decimalToCents("7")).toBe(700);
    expect(() => decimalToCents("1.234")).toThrow();
    expect(() => centsToDecimal(1.5)).toThrow();
  });
});
