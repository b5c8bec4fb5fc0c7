import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, idColumn, instant, updatedAt } from "./columns.ts";
import { connections } from "./connections.ts";
import { environments } from "./environments.ts";
import { profiles } from "./profiles.ts";

export const ACCOUNT_KINDS = ["DEPOSITORY", "CREDIT", "LOAN", "INVESTMENT"] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const ACCOUNT_TYPES = [
  "CHECKING",
  "SAVINGS",
  "MONEY_MARKET",
  "CD",
  "CREDIT_CARD",
  "LINE_OF_CREDIT",
  "MORTGAGE",
  "STUDENT",
  "AUTO",
  "PERSONAL",
  "BROKERAGE",
  "IRA",
  "RETIREMENT_401K",
  "HSA",
  "OTHER",
] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const ACCOUNT_STATES = ["OPEN", "CLOSED"] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

/** The account's status as the provider reports it. */
export const PROVIDER_ACCOUNT_STATUSES = [
  "OPEN",
  "CLOSED",
  "PENDINGOPEN",
  "PENDINGCLOSE",
  "DELINQUENT",
  "PAID",
  "NEGATIVECURRENTBALANCE",
] as const;
export type ProviderAccountStatus = (typeof PROVIDER_ACCOUNT_STATUSES)[number];

export const BALANCE_SOURCES = ["INITIAL", "SYNC", "REFRESH"] as const;
export type BalanceSource = (typeof BALANCE_SOURCES)[number];

export const accounts = pgTable(
  "accounts",
  {
    id: idColumn(),
    environmentId: text("environment_id")
      .notNull()
      .references(() => environments.id),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    connectionId: text("connection_id")
      .notNull()
      .references(() => connections.id, { onDelete: "cascade" }),
    /** The provider's id for the account, unique within the connection. */
    externalId: text("external_id").notNull(),
    name: text("name").notNull(),
    mask: text("mask"),
    kind: text("kind").$type<AccountKind>().notNull(),
    type: text("type").$type<AccountType>().notNull(),
    state: text("state").$type<AccountState>().notNull().default("OPEN"),
    providerStatus: text("provider_status").$type<ProviderAccountStatus>().notNull(),
    currencyCode: text("currency_code").notNull(),
    metadata: jsonb("metadata").$type<Record<string, unknown> | null>(),
    /** Transactions the account holds, kept by each sync so list totals need no count(*). */
    transactionCount: integer("transaction_count").notNull().default(0),
    /**
     * Bumped by a trigger in every statement that inserts, updates or deletes the account's
     * transactions (migration 0024): a page of them read at one version is the same at that version.
     */
    transactionsVersion: bigint("transactions_version", { mode: "number" }).notNull().default(0),
    balanceRefreshRequestedAt: instant("balance_refresh_requested_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("accounts_connection_external_idx").on(t.connectionId, t.externalId),
    index("accounts_profile_created_idx").on(t.profileId, t.createdAt, t.id),
    index("accounts_environment_idx").on(t.environmentId),
  ],
);

/** Snapshots of an account's balance; the newest is the account's current balance. */
export const balances = pgTable(
  "balances",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    at: instant("at").notNull(),
    available: numeric("available"),
    current: numeric("current"),
    limit: numeric("limit"),
    source: text("source").$type<BalanceSource>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("balances_account_at_idx").on(t.accountId, t.at, t.id)],
);

/** ACH numbers of a depository account; the account number is encrypted at rest. */
export const achNumbers = pgTable("ach_numbers", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  numberEncrypted: text("number_encrypted").notNull(),
  routing: text("routing").notNull(),
  wireRouting: text("wire_routing"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type OwnerAddress = {
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  postalCode: string;
  countryCode: string;
};

/** The people the institution lists as an account's holders (the ACCOUNT_OWNERS product). */
export const accountOwners = pgTable(
  "account_owners",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    names: jsonb("names").$type<string[]>().notNull(),
    emails: jsonb("emails").$type<string[]>().notNull(),
    phones: jsonb("phones").$type<string[]>().notNull(),
    addresses: jsonb("addresses").$type<OwnerAddress[]>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.position] })],
);
