import { Ajv, type ErrorObject } from "ajv";
import addFormatsModule from "ajv-formats";
import type { FastifySchemaCompiler } from "fastify";

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as typeof addFormatsModule.default;

function makeAjv(coerceTypes: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    verbose: true,
    coerceTypes,
    useDefaults: true,
    removeAdditional: true,
    strict: false,
  });
  addFormats(ajv as never);
  // Annotation only: the message to show when this field fails (the spec's wording).
  ajv.addKeyword({ keyword: "errorMessage", schemaType: "string" });
  return ajv;
}

/**
 * JSON bodies are validated as sent (a number is not a string); query strings and path
 * parameters arrive as text and are coerced to the declared types.
 */
const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  (httpPart === "body" ? bodyAjv : textAjv).compile(schema as object);

function humanize(field: string): string {
  const last = field.split(".").pop() ?? field;
  const words = last.replace(/([a-z])([A-Z0-9])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function fieldOf(error: ErrorObject): string {
  const base = error.instancePath.replace(/^\//, "").replaceAll("/", ".");
  if (error.keyword === "required") {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return base ? `${base}.${missing}` : missing;
  }
  return base || "body";
}

function messageOf(error: ErrorObject, field: string): string {
  const custom = (error.parentSchema as { errorMessage?: string } | undefined)?.errorMessage;
  if (custom && error.keyword !== "required") return custom;
  const label = humanize(field);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return `${label} is required`;
    case "minLength":
      return `${label} must be at least ${params.limit} character${params.limit === 1 ? "" : "s"}`;
    case "maxLength":
      return `${label} must be at most ${params.limit} characters`;
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
      return `${label} is not in the expected format`;
    case "type":
      return `${label} must be ${String(params.type).replace(",", " or ")}`;
    default:
      return `${label} is invalid`;
  }
}

/**
 * Ajv's errors as the 422 body: field (dotted when nested) to plain-English messages.
 * A nullable field fails both branches of its anyOf; only the non-null branch's message is kept.
 */
export function toFieldMessages(errors: ErrorObject[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const error of errors) {
    if (error.keyword === "anyOf" || error.keyword === "oneOf") continue;
    if (error.keyword === "type" && (error.params as { type: string }).type === "null") continue;
    const field = fieldOf(error);
    const message = messageOf(error, field);
    const list = fields[field] ?? [];
    if (!list.includes(message)) list.push(message);
    fields[field] = list;
  }
  return fields;
}

const compiledBodies = new WeakMap<object, ReturnType<Ajv["compile"]>>();

/** A value checked as a request body would be (outside HTTP: GraphQL inputs): the 422 field map, or null. */
export function bodyErrors(schema: object, value: unknown): Record<string, string[]> | null {
  let validate = compiledBodies.get(schema);
  if (!validate) {
    validate = bodyAjv.compile(schema);
    compiledBodies.set(schema, validate);
  }
  return validate(value) ? null : toFieldMessages(validate.errors ?? []);
}
