import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { SESSIONS_REVOKED_CHANNEL } from "../../db/notifications.ts";
import { preparedStatement, rawRows } from "../../db/prepared.ts";
import { auditEvents, environments, profiles, userSessions } from "../../db/schema/index.ts";
import { notFound, tooManyRequests, ValidationError } from "../../http/errors.ts";
import { newId } from "../../http/ids.ts";
import type { AuditRecord } from "../audit/service.ts";
import type { EnvironmentRow } from "../environments/service.ts";
import { createProfile, profileBeingDeleted, profileUpdate, UUID_UNCHANGEABLE } from "../profiles/service.ts";
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

/** SESSION_LIMITS as weft_check_session takes them: PostgreSQL arrays of windows and maxima. */
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

/** What a session's statement writes: values, or sql.placeholder()s in the prepared statement. */
const SESSION_WRITE_FIELDS = [
  "environmentId",
  "sessionId",
  "now",
  "expiresAt",
  "auditId",
  "actorType",
  "actorId",
  "action",
  "status",
  "requestId",
] as const;
type SessionWrite = Record<(typeof SESSION_WRITE_FIELDS)[number], unknown>;

/**
 * A session's statement reads `checked` (one row: outcome, profile_id, profile_uuid, limit_index,
 * retry_after_ms) and, when its outcome is "issued", writes the session for that profile and the
 * session's audit record (when the caller is audited: an audit id given) — so the record commits
 * with the session or not at all. These are the two writes; `checked` and the statement's final
 * select are the caller's.
 */
const sessionWrites = (v: SessionWrite) => ({
  session: sql`insert into ${userSessions} (id, environment_id, profile_id, created_at, expires_at)
    select ${v.sessionId}::text, ${v.environmentId}::text, profile_id, ${v.now}::timestamptz, ${v.expiresAt}::timestamptz
    from checked where outcome = 'issued'`,
  audit: sql`insert into ${auditEvents} (id, environment_id, actor_type, actor_id, action, resource_id, status, request_id)
    select ${v.auditId}::text, ${v.environmentId}::text, ${v.actorType}::text, ${v.actorId}::text, ${v.action}::text,
      profile_id, ${v.status}::integer, ${v.requestId}::text
    from checked where outcome = 'issued' and ${v.auditId}::text is not null`,
});

/** The end of a statement built for one request, after its `checked`: the two writes and the outcome. */
const writesAndOutcome = (v: SessionWrite) => {
  const writes = sessionWrites(v);
  return sql`issued as (${writes.session}),
    audited as (${writes.audit})
    select outcome, profile_id, profile_uuid, limit_index, retry_after_ms from checked`;
};

type IssueOutcome = {
  outcome: "issued" | "not_found" | "deleting" | "limited" | "uuid_changed";
  profile_id: string | null;
  profile_uuid: string | null;
  limit_index: number | null;
  retry_after_ms: number | string | null;
};

const OUTCOME_COLUMNS = {
  outcome: sql`outcome`,
  profile_id: sql`profile_id`,
  profile_uuid: sql`profile_uuid`,
  limit_index: sql`limit_index`,
  retry_after_ms: sql`retry_after_ms`,
};

/**
 * A session for an existing profile: `weft_check_session` (migration 0027) finds and locks the
 * profile and counts its sessions against the limits, and the same statement writes the
 * session — one round trip, whose checks see what concurrent issues committed before the lock
 * was taken, so the limits hold under concurrency (404, 409 or 429 otherwise, and nothing
 * written). Prepared: PostgreSQL parses and plans it once per connection.
 */
const issueStatement = preparedStatement((db) => {
  const placeholders = Object.fromEntries(
    SESSION_WRITE_FIELDS.map((name) => [name, sql.placeholder(name)]),
  ) as SessionWrite;
  const writes = sessionWrites(placeholders);
  const checked = db.$with("checked", OUTCOME_COLUMNS).as(
    sql`select * from weft_check_session(${sql.placeholder("environmentId")}::text, ${sql.placeholder("profile")}::text,
      ${sql.placeholder("now")}::timestamptz, ${LIMIT_WINDOWS}::interval[], ${LIMIT_MAXIMA}::integer[])`,
  );
  const session = db.$with("issued", {}).as(writes.session);
  const audit = db.$with("audited", {}).as(writes.audit);
  return db.with(checked, session, audit).select(OUTCOME_COLUMNS).from(checked).prepare("weft_issue_session");
});

