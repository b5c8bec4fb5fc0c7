#!/usr/bin/env node
import { parseArgs } from "node:util";
import { ConfigError, loadConfig, PLAID_ENVS } from "./config.ts";
import type { AppContext } from "./context.ts";
import { DatabaseLockedError } from "./db/client.ts";
import {
  ENVIRONMENT_MODES,
  type EnvironmentMode,
  INTEGRATION_PROVIDERS,
  type IntegrationProvider,
} from "./db/schema/index.ts";
import { createApiKey, listApiKeys, revokeApiKey } from "./modules/api-keys/service.ts";
import { cliActor, recordAudit } from "./modules/audit/service.ts";
import {
  type ConnectorSettings,
  createConnector,
  listConnectors,
  toConnectorView,
  updateConnector,
} from "./modules/connectors/service.ts";
import {
  createEnvironment,
  ENVIRONMENT_FEATURES,
  type EnvironmentFeature,
  findEnvironment,
  listEnvironments,
  setEnvironmentFeature,
  setEnvironmentOrigin,
  setEnvironmentRateLimits,
} from "./modules/environments/service.ts";
import {
  disableIntegration,
  isPlaidEnv,
  listIntegrations,
  setPlaidIntegration,
} from "./modules/integrations/service.ts";
import { isProcessor, PROCESSORS } from "./modules/processors/catalogue.ts";
import { createProcessorSecret } from "./modules/processors/service.ts";
import { SESSION_LIFETIME_MS } from "./modules/sessions/service.ts";
import { ListenError, listenForWebhooks } from "./modules/webhooks/listen.ts";
import { EVENT_TYPE_SCOPES } from "./modules/webhooks/schemas.ts";
// The server and the runtime (every job handler, the HTTP app) load only for commands that use them.
import type { Runtime } from "./runtime.ts";
import { rotateSecrets } from "./security/rotate.ts";

const USAGE = `weft: run and operate a Weft deployment

Usage: npm run weft -- <command> [options]

  serve [--role all|api|worker]           all (default): the HTTP server with in-process job workers;
                                          api: the HTTP server only; worker: job workers only
                                          (api and worker share one PostgreSQL; scale each apart)
  worker                                  the same as serve --role worker
  migrate                                 apply database migrations and exit
  env create --name N --mode TEST|SANDBOX|PRODUCTION
  env list
  env features --env ENV_ID [--enable F] [--disable F]   features: connection_export
  env origins --env ENV_ID [--allow ORIGIN] [--disallow ORIGIN]
                                          web origins whose front ends may call Weft (CORS)
  env rate-limits --env ENV_ID [--api-key N|default] [--session N|default]
                                          requests a second per API key / per session (0: none)

  keys create --env ENV_ID [--name N]     prints the secret once
  keys list
  keys revoke API_KEY_ID
  connectors create --env ENV_ID [--name N] [--allowed-origins https://a.example,https://b.example]
                    [--privacy-policy-url URL]
  connectors update CONNECTOR_ID [--name N] [--allowed-origins O,P|any] [--privacy-policy-url URL|none]
                                          the name and privacy policy the Connector shows end-users
  connectors list
  processors create-secret --env ENV_ID --processor NAME
                                          a processor's secret for processor tokens; printed once
  integrations set --env ENV_ID plaid --client-id ID --secret S [--plaid-env sandbox|production]
                                          the environment's own Plaid keys (the secret is never shown again)
  integrations list                       which providers each environment may use, with whose keys
  integrations disable --env ENV_ID plaid off for that environment, whatever the server default
  webhooks listen [--forward-to URL] [--events E,F] [--url WEFT_URL] [--key KEY]
                                          development: print each delivery (and forward it) from a
                                          running Weft started with WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS=true;
                                          the API key from --key or WEFT_KEY
  secrets rotate                          re-encrypt stored secrets under the first of WEFT_SECRET_KEYS
  secrets rotate-signing-key              a new key signs sessions; the old one verifies until they expire

Options: --json prints exactly one JSON object on stdout.
Environment: PORT, HOST, DATABASE_URL, WEFT_DATA_DIR, WEFT_PUBLIC_URL, WEFT_SECRET_KEY (or
WEFT_SECRET_KEYS=new,old while rotating), WEFT_LOG_LEVEL, WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS,
WEFT_RATE_LIMIT_API_KEY (100), WEFT_RATE_LIMIT_SESSION (25); Plaid for every environment without
a setting of its own: WEFT_PLAID_CLIENT_ID, WEFT_PLAID_SECRET, WEFT_PLAID_ENV, WEFT_PLAID_BASE_URL.`;

