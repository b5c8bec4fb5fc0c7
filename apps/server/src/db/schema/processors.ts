import { index, pgTable, text } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.ts";
import { createdAt, idColumn, instant } from "./columns.ts";
import { environments } from "./environments.ts";

/** A token that lets one payment processor read one account; only its SHA-256 is stored. */
export const processorTokens = pgTable(
  "processor_tokens",
  {
    id: idColumn(),
    environmentId: text("environment_id")
      .notNull()
      .references(() => environments.id),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    issuer: text("issuer").notNull(),
    processor: text("processor").notNull(),
    expiresAt: instant("expires_at"),
    createdAt: createdAt(),
    revokedAt: instant("revoked_at"),
  },
  (t) => [index("processor_tokens_account_idx").on(t.accountId)],
);

/** The secret a processor sends with a processor token (Basic auth); created by the operator's CLI. */
export const processorSecrets = pgTable(
  "processor_secrets",
  {
    id: idColumn(),
    environmentId: text("environment_id")
      .notNull()
      .references(() => environments.id),
    processor: text("processor").notNull(),
    secretHash: text("secret_hash").notNull().unique(),
    secretHint: text("secret_hint").notNull(),
    createdAt: createdAt(),
    revokedAt: instant("revoked_at"),
  },
  (t) => [index("processor_secrets_environment_processor_idx").on(t.environmentId, t.processor)],
);
