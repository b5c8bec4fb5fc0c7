import http from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, RouteOptions } from "fastify";

/**
 * What the framework and Node's HTTP parser reject before a route runs — a malformed URL, a
 * path segment or header block too long, a method the path does not have, a body the parser
 * cannot read — answered as RestErrors ({message, instruction}) like everything else.
 */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/**
 * How long a request may take to arrive, headers and body: one that stalls (a client gone
 * quiet, or one holding connections open on purpose) is answered 408 and its connection closed.
 */
export const REQUEST_TIMEOUT_MS = 30_000;
/** Fastify's limit on one path parameter (its default is 100). */
export const MAX_PARAM_LENGTH = 200;

/** Fastify's own client errors, in our words. */
export const CLIENT_ERRORS: Record<string, { status: number; message: string; instruction: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    // The parser refuses prototype-poisoning keys the same way, with nothing to tell them apart.
    message: "The request body is not valid JSON, or it holds a __proto__ or constructor.prototype key",
    instruction: "Send a JSON object with Content-Type: application/json, without those keys.",
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    message: "The request body is empty but Content-Type says application/json",
    instruction: "Send a JSON object, or drop the Content-Type header when there is no body.",
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    message: bodyTooLarge(BODY_LIMIT_BYTES),
    instruction: "Send a smaller body; split large batches into several requests.",
  },
  FST_ERR_BAD_URL: {
    status: 400,
    message: "The URL is not valid: a percent-encoded sequence in its path is malformed",
    instruction: "Percent-encode the path as UTF-8 (encodeURIComponent does).",
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    message: `A path segment is longer than ${MAX_PARAM_LENGTH} characters`,
    instruction: "Check the id in the path: Weft's ids are far shorter.",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: "The request body's size does not match its Content-Length",
    instruction: "Send the body whole, with the Content-Length of what is sent.",
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: "The request body's Content-Type is not supported",
    instruction: "Send JSON with Content-Type: application/json.",
  },
};

function bodyTooLarge(limit: number): string {
  return `The request body is larger than ${limit / 1024 / 1024} MiB`;
}

/**
 * A RestError for a framework error with a known code, or null; a body too large is told the
 * route's own limit (the enrichment API takes 32 MiB).
 */
export function knownClientError(
  error: FastifyError,
  bodyLimit = BODY_LIMIT_BYTES,
): { status: number; message: string; instruction: string } | null {
  const known = (error.code && CLIENT_ERRORS[error.code]) || null;
  if (known && error.code === "FST_ERR_CTP_BODY_TOO_LARGE")
    return { ...known, message: bodyTooLarge(bodyLimit) };
  return known;
}

/** The RestError for an error found while routing (Fastify's `frameworkErrors`: bad URL encoding, an overlong path segment). */
export function routingError(error: FastifyError): { status: number; message: string; instruction: string } {
  return (
    knownClientError(error) ?? {
      status: 400,
      message: "The request could not be routed",
      instruction: "Check the method and path against the API reference at /openapi/platform.json.",
    }
  );
}

/**
 * Node's `clientError`: a request the HTTP parser could not read, answered on the raw socket.
 * A request line that does not end within the header limit is a URI too long (414); other
 * oversized header blocks are 431; a request that took too long to arrive is 408.
 */
export function onClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  let status = 400;
  let message = "The request is not valid HTTP";
  let instruction = "Send an HTTP/1.1 request, as any HTTP client does.";
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    status = 408;
    message = "The request took too long to arrive";
    instruction = "Send the whole request at once, and try again.";
  } else if (error.code === "HPE_HEADER_OVERFLOW") {
    const firstLineEnd = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.indexOf("\r\n") : -1;
    const isLongUri = firstLineEnd === -1 || firstLineEnd > http.maxHeaderSize / 2;
    status = isLongUri ? 414 : 431;
    message = isLongUri
      ? "The request's URL is too long"
      : `The request's headers are larger than ${http.maxHeaderSize / 1024} KiB`;
    instruction = isLongUri
      ? "Send fewer or shorter query parameters; put large inputs in a POST body."
      : "Send fewer or smaller headers.";
  }
  const body = JSON.stringify({ message, instruction });
  // A request answered before its body arrived (a 401, say) has had its answer: no second one.
  const answered = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage
    ?.headersSent;
  if (socket.writable && !answered) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * The methods each path has, learnt from the routes as they are added: a request for a path
 * that exists with another method is a 405 with `Allow`, not a 404.
 */
export class RouteMethods {
  private readonly routes: { pattern: RegExp; methods: Set<string> }[] = [];
  private readonly byUrl = new Map<string, Set<string>>();

  collect = (route: RouteOptions): void => {
    let methods = this.byUrl.get(route.url);
    if (!methods) {
      methods = new Set();
      this.byUrl.set(route.url, methods);
      const source = route.url
        .split("/")
        .map((part) =>
          part.startsWith(":") ? "[^/]+" : part === "*" ? ".*" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
        )
        .join("/");
      this.routes.push({ pattern: new RegExp(`^${source}/?$`), methods });
    }
    for (const method of [route.method].flat()) methods.add(method);
  };

  /** The methods a path has, or an empty list when no route has it. */
  allowed(path: string): string[] {
    const methods = new Set<string>();
    for (const route of this.routes)
      if (route.pattern.test(path)) for (const m of route.methods) methods.add(m);
    return [...methods].sort();
  }
}
