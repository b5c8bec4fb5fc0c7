import type { RouteOptions } from "fastify";
import {
  type CommonAnswer,
  type CommonHeader,
  commonAnswers,
  commonHeaders,
  type RouteShape,
  validationExample,
} from "./common-answers.ts";
import { IDEMPOTENCY_KEY } from "./idempotency.ts";
import type { ApiName, AuthScheme } from "./principal.ts";
import { RestError, ValidationErrors } from "./schemas.ts";

type JsonSchema = Record<string, unknown>;
type RouteSchema = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  params?: JsonSchema;
  querystring?: JsonSchema;
  body?: JsonSchema;
  response?: Record<string, JsonSchema>;
};
type CollectedRoute = {
  method: string;
  url: string;
  api: ApiName;
  auth: readonly AuthScheme[];
  bodyLimit: number | undefined;
  schema: RouteSchema;
};

export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
};

const DOCUMENTS: Record<ApiName, { title: string; description: string }> = {
  auth: {
    title: "Weft Auth API",
    description:
      "Issues, checks and revokes session tokens. Your backend issues a session with its API key and " +
      "hands the token to the end-user's client, which may call the session endpoints itself.",
  },
  platform: {
    title: "Weft Platform API",
    description:
      "Profiles, connections, accounts and their data, and webhooks. For your backend only: every call " +
      "takes an API key secret, and everything is scoped to that key's environment.",
  },
};

const SECURITY_SCHEMES = {
  apiKey: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "weft_sk_…",
    description: "An API key secret. Server-side only: never ship it to a browser or app.",
  },
  session: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "A session token from POST /v1/users/sessions. Safe to use from the end-user's client.",
  },
  processor: {
    type: "http",
    scheme: "basic",
    description:
      "For payment processors: a processor token as the username and its processor secret as the password.",
  },
} satisfies Record<AuthScheme, unknown>;

/** Every tag a route uses needs a line here; the generator refuses an undescribed tag. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  "API keys": "Check the API key your backend uses.",
  Audit: "Who created, changed or deleted what in an environment, through the API or the CLI.",
  Sessions: "Session tokens for one profile: issue from your backend, use and revoke from the client.",
  Profiles: "Your end-users. Every connection and all financial data belong to a profile.",
  Connections: "A profile's link to a financial institution, its status and its sync.",
  Accounts: "Accounts a connection brings, with balances, ACH numbers and processor tokens.",
  Transactions: "Posted and pending transactions of an account.",
  Holdings: "Investment positions of an account, with their securities.",
  Statements: "Monthly account statements as PDF files.",
  Institutions: "The financial institutions users can connect to.",
  "Processor tokens": "Tokens that let a payment processor read one account's ACH numbers and balances.",
  Sandbox: "Sandbox-only helpers: link test connections and drive them into any state.",
  Webhooks: "Subscriptions that receive events by signed HTTPS POST, and their deliveries.",
  Enrichment:
    "Merchants, counterparties, categories, people and recurrence for raw transaction descriptions.",
  "Remote data":
    "What a provider said, as received: raw documents by provider host and endpoint, per record.",
};

const IDEMPOTENCY_KEY_PARAMETER = {
  name: IDEMPOTENCY_KEY,
  in: "header",
  required: false,
  description:
    "Send a unique key (a UUID) to retry this request safely: a repeat with the same key and the " +
    "same request within 24 hours answers with the first answer (header `Idempotent-Replayed: true`) " +
    "without doing the work again; the same key with a different request is a 422, and a repeat while " +
    "the first still runs a 409. Keys belong to the credential that sends them; 5xx answers are not kept.",
  schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x21-\\x7e]+$" },
};

/** The body of an answer every route shares (common-answers.ts). */
const commonBody = (body: CommonAnswer["body"]): JsonSchema =>
  body === "RestError" ? { ...RestError } : { ...ValidationErrors };

const ANNOTATIONS_NOT_IN_OPENAPI = new Set(["errorMessage", "headers"]);

