import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decrypt, encrypt, loadSecretKey, newSecret, sha256Hex } from "./secrets.ts";

describe("secrets", () => {
  it("API-key-style secrets carry the prefix and 32 random bytes", () => {
    const secret = newSecret("weft_sk_");
    expect(secret).toMatch(/^weft_sk_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret.slice(8), "base64url")).toHaveLength(32);
    expect(sha256Hex(secret)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("AES-256-GCM round-trips, uses a fresh IV each time and rejects tampering or the wrong key", () => {
    const key = Buffer.alloc(32, 7);
    const sealed = encrypt(key, "provider-access-token");
    expect(sealed).not.toContain("provider-access-token");
    expect(encrypt(key, "provider-access-token")).not.toBe(sealed);
    expect(decrypt(key, sealed)).toBe("provider-access-token");
    const parts = sealed.split(".");
    const flipped = [...parts.slice(0, 3), `${parts[3]!.slice(0, -2)}AA`].join(".");
    expect(() => decrypt(key, flipped)).toThrow();
    expect(() => decrypt(Buffer.alloc(32, 8), sealed)).toThrow();
  });

  it("generates a key once into the data dir and reads it back; WEFT_SECRET_KEY wins", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "weft-key-"));
    const first = loadSecretKey(undefined, dir);
    expect(first).toHaveLength(32);
    expect(loadSecretKey(undefined, dir).equals(first)).toBe(true);
    expect(fs.statSync(path.join(dir, "secret.key")).mode & 0o777).toBe(0o600);
    const configured = "ab".repeat(32);
    expect(loadSecretKey(configured, dir).toString("hex")).toBe(configured);
    expect(() => loadSecretKey("short", dir)).toThrow("WEFT_SECRET_KEY must be 32 bytes");
    fs.rmSync(dir, { recursive: true });
  });
});
