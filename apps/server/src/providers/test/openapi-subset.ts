import { readFileSync, writeFileSync } from "node:fs";
import { parseYaml } from "@redocly/openapi-core";

/**
 * What every provider's test/extract-openapi.ts shares: reading a provider's OpenAPI description,
 * taking from it the response schemas of the endpoints Weft calls, and writing them as the
 * provider's fixture (test/openapi-responses.json, what its mapping.fuzz.test.ts samples from).
 *
 * Only what a sampler needs is kept: types, nullability, required, enums, formats, bounds,
 * items, properties, additionalProperties, allOf/oneOf/anyOf and $refs, which stay (or become)
 * $refs into one `components.schemas` holding only the schemas reachable from the kept responses.
 * Each script keeps its provider's endpoints, where its description is, and its quirks.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Schema = { [key: string]: Json };
export type Operation = { operationId: string; responses: Record<string, Json> };
export type Response = { content?: Record<string, { schema: Json }> };
export type Spec = {
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; responses?: Record<string, Json> };
};

export const REF = "#/components/schemas/";

/** Schema keywords kept; everything else (descriptions, examples, titles, x-*) is dropped. */
const KEPT = new Set([
  "$ref",
  "type",
  "nullable",
  "required",
  "enum",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "pattern",
  "minItems",
  "maxItems",
  "items",
  "properties",
  "additionalProperties",
  "allOf",
  "oneOf",
  "anyOf",
  "deprecated",
]);

/** The script's arguments: where the description is, and the commit it was read at. */
export function commandLine(usage: string): { path: string; commit: string } {
  const [path, commit] = process.argv.slice(2);
  if (!path) throw new Error(`usage: extract-openapi.ts ${usage}`);
  return { path, commit: commit ?? "unknown" };
}

/**
 * A description read: by @redocly/openapi-core's parseYaml (js-yaml) unless the script gives
 * another parser (FDX's YAML needs the `yaml` package).
 */
export function readDescription(path: string, parse: (text: string) => unknown = parseYaml): Spec {
  return parse(readFileSync(path, "utf8")) as Spec;
}

/** The operation at `METHOD path`, checked to be the one Weft's client calls. */
export function operationAt(
  spec: Spec,
  method: string,
  path: string,
  operationId: string,
  described: string,
) {
  const operation = spec.paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${described} has no ${method} ${path}`);
  if (operation.operationId !== operationId)
    throw new Error(`${method} ${path} is ${operation.operationId} in ${described}, not ${operationId}`);
  return operation;
}

/** A response's first content type and its media (the schema of its body); none for a response without a body. */
export const mediaOf = (response: Json) => Object.entries((response as Response).content ?? {})[0];

/**
 * Where a $ref found in `from` leads: the name its schema is kept under, where that schema is
 * (another file's, for a description in several files) and the schema itself.
 */
export type Resolve<F> = (ref: string, from: F) => { name: string; from: F; schema: Schema };

/** $refs of one description file: only into its own components.schemas. */
const localRefs =
  (schemas: Record<string, Schema>): Resolve<undefined> =>
  (ref) => {
    if (!ref.startsWith(REF)) throw new Error(`unexpected $ref ${ref}`);
    const name = ref.slice(REF.length);
    const schema = schemas[name];
    if (!schema) throw new Error(`unknown schema ${name}`);
    return { name, from: undefined, schema };
  };

/**
 * The schemas kept so far, and `strip`: a schema with only the kept keywords, each $ref it names
 * kept too (once), as a $ref into the kept schemas. Schemas from different files share one
 * namespace: one name found in two files is refused.
 */
export function componentsSubset<F>(resolve: Resolve<F>) {
  const kept: Record<string, Schema> = {};
  const origin = new Map<string, F>();

  const keep = (ref: string, from: F): string => {
    const target = resolve(ref, from);
    const { name } = target;
    if (name in kept) {
      if (origin.get(name) !== target.from)
        throw new Error(`${name} is in both ${String(origin.get(name))} and ${String(target.from)}`);
      return name;
    }
    kept[name] = {}; // placed first: a schema that refers to itself stops here
    origin.set(name, target.from);
    kept[name] = strip(target.schema, target.from) as Schema;
    return name;
  };

  const strip = (schema: Json, from: F = undefined as F): Json => {
    if (typeof schema === "boolean") return schema;
    if (schema === null || typeof schema !== "object" || Array.isArray(schema))
      throw new Error(`not a schema: ${JSON.stringify(schema)}`);
    const out: Schema = {};
    for (const [key, value] of Object.entries(schema)) {
      if (!KEPT.has(key)) continue;
      if (key === "$ref") {
        out.$ref = `${REF}${keep(String(value), from)}`;
      } else if (key === "properties") {
        out.properties = Object.fromEntries(
          Object.entries(value as Record<string, Json>).map(([name, s]) => [name, strip(s, from)]),
        );
      } else if (key === "items" || (key === "additionalProperties" && typeof value === "object")) {
        out[key] = strip(value, from);
      } else if (key === "allOf" || key === "oneOf" || key === "anyOf") {
        out[key] = (value as Json[]).map((s) => strip(s, from));
      } else {
        out[key] = value;
      }
    }
    return out;
  };

  /** The kept schemas, by name. */
  const schemas = () =>
    Object.fromEntries(
      Object.keys(kept)
        .sort()
        .map((name) => [name, kept[name]!]),
    );

  return { strip, schemas };
}

/**
 * For a description in one file: the script's command line, the description it names (read by
 * @redocly/openapi-core's parseYaml), and `strip` and `schemas` for its $refs.
 */
export function readOneFile(usage: string) {
  const { path, commit } = commandLine(usage);
  const spec = readDescription(path);
  return { spec, commit, ...componentsSubset(localRefs(spec.components.schemas)) };
}

/**
 * Writes the fixture next to the script (`script`: its import.meta.url) as
 * openapi-responses.json: where it came from, the endpoints, the error object if the provider
 * describes one, and the kept schemas; says how many of each.
 */
export function writeFixture(
  script: string,
  fixture: { source: Record<string, Json>; endpoints: Record<string, unknown>; error?: Json },
  schemas: Record<string, Schema>,
) {
  const { source, endpoints, error } = fixture;
  const whole = { source, endpoints, ...(error !== undefined && { error }), components: { schemas } };
  const out = new URL("./openapi-responses.json", script);
  writeFileSync(out, `${JSON.stringify(whole, null, 2)}\n`);
  process.stdout.write(
    `${Object.keys(endpoints).length} endpoints, ${Object.keys(schemas).length} schemas -> ${out.pathname}\n`,
  );
}
