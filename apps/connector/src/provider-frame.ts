/**
 * Providers' widgets shown in a frame inside the Connector (MX Connect, Finicity Connect): the URL
 * the server asked the provider for is framed, and the widget's postMessage events say how it
 * went. Only messages from the widget's own origin and frame are believed.
 */

/** Settles with the first message `decode` makes sense of, or `aborted` when `signal` fires. */
export function waitForFrame<T>(
  frame: () => Window | null,
  url: string,
  signal: AbortSignal,
  decode: (data: unknown) => T | null,
  aborted: T,
): Promise<T> {
  const origin = new URL(url).origin;
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame()) return;
      const result = decode(event.data);
      if (result !== null) done(result);
    };
    const done = (result: T) => {
      window.removeEventListener("message", onMessage);
      resolve(result);
    };
    signal.addEventListener("abort", () => done(aborted), { once: true });
    window.addEventListener("message", onMessage);
  });
}

export type MxConnectResult = { kind: "CONNECTED"; memberGuid: string } | { kind: "BACK" };

/** MX Connect's v4 events: memberConnected (with the member) or backToSearch. */
export function decodeMxConnect(data: unknown): MxConnectResult | null {
  const message = data as { mx?: boolean; type?: string; metadata?: { member_guid?: unknown } } | null;
  if (!message || typeof message !== "object" || message.mx !== true) return null;
  if (message.type === "mx/connect/memberConnected" && typeof message.metadata?.member_guid === "string")
    return { kind: "CONNECTED", memberGuid: message.metadata.member_guid };
  if (message.type === "mx/connect/backToSearch") return { kind: "BACK" };
  return null;
}

export type FinicityConnectResult = { kind: "DONE" } | { kind: "BACK" } | { kind: "ERROR"; message: string };

/** Finicity Connect's events: done, cancel, error ({type, data}). */
export function decodeFinicityConnect(data: unknown): FinicityConnectResult | null {
  const message = data as { type?: string; data?: { reason?: unknown; message?: unknown } } | null;
  if (!message || typeof message !== "object") return null;
  if (message.type === "done") return { kind: "DONE" };
  if (message.type === "cancel") return { kind: "BACK" };
  if (message.type === "error") {
    const reason = message.data?.message ?? message.data?.reason;
    return { kind: "ERROR", message: typeof reason === "string" ? reason : "Finicity Connect failed." };
  }
  return null;
}

export type AkoyaResult =
  | { kind: "AUTHORIZED"; code: string; state: string }
  | { kind: "BACK" }
  | { kind: "ERROR"; message: string };

/**
 * Akoya sends the end-user to the institution's own sign-in, which will not be framed: it opens in
 * a window of its own, and Weft's callback page (same origin as the Connector) posts the outcome
 * back — Akoya's code, which the Connector then finishes with its session. Closing that window
 * without finishing is going back.
 */
export function waitForAkoyaWindow(popup: Window, signal: AbortSignal): Promise<AkoyaResult> {
  return new Promise((resolve) => {
    // Closed on two polls in a row: a window between two sites can look closed for a moment.
    let closedPolls = 0;
    const timer = setInterval(() => {
      closedPolls = popup.closed ? closedPolls + 1 : 0;
      if (closedPolls >= 2) done({ kind: "BACK" });
    }, 500);
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup) return;
      const data = event.data as {
        weft?: string;
        outcome?: string;
        code?: unknown;
        state?: unknown;
        message?: unknown;
      } | null;
      if (data?.weft !== "akoya") return;
      if (data.outcome === "AUTHORIZED" && typeof data.code === "string" && typeof data.state === "string")
        return done({ kind: "AUTHORIZED", code: data.code, state: data.state });
      if (data.outcome === "CANCELLED") return done({ kind: "BACK" });
      done({
        kind: "ERROR",
        message: typeof data.message === "string" ? data.message : "The sign-in failed.",
      });
    };
    const done = (result: AkoyaResult) => {
      clearInterval(timer);
      window.removeEventListener("message", onMessage);
      resolve(result);
    };
    signal.addEventListener("abort", () => done({ kind: "BACK" }), { once: true });
    window.addEventListener("message", onMessage);
  });
}
