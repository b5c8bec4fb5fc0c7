import { offsetToCursor, resolveOffsetConnection } from "@pothos/plugin-relay";
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import { GraphQLError } from "graphql";
import {
  ACCOUNT_KINDS,
  accounts,
  achNumbers,
  CONNECTION_PROVIDERS,
  CONNECTION_STATUSES,
  type ConnectionProvider,
  connections,
  ENTRY_TYPES,
  holdings,
  securities,
  statements,
  TRANSACTION_STATUSES,
  transactions,
} from "../../db/schema/index.ts";
import { HttpError } from "../../http/errors.ts";
import type { AccountView, HoldingView, StatementView, TransactionView } from "../accounts/schemas.ts";
import { enrichmentConditions, getAchNumbers, toStatementView } from "../accounts/service.ts";
import { toHoldingView, toTransactionView } from "../accounts/views.ts";
import type { ConnectionView } from "../connections/schemas.ts";
import type { ProfileView } from "../profiles/schemas.ts";
import { builder, type GraphQLContext, profileOf } from "./builder.ts";
import { DEFAULT_PAGE, MAX_PAGE } from "./limits.ts";

/** The caller's mistake in a field's arguments, as GraphQL errors say it. */
const badInput = (message: string) => new GraphQLError(message, { extensions: { code: "BAD_USER_INPUT" } });

/**
 * A filter's text that is empty would be read as no filter at all (every row): it is refused,
 * as REST refuses an empty parameter.
 */
function refuseEmpty(filter: Record<string, unknown>, fields: readonly string[]): void {
  for (const field of fields)
    if (typeof filter[field] === "string" && (filter[field] as string).trim() === "")
      throw badInput(`filter.${field} is empty: leave it out to match every row, or send a value`);
}

type PageArgs = {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
};

/** A Relay connection over an offset query: the total first (so `last` works), then the page. */
async function pageOf<T>(
  args: PageArgs,
  total: number,
  fetch: (page: { offset: number; limit: number }) => Promise<T[]>,
) {
  for (const name of ["first", "last"] as const) {
    const value = args[name];
    if (value != null && (value < 0 || value > MAX_PAGE))
      throw badInput(`${name} must be between 0 and ${MAX_PAGE}`);
  }
  // A cursor is one this API gave, as it gave it: a made-up one ("OffsetConnection:-5", 20 digits)
  // would reach the database as an offset it refuses.
  for (const name of ["after", "before"] as const) {
    const cursor = args[name];
    if (cursor == null) continue;
    const offset = /^OffsetConnection:(0|[1-9]\d{0,8})$/.exec(
      Buffer.from(cursor, "base64").toString("latin1"),
    )?.[1];
    if (offset === undefined || offsetToCursor(Number(offset)) !== cursor)
      throw badInput(
        `${name} is not a cursor this list gave: send an edge's cursor or pageInfo's as it came`,
      );
  }
  const page = await resolveOffsetConnection(
    { args, defaultSize: DEFAULT_PAGE, maxSize: MAX_PAGE, totalCount: total },
    fetch,
  );
  if (page.edges.length === 0) Object.assign(page.pageInfo, { startCursor: null, endCursor: null });
  return Object.assign(page, { count: total });
}

/** Relay connections here also say how many items there are across all pages. */
export function countFields() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: Pothos' connection field builder type is internal
    fields: (f: any) => ({
      count: f.int({
        description: "Items across all pages.",
        resolve: (parent: { count?: number }) => parent.count ?? 0,
      }),
    }),
  };
}

const enumOf = <T extends string>(name: string, values: readonly T[], description?: string) =>
  builder.enumType(name, { values, ...(description ? { description } : {}) });

