import { createHmac, hkdfSync, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import type { AppContext } from "../../context.ts";
import { institutions, type Product } from "../../db/schema/index.ts";
import { badRequest, conflict, forbidden } from "../../http/errors.ts";
import { apiErrorOf } from "../../http/provider-errors.ts";
import {
  accessTokenOfGrant,
  grantFromTokens,
  grantOf,
  translateAkoyaFailure,
} from "../../providers/akoya/provider.ts";
import { akoyaProviderFor } from "../../providers/registry.ts";
import { decrypt, encrypt, type SecretKeys, safeEqual } from "../../security/secrets.ts";
import { reconnectableConnection, resumeReconnected } from "../connections/consent.ts";
import { connectionExists, createConnection, historyStartFor } from "../connections/service.ts";
import type { InstitutionRow } from "../institutions/service.ts";

/**
 * Akoya's OAuth 2.0 authorization-code flow for the Connector: the end-user is sent to Akoya's
 * identity service for the institution (Akoya's provider id), signs in there and consents; Akoya
 * redirects to Weft's callback page with a code. The page hands the code to the Connector window
 * that opened it, and the Connector sends it back with its session token: only then does Weft
 * exchange it for the consent's tokens (stored encrypted as the connection's access token). The
 * state names who asked — the session too — signed, for 15 minutes. So a sign-in link sent to
 * someone else links nothing: their browser holds no Connector of that session to finish it
 * (RFC 6749 10.12: the flow is bound to the user-agent that started it).
 */

type Caller = { environmentId: string; profileId: string; sessionId: string };

export const AKOYA_CALLBACK_PATH = "/v1/akoya/callback";
export const akoyaRedirectUri = (publicUrl: string) => `${publicUrl}${AKOYA_CALLBACK_PATH}`;

const STATE_TTL_MS = 15 * 60_000;

/** Who asked for the consent: carried through Akoya in `state`, signed so it cannot be forged. */
export type AkoyaState = {
  environmentId: string;
  profileId: string;
  institutionId: string;
  products: Product[];
  /** Set when repairing a connection. */
  connectionId?: string | undefined;
  /** The session that asked: only it may finish the sign-in. */
  sessionId: string;
  expiresAt: number;
};

const stateKey = (secretKey: Buffer) =>
  Buffer.from(hkdfSync("sha256", secretKey, "", "weft:akoya-state:v1", 32));

const sign = (secretKey: Buffer, payload: string) =>
  createHmac("sha256", stateKey(secretKey)).update(payload).digest("base64url");

export function signState(secretKeys: SecretKeys, state: AkoyaState): string {
  const payload = Buffer.from(JSON.stringify(state)).toString("base64url");
  return `${payload}.${sign(secretKeys.current, payload)}`;
}

/** The state Akoya handed back, if Weft signed it (with any current key) and it has not expired. */
export function readState(secretKeys: SecretKeys, value: string, now = Date.now()): AkoyaState | null {
  const [payload, signature, ...rest] = value.split(".");
  if (!payload || !signature || rest.length) return null;
  if (!secretKeys.all.some((key) => safeEqual(sign(key, payload), signature))) return null;
  try {
    const state = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as AkoyaState;
    return state.expiresAt > now ? state : null;
  } catch {
    return null;
  }
}

/** Where the Connector sends the end-user: Akoya's sign-in for the institution, or for the connection to repair. */
export async function createAuthorizationUrl(
  ctx: AppContext,
  caller: Caller,
  input: { institution: InstitutionRow; products: Product[]; connectionId?: string | undefined },
  now = Date.now(),
) {
  const providerId = input.institution.providerIds.AKOYA;
  if (!providerId)
    throw badRequest(`${input.institution.name} is not reached through Akoya`, "Choose another institution.");
  if (input.connectionId) {
    const row = await reconnectableConnection(
      ctx.db,
      caller.environmentId,
      caller.profileId,
      input.connectionId,
    );
    if (row.provider !== "AKOYA")
      throw conflict(
        `Connection ${row.id} is not an Akoya connection`,
        "Reconnect it with its own provider.",
      );
  }
  const akoya = await akoyaProviderFor(ctx, caller.environmentId);
  const state = signState(ctx.secretKey, {
    environmentId: caller.environmentId,
    profileId: caller.profileId,
    institutionId: input.institution.id,
    products: input.products,
    connectionId: input.connectionId,
    sessionId: caller.sessionId,
    expiresAt: now + STATE_TTL_MS,
  });
  return {
    authorizationUrl: akoya.client.authorizationUrl({
      providerId,
      redirectUri: akoyaRedirectUri(ctx.config.publicUrl),
      state,
    }),
  };
}

/** What Weft's callback page tells the Connector window that opened it. */
export type CallbackOutcome =
  | { outcome: "AUTHORIZED"; code: string; state: string }
  | { outcome: "CANCELLED" | "FAILED"; message: string };

/** What each OAuth error code of the redirect back means for the end-user. */
const OAUTH_ERRORS: Record<string, string> = {
  access_denied: "You did not give consent.",
  temporarily_unavailable: "The institution cannot sign you in right now. Try again later.",
  server_error: "The institution did not finish the sign-in. Try again later.",
  invalid_request: "The institution could not start the sign-in. Try again later.",
  invalid_scope: "The institution could not start the sign-in. Try again later.",
  unauthorized_client: "The institution could not start the sign-in. Try again later.",
  unsupported_response_type: "The institution could not start the sign-in. Try again later.",
};

/** Akoya's redirect back, read: the code to hand to the Connector, or why there is none. */
export function callbackOutcome(
  ctx: AppContext,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  now = Date.now(),
): CallbackOutcome {
  const state = query.state ? readState(ctx.secretKey, query.state, now) : null;
  if (!state || !query.state)
    return { outcome: "FAILED", message: "This sign-in link is not valid any more. Start again." };
  if (query.error) {
    // Said in our words: the error comes in the address, which anyone can write, so its text is
    // never shown; OAuth's own codes (RFC 6749 §4.1.2.1) say what happened.
    return { outcome: "CANCELLED", message: OAUTH_ERRORS[query.error] ?? OAUTH_ERRORS.server_error! };
  }
  if (!query.code) return { outcome: "FAILED", message: "Akoya sent no authorization code." };
  return { outcome: "AUTHORIZED", code: query.code, state: query.state };
}

/** The user an id_token speaks for (its `sub`), as Akoya issued it over TLS to Weft itself. */
function subjectOf(idToken: string): string | null {
  try {
    return decodeJwt(idToken).sub ?? null;
  } catch {
    return null;
  }
}

export type AuthorizationOutcome = { outcome: "LINKED" | "RECONNECTED"; connectionId: string };

/**
 * The Connector's session finishes the sign-in it started: the code exchanged for the consent's
 * tokens, then a new connection waiting for the end-user's accounts, or the repaired connection
 * resumed with its new grant. Another session's sign-in, or one no longer valid, is refused.
 */
export async function completeAuthorization(
  ctx: AppContext,
  caller: Caller,
  input: { code: string; state: string },
  now = new Date(),
): Promise<AuthorizationOutcome> {
  const state = readState(ctx.secretKey, input.state, now.getTime());
  if (!state)
    throw badRequest("This sign-in is not valid any more", "Start the sign-in at the institution again.");
  if (
    state.sessionId !== caller.sessionId ||
    state.environmentId !== caller.environmentId ||
    state.profileId !== caller.profileId
  )
    throw forbidden(
      "This sign-in was started by another session",
      "Start the sign-in at the institution from this Connector.",
    );
  const akoya = await akoyaProviderFor(ctx, state.environmentId);
  let tokens: Awaited<ReturnType<typeof akoya.client.exchangeCode>>;
  try {
    tokens = await akoya.client.exchangeCode(input.code, akoyaRedirectUri(ctx.config.publicUrl));
  } catch (error) {
    throw apiErrorOf(translateAkoyaFailure(error));
  }
  const [institution] = await ctx.db
    .select({ providerIds: institutions.providerIds })
    .from(institutions)
    .where(eq(institutions.id, state.institutionId));
  const providerId = institution?.providerIds.AKOYA ?? "";
  if (state.connectionId) {
    const row = await reconnectableConnection(
      ctx.db,
      state.environmentId,
      state.profileId,
      state.connectionId,
    );
    // The repair is the same person's consent: another user at the institution would bring other
    // accounts under this connection's ids and owners. Their new consent is given back at once.
    const before = row.accessTokenEncrypted
      ? grantOf(decrypt(ctx.secretKey, row.accessTokenEncrypted))
      : null;
    const linkedAs = before ? subjectOf(before.idToken) : null;
    if (linkedAs && linkedAs !== subjectOf(tokens.id_token)) {
      await akoya.client.revoke(tokens.refresh_token).catch(() => undefined);
      throw conflict(
        "You signed in as another user at the institution than this connection belongs to",
        "Sign in as the user who linked it; to add another user's accounts, link them as a new connection.",
      );
    }
    const consentId = row.externalId ?? randomUUID();
    const grant = grantFromTokens(tokens, { providerId, consentId }, now.getTime());
    await resumeReconnected(
      ctx,
      state.environmentId,
      state.profileId,
      row.id,
      { externalId: consentId, accessTokenEncrypted: encrypt(ctx.secretKey, accessTokenOfGrant(grant)) },
      () => connectionExists(`Connection ${row.id}`),
      now,
    );
    return { outcome: "RECONNECTED", connectionId: row.id };
  }
  const consentId = `akc_${randomUUID()}`;
  const grant = grantFromTokens(tokens, { providerId, consentId }, now.getTime());
  const connection = await createConnection(
    ctx,
    state.environmentId,
    {
      profileId: state.profileId,
      institutionId: state.institutionId,
      provider: "AKOYA",
      products: state.products,
      accessToken: accessTokenOfGrant(grant),
      externalId: consentId,
      historyStartOn: historyStartFor(now),
      awaitConsent: true,
    },
    () => connectionExists("This Akoya consent"),
    now,
  );
  return { outcome: "LINKED", connectionId: connection.id };
}
