import { Type } from "typebox";
import type { AppContext } from "../../context.ts";
import { apiKeyPrincipalOf } from "../../http/auth.ts";
import { PAGINATION_HEADERS, PaginationQuery, setPaginationHeaders } from "../../http/pagination.ts";
import { environmentToRead } from "../../http/read-scope.ts";
import { errorResponses, MetadataUpdateRequest } from "../../http/schemas.ts";
import type { Server } from "../../http/server-type.ts";
import {
  Connection,
  ConnectionExport,
  ConnectionIdParams,
  ProfileConnectionParams,
  ProfileIdParams,
  RefreshAccepted,
} from "./schemas.ts";
import {
  connectionViewOf,
  exportConnection,
  getConnectionView,
  listProfileConnections,
  requestDisconnect,
  requestStatementsRefresh,
  toConnectionViews,
  updateConnectionMetadata,
} from "./service.ts";

const TAG = "Connections";

export function registerConnectionRoutes(app: Server, ctx: AppContext): void {
  const config = { api: "platform", auth: ["apiKey"] } as const;
  // Reads take a session token too: its own profile's connections.
  const reads = { api: "platform", auth: ["apiKey", "session"] } as const;

  app.get(
    "/v1/profiles/:profileId/connections",
    {
      config: reads,
      schema: {
        operationId: "listProfileConnections",
        tags: [TAG],
        summary: "List a profile's connections",
        description: "Newest first, paginated, whatever their status (disconnected ones included).",
        params: ProfileIdParams,
        querystring: PaginationQuery,
        response: {
          200: Type.Array(Connection, { headers: PAGINATION_HEADERS }),
          ...errorResponses(401, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const environmentId = await environmentToRead(ctx.readDb, request, {
        profile: request.params.profileId,
      });
      const { rows, total } = await listProfileConnections(
        ctx.readDb,
        environmentId,
        request.params.profileId,
        request.query,
      );
      setPaginationHeaders(request, reply, ctx.config.publicUrl, request.query, total);
      return toConnectionViews(ctx.readDb, rows, ctx.config.publicUrl);
    },
  );

  app.get(
    "/v1/connections/:connectionId",
    {
      config: reads,
      schema: {
        operationId: "getConnection",
        tags: [TAG],
        summary: "Read a connection",
        description: "Its status, products, institution and, in an ERROR_* status, the provider's error.",
        params: ConnectionIdParams,
        response: { 200: Connection, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const environmentId = await environmentToRead(ctx.readDb, request, {
        connection: request.params.connectionId,
      });
      return getConnectionView(ctx.readDb, environmentId, request.params.connectionId, ctx.config.publicUrl);
    },
  );

  app.patch(
    "/v1/connections/:connectionId",
    {
      config,
      schema: {
        operationId: "updateConnection",
        tags: [TAG],
        summary: "Update a connection's metadata",
        description: "Sets your own key-value pairs on the connection (1 to 50 keys); `null` clears them.",
        params: ConnectionIdParams,
        body: MetadataUpdateRequest,
        response: { 200: Connection, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) => {
      const { environment } = apiKeyPrincipalOf(request);
      const row = await ctx.db.transaction((tx) =>
        updateConnectionMetadata(tx, environment.id, request.params.connectionId, request.body.metadata),
      );
      return connectionViewOf(ctx.db, row, ctx.config.publicUrl);
    },
  );

  app.delete(
    "/v1/connections/:connectionId",
    {
      config,
      schema: {
        operationId: "disconnectConnection",
        tags: [TAG],
        summary: "Disconnect a connection",
        description:
          "Stops syncing at once (status DISCONNECTING) and revokes the provider's access in the " +
          "background; then the status is DISCONNECTED and connection.disconnected is recorded. The " +
          "accounts and their data stay readable. Repeating it is safe: a connection already " +
          "disconnecting or disconnected is answered as it is, and nothing more is done.",
        params: ConnectionIdParams,
        response: { 202: Connection, ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const { environment } = apiKeyPrincipalOf(request);
      const row = await ctx.db.transaction((tx) =>
        requestDisconnect(tx, environment.id, request.params.connectionId),
      );
      ctx.wakeWorkers();
      return reply.code(202).send(await connectionViewOf(ctx.db, row, ctx.config.publicUrl));
    },
  );

  app.post(
    "/v1/connections/:connectionId/statements/refresh",
    {
      config,
      schema: {
        operationId: "refreshStatements",
        tags: ["Statements"],
        summary: "Refresh a connection's statements",
        description:
          "Accepted (202) and done in the background: the provider's statements are fetched and a " +
          "statement.ready event follows for each. Needs the ACCOUNT_STATEMENTS product and an active " +
          "connection (403 otherwise); at most one refresh a minute per connection (429).",
        params: ConnectionIdParams,
        response: { 202: RefreshAccepted, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { environment } = apiKeyPrincipalOf(request);
      const requestedAt = await ctx.db.transaction((tx) =>
        requestStatementsRefresh(tx, environment.id, request.params.connectionId),
      );
      ctx.wakeWorkers();
      return reply.code(202).send({ status: "ACCEPTED", requestedAt: requestedAt.toISOString() });
    },
  );

  app.get(
    "/v1/profiles/:profileId/connections/:connectionId/export",
    {
      config,
      schema: {
        operationId: "exportConnection",
        tags: [TAG],
        summary: "Export a connection's provider credentials",
        description:
          "For moving a connection to your own provider account. Support enables it per environment; " +
          "until then the answer is 403.",
        params: ProfileConnectionParams,
        response: { 200: ConnectionExport, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { environment } = apiKeyPrincipalOf(request);
      return exportConnection(ctx, environment, request.params.profileId, request.params.connectionId);
    },
  );
}
