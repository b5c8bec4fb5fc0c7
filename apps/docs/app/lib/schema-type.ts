import { type JsonSchema, refName, resolveRef } from "./openapi.ts";

export type Components = Record<string, JsonSchema>;

/**
 * A schema that is "X or null" — `anyOf`/`oneOf` of X and `{type: "null"}`, `type: [X, "null"]`
 * or OpenAPI 3.0's `nullable: true` — as X; anything else as undefined.
 */
export function unwrapNullable(schema: JsonSchema): JsonSchema | undefined {
  for (const key of ["anyOf", "oneOf"] as const) {
    const members = schema[key];
    if (!members?.some(isNullType)) continue;
    const rest = members.filter((m) => !isNullType(m));
    if (rest.length !== 1) continue;
    const { [key]: _members, ...siblings } = schema;
    return { ...siblings, ...rest[0] };
  }
  if (Array.isArray(schema.type) && schema.type.includes("null")) {
    const types = schema.type.filter((t) => t !== "null");
    if (types.length === 1) return { ...schema, type: types[0] };
  }
  if (schema.nullable === true) {
    const { nullable: _n, ...rest } = schema;
    return rest;
  }
  return undefined;
}

function isNullType(schema: JsonSchema): boolean {
  return schema.type === "null";
}

/** The alternatives of a oneOf/anyOf that is more than "X or null". */
export function alternativesOf(schema: JsonSchema): JsonSchema[] | undefined {
  if (unwrapNullable(schema)) return undefined;
  const members = schema.oneOf ?? schema.anyOf;
  return members && members.length > 0 ? members : undefined;
}

export function isObjectSchema(schema: JsonSchema): boolean {
  return schema.type === "object" || (schema.type === undefined && schema.properties !== undefined);
}

/** A schema with its `$ref` (and a single-member allOf) followed; siblings of the ref win. */
export function resolveSchema(schema: JsonSchema, components: Components): JsonSchema {
  if (schema.$ref) {
    const target = resolveRef(schema.$ref, components);
    if (!target) return schema;
    const { $ref: _ref, ...siblings } = schema;
    return { ...target, ...siblings };
  }
  if (schema.allOf?.length === 1 && schema.allOf[0]) {
    const { allOf: _all, ...siblings } = schema;
    return { ...resolveSchema(schema.allOf[0], components), ...siblings };
  }
  return schema;
}

function withFormat(type: string, schema: JsonSchema): string {
  return schema.format ? `${type} <${schema.format}>` : type;
}

function baseTypeText(schema: JsonSchema): string {
  if (Array.isArray(schema.type)) return schema.type.join(" or ");
  if (schema.type) return withFormat(schema.type, schema);
  if (isObjectSchema(schema)) return "object";
  if (schema.const !== undefined) return typeof schema.const;
  if (schema.enum?.length) {
    const kinds = [...new Set(schema.enum.map((v) => (v === null ? "null" : typeof v)))];
    return kinds.join(" or ");
  }
  return "any";
}

/**
 * The type text of the schema viewer, after medusa's API reference:
 * - "string", "integer", "boolean"… with the format in angle brackets: "string <date-time>";
 * - "object" for an inline object, "object (Address)" for a referenced one, and the name after
 *   the type for any other referenced schema: "string (Currency)";
 * - "array of X", where X is the referenced schema's name ("array of Profile") or the item's
 *   own type text ("array of string <uuid>");
 * - " or null" appended for a nullable schema; "A or B" for a oneOf/anyOf.
 */
export function typeText(schema: JsonSchema, components: Components): string {
  const inner = unwrapNullable(schema);
  if (inner) return `${typeText(inner, components)} or null`;
  if (schema.$ref) {
    const name = refName(schema.$ref);
    const target = resolveRef(schema.$ref, components);
    if (!target) return name;
    const nullableTarget = unwrapNullable(target);
    const core = resolveSchema(nullableTarget ?? target, components);
    const text = isObjectSchema(core) ? `object (${name})` : `${typeText(core, components)} (${name})`;
    return nullableTarget ? `${text} or null` : text;
  }
  if (schema.allOf?.length === 1 && schema.allOf[0]) return typeText(schema.allOf[0], components);
  if (schema.allOf && schema.allOf.length > 1) return "object";
  const alternatives = alternativesOf(schema);
  if (alternatives) return alternatives.map((a) => typeText(a, components)).join(" or ");
  if (schema.type === "array")
    return schema.items ? `array of ${itemText(schema.items, components)}` : "array";
  return baseTypeText(schema);
}

function itemText(items: JsonSchema, components: Components): string {
  if (items.$ref && resolveRef(items.$ref, components) && !unwrapNullable(resolveSchema(items, components))) {
    return refName(items.$ref);
  }
  return typeText(items, components);
}

/** The example a schema documents: the first of `examples`, else `example`. */
export function exampleOf(schema: JsonSchema): unknown {
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  return schema.example;
}

/**
 * The schema whose properties a "Show Properties" toggle reveals: the object itself, the
 * object items of an array, each followed through refs and nullability. `seen` holds the
 * names already open above this field, so a recursive schema stops instead of looping.
 */
export function nestedObjectOf(
  schema: JsonSchema,
  components: Components,
  seen: ReadonlySet<string> = new Set(),
): { schema: JsonSchema; seen: Set<string> } | undefined {
  let current = schema;
  const names = new Set(seen);
  for (let depth = 0; depth < 8; depth++) {
    const inner = unwrapNullable(current);
    if (inner) {
      current = inner;
      continue;
    }
    if (current.$ref) {
      const name = refName(current.$ref);
      if (names.has(name)) return undefined;
      names.add(name);
      current = resolveSchema(current, components);
      continue;
    }
    if (current.allOf?.length === 1 && current.allOf[0]) {
      current = resolveSchema(current, components);
      continue;
    }
    if (current.type === "array" && current.items) {
      current = current.items;
      continue;
    }
    if (isObjectSchema(current) && current.properties && Object.keys(current.properties).length > 0) {
      return { schema: current, seen: names };
    }
    return undefined;
  }
  return undefined;
}

export type SchemaField = { name: string; schema: JsonSchema; required: boolean };

/** The properties of an object schema as fields, required ones first, otherwise in order. */
export function fieldsOf(schema: JsonSchema): SchemaField[] {
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    schema: property,
    required: required.has(name),
  }));
  return [...fields.filter((f) => f.required), ...fields.filter((f) => !f.required)];
}

/** The values of an enum (or a const) to list under "Enum:". */
export function enumValuesOf(schema: JsonSchema, components: Components): unknown[] | undefined {
  const inner = unwrapNullable(schema) ?? schema;
  const resolved = inner.$ref ? resolveSchema(inner, components) : inner;
  const target = unwrapNullable(resolved) ?? resolved;
  if (target.enum?.length) return target.enum;
  if (target.const !== undefined) return [target.const];
  return undefined;
}

/** The alternatives to list under "One of:" (following a ref to a oneOf component). */
export function oneOfValuesOf(schema: JsonSchema, components: Components): JsonSchema[] | undefined {
  const inner = unwrapNullable(schema) ?? schema;
  return alternativesOf(inner.$ref ? resolveSchema(inner, components) : inner);
}
