import { Type } from "typebox";
import type { AppContext } from "../../context.ts";
import { apiKeyPrincipalOf } from "../../http/auth.ts";
import { forbidden } from "../../http/errors.ts";
import { NO_SNIFF } from "../../http/file-headers.ts";
import { sendJsonText } from "../../http/json-text.ts";
import { PAGINATION_HEADERS, PaginationQuery, setPaginationHeaders } from "../../http/pagination.ts";
import { environmentToRead } from "../../http/read-scope.ts";
import { errorResponses, MetadataUpdateRequest } from "../../http/schemas.ts";
import type { Server } from "../../http/server-type.ts";
import { RefreshAccepted } from "../connections/schemas.ts";
import {
  Account,
  AccountIdParams,
  AccountOwner,
  AchNumbers,
  Balance,
  Holding,
  Statement,
  Transaction,
  TransactionsQuery,
} from "./schemas.ts";
import {
  getAccountView,
  getAchNumbers,
  listBalances,
  listHoldings,
  listOwners,
  listProfileAccounts,
  listStatements,
  listTransactions,
  requestBalanceRefresh,
  statementPdf,
  updateAccountMetadata,
  updateTransactionMetadata,
} from "./service.ts";
import { checkStatementLink } from "./statement-links.ts";

const TAG = "Accounts";

const ProfileAccountsQuery = Type.Object({
  ...PaginationQuery.properties,
  connectionId: Type.Optional(Type.String({ description: "Only the accounts of this connection." })),
});

