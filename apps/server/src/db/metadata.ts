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

/**
 * A JSON value's size in bytes as PostgreSQL's jsonb writes it out (what `weft_merge_metadata`
 * bounds, and what a record's read answers with): ", " and ": " between entries, and numbers in
 * full ("1e308" is 309 digits there). Measuring a request's metadata so, a create and a merge
 * hold it to one limit, and 16 KB accepted is at most 16 KB read.
 */
export function jsonbTextBytes(value: unknown): number {
  if (value === null || typeof value === "boolean") return String(value).length;
  if (typeof value === "number") return numericTextLength(value);
  if (typeof value === "string") return Buffer.byteLength(JSON.stringify(value));
  if (Array.isArray(value))
    return (
      2 +
      value.reduce((sum: number, item) => sum + jsonbTextBytes(item), 0) +
      2 * Math.max(0, value.length - 1)
    );
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    let bytes = 2 + 2 * Math.max(0, entries.length - 1);
    for (const [key, item] of entries)
      bytes += Buffer.byteLength(JSON.stringify(key)) + 2 + jsonbTextBytes(item);
    return bytes;
  }
  return 0;
}

/** A number's length as PostgreSQL's numeric prints what JSON.stringify wrote: without an exponent. */
function numericTextLength(n: number): number {
  const written = JSON.stringify(n);
  const e = written.indexOf("e");
  if (e < 0) return written.length;
  const sign = written.startsWith("-") ? 1 : 0;
  const [whole, fraction = ""] = written.slice(sign, e).split(".");
  const digits = whole!.length + fraction.length;
  const point = whole!.length + Number(written.slice(e + 1));
  if (point >= digits) return sign + point;
  if (point <= 0) return sign + 2 - point + digits;
  return sign + digits + 1;
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
