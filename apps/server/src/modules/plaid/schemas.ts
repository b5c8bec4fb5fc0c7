import { Type } from "typebox";
import { IMPORT_PRODUCTS } from "../../providers/plaid/mapping.ts";

const ImportProduct = Type.Enum(Object.keys(IMPORT_PRODUCTS) as (keyof typeof IMPORT_PRODUCTS)[], {
  type: "string",
  errorMessage: `Product must be one of: ${Object.keys(IMPORT_PRODUCTS).join(", ")}`,
});

export const PlaidImportRequest = Type.Object(
  {
    accessToken: Type.String({
      minLength: 1,
      maxLength: 200,
      description: "The item's Plaid access token (access-sandbox-… or access-production-…).",
      examples: ["access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6"],
    }),
    externallyManaged: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          "You keep managing the item at Plaid: disconnecting the connection never calls /item/remove.",
      }),
    ),
    migrateWebhook: Type.Optional(
      Type.Boolean({
        default: true,
        description: "Point the item's webhook at Weft (/item/webhook/update), so Plaid's updates sync it.",
      }),
    ),
    products: Type.Optional(
      Type.Array(ImportProduct, {
        uniqueItems: true,
        description:
          "What to collect: auth (ACH numbers), identity (owners), transactions. Default: all three; " +
          "investments, liabilities and statements follow the item's own products.",
      }),
    ),
    institutionId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: "Plaid's institution id (ins_…); by default the item's own.",
        examples: ["ins_109508"],
      }),
    ),
  },
  { title: "PlaidImportRequest", additionalProperties: false },
);

export const EnvironmentIdParams = Type.Object({
  environmentId: Type.String({
    pattern: "^env_[0-9a-z]{26}$",
    description: "The environment whose provider keys verify the webhook.",
  }),
});
