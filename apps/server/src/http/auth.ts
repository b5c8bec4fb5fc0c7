import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context.ts";
import { findProcessorCredential } from "../modules/processors/credentials.ts";
import { findLiveSession } from "../modules/sessions/service.ts";
import { InvalidTokenError } from "../modules/sessions/tokens.ts";
import { forbidden, unauthenticated } from "./errors.ts";
import type { AuthScheme, Principal } from "./principal.ts";

const SCHEME_HINTS: Record<AuthScheme, string> = {
  apiKey: "an API key secret (weft_sk_…)",
  session: "a session token from POST /v1/users/sessions",
  processor: "Basic auth: a processor token as the username and its processor secret as the password",
};

export function basicOf(request: FastifyRequest): { username: string; password: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(request.headers.authorization ?? "");
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  // Credentials are printable text; anything else (a NUL, invalid UTF-8) is no credential.
  if ([...decoded].some((c) => c < " " || c === "\ufffd")) return undefined;
  const colon = decoded.indexOf(":");
  return colon < 0 ? undefined : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

export async function authenticateSession(ctx: AppContext, token: string): Promise<Principal> {
  let sessionId: string;
  try {
    sessionId = (await ctx.signer.verify(token)).sessionId;
  } catch (error) {
    if (error instanceof InvalidTokenError) throw invalidSession();
    throw error;
  }
  const live = await findLiveSession(ctx.db, sessionId);
  if (!live) throw invalidSession();
  return { kind: "session", session: live.session, environment: live.environment, profile: live.profile };
}

const invalidSession = () =>
  unauthenticated(
    "The session token is invalid, expired or revoked",
    "Issue a new session with POST /v1/users/sessions from your backend.",
  );

/** A JWT's shape: three base64url parts (a session token is one). */
const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** onRequest hook: authenticates by the route's `config.auth` and sets `request.principal`. */
export function authenticate(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const accepted = request.routeOptions.config.auth;
    if (!accepted || accepted.length === 0) return;
    const wanted = accepted.map((s) => SCHEME_HINTS[s]).join(" or ");
    const basic = basicOf(request);
    if (basic) {
      const found = await findProcessorCredential(ctx.db, basic.username, basic.password);
      // Good, only not here: a 403, as for the other kinds below; no good, and not taken here
      // either: said so, not as a processor token gone bad.
      if (!accepted.includes("processor")) {
        if (found) throw forbidden("This endpoint does not take a processor token", `Send ${wanted}.`);
        throw unauthenticated("This endpoint does not take Basic auth", `Send ${wanted}.`);
      }
      if (!found) {
        throw unauthenticated(
          "The processor token or processor secret is invalid, expired or revoked",
          "Send the processor token as the username and a live secret of the same processor as the password.",
        );
      }
      request.principal = { kind: "processor", ...found, token: basic.username };
      return;
    }
    const token = bearerOf(request);
    if (!token) {
      throw unauthenticated(
        "Missing or malformed Authorization header",
        accepted.length === 1 && accepted[0] === "processor"
          ? `Send ${wanted}, base64-encoded as Basic auth is.`
          : `Send "Authorization: Bearer <credential>" with ${wanted}.`,
      );
    }
    const looksLikeKey = token.startsWith("weft_sk_");
    if (looksLikeKey && accepted.includes("apiKey")) {
      const found = await ctx.apiKeys.find(token);
      if (!found)
        throw unauthenticated("The API key is invalid or revoked", "Use a live key: weft keys list.");
      request.principal = { kind: "apiKey", ...found };
      return;
    }
    if (!looksLikeKey && accepted.includes("session")) {
      request.principal = await authenticateSession(ctx, token);
      return;
    }
    // A credential of a kind this endpoint does not take: a 401 when it is no good either, else a
    // 403 — it is good, only not here (a client that hears 401 throws a good token away).
    if (looksLikeKey) {
      if (!(await ctx.apiKeys.find(token)))
        throw unauthenticated("The API key is invalid or revoked", "Use a live key: weft keys list.");
    } else if (!JWT_SHAPE.test(token)) {
      // Neither kind (a processor token sent as a bearer, a key cut short): said as such, not as
      // a session token gone bad.
      throw unauthenticated(
        token.startsWith("ptok_")
          ? "A processor token is sent with Basic auth, not as a bearer credential"
          : "The bearer credential is neither an API key nor a session token",
        `Send ${wanted}.`,
      );
    } else {
      await authenticateSession(ctx, token);
    }
    throw forbidden(
      `This endpoint does not take ${looksLikeKey ? "an API key" : "a session token"}`,
      `Send ${wanted}.`,
    );
  };
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error(`Route ${request.url} reads a principal but declares no auth`);
  return request.principal;
}

export function sessionPrincipalOf(request: FastifyRequest) {
  const principal = principalOf(request);
  if (principal.kind !== "session") throw new Error("Route expected a session principal");
  return principal;
}

export function processorPrincipalOf(request: FastifyRequest) {
  const principal = principalOf(request);
  if (principal.kind !== "processor") throw new Error("Route expected a processor principal");
  return principal;
}

export function apiKeyPrincipalOf(request: FastifyRequest) {
  const principal = principalOf(request);
  if (principal.kind !== "apiKey") throw new Error("Route expected an API key principal");
  return principal;
}
