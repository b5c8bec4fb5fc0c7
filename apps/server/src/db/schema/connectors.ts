import { boolean, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idColumn, instant, updatedAt } from "./columns.ts";
import type { Product } from "./connections.ts";
import { environments } from "./environments.ts";

/** A configured Connector: what end-users of one environment may link, and how they sign in. */
export const connectors = pgTable(
  "connectors",
  {
    id: idColumn(),
    environmentId: text("environment_id")
      .notNull()
      .references(() => environments.id),
    name: text("name").notNull(),
    /** Institution ids end-users may pick; null allows every institution. */
    institutionIds: jsonb("institution_ids").$type<string[] | null>(),
    /** Providers connections may use; null allows every provider. */
    providers: jsonb("providers").$type<string[] | null>(),
    products: jsonb("products").$type<Product[]>().notNull(),
    /** Whether end-users without a session token may sign in with an email passcode. */
    emailSignIn: boolean("email_sign_in").notNull().default(true),
    /** Host page origins that may embed the connector; null allows any. */
    allowedOrigins: jsonb("allowed_origins").$type<string[] | null>(),
    /** The app's privacy policy, linked from the Connector's opening pane; null shows no link. */
    privacyPolicyUrl: text("privacy_policy_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("connectors_environment_idx").on(t.environmentId)],
);

/** One-time passcodes for passwordless sign-in; only a hash of the code is kept. */
export const passcodes = pgTable(
  "passcodes",
  {
    id: idColumn(),
    environmentId: text("environment_id")
      .notNull()
      .references(() => environments.id),
    connectorId: text("connector_id")
      .notNull()
      .references(() => connectors.id, { onDelete: "cascade" }),
    /** The normalised email address or E.164 phone number the code was sent to. */
    destination: text("destination").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    expiresAt: instant("expires_at").notNull(),
    consumedAt: instant("consumed_at"),
  },
  (t) => [index("passcodes_destination_idx").on(t.connectorId, t.destination, t.createdAt)],
);