class UsageError extends Error {}

type Output = { json: Record<string, unknown>; text: string };

/** Record a change made with the CLI in the environment's audit trail. */
const audit = (ctx: AppContext, environmentId: string, action: string, resourceId: string) =>
  recordAudit(ctx.db, { environmentId, actor: cliActor(), action, resourceId });

async function withRuntime<T>(owner: string, run: (runtime: Runtime) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const { createLogger, openRuntime } = await import("./runtime.ts");
  const runtime = await openRuntime(
    config,
    owner,
    createLogger(config.logLevel === "info" ? "warn" : config.logLevel, 2),
  );
  try {
    return await run(runtime);
  } finally {
    await runtime.close();
  }
}

function required(value: string | undefined, flag: string): string {
  if (!value) throw new UsageError(`Missing ${flag}`);
  return value;
}

type Flags = {
  name?: string;
  mode?: string;
  env?: string;
  processor?: string;
  enable?: string;
  disable?: string;
  "allowed-origins"?: string;
  "privacy-policy-url"?: string;
  allow?: string;
  disallow?: string;
  "client-id"?: string;
  secret?: string;
  "plaid-env"?: string;
  "api-key"?: string;
  session?: string;
};

async function envCommand(action: string | undefined, values: Flags): Promise<Output> {
  if (action === "create") {
    const name = required(values.name, "--name");
    const mode = required(values.mode, "--mode").toUpperCase();
    if (!ENVIRONMENT_MODES.includes(mode as EnvironmentMode)) {
      throw new UsageError(`--mode must be one of ${ENVIRONMENT_MODES.join(", ")}`);
    }
    const env = await withRuntime("weft env create", async ({ ctx }) => {
      const created = await createEnvironment(ctx.db, { name, mode: mode as EnvironmentMode });
      await audit(ctx, created.id, "env create", created.id);
      return created;
    });
    const environment = { id: env.id, name: env.name, mode: env.mode, metadata: env.metadata };
    return { json: { environment }, text: `Created environment ${env.id} (${env.name}, ${env.mode})` };
  }
  if (action === "features") {
    const envId = required(values.env, "--env");
    const change = values.enable ?? values.disable;
    if (change !== undefined && !ENVIRONMENT_FEATURES.includes(change as EnvironmentFeature)) {
      throw new UsageError(`Unknown feature "${change}"; features: ${ENVIRONMENT_FEATURES.join(", ")}`);
    }
    const features = await withRuntime("weft env features", async ({ ctx }) => {
      const current = change
        ? await setEnvironmentFeature(
            ctx.db,
            envId,
            change as EnvironmentFeature,
            values.enable !== undefined,
          )
        : (await findEnvironment(ctx.db, envId))?.features;
      if (!current) throw new UsageError(`No environment ${envId}: see weft env list`);
      return current;
    });
    return {
      json: { environment: { id: envId, features } },
      text: `${envId} features: ${features.length > 0 ? features.join(", ") : "none"}`,
    };
  }
  if (action === "origins") {
    const envId = required(values.env, "--env");
    const change = values.allow ?? values.disallow;
    const origin =
      change === undefined ? undefined : parseOrigins(change, values.allow ? "--allow" : "--disallow");
    const origins = await withRuntime("weft env origins", async ({ ctx }) => {
      const current = origin
        ? await setEnvironmentOrigin(ctx.db, envId, origin[0]!, values.allow !== undefined)
        : (await findEnvironment(ctx.db, envId))?.allowedOrigins;
      if (!current) throw new UsageError(`No environment ${envId}: see weft env list`);
      return current;
    });
    return {
      json: { environment: { id: envId, allowedOrigins: origins } },
      text: `${envId} allowed origins: ${origins.length > 0 ? origins.join(", ") : "none"}`,
    };
  }
  if (action === "rate-limits") {
    const envId = required(values.env, "--env");
    const changes = {
      apiKey: parseRateLimit(values["api-key"], "--api-key"),
      session: parseRateLimit(values.session, "--session"),
    };
    const limits = await withRuntime("weft env rate-limits", async ({ ctx }) => {
      const own = await setEnvironmentRateLimits(ctx.db, envId, changes);
      if (!own) throw new UsageError(`No environment ${envId}: see weft env list`);
      return {
        apiKey: own.apiKey ?? ctx.config.rateLimits.apiKey,
        session: own.session ?? ctx.config.rateLimits.session,
      };
    });
    const show = (n: number) => (n === 0 ? "no limit" : `${n}/s`);
    return {
      json: { environment: { id: envId, rateLimits: limits } },
      text: `${envId} rate limits: API key ${show(limits.apiKey)}, session ${show(limits.session)}`,
    };
  }
  if (action === "list") {
    const rows = await withRuntime("weft env list", ({ ctx }) => listEnvironments(ctx.db));
    const environments = rows.map((e) => ({ id: e.id, name: e.name, mode: e.mode, metadata: e.metadata }));
    return {
      json: { environments },
      text:
        environments.map((e) => `${e.id}  ${e.mode.padEnd(10)}  ${e.name}`).join("\n") || "No environments.",
    };
  }
  throw new UsageError(`Unknown env command "${action ?? ""}"`);
}

