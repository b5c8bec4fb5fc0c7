import { type HTMLAttributes, useEffect, useState } from "react";
import { type UseConnectorOptions, useConnector } from "./use-connector.ts";

export type ConnectorContainerProps = Omit<UseConnectorOptions, "container"> &
  Omit<HTMLAttributes<HTMLDivElement>, "onLoad"> & { connectorId: string };

/** The Connector inline, filling this element; it opens when mounted and closes when unmounted. */
export function ConnectorContainer({
  connectorId,
  session,
  institution,
  connectionId,
  onEvent,
  onLoad,
  onExitSuccess,
  onExitAbort,
  onExitError,
  ...div
}: ConnectorContainerProps) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const { open } = useConnector(connectorId, {
    session,
    institution,
    connectionId,
    container: element ?? undefined,
    onEvent,
    onLoad,
    onExitSuccess,
    onExitAbort,
    onExitError,
  });
  useEffect(() => {
    if (element) open();
  }, [element, open]);
  return <div {...div} ref={setElement} data-weft-container={connectorId} />;
}
