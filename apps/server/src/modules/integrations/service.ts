import { and, asc, eq, inArray } from "drizzle-orm";
import { flagValueName, type KeyedProvider, keyVariable, PROVIDER_KEYS } from "../../config.ts";
import type { AppContext } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import {
  environments,
  INTEGRATION_PROVIDERS,
  type IntegrationProvider,
  integrations,
} from "../../db/schema/index.ts";
import { forbidden } from "../../http/errors.ts";
import { decrypt, encrypt } from "../../security/secrets.ts";

/** Everything needed to call a provider for one environment. */
export type ProviderSettings = {
  clientId: string;
  /** Plaid's secret, MX's API key. */
  secret: string;
  /** The provider's own environment: Plaid sandbox or production, MX int or prod. */
  providerEnv: string;
  /** Its host, or WEFT_<PROVIDER>_BASE_URL (a local server speaking the provider's API). */
  basePath: string;
  /** Where the setting came from: the environment's own, or the server-wide default. */
  source: "environment" | "server";
  /** Finicity's app key. */
  appKey?: string | undefined;
};
export type PlaidSettings = ProviderSettings;
export type MxSettings = ProviderSettings;

export type IntegrationRow = typeof integrations.$inferSelect;

/** The provider environments a provider has (Plaid: sandbox, production; MX: int, prod). */
export const providerEnvs = (provider: KeyedProvider): string[] => Object.keys(PROVIDER_KEYS[provider].hosts);

function basePathFor(ctx: Pick<AppContext, "config">, provider: KeyedProvider, providerEnv: string): string {
  const hosts: Record<string, string> = PROVIDER_KEYS[provider].hosts;
  return ctx.config.providerDefaults[provider]?.baseUrl ?? hosts[providerEnv]!;
}

/** The server-wide default from WEFT_<PROVIDER>_*, or null when those are unset. */
function serverDefault(ctx: Pick<AppContext, "config">, provider: KeyedProvider): ProviderSettings | null {
  const defaults = ctx.config.providerDefaults[provider];
  if (!defaults) return null;
  return {
    clientId: defaults.clientId,
    secret: defaults.secret,
    providerEnv: defaults.providerEnv,
    basePath: basePathFor(ctx, provider, defaults.providerEnv),
    source: "server",
    ...(defaults.appKey && { appKey: defaults.appKey }),
  };
}

const storedEnvOf = (provider: KeyedProvider, row: IntegrationRow): string => {
  const stored = row.settings[PROVIDER_KEYS[provider].settingsKey] ?? "";
  return providerEnvs(provider).includes(stored) ? stored : PROVIDER_KEYS[provider].defaultEnv;
};

/**
 * A provider for this environment: its own setting when it has one (a disabled one means off),
 * else the server default; null when the provider is off.
 */
export async function providerSettingsFor(
  ctx: Pick<AppContext, "db" | "config" | "secretKey">,
  environmentId: string,
  provider: KeyedProvider,
): Promise<ProviderSettings | null> {
  return (await providersSettingsFor(ctx, environmentId, [provider]))[0]!;
}

/**
 * A provider's live environment (Plaid's production, MX's prod…): real banks and real people's
 * data. Only a PRODUCTION environment reaches it — TEST and SANDBOX sign their end-users in with
 * the fixed passcode 000000, which must never open real accounts.
 */
export const servesEnvironment = (mode: string, provider: KeyedProvider, providerEnv: string) =>
  mode === "PRODUCTION" || providerEnv === PROVIDER_KEYS[provider].defaultEnv;

export const liveProviderRefusal = (provider: KeyedProvider, providerEnv: string, mode: string) =>
  `A ${mode} environment cannot use ${provider}'s ${providerEnv}: its end-users sign in with the ` +
  `fixed passcode 000000. Use ${PROVIDER_KEYS[provider].defaultEnv} here, or a PRODUCTION environment.`;

/**
 * Several providers' settings for an environment, with its mode, in one statement. A live provider
 * environment is off for a TEST or SANDBOX environment (servesEnvironment).
 */
export async function providersSettingsFor<P extends KeyedProvider>(
  ctx: Pick<AppContext, "db" | "config" | "secretKey">,
  environmentId: string,
  providers: readonly P[],
): Promise<(ProviderSettings | null)[]> {
  const rows = await ctx.db
    .select({ mode: environments.mode, integration: integrations })
    .from(environments)
    .leftJoin(
      integrations,
      and(eq(integrations.environmentId, environments.id), inArray(integrations.provider, [...providers])),
    )
    .where(eq(environments.id, environmentId));
  // No such environment: no provider (a webhook to a made-up environment calls no one).
  if (rows.length === 0) return providers.map(() => null);
  const mode = rows[0]!.mode;
  return providers.map((provider) => {
    const row = rows.find((r) => r.integration?.provider === provider)?.integration ?? undefined;
    const settings = settingsOf(ctx, provider, row);
    if (settings && !servesEnvironment(mode, provider, settings.providerEnv)) return null;
    return settings;
  });
}

function settingsOf(
  ctx: Pick<AppContext, "config" | "secretKey">,
  provider: KeyedProvider,
  row: IntegrationRow | undefined,
): ProviderSettings | null {
  if (!row) return serverDefault(ctx, provider);
  if (!row.isEnabled || !row.secretEncrypted) return null;
  const providerEnv = storedEnvOf(provider, row);
  return {
    clientId: row.settings.clientId ?? "",
    secret: decrypt(ctx.secretKey, row.secretEncrypted),
    providerEnv,
    basePath: basePathFor(ctx, provider, providerEnv),
    source: "environment",
    ...(row.settings.appKeyEncrypted && { appKey: decrypt(ctx.secretKey, row.settings.appKeyEncrypted) }),
  };
}

