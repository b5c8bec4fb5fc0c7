import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, instant } from "./columns.ts";
import { environments } from "./environments.ts";
import { profiles } from "./profiles.ts";

/**
 * A large enrichment request (more than answer at once): enriched in the background, answered
 * when the same request comes again. The id is the SHA-256 of the environment and the request.
 */
export const enrichmentBatches = pgTable(
  "enrichment_batches",
  {
    id: text("id").primaryKey(),
    environmentId: text("environment_id")
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** The request, kept until it is enriched. */
    request: jsonb("request").$type<Record<string, unknown> | null>(),
    transactionCount: integer("transaction_count").notNull(),
    /** The answer's transactions, once done. */
    result: jsonb("result").$type<unknown[] | null>(),
    completedAt: instant("completed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("enrichment_batches_created_idx").on(t.createdAt)],
);
