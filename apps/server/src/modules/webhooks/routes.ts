import { Type } from "typebox";
import type { AppContext } from "../../context.ts";
import { apiKeyPrincipalOf } from "../../http/auth.ts";
import { PAGINATION_HEADERS, PaginationQuery, setPaginationHeaders } from "../../http/pagination.ts";
import { errorResponses, NoContent } from "../../http/schemas.ts";
import type { Server } from "../../http/server-type.ts";
import {
  EventIdParams,
  SubscriptionIdParams,
  subscriptionRequests,
  WebhookDeliveriesQuery,
  WebhookDelivery,
  WebhookReplay,
  WebhookSecretRotation,
  WebhookSubscription,
  WebhookSubscriptionCreated,
} from "./schemas.ts";
import {
  assertWebhookTarget,
  createSubscription,
  deleteSubscription,
  findSubscription,
  listDeliveries,
  listSubscriptions,
  MAX_SUBSCRIPTIONS,
  replayEvent,
  rotateSecret,
  sendTestEvent,
  toDeliveryView,
  toSubscriptionView,
  updateSubscription,
} from "./service.ts";

const TAG = "Webhooks";

const DELIVERY_RULES =
  "Each event is POSTed to every enabled subscription whose eventTypes match it, as JSON:\n\n" +
  "```json\n" +
  '{"environment": {"id": "env_…", "name": "Sandbox", "mode": "SANDBOX", "metadata": null},\n' +
  ' "eventTypes": ["profile.created"],\n' +
  ' "events": [{"id": "evt_…", "at": "2025-04-01T12:00:00.000Z", "type": "profile.created",\n' +
  '             "profile": {"id": "p_…", "uuid": "…", "metadata": null}, "record": {…}, "metadata": null}]}\n' +
  "```\n\n" +
  "Requests are signed per the Standard Webhooks specification: `webhook-id` (the delivery id, the " +
  "same on every attempt), `webhook-timestamp` (unix seconds) and `webhook-signature` " +
  "(`v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two space-separated signatures for 24 hours " +
  "after a secret rotation). Verify with any Standard Webhooks library, e.g. " +
  "`new Webhook(secret).verify(rawBody, headers)` from the `standardwebhooks` npm package.\n\n" +
  "Only a 2xx answer within 15 seconds counts; redirects are not followed (a 3xx is a failure). " +
  "Failed attempts are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (eight attempts in " +
  "all), sooner or later when the answer carries `Retry-After` (honoured up to 24 hours). A 410 Gone " +
  "disables the subscription. " +
  "Delivery is at least once and order is not promised: dedupe on the event id.";

