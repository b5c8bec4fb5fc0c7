import { createHash } from "node:crypto";
import { and, desc, eq, inArray, notInArray } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { mergedMetadata } from "../../db/metadata.ts";
import { selectPage } from "../../db/page.ts";
import {
  type ConnectionStatus,
  connections,
  type EnvironmentMode,
  type EventProfile,
  institutions,
  type Product,
  profiles,
} from "../../db/schema/index.ts";
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from "../../http/errors.ts";
import { newId } from "../../http/ids.ts";
import type { Pagination } from "../../http/pagination.ts";
import { crashPoint } from "../../jobs/crash-points.ts";
import { enqueueJob } from "../../jobs/queue.ts";
import { sameDayMonthsBefore, toDay } from "../../providers/dates.ts";
import { credentialLinker, providerFor } from "../../providers/registry.ts";
import type { MfaChallenge, ProviderName } from "../../providers/types.ts";
import { decrypt, encrypt } from "../../security/secrets.ts";
import { type EnvironmentRow, isSandboxMode } from "../environments/service.ts";
import { recordEvent } from "../events/service.ts";
import { findInstitution, type InstitutionRow, toInstitutionSummary } from "../institutions/service.ts";
import { findLiveProfile, profileBeingDeleted, toEventProfile } from "../profiles/service.ts";
import { assertTransition, HISTORY_MONTHS, isActiveStatus } from "./lifecycle.ts";
import type { ConnectionView } from "./schemas.ts";

export type ConnectionRow = typeof connections.$inferSelect;

export const SYNC_QUEUE = "connections.sync";
export const DISCONNECT_QUEUE = "connections.disconnect";
export const STATEMENTS_REFRESH_QUEUE = "connections.statements-refresh";

/** One statements refresh per connection per this many seconds; providers rate-limit them. */
export const STATEMENTS_REFRESH_INTERVAL_SECONDS = 60;

export function toConnectionView(
  row: ConnectionRow,
  institution: InstitutionRow | null,
  publicUrl: string,
): ConnectionView {
  return {
    id: row.id,
    profileId: row.profileId,
    provider: row.provider,
    products: row.products,
    features: row.products,
    status: row.status,
    institution: institution ? toInstitutionSummary(institution, publicUrl) : null,
    metadata: row.metadata,
    error: row.error,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    history: { startOn: row.historyStartOn, extendedHistoryFee: row.extendedHistoryFee },
    createdAt: row.createdAt.toISOString(),
    at: row.statusChangedAt.toISOString(),
  };
}

/** The connection with this id in this environment, or 404 (never 403: ids do not leak). */
export async function findConnection(
  db: Database,
  environmentId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ConnectionRow> {
  const query = db
    .select({ connection: connections, profileDeletingAt: profiles.deletingAt })
    .from(connections)
    .innerJoin(profiles, eq(profiles.id, connections.profileId))
    .where(and(eq(connections.id, id), eq(connections.environmentId, environmentId)));
  const [row] = options.forUpdate ? await query.for("update", { of: connections }) : await query;
  if (!row) throw notFound("Connection", id);
  if (row.profileDeletingAt) throw profileBeingDeleted(row.connection.profileId);
  return row.connection;
}

async function institutionsOf(db: Database, rows: ConnectionRow[]): Promise<Map<string, InstitutionRow>> {
  const ids = [...new Set(rows.map((r) => r.institutionId).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const found = await db.select().from(institutions).where(inArray(institutions.id, ids));
  return new Map(found.map((i) => [i.id, i]));
}

export async function toConnectionViews(db: Database, rows: ConnectionRow[], publicUrl: string) {
  const byId = await institutionsOf(db, rows);
  return rows.map((r) =>
    toConnectionView(r, r.institutionId ? (byId.get(r.institutionId) ?? null) : null, publicUrl),
  );
}

export async function connectionViewOf(
  db: Database,
  row: ConnectionRow,
  publicUrl: string,
): Promise<ConnectionView> {
  const [view] = await toConnectionViews(db, [row], publicUrl);
  return view!;
}

export async function getConnectionView(db: Database, environmentId: string, id: string, publicUrl: string) {
  return connectionViewOf(db, await findConnection(db, environmentId, id), publicUrl);
}

export async function listProfileConnections(
  db: Database,
  environmentId: string,
  profileIdOrUuid: string,
  page: Pagination,
) {
  const profile = await findLiveProfile(db, environmentId, profileIdOrUuid);
  const where = and(eq(connections.environmentId, environmentId), eq(connections.profileId, profile.id));
  const { rows, total } = await selectPage(
    db,
    connections,
    where,
    [desc(connections.createdAt), desc(connections.id)],
    page,
  );
  return { rows, total };
}

export async function eventProfileOf(db: Database, profileId: string): Promise<EventProfile | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, profileId));
  return row ? toEventProfile(row) : null;
}

