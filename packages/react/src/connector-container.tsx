import { type HTMLAttributes, useEffect, useState } from "react";
import { splitConnectorProps, type UseConnectorOptions, useConnector } from "./use-connector.ts";

export type ConnectorContainerProps = Omit<UseConnectorOptions, "container"> &
  Omit<HTMLAttributes<HTMLDivElement>, "onLoad"> & { connectorId: string };

/** The Connector inline, filling this element; it opens when mounted and closes when unmounted. */
export function ConnectorContainer({ connectorId, ...props }: ConnectorContainerProps) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const { options, rest } = splitConnectorProps(props);
  const { open } = useConnector(connectorId, { ...options, container: element ?? undefined });
  useEffect(() => {
    if (element) open();
  }, [element, open]);
  return <div {...rest} ref={setElement} data-weft-container={connectorId} />;
}
