import { type ConnectOptions, type ConnectorHandle, connect } from "@weft/sdk";
import { useCallback, useContext, useEffect, useRef } from "react";
import { WeftContext } from "./provider.tsx";

export type UseConnectorOptions = Omit<ConnectOptions, "session" | "baseUrl"> & {
  /** Overrides the provider's session. */
  session?: string;
};

const OPTION_KEYS = [
  "session",
  "institution",
  "connectionId",
  "theme",
  "onEvent",
  "onLoad",
  "onExitSuccess",
  "onExitAbort",
  "onExitError",
] as const;

/** A component's props, split into the launcher's options and what goes on its element. */
export function splitConnectorProps<P extends UseConnectorOptions>(
  props: P,
): { options: UseConnectorOptions; rest: Omit<P, (typeof OPTION_KEYS)[number]> } {
  const rest: Record<string, unknown> = { ...props };
  const options: Record<string, unknown> = {};
  for (const key of OPTION_KEYS) {
    if (key in rest) options[key] = rest[key];
    delete rest[key];
  }
  return { options: options as UseConnectorOptions, rest: rest as Omit<P, (typeof OPTION_KEYS)[number]> };
}

/**
 * One launcher per connector for the life of the component: re-renders keep it (callbacks are
 * read fresh on every event), unmounting closes it.
 */
export function useConnector(connectorId: string, options: UseConnectorOptions = {}) {
  const context = useContext(WeftContext);
  const latest = useRef(options);
  latest.current = options;
  const handle = useRef<ConnectorHandle | undefined>(undefined);
  const session = options.session ?? context?.session ?? undefined;
  const { institution, connectionId, container, theme } = options;

  useEffect(() => {
    const launcher = connect(connectorId, {
      session,
      institution,
      connectionId,
      container,
      theme,
      baseUrl: context?.baseUrl,
      onEvent: (type, metadata) => latest.current.onEvent?.(type, metadata),
      onLoad: (metadata) => latest.current.onLoad?.(metadata),
      onExitSuccess: (metadata) => latest.current.onExitSuccess?.(metadata),
      onExitAbort: (metadata) => latest.current.onExitAbort?.(metadata),
      onExitError: (metadata) => latest.current.onExitError?.(metadata),
    });
    handle.current = launcher;
    return () => {
      if (launcher.isOpen) launcher.close();
      if (handle.current === launcher) handle.current = undefined;
    };
  }, [connectorId, session, institution, connectionId, container, theme, context?.baseUrl]);

  const open = useCallback(() => handle.current?.open(), []);
  const close = useCallback(() => handle.current?.close(), []);
  return { open, close };
}
