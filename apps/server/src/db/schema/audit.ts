import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "./columns.ts";
import { environments } from "./environments.ts";

export const ACTOR_TYPES = ["apiKey", "session", "processor", "cli"] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

/** Who created, changed or deleted what: one row per successful write, by the API or the CLI. */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: idColumn(),
    environmentId: text("environment_id")
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    actorType: text("actor_type").$type<ActorType>().notNull(),
    /** The API key, session or processor token id; the operating-system user for the CLI. */
    actorId: text("actor_id").notNull(),
    /** "POST /v1/profiles", "PATCH /v1/connections/:connectionId", "keys revoke". */
    action: text("action").notNull(),
    /** The record it acted on, when it names one. */
    resourceId: text("resource_id"),
    status: integer("status"),
    requestId: text("request_id"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_events_env_idx").on(t.environmentId, t.createdAt)],
);
