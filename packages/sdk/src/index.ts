export { createWeftClient, type WeftClient, type WeftClientOptions } from "./client.ts";
export {
  type ConnectOptions,
  type ConnectorEventMetadata,
  type ConnectorEventName,
  type ConnectorHandle,
  connect,
} from "./launcher/connect.ts";
export type { ConnectorMessage, InitMessage } from "./launcher/protocol.ts";
