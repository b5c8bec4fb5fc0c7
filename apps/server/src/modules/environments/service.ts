import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
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

/** Sandbox data (the MOCK provider, `/v1/sandbox/*`) is for TEST and SANDBOX only. */
export const isSandboxMode = (mode: EnvironmentMode) => mode !== "PRODUCTION";
