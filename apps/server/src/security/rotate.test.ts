import { randomBytes } from "node:crypto";
import { isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "../../test/harness.ts";
import { issueSession, linkAndSync } from "../../test/sandbox-helpers.ts";
import { achNumbers, signingKeys, webhookSubscriptions } from "../db/schema/index.ts";
import { rotateSecrets } from "./rotate.ts";
import { assertSameSecretKey } from "./secret-key-check.ts";
import { decrypt, SecretKeys } from "./secrets.ts";

let platform: TestPlatform;
let env: TestEnvironment;

beforeAll(async () => {
  platform = await startTestPlatform();
  env = await platform.environment("SANDBOX");
  const { profileId } = await linkAndSync(platform, env);
  await issueSession(platform, env, profileId);
  await platform.app.inject({
    method: "POST",
    url: "/v1/webhooks/subscriptions",
    headers: env.auth,
    payload: { name: "Rotate", targetUrl: "https://example.com/hooks", eventTypes: ["profile"] },
  });
  await assertSameSecretKey(platform.ctx.db, platform.ctx.secretKey);
});
afterAll(() => platform.close());

describe("weft secrets rotate", () => {
  it("re-encrypts every stored secret under the new key; then the old key alone is refused", async () => {
    const oldKeys = platform.ctx.secretKey;
    const ring = new SecretKeys(randomBytes(32), [oldKeys.current]);
    await assertSameSecretKey(platform.ctx.db, ring);
    const counts = await rotateSecrets(platform.ctx.db, ring);
    expect(counts["webhook signing secrets"]).toBeGreaterThanOrEqual(1);
    expect(counts["session signing keys"]).toBeGreaterThanOrEqual(1);
    expect(counts["ACH account numbers"]).toBeGreaterThanOrEqual(1);

    const newOnly = new SecretKeys(ring.current);
    const sealed = [
      ...(await platform.ctx.db
        .select({ v: webhookSubscriptions.secretEncrypted })
        .from(webhookSubscriptions)),
      ...(await platform.ctx.db.select({ v: signingKeys.privateJwkEncrypted }).from(signingKeys)),
      ...(await platform.ctx.db
        .select({ v: achNumbers.numberEncrypted })
        .from(achNumbers)
        .where(isNotNull(achNumbers.numberEncrypted))),
    ];
    for (const { v } of sealed) expect(() => decrypt(newOnly, v)).not.toThrow();
    expect(decrypt(newOnly, sealed[0]!.v)).toMatch(/^whsec_/);

    await expect(assertSameSecretKey(platform.ctx.db, oldKeys)).rejects.toThrow(
      "This database was set up with a different encryption key than this process has",
    );
    await assertSameSecretKey(platform.ctx.db, newOnly);
    const again = await rotateSecrets(platform.ctx.db, ring);
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
  });
});
