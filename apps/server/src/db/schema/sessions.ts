import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idColumn, instant } from "./columns.ts";
import { environments } from "./environments.ts";
import { profiles } from "./profiles.ts";

/** One row per issued session token (the token's `jti`); revocation is checked on every use. */
export const userSessions = pgTable(
  "user_sessions",
  {
    id: idColumn(),
    environmentId: text("environment_id")
      .notNull()
      .references(() => environments.id),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: instant("expires_at").notNull(),
    revokedAt: instant("revoked_at"),
  },
  (t) => [index("user_sessions_profile_created_idx").on(t.profileId, t.createdAt)],
);

/** Asymmetric keys that sign session tokens; the private half is encrypted at rest. */
export const signingKeys = pgTable("signing_keys", {
  id: idColumn(),
  algorithm: text("algorithm").notNull(),
  publicJwk: jsonb("public_jwk").$type<Record<string, unknown>>().notNull(),
  privateJwkEncrypted: text("private_jwk_encrypted").notNull(),
  createdAt: createdAt(),
  retiredAt: instant("retired_at"),
});
