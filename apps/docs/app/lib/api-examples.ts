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

/**
 * A value that fits the schema, preferring what the schema documents (examples, default,
 * const, the first enum value). `mode` "request" keeps required properties and those with
 * an example; "response" keeps every property.
 */
export function sampleValue(
  schema: JsonSchema,
  components: Components,
  mode: "request" | "response" = "response",
  seen: ReadonlySet<string> = new Set(),
): unknown {
  const documented = exampleOf(schema) ?? schema.default ?? schema.const;
  if (documented !== undefined) return documented;
  if (schema.enum?.length) return schema.enum[0];
  const inner = unwrapNullable(schema);
  if (inner) return sampleValue(inner, components, mode, seen);
  if (schema.$ref) {
    const name = refName(schema.$ref);
    if (seen.has(name)) return {};
    return sampleValue(resolveSchema(schema, components), components, mode, new Set([...seen, name]));
  }
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives?.[0]) return sampleValue(alternatives[0], components, mode, seen);
  if (schema.allOf?.length) {
    return Object.assign({}, ...schema.allOf.map((part) => sampleValue(part, components, mode, seen)));
  }
  if (schema.type === "array") return schema.items ? [sampleValue(schema.items, components, mode, seen)] : [];
  if (isObjectSchema(schema)) return sampleObject(schema, components, mode, seen);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "string") return FORMAT_SAMPLES[schema.format ?? ""] ?? "string";
  if (type === "integer" || type === "number") return schema.minimum ?? 1;
  if (type === "boolean") return true;
  if (type === "null") return null;
  return {};
}

function sampleObject(
  schema: JsonSchema,
  components: Components,
  mode: "request" | "response",
  seen: ReadonlySet<string>,
): Record<string, unknown> {
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {});
  const kept =
    mode === "response"
      ? entries
      : entries.filter(([name, property]) => required.has(name) || hasDocumentedValue(property, components));
  return Object.fromEntries(
    (kept.length > 0 ? kept : entries).map(([name, property]) => [
      name,
      sampleValue(property, components, mode, seen),
    ]),
  );
}

function hasDocumentedValue(schema: JsonSchema, components: Components): boolean {
  const inner = unwrapNullable(schema) ?? schema;
  if (exampleOf(inner) !== undefined || exampleOf(schema) !== undefined) return true;
  if (inner.$ref) return exampleOf(resolveSchema(inner, components)) !== undefined;
  return Object.values(inner.properties ?? {}).some((p) => hasDocumentedValue(p, components));
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
    .map((p) => [p.name, sampleValue(p.schema as JsonSchema, components, "request")]);
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
  const baseUrl = document.servers?.[0]?.url ?? "http://127.0.0.1:3000";
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
    `const weft = createWeftClient({ baseUrl: "${baseUrl}", token: process.env.${tokenVariable}! });`,
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