export const plaidSettingsFor = (
  ctx: Pick<AppContext, "db" | "config" | "secretKey">,
  environmentId: string,
) => providerSettingsFor(ctx, environmentId, "PLAID");

/** Spec 8's 403 for a provider an environment cannot use: its message, whatever the instruction. */
export const integrationNotEnabledMessage = (provider: string) =>
  `The ${provider} integration is not enabled for this environment`;

/**
 * 403 (spec 8) naming the command that turns the provider on; the values to fill in are words
 * in capitals, not `<…>`, which a shell pasted into would read as a redirect.
 */
export const integrationNotEnabled = (provider: KeyedProvider, environmentId: string) => {
  const spec = PROVIDER_KEYS[provider];
  const flags = [spec.clientIdName, spec.secretName, ...("appKey" in spec ? ["app-key"] : [])];
  const variables = flags.map((flag) => keyVariable(provider, flag));
  return forbidden(
    integrationNotEnabledMessage(provider),
    `Enable it with: npm run weft -- integrations set --env ${environmentId} ${provider.toLowerCase()} ${flags.map((f) => `--${f} ${flagValueName(f)}`).join(" ")}` +
      ` (or set ${variables.join(", ")} for every environment).`,
  );
};

export async function requireProviderSettings(
  ctx: Pick<AppContext, "db" | "config" | "secretKey">,
  environmentId: string,
  provider: KeyedProvider,
): Promise<ProviderSettings> {
  const settings = await providerSettingsFor(ctx, environmentId, provider);
  if (!settings) throw integrationNotEnabled(provider, environmentId);
  return settings;
}

/** `weft integrations set`: the environment's own keys (the secret encrypted at rest). */
export async function setIntegration(
  ctx: Pick<AppContext, "db" | "secretKey">,
  environmentId: string,
  provider: KeyedProvider,
  input: { clientId: string; secret: string; providerEnv: string; appKey?: string | undefined },
  now = new Date(),
): Promise<IntegrationRow> {
  const values = {
    isEnabled: true,
    settings: {
      clientId: input.clientId,
      [PROVIDER_KEYS[provider].settingsKey]: input.providerEnv,
      // Finicity's app key is a credential too: kept encrypted, never shown.
      ...(input.appKey && { appKeyEncrypted: encrypt(ctx.secretKey, input.appKey) }),
    },
    secretEncrypted: encrypt(ctx.secretKey, input.secret),
    updatedAt: now,
  };
  const [row] = await ctx.db
    .insert(integrations)
    .values({ environmentId, provider, ...values })
    .onConflictDoUpdate({ target: [integrations.environmentId, integrations.provider], set: values })
    .returning();
  return row!;
}

/** `weft integrations disable`: off for this environment, whatever the server default says. */
export async function disableIntegration(
  db: Database,
  environmentId: string,
  provider: IntegrationProvider,
  now = new Date(),
): Promise<void> {
  const values = { isEnabled: false, settings: {}, secretEncrypted: null, updatedAt: now };
  await db
    .insert(integrations)
    .values({ environmentId, provider, ...values })
    .onConflictDoUpdate({ target: [integrations.environmentId, integrations.provider], set: values });
}

/** Forgets an environment's own setting for a provider: the server's default applies again. */
export async function resetIntegration(
  db: Database,
  environmentId: string,
  provider: IntegrationProvider,
): Promise<void> {
  await db
    .delete(integrations)
    .where(and(eq(integrations.environmentId, environmentId), eq(integrations.provider, provider)));
}

/** What `weft integrations list` shows: never a secret. */
export type IntegrationView = {
  environmentId: string;
  provider: IntegrationProvider;
  enabled: boolean;
  source: "environment" | "server";
  clientId: string | null;
  providerEnv: string | null;
};

export async function listIntegrations(
  ctx: Pick<AppContext, "db" | "config">,
  environmentList: { id: string; mode: string }[],
): Promise<IntegrationView[]> {
  const rows = await ctx.db
    .select()
    .from(integrations)
    .orderBy(asc(integrations.environmentId), asc(integrations.provider));
  const views: IntegrationView[] = [];
  for (const { id: environmentId, mode } of environmentList) {
    for (const provider of INTEGRATION_PROVIDERS) {
      const own = rows.find((r) => r.environmentId === environmentId && r.provider === provider);
      const fallback = own ? null : serverDefault(ctx, provider);
      const providerEnv = own
        ? own.isEnabled
          ? storedEnvOf(provider, own)
          : null
        : (fallback?.providerEnv ?? null);
      // A live provider environment is off outside PRODUCTION, as providersSettingsFor has it.
      const isOffHere = providerEnv !== null && !servesEnvironment(mode, provider, providerEnv);
      views.push({
        environmentId,
        provider,
        enabled: !isOffHere && (own ? own.isEnabled : fallback !== null),
        source: own ? "environment" : "server",
        clientId: own ? (own.settings.clientId ?? null) : (fallback?.clientId ?? null),
        providerEnv,
      });
    }
  }
  return views;
}
