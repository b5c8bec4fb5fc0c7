import pino, { type DestinationStream, type Logger } from "pino";
import type { Config } from "./config.ts";
import type { AppContext } from "./context.ts";
import { type DatabaseHandle, openDatabase } from "./db/client.ts";
import { JOBS_CHANNEL } from "./jobs/queue.ts";
import { type JobHandler, Worker } from "./jobs/worker.ts";
import { balanceRefreshHandler } from "./modules/accounts/jobs.ts";
import { connectionJobHandlers } from "./modules/connections/jobs.ts";
import { createMailer } from "./modules/passcodes/mailer.ts";
import { profileDeletionHandler } from "./modules/profiles/jobs.ts";
import { SessionSigner } from "./modules/sessions/tokens.ts";
import { webhookJobHandlers } from "./modules/webhooks/jobs.ts";
import { loadSecretKey } from "./security/secrets.ts";

export const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "*.secret",
  "*.token",
  "*.password",
  "*.authorization",
];

/** JSON logs with credentials redacted; fd 2 keeps stdout free for a command's own output. */
export function createLogger(level: string, destination: 1 | 2 | DestinationStream = 1): Logger {
  const stream = typeof destination === "number" ? pino.destination(destination) : destination;
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: "[redacted]" } }, stream);
}

/** Every job handler the platform has; a worker process runs all of them. */
export function jobHandlers(ctx: AppContext): JobHandler[] {
  return [
    profileDeletionHandler(ctx),
    ...webhookJobHandlers(ctx),
    ...connectionJobHandlers(ctx),
    balanceRefreshHandler(ctx),
  ];
}

export type Runtime = { ctx: AppContext; database: DatabaseHandle; worker: Worker; close(): Promise<void> };

/**
 * Opens the database (PGlite in the data dir, or PostgreSQL), applies migrations and builds
 * the context and a worker (not started). `owner` names this process in the PGlite lock.
 */
export async function openRuntime(
  config: Config,
  owner: string,
  logger = createLogger(config.logLevel),
): Promise<Runtime> {
  const database = await openDatabase(
    config.databaseUrl
      ? { driver: "postgres", url: config.databaseUrl }
      : { driver: "pglite", dataDir: config.dataDir, owner },
  );
  try {
    await database.migrate();
    const secretKey = loadSecretKey(config.secretKey, config.dataDir);
    let worker: Worker | undefined;
    const ctx: AppContext = {
      db: database.db,
      config,
      secretKey,
      signer: new SessionSigner(database.db, secretKey, config.publicUrl),
      logger,
      mailer: createMailer(config, logger),
      wakeWorkers: () => worker?.wake(),
    };
    worker = new Worker(database.db, jobHandlers(ctx), {
      logger,
      subscribe: (onEnqueued) => database.listen(JOBS_CHANNEL, onEnqueued),
    });
    const runningWorker = worker;
    return {
      ctx,
      database,
      worker: runningWorker,
      close: async () => {
        await runningWorker.stop();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
