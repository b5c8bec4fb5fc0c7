import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  isNull,
  lte,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { mergedMetadata } from "../../db/metadata.ts";
import { offsetOf, selectPage } from "../../db/page.ts";
import { asText, isoTimestampText, preparedStatement, rawRows } from "../../db/prepared.ts";
import {
  type AccountType,
  accountOwners,
  accounts,
  achNumbers,
  balances,
  connections,
  holdings,
  profiles,
  securities,
  statements,
  transactions,
} from "../../db/schema/index.ts";
import { badRequest, forbidden, HttpError, notFound, tooManyRequests } from "../../http/errors.ts";
import { newId } from "../../http/ids.ts";
import type { Pagination } from "../../http/pagination.ts";
import { apiErrorOf } from "../../http/provider-errors.ts";
import { enqueueJob } from "../../jobs/queue.ts";
import { providerFor } from "../../providers/registry.ts";
import { ProviderError, ProviderRateLimited } from "../../providers/types.ts";
import { decrypt } from "../../security/secrets.ts";
import { latestBalances } from "../connections/apply-snapshot.ts";
import { assertActive, assertProduct, type ConnectionRow, eventProfileOf } from "../connections/service.ts";
import { recordEvent } from "../events/service.ts";
import { findLiveProfile, profileBeingDeleted } from "../profiles/service.ts";
import { type CachedPage, TransactionPageCache } from "./page-cache.ts";
import type { StatementView, TransactionsFilter } from "./schemas.ts";
import { signStatementUrl } from "./statement-links.ts";
import {
  type AccountRow,
  type StatementRow,
  type TransactionText,
  toAccountView,
  toBalanceView,
  toHoldingView,
  toTransactionView,
  transactionsPageJson,
} from "./views.ts";

export const BALANCE_REFRESH_QUEUE = "accounts.balance-refresh";

/** One balance refresh per account per this many seconds; providers rate-limit them. */
export const BALANCE_REFRESH_INTERVAL_SECONDS = 60;

/** The account with this id in this environment, with its connection, or 404. */
const accountQuery = (db: Database, accountId: string | Placeholder, environmentId: string | Placeholder) =>
  db
    .select({ account: accounts, connection: connections, profileDeletingAt: profiles.deletingAt })
    .from(accounts)
    .innerJoin(connections, eq(connections.id, accounts.connectionId))
    .innerJoin(profiles, eq(profiles.id, accounts.profileId))
    .where(and(eq(accounts.id, accountId), eq(accounts.environmentId, environmentId)));

/** Every account route starts here: prepared. */
const accountById = preparedStatement((db) =>
  accountQuery(db, sql.placeholder("accountId"), sql.placeholder("environmentId")).prepare(
    "weft_account_by_id",
  ),
);

export async function findAccount(
  db: Database,
  environmentId: string,
  accountId: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ account: AccountRow; connection: ConnectionRow }> {
  const [row] = options.forUpdate
    ? await accountQuery(db, accountId, environmentId).for("update", { of: accounts })
    : await accountById(db).execute({ accountId, environmentId });
  return { account: readable(row, accountId).account, connection: row!.connection };
}

/** The row of an account a caller may read: 404 when there is none, 409 while its profile is being deleted. */
function readable<Row extends { account: { profileId: string }; profileDeletingAt: Date | null }>(
  row: Row | undefined,
  accountId: string,
): Row {
  if (!row) throw notFound("Account", accountId);
  if (row.profileDeletingAt) throw profileBeingDeleted(row.account.profileId);
  return row;
}

/**
 * A page of an account whose connection does not collect transactions is a 403 saying which
 * product it needs, not an empty list. An account with transactions has them from its
 * connection's product: only an empty one asks the connection (off the hot path, one small read).
 */
async function assertCollectsTransactions(
  db: Database,
  account: { connectionId: string; transactionCount: number },
): Promise<void> {
  if (account.transactionCount > 0) return;
  const [row] = await db
    .select({ products: connections.products })
    .from(connections)
    .where(eq(connections.id, account.connectionId));
  if (row)
    assertProduct({ id: account.connectionId, products: row.products }, "ACCOUNT_BALANCES_AND_TRANSACTIONS");
}

/**
 * What a page of transactions needs of its account, and no more (the page's hot path): that it
 * is here, its profile not being deleted, its connection (whether it collects transactions),
 * its transaction count and its transactions version.
 */