export const AccountKind = enumOf("AccountKind", ACCOUNT_KINDS);
export const ConnectionStatus = enumOf("ConnectionStatus", CONNECTION_STATUSES);
export const TransactionStatus = enumOf("TransactionStatus", TRANSACTION_STATUSES);
export const EntryType = enumOf("EntryType", ENTRY_TYPES, "CREDIT is money in, DEBIT money out.");
export const TransactionSort = enumOf("TransactionSort", [
  "DATE_DESC",
  "DATE_ASC",
  "AMOUNT_DESC",
  "AMOUNT_ASC",
] as const);
export const StatementSort = enumOf("StatementSort", ["DATE_DESC", "DATE_ASC"] as const);

const InstitutionLogo = builder.objectRef<{ url: string }>("InstitutionLogo").implement({
  fields: (t) => ({ url: t.exposeString("url") }),
});

const Institution = builder.objectRef<NonNullable<ConnectionView["institution"]>>("Institution").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    logoUrl: t.exposeString("logoUrl"),
    logo: t.field({
      type: InstitutionLogo,
      description: "The logo as Quiltt's clients read it (logo { url }): the same image as logoUrl.",
      resolve: (i) => ({ url: i.logoUrl }),
    }),
  }),
});

const ProviderError = builder.objectRef<NonNullable<ConnectionView["error"]>>("ProviderError").implement({
  description: "What the provider said when a connection went into an ERROR_* status.",
  fields: (t) => ({ raw: t.field({ type: "JSON", resolve: (e) => e }) }),
});

export const Profile = builder.objectRef<ProfileView>("Profile").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    uuid: t.exposeString("uuid"),
    email: t.exposeString("email", { nullable: true }),
    phone: t.exposeString("phone", { nullable: true }),
    name: t.exposeString("name", { nullable: true }),
    dateOfBirth: t.field({ type: "Date", nullable: true, resolve: (p) => p.dateOfBirth }),
    address: t.field({ type: "JSON", nullable: true, resolve: (p) => p.address }),
    metadata: t.field({ type: "JSON", nullable: true, resolve: (p) => p.metadata }),
    createdAt: t.field({ type: "DateTime", resolve: (p) => p.createdAt }),
  }),
});

export const Balance = builder.objectRef<NonNullable<AccountView["balance"]>>("Balance").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    at: t.field({ type: "DateTime", resolve: (b) => b.at }),
    available: t.exposeFloat("available", { nullable: true }),
    current: t.exposeFloat("current", { nullable: true }),
    limit: t.exposeFloat("limit", { nullable: true }),
    source: t.exposeString("source"),
  }),
});

const AchNumbers = builder
  .objectRef<{ accountId: string; number: string; routing: string }>("AchNumbers")
  .implement({
    fields: (t) => ({
      number: t.exposeString("number"),
      routing: t.exposeString("routing"),
    }),
  });

const Counterparty = builder.objectRef<{ id: string; name: string; type: string }>("Counterparty").implement({
  fields: (t) => ({ id: t.exposeID("id"), name: t.exposeString("name"), type: t.exposeString("type") }),
});

const Categories = builder
  .objectRef<{ general: string | null; detailed: string | null; accounting: string }>("Categories")
  .implement({
    fields: (t) => ({
      general: t.exposeString("general", { nullable: true }),
      detailed: t.exposeString("detailed", { nullable: true }),
      accounting: t.exposeString("accounting"),
    }),
  });

type EnrichmentView = NonNullable<TransactionView["enrichment"]>;
const Enrichment = builder.objectRef<EnrichmentView>("Enrichment").implement({
  description: "What Weft's enrichment engine made of the description.",
  fields: (t) => ({
    merchant: t.exposeString("merchant", { nullable: true }),
    merchantId: t.exposeString("merchantId", { nullable: true }),
    website: t.exposeString("website", { nullable: true }),
    logo: t.exposeString("logo", { nullable: true }),
    categories: t.field({ type: Categories, resolve: (e) => e.categories }),
    counterparty: t.field({ type: Counterparty, nullable: true, resolve: (e) => e.counterparty }),
    person: t.exposeString("person", { nullable: true }),
    intermediaries: t.exposeStringList("intermediaries"),
    recurrence: t.field({
      type: "JSON",
      nullable: true,
      resolve: (e) => (e as { recurrence?: unknown }).recurrence ?? null,
    }),
  }),
});

