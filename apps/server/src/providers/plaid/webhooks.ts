import { createHash, timingSafeEqual } from "node:crypto";
import { decodeProtectedHeader, importJWK, type JWK, jwtVerify } from "jose";
import type { PlaidApi } from "plaid";
import { callPlaid } from "./client.ts";

/**
 * Plaid signs each webhook with a JWT in the `Plaid-Verification` header: ES256, the signing key
 * named by `kid` (fetched from /webhook_verification_key/get), `iat` at most 5 minutes old, and
 * `request_body_sha256` the SHA-256 of the exact body. Anything else is refused.
 */
export const MAX_WEBHOOK_AGE_SECONDS = 5 * 60;

export class WebhookVerificationError extends Error {}

/** A verification key, and when it expired (ms since the epoch) if it has an expiry. */
type CachedKey = { key: Awaited<ReturnType<typeof importJWK>>; expiredAtMs: number | null };

/** Verification keys by client and kid: Plaid rotates rarely, and a key never changes under its kid. */
const keys = new Map<string, CachedKey>();

/**
 * Anyone can send a JWT naming a made-up kid, and each unknown kid would cost a call to Plaid on
 * the environment's credentials. So a kid Plaid did not know is not asked about again for
 * UNKNOWN_KID_MS, and a client asks Plaid about new kids at most LOOKUPS_PER_MINUTE times a
 * minute (Plaid's own keys are few and rotate rarely, so real webhooks stay within it).
 */
export const LOOKUPS_PER_MINUTE = 10;
const UNKNOWN_KID_MS = 5 * 60_000;
const UNKNOWN_KIDS_KEPT = 10_000;
const unknownKids = new Map<string, number>();
const lookups = new Map<string, { minute: number; count: number }>();

/** A kid as Plaid names keys (a UUID); anything else is not asked about. */
const KID = /^[A-Za-z0-9._-]{1,128}$/;

function mayLookUp(cacheScope: string, cacheKey: string, nowMs: number): boolean {
  const until = unknownKids.get(cacheKey);
  if (until !== undefined && until > nowMs) return false;
  const minute = Math.floor(nowMs / 60_000);
  const spent = lookups.get(cacheScope);
  if (spent?.minute === minute && spent.count >= LOOKUPS_PER_MINUTE) return false;
  lookups.set(cacheScope, { minute, count: spent?.minute === minute ? spent.count + 1 : 1 });
  return true;
}

function rememberUnknown(cacheKey: string, nowMs: number): void {
  if (unknownKids.size >= UNKNOWN_KIDS_KEPT) unknownKids.delete(unknownKids.keys().next().value!);
  unknownKids.set(cacheKey, nowMs + UNKNOWN_KID_MS);
}

async function verificationKey(
  client: PlaidApi,
  cacheScope: string,
  kid: string,
  nowMs: number,
): Promise<CachedKey> {
  const cacheKey = `${cacheScope}\n${kid}`;
  const cached = keys.get(cacheKey);
  if (cached) return cached;
  if (!KID.test(kid) || !mayLookUp(cacheScope, cacheKey, nowMs))
    throw new WebhookVerificationError("The Plaid-Verification JWT names no key Plaid signs with");
  let answer: Awaited<ReturnType<typeof client.webhookVerificationKeyGet>>["data"];
  try {
    answer = await callPlaid(() => client.webhookVerificationKeyGet({ key_id: kid }));
  } catch {
    // Plaid's own words (an invalid key id, or keys of ours it refuses) are not the sender's to read.
    rememberUnknown(cacheKey, nowMs);
    throw new WebhookVerificationError("The Plaid-Verification JWT names no key Plaid signs with");
  }
  const jwk = answer.key as unknown as JWK & { expired_at?: number | null };
  let key: CachedKey["key"];
  try {
    key = await importJWK({ ...jwk, alg: "ES256" }, "ES256");
  } catch {
    // Not a P-256 public key (another curve or key type, coordinates that are no point): none of Plaid's.
    rememberUnknown(cacheKey, nowMs);
    throw new WebhookVerificationError("The key the Plaid-Verification JWT names is not an ES256 key");
  }
  // Plaid's expired_at is Unix time, in seconds.
  const entry = { key, expiredAtMs: typeof jwk.expired_at === "number" ? jwk.expired_at * 1000 : null };
  keys.set(cacheKey, entry);
  return entry;
}

const sha256Hex = (body: string | Buffer) => createHash("sha256").update(body).digest("hex");

/** Throws WebhookVerificationError unless Plaid signed exactly this body, recently. */
export async function verifyPlaidWebhook(
  client: PlaidApi,
  cacheScope: string,
  header: string | undefined,
  rawBody: string | Buffer,
  now = new Date(),
): Promise<void> {
  if (!header) throw new WebhookVerificationError("The Plaid-Verification header is missing");
  let kid: string | undefined;
  try {
    const protectedHeader = decodeProtectedHeader(header);
    if (protectedHeader.alg !== "ES256") throw new Error(`algorithm ${protectedHeader.alg}`);
    kid = protectedHeader.kid;
  } catch (error) {
    throw new WebhookVerificationError(
      `The Plaid-Verification header is not an ES256 JWT (${(error as Error).message})`,
    );
  }
  if (!kid) throw new WebhookVerificationError("The Plaid-Verification JWT names no key (kid)");
  const { key, expiredAtMs } = await verificationKey(client, cacheScope, kid, now.getTime());
  if (expiredAtMs !== null && expiredAtMs <= now.getTime())
    throw new WebhookVerificationError("The key that signed the Plaid-Verification JWT has expired");
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(header, key, {
      algorithms: ["ES256"],
      maxTokenAge: MAX_WEBHOOK_AGE_SECONDS,
      currentDate: now,
    }));
  } catch (error) {
    throw new WebhookVerificationError(
      `The Plaid-Verification JWT does not verify: ${(error as Error).message}`,
    );
  }
  const claimed = claims.request_body_sha256;
  const actual = sha256Hex(rawBody);
  if (
    typeof claimed !== "string" ||
    claimed.length !== actual.length ||
    !timingSafeEqual(Buffer.from(claimed), Buffer.from(actual))
  ) {
    throw new WebhookVerificationError("The body does not match the signed request_body_sha256");
  }
}
