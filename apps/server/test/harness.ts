import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pg from "pg";
import pino from "pino";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { type AppContext, createContext } from "../src/context.ts";
import { type DatabaseHandle, openDatabase } from "../src/db/client.ts";
import type { EnvironmentMode } from "../src/db/schema/index.ts";
import type { Server } from "../src/http/server-type.ts";
import { Worker } from "../src/jobs/worker.ts";
import { createApiKey } from "../src/modules/api-keys/service.ts";
import { createEnvironment } from "../src/modules/environments/service.ts";
import type { MailMessage } from "../src/modules/passcodes/mailer.ts";
import { SecretKeys } from "../src/security/secrets.ts";
import { jobHandlers } from "../src/workers.ts";

export const testDriver = (process.env.WEFT_TEST_DRIVER ?? "pglite") as "pglite" | "postgres";

/** A fresh database on the PostgreSQL server at `adminUrl`, dropped by the returned function. */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A fresh database on the test PostgreSQL server (TEST_DATABASE_URL). */
export function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  return createScratchDatabase(adminUrl, "weft_test");
}

export type TestEnvironment = {
  id: string;
  secret: string;
  apiKeyId: string;
  auth: { authorization: string };
};

/** A statement sent to PostgreSQL: its text, parameters and, when prepared, the statement's name. */
export type SentStatement = { text: string; values: unknown[]; name: string | undefined };

export type TestPlatform = {
  ctx: AppContext;
  app: Server;
  worker: Worker;
  /** LISTEN on the test database (what `weft serve` wires its workers to). */
  listen: DatabaseHandle["listen"];
  /** Every message the platform mailed, oldest first. */
  mail: MailMessage[];
  /**
   * The statements `run` sent to PostgreSQL, each one round trip (BEGIN and COMMIT included);
   * tests assert the work a request costs with it. Empty on PGlite, which has no round trips.
   */
  statementsOf(run: () => Promise<unknown>): Promise<string[]>;
  /** The test database's URL on PostgreSQL (undefined on PGlite). */
  databaseUrl: string | undefined;
  /** The same, with each statement's parameters (to EXPLAIN them, say) and its name when prepared. */
  sentBy(run: () => Promise<unknown>): Promise<SentStatement[]>;
  /**
   * Take the database away, as an outage would: PostgreSQL stops accepting connections and drops
   * the open ones (the returned function lets it back); PGlite, one process's database, is closed
   * for good (the returned function does nothing).
   */
  outage(): Promise<() => Promise<void>>;
  /** Create an environment with a live API key. */
  environment(mode?: EnvironmentMode, name?: string): Promise<TestEnvironment>;
  close(): Promise<void>;
};

/**
 * The platform on a fresh database of the driver under test (PGlite in memory, or a new
 * PostgreSQL database), migrated, with a worker that tests drain explicitly.
 */
export async function startTestPlatform(overrides: Record<string, string> = {}): Promise<TestPlatform> {
  const pgDatabase = testDriver === "postgres" ? await createPostgresDatabase() : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "weft-test-"));
  // Tests send far more than a client may a second; a test of the limits sets them itself.
  const config = loadConfig({
    WEFT_DATA_DIR: dataDir,
    WEFT_LOG_LEVEL: "silent",
    WEFT_RATE_LIMIT_API_KEY: "0",
    WEFT_RATE_LIMIT_SESSION: "0",
    WEFT_RATE_LIMIT_SIGN_IN: "0",
    ...(pgDatabase && { DATABASE_URL: pgDatabase.url }),
    ...overrides,
  });
  const statements: SentStatement[] = [];
  const database = await openDatabase(
    pgDatabase
      ? {
          driver: "postgres",
          url: pgDatabase.url,
          poolSize: 5,
          onQuery: (text, values, name) => statements.push({ text, values, name }),
        }
      : { driver: "pglite", dataDir: undefined, brief: true },
  );
  await database.migrate();
  // A read replica stand-in (WEFT_DATABASE_READ_URL): another database the test fills itself.
  const replica = config.databaseReadUrl
    ? await openDatabase({ driver: "postgres", url: config.databaseReadUrl, poolSize: 2 })
    : undefined;
  const logger = pino({ level: process.env.WEFT_TEST_LOG_LEVEL ?? "silent" });
  const secretKey = new SecretKeys(randomBytes(32));
  const mail: MailMessage[] = [];
  const ctx = createContext({
    db: database.db,
    readDb: replica?.db,
    config,
    secretKey,
    logger,
    mailer: { send: async (message) => void mail.push(message) },
    listen: database.listen,
  });
  const worker = new Worker(database.db, jobHandlers(ctx), { logger, pollIntervalMs: 20 });
  const { app } = await buildApp(ctx);
  const sentBy = async (run: () => Promise<unknown>) => {
    const from = statements.length;
    await run();
    return statements.slice(from);
  };
  return {
    ctx,
    app,
    worker,
    listen: database.listen,
    mail,
    async statementsOf(run) {
      return (await sentBy(run)).map((s) => s.text);
    },
    sentBy,
    databaseUrl: pgDatabase?.url,
    async outage() {
      if (!pgDatabase) {
        await database.close();
        return async () => {};
      }
      const name = new URL(pgDatabase.url).pathname.slice(1);
      const admin = async (statement: string) => {
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await client.connect();
        await client.query(statement);
        await client.end();
      };
      await admin(`alter database ${name} allow_connections false`);
      await admin(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
      );
      return () => admin(`alter database ${name} allow_connections true`);
    },
    async environment(mode = "SANDBOX", name = `${mode} environment`) {
      const env = await createEnvironment(ctx.db, { name, mode });
      const { key, secret } = await createApiKey(ctx.db, env.id, "test key");
      return { id: env.id, secret, apiKeyId: key.id, auth: { authorization: `Bearer ${secret}` } };
    },
    async close() {
      await worker.stop();
      await app.close();
      await replica?.close();
      await database.close();
      await pgDatabase?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A logger's destination that keeps each line it is given, for tests that read what was logged. */
export function lineSink(): { lines: string[]; sink: Writable } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, sink };
}
