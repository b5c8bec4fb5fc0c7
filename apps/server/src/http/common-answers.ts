import { type TSchema, Type } from "typebox";
import { BODY_LIMIT_BYTES, MAX_PARAM_LENGTH } from "./framework-errors.ts";
import { IDEMPOTENCY_KEY, KEY_IN_FLIGHT, KEY_REUSED } from "./idempotency.ts";
import { inputPolicyErrors } from "./input-policy.ts";
import type { AuthScheme } from "./principal.ts";
import { RATE_LIMIT_HEADERS } from "./rate-limit.ts";
import { validationErrorsExample } from "./validation.ts";

/**
 * The answers a route gives besides those of its own rules: the hooks every route runs and the
 * error handler (app.ts) answer them whatever the route, by its method, credentials and inputs.
 * openapi.ts adds them to every operation, so that a client generated from the documents reads
 * every answer Weft gives (a test sends each kind and checks it is declared).
 */

/** What of a route decides the answers it shares with others. */
export type RouteShape = {
  /** Lower case, as OpenAPI writes it. */
  method: string;
  auth: readonly AuthScheme[];
  pathParameters: readonly string[];
  body?: object;
  querystring?: object;
  /** The route's own limit, when it has one. */
  bodyLimit?: number;
};

export type CommonAnswer = {
  description: string;
  body: "RestError" | "ValidationErrors";
};

export type CommonHeader = { schema: TSchema; required: boolean };

/** Methods whose requests Fastify reads a body of (a GET's is ignored): a body it cannot read is refused. */
const BODY_METHODS: ReadonlySet<string> = new Set(["post", "put", "patch", "delete"]);

const isAuthenticated = (route: RouteShape) => route.auth.length > 0;

const propertiesOf = (schema: object | undefined) =>
  Object.keys((schema as { properties?: object } | undefined)?.properties ?? {});

/** The statuses every request to the route may be answered with, whatever its own rules say. */
export function commonAnswers(route: RouteShape): Map<number, CommonAnswer> {
  const answers = new Map<number, CommonAnswer>();
  if (BODY_METHODS.has(route.method)) {
    // The parser runs whenever the request says a Content-Type, with or without a body.
    answers.set(400, {
      description:
        "The body is not JSON: not valid JSON, not UTF-8, or empty while Content-Type says application/json",
      body: "RestError",
    });
    const limit = route.bodyLimit ?? BODY_LIMIT_BYTES;
    answers.set(413, {
      description: `The body is larger than ${limit / 1024 / 1024} MiB`,
      body: "RestError",
    });
    answers.set(415, {
      description: "The body's Content-Type is not application/json, or names a charset other than UTF-8",
      body: "RestError",
    });
  }
  if (route.pathParameters.length > 0) {
    answers.set(414, {
      description: `A path parameter is longer than ${MAX_PARAM_LENGTH} characters`,
      body: "RestError",
    });
  }
  if (validationExample(route))
    answers.set(422, { description: "Validation failed", body: "ValidationErrors" });
  if (isAuthenticated(route)) {
    if (route.method === "post") answers.set(409, { description: KEY_IN_FLIGHT, body: "RestError" });
    answers.set(429, {
      description: "Too many requests with this credential this second: see Retry-After",
      body: "RestError",
    });
  }
  answers.set(500, {
    description: "Something went wrong on our side: give the operator the body's errorId",
    body: "RestError",
  });
  answers.set(503, {
    description:
      "Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After",
    body: "RestError",
  });
  return answers;
}

/**
 * The 422 this route answers when its input is wrong, for the OpenAPI example: what its validator
 * says about its body or query, else about a reused Idempotency-Key, else what the input policy
 * says about a path parameter. Undefined when nothing the route takes can be a 422.
 */
export function validationExample(route: RouteShape): Record<string, string[]> | undefined {
  const own = validationErrorsExample(route);
  if (own) return own;
  if (isAuthenticated(route) && route.method === "post") return { [IDEMPOTENCY_KEY]: [KEY_REUSED] };
  // Whatever the validator accepts, the input policy refuses a NUL character in any input.
  const [input] = [...route.pathParameters, ...propertiesOf(route.querystring), ...propertiesOf(route.body)];
  return input === undefined ? undefined : (inputPolicyErrors({ [input]: "\u0000" }) ?? undefined);
}

const RETRY_AFTER: CommonHeader = {
  schema: Type.Integer({ minimum: 1, description: "Seconds to wait before sending the request again." }),
  required: true,
};

/** The headers every answer of the route with this status carries, or may carry. */
export function commonHeaders(route: RouteShape, status: number): Record<string, CommonHeader> {
  const headers: Record<string, CommonHeader> = {};
  // The rate-limit hook counts every request the auth hook let through: all but a 401.
  if (isAuthenticated(route) && status !== 401) {
    for (const [name, schema] of Object.entries(RATE_LIMIT_HEADERS))
      headers[name] = { schema, required: false };
  }
  // Every 429 and 503 says when to send the request again (HttpError's headers, app.ts).
  if (status === 429 || status === 503) headers["Retry-After"] = RETRY_AFTER;
  return headers;
}
