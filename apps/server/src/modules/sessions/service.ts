import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { preparedStatement, rawRows } from "../../db/prepared.ts";
import { environments, profiles, userSessions } from "../../db/schema/index.ts";
import { notFound, tooManyRequests, ValidationError } from "../../http/errors.ts";
import { newId } from "../../http/ids.ts";
import type { AuditRecord } from "../audit/service.ts";
import type { EnvironmentRow } from "../environments/service.ts";
import {
  applyProfileUpdate,
  createProfile,
  findLiveProfile,
  type ProfileRow,
  profileBeingDeleted,
} from "../profiles/service.ts";
import type { SessionIssueInput, UserSessionView } from "./schemas.ts";

export type SessionRow = typeof userSessions.$inferSelect;

const HOUR = 3_600_000;
export const SESSION_LIFETIME_MS = 24 * HOUR;
/** Active sessions one profile may hold, by the window they were issued in. */
export const SESSION_LIMITS = [
  { windowMs: HOUR, max: 10, window: "hour" },
  { windowMs: 24 * HOUR, max: 20, window: "day" },
] as const;

export function toUserSessionView(
  session: SessionRow,
  profile: { id: string; uuid: string },
  token: string,
): UserSessionView {
  return {
    token,
    userId: profile.id,
    userUuid: profile.uuid,
    environmentId: session.environmentId,
    expiration: Math.floor(session.expiresAt.getTime() / 1000),
    expiresAt: session.expiresAt.toISOString(),
  };
}

/** SESSION_LIMITS as weft_issue_session takes them: PostgreSQL arrays of windows and maxima. */
const LIMIT_WINDOWS = `{${SESSION_LIMITS.map((l) => `${l.windowMs / 1000} seconds`).join(",")}}`;
const LIMIT_MAXIMA = `{${SESSION_LIMITS.map((l) => l.max).join(",")}}`;

function sessionLimitReached(profileId: string, limitIndex: number, retryAfterMs: number) {
  const limit = SESSION_LIMITS[limitIndex]!;
  return tooManyRequests(
    `Profile ${profileId} already has ${limit.max} active sessions issued in the last ${limit.window}, the limit`,
    retryAfterMs / 1000,
    (s) => `Retry after ${s} seconds, or revoke a session you no longer need with DELETE /v1/users/session.`,
  );
}

/**
 * `weft_issue_session` (migrations 0020, 0023, 0026): locks the profile, counts its sessions
 * against the limits and inserts the session with its audit record — one round trip, whose
 * statements each see what concurrent issues committed before the lock was taken, so the limits
 * hold under concurrency (404, 409 or 429 otherwise, and no audit record). Prepared: PostgreSQL
 * parses and plans the call once per connection.
 */
const issueStatement = preparedStatement((db) =>
  db
    .select({
      outcome: sql`outcome`,
      profile_id: sql`profile_id`,
      profile_uuid: sql`profile_uuid`,
      limit_index: sql`limit_index`,
      retry_after_ms: sql`retry_after_ms`,
    })
    .from(
      sql`weft_issue_session(${sql.placeholder("environmentId")}, ${sql.placeholder("profile")},
        ${sql.placeholder("sessionId")}, ${sql.placeholder("now")}::timestamptz,
        ${sql.placeholder("expiresAt")}::timestamptz, ${LIMIT_WINDOWS}::interval[], ${LIMIT_MAXIMA}::integer[],
        ${sql.placeholder("auditId")}, ${sql.placeholder("actorType")}, ${sql.placeholder("actorId")},
        ${sql.placeholder("action")}, ${sql.placeholder("status")}::integer, ${sql.placeholder("requestId")})`,
    )
    .prepare("weft_issue_session"),
);

