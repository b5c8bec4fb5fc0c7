import net from "node:net";
import { describe, expect, it } from "vitest";
import { useCliSandbox } from "./cli-runner.ts";
import { testDriver } from "./harness.ts";
import { CLI, type StartedProcess, startOnFreePort } from "./processes.ts";

const cli = useCliSandbox("cli");
const { weft } = cli;

type Served = StartedProcess & { url: string };

async function serve(): Promise<Served> {
  const started = await startOnFreePort([CLI, "serve"], cli.env(), "Weft is running", 30_000);
  return { ...started, url: `http://127.0.0.1:${started.port}` };
}

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

// Each test runs several real processes, each opening the embedded database: seconds apiece
// on two shared cores, so these tests get more time than the in-process ones.
describe("weft CLI and npm start", { timeout: 120_000 }, () => {
  let firstSecret: string;
  let profileId: string;
  let cliSecret: string;
  let cliKeyId: string;

  it("first start: creates a SANDBOX environment and prints an API key once, with the URLs", async () => {
    const server = await serve();
    const out = server.output();
    expect(out).toContain(`Weft is running at ${server.url}`);
    // Nothing comes before the banner (a front end not built yet used to put a warning there).
    expect(out.slice(0, out.indexOf("Weft is running")).trim()).toBe("");
    expect(out).toContain(`${server.url}/openapi/platform.json`);
    expect(out).toContain(
      "First run: a SANDBOX environment and an API key. The secret is shown only this once:",
    );
    firstSecret = /secret\s+(weft_sk_\S+)/.exec(out)![1]!;
    const connectorId = /connector\s+(ctr_[0-9a-z]{26})/.exec(out)![1]!;
    expect(out).toContain(`Connector demo ${server.url}/docs/guides/connector?connectorId=${connectorId}`);
    // The credentials come last, boxed.
    expect(out.trimEnd().endsWith("┘")).toBe(true);
    const introspect = await fetch(`${server.url}/v1/introspect/api_key`, {
      method: "POST",
      headers: bearer(firstSecret),
    });
    expect(introspect.status).toBe(200);
    expect(((await introspect.json()) as { environment: { mode: string } }).environment.mode).toBe("SANDBOX");
    const created = await fetch(`${server.url}/v1/profiles`, {
      method: "POST",
      headers: { ...bearer(firstSecret), "content-type": "application/json" },
      body: JSON.stringify({ email: "kept@example.com" }),
    });
    profileId = ((await created.json()) as { id: string }).id;

    // Another process revokes a key the server has cached: its very next request fails. On the
    // embedded database (one process's), the commands run on the server that holds it.
    const envId = JSON.parse((await weft(["env", "list", "--json"])).stdout).environments[0].id;
    const made = JSON.parse((await weft(["keys", "create", "--env", envId, "--json"])).stdout);
    const use = () => fetch(`${server.url}/v1/profiles`, { headers: bearer(made.apiKey.secret) });
    expect((await use()).status).toBe(200);
    expect((await use()).status).toBe(200);
    expect((await weft(["keys", "revoke", made.apiKey.id])).code).toBe(0);
    expect((await use()).status).toBe(401);
    // Mistakes come back as they would from the CLI's own process.
    const unknown = await weft(["keys", "create", "--env", "env_nope"]);
    expect(unknown.code).toBe(64);
    expect(unknown.stderr).toContain("No environment env_nope");
    if (testDriver === "pglite") {
      // Rotation re-encrypts under the keys its own process was given: never on the server.
      const refused = await weft(["secrets", "rotate"]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("is in use by weft serve");
      expect(refused.stderr).toContain("Stop that process and run this again");
    }
    expect(await server.stop()).toBe(0);
  });

  it("env and keys commands print exactly one JSON object with --json", async () => {
    const created = await weft(["env", "create", "--name", "Staging", "--mode", "test", "--json"]);
    expect(created.code).toBe(0);
    const { environment } = JSON.parse(created.stdout);
    expect(environment).toEqual({
      id: expect.stringMatching(/^env_/),
      name: "Staging",
      mode: "TEST",
      metadata: null,
    });
    expect(created.stdout.trim().split("\n")).toHaveLength(1);

    const enabled = await weft([
      "env",
      "features",
      "--env",
      environment.id,
      "--enable",
      "connection_export",
      "--json",
    ]);
    expect(JSON.parse(enabled.stdout)).toEqual({
      environment: { id: environment.id, features: ["connection_export"] },
    });
    const disabled = await weft([
      "env",
      "features",
      "--env",
      environment.id,
      "--disable",
      "connection_export",
    ]);
    expect(disabled.stdout).toBe(`${environment.id} features: none\n`);
    const unknown = await weft(["env", "features", "--env", environment.id, "--enable", "teleport"]);
    expect(unknown.code).toBe(64);
    expect(unknown.stderr).toContain('Unknown feature "teleport"; features: connection_export');

    const listed = JSON.parse((await weft(["env", "list", "--json"])).stdout);
    expect(listed.environments.map((e: { mode: string }) => e.mode)).toEqual(["SANDBOX", "TEST"]);

    const key = JSON.parse(
      (await weft(["keys", "create", "--env", environment.id, "--name", "CI", "--json"])).stdout,
    );
    expect(key.apiKey).toEqual({
      id: expect.stringMatching(/^api_/),
      name: "CI",
      environmentId: environment.id,
      apiVersion: "2025-04-01",
      secret: expect.stringMatching(/^weft_sk_[A-Za-z0-9_-]{43}$/),
    });
    cliSecret = key.apiKey.secret;
    cliKeyId = key.apiKey.id;

    const keys = await weft(["keys", "list", "--json"]);
    expect(keys.stdout).not.toContain(cliSecret);
    const listedKey = JSON.parse(keys.stdout).apiKeys.find((k: { id: string }) => k.id === cliKeyId);
    expect(listedKey).toMatchObject({ name: "CI", revokedAt: null, hint: `${cliSecret.slice(0, 12)}…` });

    const human = await weft(["keys", "list"]);
    expect(human.stdout).toContain(cliKeyId);

    const connector = JSON.parse(
      (await weft(["connectors", "create", "--env", environment.id, "--name", "Staging Connector", "--json"]))
        .stdout,
    );
    expect(connector.connector).toMatchObject({
      id: expect.stringMatching(/^ctr_/),
      name: "Staging Connector",
      environmentId: environment.id,
      emailSignIn: true,
    });
    const framed = await weft([
      "connectors",
      "create",
      "--env",
      environment.id,
      "--allowed-origins",
      "https://app.example.com/path,http://localhost:5173",
      "--json",
    ]);
    expect(JSON.parse(framed.stdout).connector.allowedOrigins).toEqual([
      "https://app.example.com",
      "http://localhost:5173",
    ]);
    const bad = await weft(["connectors", "create", "--env", environment.id, "--allowed-origins", "ftp://x"]);
    expect(bad.code).toBe(64);
    expect(bad.stderr).toContain('--allowed-origins: "ftp://x" is not an http(s) origin');

    const connectors = JSON.parse((await weft(["connectors", "list", "--json"])).stdout).connectors;
    expect(connectors.map((c: { name: string }) => c.name)).toEqual([
      "Sandbox Connector",
      "Staging Connector",
      "Connector",
    ]);

    // What the Connector shows end-users: its name and the app's privacy policy.
    const id = connector.connector.id;
    const updated = await weft([
      "connectors",
      "update",
      id,
      "--name",
      "Acme Budget",
      "--privacy-policy-url",
      "https://acme.example/privacy",
      "--json",
    ]);
    expect(JSON.parse(updated.stdout).connector).toMatchObject({
      id,
      name: "Acme Budget",
      privacyPolicyUrl: "https://acme.example/privacy",
      allowedOrigins: null,
    });
    for (const [args, message] of [
      [
        ["--privacy-policy-url", "javascript:alert(1)"],
        '--privacy-policy-url: "javascript:alert(1)" is not an absolute http(s) URL',
      ],
      [[], "Nothing to change: give --name, --allowed-origins or --privacy-policy-url"],
      // No Connector every site may embed: any could hand it its own user's session.
      [["--allowed-origins", "any"], "--allowed-origins any is refused"],
    ] as const) {
      const refused = await weft(["connectors", "update", id, ...args]);
      expect(refused.code).toBe(64);
      expect(refused.stderr).toContain(message);
    }
    // none: back to the default (Weft's own pages and the developer's machine).
    const origins = await weft([
      "connectors",
      "update",
      id,
      "--allowed-origins",
      "https://app.example.com",
      "--json",
    ]);
    expect(JSON.parse(origins.stdout).connector.allowedOrigins).toEqual(["https://app.example.com"]);
    const reset = await weft(["connectors", "update", id, "--allowed-origins", "none", "--json"]);
    expect(JSON.parse(reset.stdout).connector.allowedOrigins).toBeNull();
    const missing = await weft(["connectors", "update", "ctr_nope", "--name", "x"]);
    expect(missing.code).toBe(64);
    expect(missing.stderr).toContain("No connector ctr_nope: see weft connectors list");
  });

  it("a port in use is said plainly, with what to do, and nothing is created", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    const before = JSON.parse((await weft(["env", "list", "--json"])).stdout).environments.length;
    const result = await weft(["serve"], { PORT: String(port) });
    blocker.close();
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `weft: Port ${port} on 127.0.0.1 is already in use, by another Weft or another program. ` +
        `Stop it, or start on another port: PORT=${port + 1} npm start\n`,
    );
    expect(JSON.parse((await weft(["env", "list", "--json"])).stdout).environments.length).toBe(before);
  });

  it("serve --role api answers requests and leaves jobs to worker processes; another role is a usage error", async () => {
    const wrong = await weft(["serve", "--role", "everything"]);
    expect(wrong.code).toBe(64);
    expect(wrong.stderr).toContain("--role must be one of all, api, worker");

    const api = await startOnFreePort([CLI, "serve", "--role", "api"], cli.env(), "Weft is running", 30_000);
    const ready = await fetch(`http://127.0.0.1:${api.port}/ready`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { workers: string }).workers).toBe("in other processes");
    expect(await api.stop()).toBe(0);

    const all = await serve();
    expect(((await (await fetch(`${all.url}/ready`)).json()) as { workers: string }).workers).toBe("ok");
    expect(await all.stop()).toBe(0);
  });

  it("operator mistakes in the settings are one line saying what to do, not a stack trace", async () => {
    const cases: [Record<string, string>, string][] = [
      [
        { WEFT_PUBLIC_URL: "weft.example.com" },
        'weft: WEFT_PUBLIC_URL must be an absolute http(s) URL, such as https://weft.example.com; got "weft.example.com"\n',
      ],
      [
        { WEFT_SECRET_KEY: "short" },
        "weft: WEFT_SECRET_KEY must be 32 bytes, as 64 hex characters or base64. Make one with: openssl rand -hex 32\n",
      ],
      [
        { DATABASE_URL: "postgres://postgres@127.0.0.1:1/weft" },
        "weft: Cannot reach PostgreSQL at 127.0.0.1:1 (DATABASE_URL). Start it or correct DATABASE_URL; " +
          "without DATABASE_URL, Weft uses its embedded database.\n",
      ],
    ];
    if (testDriver === "postgres") {
      const missing = new URL(process.env.TEST_DATABASE_URL!);
      missing.pathname = "/weft_not_created";
      cases.push([
        { DATABASE_URL: missing.toString() },
        `weft: The database "weft_not_created" does not exist on ${missing.hostname}:${missing.port || 5432}. ` +
          `Create it: createdb -h ${missing.hostname} -p ${missing.port || 5432} -U ${missing.username} weft_not_created\n`,
      ]);
    }
    for (const [settings, message] of cases) {
      const result = await weft(["serve"], settings);
      expect(result.code, JSON.stringify(settings)).toBe(1);
      expect(result.stderr).toBe(message);
    }
  });

  it("says what is wrong with a command, with a usage exit code", async () => {
    const missing = await weft(["env", "create", "--mode", "TEST"]);
    expect(missing.code).toBe(64);
    expect(missing.stderr).toContain("Missing --name");
    const badMode = await weft(["env", "create", "--name", "x", "--mode", "LIVE", "--json"]);
    expect(badMode.code).toBe(64);
    expect(JSON.parse(badMode.stdout)).toEqual({
      error: { message: "--mode must be one of TEST, SANDBOX, PRODUCTION" },
    });
    // A mistyped option is a usage error in a line, never Node's stack trace.
    for (const [args, message] of [
      [["env", "list", "--bogus"], "Unknown option --bogus"],
      [["keys", "create", "--env"], "--env needs a value"],
      [["env", "list", "--json=yes"], "--json takes no value"],
    ] as const) {
      const result = await weft([...args]);
      expect(result.code, args.join(" ")).toBe(64);
      expect(result.stderr).toBe(`weft: ${message}\nRun weft --help for usage.\n`);
    }
    const valueless = await weft(["keys", "create", "--env", "--json"]);
    expect(valueless.code).toBe(64);
    expect(JSON.parse(valueless.stdout)).toEqual({ error: { message: "--env needs a value" } });
    const unknownEnv = await weft(["keys", "create", "--env", "env_nope"]);
    expect(unknownEnv.stderr).toContain("No environment env_nope: see weft env list");
    const help = await weft(["--help"]);
    expect(help.stdout).toContain("keys revoke API_KEY_ID");
    expect(help.stdout).toContain("Usage: weft <command>");
    // Help is aligned: a command's description starts in the description column, or on the next line.
    for (const line of help.stdout.split("\n")) {
      const gap = /^ {2}\S.*?\S( {3,})\S/.exec(line);
      if (gap) expect(gap[0].length - 1, line).toBe(42);
    }
    // Run through npm, messages name the command as `npm run weft --`.
    const throughNpm = { npm_lifecycle_event: "weft" };
    expect((await weft(["--help"], throughNpm)).stdout).toContain("Usage: npm run weft -- <command>");
    const unknown = await weft(["bogus"], throughNpm);
    expect(unknown.code).toBe(64);
    expect(unknown.stderr).toBe('weft: Unknown command "bogus"\nRun npm run weft -- --help for usage.\n');
  });

  it("second start reuses the data: no new key, the old key and profile still work, revoked keys fail", async () => {
    const revoked = await weft(["keys", "revoke", cliKeyId, "--json"]);
    expect(JSON.parse(revoked.stdout)).toEqual({ apiKey: { id: cliKeyId, revoked: true } });
    expect((await weft(["keys", "revoke", cliKeyId])).code).toBe(64);

    const server = await serve();
    expect(server.output()).not.toContain("First run");
    const profile = await fetch(`${server.url}/v1/profiles/${profileId}`, { headers: bearer(firstSecret) });
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { email: string }).email).toBe("kept@example.com");
    const revokedUse = await fetch(`${server.url}/v1/introspect/api_key`, {
      method: "POST",
      headers: bearer(cliSecret),
    });
    expect(revokedUse.status).toBe(401);
    expect(revokedUse.headers.get("x-request-id")).toMatch(/^req_/);
    expect(await server.stop()).toBe(0);
  });
});
