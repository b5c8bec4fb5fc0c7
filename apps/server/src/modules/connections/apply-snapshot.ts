import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  accountOwners,
  accounts,
  achNumbers,
  balances,
  type EventProfile,
  holdings,
  securities,
  statements,
  transactions,
} from "../../db/schema/index.ts";
import { newId } from "../../http/ids.ts";
import type {
  DateWindow,
  ProviderBalance,
  ProviderSnapshot,
  TransactionChanges,
} from "../../providers/types.ts";
import { decrypt, encrypt, type SecretKeys } from "../../security/secrets.ts";
import { lockAccountsForTransactionWrites } from "../accounts/locks.ts";
import {
  type AccountRow,
  type BalanceRow,
  type StatementRow,
  toAccountView,
  toBalanceView,
  toStatementEventRecord,
} from "../accounts/views.ts";
import { providerMcc, providerMerchantName } from "../enrichment/engine.ts";
import { enrichForStorage, enrichmentVersion } from "../enrichment/stored.ts";
import { type EventType, recordEvent } from "../events/service.ts";
import { deleteDocumentsOf, saveDocuments } from "../remote-data/service.ts";
import type { ConnectionRow } from "./service.ts";

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters, few round trips. */
const CHUNK = 1000;

export const chunks = <T>(rows: T[], size = CHUNK) =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));

export type ApplyContext = {
  tx: Database;
  /** For the merchant logo links of stored enrichments. */
  publicUrl: string;
  connection: ConnectionRow;
  profile: EventProfile | null;
  secretKey: SecretKeys;
  window: DateWindow;
  now: Date;
  /** What the sync wrote before its transaction (`stageSnapshot` in sync.ts): left out here. */
  staged?: StagedWrites;
};

/** Provider transactions as rows to upsert, with what they say of the pending rows. */
export type TransactionRows = {
  rows: (typeof transactions.$inferInsert & { id: string; accountId: string; externalId: string })[];
  /** `${accountId}\n${externalId}` of every transaction the snapshot lists. */
  listed: Set<string>;
  /** Pending rows a posted transaction replaced. */
  replaced: Set<string>;
};

/**
 * What a sync wrote in bounded transactions before its own (stageSnapshot in sync.ts): new
 * accounts, the transactions and their documents, the statements with their events.
 */
export type StagedWrites = {
  accountsCreated: number;
  /** How many transactions the stages upserted, and what they said of the pending rows. */
  transactions: Omit<TransactionRows, "rows"> & { upserted: number };
  statementsCreated: number;
};

export type ApplyResult = {
  accountsCreated: number;
  balancesCreated: number;
  transactionsUpserted: number;
  pendingRemoved: number;
  statementsCreated: number;
};

async function emit(c: ApplyContext, type: EventType, record: Record<string, unknown>) {
  await recordEvent(c.tx, { environmentId: c.connection.environmentId, type, profile: c.profile, record });
}

/** Accounts: new ones created (account.created), known ones updated, vanished ones CLOSED. */
export async function upsertAccounts(c: ApplyContext, snapshot: ProviderSnapshot) {
  const existing = await c.tx.select().from(accounts).where(eq(accounts.connectionId, c.connection.id));
  const byExternalId = new Map(existing.map((a) => [a.externalId, a]));
  const created: AccountRow[] = [];
  for (const account of snapshot.accounts) {
    const current = byExternalId.get(account.externalId);
    const values = {
      name: account.name,
      mask: account.mask,
      kind: account.kind,
      type: account.type,
      providerStatus: account.status,
      state: account.status === "CLOSED" ? ("CLOSED" as const) : ("OPEN" as const),
      currencyCode: account.currencyCode,
    };
    if (!current) {
      const [row] = await c.tx
        .insert(accounts)
        .values({
          id: newId("account"),
          environmentId: c.connection.environmentId,
          profileId: c.connection.profileId,
          connectionId: c.connection.id,
          externalId: account.externalId,
          ...values,
          createdAt: c.now,
        })
        .returning();
      byExternalId.set(account.externalId, row!);
      created.push(row!);
      continue;
    }
    const changed = (Object.keys(values) as (keyof typeof values)[]).some((k) => current[k] !== values[k]);
    if (changed) {
      const [row] = await c.tx
        .update(accounts)
        .set({ ...values, updatedAt: c.now })
        .where(eq(accounts.id, current.id))
        .returning();
      byExternalId.set(account.externalId, row!);
    }
  }
  const listed = new Set(snapshot.accounts.map((a) => a.externalId));
  const vanished = existing.filter((a) => !listed.has(a.externalId) && a.state === "OPEN").map((a) => a.id);
  if (vanished.length > 0) {
    await c.tx
      .update(accounts)
      .set({ state: "CLOSED", providerStatus: "CLOSED", updatedAt: c.now })
      .where(inArray(accounts.id, vanished));
  }
  for (const row of created) await emit(c, "account.created", toAccountView(row));
  return { byExternalId, created: created.length };
}

