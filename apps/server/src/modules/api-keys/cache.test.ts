import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "../../../test/harness.ts";
import { announceCredentialChange } from "../../db/notifications.ts";
import { apiKeys } from "../../db/schema/index.ts";
import { setEnvironmentRateLimits } from "../environments/service.ts";
import { revokeApiKey } from "./service.ts";

let platform: TestPlatform;
let env: TestEnvironment;

beforeAll(async () => {
  platform = await startTestPlatform();
  env = await platform.environment("SANDBOX");
});
afterAll(() => platform.close());

const listProfiles = (e: TestEnvironment = env) =>
  platform.app.inject({ url: "/v1/profiles", headers: e.auth });

/** The cache listens once the first request starts it; wait until it does. */
async function warm(e: TestEnvironment) {
  for (let i = 0; i < 50; i++) {
    expect((await listProfiles(e)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("the API key cache", () => {
  it("serves a key without asking the database, until a change is announced", async () => {
    const e = await platform.environment("SANDBOX", "cached");
    await warm(e);
    // Revoked behind the cache's back (no announcement): the cached key still answers...
    await platform.ctx.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, e.apiKeyId));
    expect((await listProfiles(e)).statusCode).toBe(200);
    // ...until any change is announced, as every revocation does.
    await announceCredentialChange(platform.ctx.db);
    await expect.poll(async () => (await listProfiles(e)).statusCode, { timeout: 2000 }).toBe(401);
  });

  it("a revoked key fails as soon as the revocation's notification arrives (PGlite: at once)", async () => {
    const e = await platform.environment("SANDBOX", "revoked");
    await warm(e);
    await revokeApiKey(platform.ctx.db, e.apiKeyId);
    // PostgreSQL delivers the NOTIFY to listening processes at commit, a moment later.
    await expect
      .poll(async () => (await listProfiles(e)).statusCode, { timeout: 1000, interval: 5 })
      .toBe(401);
    expect((await listProfiles(e)).json().message).toBe("The API key is invalid or revoked");
  });

  it("an environment's changed settings apply on its next request", async () => {
    await warm(env);
    await setEnvironmentRateLimits(platform.ctx.db, env.id, { apiKey: 1 });
    const answers = [await listProfiles(), await listProfiles(), await listProfiles()];
    expect(answers.some((a) => a.statusCode === 429)).toBe(true);
    await setEnvironmentRateLimits(platform.ctx.db, env.id, { apiKey: null });
  });
});
