import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { idColumn, instant } from "./columns.ts";
import { environments } from "./environments.ts";

export type EventProfile = { id: string; uuid: string; metadata: Record<string, string> | null };

/**
 * The durable event log. Rows are written in the same transaction as the change they
 * describe and keep a snapshot of the profile, so they outlive a deleted profile.
 */
export const events = pgTable(
  "events",
  {
    id: idColumn(),
    environmentId: text("environment_id")
      .notNull()
      .references(() => environments.id),
    profileId: text("profile_id"),
    type: text("type").notNull(),
    profile: jsonb("profile").$type<EventProfile | null>(),
    record: jsonb("record").$type<Record<string, unknown>>().notNull(),
    metadata: jsonb("metadata").$type<Record<string, unknown> | null>(),
    at: instant("at").notNull().defaultNow(),
  },
  (t) => [index("events_environment_at_idx").on(t.environmentId, t.at)],
);