/** ACH numbers, encrypted; account.verified the first time an account has them. */
async function upsertAchNumbers(
  c: ApplyContext,
  snapshot: ProviderSnapshot,
  byExternalId: Map<string, AccountRow>,
) {
  const withNumbers = snapshot.accounts.filter((a) => a.achNumbers !== null);
  if (withNumbers.length === 0) return;
  const ids = withNumbers.map((a) => byExternalId.get(a.externalId)!.id);
  const existing = new Map(
    (await c.tx.select().from(achNumbers).where(inArray(achNumbers.accountId, ids))).map((r) => [
      r.accountId,
      r,
    ]),
  );
  for (const account of withNumbers) {
    const row = byExternalId.get(account.externalId)!;
    const numbers = account.achNumbers!;
    const known = existing.get(row.id);
    if (!known) {
      await c.tx.insert(achNumbers).values({
        accountId: row.id,
        numberEncrypted: encrypt(c.secretKey, numbers.number),
        routing: numbers.routing,
        wireRouting: numbers.wireRouting,
      });
      await emit(c, "account.verified", toAccountView(row));
      continue;
    }
    const same =
      known.routing === numbers.routing &&
      known.wireRouting === numbers.wireRouting &&
      decrypt(c.secretKey, known.numberEncrypted) === numbers.number;
    if (!same) {
      await c.tx
        .update(achNumbers)
        .set({
          numberEncrypted: encrypt(c.secretKey, numbers.number),
          routing: numbers.routing,
          wireRouting: numbers.wireRouting,
          updatedAt: c.now,
        })
        .where(eq(achNumbers.accountId, row.id));
    }
  }
}

async function replaceOwners(
  c: ApplyContext,
  snapshot: ProviderSnapshot,
  byExternalId: Map<string, AccountRow>,
) {
  const withOwners = snapshot.accounts.filter((a) => a.owners !== null);
  if (withOwners.length === 0) return;
  const ids = withOwners.map((a) => byExternalId.get(a.externalId)!.id);
  await c.tx.delete(accountOwners).where(inArray(accountOwners.accountId, ids));
  const rows = withOwners.flatMap((a) =>
    a.owners!.map((owner, position) => ({
      accountId: byExternalId.get(a.externalId)!.id,
      position,
      ...owner,
    })),
  );
  if (rows.length > 0) await c.tx.insert(accountOwners).values(rows);
}

const sameBalance = (row: BalanceRow, balance: ProviderBalance) =>
  [row.available, row.current, row.limit].map((v) => (v === null ? null : Number(v))).join("|") ===
  [balance.available, balance.current, balance.limit].map((v) => (v === null ? null : Number(v))).join("|");

/** The latest balance of each account, in one query. */
export async function latestBalances(tx: Database, accountIds: string[]): Promise<Map<string, BalanceRow>> {
  if (accountIds.length === 0) return new Map();
  const rows = await tx
    .selectDistinctOn([balances.accountId])
    .from(balances)
    .where(inArray(balances.accountId, accountIds))
    .orderBy(balances.accountId, sql`${balances.at} desc`, sql`${balances.id} desc`);
  return new Map(rows.map((r) => [r.accountId, r]));
}

