import { eq, inArray, sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startTestPlatform,
  type TestEnvironment,
  type TestPlatform,
  testDriver,
} from "../../../test/harness.ts";
import { createProfile, get, linkAndSync, linkSandbox, storedEvents } from "../../../test/sandbox-helpers.ts";
import { accounts, achNumbers, transactions } from "../../db/schema/index.ts";
import { toDay } from "../../providers/dates.ts";
import { isValidRoutingNumber } from "../../providers/identifiers.ts";
import { writeTransactionRows } from "../connections/apply-snapshot.ts";
import { reenrichStale } from "../enrichment/stored.ts";
import { Transaction } from "./schemas.ts";
import { BALANCE_REFRESH_QUEUE } from "./service.ts";
import { checkStatementLink, signStatementUrl } from "./statement-links.ts";
import { toTransactionView } from "./views.ts";

let platform: TestPlatform;
let env: TestEnvironment;
let other: TestEnvironment;
let profileId: string;
let connectionId: string;
type AccountBody = { id: string; type: string; kind: string; balance: { current: number } | null };
let byType: Record<string, AccountBody>;

beforeAll(async () => {
  platform = await startTestPlatform();
  env = await platform.environment("TEST");
  other = await platform.environment("TEST", "other tenant");
  ({ profileId, connectionId } = await linkAndSync(platform, env));
  const list = await get(platform, env, `/v1/profiles/${profileId}/accounts`);
  byType = Object.fromEntries(
    list.json().map((a: AccountBody) => [a.type === "MORTGAGE" ? "STUDENT" : a.type, a]),
  );
});
afterAll(() => platform.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const path = (type: string, rest = "") => `/v1/accounts/${byType[type]!.id}${rest}`;

describe("accounts", () => {
  it("lists a profile's accounts with their latest balances, paginated", async () => {
    const res = await get(platform, env, `/v1/profiles/${profileId}/accounts?limit=2`);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      "total-count": "5",
      "total-pages": "3",
      "page-items": "2",
      "current-page": "1",
    });
    expect(res.headers.link).toContain('rel="next"');
    expect(res.json()).toHaveLength(2);
    const all = await get(platform, env, `/v1/profiles/${profileId}/accounts?connectionId=${connectionId}`);
    expect(all.json()).toHaveLength(5);
    const none = await get(platform, env, `/v1/profiles/${profileId}/accounts?connectionId=conn_nope`);
    expect(none.json()).toEqual([]);
  });

  it("reads one account with its latest balance", async () => {
    const res = await get(platform, env, path("CHECKING"));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: byType.CHECKING!.id,
      connectionId,
      profileId,
      name: "Weft Everyday Checking",
      mask: expect.stringMatching(/^[0-9]{4}$/),
      kind: "DEPOSITORY",
      type: "CHECKING",
      state: "OPEN",
      providerStatus: "OPEN",
      currencyCode: "USD",
      metadata: null,
      balance: {
        id: expect.stringMatching(/^bal_/),
        accountId: byType.CHECKING!.id,
        at: expect.any(String),
        available: expect.any(Number),
        current: expect.any(Number),
        limit: null,
        source: "INITIAL",
      },
      createdAt: expect.any(String),
    });
    const card = (await get(platform, env, path("CREDIT_CARD"))).json();
    expect(card.kind).toBe("CREDIT");
    expect(card.balance.limit).toBeGreaterThan(0);
  });

  it("reads one account with its newest balance, and balance null while it has none", async () => {
    const linked = await linkAndSync(platform, env);
    const [account] = (await get(platform, env, `/v1/profiles/${linked.profileId}/accounts`)).json();
    const url = `/v1/accounts/${account.id}`;
    await platform.ctx.db.execute(sql`
      insert into balances (id, account_id, at, available, current, "limit", source) values
        ('bal_test_newest', ${account.id}, now() + interval '1 day', 10.5, 12.25, null, 'REFRESH'),
        ('bal_test_older', ${account.id}, now() + interval '1 hour', 1, 2, null, 'REFRESH')`);
    expect((await get(platform, env, url)).json().balance).toMatchObject({
      id: "bal_test_newest",
      available: 10.5,
      current: 12.25,
      source: "REFRESH",
    });
    await platform.ctx.db.execute(sql`delete from balances where account_id = ${account.id}`);
    const none = await get(platform, env, url);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toMatchObject({ id: account.id, balance: null });
  });

  it("lists an account's balances, newest first", async () => {
    const res = await get(platform, env, path("SAVINGS", "/balances"));
    expect(res.statusCode).toBe(200);
    expect(res.headers["total-count"]).toBe(String(res.json().length));
    expect(res.json()[0]).toMatchObject({ accountId: byType.SAVINGS!.id, source: "INITIAL" });
  });

  it("lists owners, with the ACCOUNT_OWNERS product", async () => {
    const res = await get(platform, env, path("CHECKING", "/owners"));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        names: [expect.stringMatching(/^[A-Z][a-z]+ [A-Z][a-z]+$/)],
        emails: [expect.stringMatching(/@example\.com$/)],
        phones: [expect.stringMatching(/^\+1[0-9]{10}$/)],
        addresses: [expect.objectContaining({ countryCode: "USA" })],
      },
    ]);
  });

  it("404 for unknown accounts and for another environment's accounts (tenant isolation)", async () => {
    const unknown = await get(platform, env, "/v1/accounts/acct_00000000000000000000000000");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Account acct_00000000000000000000000000 was not found");
    for (const rest of [
      "",
      "/balances",
      "/transactions",
      "/holdings",
      "/statements",
      "/owners",
      "/ach_numbers",
    ]) {
      const res = await get(platform, other, path("CHECKING", rest));
      expect(res.statusCode, rest).toBe(404);
    }
    expect((await get(platform, other, `/v1/profiles/${profileId}/accounts`)).statusCode).toBe(404);
    const refresh = await platform.app.inject({
      method: "POST",
      url: path("CHECKING", "/balances/refresh"),
      headers: other.auth,
    });
    expect(refresh.statusCode).toBe(404);
  });
});

