import type { AppContext } from "../../context.ts";
import type { ConnectionStatus } from "../../db/schema/index.ts";
import { conflict, forbidden, ValidationError } from "../../http/errors.ts";
import { enqueueJob } from "../../jobs/queue.ts";
import {
  DEFAULT_SANDBOX_INSTITUTION,
  SANDBOX_PASSWORD,
  scenarioError,
  withScenario,
} from "../../providers/mock/index.ts";
import { decrypt, encrypt } from "../../security/secrets.ts";
import { ERROR_EVENTS, isActiveStatus, isErrorStatus, retryDelayMs } from "../connections/lifecycle.ts";
import {
  type ConnectionRow,
  findConnection,
  linkConnection,
  moveConnection,
  recordConnectionEvent,
  SYNC_QUEUE,
} from "../connections/service.ts";
import { type EnvironmentRow, isSandboxMode } from "../environments/service.ts";
import type { SandboxConnectionCreateInput, SandboxEvent } from "./schemas.ts";

/** 403 for PRODUCTION environments: the sandbox is for TEST and SANDBOX only. */
export function assertSandbox(environment: EnvironmentRow): void {
  if (isSandboxMode(environment.mode)) return;
  throw forbidden(
    "Sandbox endpoints are not available in PRODUCTION environments",
    "Use a TEST or SANDBOX environment's API key.",
  );
}

/**
 * Link a sandbox connection the way the Connector does (same service), with the sandbox
 * defaults. Wrong credentials or a missing/wrong MFA code are 422 on the field to fix.
 */
export async function createSandboxConnection(
  ctx: AppContext,
  environment: EnvironmentRow,
  input: SandboxConnectionCreateInput,
): Promise<ConnectionRow> {
  assertSandbox(environment);
  const outcome = await linkConnection(ctx, environment, {
    profileId: input.profileId,
    institutionId: input.institutionId ?? DEFAULT_SANDBOX_INSTITUTION.id,
    username: input.username ?? "user_good",
    password: input.password ?? SANDBOX_PASSWORD,
    mfaCode: input.mfaCode,
    products: input.products,
  });
  switch (outcome.kind) {
    case "LINKED":
      return outcome.connection;
    case "MFA_REQUIRED":
      throw ValidationError.of(
        "mfaCode",
        `This login asks for a one-time code: ${outcome.challenge.message}`,
      );
    case "INVALID_MFA_CODE":
      throw ValidationError.of("mfaCode", `${outcome.message}. ${outcome.challenge.message}`);
    case "INVALID_CREDENTIALS":
      throw ValidationError.of("password", outcome.message);
  }
}

function sandboxToken(ctx: AppContext, row: ConnectionRow): string {
  if (row.provider !== "MOCK" || !row.accessTokenEncrypted) {
    throw conflict(
      `Connection ${row.id} has no sandbox login to change`,
      "Simulate events on MOCK connections that are not disconnected.",
    );
  }
  return decrypt(ctx.secretKey, row.accessTokenEncrypted);
}

/**
 * Drive a connection into a status through the status machine (409 when it does not allow
 * it), recording the event that status records. ERROR_* also makes the login fail that way
 * from now on and schedules the retries that status gets; REPAIR undoes it.
 */
export async function simulateStatus(
  ctx: AppContext,
  environment: EnvironmentRow,
  connectionId: string,
  status: ConnectionStatus,
  now = new Date(),
): Promise<ConnectionRow> {
  assertSandbox(environment);
  const row = await ctx.db.transaction(async (tx) => {
    const current = await findConnection(tx, environment.id, connectionId, { forUpdate: true });
    if (current.status === status) {
      throw conflict(`Connection ${current.id} is already ${status}`, "Simulate a different status.");
    }
    if (isErrorStatus(status)) {
      const nextSyncAt = new Date(now.getTime() + retryDelayMs(status, 1));
      const token =
        current.provider === "MOCK" && current.accessTokenEncrypted
          ? encrypt(ctx.secretKey, withScenario(sandboxToken(ctx, current), status))
          : current.accessTokenEncrypted;
      const moved = await moveConnection(
        tx,
        current,
        status,
        { error: scenarioError(status).details, failedSyncs: 1, nextSyncAt, accessTokenEncrypted: token },
        now,
      );
      await recordConnectionEvent(tx, moved, ERROR_EVENTS[status], ctx.config.publicUrl, { ...moved.error });
      await enqueueJob(
        tx,
        SYNC_QUEUE,
        { connectionId, scheduledFor: nextSyncAt.toISOString() },
        { runAt: nextSyncAt },
      );
      return moved;
    }
    switch (status) {
      case "SYNCED": {
        const moved = await moveConnection(
          tx,
          current,
          status,
          { error: null, failedSyncs: 0, lastSyncedAt: now },
          now,
        );
        await recordConnectionEvent(tx, moved, "connection.synced.successful", ctx.config.publicUrl, {
          startDate: moved.syncedFromOn,
          endDate: moved.syncedThroughOn,
        });
        return moved;
      }
      case "DISCONNECTING":
        return moveConnection(tx, current, status, { nextSyncAt: null }, now);
      case "DISCONNECTED": {
        const moved = await moveConnection(tx, current, status, { nextSyncAt: null }, now);
        await recordConnectionEvent(tx, moved, "connection.disconnected", ctx.config.publicUrl);
        return moved;
      }
      default:
        return moveConnection(tx, current, status, {}, now);
    }
  });
  ctx.wakeWorkers();
  return row;
}

/** SYNC: sync now. REPAIR: the login works again (scenario GOOD), then sync now. */
export async function simulateEvent(
  ctx: AppContext,
  environment: EnvironmentRow,
  connectionId: string,
  event: SandboxEvent,
): Promise<ConnectionRow> {
  assertSandbox(environment);
  const row = await ctx.db.transaction(async (tx) => {
    const current = await findConnection(tx, environment.id, connectionId, { forUpdate: true });
    if (!isActiveStatus(current.status)) {
      throw conflict(
        `Connection ${current.id} is ${current.status}: it does not sync`,
        "Simulate on an active connection.",
      );
    }
    let updated = current;
    if (event === "REPAIR") {
      updated = await moveConnection(tx, current, current.status, {
        accessTokenEncrypted: encrypt(ctx.secretKey, withScenario(sandboxToken(ctx, current), "GOOD")),
      });
    }
    await enqueueJob(tx, SYNC_QUEUE, { connectionId });
    return updated;
  });
  ctx.wakeWorkers();
  return row;
}