/** A new balance when it differs from the latest one: INITIAL the first time, SYNC after. */
async function insertBalances(
  c: ApplyContext,
  snapshot: ProviderSnapshot,
  byExternalId: Map<string, AccountRow>,
) {
  const latest = await latestBalances(
    c.tx,
    snapshot.accounts.map((a) => byExternalId.get(a.externalId)!.id),
  );
  const rows = [];
  for (const account of snapshot.accounts) {
    const accountId = byExternalId.get(account.externalId)!.id;
    const previous = latest.get(accountId);
    if (previous && sameBalance(previous, account.balance)) continue;
    rows.push({
      id: newId("balance"),
      accountId,
      at: account.balance.at,
      available: account.balance.available,
      current: account.balance.current,
      limit: account.balance.limit,
      source: previous ? ("SYNC" as const) : ("INITIAL" as const),
    });
  }
  if (rows.length === 0) return 0;
  const inserted = await c.tx.insert(balances).values(rows).returning();
  for (const row of inserted) await emit(c, "balance.created", toBalanceView(row));
  return inserted.length;
}

/**
 * Provider transactions as the rows to upsert: each with its account, its enrichment and, for a
 * posted transaction that was pending (among `pending`, the accounts' pending rows), that row's id.
 */
export async function transactionRows(
  c: Pick<ApplyContext, "publicUrl" | "now">,
  listedTransactions: ProviderSnapshot["transactions"],
  byExternalId: Map<string, AccountRow>,
  pending: PendingRow[],
): Promise<TransactionRows> {
  const pendingByKey = new Map(pending.map((p) => [`${p.accountId}\n${p.externalId}`, p]));
  const listed = new Set<string>();
  const replaced = new Set<string>();
  const known = listedTransactions.filter((t) => byExternalId.has(t.accountExternalId));
  const version = enrichmentVersion();
  const told = new Map(
    known.map((t) => [
      t,
      { providerMerchantName: providerMerchantName(t.merchantName), providerMcc: providerMcc(t.mcc) },
    ]),
  );
  const enriched = await enrichForStorage(
    known.map((t) => ({
      key: `${t.accountExternalId}\n${t.externalId}`,
      accountType: byExternalId.get(t.accountExternalId)!.type,
      ...t,
      ...told.get(t)!,
    })),
    c.publicUrl,
  );
  const rows = known.map((t) => {
    const accountId = byExternalId.get(t.accountExternalId)!.id;
    listed.add(`${accountId}\n${t.externalId}`);
    const replacing = t.pendingExternalId
      ? pendingByKey.get(`${accountId}\n${t.pendingExternalId}`)
      : undefined;
    if (replacing) replaced.add(replacing.id);
    return {
      id: newId("transaction"),
      accountId,
      externalId: t.externalId,
      amount: t.amount,
      entryType: t.amount.startsWith("-") ? ("DEBIT" as const) : ("CREDIT" as const),
      currencyCode: t.currencyCode,
      date: t.date,
      description: t.description,
      status: t.status,
      pendingTransactionId: replacing?.id ?? null,
      ...told.get(t)!,
      enrichment: enriched.get(`${t.accountExternalId}\n${t.externalId}`) ?? null,
      enrichmentVersion: version,
      createdAt: c.now,
      updatedAt: c.now,
    };
  });
  return { rows, listed, replaced };
}

type PendingRow = { id: string; accountId: string; externalId: string; date: string };

/** The pending transactions of these accounts. */
export function pendingRowsOf(db: Database, byExternalId: Map<string, AccountRow>): Promise<PendingRow[]> {
  const accountIds = [...byExternalId.values()].map((a) => a.id);
  if (accountIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: transactions.id,
      accountId: transactions.accountId,
      externalId: transactions.externalId,
      date: transactions.date,
    })
    .from(transactions)
    .where(and(inArray(transactions.accountId, accountIds), eq(transactions.status, "PENDING")));
}

