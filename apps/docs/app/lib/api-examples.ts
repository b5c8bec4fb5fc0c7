import {
  type ApiName,
  type JsonSchema,
  jsonSchemaOf,
  type OpenApiDocument,
  type Operation,
  type Parameter,
  refName,
} from "./openapi.ts";
import { type Components, exampleOf, isObjectSchema, resolveSchema, unwrapNullable } from "./schema-type.ts";
import { DEFAULT_BASE_URL } from "./site.ts";

const FORMAT_SAMPLES: Record<string, string> = {
  "date-time": "2025-04-01T12:00:00.000Z",
  date: "2025-04-01",
  uuid: "0b9e4c2a-6f1d-4e8b-9a3c-2d5f7e1b4c6a",
  email: "ada@example.com",
  uri: "https://example.com",
  url: "https://example.com",
};

/** Shell variables the guides export, by auth scheme: `export WEFT_KEY=weft_sk_…`. */
const SCHEME_VARIABLES: Record<string, string> = { apiKey: "WEFT_KEY", session: "TOKEN" };

type SampleContext = {
  components: Components;
  /** "request" keeps required properties and those with an example; "response" keeps every one. */
  mode: "request" | "response";
  /** Names of the referenced schemas being sampled, so a schema that refers to itself stops. */
  seen: ReadonlySet<string>;
  /** The property the value is for ("accountId"), if any. */
  name?: string;
  /** The schema the value's own schema was referenced as ("Account"), if it was. */
  ref?: string;
  /** What the object holding the property stands for: its schema's name, else its property's. */
  owner?: string;
};

/**
 * A value that fits the schema, preferring what the schema documents (examples, default,
 * const, the first enum value), then what its format says (a date, an email address…), then,
 * for an id ("id", "accountId"), an id of the same kind that the document shows elsewhere.
 * `mode` "request" keeps required properties and those with an example; "response" keeps
 * every property.
 */
export function sampleValue(
  schema: JsonSchema,
  components: Components,
  mode: "request" | "response" = "response",
  name?: string,
): unknown {
  return sample(schema, { components, mode, seen: new Set(), ...(name !== undefined && { name }) });
}

function sample(schema: JsonSchema, context: SampleContext): unknown {
  // An example may be null: only undefined means "not documented".
  const documented = [exampleOf(schema), schema.default, schema.const].find((value) => value !== undefined);
  if (documented !== undefined) return documented;
  if (schema.enum?.length) return schema.enum[0];
  const inner = unwrapNullable(schema);
  if (inner) return sample(inner, context);
  if (schema.$ref) {
    const name = refName(schema.$ref);
    if (context.seen.has(name)) return {};
    const seen = new Set([...context.seen, name]);
    return sample(resolveSchema(schema, context.components), { ...context, seen, ref: name });
  }
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives?.[0]) return sample(alternatives[0], context);
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((part) => sample(part, context)));
  if (schema.type === "array") return schema.items ? [sample(schema.items, context)] : [];
  if (isObjectSchema(schema)) return sampleObject(schema, context);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "string") return FORMAT_SAMPLES[schema.format ?? ""] ?? idSample(context) ?? "string";
  if (type === "integer" || type === "number") return schema.minimum ?? 1;
  if (type === "boolean") return true;
  if (type === "null") return null;
  return {};
}

function sampleObject(schema: JsonSchema, context: SampleContext): Record<string, unknown> {
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {});
  const kept =
    context.mode === "response"
      ? entries
      : entries.filter(
          ([name, property]) => required.has(name) || hasDocumentedValue(property, context.components),
        );
  const { components, mode, seen } = context;
  const owner = context.ref ?? context.name;
  return Object.fromEntries(
    (kept.length > 0 ? kept : entries).map(([name, property]) => [
      name,
      sample(property, { components, mode, seen, name, ...(owner !== undefined && { owner }) }),
    ]),
  );
}

