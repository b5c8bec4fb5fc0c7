import { type Static, Type } from "typebox";
import { CONNECTION_PROVIDERS, CONNECTION_STATUSES } from "../../db/schema/index.ts";
import { DateTime, Metadata, Nullable } from "../../http/schemas.ts";
import { InstitutionSummary, Product } from "../institutions/schemas.ts";

export const ConnectionStatus = Type.Enum(CONNECTION_STATUSES, {
  type: "string",
  description:
    "INITIALIZING (just linked), SYNCING, SYNCED, ERROR_REPAIRABLE (the user must sign in again; " +
    "sync keeps retrying), ERROR_SERVICE (internal error, retried automatically), ERROR_PROVIDER, " +
    "ERROR_INSTITUTION, DISCONNECTING, DISCONNECTED (data stays, no more syncing).",
});

export const ProviderErrorBody = Type.Object(
  {
    errorType: Type.String({ examples: ["ITEM_ERROR"] }),
    errorCode: Type.String({ examples: ["ITEM_LOGIN_REQUIRED"] }),
    errorMessage: Type.String({
      examples: ["The connection has no provider access: the user must sign in again"],
    }),
    displayMessage: Nullable(
      Type.String({
        description: "Safe to show to the end-user.",
        examples: ["Please reconnect your account."],
      }),
    ),
    requestId: Nullable(Type.String({ examples: ["8WPpCSbEsxfxHmq"] })),
    suggestedAction: Nullable(Type.String({ examples: ["Ask the user to reconnect."] })),
    documentationUrl: Nullable(
      Type.String({ examples: ["https://plaid.com/docs/errors/item/#item_login_required"] }),
    ),
  },
  { title: "ProviderError", description: "Why the connection is in an ERROR_* status." },
);

export const Connection = Type.Object(
  {
    id: Type.String({ examples: ["conn_01jd8x0m6e9q7v2c5b4n3k1h0g"] }),
    profileId: Type.String({ examples: ["p_01jd8x0m6e9q7v2c5b4n3k1h0g"] }),
    provider: Type.Enum(CONNECTION_PROVIDERS, {
      type: "string",
      description: "Where the data comes from; MOCK is the sandbox provider.",
    }),
    products: Type.Array(Product),
    features: Type.Array(Product, { description: "Deprecated: the same as `products`.", deprecated: true }),
    status: ConnectionStatus,
    institution: Nullable(InstitutionSummary),
    metadata: Nullable(Metadata),
    error: Nullable(ProviderErrorBody),
    lastSyncedAt: Nullable(DateTime("When a sync last succeeded.")),
    history: Type.Object(
      {
        startOn: Type.String({
          format: "date",
          description: "The oldest day of history the connection collects.",
          examples: ["2024-11-01"],
        }),
        extendedHistoryFee: Type.Boolean({
          description:
            "More history than the provider's default was asked for (MX beyond 3 months): the provider " +
            "charges a one-time fee for this connection.",
        }),
      },
      { title: "ConnectionHistory" },
    ),
    createdAt: DateTime("When the connection was linked."),
    at: DateTime("When the status last changed."),
  },
  { title: "Connection" },
);
export type ConnectionView = Static<typeof Connection>;

export const ConnectionExport = Type.Object(
  {
    id: Type.String({ examples: ["conn_01jd8x0m6e9q7v2c5b4n3k1h0g"] }),
    profileId: Type.String({ examples: ["p_01jd8x0m6e9q7v2c5b4n3k1h0g"] }),
    provider: Type.Enum(CONNECTION_PROVIDERS, { type: "string" }),
    apiKey: Type.Array(Type.String(), {
      description: "The provider credentials of the connection (e.g. its access token).",
      examples: [["access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6"]],
    }),
  },
  { title: "ConnectionExport" },
);

export const ConnectionIdParams = Type.Object({
  connectionId: Type.String({ description: "The connection's id (conn_…)." }),
});

export const ProfileConnectionParams = Type.Object({
  profileId: Type.String({ description: "The profile's id (p_…) or uuid." }),
  connectionId: Type.String({ description: "The connection's id (conn_…)." }),
});

export const ProfileIdParams = Type.Object({
  profileId: Type.String({ description: "The profile's id (p_…) or uuid." }),
});

export const RefreshAccepted = Type.Object(
  {
    status: Type.Literal("ACCEPTED"),
    requestedAt: DateTime("When the refresh was asked for."),
  },
  { title: "RefreshAccepted", description: "The refresh runs in the background; events follow." },
);
