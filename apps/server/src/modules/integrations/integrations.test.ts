import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../../test/harness.ts";
import { listIntegrations, providerSettingsFor, setIntegration } from "./service.ts";

let platform: TestPlatform;

beforeAll(async () => {
  // Server-wide keys for Plaid's production: real banks, real people.
  platform = await startTestPlatform({
    WEFT_PLAID_CLIENT_ID: "client-live",
    WEFT_PLAID_SECRET: "secret-live",
    WEFT_PLAID_ENV: "production",
  });
});
afterAll(() => platform.close());

describe("a provider's live environment serves PRODUCTION environments only", () => {
  it("server-wide production keys: off for TEST and SANDBOX (their passcode is 000000), on for PRODUCTION", async () => {
    for (const mode of ["TEST", "SANDBOX"] as const) {
      const env = await platform.environment(mode);
      expect(await providerSettingsFor(platform.ctx, env.id, "PLAID"), mode).toBeNull();
    }
    const live = await platform.environment("PRODUCTION");
    expect(await providerSettingsFor(platform.ctx, live.id, "PLAID")).toMatchObject({
      clientId: "client-live",
      providerEnv: "production",
      source: "server",
    });
  });

  it("the list says so: the server's live keys are off for a SANDBOX environment, on for a PRODUCTION one", async () => {
    const sandbox = await platform.environment("SANDBOX", "listed");
    const live = await platform.environment("PRODUCTION", "listed live");
    const views = await listIntegrations(platform.ctx, [
      { id: sandbox.id, mode: "SANDBOX" },
      { id: live.id, mode: "PRODUCTION" },
    ]);
    const plaid = (environmentId: string) =>
      views.find((v) => v.environmentId === environmentId && v.provider === "PLAID");
    expect(plaid(sandbox.id)).toMatchObject({ enabled: false, source: "server", providerEnv: "production" });
    expect(plaid(live.id)).toMatchObject({ enabled: true, source: "server", providerEnv: "production" });
  });

  it("an environment's own keys: a SANDBOX one reaches the provider's sandbox, never its production", async () => {
    const env = await platform.environment("SANDBOX", "own keys");
    await setIntegration(platform.ctx, env.id, "MX", {
      clientId: "mx-client",
      secret: "mx-key",
      providerEnv: "prod",
    });
    expect(await providerSettingsFor(platform.ctx, env.id, "MX")).toBeNull();
    await setIntegration(platform.ctx, env.id, "MX", {
      clientId: "mx-client",
      secret: "mx-key",
      providerEnv: "int",
    });
    expect(await providerSettingsFor(platform.ctx, env.id, "MX")).toMatchObject({
      providerEnv: "int",
      source: "environment",
    });
  });
});