const accountForPage = preparedStatement((db) =>
  db
    .select({
      account: {
        id: accounts.id,
        profileId: accounts.profileId,
        connectionId: accounts.connectionId,
        transactionCount: accounts.transactionCount,
        transactionsVersion: accounts.transactionsVersion,
      },
      profileDeletingAt: profiles.deletingAt,
    })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.id, accounts.profileId))
    .where(
      and(
        eq(accounts.id, sql.placeholder("accountId")),
        eq(accounts.environmentId, sql.placeholder("environmentId")),
      ),
    )
    .prepare("weft_account_for_page"),
);

/** Merge metadata into an account's (null clears it: `mergedMetadata`); returns its view. */
export async function updateAccountMetadata(
  tx: Database,
  environmentId: string,
  accountId: string,
  metadata: Record<string, unknown> | null,
) {
  const { account } = await findAccount(tx, environmentId, accountId, { forUpdate: true });
  const [updated] = await tx
    .update(accounts)
    .set({ metadata: mergedMetadata(accounts.metadata, metadata) })
    .where(eq(accounts.id, account.id))
    .returning();
  const latest = await latestBalances(tx, [account.id]);
  return toAccountView(updated!, latest.get(account.id) ?? null);
}

/** Merge metadata into a transaction's (null clears it: `mergedMetadata`); returns its view. 404 outside the environment. */
export async function updateTransactionMetadata(
  tx: Database,
  environmentId: string,
  transactionId: string,
  metadata: Record<string, unknown> | null,
) {
  const [found] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .innerJoin(accounts, eq(accounts.id, transactions.accountId))
    .where(and(eq(transactions.id, transactionId), eq(accounts.environmentId, environmentId)))
    // The account before the row: see lockAccountsForTransactionWrites.
    .for("no key update", { of: accounts });
  if (!found) throw notFound("Transaction", transactionId);
  const [updated] = await tx
    .update(transactions)
    .set({ metadata: mergedMetadata(transactions.metadata, metadata) })
    .where(eq(transactions.id, transactionId))
    .returning();
  return toTransactionView(updated!);
}

/**
 * An account with its latest balance, in one statement: the balance through a LATERAL join that
 * reads the newest entry of `balances_account_at_idx` (none when the account has no balance).
 */
const accountViewById = preparedStatement((db) => {
  const latest = db
    .select(getTableColumns(balances))
    .from(balances)
    .where(eq(balances.accountId, accounts.id))
    .orderBy(desc(balances.at), desc(balances.id))
    .limit(1)
    .as("latest");
  return db
    .select({
      account: accounts,
      profileDeletingAt: profiles.deletingAt,
      balance: {
        id: latest.id,
        accountId: latest.accountId,
        at: latest.at,
        available: latest.available,
        current: latest.current,
        limit: latest.limit,
        source: latest.source,
        createdAt: latest.createdAt,
      },
    })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.id, accounts.profileId))
    .leftJoinLateral(latest, sql`true`)
    .where(
      and(
        eq(accounts.id, sql.placeholder("accountId")),
        eq(accounts.environmentId, sql.placeholder("environmentId")),
      ),
    )
    .prepare("weft_account_view_by_id");
});

export async function getAccountView(db: Database, environmentId: string, accountId: string) {
  const [row] = await accountViewById(db).execute({ accountId, environmentId });
  const { account, balance } = readable(row, accountId);
  return toAccountView(account, balance);
}

export async function listProfileAccounts(
  db: Database,
  environmentId: string,
  profileIdOrUuid: string,
  filter: Pagination & { connectionId?: string | undefined },
) {
  const profile = await findLiveProfile(db, environmentId, profileIdOrUuid);
  const where = and(
    eq(accounts.environmentId, environmentId),
    eq(accounts.profileId, profile.id),
    filter.connectionId ? eq(accounts.connectionId, filter.connectionId) : undefined,
  );
  const { rows, total } = await selectPage(
    db,
    accounts,
    where,
    [desc(accounts.createdAt), accounts.id],
    filter,
  );
  const latest = await latestBalances(
    db,
    rows.map((r) => r.id),
  );
  return { views: rows.map((r) => toAccountView(r, latest.get(r.id) ?? null)), total };
}

export async function listBalances(db: Database, environmentId: string, accountId: string, page: Pagination) {
  const { account } = await findAccount(db, environmentId, accountId);
  const where = eq(balances.accountId, account.id);
  const { rows, total } = await selectPage(db, balances, where, [desc(balances.at), desc(balances.id)], page);
  return { views: rows.map(toBalanceView), total };
}

