/**
 * Transactions page latency as the table grows to 1,000,000 rows: the first page and the last
 * (deep) page of one account's 10,000 transactions, and a date-filtered page, at 10k, 100k and
 * 1M rows in the table; with them the balances (to 500,000 rows) and holdings (to 50,000), the
 * first and last page of the account's 1,000 balances and 500 holdings. Paging reads the (account, date, id) index and fetches only the page's
 * rows; the unfiltered total is the count the sync keeps on the account. Flat means the 1M
 * figures stay near the 10k ones (the ratio column). At 1M, an account of 500,000 transactions
 * is compared with one of 1,000: the first page, the same deep page, and its own last page
 * (which OFFSET paging reads past 499,975 index entries to reach).
 *   node bench/transactions-page.ts   (PostgreSQL when DATABASE_URL, BENCH_DATABASE_URL or
 *                                      TEST_DATABASE_URL is set; else embedded PGlite)
 * BENCH_PAGE_SAMPLES (default 200) requests per figure.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pino from "pino";
import { loadConfig } from "../apps/server/src/config.ts";
import type { Database } from "../apps/server/src/db/client.ts";
import { listBalances, listHoldings, listTransactions } from "../apps/server/src/modules/accounts/service.ts";
import { createEnvironment } from "../apps/server/src/modules/environments/service.ts";
import { openRuntime } from "../apps/server/src/runtime.ts";
import { benchStorage, writeResults } from "./lib.ts";

export const MEASURED = "acct_bench_measured_0000000";
const BIG = "acct_bench_big_0000000000000";
/** An account with 1,000 transactions, the baseline the big one is compared with. */
const SMALL = "acct_bench_small_00000000000";
const MEASURED_ROWS = 10_000;
const SMALL_ROWS = 1_000;
const BIG_ROWS = 500_000;
const OTHER_ACCOUNTS = 2_000;
const STAGES = [10_000, 100_000, 1_000_000];
const LIMIT = 25;
/** The measured account's balances and holdings; the tables grow to half and a twentieth of the transactions. */
const MEASURED_BALANCES = 1_000;
const MEASURED_HOLDINGS = 500;
const SECURITIES = 500;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (ms: number) => Math.round(ms * 100) / 100;

export async function seedOwners(db: Database, environmentId: string) {
  await db.execute(
    sql`insert into profiles (id, environment_id, uuid) values ('p_bench', ${environmentId}, gen_random_uuid()::text)`,
  );
  await db.execute(sql`
    insert into connections (id, environment_id, profile_id, provider, products, status, history_start_on)
    values ('conn_bench', ${environmentId}, 'p_bench', 'MOCK', '["ACCOUNT_BALANCES_AND_TRANSACTIONS"]', 'SYNCED', '2024-11-01')`);
  await db.execute(sql`
    insert into accounts (id, environment_id, profile_id, connection_id, external_id, name, kind, type, provider_status, currency_code)
    select id, ${environmentId}, 'p_bench', 'conn_bench', id, 'Bench account', 'DEPOSITORY', 'CHECKING', 'OPEN', 'USD'
    from (select ${MEASURED} as id union all select ${BIG} union all select ${SMALL}
          union all select 'acct_bench_' || lpad(g::text, 17, '0') from generate_series(1, ${OTHER_ACCOUNTS}::int) g) a`);
}

/** Rows [from, to) of a deterministic set: the first 10,000 are the measured account's. */
export async function loadTransactions(
  db: Database,
  from: number,
  to: number,
  accountOf: ReturnType<typeof sql>,
) {
  await db.execute(sql`
    insert into transactions (id, account_id, external_id, amount, entry_type, currency_code, date, description, status)
    select 'txn_bench_' || lpad(g::text, 16, '0'),
           ${accountOf},
           'e' || g,
           ((g % 20000) - 10000) / 100.0,
           case when (g % 20000) < 10000 then 'DEBIT' else 'CREDIT' end,
           'USD',
           date '2026-11-21' - (g % 730),
           'BENCH MERCHANT #' || (g % 997),
           case when g % 50 = 0 then 'PENDING' else 'POSTED' end
    from generate_series(${from}::int, ${to - 1}::int) g`);
}

