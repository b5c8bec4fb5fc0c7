import type { FastifyReply } from "fastify";

/**
 * Answer with JSON already written as text or its UTF-8 bytes (a body rendered without objects,
 * such as the transactions page): sent as it is, not serialised again. The route's response
 * schema still documents it; what the text says must match that schema, which the route's tests
 * check.
 */
export function sendJsonText(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(json);
}

/** A string or null as JSON, for bodies written as text. */
export const jsonString = (value: string | null): string => (value === null ? "null" : JSON.stringify(value));
