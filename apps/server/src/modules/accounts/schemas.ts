import { type Static, Type } from "typebox";
import {
  ACCOUNT_KINDS,
  ACCOUNT_STATES,
  ACCOUNT_TYPES,
  BALANCE_SOURCES,
  ENTRY_TYPES,
  PROVIDER_ACCOUNT_STATUSES,
  SECURITY_TYPES,
  TRANSACTION_STATUSES,
} from "../../db/schema/index.ts";
import { PaginationQuery } from "../../http/pagination.ts";
import { DateTime, Metadata, Nullable } from "../../http/schemas.ts";

const Money = (description: string, example: number) => Type.Number({ description, examples: [example] });
const Day = (description: string) => Type.String({ format: "date", description, examples: ["2025-01-31"] });

export const Balance = Type.Object(
  {
    id: Type.String({ examples: ["bal_01jd8x0m6e9q7v2c5b4n3k1h0g"] }),
    accountId: Type.String(),
    at: DateTime("When the institution reported the balance."),
    available: Nullable(
      Money("Spendable now: current less pending debits (credit cards: credit left).", 1180.45),
    ),
    current: Nullable(
      Money(
        "Posted balance. For credit cards and loans, the amount owed (positive while something is owed).",
        1245.95,
      ),
    ),
    limit: Nullable(Money("Credit limit, for credit accounts.", 5000)),
    source: Type.Enum(BALANCE_SOURCES, {
      type: "string",
      description: "INITIAL (first sync), SYNC (a later sync), REFRESH (an on-demand refresh).",
    }),
  },
  { title: "Balance" },
);
export type BalanceView = Static<typeof Balance>;

export const Account = Type.Object(
  {
    id: Type.String({ examples: ["acct_01jd8x0m6e9q7v2c5b4n3k1h0g"] }),
    connectionId: Type.String(),
    profileId: Type.String(),
    name: Type.String({ examples: ["Everyday Checking"] }),
    mask: Nullable(
      Type.String({ description: "Last 4 characters of the account number.", examples: ["1234"] }),
    ),
    kind: Type.Enum(ACCOUNT_KINDS, { type: "string" }),
    type: Type.Enum(ACCOUNT_TYPES, { type: "string" }),
    state: Type.Enum(ACCOUNT_STATES, {
      type: "string",
      description: "CLOSED accounts are no longer synced.",
    }),
    providerStatus: Type.Enum(PROVIDER_ACCOUNT_STATUSES, {
      type: "string",
      description: "The account's status as the provider reports it.",
    }),
    currencyCode: Type.String({ description: "ISO-4217.", examples: ["USD"] }),
    metadata: Nullable(Metadata),
    balance: Nullable(Balance),
    createdAt: DateTime("When the account was first synced."),
  },
  { title: "Account" },
);
export type AccountView = Static<typeof Account>;

export const TransactionEnrichment = Type.Object(
  {
    merchant: Nullable(Type.String({ examples: ["Blue Bottle Coffee"] })),
    merchantId: Nullable(Type.String({ examples: ["mer_blue-bottle-coffee"] })),
    website: Nullable(Type.String({ examples: ["bluebottlecoffee.com"] })),
    logo: Nullable(
      Type.String({
        description: "Weft's own logo for the merchant.",
        examples: ["http://127.0.0.1:3000/v1/enrichment/logos/blue-bottle-coffee.svg"],
      }),
    ),
    categories: Type.Object({
      general: Nullable(
        Type.String({
          description: "One of Plaid's 16 primary personal-finance categories.",
          examples: ["FOOD_AND_DRINK"],
        }),
      ),
      detailed: Nullable(Type.String({ examples: ["FOOD_AND_DRINK_COFFEE"] })),
      accounting: Type.String({ examples: ["operational expenses"] }),
    }),
    counterparty: Nullable(
      Type.Object({
        id: Type.String({ examples: ["mer_blue-bottle-coffee"] }),
        name: Type.String({ examples: ["Blue Bottle Coffee"] }),
        type: Type.Enum(["person", "organization"], { type: "string", examples: ["organization"] }),
      }),
    ),
    person: Type.Union([Type.String(), Type.Null()], {
      description: "The person paid or paying, for a transfer between people.",
      examples: [null],
    }),
    intermediaries: Type.Array(Type.String(), { examples: [["Square"]] }),
    location: Nullable(Type.String({ examples: ["Oakland, CA"] })),
  },
  {
    title: "TransactionEnrichment",
    description:
      "What Weft's enrichment engine made of the description (see POST /v1/remote/enrichment/sync).",
  },
);

