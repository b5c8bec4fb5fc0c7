import { index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idColumn, instant } from "./columns.ts";
import { connections } from "./connections.ts";
import { environments } from "./environments.ts";
import { profiles } from "./profiles.ts";

export const REMOTE_DATA_KINDS = ["connections", "accounts", "transactions", "holdings"] as const;
export type RemoteDataKind = (typeof REMOTE_DATA_KINDS)[number];

/**
 * A provider's raw answer about one record, as received: the latest body per record, provider
 * host and endpoint path. Rows go with their connection (and so with their profile); a removed
 * transaction's rows are deleted with it.
 */
export const remoteDocuments = pgTable(
  "remote_documents",
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
    /** The provider type on the wire: PLAID, MX, AKOYA… */
    provider: text("provider").notNull(),
    kind: text("kind").$type<RemoteDataKind>().notNull(),
    /** The Weft id of the record (conn_, acct_, txn_, hld_). */
    recordId: text("record_id").notNull(),
    host: text("host").notNull(),
    path: text("path").notNull(),
    body: jsonb("body").notNull(),
    requestId: text("request_id"),
    receivedAt: instant("received_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("remote_documents_record_endpoint_idx").on(t.recordId, t.host, t.path),
    index("remote_documents_list_idx").on(t.environmentId, t.provider, t.kind, t.recordId),
    index("remote_documents_connection_idx").on(t.connectionId),
  ],
);