/**
 * Collects every route (through Fastify's onRoute hook) and turns the route schemas, the same
 * TypeBox schemas that validate and serialize, into the Auth and Platform OpenAPI 3.1 documents.
 * A schema with a `title` becomes a named component referenced by `$ref`.
 */
export class OpenApiRegistry {
  private readonly routes: CollectedRoute[] = [];
  private readonly cache = new Map<ApiName, OpenApiDocument>();

  collect = (route: RouteOptions): void => {
    const config = (route.config ?? {}) as { api?: ApiName; auth?: readonly AuthScheme[] };
    if (!config.api) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD") continue;
      this.routes.push({
        method: method.toLowerCase(),
        url: route.url,
        api: config.api,
        auth: config.auth ?? [],
        bodyLimit: route.bodyLimit,
        schema: (route.schema ?? {}) as RouteSchema,
      });
    }
    this.cache.clear();
  };

  document(api: ApiName, serverUrl: string, version: string): OpenApiDocument {
    const cached = this.cache.get(api);
    if (cached) return cached;
    const components: Record<string, JsonSchema> = {};
    const tags = new Set<string>();
    const paths: OpenApiDocument["paths"] = {};
    const schemes = new Set<string>();
    for (const route of this.routes.filter((r) => r.api === api)) {
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
      for (const tag of route.schema.tags ?? []) tags.add(tag);
      for (const scheme of route.auth) schemes.add(scheme);
      paths[path] ??= {};
      paths[path][route.method] = this.operation(route, components);
    }
    const info = DOCUMENTS[api];
    const document: OpenApiDocument = {
      openapi: "3.1.0",
      info: {
        title: info.title,
        version,
        description: info.description,
        license: { name: "Apache-2.0", identifier: "Apache-2.0" },
      },
      servers: [{ url: serverUrl }],
      tags: [...tags].sort().map((name) => ({ name, description: describeTag(name) })),
      paths,
      components: {
        schemas: sortKeys(components),
        securitySchemes: Object.fromEntries(Object.entries(SECURITY_SCHEMES).filter(([s]) => schemes.has(s))),
      },
    };
    this.cache.set(api, document);
    return document;
  }

  private operation(route: CollectedRoute, components: Record<string, JsonSchema>): Record<string, unknown> {
    const { schema } = route;
    const lift = (s: JsonSchema) => liftSchema(s, components);
    const parameters: unknown[] = [
      ...parametersOf(schema.params, "path", lift),
      ...parametersOf(schema.querystring, "query", lift),
    ];
    // Every authenticated POST may be retried safely with a key (http/idempotency.ts).
    if (route.method === "post" && route.auth.length > 0) parameters.push(IDEMPOTENCY_KEY_PARAMETER);
    const shape: RouteShape = {
      method: route.method,
      auth: route.auth,
      pathParameters: Object.keys((schema.params?.properties ?? {}) as JsonSchema),
      ...(schema.body && { body: schema.body }),
      ...(schema.querystring && { querystring: schema.querystring }),
      ...(route.bodyLimit !== undefined && { bodyLimit: route.bodyLimit }),
    };
    // Each answer's headers: the route's own, then those the shared hooks set (rate limits, Retry-After).
    const headersOf = (status: string, own: Record<string, JsonSchema> = {}) => {
      const headers: Record<string, unknown> = {};
      for (const [name, h] of Object.entries(own))
        headers[name] = { description: h.description, schema: lift(h) };
      // Written out in each answer, not as references to components.headers: openapi-typescript
      // types a referenced header as always sent, and the rate-limit headers are not (limit 0).
      for (const [name, h] of Object.entries(commonHeaders(shape, Number(status))))
        headers[name] = headerObject(h, lift);
      return Object.keys(headers).length > 0 ? { headers } : {};
    };
    // A 422's example is this route's own: what the validator says about a wrong input to it.
    const example = (status: string) => (status === "422" ? validationExample(shape) : undefined);
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(schema.response ?? {})) {
      const description = String(response.description ?? (status.startsWith("2") ? "Success" : "Error"));
      const headers = headersOf(status, response.headers as Record<string, JsonSchema> | undefined);
      if (status === "204") {
        responses[status] = { description, ...headers };
        continue;
      }
      const { description: _d, ...body } = response;
      const sample = example(status);
      responses[status] = {
        description,
        ...headers,
        content: { "application/json": { schema: lift(body), ...(sample && { example: sample }) } },
      };
    }
    // What every route of its kind answers, which its own schema need not list (common-answers.ts).
    for (const [status, answer] of commonAnswers(shape)) {
      if (responses[status]) continue;
      const sample = example(String(status));
      responses[status] = {
        description: answer.description,
        ...headersOf(String(status)),
        content: {
          "application/json": {
            schema: lift(commonBody(answer.body)),
            ...(sample && { example: sample }),
          },
        },
      };
    }
    return {
      operationId: schema.operationId,
      summary: schema.summary,
      ...(schema.description && { description: schema.description }),
      tags: schema.tags,
      security: route.auth.length > 0 ? route.auth.map((scheme) => ({ [scheme]: [] })) : [],
      ...(parameters.length > 0 && { parameters }),
      ...(schema.body && {
        requestBody: { required: true, content: { "application/json": { schema: lift(schema.body) } } },
      }),
      responses,
    };
  }
}

