/** A page of transactions as the API sends it: the JSON array's UTF-8 bytes and the total it pages. */
export type CachedPage = { body: Buffer; total: number };

type AccountPages = { version: number; pages: Map<string, CachedPage>; bytes: number };

/**
 * Distinct queries (filters, limits, offsets) kept per account; past it, or past half the budget,
 * the account starts over.
 */
const MAX_QUERIES_PER_ACCOUNT = 64;
/** What an entry costs beyond its body: its key, the objects holding it (an estimate). */
const ENTRY_OVERHEAD_BYTES = 256;
const sizeOf = (query: string, page: CachedPage) =>
  page.body.byteLength + query.length + ENTRY_OVERHEAD_BYTES;

/**
 * Pages of transactions as sent, by account, the account's transactions version and the query,
 * within a budget of bytes (WEFT_PAGE_CACHE_MB per process; 0 turns it off).
 *
 * Never stale: every request reads the account's version with the account (the read that checks
 * the account is the caller's), and a trigger moves it in every statement that writes the
 * account's transactions, whichever process or path writes them (migration 0024). A page is kept under the
 * version read before its rows, so it is served only to requests that read that version. No
 * notification is needed between processes: each asks the database for the version. Only the
 * newest version of an account is kept; the least recently read accounts go first.
 */
export class TransactionPageCache {
  private readonly maxBytes: number;
  private readonly accounts = new Map<string, AccountPages>();
  private bytes = 0;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /** The query's key: what the page depends on besides its account and version. */
  static queryKey(query: readonly unknown[]): string {
    return JSON.stringify(query);
  }

  get(accountId: string, version: number, query: string): CachedPage | undefined {
    const held = this.accounts.get(accountId);
    if (held === undefined || held.version !== version) return undefined;
    const page = held.pages.get(query);
    if (page !== undefined) {
      this.accounts.delete(accountId);
      this.accounts.set(accountId, held);
    }
    return page;
  }

  /** Whether a page of this query is held for the account, at whatever version. */
  holds(accountId: string, query: string): boolean {
    return this.accounts.get(accountId)?.pages.has(query) ?? false;
  }

  set(accountId: string, version: number, query: string, page: CachedPage): void {
    const size = sizeOf(query, page);
    if (size > this.maxBytes / 4) return;
    let held = this.accounts.get(accountId);
    if (held !== undefined) {
      // A read that started before a newer one finished last: the newer version stays.
      if (version < held.version) return;
      const full = held.pages.size >= MAX_QUERIES_PER_ACCOUNT || held.bytes + size > this.maxBytes / 2;
      if (version > held.version || full) {
        this.drop(accountId, held);
        held = undefined;
      } else {
        this.accounts.delete(accountId);
      }
    }
    held ??= { version, pages: new Map(), bytes: 0 };
    this.accounts.set(accountId, held);
    const previous = held.pages.get(query);
    if (previous !== undefined) this.resize(held, -sizeOf(query, previous));
    held.pages.set(query, page);
    this.resize(held, size);
    for (const [oldest, pages] of this.accounts) {
      if (this.bytes <= this.maxBytes) break;
      if (oldest !== accountId) this.drop(oldest, pages);
    }
  }

  /** Bytes held (bodies and an estimate of their keys). */
  get size(): number {
    return this.bytes;
  }

  private resize(held: AccountPages, by: number): void {
    held.bytes += by;
    this.bytes += by;
  }

  private drop(accountId: string, held: AccountPages): void {
    this.accounts.delete(accountId);
    this.bytes -= held.bytes;
  }
}
