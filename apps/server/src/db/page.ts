/**
 * A list endpoint's page, read from the database. Apart from its HTTP side (http/pagination.ts:
 * the query schema and the headers), so services load no schema builder.
 */
import { count, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Pagination } from "../http/pagination.ts";
import type { Database } from "./client.ts";

export const offsetOf = (p: Pagination) => (p.page - 1) * p.limit;

/**
 * One page of a table's rows, newest first by `orderBy`, and how many rows match in all: the
 * body and the total-count of a list endpoint.
 */
export async function selectPage<T extends PgTable>(
  db: Database,
  table: T,
  where: SQL | undefined,
  orderBy: (SQL | PgColumn)[],
  page: Pagination,
): Promise<{ rows: T["$inferSelect"][]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...orderBy)
      .limit(page.limit)
      .offset(offsetOf(page)),
    db
      .select({ n: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  return { rows: rows as T["$inferSelect"][], total: total?.n ?? 0 };
}
