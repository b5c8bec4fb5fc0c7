/**
 * The messages the launcher (host page) and the Connector (iframe) exchange by postMessage.
 * The Connector announces Ready to its parent; the launcher answers with Init, sent only to the
 * Connector's origin; from then on the Connector posts events only to the host's origin, and
 * the launcher accepts them only from the Connector's origin and window.
 */
export const PROTOCOL_VERSION = 1;

export type ConnectorMode = "modal" | "inline";

export type InitMessage = {
  weft: typeof PROTOCOL_VERSION;
  type: "Init";
  /** A session token: travels only by postMessage, never in a URL. */
  session?: string | undefined;
  /** Preselect an institution by id. */
  institution?: string | undefined;
  /** Reconnect this connection instead of linking a new one. */
  connectionId?: string | undefined;
  /**
   * Months of history a new connection collects, up to 24. Beyond a provider's default (MX 3,
   * Finicity 6) the provider charges a one-time fee for the connection.
   */
  historyMonths?: number | undefined;
  mode: ConnectorMode;
  /** light or dark; auto (or absent) follows the end-user's system setting. */
  theme?: ConnectorTheme | undefined;
};

export type ConnectorTheme = "light" | "dark" | "auto";

export type ConnectorEventType = "Ready" | "Load" | "ExitSuccess" | "ExitAbort" | "ExitError" | "Navigate";

export type ConnectorMessage = {
  weft: typeof PROTOCOL_VERSION;
  type: ConnectorEventType;
  profileId?: string | null;
  connectionId?: string | null;
  error?: { message: string; code?: string } | null;
  url?: string;
};

export function isConnectorMessage(data: unknown): data is ConnectorMessage {
  if (typeof data !== "object" || data === null) return false;
  const message = data as Record<string, unknown>;
  return message.weft === PROTOCOL_VERSION && typeof message.type === "string";
}

export function isInitMessage(data: unknown): data is InitMessage {
  return isConnectorMessage(data) && (data as { type: string }).type === "Init";
}