/** Record a connection event with the connection as its record. */
export async function recordConnectionEvent(
  tx: Database,
  row: ConnectionRow,
  type: Parameters<typeof recordEvent>[1]["type"],
  publicUrl: string,
  metadata: Record<string, unknown> | null = null,
): Promise<void> {
  await recordEvent(tx, {
    environmentId: row.environmentId,
    type,
    profile: await eventProfileOf(tx, row.profileId),
    record: await connectionViewOf(tx, row, publicUrl),
    metadata,
  });
}

/**
 * Change a connection's status, refusing what the status machine does not allow (409). `set`
 * carries the other columns that change with it. A move to the current status changes only `set`.
 */
export async function moveConnection(
  tx: Database,
  row: ConnectionRow,
  to: ConnectionStatus,
  set: Partial<typeof connections.$inferInsert> = {},
  now = new Date(),
): Promise<ConnectionRow> {
  const changes = row.status === to ? {} : { status: to, statusChangedAt: now };
  if (row.status !== to) assertTransition(row.id, row.status, to);
  const [updated] = await tx
    .update(connections)
    .set({ ...changes, ...set, updatedAt: now })
    .where(eq(connections.id, row.id))
    .returning();
  return updated!;
}

/** The first day of history a connection linked `now` collects: 24 whole months back. */
export function historyStartFor(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - HISTORY_MONTHS, 1))
    .toISOString()
    .slice(0, 10);
}

/** The first day of `months` of history for a connection linked `now`: the same day that many months back. */
export const historyStartMonthsBack = (now: Date, months: number) => sameDayMonthsBefore(toDay(now), months);

/** Which provider serves an environment: the sandbox provider outside PRODUCTION. */
export function providerForMode(mode: EnvironmentMode, institution: InstitutionRow): ProviderName {
  if (isSandboxMode(mode) && institution.providerIds.MOCK) return "MOCK";
  const real = (Object.keys(institution.providerIds) as ProviderName[]).find((p) => p !== "MOCK");
  if (!real) throw notFound("Institution", institution.id);
  return real;
}

export const fingerprintOf = (institutionId: string, username: string) =>
  createHash("sha256").update(`${institutionId}\n${username.trim().toLowerCase()}`).digest("hex");

export const alreadyLinked = (institution: InstitutionRow) =>
  conflict(
    `This profile is already connected to ${institution.name} with that login`,
    "Use the existing connection (GET /v1/profiles/{profileId}/connections), or disconnect it first.",
  );

/** 409: the provider's link (a Plaid item, say) already has a live connection in this environment. */
export const connectionExists = (what: string) =>
  conflict(
    `${what} is already connected in this environment`,
    "Use the existing connection (GET /v1/profiles/{profileId}/connections), or disconnect it first.",
  );

/** Sync as soon as a worker can: the next sync is now, and any job scheduled for later is stale. */
export async function requestSync(tx: Database, row: ConnectionRow, now = new Date()): Promise<void> {
  await tx.update(connections).set({ nextSyncAt: now, updatedAt: now }).where(eq(connections.id, row.id));
  await enqueueJob(tx, SYNC_QUEUE, { connectionId: row.id, scheduledFor: now.toISOString() });
}

