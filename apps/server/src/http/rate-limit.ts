import type { FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { AppContext } from "../context.ts";
import { tooManyRequests } from "./errors.ts";
import { credentialOf, type Principal } from "./principal.ts";

/**
 * Requests a second per credential: each API key, processor token and session has its own budget, counted in whole-second windows in this process. Every answer to
 * an authenticated request says where it stands (RateLimit-Limit, -Remaining, -Reset, as the
 * IETF draft names them); past the limit the answer is a 429 with Retry-After.
 */
export class RateLimiter {
  private readonly windowMs: number;
  private window = 0;
  private counts = new Map<string, number>();

  /** Counts in whole windows of `windowMs` (a second by default). */
  constructor(windowMs = 1000) {
    this.windowMs = windowMs;
  }

  /** Count `weight` requests of `key` (one, or a batch's operations) against `limit` a window. */
  take(
    key: string,
    limit: number,
    now = Date.now(),
    weight = 1,
  ): { remaining: number; resetSeconds: number; allowed: boolean } {
    const window = Math.floor(now / this.windowMs);
    if (window !== this.window) {
      // A new window: every count starts over, so the map never outgrows one window's callers.
      this.window = window;
      this.counts = new Map();
    }
    const used = (this.counts.get(key) ?? 0) + weight;
    this.counts.set(key, used);
    const resetSeconds = Math.max(1, Math.ceil(((window + 1) * this.windowMs - now) / 1000));
    return { remaining: Math.max(0, limit - used), resetSeconds, allowed: used <= limit };
  }
}

/**
 * What `charge` sets on the answer, for the OpenAPI documents: on every answer to a request the
 * auth hook authenticated (a 401 was counted against no credential), none when the limit is 0.
 */
export const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": Type.Integer({
    minimum: 1,
    description: "Requests this credential may send a second.",
  }),
  "RateLimit-Remaining": Type.Integer({
    minimum: 0,
    description: "Requests it may still send in the current second.",
  }),
  "RateLimit-Reset": Type.Integer({
    minimum: 1,
    description: "Seconds until the count starts over.",
  }),
};

function budgetOf(ctx: AppContext, principal: Principal): { key: string; limit: number } {
  const own = principal.environment.rateLimits ?? {};
  const { type, id } = credentialOf(principal);
  // Processor tokens have an API key's budget; sessions their own.
  const limit =
    type === "session"
      ? (own.session ?? ctx.config.rateLimits.session)
      : (own.apiKey ?? ctx.config.rateLimits.apiKey);
  return { key: `${type}:${id}`, limit };
}

/**
 * `reply` gets the RateLimit headers; without one (an operation on a WebSocket) only the 429
 * tells. `weight`: the requests it counts as (a GraphQL batch, one for each operation).
 */
export type ChargeRateLimit = (principal: Principal, reply?: FastifyReply, weight?: number) => void;

/**
 * Counts a request against its credential's budget a second and sets the RateLimit headers, or
 * throws the 429. `onRequest` charges every request authenticated by the auth hook; routes that
 * authenticate themselves (GraphQL) call `charge` once they know the credential, and a WebSocket
 * for each operation it runs.
 */
export function rateLimit(ctx: AppContext): {
  onRequest: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  charge: ChargeRateLimit;
} {
  const limiter = new RateLimiter();
  const charge: ChargeRateLimit = (principal, reply, weight = 1) => {
    const { key, limit } = budgetOf(ctx, principal);
    if (limit === 0) return;
    const taken = limiter.take(key, limit, Date.now(), weight);
    // The headers RATE_LIMIT_HEADERS declares, each of them (the type says so).
    const headers: Record<keyof typeof RATE_LIMIT_HEADERS, string> = {
      "RateLimit-Limit": String(limit),
      "RateLimit-Remaining": String(taken.remaining),
      "RateLimit-Reset": String(taken.resetSeconds),
    };
    reply?.headers(headers);
    if (!taken.allowed) {
      throw tooManyRequests(
        `More than ${limit} requests a second with this ${principal.kind === "session" ? "session" : "API key"}`,
        taken.resetSeconds,
        (s) => `Wait ${s} second${s === 1 ? "" : "s"} (Retry-After) and send it again; spread requests out.`,
      );
    }
  };
  return {
    charge,
    onRequest: async (request, reply) => {
      if (request.principal) charge(request.principal, reply);
    },
  };
}
