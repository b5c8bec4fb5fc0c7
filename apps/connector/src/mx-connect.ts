/**
 * MX Connect in the Connector: the single-use widget URL the server asked MX for is shown in a
 * frame, and MX's postMessage events (ui_message_version 4) say how it went. Only messages from
 * the widget's own origin and frame are believed.
 */
export type MxConnectResult = { kind: "CONNECTED"; memberGuid: string } | { kind: "BACK" };

type MxMessage = { mx?: boolean; type?: string; metadata?: { member_guid?: unknown } };

/** Settles on the widget's memberConnected (or backToSearch) event; `stop` ends the wait. */
export function waitForMxConnect(
  frame: () => Window | null,
  widgetUrl: string,
  signal: AbortSignal,
): Promise<MxConnectResult> {
  const origin = new URL(widgetUrl).origin;
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame()) return;
      const data = event.data as MxMessage | null;
      if (!data || typeof data !== "object" || data.mx !== true) return;
      if (data.type === "mx/connect/memberConnected" && typeof data.metadata?.member_guid === "string") {
        done({ kind: "CONNECTED", memberGuid: data.metadata.member_guid });
      } else if (data.type === "mx/connect/backToSearch") {
        done({ kind: "BACK" });
      }
    };
    const done = (result: MxConnectResult) => {
      window.removeEventListener("message", onMessage);
      resolve(result);
    };
    signal.addEventListener("abort", () => done({ kind: "BACK" }), { once: true });
    window.addEventListener("message", onMessage);
  });
}
