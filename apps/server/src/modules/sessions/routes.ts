import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { apiKeyPrincipalOf, sessionPrincipalOf } from "../../http/auth.ts";
import { errorResponses, NoContent } from "../../http/schemas.ts";
import type { Server } from "../../http/server-type.ts";
import { auditedWithWrite, auditRecordOf } from "../audit/service.ts";
import { toEnvironmentView } from "../environments/service.ts";
import { ApiKeyIntrospection, Jwks, SessionIssueRequest, UserSession } from "./schemas.ts";
import { issueSession, revokeSession, toUserSessionView } from "./service.ts";

const TAG = "Sessions";

export function registerSessionRoutes(app: Server, ctx: AppContext): void {
  app.post(
    "/v1/introspect/api_key",
    {
      config: { api: "auth", auth: ["apiKey"] },
      schema: {
        operationId: "introspectApiKey",
        tags: ["API keys"],
        summary: "Check an API key",
        description: "Returns the key the request was made with and its environment.",
        response: { 200: ApiKeyIntrospection, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { apiKey, environment } = apiKeyPrincipalOf(request);
      return {
        id: apiKey.id,
        name: apiKey.name,
        apiVersion: apiKey.apiVersion,
        environment: toEnvironmentView(environment),
      };
    },
  );

  app.post(
    "/v1/users/sessions",
    {
      config: { api: "auth", auth: ["apiKey"] },
      schema: {
        operationId: "issueSession",
        tags: [TAG],
        summary: "Issue a session token",
        description:
          "With `userId` (a profile id or uuid), issues a session for that profile and saves any profile " +
          "fields sent onto it. Without `userId`, creates a profile from the fields sent and issues a " +
          "session for it. A profile may hold 10 active sessions issued within an hour and 20 within a day.",
        body: SessionIssueRequest,
        response: { 201: UserSession, ...errorResponses(401, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const { environment } = apiKeyPrincipalOf(request);
      const session = await issueSession(ctx, environment, request.body, auditRecordOf(request, 201, null));
      auditedWithWrite(request);
      return reply.code(201).send(session);
    },
  );

  const currentSession = async (request: FastifyRequest) => {
    const { session, profile } = sessionPrincipalOf(request);
    const token = request.headers.authorization!.replace(/^Bearer\s+/i, "").trim();
    return toUserSessionView(session, profile, token);
  };

  app.post(
    "/v1/introspect/session_token",
    {
      config: { api: "auth", auth: ["session"] },
      schema: {
        operationId: "introspectSessionToken",
        tags: [TAG],
        summary: "Check a session token",
        description:
          "Returns the session when the token is valid; 401 when it is expired, revoked or invalid.",
        response: { 200: UserSession, ...errorResponses(401) },
      },
    },
    currentSession,
  );

  app.get(
    "/v1/users/session",
    {
      config: { api: "auth", auth: ["session"] },
      schema: {
        operationId: "getSession",
        tags: [TAG],
        summary: "Read the current session",
        description: "The same as introspecting the token: the session it belongs to.",
        response: { 200: UserSession, ...errorResponses(401) },
      },
    },
    currentSession,
  );

  app.delete(
    "/v1/users/session",
    {
      config: { api: "auth", auth: ["session"] },
      schema: {
        operationId: "revokeSession",
        tags: [TAG],
        summary: "Revoke the current session",
        description: "After this the token is rejected everywhere, and the profile's session slot is free.",
        response: { 204: NoContent, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await revokeSession(ctx.db, sessionPrincipalOf(request).session.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/.well-known/jwks.json",
    // Public and well-known, like any JWKS: not part of the Auth API document.
    { schema: { response: { 200: Jwks } } },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return ctx.signer.jwks();
    },
  );
}
