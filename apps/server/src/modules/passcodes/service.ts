import { randomInt } from "node:crypto";
import { and, count, desc, eq, gt, isNull } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import { passcodes } from "../../db/schema/index.ts";
import {
  forbidden,
  HttpError,
  tooManyRequests,
  unauthenticated,
  ValidationError,
} from "../../http/errors.ts";
import { newId } from "../../http/ids.ts";
import { safeEqual, sha256Hex } from "../../security/secrets.ts";
import { type ConnectorRow, findConnector } from "../connectors/service.ts";
import { findEnvironment, isSandboxMode } from "../environments/service.ts";
import { findProfileByContact } from "../profiles/service.ts";
import type { UserSessionView } from "../sessions/schemas.ts";
import { issueSession } from "../sessions/service.ts";

export const PASSCODE_TTL_MS = 10 * 60_000;
export const PASSCODE_MAX_ATTEMPTS = 5;
/** Passcodes one destination may be sent through one connector in an hour. */
export const PASSCODE_SENDS_PER_HOUR = 5;
export const SANDBOX_PASSCODE = "000000";

export type Identity = { clientId: string; email?: string | null; phone?: string | null };

type Destination = { channel: "email" | "phone"; value: string };

function destinationOf(identity: Identity): Destination {
  const hasEmail = identity.email != null;
  const hasPhone = identity.phone != null;
  if (hasEmail === hasPhone) {
    throw ValidationError.of("session", "Send either an email or a phone, not both and not neither");
  }
  return hasEmail
    ? { channel: "email", value: identity.email!.trim().toLowerCase() }
    : { channel: "phone", value: identity.phone! };
}

const hashCode = (passcodeId: string, code: string) => sha256Hex(`${passcodeId}:${code}`);

const mask = (d: Destination) =>
  d.channel === "email" ? d.value.replace(/^(.)[^@]*/, "$1***") : `***${d.value.slice(-4)}`;

async function signInConnector(ctx: AppContext, clientId: string): Promise<ConnectorRow> {
  // An unknown client is refused (403), never "not found": Quiltt's clients treat 404 as transient.
  const connector = await findConnector(ctx.db, clientId).catch((error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 404)
      throw forbidden(
        `Unknown clientId ${clientId}`,
        "Send the id of one of your Connectors (ctr_…) as clientId.",
      );
    throw error;
  });
  if (!connector.emailSignIn) {
    throw forbidden(
      "This connector does not let end-users sign in by themselves",
      "Issue a session from your backend (POST /v1/users/sessions) and pass its token to the connector.",
    );
  }
  return connector;
}

/** Send a passcode to the email or phone; in TEST and SANDBOX it is always 000000. */
export async function requestPasscode(
  ctx: AppContext,
  identity: Identity,
): Promise<{ message: string; expiresAt: string }> {
  const destination = destinationOf(identity);
  const connector = await signInConnector(ctx, identity.clientId);
  const environment = (await findEnvironment(ctx.db, connector.environmentId))!;
  const now = new Date();
  const [sent] = await ctx.db
    .select({ n: count() })
    .from(passcodes)
    .where(
      and(
        eq(passcodes.connectorId, connector.id),
        eq(passcodes.destination, destination.value),
        gt(passcodes.createdAt, new Date(now.getTime() - 3_600_000)),
      ),
    );
  if ((sent?.n ?? 0) >= PASSCODE_SENDS_PER_HOUR) {
    throw tooManyRequests(
      `${PASSCODE_SENDS_PER_HOUR} passcodes were already sent to ${mask(destination)} in the last hour`,
      3600,
      (s) => `Use the latest passcode you received, or try again in ${s} seconds.`,
    );
  }
  const isSandbox = isSandboxMode(environment.mode);
  // A real passcode that only the log would carry is no sign-in: anyone reading the log could use it.
  if (!isSandbox && (destination.channel === "phone" || ctx.mailer.delivers === false)) {
    throw new HttpError(
      503,
      destination.channel === "phone"
        ? "Passcodes cannot be sent by text message: this Weft has no SMS gateway"
        : "Passcodes cannot be sent by email: this Weft has no mail server",
      destination.channel === "phone"
        ? "Sign in with an email, or have your backend issue the session (POST /v1/users/sessions)."
        : "The operator sets WEFT_SMTP_URL; until then, your backend issues sessions (POST /v1/users/sessions).",
    );
  }
  const code = isSandbox ? SANDBOX_PASSCODE : String(randomInt(0, 1_000_000)).padStart(6, "0");
  const id = newId("passcode");
  const expiresAt = new Date(now.getTime() + PASSCODE_TTL_MS);
  await ctx.db.insert(passcodes).values({
    id,
    environmentId: environment.id,
    connectorId: connector.id,
    destination: destination.value,
    codeHash: hashCode(id, code),
    createdAt: now,
    expiresAt,
  });
  const text = `Your ${connector.name} passcode is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this message.`;
  if (destination.channel === "email") {
    await ctx.mailer.send({
      to: destination.value,
      subject: `${code} is your ${connector.name} passcode`,
      text,
    });
  } else {
    // No SMS gateway: only TEST and SANDBOX sign in by phone, with their fixed passcode.
    ctx.logger.warn({ to: destination.value, body: text }, "sms (no SMS gateway configured)");
  }
  return { message: `A passcode was sent to ${mask(destination)}`, expiresAt: expiresAt.toISOString() };
}

const wrongPasscode = () =>
  unauthenticated(
    "The passcode is wrong or has expired",
    "Check the code, or ask for a new one with POST /v1/users/session.",
  );

/**
 * Check the latest passcode sent to this destination; on success sign the end-user in: their
 * profile in the connector's environment (created on first sign-in) gets a new session.
 */
export async function verifyPasscode(
  ctx: AppContext,
  identity: Identity,
  code: string,
): Promise<UserSessionView> {
  const destination = destinationOf(identity);
  const connector = await signInConnector(ctx, identity.clientId);
  const now = new Date();
  const isCorrect = await ctx.db.transaction(async (tx) => {
    const [latest] = await tx
      .select()
      .from(passcodes)
      .where(
        and(
          eq(passcodes.connectorId, connector.id),
          eq(passcodes.destination, destination.value),
          isNull(passcodes.consumedAt),
          gt(passcodes.expiresAt, now),
        ),
      )
      .orderBy(desc(passcodes.createdAt))
      .limit(1)
      .for("update");
    if (!latest || latest.attempts >= PASSCODE_MAX_ATTEMPTS) return false;
    const correct = safeEqual(hashCode(latest.id, code), latest.codeHash);
    await tx
      .update(passcodes)
      .set(correct ? { consumedAt: now } : { attempts: latest.attempts + 1 })
      .where(eq(passcodes.id, latest.id));
    return correct;
  });
  if (!isCorrect) throw wrongPasscode();

  const environment = (await findEnvironment(ctx.db, connector.environmentId))!;
  const existing = await findProfileByContact(ctx.db, environment.id, destination);
  // A new profile is created with its first session (one statement).
  return issueSession(
    ctx,
    environment,
    existing ? { userId: existing.id } : { [destination.channel]: destination.value },
  );
}
