import type { ConnectionStatus } from "../../db/schema/index.ts";
import { conflict } from "../../http/errors.ts";
import type { EventType } from "../events/service.ts";

export const ERROR_STATUSES = [
  "ERROR_REPAIRABLE",
  "ERROR_INSTITUTION",
  "ERROR_PROVIDER",
  "ERROR_SERVICE",
] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

/**
 * The connection status machine: from each status, the statuses it may move to. Every status
 * change goes through `assertTransition`; anything not listed here is refused (409).
 *
 * - A new connection starts INITIALIZING; its first sync moves it to SYNCING, then SYNCED.
 * - Any sync may end in an ERROR_* status; a later successful sync leaves it through SYNCING.
 *   Errors may also turn into one another (a retry can fail differently).
 * - SYNCED goes back to SYNCING for every later sync.
 * - Disconnecting is possible from every live status; DISCONNECTING ends in DISCONNECTED.
 * - DISCONNECTED keeps its data; a reconnect (the user signs in again) moves it to SYNCING.
 */
export const CONNECTION_TRANSITIONS: Record<ConnectionStatus, readonly ConnectionStatus[]> = {
  INITIALIZING: ["SYNCING", ...ERROR_STATUSES, "DISCONNECTING"],
  SYNCING: ["SYNCED", ...ERROR_STATUSES, "DISCONNECTING"],
  SYNCED: ["SYNCING", ...ERROR_STATUSES, "DISCONNECTING"],
  ERROR_REPAIRABLE: ["SYNCING", "ERROR_INSTITUTION", "ERROR_PROVIDER", "ERROR_SERVICE", "DISCONNECTING"],
  ERROR_INSTITUTION: ["SYNCING", "ERROR_REPAIRABLE", "ERROR_PROVIDER", "ERROR_SERVICE", "DISCONNECTING"],
  ERROR_PROVIDER: ["SYNCING", "ERROR_REPAIRABLE", "ERROR_INSTITUTION", "ERROR_SERVICE", "DISCONNECTING"],
  ERROR_SERVICE: ["SYNCING", "ERROR_REPAIRABLE", "ERROR_INSTITUTION", "ERROR_PROVIDER", "DISCONNECTING"],
  DISCONNECTING: ["DISCONNECTED"],
  DISCONNECTED: ["SYNCING"],
};

export const canTransition = (from: ConnectionStatus, to: ConnectionStatus) =>
  CONNECTION_TRANSITIONS[from].includes(to);

/** 409 unless the machine allows from → to. */
export function assertTransition(connectionId: string, from: ConnectionStatus, to: ConnectionStatus): void {
  if (canTransition(from, to)) return;
  const allowed = CONNECTION_TRANSITIONS[from];
  throw conflict(
    `Connection ${connectionId} cannot go from ${from} to ${to}`,
    allowed.length > 0
      ? `From ${from} a connection can only go to ${allowed.join(", ")}.`
      : `A connection in ${from} cannot change status.`,
  );
}

export const isErrorStatus = (status: ConnectionStatus): status is ErrorStatus =>
  (ERROR_STATUSES as readonly string[]).includes(status);

/** Active: not disconnected or on its way there. Data of inactive connections is read-only. */
export const isActiveStatus = (status: ConnectionStatus) =>
  status !== "DISCONNECTING" && status !== "DISCONNECTED";

/** The event a connection entering an ERROR_* status records. */
export const ERROR_EVENTS: Record<ErrorStatus, EventType> = {
  ERROR_REPAIRABLE: "connection.synced.errored.repairable",
  ERROR_INSTITUTION: "connection.synced.errored.institution",
  ERROR_PROVIDER: "connection.synced.errored.provider",
  ERROR_SERVICE: "connection.synced.errored.service",
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** How long after the `failures`-th failure in a row the sync runs again. */
export function retryDelayMs(status: ErrorStatus, failures: number): number {
  const doubling = 2 ** Math.max(0, Math.min(failures, 16) - 1);
  switch (status) {
    case "ERROR_SERVICE":
      // Our own fault: retry soon, then less often.
      return Math.min(HOUR, 30_000 * doubling);
    case "ERROR_REPAIRABLE":
      // Waits for the user to sign in again, checking now and then in case they did elsewhere.
      return Math.min(24 * HOUR, HOUR * doubling);
    default:
      return Math.min(6 * HOUR, 15 * MINUTE * doubling);
  }
}

/** A synced connection refreshes on this schedule. */
export const SYNC_INTERVAL_MS = 12 * HOUR;

/** The first sync fetches this many recent days; the history follows in a second pass. */
export const INITIAL_WINDOW_DAYS = 90;

/** A later sync looks this far back, so pending items that posted since are picked up. */
export const INCREMENTAL_OVERLAP_DAYS = 14;

/** History collected per connection. */
export const HISTORY_MONTHS = 24;