async function keysCommand(action: string | undefined, values: Flags, rest: string[]): Promise<Output> {
  if (action === "create") {
    const envId = required(values.env, "--env");
    const name = values.name || "API key";
    const created = await withRuntime("weft keys create", async ({ ctx }) => {
      if (!(await findEnvironment(ctx.db, envId)))
        throw new UsageError(`No environment ${envId}: see weft env list`);
      const made = await createApiKey(ctx.db, envId, name);
      await audit(ctx, envId, "keys create", made.key.id);
      return made;
    });
    const apiKey = {
      id: created.key.id,
      name: created.key.name,
      environmentId: envId,
      apiVersion: created.key.apiVersion,
      secret: created.secret,
    };
    return {
      json: { apiKey },
      text: `Created API key ${apiKey.id} in ${envId}.\nSecret (shown only now): ${created.secret}`,
    };
  }
  if (action === "list") {
    const rows = await withRuntime("weft keys list", ({ ctx }) => listApiKeys(ctx.db));
    const apiKeys = rows.map((k) => ({
      id: k.id,
      name: k.name,
      environmentId: k.environmentId,
      hint: k.secretHint,
      createdAt: k.createdAt.toISOString(),
      revokedAt: k.revokedAt?.toISOString() ?? null,
    }));
    const text = apiKeys
      .map((k) => `${k.id}  ${k.environmentId}  ${k.hint}  ${k.revokedAt ? "revoked" : "live"}  ${k.name}`)
      .join("\n");
    return { json: { apiKeys }, text: text || "No API keys." };
  }
  if (action === "revoke") {
    const id = required(rest[0], "API_KEY_ID");
    const revoked = await withRuntime("weft keys revoke", async ({ ctx }) => {
      const key = await revokeApiKey(ctx.db, id);
      if (key) await audit(ctx, key.environmentId, "keys revoke", id);
      return key;
    });
    if (!revoked) throw new UsageError(`No live API key ${id}: see weft keys list`);
    return { json: { apiKey: { id, revoked: true } }, text: `Revoked ${id}` };
  }
  throw new UsageError(`Unknown keys command "${action ?? ""}"`);
}

/** "250" → 250, "default" → null (the server's), absent → undefined; else a usage error. */
function parseRateLimit(value: string | undefined, flag: string): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === "default") return null;
  if (!/^\d{1,7}$/.test(value))
    throw new UsageError(`${flag} must be a number of requests a second (0 for no limit) or "default"`);
  return Number(value);
}

/** "https://a.example/x,http://localhost:5173" → the origins, or a usage error naming the bad one. */
function parseOrigins(list: string, flag = "--allowed-origins"): string[] {
  return list.split(",").map((entry) => {
    try {
      const url = new URL(entry.trim());
      if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("not http(s)");
      return url.origin;
    } catch {
      throw new UsageError(`${flag}: "${entry.trim()}" is not an http(s) origin`);
    }
  });
}

/** An absolute http(s) URL for a page end-users open, or a usage error naming the flag. */
function parsePageUrl(value: string, flag: string): string {
  try {
    const url = new URL(value.trim());
    if (url.protocol === "https:" || url.protocol === "http:") return url.href;
  } catch {}
  throw new UsageError(`${flag}: "${value.trim()}" is not an absolute http(s) URL`);
}