export const Connection = builder.objectRef<ConnectionView>("Connection");
export const Account = builder.objectRef<AccountView>("Account");
export const Transaction = builder.objectRef<TransactionView>("Transaction");
export const Holding = builder.objectRef<HoldingView>("Holding");
export const Statement = builder.objectRef<StatementView>("Statement");

export const TransactionFilter = builder.inputType("TransactionFilter", {
  fields: (t) => ({
    accountId: t.id({ required: false }),
    status: t.field({
      type: [TransactionStatus],
      required: false,
      description: "Any of these (one value is a list of one).",
    }),
    entryType: t.field({ type: EntryType, required: false }),
    dateFrom: t.field({ type: "Date", required: false, description: "On or after this day." }),
    dateTo: t.field({ type: "Date", required: false, description: "On or before this day." }),
    amountMin: t.float({ required: false, description: "Signed: money out is negative." }),
    amountMax: t.float({ required: false }),
    category: t.string({ required: false, description: "General or detailed enrichment category." }),
    counterparty: t.string({ required: false, description: "Counterparty id or name (any case)." }),
  }),
});

export const AccountFilter = builder.inputType("AccountFilter", {
  fields: (t) => ({
    kind: t.field({
      type: [AccountKind],
      required: false,
      description: "Any of these (one value is a list of one).",
    }),
    connectionId: t.id({ required: false }),
    // Quiltt's name, as its clients send it.
    connection_status: t.field({
      type: [ConnectionStatus],
      required: false,
      description: "The account's connection is in any of these statuses.",
    }),
    // Weft's first name for it, kept for the clients written against it (a deprecated input field
    // is hidden from the introspection tools send).
    connectionStatus: t.field({
      type: [ConnectionStatus],
      required: false,
      description: "The same as connection_status.",
    }),
    verified: t.boolean({ required: false, description: "Whether ACH numbers are known for the account." }),
  }),
});

export const ConnectionFilter = builder.inputType("ConnectionFilter", {
  fields: (t) => ({
    status: t.field({
      type: [ConnectionStatus],
      required: false,
      description: "Any of these (one value is a list of one).",
    }),
    provider: t.stringList({ required: false, description: "Any of these providers (PLAID, MX, MOCK…)." }),
  }),
});

const StatementPeriod = builder.inputType("StatementPeriod", {
  fields: (t) => ({
    start: t.field({ type: "Date", required: true }),
    end: t.field({ type: "Date", required: true }),
  }),
});

/** Statements as Quiltt's clients filter them. */
export const StatementFilter = builder.inputType("StatementFilter", {
  fields: (t) => ({
    accountIds: t.idList({ required: false, description: "Of any of these accounts." }),
    for: t.field({
      type: StatementPeriod,
      required: false,
      description: "Whose period overlaps these days (start and end included).",
    }),
    on: t.field({ type: "Date", required: false, description: "Whose period holds this day." }),
  }),
});

/**
 * A filter's list: "any of these" — absent, no condition; empty, nothing matches (as an `in ()`
 * would); else each value once.
 */
function anyOf<T>(
  column: Parameters<typeof inArray>[0],
  values: readonly T[] | null | undefined,
): SQL | undefined {
  if (values == null) return undefined;
  if (values.length === 0) return sql`false`;
  return inArray(column, [...new Set(values)] as unknown[]);
}

/** connection_status, or its first name connectionStatus: one of them. */
function connectionStatusesOf(f: AccountFilterInput) {
  if (f.connection_status != null && f.connectionStatus != null)
    throw badInput("Send connection_status or connectionStatus (the same filter), not both");
  return f.connection_status ?? f.connectionStatus;
}

