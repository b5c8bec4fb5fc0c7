import {
  type ConnectorMessage,
  type ConnectorTheme,
  type InitMessage,
  isConnectorMessage,
  PROTOCOL_VERSION,
} from "./protocol.ts";

/** The public event names a host page sees. */
export type ConnectorEventName =
  | "opened"
  | "loaded"
  | "exited.successful"
  | "exited.aborted"
  | "exited.errored";

export type ConnectorEventMetadata = {
  connectorId: string;
  profileId: string | null;
  connectionId: string | null;
  error?: { message: string; code?: string };
};

export type ConnectOptions = {
  /** A session token from your backend. Without one the Connector signs the end-user in itself. */
  session?: string;
  /** Preselect an institution. */
  institution?: string;
  /** Reconnect this connection (one in ERROR_REPAIRABLE) instead of linking a new one. */
  connectionId?: string;
  /** Months of history a new connection collects (1–24; beyond MX's 3 months MX charges a one-time fee). */
  historyMonths?: number;
  /** Where Weft runs; defaults to this page's origin. */
  baseUrl?: string;
  /** Render inline inside this element instead of as a modal. */
  container?: HTMLElement;
  /** light or dark; auto (the default) follows the end-user's system setting. */
  theme?: ConnectorTheme | undefined;
  onEvent?: (type: ConnectorEventName, metadata: ConnectorEventMetadata) => void;
  onLoad?: (metadata: ConnectorEventMetadata) => void;
  onExitSuccess?: (metadata: ConnectorEventMetadata) => void;
  onExitAbort?: (metadata: ConnectorEventMetadata) => void;
  onExitError?: (metadata: ConnectorEventMetadata) => void;
};

export type ConnectorHandle = {
  open(): void;
  close(): void;
  readonly isOpen: boolean;
};

const EVENT_NAMES: Partial<Record<ConnectorMessage["type"], Exclude<ConnectorEventName, "opened">>> = {
  Load: "loaded",
  ExitSuccess: "exited.successful",
  ExitAbort: "exited.aborted",
  ExitError: "exited.errored",
};

/** At most one modal Connector is open on a page. */
let activeModal: ConnectorHandle | undefined;

/** Below this width the modal fills the screen, as a native sheet would. */
const NARROW = "(max-width: 480px)";

/**
 * While the modal is open the rest of the page is inert: no Tab, click or screen reader reaches
 * it. Returns what undoes that (elements that were inert already stay so).
 */
function makeRestInert(overlay: HTMLElement): () => void {
  const made = [...document.body.children].filter(
    (el): el is HTMLElement => el !== overlay && el instanceof HTMLElement && !el.inert,
  );
  for (const el of made) el.inert = true;
  return () => {
    for (const el of made) el.inert = false;
  };
}

function defaultBaseUrl(): string {
  if (typeof window === "undefined") throw new Error("connect() runs in a browser");
  return window.location.origin;
}

/**
 * Prepare a Connector: `open()` shows it as a modal overlay (Esc closes it) or inside
 * `options.container`; events arrive through the callbacks. Returns `{ open, close }`.
 */
