import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { countListeners, type Database, type Listen } from "./client.ts";

/**
 * NOTIFY channels processes use to tell each other what changed. PostgreSQL delivers a NOTIFY to
 * every listening process when the transaction commits; PGlite to its own listeners.
 */
export const CREDENTIALS_CHANNEL = "weft_credentials";
/** A session revoked (its id the payload): every process closes the sockets it signed in. */
export const SESSIONS_REVOKED_CHANNEL = "weft_sessions_revoked";
/** Where each process confirms it has dropped its cached credentials for one change. */
const CREDENTIALS_DROPPED_CHANNEL = "weft_credentials_dropped";

/**
 * How long a process may serve credentials it cached without hearing of a change (a lost
 * LISTEN), and so the longest a change waits for the processes that cache them to confirm.
 */
export const CREDENTIALS_CACHED_FOR_MS = 10_000;

/** This process's own credential caches, told at once when its change commits. */
const localCredentialListeners = new Set<() => void>();

/** Hear this process's own credential changes as they commit; returns the unsubscribe. */
export function onLocalCredentialChange(listener: () => void): () => void {
  localCredentialListeners.add(listener);
  return () => localCredentialListeners.delete(listener);
}

/**
 * Make a change to credentials (revoke an API key, change an environment's settings) in one
 * transaction and return once no process can serve the old ones: every process caching
 * credentials hears the change's NOTIFY (its payload names the change), drops its cache and
 * confirms on CREDENTIALS_DROPPED_CHANNEL. A process that does not confirm within
 * CREDENTIALS_CACHED_FOR_MS has let its cached credentials expire by then anyway. `change`
 * returns undefined for "nothing changed": nothing is announced.
 */
export async function changeCredentials<T>(
  ctx: { db: Database; listen: Listen },
  change: (tx: Database) => Promise<T | undefined>,
): Promise<T | undefined> {
  const id = randomUUID();
  let confirmed = 0;
  let onConfirmed = () => {};
  const unlisten = await ctx.listen(CREDENTIALS_DROPPED_CHANNEL, (payload) => {
    if (payload !== id) return;
    confirmed++;
    onConfirmed();
  });
  try {
    const made = await ctx.db.transaction(async (tx) => {
      const outcome = await change(tx);
      if (outcome === undefined) return undefined;
      // Counted in the transaction: a process that starts listening after this hears the NOTIFY too.
      const listeners = await countListeners(tx, CREDENTIALS_CHANNEL);
      await tx.execute(sql`select pg_notify(${CREDENTIALS_CHANNEL}, ${id})`);
      return { outcome, listeners };
    });
    if (!made) return undefined;
    for (const listener of localCredentialListeners) listener();
    if (confirmed < made.listeners) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, CREDENTIALS_CACHED_FOR_MS);
        onConfirmed = () => {
          if (confirmed < made.listeners) return;
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return made.outcome;
  } finally {
    await unlisten();
  }
}

/** A process has dropped its cached credentials on hearing the change `id` (the NOTIFY's payload). */
export async function confirmCredentialsDropped(db: Database, id: string): Promise<void> {
  if (id) await db.execute(sql`select pg_notify(${CREDENTIALS_DROPPED_CHANNEL}, ${id})`);
}