/** Transactions of an enrichment category (general or detailed) and of a counterparty (id or name). */
export function enrichmentConditions(filter: {
  category?: string | null | undefined;
  counterparty?: string | null | undefined;
}): SQL[] {
  const conditions: SQL[] = [];
  if (filter.category) {
    conditions.push(
      sql`(${transactions.enrichment}->'categories'->>'general' = ${filter.category}
        or ${transactions.enrichment}->'categories'->>'detailed' = ${filter.category})`,
    );
  }
  if (filter.counterparty) {
    conditions.push(
      sql`(${transactions.enrichment}->'counterparty'->>'id' = ${filter.counterparty}
        or lower(${transactions.enrichment}->'counterparty'->>'name') = lower(${filter.counterparty}))`,
    );
  }
  return conditions;
}

/** A page's order: newest first, ties by id (the (account, date, id) index read backwards). */
const NEWEST_FIRST = [desc(transactions.date), desc(transactions.id)];

/**
 * A page of transactions past the first, newest first: the page's ids from the narrow (account,
 * date, id) index alone, then only their rows ("deferred join"), so deep pages stay cheap. Each
 * column comes as the text its JSON needs (`TransactionText`).
 */
function transactionsPage(
  db: Database,
  where: SQL | undefined,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  const page = db
    .select({ pageId: transactions.id })
    .from(transactions)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(limit)
    .offset(offset)
    .as("page");
  return db
    .select(TRANSACTION_TEXT)
    .from(transactions)
    .innerJoin(page, eq(transactions.id, page.pageId))
    .orderBy(...NEWEST_FIRST);
}

/**
 * The first page, the most read, straight from the same index: with no rows to skip, the deferred
 * join's second lookup of each row by its id would be work for nothing (a third of PostgreSQL's
 * CPU for a page of 100; from the second page on, the join is as cheap or cheaper).
 */
function firstTransactionsPage(db: Database, where: SQL | undefined, limit: number | Placeholder) {
  return db
    .select(TRANSACTION_TEXT)
    .from(transactions)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
}

/** Each column as text named as `TransactionText` names it, so raw rows and mapped rows agree. */
const TRANSACTION_TEXT: Record<keyof TransactionText, SQL.Aliased<string>> = {
  id: asText(transactions.id, "id"),
  accountId: asText(transactions.accountId, "accountId"),
  amount: asText(transactions.amount, "amount"),
  entryType: asText(transactions.entryType, "entryType"),
  currencyCode: asText(transactions.currencyCode, "currencyCode"),
  date: asText(transactions.date, "date"),
  description: asText(transactions.description, "description"),
  status: asText(transactions.status, "status"),
  pendingTransactionId: asText(transactions.pendingTransactionId, "pendingTransactionId"),
  enrichment: asText(transactions.enrichment, "enrichment"),
  metadata: asText(transactions.metadata, "metadata"),
  createdAt: asText(isoTimestampText(transactions.createdAt), "createdAt"),
};

/** Pages without filters, the common read: prepared. */
const unfilteredFirstPage = preparedStatement((db) =>
  firstTransactionsPage(
    db,
    eq(transactions.accountId, sql.placeholder("accountId")),
    sql.placeholder("limit"),
  ).prepare("weft_transactions_first_page"),
);
const unfilteredLaterPage = preparedStatement((db) =>
  transactionsPage(
    db,
    eq(transactions.accountId, sql.placeholder("accountId")),
    sql.placeholder("limit"),
    sql.placeholder("offset"),
  ).prepare("weft_transactions_page"),
);

/**
 * The first page without filters, the one most read, in one statement with its account, for
 * a process that does not hold the page: what `accountForPage` reads, then the account's newest
 * rows through a LATERAL join (none while its profile is being deleted). The account is one row,
 * by its key, so the join is a nested loop over it and the rows come in the index's order, the
 * page's. A process that holds the page reads the account alone (`accountForPage`, a cheaper
 * plan to run: PostgreSQL sets up the join's nodes even when they read nothing).
 */
