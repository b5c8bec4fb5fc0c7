/** Reading the values providers send: the same rules for every provider's mapping. */

/** The first of the values that is a string with something in it: a blank string is no value. */
export const firstFilled = (...values: unknown[]): string | undefined =>
  values.find((value): value is string => typeof value === "string" && value.trim() !== "");

/** A table's own entry for a key (a key like "constructor" finds nothing, not Object.prototype's). */
export const entryOf = <T>(table: Record<string, T>, key: string | null | undefined): T | undefined =>
  key != null && Object.hasOwn(table, key) ? table[key] : undefined;