export function registerAccountRoutes(app: Server, ctx: AppContext): void {
  // Reads take a session token too (its own profile's data); processors reach their one account.
  const reads = { api: "platform", auth: ["apiKey", "session"] } as const;
  const withProcessor = { api: "platform", auth: ["apiKey", "processor"] } as const;
  const readsWithProcessor = { api: "platform", auth: ["apiKey", "session", "processor"] } as const;
  const list = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
    Type.Array(item, { headers: PAGINATION_HEADERS });

  app.get(
    "/v1/profiles/:profileId/accounts",
    {
      config: reads,
      schema: {
        operationId: "listProfileAccounts",
        tags: [TAG],
        summary: "List a profile's accounts",
        description:
          "Across its connections (or one, with connectionId), each with its latest balance: the newest " +
          "connection's first, each connection's accounts in the order the institution gave them.",
        params: Type.Object({ profileId: Type.String({ description: "The profile's id (p_…) or uuid." }) }),
        querystring: ProfileAccountsQuery,
        response: { 200: list(Account), ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const environmentId = await environmentToRead(ctx.readDb, request, {
        profile: request.params.profileId,
      });
      const { views, total } = await listProfileAccounts(
        ctx.readDb,
        environmentId,
        request.params.profileId,
        request.query,
      );
      setPaginationHeaders(request, reply, ctx.config.publicUrl, request.query, total);
      return views;
    },
  );

  app.get(
    "/v1/accounts/:accountId",
    {
      config: reads,
      schema: {
        operationId: "getAccount",
        tags: [TAG],
        summary: "Read an account",
        description: "With its latest balance.",
        params: AccountIdParams,
        response: { 200: Account, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const environmentId = await environmentToRead(ctx.readDb, request, {
        account: request.params.accountId,
      });
      return getAccountView(ctx.readDb, environmentId, request.params.accountId);
    },
  );

  app.patch(
    "/v1/accounts/:accountId",
    {
      config: { api: "platform", auth: ["apiKey"] },
      schema: {
        operationId: "updateAccount",
        tags: [TAG],
        summary: "Update an account's metadata",
        description: "Sets your own key-value pairs on the account (1 to 50 keys); `null` clears them.",
        params: AccountIdParams,
        body: MetadataUpdateRequest,
        response: { 200: Account, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) => {
      const { environment } = apiKeyPrincipalOf(request);
      return ctx.db.transaction((tx) =>
        updateAccountMetadata(tx, environment.id, request.params.accountId, request.body.metadata),
      );
    },
  );

  app.patch(
    "/v1/transactions/:transactionId",
    {
      config: { api: "platform", auth: ["apiKey"] },
      schema: {
        operationId: "updateTransaction",
        tags: ["Transactions"],
        summary: "Update a transaction's metadata",
        description:
          "Sets your own key-value pairs on the transaction (1 to 50 keys); `null` clears them. A " +
          "re-sync of the transaction leaves them as they are.",
        params: Type.Object({ transactionId: Type.String({ description: "The transaction's id (txn_…)." }) }),
        body: MetadataUpdateRequest,
        response: { 200: Transaction, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const { environment } = apiKeyPrincipalOf(request);
      return ctx.db.transaction((tx) =>
        updateTransactionMetadata(tx, environment.id, request.params.transactionId, request.body.metadata),
      );
    },
  );

  app.get(
    "/v1/accounts/:accountId/balances",
    {
      config: reads,
      schema: {
        operationId: "listBalances",
        tags: [TAG],
        summary: "List an account's balances",
        description: "Every balance recorded, newest first: INITIAL, then SYNC and REFRESH ones.",
        params: AccountIdParams,
        querystring: PaginationQuery,
        response: { 200: list(Balance), ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      const environmentId = await environmentToRead(ctx.readDb, request, {
        account: request.params.accountId,
      });
      const { views, total } = await listBalances(
        ctx.readDb,
        environmentId,
        request.params.accountId,
        request.query,
      );
      setPaginationHeaders(request, reply, ctx.config.publicUrl, request.query, total);
      return views;
    },
  );

  app.post(
    "/v1/accounts/:accountId/balances/refresh",
    {
      config: withProcessor,
      schema: {
        operationId: "refreshBalance",
        tags: [TAG],
        summary: "Refresh an account's balance",
        description:
          "Accepted (202): a fresh balance is fetched from the institution in the background and " +
          "arrives with source REFRESH and a balance.created event. Needs the " +
          "ACCOUNT_BALANCE_REFRESHES product and an active connection (403); at most one refresh a " +
          "minute per account (429). Processors may call it with their token and secret.",
        params: AccountIdParams,
        response: { 202: RefreshAccepted, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const environmentId = await environmentToRead(ctx.db, request, { account: request.params.accountId });
      const requestedAt = await ctx.db.transaction((tx) =>
        requestBalanceRefresh(tx, environmentId, request.params.accountId),
      );
      ctx.wakeWorkers();
      return reply.code(202).send({ status: "ACCEPTED", requestedAt: requestedAt.toISOString() });
    },
  );

  app.get(
    "/v1/accounts/:accountId/ach_numbers",
    {
      config: readsWithProcessor,
      schema: {
        operationId: "getAchNumbers",
        tags: [TAG],
        summary: "Read an account's ACH numbers",
        description:
          "Account and routing number of a DEPOSITORY account (400 for other kinds). 403 when the " +
          "connection lacks ACCOUNT_NUMBERS or is not active. Processors may call it with their " +
          "token and secret.",
        params: AccountIdParams,
        response: { 200: AchNumbers, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const environmentId = await environmentToRead(ctx.readDb, request, {
        account: request.params.accountId,
      });
      return getAchNumbers(ctx, environmentId, request.params.accountId);
    },
  );

  app.get(
    "/v1/accounts/:accountId/owners",
    {
      config: reads,
      schema: {
        operationId: "listAccountOwners",
        tags: [TAG],
        summary: "List an account's owners",
        description: "The holders the institution lists. Needs the ACCOUNT_OWNERS product (403).",
        params: AccountIdParams,
        response: { 200: Type.Array(AccountOwner), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const environmentId = await environmentToRead(ctx.readDb, request, {
        account: request.params.accountId,
      });
      return listOwners(ctx.readDb, environmentId, request.params.accountId);
    },
  );

  app.get(
    "/v1/accounts/:accountId/transactions",
    {
      config: reads,
      schema: {
        operationId: "listTransactions",
        tags: ["Transactions"],
        summary: "List an account's transactions",
        description:
          "Newest first (by date, then id), paginated. Filter by date range (inclusive) and status. " +
          "A posted transaction that replaced a pending one names it in pendingTransactionId.",
        params: AccountIdParams,
        querystring: TransactionsQuery,
        response: { 200: list(Transaction), ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request, reply) => {
      const environmentId = await environmentToRead(ctx.readDb, request, {
        account: request.params.accountId,
      });
      const { body, total } = await listTransactions(
        ctx.readDb,
        environmentId,
        request.params.accountId,
        request.query,
        ctx.transactionPages,
      );
      setPaginationHeaders(request, reply, ctx.config.publicUrl, request.query, total);
      return sendJsonText(reply, body);
    },
  );

  app.get(
    "/v1/accounts/:accountId/holdings",
    {
      config: reads,
      schema: {
        operationId: "listHoldings",
        tags: ["Holdings"],
        summary: "List an account's holdings",
        description: "Investment positions with their securities, largest first.",
        params: AccountIdParams,
        querystring: PaginationQuery,
        response: { 200: list(Holding), ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      const environmentId = await environmentToRead(ctx.readDb, request, {
        account: request.params.accountId,
      });
      const { views, total } = await listHoldings(
        ctx.readDb,
        environmentId,
        request.params.accountId,
        request.query,
      );
      setPaginationHeaders(request, reply, ctx.config.publicUrl, request.query, total);
      return views;
    },
  );

  app.get(
    "/v1/accounts/:accountId/statements",
    {
      config: reads,
      schema: {
        operationId: "listStatements",
        tags: ["Statements"],
        summary: "List an account's statements",
        description:
          "Monthly statements, newest first. Each url is a signed link to the PDF, valid for 1 hour.",
        params: AccountIdParams,
        querystring: PaginationQuery,
        response: { 200: list(Statement), ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      const environmentId = await environmentToRead(ctx.readDb, request, {
        account: request.params.accountId,
      });
      const { views, total } = await listStatements(
        ctx,
        environmentId,
        request.params.accountId,
        request.query,
      );
      setPaginationHeaders(request, reply, ctx.config.publicUrl, request.query, total);
      return views;
    },
  );

  // The signed link a Statement's url points at: the signature is the credential, so it is
  // public and outside the OpenAPI documents. 403 once the hour is over or when tampered with.
  app.get("/v1/statements/:statementId/pdf", async (request, reply) => {
    const { statementId } = request.params as { statementId: string };
    const query = request.query as { expires?: string; signature?: string };
    const expires = Number(query.expires);
    const check =
      Number.isInteger(expires) && typeof query.signature === "string"
        ? checkStatementLink(ctx.secretKey, statementId, expires, query.signature)
        : "INVALID";
    if (check === "EXPIRED") {
      throw forbidden(
        "This statement link has expired",
        "Links last 1 hour: list the account's statements again for a fresh url.",
      );
    }
    if (check === "INVALID") {
      throw forbidden(
        "This statement link is not valid",
        "Use the url exactly as GET /v1/accounts/{accountId}/statements returned it.",
      );
    }
    const { bytes, filename } = await statementPdf(ctx, statementId);
    return reply
      .type("application/pdf")
      .headers(NO_SNIFF)
      .header("content-disposition", `inline; filename="${filename}"`)
      .header("cache-control", "private, max-age=300")
      .send(Buffer.from(bytes));
  });
}
