import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
// Each driver (PGlite's WebAssembly build, node-postgres) loads only when a database of its kind
// is opened: a CLI command or a process on PostgreSQL never pays for the other.
import type pg from "pg";
import { acquireDataDirLock, type DataDirLock } from "./lock.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** One type for both drivers; a transaction is also a Database, so services take either. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseDriver = "pglite" | "postgres";

export type DatabaseHandle = {
  db: Database;
  driver: DatabaseDriver;
  migrate(): Promise<void>;
  close(): Promise<void>;
  listen: Listen;
  /** The embedded database's lock on its data dir (PGlite with a data dir only). */
  lock?: DataDirLock;
};

/**
 * Call `onNotify` with the payload of every NOTIFY to `channel` (delivered at commit); returns the
 * unsubscribe. `counted`: while it listens, this process is one of `countListeners(channel)`.
 */
export type Listen = (
  channel: string,
  onNotify: (payload: string) => void,
  options?: { counted?: boolean },
) => Promise<() => Promise<void>>;

/**
 * The processes listening on `channel` with `counted`: each holds a shared advisory lock on the
 * channel's key for as long as its listening connection lives (PGlite: none, it is one process).
 */
export async function countListeners(db: Database, channel: string): Promise<number> {
  const [key1, key2] = listenerLock(channel);
  const { rows } = (await db.execute(sql`
    select count(*)::int as listeners from pg_locks
    where locktype = 'advisory' and granted and classid = ${key1} and objid = ${key2} and objsubid = 2
      and database = (select oid from pg_database where datname = current_database())`)) as unknown as {
    rows: { listeners: number }[];
  };
  return rows[0]?.listeners ?? 0;
}

/** The two-int advisory lock key of a channel's counted listeners (a stable hash of its name). */
function listenerLock(channel: string): [number, number] {
  let hash = 0;
  for (const char of channel) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) & 0x7fffffff;
  return [727276, hash];
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

export type OpenDatabaseOptions =
  | {
      driver: "postgres";
      url: string;
      poolSize?: number;
      /** An idle pooled connection broke (the server restarted, say); the pool replaces it. */
      onConnectionError?: (error: Error) => void;
      /** Called with each statement sent to the server (one round trip each; `name` when prepared): tests count them. */
      onQuery?: (text: string, values: unknown[], name: string | undefined) => void;
    }
  /** dataDir undefined: an in-memory database (tests). */
  | {
      driver: "pglite";
      dataDir: string | undefined;
      owner?: string;
      /**
       * A process that runs a few statements and exits (a CLI command, a test): 16 MB of shared
       * buffers instead of PostgreSQL's 128 MB, which PGlite allocates and clears at every start
       * (about half of its start: 940 → 520 ms measured here).
       */
      brief?: boolean;
    };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.driver === "postgres") {
    const { default: pg } = await import("pg");
    const { drizzle: drizzlePostgres } = await import("drizzle-orm/node-postgres");
    // A database that does not answer fails a request in seconds instead of holding it forever.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
    });
    // Without a listener a broken idle connection is an uncaught exception that ends the process.
    pool.on("error", (error) => options.onConnectionError?.(error));
    const { onQuery } = options;
    if (onQuery) {
      pool.on("connect", (client) => {
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        client.query = ((...args: unknown[]) => {
          const [first, second] = args;
          if (typeof first === "string") onQuery(first, Array.isArray(second) ? second : [], undefined);
          else {
            const config = first as { text?: string; values?: unknown[]; name?: string } | undefined;
            onQuery(
              config?.text ?? "",
              Array.isArray(second) ? second : (config?.values ?? []),
              config?.name,
            );
          }
          return query(...args);
        }) as typeof client.query;
      });
    }
    const db = drizzlePostgres(pool, { schema });
    return {
      db: db as unknown as Database,
      driver: "postgres",
      migrate: () => migratePostgresOnce(pool, db),
      close: () => pool.end(),
      listen: (channel, onNotify, options) => listenPostgres(pool, channel, onNotify, options?.counted),
    };
  }
  const lock = options.dataDir
    ? await acquireDataDirLock(options.dataDir, options.owner ?? "weft")
    : undefined;
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle: drizzlePglite } = await import("drizzle-orm/pglite");
    const { migrate: migratePglite } = await import("drizzle-orm/pglite/migrator");
    const client = new PGlite({
      dataDir: options.dataDir && path.join(options.dataDir, "pgdata"),
      ...(options.brief && { startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"] }),
    });
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    return {
      db: db as unknown as Database,
      driver: "pglite",
      lock,
      migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: async () => {
        await client.close();
        lock?.release();
      },
      listen: async (channel, onNotify) => {
        const unlisten = await client.listen(channel, (payload) => onNotify(payload));
        return () => unlisten();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/**
 * A pooled connection kept for LISTEN; if it breaks, listeners fall back to their polling. A
 * counted listener takes its lock after LISTEN, so a process counted is one that hears.
 */
async function listenPostgres(
  pool: pg.Pool,
  channel: string,
  onNotify: (payload: string) => void,
  counted = false,
) {
  const { escapeIdentifier } = (await import("pg")).default;
  const client = await pool.connect();
  client.on("notification", (message) => {
    if (message.channel === channel) onNotify(message.payload ?? "");
  });
  client.on("error", () => {});
  const lock = listenerLock(channel);
  try {
    await client.query(`listen ${escapeIdentifier(channel)}`);
    if (counted) await client.query("select pg_advisory_lock_shared($1, $2)", lock);
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  return async () => {
    await client.query(`unlisten ${escapeIdentifier(channel)}`).catch(() => {});
    // Back in the pool, the connection must not go on holding the lock.
    if (counted) await client.query("select pg_advisory_unlock_shared($1, $2)", lock).catch(() => {});
    client.release();
  };
}

/** Several processes may start at once against one PostgreSQL: migrate under an advisory lock. */
async function migratePostgresOnce(pool: pg.Pool, db: ReturnType<typeof drizzlePostgres<Schema>>) {
  const lockClient = await pool.connect();
  try {
    await lockClient.query("select pg_advisory_lock(727274)");
    const { migrate: migratePostgres } = await import("drizzle-orm/node-postgres/migrator");
    await migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lockClient.query("select pg_advisory_unlock(727274)").catch(() => {});
    lockClient.release();
  }
}
