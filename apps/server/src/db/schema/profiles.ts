import { date, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idColumn, instant, updatedAt } from "./columns.ts";
import { environments } from "./environments.ts";

export type ProfileAddress = {
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  postalCode: string;
  countryCode: "USA";
};

export const profiles = pgTable(
  "profiles",
  {
    id: idColumn(),
    environmentId: text("environment_id")
      .notNull()
      .references(() => environments.id),
    uuid: text("uuid").notNull(),
    email: text("email"),
    phone: text("phone"),
    name: text("name"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    address: jsonb("address").$type<ProfileAddress | null>(),
    metadata: jsonb("metadata").$type<Record<string, string> | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Set when DELETE is accepted; the deletion job removes the row. */
    deletingAt: instant("deleting_at"),
  },
  (t) => [
    uniqueIndex("profiles_environment_uuid_idx").on(t.environmentId, t.uuid),
    index("profiles_environment_created_idx").on(t.environmentId, t.createdAt, t.id),
  ],
);
