/**
 * Who made a request (set by the authentication hook in auth.ts) and the credential it counts
 * against. Types and one pure function: what records or limits by credential (the audit trail,
 * idempotency keys, rate limits) needs no part of authentication.
 */
import type { ApiKeyRow } from "../modules/api-keys/service.ts";
import type { EnvironmentRow } from "../modules/environments/service.ts";
import type { ProcessorTokenRow } from "../modules/processors/credentials.ts";
import type { SessionRow } from "../modules/sessions/service.ts";

/** How a route may be called; a route lists the schemes it accepts in `config.auth`. */
export type AuthScheme = "apiKey" | "session" | "processor";
export type ApiName = "auth" | "platform";

export type Principal =
  | { kind: "apiKey"; apiKey: ApiKeyRow; environment: EnvironmentRow }
  | {
      kind: "session";
      session: SessionRow;
      environment: EnvironmentRow;
      profile: { id: string; uuid: string };
    }
  | { kind: "processor"; processorToken: ProcessorTokenRow; environment: EnvironmentRow; token: string };

/** The credential a principal authenticated with: what rate limits, idempotency keys and the audit trail count by. */
export type Credential = { type: Principal["kind"]; id: string };

export const credentialOf = (principal: Principal): Credential =>
  principal.kind === "apiKey"
    ? { type: "apiKey", id: principal.apiKey.id }
    : principal.kind === "session"
      ? { type: "session", id: principal.session.id }
      : { type: "processor", id: principal.processorToken.id };

declare module "fastify" {
  interface FastifyContextConfig {
    /** Accepted credentials; omitted means the route is public. */
    auth?: readonly AuthScheme[];
    /** Which OpenAPI document lists the route; omitted means none. */
    api?: ApiName;
  }
  interface FastifyRequest {
    principal: Principal | undefined;
  }
}