/** The values of a session's statement for `audit` (undefined: the caller is not audited). */
function sessionWrite(environmentId: string, now: Date, audit: AuditRecord | undefined) {
  // Whole seconds, so expiresAt, expiration and the token's exp all name the same instant.
  const expiresAt = new Date(Math.floor((now.getTime() + SESSION_LIFETIME_MS) / 1000) * 1000);
  return {
    environmentId,
    sessionId: newId("session"),
    now: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
    auditId: audit ? newId("auditEvent") : null,
    actorType: audit?.actor.type ?? null,
    actorId: audit?.actor.id ?? null,
    action: audit?.action ?? null,
    status: audit?.status ?? null,
    requestId: audit?.requestId ?? null,
  } satisfies SessionWrite;
}

/**
 * A session for an existing profile with fields to save onto it, in one statement too:
 * `weft_check_session` finds and locks the profile and checks the limits, a uuid sent must be
 * the profile's own, and only then is the profile updated and the session written. Not
 * prepared: the columns to update are the ones sent.
 */
async function withFields(
  db: Database,
  environmentId: string,
  idOrUuid: string,
  fields: Omit<SessionIssueInput, "userId">,
  write: ReturnType<typeof sessionWrite>,
): Promise<IssueOutcome | undefined> {
  const { uuid = null, ...changes } = fields;
  const update = profileUpdate(db, changes, sql`(select profile_id from checked where outcome = 'issued')`);
  const { rows } = (await db.execute(sql`with found as materialized (
      select * from weft_check_session(${environmentId}::text, ${idOrUuid}::text, ${write.now}::timestamptz,
        ${LIMIT_WINDOWS}::interval[], ${LIMIT_MAXIMA}::integer[])
    ),
    checked as (
      select case when outcome = 'issued' and ${uuid}::text is not null and profile_uuid <> lower(${uuid}::text)
          then 'uuid_changed' else outcome end as outcome,
        profile_id, profile_uuid, limit_index, retry_after_ms
      from found
    ),
    ${update ? sql`updated as (${update.getSQL()}),` : sql``}
    ${writesAndOutcome(write)}`)) as unknown as {
    rows: IssueOutcome[];
  };
  return rows[0];
}

/** The session a statement wrote, or the error its outcome names. */
function issued(row: IssueOutcome | undefined, write: ReturnType<typeof sessionWrite>, idOrUuid: string) {
  if (!row || row.outcome === "not_found") throw notFound("Profile", idOrUuid);
  if (row.outcome === "deleting") throw profileBeingDeleted(row.profile_id!);
  if (row.outcome === "uuid_changed") throw ValidationError.of("uuid", UUID_UNCHANGEABLE);
  if (row.outcome === "limited")
    throw sessionLimitReached(row.profile_id!, row.limit_index! - 1, Number(row.retry_after_ms));
  const session: SessionRow = {
    id: write.sessionId,
    environmentId: write.environmentId,
    profileId: row.profile_id!,
    createdAt: new Date(write.now),
    expiresAt: new Date(write.expiresAt),
    revokedAt: null,
  };
  return { session, profile: { id: row.profile_id!, uuid: row.profile_uuid! } };
}

/**
 * Issue a session for an existing profile (userId: its id or uuid; sent fields are saved onto
 * it) or for a new one (no userId). Each is one statement: for a profile as it is, the prepared
 * one above; for a new profile, the statement that creates it (with its event) writes its first
 * session too — a new profile has no sessions to count, and no one else can see it yet; for a
 * profile with fields to save, `withFields`' statement. The session's audit record, when the
 * caller is audited (`audit`;
 * resourceId: the profile), is written by the statement that writes the session.
 */
export async function issueSession(
  ctx: AppContext,
  environment: EnvironmentRow,
  input: SessionIssueInput,
  audit?: AuditRecord,
): Promise<UserSessionView> {
  const write = sessionWrite(environment.id, new Date(), audit);
  const { userId, ...fields } = input;
  let row: IssueOutcome | undefined;
  if (!userId) {
    const { rows } = await createProfile<IssueOutcome>(
      ctx.db,
      environment,
      fields,
      ctx.config.sandboxProfileLimit,
      (profile) => sql`checked as (
          select 'issued'::text as outcome, ${profile.id}::text as profile_id, ${profile.uuid}::text as profile_uuid,
            null::integer as limit_index, null::double precision as retry_after_ms
        ),
        ${writesAndOutcome(write)}`,
    );
    row = rows[0];
  } else if (Object.values(fields).some((value) => value !== undefined)) {
    row = await withFields(ctx.db, environment.id, userId, fields, write);
  } else {
    row = (await rawRows<IssueOutcome>(issueStatement(ctx.db), { ...write, profile: userId }))[0];
  }
  const { session, profile } = issued(row, write, userId ?? "");
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

/** Revoke a session; every process hears it (SESSIONS_REVOKED_CHANNEL) and closes its sockets. */
export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(userSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)));
    await tx.execute(sql`select pg_notify(${SESSIONS_REVOKED_CHANNEL}, ${sessionId})`);
  });
}
