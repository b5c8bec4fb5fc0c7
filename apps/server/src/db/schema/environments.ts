import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "./columns.ts";

export const ENVIRONMENT_MODES = ["TEST", "SANDBOX", "PRODUCTION"] as const;
export type EnvironmentMode = (typeof ENVIRONMENT_MODES)[number];

export const environments = pgTable("environments", {
  id: idColumn(),
  name: text("name").notNull(),
  mode: text("mode").$type<EnvironmentMode>().notNull(),
  metadata: jsonb("metadata").$type<Record<string, string> | null>(),
  /** Features support enables for an environment, e.g. "connection_export". */
  features: jsonb("features").$type<string[]>().notNull().default([]),
  /** Web origins whose front ends may call the Auth API, the data reads and GraphQL (CORS). */
  allowedOrigins: jsonb("allowed_origins").$type<string[]>().notNull().default([]),
  /** Requests a second for this environment's API keys and sessions; unset uses the server's. */
  rateLimits: jsonb("rate_limits").$type<{ apiKey?: number; session?: number } | null>(),
  createdAt: createdAt(),
});
