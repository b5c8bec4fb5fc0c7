import type { ButtonHTMLAttributes } from "react";
import { type UseConnectorOptions, useConnector } from "./use-connector.ts";

export type ConnectorButtonProps = UseConnectorOptions &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, "onLoad"> & { connectorId: string };

/** A button that opens the Connector as a modal. */
export function ConnectorButton({
  connectorId,
  session,
  institution,
  connectionId,
  onEvent,
  onLoad,
  onExitSuccess,
  onExitAbort,
  onExitError,
  children,
  ...button
}: ConnectorButtonProps) {
  const { open } = useConnector(connectorId, {
    session,
    institution,
    connectionId,
    onEvent,
    onLoad,
    onExitSuccess,
    onExitAbort,
    onExitError,
  });
  return (
    <button type="button" {...button} onClick={open}>
      {children ?? "Connect your bank"}
    </button>
  );
}
