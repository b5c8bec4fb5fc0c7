import type { AppContext } from "../../context.ts";
import { exponentialBackoff, type JobHandler } from "../../jobs/worker.ts";
import { BALANCE_REFRESH_QUEUE, refreshBalanceNow } from "./service.ts";

export const balanceRefreshHandler = (ctx: AppContext): JobHandler => ({
  queue: BALANCE_REFRESH_QUEUE,
  backoffMs: exponentialBackoff,
  handle: (job) => refreshBalanceNow(ctx, String(job.payload.accountId)),
});