/** The connector settings the flags give (create and update take the same ones). */
function connectorSettings(values: Flags): ConnectorSettings {
  const origins = values["allowed-origins"];
  const privacy = values["privacy-policy-url"];
  return {
    ...(values.name !== undefined && { name: values.name.trim() || "Connector" }),
    ...(origins !== undefined && { allowedOrigins: origins === "any" ? null : parseOrigins(origins) }),
    ...(privacy !== undefined && {
      privacyPolicyUrl: privacy === "none" ? null : parsePageUrl(privacy, "--privacy-policy-url"),
    }),
  };
}

async function connectorsCommand(action: string | undefined, values: Flags, rest: string[]): Promise<Output> {
  if (action === "create") {
    const envId = required(values.env, "--env");
    const settings = connectorSettings(values);
    const row = await withRuntime("weft connectors create", async ({ ctx }) => {
      if (!(await findEnvironment(ctx.db, envId)))
        throw new UsageError(`No environment ${envId}: see weft env list`);
      const created = await createConnector(ctx.db, { environmentId: envId, name: "Connector", ...settings });
      await audit(ctx, envId, "connectors create", created.id);
      return created;
    });
    const connector = toConnectorView(row);
    return { json: { connector }, text: `Created connector ${connector.id} (${connector.name}) in ${envId}` };
  }
  if (action === "update") {
    const id = required(rest[0], "CONNECTOR_ID");
    const settings = connectorSettings(values);
    if (Object.keys(settings).length === 0)
      throw new UsageError("Nothing to change: give --name, --allowed-origins or --privacy-policy-url");
    const row = await withRuntime("weft connectors update", async ({ ctx }) => {
      const updated = await updateConnector(ctx.db, id, settings);
      if (!updated) throw new UsageError(`No connector ${id}: see weft connectors list`);
      await audit(ctx, updated.environmentId, "connectors update", id);
      return updated;
    });
    const connector = toConnectorView(row);
    const privacy = connector.privacyPolicyUrl ?? "no privacy policy link";
    return { json: { connector }, text: `Updated connector ${connector.id}: ${connector.name}, ${privacy}` };
  }
  if (action === "list") {
    const rows = await withRuntime("weft connectors list", ({ ctx }) => listConnectors(ctx.db));
    const connectors = rows.map(toConnectorView);
    return {
      json: { connectors },
      text: connectors.map((c) => `${c.id}  ${c.environmentId}  ${c.name}`).join("\n") || "No connectors.",
    };
  }
  throw new UsageError(`Unknown connectors command "${action ?? ""}"`);
}

async function secretsCommand(action: string | undefined): Promise<Output> {
  if (action === "rotate-signing-key") {
    const { kid, retireAt } = await withRuntime("weft secrets rotate-signing-key", ({ ctx }) =>
      ctx.signer.rotate(SESSION_LIFETIME_MS),
    );
    return {
      json: { signingKey: { id: kid }, previousKeysRetireAt: retireAt.toISOString() },
      text:
        `Session tokens are signed with ${kid} from now on. The previous keys stay in /.well-known/jwks.json ` +
        `and keep verifying the sessions they signed until ${retireAt.toISOString()}.`,
    };
  }
  if (action !== "rotate") throw new UsageError(`Unknown secrets command "${action ?? ""}"`);
  const counts = await withRuntime("weft secrets rotate", ({ ctx }) => rotateSecrets(ctx.db, ctx.secretKey));
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return {
    json: { reencrypted: counts },
    text:
      `Re-encrypted ${total} secret${total === 1 ? "" : "s"} under the first key of WEFT_SECRET_KEYS` +
      ` (${Object.entries(counts)
        .map(([name, n]) => `${name} ${n}`)
        .join(", ")}). Once every process runs with the new key first, drop the old one.`,
  };
}

async function processorsCommand(action: string | undefined, values: Flags): Promise<Output> {
  if (action !== "create-secret") throw new UsageError(`Unknown processors command "${action ?? ""}"`);
  const envId = required(values.env, "--env");
  const processor = required(values.processor, "--processor").toUpperCase();
  if (!isProcessor(processor)) {
    throw new UsageError(`--processor ${processor} is not supported; one of ${PROCESSORS.join(", ")}`);
  }
  const { secret, row } = await withRuntime("weft processors create-secret", async ({ ctx }) => {
    if (!(await findEnvironment(ctx.db, envId)))
      throw new UsageError(`No environment ${envId}: see weft env list`);
    const made = await createProcessorSecret(ctx.db, envId, processor);
    await audit(ctx, envId, "processors create-secret", made.row.id);
    return made;
  });
  const processorSecret = { id: row.id, environmentId: envId, processor, secret };
  return {
    json: { processorSecret },
    text: `Created processor secret ${row.id} for ${processor} in ${envId}.\nSecret (shown only now): ${secret}`,
  };
}