export function registerWebhookRoutes(app: Server, ctx: AppContext): void {
  const config = { api: "platform", auth: ["apiKey"] } as const;
  const requests = subscriptionRequests(ctx.config.webhookAllowPrivateTargets);

  app.post(
    "/v1/webhooks/subscriptions",
    {
      config,
      schema: {
        operationId: "createWebhookSubscription",
        tags: [TAG],
        summary: "Create a webhook subscription",
        description:
          "Subscribes an HTTPS endpoint to event types. The answer carries the signing secret " +
          "(`whsec_…`) this one time only. An environment may have at most " +
          `${MAX_SUBSCRIPTIONS} subscriptions (a 403 past that).\n\n${DELIVERY_RULES}`,
        body: requests.create,
        response: { 201: WebhookSubscriptionCreated, ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      const { environment } = apiKeyPrincipalOf(request);
      await assertWebhookTarget(request.body.targetUrl, {
        allowPrivateTargets: ctx.config.webhookAllowPrivateTargets,
      });
      const { row, secret } = await ctx.db.transaction((tx) =>
        createSubscription(tx, ctx.secretKey, environment.id, request.body),
      );
      return reply.code(201).send({ ...toSubscriptionView(row), secret });
    },
  );

  app.get(
    "/v1/webhooks/subscriptions",
    {
      config,
      schema: {
        operationId: "listWebhookSubscriptions",
        tags: [TAG],
        summary: "List webhook subscriptions",
        description: "Newest first, paginated. Secrets are never listed.",
        querystring: PaginationQuery,
        response: {
          200: Type.Array(WebhookSubscription, { headers: PAGINATION_HEADERS }),
          ...errorResponses(401, 422),
        },
      },
    },
    async (request, reply) => {
      const { environment } = apiKeyPrincipalOf(request);
      const { rows, total } = await listSubscriptions(ctx.db, environment.id, request.query);
      setPaginationHeaders(request, reply, ctx.config.publicUrl, request.query, total);
      return rows.map(toSubscriptionView);
    },
  );

  app.get(
    "/v1/webhooks/subscriptions/:id",
    {
      config,
      schema: {
        operationId: "getWebhookSubscription",
        tags: [TAG],
        summary: "Read a webhook subscription",
        params: SubscriptionIdParams,
        response: { 200: WebhookSubscription, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { environment } = apiKeyPrincipalOf(request);
      return toSubscriptionView(await findSubscription(ctx.db, environment.id, request.params.id));
    },
  );

  app.patch(
    "/v1/webhooks/subscriptions/:id",
    {
      config,
      schema: {
        operationId: "updateWebhookSubscription",
        tags: [TAG],
        summary: "Update a webhook subscription",
        description:
          "Changes only the fields sent. Setting `disabled` to false resumes delivery of new events " +
          "(events that happened while it was disabled are not sent; replay them if you need them).",
        params: SubscriptionIdParams,
        body: requests.update,
        response: { 200: WebhookSubscription, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const { environment } = apiKeyPrincipalOf(request);
      if (request.body.targetUrl !== undefined)
        await assertWebhookTarget(request.body.targetUrl, {
          allowPrivateTargets: ctx.config.webhookAllowPrivateTargets,
        });
      const row = await ctx.db.transaction((tx) =>
        updateSubscription(tx, environment.id, request.params.id, request.body),
      );
      return toSubscriptionView(row);
    },
  );

  app.delete(
    "/v1/webhooks/subscriptions/:id",
    {
      config,
      schema: {
        operationId: "deleteWebhookSubscription",
        tags: [TAG],
        summary: "Delete a webhook subscription",
        description:
          "Stops delivery at once, including retries still pending, and removes its delivery history.",
        params: SubscriptionIdParams,
        response: { 204: NoContent, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { environment } = apiKeyPrincipalOf(request);
      await ctx.db.transaction((tx) => deleteSubscription(tx, environment.id, request.params.id));
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/v1/webhooks/subscriptions/:id/secret/rotate",
    {
      config,
      schema: {
        operationId: "rotateWebhookSecret",
        tags: [TAG],
        summary: "Rotate a subscription's signing secret",
        description:
          "Issues a new secret, shown this one time only. For the next 24 hours every delivery carries " +
          "two signatures in `webhook-signature`, one per secret, so receivers verify with either " +
          "while you deploy the new one. Rotating again within the 24 hours retires the oldest secret.",
        params: SubscriptionIdParams,
        response: { 200: WebhookSecretRotation, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { environment } = apiKeyPrincipalOf(request);
      const rotated = await ctx.db.transaction((tx) =>
        rotateSecret(tx, ctx.secretKey, environment.id, request.params.id),
      );
      return {
        secret: rotated.secret,
        previousSecretExpiresAt: rotated.previousSecretExpiresAt.toISOString(),
      };
    },
  );

  app.get(
    "/v1/webhooks/subscriptions/:id/deliveries",
    {
      config,
      schema: {
        operationId: "listWebhookDeliveries",
        tags: [TAG],
        summary: "List a subscription's deliveries",
        description:
          "Newest first, paginated: each delivery's status, attempts, last response code and latency, " +
          "last error and when the next attempt is due.",
        params: SubscriptionIdParams,
        querystring: WebhookDeliveriesQuery,
        response: {
          200: Type.Array(WebhookDelivery, { headers: PAGINATION_HEADERS }),
          ...errorResponses(401, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const { environment } = apiKeyPrincipalOf(request);
      const { rows, total } = await listDeliveries(ctx.db, environment.id, request.params.id, request.query);
      setPaginationHeaders(request, reply, ctx.config.publicUrl, request.query, total);
      return rows.map(toDeliveryView);
    },
  );

  app.post(
    "/v1/webhooks/subscriptions/:id/test",
    {
      config,
      schema: {
        operationId: "testWebhookSubscription",
        tags: [TAG],
        summary: "Send a test event",
        description:
          "Sends one signed event of type `webhook.test` to the subscription, even when it is disabled, " +
          "so you can check a receiver. It is attempted once, without retries; follow its status in " +
          "the subscription's deliveries.",
        params: SubscriptionIdParams,
        response: { 202: WebhookDelivery, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { environment } = apiKeyPrincipalOf(request);
      const row = await ctx.db.transaction((tx) => sendTestEvent(tx, environment.id, request.params.id));
      ctx.wakeWorkers();
      return reply.code(202).send(toDeliveryView(row));
    },
  );

  app.post(
    "/v1/webhooks/events/:id/replay",
    {
      config,
      schema: {
        operationId: "replayWebhookEvent",
        tags: [TAG],
        summary: "Replay an event",
        description:
          "Delivers a stored event again, as a new delivery (with its own webhook-id, and the same " +
          "event id), to every enabled subscription whose eventTypes match it now. Test events " +
          "(`webhook.test`) are not stored, so they cannot be replayed (a 404): send another test.",
        params: EventIdParams,
        response: { 202: WebhookReplay, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { environment } = apiKeyPrincipalOf(request);
      const rows = await ctx.db.transaction((tx) => replayEvent(tx, environment.id, request.params.id));
      ctx.wakeWorkers();
      return reply.code(202).send({ eventId: request.params.id, deliveries: rows.map(toDeliveryView) });
    },
  );
}
