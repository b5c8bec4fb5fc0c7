import type { AppContext } from "../../context.ts";
import { exponentialBackoff, type JobHandler, RetryJobAt } from "../../jobs/worker.ts";
import { ProviderNotReady } from "../../providers/types.ts";
import { BALANCE_REFRESH_QUEUE, refreshBalanceNow } from "./service.ts";

export const balanceRefreshHandler = (ctx: AppContext): JobHandler => ({
  queue: BALANCE_REFRESH_QUEUE,
  backoffMs: exponentialBackoff,
  handle: async (job) => {
    try {
      // The claim counted this attempt: 1 on the first.
      await refreshBalanceNow(ctx, String(job.payload.accountId), job.attempts);
    } catch (error) {
      // The provider's check still runs (MX): the next attempt asks again when it should be done.
      if (error instanceof ProviderNotReady)
        throw new RetryJobAt(error.message, new Date(Date.now() + error.retryAfterSeconds * 1000));
      throw error;
    }
  },
});
