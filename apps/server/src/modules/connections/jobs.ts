import type { AppContext } from "../../context.ts";
import { exponentialBackoff, type JobHandler } from "../../jobs/worker.ts";
import { expireConsent } from "./consent.ts";
import {
  CONSENT_TIMEOUT_QUEUE,
  completeDisconnect,
  DISCONNECT_QUEUE,
  STATEMENTS_REFRESH_QUEUE,
  SYNC_QUEUE,
} from "./service.ts";
import { refreshStatements } from "./statements-refresh.ts";
import { runSync } from "./sync.ts";

/** Syncs: provider failures are recorded on the connection (which schedules its own retry). */
export const connectionSyncHandler = (ctx: AppContext): JobHandler => ({
  queue: SYNC_QUEUE,
  backoffMs: exponentialBackoff,
  handle: async (job) => {
    const scheduledFor = typeof job.payload.scheduledFor === "string" ? job.payload.scheduledFor : undefined;
    await runSync(ctx, String(job.payload.connectionId), {
      scheduledFor,
      isReconnect: job.payload.reconnect === true,
      job,
    });
  },
});

export const connectionDisconnectHandler = (ctx: AppContext): JobHandler => ({
  queue: DISCONNECT_QUEUE,
  backoffMs: exponentialBackoff,
  handle: (job) => completeDisconnect(ctx, String(job.payload.connectionId)),
});

export const statementsRefreshHandler = (ctx: AppContext): JobHandler => ({
  queue: STATEMENTS_REFRESH_QUEUE,
  backoffMs: exponentialBackoff,
  handle: async (job) => {
    await refreshStatements(ctx, String(job.payload.connectionId));
  },
});

/** A Connector link whose end-user never chose accounts is disconnected. */
export const consentTimeoutHandler = (ctx: AppContext): JobHandler => ({
  queue: CONSENT_TIMEOUT_QUEUE,
  backoffMs: exponentialBackoff,
  handle: (job) => expireConsent(ctx, String(job.payload.connectionId)),
});

export const connectionJobHandlers = (ctx: AppContext): JobHandler[] => [
  connectionSyncHandler(ctx),
  consentTimeoutHandler(ctx),
  connectionDisconnectHandler(ctx),
  statementsRefreshHandler(ctx),
];
