import type { SecurityType } from "../../db/schema/index.ts";
import { daysBetween } from "../dates.ts";
import { cusipCheckDigit, isinFromCusip } from "../identifiers.ts";

/**
 * Real securities (their real CUSIPs, check digits computed) with a made-up but deterministic
 * price history: a function of the day alone, so every sync prices a day the same way.
 */
type SecuritySpec = {
  ticker: string;
  name: string;
  cusipBase: string;
  type: SecurityType;
  /** Price on 2020-01-01, in cents. */
  basePriceCents: number;
  /** Yearly drift of the price. */
  drift: number;
  /** Dividend per share paid each quarter, in cents (0: none). */
  quarterlyDividendCents: number;
};

const SPECS: SecuritySpec[] = [
  {
    ticker: "VTI",
    name: "Vanguard Total Stock Market ETF",
    cusipBase: "92290876",
    type: "ETF",
    basePriceCents: 16500,
    drift: 0.1,
    quarterlyDividendCents: 92,
  },
  {
    ticker: "VOO",
    name: "Vanguard S&P 500 ETF",
    cusipBase: "92290836",
    type: "ETF",
    basePriceCents: 30000,
    drift: 0.11,
    quarterlyDividendCents: 155,
  },
  {
    ticker: "VXUS",
    name: "Vanguard Total International Stock ETF",
    cusipBase: "92190976",
    type: "ETF",
    basePriceCents: 5700,
    drift: 0.03,
    quarterlyDividendCents: 42,
  },
  {
    ticker: "BND",
    name: "Vanguard Total Bond Market ETF",
    cusipBase: "92193783",
    type: "ETF",
    basePriceCents: 8400,
    drift: -0.01,
    quarterlyDividendCents: 58,
  },
  {
    ticker: "SCHD",
    name: "Schwab U.S. Dividend Equity ETF",
    cusipBase: "80852479",
    type: "ETF",
    basePriceCents: 5800,
    drift: 0.06,
    quarterlyDividendCents: 63,
  },
  {
    ticker: "AAPL",
    name: "Apple Inc.",
    cusipBase: "03783310",
    type: "EQUITY",
    basePriceCents: 7500,
    drift: 0.2,
    quarterlyDividendCents: 24,
  },
  {
    ticker: "MSFT",
    name: "Microsoft Corporation",
    cusipBase: "59491810",
    type: "EQUITY",
    basePriceCents: 16000,
    drift: 0.19,
    quarterlyDividendCents: 75,
  },
  {
    ticker: "NVDA",
    name: "NVIDIA Corporation",
    cusipBase: "67066G10",
    type: "EQUITY",
    basePriceCents: 600,
    drift: 0.55,
    quarterlyDividendCents: 1,
  },
  {
    ticker: "AMZN",
    name: "Amazon.com, Inc.",
    cusipBase: "02313510",
    type: "EQUITY",
    basePriceCents: 9400,
    drift: 0.1,
    quarterlyDividendCents: 0,
  },
  {
    ticker: "GOOGL",
    name: "Alphabet Inc. Class A",
    cusipBase: "02079K30",
    type: "EQUITY",
    basePriceCents: 6800,
    drift: 0.17,
    quarterlyDividendCents: 20,
  },
];

export type SandboxSecurity = SecuritySpec & { cusip: string; isin: string };

export const SECURITIES: SandboxSecurity[] = SPECS.map((spec) => {
  const cusip = spec.cusipBase + cusipCheckDigit(spec.cusipBase);
  return { ...spec, cusip, isin: isinFromCusip(cusip) };
});

export const securityByTicker = (ticker: string): SandboxSecurity => {
  const found = SECURITIES.find((s) => s.ticker === ticker);
  if (!found) throw new Error(`No sandbox security ${ticker}`);
  return found;
};

/** A stable number in [-1, 1) from a string: day-to-day noise that needs no random stream. */
function noise(key: string): number {
  let hash = 2166136261;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619);
  return ((hash >>> 0) / 4294967296) * 2 - 1;
}

/** The closing price on `day`, in whole cents: trend, two slow cycles and daily noise. */
export function priceCents(security: SandboxSecurity, day: string): number {
  const years = daysBetween("2020-01-01", day) / 365.25;
  const phase = noise(security.ticker) * Math.PI;
  const cycles =
    1 +
    0.07 * Math.sin((2 * Math.PI * years) / 0.8 + phase) +
    0.03 * Math.sin((2 * Math.PI * years) / 0.15 + phase);
  const daily = 1 + 0.012 * noise(`${security.ticker}:${day}`);
  return Math.max(100, Math.round(security.basePriceCents * (1 + security.drift) ** years * cycles * daily));
}
