import type { FastifyReply, FastifyRequest } from "fastify";
import { GraphQLError } from "graphql";
import mercurius from "mercurius";
import type { AppContext } from "../../context.ts";
import { authenticateSession, basicOf, bearerOf } from "../../http/auth.ts";
import { HttpError, unauthenticated } from "../../http/errors.ts";
import type { Server } from "../../http/server-type.ts";
import { findKeyBySecret } from "../api-keys/service.ts";
import { findLiveProfile } from "../profiles/service.ts";
import type { GraphQLContext } from "./builder.ts";
import { createLoaders } from "./loaders.ts";
import { schema } from "./schema.ts";

/** Deeper queries than this are refused before they run. */
export const MAX_QUERY_DEPTH = 8;
/** Operations in one batched POST (Apollo's batch link). */
export const MAX_BATCH = 10;

const CREDENTIALS =
  'Send "Authorization: Bearer <session token>", or "Basic base64(profileId:API key secret)" from your backend.';

/**
 * Who is asking: a session token is its profile; Basic profileId:secret is that profile of the
 * key's environment; a bare API key may introspect. Anything else is a 401 RestError.
 */
async function scopeOf(ctx: AppContext, request: FastifyRequest): Promise<GraphQLScope> {
  const basic = basicOf(request);
  if (basic) {
    const key = basic.password.startsWith("weft_sk_")
      ? await findKeyBySecret(ctx.db, basic.password)
      : undefined;
    if (!key) throw unauthenticated("The API key is invalid or revoked", CREDENTIALS);
    try {
      const profile = await findLiveProfile(ctx.db, key.environment.id, basic.username);
      return { environmentId: key.environment.id, profileId: profile.id };
    } catch (error) {
      if (error instanceof HttpError)
        throw unauthenticated(`Profile ${basic.username} was not found`, CREDENTIALS);
      throw error;
    }
  }
  const token = bearerOf(request);
  if (!token) throw unauthenticated("Missing or malformed Authorization header", CREDENTIALS);
  if (token.startsWith("weft_sk_")) {
    const key = await findKeyBySecret(ctx.db, token);
    if (!key) throw unauthenticated("The API key is invalid or revoked", CREDENTIALS);
    return { environmentId: key.environment.id, profileId: null };
  }
  const principal = await authenticateSession(ctx, token);
  if (principal.kind !== "session") throw unauthenticated("The session token is invalid", CREDENTIALS);
  return { environmentId: principal.environment.id, profileId: principal.profile.id };
}

type GraphQLScope = Pick<GraphQLContext, "environmentId" | "profileId">;

declare module "fastify" {
  interface FastifyRequest {
    graphqlScope?: GraphQLScope;
  }
}

/** `/v1/graphql`: GET for queries, POST, and batched POST (an array in, an array out). */
export async function registerGraphQLRoutes(app: Server, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook("preHandler", async (request) => {
      request.graphqlScope = await scopeOf(ctx, request);
    });
    await scope.register(mercurius, {
      schema,
      path: "/v1/graphql",
      graphiql: false,
      allowBatchedQueries: true,
      queryDepth: MAX_QUERY_DEPTH,
      // Also called for a request the preHandler refused (to format its error): no scope, no data.
      context: (request: FastifyRequest): GraphQLContext => {
        const found = request.graphqlScope ?? { environmentId: "", profileId: null };
        return { ...found, weft: ctx, loaders: createLoaders(ctx, found.environmentId, found.profileId) };
      },
      // Credentials are refused as the rest of the API refuses them; GraphQL's own errors stay GraphQL's.
      errorHandler: async (error: Error, _request: FastifyRequest, reply: FastifyReply) => {
        if (error instanceof HttpError) {
          reply
            .code(error.statusCode)
            .headers(error.headers)
            .send({ message: error.message, instruction: error.instruction });
          return;
        }
        const graphqlError =
          error instanceof GraphQLError ? error : new GraphQLError(error.message, { originalError: error });
        const { statusCode, response } = mercurius.defaultErrorFormatter(
          { errors: [graphqlError] } as never,
          { reply, app: scope } as never,
        );
        reply.code(statusCode).send(response);
      },
    });
    scope.addHook("preValidation", async (request) => {
      if (Array.isArray(request.body) && request.body.length > MAX_BATCH) {
        throw new HttpError(
          413,
          `A batch may hold at most ${MAX_BATCH} operations; this one has ${request.body.length}`,
          "Send fewer operations per request.",
        );
      }
    });
  });
}