const firstPageWithAccount = preparedStatement((db) => {
  const page = db
    .select(TRANSACTION_TEXT)
    .from(transactions)
    .where(and(eq(transactions.accountId, accounts.id), isNull(profiles.deletingAt)))
    .orderBy(...NEWEST_FIRST)
    .limit(sql.placeholder("limit"))
    .as("page");
  // Named with the subquery's alias: the account and the profile have an "id" too.
  const rows = Object.fromEntries(
    Object.keys(TRANSACTION_TEXT).map((name) => [
      name,
      sql<string | null>`${sql.identifier("page")}.${sql.identifier(name)}`.as(name),
    ]),
  ) as Record<keyof TransactionText, SQL.Aliased<string | null>>;
  return db
    .select({
      profileId: sql<string>`${accounts.profileId}`.as("profileId"),
      connectionId: sql<string>`${accounts.connectionId}`.as("connectionId"),
      profileDeletingAt: sql<Date | null>`${profiles.deletingAt}`.as("profileDeletingAt"),
      transactionCount: sql<number>`${accounts.transactionCount}`.as("transactionCount"),
      transactionsVersion: sql<string>`${accounts.transactionsVersion}::text`.as("transactionsVersion"),
      ...rows,
    })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.id, accounts.profileId))
    .leftJoinLateral(page, sql`true`)
    .where(
      and(
        eq(accounts.id, sql.placeholder("accountId")),
        eq(accounts.environmentId, sql.placeholder("environmentId")),
      ),
    )
    .prepare("weft_transactions_first_page_with_account");
});

type AccountWithPageRow = {
  profileId: string;
  connectionId: string;
  profileDeletingAt: Date | null;
  transactionCount: number;
  transactionsVersion: string;
} & { [Column in keyof TransactionText]: TransactionText[Column] | null };

/** The unfiltered first page that this process does not hold: one statement (above). */
async function firstPageInOne(
  db: Database,
  environmentId: string,
  accountId: string,
  limit: number,
  query: string,
  pages?: TransactionPageCache,
): Promise<CachedPage> {
  const rows = await rawRows<AccountWithPageRow>(firstPageWithAccount(db), {
    accountId,
    environmentId,
    limit,
  });
  const [first] = rows;
  const { account } = readable(
    first && { account: first, profileDeletingAt: first.profileDeletingAt },
    accountId,
  );
  await assertCollectsTransactions(db, account);
  // No transaction: the account's one row, its page columns null.
  const page = {
    body: Buffer.from(transactionsPageJson(account.id === null ? [] : (rows as TransactionText[]))),
    total: account.transactionCount,
  };
  pages?.set(accountId, Number(account.transactionsVersion), query, page);
  return page;
}

/** A page's rows: without filters from the prepared statements; the first page straight from the index. */
function pageRows(
  db: Database,
  accountId: string,
  filtered: SQL | undefined,
  limit: number,
  offset: number,
): Promise<TransactionText[]> {
  if (filtered) {
    return offset === 0
      ? firstTransactionsPage(db, filtered, limit)
      : transactionsPage(db, filtered, limit, offset);
  }
  return offset === 0
    ? rawRows(unfilteredFirstPage(db), { accountId, limit })
    : rawRows(unfilteredLaterPage(db), { accountId, limit, offset });
}

/**
 * A page of an account's transactions, as the bytes sent and the total it pages; from `pages`
 * when it holds this query at the account's current transactions version (page-cache.ts).
 */
export async function listTransactions(
  db: Database,
  environmentId: string,
  accountId: string,
  filter: TransactionsFilter,
  pages?: TransactionPageCache,
): Promise<CachedPage> {
  const { limit, startDate, endDate, status, category, counterparty } = filter;
  const offset = offsetOf(filter);
  const query = TransactionPageCache.queryKey([
    limit,
    offset,
    startDate,
    endDate,
    status,
    category,
    counterparty,
  ]);
  const filters: SQL[] = [];
  if (startDate) filters.push(gte(transactions.date, startDate));
  if (endDate) filters.push(lte(transactions.date, endDate));
  if (status) filters.push(eq(transactions.status, status));
  filters.push(...enrichmentConditions(filter));
  const isFiltered = filters.length > 0;
  if (!isFiltered && offset === 0 && !pages?.holds(accountId, query)) {
    return firstPageInOne(db, environmentId, accountId, limit, query, pages);
  }

  const [row] = await accountForPage(db).execute({ accountId, environmentId });
  const { account } = readable(row, accountId);
  await assertCollectsTransactions(db, account);
  if (startDate && endDate && startDate > endDate) {
    throw badRequest(
      `startDate ${startDate} is after endDate ${endDate}`,
      "Send a startDate on or before the endDate.",
    );
  }
  const version = account.transactionsVersion;
  const cached = pages?.get(account.id, version, query);
  if (cached) return cached;

  const where = and(eq(transactions.accountId, account.id), ...filters);

  const [rows, total] = await Promise.all([
    pageRows(db, account.id, isFiltered ? where : undefined, limit, offset),
    isFiltered
      ? db
          .select({ n: count() })
          .from(transactions)
          .where(where)
          .then(([r]) => r?.n ?? 0)
      : Promise.resolve(account.transactionCount),
  ]);
  const page = { body: Buffer.from(transactionsPageJson(rows)), total };
  pages?.set(account.id, version, query, page);
  return page;
}

