import { Ajv, type ErrorObject } from "ajv";
import addFormatsModule from "ajv-formats";
import type { FastifySchemaCompiler } from "fastify";
import { jsonbTextBytes } from "../db/metadata.ts";
import { isCalendarDay } from "../providers/dates.ts";
import { NOT_BLANK } from "./schemas.ts";

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as typeof addFormatsModule.default;

function makeAjv(coerceTypes: boolean, removeAdditional = true): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    verbose: true,
    coerceTypes,
    useDefaults: true,
    // Fields a schema closes (additionalProperties: false) are dropped from what handlers see.
    removeAdditional,
    strict: false,
  });
  addFormats(ajv as never);
  // ajv-formats' "date" allows year 0000, which PostgreSQL refuses (a 500 instead of a 422).
  ajv.addFormat("date", isCalendarDay);
  // Annotation only: the message to show when this field fails (the spec's wording).
  ajv.addKeyword({ keyword: "errorMessage", schemaType: "string" });
  // A value's size as JSON text, in bytes, as the database writes it out (metadata's: a record's
  // own data stays small, and a merge is held to the same measure).
  ajv.addKeyword({
    keyword: "x-maxJsonBytes",
    schemaType: "number",
    errors: false,
    validate: (limit: number, data: unknown) => jsonbTextBytes(data) <= limit,
  });
  return ajv;
}

/**
 * JSON bodies are validated as sent (a number is not a string); query strings and path
 * parameters arrive as text and are coerced to the declared types.
 */
const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  httpPart === "body"
    ? compileBody(schema as object)
    : compileText(schema as object, httpPart === "querystring");

/**
 * A number in a query string or a path is written in decimal digits. JavaScript (and so Ajv's
 * coercion) also reads "0x10" as 16, "1e3" as 1000 and "+5" or " 5" as 5; here they fail as any
 * other text does ("Page must be an integer").
 */
const DECIMAL = { integer: /^-?\d+$/, number: /^-?\d+(\.\d+)?$/ } as const;

type TextValidator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * `query`: a query string, whose parameters the route does not have are refused as a body's
 * unknown fields are (`?startdate=` would otherwise answer the unfiltered list), unless its
 * schema says `additionalProperties` itself — a redirect from an OAuth server, which may add
 * parameters of its own.
 */
function compileText(schema: object, query = false): TextValidator {
  const validate = decimalNumbers(schema, textAjv.compile(schema));
  if (!query || "additionalProperties" in schema) return validate;
  const known = new Set(Object.keys((schema as { properties?: object }).properties ?? {}));
  const check: TextValidator = (data) => {
    const unknown = Object.keys(data ?? {}).filter((name) => !known.has(name));
    if (unknown.length > 0) {
      check.errors = unknown.map((name) => ({
        keyword: "additionalProperties",
        instancePath: "",
        schemaPath: "#/additionalProperties",
        params: { additionalProperty: name },
      }));
      return false;
    }
    const valid = validate(data);
    check.errors = validate.errors;
    return valid;
  };
  return check;
}

/** `validate`, refusing a number not written in decimal digits (DECIMAL) as it refuses text. */
function decimalNumbers(schema: object, validate: TextValidator): TextValidator {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  const numeric = Object.entries(properties).flatMap(([name, property]) =>
    property.type === "integer" || property.type === "number"
      ? [[name, DECIMAL[property.type]] as const]
      : [],
  );
  if (numeric.length === 0) return validate;
  const check: TextValidator = (data) => {
    if (data && typeof data === "object") {
      const fields = data as Record<string, unknown>;
      for (const [name, decimal] of numeric) {
        const value = fields[name];
        // Not a number, so the schema's own type check refuses it, with its own message.
        if (typeof value === "string" && !decimal.test(value)) fields[name] = "not a number";
      }
    }
    const valid = validate(data);
    check.errors = validate.errors;
    return valid;
  };
  return check;
}

/**
 * Fields Weft assigns itself — ids, a profile's uuid once made, timestamps, a derived `names.full` — are ignored when a client
 * sends them (a record read can be sent back as an update); any other unknown field is refused.
 */
const ASSIGNED_FIELDS = "^(id|uuid|createdAt|updatedAt|full)$";

/**
 * A copy of a body schema in which every object that lists its fields is closed: its unknown
 * fields (other than the assigned ones) fail with `additionalProperties`. Free-form objects
 * (metadata: no `properties`) stay open.
 */
function closedObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closedObjects);
  if (!schema || typeof schema !== "object") return schema;
  const copy: Record<string, unknown> = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === "examples" || key === "default" ? value : closedObjects(value),
    ]),
  );
  if (copy.properties && typeof copy.properties === "object" && !("additionalProperties" in copy))
    copy.additionalProperties = false;
  if (copy.additionalProperties === false)
    copy.patternProperties = { ...(copy.patternProperties as object), [ASSIGNED_FIELDS]: {} };
  return copy;
}

/** Only reports unknown fields: it must see them, not drop them. */
const closedAjv = makeAjv(false, false);

type BodyValidator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * A body is checked twice: first for fields the request does not have (a 422 naming each, as
 * Stripe does, instead of silently ignoring a misspelt one), then against the schema itself.
 */
function compileBody(schema: object): BodyValidator {
  const unknownFields = closedAjv.compile(closedObjects(schema) as object);
  const validate = bodyAjv.compile(schema);
  const check: BodyValidator = (data) => {
    if (!unknownFields(data)) {
      const unknown = (unknownFields.errors ?? []).filter((e) => e.keyword === "additionalProperties");
      if (unknown.length > 0) {
        check.errors = unknown;
        return false;
      }
    }
    const valid = validate(data);
    check.errors = validate.errors;
    return valid;
  };
  return check;
}

/**
 * A field as a message names it: its last part in words ("address.postalCode": "Postal code",
 * "targetUrl": "Target URL");
 * an item of a list by its place ("eventTypes.0": "Event types item 1").
 */
export function fieldLabel(field: string): string {
  const parts = field.split(".");
  const last = parts.pop() ?? field;
  if (/^\d+$/.test(last) && parts.length > 0)
    return `${fieldLabel(parts.join("."))} item ${Number(last) + 1}`;
  const words = last
    .replace(/([a-z])([A-Z0-9])/g, "$1 $2")
    .toLowerCase()
    .replace(INITIALISMS, (word) => word.toUpperCase());
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** 16384 as "16 KB". */
const formatBytes = (bytes: number) => (bytes % 1024 === 0 ? `${bytes / 1024} KB` : `${bytes} bytes`);

/** JSON Schema's type names as a sentence says them ("Name must be a string"). */
const JSON_TYPES: Record<string, string> = {
  string: "a string",
  integer: "an integer",
  number: "a number",
  boolean: "a boolean",
  object: "an object",
  array: "an array",
  null: "null",
};

/** Words said letter by letter, written so ("Target URL", "Client ID", "UUID"). */
const INITIALISMS = /\b(id|url|uuid|ach|api|mfa|mcc|ip)\b/g;

function fieldOf(error: ErrorObject): string {
  const base = error.instancePath.replace(/^\//, "").replaceAll("/", ".");
  if (error.keyword === "required") {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return base ? `${base}.${missing}` : missing;
  }
  if (error.keyword === "additionalProperties") {
    const unknown = (error.params as { additionalProperty: string }).additionalProperty;
    return base ? `${base}.${unknown}` : unknown;
  }
  return base || "body";
}

function messageOf(error: ErrorObject, field: string, part: string | undefined): string {
  const custom = (error.parentSchema as { errorMessage?: string } | undefined)?.errorMessage;
  const params = error.params as Record<string, unknown>;
  // A field's own message says what its value must be; a length limit it does not state is said
  // as the limit (a 3,000-character URL is too long, not malformed).
  const unstatedLimit = error.keyword === "maxLength" && !custom?.includes(String(params.limit));
  if (custom && error.keyword !== "required" && !unstatedLimit) return custom;
  const label = fieldLabel(field);
  switch (error.keyword) {
    case "required":
      // "Event types are required"; "Address is required".
      return `${label} ${/[^su]s$/.test(label) ? "are" : "is"} required`;
    case "minLength":
      return `${label} must be at least ${params.limit} character${params.limit === 1 ? "" : "s"}`;
    case "maxLength":
      // A key of an object whose keys are limited (propertyNames): the object's keys.
      if (error.propertyName !== undefined) return `${label} keys must be at most ${params.limit} characters`;
      return `${label} must be at most ${params.limit} characters`;
    case "x-maxJsonBytes":
      return `${label} must be at most ${formatBytes(error.schema as number)} as JSON`;
    case "minProperties":
      return `${label} must have at least ${params.limit} ${params.limit === 1 ? "entry" : "entries"}`;
    case "maxProperties":
      return `${label} must have at most ${params.limit} entries`;
    case "minItems":
      return `${label} must have at least ${params.limit} item${params.limit === 1 ? "" : "s"}`;
    case "maxItems":
      return `${label} must have at most ${params.limit} items`;
    case "minimum":
      return `${label} must be at least ${params.limit}`;
    case "maximum":
      return `${label} must be at most ${params.limit}`;
    case "enum":
      return `${label} must be one of: ${(params.allowedValues as unknown[]).join(", ")}`;
    case "const":
      return `${label} must be ${String(params.allowedValue)}`;
    case "format":
      return `${label} is not a valid ${params.format}`;
    case "pattern":
      if (params.pattern === NOT_BLANK) return `${label} cannot be blank`;
      return `${label} is not in the expected format`;
    case "type":
      // A list in a query string is a parameter sent more than once (limit=1&limit=2).
      if (part === "querystring" && Array.isArray(error.data))
        return `${label} must be sent once; it was sent ${error.data.length} times`;
      return `${label} must be ${String(params.type)
        .split(",")
        .map((type) => JSON_TYPES[type] ?? type)
        .join(" or ")}`;
    case "additionalProperties":
      return `Is not a ${part === "querystring" ? "parameter" : "field"} of this request; check its spelling against the API reference`;
    default:
      return `${label} is invalid`;
  }
}

/**
 * Ajv's errors as the 422 body: field (dotted when nested) to plain-English messages.
 * A nullable field fails both branches of its anyOf; only the non-null branch's message is kept.
 * `part`: the request part validated, as Fastify names it (`body`, `querystring`, `params`).
 */
export function toFieldMessages(errors: ErrorObject[], part?: string): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const error of errors) {
    // A key's own error (maxLength with its propertyName) says it; "propertyNames" would repeat it.
    if (error.keyword === "anyOf" || error.keyword === "oneOf" || error.keyword === "propertyNames") continue;
    if (error.keyword === "type" && (error.params as { type: string }).type === "null") continue;
    // Empty text is said once, by its minimum length.
    if (error.keyword === "pattern" && error.data === "" && error.schema === NOT_BLANK) continue;
    const field = fieldOf(error);
    const message = messageOf(error, field, part);
    const list = fields[field] ?? [];
    if (!list.includes(message)) list.push(message);
    fields[field] = list;
  }
  return fields;
}

