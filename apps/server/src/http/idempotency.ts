import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.ts";
import { pruneInBatches } from "../db/prune.ts";
import { idempotencyKeys } from "../db/schema/index.ts";
import { decrypt, encrypt, isSealed } from "../security/secrets.ts";
import { conflict, ValidationError } from "./errors.ts";
import { newId } from "./ids.ts";
import { credentialOf } from "./principal.ts";
import { requestPath } from "./request-path.ts";

/**
 * Idempotency-Key on POST, as Stripe does it: the first request with a key runs; a repeat of
 * the same request with the same key (by the same credential, within 24 hours) gets the first
 * answer again without the work being done twice (`Idempotent-Replayed: true`); the same key with
 * another request is a 422; a repeat while the first still runs is a 409. An answer that asks to
 * be asked again is not kept, so the retry runs again: a server fault (5xx), a limit reached
 * (429), and work still under way (an answer with Retry-After, such as a large enrichment's 202).
 */
export const IDEMPOTENCY_RETENTION_HOURS = 24;
/** A first request that has run this long is taken to have died with its process. */
const ABANDONED_AFTER_MS = 60_000;
const KEY = /^[\x21-\x7e]{1,255}$/;

/** The header, and what its 422s and 409 say (the OpenAPI documents quote them too). */
export const IDEMPOTENCY_KEY = "Idempotency-Key";
export const KEY_MALFORMED =
  "Idempotency-Key must be 1 to 255 printable characters without spaces, such as a UUID";
export const KEY_REUSED =
  "This Idempotency-Key was used with a different request in the last 24 hours; use a new key for a new request";
export const KEY_IN_FLIGHT = "A request with this Idempotency-Key is still running";

declare module "fastify" {
  interface FastifyRequest {
    idempotencyRecord: string | undefined;
  }
}

/**
 * The same request is the same method, path and parameters, as Stripe compares them: a retry that
 * serialises the same body with its keys in another order or other spacing is still the same.
 */
function hashOf(request: FastifyRequest): string {
  const path = requestPath(request.url);
  return createHash("sha256")
    .update(`${request.method} ${path}\n${JSON.stringify(request.body ?? null, sortedKeys)}`)
    .digest("hex");
}

/** JSON.stringify's replacer that writes each object's keys in sorted order. */
function sortedKeys(_key: string, value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, record[key]]),
  );
}

/** preHandler: runs after authentication and validation, so only requests that may run are kept. */
export function idempotency(ctx: AppContext) {
  return async function idempotencyKey(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | undefined> {
    const header = request.headers["idempotency-key"];
    if (request.method !== "POST" || header === undefined || !request.principal) return undefined;
    const key = Array.isArray(header) ? header[0]! : header;
    if (!KEY.test(key)) {
      throw ValidationError.of(IDEMPOTENCY_KEY, KEY_MALFORMED);
    }
    const { type, id } = credentialOf(request.principal);
    const credential = `${type}:${id}`;
    const requestHash = hashOf(request);
    for (let attempt = 0; attempt < 2; attempt++) {
      const [inserted] = await ctx.db
        .insert(idempotencyKeys)
        .values({
          id: newId("idempotencyKey"),
          environmentId: request.principal.environment.id,
          credential,
          key,
          requestHash,
        })
        .onConflictDoNothing()
        .returning({ id: idempotencyKeys.id });
      if (inserted) {
        request.idempotencyRecord = inserted.id;
        return undefined;
      }
      const [first] = await ctx.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.credential, credential), eq(idempotencyKeys.key, key)));
      if (!first) continue;
      const age = Date.now() - first.createdAt.getTime();
      const isExpired = age > IDEMPOTENCY_RETENTION_HOURS * 3_600_000;
      const isAbandoned = first.responseStatus === null && age > ABANDONED_AFTER_MS;
      if (isExpired || isAbandoned) {
        await ctx.db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, first.id));
        continue;
      }
      if (first.requestHash !== requestHash) {
        throw ValidationError.of(IDEMPOTENCY_KEY, KEY_REUSED);
      }
      if (first.responseStatus === null) {
        throw conflict(
          KEY_IN_FLIGHT,
          "Wait for its answer, then repeat the request with the same key to read it.",
        );
      }
      return reply
        .code(first.responseStatus)
        .header("content-type", first.responseContentType ?? "application/json; charset=utf-8")
        .header("idempotent-replayed", "true")
        .send(openAnswer(ctx, first.responseBody ?? ""));
    }
    throw conflict(KEY_IN_FLIGHT, "Try again in a moment.");
  };
}

/**
 * An answer as kept: sealed, as every secret at rest is, since it may carry one shown only once
 * (a webhook's signing secret, a session or processor token). One kept before answers were
 * sealed is plain JSON (never `isSealed`), and is read as it is until it is pruned, 24 hours on.
 */
const openAnswer = (ctx: AppContext, kept: string) => (isSealed(kept) ? decrypt(ctx.secretKey, kept) : kept);

/** onSend: keeps the answer of a request that ran with a key (or lets an answer to retry be retried). */
export function keepIdempotentAnswer(ctx: AppContext) {
  return async function keepIdempotentAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
  ): Promise<unknown> {
    const id = request.idempotencyRecord;
    if (!id) return payload;
    request.idempotencyRecord = undefined;
    if (reply.statusCode >= 500 || reply.statusCode === 429 || reply.hasHeader("retry-after")) {
      await ctx.db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
      return payload;
    }
    const contentType = reply.getHeader("content-type");
    await ctx.db
      .update(idempotencyKeys)
      .set({
        responseStatus: reply.statusCode,
        responseBody: encrypt(
          ctx.secretKey,
          typeof payload === "string" ? payload : payload == null ? "" : String(payload),
        ),
        responseContentType: typeof contentType === "string" ? contentType : null,
        completedAt: new Date(),
      })
      .where(eq(idempotencyKeys.id, id));
    return payload;
  };
}

/** Forget keys older than the retention (a periodic task of the worker). */
export function pruneIdempotencyKeys(ctx: AppContext): Promise<number> {
  return pruneInBatches(
    ctx.db,
    idempotencyKeys,
    lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_RETENTION_HOURS})`),
  );
}
