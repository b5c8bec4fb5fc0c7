import { parseArgs } from "node:util";
import type { CommandRequest } from "./cli/commands.ts";
import { type Output, UsageError, WEFT } from "./cli/usage.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { loadDrizzleAsCommonJs, skipWasmTierUp } from "./start-fast.ts";

// Before anything that imports drizzle-orm (every command but --help loads it dynamically below).
loadDrizzleAsCommonJs();

const USAGE = `weft: run and operate a Weft deployment

Usage: ${WEFT} <command> [options]

  serve [--role all|api|worker]           all (default): the HTTP server with in-process job workers;
                                          api: the HTTP server only; worker: job workers only
                                          (api and worker share one PostgreSQL; scale each apart)
  worker                                  the same as serve --role worker
  migrate                                 apply database migrations and exit
  env create --name N --mode TEST|SANDBOX|PRODUCTION
  env list
  env features --env ENV_ID [--enable F] [--disable F]
                                          features: connection_export
  env origins --env ENV_ID [--allow ORIGIN] [--disallow ORIGIN]
                                          web origins whose front ends may call Weft (CORS)
  env rate-limits --env ENV_ID [--api-key N|default] [--session N|default]
                                          requests a second per API key / per session (0: none)

  keys create --env ENV_ID [--name N]     prints the secret once
  keys list
  keys revoke API_KEY_ID
  connectors create --env ENV_ID [--name N] [--allowed-origins https://a.example,https://b.example]
                    [--privacy-policy-url URL]
  connectors update CONNECTOR_ID [--name N] [--allowed-origins O,P|none] [--privacy-policy-url URL|none]
                                          the name and privacy policy the Connector shows end-users
  connectors list
  processors create-secret --env ENV_ID --processor NAME
                                          a processor's secret for processor tokens; printed once
  integrations set --env ENV_ID plaid --client-id ID --secret S [--plaid-env sandbox|production]
  integrations set --env ENV_ID mx --client-id ID --api-key K [--mx-env int|prod]
  integrations set --env ENV_ID finicity --partner-id ID --secret S --app-key K [--finicity-env testing|production]
  integrations set --env ENV_ID akoya --client-id ID --secret S [--akoya-env sandbox|production]
                                          the environment's own provider keys (never shown again);
                                          give one of --secret, --api-key, --app-key as - to read it
                                          from standard input (kept out of ps and shell history)
  integrations list                       which providers each environment may use, with whose keys
  integrations disable --env ENV_ID plaid|mx|finicity|akoya
                                          off for that environment, whatever the server default
  integrations reset --env ENV_ID plaid|mx|finicity|akoya
                                          forget the environment's own setting: the server default applies
  webhooks listen [--forward-to URL] [--events E,F] [--url WEFT_URL] [--key KEY]
                                          development: print each delivery (and forward it) from a
                                          running Weft started with WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS=true;
                                          the API key from --key or WEFT_KEY
  secrets rotate                          re-encrypt stored secrets under the first of WEFT_SECRET_KEYS
  secrets rotate-signing-key              a new key signs sessions; the old one verifies until they expire

Options: --json prints exactly one JSON object on stdout.
Environment: PORT, HOST, DATABASE_URL, WEFT_DATA_DIR, WEFT_PUBLIC_URL, WEFT_SECRET_KEY (or
WEFT_SECRET_KEYS=new,old while rotating), WEFT_LOG_LEVEL, WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS,
WEFT_RATE_LIMIT_API_KEY (100), WEFT_RATE_LIMIT_SESSION (25); providers for every environment without
a setting of its own: WEFT_PLAID_CLIENT_ID, WEFT_PLAID_SECRET, WEFT_PLAID_ENV, WEFT_PLAID_BASE_URL;
WEFT_MX_CLIENT_ID, WEFT_MX_API_KEY, WEFT_MX_ENV, WEFT_MX_BASE_URL; WEFT_FINICITY_PARTNER_ID,
WEFT_FINICITY_SECRET, WEFT_FINICITY_APP_KEY, WEFT_FINICITY_ENV, WEFT_FINICITY_BASE_URL;
WEFT_AKOYA_CLIENT_ID, WEFT_AKOYA_SECRET, WEFT_AKOYA_ENV, WEFT_AKOYA_BASE_URL.`;