async function integrationsCommand(
  action: string | undefined,
  values: Flags,
  rest: string[],
): Promise<Output> {
  if (action === "list") {
    const integrations = await withRuntime("weft integrations list", async ({ ctx }) =>
      listIntegrations(
        ctx,
        (await listEnvironments(ctx.db)).map((e) => e.id),
      ),
    );
    const text = integrations
      .map(
        (i) =>
          `${i.environmentId}  ${i.provider.padEnd(6)}  ${(i.enabled ? "enabled" : "off").padEnd(7)}  ` +
          `${i.source === "environment" ? "own keys" : "server default"}` +
          (i.clientId ? `  client ${i.clientId} (${i.plaidEnv})` : ""),
      )
      .join("\n");
    return { json: { integrations }, text: text || "No environments." };
  }
  if (action !== "set" && action !== "disable")
    throw new UsageError(`Unknown integrations command "${action ?? ""}"`);
  const envId = required(values.env, "--env");
  const provider = required(rest[0], "the provider (plaid)").toUpperCase();
  if (!INTEGRATION_PROVIDERS.includes(provider as IntegrationProvider)) {
    throw new UsageError(
      `Unknown provider "${rest[0]}"; providers: ${INTEGRATION_PROVIDERS.join(", ").toLowerCase()}`,
    );
  }
  if (action === "disable") {
    await withRuntime("weft integrations disable", async ({ ctx }) => {
      if (!(await findEnvironment(ctx.db, envId)))
        throw new UsageError(`No environment ${envId}: see weft env list`);
      await disableIntegration(ctx.db, envId, provider as IntegrationProvider);
      await audit(ctx, envId, "integrations disable", provider);
    });
    return {
      json: { integration: { environmentId: envId, provider, enabled: false } },
      text: `${provider} is off for ${envId}`,
    };
  }
  const clientId = required(values["client-id"], "--client-id");
  const secret = required(values.secret, "--secret");
  const plaidEnv = values["plaid-env"] ?? "sandbox";
  if (!isPlaidEnv(plaidEnv)) throw new UsageError(`--plaid-env must be one of ${PLAID_ENVS.join(", ")}`);
  await withRuntime("weft integrations set", async ({ ctx }) => {
    if (!(await findEnvironment(ctx.db, envId)))
      throw new UsageError(`No environment ${envId}: see weft env list`);
    await setPlaidIntegration(ctx, envId, { clientId, secret, plaidEnv });
    await audit(ctx, envId, "integrations set", provider);
  });
  const integration = { environmentId: envId, provider, enabled: true, clientId, plaidEnv };
  return {
    json: { integration },
    text: `${provider} is on for ${envId} with client ${clientId} (${plaidEnv})`,
  };
}

export async function runCli(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
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
  const [command, action, ...rest] = positionals;
  const json = values.json === true;
  try {
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
    let output: Output;
    if (command === "migrate") {
      await withRuntime("weft migrate", async () => {});
      output = { json: { migrated: true }, text: "Migrations applied." };
    } else if (command === "env") {
      output = await envCommand(action, values);
    } else if (command === "connectors") {
      output = await connectorsCommand(action, values, rest);
    } else if (command === "processors") {
      output = await processorsCommand(action, values);
    } else if (command === "integrations") {
      output = await integrationsCommand(action, values, rest);
    } else if (command === "keys") {
      output = await keysCommand(action, values, rest);
    } else if (command === "secrets") {
      output = await secretsCommand(action);
    } else {
      throw new UsageError(`Unknown command "${command}"`);
    }
    process.stdout.write(`${json ? JSON.stringify(output.json) : output.text}\n`);
    return 0;
  } catch (error) {
    const known =
      error instanceof UsageError ||
      error instanceof ConfigError ||
      error instanceof DatabaseLockedError ||
      error instanceof ListenError;
    if (!known) throw error;
    const hint = error instanceof UsageError ? "\nRun weft --help for usage." : "";
    if (json) process.stdout.write(`${JSON.stringify({ error: { message: error.message } })}\n`);
    else process.stderr.write(`weft: ${error.message}${hint}\n`);
    return error instanceof UsageError ? 64 : 1;
  }
}

if (import.meta.main) {
  const code = await runCli(process.argv.slice(2));
  if (code >= 0) process.exit(code);
}
