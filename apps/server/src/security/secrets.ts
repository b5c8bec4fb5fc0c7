import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hash,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ConfigError } from "../config.ts";

export function sha256Hex(value: string): string {
  // One call into OpenSSL (createHash().update().digest() is three, and an object): every API request hashes its key.
  return hash("sha256", value, "hex");
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

function parseKey(raw: string, name = "WEFT_SECRET_KEY"): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, "hex") : Buffer.from(raw, "base64");
  if (key.length !== 32) {
    throw new ConfigError(
      `${name} must be 32 bytes, as 64 hex characters or base64. Make one with: openssl rand -hex 32`,
    );
  }
  return key;
}

/**
 * The keys that encrypt secrets at rest: `current` encrypts; every key of the ring decrypts, so
 * a deployment rotates by putting a new key first (WEFT_SECRET_KEYS=new,old), re-encrypting
 * (`weft secrets rotate`), then dropping the old one.
 */
export class SecretKeys {
  readonly current: Buffer;
  readonly all: readonly Buffer[];
  /** The current key's id, written into everything it encrypts. */
  readonly currentId: string;
  private readonly ids: Map<string, Buffer>;
  constructor(current: Buffer, previous: readonly Buffer[] = []) {
    this.current = current;
    this.all = [current, ...previous];
    this.currentId = SecretKeys.idOf(current);
    this.ids = new Map(this.all.toReversed().map((key) => [SecretKeys.idOf(key), key]));
  }
  /** A short id naming a key without revealing it, stored with what it encrypted. */
  static idOf(key: Buffer): string {
    return secretKeyCheck(key).slice(0, 8);
  }
  byId(id: string): Buffer | undefined {
    return this.ids.get(id);
  }
}

/**
 * WEFT_SECRET_KEYS (comma-separated, the first encrypts) or WEFT_SECRET_KEY when set; otherwise
 * one key generated once into the data directory (the embedded default), so restarts decrypt.
 */
export function loadSecretKeys(configured: readonly string[] | undefined, dataDir: string): SecretKeys {
  if (configured && configured.length > 0) {
    const name = configured.length > 1 ? "Each of WEFT_SECRET_KEYS" : "WEFT_SECRET_KEY";
    const [current, ...previous] = configured.map((raw) => parseKey(raw, name));
    return new SecretKeys(current!, previous);
  }
  const keyPath = path.join(dataDir, "secret.key");
  if (fs.existsSync(keyPath)) return new SecretKeys(parseKey(fs.readFileSync(keyPath, "utf8").trim()));
  fs.mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  fs.writeFileSync(keyPath, key.toString("hex"), { mode: 0o600, flag: "wx" });
  return new SecretKeys(key);
}

/** AES-256-GCM with the current key; the output is `v2.<key id>.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function encrypt(keys: SecretKeys, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keys.current, iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v2", keys.currentId, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

function open(key: Buffer, iv: string, tag: string, body: string): string {
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

/** Decrypts with the key that encrypted it (named in v2; tried in turn for v1, which named none). */
export function decrypt(keys: SecretKeys, sealed: string): string {
  const parts = sealed.split(".");
  if (parts[0] === "v2" && parts.length === 5) {
    const key = keys.byId(parts[1]!);
    if (!key) throw new Error("Encrypted with a key this process does not have (see WEFT_SECRET_KEYS)");
    return open(key, parts[2]!, parts[3]!, parts[4]!);
  }
  const [version, iv, tag, body] = parts;
  if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("Unrecognised ciphertext");
  let failure: unknown;
  for (const key of keys.all) {
    try {
      return open(key, iv, tag, body);
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

/** The most plaintexts `decryptRemembered` keeps per key ring. */
const REMEMBERED = 1000;
const remembered = new WeakMap<SecretKeys, Map<string, string>>();

/**
 * `decrypt`, remembered per key ring, for a hot path that opens the same few secrets over and
 * over (webhook signing secrets, on every attempt). A ciphertext names its plaintext for good (a
 * rotation writes a new ciphertext), so nothing goes stale.
 */
export function decryptRemembered(keys: SecretKeys, sealed: string): string {
  let known = remembered.get(keys);
  if (!known) {
    known = new Map();
    remembered.set(keys, known);
  }
  let plaintext = known.get(sealed);
  if (plaintext === undefined) {
    plaintext = decrypt(keys, sealed);
    if (known.size >= REMEMBERED) known.clear();
    known.set(sealed, plaintext);
  }
  return plaintext;
}

/** Whether a ciphertext is already under the current key (rotation skips it). */
/** Whether a stored value is one `encrypt` wrote (v1 or v2), not plain text. */
export const isSealed = (value: string) => /^v[12]\./.test(value);

export const isUnderCurrentKey = (keys: SecretKeys, sealed: string) =>
  sealed.startsWith(`v2.${keys.currentId}.`);

/** A value that shows which key is in use without revealing it: HMAC of a fixed label. */
export const secretKeyCheck = (key: Buffer) =>
  createHmac("sha256", key).update("weft secret key check").digest("hex");
