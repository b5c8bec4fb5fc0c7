export type { ConnectorEventMetadata, ConnectorEventName } from "@weft/sdk";
export { ConnectorButton, type ConnectorButtonProps } from "./connector-button.tsx";
export { ConnectorContainer, type ConnectorContainerProps } from "./connector-container.tsx";
export { SESSION_STORAGE_KEY, WeftProvider, type WeftProviderProps } from "./provider.tsx";
export { type UseConnectorOptions, useConnector } from "./use-connector.ts";
export {
  type GraphQLError,
  type GraphQLResult,
  type UseQuery,
  useMutation,
  useQuery,
  useSubscription,
} from "./use-graphql.ts";
export { type UseSession, useSession } from "./use-session.ts";
