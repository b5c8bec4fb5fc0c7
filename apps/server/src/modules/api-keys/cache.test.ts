import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startTestPlatform,
  type TestEnvironment,
  type TestPlatform,
  testDriver,
} from "../../../test/harness.ts";
import { countListeners } from "../../db/client.ts";
import { CREDENTIALS_CHANNEL, changeCredentials, confirmCredentialsDropped } from "../../db/notifications.ts";
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
    await changeCredentials(platform.ctx, async () => true);
    expect((await listProfiles(e)).statusCode).toBe(401);
  });

  it("a revoked key fails on the next request", async () => {
    const e = await platform.environment("SANDBOX", "revoked");
    await warm(e);
    await revokeApiKey(platform.ctx, e.apiKeyId);
    const next = await listProfiles(e);
    expect(next.statusCode).toBe(401);
    expect(next.json().message).toBe("The API key is invalid or revoked");
  });

  it("an environment's changed settings apply on its next request", async () => {
    await warm(env);
    await setEnvironmentRateLimits(platform.ctx, env.id, { apiKey: 1 });
    const answers = [await listProfiles(), await listProfiles(), await listProfiles()];
    expect(answers.some((a) => a.statusCode === 429)).toBe(true);
    await setEnvironmentRateLimits(platform.ctx, env.id, { apiKey: null });
  });
});

describe.skipIf(testDriver !== "postgres")("a credential change across processes (PostgreSQL)", () => {
  it("returns only once every process that caches credentials has dropped them", async () => {
    // Another process's cache, as the database sees it: a counted listener that confirms late.
    const events: string[] = [];
    const unlisten = await platform.listen(
      CREDENTIALS_CHANNEL,
      (id) => {
        setTimeout(() => {
          events.push("dropped");
          void confirmCredentialsDropped(platform.ctx.db, id);
        }, 200);
      },
      { counted: true },
    );
    try {
      await changeCredentials(platform.ctx, async () => true);
      events.push("returned");
      expect(events).toEqual(["dropped", "returned"]);
    } finally {
      await unlisten();
    }
  });

  it("counts a process while it listens, and not once it has stopped", async () => {
    const before = await countListeners(platform.ctx.db, CREDENTIALS_CHANNEL);
    const unlisten = await platform.listen(CREDENTIALS_CHANNEL, () => {}, { counted: true });
    expect(await countListeners(platform.ctx.db, CREDENTIALS_CHANNEL)).toBe(before + 1);
    await unlisten();
    expect(await countListeners(platform.ctx.db, CREDENTIALS_CHANNEL)).toBe(before);
  });
});
