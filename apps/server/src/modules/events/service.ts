import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type EventProfile, events } from "../../db/schema/index.ts";
import { newId } from "../../http/ids.ts";
import { enqueueJob } from "../../jobs/queue.ts";

export const EVENT_TYPES = [
  "account.created",
  "account.verified",
  "account.reconnected",
  "balance.created",
  "statement.ready",
  "connection.created",
  "connection.synced.successful",
  "connection.synced.successful.initial",
  "connection.synced.successful.historical",
  "connection.synced.errored.repairable",
  "connection.synced.errored.institution",
  "connection.synced.errored.provider",
  "connection.synced.errored.service",
  "connection.disconnected",
  "profile.created",
  "profile.ready",
  "profile.deleted",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export type NewEvent = {
  environmentId: string;
  type: EventType;
  profile: EventProfile | null;
  record: Record<string, unknown>;
  metadata?: Record<string, unknown> | null;
};

/** The webhooks module's job that turns each stored event into its deliveries. */
export const EVENT_FANOUT_QUEUE = "webhooks.fanout";

/**
 * Record an event. Call it with the transaction that makes the change, so both commit or neither.
 * Its webhook fan-out job is enqueued in the same transaction: no event is ever left undelivered.
 */
export async function recordEvent(db: Database, event: NewEvent): Promise<string> {
  const id = newId("event");
  await db.insert(events).values({
    id,
    environmentId: event.environmentId,
    profileId: event.profile?.id ?? null,
    type: event.type,
    profile: event.profile,
    record: event.record,
    metadata: event.metadata ?? null,
  });
  await enqueueJob(db, EVENT_FANOUT_QUEUE, { eventId: id });
  return id;
}

/** A stored event by id, optionally only within one environment. */
export async function findEvent(db: Database, id: string, environmentId?: string) {
  const [event] = await db
    .select({ id: events.id, type: events.type, environmentId: events.environmentId })
    .from(events)
    .where(and(eq(events.id, id), environmentId ? eq(events.environmentId, environmentId) : undefined));
  return event;
}
