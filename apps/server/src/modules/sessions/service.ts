import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { environments, profiles, userSessions } from "../../db/schema/index.ts";
import { tooManyRequests, ValidationError } from "../../http/errors.ts";
import { newId } from "../../http/ids.ts";
import type { EnvironmentRow } from "../environments/service.ts";
import { applyProfileUpdate, createProfile, findLiveProfile, type ProfileRow } from "../profiles/service.ts";
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

/** 429 when the profile already holds the most active sessions a window allows. */
async function assertUnderSessionLimits(tx: Database, profileId: string, now: Date) {
  const longest = Math.max(...SESSION_LIMITS.map((l) => l.windowMs));
  const active = await tx
    .select({ createdAt: userSessions.createdAt })
    .from(userSessions)
    .where(
      and(
        eq(userSessions.profileId, profileId),
        isNull(userSessions.revokedAt),
        gt(userSessions.expiresAt, now),
        gt(userSessions.createdAt, new Date(now.getTime() - longest)),
      ),
    )
    .orderBy(asc(userSessions.createdAt));
  for (const limit of SESSION_LIMITS) {
    const inWindow = active.filter((s) => s.createdAt.getTime() > now.getTime() - limit.windowMs);
    if (inWindow.length < limit.max) continue;
    // A slot frees when the oldest session that counts leaves the window.
    const oldest = inWindow[inWindow.length - limit.max]!;
    const retryAfter = (oldest.createdAt.getTime() + limit.windowMs - now.getTime()) / 1000;
    throw tooManyRequests(
      `Profile ${profileId} already has ${limit.max} active sessions issued in the last ${limit.window}, the limit`,
      retryAfter,
      (s) =>
        `Retry after ${s} seconds, or revoke a session you no longer need with DELETE /v1/users/session.`,
    );
  }
}

/**
 * Issue a session for an existing profile (userId: its id or uuid; sent fields are saved onto
 * it) or for a new one (no userId). The profile row is locked, so the limits hold under concurrency.
 */
export async function issueSession(
  ctx: AppContext,
  environment: EnvironmentRow,
  input: SessionIssueInput,
): Promise<UserSessionView> {
  const now = new Date();
  const { userId, ...fields } = input;
  const { session, profile } = await ctx.db.transaction(async (tx) => {
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
    await assertUnderSessionLimits(tx, profile.id, now);
    const [session] = await tx
      .insert(userSessions)
      .values({
        id: newId("session"),
        environmentId: environment.id,
        profileId: profile.id,
        createdAt: now,
        // Whole seconds, so expiresAt, expiration and the token's exp all name the same instant.
        expiresAt: new Date(Math.floor((now.getTime() + SESSION_LIFETIME_MS) / 1000) * 1000),
      })
      .returning();
    return { session: session!, profile };
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
