import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idColumn, instant, updatedAt } from "./columns.ts";

export const JOB_STATES = ["queued", "active", "completed", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

/** Durable background work, claimed with FOR UPDATE SKIP LOCKED by any server or worker process. */
export const jobs = pgTable(
  "jobs",
  {
    id: idColumn(),
    queue: text("queue").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    state: text("state").$type<JobState>().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull(),
    runAt: instant("run_at").notNull().defaultNow(),
    /** While active: the lease. A job whose lease ran out (its worker died) is claimed again. */
    lockedUntil: instant("locked_until"),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: instant("finished_at"),
  },
  // Only what is claimable is indexed for claiming, so the claim stays as fast with a million
  // finished jobs as with none: queued jobs by when they are due, active ones by their lease.
  (t) => [
    index("jobs_due_idx").on(t.runAt).where(sql`state = 'queued'`),
    index("jobs_lease_idx").on(t.lockedUntil).where(sql`state = 'active'`),
    index("jobs_finished_idx").on(t.finishedAt).where(sql`state in ('completed', 'failed')`),
    index("jobs_queue_idx").on(t.queue, t.state),
  ],
);
