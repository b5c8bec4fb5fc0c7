import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { ValidationError } from "../http/errors.ts";
import { errorCodeOf } from "./errors.ts";

/**
 * A record's metadata updated with what was sent, by `weft_merge_metadata` (migration 0031): the
 * keys sent replace the record's own, a key sent as null is removed, the others stay (as Quiltt,
 * Stripe and JSON Merge Patch update it); null clears them all.
 */
export const mergedMetadata = (column: AnyColumn, sent: Record<string, unknown> | null): SQL =>
  sql`weft_merge_metadata(${column}, ${sent === null ? null : JSON.stringify(sent)}::jsonb)`;

/**
 * A new record's metadata: what was sent merged into none, as `weft_merge_metadata` would — a key
 * sent as null is not kept, and none left is null.
 */
export function newMetadata(
  sent: Record<string, unknown> | null | undefined,
): Record<string, unknown> | null {
  if (!sent) return null;
  const kept = Object.entries(sent).filter(([, value]) => value !== null);
  return kept.length > 0 ? Object.fromEntries(kept) : null;
}

/** What `weft_merge_metadata` raises when a merge would leave more than 50 keys, or more than 16 KB. */
const METADATA_FULL: Record<string, string> = {
  WF422: "Metadata must have at most 50 entries, with the keys it already has",
  WF413: "Metadata must be at most 16 KB as JSON, with what it already holds",
};

/** The 422 for a merge past metadata's limits (the statement wrote nothing); undefined for any other error. */
export const metadataFullError = (error: unknown): ValidationError | undefined => {
  const code = errorCodeOf(error);
  return code && Object.hasOwn(METADATA_FULL, code)
    ? ValidationError.of("metadata", METADATA_FULL[code]!)
    : undefined;
};