/** Providers as Weft names them, in any case; a name it does not know is the caller's mistake. */
function providersOf(names: readonly string[] | null | undefined): ConnectionProvider[] | null | undefined {
  if (names == null) return names;
  return names.map((name) => {
    const provider = CONNECTION_PROVIDERS.find((known) => known === name.toUpperCase());
    if (!provider) throw badInput(`Provider ${name} is not one of: ${CONNECTION_PROVIDERS.join(", ")}`);
    return provider;
  });
}

type TransactionFilterInput = typeof TransactionFilter.$inferInput;
type StatementFilterInput = typeof StatementFilter.$inferInput;
type ConnectionFilterInput = typeof ConnectionFilter.$inferInput;
type AccountFilterInput = typeof AccountFilter.$inferInput;

/** Transactions of the caller's profile (one account's when `accountId`), filtered and sorted. */
async function transactionsPage(
  context: GraphQLContext,
  args: PageArgs & { filter?: TransactionFilterInput | null; sort?: string | null },
  accountId?: string,
) {
  const profileId = profileOf(context);
  const f = args.filter ?? {};
  refuseEmpty(f, ["accountId", "category", "counterparty"]);
  if (f.dateFrom && f.dateTo && f.dateFrom > f.dateTo)
    throw badInput(
      `filter.dateFrom (${f.dateFrom}) is after filter.dateTo (${f.dateTo}): send a dateFrom on or before the dateTo`,
    );
  const conditions: SQL[] = [
    eq(accounts.environmentId, context.environmentId),
    eq(accounts.profileId, profileId),
  ];
  const account = accountId ?? f.accountId;
  if (account) conditions.push(eq(transactions.accountId, String(account)));
  const statuses = anyOf(transactions.status, f.status);
  if (statuses) conditions.push(statuses);
  if (f.entryType) conditions.push(eq(transactions.entryType, f.entryType));
  if (f.dateFrom) conditions.push(gte(transactions.date, f.dateFrom));
  if (f.dateTo) conditions.push(lte(transactions.date, f.dateTo));
  if (f.amountMin != null) conditions.push(gte(transactions.amount, String(f.amountMin)));
  if (f.amountMax != null) conditions.push(lte(transactions.amount, String(f.amountMax)));
  conditions.push(...enrichmentConditions(f));
  const where = and(...conditions);
  const order = {
    DATE_DESC: [desc(transactions.date), desc(transactions.id)],
    DATE_ASC: [asc(transactions.date), asc(transactions.id)],
    AMOUNT_DESC: [desc(transactions.amount), desc(transactions.id)],
    AMOUNT_ASC: [asc(transactions.amount), asc(transactions.id)],
  }[(args.sort ?? "DATE_DESC") as "DATE_DESC"];
  const [total] = await context.weft.db
    .select({ n: count() })
    .from(transactions)
    .innerJoin(accounts, eq(accounts.id, transactions.accountId))
    .where(where);
  return pageOf(args, total?.n ?? 0, async ({ offset, limit }) => {
    const rows = await context.weft.db
      .select({ transaction: transactions })
      .from(transactions)
      .innerJoin(accounts, eq(accounts.id, transactions.accountId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    return rows.map((r) => toTransactionView(r.transaction));
  });
}

async function accountsPage(
  context: GraphQLContext,
  args: PageArgs & { filter?: AccountFilterInput | null },
  connectionId?: string,
) {
  const profileId = profileOf(context);
  const f = args.filter ?? {};
  const conditions: SQL[] = [
    eq(accounts.environmentId, context.environmentId),
    eq(accounts.profileId, profileId),
  ];
  refuseEmpty(f, ["connectionId"]);
  const connection = connectionId ?? f.connectionId;
  if (connection) conditions.push(eq(accounts.connectionId, String(connection)));
  for (const condition of [anyOf(accounts.kind, f.kind), anyOf(connections.status, connectionStatusesOf(f))])
    if (condition) conditions.push(condition);
  if (f.verified != null)
    conditions.push(
      f.verified
        ? sql`exists (select 1 from ${achNumbers} where ${achNumbers.accountId} = ${accounts.id})`
        : sql`not exists (select 1 from ${achNumbers} where ${achNumbers.accountId} = ${accounts.id})`,
    );
  const where = and(...conditions);
  const [total] = await context.weft.db
    .select({ n: count() })
    .from(accounts)
    .innerJoin(connections, eq(connections.id, accounts.connectionId))
    .where(where);
  return pageOf(args, total?.n ?? 0, async ({ offset, limit }) => {
    const rows = await context.weft.db
      .select({ id: accounts.id })
      .from(accounts)
      .innerJoin(connections, eq(connections.id, accounts.connectionId))
      .where(where)
      .orderBy(desc(accounts.createdAt), accounts.id)
      .limit(limit)
      .offset(offset);
    const views = await context.loaders.account.loadMany(rows.map((r) => r.id));
    return views.filter((v): v is AccountView => v !== null && !(v instanceof Error));
  });
}

async function connectionsPage(
  context: GraphQLContext,
  args: PageArgs & { filter?: ConnectionFilterInput | null },
) {
  const profileId = profileOf(context);
  const f = args.filter ?? {};
  const where = and(
    eq(connections.environmentId, context.environmentId),
    eq(connections.profileId, profileId),
    anyOf(connections.status, f.status),
    anyOf(connections.provider, providersOf(f.provider)),
  );
  const [total] = await context.weft.db.select({ n: count() }).from(connections).where(where);
  return pageOf(args, total?.n ?? 0, async ({ offset, limit }) => {
    const rows = await context.weft.db
      .select({ id: connections.id })
      .from(connections)
      .where(where)
      .orderBy(desc(connections.createdAt), desc(connections.id))
      .limit(limit)
      .offset(offset);
    const views = await context.loaders.connection.loadMany(rows.map((r) => r.id));
    return views.filter((v): v is ConnectionView => v !== null && !(v instanceof Error));
  });
}

type Only = { accountId?: string; id?: string };

async function holdingsPage(context: GraphQLContext, args: PageArgs, only: Only = {}) {
  const profileId = profileOf(context);
  const where = and(
    eq(accounts.environmentId, context.environmentId),
    eq(accounts.profileId, profileId),
    only.accountId ? eq(holdings.accountId, only.accountId) : undefined,
    only.id ? eq(holdings.id, only.id) : undefined,
  );
  const [total] = await context.weft.db
    .select({ n: count() })
    .from(holdings)
    .innerJoin(accounts, eq(accounts.id, holdings.accountId))
    .where(where);
  return pageOf(args, total?.n ?? 0, async ({ offset, limit }) => {
    const rows = await context.weft.db
      .select({ holding: holdings, security: securities })
      .from(holdings)
      .innerJoin(accounts, eq(accounts.id, holdings.accountId))
      .innerJoin(securities, eq(securities.id, holdings.securityId))
      .where(where)
      .orderBy(desc(holdings.value), holdings.id)
      .limit(limit)
      .offset(offset);
    return rows.map((r) => toHoldingView(r.holding, r.security));
  });
}

async function statementsPage(
  context: GraphQLContext,
  args: PageArgs & { filter?: StatementFilterInput | null; sort?: string | null },
  only: Only = {},
) {
  const profileId = profileOf(context);
  const f = args.filter ?? {};
  if (f.for && f.for.start > f.for.end)
    throw badInput(
      `for's start (${f.for.start}) is after its end (${f.for.end}): send a period that starts first`,
    );
  const where = and(
    eq(accounts.environmentId, context.environmentId),
    eq(accounts.profileId, profileId),
    only.accountId ? eq(statements.accountId, only.accountId) : undefined,
    only.id ? eq(statements.id, only.id) : undefined,
    anyOf(statements.accountId, f.accountIds?.map(String)),
    f.for ? and(lte(statements.startOn, f.for.end), gte(statements.endOn, f.for.start)) : undefined,
    f.on ? and(lte(statements.startOn, f.on), gte(statements.endOn, f.on)) : undefined,
  );
  const order =
    args.sort === "DATE_ASC"
      ? [asc(statements.endOn), asc(statements.id)]
      : [desc(statements.endOn), desc(statements.id)];
  const [total] = await context.weft.db
    .select({ n: count() })
    .from(statements)
    .innerJoin(accounts, eq(accounts.id, statements.accountId))
    .where(where);
  return pageOf(args, total?.n ?? 0, async ({ offset, limit }) => {
    const rows = await context.weft.db
      .select({ statement: statements })
      .from(statements)
      .innerJoin(accounts, eq(accounts.id, statements.accountId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const now = new Date();
    return rows.map(({ statement }) => toStatementView(context.weft, statement, now));
  });
}

/** One record of the caller's profile, or null (another profile's id reads as absent). */
export async function oneOf<T>(
  context: GraphQLContext,
  kind: "transaction" | "holding" | "statement",
  id: string,
) {
  const page =
    kind === "transaction"
      ? await context.weft.db
          .select({ transaction: transactions })
          .from(transactions)
          .innerJoin(accounts, eq(accounts.id, transactions.accountId))
          .where(
            and(
              eq(transactions.id, id),
              eq(accounts.environmentId, context.environmentId),
              eq(accounts.profileId, profileOf(context)),
            ),
          )
          .then((rows) => rows.map((r) => toTransactionView(r.transaction)))
      : kind === "holding"
        ? (await holdingsPage(context, { first: 1 }, { id })).edges.map((e) => e.node)
        : (await statementsPage(context, { first: 1 }, { id })).edges.map((e) => e.node);
  return (page[0] as T | undefined) ?? null;
}

Connection.implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    connection: t.field({
      type: Connection,
      description:
        "This connection: Quiltt's subscription payloads name their record so (`connectionSynced { connection { id status } }`).",
      resolve: (c) => c,
    }),
    provider: t.exposeString("provider"),
    status: t.field({ type: ConnectionStatus, resolve: (c) => c.status }),
    products: t.exposeStringList("products"),
    institution: t.field({ type: Institution, nullable: true, resolve: (c) => c.institution }),
    metadata: t.field({ type: "JSON", nullable: true, resolve: (c) => c.metadata }),
    error: t.field({ type: ProviderError, nullable: true, resolve: (c) => c.error }),
    lastSyncedAt: t.field({ type: "DateTime", nullable: true, resolve: (c) => c.lastSyncedAt }),
    createdAt: t.field({ type: "DateTime", resolve: (c) => c.createdAt }),
    accounts: t.connection(
      {
        type: Account,
        args: { filter: t.arg({ type: AccountFilter, required: false }) },
        resolve: (c, args, context) => accountsPage(context, args, c.id),
      },
      countFields(),
    ),
  }),
});

