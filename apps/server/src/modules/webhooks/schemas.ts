import { type Static, Type } from "typebox";
import { WEBHOOK_DELIVERY_REASONS, WEBHOOK_DELIVERY_STATUSES } from "../../db/schema/index.ts";
import { PaginationQuery } from "../../http/pagination.ts";
import { DateTime, NOT_BLANK, Nullable } from "../../http/schemas.ts";
import { EVENT_TYPES } from "../events/service.ts";

/** Parent scopes: subscribing to one subscribes to every event type under it. */
export const EVENT_TYPE_SCOPES = [
  "profile",
  "connection",
  "connection.synced",
  "connection.synced.errored",
  "account",
  "balance",
  "statement",
  "charge.execute",
] as const;

export const SUBSCRIBABLE_EVENT_TYPES = [...EVENT_TYPE_SCOPES, ...EVENT_TYPES] as const;

export const TARGET_URL_MESSAGE = "Target URL is not a valid HTTPS URL";

const Name = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: NOT_BLANK,
  description: "Your label for the subscription.",
  examples: ["Production backend"],
});

const TargetUrl = Type.String({
  format: "uri",
  pattern: "^[Hh][Tt][Tt][Pp][Ss]://",
  maxLength: 2048,
  errorMessage: TARGET_URL_MESSAGE,
  description:
    "Where events are POSTed. Must be HTTPS with a certificate that verifies. Loopback, private, " +
    "link-local, carrier-grade NAT, multicast and reserved addresses (in any spelling: 127.1, " +
    "0x7f000001, ::ffff:127.0.0.1) and local names (localhost, *.local, *.internal) are refused with " +
    "a 422 when the subscription is saved, and again at every delivery after DNS resolution, pinned " +
    "to the address connected to — unless the operator set WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS=true. " +
    "Redirects are not followed. For development only, with WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS=true, " +
    "plain http:// to this machine (localhost, 127.0.0.1, ::1) is accepted too.",
  examples: ["https://example.com/webhooks/weft"],
});

const EventTypeName = Type.Enum(SUBSCRIBABLE_EVENT_TYPES, {
  type: "string",
  errorMessage: `Event type must be one of: ${SUBSCRIBABLE_EVENT_TYPES.join(", ")}`,
  description:
    "An event type, or a parent scope (profile, connection, connection.synced, " +
    "connection.synced.errored, account, balance, statement, charge.execute) that matches every " +
    "event type under it: `connection` matches `connection.created` and `connection.synced.errored.service`.",
});

const EventTypes = Type.Array(EventTypeName, {
  minItems: 1,
  maxItems: 100,
  description: "At least one event type or parent scope. Duplicates are dropped.",
  examples: [["profile", "connection.synced.successful"]],
});

const Disabled = Type.Boolean({
  description:
    "A disabled subscription receives nothing. The platform disables a subscription itself when its " +
    "target answers 410 Gone; set it back to false to resume.",
});

/**
 * The request bodies. With WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS=true (development) the target may
 * also be plain http://, which the service then accepts only to this machine.
 */
export function subscriptionRequests(allowLocalHttp: boolean) {
  const targetUrl = allowLocalHttp
    ? Type.String({ ...TargetUrl, pattern: "^[Hh][Tt][Tt][Pp][Ss]?://" })
    : TargetUrl;
  return {
    create: Type.Object(
      {
        name: Name,
        targetUrl,
        eventTypes: EventTypes,
        disabled: Type.Optional(Disabled),
      },
      { title: "WebhookSubscriptionCreateRequest", additionalProperties: false },
    ),
    update: Type.Object(
      {
        name: Type.Optional(Name),
        targetUrl: Type.Optional(targetUrl),
        eventTypes: Type.Optional(EventTypes),
        disabled: Type.Optional(Disabled),
      },
      { title: "WebhookSubscriptionUpdateRequest", additionalProperties: false },
    ),
  };
}
export const WebhookSubscriptionCreateRequest = subscriptionRequests(false).create;
export type WebhookSubscriptionCreateInput = Static<typeof WebhookSubscriptionCreateRequest>;
export const WebhookSubscriptionUpdateRequest = subscriptionRequests(false).update;
export type WebhookSubscriptionUpdateInput = Static<typeof WebhookSubscriptionUpdateRequest>;