/** The commands cli/commands.ts runs, on the database (their own connection, or a running server's). */
const COMMANDS = new Set(["migrate", "env", "connectors", "processors", "integrations", "keys", "secrets"]);

/** A command the server ran and that failed there: its message, said as any operator error. */
class ServerCommandError extends Error {}

/**
 * Errors that are the operator's to fix, said in one line. The modules that define the last two
 * are loaded already whenever they could have thrown.
 */
async function isOperatorError(error: Error): Promise<boolean> {
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof ServerCommandError)
    return true;
  const [{ DatabaseLockedError }, { ListenError }] = await Promise.all([
    import("./db/lock.ts"),
    import("./modules/webhooks/listen.ts"),
  ]);
  return error instanceof DatabaseLockedError || error instanceof ListenError;
}

/**
 * A database command: on the server holding the embedded database when one runs (its answer, or
 * its refusal as an error to report), else in this process.
 */
async function runDatabaseCommand(request: CommandRequest): Promise<Output | Error> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    const { mayRunOnServer, runOnServer } = await import("./cli/on-server.ts");
    const reply = mayRunOnServer(request) ? await runOnServer(config.dataDir, request) : undefined;
    if (reply && "output" in reply) return reply.output;
    if (reply)
      return reply.error.usage
        ? new UsageError(reply.error.message)
        : new ServerCommandError(reply.error.message);
  }
  skipWasmTierUp();
  const { runCommand } = await import("./cli/commands.ts");
  return runCommand(request);
}

/**
 * The command line's options. A mistyped one is a usage error in a line, not Node's stack
 * trace: an unknown option, an option without its value (`--env --json`), a value given to a
 * flag (`--json=yes`).
 */
function parseOptions(argv: string[]) {
  try {
    return parseOptionsOrThrow(argv);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== "string" || !code.startsWith("ERR_PARSE_ARGS_")) throw error;
    const message = (error as Error).message;
    const option = /'(-[^' ]+)/.exec(message)?.[1] ?? "an option";
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") throw new UsageError(`Unknown option ${option}`);
    if (message.includes("does not take an argument")) throw new UsageError(`${option} takes no value`);
    throw new UsageError(`${option} needs a value`);
  }
}

const parseOptionsOrThrow = (argv: string[]) =>
  parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: "boolean", default: false },
      name: { type: "string" },
      mode: { type: "string" },
      env: { type: "string" },
      enable: { type: "string" },
      "allowed-origins": { type: "string" },
      "privacy-policy-url": { type: "string" },
      allow: { type: "string" },
      disallow: { type: "string" },
      disable: { type: "string" },
      processor: { type: "string" },
      "client-id": { type: "string" },
      secret: { type: "string" },
      "plaid-env": { type: "string" },
      "mx-env": { type: "string" },
      "finicity-env": { type: "string" },
      "akoya-env": { type: "string" },
      "partner-id": { type: "string" },
      "app-key": { type: "string" },
      "api-key": { type: "string" },
      session: { type: "string" },
      role: { type: "string" },
      "forward-to": { type: "string" },
      events: { type: "string" },
      url: { type: "string" },
      key: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });

/** The provider credentials `integrations set` may be given as `-`, to read from standard input. */
const STDIN_FLAGS = ["secret", "api-key", "app-key"] as const;

/**
 * `--secret -` (likewise `--api-key -` and `--app-key -`) reads the value from standard input,
 * one line, so it appears neither in the process list nor in the shell's history.
 */