describe("GET /v1/accounts/{accountId}/transactions", () => {
  it("pages 24 months of transactions newest first, with the pagination headers", async () => {
    const res = await get(platform, env, path("CHECKING", "/transactions?limit=100"));
    expect(res.statusCode).toBe(200);
    const total = Number(res.headers["total-count"]);
    expect(total).toBeGreaterThan(300);
    expect(res.headers["total-pages"]).toBe(String(Math.ceil(total / 100)));
    const page = res.json();
    expect(page).toHaveLength(100);
    const keys = page.map((t: { date: string; id: string }) => `${t.date} ${t.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(page[0]).toEqual({
      id: expect.stringMatching(/^txn_/),
      accountId: byType.CHECKING!.id,
      amount: expect.any(Number),
      entryType: page[0].amount < 0 ? "DEBIT" : "CREDIT",
      currencyCode: "USD",
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      description: expect.any(String),
      status: expect.stringMatching(/^(PENDING|POSTED)$/),
      pendingTransactionId: null,
      enrichment: expect.objectContaining({
        categories: {
          general: expect.any(String),
          detailed: expect.any(String),
          accounting: expect.any(String),
        },
      }),
      metadata: null,
      createdAt: expect.any(String),
    });
    const last = await get(
      platform,
      env,
      path("CHECKING", `/transactions?limit=100&page=${Math.ceil(total / 100)}`),
    );
    const oldest = last.json().at(-1);
    const [historyStart] = rowsOf<{ d: string }>(
      await platform.ctx.db.execute(
        sql`select history_start_on::text as d from connections where id = ${connectionId}`,
      ),
    );
    expect(oldest.date.slice(0, 7)).toBe(historyStart!.d.slice(0, 7));
    expect(last.json().length + 100 * (Math.ceil(total / 100) - 1)).toBe(total);
  });

  it("answers each transaction in a page as its view (the page is written as JSON text, not serialised)", async () => {
    const account = byType.SAVINGS!.id;
    // The edges of what a page renders from text: metadata, a replaced pending id, quotes,
    // backslashes, control and non-BMP characters, amounts with trailing zeros and many digits,
    // no enrichment, and a creation time with microseconds.
    const [first, second, third] = rowsOf<{ id: string }>(
      await platform.ctx.db.execute(sql`
        select id from transactions where account_id = ${account} order by date desc, id desc limit 3`),
    );
    await platform.ctx.db.execute(sql`
      update transactions set metadata = ${JSON.stringify({ note: 'say "hi" \\ 🏦', n: 1.5, nested: { ok: true } })}::jsonb,
        pending_transaction_id = 'txn_pending_1', amount = -12.50,
        description = ${'Café "Ünïcode" \\ tab\tnewline\n\u0001 𝄞'}, created_at = '2026-01-02 03:04:05.678999+00'
      where id = ${first!.id}`);
    await platform.ctx.db.execute(
      sql`update transactions set enrichment = null, amount = 123456789012.345678 where id = ${second!.id}`,
    );
    await platform.ctx.db.execute(sql`update transactions set amount = 0 where id = ${third!.id}`);
    for (const query of ["limit=100", "limit=10&page=2", "limit=7&status=POSTED"]) {
      const res = await get(platform, env, `/v1/accounts/${account}/transactions?${query}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      const page = res.json() as { id: string }[];
      expect(page.length).toBeGreaterThan(0);
      const rows = await platform.ctx.db
        .select()
        .from(transactions)
        .where(
          inArray(
            transactions.id,
            page.map((t) => t.id),
          ),
        );
      const views = new Map(rows.map((row) => [row.id, JSON.parse(JSON.stringify(toTransactionView(row)))]));
      for (const item of page) {
        expect(item).toStrictEqual(views.get(item.id));
        // The schema's keys, in its order.
        expect(Object.keys(item)).toEqual(Object.keys(Transaction.properties));
      }
    }
    const page = (await get(platform, env, `/v1/accounts/${account}/transactions?limit=3`)).json();
    expect(page[0]).toMatchObject({
      amount: -12.5,
      pendingTransactionId: "txn_pending_1",
      createdAt: "2026-01-02T03:04:05.678Z",
      metadata: { note: 'say "hi" \\ 🏦', n: 1.5, nested: { ok: true } },
    });
    expect(page[1]).toMatchObject({ enrichment: null, amount: Number("123456789012.345678") });
    expect(page[2].amount).toBe(0);
  });

  it("pages follow one another: the first page and the later ones (read differently) agree on the order", async () => {
    const account = byType.CHECKING!.id;
    for (const [filter, status] of [
      ["", null],
      ["&status=POSTED", "POSTED"],
    ] as const) {
      const expected = rowsOf<{ id: string }>(
        await platform.ctx.db.execute(sql`
          select id from transactions where account_id = ${account}
            and (${status}::text is null or status = ${status}) order by date desc, id desc`),
      ).map((r) => r.id);
      expect(expected.length).toBeGreaterThan(20);
      const paged: string[] = [];
      for (let page = 1; paged.length < expected.length; page++) {
        const res = await get(
          platform,
          env,
          `/v1/accounts/${account}/transactions?limit=9&page=${page}${filter}`,
        );
        const ids = (res.json() as { id: string }[]).map((t) => t.id);
        expect(ids.length, `page ${page}${filter}`).toBeGreaterThan(0);
        paged.push(...ids);
      }
      expect(paged).toEqual(expected);
    }
  });

  it("signs amounts: money in positive (CREDIT), money out negative (DEBIT)", async () => {
    const all = (await get(platform, env, path("CHECKING", "/transactions?limit=100&page=2"))).json();
    for (const t of all) expect(t.entryType).toBe(t.amount < 0 ? "DEBIT" : "CREDIT");
    expect(all.some((t: { amount: number }) => t.amount > 0)).toBe(true);
    expect(all.some((t: { amount: number }) => t.amount < 0)).toBe(true);
  });

  it("filters by date range (inclusive) and status, counting what matches", async () => {
    const today = toDay(new Date());
    const month = `${today.slice(0, 7)}`;
    const start = `${month}-01`;
    const res = await get(
      platform,
      env,
      path("CREDIT_CARD", `/transactions?startDate=${start}&endDate=${today}&limit=100`),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.every((t: { date: string }) => t.date >= start && t.date <= today)).toBe(true);
    const [counted] = rowsOf<{ n: number }>(
      await platform.ctx.db.execute(
        sql`select count(*)::int as n from transactions where account_id = ${byType.CREDIT_CARD!.id} and date between ${start} and ${today}`,
      ),
    );
    expect(res.headers["total-count"]).toBe(String(counted!.n));
    expect(body.length).toBe(Math.min(100, counted!.n));
    const posted = await get(platform, env, path("CREDIT_CARD", "/transactions?status=POSTED&limit=100"));
    expect(posted.json().every((t: { status: string }) => t.status === "POSTED")).toBe(true);
    const pending = await get(platform, env, path("CREDIT_CARD", "/transactions?status=PENDING&limit=100"));
    expect(pending.json().every((t: { status: string }) => t.status === "PENDING")).toBe(true);
    expect(Number(posted.headers["total-count"]) + Number(pending.headers["total-count"])).toBe(
      Number((await get(platform, env, path("CREDIT_CARD", "/transactions"))).headers["total-count"]),
    );
  });

  it("400 when startDate is after endDate; 422 for a bad date, status or limit", async () => {
    const reversed = await get(
      platform,
      env,
      path("CHECKING", "/transactions?startDate=2025-02-01&endDate=2025-01-01"),
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({
      message: "startDate 2025-02-01 is after endDate 2025-01-01",
      instruction: "Send a startDate on or before the endDate.",
    });
    const badDate = await get(platform, env, path("CHECKING", "/transactions?startDate=yesterday"));
    expect(badDate.statusCode).toBe(422);
    expect(badDate.json()).toEqual({ startDate: ["Start date is not a valid date"] });
    const badStatus = await get(platform, env, path("CHECKING", "/transactions?status=SETTLED"));
    expect(badStatus.json()).toEqual({
      status: ["Status must be one of: PENDING, MEMO, POSTED, AUTHORIZATION"],
    });
    const badLimit = await get(platform, env, path("CHECKING", "/transactions?limit=101"));
    expect(badLimit.json()).toEqual({ limit: ["Limit must be at most 100"] });
    // A filter misspelt is refused, not ignored into the unfiltered list.
    const misspelt = await get(platform, env, path("CHECKING", "/transactions?startdate=2025-02-01"));
    expect(misspelt.statusCode).toBe(422);
    expect(misspelt.json()).toEqual({
      startdate: ["Is not a parameter of this request; check its spelling against the API reference"],
    });
  });
});

describe("holdings", () => {
  it("lists positions with their securities; value is quantity × price", async () => {
    const res = await get(platform, env, path("BROKERAGE", "/holdings"));
    expect(res.statusCode).toBe(200);
    const holdings = res.json();
    expect(holdings.length).toBeGreaterThanOrEqual(3);
    expect(res.headers["total-count"]).toBe(String(holdings.length));
    for (const h of holdings) {
      expect(h).toEqual({
        id: expect.stringMatching(/^hld_/),
        accountId: byType.BROKERAGE!.id,
        security: {
          id: expect.stringMatching(/^sec_/),
          name: expect.any(String),
          tickerSymbol: expect.stringMatching(/^[A-Z]+$/),
          cusip: expect.stringMatching(/^[0-9A-Z]{9}$/),
          isin: `US${h.security.cusip}${h.security.isin.at(-1)}`,
          type: expect.stringMatching(/^(ETF|EQUITY)$/),
          currencyCode: "USD",
        },
        quantity: expect.any(Number),
        price: expect.any(Number),
        value: expect.any(Number),
        costBasis: expect.any(Number),
        currencyCode: "USD",
        at: expect.any(String),
      });
      expect(Math.abs(h.value - h.quantity * h.price)).toBeLessThan(0.01);
    }
    // Brokerage current balance = cash + holdings.
    const account = (await get(platform, env, path("BROKERAGE"))).json();
    const held = holdings.reduce((sum: number, h: { value: number }) => sum + Math.round(h.value * 100), 0);
    expect(Math.round(account.balance.current * 100) - Math.round(account.balance.available * 100)).toBe(
      held,
    );
  });
});

describe("statements", () => {
  it("lists monthly statements with signed links; the link downloads a real PDF of that month", async () => {
    const res = await get(platform, env, path("CHECKING", "/statements?limit=3"));
    expect(res.statusCode).toBe(200);
    expect(res.headers["total-count"]).toBe("24");
    const [latest] = res.json();
    expect(latest).toEqual({
      id: expect.stringMatching(/^stmt_/),
      accountId: byType.CHECKING!.id,
      startOn: expect.stringMatching(/-01$/),
      endOn: expect.any(String),
      url: expect.stringMatching(
        new RegExp(
          `^${platform.ctx.config.publicUrl}/v1/statements/${latest.id}/pdf\\?expires=[0-9]+&signature=`,
        ),
      ),
    });
    const expires = Number(new URL(latest.url).searchParams.get("expires"));
    expect(expires - Math.floor(Date.now() / 1000)).toBeGreaterThan(3590);
    expect(expires - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(3600);
    const pdf = await platform.app.inject({
      method: "GET",
      url: latest.url.replace(platform.ctx.config.publicUrl, ""),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["x-content-type-options"]).toBe("nosniff");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getSubject()).toContain(`Statement period ${latest.startOn} to ${latest.endOn}`);
  });

  it("403 once the link has expired or when it was tampered with", async () => {
    const [statement] = (await get(platform, env, path("SAVINGS", "/statements?limit=1"))).json();
    const url = new URL(statement.url);
    const expiredUrl = signStatementUrl(
      platform.ctx.config.publicUrl,
      platform.ctx.secretKey,
      statement.id,
      new Date(Date.now() - 3601_000),
    );
    const expired = await platform.app.inject({
      method: "GET",
      url: expiredUrl.replace(platform.ctx.config.publicUrl, ""),
    });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({
      message: "This statement link has expired",
      instruction: "Links last 1 hour: list the account's statements again for a fresh url.",
    });
    url.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 3600));
    const tampered = await platform.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json().message).toBe("This statement link is not valid");
    const bare = await platform.app.inject({ method: "GET", url: `/v1/statements/${statement.id}/pdf` });
    expect(bare.statusCode).toBe(403);
    const now = new Date();
    const exp = Math.floor(now.getTime() / 1000) + 10;
    expect(checkStatementLink(platform.ctx.secretKey, statement.id, exp, "x", now)).toBe("INVALID");
  });
});

