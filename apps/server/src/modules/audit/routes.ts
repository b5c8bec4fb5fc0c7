import { Type } from "typebox";
import type { AppContext } from "../../context.ts";
import { ACTOR_TYPES } from "../../db/schema/index.ts";
import { apiKeyPrincipalOf } from "../../http/auth.ts";
import { PAGINATION_HEADERS, PaginationQuery, setPaginationHeaders } from "../../http/pagination.ts";
import { errorResponses } from "../../http/schemas.ts";
import type { Server } from "../../http/server-type.ts";
import { listAuditEvents, toAuditEventView } from "./service.ts";

const AuditEvent = Type.Object(
  {
    id: Type.String({
      description: "The audit event's id (aud_…).",
      examples: ["aud_01jd8x0m6e9q7v2c5b4n3k1h0g"],
    }),
    actor: Type.Object({
      type: Type.Enum(ACTOR_TYPES, {
        description: "What acted: an API key, a session, a processor token, or the CLI.",
      }),
      id: Type.String({
        description: "The API key, session or processor token id; for the CLI, the operating-system user.",
        examples: ["api_01jd8x0m6e9q7v2c5b4n3k1h0g"],
      }),
    }),
    action: Type.String({
      description:
        'What was done: the method and route ("DELETE /v1/connections/:connectionId") or the CLI command ("keys revoke").',
      examples: ["POST /v1/profiles"],
    }),
    resourceId: Type.Union([Type.String(), Type.Null()], {
      description: "The record it acted on, when there is one.",
      examples: ["p_01jd8x0m6e9q7v2c5b4n3k1h0g"],
    }),
    status: Type.Union([Type.Integer(), Type.Null()], {
      description: "The HTTP status of the answer.",
      examples: [201],
    }),
    requestId: Type.Union([Type.String(), Type.Null()], {
      description: "The request's x-request-id, to find it in the logs.",
      examples: ["req_5f2c9a1e7b3d4c6a8e0f1b2d"],
    }),
    createdAt: Type.String({ format: "date-time" }),
  },
  { title: "AuditEvent" },
);

const AuditEventsQuery = Type.Object({
  ...PaginationQuery.properties,
  actorType: Type.Optional(Type.Enum(ACTOR_TYPES, { description: "Only what this kind of actor did." })),
  actorId: Type.Optional(Type.String({ maxLength: 200, description: "Only what this actor did." })),
});

export function registerAuditRoutes(app: Server, ctx: AppContext): void {
  app.get(
    "/v1/audit-events",
    {
      config: { api: "platform", auth: ["apiKey"] },
      schema: {
        operationId: "listAuditEvents",
        tags: ["Audit"],
        summary: "List audit events",
        description:
          "Who created, changed or deleted what in this environment, newest first: every successful " +
          "write through the API (with its credential) and every change made with the CLI. Kept " +
          "WEFT_AUDIT_RETENTION_DAYS days (365 by default).",
        querystring: AuditEventsQuery,
        response: {
          200: Type.Array(AuditEvent, { headers: PAGINATION_HEADERS }),
          ...errorResponses(401, 422),
        },
      },
    },
    async (request, reply) => {
      const { environment } = apiKeyPrincipalOf(request);
      const { page, limit, ...filters } = request.query;
      const { rows, total } = await listAuditEvents(ctx.db, environment.id, filters, { page, limit });
      setPaginationHeaders(request, reply, ctx.config.publicUrl, { page, limit }, total);
      return rows.map(toAuditEventView);
    },
  );
}
