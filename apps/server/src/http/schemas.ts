import { type TSchema, type TSchemaOptions, Type } from "typebox";

/** Wire schemas every module shares. A `title` names a schema: OpenAPI lists it as a component. */
export const RestError = Type.Object(
  {
    message: Type.String({ description: "What went wrong." }),
    instruction: Type.String({ description: "What to do about it." }),
    errorId: Type.Optional(
      Type.String({ description: "Only on a 500: quote it to the operator; it is in the logs." }),
    ),
  },
  { title: "RestError" },
);

export const ValidationErrors = Type.Record(Type.String(), Type.Array(Type.String()), {
  title: "ValidationErrors",
  description:
    "Field (dotted when nested, e.g. address.line1) to the messages that say what is wrong with it.",
  examples: [{ email: ["Email is not a valid email address"] }],
});

/** Metadata's limits: keys, a key's length, and its size as JSON (a record's own data stays small). */
export const METADATA_LIMITS = { keys: 50, keyLength: 40, jsonBytes: 16_384 } as const;

export const Metadata = Type.Record(Type.String(), Type.Unknown(), {
  minProperties: 1,
  maxProperties: METADATA_LIMITS.keys,
  propertyNames: { maxLength: METADATA_LIMITS.keyLength },
  "x-maxJsonBytes": METADATA_LIMITS.jsonBytes,
  description: `Your own key-value pairs: 1 to ${METADATA_LIMITS.keys} keys of at most ${METADATA_LIMITS.keyLength} characters, at most ${METADATA_LIMITS.jsonBytes / 1024} KB as JSON.`,
  examples: [{ plan: "pro" }],
});

/**
 * The pattern of text that must say something: not empty, not only spaces. Validation words its
 * failure "… cannot be blank".
 */
export const NOT_BLANK = "\\S";

export const Nullable = <T extends TSchema>(schema: T, options?: TSchemaOptions) =>
  Type.Union([schema, Type.Null()], options);

/** PATCH body of records whose only writable field is their metadata. */
export const MetadataUpdateRequest = Type.Object(
  {
    metadata: Nullable(Metadata, {
      description:
        "Merged into the record's: the keys sent replace its own, a key sent as null is removed, and null clears them all (at most 50 keys, and 16 KB as JSON, after the merge).",
    }),
  },
  { additionalProperties: false, title: "MetadataUpdateRequest" },
);

export const DateTime = (description: string) => Type.String({ format: "date-time", description });

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Bad request",
  401: "Not authenticated: the credentials are missing, invalid, expired or revoked",
  403: "Forbidden: the credential is valid, but may not do this (its kind, or the resource's state)",
  404: "Not found",
  409: "Conflict",
  413: "Request body too large",
  429: "Too many requests: see Retry-After",
  502: "Upstream provider error",
  503: "Not available on this Weft now, or not set up",
};

/** The error responses a route can give, for its schema: `...errorResponses(401, 404)`. */
export function errorResponses(...statuses: number[]): Record<number, TSchema> {
  const responses: Record<number, TSchema> = {};
  // A route that authenticates also answers 403 to a valid credential of a kind it does not take.
  for (const status of statuses.includes(401) && !statuses.includes(403) ? [...statuses, 403] : statuses) {
    responses[status] =
      status === 422
        ? Type.Unsafe({ ...ValidationErrors, description: "Validation failed" })
        : Type.Unsafe({ ...RestError, description: ERROR_DESCRIPTIONS[status] ?? "Error" });
  }
  return responses;
}

export const NoContent = Type.Null({ description: "No content" });

/**
 * The body of a write that takes none: nothing, or `{}`. Any field sent is refused as a body's
 * unknown fields are (a 422 naming it), not ignored while the write goes ahead.
 */
export const NoBody = Type.Union([Type.Object({}), Type.Null()]);
/** The query string of a route that reads none: any parameter in it is unknown (a 422). */
export const NoQuery = Type.Object({});