const compiledBodies = new WeakMap<object, BodyValidator>();

/** A value checked as a request body would be (outside HTTP: GraphQL inputs): the 422 field map, or null. */
export function bodyErrors(schema: object, value: unknown): Record<string, string[]> | null {
  let validate = compiledBodies.get(schema);
  if (!validate) {
    validate = compileBody(schema);
    compiledBodies.set(schema, validate);
  }
  return validate(value) ? null : toFieldMessages(validate.errors ?? []);
}

const compiledQueries = new WeakMap<object, BodyValidator>();

/** A value checked as a query string would be (text, coerced to the declared types): the 422 field map, or null. */
function queryErrors(schema: object, value: Record<string, string>): Record<string, string[]> | null {
  let validate = compiledQueries.get(schema);
  if (!validate) {
    validate = textAjv.compile(schema);
    compiledQueries.set(schema, validate);
  }
  return validate({ ...value }) ? null : toFieldMessages(validate.errors ?? [], "querystring");
}

/** Wrong values to try, in turn: one below any minimum (and no text), a boolean, text. */
const WRONG_VALUES: readonly unknown[] = [-1, true, "?"];

/**
 * The 422 a route answers when its input is wrong, as the validator itself words it, for the
 * route's OpenAPI example: an empty body (its required fields), else a wrong value in the body's
 * first field, else in the first query parameter. Undefined when the route validates neither.
 */
export function validationErrorsExample(schema: {
  body?: object;
  querystring?: object;
}): Record<string, string[]> | undefined {
  const { body, querystring } = schema;
  if (body) {
    const errors =
      bodyErrors(body, {}) ?? firstError(body, (name, value) => bodyErrors(body, { [name]: value }));
    if (errors) return errors;
  }
  if (querystring) {
    const errors = firstError(querystring, (name, value) =>
      queryErrors(querystring, { [name]: String(value) }),
    );
    if (errors) return errors;
  }
  return undefined;
}

function firstError(
  schema: object,
  check: (name: string, value: unknown) => Record<string, string[]> | null,
): Record<string, string[]> | null {
  const [name] = Object.keys((schema as { properties?: object }).properties ?? {});
  if (name === undefined) return null;
  for (const value of WRONG_VALUES) {
    const errors = check(name, value);
    if (errors) return errors;
  }
  return null;
}