function hasDocumentedValue(schema: JsonSchema, components: Components): boolean {
  const inner = unwrapNullable(schema) ?? schema;
  if (exampleOf(inner) !== undefined || exampleOf(schema) !== undefined) return true;
  if (inner.$ref) return exampleOf(resolveSchema(inner, components)) !== undefined;
  return Object.values(inner.properties ?? {}).some((p) => hasDocumentedValue(p, components));
}

/**
 * An id for an "id" property (of the object's kind) or an "…Id" one (of the kind its name
 * says): one the document shows for that kind, as the example of a schema's own id ("Account"
 * → acct_…) or of another "…Id" property.
 */
function idSample(context: SampleContext): string | undefined {
  const { name, owner } = context;
  const kind = name === "id" ? owner : name?.match(/^(.+)Id$/)?.[1];
  if (!kind) return undefined;
  const known = idExamples(context.components);
  return kindNames(kind)
    .map((k) => known.get(k))
    .find((id) => id !== undefined);
}

const ID_SHAPE = /^[a-z]+_[0-9a-z]+$/;
const idExampleCache = new WeakMap<Components, Map<string, string>>();

/** The ids the document's examples show, by kind: "account" → "acct_01jd…". */
function idExamples(components: Components): Map<string, string> {
  const cached = idExampleCache.get(components);
  if (cached) return cached;
  const exact = new Map<string, string>();
  const shortened = new Map<string, string>();
  const record = (kind: string, example: unknown) => {
    if (typeof example !== "string" || !ID_SHAPE.test(example)) return;
    const [name, ...shorter] = kindNames(kind);
    if (name && !exact.has(name)) exact.set(name, example);
    for (const k of shorter) if (!shortened.has(k)) shortened.set(k, example);
  };
  const visit = (schema: JsonSchema | undefined, seen: Set<JsonSchema>) => {
    if (!schema || seen.has(schema)) return;
    seen.add(schema);
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const kind = name.match(/^(.+)Id$/)?.[1];
      if (kind) record(kind, exampleOf(unwrapNullable(property) ?? property));
      visit(property, seen);
    }
    for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
      visit(part, seen);
    visit(schema.items, seen);
  };
  for (const [name, schema] of Object.entries(components)) {
    const id = schema.properties?.id;
    if (id) record(name, exampleOf(unwrapNullable(id) ?? id));
    visit(schema, new Set());
  }
  const known = new Map([...shortened, ...exact]);
  idExampleCache.set(components, known);
  return known;
}

/** A kind's name and its shorter forms, lowercased: "WebhookSubscription" → webhooksubscription, subscription. */
function kindNames(kind: string): string[] {
  const words = kind.split(/(?=[A-Z])/);
  return words.map((_, index) => words.slice(index).join("").toLowerCase());
}

/** "id" under /profiles → PROFILE_ID; "accountId" → ACCOUNT_ID. */
export function pathVariable(path: string, name: string): string {
  if (name !== "id") return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase();
  const segments = path.split("/");
  const index = segments.indexOf(`{${name}}`);
  const collection = segments[index - 1] ?? "resource";
  const singular = collection.replace(/ies$/, "y").replace(/s$/, "");
  return `${singular.replace(/[^A-Za-z0-9]+/g, "_").toUpperCase()}_ID`;
}

function queryParameters(operation: Operation, components: Components): [string, unknown][] {
  return (operation.parameters ?? [])
    .filter((p) => p.in === "query" && p.required && p.schema)
    .map((p) => [p.name, sampleValue(p.schema as JsonSchema, components, "request", p.name)]);
}

function pathParameters(operation: Operation): Parameter[] {
  return (operation.parameters ?? []).filter((p) => p.in === "path");
}

function requestBodySample(operation: Operation, components: Components): unknown {
  const schema = jsonSchemaOf(operation.requestBody?.content);
  return schema ? sampleValue(schema, components, "request") : undefined;
}