export async function listHoldings(db: Database, environmentId: string, accountId: string, page: Pagination) {
  const { account, connection } = await findAccount(db, environmentId, accountId);
  assertProduct(connection, "INVESTMENTS");
  const where = eq(holdings.accountId, account.id);
  const [rows, [total]] = await Promise.all([
    db
      .select({ holding: holdings, security: securities })
      .from(holdings)
      .innerJoin(securities, eq(securities.id, holdings.securityId))
      .where(where)
      .orderBy(desc(holdings.value), holdings.id)
      .limit(page.limit)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(holdings).where(where),
  ]);
  return { views: rows.map((r) => toHoldingView(r.holding, r.security)), total: total?.n ?? 0 };
}

export async function listStatements(
  ctx: AppContext,
  environmentId: string,
  accountId: string,
  page: Pagination,
  now = new Date(),
) {
  const { account, connection } = await findAccount(ctx.db, environmentId, accountId);
  assertProduct(connection, "ACCOUNT_STATEMENTS");
  const where = eq(statements.accountId, account.id);
  const { rows, total } = await selectPage(
    ctx.db,
    statements,
    where,
    [desc(statements.endOn), desc(statements.id)],
    page,
  );
  return { views: rows.map((r) => toStatementView(ctx, r, now)), total };
}

/** A statement as the API answers it: with a signed link to its PDF, valid for an hour from `now`. */
export const toStatementView = (
  ctx: Pick<AppContext, "config" | "secretKey">,
  row: StatementRow,
  now: Date,
): StatementView => ({
  id: row.id,
  accountId: row.accountId,
  startOn: row.startOn,
  endOn: row.endOn,
  url: signStatementUrl(ctx.config.publicUrl, ctx.secretKey, row.id, now),
});

/** The statement PDF behind a signed link (already checked by the route). */
export async function statementPdf(ctx: AppContext, statementId: string) {
  const [row] = await ctx.db
    .select({ statement: statements, account: accounts, connection: connections })
    .from(statements)
    .innerJoin(accounts, eq(accounts.id, statements.accountId))
    .innerJoin(connections, eq(connections.id, accounts.connectionId))
    .where(eq(statements.id, statementId));
  if (!row) throw notFound("Statement", statementId);
  const { connection } = row;
  if (!connection.accessTokenEncrypted || connection.provider === "DISCONNECTED") {
    throw forbidden(
      `The PDF of statement ${statementId} is no longer available: its connection is ${connection.status}`,
      "Ask the user to connect the institution again.",
    );
  }
  let bytes: Uint8Array;
  try {
    bytes = await (await providerFor(ctx, connection.environmentId, connection.provider)).statementPdf({
      accessToken: decrypt(ctx.secretKey, connection.accessTokenEncrypted),
      accountExternalId: row.account.externalId,
      statementExternalId: row.statement.externalId,
    });
  } catch (error) {
    if (error instanceof ProviderRateLimited) throw apiErrorOf(error);
    if (!(error instanceof ProviderError)) throw error;
    throw new HttpError(
      502,
      `The institution could not provide statement ${statementId}: ${error.details.errorMessage}`,
      error.details.suggestedAction ?? "Try again later.",
    );
  }
  return {
    bytes,
    filename: `statement-${row.statement.startOn.slice(0, 7)}-${row.account.mask ?? "account"}.pdf`,
  };
}

/** "a CREDIT account", "an INVESTMENT account". */
export const kindOf = (kind: string) => `${/^[AEIOU]/.test(kind) ? "an" : "a"} ${kind} account`;

/**
 * ACH numbers of a depository account on an active connection with ACCOUNT_NUMBERS.
 * 400 for other account kinds; 403 without the product or on an inactive connection.
 */
export async function getAchNumbers(ctx: AppContext, environmentId: string, accountId: string) {
  const { account, connection } = await findAccount(ctx.db, environmentId, accountId);
  if (account.kind !== "DEPOSITORY") {
    throw badRequest(
      `Account ${account.id} is ${kindOf(account.kind)}; ACH numbers exist for DEPOSITORY accounts only`,
      "Ask for the ACH numbers of a checking or savings account.",
    );
  }
  assertProduct(connection, "ACCOUNT_NUMBERS");
  assertActive(connection);
  const [row] = await ctx.db.select().from(achNumbers).where(eq(achNumbers.accountId, account.id));
  if (!row) {
    throw notFound(`ACH numbers of account ${account.id}`);
  }
  return { accountId: account.id, number: decrypt(ctx.secretKey, row.numberEncrypted), routing: row.routing };
}

