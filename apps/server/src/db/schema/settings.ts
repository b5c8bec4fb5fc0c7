import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";

/** Deployment-wide facts, one row each (e.g. the check value of the encryption key). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});
