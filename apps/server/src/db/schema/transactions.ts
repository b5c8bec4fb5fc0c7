import { date, index, integer, json, jsonb, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.ts";
import { createdAt, idColumn, updatedAt } from "./columns.ts";

export const TRANSACTION_STATUSES = ["PENDING", "MEMO", "POSTED", "AUTHORIZATION"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const ENTRY_TYPES = ["CREDIT", "DEBIT"] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

/** The enrichment kept on a transaction (recurrence is judged on request, over the profile's history). */
export type StoredEnrichment = {
  merchant: string | null;
  merchantId: string | null;
  website: string | null;
  logo: string | null;
  categories: { general: string | null; detailed: string | null; accounting: string };
  counterparty: { id: string; name: string; type: "person" | "organization" } | null;
  person: string | null;
  intermediaries: string[];
  location: string | null;
};

export const transactions = pgTable(
  "transactions",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The provider's id: a re-sync upserts by it, so it never duplicates. */
    externalId: text("external_id").notNull(),
    /** Signed: positive is money in (CREDIT), negative money out (DEBIT). */
    amount: numeric("amount").notNull(),
    entryType: text("entry_type").$type<EntryType>().notNull(),
    currencyCode: text("currency_code").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    description: text("description").notNull(),
    status: text("status").$type<TransactionStatus>().notNull(),
    /** On a posted transaction: the id the pending transaction it replaced had. */
    pendingTransactionId: text("pending_transaction_id"),
    /**
     * What the provider said of the merchant, when it said (Plaid's `merchant_name`, Finicity's
     * normalized payee, the MCC of MX, Finicity and Akoya): read by the enrichment with the
     * description, now and when it is enriched again.
     */
    providerMerchantName: text("provider_merchant_name"),
    providerMcc: integer("provider_mcc"),
    /**
     * What the enrichment engine made of the description, written with the transaction. `json`, not
     * `jsonb`: kept as the text written, so a page answers it without PostgreSQL rebuilding it.
     */
    enrichment: json("enrichment").$type<StoredEnrichment | null>(),
    /** The catalogue version that enrichment came from: an older one is re-enriched in the background. */
    enrichmentVersion: text("enrichment_version"),
    /** Your own key-value pairs (PATCH /v1/transactions/{id}); a re-sync leaves them alone. */
    metadata: jsonb("metadata").$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("transactions_account_external_idx").on(t.accountId, t.externalId),
    // Pages are read newest first by (date, id) within an account; the index serves every page.
    index("transactions_account_date_idx").on(t.accountId, t.date, t.id),
    index("transactions_account_status_date_idx").on(t.accountId, t.status, t.date, t.id),
  ],
);
