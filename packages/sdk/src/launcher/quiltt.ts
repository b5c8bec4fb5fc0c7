import {
  type ConnectOptions,
  type ConnectorEventMetadata,
  type ConnectorEventName,
  type ConnectorHandle,
  connect,
} from "./connect.ts";

/**
 * `window.Quiltt`, as Quiltt's `@quiltt/react` and `@quiltt/core` drive it from the script at
 * `/v1/connector.js`: authenticate, connect, reconnect, reset, resetConnector, and on/off for
 * each event, on the SDK (every connector) and on each connector. Elements carrying
 * `quiltt-container="<connectorId>"` get the Connector inline. Built on Weft's own `connect()`.
 */
type Metadata = ConnectorEventMetadata;
type EventCallback = (type: ConnectorEventName, metadata: Metadata) => void;
type MetadataCallback = (metadata: Metadata) => void;

const KINDS = ["Event", "Open", "Load", "Exit", "ExitSuccess", "ExitAbort", "ExitError"] as const;
type Kind = (typeof KINDS)[number];

/** onEvent/offEvent … onExitError/offExitError over one set of listeners per kind. */
export type CallbackManager = {
  [K in Kind as `on${K}`]: (callback: K extends "Event" | "Exit" ? EventCallback : MetadataCallback) => void;
} & {
  [K in Kind as `off${K}`]: (callback: K extends "Event" | "Exit" ? EventCallback : MetadataCallback) => void;
};

type Listeners = Record<Kind, Set<EventCallback | MetadataCallback>>;

function callbackManager(): { manager: CallbackManager; listeners: Listeners } {
  const listeners = Object.fromEntries(KINDS.map((k) => [k, new Set()])) as unknown as Listeners;
  const manager = {} as Record<string, (callback: EventCallback | MetadataCallback) => void>;
  for (const kind of KINDS) {
    manager[`on${kind}`] = (callback) => listeners[kind].add(callback);
    manager[`off${kind}`] = (callback) => listeners[kind].delete(callback);
  }
  return { manager: manager as unknown as CallbackManager, listeners };
}

const SPECIFIC: Record<ConnectorEventName, Kind> = {
  opened: "Open",
  loaded: "Load",
  "exited.successful": "ExitSuccess",
  "exited.aborted": "ExitAbort",
  "exited.errored": "ExitError",
};

function dispatch(listeners: Listeners, type: ConnectorEventName, metadata: Metadata): void {
  for (const callback of listeners.Event) (callback as EventCallback)(type, metadata);
  if (type.startsWith("exited."))
    for (const callback of listeners.Exit) (callback as EventCallback)(type, metadata);
  for (const callback of listeners[SPECIFIC[type]]) (callback as MetadataCallback)(metadata);
}

export type QuilttConnectOptions = Partial<Record<`on${Kind}`, EventCallback | MetadataCallback>> & {
  institution?: string;
  connectionId?: string;
  /** light, dark, or auto (the end-user's system setting). */
  themeMode?: "light" | "dark" | "auto";
  /** Accepted for compatibility (mobile OAuth return links). */
  appLauncherUrl?: string;
};

export type QuilttConnector = CallbackManager & { open(): void };

export type QuilttSdk = CallbackManager & {
  authenticate(token: string | null | undefined): void;
  connect(connectorId: string, options?: QuilttConnectOptions): QuilttConnector;
  reconnect(connectorId: string, options: QuilttConnectOptions & { connectionId: string }): QuilttConnector;
  reset(): void;
  resetConnector(connectorId: string): void;
};

export function createQuilttSdk(baseUrl: string, root: Document = document): QuilttSdk {
  const sdk = callbackManager();
  let session: string | undefined;
  const handles = new Map<string, Set<ConnectorHandle>>();
  /** Inline Connectors, reopened when the session changes (they were opened with the old one). */
  const inline = new Set<QuilttConnector & { reopen(): void }>();

  function track(connectorId: string, handle: ConnectorHandle) {
    const set = handles.get(connectorId) ?? new Set();
    set.add(handle);
    handles.set(connectorId, set);
  }

  function build(
    connectorId: string,
    options: QuilttConnectOptions,
    container?: HTMLElement,
  ): QuilttConnector & { reopen(): void } {
    const own = callbackManager();
    for (const kind of KINDS) {
      const callback = options[`on${kind}`];
      if (callback) own.listeners[kind].add(callback);
    }
    const connectOptions = (): ConnectOptions => ({
      baseUrl,
      session,
      institution: options.institution,
      connectionId: options.connectionId,
      container,
      theme: options.themeMode,
      onEvent: (type, metadata) => {
        dispatch(own.listeners, type, metadata);
        dispatch(sdk.listeners, type, metadata);
      },
    });
    let current: ConnectorHandle | undefined;
    const connector = {
      ...own.manager,
      open() {
        current = connect(connectorId, connectOptions());
        track(connectorId, current);
        current.open();
      },
      reopen() {
        current?.close();
        connector.open();
      },
    };
    return connector;
  }

  /** Inline Connectors: every element with quiltt-container, now and as they appear. */
  function mountContainers(scope: ParentNode) {
    for (const element of scope.querySelectorAll<HTMLElement>("[quiltt-container]")) {
      if (element.dataset.weftMounted) continue;
      const connectorId = element.getAttribute("quiltt-container");
      if (!connectorId) continue;
      element.dataset.weftMounted = "true";
      const connectionId = element.getAttribute("quiltt-connection") ?? undefined;
      const institution = element.getAttribute("quiltt-institution") ?? undefined;
      const connector = build(connectorId, { connectionId, institution }, element);
      inline.add(connector);
      connector.open();
    }
  }
  if (root.readyState === "loading") root.addEventListener("DOMContentLoaded", () => mountContainers(root));
  else queueMicrotask(() => mountContainers(root));
  new MutationObserver(() => mountContainers(root)).observe(root, { childList: true, subtree: true });

  const closeAll = (connectorId?: string) => {
    for (const [id, set] of handles) {
      if (connectorId && id !== connectorId) continue;
      for (const handle of set) handle.close();
      handles.delete(id);
    }
  };

  return {
    ...sdk.manager,
    authenticate(token) {
      if ((token ?? undefined) === session) return;
      session = token ?? undefined;
      for (const connector of inline) connector.reopen();
    },
    connect: (connectorId, options = {}) => build(connectorId, options),
    reconnect: (connectorId, options) => build(connectorId, options),
    reset() {
      session = undefined;
      inline.clear();
      closeAll();
    },
    resetConnector: (connectorId) => closeAll(connectorId),
  };
}
