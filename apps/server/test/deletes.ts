import { sql } from "drizzle-orm";
import type { Database } from "../src/db/client.ts";

export type RecordedDelete = { rows: number; transaction: string };

/**
 * Record every DELETE statement on `table` from now on, by a statement-level trigger: on both
 * drivers, and whatever builds the statement. `deletes()` gives, oldest first, how many rows each
 * removed and the transaction it ran in; `stop()` drops the trigger and forgets the record.
 */
export async function recordDeletes(
  db: Database,
  table: string,
): Promise<{ deletes(): Promise<RecordedDelete[]>; stop(): Promise<void> }> {
  const name = sql.identifier(table);
  await db.execute(
    sql`create table if not exists test_deletes (seq serial primary key, table_name text not null, rows integer not null, txid bigint not null)`,
  );
  await db.execute(sql`create or replace function test_record_deletes() returns trigger language plpgsql as $$
    begin
      insert into test_deletes (table_name, rows, txid) select tg_table_name, count(*), txid_current() from old_rows;
      return null;
    end $$`);
  await db.execute(sql`drop trigger if exists test_record_deletes on ${name}`);
  await db.execute(sql`create trigger test_record_deletes after delete on ${name}
    referencing old table as old_rows for each statement execute function test_record_deletes()`);
  return {
    async deletes() {
      const { rows } = (await db.execute(
        sql`select rows, txid::text as txid from test_deletes where table_name = ${table} order by seq`,
      )) as unknown as { rows: { rows: number; txid: string }[] };
      return rows.map((r) => ({ rows: r.rows, transaction: r.txid }));
    },
    async stop() {
      await db.execute(sql`drop trigger if exists test_record_deletes on ${name}`);
      await db.execute(sql`delete from test_deletes where table_name = ${table}`);
    },
  };
}
