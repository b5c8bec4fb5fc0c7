import type { ButtonHTMLAttributes } from "react";
import { splitConnectorProps, type UseConnectorOptions, useConnector } from "./use-connector.ts";

export type ConnectorButtonProps = UseConnectorOptions &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, "onLoad"> & { connectorId: string };

/** A button that opens the Connector as a modal. */
export function ConnectorButton({ connectorId, children, ...props }: ConnectorButtonProps) {
  const { options, rest } = splitConnectorProps(props);
  const { open } = useConnector(connectorId, options);
  return (
    <button type="button" {...rest} onClick={open}>
      {children ?? "Connect your bank"}
    </button>
  );
}
