import { text, timestamp } from "drizzle-orm/pg-core";

/** Column helpers shared by every table, so ids and times look the same everywhere. */
export const idColumn = () => text("id").primaryKey();
export const createdAt = () =>
  timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