describe("statement PDFs when the institution fails", () => {
  it("502 while the connection's login or institution is failing", async () => {
    const { profileId: otherProfile, connectionId: failing } = await linkAndSync(platform, env, {
      products: ["ACCOUNT_STATEMENTS"],
    });
    const [account] = (await get(platform, env, `/v1/profiles/${otherProfile}/accounts`)).json();
    const [statement] = (await get(platform, env, `/v1/accounts/${account.id}/statements?limit=1`)).json();
    await platform.app.inject({
      method: "POST",
      url: `/v1/sandbox/connections/${failing}/simulate`,
      headers: env.auth,
      payload: { status: "ERROR_INSTITUTION" },
    });
    const res = await platform.app.inject({
      method: "GET",
      url: statement.url.replace(platform.ctx.config.publicUrl, ""),
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: `The institution could not provide statement ${statement.id}: The institution is not answering`,
      instruction: "Nothing to do: the sync is retried when the institution is back.",
    });
  });
});

describe("GET /v1/accounts/{accountId}/ach_numbers", () => {
  it("gives a depository account's account and routing numbers", async () => {
    const res = await get(platform, env, path("CHECKING", "/ach_numbers"));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      accountId: byType.CHECKING!.id,
      number: expect.stringMatching(/^[0-9]{4,17}$/),
      routing: "110000615",
    });
    expect(isValidRoutingNumber(body.routing)).toBe(true);
    expect(body.number.slice(-4)).toBe((await get(platform, env, path("CHECKING"))).json().mask);
    // Encrypted at rest.
    const [row] = await platform.ctx.db
      .select()
      .from(achNumbers)
      .where(eq(achNumbers.accountId, body.accountId));
    expect(row!.numberEncrypted).not.toContain(body.number);
  });

  it("400 for an account that is not DEPOSITORY", async () => {
    const res = await get(platform, env, path("CREDIT_CARD", "/ach_numbers"));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: `Account ${byType.CREDIT_CARD!.id} is a CREDIT account; ACH numbers exist for DEPOSITORY accounts only`,
      instruction: "Ask for the ACH numbers of a checking or savings account.",
    });
    const brokerage = await get(platform, env, path("BROKERAGE", "/ach_numbers"));
    expect(brokerage.json().message).toBe(
      `Account ${byType.BROKERAGE!.id} is an INVESTMENT account; ACH numbers exist for DEPOSITORY accounts only`,
    );
  });

  it("403 for the transactions, holdings and statements of a connection that does not collect them, not an empty list", async () => {
    const numbersOnly = await linkAndSync(platform, env, { products: ["ACCOUNT_NUMBERS"] });
    const rows = await platform.ctx.db
      .select()
      .from(accounts)
      .where(eq(accounts.connectionId, numbersOnly.connectionId));
    const checking = rows.find((a) => a.type === "CHECKING")!;
    const brokerage = rows.find((a) => a.type === "BROKERAGE")!;
    const refused = (product: string) => ({
      message: `Connection ${numbersOnly.connectionId} is not enabled with ${product}`,
      instruction: `Link the account again with ${product} among the products.`,
    });
    // The first page (read with its account in one statement), again (the account alone), and
    // a filtered and a later page: each says which product it needs.
    for (const query of ["", "", "?status=POSTED", "?page=2"]) {
      const page = await get(platform, env, `/v1/accounts/${checking.id}/transactions${query}`);
      expect(page.statusCode, query).toBe(403);
      expect(page.json(), query).toEqual(refused("ACCOUNT_BALANCES_AND_TRANSACTIONS"));
    }
    const holdings = await get(platform, env, `/v1/accounts/${brokerage.id}/holdings`);
    expect(holdings.statusCode).toBe(403);
    expect(holdings.json()).toEqual(refused("INVESTMENTS"));
    const statements = await get(platform, env, `/v1/accounts/${checking.id}/statements`);
    expect(statements.statusCode).toBe(403);
    expect(statements.json()).toEqual(refused("ACCOUNT_STATEMENTS"));
    // An account's balances come with every product, as the account does.
    expect((await get(platform, env, `/v1/accounts/${checking.id}/balances`)).statusCode).toBe(200);
  });

  it("403 when the connection lacks ACCOUNT_NUMBERS, and when it is not active", async () => {
    const withoutNumbers = await linkAndSync(platform, env, {
      products: ["ACCOUNT_BALANCES_AND_TRANSACTIONS"],
    });
    const [checking] = await platform.ctx.db
      .select()
      .from(accounts)
      .where(
        sql`${accounts.connectionId} = ${withoutNumbers.connectionId} and ${accounts.type} = 'CHECKING'`,
      );
    const lacking = await get(platform, env, `/v1/accounts/${checking!.id}/ach_numbers`);
    expect(lacking.statusCode).toBe(403);
    expect(lacking.json().message).toBe(
      `Connection ${withoutNumbers.connectionId} is not enabled with ACCOUNT_NUMBERS`,
    );

    const disconnected = await linkAndSync(platform, env, { products: ["ACCOUNT_NUMBERS"] });
    await platform.app.inject({
      method: "DELETE",
      url: `/v1/connections/${disconnected.connectionId}`,
      headers: env.auth,
    });
    const [savings] = await platform.ctx.db
      .select()
      .from(accounts)
      .where(sql`${accounts.connectionId} = ${disconnected.connectionId} and ${accounts.type} = 'SAVINGS'`);
    const inactive = await get(platform, env, `/v1/accounts/${savings!.id}/ach_numbers`);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toEqual({
      message: `Connection ${disconnected.connectionId} is DISCONNECTING: its data can be read but nothing new can be fetched`,
      instruction: "Ask the user to connect the institution again.",
    });
  });
});