/** Balance rows [from, to): the measured account's first, the rest spread over the other accounts. */
async function loadBalances(db: Database, from: number, to: number) {
  await db.execute(sql`
    insert into balances (id, account_id, at, available, current, source)
    select 'bal_bench_' || lpad(g::text, 16, '0'),
           case when g < ${MEASURED_BALANCES} then ${MEASURED}
                else 'acct_bench_' || lpad((1 + g % ${OTHER_ACCOUNTS})::text, 17, '0') end,
           timestamptz '2026-11-21 12:00Z' - make_interval(hours => g % 17520),
           (g % 5000) + 0.25, (g % 5000) + 0.5, 'SYNC'
    from generate_series(${from}::int, ${to - 1}::int) g`);
}

/** Holding rows [from, to): the measured account's first, each account holding a security once. */
async function loadHoldings(db: Database, from: number, to: number) {
  await db.execute(sql`
    insert into holdings (id, account_id, security_id, quantity, price, value, currency_code, at)
    select 'hold_bench_' || lpad(g::text, 15, '0'),
           case when g < ${MEASURED_HOLDINGS} then ${MEASURED}
                else 'acct_bench_' || lpad((1 + g % ${OTHER_ACCOUNTS})::text, 17, '0') end,
           'sec_bench_' || lpad((case when g < ${MEASURED_HOLDINGS} then g else (g / ${OTHER_ACCOUNTS}) % ${SECURITIES} end)::text, 16, '0'),
           (g % 300) + 1, 10.5, ((g % 300) + 1) * 10.5, 'USD', timestamptz '2026-11-21 12:00Z'
    from generate_series(${from}::int, ${to - 1}::int) g`);
}

async function measure(run: () => Promise<unknown>, samples: number) {
  for (let i = 0; i < 10; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50Ms: round(percentile(times, 50)), p99Ms: round(percentile(times, 99)) };
}

