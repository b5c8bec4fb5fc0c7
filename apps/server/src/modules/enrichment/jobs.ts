import type { AppContext } from "../../context.ts";
import { exponentialBackoff, type JobHandler } from "../../jobs/worker.ts";
import { ENRICHMENT_QUEUE, runEnrichmentBatch } from "./service.ts";

export const enrichmentBatchHandler = (ctx: AppContext): JobHandler => ({
  queue: ENRICHMENT_QUEUE,
  backoffMs: exponentialBackoff,
  handle: (job) => runEnrichmentBatch(ctx, String(job.payload.batchId)),
});