describe("POST /v1/accounts/{accountId}/balances/refresh", () => {
  it("202, then a REFRESH balance and balance.created; 429 within a minute", async () => {
    const url = path("CREDIT_CARD", "/balances/refresh");
    const res = await platform.app.inject({ method: "POST", url, headers: env.auth });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: "ACCEPTED", requestedAt: expect.any(String) });
    const again = await platform.app.inject({ method: "POST", url, headers: env.auth });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers["retry-after"])).toBeGreaterThanOrEqual(59);
    expect(again.json().message).toBe(
      `The balance of account ${byType.CREDIT_CARD!.id} was refreshed less than 60 seconds ago; the provider limits refreshes`,
    );
    const before = await storedEvents(platform, env.id, "balance.created");
    await platform.worker.drain();
    const created = (await storedEvents(platform, env.id, "balance.created")).slice(before.length);
    expect(created).toHaveLength(1);
    expect(created[0]!.record).toMatchObject({ accountId: byType.CREDIT_CARD!.id, source: "REFRESH" });
    const latest = (await get(platform, env, path("CREDIT_CARD"))).json().balance;
    expect(latest).toEqual(created[0]!.record);
    expect((await get(platform, env, path("CREDIT_CARD", "/balances"))).json()[0].source).toBe("REFRESH");
    expect(BALANCE_REFRESH_QUEUE).toBe("accounts.balance-refresh");
  });

  it("403 without ACCOUNT_BALANCE_REFRESHES", async () => {
    const profile = await createProfile(platform, env);
    const connection = (
      await linkSandbox(platform, env, { profileId: profile, products: ["ACCOUNT_NUMBERS"] })
    ).json();
    await platform.worker.drain();
    const [account] = await platform.ctx.db
      .select()
      .from(accounts)
      .where(eq(accounts.connectionId, connection.id));
    const res = await platform.app.inject({
      method: "POST",
      url: `/v1/accounts/${account!.id}/balances/refresh`,
      headers: env.auth,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      `Connection ${connection.id} is not enabled with ACCOUNT_BALANCE_REFRESHES`,
    );
    const owners = await get(platform, env, `/v1/accounts/${account!.id}/owners`);
    expect(owners.statusCode).toBe(403);
  });
});

