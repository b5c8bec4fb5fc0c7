import { and, countDistinct, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { offsetOf } from "../../db/page.ts";
import { type RemoteDataKind, remoteDocuments } from "../../db/schema/index.ts";
import { forbidden, notFound } from "../../http/errors.ts";
import { newId } from "../../http/ids.ts";
import type { Pagination } from "../../http/pagination.ts";
import type { ProviderDocument } from "../../providers/types.ts";
import { integrationNotEnabledMessage } from "../integrations/service.ts";

/** The providers whose remote data can be read, as they appear in the path and in `type`. */
export const REMOTE_DATA_PROVIDERS = { plaid: "PLAID", mx: "MX", akoya: "AKOYA" } as const;
export type RemoteDataProvider = keyof typeof REMOTE_DATA_PROVIDERS;

/** The kinds each provider's remote data has (spec: MX keeps no holdings documents). */
export const REMOTE_DATA_KINDS_OF: Record<RemoteDataProvider, readonly RemoteDataKind[]> = {
  plaid: ["connections", "accounts", "transactions", "holdings"],
  mx: ["connections", "accounts", "transactions"],
  akoya: ["connections", "accounts", "transactions", "holdings"],
};

/**
 * Providers the contract names remote data for but Weft has no integration with: their routes
 * exist and answer 403, the integration not being enabled — Weft holds none of their documents.
 */
export const UNINTEGRATED_REMOTE_DATA = {
  fingoal: { type: "FINGOAL", name: "FinGoal", kinds: ["profiles", "transactions"] },
  ntropy: { type: "NTROPY", name: "Ntropy", kinds: ["transactions"] },
  pave: { type: "PAVE", name: "Pave", kinds: ["profiles", "transactions"] },
} as const;
export type UnintegratedProvider = keyof typeof UNINTEGRATED_REMOTE_DATA;

/** 403 (spec 8, "integration not enabled") for a provider in UNINTEGRATED_REMOTE_DATA. */
export function remoteIntegrationNotEnabled(provider: UnintegratedProvider) {
  const { type, name } = UNINTEGRATED_REMOTE_DATA[provider];
  const stored = Object.keys(REMOTE_DATA_PROVIDERS).map((p) => `/v1/remote/${p}/…`);
  return forbidden(
    integrationNotEnabledMessage(type),
    `This Weft server has no ${name} integration, so it holds no ${name} documents. Raw provider documents are kept for ${stored.join(", ")}.`,
  );
}

/** The wire's id field per kind: connectionId, accountId, transactionId, holdingId. */
export const RECORD_ID_FIELDS = {
  connections: "connectionId",
  accounts: "accountId",
  transactions: "transactionId",
  holdings: "holdingId",
} as const satisfies Record<RemoteDataKind, string>;

/** Documents per statement: one INSERT … SELECT each, far below PostgreSQL's limits. */
const CHUNK = 1000;

type Owner = { environmentId: string; profileId: string; connectionId: string; provider: string };

/**
 * Store a sync's documents in the caller's transaction, the latest per record, host and path.
 * Records are found by their provider ids in SQL (transactions and holdings were just written in
 * the same transaction), so documents of records that were not stored (unshared accounts) are dropped.
 */
export async function saveDocuments(
  tx: Database,
  owner: Owner,
  documents: readonly ProviderDocument[],
  accountIds: ReadonlyMap<string, string>,
): Promise<void> {
  const unique = new Map<string, Record<string, unknown>>();
  for (const d of documents) {
    const r = d.record;
    const accountId = r.kind === "connections" ? null : (accountIds.get(r.accountExternalId) ?? null);
    if (r.kind !== "connections" && !accountId) continue;
    const key = [
      r.kind,
      accountId,
      r.kind === "transactions" ? r.externalId : r.kind === "holdings" ? r.securityIsin : "",
      d.host,
      d.path,
    ].join("\n");
    unique.set(key, {
      id: newId("remoteDocument"),
      kind: r.kind,
      record_id: r.kind === "connections" ? owner.connectionId : r.kind === "accounts" ? accountId : null,
      account_id: accountId,
      external_id: r.kind === "transactions" ? r.externalId : null,
      security_isin: r.kind === "holdings" ? r.securityIsin : null,
      host: d.host,
      path: d.path,
      body: d.body,
      request_id: d.requestId,
      received_at: d.receivedAt.toISOString(),
    });
  }
  const rows = [...unique.values()];
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx.execute(sql`
      insert into remote_documents
        (id, environment_id, profile_id, connection_id, provider, kind, record_id, host, path, body, request_id, received_at)
      select d.id, ${owner.environmentId}, ${owner.profileId}, ${owner.connectionId}, ${owner.provider}, d.kind,
             coalesce(d.record_id, t.id, h.id), d.host, d.path, d.body, d.request_id, d.received_at
      from jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + CHUNK))}::jsonb) as d(
        id text, kind text, record_id text, account_id text, external_id text, security_isin text,
        host text, path text, body jsonb, request_id text, received_at timestamptz)
      left join transactions t
        on d.kind = 'transactions' and t.account_id = d.account_id and t.external_id = d.external_id
      left join (holdings h join securities s on s.id = h.security_id)
        on d.kind = 'holdings' and h.account_id = d.account_id and s.isin = d.security_isin
      where coalesce(d.record_id, t.id, h.id) is not null
      on conflict (record_id, host, path) do update
        set body = excluded.body, request_id = excluded.request_id, received_at = excluded.received_at`);
  }
}

