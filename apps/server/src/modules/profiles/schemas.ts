import { type Static, Type } from "typebox";
import { DateTime, Metadata, NOT_BLANK, Nullable } from "../../http/schemas.ts";

const E164 = "^\\+[1-9][0-9]{1,14}$";
/** The longest a name or an address line may be: far beyond any real one, short of abuse. */
const TEXT_MAX = 255;

export const Address = Type.Object(
  {
    line1: Type.String({ minLength: 2, maxLength: TEXT_MAX, pattern: NOT_BLANK, examples: ["1 Market St"] }),
    line2: Type.Optional(
      Nullable(
        Type.String({ minLength: 1, maxLength: TEXT_MAX, pattern: NOT_BLANK, examples: ["Suite 300"] }),
      ),
    ),
    city: Type.String({ minLength: 1, maxLength: TEXT_MAX, pattern: NOT_BLANK, examples: ["San Francisco"] }),
    state: Type.String({ minLength: 2, maxLength: TEXT_MAX, pattern: NOT_BLANK, examples: ["CA"] }),
    postalCode: Type.String({ minLength: 1, maxLength: 20, pattern: NOT_BLANK, examples: ["94105"] }),
    countryCode: Type.Literal("USA", { errorMessage: "Country code must be USA" }),
  },
  { title: "Address", additionalProperties: false },
);

const NamesInput = Type.Object(
  {
    first: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: TEXT_MAX, pattern: NOT_BLANK }))),
    last: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: TEXT_MAX, pattern: NOT_BLANK }))),
  },
  { additionalProperties: false },
);

/** The writable fields, shared by create, update and session issuing; all optional and nullable. */
export const profileFields = {
  email: Type.Optional(
    Nullable(
      Type.String({
        format: "email",
        // The longest address SMTP carries (RFC 5321).
        maxLength: 254,
        errorMessage: "Email is not a valid email address",
        examples: ["ada@example.com"],
      }),
    ),
  ),
  phone: Type.Optional(
    Nullable(
      Type.String({
        pattern: E164,
        errorMessage: "Phone is not a valid E.164 phone number, such as +14155552671",
        examples: ["+14155552671"],
      }),
    ),
  ),
  name: Type.Optional(
    Nullable(
      Type.String({ minLength: 1, maxLength: TEXT_MAX, pattern: NOT_BLANK, examples: ["Ada Lovelace"] }),
    ),
  ),
  names: Type.Optional(Nullable(NamesInput)),
  dateOfBirth: Type.Optional(
    Nullable(
      Type.String({
        format: "date",
        errorMessage: "Date of birth is not a valid date (YYYY-MM-DD)",
        examples: ["1990-12-10"],
      }),
    ),
  ),
  address: Type.Optional(Nullable(Address)),
  metadata: Type.Optional(Nullable(Metadata)),
};

export const ProfileUuid = Type.String({
  format: "uuid",
  errorMessage: "UUID is not a valid UUID",
  description: "Your own identifier for the end-user; generated when omitted. Read-only after create.",
  examples: ["8b6f2c1e-4a3d-4f7e-9c2b-1d5e6f7a8b9c"],
});

export const ProfileCreateRequest = Type.Object(
  { uuid: Type.Optional(Nullable(ProfileUuid)), ...profileFields },
  { title: "ProfileCreateRequest", additionalProperties: false },
);
export type ProfileCreateInput = Static<typeof ProfileCreateRequest>;

export const ProfileUpdateRequest = Type.Object(profileFields, {
  title: "ProfileUpdateRequest",
  additionalProperties: false,
});
export type ProfileFieldsInput = Static<typeof ProfileUpdateRequest>;

export const Profile = Type.Object(
  {
    id: Type.String({ description: "Read-only global id.", examples: ["p_01jd8x0m6e9q7v2c5b4n3k1h0g"] }),
    uuid: Type.String({ format: "uuid", description: "Read-only." }),
    metadata: Nullable(Metadata),
    email: Nullable(Type.String({ format: "email" })),
    phone: Nullable(Type.String({ description: "E.164", examples: ["+14155552671"] })),
    name: Nullable(Type.String({ examples: ["Ada Lovelace"] })),
    names: Nullable(
      Type.Object({
        full: Nullable(
          Type.String({ description: "Read-only: first and last joined.", examples: ["Ada Lovelace"] }),
        ),
        first: Nullable(Type.String({ examples: ["Ada"] })),
        last: Nullable(Type.String({ examples: ["Lovelace"] })),
      }),
    ),
    dateOfBirth: Nullable(Type.String({ format: "date" })),
    address: Nullable(Address),
    createdAt: DateTime("Read-only."),
    updatedAt: Type.String({
      format: "date-time",
      description: "Deprecated: when the profile last changed.",
      deprecated: true,
    }),
  },
  { title: "Profile" },
);
export type ProfileView = Static<typeof Profile>;

export const ProfileIdParams = Type.Object({
  id: Type.String({ description: "The profile's id (p_…) or its uuid." }),
});
