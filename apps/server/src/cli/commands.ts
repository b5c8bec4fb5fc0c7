/**
 * The CLI's commands that read or change the database. cli.ts loads this module only for them,
 * so `--help`, usage errors and `serve` do not pay for its imports.
 */
import { type KeyedProvider, loadConfig, PROVIDER_KEYS } from "../config.ts";
import type { AppContext } from "../context.ts";
import {
  ENVIRONMENT_MODES,
  type EnvironmentMode,
  INTEGRATION_PROVIDERS,
  type IntegrationProvider,
} from "../db/schema/index.ts";
import { createApiKey, listApiKeys, revokeApiKey } from "../modules/api-keys/service.ts";
import { cliActor, recordAudit } from "../modules/audit/service.ts";
import {
  type ConnectorSettings,
  createConnector,
  listConnectors,
  toConnectorView,
  updateConnector,
} from "../modules/connectors/service.ts";
import {
  createEnvironment,
  ENVIRONMENT_FEATURES,
  type EnvironmentFeature,
  findEnvironment,
  listEnvironments,
  setEnvironmentFeature,
  setEnvironmentOrigin,
  setEnvironmentRateLimits,
} from "../modules/environments/service.ts";
import {
  disableIntegration,
  listIntegrations,
  liveProviderRefusal,
  providerEnvs,
  resetIntegration,
  servesEnvironment,
  setIntegration,
} from "../modules/integrations/service.ts";
import { isProcessor, PROCESSORS } from "../modules/processors/catalogue.ts";
import { createProcessorSecret } from "../modules/processors/credentials.ts";
import { SESSION_LIFETIME_MS } from "../modules/sessions/service.ts";
import { rotateSecrets } from "../security/rotate.ts";
import { type Output, UsageError, WEFT } from "./usage.ts";

const noEnvironment = (envId: string) => new UsageError(`No environment ${envId}: see ${WEFT} env list`);

/** The environment must exist, or the command stops with a usage error naming it. */
async function assertEnvironment(ctx: AppContext, envId: string) {
  const environment = await findEnvironment(ctx.db, envId);
  if (!environment) throw noEnvironment(envId);
  return environment;
}

/** Record a change made with the CLI in the environment's audit trail. */
const audit = (ctx: AppContext, environmentId: string, action: string, resourceId: string) =>
  recordAudit(ctx.db, { environmentId, actor: cliActor(), action, resourceId });

/** The database a command works on, given as the context of the process that has it open. */
export type OpenRuntime = <T>(owner: string, run: (runtime: { ctx: AppContext }) => Promise<T>) => Promise<T>;

/** The command's own connection: opened for it, closed after. */
const openOwnRuntime: OpenRuntime = async (owner, run) => {
  const config = loadConfig();
  const { createLogger, openContext } = await import("../runtime.ts");
  const runtime = await openContext(config, {
    owner,
    logger: createLogger(config.logLevel === "info" ? "warn" : config.logLevel, 2),
    brief: true,
  });
  try {
    return await run(runtime);
  } finally {
    await runtime.close();
  }
};

/** A command line, parsed: what the CLI runs itself or sends to the server that holds the database. */
export type CommandRequest = { command: string; action?: string; values: Flags; rest: string[] };

/** Runs a command against the database `open` gives: the command's own, or a running server's. */
export function runCommand(
  { command, action, values, rest }: CommandRequest,
  open: OpenRuntime = openOwnRuntime,
): Promise<Output> {
  switch (command) {
    case "migrate":
      return migrateCommand(open);
    case "env":
      return envCommand(action, values, open);
    case "connectors":
      return connectorsCommand(action, values, rest, open);
    case "processors":
      return processorsCommand(action, values, open);
    case "integrations":
      return integrationsCommand(action, values, rest, open);
    case "keys":
      return keysCommand(action, values, rest, open);
    case "secrets":
      return secretsCommand(action, open);
    default:
      throw new UsageError(`Unknown command "${command}"`);
  }
}

function required(value: string | undefined, flag: string): string {
  if (!value) throw new UsageError(`Missing ${flag}`);
  return value;
}

export type Flags = {
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
  "mx-env"?: string;
  "finicity-env"?: string;
  "akoya-env"?: string;
  "partner-id"?: string;
  "app-key"?: string;
  "api-key"?: string;
  session?: string;
};

async function migrateCommand(open: OpenRuntime): Promise<Output> {
  await open("weft migrate", async () => {});
  return { json: { migrated: true }, text: "Migrations applied." };
}

