import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, idColumn, instant, updatedAt } from "./columns.ts";
import { environments } from "./environments.ts";
import { profiles } from "./profiles.ts";

/** Where a connection's data comes from; DISCONNECTED once a connection no longer has a provider link. */
export const CONNECTION_PROVIDERS = ["AKOYA", "FINICITY", "MOCK", "MX", "PLAID", "DISCONNECTED"] as const;
export type ConnectionProvider = (typeof CONNECTION_PROVIDERS)[number];

export const PRODUCTS = [
  "ACCOUNT_BALANCES_AND_TRANSACTIONS",
  "ACCOUNT_NUMBERS",
  "ACCOUNT_OWNERS",
  "ACCOUNT_STATEMENTS",
  "INVESTMENTS",
  "LIABILITIES",
  "ACCOUNT_BALANCE_REFRESHES",
] as const;
export type Product = (typeof PRODUCTS)[number];

export const CONNECTION_STATUSES = [
  "INITIALIZING",
  "SYNCING",
  "SYNCED",
  "ERROR_REPAIRABLE",
  "ERROR_SERVICE",
  "ERROR_PROVIDER",
  "ERROR_INSTITUTION",
  "DISCONNECTING",
  "DISCONNECTED",
] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** The provider error structure of the spec, kept on the connection while it is in an ERROR_* status. */
export type ProviderErrorDetails = {
  errorType: string;
  errorCode: string;
  errorMessage: string;
  displayMessage: string | null;
  requestId: string | null;
  suggestedAction: string | null;
  documentationUrl: string | null;
};

/** The financial institutions users can connect to; filled by migrations (the sandbox catalogue). */
export const institutions = pgTable("institutions", {
  id: idColumn(),
  name: text("name").notNull(),
  url: text("url"),
  /** Brand colour of the generated logo, #rrggbb. */
  primaryColor: text("primary_color").notNull(),
  countryCode: text("country_code").notNull().default("USA"),
  /** Which providers reach this institution, and by which of their own ids. */
  providerIds: jsonb("provider_ids").$type<Partial<Record<ConnectionProvider, string>>>().notNull(),
  products: jsonb("products").$type<Product[]>().notNull(),
  createdAt: createdAt(),
});

/**
 * A provider's own logo for an institution (a PNG, base64), when it gave one; others are drawn.
 * Apart from the institution so that searches and joins never carry the picture.
 */
export const institutionLogos = pgTable("institution_logos", {
  institutionId: text("institution_id")
    .primaryKey()
    .references(() => institutions.id, { onDelete: "cascade" }),
  png: text("png").notNull(),
});

export const institutionRoutingNumbers = pgTable(
  "institution_routing_numbers",
  {
    routingNumber: text("routing_number").notNull(),
    institutionId: text("institution_id")
      .notNull()
      .references(() => institutions.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.routingNumber, t.institutionId] }),
    index("institution_routing_numbers_institution_idx").on(t.institutionId),
  ],
);

/** A profile's link to one institution through one provider, and the state of its sync. */
export const connections = pgTable(
  "connections",
  {
    id: idColumn(),
    environmentId: text("environment_id")
      .notNull()
      .references(() => environments.id),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    provider: text("provider").$type<ConnectionProvider>().notNull(),
    products: jsonb("products").$type<Product[]>().notNull(),
    status: text("status").$type<ConnectionStatus>().notNull(),
    institutionId: text("institution_id").references(() => institutions.id),
    metadata: jsonb("metadata").$type<Record<string, unknown> | null>(),
    /** The provider's access token, AES-256-GCM encrypted; null once disconnected. */
    accessTokenEncrypted: text("access_token_encrypted"),
    /** The provider's own id for the link (Plaid's item_id): webhooks name it; imported once per environment. */
    externalId: text("external_id"),
    /** Providers that sync transactions incrementally: where the next sync starts (Plaid's cursor). */
    transactionsCursor: text("transactions_cursor"),
    /** Imported with externallyManaged: the developer owns the provider link, so disconnecting never revokes it. */
    isExternallyManaged: boolean("is_externally_managed").notNull().default(false),
    /** SHA-256 of institution and username: one live connection per login and profile. */
    loginFingerprint: text("login_fingerprint"),
    /** Why the connection is in an ERROR_* status. */
    error: jsonb("error").$type<ProviderErrorDetails | null>(),
    /** The oldest day of history the connection collects (24 months before linking). */
    historyStartOn: date("history_start_on", { mode: "string" }).notNull(),
    /**
     * More history than the provider's default was asked for at link (MX beyond 3 months): the
     * provider charges a one-time fee for this connection.
     */
    extendedHistoryFee: boolean("extended_history_fee").notNull().default(false),
    /** The days the synced data covers so far. */
    syncedFromOn: date("synced_from_on", { mode: "string" }),
    syncedThroughOn: date("synced_through_on", { mode: "string" }),
    initialSyncedAt: instant("initial_synced_at"),
    historicalSyncedAt: instant("historical_synced_at"),
    lastSyncedAt: instant("last_synced_at"),
    /** When the next sync is due; a sync job scheduled for another time is stale and does nothing. */
    nextSyncAt: instant("next_sync_at"),
    /** Failed sync attempts in a row: sets the retry backoff. */
    failedSyncs: integer("failed_syncs").notNull().default(0),
    statementsRefreshRequestedAt: instant("statements_refresh_requested_at"),
    /** Accounts the end-user chose to share (provider ids); null shares every account. */
    sharedAccountExternalIds: jsonb("shared_account_external_ids").$type<string[] | null>(),
    /** Linked in the Connector, waiting for the end-user to choose accounts: nothing syncs until then. */
    awaitingConsentSince: instant("awaiting_consent_since"),
    createdAt: createdAt(),
    /** When the status last changed (the wire's `at`). */
    statusChangedAt: instant("status_changed_at").notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("connections_profile_created_idx").on(t.profileId, t.createdAt, t.id),
    // Also counts an environment's connections per institution (the Connector's popular banks).
    index("connections_environment_institution_idx").on(t.environmentId, t.institutionId),
    uniqueIndex("connections_live_external_idx")
      .on(t.environmentId, t.provider, t.externalId)
      .where(sql`${t.status} not in ('DISCONNECTING', 'DISCONNECTED')`),
    index("connections_external_idx").on(t.provider, t.externalId),
    uniqueIndex("connections_live_login_idx")
      .on(t.profileId, t.institutionId, t.loginFingerprint)
      .where(sql`${t.status} not in ('DISCONNECTING', 'DISCONNECTED')`),
  ],
);
