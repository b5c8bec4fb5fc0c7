import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "./client.ts";

/**
 * A statement built once per database and prepared (drizzle `.prepare(name)`, values as
 * `sql.placeholder(...)`): hot paths skip building the SQL on every call, and PostgreSQL parses
 * and plans it once per connection. It is bound to the database it was built on; given a
 * transaction, it is built for that transaction (its statements go through its connection), so
 * only calls on the process's database gain from it.
 */
export function preparedStatement<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

/**
 * The rows of a prepared statement as the driver gives them, keyed by the statement's column
 * names, without drizzle mapping each value (its per-column checks cost about a tenth of a
 * 100-row read). For statements whose columns are aliased text, so there is nothing to map.
 * Both drivers' prepared queries have `all()` (node-postgres and PGlite); drizzle's types leave it out.
 */
export function rawRows<Row>(statement: unknown, values: Record<string, unknown>): Promise<Row[]> {
  return (statement as { all(values: Record<string, unknown>): Promise<Row[]> }).all(values);
}

/** A column (or expression) read as text under `name`: for `rawRows`, whose values are not mapped. */
export const asText = <Name extends string>(value: SQL | AnyPgColumn, name: Name) =>
  sql<string>`${value}::text`.as(name);

/** A timestamp as the API writes it (ISO 8601 in UTC, milliseconds: `toISOString()`'s form), rendered by PostgreSQL. */
export const isoTimestampText = (column: AnyPgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
