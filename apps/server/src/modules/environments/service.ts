import { asc, eq } from "drizzle-orm";
import type { Database, Listen } from "../../db/client.ts";
import { changeCredentials } from "../../db/notifications.ts";
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

/** Where credential changes are made from: the database and its LISTEN (`changeCredentials`). */
type Changer = { db: Database; listen: Listen };

/**
 * Change an environment's settings from its row as it is (locked, so two changes at once both
 * count); returns the row after, or undefined for no such environment. Requests read these
 * settings with their API key from the credential cache: the change returns once every process
 * has dropped it.
 */
function changeSettings(
  ctx: Changer,
  id: string,
  settings: (environment: EnvironmentRow) => Partial<EnvironmentRow>,
): Promise<EnvironmentRow | undefined> {
  return changeCredentials(ctx, async (tx) => {
    const [environment] = await tx.select().from(environments).where(eq(environments.id, id)).for("update");
    if (!environment) return undefined;
    const [row] = await tx
      .update(environments)
      .set(settings(environment))
      .where(eq(environments.id, id))
      .returning();
    return row;
  });
}

/** A setting's list with `value` in it or not, sorted, each value once. */
function withOrWithout(values: string[], value: string, isIn: boolean): string[] {
  const set = new Set(values);
  if (isIn) set.add(value);
  else set.delete(value);
  return [...set].sort();
}

/** Switch a feature on or off; returns the environment's features after. */
export async function setEnvironmentFeature(
  ctx: Changer,
  id: string,
  feature: EnvironmentFeature,
  isEnabled: boolean,
): Promise<string[] | undefined> {
  const row = await changeSettings(ctx, id, (environment) => ({
    features: withOrWithout(environment.features, feature, isEnabled),
  }));
  return row?.features;
}

/** Allow or stop allowing a web origin (CORS); returns the environment's origins after. */
export async function setEnvironmentOrigin(
  ctx: Changer,
  id: string,
  origin: string,
  isAllowed: boolean,
): Promise<string[] | undefined> {
  const row = await changeSettings(ctx, id, (environment) => ({
    allowedOrigins: withOrWithout(environment.allowedOrigins, origin, isAllowed),
  }));
  return row?.allowedOrigins;
}

export type RateLimitSetting = { apiKey?: number; session?: number };

/**
 * Set (a number of requests a second, 0 for none) or reset (null: the server's default) an
 * environment's rate limits; returns its own settings after.
 */
export async function setEnvironmentRateLimits(
  ctx: Changer,
  id: string,
  changes: { apiKey?: number | null; session?: number | null },
): Promise<RateLimitSetting | undefined> {
  const row = await changeSettings(ctx, id, (environment) => {
    const limits: RateLimitSetting = { ...environment.rateLimits };
    for (const key of ["apiKey", "session"] as const) {
      const value = changes[key];
      if (value === null) delete limits[key];
      else if (value !== undefined) limits[key] = value;
    }
    return { rateLimits: Object.keys(limits).length > 0 ? limits : null };
  });
  return row && (row.rateLimits ?? {});
}

/** Sandbox data (the MOCK provider, `/v1/sandbox/*`) is for TEST and SANDBOX only. */
export const isSandboxMode = (mode: EnvironmentMode) => mode !== "PRODUCTION";
