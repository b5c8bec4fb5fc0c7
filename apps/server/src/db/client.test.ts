import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createPostgresDatabase, testDriver } from "../../test/harness.ts";
import { openDatabase } from "./client.ts";
import { DatabaseLockedError } from "./lock.ts";

describe.skipIf(testDriver !== "pglite")("the embedded database's lock", () => {
  const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "weft-lock-"));

  it("refuses a second opener while the first holds it, naming the holder; free again once closed", async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ driver: "pglite", dataDir, owner: "weft serve" });
    const second = openDatabase({ driver: "pglite", dataDir, owner: "weft keys" });
    await expect(second).rejects.toThrow(DatabaseLockedError);
    await expect(second).rejects.toThrow(/is in use by weft serve \(pid \d+, since /);
    await first.close();
    const again = await openDatabase({ driver: "pglite", dataDir, owner: "weft keys" });
    await again.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("dies with its process: after kill -9 the next start opens at once, though the holder's note is left", async () => {
    const dataDir = tempDir();
    const client = fileURLToPath(new URL("./client.ts", import.meta.url));
    const holder = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const { openDatabase } = await import(${JSON.stringify(client)});
         await openDatabase({ driver: "pglite", dataDir: ${JSON.stringify(dataDir)}, owner: "doomed" });
         console.log("holding");
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    await new Promise<void>((resolve) =>
      holder.stdout!.on("data", (d) => String(d).includes("holding") && resolve()),
    );
    await expect(openDatabase({ driver: "pglite", dataDir, owner: "next" })).rejects.toThrow(
      /in use by doomed/,
    );
    holder.kill("SIGKILL");
    await new Promise((resolve) => holder.once("exit", resolve));
    expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(true);
    const next = await openDatabase({ driver: "pglite", dataDir, owner: "next" });
    await next.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("a note naming a live process that holds no lock (a reused pid) does not block a start", async () => {
    const dataDir = tempDir();
    fs.writeFileSync(
      path.join(dataDir, "pglite.lock"),
      JSON.stringify({ pid: process.ppid, owner: "long gone", since: "2026-01-01T00:00:00.000Z" }),
    );
    const database = await openDatabase({ driver: "pglite", dataDir, owner: "weft serve" });
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

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
