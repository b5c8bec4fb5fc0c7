import { createCipheriv } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  decrypt,
  decryptRemembered,
  encrypt,
  isUnderCurrentKey,
  loadSecretKeys,
  newSecret,
  SecretKeys,
  sha256Hex,
} from "./secrets.ts";

describe("secrets", () => {
  it("API-key-style secrets carry the prefix and 32 random bytes", () => {
    const secret = newSecret("weft_sk_");
    expect(secret).toMatch(/^weft_sk_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret.slice(8), "base64url")).toHaveLength(32);
    expect(sha256Hex(secret)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("AES-256-GCM round-trips, uses a fresh IV each time and rejects tampering or the wrong key", () => {
    const key = new SecretKeys(Buffer.alloc(32, 7));
    const sealed = encrypt(key, "provider-access-token");
    expect(sealed).toMatch(/^v2\.[0-9a-f]{8}\./);
    expect(sealed).not.toContain("provider-access-token");
    expect(encrypt(key, "provider-access-token")).not.toBe(sealed);
    expect(decrypt(key, sealed)).toBe("provider-access-token");
    const parts = sealed.split(".");
    const flipped = [...parts.slice(0, 4), `${parts[4]!.slice(0, -2)}AA`].join(".");
    expect(() => decrypt(key, flipped)).toThrow();
    expect(() => decrypt(new SecretKeys(Buffer.alloc(32, 8)), sealed)).toThrow(
      "Encrypted with a key this process does not have (see WEFT_SECRET_KEYS)",
    );
  });

  it("a remembered decryption answers as decrypt does, and only for the key ring that could open it", () => {
    const ring = new SecretKeys(Buffer.alloc(32, 1));
    const sealed = encrypt(ring, "whsec_signing");
    expect(decryptRemembered(ring, sealed)).toBe("whsec_signing");
    expect(decryptRemembered(ring, sealed)).toBe("whsec_signing");
    const other = new SecretKeys(Buffer.alloc(32, 2));
    expect(() => decryptRemembered(other, sealed)).toThrow(/a key this process does not have/);
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith("A") ? "B" : "A"}A`;
    expect(() => decryptRemembered(ring, tampered)).toThrow();
  });

  it("generates a key once into the data dir and reads it back; WEFT_SECRET_KEY wins", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "weft-key-"));
    const first = loadSecretKeys(undefined, dir);
    expect(first.current).toHaveLength(32);
    expect(loadSecretKeys(undefined, dir).current.equals(first.current)).toBe(true);
    expect(fs.statSync(path.join(dir, "secret.key")).mode & 0o777).toBe(0o600);
    const configured = "ab".repeat(32);
    expect(loadSecretKeys([configured], dir).current.toString("hex")).toBe(configured);
    expect(() => loadSecretKeys(["short"], dir)).toThrow("WEFT_SECRET_KEY must be 32 bytes");
    expect(() => loadSecretKeys([configured, "short"], dir)).toThrow(
      "Each of WEFT_SECRET_KEYS must be 32 bytes",
    );
    fs.rmSync(dir, { recursive: true });
  });

  it("a key ring encrypts with its first key and decrypts with any, old v1 ciphertexts included", () => {
    const oldKey = Buffer.alloc(32, 1);
    const newKey = Buffer.alloc(32, 2);
    const before = new SecretKeys(oldKey);
    const sealedBefore = encrypt(before, "token");
    const ring = new SecretKeys(newKey, [oldKey]);
    expect(decrypt(ring, sealedBefore)).toBe("token");
    expect(isUnderCurrentKey(ring, sealedBefore)).toBe(false);
    const sealedAfter = encrypt(ring, "token");
    expect(isUnderCurrentKey(ring, sealedAfter)).toBe(true);
    expect(() => decrypt(before, sealedAfter)).toThrow();
    // A v1 ciphertext (no key id) is tried with each key in turn.
    const iv = Buffer.alloc(12, 3);
    const cipher = createCipheriv("aes-256-gcm", oldKey, iv);
    const body = Buffer.concat([cipher.update("legacy", "utf8"), cipher.final()]);
    const v1 = ["v1", iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
      .join(".");
    expect(decrypt(ring, v1)).toBe("legacy");
  });
});