async function readStandardInputFor(flags: Record<string, string | boolean | undefined>): Promise<void> {
  const fromStdin = STDIN_FLAGS.filter((name) => flags[name] === "-");
  const [flag] = fromStdin;
  if (!flag) return;
  if (fromStdin.length > 1)
    throw new UsageError(
      `Only one option can read standard input; got ${fromStdin.map((f) => `--${f} -`).join(", ")}`,
    );
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const value = Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
  if (value === "" || /[\r\n]/.test(value))
    throw new UsageError(
      `--${flag} - reads one line from standard input; it got ${value ? "more than one" : "none"}`,
    );
  flags[flag] = value;
}

export async function runCli(argv: string[]): Promise<number> {
  // Known before the options are parsed, so a usage error about them answers in JSON too.
  const json = argv.includes("--json");
  try {
    const { values, positionals } = parseOptions(argv);
    const [command, action, ...rest] = positionals;
    if (!command || values.help || command === "help") {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const role = command === "serve" ? (values.role ?? "all") : command === "worker" ? "worker" : undefined;
    if (role !== undefined && !["all", "api", "worker"].includes(role))
      throw new UsageError("--role must be one of all, api, worker");
    if (role === "all" || role === "api") {
      const config = loadConfig();
      const { serve } = await import("./main.ts");
      await serve(role === "api" ? { ...config, inProcessWorkers: false } : config);
      return -1;
    }
    if (command === "webhooks") {
      if (action !== "listen")
        throw new UsageError(`Unknown webhooks command "${action ?? ""}"; try webhooks listen`);
      const apiKey = values.key ?? process.env.WEFT_KEY;
      if (!apiKey)
        throw new UsageError("Missing --key (or WEFT_KEY): an API key of the environment to listen to");
      const [{ listenForWebhooks }, { EVENT_TYPE_SCOPES }] = await Promise.all([
        import("./modules/webhooks/listen.ts"),
        import("./modules/webhooks/schemas.ts"),
      ]);
      const listener = await listenForWebhooks({
        weftUrl: (values.url ?? loadConfig().publicUrl).replace(/\/+$/, ""),
        apiKey,
        forwardTo: values["forward-to"],
        eventTypes: values.events ? values.events.split(",") : [...EVENT_TYPE_SCOPES],
        say: (line) => process.stdout.write(`${line}\n`),
      });
      process.stdout.write(
        `Listening for webhooks (subscription ${listener.subscriptionId})` +
          `${values["forward-to"] ? `, forwarding to ${values["forward-to"]}` : ""}; Ctrl+C to stop\n`,
      );
      const stop = () => void listener.stop().then(() => process.exit(0));
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
      return -1;
    }
    if (role === "worker") {
      const config = loadConfig();
      const { openRuntime } = await import("./runtime.ts");
      const runtime = await openRuntime(config, "weft worker");
      runtime.worker.start();
      process.stderr.write("weft worker: running jobs; Ctrl+C to stop\n");
      const stop = () => void runtime.close().then(() => process.exit(0));
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
      return -1;
    }
    if (!COMMANDS.has(command)) throw new UsageError(`Unknown command "${command}"`);
    const { json: _json, help: _help, ...flags } = values;
    if (command === "integrations") await readStandardInputFor(flags);
    const request: CommandRequest = { command, action, values: flags, rest };
    const output = await runDatabaseCommand(request);
    if (output instanceof Error) throw output;
    process.stdout.write(`${json ? JSON.stringify(output.json) : output.text}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof Error) || !(await isOperatorError(error))) throw error;
    const hint = error instanceof UsageError ? `\nRun ${WEFT} --help for usage.` : "";
    if (json) process.stdout.write(`${JSON.stringify({ error: { message: error.message } })}\n`);
    else process.stderr.write(`weft: ${error.message}${hint}\n`);
    return error instanceof UsageError ? 64 : 1;
  }
}
