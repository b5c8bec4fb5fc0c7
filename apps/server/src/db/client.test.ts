import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createPostgresDatabase, testDriver } from "../../test/harness.ts";
import { openDatabase } from "./client.ts";

describe.skipIf(testDriver !== "postgres")("the PostgreSQL pool", () => {
  it("survives a connection the server kills while idle, and keeps working", async () => {
    const scratch = await createPostgresDatabase();
    const broken: Error[] = [];
    const database = await openDatabase({
      driver: "postgres",
      url: scratch.url,
      poolSize: 2,
      onConnectionError: (error) => broken.push(error),
    });
    const pid = (
      (await database.db.execute(sql`select pg_backend_pid() as pid`)) as { rows: { pid: number }[] }
    ).rows[0]!.pid;
    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    await admin.query("select pg_terminate_backend($1)", [pid]);
    await admin.end();
    await expect.poll(() => broken.length).toBe(1);
    expect(broken[0]!.message).toContain("terminating connection");
    const after = (await database.db.execute(sql`select 1 as ok`)) as { rows: { ok: number }[] };
    expect(after.rows[0]!.ok).toBe(1);
    await database.close();
    await scratch.drop();
  });
});
