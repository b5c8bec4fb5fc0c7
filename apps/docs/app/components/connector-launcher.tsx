import type { ConnectorEventMetadata, ConnectorEventName } from "@weft/react";
import { ConnectorButton, WeftProvider } from "@weft/react";
import { useEffect, useId, useState } from "react";
import { useBaseUrl } from "./base-url.tsx";

const STORAGE_KEY = "weft:docs:connectorId";
const CONNECTOR_ID = /^ctr_[0-9a-z]{10,40}$/;

type LoggedEvent = { type: ConnectorEventName; metadata: ConnectorEventMetadata; at: string };

type Props = {
  /** The connector to launch; otherwise ?connectorId= in the page's URL, or the last one typed. */
  connectorId?: string;
  /** Where Weft runs: the server this site is served by when left out (see useBaseUrl). */
  baseUrl?: string;
};

/**
 * Launches the Connector through @weft/react, and logs every event it sends (type and
 * metadata) to the browser console, and below the button.
 */
export function ConnectorLauncher({ connectorId: given, baseUrl }: Props) {
  const [connectorId, setConnectorId] = useState(given ?? "");
  const [events, setEvents] = useState<LoggedEvent[]>([]);
  const inputId = useId();
  const siteBaseUrl = useBaseUrl();

  // Only in the browser (the page is prerendered): the URL's ?connectorId=, or the last one typed.
  useEffect(() => {
    if (given) return;
    const fromUrl = new URLSearchParams(window.location.search).get("connectorId");
    const remembered = readStored();
    const initial = fromUrl ?? remembered;
    if (initial) setConnectorId(initial);
  }, [given]);

  const isValid = CONNECTOR_ID.test(connectorId);
  const onEvent = (type: ConnectorEventName, metadata: ConnectorEventMetadata) => {
    console.info("[Weft Connector]", type, metadata);
    setEvents((list) => [...list, { type, metadata, at: new Date().toISOString() }]);
  };

  return (
    <div
      className="not-prose my-6 rounded-xl border border-fd-border bg-fd-card p-4"
      data-testid="connector-launcher"
    >
      <div className="flex flex-wrap items-end gap-3">
        <label htmlFor={inputId} className="flex min-w-64 flex-1 flex-col gap-1 text-sm font-medium">
          Connector id
          <input
            id={inputId}
            className="rounded-md border border-fd-border bg-fd-background px-2 py-1.5 font-mono text-sm"
            placeholder="ctr_…"
            spellCheck={false}
            autoComplete="off"
            value={connectorId}
            onChange={(event) => {
              const value = event.target.value.trim();
              setConnectorId(value);
              if (CONNECTOR_ID.test(value)) writeStored(value);
            }}
          />
        </label>
        <WeftProvider baseUrl={baseUrl ?? siteBaseUrl}>
          <ConnectorButton
            connectorId={connectorId}
            disabled={!isValid}
            onEvent={onEvent}
            className="rounded-md bg-fd-primary px-3 py-2 text-sm font-medium text-fd-primary-foreground disabled:opacity-50"
          >
            Launch the Connector
          </ConnectorButton>
        </WeftProvider>
      </div>
      <p className="mt-2 text-xs text-fd-muted-foreground">
        {isValid
          ? "Opens the Connector of your local Weft server. Events appear below and in the console."
          : "Paste the connector id npm start printed on its first run (ctr_…)."}
      </p>
      {events.length > 0 && (
        <ol className="mt-3 space-y-1 font-mono text-xs" aria-label="Connector events" aria-live="polite">
          {events.map((event) => (
            <li key={`${event.at}-${event.type}`}>
              <strong>{event.type}</strong> {JSON.stringify(event.metadata)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function readStored(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function writeStored(value: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, value);
  } catch {
    // Storage may be unavailable (private mode): the id is simply not remembered.
  }
}