export function connect(connectorId: string, options: ConnectOptions = {}): ConnectorHandle {
  const baseUrl = (options.baseUrl ?? defaultBaseUrl()).replace(/\/+$/, "");
  const connectorOrigin = new URL(baseUrl).origin;
  let frame: HTMLIFrameElement | undefined;
  let root: HTMLElement | undefined;
  let metadata: ConnectorEventMetadata = {
    connectorId,
    profileId: null,
    connectionId: options.connectionId ?? null,
  };
  let cleanup: (() => void) | undefined;

  const emit = (type: ConnectorEventName) => {
    options.onEvent?.(type, metadata);
    if (type === "loaded") options.onLoad?.(metadata);
    if (type === "exited.successful") options.onExitSuccess?.(metadata);
    if (type === "exited.aborted") options.onExitAbort?.(metadata);
    if (type === "exited.errored") options.onExitError?.(metadata);
  };

  const teardown = () => {
    cleanup?.();
    cleanup = undefined;
    root?.remove();
    root = undefined;
    frame = undefined;
    if (activeModal === handle) activeModal = undefined;
  };

  const exit = (type: "exited.successful" | "exited.aborted" | "exited.errored") => {
    if (!frame) return;
    teardown();
    emit(type);
  };

  const onMessage = (event: MessageEvent) => {
    // Only the Connector we opened, from the Connector's own origin, is listened to.
    if (!frame || event.source !== frame.contentWindow || event.origin !== connectorOrigin) return;
    if (!isConnectorMessage(event.data)) return;
    const message = event.data;
    if (message.type === "Ready") {
      const init: InitMessage = {
        weft: PROTOCOL_VERSION,
        type: "Init",
        session: options.session,
        institution: options.institution,
        connectionId: options.connectionId,
        historyMonths: options.historyMonths,
        mode: options.container ? "inline" : "modal",
        theme: options.theme,
      };
      frame.contentWindow?.postMessage(init, connectorOrigin);
      return;
    }
    if (message.type === "Navigate") {
      if (message.url && /^https?:\/\//.test(message.url))
        window.open(message.url, "_blank", "noopener,noreferrer");
      return;
    }
    metadata = {
      connectorId,
      profileId: message.profileId ?? metadata.profileId,
      connectionId: message.connectionId ?? metadata.connectionId,
      ...(message.error && { error: message.error }),
    };
    const name = EVENT_NAMES[message.type];
    if (!name) return;
    if (name === "loaded") emit(name);
    else exit(name);
  };

  const handle: ConnectorHandle = {
    get isOpen() {
      return frame !== undefined;
    },
    open() {
      if (frame) return;
      if (!options.container && activeModal && activeModal !== handle) activeModal.close();
      // Focus goes back where it was (the button that opened the Connector, say) when it closes.
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      frame = document.createElement("iframe");
      frame.src = `${baseUrl}/connector/${encodeURIComponent(connectorId)}?mode=${options.container ? "inline" : "modal"}`;
      frame.title = "Connect your bank account";
      frame.allow = "clipboard-write";
      frame.setAttribute("data-weft-connector", connectorId);
      frame.style.cssText =
        "border:0;width:100%;height:100%;display:block;background:transparent;color-scheme:light dark";

      const onKeyDown = (event: KeyboardEvent) => {
        if (event.key === "Escape") exit("exited.aborted");
      };
      const undo: (() => void)[] = [];
      if (options.container) {
        root = frame;
        options.container.appendChild(frame);
      } else {
        const overlay = document.createElement("div");
        overlay.setAttribute("role", "dialog");
        overlay.setAttribute("aria-modal", "true");
        overlay.setAttribute("aria-label", "Connect your bank account");
        overlay.setAttribute("data-weft-overlay", "");
        overlay.style.cssText =
          "position:fixed;inset:0;z-index:2147483000;display:flex;align-items:center;justify-content:center;background:rgba(15,23,42,.55)";
        const panel = document.createElement("div");
        panel.style.cssText = "overflow:hidden;background:Canvas;box-shadow:0 24px 64px rgba(0,0,0,.3)";
        // A card on wide screens; the whole screen on narrow ones.
        const narrow = typeof window.matchMedia === "function" ? window.matchMedia(NARROW) : undefined;
        const fit = () => {
          const full = narrow?.matches ?? false;
          panel.style.width = full ? "100%" : "min(420px,100vw)";
          panel.style.height = full ? "100%" : "min(680px,100vh)";
          panel.style.borderRadius = full ? "0" : "16px";
        };
        fit();
        narrow?.addEventListener("change", fit);
        undo.push(() => narrow?.removeEventListener("change", fit));
        panel.appendChild(frame);
        overlay.appendChild(panel);
        document.body.appendChild(overlay);
        undo.push(makeRestInert(overlay));
        root = overlay;
        document.addEventListener("keydown", onKeyDown);
        activeModal = handle;
      }
      window.addEventListener("message", onMessage);
      cleanup = () => {
        window.removeEventListener("message", onMessage);
        document.removeEventListener("keydown", onKeyDown);
        for (const step of undo) step();
        if (opener?.isConnected) opener.focus();
      };
      metadata = { connectorId, profileId: null, connectionId: options.connectionId ?? null };
      emit("opened");
      frame.focus();
    },
    close() {
      exit("exited.aborted");
    },
  };
  return handle;
}