async function insertSession(
  db: Database,
  environmentId: string,
  idOrUuid: string,
  now: Date,
  audit: AuditRecord | undefined,
): Promise<{ session: SessionRow; profile: { id: string; uuid: string } }> {
  const id = newId("session");
  // Whole seconds, so expiresAt, expiration and the token's exp all name the same instant.
  const expiresAt = new Date(Math.floor((now.getTime() + SESSION_LIFETIME_MS) / 1000) * 1000);
  const [row] = await rawRows<IssueOutcome>(issueStatement(db), {
    environmentId,
    profile: idOrUuid,
    sessionId: id,
    now: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
    auditId: audit ? newId("auditEvent") : null,
    actorType: audit?.actor.type ?? null,
    actorId: audit?.actor.id ?? null,
    action: audit?.action ?? null,
    status: audit?.status ?? null,
    requestId: audit?.requestId ?? null,
  });
  if (!row || row.outcome === "not_found") throw notFound("Profile", idOrUuid);
  if (row.outcome === "deleting") throw profileBeingDeleted(row.profile_id!);
  if (row.outcome === "limited")
    throw sessionLimitReached(row.profile_id!, row.limit_index! - 1, Number(row.retry_after_ms));
  const profileId = row.profile_id!;
  return {
    session: { id, environmentId, profileId, createdAt: now, expiresAt, revokedAt: null },
    profile: { id: profileId, uuid: row.profile_uuid! },
  };
}

type IssueOutcome = {
  outcome: "issued" | "not_found" | "deleting" | "limited";
  profile_id: string | null;
  profile_uuid: string | null;
  limit_index: number | null;
  retry_after_ms: number | string | null;
};

/**
 * Issue a session for an existing profile (userId: its id or uuid; sent fields are saved onto
 * it) or for a new one (no userId). A session for a profile as it is takes one round trip; one
 * that creates or changes the profile is a transaction that ends with the same statement. The
 * session's audit record, when the caller is audited (`audit`; resourceId: the profile), is
 * written by that statement.
 */
export async function issueSession(
  ctx: AppContext,
  environment: EnvironmentRow,
  input: SessionIssueInput,
  audit?: AuditRecord,
): Promise<UserSessionView> {
  const now = new Date();
  const { userId, ...fields } = input;
  const hasFields = Object.values(fields).some((value) => value !== undefined);
  const { session, profile } =
    userId && !hasFields
      ? await insertSession(ctx.db, environment.id, userId, now, audit)
      : await ctx.db.transaction(async (tx) => {
          let profile: ProfileRow;
          if (userId) {
            const existing = await findLiveProfile(tx, environment.id, userId, { forUpdate: true });
            if (fields.uuid != null && fields.uuid !== existing.uuid) {
              throw ValidationError.of("uuid", "Uuid cannot be changed on an existing profile");
            }
            const { uuid: _uuid, ...updates } = fields;
            profile = await applyProfileUpdate(tx, existing, updates);
          } else {
            profile = await createProfile(tx, environment, fields, ctx.config.sandboxProfileLimit);
          }
          return insertSession(tx, environment.id, profile.id, now, audit);
        });
  // Signing may create the first signing key: outside the transaction (PGlite has one connection).
  const token = await ctx.signer.sign(
    { sessionId: session.id, profileId: profile.id, environmentId: environment.id },
    session.expiresAt,
  );
  return toUserSessionView(session, profile, token);
}

/** The live session behind a verified token, with its environment and profile; undefined when revoked or expired. */
export async function findLiveSession(db: Database, sessionId: string, now = new Date()) {
  const [row] = await db
    .select({
      session: userSessions,
      environment: environments,
      profile: { id: profiles.id, uuid: profiles.uuid, deletingAt: profiles.deletingAt },
    })
    .from(userSessions)
    .innerJoin(environments, eq(environments.id, userSessions.environmentId))
    .innerJoin(profiles, eq(profiles.id, userSessions.profileId))
    .where(eq(userSessions.id, sessionId));
  if (!row || row.session.revokedAt || row.session.expiresAt <= now || row.profile.deletingAt)
    return undefined;
  return row;
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(userSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)));
}