Account.implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    account: t.field({
      type: Account,
      description:
        "This account: Quiltt's subscription payloads name their record so (`accountVerified { account { id verified } }`).",
      resolve: (a) => a,
    }),
    name: t.exposeString("name"),
    mask: t.exposeString("mask", { nullable: true }),
    kind: t.field({ type: AccountKind, resolve: (a) => a.kind }),
    type: t.exposeString("type"),
    state: t.exposeString("state"),
    currencyCode: t.exposeString("currencyCode"),
    metadata: t.field({ type: "JSON", nullable: true, resolve: (a) => a.metadata }),
    createdAt: t.field({ type: "DateTime", resolve: (a) => a.createdAt }),
    balance: t.field({ type: Balance, nullable: true, resolve: (a) => a.balance }),
    verified: t.boolean({
      description: "Whether the account's ACH numbers are known (a depository account with ACCOUNT_NUMBERS).",
      resolve: (a, _args, context) => context.loaders.verified.load(a.id),
    }),
    institution: t.field({
      type: Institution,
      nullable: true,
      description: "Its connection's institution.",
      resolve: async (a, _args, context) =>
        (await context.loaders.connection.load(a.connectionId))?.institution ?? null,
    }),
    connection: t.field({
      type: Connection,
      resolve: async (a, _args, context) => (await context.loaders.connection.load(a.connectionId))!,
    }),
    achNumbers: t.field({
      type: AchNumbers,
      nullable: true,
      description:
        "Account and routing number of a depository account whose active connection has ACCOUNT_NUMBERS.",
      resolve: async (a, _args, context) => {
        try {
          return await getAchNumbers(context.weft, context.environmentId, a.id);
        } catch (error) {
          // Not a depository account, no ACCOUNT_NUMBERS, or the connection is not active.
          if (error instanceof HttpError) return null;
          throw error;
        }
      },
    }),
    transactions: t.connection(
      {
        type: Transaction,
        args: {
          filter: t.arg({ type: TransactionFilter, required: false }),
          sort: t.arg({ type: TransactionSort, required: false }),
        },
        resolve: (a, args, context) => transactionsPage(context, args, a.id),
      },
      countFields(),
    ),
    holdings: t.connection(
      { type: Holding, resolve: (a, args, context) => holdingsPage(context, args, { accountId: a.id }) },
      countFields(),
    ),
    statements: t.connection(
      {
        type: Statement,
        args: {
          filter: t.arg({ type: StatementFilter, required: false }),
          sort: t.arg({ type: StatementSort, required: false }),
        },
        resolve: (a, args, context) => statementsPage(context, args, { accountId: a.id }),
      },
      countFields(),
    ),
  }),
});

