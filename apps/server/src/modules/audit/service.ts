import os from "node:os";
import { and, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { selectPage } from "../../db/page.ts";
import { pruneInBatches } from "../../db/prune.ts";
import { type ActorType, auditEvents } from "../../db/schema/index.ts";
import { newId } from "../../http/ids.ts";
import type { Pagination } from "../../http/pagination.ts";
import { credentialOf } from "../../http/principal.ts";

export type AuditEventRow = typeof auditEvents.$inferSelect;
export type AuditActor = { type: ActorType; id: string };

/** The methods that write: their successes are audited. */
export const WRITE_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The CLI acts as the operating-system user who ran it. */
export const cliActor = (): AuditActor => ({ type: "cli", id: safeUsername() });

function safeUsername(): string {
  try {
    return os.userInfo().username;
  } catch {
    return "unknown";
  }
}

export type AuditRecord = {
  environmentId: string;
  actor: AuditActor;
  action: string;
  resourceId?: string | null;
  status?: number;
  requestId?: string;
};

export async function recordAudit(db: Database, event: AuditRecord): Promise<void> {
  await db.insert(auditEvents).values({
    id: newId("auditEvent"),
    environmentId: event.environmentId,
    actorType: event.actor.type,
    actorId: event.actor.id,
    action: event.action,
    resourceId: event.resourceId ?? null,
    status: event.status ?? null,
    requestId: event.requestId ?? null,
  });
}

/** The id a write acted on: its path's, or the one it created (the answer's top-level id). */
function resourceOf(request: FastifyRequest, payload: unknown): string | null {
  const params = Object.values((request.params ?? {}) as Record<string, unknown>).filter(
    (v): v is string => typeof v === "string",
  );
  if (params.length > 0) return params.at(-1)!.slice(0, 200);
  if (typeof payload !== "string") return null;
  return /^\{"id":"([^"]{1,200})"/.exec(payload)?.[1] ?? null;
}

/** What the audit trail records of an authenticated request answered with `status`. */
export function auditRecordOf(
  request: FastifyRequest,
  status: number,
  resourceId: string | null,
): AuditRecord {
  if (!request.principal) throw new Error(`Route ${request.url} is audited but declares no auth`);
  return {
    environmentId: request.principal.environment.id,
    actor: credentialOf(request.principal),
    action: `${request.method} ${request.routeOptions.url ?? request.url.split("?")[0]}`,
    resourceId,
    status,
    requestId: request.id,
  };
}

declare module "fastify" {
  interface FastifyRequest {
    /** Its write recorded its audit record in its own statement (`auditedWithWrite`). */
    auditRecorded: boolean;
  }
}

/**
 * A hot write may record its audit record in the statement that makes the change (a session's
 * issue: its statement inserts the record too) — one round trip and one commit fewer,
 * and the record commits with the change or not at all. The route then calls
 * `auditedWithWrite(request)`, so the onSend hook does not record it again.
 */
export function auditedWithWrite(request: FastifyRequest): void {
  // A decorated field, not a WeakSet: adding to one cost a session issue 2 % of its CPU.
  request.auditRecorded = true;
}

/**
 * onSend: every write the API answered with success (2xx) is recorded with its credential, its
 * route and the record it touched — in the request's path, after the answer is ready (unless its
 * write recorded it already).
 */
export function auditWrites(ctx: AppContext) {
  return async function auditWrite(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
  ): Promise<unknown> {
    if (!WRITE_METHODS.has(request.method) || !request.principal || request.auditRecorded) return payload;
    if (reply.statusCode < 200 || reply.statusCode >= 300 || reply.getHeader("idempotent-replayed"))
      return payload;
    await recordAudit(ctx.db, auditRecordOf(request, reply.statusCode, resourceOf(request, payload)));
    return payload;
  };
}

export async function listAuditEvents(
  db: Database,
  environmentId: string,
  filters: { actorType?: ActorType; actorId?: string },
  page: Pagination,
) {
  const conditions: SQL[] = [eq(auditEvents.environmentId, environmentId)];
  if (filters.actorType) conditions.push(eq(auditEvents.actorType, filters.actorType));
  if (filters.actorId) conditions.push(eq(auditEvents.actorId, filters.actorId));
  return selectPage(
    db,
    auditEvents,
    and(...conditions),
    [desc(auditEvents.createdAt), desc(auditEvents.id)],
    page,
  );
}

export const toAuditEventView = (row: AuditEventRow) => ({
  id: row.id,
  actor: { type: row.actorType, id: row.actorId },
  action: row.action,
  resourceId: row.resourceId,
  status: row.status,
  requestId: row.requestId,
  createdAt: row.createdAt.toISOString(),
});

/** Forget audit events older than the retention (a periodic task of the worker). */
export function pruneAuditEvents(db: Database, retentionDays: number): Promise<number> {
  return pruneInBatches(
    db,
    auditEvents,
    lt(auditEvents.createdAt, sql`now() - make_interval(days => ${retentionDays})`),
  );
}
