import { desc, eq, isNull } from "drizzle-orm";
import {
  type CryptoKey,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  jwtVerify,
  SignJWT,
} from "jose";
import type { Database } from "../../db/client.ts";
import { signingKeys } from "../../db/schema/index.ts";
import { newId } from "../../http/ids.ts";
import { decrypt, encrypt } from "../../security/secrets.ts";

const ALGORITHM = "EdDSA";
export const SESSION_AUDIENCE = "weft:session";

export type SessionClaims = { sessionId: string; profileId: string; environmentId: string };

export class InvalidTokenError extends Error {}

/**
 * Signs and verifies session tokens with Ed25519 keys kept in the database (private halves
 * encrypted), so every process of a deployment signs and verifies alike. The algorithm is
 * pinned; issuer, audience and expiry are checked; revocation is the caller's check.
 */
export class SessionSigner {
  private readonly db: Database;
  private readonly secretKey: Buffer;
  private readonly issuer: string;
  private active: { kid: string; key: CryptoKey } | undefined;
  private readonly publicKeys = new Map<string, CryptoKey>();

  constructor(db: Database, secretKey: Buffer, issuer: string) {
    this.db = db;
    this.secretKey = secretKey;
    this.issuer = issuer;
  }

  async sign(claims: SessionClaims, expiresAt: Date): Promise<string> {
    const { kid, key } = await this.activeKey();
    // `eid` is the claim Quiltt's clients read the environment from; `env` is ours.
    return new SignJWT({ env: claims.environmentId, eid: claims.environmentId })
      .setProtectedHeader({ alg: ALGORITHM, kid, typ: "JWT" })
      .setIssuer(this.issuer)
      .setAudience(SESSION_AUDIENCE)
      .setSubject(claims.profileId)
      .setJti(claims.sessionId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(key);
  }

  async verify(token: string): Promise<SessionClaims> {
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
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        issuer: this.issuer,
        audience: SESSION_AUDIENCE,
        requiredClaims: ["exp", "jti", "sub", "env"],
      });
      return { sessionId: payload.jti!, profileId: payload.sub!, environmentId: String(payload.env) };
    } catch (error) {
      throw new InvalidTokenError(error instanceof Error ? error.message : "The token did not verify");
    }
  }

  /** The public keys, for `/.well-known/jwks.json`. */
  async jwks(): Promise<{ keys: JWK[] }> {
    const rows = await this.db.select().from(signingKeys).where(isNull(signingKeys.retiredAt));
    return { keys: rows.map((r) => ({ ...r.publicJwk, kid: r.id, alg: ALGORITHM, use: "sig" }) as JWK) };
  }

  private async activeKey(): Promise<{ kid: string; key: CryptoKey }> {
    if (this.active) return this.active;
    const [row] = await this.db
      .select()
      .from(signingKeys)
      .where(isNull(signingKeys.retiredAt))
      .orderBy(desc(signingKeys.createdAt))
      .limit(1);
    if (row) {
      const jwk = JSON.parse(decrypt(this.secretKey, row.privateJwkEncrypted)) as JWK;
      this.active = { kid: row.id, key: (await importJWK(jwk, ALGORITHM)) as CryptoKey };
      return this.active;
    }
    const pair = await generateKeyPair(ALGORITHM, { crv: "Ed25519", extractable: true });
    const kid = newId("signingKey");
    await this.db.insert(signingKeys).values({
      id: kid,
      algorithm: ALGORITHM,
      publicJwk: (await exportJWK(pair.publicKey)) as Record<string, unknown>,
      privateJwkEncrypted: encrypt(this.secretKey, JSON.stringify(await exportJWK(pair.privateKey))),
    });
    this.active = { kid, key: pair.privateKey };
    this.publicKeys.set(kid, pair.publicKey);
    return this.active;
  }

  private async publicKey(kid: string): Promise<CryptoKey | undefined> {
    const cached = this.publicKeys.get(kid);
    if (cached) return cached;
    const [row] = await this.db.select().from(signingKeys).where(eq(signingKeys.id, kid));
    if (!row || row.retiredAt) return undefined;
    const key = (await importJWK(row.publicJwk as JWK, ALGORITHM)) as CryptoKey;
    this.publicKeys.set(kid, key);
    return key;
  }
}
