import {
  ConnectorButton,
  type ConnectorEventMetadata,
  type ConnectorEventName,
  WeftProvider,
} from "@weft/react";
import { useState } from "react";
import { createRoot } from "react-dom/client";

/** A developer's app, as the Connector journeys see it: one button from @weft/react. */
const params = new URLSearchParams(window.location.search);

function HostApp() {
  const [events, setEvents] = useState<string[]>([]);
  const log = (type: ConnectorEventName, metadata: ConnectorEventMetadata) => {
    console.log("weft-event", type, JSON.stringify(metadata));
    setEvents((all) => [...all, `${type} ${JSON.stringify(metadata)}`]);
  };
  return (
    <WeftProvider session={params.get("session")} baseUrl={params.get("weft") ?? undefined}>
      <h1>Acme Budget</h1>
      <ConnectorButton
        connectorId={params.get("connector") ?? ""}
        connectionId={params.get("connectionId") ?? undefined}
        theme={(params.get("theme") as "light" | "dark" | null) ?? undefined}
        onEvent={log}
      >
        Connect a bank
      </ConnectorButton>
      <pre id="events">{events.join("\n")}</pre>
    </WeftProvider>
  );
}

localStorage.clear();
createRoot(document.getElementById("root")!).render(<HostApp />);
