/**
 * Payment and data processors a processor token can be issued to (about sixty, as aggregation
 * platforms list them), and who may issue one. MOCK is the sandbox processor.
 */
export const PROCESSORS = [
  "ACHQ",
  "ADYEN",
  "AEROPAY",
  "ALPACA",
  "APEX_CLEARING",
  "ASTRA",
  "ATOMIC",
  "BOND",
  "CHECKBOOK",
  "CHECKOUT",
  "CIRCLE",
  "COLUMN",
  "CROSS_RIVER",
  "CURRENCYCLOUD",
  "DOLLA",
  "DRIVEWEALTH",
  "DWOLLA",
  "EARNEST",
  "EVOLVE",
  "FINIX",
  "FLEX",
  "FORTRESS_TRUST",
  "GALILEO",
  "GEMINI",
  "GUSTO",
  "HIGHNOTE",
  "INCREASE",
  "JPMORGAN_PAYMENTS",
  "KHEPRI",
  "LITHIC",
  "LOANPRO",
  "MARQETA",
  "MERCURY",
  "MOCK",
  "MODERN_TREASURY",
  "MOOV",
  "NOVA_CREDIT",
  "NUMERATED",
  "OCROLUS",
  "ORUM",
  "PAYNOTE",
  "PAYSCAPE",
  "PRIME_TRUST",
  "PROMISE",
  "RAILSR",
  "RIPPLING",
  "RIZE",
  "ROUTEFUSION",
  "SILA_MONEY",
  "SOLID",
  "STRADDLE",
  "STRIPE",
  "SYNCTERA",
  "TABAPAY",
  "TREASURY_PRIME",
  "UNIT",
  "USIO",
  "VESTA",
  "VOPAY",
  "WEDBUSH",
  "ZERO_HASH",
] as const;
export type Processor = (typeof PROCESSORS)[number];

/** WEFT issues tokens for its own connections; MX and PLAID for connections they provide. */
export const ISSUERS = ["WEFT", "MX", "PLAID"] as const;
export type Issuer = (typeof ISSUERS)[number];

export const isProcessor = (value: string): value is Processor =>
  (PROCESSORS as readonly string[]).includes(value);
export const isIssuer = (value: string): value is Issuer => (ISSUERS as readonly string[]).includes(value);
