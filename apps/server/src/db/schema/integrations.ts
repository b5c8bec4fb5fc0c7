import { boolean, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";
import { environments } from "./environments.ts";

/** Providers an operator configures with their own keys (the sandbox provider needs none). */
export const INTEGRATION_PROVIDERS = ["PLAID", "MX", "FINICITY", "AKOYA"] as const;
export type IntegrationProvider = (typeof INTEGRATION_PROVIDERS)[number];

/**
 * An environment's own setting for a provider; it wins over the server-wide default from the
 * environment variables. A disabled row turns the provider off even where a default exists.
 */
export const integrations = pgTable(
  "integrations",
  {
    environmentId: text("environment_id")
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    provider: text("provider").$type<IntegrationProvider>().notNull(),
    isEnabled: boolean("is_enabled").notNull(),
    /** What may be shown: the client id and the provider's environment (e.g. sandbox). */
    settings: jsonb("settings").$type<Record<string, string>>().notNull().default({}),
    /** The provider secret, AES-256-GCM encrypted like provider tokens; never printed back. */
    secretEncrypted: text("secret_encrypted"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.environmentId, t.provider] })],
);
