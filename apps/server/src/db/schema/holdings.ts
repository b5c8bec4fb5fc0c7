import { index, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.ts";
import { createdAt, idColumn, instant, updatedAt } from "./columns.ts";

export const SECURITY_TYPES = ["EQUITY", "ETF", "MUTUAL_FUND", "FIXED_INCOME", "CASH", "OTHER"] as const;
export type SecurityType = (typeof SECURITY_TYPES)[number];

/** Public reference data (not tenant data): one row per ISIN, shared by every holding of it. */
export const securities = pgTable("securities", {
  id: idColumn(),
  name: text("name").notNull(),
  tickerSymbol: text("ticker_symbol"),
  cusip: text("cusip"),
  isin: text("isin").notNull().unique(),
  type: text("type").$type<SecurityType>().notNull(),
  currencyCode: text("currency_code").notNull(),
  createdAt: createdAt(),
});

export const holdings = pgTable(
  "holdings",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    securityId: text("security_id")
      .notNull()
      .references(() => securities.id),
    quantity: numeric("quantity").notNull(),
    price: numeric("price").notNull(),
    value: numeric("value").notNull(),
    costBasis: numeric("cost_basis"),
    currencyCode: text("currency_code").notNull(),
    /** When the provider priced the position. */
    at: instant("at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("holdings_account_security_idx").on(t.accountId, t.securityId),
    index("holdings_security_idx").on(t.securityId),
  ],
);