function headerObject(h: CommonHeader, lift: (s: JsonSchema) => JsonSchema): Record<string, unknown> {
  const { description, ...schema } = lift(h.schema as JsonSchema);
  return { description, ...(h.required && { required: true }), schema };
}

function describeTag(name: string): string {
  const description = TAG_DESCRIPTIONS[name];
  if (!description) throw new Error(`OpenAPI tag "${name}" has no description in TAG_DESCRIPTIONS`);
  return description;
}

function parametersOf(
  schema: JsonSchema | undefined,
  location: "path" | "query",
  lift: (s: JsonSchema) => JsonSchema,
) {
  if (!schema) return [];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    // A query parameter with a default may be left out, whatever the schema's `required` says.
    required: location === "path" || (required.has(name) && property.default === undefined),
    ...(property.description ? { description: property.description } : {}),
    schema: lift(property),
  }));
}

/** Copy a schema for OpenAPI: titled sub-schemas become `$ref`s, const unions become enums. */
function liftSchema(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== "object") return node;
    const object = node as JsonSchema;
    const title = typeof object.title === "string" ? object.title : undefined;
    if (title) {
      const { description, ...rest } = object;
      const lifted = copy(rest);
      const existing = components[title];
      if (existing && JSON.stringify(existing) !== JSON.stringify(lifted)) {
        throw new Error(`Two different schemas are both titled "${title}"`);
      }
      components[title] = lifted;
      return { $ref: `#/components/schemas/${title}`, ...(description !== undefined && { description }) };
    }
    return copy(object);
  };
  const copy = (object: JsonSchema): JsonSchema => {
    const asEnum = constUnionToEnum(object);
    if (asEnum) return asEnum;
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(object)) {
      if (ANNOTATIONS_NOT_IN_OPENAPI.has(key)) continue;
      out[key] = key === "properties" ? mapValues(value as JsonSchema, walk) : walk(value);
    }
    return out;
  };
  return walk(schema) as JsonSchema;
}

function constUnionToEnum(object: JsonSchema): JsonSchema | undefined {
  const members = object.anyOf as JsonSchema[] | undefined;
  if (
    !members ||
    members.length === 0 ||
    !members.every((m) => "const" in m && typeof m.const === "string")
  ) {
    return undefined;
  }
  const { anyOf: _a, ...rest } = object;
  return { ...rest, type: "string", enum: members.map((m) => m.const) };
}

const mapValues = (object: JsonSchema, fn: (v: unknown) => unknown) =>
  Object.fromEntries(Object.entries(object).map(([k, v]) => [k, fn(v)]));

const sortKeys = <T>(object: Record<string, T>) =>
  Object.fromEntries(Object.entries(object).sort(([a], [b]) => a.localeCompare(b)));
