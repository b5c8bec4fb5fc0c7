import { createPrivateKey, sign as cryptoSign, type JsonWebKey, type KeyObject } from "node:crypto";
import { desc, eq, gt, isNull, or } from "drizzle-orm";
import type { CryptoKey, JWK } from "jose";
import type { Database } from "../../db/client.ts";
import { signingKeys } from "../../db/schema/index.ts";
import { newId } from "../../http/ids.ts";
import { decrypt, encrypt, type SecretKeys } from "../../security/secrets.ts";

const ALGORITHM = "EdDSA";
/** How long a process trusts what it read of the keys (the one that signs, and when each retires). */
const ACTIVE_KEY_TTL_MS = 60_000;
export const SESSION_AUDIENCE = "weft:session";

export type SessionClaims = { sessionId: string; profileId: string; environmentId: string };

export class InvalidTokenError extends Error {}

/** jose, loaded when a token is first verified or a key made: a CLI command that does neither skips it. */
let joseModule: Promise<typeof import("jose")> | undefined;
const jose = () => (joseModule ??= import("jose"));

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** A compact JWS as this signer writes one: header, payload and signature in base64url, unpadded. */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * Signs and verifies session tokens with Ed25519 keys kept in the database (private halves
 * encrypted), so every process of a deployment signs and verifies alike. The algorithm is
 * pinned; the key, audience and expiry are checked; revocation is the caller's check.
 */
export class SessionSigner {
  private readonly db: Database;
  private readonly secretKey: SecretKeys;
  private readonly issuer: string;
  private active: { kid: string; key: KeyObject; loadedAt: number } | undefined;
  /** Public keys by kid, with when each stops verifying (null: not retiring). */
  private readonly publicKeys = new Map<
    string,
    { key: CryptoKey; retiredAt: Date | null; loadedAt: number }
  >();

  constructor(db: Database, secretKey: SecretKeys, issuer: string) {
    this.db = db;
    this.secretKey = secretKey;
    this.issuer = issuer;
  }

  /**
   * A compact JWS signed with node:crypto's one-shot Ed25519 (about 50 µs), not jose's WebCrypto
   * path (about 120 µs and a thread-pool hop per token). Verification stays with jose.
   */
  async sign(claims: SessionClaims, expiresAt: Date): Promise<string> {
    const { kid, key } = await this.activeKey();
    const header = { alg: ALGORITHM, kid, typ: "JWT" };
    const payload = {
      // `eid` is the claim Quiltt's clients read the environment from; `env` is ours.
      env: claims.environmentId,
      eid: claims.environmentId,
      iss: this.issuer,
      aud: SESSION_AUDIENCE,
      sub: claims.profileId,
      jti: claims.sessionId,
      iat: Math.floor(Date.now() / 1000),
      exp: Math.floor(expiresAt.getTime() / 1000),
    };
    const signingInput = `${base64url(header)}.${base64url(payload)}`;
    return `${signingInput}.${cryptoSign(null, Buffer.from(signingInput), key).toString("base64url")}`;
  }