export async function benchTransactionsPage() {
  if (process.env.DATABASE_URL && !process.env.BENCH_DATABASE_URL)
    process.env.BENCH_DATABASE_URL = process.env.DATABASE_URL;
  const samples = Number(process.env.BENCH_PAGE_SAMPLES ?? 200);
  const storage = await benchStorage();
  const runtime = await openRuntime(
    loadConfig({ ...storage.env, WEFT_SECRET_KEY: randomBytes(32).toString("hex"), WEFT_LOG_LEVEL: "warn" }),
    "bench/transactions-page",
    pino({ level: "warn" }),
  );
  const { db } = runtime.ctx;
  const BIG_FROM = STAGES.at(-1)! - BIG_ROWS;
  const stages: {
    rowsInTable: number;
    loadSeconds: number;
    firstPage: { p50Ms: number; p99Ms: number };
    deepPage: { p50Ms: number; p99Ms: number };
    filteredPage: { p50Ms: number; p99Ms: number };
    balancesInTable: number;
    balances: { firstPage: { p50Ms: number; p99Ms: number }; deepPage: { p50Ms: number; p99Ms: number } };
    holdingsInTable: number;
    holdings: { firstPage: { p50Ms: number; p99Ms: number }; deepPage: { p50Ms: number; p99Ms: number } };
  }[] = [];
  type Figure = { p50Ms: number; p99Ms: number };
  /** The 500,000-transaction account against the 1,000 one: first page, the same deep page, and its own last. */
  let big:
    | {
        small: { firstPage: Figure; deepPage: Figure };
        firstPage: Figure;
        deepPage: Figure;
        lastPage: Figure;
      }
    | undefined;
  try {
    const environment = await createEnvironment(db, { name: "bench", mode: "TEST" });
    await seedOwners(db, environment.id);
    await db.execute(sql`
      insert into securities (id, name, isin, type, currency_code)
      select 'sec_bench_' || lpad(g::text, 16, '0'), 'Bench security ' || g,
             'US' || lpad(g::text, 9, '0') || '0', 'EQUITY', 'USD'
      from generate_series(0, ${SECURITIES - 1}::int) g`);
    const lastPage = Math.ceil(MEASURED_ROWS / LIMIT);
    let loaded = 0;
    let balancesLoaded = 0;
    let holdingsLoaded = 0;
    for (const size of STAGES) {
      const start = performance.now();
      // The measured account gets its 10,000 first, the small one the next 1,000; at 1M the big
      // account holds 500,000; the rest is spread over 2,000 other accounts.
      const accountOf = sql.raw(
        `case when g < ${MEASURED_ROWS} then '${MEASURED}' ` +
          `when g < ${MEASURED_ROWS + SMALL_ROWS} then '${SMALL}' ` +
          `when g >= ${BIG_FROM} then '${BIG}' ` +
          `else 'acct_bench_' || lpad((1 + g % ${OTHER_ACCOUNTS})::text, 17, '0') end`,
      );
      for (let from = loaded; from < size; from += 100_000) {
        await loadTransactions(db, from, Math.min(size, from + 100_000), accountOf);
      }
      loaded = size;
      for (let from = balancesLoaded; from < size / 2; from += 100_000)
        await loadBalances(db, from, Math.min(size / 2, from + 100_000));
      balancesLoaded = size / 2;
      await loadHoldings(db, holdingsLoaded, size / 20);
      holdingsLoaded = size / 20;
      await db.execute(sql`vacuum analyze balances`);
      await db.execute(sql`vacuum analyze holdings`);
      await db.execute(sql`
        update accounts a set transaction_count = c.n
        from (select account_id, count(*)::int as n from transactions group by account_id) c
        where c.account_id = a.id`);
      await db.execute(sql`vacuum analyze transactions`);
      await db.execute(sql`analyze accounts`);
      const loadSeconds = Math.round((performance.now() - start) / 100) / 10;
      const page =
        (accountId: string, p: number, extra: Record<string, string> = {}) =>
        () =>
          listTransactions(db, environment.id, accountId, { page: p, limit: LIMIT, ...extra });
      const first = await measure(page(MEASURED, 1), samples);
      const deep = await measure(page(MEASURED, lastPage), samples);
      const filtered = await measure(
        page(MEASURED, 1, { startDate: "2026-08-23", endDate: "2026-11-21" }),
        samples,
      );
      const pages = (list: typeof listBalances | typeof listHoldings, rows: number) => async () => ({
        firstPage: await measure(
          () => list(db, environment.id, MEASURED, { page: 1, limit: LIMIT }),
          samples,
        ),
        deepPage: await measure(
          () => list(db, environment.id, MEASURED, { page: Math.ceil(rows / LIMIT), limit: LIMIT }),
          samples,
        ),
      });
      stages.push({
        rowsInTable: size,
        loadSeconds,
        firstPage: first,
        deepPage: deep,
        filteredPage: filtered,
        balancesInTable: size / 2,
        balances: await pages(listBalances, MEASURED_BALANCES)(),
        holdingsInTable: size / 20,
        holdings: await pages(listHoldings, MEASURED_HOLDINGS)(),
      });
      if (size === STAGES.at(-1)) {
        const smallLast = Math.ceil(SMALL_ROWS / LIMIT);
        // Alternated, so the machine's noise falls on both alike.
        const small = { firstPage: [] as Figure[], deepPage: [] as Figure[] };
        const large = { firstPage: [] as Figure[], deepPage: [] as Figure[] };
        for (let round = 0; round < 4; round++) {
          for (const [account, into] of [
            [SMALL, small],
            [BIG, large],
          ] as const) {
            into.firstPage.push(await measure(page(account, 1), samples / 4));
            into.deepPage.push(await measure(page(account, smallLast), samples / 4));
          }
        }
        // The rounds' median p50, and their worst p99.
        const median = (rounds: Figure[]) => ({
          p50Ms: percentile(
            rounds.map((r) => r.p50Ms).sort((a, b) => a - b),
            50,
          ),
          p99Ms: Math.max(...rounds.map((r) => r.p99Ms)),
        });
        big = {
          small: { firstPage: median(small.firstPage), deepPage: median(small.deepPage) },
          firstPage: median(large.firstPage),
          deepPage: median(large.deepPage),
          lastPage: await measure(page(BIG, Math.ceil(BIG_ROWS / LIMIT)), Math.max(20, samples / 10)),
        };
      }
      // Sanity: the deep page is the oldest of the account, and the total is right.
      const { body, total } = await page(MEASURED, lastPage)();
      const items = (JSON.parse(body.toString()) as unknown[]).length;
      if (total !== MEASURED_ROWS || items !== LIMIT) throw new Error(`bad page: ${total} ${items}`);
    }
  } finally {
    await runtime.close();
    await storage.cleanup();
  }
  return {
    storage: storage.label,
    samples,
    pageSize: LIMIT,
    measuredAccountRows: MEASURED_ROWS,
    stages,
    bigAccount: big,
  };
}

