import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type EventProfile, events } from "../../db/schema/index.ts";
import { newId } from "../../http/ids.ts";
import { fanOutCtes, matchingSubscriptions } from "../webhooks/fanout.ts";

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

/** Every statement that inserts events notifies this channel once, at commit (a trigger). */
export const EVENTS_CHANNEL = "weft_events";

/**
 * Record an event. Call it with the transaction that makes the change, so both commit or neither.
 * One statement writes the event, a delivery for each matching webhook subscription and the jobs
 * that attempt them: no event is ever left undelivered, and nothing re-reads it to fan it out.
 */
export async function recordEvent(db: Database, event: NewEvent): Promise<string> {
  const id = newId("event");
  await db.execute(sql`with ${eventCtes(id, event)} select 1`);
  return id;
}

/**
 * The CTEs of recordEvent's statement, for a statement that writes the change itself as well
 * (one statement needs no transaction around it): the event, its deliveries and their jobs.
 */
export function eventCtes(id: string, event: NewEvent): SQL {
  return sql`recorded as (
      insert into ${events} (id, environment_id, profile_id, type, profile, record, metadata)
      values (${id}, ${event.environmentId}, ${event.profile?.id ?? null}, ${event.type},
        ${event.profile === null ? null : JSON.stringify(event.profile)}::jsonb, ${JSON.stringify(event.record)}::jsonb,
        ${event.metadata == null ? null : JSON.stringify(event.metadata)}::jsonb)
    ),
    ${fanOutCtes({
      targets: matchingSubscriptions(event.environmentId, event.type),
      event: { id, type: event.type },
      reason: "EVENT",
    })}`;
}

/** A stored event by id, optionally only within one environment. */
export async function findEvent(db: Database, id: string, environmentId?: string) {
  const [event] = await db
    .select({ id: events.id, type: events.type, environmentId: events.environmentId })
    .from(events)
    .where(and(eq(events.id, id), environmentId ? eq(events.environmentId, environmentId) : undefined));
  return event;
}