/** Upsert transaction rows by (account, provider id): a re-sync never duplicates, and unchanged rows are left alone. */
export async function writeTransactionRows(tx: Database, rows: TransactionRows["rows"], now: Date) {
  await lockAccountsForTransactionWrites(
    tx,
    rows.map((row) => row.accountId),
  );
  for (const chunk of chunks(rows)) {
    await tx
      .insert(transactions)
      .values(chunk)
      .onConflictDoUpdate({
        target: [transactions.accountId, transactions.externalId],
        set: {
          amount: sql`excluded.amount`,
          entryType: sql`excluded.entry_type`,
          date: sql`excluded.date`,
          description: sql`excluded.description`,
          status: sql`excluded.status`,
          pendingTransactionId: sql`coalesce(excluded.pending_transaction_id, ${transactions.pendingTransactionId})`,
          providerMerchantName: sql`excluded.provider_merchant_name`,
          providerMcc: sql`excluded.provider_mcc`,
          enrichment: sql`excluded.enrichment`,
          enrichmentVersion: sql`excluded.enrichment_version`,
          updatedAt: now,
        },
        // Unchanged rows are left alone: a re-sync of the same data writes nothing.
        setWhere: sql`(${transactions.amount}, ${transactions.date}, ${transactions.description}, ${transactions.status},
            ${transactions.providerMerchantName}, ${transactions.providerMcc})
          is distinct from (excluded.amount, excluded.date, excluded.description, excluded.status,
            excluded.provider_merchant_name, excluded.provider_mcc)
          or ${transactions.enrichmentVersion} is distinct from excluded.enrichment_version
          or (excluded.pending_transaction_id is not null
              and ${transactions.pendingTransactionId} is distinct from excluded.pending_transaction_id)`,
      });
  }
}

/**
 * Transactions, idempotently (see writeTransactionRows; rows staged before the transaction are
 * not written again). A posted transaction that was pending replaces it: the pending row goes,
 * the posted one keeps its id in pendingTransactionId. Pending rows in the window the provider
 * no longer lists are gone.
 */
async function upsertTransactions(
  c: ApplyContext,
  snapshot: ProviderSnapshot,
  byExternalId: Map<string, AccountRow>,
) {
  // What is pending now, under the connection's lock (a stage's rows are posted ones or new).
  const pendingRows = await pendingRowsOf(c.tx, byExternalId);
  let written = c.staged?.transactions;
  if (!written) {
    const { rows, ...said } = await transactionRows(c, snapshot.transactions, byExternalId, pendingRows);
    await writeTransactionRows(c.tx, rows, c.now);
    written = { upserted: rows.length, ...said };
  }
  const { upserted, listed, replaced } = written;

  // A snapshot of the window lists every pending item still there; a cursor sync names what went.
  const changes = snapshot.transactionChanges;
  const gone = pendingRows
    .filter(
      (p) =>
        replaced.has(p.id) ||
        (!changes &&
          !listed.has(`${p.accountId}\n${p.externalId}`) &&
          p.date >= c.window.startOn &&
          p.date <= c.window.endOn),
    )
    .map((p) => p.id);
  if (changes) gone.push(...(await removedTransactionIds(c, changes.removed, byExternalId)));
  if (gone.length > 0) {
    await lockAccountsForTransactionWrites(
      c.tx,
      [...byExternalId.values()].map((account) => account.id),
    );
  }
  await deleteDocumentsOf(c.tx, gone);
  for (const ids of chunks(gone)) await c.tx.delete(transactions).where(inArray(transactions.id, ids));

  if (upserted > 0 || gone.length > 0) {
    // Kept per account so a page of transactions needs no count(*) over the whole account.
    await c.tx.execute(sql`
      update ${accounts} set transaction_count =
        (select count(*) from ${transactions} t where t.account_id = ${accounts.id})
      where ${accounts.connectionId} = ${c.connection.id}`);
  }
  return { upserted, removed: gone.length };
}