export type LinkInput = {
  profileId: string;
  institutionId: string;
  username: string;
  password: string;
  mfaCode?: string | undefined;
  products?: Product[] | undefined;
  /**
   * The Connector links first and lets the end-user choose accounts after: nothing syncs until
   * they do (shareAccounts), and the link is dropped if they never do.
   */
  awaitConsent?: boolean | undefined;
};

export const CONSENT_TIMEOUT_QUEUE = "connections.consent-timeout";
/** How long a Connector link waits for the end-user to choose accounts before it is disconnected. */
export const CONSENT_TIMEOUT_MS = 30 * 60_000;

export type LinkOutcome =
  | { kind: "LINKED"; connection: ConnectionRow }
  | { kind: "MFA_REQUIRED"; challenge: MfaChallenge }
  | { kind: "INVALID_MFA_CODE"; message: string; challenge: MfaChallenge }
  | { kind: "INVALID_CREDENTIALS"; message: string };

/**
 * Link a profile to an institution with the user's login, as the Connector does: the provider
 * checks the login (and may ask for an MFA code: call again with `mfaCode`), then the connection
 * is created INITIALIZING with connection.created, and its first sync is enqueued, all in one
 * transaction. The provider is called outside any transaction.
 */
export async function linkConnection(
  ctx: AppContext,
  environment: EnvironmentRow,
  input: LinkInput,
  now = new Date(),
): Promise<LinkOutcome> {
  const profile = await findLiveProfile(ctx.db, environment.id, input.profileId);
  const institution = await findInstitution(ctx.db, environment.mode, input.institutionId);
  const products = input.products ?? institution.products;
  const unsupported = products.filter((p) => !institution.products.includes(p));
  if (unsupported.length > 0) {
    throw badRequest(
      `${institution.name} does not offer ${unsupported.join(", ")}`,
      `Ask only for products the institution offers: ${institution.products.join(", ")}.`,
    );
  }
  const provider = providerForMode(environment.mode, institution);
  const historyStartOn = historyStartFor(now);
  const result = await (await credentialLinker(ctx, environment.id, provider))({
    institutionKey: institution.providerIds[provider]!,
    username: input.username,
    password: input.password,
    mfaCode: input.mfaCode,
    products,
    historyStartOn,
    now,
  });
  // The login is checked first: a wrong password says so, even for a login already connected.
  if (result.kind !== "LINKED") return result;
  const loginFingerprint = fingerprintOf(institution.id, input.username);
  const [existing] = await ctx.db
    .select({ id: connections.id, awaitingConsentSince: connections.awaitingConsentSince })
    .from(connections)
    .where(
      and(
        eq(connections.profileId, profile.id),
        eq(connections.institutionId, institution.id),
        eq(connections.loginFingerprint, loginFingerprint),
        notInArray(connections.status, ["DISCONNECTING", "DISCONNECTED"]),
      ),
    )
    .limit(1);
  if (existing?.awaitingConsentSince) {
    // A Connector link of this login whose accounts were never chosen (the institution failed, or
    // the end-user left): half made, it goes, and this link takes its place instead of a 409.
    await ctx.db.transaction((tx) => requestDisconnect(tx, environment.id, existing.id, now));
    ctx.wakeWorkers();
  } else if (existing) {
    throw alreadyLinked(institution);
  }

  const connection = await createConnection(
    ctx,
    environment.id,
    {
      profileId: profile.id,
      institutionId: institution.id,
      provider,
      products: [...products],
      accessToken: result.accessToken,
      loginFingerprint,
      historyStartOn,
      awaitConsent: input.awaitConsent,
    },
    () => alreadyLinked(institution),
    now,
  );
  return { kind: "LINKED", connection };
}

export type NewConnection = {
  profileId: string;
  institutionId: string | null;
  provider: ProviderName;
  products: Product[];
  accessToken: string;
  historyStartOn: string;
  /** More history than the provider's default: a one-time fee at the provider (said in connection.created). */
  extendedHistoryFee?: boolean | undefined;
  /** One live connection per login (sandbox), or per provider link (externalId, e.g. a Plaid item). */
  loginFingerprint?: string | undefined;
  externalId?: string | undefined;
  isExternallyManaged?: boolean | undefined;
  /** Linked in the Connector: nothing syncs until the end-user chooses accounts. */
  awaitConsent?: boolean | undefined;
};

