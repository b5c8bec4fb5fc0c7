import type { Logger } from "pino";
import type { AppContext } from "./context.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { pruneIdempotencyKeys } from "./http/idempotency.ts";
import { JOBS_CHANNEL, pruneFinishedJobs } from "./jobs/queue.ts";
import { type JobHandler, Worker } from "./jobs/worker.ts";
import { balanceRefreshHandler } from "./modules/accounts/jobs.ts";
import { pruneAuditEvents } from "./modules/audit/service.ts";
import { connectionJobHandlers } from "./modules/connections/jobs.ts";
import { reconcileSyncSchedules } from "./modules/connections/sync.ts";
import { enrichmentBatchHandler } from "./modules/enrichment/jobs.ts";
import { pruneEnrichmentBatches } from "./modules/enrichment/service.ts";
import { reenrichStale } from "./modules/enrichment/stored.ts";
import { profileDeletionHandler } from "./modules/profiles/jobs.ts";
import { webhookJobHandlers } from "./modules/webhooks/jobs.ts";
import { pruneSettledDeliveries } from "./modules/webhooks/service.ts";

/** Every job handler the platform has; a worker process runs all of them. */
export function jobHandlers(ctx: AppContext): JobHandler[] {
  return [
    profileDeletionHandler(ctx),
    ...webhookJobHandlers(ctx),
    ...connectionJobHandlers(ctx),
    balanceRefreshHandler(ctx),
    enrichmentBatchHandler(ctx),
  ];
}

/** A worker (not started) with every job handler and the periodic upkeep: prunes, reconciles. */
export function createWorker(ctx: AppContext, database: DatabaseHandle, logger: Logger): Worker {
  return new Worker(database.db, jobHandlers(ctx), {
    logger,
    subscribe: (onEnqueued) => database.listen(JOBS_CHANNEL, onEnqueued),
    periodic: [
      {
        name: "reconcile sync schedules",
        everyMs: 60_000,
        run: () => reconcileSyncSchedules(ctx).then(() => {}),
      },
      {
        // After a catalogue update, stored enrichments catch up a batch a minute, never at start-up.
        name: "re-enrich stale transactions",
        everyMs: 60_000,
        run: () => reenrichStale(ctx).then(() => {}),
      },
      {
        name: "prune finished jobs and deliveries",
        everyMs: 600_000,
        run: async () => {
          await pruneFinishedJobs(ctx.db, ctx.config.jobRetention);
          await pruneSettledDeliveries(ctx.db, ctx.config.jobRetention);
        },
      },
      {
        name: "prune audit events",
        everyMs: 3_600_000,
        run: () => pruneAuditEvents(ctx.db, ctx.config.auditRetentionDays).then(() => {}),
      },
      {
        name: "prune idempotency keys",
        everyMs: 600_000,
        run: () => pruneIdempotencyKeys(ctx).then(() => {}),
      },
      {
        name: "prune enrichment answers",
        everyMs: 600_000,
        run: () => pruneEnrichmentBatches(ctx).then(() => {}),
      },
    ],
  });
}
