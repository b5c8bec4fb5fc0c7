import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";
import { openRuntime } from "../src/runtime.ts";
import { createPostgresDatabase, startTestPlatform, type TestPlatform, testDriver } from "./harness.ts";

describe("WEFT_DATABASE_READ_URL", () => {
  it("must be a PostgreSQL URL, and names a replica of DATABASE_URL, which must be set too", () => {
    expect(() => loadConfig({ WEFT_DATABASE_READ_URL: "postgres://replica/weft" })).toThrow(
      new ConfigError(
        "WEFT_DATABASE_READ_URL names a read replica of DATABASE_URL: set DATABASE_URL to the primary too",
      ),
    );
    expect(() =>
      loadConfig({ DATABASE_URL: "postgres://primary/weft", WEFT_DATABASE_READ_URL: "mysql://replica/weft" }),
    ).toThrow("WEFT_DATABASE_READ_URL must start with postgres:// or postgresql://");
    expect(
      loadConfig({
        DATABASE_URL: "postgres://primary/weft",
        WEFT_DATABASE_READ_URL: "postgres://replica/weft",
      }).databaseReadUrl,
    ).toBe("postgres://replica/weft");
  });
});

/**
 * The replica here is another database that the test fills by hand, so it can tell which one
 * answered: data reads come from it, writes and credentials from the primary.
 */
describe.skipIf(testDriver !== "postgres")("a read replica", () => {
  let replica: { url: string; drop(): Promise<void> };
  let platform: TestPlatform;

  const copyRow = async (table: string, id: string) => {
    const primary = new pg.Client({ connectionString: platform.databaseUrl });
    const copy = new pg.Client({ connectionString: replica.url });
    await primary.connect();
    await copy.connect();
    try {
      const { rows } = await primary.query(`select * from ${table} where id = $1`, [id]);
      const columns = Object.keys(rows[0]);
      await copy.query(
        `insert into ${table} (${columns.join(", ")}) values (${columns.map((_, i) => `$${i + 1}`).join(", ")})
         on conflict (id) do nothing`,
        columns.map((c) =>
          typeof rows[0][c] === "object" && rows[0][c] !== null && !(rows[0][c] instanceof Date)
            ? JSON.stringify(rows[0][c])
            : rows[0][c],
        ),
      );
    } finally {
      await primary.end();
      await copy.end();
    }
  };

  beforeAll(async () => {
    replica = await createPostgresDatabase();
    const schema = await openDatabase({ driver: "postgres", url: replica.url });
    await schema.migrate();
    await schema.close();
    platform = await startTestPlatform({ WEFT_DATABASE_READ_URL: replica.url });
  });
  afterAll(async () => {
    await platform?.close();
    await replica?.drop();
  });

  it("serves the API's data reads; writes and API keys go to the primary", async () => {
    const env = await platform.environment("TEST");
    const created = await platform.app.inject({
      method: "POST",
      url: "/v1/profiles",
      headers: env.auth,
      payload: { name: "Ada" },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    // Not replicated yet: the read comes from the replica, which does not have it.
    const early = await platform.app.inject({ url: `/v1/profiles/${id}`, headers: env.auth });
    expect(early.statusCode).toBe(404);

    await copyRow("environments", env.id);
    await copyRow("profiles", id);
    const read = await platform.app.inject({ url: `/v1/profiles/${id}`, headers: env.auth });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id, name: "Ada" });

    // A write goes to the primary; the replica shows it once it has it.
    const renamed = await platform.app.inject({
      method: "PATCH",
      url: `/v1/profiles/${id}`,
      headers: env.auth,
      payload: { name: "Ada Lovelace" },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe("Ada Lovelace");
    expect((await platform.app.inject({ url: `/v1/profiles/${id}`, headers: env.auth })).json().name).toBe(
      "Ada",
    );
    const list = await platform.app.inject({ url: "/v1/profiles", headers: env.auth });
    expect(list.json().map((p: { id: string }) => p.id)).toEqual([id]);
  });

  it("a replica that cannot be reached stops the start with a message naming it", async () => {
    const config = loadConfig({
      WEFT_LOG_LEVEL: "silent",
      WEFT_DATA_DIR: `/tmp/weft-replica-${process.pid}`,
      DATABASE_URL: platform.databaseUrl!,
      WEFT_DATABASE_READ_URL: "postgres://postgres@127.0.0.1:1/nowhere",
    });
    await expect(openRuntime(config, "test")).rejects.toThrow(/127\.0\.0\.1:1/);
  });
});
