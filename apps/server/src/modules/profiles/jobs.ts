import type { AppContext } from "../../context.ts";
import { exponentialBackoff, type JobHandler } from "../../jobs/worker.ts";
import { deleteProfileNow, PROFILE_DELETE_QUEUE } from "./service.ts";

export const profileDeletionHandler = (ctx: AppContext): JobHandler => ({
  queue: PROFILE_DELETE_QUEUE,
  backoffMs: exponentialBackoff,
  handle: (job) => ctx.db.transaction((tx) => deleteProfileNow(tx, String(job.payload.profileId))),
});