const subscriptionFields = {
  id: Type.String({ description: "Read-only.", examples: ["wh_01jd8x0m6e9q7v2c5b4n3k1h0g"] }),
  name: Type.String({ examples: ["My backend"] }),
  targetUrl: Type.String({ format: "uri", examples: ["https://example.com/webhooks/weft"] }),
  eventTypes: Type.Array(Type.String(), {
    description: "Event types and parent scopes subscribed to.",
    examples: [["profile", "connection.synced"]],
  }),
  disabled: Type.Boolean({ examples: [false] }),
  disabledReason: Nullable(
    Type.String({
      description: "Why the platform disabled the subscription, e.g. after a 410 Gone.",
      examples: ["The target answered 410 Gone at 2025-04-01T12:00:00.000Z"],
    }),
  ),
  createdAt: DateTime("Read-only."),
  updatedAt: DateTime("Read-only: when the subscription last changed."),
};

export const WebhookSubscription = Type.Object(subscriptionFields, { title: "WebhookSubscription" });
export type WebhookSubscriptionView = Static<typeof WebhookSubscription>;

const Secret = Type.String({
  description:
    "The signing secret, in the Standard Webhooks format (whsec_ then base64). Shown only now: " +
    "store it where your receiver can read it.",
  examples: ["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"],
});

export const WebhookSubscriptionCreated = Type.Object(
  { ...subscriptionFields, secret: Secret },
  { title: "WebhookSubscriptionWithSecret" },
);

export const WebhookSecretRotation = Type.Object(
  {
    secret: Secret,
    previousSecretExpiresAt: DateTime(
      "Until then every delivery carries a second signature made with the previous secret.",
    ),
  },
  { title: "WebhookSecretRotation" },
);

export const WebhookDelivery = Type.Object(
  {
    id: Type.String({
      description: "Also the webhook-id header the receiver sees, the same on every attempt.",
      examples: ["dlv_01jd8x0m6e9q7v2c5b4n3k1h0g"],
    }),
    subscriptionId: Type.String({ examples: ["wh_01jd8x0m6e9q7v2c5b4n3k1h0g"] }),
    eventId: Type.String({
      description: "The event delivered: the receiver's dedupe key.",
      examples: ["evt_01jd8x0m6e9q7v2c5b4n3k1h0g"],
    }),
    eventType: Type.String({ examples: ["profile.created"] }),
    reason: Type.Enum(WEBHOOK_DELIVERY_REASONS, {
      type: "string",
      description: "EVENT: the event happened. REPLAY: an operator replayed it. TEST: a test event.",
    }),
    status: Type.Enum(WEBHOOK_DELIVERY_STATUSES, {
      type: "string",
      description:
        "PENDING: waiting for its first or next attempt. SUCCEEDED: the target answered 2xx. " +
        "FAILED: every attempt failed, or the target answered 410 Gone. CANCELLED: the subscription " +
        "was disabled before it could be delivered.",
    }),
    attempts: Type.Integer({ description: "Attempts made so far.", examples: [2] }),
    maxAttempts: Type.Integer({
      description: "Attempts allowed before the delivery is FAILED.",
      examples: [8],
    }),
    responseStatus: Nullable(
      Type.Integer({ description: "HTTP status of the last answer.", examples: [500] }),
    ),
    responseLatencyMs: Nullable(
      Type.Integer({
        description: "Milliseconds from sending to the last answer's status line.",
        examples: [184],
      }),
    ),
    lastError: Nullable(
      Type.String({
        description: "Why the last attempt failed.",
        examples: ["HTTP 500: database unavailable"],
      }),
    ),
    lastAttemptAt: Nullable(DateTime("When the last attempt was made.")),
    nextAttemptAt: Nullable(
      DateTime("When the next attempt is due; null once SUCCEEDED, FAILED or CANCELLED."),
    ),
    completedAt: Nullable(DateTime("When the delivery SUCCEEDED, FAILED or was CANCELLED.")),
    createdAt: DateTime("Read-only."),
  },
  { title: "WebhookDelivery" },
);
export type WebhookDeliveryView = Static<typeof WebhookDelivery>;

export const WebhookDeliveriesQuery = Type.Object({
  ...PaginationQuery.properties,
  status: Type.Optional(
    Type.Enum(WEBHOOK_DELIVERY_STATUSES, { type: "string", description: "Only deliveries in this status." }),
  ),
});

export const WebhookReplay = Type.Object(
  {
    eventId: Type.String({ examples: ["evt_01jd8x0m6e9q7v2c5b4n3k1h0g"] }),
    deliveries: Type.Array(WebhookDelivery, {
      description: "One new delivery per enabled subscription whose event types match the event.",
    }),
  },
  { title: "WebhookReplay" },
);

export const SubscriptionIdParams = Type.Object({
  id: Type.String({ description: "The subscription's id (wh_…)." }),
});

export const EventIdParams = Type.Object({
  id: Type.String({ description: "The event's id (evt_…)." }),
});
