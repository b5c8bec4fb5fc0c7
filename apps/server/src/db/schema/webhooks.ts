import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idColumn, instant, updatedAt } from "./columns.ts";
import { environments } from "./environments.ts";

/** Where a developer wants events sent, and the secret that signs them. */
export const webhookSubscriptions = pgTable(
  "webhook_subscriptions",
  {
    id: idColumn(),
    environmentId: text("environment_id")
      .notNull()
      .references(() => environments.id),
    name: text("name").notNull(),
    targetUrl: text("target_url").notNull(),
    /** Event types and parent scopes (e.g. "connection" matches every connection.* event). */
    eventTypes: jsonb("event_types").$type<string[]>().notNull(),
    disabled: boolean("disabled").notNull().default(false),
    /** Why delivery stopped, when the platform disabled it (e.g. the target answered 410 Gone). */
    disabledReason: text("disabled_reason"),
    /** The signing secret (whsec_…), encrypted at rest. */
    secretEncrypted: text("secret_encrypted").notNull(),
    /** After a rotation the old secret keeps signing (a second signature) until it expires. */
    previousSecretEncrypted: text("previous_secret_encrypted"),
    previousSecretExpiresAt: instant("previous_secret_expires_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("webhook_subscriptions_environment_created_idx").on(t.environmentId, t.createdAt, t.id)],
);

export const WEBHOOK_DELIVERY_STATUSES = ["PENDING", "SUCCEEDED", "FAILED", "CANCELLED"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_DELIVERY_REASONS = ["EVENT", "REPLAY", "TEST"] as const;
export type WebhookDeliveryReason = (typeof WEBHOOK_DELIVERY_REASONS)[number];

export type WebhookTestEvent = {
  id: string;
  at: string;
  type: string;
  profile: null;
  record: Record<string, unknown>;
  metadata: null;
};

/**
 * One event on its way to one subscription: the operator's view of the attempts. The attempts
 * themselves run as jobs (queue webhooks.deliver) that point at this row.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: idColumn(),
    environmentId: text("environment_id")
      .notNull()
      .references(() => environments.id),
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: "cascade" }),
    /** The stored event's id; for a TEST delivery, the id of the synthetic event in `testEvent`. */
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    reason: text("reason").$type<WebhookDeliveryReason>().notNull(),
    testEvent: jsonb("test_event").$type<WebhookTestEvent | null>(),
    status: text("status").$type<WebhookDeliveryStatus>().notNull().default("PENDING"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull(),
    lastAttemptAt: instant("last_attempt_at"),
    responseStatus: integer("response_status"),
    responseLatencyMs: integer("response_latency_ms"),
    lastError: text("last_error"),
    nextAttemptAt: instant("next_attempt_at"),
    completedAt: instant("completed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Fan-out may run twice for one event (at-least-once jobs); this keeps one delivery per pair.
    uniqueIndex("webhook_deliveries_fanout_idx")
      .on(t.subscriptionId, t.eventId)
      .where(sql`${t.reason} = 'EVENT'`),
    index("webhook_deliveries_subscription_created_idx").on(t.subscriptionId, t.createdAt, t.id),
    index("webhook_deliveries_settled_idx").on(t.updatedAt).where(sql`status <> 'PENDING'`),
  ],
);
