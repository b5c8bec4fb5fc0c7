import type { AppContext } from "../../context.ts";
import { exponentialBackoff, JOB_SETTLED, type JobHandler } from "../../jobs/worker.ts";
import { EVENT_FANOUT_QUEUE } from "../events/service.ts";
import { attemptDelivery, type DeliveryTransport } from "./delivery.ts";
import { DELIVERY_SCHEDULE_MS, fanOutEvent, WEBHOOK_DELIVER_QUEUE } from "./service.ts";

/** Turns each stored event into deliveries; enqueued by recordEvent in the event's own transaction. */
export const webhookFanOutHandler = (ctx: AppContext): JobHandler => ({
  queue: EVENT_FANOUT_QUEUE,
  backoffMs: exponentialBackoff,
  handle: async (job) => {
    await fanOutEvent(ctx.db, String(job.payload.eventId), job);
    return JOB_SETTLED;
  },
});

/** One attempt per run; the handler picks the next attempt's time (schedule or Retry-After). */
export const webhookDeliveryHandler = (ctx: AppContext, transport: DeliveryTransport = {}): JobHandler => {
  // The worker's heartbeat keeps the job's lease while an attempt runs, however long it takes.
  return {
    queue: WEBHOOK_DELIVER_QUEUE,
    // Used only when an attempt throws unexpectedly (e.g. the database is down).
    backoffMs: (attempts) => DELIVERY_SCHEDULE_MS[attempts] ?? DELIVERY_SCHEDULE_MS.at(-1)!,
    handle: (job) => attemptDelivery(ctx, job, transport),
  };
};

export const webhookJobHandlers = (ctx: AppContext, transport: DeliveryTransport = {}): JobHandler[] => [
  webhookFanOutHandler(ctx),
  webhookDeliveryHandler(ctx, transport),
];
