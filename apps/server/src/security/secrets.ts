import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A secret with a recognisable prefix (for secret scanners) and 32 random bytes. */
export function newSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString("base64url")}`;
}

function parseKey(raw: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, "hex") : Buffer.from(raw, "base64");
  if (key.length !== 32) {
    throw new Error("WEFT_SECRET_KEY must be 32 bytes, as 64 hex characters or base64");
  }
  return key;
}

/**
 * The key that encrypts secrets at rest: WEFT_SECRET_KEY when set, otherwise one generated
 * once into the data directory (the embedded default), so restarts can still decrypt.
 */
export function loadSecretKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return parseKey(configured);
  const keyPath = path.join(dataDir, "secret.key");
  if (fs.existsSync(keyPath)) return parseKey(fs.readFileSync(keyPath, "utf8").trim());
  fs.mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  fs.writeFileSync(keyPath, key.toString("hex"), { mode: 0o600, flag: "wx" });
  return key;
}

/** AES-256-GCM; the output is `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function encrypt(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

export function decrypt(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("Unrecognised ciphertext");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

/** A value that shows which key is in use without revealing it: HMAC of a fixed label. */
export const secretKeyCheck = (key: Buffer) =>
  createHmac("sha256", key).update("weft secret key check").digest("hex");
