import { inArray, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./client.ts";

/** Rows deleted per statement when pruning: short transactions, no long locks. */
export const PRUNE_BATCH = 1000;

/**
 * Delete the rows of `table` that match `where`, PRUNE_BATCH at a time (each batch its own short
 * statement, so pruning a large backlog never holds long locks); returns how many went.
 */
export async function pruneInBatches(
  db: Database,
  table: PgTable & { id: PgColumn },
  where: SQL | undefined,
): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = db.select({ id: table.id }).from(table).where(where).limit(PRUNE_BATCH);
    const deleted = (await db.delete(table).where(inArray(table.id, batch)).returning({ id: table.id }))
      .length;
    total += deleted;
    if (deleted < PRUNE_BATCH) return total;
  }
}
