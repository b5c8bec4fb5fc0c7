import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { useCliSandbox } from "./cli-runner.ts";

const { weft, env: cliEnv } = useCliSandbox("integrations-cli");

it("weft integrations set / list / disable: the environment's own provider keys, the secret never printed back", {
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
      providerEnv: null,
    },
    {
      environmentId: envId,
      provider: "MX",
      enabled: false,
      source: "server",
      clientId: null,
      providerEnv: null,
    },
    {
      environmentId: envId,
      provider: "FINICITY",
      enabled: false,
      source: "server",
      clientId: null,
      providerEnv: null,
    },
    {
      environmentId: envId,
      provider: "AKOYA",
      enabled: false,
      source: "server",
      clientId: null,
      providerEnv: null,
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
      providerEnv: "production",
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
  // reset forgets the environment's own setting: the server's default (here, keys in its
  // environment variables) applies again.
  const serverPlaid = { WEFT_PLAID_CLIENT_ID: "server-client", WEFT_PLAID_SECRET: "server-secret" };
  const reset = await weft(["integrations", "reset", "--env", envId, "plaid", "--json"], serverPlaid);
  expect(reset.code, reset.stderr).toBe(0);
  expect(JSON.parse(reset.stdout).integration).toEqual({
    environmentId: envId,
    provider: "PLAID",
    enabled: true,
    source: "server",
    clientId: "server-client",
    providerEnv: "sandbox",
  });
  const resetText = await weft(["integrations", "reset", "--env", envId, "plaid"]);
  expect(resetText.stdout).toContain(`PLAID for ${envId} follows the server's default: off`);
  expect((await weft(["integrations", "reset", "--env", "env_nope", "plaid"])).code).not.toBe(0);

  // A SANDBOX environment signs its end-users in with 000000: it never reaches a live provider.
  const sandbox = JSON.parse(
    (await weft(["env", "create", "--name", "Play", "--mode", "SANDBOX", "--json"])).stdout,
  ).environment.id;
  const setPlaid = (environmentId: string, plaidEnv: string) =>
    weft([
      "integrations",
      "set",
      "--env",
      environmentId,
      "plaid",
      "--client-id",
      "c",
      "--secret",
      "s",
      "--plaid-env",
      plaidEnv,
    ]);
  const live = await setPlaid(sandbox, "production");
  expect(live.code).toBe(64);
  expect(live.stderr).toContain("A SANDBOX environment cannot use PLAID's production");

  const badEnv = await setPlaid(envId, "staging");
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
  expect(unknown.stderr).toContain('Unknown provider "acme"; providers: plaid, mx, finicity, akoya');
  const noSecret = await weft(["integrations", "set", "--env", envId, "plaid", "--client-id", "c"]);
  expect(noSecret.stderr).toContain("Missing --secret");

  // MX names its secret the API key, its environments int and prod, and takes webhooks set up in its dashboard.
  const noApiKey = await weft(["integrations", "set", "--env", envId, "mx", "--client-id", "c"]);
  expect(noApiKey.stderr).toContain("Missing --api-key");
  const badMxEnv = await weft([
    ..."integrations set --env".split(" "),
    envId,
    ...["mx", "--client-id", "c", "--api-key", "k", "--mx-env", "sandbox"],
  ]);
  expect(badMxEnv.stderr).toContain("--mx-env must be one of int, prod");
  const mx = await weft([
    ..."integrations set --env".split(" "),
    envId,
    ...["mx", "--client-id", "mx-client", "--api-key", "mx-api-key-value", "--json"],
  ]);
  expect(mx.code, mx.stderr).toBe(0);
  const { integration } = JSON.parse(mx.stdout);
  expect(integration).toMatchObject({
    provider: "MX",
    enabled: true,
    clientId: "mx-client",
    providerEnv: "int",
  });
  expect(integration.webhook.url).toMatch(/\/v1\/mx\/webhooks\/mx-client$/);
  expect(integration.webhook).toMatchObject({
    username: "weft",
    password: expect.stringMatching(/^[\w-]{43}$/),
  });
  expect(mx.stdout).not.toContain("mx-api-key-value");
  const mxText = await weft([
    ..."integrations set --env".split(" "),
    envId,
    ...["mx", "--client-id", "mx-client", "--api-key", "mx-api-key-value", "--mx-env", "prod"],
  ]);
  expect(mxText.stdout).toContain(`MX is on for ${envId} with client mx-client (prod)`);
  expect(mxText.stdout).toContain(`password ${integration.webhook.password}`);
  // `--api-key -` reads the key from standard input (out of ps and shell history): the same key
  // gives the same webhook password, so the line was read whole and its newline dropped.
  const mxSetFromStdin = (flags: string[], input: string) =>
    weft(
      [
        ..."integrations set --env".split(" "),
        envId,
        "mx",
        "--client-id",
        "mx-client",
        "--mx-env",
        "prod",
        ...flags,
      ],
      {},
      input,
    );
  const fromStdin = await mxSetFromStdin(["--api-key", "-", "--json"], "mx-api-key-value\n");
  expect(fromStdin.code, fromStdin.stderr).toBe(0);
  expect(JSON.parse(fromStdin.stdout).integration.webhook.password).toBe(integration.webhook.password);
  const emptyStdin = await mxSetFromStdin(["--api-key", "-"], "");
  expect(emptyStdin.code).toBe(64);
  expect(emptyStdin.stderr).toContain("--api-key - reads one line from standard input; it got none");
  const twoLines = await mxSetFromStdin(["--api-key", "-"], "one\ntwo\n");
  expect(twoLines.stderr).toContain("it got more than one");
  const twoDashes = await weft(
    [..."integrations set --env".split(" "), envId, "finicity", "--partner-id", "p"].concat([
      "--secret",
      "-",
      "--app-key",
      "-",
    ]),
    {},
    "x\n",
  );
  expect(twoDashes.stderr).toContain("Only one option can read standard input; got --secret -, --app-key -");
  // Finicity: a partner id, its secret and the app key; the app key is never printed back either.
  const noAppKey = await weft([
    ..."integrations set --env".split(" "),
    envId,
    ...["finicity", "--partner-id", "p", "--secret", "s"],
  ]);
  expect(noAppKey.stderr).toContain("Missing --app-key");
  const finicity = await weft([
    ..."integrations set --env".split(" "),
    envId,
    ...[
      "finicity",
      "--partner-id",
      "1234583871234",
      "--secret",
      "f-secret",
      "--app-key",
      "f-app-key-value",
      "--json",
    ],
  ]);
  expect(finicity.code, finicity.stderr).toBe(0);
  expect(JSON.parse(finicity.stdout).integration).toMatchObject({
    provider: "FINICITY",
    clientId: "1234583871234",
    providerEnv: "testing",
  });
  expect(finicity.stdout).not.toContain("f-app-key-value");
  const listedMx = await weft(["integrations", "list"]);
  expect(listedMx.stdout).toContain(`${envId}  MX      enabled  own keys  client mx-client (prod)`);
});
