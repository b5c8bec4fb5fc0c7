import { type ConnectOptions, connect as connectWith } from "@weft/sdk";
import { createQuilttSdk, type QuilttSdk } from "@weft/sdk/quiltt";

/**
 * `<script src="https://your-weft/v1/connector.js"></script>` then `Weft.connect(connectorId, options)`.
 * The Connector is loaded from the server that served this script unless `baseUrl` says otherwise.
 * The same script installs `window.Quiltt` for apps built on Quiltt's SDKs.
 */
const scriptOrigin = (() => {
  const src = (document.currentScript as HTMLScriptElement | null)?.src;
  return src ? new URL(src).origin : window.location.origin;
})();

export function connect(connectorId: string, options: ConnectOptions = {}) {
  return connectWith(connectorId, { baseUrl: scriptOrigin, ...options });
}

declare global {
  interface Window {
    Quiltt?: QuilttSdk;
  }
}
window.Quiltt ??= createQuilttSdk(scriptOrigin);
