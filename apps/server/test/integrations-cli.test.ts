import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { useCliSandbox } from "./cli-runner.ts";

const { weft, env: cliEnv } = useCliSandbox("integrations-cli");

it("weft integrations set / list / disable: the environment's own Plaid keys, the secret never printed back", {
  timeout: 120_000,
}, async () => {
  const created = JSON.parse(
    (await weft(["env", "create", "--name", "Prod", "--mode", "PRODUCTION", "--json"])).stdout,
  );
  const envId = created.environment.id;

  const before = JSON.parse((await weft(["integrations", "list", "--json"])).stdout);
  expect(before.integrations).toEqual([
    {
      environmentId: envId,
      provider: "PLAID",
      enabled: false,
      source: "server",
      clientId: null,
      plaidEnv: null,
    },
  ]);

  const set = await weft([
    "integrations",
    "set",
    "--env",
    envId,
    "plaid",
    "--client-id",
    "client-123",
    "--secret",
    "s3cret-value",
    "--plaid-env",
    "production",
    "--json",
  ]);
  expect(set.code, set.stderr).toBe(0);
  expect(JSON.parse(set.stdout)).toEqual({
    integration: {
      environmentId: envId,
      provider: "PLAID",
      enabled: true,
      clientId: "client-123",
      plaidEnv: "production",
    },
  });
  expect(set.stdout).not.toContain("s3cret-value");

  const listed = await weft(["integrations", "list"]);
  expect(listed.stdout).toContain(`${envId}  PLAID   enabled  own keys  client client-123 (production)`);
  expect(listed.stdout).not.toContain("s3cret-value");

  // The secret is stored encrypted, not as given.
  const { openDatabase } = await import("../src/db/client.ts");
  const { integrations } = await import("../src/db/schema/index.ts");
  const url = cliEnv().DATABASE_URL;
  if (url) {
    const database = await openDatabase({ driver: "postgres", url, poolSize: 1 });
    const [row] = await database.db.select().from(integrations).where(eq(integrations.environmentId, envId));
    expect(row!.secretEncrypted).toBeTruthy();
    expect(row!.secretEncrypted).not.toContain("s3cret-value");
    await database.close();
  }

  const disabled = await weft(["integrations", "disable", "--env", envId, "plaid", "--json"]);
  expect(JSON.parse(disabled.stdout)).toEqual({
    integration: { environmentId: envId, provider: "PLAID", enabled: false },
  });
  const after = JSON.parse((await weft(["integrations", "list", "--json"])).stdout);
  expect(after.integrations[0]).toMatchObject({ enabled: false, source: "environment" });

  const badEnv = await weft([
    "integrations",
    "set",
    "--env",
    envId,
    "plaid",
    "--client-id",
    "c",
    "--secret",
    "s",
    "--plaid-env",
    "staging",
  ]);
  expect(badEnv.code).toBe(64);
  expect(badEnv.stderr).toContain("--plaid-env must be one of sandbox, production");
  const unknown = await weft([
    "integrations",
    "set",
    "--env",
    envId,
    "acme",
    "--client-id",
    "c",
    "--secret",
    "s",
  ]);
  expect(unknown.stderr).toContain('Unknown provider "acme"; providers: plaid');
  const noSecret = await weft(["integrations", "set", "--env", envId, "plaid", "--client-id", "c"]);
  expect(noSecret.stderr).toContain("Missing --secret");
});