/** A record went (a transaction the provider removed): its documents go with it. */
export async function deleteDocumentsOf(tx: Database, recordIds: readonly string[]): Promise<void> {
  for (let i = 0; i < recordIds.length; i += CHUNK) {
    await tx.delete(remoteDocuments).where(inArray(remoteDocuments.recordId, recordIds.slice(i, i + CHUNK)));
  }
}

const scope = (environmentId: string, provider: RemoteDataProvider, kind: RemoteDataKind) =>
  and(
    eq(remoteDocuments.environmentId, environmentId),
    eq(remoteDocuments.provider, REMOTE_DATA_PROVIDERS[provider]),
    eq(remoteDocuments.kind, kind),
  );

/** The records of a kind that have documents, oldest record id first, and how many there are. */
export async function listRemoteRecords(
  db: Database,
  environmentId: string,
  provider: RemoteDataProvider,
  kind: RemoteDataKind,
  page: Pagination,
) {
  const where = scope(environmentId, provider, kind);
  const [rows, [total]] = await Promise.all([
    db
      .selectDistinct({ recordId: remoteDocuments.recordId, profileId: remoteDocuments.profileId })
      .from(remoteDocuments)
      .where(where)
      .orderBy(remoteDocuments.recordId)
      .limit(page.limit)
      .offset(offsetOf(page)),
    db
      .select({ n: countDistinct(remoteDocuments.recordId) })
      .from(remoteDocuments)
      .where(where),
  ]);
  const field = RECORD_ID_FIELDS[kind];
  return {
    items: rows.map((r) => ({ [field]: r.recordId, profileId: r.profileId })),
    total: total?.n ?? 0,
  };
}

export type RemoteDocumentView = { body: unknown; id: string; requestId: string | null; timestamp: string };

/** One record's documents: `{<kind>Id, profileId, type, documents: {host: {path: document}}}`, or 404. */
export async function getRemoteRecord(
  db: Database,
  environmentId: string,
  provider: RemoteDataProvider,
  kind: RemoteDataKind,
  recordId: string,
) {
  const rows = await db
    .select()
    .from(remoteDocuments)
    .where(and(scope(environmentId, provider, kind), eq(remoteDocuments.recordId, recordId)))
    .orderBy(remoteDocuments.host, remoteDocuments.path);
  if (rows.length === 0) throw notFound(`Remote ${provider} ${kind.replace(/s$/, "")}`, recordId);
  const documents: Record<string, Record<string, RemoteDocumentView>> = {};
  for (const row of rows) {
    documents[row.host] ??= {};
    documents[row.host]![row.path] = {
      body: row.body,
      id: row.id,
      requestId: row.requestId,
      timestamp: row.receivedAt.toISOString(),
    };
  }
  return {
    [RECORD_ID_FIELDS[kind]]: recordId,
    profileId: rows[0]!.profileId,
    type: REMOTE_DATA_PROVIDERS[provider],
    documents,
  };
}
