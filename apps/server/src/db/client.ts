import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
// Each driver (PGlite's WebAssembly build, node-postgres) loads only when a database of its kind
// is opened: a CLI command or a process on PostgreSQL never pays for the other.
import type pg from "pg";
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
  /** Call `onNotify` on every NOTIFY to `channel` (delivered at commit); returns the unsubscribe. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
};

const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

export type OpenDatabaseOptions =
  | {
      driver: "postgres";
      url: string;
      poolSize?: number;
      /** An idle pooled connection broke (the server restarted, say); the pool replaces it. */
      onConnectionError?: (error: Error) => void;
      /** Called with each statement sent to the server (one round trip each): tests count them. */
      onQuery?: (text: string, values: unknown[]) => void;
    }
  /** dataDir undefined: an in-memory database (tests). */
  | { driver: "pglite"; dataDir: string | undefined; owner?: string };

export class DatabaseLockedError extends Error {}

type LockHolder = { pid: number; owner: string; since: string };

/**
 * Where the lock lives: a socket in Linux's abstract namespace (no file; it vanishes the instant
 * its process dies, however it dies), or a socket file in the data dir elsewhere.
 */
function lockAddress(dataDir: string): string {
  if (process.platform !== "linux") return path.join(dataDir, "pglite.sock");
  const id = createHash("sha256").update(fs.realpathSync(dataDir)).digest("hex").slice(0, 32);
  return `\0weft-pglite-${id}`;
}

function listenOn(address: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => socket.destroy());
    server.once("error", reject);
    server.listen(address, () => {
      server.off("error", reject);
      // The lock must not keep the process alive on its own.
      server.unref();
      resolve(server);
    });
  });
}

/** A socket file left by a process that died accepts no connection: it is stale. */
function isAnswering(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(address, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * PGlite is one process's database: a second process opening the same files corrupts them.
 * The lock is held by the operating system (a listening socket, freed when its process ends
 * for any reason, kill -9 included), so a crash never leaves a lock behind and a reused pid
 * never blocks a start. A note beside it names the holder for the refusal message.
 */
async function acquireDataDirLock(dataDir: string, owner: string): Promise<() => void> {
  fs.mkdirSync(dataDir, { recursive: true });
  const address = lockAddress(dataDir);
  const notePath = path.join(dataDir, "pglite.lock");
  let server: net.Server | undefined;
  for (let attempt = 0; attempt < 2 && !server; attempt++) {
    try {
      server = await listenOn(address);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
      if (address.startsWith("\0") || (await isAnswering(address))) {
        const current = readLock(notePath);
        const holder = current
          ? `${current.owner} (pid ${current.pid}, since ${current.since})`
          : "another process";
        throw new DatabaseLockedError(
          `The embedded database in ${dataDir} is in use by ${holder}. ` +
            `PGlite allows one process at a time. Stop that process and run this again, ` +
            `or set DATABASE_URL to a PostgreSQL server, which any number of processes can share.`,
        );
      }
      fs.rmSync(address, { force: true });
    }
  }
  if (!server) throw new DatabaseLockedError(`Could not lock the embedded database in ${dataDir}`);
  const holder: LockHolder = { pid: process.pid, owner, since: new Date().toISOString() };
  fs.writeFileSync(notePath, JSON.stringify(holder));
  const held = server;
  return () => {
    held.close();
    fs.rmSync(notePath, { force: true });
  };
}

function readLock(lockPath: string): LockHolder | undefined {
  try {
    return JSON.parse(fs.readFileSync(lockPath, "utf8")) as LockHolder;
  } catch {
    return undefined;
  }
}

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
          if (typeof first === "string") onQuery(first, Array.isArray(second) ? second : []);
          else {
            const config = first as { text?: string; values?: unknown[] } | undefined;
            onQuery(config?.text ?? "", Array.isArray(second) ? second : (config?.values ?? []));
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
      listen: (channel, onNotify) => listenPostgres(pool, channel, onNotify),
    };
  }
  const release = options.dataDir
    ? await acquireDataDirLock(options.dataDir, options.owner ?? "weft")
    : () => {};
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle: drizzlePglite } = await import("drizzle-orm/pglite");
    const { migrate: migratePglite } = await import("drizzle-orm/pglite/migrator");
    const client = options.dataDir ? new PGlite(path.join(options.dataDir, "pgdata")) : new PGlite();
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    return {
      db: db as unknown as Database,
      driver: "pglite",
      migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: async () => {
        await client.close();
        release();
      },
      listen: async (channel, onNotify) => {
        const unlisten = await client.listen(channel, () => onNotify());
        return () => unlisten();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** A pooled connection kept for LISTEN; if it breaks, listeners fall back to their polling. */
async function listenPostgres(pool: pg.Pool, channel: string, onNotify: () => void) {
  const { escapeIdentifier } = (await import("pg")).default;
  const client = await pool.connect();
  client.on("notification", (message) => {
    if (message.channel === channel) onNotify();
  });
  client.on("error", () => {});
  await client.query(`listen ${escapeIdentifier(channel)}`);
  return async () => {
    await client.query(`unlisten ${escapeIdentifier(channel)}`).catch(() => {});
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