function firstScheme(operation: Operation): string | undefined {
  const first = operation.security?.[0];
  return first ? Object.keys(first)[0] : undefined;
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A curl command for the operation, using the shell variables of the quickstart. */
export function curlExample(
  document: OpenApiDocument,
  method: string,
  path: string,
  operation: Operation,
): string {
  const components = document.components?.schemas ?? {};
  const urlPath = pathParameters(operation).reduce(
    (p, param) => p.replace(`{${param.name}}`, `$${pathVariable(path, param.name)}`),
    path,
  );
  const query = queryParameters(operation, components)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join("&");
  const lines = [
    `curl -s${method === "get" ? "" : ` -X ${method.toUpperCase()}`} "$WEFT${urlPath}${query ? `?${query}` : ""}"`,
  ];
  const scheme = firstScheme(operation);
  const securityScheme = scheme ? document.components?.securitySchemes?.[scheme] : undefined;
  if (scheme && securityScheme?.scheme === "basic") {
    lines.push(`-u "$PROCESSOR_TOKEN:$PROCESSOR_SECRET"`);
  } else if (scheme) {
    lines.push(`-H "Authorization: Bearer $${SCHEME_VARIABLES[scheme] ?? scheme.toUpperCase()}"`);
  }
  const body = requestBodySample(operation, components);
  if (body !== undefined) {
    lines.push(`-H "Content-Type: application/json"`);
    lines.push(`-d ${shellQuote(JSON.stringify(body))}`);
  }
  return lines.join(" \\\n  ");
}

function tsLiteral(value: unknown, indent: string): string {
  const json = JSON.stringify(value, null, 2) ?? "undefined";
  return json.replace(/"([A-Za-z_$][A-Za-z0-9_$]*)":/g, "$1:").replace(/\n/g, `\n${indent}`);
}

/** The same call through @weft/sdk's typed client. */
export function sdkExample(
  api: ApiName,
  document: OpenApiDocument,
  method: string,
  path: string,
  operation: Operation,
): string {
  const components = document.components?.schemas ?? {};
  const scheme = firstScheme(operation);
  const tokenVariable = scheme ? (SCHEME_VARIABLES[scheme] ?? scheme.toUpperCase()) : "WEFT_KEY";
  const options: string[] = [];
  const params: string[] = [];
  const pathParams = pathParameters(operation);
  if (pathParams.length > 0) {
    const entries = pathParams.map((p) => `${p.name}: process.env.${pathVariable(path, p.name)}!`);
    params.push(`path: { ${entries.join(", ")} }`);
  }
  const query = queryParameters(operation, components);
  if (query.length > 0) params.push(`query: ${tsLiteral(Object.fromEntries(query), "    ")}`);
  if (params.length > 0) options.push(`params: {\n    ${params.join(",\n    ")},\n  }`);
  const body = requestBodySample(operation, components);
  if (body !== undefined) options.push(`body: ${tsLiteral(body, "  ")}`);
  const call = `weft.${api}.${method.toUpperCase()}("${path}"${options.length > 0 ? `, {\n  ${options.join(",\n  ")},\n}` : ""})`;
  return [
    `import { createWeftClient } from "@weft/sdk";`,
    "",
    `const weft = createWeftClient({ baseUrl: "${DEFAULT_BASE_URL}", token: process.env.${tokenVariable}! });`,
    "",
    `const { data, error } = await ${call};`,
  ].join("\n");
}

export type ResponseExample = { status: string; body?: string };

/** The first success response, with a body made from its schema. */
export function responseExample(
  document: OpenApiDocument,
  operation: Operation,
): ResponseExample | undefined {
  const components = document.components?.schemas ?? {};
  const entries = Object.entries(operation.responses ?? {});
  const success = entries.find(([status]) => status.startsWith("2")) ?? entries[0];
  if (!success) return undefined;
  const [status, response] = success;
  const schema = jsonSchemaOf(response.content);
  return schema
    ? { status, body: JSON.stringify(sampleValue(schema, components, "response"), null, 2) }
    : { status };
}
