import { type Static, Type } from "typebox";
import { ENVIRONMENT_MODES } from "../../db/schema/index.ts";
import { DateTime, Nullable } from "../../http/schemas.ts";
import { ISSUERS, PROCESSORS } from "./catalogue.ts";

export const ProcessorTokenCreateRequest = Type.Object(
  {
    issuer: Type.Optional(
      Type.String({
        description: `Who issues the token: ${ISSUERS.join(", ")}. Required.`,
        examples: ["WEFT"],
      }),
    ),
    processor: Type.Optional(
      Type.String({
        description: `The processor the token is for. Required; one of: ${PROCESSORS.join(", ")}.`,
        examples: ["STRIPE"],
      }),
    ),
  },
  { title: "ProcessorTokenCreateRequest" },
);
export type ProcessorTokenCreateInput = Static<typeof ProcessorTokenCreateRequest>;

export const ProcessorToken = Type.Object(
  {
    token: Type.String({
      description: "Hand it to the processor; with its processor secret it reads this one account.",
      examples: ["weft_ptok_…"],
    }),
    account: Type.Object({
      id: Type.String({ examples: ["acct_01jd8x0m6e9q7v2c5b4n3k1h0g"] }),
      type: Type.Enum(["SPENDING", "SAVINGS"], {
        type: "string",
        description: "SPENDING for checking accounts.",
      }),
    }),
    environment: Type.Object({
      id: Type.String({ examples: ["env_01jd8x0m6e9q7v2c5b4n3k1h0g"] }),
      mode: Type.Enum(ENVIRONMENT_MODES, { type: "string" }),
    }),
    issuer: Type.Enum(ISSUERS, { type: "string" }),
    processor: Type.Enum(PROCESSORS, { type: "string" }),
    expiresAt: Nullable(DateTime("When the token stops working; null: it does not expire.")),
  },
  { title: "ProcessorToken" },
);
export type ProcessorTokenView = Static<typeof ProcessorToken>;