/**
 * A new connection, INITIALIZING, with connection.created and its first sync (or, waiting for
 * consent, its consent timeout) enqueued, all in one transaction. `duplicate` is the 409 when
 * the profile (login) or environment (provider link) already has it live.
 */
export async function createConnection(
  ctx: AppContext,
  environmentId: string,
  input: NewConnection,
  duplicate: () => Error,
  now = new Date(),
): Promise<ConnectionRow> {
  try {
    const connection = await ctx.db.transaction(async (tx) => {
      await findLiveProfile(tx, environmentId, input.profileId, { forUpdate: true });
      const [row] = await tx
        .insert(connections)
        .values({
          id: newId("connection"),
          environmentId,
          profileId: input.profileId,
          provider: input.provider,
          products: input.products,
          status: "INITIALIZING",
          institutionId: input.institutionId,
          accessTokenEncrypted: encrypt(ctx.secretKey, input.accessToken),
          loginFingerprint: input.loginFingerprint ?? null,
          externalId: input.externalId ?? null,
          isExternallyManaged: input.isExternallyManaged ?? false,
          historyStartOn: input.historyStartOn,
          extendedHistoryFee: input.extendedHistoryFee ?? false,
          nextSyncAt: input.awaitConsent ? null : now,
          awaitingConsentSince: input.awaitConsent ? now : null,
          createdAt: now,
          statusChangedAt: now,
        })
        .returning();
      await recordConnectionEvent(
        tx,
        row!,
        "connection.created",
        ctx.config.publicUrl,
        input.extendedHistoryFee ? { extendedHistoryFee: true, historyStartOn: input.historyStartOn } : null,
      );
      if (input.awaitConsent) {
        const deadline = new Date(now.getTime() + CONSENT_TIMEOUT_MS);
        await enqueueJob(tx, CONSENT_TIMEOUT_QUEUE, { connectionId: row!.id }, { runAt: deadline });
      } else {
        await enqueueJob(tx, SYNC_QUEUE, { connectionId: row!.id, scheduledFor: now.toISOString() });
      }
      return row!;
    });
    ctx.wakeWorkers();
    return connection;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** DELETE: stop syncing now (DISCONNECTING); the provider access is revoked in the background. */
export async function requestDisconnect(tx: Database, environmentId: string, id: string, now = new Date()) {
  const row = await findConnection(tx, environmentId, id, { forUpdate: true });
  // Already on its way out, or out: a repeat answers as the first did and queues nothing.
  if (row.status === "DISCONNECTING" || row.status === "DISCONNECTED") return row;
  const moved = await moveConnection(tx, row, "DISCONNECTING", { nextSyncAt: null }, now);
  await enqueueJob(tx, DISCONNECT_QUEUE, { connectionId: row.id });
  return moved;
}

/** Merge metadata into a connection's (null clears it: `mergedMetadata`). */
export async function updateConnectionMetadata(
  tx: Database,
  environmentId: string,
  id: string,
  metadata: Record<string, unknown> | null,
): Promise<ConnectionRow> {
  const row = await findConnection(tx, environmentId, id, { forUpdate: true });
  const [updated] = await tx
    .update(connections)
    .set({ metadata: mergedMetadata(connections.metadata, metadata) })
    .where(eq(connections.id, row.id))
    .returning();
  return updated!;
}

/** The disconnect job: revoke the provider's access, then DISCONNECTED (data kept) and the event. */
export async function completeDisconnect(ctx: AppContext, connectionId: string): Promise<void> {
  const [row] = await ctx.db.select().from(connections).where(eq(connections.id, connectionId));
  if (row?.status !== "DISCONNECTING") return;
  if (row.accessTokenEncrypted && row.provider !== "DISCONNECTED" && !row.isExternallyManaged) {
    await (await providerFor(ctx, row.environmentId, row.provider)).revoke({
      accessToken: decrypt(ctx.secretKey, row.accessTokenEncrypted),
    });
  }
  crashPoint(`${DISCONNECT_QUEUE}:revoked`);
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(connections)
      .where(eq(connections.id, connectionId))
      .for("update");
    if (locked?.status !== "DISCONNECTING") return;
    const moved = await moveConnection(tx, locked, "DISCONNECTED", {
      accessTokenEncrypted: null,
      nextSyncAt: null,
    });
    await recordConnectionEvent(tx, moved, "connection.disconnected", ctx.config.publicUrl);
  });
}

