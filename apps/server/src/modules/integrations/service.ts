import { and, asc, eq } from "drizzle-orm";
import { PLAID_ENVS, type PlaidEnv } from "../../config.ts";
import type { AppContext } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { type IntegrationProvider, integrations } from "../../db/schema/index.ts";
import { forbidden } from "../../http/errors.ts";
import { decrypt, encrypt } from "../../security/secrets.ts";

/** Plaid's hosts; WEFT_PLAID_BASE_URL overrides them (a local Plaid-compatible server). */
export const PLAID_HOSTS: Record<PlaidEnv, string> = {
  sandbox: "https://sandbox.plaid.com",
  production: "https://production.plaid.com",
};

/** Everything needed to call Plaid for one environment. */
export type PlaidSettings = {
  clientId: string;
  secret: string;
  plaidEnv: PlaidEnv;
  basePath: string;
  /** Where the setting came from: the environment's own, or the server-wide default. */
  source: "environment" | "server";
};

export type IntegrationRow = typeof integrations.$inferSelect;

export const isPlaidEnv = (value: string): value is PlaidEnv =>
  (PLAID_ENVS as readonly string[]).includes(value);

function plaidBasePath(ctx: Pick<AppContext, "config">, plaidEnv: PlaidEnv): string {
  return ctx.config.plaid?.baseUrl ?? PLAID_HOSTS[plaidEnv];
}

/** The server-wide default from WEFT_PLAID_*, or null when those are unset. */
function plaidDefault(ctx: Pick<AppContext, "config">): PlaidSettings | null {
  const defaults = ctx.config.plaid;
  if (!defaults) return null;
  return {
    clientId: defaults.clientId,
    secret: defaults.secret,
    plaidEnv: defaults.plaidEnv,
    basePath: plaidBasePath(ctx, defaults.plaidEnv),
    source: "server",
  };
}

async function findIntegration(
  db: Database,
  environmentId: string,
  provider: IntegrationProvider,
): Promise<IntegrationRow | undefined> {
  const [row] = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.environmentId, environmentId), eq(integrations.provider, provider)));
  return row;
}

/**
 * Plaid for this environment: its own setting when it has one (a disabled one means off), else
 * the server default; null when Plaid is off.
 */
export async function plaidSettingsFor(
  ctx: Pick<AppContext, "db" | "config" | "secretKey">,
  environmentId: string,
): Promise<PlaidSettings | null> {
  const row = await findIntegration(ctx.db, environmentId, "PLAID");
  if (!row) return plaidDefault(ctx);
  if (!row.isEnabled || !row.secretEncrypted) return null;
  const plaidEnv = isPlaidEnv(row.settings.plaidEnv ?? "") ? (row.settings.plaidEnv as PlaidEnv) : "sandbox";
  return {
    clientId: row.settings.clientId ?? "",
    secret: decrypt(ctx.secretKey, row.secretEncrypted),
    plaidEnv,
    basePath: plaidBasePath(ctx, plaidEnv),
    source: "environment",
  };
}

/** 403 (spec 8) naming the command that turns the provider on. */
export const integrationNotEnabled = (provider: IntegrationProvider, environmentId: string) =>
  forbidden(
    `The ${provider} integration is not enabled for this environment`,
    `Enable it with: npm run weft -- integrations set --env ${environmentId} ${provider.toLowerCase()} --client-id <client id> --secret <secret>` +
      ` (or set WEFT_${provider}_CLIENT_ID and WEFT_${provider}_SECRET for every environment).`,
  );

export async function requirePlaidSettings(
  ctx: Pick<AppContext, "db" | "config" | "secretKey">,
  environmentId: string,
): Promise<PlaidSettings> {
  const settings = await plaidSettingsFor(ctx, environmentId);
  if (!settings) throw integrationNotEnabled("PLAID", environmentId);
  return settings;
}

/** `weft integrations set`: the environment's own keys (the secret encrypted at rest). */
export async function setPlaidIntegration(
  ctx: Pick<AppContext, "db" | "secretKey">,
  environmentId: string,
  input: { clientId: string; secret: string; plaidEnv: PlaidEnv },
  now = new Date(),
): Promise<IntegrationRow> {
  const values = {
    isEnabled: true,
    settings: { clientId: input.clientId, plaidEnv: input.plaidEnv },
    secretEncrypted: encrypt(ctx.secretKey, input.secret),
    updatedAt: now,
  };
  const [row] = await ctx.db
    .insert(integrations)
    .values({ environmentId, provider: "PLAID", ...values })
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

/** What `weft integrations list` shows: never a secret. */
export type IntegrationView = {
  environmentId: string;
  provider: IntegrationProvider;
  enabled: boolean;
  source: "environment" | "server";
  clientId: string | null;
  plaidEnv: string | null;
};

export async function listIntegrations(
  ctx: Pick<AppContext, "db" | "config">,
  environmentIds: string[],
): Promise<IntegrationView[]> {
  const rows = await ctx.db
    .select()
    .from(integrations)
    .orderBy(asc(integrations.environmentId), asc(integrations.provider));
  const views: IntegrationView[] = [];
  for (const environmentId of environmentIds) {
    const own = rows.find((r) => r.environmentId === environmentId && r.provider === "PLAID");
    if (own) {
      views.push({
        environmentId,
        provider: "PLAID",
        enabled: own.isEnabled,
        source: "environment",
        clientId: own.settings.clientId ?? null,
        plaidEnv: own.settings.plaidEnv ?? null,
      });
    } else {
      const fallback = plaidDefault(ctx);
      views.push({
        environmentId,
        provider: "PLAID",
        enabled: fallback !== null,
        source: "server",
        clientId: fallback?.clientId ?? null,
        plaidEnv: fallback?.plaidEnv ?? null,
      });
    }
  }
  return views;
}
