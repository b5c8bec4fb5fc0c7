import type { FastifyRequest } from "fastify";
import { HttpError, ValidationError } from "./errors.ts";
import { fieldLabel } from "./validation.ts";

/**
 * One input policy for every route, before its schema is checked: no text may hold a NUL
 * character or a lone UTF-16 surrogate (PostgreSQL cannot store either, and no real name or
 * description contains one), no number may be beyond what a double holds (JSON.parse reads
 * 1e999 as Infinity, which would be written as null), and a JSON body nests at most
 * MAX_BODY_DEPTH levels (metadata at most MAX_METADATA_DEPTH). Path parameters, the query
 * string and the body are all checked; the answer is the usual 422 naming the field.
 */
export const MAX_BODY_DEPTH = 32;
export const MAX_METADATA_DEPTH = 10;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a text the policy refuses, or null. */
export function problemOfText(text: string): string | null {
  if (text.includes("\u0000")) return "must not contain a NUL character";
  if (LONE_SURROGATE.test(text)) return "is not valid Unicode text (it holds a lone surrogate)";
  return null;
}

export const NUMBER_OUT_OF_RANGE = "is a number out of range (beyond ±1.8e308)";

type Problem = { field: string; message: string };

/** Where a depth budget started: a top-level field for the body's, the `metadata` field for its own. */
type Budget = { depth: number; field: string };

/**
 * The first problem in a value, depth-first. `body.depth` counts the objects and arrays around
 * it (MAX_BODY_DEPTH at most); within a request's `metadata`, `metadata.depth` counts those
 * inside it (MAX_METADATA_DEPTH at most). A key named metadata inside metadata is the caller's
 * own. Too deep is said of the field the budget is for ("Metadata nests deeper than 10
 * levels"), not of the item 33 levels down.
 */
function problemIn(value: unknown, field: string, body: Budget, metadata: Budget | null): Problem | null {
  if (typeof value === "string") {
    const message = problemOfText(value);
    return message ? { field, message } : null;
  }
  if (typeof value === "number") {
    return Number.isFinite(value) ? null : { field, message: NUMBER_OUT_OF_RANGE };
  }
  if (value === null || typeof value !== "object") return null;
  if (metadata && metadata.depth >= MAX_METADATA_DEPTH) {
    return { field: metadata.field, message: `nests deeper than ${MAX_METADATA_DEPTH} levels` };
  }
  if (body.depth >= MAX_BODY_DEPTH)
    return { field: body.field, message: `nests deeper than ${MAX_BODY_DEPTH} levels` };
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, child] of entries) {
    const keyProblem = problemOfText(key);
    if (keyProblem)
      return { field: field ? `${field}.${key}` : key, message: `has a key that ${keyProblem}` };
    const childField = field ? `${field}.${key}` : key;
    // Metadata holds the caller's own structure: it gets its own, smaller, depth budget.
    const childMetadata = metadata
      ? { ...metadata, depth: metadata.depth + 1 }
      : key === "metadata"
        ? { depth: 0, field: childField }
        : null;
    const childBody = { depth: body.depth + 1, field: body.field || childField };
    const found = problemIn(child, childField, childBody, childMetadata);
    if (found) return found;
  }
  return null;
}

/**
 * The 422 field map the policy answers for one part of a request (params, query or body), or
 * null. A problem inside metadata is said of the metadata (its keys are the caller's, not
 * fields: "Metadata must not contain a NUL character"), at the key's path.
 */
export function inputPolicyErrors(part: unknown): Record<string, string[]> | null {
  const problem = problemIn(part, "", { depth: 0, field: "" }, null);
  if (!problem) return null;
  const field = problem.field || "body";
  const inMetadata = /^(.*?\bmetadata)\./.exec(field)?.[1];
  return { [field]: [`${fieldLabel(inMetadata ?? field)} ${problem.message}`] };
}

/** preValidation hook: the policy over params, query and body. */
export async function enforceInputPolicy(request: FastifyRequest): Promise<void> {
  // "/v1/profiles/" reaches /v1/profiles/:id with an empty id: the path names nothing to find.
  if (request.routeOptions.config?.api) {
    for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, unknown>))
      if (value === "")
        throw new HttpError(
          404,
          `The path ends where its ${name} should be`,
          "Put the id in the path, as the API reference shows: no path of the API ends with a slash.",
        );
  }
  for (const part of [request.params, request.query, request.body]) {
    const fields = inputPolicyErrors(part);
    if (fields) throw new ValidationError(fields);
  }
}

/**
 * Headers a request sends once: two would name different callers (Node keeps the first
 * Authorization, a proxy may keep the last), be two keys joined into one ("k1, k2"), or two
 * readings of one body.
 */
const ONCE_ONLY = new Map([
  ["authorization", { name: "Authorization", what: "with one credential" }],
  ["idempotency-key", { name: "Idempotency-Key", what: "with one key" }],
  ["content-type", { name: "Content-Type", what: "that says what the body is" }],
]);

/**
 * onRequest: what a request's headers must not leave to guesswork, before it is authenticated
 * or read. One Authorization, Idempotency-Key and Content-Type header each (ONCE_ONLY): 400. A body in a content coding (gzip, br): 415,
 * as the body would otherwise be read as if it were plain. A transfer coding other than
 * chunked: 400 (HTTP/1.1 suggests 501; it is the request that cannot be read, not a fault).
 */
export function refuseAmbiguousHeaders(request: FastifyRequest): void {
  const { headers } = request;
  // One pass over the raw headers counts all three (Node joins or drops the repeats it parses).
  const counts = new Map<string, number>();
  const raw = request.raw.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const lower = raw[i]!.toLowerCase();
    if (ONCE_ONLY.has(lower)) counts.set(lower, (counts.get(lower) ?? 0) + 1);
  }
  for (const [lower, count] of counts) {
    if (count < 2) continue;
    const { name, what } = ONCE_ONLY.get(lower)!;
    throw new HttpError(
      400,
      `The request has ${count} ${name} headers`,
      `Send exactly one ${name} header, ${what}.`,
    );
  }
  const coding = headers["content-encoding"]?.trim().toLowerCase();
  if (coding && coding !== "identity")
    throw new HttpError(
      415,
      `The request body's Content-Encoding ${coding} is not supported`,
      "Send the body uncompressed, without a Content-Encoding header.",
    );
  const transfer = headers["transfer-encoding"]?.trim().toLowerCase();
  if (transfer && transfer !== "chunked")
    throw new HttpError(
      400,
      `The Transfer-Encoding ${transfer} is not supported`,
      "Send the body with Content-Length, or chunked alone.",
    );
}