export const Transaction = Type.Object(
  {
    id: Type.String({ examples: ["txn_01jd8x0m6e9q7v2c5b4n3k1h0g"] }),
    accountId: Type.String(),
    amount: Money("Signed: positive is money in (CREDIT), negative money out (DEBIT).", -6.5),
    entryType: Type.Enum(ENTRY_TYPES, { type: "string" }),
    currencyCode: Type.String({ examples: ["USD"] }),
    date: Day("Posting date; for a pending transaction, the day it was authorized."),
    description: Type.String({ examples: ["SQ *BLUE BOTTLE COFFEE"] }),
    status: Type.Enum(TRANSACTION_STATUSES, { type: "string" }),
    pendingTransactionId: Nullable(
      Type.String({ description: "On a posted transaction: the id of the pending one it replaced." }),
    ),
    enrichment: Nullable(TransactionEnrichment),
    metadata: Nullable(Metadata),
    createdAt: DateTime("When the transaction was first synced."),
  },
  { title: "Transaction" },
);
export type TransactionView = Static<typeof Transaction>;

export const Security = Type.Object(
  {
    id: Type.String({ examples: ["sec_01jd8x0m6e9q7v2c5b4n3k1h0g"] }),
    name: Type.String({ examples: ["Vanguard Total Stock Market ETF"] }),
    tickerSymbol: Nullable(Type.String({ examples: ["VTI"] })),
    cusip: Nullable(Type.String({ examples: ["922908769"] })),
    isin: Nullable(
      Type.String({
        description: "Null for securities without an ISIN (cash, some funds).",
        examples: ["US9229087690"],
      }),
    ),
    type: Type.Enum(SECURITY_TYPES, { type: "string" }),
    currencyCode: Type.String({ examples: ["USD"] }),
  },
  { title: "Security" },
);

export const Holding = Type.Object(
  {
    id: Type.String({ examples: ["hld_01jd8x0m6e9q7v2c5b4n3k1h0g"] }),
    accountId: Type.String(),
    security: Security,
    quantity: Type.Number({ description: "Shares held, up to 6 decimals.", examples: [12.5] }),
    price: Money("Price per share.", 187.2),
    value: Money("quantity × price.", 2340),
    costBasis: Nullable(Money("What the position cost.", 1980.75)),
    currencyCode: Type.String({ examples: ["USD"] }),
    at: DateTime("When the position was priced."),
  },
  { title: "Holding" },
);
export type HoldingView = Static<typeof Holding>;

export const Statement = Type.Object(
  {
    id: Type.String({ examples: ["stmt_01jd8x0m6e9q7v2c5b4n3k1h0g"] }),
    accountId: Type.String(),
    startOn: Day("First day of the period."),
    endOn: Day("Last day of the period."),
    url: Type.String({ format: "uri", description: "The PDF. The link is signed and expires after 1 hour." }),
  },
  { title: "Statement" },
);
export type StatementView = Static<typeof Statement>;

export const AchNumbers = Type.Object(
  {
    accountId: Type.String(),
    number: Type.String({
      minLength: 4,
      maxLength: 17,
      description: "The account number.",
      examples: ["1111222233"],
    }),
    routing: Type.String({
      pattern: "^[0-9]{9}$",
      description: "ABA routing number.",
      examples: ["110000615"],
    }),
  },
  { title: "ACHNumbers" },
);

export const AccountOwner = Type.Object(
  {
    names: Type.Array(Type.String(), { examples: [["Ada Lovelace"]] }),
    emails: Type.Array(Type.String(), { examples: [["ada@example.com"]] }),
    phones: Type.Array(Type.String(), { examples: [["+14155552671"]] }),
    addresses: Type.Array(
      Type.Object({
        line1: Type.String({ examples: ["1 Market St"] }),
        line2: Nullable(Type.String({ examples: ["Suite 300"] })),
        city: Type.String({ examples: ["San Francisco"] }),
        state: Type.String({ examples: ["CA"] }),
        postalCode: Type.String({ examples: ["94105"] }),
        countryCode: Type.String({ examples: ["USA"] }),
      }),
    ),
  },
  { title: "AccountOwner" },
);

export const AccountIdParams = Type.Object({
  accountId: Type.String({ description: "The account's id (acct_…)." }),
});

export const TransactionsQuery = Type.Object({
  // The one pagination every list takes (page at most 1,000,000): a bigger page overflowed the offset.
  ...PaginationQuery.properties,
  startDate: Type.Optional(
    Type.String({ format: "date", description: "Only transactions dated on or after." }),
  ),
  endDate: Type.Optional(
    Type.String({ format: "date", description: "Only transactions dated on or before." }),
  ),
  status: Type.Optional(
    Type.Enum(TRANSACTION_STATUSES, { type: "string", description: "Only this status." }),
  ),
  category: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 80,
      description:
        "Only this enrichment category, general (FOOD_AND_DRINK) or detailed (FOOD_AND_DRINK_COFFEE).",
    }),
  ),
  counterparty: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: "Only this counterparty: its id, or its name (any case).",
    }),
  ),
});
export type TransactionsFilter = Static<typeof TransactionsQuery>;
