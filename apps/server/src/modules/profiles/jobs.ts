import type { AppContext } from "../../context.ts";
import { crashPoint } from "../../jobs/crash-points.ts";
import { exponentialBackoff, type JobHandler } from "../../jobs/worker.ts";
import { revokeProfileConnections } from "../connections/service.ts";
import { deleteProfileNow, PROFILE_DELETE_QUEUE } from "./service.ts";

export const profileDeletionHandler = (ctx: AppContext): JobHandler => ({
  queue: PROFILE_DELETE_QUEUE,
  backoffMs: exponentialBackoff,
  handle: async (job) => {
    // Providers are told first, outside the transaction; the rows then go with the profile (cascade).
    await revokeProfileConnections(ctx, String(job.payload.profileId));
    crashPoint(`${PROFILE_DELETE_QUEUE}:revoked`);
    await ctx.db.transaction((tx) => deleteProfileNow(tx, String(job.payload.profileId)));
  },
});
