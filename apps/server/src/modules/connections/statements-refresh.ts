import { eq } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import { connections } from "../../db/schema/index.ts";
import { toDay } from "../../providers/dates.ts";
import { providerFor } from "../../providers/registry.ts";
import { decrypt } from "../../security/secrets.ts";
import { accountsByExternalId, insertStatements } from "./apply-snapshot.ts";
import { isActiveStatus } from "./lifecycle.ts";
import { eventProfileOf } from "./service.ts";

/**
 * The statements refresh job: asks the provider for the connection's statements (its whole
 * history), stores the new ones, and records statement.ready for every statement it returned.
 * A provider failure throws, so the job retries with backoff.
 */
export async function refreshStatements(
  ctx: AppContext,
  connectionId: string,
  now = new Date(),
): Promise<number> {
  const [row] = await ctx.db.select().from(connections).where(eq(connections.id, connectionId));
  if (!row || !isActiveStatus(row.status) || !row.accessTokenEncrypted || row.provider === "DISCONNECTED")
    return 0;
  const window = { startOn: row.historyStartOn, endOn: toDay(now) };
  const listed = await (await providerFor(ctx, row.environmentId, row.provider)).listStatements({
    accessToken: decrypt(ctx.secretKey, row.accessTokenEncrypted),
    window,
    now,
  });
  return ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(connections)
      .where(eq(connections.id, connectionId))
      .for("update");
    if (!locked || !isActiveStatus(locked.status)) return 0;
    const byExternalId = await accountsByExternalId(tx, connectionId);
    const context = {
      tx,
      connection: locked,
      profile: await eventProfileOf(tx, locked.profileId),
      secretKey: ctx.secretKey,
      publicUrl: ctx.config.publicUrl,
      window,
      now,
    };
    await insertStatements(context, listed, byExternalId, { announceExisting: true });
    return listed.length;
  });
}
