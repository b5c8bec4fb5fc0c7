/** The parts of OpenAPI 3.1 the reference reads, loosely typed: the documents are generated. */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  examples?: unknown[];
  example?: unknown;
  default?: unknown;
  nullable?: boolean;
  deprecated?: boolean;
  readOnly?: boolean;
  additionalProperties?: boolean | JsonSchema;
  patternProperties?: Record<string, JsonSchema>;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  maxProperties?: number;
  pattern?: string;
};

export type Parameter = {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
};

export type MediaContent = Record<string, { schema?: JsonSchema; example?: unknown }>;

export type Response = {
  description?: string;
  headers?: Record<string, { description?: string; schema?: JsonSchema }>;
  content?: MediaContent;
};

export type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; description?: string; content?: MediaContent };
  responses?: Record<string, Response>;
};

export type SecurityScheme = {
  type: string;
  scheme?: string;
  bearerFormat?: string;
  description?: string;
  name?: string;
  in?: string;
};

export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    securitySchemes?: Record<string, SecurityScheme>;
  };
};

export type ApiName = "auth" | "platform";

/** A description's prose as HTML, or a block of code from it as text (for the code block component). */
export type DescriptionBlock = { html: string } | { code: string };

/** Descriptions of a document's tags and operations (by anchor), rendered from Markdown. */
export type DescriptionHtml = {
  tags: Record<string, DescriptionBlock[]>;
  operations: Record<string, DescriptionBlock[]>;
};

export type OperationEntry = {
  method: string;
  path: string;
  operation: Operation;
  /** Stable anchor: the operationId in kebab case, else method and path. */
  anchor: string;
};

export type TagGroup = { name: string; description?: string; anchor: string; operations: OperationEntry[] };

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

export function kebabCase(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase();
}

export function operationAnchor(method: string, path: string, operation: Operation): string {
  return operation.operationId ? kebabCase(operation.operationId) : kebabCase(`${method} ${path}`);
}

export function tagAnchor(name: string): string {
  return `tag-${kebabCase(name)}`;
}

/** Every operation of the document, in the document's own order (the server's route order). */
export function listOperations(document: OpenApiDocument): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      entries.push({ method, path, operation, anchor: operationAnchor(method, path, operation) });
    }
  }
  return entries;
}

/**
 * Operations grouped by their first tag, in the order the document lists its tags; tags that
 * only operations name come next, and untagged operations last, under "Other".
 */
export function groupByTag(document: OpenApiDocument): TagGroup[] {
  const groups = new Map<string, TagGroup>();
  const groupFor = (name: string) => {
    let group = groups.get(name);
    if (!group) {
      const description = document.tags?.find((t) => t.name === name)?.description;
      group = { name, anchor: tagAnchor(name), operations: [], ...(description && { description }) };
      groups.set(name, group);
    }
    return group;
  };
  for (const tag of document.tags ?? []) groupFor(tag.name);
  for (const entry of listOperations(document))
    groupFor(entry.operation.tags?.[0] ?? "Other").operations.push(entry);
  return [...groups.values()].filter((g) => g.operations.length > 0);
}

/** "#/components/schemas/Profile" → "Profile". */
export function refName(ref: string): string {
  return decodeURIComponent(ref.split("/").at(-1) ?? ref);
}

export function resolveRef(ref: string, components: Record<string, JsonSchema>): JsonSchema | undefined {
  if (!ref.startsWith("#/components/schemas/")) return undefined;
  return components[refName(ref)];
}

/**
 * The JSON body schema of a request body or response, if it has one, with the example the
 * media type gives as the schema's own: it is this operation's (a 422 names the operation's
 * fields), where the schema's example is any operation's.
 */
export function jsonSchemaOf(content: MediaContent | undefined): JsonSchema | undefined {
  if (!content) return undefined;
  const json = content["application/json"] ?? Object.values(content)[0];
  if (!json?.schema) return undefined;
  return json.example === undefined ? json.schema : { ...json.schema, examples: [json.example] };
}