if (import.meta.main) {
  const result = await benchTransactionsPage();
  const base = result.stages[0]!;
  const ratio = (value: number, baseline: number) => `${(value / baseline).toFixed(2)}x`;
  console.log(
    `Transactions page (limit ${result.pageSize}) of one ${result.measuredAccountRows}-transaction account — ${result.storage}, ${result.samples} samples, p50 / p99 ms`,
  );
  console.log("  rows in table   first page            deep page (last)      date-filtered page    load");
  for (const s of result.stages) {
    const cell = (m: { p50Ms: number; p99Ms: number }, b: { p50Ms: number }) =>
      `${m.p50Ms.toFixed(2)} / ${m.p99Ms.toFixed(2)} (${ratio(m.p50Ms, b.p50Ms)})`.padEnd(22);
    console.log(
      `  ${String(s.rowsInTable).padStart(13)}   ${cell(s.firstPage, base.firstPage)}${cell(s.deepPage, base.deepPage)}${cell(s.filteredPage, base.filteredPage)}${s.loadSeconds}s`,
    );
  }
  console.log(
    `Balances (the account's ${MEASURED_BALANCES}) and holdings (its ${MEASURED_HOLDINGS}), page of ${result.pageSize}, p50 / p99 ms`,
  );
  console.log(
    "  balances in table   first page            deep page (last)      holdings in table   first page            deep page (last)",
  );
  for (const s of result.stages) {
    const cell = (m: { p50Ms: number; p99Ms: number }, b: { p50Ms: number }) =>
      `${m.p50Ms.toFixed(2)} / ${m.p99Ms.toFixed(2)} (${ratio(m.p50Ms, b.p50Ms)})`.padEnd(22);
    console.log(
      `  ${String(s.balancesInTable).padStart(17)}   ${cell(s.balances.firstPage, base.balances.firstPage)}${cell(s.balances.deepPage, base.balances.deepPage)}` +
        `${String(s.holdingsInTable).padStart(17)}   ${cell(s.holdings.firstPage, base.holdings.firstPage)}${cell(s.holdings.deepPage, base.holdings.deepPage)}`,
    );
  }
  if (result.bigAccount) {
    const b = result.bigAccount;
    const deep = Math.ceil(SMALL_ROWS / LIMIT);
    console.log(
      `An account with ${BIG_ROWS.toLocaleString("en-US")} transactions against one with ${SMALL_ROWS.toLocaleString("en-US")} (1M in the table; 4 alternated rounds, median p50 ms):`,
    );
    console.log(
      `  first page ${b.firstPage.p50Ms} against ${b.small.firstPage.p50Ms} (${ratio(b.firstPage.p50Ms, b.small.firstPage.p50Ms)}); ` +
        `page ${deep} ${b.deepPage.p50Ms} against ${b.small.deepPage.p50Ms} (${ratio(b.deepPage.p50Ms, b.small.deepPage.p50Ms)}); ` +
        `its own last page (offset ${(BIG_ROWS - LIMIT).toLocaleString("en-US")}) ${b.lastPage.p50Ms} p50`,
    );
  }
  writeResults("transactions-page.json", result);
}