describe("data written by the sync", () => {
  it("stores amounts exactly as NUMERIC", async () => {
    const rows = await platform.ctx.db
      .select({ amount: transactions.amount })
      .from(transactions)
      .where(eq(transactions.accountId, byType.CHECKING!.id))
      .limit(50);
    for (const r of rows) expect(r.amount).toMatch(/^-?[0-9]+\.[0-9]{2}$/);
  });
});

describe("a page of transactions read again", () => {
  it("is the same page until the account's transactions change, by whatever path; another tenant still gets 404", async () => {
    const url = path("SAVINGS", "/transactions?limit=5");
    type Item = { id: string; description: string; metadata: unknown };
    const read = async () => {
      const res = await get(platform, env, url);
      expect(res.statusCode).toBe(200);
      return { items: res.json() as Item[], total: res.headers["total-count"] };
    };
    const first = await read();
    expect(first.items).toHaveLength(5);
    expect(platform.ctx.transactionPages.size).toBeGreaterThan(0);
    expect(await read()).toEqual(first);
    expect((await get(platform, other, url)).statusCode).toBe(404);

    // Through the API…
    const patched = await platform.app.inject({
      method: "PATCH",
      url: `/v1/transactions/${first.items[0]!.id}`,
      headers: env.auth,
      payload: { metadata: { note: "seen" } },
    });
    expect(patched.statusCode).toBe(200);
    expect((await read()).items[0]!.metadata).toMatchObject({ note: "seen" });

    // …and by plain SQL, which no application code sees: the version moves in the database.
    await platform.ctx.db
      .update(transactions)
      .set({ description: "CHANGED BY SQL" })
      .where(eq(transactions.id, first.items[1]!.id));
    expect((await read()).items[1]!.description).toBe("CHANGED BY SQL");
    await platform.ctx.db.delete(transactions).where(eq(transactions.id, first.items[0]!.id));
    const after = (await read()).items.map((t) => t.id);
    expect(after).not.toContain(first.items[0]!.id);
    expect(after.slice(0, 4)).toEqual(first.items.slice(1).map((t) => t.id));
  });

  it("an account without transactions: an empty first page of total 0, read and read again", async () => {
    const [source] = await platform.ctx.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, byType.CHECKING!.id));
    const emptyId = "acct_01jempty0000000000000000000";
    await platform.ctx.db
      .insert(accounts)
      .values({ ...source!, id: emptyId, externalId: "no-transactions", transactionCount: 0 });
    for (let read = 0; read < 2; read++) {
      const res = await get(platform, env, `/v1/accounts/${emptyId}/transactions`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect(res.headers).toMatchObject({ "total-count": "0", "page-items": "0" });
    }
    expect((await get(platform, other, `/v1/accounts/${emptyId}/transactions`)).statusCode).toBe(404);
  });

  it("moves the account's version once per statement, and not for a write that changes nothing", async () => {
    const accountId = byType.SAVINGS!.id;
    const versionOf = async () =>
      (await platform.ctx.db.select().from(accounts).where(eq(accounts.id, accountId)))[0]!
        .transactionsVersion;
    const before = await versionOf();
    await platform.ctx.db
      .update(transactions)
      .set({ metadata: { bulk: true } })
      .where(eq(transactions.accountId, accountId));
    expect(await versionOf()).toBe(before + 1);
    await platform.ctx.db.update(transactions).set({ metadata: null }).where(eq(transactions.id, "txn_none"));
    expect(await versionOf()).toBe(before + 1);
    // Another account's writes leave it alone.
    await platform.ctx.db
      .update(transactions)
      .set({ metadata: null })
      .where(eq(transactions.accountId, byType.CHECKING!.id));
    expect(await versionOf()).toBe(before + 1);
  });
});

