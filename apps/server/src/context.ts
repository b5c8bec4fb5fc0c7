import type { Logger } from "pino";
import type { Config } from "./config.ts";
import type { Database, Listen } from "./db/client.ts";
import { TransactionPageCache } from "./modules/accounts/page-cache.ts";
import { ApiKeyCache } from "./modules/api-keys/cache.ts";
import type { Mailer } from "./modules/passcodes/mailer.ts";
import { SessionSigner } from "./modules/sessions/tokens.ts";
import type { SecretKeys } from "./security/secrets.ts";

/** What routes and job handlers are given: built once in main.ts (or a test) and passed down. */
export type AppContext = {
  db: Database;
  /**
   * Where the API's data reads go: a read replica when WEFT_DATABASE_READ_URL is set (it may
   * lag the primary by the replication delay), else `db`. Writes, and reads that decide a
   * write, always use `db`.
   */
  readDb: Database;
  config: Config;
  /** Encrypts secrets at rest (AES-256-GCM). */
  secretKey: SecretKeys;
  signer: SessionSigner;
  /** Live API keys by their secret's hash, dropped in every process on revocation. */
  apiKeys: ApiKeyCache;
  /** Pages of transactions by account and version: never stale, so nothing to invalidate. */
  transactionPages: TransactionPageCache;
  logger: Logger;
  /** Sends sign-in passcodes. */
  mailer: Mailer;
  /** Nudges in-process workers after enqueueing, so jobs start without waiting for a poll. */
  wakeWorkers(): void;
  /** Whether this process's job workers are alive; null when they run in other processes. */
  workersHealthy(): boolean | null;
  /** LISTEN on the database: onNotify after each NOTIFY on the channel (at commit); returns unlisten. */
  listen: Listen;
};

/** The context from its parts; the session signer is derived (it needs the database and the key). */
export function createContext(
  parts: Omit<
    AppContext,
    "signer" | "apiKeys" | "transactionPages" | "wakeWorkers" | "listen" | "workersHealthy" | "readDb"
  > &
    Partial<Pick<AppContext, "wakeWorkers" | "listen" | "workersHealthy" | "readDb">>,
): AppContext {
  return {
    ...parts,
    readDb: parts.readDb ?? parts.db,
    signer: new SessionSigner(parts.db, parts.secretKey, parts.config.publicUrl),
    // Cached only where changes can be heard: with no database to listen on, every request asks.
    apiKeys: new ApiKeyCache(parts.db, parts.listen),
    transactionPages: new TransactionPageCache(parts.config.pageCacheBytes),
    wakeWorkers: parts.wakeWorkers ?? (() => {}),
    workersHealthy: parts.workersHealthy ?? (() => null),
    // Without a database to listen on, listeners fall back to their polling.
    listen: parts.listen ?? (async () => async () => {}),
  };
}