Transaction.implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    amount: t.exposeFloat("amount", { description: "Signed: money in is positive." }),
    entryType: t.field({ type: EntryType, resolve: (x) => x.entryType }),
    currencyCode: t.exposeString("currencyCode"),
    date: t.field({ type: "Date", resolve: (x) => x.date }),
    description: t.exposeString("description"),
    status: t.field({ type: TransactionStatus, resolve: (x) => x.status }),
    pendingTransactionId: t.exposeString("pendingTransactionId", { nullable: true }),
    enrichment: t.field({ type: Enrichment, nullable: true, resolve: (x) => x.enrichment }),
    metadata: t.field({ type: "JSON", nullable: true, resolve: (x) => x.metadata }),
    createdAt: t.field({ type: "DateTime", resolve: (x) => x.createdAt }),
    account: t.field({
      type: Account,
      resolve: async (x, _args, context) => (await context.loaders.account.load(x.accountId))!,
    }),
  }),
});

const Security = builder.objectRef<HoldingView["security"]>("Security").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name", { nullable: true }),
    tickerSymbol: t.exposeString("tickerSymbol", { nullable: true }),
    cusip: t.exposeString("cusip", { nullable: true }),
    isin: t.exposeString("isin", { nullable: true }),
    type: t.exposeString("type"),
    currencyCode: t.exposeString("currencyCode"),
  }),
});

Holding.implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    security: t.field({ type: Security, resolve: (h) => h.security }),
    quantity: t.exposeFloat("quantity"),
    price: t.exposeFloat("price"),
    value: t.exposeFloat("value"),
    costBasis: t.exposeFloat("costBasis", { nullable: true }),
    currencyCode: t.exposeString("currencyCode"),
    at: t.field({ type: "DateTime", resolve: (h) => h.at }),
    account: t.field({
      type: Account,
      resolve: async (h, _args, context) => (await context.loaders.account.load(h.accountId))!,
    }),
  }),
});

Statement.implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    startOn: t.field({ type: "Date", resolve: (s) => s.startOn }),
    endOn: t.field({ type: "Date", resolve: (s) => s.endOn }),
    url: t.exposeString("url", { description: "A signed link to the PDF, valid for 1 hour." }),
    account: t.field({
      type: Account,
      resolve: async (s, _args, context) => (await context.loaders.account.load(s.accountId))!,
    }),
  }),
});

export { accountsPage, connectionsPage, holdingsPage, statementsPage, transactionsPage };
