import { date, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.ts";
import { createdAt, idColumn } from "./columns.ts";

/** A monthly statement; the PDF is fetched from the provider when the signed link is followed. */
export const statements = pgTable(
  "statements",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    externalId: text("external_id").notNull(),
    startOn: date("start_on", { mode: "string" }).notNull(),
    endOn: date("end_on", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("statements_account_external_idx").on(t.accountId, t.externalId),
    index("statements_account_end_idx").on(t.accountId, t.endOn, t.id),
  ],
);