/** The rows of transactions the provider removed (by account and provider id). */
async function removedTransactionIds(
  c: ApplyContext,
  removed: TransactionChanges["removed"],
  byExternalId: Map<string, AccountRow>,
): Promise<string[]> {
  const ids: string[] = [];
  const byAccount = new Map<string, string[]>();
  for (const r of removed) {
    const account = byExternalId.get(r.accountExternalId);
    if (account) byAccount.set(account.id, [...(byAccount.get(account.id) ?? []), r.externalId]);
  }
  for (const [accountId, externalIds] of byAccount) {
    for (const chunk of chunks(externalIds)) {
      const rows = await c.tx
        .select({ id: transactions.id })
        .from(transactions)
        .where(and(eq(transactions.accountId, accountId), inArray(transactions.externalId, chunk)));
      ids.push(...rows.map((r) => r.id));
    }
  }
  return ids;
}

async function upsertHoldings(
  c: ApplyContext,
  snapshot: ProviderSnapshot,
  byExternalId: Map<string, AccountRow>,
) {
  if (!c.connection.products.includes("INVESTMENTS") || !snapshot.holdings) return;
  const unique = new Map(snapshot.holdings.map((h) => [h.security.isin, h.security]));
  const securityIds = new Map<string, string>();
  if (unique.size > 0) {
    const rows = await c.tx
      .insert(securities)
      .values([...unique.values()].map((s) => ({ id: newId("security"), ...s })))
      .onConflictDoUpdate({
        target: securities.isin,
        set: {
          name: sql`excluded.name`,
          tickerSymbol: sql`excluded.ticker_symbol`,
          cusip: sql`excluded.cusip`,
        },
      })
      .returning({ id: securities.id, isin: securities.isin });
    for (const r of rows) securityIds.set(r.isin, r.id);
  }
  const investmentAccounts = snapshot.accounts
    .filter((a) => a.kind === "INVESTMENT")
    .map((a) => byExternalId.get(a.externalId)!.id);
  const values = snapshot.holdings.map((h) => ({
    id: newId("holding"),
    accountId: byExternalId.get(h.accountExternalId)!.id,
    securityId: securityIds.get(h.security.isin)!,
    quantity: h.quantity,
    price: h.price,
    value: h.value,
    costBasis: h.costBasis,
    currencyCode: h.currencyCode,
    at: h.at,
  }));
  if (values.length > 0) {
    await c.tx
      .insert(holdings)
      .values(values)
      .onConflictDoUpdate({
        target: [holdings.accountId, holdings.securityId],
        set: {
          quantity: sql`excluded.quantity`,
          price: sql`excluded.price`,
          value: sql`excluded.value`,
          costBasis: sql`excluded.cost_basis`,
          at: sql`excluded.at`,
          updatedAt: c.now,
        },
      });
  }
  // Positions the provider no longer lists were sold.
  for (const accountId of investmentAccounts) {
    const kept = values.filter((v) => v.accountId === accountId).map((v) => v.securityId);
    await c.tx
      .delete(holdings)
      .where(
        kept.length > 0
          ? and(eq(holdings.accountId, accountId), notInArray(holdings.securityId, kept))
          : eq(holdings.accountId, accountId),
      );
  }
}

