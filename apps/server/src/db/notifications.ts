import { sql } from "drizzle-orm";
import type { Database } from "./client.ts";

/**
 * NOTIFY channels processes use to tell each other what changed. PostgreSQL delivers a NOTIFY to
 * every listening process when the transaction commits; PGlite to its own listeners.
 */
export const CREDENTIALS_CHANNEL = "weft_credentials";

/** An API key was revoked, or an environment's settings changed: cached credentials are stale. */
export async function announceCredentialChange(db: Database): Promise<void> {
  await db.execute(sql`select pg_notify(${CREDENTIALS_CHANNEL}, '')`);
}
