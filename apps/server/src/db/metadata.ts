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

/** What `weft_merge_metadata` raises when a merge would leave more than 50 keys. */
const METADATA_FULL = "WF422";

/** The 422 for a merge past 50 keys (the statement wrote nothing); undefined for any other error. */
export const metadataFullError = (error: unknown): ValidationError | undefined =>
  errorCodeOf(error) === METADATA_FULL
    ? ValidationError.of("metadata", "Metadata must have at most 50 entries, with the keys it already has")
    : undefined;
