import { desc, eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "../src/db/schema/index.ts";
import { pruneFinishedJobs } from "../src/jobs/queue.ts";
import { recordEvent } from "../src/modules/events/service.ts";
import { pruneSettledDeliveries } from "../src/modules/webhooks/service.ts";
import { startTestPlatform, type TestEnvironment, type TestPlatform, testDriver } from "./harness.ts";
import { createProfile, linkAndSync } from "./sandbox-helpers.ts";

type PlanNode = { "Node Type": string; "Relation Name"?: string; "Index Name"?: string; Plans?: PlanNode[] };

/** The indexes a plan reads. */
const indexesIn = (node: PlanNode): string[] => [
  ...(node["Index Name"] ? [node["Index Name"]] : []),
  ...(node.Plans ?? []).flatMap(indexesIn),
];

/**
 * The indexes a plan reads in their order and stops early in: index scans right under a Limit
 * (with a Sort between, the whole range would be read and sorted first).
 */
const limitedIndexScansIn = (node: PlanNode): string[] => {
  // A Result node passes rows through (a one-time filter, such as "the profile is not being deleted").
  const fed = (n: PlanNode): PlanNode[] =>
    (n.Plans ?? []).flatMap((child) => (child["Node Type"] === "Result" ? fed(child) : [child]));
  const here =
    node["Node Type"] === "Limit"
      ? fed(node).filter((child) => /^Index (Only )?Scan$/.test(child["Node Type"]))
      : [];
  return [...here.map((scan) => scan["Index Name"]!), ...(node.Plans ?? []).flatMap(limitedIndexScansIn)];
};

/** The tables a plan reads whole. */
const seqScansIn = (node: PlanNode): string[] => [
  ...(node["Node Type"] === "Seq Scan" ? [node["Relation Name"] ?? "?"] : []),
  ...(node.Plans ?? []).flatMap(seqScansIn),
];

/**
 * The work a request costs, in PostgreSQL round trips (each statement sent, BEGIN and COMMIT
 * included), so that a change that adds queries to a hot path fails here rather than only in a
 * benchmark. PGlite has no round trips: PostgreSQL only.
 */
describe.skipIf(testDriver !== "postgres")("round trips per request", () => {
  let platform: TestPlatform;
  let env: TestEnvironment;
  /** A TEST environment: no profile cap. */
  let test: TestEnvironment;
  let profileId: string;
  let accountId: string;

  beforeAll(async () => {
    platform = await startTestPlatform();
    env = await platform.environment("SANDBOX");
    ({ profileId } = await linkAndSync(platform, env));
    const accounts = await platform.app.inject({
      url: `/v1/profiles/${profileId}/accounts`,
      headers: env.auth,
    });
    accountId = (accounts.json() as { id: string }[])[0]!.id;
    // The API key's cache entry is made by the first request, the signing key by the first session.
    await platform.app.inject({ url: `/v1/profiles/${profileId}`, headers: env.auth });
    test = await platform.environment("TEST");
    await platform.app.inject({ url: "/v1/profiles", headers: test.auth });
    await platform.app.inject({
      method: "POST",
      url: "/v1/users/sessions",
      headers: env.auth,
      payload: { userId: profileId },
    });
  });
  afterAll(() => platform.close());

  const statementsOf = (request: InjectOptions) =>
    platform.statementsOf(async () => {
      const res = await platform.app.inject(request);
      expect(res.statusCode).toBeLessThan(300);
    });

  it("an authenticated single-record read is one round trip (the key comes from the cache)", async () => {
    const statements = await statementsOf({ url: `/v1/profiles/${profileId}`, headers: env.auth });
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^select .* from "profiles" where/);
    // An account with its latest balance: one statement too (the balance by a LATERAL join).
    const account = await statementsOf({ url: `/v1/accounts/${accountId}`, headers: env.auth });
    expect(account).toHaveLength(1);
    expect(account[0]).toMatch(
      /^select .* from "accounts" .* left join lateral \(select .* from "balances"/s,
    );
  });

  it("a profile read by its id looks up the id alone; by its uuid, the uuid alone (EXPLAIN)", async () => {
    const { uuid } = (
      await platform.app.inject({ url: `/v1/profiles/${profileId}`, headers: env.auth })
    ).json();
    for (const [key, column, other] of [
      [profileId, "id", "uuid"],
      [uuid, "uuid", "id"],
    ] as const) {
      const sent = await platform.sentBy(() =>
        platform.app.inject({ url: `/v1/profiles/${key}`, headers: env.auth }),
      );
      expect(sent).toHaveLength(1);
      const where = sent[0]!.text.slice(sent[0]!.text.lastIndexOf(" where "));
      expect(where).toContain(`"profiles"."${column}" = `);
      expect(where).not.toContain(`"profiles"."${other}"`);
      // One index scan: no bitmap merging two indexes (as an OR of id and uuid is planned), no table scan.
      const [plan] = await plansOf(sent);
      const why = JSON.stringify(plan, null, 1);
      expect(why).not.toMatch(/Bitmap/);
      expect(seqScansIn(plan!), why).toEqual([]);
    }
  });

  it("a first page of transactions is one round trip (the account and its rows); read again, one (the account's version)", async () => {
    const page = { url: `/v1/accounts/${accountId}/transactions?limit=100`, headers: env.auth };
    const first = await statementsOf(page);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(
      /^select .* from "accounts" .* left join lateral \(select .* from "transactions"/s,
    );
    // Held by this process: the account alone, whose version says the page is current.
    const again = await statementsOf(page);
    expect(again).toHaveLength(1);
    expect(again[0]).toMatch(/^select .* from "accounts"/);
    expect(again[0]).not.toMatch(/from "transactions"/);
    // A change to the account's transactions (any statement: the trigger moves the version):
    // the account, then the rows.
    await platform.ctx.db.execute(
      sql`update transactions set metadata = '{"n":1}' where account_id = ${accountId}`,
    );
    const changed = await statementsOf(page);
    expect(changed).toEqual([again[0], expect.stringMatching(/from "transactions"/)]);
    expect(await statementsOf(page)).toEqual(again);
    // Pages past the first, and filtered pages: the account, then the rows.
    const later = await statementsOf({ ...page, url: `${page.url}&page=2` });
    expect(later).toEqual([again[0], expect.stringMatching(/from "transactions"/)]);
  });

  it("issuing a session is one round trip: the session (lock, limits, insert: one function) with its audit record", async () => {
    const statements = await statementsOf({
      method: "POST",
      url: "/v1/users/sessions",
      headers: env.auth,
      payload: { userId: profileId },
    });
    expect(statements).toHaveLength(1);
    // The function locks and checks (migration 0027); the statement around it writes.
    expect(statements[0]).toMatch(/^with "checked" as \(select \* from weft_check_session\(/);
    expect(statements[0]).toContain('insert into "user_sessions"');
    expect(statements[0]).toContain('insert into "audit_events"');
    const [record] = await platform.ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.resourceId, profileId))
      .orderBy(desc(auditEvents.createdAt))
      .limit(1);
    expect(record).toMatchObject({ action: "POST /v1/users/sessions", status: 201, actorType: "apiKey" });
  });

  it("a session that saves fields onto its profile is one round trip too: check, update, session, audit record", async () => {
    const statements = await statementsOf({
      method: "POST",
      url: "/v1/users/sessions",
      headers: env.auth,
      payload: { userId: profileId, email: "counted@example.com" },
    });
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/weft_check_session\(.*update "profiles" set/s);
    const saved = await platform.app.inject({ url: `/v1/profiles/${profileId}`, headers: env.auth });
    expect(saved.json().email).toBe("counted@example.com");
  });

  it("a first session is one round trip too: the new profile, its event with deliveries, the session and its audit record", async () => {
    // A subscription, so the event has a delivery to write.
    const subscribed = await platform.app.inject({
      method: "POST",
      url: "/v1/webhooks/subscriptions",
      headers: test.auth,
      payload: {
        name: "First sessions",
        targetUrl: "https://example.com/hooks",
        eventTypes: ["profile.created"],
      },
    });
    expect(subscribed.statusCode).toBe(201);
    let answer: { userId: string } | undefined;
    const statements = await platform.statementsOf(async () => {
      const res = await platform.app.inject({
        method: "POST",
        url: "/v1/users/sessions",
        headers: test.auth,
        payload: { email: "first@example.com" },
      });
      expect(res.statusCode).toBe(201);
      answer = res.json();
    });
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^with created as \(insert into "profiles"/);
    const { userId } = answer!;
    const profile = await platform.app.inject({ url: `/v1/profiles/${userId}`, headers: test.auth });
    expect(profile.json()).toMatchObject({ id: userId, email: "first@example.com" });
    const events = await platform.ctx.db.execute(
      sql`select e.type, count(d.id)::int as deliveries from events e left join webhook_deliveries d on d.event_id = e.id
        where e.profile_id = ${userId} group by e.type`,
    );
    expect((events as unknown as { rows: unknown[] }).rows).toEqual([
      { type: "profile.created", deliveries: 1 },
    ]);
    const [record] = await platform.ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.resourceId, userId));
    expect(record).toMatchObject({ action: "POST /v1/users/sessions", status: 201, environmentId: test.id });
    // In a SANDBOX environment too: the profile's id comes from the function that checks the cap.
    const sandbox = await statementsOf({
      method: "POST",
      url: "/v1/users/sessions",
      headers: env.auth,
      payload: { email: "capped@example.com" },
    });
    expect(sandbox).toHaveLength(1);
    expect(sandbox[0]).toContain("weft_sandbox_profile_id(");
  });

  it("the hot routes send prepared statements: parsed and planned once a connection, not built a request", async () => {
    const hot: InjectOptions[] = [
      { url: `/v1/profiles/${profileId}`, headers: env.auth },
      { url: `/v1/accounts/${accountId}`, headers: env.auth },
      // Twice: the rows, then the account's version alone (the page held by this process).
      { url: `/v1/accounts/${accountId}/transactions?limit=100`, headers: env.auth },
      { url: `/v1/accounts/${accountId}/transactions?limit=100`, headers: env.auth },
      { method: "POST", url: "/v1/users/sessions", headers: env.auth, payload: { userId: profileId } },
    ];
    await platform.ctx.db.execute(
      sql`update transactions set metadata = '{"n":2}' where account_id = ${accountId}`,
    );
    for (const request of hot) {
      const sent = await platform.sentBy(() => platform.app.inject(request));
      const what = String(request.url);
      expect(sent.length, what).toBeGreaterThan(0);
      for (const statement of sent) expect(statement.name, `${what}: ${statement.text}`).toMatch(/^weft_/);
    }
  });

  it("recording an event is one statement: the event, its deliveries and their jobs", async () => {
    const subscription = await platform.app.inject({
      method: "POST",
      url: "/v1/webhooks/subscriptions",
      headers: env.auth,
      payload: { name: "Counted", targetUrl: "https://example.com/hooks", eventTypes: ["profile"] },
    });
    expect(subscription.statusCode).toBe(201);
    let eventId = "";
    const statements = await platform.statementsOf(async () => {
      eventId = await platform.ctx.db.transaction((tx) =>
        recordEvent(tx, { environmentId: env.id, type: "profile.ready", profile: null, record: {} }),
      );
    });
    expect(statements.map((s) => s.trim().split(/\s+/)[0])).toEqual(["begin", "with", "commit"]);
    const deliveries = await platform.app.inject({
      url: `/v1/webhooks/subscriptions/${subscription.json().id}/deliveries`,
      headers: env.auth,
    });
    expect(deliveries.json().map((d: { eventId: string }) => d.eventId)).toContain(eventId);
  });

  it("creating a profile: one statement (the profile, its event with deliveries), then the audit record", async () => {
    for (const e of [test, env]) {
      const created = await statementsOf({
        method: "POST",
        url: "/v1/profiles",
        headers: e.auth,
        payload: {},
      });
      expect(created.map((s) => s.trim().split(/\s+/)[0])).toEqual(["with", "insert"]);
      expect(created[1]).toMatch(/^insert into "audit_events"/);
    }
  });

  it("a worker's claim is one statement, whatever it finds", async () => {
    await createProfile(platform, env);
    const statements = await platform.statementsOf(() => platform.worker.drain());
    const claims = statements.filter((s) => /^update "jobs" set "state" = \$1, "attempts"/.test(s));
    expect(claims.length).toBeGreaterThan(0);
    expect(statements.some((s) => /from "jobs" where "jobs"\."id" in/.test(s))).toBe(false);
  });

  /** The plans PostgreSQL would pick for these statements, with sequential scans priced out. */
  async function plansOf(sent: { text: string; values: unknown[] }[]): Promise<PlanNode[]> {
    const client = new pg.Client({ connectionString: platform.databaseUrl });
    await client.connect();
    try {
      await client.query("set enable_seqscan = off");
      const plans: PlanNode[] = [];
      for (const statement of sent) {
        const { rows } = await client.query(`explain (format json) ${statement.text}`, statement.values);
        plans.push(rows[0]["QUERY PLAN"][0].Plan as PlanNode);
      }
      return plans;
    } finally {
      await client.end();
    }
  }

  /**
   * Each statement of a list read, planned with sequential scans priced out: if a statement
   * still scans a table whole, no index serves it — an index that a migration dropped or a query
   * that stopped matching one fails here, not in production.
   */
  it.each([
    // Limits no other test reads, so the pages are not in the page cache and their rows are read.
    ["transactions", () => `/v1/accounts/${accountId}/transactions?limit=99`],
    ["transactions, a deep page", () => `/v1/accounts/${accountId}/transactions?limit=99&page=50`],
    ["balances", () => `/v1/accounts/${accountId}/balances`],
    ["holdings", () => `/v1/accounts/${accountId}/holdings`],
    ["a profile's accounts", () => `/v1/profiles/${profileId}/accounts`],
  ])("%s: every statement is served by an index (EXPLAIN)", async (_, url) => {
    const sent = await platform.sentBy(() => platform.app.inject({ url: url(), headers: env.auth }));
    expect(sent.length).toBeGreaterThan(0);
    // The transactions pages' rows are read (not served from the page cache): their plan is checked.
    if (url().includes("/transactions"))
      expect(sent.map((s) => s.text).join()).toMatch(/from "transactions"/);
    for (const [i, plan] of (await plansOf(sent)).entries()) {
      expect(seqScansIn(plan), `${sent[i]!.text}\n${JSON.stringify(plan, null, 1)}`).toEqual([]);
    }
  });

  /**
   * With a long history the planner must read a page's rows from the index that holds them in
   * the page's order and stop at the page's end, not sort the whole history. (On a few rows any
   * plan is cheap and PostgreSQL may sort; 20,000 transactions and balances, analysed, make the
   * ordered index scan the only good plan, so dropping or changing the index fails here.)
   */
  it("a long history: pages read their ordering index in order and stop at the page (EXPLAIN)", async () => {
    const linked = await linkAndSync(platform, env);
    const [account] = (
      await platform.app.inject({ url: `/v1/profiles/${linked.profileId}/accounts`, headers: env.auth })
    ).json() as { id: string }[];
    const id = account!.id;
    await platform.ctx.db.execute(sql`
      insert into transactions (id, account_id, external_id, amount, entry_type, currency_code, date, description, status)
      select 'txn_history_' || g, ${id}, 'history-' || g, -1.5, 'DEBIT', 'USD', date '2026-01-01' - (g % 3000),
             'HISTORY #' || g, case when g % 50 = 0 then 'PENDING' else 'POSTED' end
      from generate_series(1, 20000) g`);
    await platform.ctx.db.execute(sql`
      insert into balances (id, account_id, at, available, current, source)
      select 'bal_history_' || g, ${id}, timestamptz '2026-01-01 00:00Z' - make_interval(hours => g), 1, 1, 'SYNC'
      from generate_series(1, 20000) g`);
    await platform.ctx.db.execute(sql`analyze transactions`);
    await platform.ctx.db.execute(sql`analyze balances`);
    for (const [url, table, index] of [
      [`/v1/accounts/${id}/transactions?limit=98`, "transactions", "transactions_account_date_idx"],
      [`/v1/accounts/${id}/transactions?limit=98&page=40`, "transactions", "transactions_account_date_idx"],
      [`/v1/accounts/${id}/balances?limit=98`, "balances", "balances_account_at_idx"],
      [`/v1/accounts/${id}/balances?limit=98&page=40`, "balances", "balances_account_at_idx"],
    ] as const) {
      const sent = await platform.sentBy(() => platform.app.inject({ url, headers: env.auth }));
      const plans = await plansOf(sent);
      // The statement that reads the page's rows (the count reads the same index, unordered).
      const i = sent.findIndex((s) => s.text.includes(`from "${table}"`) && /order by/i.test(s.text));
      expect(i, url).toBeGreaterThanOrEqual(0);
      const why = `${sent[i]!.text}\n${JSON.stringify(plans[i], null, 1)}`;
      expect(limitedIndexScansIn(plans[i]!), why).toContain(index);
    }
  });

  /**
   * The queue stays flat as history grows because what it looks for — due or expired jobs,
   * finished ones past their retention, settled deliveries — each has a partial index holding
   * only those rows (migration 0016). A statement that stops matching its index's predicate
   * (a state sent as a parameter the planner cannot prove, say) fails here.
   */
  it("claiming jobs reads the partial indexes of due and expired jobs, whatever history the queue holds (EXPLAIN)", async () => {
    await createProfile(platform, env);
    const [claim] = (await platform.sentBy(() => platform.worker.drain())).filter((s) =>
      /^update "jobs" set "state"/.test(s.text),
    );
    // A busy install's history: finished jobs of a queue the claim reads, as retention keeps them.
    const queue = (claim!.values[3] as string[])[0]!;
    await platform.ctx.db.execute(sql`insert into jobs (id, queue, payload, state, max_attempts, finished_at)
      select 'job_history_' || g, ${queue}, '{}', 'completed', 1, now() from generate_series(1, 20000) g`);
    await platform.ctx.db.execute(sql`analyze jobs`);
    const [plan] = await plansOf([claim!]);
    const why = `${claim!.text}\n${JSON.stringify(plan, null, 1)}`;
    expect(seqScansIn(plan!), why).toEqual([]);
    expect(
      indexesIn(plan!)
        .filter((name) => !name.endsWith("_pkey"))
        .sort(),
      why,
    ).toEqual(["jobs_due_idx", "jobs_lease_idx"]);
  });

  it.each([
    [
      "pruning finished jobs",
      () => pruneFinishedJobs(platform.ctx.db, { succeededDays: 7, failedDays: 30 }),
      /^delete from "jobs"/,
      ["jobs_finished_idx"],
    ],
    [
      "pruning settled deliveries",
      () => pruneSettledDeliveries(platform.ctx.db, { succeededDays: 7, failedDays: 30 }),
      /^delete from "webhook_deliveries"/,
      ["webhook_deliveries_settled_idx"],
    ],
  ] as const)(
    "%s reads the partial indexes of what it looks for (EXPLAIN)",
    async (_, run, statement, indexes) => {
      await createProfile(platform, env);
      const sent = (await platform.sentBy(run)).filter((s) => statement.test(s.text));
      expect(sent.length).toBeGreaterThan(0);
      for (const [i, plan] of (await plansOf(sent)).entries()) {
        const why = `${sent[i]!.text}\n${JSON.stringify(plan, null, 1)}`;
        expect(seqScansIn(plan), why).toEqual([]);
        expect(
          indexesIn(plan)
            .filter((name) => !name.endsWith("_pkey"))
            .sort(),
          why,
        ).toEqual([...indexes].sort());
      }
    },
  );
});
