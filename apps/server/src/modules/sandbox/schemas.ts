import { type Static, Type } from "typebox";
import { ConnectionStatus } from "../connections/schemas.ts";
import { Product } from "../institutions/schemas.ts";

export const SandboxConnectionCreateRequest = Type.Object(
  {
    profileId: Type.String({ minLength: 1, description: "The profile's id (p_…) or uuid." }),
    institutionId: Type.Optional(
      Type.String({ description: "A sandbox institution; Weft Sandbox Bank when omitted." }),
    ),
    username: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 256,
        description:
          "Chooses the scenario: user_good, user_mfa, user_error_repairable, user_error_institution, " +
          "user_error_provider, user_error_service (add +anything to link the same scenario again). " +
          "Default user_good.",
        examples: ["user_good"],
      }),
    ),
    password: Type.Optional(
      Type.String({ description: "pass_good (the default).", examples: ["pass_good"] }),
    ),
    mfaCode: Type.Optional(Type.String({ description: "For user_mfa: 123456.", examples: ["123456"] })),
    products: Type.Optional(
      Type.Array(Product, {
        minItems: 1,
        uniqueItems: true,
        description: "What to collect; every product the institution offers when omitted.",
      }),
    ),
  },
  { title: "SandboxConnectionCreateRequest", additionalProperties: false },
);
export type SandboxConnectionCreateInput = Static<typeof SandboxConnectionCreateRequest>;

export const SANDBOX_EVENTS = ["SYNC", "REPAIR"] as const;
export type SandboxEvent = (typeof SANDBOX_EVENTS)[number];

export const SandboxSimulateRequest = Type.Object(
  {
    status: Type.Optional(ConnectionStatus),
    event: Type.Optional(
      Type.Enum(SANDBOX_EVENTS, {
        type: "string",
        description:
          "SYNC: sync now. REPAIR: the user signed in again (or the institution is back), so the " +
          "login works again; a sync starts now.",
      }),
    ),
  },
  {
    title: "SandboxSimulateRequest",
    additionalProperties: false,
    description: "Exactly one of status and event.",
  },
);
export type SandboxSimulateInput = Static<typeof SandboxSimulateRequest>;
