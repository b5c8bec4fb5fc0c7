import { describe, expect, it } from "vitest";
import { CONNECTION_STATUSES, type ConnectionStatus } from "../../db/schema/index.ts";
import { HttpError } from "../../http/errors.ts";
import {
  assertTransition,
  CONNECTION_TRANSITIONS,
  canTransition,
  isActiveStatus,
  retryDelayMs,
} from "./lifecycle.ts";

/** The machine as the README states it, written out pair by pair. */
const ALLOWED: [ConnectionStatus, ConnectionStatus][] = [
  ["INITIALIZING", "SYNCING"],
  ["INITIALIZING", "ERROR_REPAIRABLE"],
  ["INITIALIZING", "ERROR_INSTITUTION"],
  ["INITIALIZING", "ERROR_PROVIDER"],
  ["INITIALIZING", "ERROR_SERVICE"],
  ["INITIALIZING", "DISCONNECTING"],
  ["SYNCING", "SYNCED"],
  ["SYNCING", "ERROR_REPAIRABLE"],
  ["SYNCING", "ERROR_INSTITUTION"],
  ["SYNCING", "ERROR_PROVIDER"],
  ["SYNCING", "ERROR_SERVICE"],
  ["SYNCING", "DISCONNECTING"],
  ["SYNCED", "SYNCING"],
  ["SYNCED", "ERROR_REPAIRABLE"],
  ["SYNCED", "ERROR_INSTITUTION"],
  ["SYNCED", "ERROR_PROVIDER"],
  ["SYNCED", "ERROR_SERVICE"],
  ["SYNCED", "DISCONNECTING"],
  ["ERROR_REPAIRABLE", "SYNCING"],
  ["ERROR_REPAIRABLE", "ERROR_INSTITUTION"],
  ["ERROR_REPAIRABLE", "ERROR_PROVIDER"],
  ["ERROR_REPAIRABLE", "ERROR_SERVICE"],
  ["ERROR_REPAIRABLE", "DISCONNECTING"],
  ["ERROR_INSTITUTION", "SYNCING"],
  ["ERROR_INSTITUTION", "ERROR_REPAIRABLE"],
  ["ERROR_INSTITUTION", "ERROR_PROVIDER"],
  ["ERROR_INSTITUTION", "ERROR_SERVICE"],
  ["ERROR_INSTITUTION", "DISCONNECTING"],
  ["ERROR_PROVIDER", "SYNCING"],
  ["ERROR_PROVIDER", "ERROR_REPAIRABLE"],
  ["ERROR_PROVIDER", "ERROR_INSTITUTION"],
  ["ERROR_PROVIDER", "ERROR_SERVICE"],
  ["ERROR_PROVIDER", "DISCONNECTING"],
  ["ERROR_SERVICE", "SYNCING"],
  ["ERROR_SERVICE", "ERROR_REPAIRABLE"],
  ["ERROR_SERVICE", "ERROR_INSTITUTION"],
  ["ERROR_SERVICE", "ERROR_PROVIDER"],
  ["ERROR_SERVICE", "DISCONNECTING"],
  ["DISCONNECTING", "DISCONNECTED"],
  ["DISCONNECTED", "SYNCING"],
];
const isAllowed = (from: ConnectionStatus, to: ConnectionStatus) =>
  ALLOWED.some(([f, t]) => f === from && t === to);
const ALL_PAIRS = CONNECTION_STATUSES.flatMap((from) => CONNECTION_STATUSES.map((to) => [from, to] as const));

describe("the connection status machine", () => {
  it("allows exactly the documented transitions", () => {
    const table = Object.entries(CONNECTION_TRANSITIONS).flatMap(([from, tos]) =>
      tos.map((to) => [from, to]),
    );
    expect(table.sort()).toEqual(ALLOWED.map(([f, t]) => [f, t]).sort());
  });

  it.each(ALLOWED)("allows %s → %s", (from, to) => {
    expect(canTransition(from, to)).toBe(true);
    expect(() => assertTransition("conn_x", from, to)).not.toThrow();
  });

  it.each(ALL_PAIRS.filter(([from, to]) => !isAllowed(from, to)))(
    "refuses %s → %s with a 409",
    (from, to) => {
      expect(canTransition(from, to)).toBe(false);
      let error: unknown;
      try {
        assertTransition("conn_x", from, to);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(409);
      expect((error as HttpError).message).toBe(`Connection conn_x cannot go from ${from} to ${to}`);
      expect((error as HttpError).instruction).toBe(
        `From ${from} a connection can only go to ${CONNECTION_TRANSITIONS[from].join(", ")}.`,
      );
    },
  );

  it("never re-enters INITIALIZING, and DISCONNECTED only leaves by a reconnect", () => {
    for (const from of CONNECTION_STATUSES) expect(canTransition(from, "INITIALIZING")).toBe(false);
    expect(CONNECTION_TRANSITIONS.DISCONNECTED).toEqual(["SYNCING"]);
    expect(CONNECTION_TRANSITIONS.DISCONNECTING).toEqual(["DISCONNECTED"]);
  });

  it("counts only DISCONNECTING and DISCONNECTED as inactive", () => {
    expect(CONNECTION_STATUSES.filter((s) => !isActiveStatus(s))).toEqual(["DISCONNECTING", "DISCONNECTED"]);
  });
});

describe("retries", () => {
  it("retries ERROR_SERVICE soon, ERROR_REPAIRABLE rarely, each backing off to a cap", () => {
    expect(retryDelayMs("ERROR_SERVICE", 1)).toBe(30_000);
    expect(retryDelayMs("ERROR_SERVICE", 2)).toBe(60_000);
    expect(retryDelayMs("ERROR_SERVICE", 50)).toBe(3_600_000);
    expect(retryDelayMs("ERROR_REPAIRABLE", 1)).toBe(3_600_000);
    expect(retryDelayMs("ERROR_REPAIRABLE", 50)).toBe(86_400_000);
    expect(retryDelayMs("ERROR_INSTITUTION", 1)).toBe(900_000);
    expect(retryDelayMs("ERROR_PROVIDER", 50)).toBe(21_600_000);
  });
});
