import type { Database, Listen } from "../../db/client.ts";
import {
  CREDENTIALS_CACHED_FOR_MS,
  CREDENTIALS_CHANNEL,
  confirmCredentialsDropped,
  onLocalCredentialChange,
} from "../../db/notifications.ts";
import { sha256Hex } from "../../security/secrets.ts";
import { API_KEY_PREFIX, type FoundApiKey, findKeyByHash } from "./service.ts";

const MAX_ENTRIES = 10_000;

/**
 * Live API keys (with their environments) by the hash of their secret, so an authenticated
 * request needs no query for its credential. Every process LISTENs on CREDENTIALS_CHANNEL, drops
 * the cache when a key is revoked or an environment changes, and confirms it has; the change
 * returns only when every such process has confirmed (`changeCredentials`), so a revoked key
 * fails on the next request in every process. An entry is read again after
 * CREDENTIALS_CACHED_FOR_MS even without a notification (a lost LISTEN). Until the LISTEN is in
 * place — or without a database to listen on — nothing is cached.
 */
export class ApiKeyCache {
  private readonly db: Database;
  private readonly listen: Listen | undefined;
  private entries = new Map<string, { found: FoundApiKey; at: number }>();
  /** Bumped by every invalidation: a read that raced one is not cached. */
  private generation = 0;
  private state: "idle" | "starting" | "listening" = "idle";
  private starting: Promise<void> | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private unlistenLocal: (() => void) | undefined;

  constructor(db: Database, listen: Listen | undefined) {
    this.db = db;
    this.listen = listen;
  }

  async find(secret: string): Promise<FoundApiKey | undefined> {
    if (!secret.startsWith(API_KEY_PREFIX)) return undefined;
    const hash = sha256Hex(secret);
    if (this.state === "listening") {
      const hit = this.entries.get(hash);
      if (hit && Date.now() - hit.at < CREDENTIALS_CACHED_FOR_MS) return hit.found;
    } else if (this.state === "idle") {
      this.start();
    }
    const generation = this.generation;
    // Aged from before the read: the entry expires no later than a change that waits it out.
    const at = Date.now();
    const found = await findKeyByHash(this.db, hash);
    if (found && this.state === "listening" && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries = new Map();
      this.entries.set(hash, { found, at });
    }
    return found;
  }

  /** Forget everything cached (a change's NOTIFY does this in every process). */
  invalidate(): void {
    this.generation++;
    this.entries = new Map();
  }

  private start(): void {
    if (!this.listen) return;
    this.state = "starting";
    this.unlistenLocal = onLocalCredentialChange(() => this.invalidate());
    const onChange = (id: string) => {
      this.invalidate();
      // Unconfirmed, the change waits out CREDENTIALS_CACHED_FOR_MS instead.
      confirmCredentialsDropped(this.db, id).catch(() => {});
    };
    this.starting = this.listen(CREDENTIALS_CHANNEL, onChange, { counted: true }).then(
      (unlisten) => {
        if (this.state !== "starting") return void unlisten();
        this.unlisten = unlisten;
        this.invalidate();
        this.state = "listening";
      },
      () => {
        this.state = "idle";
      },
    );
  }

  async stop(): Promise<void> {
    this.state = "idle";
    this.invalidate();
    this.unlistenLocal?.();
    this.unlistenLocal = undefined;
    await this.starting;
    // A database already gone (closed, or down) has nothing left to unlisten.
    await this.unlisten?.().catch(() => {});
    this.unlisten = undefined;
  }
}
