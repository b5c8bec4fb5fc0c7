import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idColumn, instant } from "./columns.ts";
import { environments } from "./environments.ts";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: idColumn(),
    environmentId: text("environment_id")
      .notNull()
      .references(() => environments.id),
    name: text("name").notNull(),
    apiVersion: text("api_version").notNull(),
    /** SHA-256 of the secret, hex; the secret itself is never stored. */
    secretHash: text("secret_hash").notNull().unique(),
    /** The first characters of the secret, so an operator can tell keys apart. */
    secretHint: text("secret_hint").notNull(),
    createdAt: createdAt(),
    revokedAt: instant("revoked_at"),
  },
  (t) => [index("api_keys_environment_idx").on(t.environmentId)],
);