  async verify(token: string): Promise<SessionClaims> {
    // One spelling of a token: three base64url parts, no padding (RFC 7515). A decoder that skips
    // "=" would take "<token>==" too, and a caller keying a cache or a deny-list on the text
    // would see two tokens where there is one.
    if (!COMPACT_JWS.test(token)) throw new InvalidTokenError("The token is not a JWT");
    const { decodeProtectedHeader, jwtVerify } = await jose();
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch {
      throw new InvalidTokenError("The token is not a JWT");
    }
    // Our kids are ids (sk_…); anything else is not a key of ours and never reaches the database.
    const key = kid && /^[A-Za-z0-9_-]{1,64}$/.test(kid) ? await this.publicKey(kid) : undefined;
    if (!key) throw new InvalidTokenError("The token was not signed by this deployment");
    try {
      // The issuer (the signing process's public URL) is not pinned: one of this deployment's own
      // keys is the check, so a token verifies on every process whatever URL each was started with.
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        audience: SESSION_AUDIENCE,
        requiredClaims: ["exp", "jti", "sub", "env"],
      });
      return { sessionId: payload.jti!, profileId: payload.sub!, environmentId: String(payload.env) };
    } catch (error) {
      throw new InvalidTokenError(error instanceof Error ? error.message : "The token did not verify");
    }
  }

  /** The public keys that still verify (a retiring key until its sessions expire), for `/.well-known/jwks.json`. */
  async jwks(): Promise<{ keys: JWK[] }> {
    const rows = await this.db
      .select()
      .from(signingKeys)
      .where(or(isNull(signingKeys.retiredAt), gt(signingKeys.retiredAt, new Date())));
    return { keys: rows.map((r) => ({ ...r.publicJwk, kid: r.id, alg: ALGORITHM, use: "sig" }) as JWK) };
  }

  /**
   * A new key signs from now on (in every process within ACTIVE_KEY_TTL_MS); the keys before it
   * stop signing and keep verifying — and stay in the JWKS — until the last session they may have
   * signed has expired. Returns the new key's id and when the old ones retire.
   */
  async rotate(sessionLifetimeMs: number): Promise<{ kid: string; retireAt: Date }> {
    const retireAt = new Date(Date.now() + sessionLifetimeMs + 2 * ACTIVE_KEY_TTL_MS);
    const kid = await this.db.transaction(async (tx) => {
      await tx.update(signingKeys).set({ retiredAt: retireAt }).where(isNull(signingKeys.retiredAt));
      return this.createKey(tx);
    });
    this.active = undefined;
    this.publicKeys.clear();
    return { kid, retireAt };
  }

  private async createKey(db: Database): Promise<string> {
    const { exportJWK, generateKeyPair } = await jose();
    const pair = await generateKeyPair(ALGORITHM, { crv: "Ed25519", extractable: true });
    const kid = newId("signingKey");
    await db.insert(signingKeys).values({
      id: kid,
      algorithm: ALGORITHM,
      publicJwk: (await exportJWK(pair.publicKey)) as Record<string, unknown>,
      privateJwkEncrypted: encrypt(this.secretKey, JSON.stringify(await exportJWK(pair.privateKey))),
    });
    return kid;
  }

  private async activeKey(): Promise<{ kid: string; key: KeyObject }> {
    // Re-read now and then: another process may have rotated the key.
    if (this.active && Date.now() - this.active.loadedAt < ACTIVE_KEY_TTL_MS) return this.active;
    const [row] = await this.db
      .select()
      .from(signingKeys)
      .where(isNull(signingKeys.retiredAt))
      .orderBy(desc(signingKeys.createdAt))
      .limit(1);
    if (row) {
      if (this.active?.kid === row.id) {
        this.active.loadedAt = Date.now();
        return this.active;
      }
      const jwk = JSON.parse(decrypt(this.secretKey, row.privateJwkEncrypted)) as JWK;
      this.active = {
        kid: row.id,
        key: createPrivateKey({ key: jwk as JsonWebKey, format: "jwk" }),
        loadedAt: Date.now(),
      };
      return this.active;
    }
    await this.createKey(this.db);
    return this.activeKey();
  }

  private async publicKey(kid: string): Promise<CryptoKey | undefined> {
    let entry = this.publicKeys.get(kid);
    // Re-read now and then: another process may have retired the key.
    if (!entry || Date.now() - entry.loadedAt >= ACTIVE_KEY_TTL_MS) {
      const [row] = await this.db.select().from(signingKeys).where(eq(signingKeys.id, kid));
      if (!row) return undefined;
      entry = {
        key: (await (await jose()).importJWK(row.publicJwk as JWK, ALGORITHM)) as CryptoKey,
        retiredAt: row.retiredAt,
        loadedAt: Date.now(),
      };
      this.publicKeys.set(kid, entry);
    }
    if (entry.retiredAt && entry.retiredAt <= new Date()) return undefined;
    return entry.key;
  }
}