/** New statements are stored; statement.ready for each new one (or each listed, when asked). */
export async function insertStatements(
  c: ApplyContext,
  listed: ProviderSnapshot["statements"],
  byExternalId: Map<string, AccountRow>,
  options: { announceExisting?: boolean } = {},
): Promise<number> {
  if (listed.length === 0) return 0;
  const values = listed
    .filter((s) => byExternalId.has(s.accountExternalId))
    .map((s) => ({
      id: newId("statement"),
      accountId: byExternalId.get(s.accountExternalId)!.id,
      externalId: s.externalId,
      startOn: s.startOn,
      endOn: s.endOn,
    }));
  const created: StatementRow[] = [];
  for (const chunk of chunks(values)) {
    created.push(...(await c.tx.insert(statements).values(chunk).onConflictDoNothing().returning()));
  }
  let announced: StatementRow[] = created;
  if (options.announceExisting) {
    announced = [];
    for (const chunk of chunks(values)) {
      announced.push(
        ...(await c.tx
          .select()
          .from(statements)
          .where(
            and(
              inArray(statements.accountId, [...new Set(chunk.map((v) => v.accountId))]),
              inArray(
                statements.externalId,
                chunk.map((v) => v.externalId),
              ),
            ),
          )),
      );
    }
  }
  announced.sort((a, b) =>
    a.endOn === b.endOn ? a.accountId.localeCompare(b.accountId) : a.endOn < b.endOn ? -1 : 1,
  );
  for (const row of announced) await emit(c, "statement.ready", toStatementEventRecord(row));
  return created.length;
}

/** Only the accounts the end-user chose to share, and their data (everything when they were not asked). */
export function sharedPart(snapshot: ProviderSnapshot, shared: string[] | null): ProviderSnapshot {
  if (shared === null) return snapshot;
  const isShared = (externalId: string) => shared.includes(externalId);
  return {
    ...snapshot,
    accounts: snapshot.accounts.filter((a) => isShared(a.externalId)),
    transactions: snapshot.transactions.filter((t) => isShared(t.accountExternalId)),
    ...(snapshot.holdings && { holdings: snapshot.holdings.filter((h) => isShared(h.accountExternalId)) }),
    statements: snapshot.statements.filter((s) => isShared(s.accountExternalId)),
    ...(snapshot.transactionChanges && {
      transactionChanges: {
        ...snapshot.transactionChanges,
        removed: snapshot.transactionChanges.removed.filter((r) => isShared(r.accountExternalId)),
      },
    }),
  };
}

/** Write one provider snapshot: the caller holds the connection row locked, in its transaction. */
export async function applySnapshot(c: ApplyContext, provided: ProviderSnapshot): Promise<ApplyResult> {
  const snapshot = sharedPart(provided, c.connection.sharedAccountExternalIds);
  const { byExternalId, created } = await upsertAccounts(c, snapshot);
  await upsertAchNumbers(c, snapshot, byExternalId);
  await replaceOwners(c, snapshot, byExternalId);
  const balancesCreated = await insertBalances(c, snapshot, byExternalId);
  const { upserted, removed } = await upsertTransactions(c, snapshot, byExternalId);
  await upsertHoldings(c, snapshot, byExternalId);
  const statementsCreated =
    c.staged?.statementsCreated ?? (await insertStatements(c, snapshot.statements, byExternalId));
  // A stage saved the transactions' documents; the others name rows written here.
  const documents = (snapshot.documents ?? []).filter((d) => !c.staged || d.record.kind !== "transactions");
  if (documents.length > 0) await saveSnapshotDocuments(c, documents, byExternalId);
  return {
    accountsCreated: created + (c.staged?.accountsCreated ?? 0),
    balancesCreated,
    transactionsUpserted: upserted,
    pendingRemoved: removed,
    statementsCreated,
  };
}

/** A snapshot's remote-data documents (the provider's own answers), each with the row it describes. */
export function saveSnapshotDocuments(
  c: Pick<ApplyContext, "tx" | "connection">,
  documents: NonNullable<ProviderSnapshot["documents"]>,
  byExternalId: Map<string, AccountRow>,
) {
  return saveDocuments(
    c.tx,
    {
      environmentId: c.connection.environmentId,
      profileId: c.connection.profileId,
      connectionId: c.connection.id,
      provider: c.connection.provider,
    },
    documents,
    new Map([...byExternalId].map(([externalId, account]) => [externalId, account.id])),
  );
}

export async function accountsByExternalId(tx: Database, connectionId: string) {
  const rows = await tx.select().from(accounts).where(eq(accounts.connectionId, connectionId));
  return new Map(rows.map((a) => [a.externalId, a]));
}