/**
 * Before a profile is deleted: end each of its connections' provider access. A provider that
 * fails to answer does not hold the deletion up; it is logged.
 */
export async function revokeProfileConnections(ctx: AppContext, profileId: string): Promise<void> {
  const rows = await ctx.db.select().from(connections).where(eq(connections.profileId, profileId));
  for (const row of rows) {
    if (!row.accessTokenEncrypted || row.provider === "DISCONNECTED" || row.isExternallyManaged) continue;
    try {
      await (await providerFor(ctx, row.environmentId, row.provider)).revoke({
        accessToken: decrypt(ctx.secretKey, row.accessTokenEncrypted),
      });
    } catch (error) {
      ctx.logger.warn({ err: error, connectionId: row.id }, "revoking provider access failed");
    }
  }
}

/** 403 unless the connection is active (not disconnecting or disconnected). */
export function assertActive(row: ConnectionRow): void {
  if (isActiveStatus(row.status)) return;
  throw forbidden(
    `Connection ${row.id} is ${row.status}: its data can be read but nothing new can be fetched`,
    "Ask the user to connect the institution again.",
  );
}

/** 403 unless the connection collects the product. */
export function assertProduct(row: Pick<ConnectionRow, "id" | "products">, product: Product): void {
  if (row.products.includes(product)) return;
  throw forbidden(
    `Connection ${row.id} is not enabled with ${product}`,
    `Link the account again with ${product} among the products.`,
  );
}

/** POST /statements/refresh: 202, then the job fetches statements and records statement.ready. */
export async function requestStatementsRefresh(
  tx: Database,
  environmentId: string,
  id: string,
  now = new Date(),
) {
  const row = await findConnection(tx, environmentId, id, { forUpdate: true });
  assertActive(row);
  assertProduct(row, "ACCOUNT_STATEMENTS");
  const last = row.statementsRefreshRequestedAt?.getTime();
  const wait = last === undefined ? 0 : last + STATEMENTS_REFRESH_INTERVAL_SECONDS * 1000 - now.getTime();
  if (wait > 0) {
    throw tooManyRequests(
      `Statements of connection ${row.id} were refreshed less than ${STATEMENTS_REFRESH_INTERVAL_SECONDS} seconds ago; the provider limits refreshes`,
      wait / 1000,
      (s) => `Retry after ${s} seconds; statement.ready events for the last refresh are on their way.`,
    );
  }
  await tx.update(connections).set({ statementsRefreshRequestedAt: now }).where(eq(connections.id, row.id));
  await enqueueJob(tx, STATEMENTS_REFRESH_QUEUE, { connectionId: row.id }, { maxAttempts: 5 });
  return now;
}

/** The connection's provider credentials, for support-enabled environments only. */
export async function exportConnection(
  ctx: AppContext,
  environment: EnvironmentRow,
  profileIdOrUuid: string,
  connectionId: string,
) {
  if (!environment.features.includes("connection_export")) {
    throw forbidden(
      "Connection export is not enabled for this environment",
      "Ask the operator to enable it: weft env features --env ENV_ID --enable connection_export.",
    );
  }
  const profile = await findLiveProfile(ctx.db, environment.id, profileIdOrUuid);
  const row = await findConnection(ctx.db, environment.id, connectionId);
  if (row.profileId !== profile.id) throw notFound("Connection", connectionId);
  return {
    id: row.id,
    profileId: row.profileId,
    provider: row.provider,
    apiKey: row.accessTokenEncrypted ? [decrypt(ctx.secretKey, row.accessTokenEncrypted)] : [],
  };
}
