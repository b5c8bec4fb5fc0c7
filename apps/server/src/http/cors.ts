import { isNotNull } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { decodeJwt } from "jose";
import type { AppContext } from "../context.ts";
import { connectors, environments } from "../db/schema/index.ts";
import { bearerOf } from "./auth.ts";
import { HttpError } from "./errors.ts";

/**
 * Browser access (CORS) to what a front end may call with a session token: the Auth API, the
 * data reads, GraphQL and the SDK's Connector calls. An origin is allowed when an environment
 * lists it (`weft env origins --allow`) or a Connector does (its allowed origins). The answer
 * names the origin, never `*`; no cookies are involved (credentials travel in Authorization).
 *
 * A preflight carries no credentials, so it cannot say which environment it is for: the origins
 * of all environments are allowed at the door. The request itself names its environment in its
 * credential, and only an origin that environment (or one of its Connectors) allows is answered
 * for: another environment's allowed site gets no CORS header, so the browser keeps the answer
 * from that page.
 */
export const CORS_PATHS =
  /^\/v1\/(users\/session|introspect\/session_token|graphql|sdk\/|profiles\/[^/]+(\/(connections|accounts))?$|connections\/[^/]+$|accounts\/)/;

const ALLOWED_HEADERS =
  "authorization, content-type, idempotency-key, quiltt-sdk-agent, quiltt-client-version, x-request-id";
const ALLOWED_METHODS = "GET, POST, PUT, PATCH, DELETE, OPTIONS";
const EXPOSED_HEADERS = "link, x-request-id, retry-after, current-page, page-items, total-count, total-pages";
/** How long an origin list is trusted before it is read again (changes made by another process). */
const CACHE_MS = 5_000;

/** Each allowed origin with the environments that allow it (themselves or through a Connector). */
export function allowedOrigins(ctx: AppContext) {
  let cached: { byOrigin: Map<string, Set<string>>; at: number } | undefined;
  return {
    async environmentsOf(origin: string): Promise<ReadonlySet<string> | undefined> {
      if (!cached || Date.now() - cached.at > CACHE_MS) {
        const [envs, widgets] = await Promise.all([
          ctx.db.select({ id: environments.id, origins: environments.allowedOrigins }).from(environments),
          ctx.db
            .select({ id: connectors.environmentId, origins: connectors.allowedOrigins })
            .from(connectors)
            .where(isNotNull(connectors.allowedOrigins)),
        ]);
        const byOrigin = new Map<string, Set<string>>();
        for (const row of [...envs, ...widgets]) {
          for (const o of row.origins ?? []) byOrigin.set(o, (byOrigin.get(o) ?? new Set()).add(row.id));
        }
        cached = { byOrigin, at: Date.now() };
      }
      return cached.byOrigin.get(origin);
    },
  };
}

/**
 * The environment a request's bearer credential names, read without checking it (authentication
 * checks it after): a session token's `env` claim, an API key's environment. Undefined otherwise.
 */
async function claimedEnvironment(ctx: AppContext, request: FastifyRequest): Promise<string | undefined> {
  const token = bearerOf(request);
  if (!token) return undefined;
  if (token.startsWith("weft_sk_")) return (await ctx.apiKeys.find(token))?.environment.id;
  try {
    const env = decodeJwt(token).env;
    return typeof env === "string" ? env : undefined;
  } catch {
    return undefined;
  }
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
    const allowing = await origins.environmentsOf(origin);
    if (!allowing) {
      if (isPreflight) {
        throw new HttpError(
          403,
          `The origin ${origin} may not call this API from a browser`,
          "Allow it for the environment (npm run weft -- env origins --env ENV_ID --allow ORIGIN) or list it in a Connector's allowed origins.",
        );
      }
      return;
    }
    if (!isPreflight) {
      const claimed = await claimedEnvironment(ctx, request);
      if (claimed && !allowing.has(claimed)) return;
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
