import { type Static, Type } from "typebox";
import { Nullable } from "../../http/schemas.ts";
import { Environment } from "../environments/schemas.ts";
import { ProfileUuid, profileFields } from "../profiles/schemas.ts";

export const SessionIssueRequest = Type.Object(
  {
    userId: Type.Optional(
      Type.String({
        minLength: 1,
        // Longer than any id or uuid: nothing to look up.
        maxLength: 255,
        description: "An existing profile's id (p_…) or uuid. Omit it to create a new profile.",
      }),
    ),
    uuid: Type.Optional(Nullable(ProfileUuid)),
    ...profileFields,
  },
  { title: "SessionIssueRequest", additionalProperties: false },
);
export type SessionIssueInput = Static<typeof SessionIssueRequest>;

export const UserSession = Type.Object(
  {
    token: Type.String({
      description: "The session token (a JWT): safe to hand to the end-user's client.",
      examples: [
        "eyJhbGciOiJFZERTQSIsImtpZCI6ImtleV8wMWpkOHgwbTZlOXE3djJjNWI0bjNrMWgwZyIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJwXzAxamQ4eDBtNmU5cTd2MmM1YjRuM2sxaDBnIn0.…",
      ],
    }),
    userId: Type.String({ description: "The profile's id.", examples: ["p_01jd8x0m6e9q7v2c5b4n3k1h0g"] }),
    userUuid: Type.String({
      description: "The profile's uuid.",
      examples: ["8b6f2c1e-4a3d-4f7e-9c2b-1d5e6f7a8b9c"],
    }),
    environmentId: Type.String({ examples: ["env_01jd8x0m6e9q7v2c5b4n3k1h0g"] }),
    expiration: Type.Integer({
      description: "When the token expires, in unix seconds.",
      examples: [1743508800],
    }),
    expiresAt: Type.String({ format: "date-time", description: "When the token expires." }),
  },
  { title: "UserSession" },
);
export type UserSessionView = Static<typeof UserSession>;

export const ApiKeyIntrospection = Type.Object(
  {
    id: Type.String({ examples: ["api_01jd8x0m6e9q7v2c5b4n3k1h0g"] }),
    name: Type.String({ examples: ["Backend"] }),
    apiVersion: Type.String({ examples: ["2025-04-01"] }),
    environment: Environment,
  },
  { title: "APIKey" },
);

export const Jwks = Type.Object(
  { keys: Type.Array(Type.Record(Type.String(), Type.Unknown())) },
  { title: "JSONWebKeySet" },
);