export async function listOwners(db: Database, environmentId: string, accountId: string) {
  const { account, connection } = await findAccount(db, environmentId, accountId);
  assertProduct(connection, "ACCOUNT_OWNERS");
  const rows = await db
    .select()
    .from(accountOwners)
    .where(eq(accountOwners.accountId, account.id))
    .orderBy(accountOwners.position);
  return rows.map((r) => ({ names: r.names, emails: r.emails, phones: r.phones, addresses: r.addresses }));
}

/** POST /balances/refresh: 202; the job fetches the balance and records balance.created. */
export async function requestBalanceRefresh(
  tx: Database,
  environmentId: string,
  accountId: string,
  now = new Date(),
) {
  const { account, connection } = await findAccount(tx, environmentId, accountId, { forUpdate: true });
  assertActive(connection);
  assertProduct(connection, "ACCOUNT_BALANCE_REFRESHES");
  const last = account.balanceRefreshRequestedAt?.getTime();
  const wait = last === undefined ? 0 : last + BALANCE_REFRESH_INTERVAL_SECONDS * 1000 - now.getTime();
  if (wait > 0) {
    throw tooManyRequests(
      `The balance of account ${account.id} was refreshed less than ${BALANCE_REFRESH_INTERVAL_SECONDS} seconds ago; the provider limits refreshes`,
      wait / 1000,
      (s) => `Retry after ${s} seconds; the balance from the last refresh is on its way (balance.created).`,
    );
  }
  await tx.update(accounts).set({ balanceRefreshRequestedAt: now }).where(eq(accounts.id, account.id));
  await enqueueJob(tx, BALANCE_REFRESH_QUEUE, { accountId: account.id }, { maxAttempts: 5 });
  return now;
}

/** The balance refresh job: a fresh balance from the provider, stored with source REFRESH. */
export async function refreshBalanceNow(
  ctx: AppContext,
  accountId: string,
  attempt = 1,
  now = new Date(),
): Promise<void> {
  const [row] = await ctx.db
    .select({ account: accounts, connection: connections })
    .from(accounts)
    .innerJoin(connections, eq(connections.id, accounts.connectionId))
    .where(eq(accounts.id, accountId));
  if (!row) return;
  const { account, connection } = row;
  if (!connection.accessTokenEncrypted || connection.provider === "DISCONNECTED") return;
  const balance = await (
    await providerFor(ctx, connection.environmentId, connection.provider)
  ).refreshBalance({
    accessToken: decrypt(ctx.secretKey, connection.accessTokenEncrypted),
    accountExternalId: account.externalId,
    now,
    attempt,
  });
  await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(balances)
      .values({
        id: newId("balance"),
        accountId: account.id,
        at: balance.at,
        available: balance.available,
        current: balance.current,
        limit: balance.limit,
        source: "REFRESH",
      })
      .returning();
    await recordEvent(tx, {
      environmentId: account.environmentId,
      type: "balance.created",
      profile: await eventProfileOf(tx, account.profileId),
      record: toBalanceView(inserted!),
    });
  });
}

/** A connection's accounts, oldest first (what the Connector shows the end-user). */
export function listConnectionAccounts(db: Database, connectionId: string) {
  return db
    .select({
      id: accounts.id,
      name: accounts.name,
      mask: accounts.mask,
      kind: accounts.kind,
      type: accounts.type,
    })
    .from(accounts)
    .where(eq(accounts.connectionId, connectionId))
    .orderBy(asc(accounts.createdAt), asc(accounts.id));
}

/** How many transactions a connection's accounts hold (the transactions index alone answers it). */
export async function countConnectionTransactions(db: Database, connectionId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(transactions)
    .innerJoin(accounts, eq(accounts.id, transactions.accountId))
    .where(eq(accounts.connectionId, connectionId));
  return row?.n ?? 0;
}

/** An account's type by id, whatever its environment (the caller already scoped the id). */
export async function findAccountType(db: Database, accountId: string): Promise<AccountType | undefined> {
  const [row] = await db.select({ type: accounts.type }).from(accounts).where(eq(accounts.id, accountId));
  return row?.type;
}
