import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Database } from "../db/client.ts";
import { accounts, connections } from "../db/schema/index.ts";
import { principalOf } from "./auth.ts";
import { notFound } from "./errors.ts";

/**
 * What the caller of a data read may see: an API key its whole environment, a processor token
 * its one account, a session token its own profile. Anything outside is a 404, never a 403, so
 * ids do not leak. Returns the environment to read in; the services do the rest.
 */
export type ReadTarget = { profile: string } | { connection: string } | { account: string };

export async function environmentToRead(
  db: Database,
  request: FastifyRequest,
  target: ReadTarget,
): Promise<string> {
  const principal = principalOf(request);
  const environmentId = principal.environment.id;
  if (principal.kind === "processor") {
    const accountId = "account" in target ? target.account : undefined;
    if (principal.processorToken.accountId !== accountId) throw notFound("Account", accountId);
    return environmentId;
  }
  if (principal.kind !== "session") return environmentId;
  const profileId = principal.profile.id;
  if ("profile" in target) {
    if (target.profile !== profileId && target.profile !== principal.profile.uuid)
      throw notFound("Profile", target.profile);
    return environmentId;
  }
  if ("connection" in target) {
    const [row] = await db
      .select({ id: connections.id })
      .from(connections)
      .where(
        and(
          eq(connections.id, target.connection),
          eq(connections.environmentId, environmentId),
          eq(connections.profileId, profileId),
        ),
      );
    if (!row) throw notFound("Connection", target.connection);
    return environmentId;
  }
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.id, target.account),
        eq(accounts.environmentId, environmentId),
        eq(accounts.profileId, profileId),
      ),
    );
  if (!row) throw notFound("Account", target.account);
  return environmentId;
}
