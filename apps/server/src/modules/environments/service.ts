import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { announceCredentialChange } from "../../db/notifications.ts";
import { type EnvironmentMode, environments } from "../../db/schema/index.ts";
import { newId } from "../../http/ids.ts";

export type EnvironmentRow = typeof environments.$inferSelect;

export type EnvironmentView = {
  id: string;
  name: string;
  mode: EnvironmentMode;
  metadata: Record<string, unknown> | null;
};

export function toEnvironmentView(env: EnvironmentRow): EnvironmentView {
  return { id: env.id, name: env.name, mode: env.mode, metadata: env.metadata };
}

export async function createEnvironment(
  db: Database,
  input: { name: string; mode: EnvironmentMode; metadata?: Record<string, string> | null },
): Promise<EnvironmentRow> {
  const [row] = await db
    .insert(environments)
    .values({
      id: newId("environment"),
      name: input.name,
      mode: input.mode,
      metadata: input.metadata ?? null,
    })
    .returning();
  return row!;
}

export function listEnvironments(db: Database): Promise<EnvironmentRow[]> {
  return db.select().from(environments).orderBy(asc(environments.createdAt), asc(environments.id));
}

export async function findEnvironment(db: Database, id: string): Promise<EnvironmentRow | undefined> {
  const [row] = await db.select().from(environments).where(eq(environments.id, id));
  return row;
}

/** What an operator (support) can switch on for an environment. */
export const ENVIRONMENT_FEATURES = ["connection_export"] as const;
export type EnvironmentFeature = (typeof ENVIRONMENT_FEATURES)[number];

/** Switch a feature on or off; returns the environment's features after. */
export async function setEnvironmentFeature(
  db: Database,
  id: string,
  feature: EnvironmentFeature,
  isEnabled: boolean,
): Promise<string[] | undefined> {
  const environment = await findEnvironment(db, id);
  if (!environment) return undefined;
  const features = new Set(environment.features);
  if (isEnabled) features.add(feature);
  else features.delete(feature);
  const [row] = await db
    .update(environments)
    .set({ features: [...features].sort() })
    .where(eq(environments.id, id))
    .returning();
  await announceCredentialChange(db);
  return row!.features;
}

/** Allow or stop allowing a web origin (CORS); returns the environment's origins after. */
export async function setEnvironmentOrigin(
  db: Database,
  id: string,
  origin: string,
  isAllowed: boolean,
): Promise<string[] | undefined> {
  const environment = await findEnvironment(db, id);
  if (!environment) return undefined;
  const origins = new Set(environment.allowedOrigins);
  if (isAllowed) origins.add(origin);
  else origins.delete(origin);
  const [row] = await db
    .update(environments)
    .set({ allowedOrigins: [...origins].sort() })
    .where(eq(environments.id, id))
    .returning();
  await announceCredentialChange(db);
  return row!.allowedOrigins;
}

export type RateLimitSetting = { apiKey?: number; session?: number };

/**
 * Set (a number of requests a second, 0 for none) or reset (null: the server's default) an
 * environment's rate limits; returns its own settings after.
 */
export async function setEnvironmentRateLimits(
  db: Database,
  id: string,
  changes: { apiKey?: number | null; session?: number | null },
): Promise<RateLimitSetting | undefined> {
  const environment = await findEnvironment(db, id);
  if (!environment) return undefined;
  const limits: RateLimitSetting = { ...environment.rateLimits };
  for (const key of ["apiKey", "session"] as const) {
    const value = changes[key];
    if (value === null) delete limits[key];
    else if (value !== undefined) limits[key] = value;
  }
  const [row] = await db
    .update(environments)
    .set({ rateLimits: Object.keys(limits).length > 0 ? limits : null })
    .where(eq(environments.id, id))
    .returning();
  // Requests read an environment's settings with its API key, from the credential cache.
  await announceCredentialChange(db);
  return row!.rateLimits ?? {};
}

/** Sandbox data (the MOCK provider, `/v1/sandbox/*`) is for TEST and SANDBOX only. */
export const isSandboxMode = (mode: EnvironmentMode) => mode !== "PRODUCTION";