describe.skipIf(testDriver !== "postgres")("two writers of one account's transactions", () => {
  /** The second writer's change to t1: a metadata PATCH, a sync rewriting the row, its re-enrichment. */
  const writes: [string, (t1: string) => Promise<unknown>, ((t1: string) => Promise<unknown>)?][] = [
    [
      "a metadata PATCH",
      async (t1) => {
        const res = await platform.app.inject({
          method: "PATCH",
          url: `/v1/transactions/${t1}`,
          headers: env.auth,
          payload: { metadata: { by: "api" } },
        });
        expect(res.statusCode).toBe(200);
      },
    ],
    [
      "a sync's write",
      async (t1) => {
        const [row] = await platform.ctx.db.select().from(transactions).where(eq(transactions.id, t1));
        await platform.ctx.db.transaction((tx) =>
          writeTransactionRows(tx, [{ ...row!, description: "RESYNCED" }], new Date()),
        );
      },
    ],
    [
      "the re-enrichment of stored rows",
      async () => expect(await reenrichStale(platform.ctx, 1)).toBe(1),
      // t1 enriched by an older catalogue, before the other writer starts.
      (t1) =>
        platform.ctx.db.update(transactions).set({ enrichmentVersion: null }).where(eq(transactions.id, t1)),
    ],
  ];

  it.each(writes)(
    "%s waits for the other writer without deadlocking: the account is locked before its rows",
    async (_, write, prepare) => {
      const [t1, t2] = (
        await platform.ctx.db
          .select({ id: transactions.id })
          .from(transactions)
          .where(eq(transactions.accountId, byType.CHECKING!.id))
          .limit(2)
      ).map((t) => t.id);
      await prepare?.(t1!);
      const writer = new pg.Client({ connectionString: platform.databaseUrl });
      await writer.connect();
      try {
        // The other writer holds t2 and, through the trigger, the account.
        await writer.query("begin");
        await writer.query(`update transactions set metadata = '{"by":"other"}' where id = $1`, [t2]);
        const written = write(t1!);
        // The second write waits for the account — before it has taken t1's row…
        for (let tries = 0; ; tries++) {
          const [waiting] = rowsOf<{ n: number }>(
            await platform.ctx.db.execute(sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`),
          );
          if (waiting!.n > 0) break;
          if (tries > 500) throw new Error("the write never waited for a lock");
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        // …so the other writer can still take t1 (had it been taken, PostgreSQL would abort one of them).
        await writer.query(`update transactions set metadata = '{"by":"other"}' where id = $1`, [t1]);
        await writer.query("commit");
        await written;
      } finally {
        await writer.end();
      }
    },
  );
});

describe("a profile being deleted", () => {
  it("answers 409 for its connections and accounts until it is gone, then 404; the list leaves it out", async () => {
    const linked = await linkAndSync(platform, env);
    const [account] = await platform.ctx.db
      .select()
      .from(accounts)
      .where(eq(accounts.connectionId, linked.connectionId));
    const listed = async () =>
      Number((await get(platform, env, "/v1/profiles?limit=100")).headers["total-count"]);
    const before = await listed();
    expect(
      (
        await platform.app.inject({
          method: "DELETE",
          url: `/v1/profiles/${linked.profileId}`,
          headers: env.auth,
        })
      ).statusCode,
    ).toBe(204);
    expect(await listed()).toBe(before - 1);
    for (const url of [
      `/v1/connections/${linked.connectionId}`,
      `/v1/accounts/${account!.id}`,
      `/v1/accounts/${account!.id}/ach_numbers`,
      `/v1/accounts/${account!.id}/transactions`,
    ]) {
      const res = await get(platform, env, url);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().message).toBe(`Profile ${linked.profileId} is being deleted`);
    }
    await platform.worker.drain();
    expect((await get(platform, env, `/v1/accounts/${account!.id}`)).statusCode).toBe(404);
    expect((await get(platform, env, `/v1/connections/${linked.connectionId}`)).statusCode).toBe(404);
  });
});