async function envCommand(action: string | undefined, values: Flags, open: OpenRuntime): Promise<Output> {
  if (action === "create") {
    const name = required(values.name, "--name");
    const mode = required(values.mode, "--mode").toUpperCase();
    if (!ENVIRONMENT_MODES.includes(mode as EnvironmentMode)) {
      throw new UsageError(`--mode must be one of ${ENVIRONMENT_MODES.join(", ")}`);
    }
    const env = await open("weft env create", async ({ ctx }) => {
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
    const features = await open("weft env features", async ({ ctx }) => {
      const current = change
        ? await setEnvironmentFeature(ctx, envId, change as EnvironmentFeature, values.enable !== undefined)
        : (await findEnvironment(ctx.db, envId))?.features;
      if (!current) throw noEnvironment(envId);
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
    const origins = await open("weft env origins", async ({ ctx }) => {
      const current = origin
        ? await setEnvironmentOrigin(ctx, envId, origin[0]!, values.allow !== undefined)
        : (await findEnvironment(ctx.db, envId))?.allowedOrigins;
      if (!current) throw noEnvironment(envId);
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
    const limits = await open("weft env rate-limits", async ({ ctx }) => {
      const own = await setEnvironmentRateLimits(ctx, envId, changes);
      if (!own) throw noEnvironment(envId);
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
    const rows = await open("weft env list", ({ ctx }) => listEnvironments(ctx.db));
    const environments = rows.map((e) => ({ id: e.id, name: e.name, mode: e.mode, metadata: e.metadata }));
    return {
      json: { environments },
      text:
        environments.map((e) => `${e.id}  ${e.mode.padEnd(10)}  ${e.name}`).join("\n") || "No environments.",
    };
  }
  throw new UsageError(`Unknown env command "${action ?? ""}"`);
}

async function keysCommand(
  action: string | undefined,
  values: Flags,
  rest: string[],
  open: OpenRuntime,
): Promise<Output> {
  if (action === "create") {
    const envId = required(values.env, "--env");
    const name = values.name || "API key";
    const created = await open("weft keys create", async ({ ctx }) => {
      await assertEnvironment(ctx, envId);
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
    const rows = await open("weft keys list", ({ ctx }) => listApiKeys(ctx.db));
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
    const revoked = await open("weft keys revoke", async ({ ctx }) => {
      const key = await revokeApiKey(ctx, id);
      if (key) await audit(ctx, key.environmentId, "keys revoke", id);
      return key;
    });
    if (!revoked) throw new UsageError(`No live API key ${id}: see ${WEFT} keys list`);
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

/**
 * `--allowed-origins`: the sites that may embed the connector, or `none` for Weft's own pages
 * and the developer's machine only. There is no `any`: a Connector every site may frame can be
 * signed in as a stranger's user and shown to a visitor, who would link their bank there.
 */
function allowedOriginsOf(value: string): string[] | null {
  if (value === "none") return null;
  if (value === "any")
    throw new UsageError(
      "--allowed-origins any is refused: any site could embed the Connector with its own user's session and have visitors link their banks there; list your app's origins",
    );
  return parseOrigins(value);
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
    ...(origins !== undefined && { allowedOrigins: allowedOriginsOf(origins) }),
    ...(privacy !== undefined && {
      privacyPolicyUrl: privacy === "none" ? null : parsePageUrl(privacy, "--privacy-policy-url"),
    }),
  };
}

async function connectorsCommand(
  action: string | undefined,
  values: Flags,
  rest: string[],
  open: OpenRuntime,
): Promise<Output> {
  if (action === "create") {
    const envId = required(values.env, "--env");
    const settings = connectorSettings(values);
    const row = await open("weft connectors create", async ({ ctx }) => {
      await assertEnvironment(ctx, envId);
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
    const row = await open("weft connectors update", async ({ ctx }) => {
      const updated = await updateConnector(ctx.db, id, settings);
      if (!updated) throw new UsageError(`No connector ${id}: see ${WEFT} connectors list`);
      await audit(ctx, updated.environmentId, "connectors update", id);
      return updated;
    });
    const connector = toConnectorView(row);
    const privacy = connector.privacyPolicyUrl ?? "no privacy policy link";
    return { json: { connector }, text: `Updated connector ${connector.id}: ${connector.name}, ${privacy}` };
  }
  if (action === "list") {
    const rows = await open("weft connectors list", ({ ctx }) => listConnectors(ctx.db));
    const connectors = rows.map(toConnectorView);
    return {
      json: { connectors },
      text: connectors.map((c) => `${c.id}  ${c.environmentId}  ${c.name}`).join("\n") || "No connectors.",
    };
  }
  throw new UsageError(`Unknown connectors command "${action ?? ""}"`);
}

async function secretsCommand(action: string | undefined, open: OpenRuntime): Promise<Output> {
  if (action === "rotate-signing-key") {
    const { kid, retireAt } = await open("weft secrets rotate-signing-key", ({ ctx }) =>
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
  const counts = await open("weft secrets rotate", ({ ctx }) => rotateSecrets(ctx.db, ctx.secretKey));
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

async function processorsCommand(
  action: string | undefined,
  values: Flags,
  open: OpenRuntime,
): Promise<Output> {
  if (action !== "create-secret") throw new UsageError(`Unknown processors command "${action ?? ""}"`);
  const envId = required(values.env, "--env");
  const processor = required(values.processor, "--processor").toUpperCase();
  if (!isProcessor(processor)) {
    throw new UsageError(`--processor ${processor} is not supported; one of ${PROCESSORS.join(", ")}`);
  }
  const { secret, row } = await open("weft processors create-secret", async ({ ctx }) => {
    await assertEnvironment(ctx, envId);
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
  open: OpenRuntime,
): Promise<Output> {
  if (action === "list") {
    const integrations = await open("weft integrations list", async ({ ctx }) =>
      listIntegrations(ctx, await listEnvironments(ctx.db)),
    );
    const text = integrations
      .map(
        (i) =>
          `${i.environmentId}  ${i.provider.padEnd(6)}  ${(i.enabled ? "enabled" : "off").padEnd(7)}  ` +
          `${i.source === "environment" ? "own keys" : "server default"}` +
          (i.clientId ? `  client ${i.clientId} (${i.providerEnv})` : ""),
      )
      .join("\n");
    return { json: { integrations }, text: text || "No environments." };
  }
  if (action !== "set" && action !== "disable" && action !== "reset")
    throw new UsageError(`Unknown integrations command "${action ?? ""}"`);
  const envId = required(values.env, "--env");
  const provider = required(rest[0], "the provider (plaid, mx, finicity or akoya)").toUpperCase();
  if (!INTEGRATION_PROVIDERS.includes(provider as IntegrationProvider)) {
    throw new UsageError(
      `Unknown provider "${rest[0]}"; providers: ${INTEGRATION_PROVIDERS.join(", ").toLowerCase()}`,
    );
  }
  if (action === "disable") {
    await open("weft integrations disable", async ({ ctx }) => {
      await assertEnvironment(ctx, envId);
      await disableIntegration(ctx.db, envId, provider as IntegrationProvider);
      await audit(ctx, envId, "integrations disable", provider);
    });
    return {
      json: { integration: { environmentId: envId, provider, enabled: false } },
      text: `${provider} is off for ${envId}`,
    };
  }
  if (action === "reset") {
    const [integration] = await open("weft integrations reset", async ({ ctx }) => {
      const environment = await assertEnvironment(ctx, envId);
      await resetIntegration(ctx.db, envId, provider as IntegrationProvider);
      await audit(ctx, envId, "integrations reset", provider);
      const views = await listIntegrations(ctx, [environment]);
      return views.filter((view) => view.provider === provider);
    });
    return {
      json: { integration },
      text: `${provider} for ${envId} follows the server's default: ${integration?.enabled ? "enabled" : "off"}`,
    };
  }
  const keyed = provider as KeyedProvider;
  const spec = PROVIDER_KEYS[keyed];
  const envFlag = spec.envFlag;
  const clientId = required(values[spec.clientIdName], `--${spec.clientIdName}`);
  const secret = required(values[spec.secretName], `--${spec.secretName}`);
  const appKey = "appKey" in spec ? required(values["app-key"], "--app-key") : undefined;
  const providerEnv = values[envFlag] ?? spec.defaultEnv;
  if (!providerEnvs(keyed).includes(providerEnv))
    throw new UsageError(`--${envFlag} must be one of ${providerEnvs(keyed).join(", ")}`);
  await open("weft integrations set", async ({ ctx }) => {
    const environment = await assertEnvironment(ctx, envId);
    if (!servesEnvironment(environment.mode, keyed, providerEnv))
      throw new UsageError(liveProviderRefusal(keyed, providerEnv, environment.mode));
    await setIntegration(ctx, envId, keyed, { clientId, secret, providerEnv, appKey });
    await audit(ctx, envId, "integrations set", provider);
  });
  const integration = { environmentId: envId, provider, enabled: true, clientId, providerEnv };
  if (keyed !== "MX") {
    return {
      json: { integration },
      text: `${provider} is on for ${envId} with client ${clientId} (${providerEnv})`,
    };
  }
  // MX's webhooks are set up in MX's client dashboard: the URL and the Basic credentials to give it.
  const { mxWebhookPassword, mxWebhookUrl, MX_WEBHOOK_USERNAME } = await import("../modules/mx/service.ts");
  const webhook = {
    url: mxWebhookUrl(loadConfig().publicUrl, clientId),
    username: MX_WEBHOOK_USERNAME,
    password: mxWebhookPassword({ clientId, secret }),
  };
  return {
    json: { integration: { ...integration, webhook } },
    text:
      `${provider} is on for ${envId} with client ${clientId} (${providerEnv})\n` +
      `In MX's client dashboard, send webhooks to ${webhook.url}\n` +
      `with HTTP Basic authentication: user ${webhook.username}, password ${webhook.password}`,
  };
}
