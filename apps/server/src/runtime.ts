import { sql } from "drizzle-orm";
import pino, { type DestinationStream, type Logger } from "pino";
import { type Config, ConfigError } from "./config.ts";
import { type AppContext, createContext } from "./context.ts";
import { type DatabaseHandle, openDatabase } from "./db/client.ts";
import { errorCodeOf } from "./db/errors.ts";
import { redactUrl } from "./http/redact.ts";
import { armCrashPoint } from "./jobs/crash-points.ts";
import { requeueOrphanedJobs } from "./jobs/queue.ts";
import type { Worker } from "./jobs/worker.ts";
import { createMailer } from "./modules/passcodes/mailer.ts";
import { assertSameSecretKey } from "./security/secret-key-check.ts";
import { loadSecretKeys } from "./security/secrets.ts";

export const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "*.secret",
  "*.token",
  "*.password",
  "*.passcode",
  "*.authorization",
  "*.access_token",
  "*.refresh_token",
  "*.id_token",
  "*.client_secret",
  "*.apiKey",
  "*.api_key",
];

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** JSON logs with credentials redacted; fd 2 keeps stdout free for a command's own output. */
export function createLogger(level: string, destination: 1 | 2 | DestinationStream = 1): Logger {
  const stream = typeof destination === "number" ? pino.destination(destination) : destination;
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      serializers: {
        // Fastify's request line, with secrets in the query string taken out.
        req: (req: LoggedRequest) => ({
          method: req.method,
          url: typeof req.url === "string" ? redactUrl(req.url) : undefined,
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
    stream,
  );
}

export type Runtime = { ctx: AppContext; database: DatabaseHandle; worker: Worker; close(): Promise<void> };

/** The database and the context without a worker: what a CLI command needs. */
export type DatabaseRuntime = Omit<Runtime, "worker">;

/** Who opens the database, as `openContext` needs to know it. */
export type ContextOwner = {
  /** Names this process in the PGlite lock. */
  owner: string;
  logger?: Logger;
  /** This process's job workers, if it has any: the context wakes them after an enqueue and reports their health. */
  workers?: { wake(): void; healthy(): boolean | null };
  /** A process that runs a few statements and exits (a CLI command): PGlite starts small. */
  brief?: boolean;
};

/**
 * Opens the database (PGlite in the data dir, or PostgreSQL), applies migrations and builds the
 * context.
 */
export async function openContext(
  config: Config,
  { owner, logger = createLogger(config.logLevel), workers, brief }: ContextOwner,
): Promise<DatabaseRuntime> {
  const database = await openDatabase(
    config.databaseUrl
      ? {
          driver: "postgres",
          url: config.databaseUrl,
          onConnectionError: (error) =>
            logger.warn({ err: error }, "a database connection broke; the pool replaces it"),
        }
      : { driver: "pglite", dataDir: config.dataDir, owner, brief },
  );
  armCrashPoint(config.crashAt);
  let replica: DatabaseHandle | undefined;
  try {
    await database.migrate().catch((error) => {
      throw config.databaseUrl ? databaseError(error, config.databaseUrl) : error;
    });
    // The embedded database has one process at a time: jobs active now were held by one that died.
    if (database.driver === "pglite") {
      const requeued = await requeueOrphanedJobs(database.db);
      if (requeued > 0) logger.info({ requeued }, "took back the jobs a previous run left active");
    }
    const secretKey = loadSecretKeys(config.secretKeys, config.dataDir);
    await assertSameSecretKey(database.db, secretKey);
    // The replica is read from, never migrated: it follows the primary.
    if (config.databaseReadUrl) {
      replica = await openDatabase({
        driver: "postgres",
        url: config.databaseReadUrl,
        onConnectionError: (error) =>
          logger.warn({ err: error }, "a read replica connection broke; the pool replaces it"),
      });
      // Reached now, so a wrong URL stops the start rather than the first read.
      await replica.db.execute(sql`select 1`).catch((error) => {
        throw databaseError(error, config.databaseReadUrl!);
      });
    }
    const ctx = createContext({
      db: database.db,
      readDb: replica?.db,
      config,
      secretKey,
      logger,
      mailer: createMailer(config, logger),
      wakeWorkers: () => workers?.wake(),
      workersHealthy: () => workers?.healthy() ?? null,
      listen: database.listen,
    });
    return {
      ctx,
      database,
      close: async () => {
        await replica?.close();
        await database.close();
      },
    };
  } catch (error) {
    await replica?.close();
    await database.close();
    throw error;
  }
}

/**
 * The context and a worker (not started) with every job handler; the handlers load only here,
 * so commands that only read or write the database start without them.
 */
export async function openRuntime(
  config: Config,
  owner: string,
  logger = createLogger(config.logLevel),
): Promise<Runtime> {
  let worker: Worker | undefined;
  const base = await openContext(config, {
    owner,
    logger,
    workers: {
      wake: () => worker?.wake(),
      healthy: () => (worker?.isRunning ? worker.isHealthy : null),
    },
  });
  try {
    const { createWorker } = await import("./workers.ts");
    const created = createWorker(base.ctx, base.database, logger);
    worker = created;
    return {
      ...base,
      worker: created,
      close: async () => {
        await created.stop();
        await base.close();
      },
    };
  } catch (error) {
    await base.close();
    throw error;
  }
}

/** A PostgreSQL that cannot be used, said as what to do (no stack trace for an operator's setting). */
function databaseError(error: unknown, databaseUrl: string): unknown {
  const code = errorCodeOf(error);
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return new ConfigError("DATABASE_URL must be a URL such as postgres://user@127.0.0.1:5432/weft");
  }
  const name = decodeURIComponent(url.pathname.slice(1)) || "postgres";
  const where = `${url.hostname}:${url.port || 5432}`;
  const user = url.username ? ` -U ${decodeURIComponent(url.username)}` : "";
  if (code === "3D000")
    return new ConfigError(
      `The database "${name}" does not exist on ${where}. Create it: createdb -h ${url.hostname} -p ${url.port || 5432}${user} ${name}`,
    );
  if (code === "28P01" || code === "28000")
    return new ConfigError(
      `PostgreSQL on ${where} refused the login in DATABASE_URL (${(error as Error).message}). Check the user and password.`,
    );
  if (
    ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH"].includes(code ?? "") ||
    /timeout|terminated|ECONNREFUSED/i.test((error as Error).message ?? "")
  )
    return new ConfigError(
      `Cannot reach PostgreSQL at ${where} (DATABASE_URL). Start it or correct DATABASE_URL; ` +
        "without DATABASE_URL, Weft uses its embedded database.",
    );
  return error;
}
