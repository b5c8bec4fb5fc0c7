import { inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { accounts } from "../../db/schema/index.ts";

/**
 * Locks these accounts' rows (FOR NO KEY UPDATE, in id order), for a transaction about to write
 * their transactions. Every such write also updates the account (its transactions_version, by the
 * trigger of migration 0024); a writer that held some transactions' rows and then waited for the
 * account could deadlock with one that held the account and waited for those rows. Taking the
 * accounts first, in one order, leaves nothing to wait for in a circle.
 */
export async function lockAccountsForTransactionWrites(tx: Database, accountIds: Iterable<string>) {
  const ids = [...new Set(accountIds)];
  if (ids.length === 0) return;
  await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(inArray(accounts.id, ids))
    .orderBy(accounts.id)
    .for("no key update");
}
