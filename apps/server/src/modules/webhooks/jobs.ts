import type { AppContext } from "../../context.ts";
import type { JobHandler } from "../../jobs/worker.ts";
import { attemptDelivery, type DeliveryTransport } from "./delivery.ts";
import { DELIVERY_SCHEDULE_MS, WEBHOOK_DELIVER_QUEUE } from "./fanout.ts";

/**
 * One attempt per run; the handler picks the next attempt's time (schedule or Retry-After).
 * The worker's heartbeat keeps the job's lease while an attempt runs, however long it takes.
 */
export const webhookDeliveryHandler = (ctx: AppContext, transport: DeliveryTransport = {}): JobHandler => ({
  queue: WEBHOOK_DELIVER_QUEUE,
  // Attempts mostly wait on the network: a lane of their own, so they never queue behind syncs.
  concurrency: ctx.config.webhookConcurrency,
  // Used only when an attempt throws unexpectedly (e.g. the database is down).
  backoffMs: (attempts) => DELIVERY_SCHEDULE_MS[attempts] ?? DELIVERY_SCHEDULE_MS.at(-1)!,
  handle: (job) => attemptDelivery(ctx, job, transport),
});

export const webhookJobHandlers = (ctx: AppContext, transport: DeliveryTransport = {}): JobHandler[] => [
  webhookDeliveryHandler(ctx, transport),
];
