import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database, Listen } from "../../db/client.ts";
import { changeCredentials } from "../../db/notifications.ts";
import { apiKeys, environments } from "../../db/schema/index.ts";
import { newId } from "../../http/ids.ts";
import { newSecret, sha256Hex } from "../../security/secrets.ts";
import type { EnvironmentRow } from "../environments/service.ts";

export const API_VERSION = "2025-04-01";
export const API_KEY_PREFIX = "weft_sk_";

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function createApiKey(
  db: Database,
  environmentId: string,
  name: string,
): Promise<{ key: ApiKeyRow; secret: string }> {
  const secret = newSecret(API_KEY_PREFIX);
  const [key] = await db
    .insert(apiKeys)
    .values({
      id: newId("apiKey"),
      environmentId,
      name,
      apiVersion: API_VERSION,
      secretHash: sha256Hex(secret),
      secretHint: `${secret.slice(0, API_KEY_PREFIX.length + 4)}…`,
    })
    .returning();
  return { key: key!, secret };
}

export function listApiKeys(db: Database) {
  return db.select().from(apiKeys).orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}

/**
 * Revoke a live key: when this returns, no process serves it any more (`changeCredentials`).
 * Its environment's id, or undefined when no live key has this id.
 */
export function revokeApiKey(
  ctx: { db: Database; listen: Listen },
  id: string,
): Promise<{ environmentId: string } | undefined> {
  return changeCredentials(ctx, async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ environmentId: apiKeys.environmentId });
    return row;
  });
}

export type FoundApiKey = { apiKey: ApiKeyRow; environment: EnvironmentRow };

/** The live key whose secret has this SHA-256, and its environment. */
export async function findKeyByHash(db: Database, secretHash: string): Promise<FoundApiKey | undefined> {
  const [row] = await db
    .select({ apiKey: apiKeys, environment: environments })
    .from(apiKeys)
    .innerJoin(environments, eq(environments.id, apiKeys.environmentId))
    .where(and(eq(apiKeys.secretHash, secretHash), isNull(apiKeys.revokedAt)));
  return row;
}
