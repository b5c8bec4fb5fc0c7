import { sql } from "drizzle-orm";
import type { Database } from "./client.ts";

/**
 * NOTIFY channels processes use to tell each other what changed. PostgreSQL delivers a NOTIFY to
 * every listening process when the transaction commits; PGlite to its own listeners.
 */
export const CREDENTIALS_CHANNEL = "weft_credentials";

/** This process's own credential caches, told at once (a NOTIFY reaches them a moment later). */
const localCredentialListeners = new Set<() => void>();

/** Hear this process's own credential changes as they are announced; returns the unsubscribe. */
export function onLocalCredentialChange(listener: () => void): () => void {
  localCredentialListeners.add(listener);
  return () => localCredentialListeners.delete(listener);
}

/**
 * An API key was revoked, or an environment's settings changed: cached credentials are stale.
 * Every process hears it by NOTIFY when the change commits; this one's caches drop at once too.
 */
export async function announceCredentialChange(db: Database): Promise<void> {
  await db.execute(sql`select pg_notify(${CREDENTIALS_CHANNEL}, '')`);
  for (const listener of localCredentialListeners) listener();
}
