import { describe, expect, it } from "vitest";
import { type CachedPage, TransactionPageCache } from "./page-cache.ts";

const pageOf = (bytes: number, total = 1): CachedPage => ({ body: Buffer.alloc(bytes, 0x20), total });
const q = (limit: number) => TransactionPageCache.queryKey([limit, 0, null, null, null, null, null]);

describe("TransactionPageCache", () => {
  it("answers a page only for its account, version and query", () => {
    const cache = new TransactionPageCache(1024 * 1024);
    const page = pageOf(100);
    cache.set("acct_a", 3, q(100), page);
    expect(cache.get("acct_a", 3, q(100))).toBe(page);
    expect(cache.get("acct_a", 4, q(100))).toBeUndefined();
    expect(cache.get("acct_a", 3, q(50))).toBeUndefined();
    expect(cache.get("acct_b", 3, q(100))).toBeUndefined();
  });

  it("keeps only an account's newest version: a newer one replaces its pages, an older one is not kept", () => {
    const cache = new TransactionPageCache(1024 * 1024);
    cache.set("acct_a", 3, q(100), pageOf(100));
    cache.set("acct_a", 3, q(50), pageOf(50));
    cache.set("acct_a", 4, q(100), pageOf(100));
    expect(cache.get("acct_a", 3, q(50))).toBeUndefined();
    const held = cache.size;
    cache.set("acct_a", 3, q(50), pageOf(50));
    expect(cache.get("acct_a", 3, q(50))).toBeUndefined();
    expect(cache.size).toBe(held);
    expect(cache.get("acct_a", 4, q(100))).toBeDefined();
  });

  it("stays within its budget, dropping the accounts read least recently", () => {
    const cache = new TransactionPageCache(64 * 1024);
    for (const account of ["acct_1", "acct_2", "acct_3"]) cache.set(account, 1, q(100), pageOf(10_000));
    expect(cache.get("acct_1", 1, q(100))).toBeDefined(); // read: now the most recent
    for (const account of ["acct_4", "acct_5", "acct_6", "acct_7"])
      cache.set(account, 1, q(100), pageOf(10_000));
    expect(cache.size).toBeLessThanOrEqual(64 * 1024);
    expect(cache.get("acct_1", 1, q(100))).toBeDefined();
    expect(cache.get("acct_2", 1, q(100))).toBeUndefined();
    expect(cache.get("acct_7", 1, q(100))).toBeDefined();
  });

  it("gives one account at most half the budget, and keeps no page above a quarter of it", () => {
    const cache = new TransactionPageCache(64 * 1024);
    cache.set("acct_big", 1, q(100), pageOf(17 * 1024));
    expect(cache.size).toBe(0);
    for (let limit = 1; limit <= 5; limit++) cache.set("acct_a", 1, q(limit), pageOf(10_000));
    expect(cache.size).toBeLessThanOrEqual(32 * 1024);
    expect(cache.get("acct_a", 1, q(5))).toBeDefined();
    expect(cache.get("acct_a", 1, q(1))).toBeUndefined();
  });

  it("replacing a query's page counts its bytes once; a budget of 0 keeps nothing", () => {
    const cache = new TransactionPageCache(1024 * 1024);
    cache.set("acct_a", 1, q(100), pageOf(1_000));
    const once = cache.size;
    cache.set("acct_a", 1, q(100), pageOf(1_000));
    expect(cache.size).toBe(once);
    const off = new TransactionPageCache(0);
    off.set("acct_a", 1, q(100), pageOf(1));
    expect(off.get("acct_a", 1, q(100))).toBeUndefined();
    expect(off.size).toBe(0);
  });
});
