import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idColumn, instant } from "./columns.ts";
import { environments } from "./environments.ts";

/**
 * A POST sent with an Idempotency-Key: the first answer, kept 24 hours, is the answer to every
 * repeat of the same request with the same key by the same credential.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    id: idColumn(),
    environmentId: text("environment_id")
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    /** The credential that sent it ("apiKey:key_…", "session:ses_…"): keys are per credential. */
    credential: text("credential").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of the method, path and body: the same key with another request is refused. */
    requestHash: text("request_hash").notNull(),
    /** Null while the first request runs. */
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    responseContentType: text("response_content_type"),
    createdAt: createdAt(),
    completedAt: instant("completed_at"),
  },
  (t) => [
    uniqueIndex("idempotency_keys_key_idx").on(t.credential, t.key),
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);
