import type {
  accounts,
  balances,
  holdings,
  securities,
  statements,
  transactions,
} from "../../db/schema/index.ts";
import { jsonString } from "../../http/json-text.ts";
import type { AccountView, BalanceView, HoldingView, TransactionView } from "./schemas.ts";

export type AccountRow = typeof accounts.$inferSelect;
export type BalanceRow = typeof balances.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
export type HoldingRow = typeof holdings.$inferSelect;
export type SecurityRow = typeof securities.$inferSelect;
export type StatementRow = typeof statements.$inferSelect;

/** NUMERIC text from the database to a JSON number: a conversion, never arithmetic. */
const toNumber = (value: string | null) => (value === null ? null : Number(value));

export const toBalanceView = (row: BalanceRow): BalanceView => ({
  id: row.id,
  accountId: row.accountId,
  at: row.at.toISOString(),
  available: toNumber(row.available),
  current: toNumber(row.current),
  limit: toNumber(row.limit),
  source: row.source,
});

export const toAccountView = (row: AccountRow, balance: BalanceRow | null = null): AccountView => ({
  id: row.id,
  connectionId: row.connectionId,
  profileId: row.profileId,
  name: row.name,
  mask: row.mask,
  kind: row.kind,
  type: row.type,
  state: row.state,
  providerStatus: row.providerStatus,
  currencyCode: row.currencyCode,
  metadata: row.metadata,
  balance: balance ? toBalanceView(balance) : null,
  createdAt: row.createdAt.toISOString(),
});

export const toTransactionView = (row: TransactionRow): TransactionView => ({
  id: row.id,
  accountId: row.accountId,
  amount: Number(row.amount),
  entryType: row.entryType,
  currencyCode: row.currencyCode,
  date: row.date,
  description: row.description,
  status: row.status,
  pendingTransactionId: row.pendingTransactionId,
  enrichment: row.enrichment ?? null,
  metadata: row.metadata ?? null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * A transaction's columns as the transactions page reads them: each already the text its JSON
 * needs (jsonb as its JSON text, the creation time as ISO 8601), so a page is written out
 * without parsing 100 rows into objects and serialising them back. `transactionsPageJson`
 * renders exactly what `toTransactionView` and the Transaction schema give, field for field.
 */
export type TransactionText = {
  id: string;
  accountId: string;
  amount: string;
  entryType: string;
  currencyCode: string;
  date: string;
  description: string;
  status: string;
  pendingTransactionId: string | null;
  enrichment: string | null;
  metadata: string | null;
  createdAt: string;
};

/** A page of transactions as the JSON array the API answers, in the Transaction schema's key order. */
export function transactionsPageJson(rows: TransactionText[]): string {
  let json = "[";
  for (const [i, r] of rows.entries()) {
    if (i > 0) json += ",";
    json +=
      `{"id":${jsonString(r.id)},"accountId":${jsonString(r.accountId)},` +
      `"amount":${JSON.stringify(Number(r.amount))},"entryType":${jsonString(r.entryType)},` +
      `"currencyCode":${jsonString(r.currencyCode)},"date":${jsonString(r.date)},` +
      `"description":${jsonString(r.description)},"status":${jsonString(r.status)},` +
      `"pendingTransactionId":${jsonString(r.pendingTransactionId)},` +
      `"enrichment":${r.enrichment ?? "null"},"metadata":${r.metadata ?? "null"},` +
      `"createdAt":${jsonString(r.createdAt)}}`;
  }
  return `${json}]`;
}

/** Securities without an ISIN are stored under a provider key (see ProviderSecurity.isin). */
const isIsin = (value: string) => /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/.test(value);

export const toHoldingView = (row: HoldingRow, security: SecurityRow): HoldingView => ({
  id: row.id,
  accountId: row.accountId,
  security: {
    id: security.id,
    name: security.name,
    tickerSymbol: security.tickerSymbol,
    cusip: security.cusip,
    isin: isIsin(security.isin) ? security.isin : null,
    type: security.type,
    currencyCode: security.currencyCode,
  },
  quantity: Number(row.quantity),
  price: Number(row.price),
  value: Number(row.value),
  costBasis: toNumber(row.costBasis),
  currencyCode: row.currencyCode,
  at: row.at.toISOString(),
});

/** A statement as events carry it: without the signed link, which would expire in the queue. */
export const toStatementEventRecord = (row: StatementRow) => ({
  id: row.id,
  accountId: row.accountId,
  startOn: row.startOn,
  endOn: row.endOn,
});
