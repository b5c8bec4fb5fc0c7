import { randomBytes } from "node:crypto";

/**
 * Every error the API answers with is an HttpError: a status, a message that says what went
 * wrong, and an instruction that says what to do about it. The error handler in app.ts turns
 * it into the RestError body. Make them with the helpers below so the wording stays uniform.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly instruction: string;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    message: string,
    instruction: string,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.instruction = instruction;
    this.headers = headers;
  }
}

/** 422: a map of field (dotted for nested fields) to plain-English messages. */
export class ValidationError extends Error {
  readonly statusCode = 422;
  readonly fields: Record<string, string[]>;

  constructor(fields: Record<string, string[]>) {
    super("Validation failed");
    this.fields = fields;
  }

  static of(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

export const badRequest = (message: string, instruction: string) => new HttpError(400, message, instruction);

export const unauthenticated = (message: string, instruction: string) =>
  new HttpError(401, message, instruction);

export const forbidden = (message: string, instruction: string) => new HttpError(403, message, instruction);

export const notFound = (what: string, id?: string) =>
  new HttpError(
    404,
    id ? `${what} ${id} was not found` : `${what} was not found`,
    `Check the id, and that it belongs to the environment of the credentials you used.`,
  );

export const conflict = (message: string, instruction: string) => new HttpError(409, message, instruction);

/** 429 with a Retry-After header; the instruction is told the wait in seconds. */
export function tooManyRequests(
  message: string,
  retryAfterSeconds: number,
  instruction: (seconds: number) => string,
): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(429, message, instruction(seconds), { "retry-after": String(seconds) });
}

/** PostgreSQL error classes and socket errors that mean the database cannot be reached now. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "57P01", // admin shutdown
  "57P02", // crash shutdown
  "57P03", // cannot connect now
  "53300", // too many connections
  "08000",
  "08001",
  "08003",
  "08004",
  "08006", // connection exceptions
  "55000", // the database does not allow connections
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is closed|does not allow connections|the database system is (starting up|shutting down)/i;

/** True when an error (or what caused it, as ORMs wrap them) says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === "string" && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === "string" && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** Seconds a client should wait before trying again while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Seconds a client should wait before sending again a request that arrived while the server stopped. */
const SHUTDOWN_RETRY_AFTER_SECONDS = 1;

/**
 * 503 for a request that arrives on an open connection while the server drains (it stops taking
 * requests and finishes those in flight): nothing ran, so the same request may be sent again.
 */
export const shuttingDown = () =>
  new HttpError(
    503,
    "This server is shutting down",
    `Send it again in ${SHUTDOWN_RETRY_AFTER_SECONDS} second (Retry-After): another instance, or this one once it restarts, will answer; nothing was changed by this request.`,
    // Fastify says Connection: close itself while it closes.
    { "retry-after": String(SHUTDOWN_RETRY_AFTER_SECONDS) },
  );

/** What a 5xx answer carries instead of the error itself: the id that finds it in the logs. */
export const newErrorId = () => `err_${randomBytes(8).toString("hex")}`;

/** The answer to an error that is ours, not the caller's. */
export const INTERNAL_ERROR = {
  message: "Something went wrong on our side",
  instruction: "Try again. If it keeps happening, give the operator this errorId.",
} as const;
