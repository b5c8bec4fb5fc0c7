import { type Static, Type } from "typebox";
import { profileFields } from "../profiles/schemas.ts";

const passcode = Type.String({
  pattern: "^[0-9]{6}$",
  errorMessage: "Passcode must be 6 digits",
  description: "The 6-digit code that was sent. Always 000000 in TEST and SANDBOX environments.",
  examples: ["000000"],
});

const identity = {
  clientId: Type.String({
    minLength: 1,
    description: "The Connector's id (ctr_…): it decides the environment and whether sign-in is allowed.",
    examples: ["ctr_01jd8x0m6e9q7v2c5b4n3k1h0g"],
  }),
  email: profileFields.email,
  phone: profileFields.phone,
};

export const PasscodeRequest = Type.Object(
  {
    session: Type.Object({ ...identity, passcode: Type.Optional(passcode) }, { additionalProperties: false }),
  },
  { title: "PasscodeRequest", additionalProperties: false },
);
export type PasscodeRequestInput = Static<typeof PasscodeRequest>;

export const PasscodeVerification = Type.Object(
  { session: Type.Object({ ...identity, passcode }, { additionalProperties: false }) },
  { title: "PasscodeVerification", additionalProperties: false },
);

export const PasscodeSent = Type.Object(
  {
    message: Type.String({ examples: ["A passcode was sent to a***@example.com"] }),
    expiresAt: Type.String({ format: "date-time", description: "When the passcode stops working." }),
  },
  { title: "PasscodeSent" },
);
