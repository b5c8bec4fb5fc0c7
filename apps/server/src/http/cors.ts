import { isNotNull } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.ts";
import { connectors, environments } from "../db/schema/index.ts";
import { HttpError } from "./errors.ts";

/**
 * Browser access (CORS) to what a front end may call with a session token: the Auth API, the
 * data reads, GraphQL and the SDK's Connector calls. An origin is allowed when an environment
 * lists it (`weft env origins --allow`) or a Connector does (its allowed origins). The answer
 * names the origin, never `*`; no cookies are involved (credentials travel in Authorization).
 *
 * A preflight carries no credentials, so it cannot say which environment it is for: the origins
 * of all environments are allowed at the door, and the token decides what is read.
 */
export const CORS_PATHS =
  /^\/v1\/(users\/session|introspect\/session_token|graphql|sdk\/|profiles\/[^/]+(\/(connections|accounts))?$|connections\/[^/]+$|accounts\/)/;

const ALLOWED_HEADERS = "authorization, content-type, quiltt-sdk-agent, quiltt-client-version, x-request-id";
const ALLOWED_METHODS = "GET, POST, PUT, PATCH, DELETE, OPTIONS";
const EXPOSED_HEADERS = "link, x-request-id, retry-after, current-page, page-items, total-count, total-pages";
/** How long an origin list is trusted before it is read again (changes made by another process). */
const CACHE_MS = 5_000;

export function allowedOrigins(ctx: AppContext) {
  let cached: { origins: Set<string>; at: number } | undefined;
  return {
    async has(origin: string): Promise<boolean> {
      if (!cached || Date.now() - cached.at > CACHE_MS) {
        const [envs, widgets] = await Promise.all([
          ctx.db.select({ origins: environments.allowedOrigins }).from(environments),
          ctx.db
            .select({ origins: connectors.allowedOrigins })
            .from(connectors)
            .where(isNotNull(connectors.allowedOrigins)),
        ]);
        const origins = new Set<string>();
        for (const row of [...envs, ...widgets]) for (const o of row.origins ?? []) origins.add(o);
        cached = { origins, at: Date.now() };
      }
      return cached.origins.has(origin);
    },
  };
}

/** onRequest hook: answers preflights and marks allowed cross-origin responses. */
export function cors(ctx: AppContext) {
  const origins = allowedOrigins(ctx);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const origin = request.headers.origin;
    if (typeof origin !== "string") return;
    const path = request.url.split("?")[0]!;
    if (!CORS_PATHS.test(path)) return;
    const isPreflight =
      request.method === "OPTIONS" && request.headers["access-control-request-method"] !== undefined;
    reply.header("vary", "Origin");
    if (!(await origins.has(origin))) {
      if (isPreflight) {
        throw new HttpError(
          403,
          `The origin ${origin} may not call this API from a browser`,
          "Allow it for the environment (npm run weft -- env origins --env ENV_ID --allow ORIGIN) or list it in a Connector's allowed origins.",
        );
      }
      return;
    }
    reply.header("access-control-allow-origin", origin);
    reply.header("access-control-expose-headers", EXPOSED_HEADERS);
    if (isPreflight) {
      return reply
        .code(204)
        .header("access-control-allow-methods", ALLOWED_METHODS)
        .header("access-control-allow-headers", ALLOWED_HEADERS)
        .header("access-control-max-age", "600")
        .send();
    }
    return undefined;
  };
}
