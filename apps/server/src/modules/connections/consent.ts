import { eq } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { connections } from "../../db/schema/index.ts";
import { conflict, HttpError, notFound, ValidationError } from "../../http/errors.ts";
import { apiErrorOf } from "../../http/provider-errors.ts";
import { enqueueJob } from "../../jobs/queue.ts";
import { credentialLinker, providerFor } from "../../providers/registry.ts";
import { type ProviderAccount, ProviderError, ProviderRateLimited } from "../../providers/types.ts";
import { decrypt, encrypt } from "../../security/secrets.ts";
import type { EnvironmentRow } from "../environments/service.ts";
import { findInstitution } from "../institutions/service.ts";
import {
  alreadyLinked,
  CONSENT_TIMEOUT_MS,
  type ConnectionRow,
  findConnection,
  fingerprintOf,
  type LinkOutcome,
  moveConnection,
  providerForMode,
  requestDisconnect,
  SYNC_QUEUE,
} from "./service.ts";
import { recordFailure } from "./sync.ts";

/**
 * What the end-user does in the Connector after logging in: choose the accounts to share
 * (nothing is fetched before), or sign in again to repair a connection.
 */

/** The profile's own connection; another profile's is a 404 like any unknown id. */
async function ownConnection(
  db: Database,
  environmentId: string,
  profileId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ConnectionRow> {
  const row = await findConnection(db, environmentId, id, options);
  if (row.profileId !== profileId) throw notFound("Connection", id);
  return row;
}

function assertAwaitingConsent(row: ConnectionRow): void {
  if (row.awaitingConsentSince) return;
  throw conflict(
    `Connection ${row.id} is not waiting for accounts to be chosen`,
    "Accounts are chosen once, right after linking in the Connector.",
  );
}

export type AccountPreview = Pick<ProviderAccount, "externalId" | "name" | "mask" | "kind" | "type">;

export type PreviewOutcome =
  | { kind: "ACCOUNTS"; accounts: AccountPreview[] }
  | { kind: "FAILED"; status: ProviderError["status"]; message: string };

/**
 * The accounts behind the connection's access, from the provider. A provider failure puts the
 * connection in the matching ERROR_* status, as a sync would, and is returned for the caller to show.
 */
async function listProviderAccounts(
  ctx: AppContext,
  row: ConnectionRow,
  now: Date,
): Promise<ProviderAccount[] | ProviderError> {
  if (!row.accessTokenEncrypted)
    throw conflict(`Connection ${row.id} has no provider access`, "Link it again.");
  try {
    return await (await providerFor(ctx, row.environmentId, row.provider)).listAccounts({
      accessToken: decrypt(ctx.secretKey, row.accessTokenEncrypted),
      products: row.products,
      now,
    });
  } catch (error) {
    if (error instanceof ProviderRateLimited) throw apiErrorOf(error);
    if (!(error instanceof ProviderError)) throw error;
    await recordFailure(ctx, row.id, "INITIAL", error, now);
    return error;
  }
}

const messageOf = (error: ProviderError) => error.details.displayMessage ?? error.message;

/**
 * The accounts the end-user may share, straight from the provider (nothing is stored). When the
 * institution fails, the connection takes the matching ERROR_* status, as a sync would.
 */
export async function previewAccounts(
  ctx: AppContext,
  environment: EnvironmentRow,
  profileId: string,
  connectionId: string,
  now = new Date(),
): Promise<PreviewOutcome> {
  const row = await ownConnection(ctx.db, environment.id, profileId, connectionId);
  assertAwaitingConsent(row);
  const listed = await listProviderAccounts(ctx, row, now);
  if (listed instanceof ProviderError)
    return { kind: "FAILED", status: listed.status, message: messageOf(listed) };
  return {
    kind: "ACCOUNTS",
    accounts: listed.map(({ externalId, name, mask, kind, type }) => ({
      externalId,
      name,
      mask,
      kind,
      type,
    })),
  };
}

/** Share the chosen accounts and start the first sync; the others are never fetched. */
export async function shareAccounts(
  ctx: AppContext,
  environment: EnvironmentRow,
  profileId: string,
  connectionId: string,
  externalIds: string[],
  now = new Date(),
): Promise<ConnectionRow> {
  const row = await ownConnection(ctx.db, environment.id, profileId, connectionId);
  assertAwaitingConsent(row);
  const available = await listProviderAccounts(ctx, row, now);
  if (available instanceof ProviderError) throw new HttpError(502, messageOf(available), "Try again later.");
  const unknown = externalIds.filter((id) => !available.some((a) => a.externalId === id));
  if (unknown.length > 0) {
    throw ValidationError.of("accountIds", `${unknown.join(", ")} is not an account of this connection`);
  }
  const shared = await ctx.db.transaction(async (tx) => {
    const locked = await ownConnection(tx, environment.id, profileId, connectionId, { forUpdate: true });
    assertAwaitingConsent(locked);
    const [updated] = await tx
      .update(connections)
      .set({
        sharedAccountExternalIds: [...new Set(externalIds)],
        awaitingConsentSince: null,
        nextSyncAt: now,
        updatedAt: now,
      })
      .where(eq(connections.id, locked.id))
      .returning();
    await enqueueJob(tx, SYNC_QUEUE, { connectionId: locked.id, scheduledFor: now.toISOString() });
    return updated!;
  });
  ctx.wakeWorkers();
  return shared;
}

/** Statuses a connection can be repaired from by signing in again. */
const RECONNECTABLE = ["ERROR_REPAIRABLE", "DISCONNECTED"] as const;
const isReconnectable = (row: ConnectionRow) => (RECONNECTABLE as readonly string[]).includes(row.status);

/** The profile's connection if it can be reconnected (asks for a new sign-in, set up), else 409. */
export async function reconnectableConnection(
  db: Database,
  environmentId: string,
  profileId: string,
  connectionId: string,
  options: { forUpdate?: boolean } = {},
): Promise<ConnectionRow> {
  const row = await ownConnection(db, environmentId, profileId, connectionId, options);
  if (!isReconnectable(row) || !row.institutionId) {
    throw conflict(
      `Connection ${row.id} is ${row.status}: only a connection in ${RECONNECTABLE.join(" or ")} can be reconnected`,
      "Reconnect a connection once it asks the user to sign in again.",
    );
  }
  if (row.awaitingConsentSince) {
    throw conflict(
      `Connection ${row.id} was never set up: no accounts were chosen`,
      "Link the institution again instead of reconnecting.",
    );
  }
  return row;
}

/**
 * The end-user signed in again: the connection is SYNCING with `set` (a renewed access, say) and
 * a reconnect sync is queued, whose accounts are announced with account.reconnected.
 */
export async function resumeReconnected(
  ctx: AppContext,
  environmentId: string,
  profileId: string,
  connectionId: string,
  set: Partial<typeof connections.$inferInsert>,
  duplicate: () => Error,
  now = new Date(),
): Promise<ConnectionRow> {
  try {
    const connection = await ctx.db.transaction(async (tx) => {
      const locked = await ownConnection(tx, environmentId, profileId, connectionId, { forUpdate: true });
      if (!isReconnectable(locked))
        throw conflict(`Connection ${locked.id} is ${locked.status} now`, "Reload it.");
      const moved = await moveConnection(
        tx,
        locked,
        "SYNCING",
        { ...set, error: null, failedSyncs: 0, nextSyncAt: now },
        now,
      );
      await enqueueJob(tx, SYNC_QUEUE, {
        connectionId: locked.id,
        scheduledFor: now.toISOString(),
        reconnect: true,
      });
      return moved;
    });
    ctx.wakeWorkers();
    return connection;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** Sign in again (the credentials path): the provider renews the same link, then the connection resumes. */
export async function reconnectConnection(
  ctx: AppContext,
  environment: EnvironmentRow,
  input: {
    profileId: string;
    connectionId: string;
    username: string;
    password: string;
    mfaCode?: string | undefined;
  },
  now = new Date(),
): Promise<LinkOutcome> {
  const row = await reconnectableConnection(ctx.db, environment.id, input.profileId, input.connectionId);
  const institution = await findInstitution(ctx.db, environment.mode, row.institutionId!);
  const provider =
    row.provider === "DISCONNECTED" ? providerForMode(environment.mode, institution) : row.provider;
  const result = await (await credentialLinker(ctx, environment.id, provider))({
    institutionKey: institution.providerIds[provider]!,
    username: input.username,
    password: input.password,
    mfaCode: input.mfaCode,
    products: row.products,
    historyStartOn: row.historyStartOn,
    renewing: row.accessTokenEncrypted ? decrypt(ctx.secretKey, row.accessTokenEncrypted) : undefined,
    now,
  });
  if (result.kind !== "LINKED") return result;
  const connection = await resumeReconnected(
    ctx,
    environment.id,
    input.profileId,
    input.connectionId,
    {
      provider,
      accessTokenEncrypted: encrypt(ctx.secretKey, result.accessToken),
      loginFingerprint: fingerprintOf(institution.id, input.username),
    },
    () => alreadyLinked(institution),
    now,
  );
  return { kind: "LINKED", connection };
}

/** The consent timeout: a Connector link whose end-user never chose accounts is disconnected. */
export async function expireConsent(ctx: AppContext, connectionId: string, now = new Date()): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(connections).where(eq(connections.id, connectionId)).for("update");
    if (!row?.awaitingConsentSince) return;
    if (now.getTime() - row.awaitingConsentSince.getTime() < CONSENT_TIMEOUT_MS) return;
    await requestDisconnect(tx, row.environmentId, row.id, now);
  });
  ctx.wakeWorkers();
}
