import { desc, eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "../src/db/schema/index.ts";
import { recordEvent } from "../src/modules/events/service.ts";
import { startTestPlatform, type TestEnvironment, type TestPlatform, testDriver } from "./harness.ts";
import { createProfile, linkAndSync } from "./sandbox-helpers.ts";

type PlanNode = { "Node Type": string; "Relation Name"?: string; Plans?: PlanNode[] };

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
    expect(statements[0]).toMatch(/^select .* from "profiles"/);
  });

  it("a page of transactions is two (the account with its total, the rows); read again, one (the account's version)", async () => {
    const page = { url: `/v1/accounts/${accountId}/transactions?limit=100`, headers: env.auth };
    const first = await statementsOf(page);
    expect(first).toHaveLength(2);
    expect(first[1]).toMatch(/from "transactions"/);
    const again = await statementsOf(page);
    expect(again).toEqual([first[0]]);
    expect(again[0]).toMatch(/^select .* from "accounts"/);
    // A change to the account's transactions (any statement: the trigger moves the version).
    await platform.ctx.db.execute(
      sql`update transactions set metadata = '{"n":1}' where account_id = ${accountId}`,
    );
    expect(await statementsOf(page)).toEqual(first);
  });

  it("issuing a session is one round trip: the session (lock, limits, insert: one function) with its audit record", async () => {
    const statements = await statementsOf({
      method: "POST",
      url: "/v1/users/sessions",
      headers: env.auth,
      payload: { userId: profileId },
    });
    expect(statements).toHaveLength(1);
    // The function writes the audit record from its last six arguments (migration 0023).
    expect(statements[0]).toMatch(
      /^select outcome, .* from weft_issue_session\((\$\d+[^,]*,\s*){12}\$13\)$/s,
    );
    const [record] = await platform.ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.resourceId, profileId))
      .orderBy(desc(auditEvents.createdAt))
      .limit(1);
    expect(record).toMatchObject({ action: "POST /v1/users/sessions", status: 201, actorType: "apiKey" });
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

  it("creating a profile: one transaction (cap, insert, event with its deliveries) and the audit record", async () => {
    const statements = await statementsOf({
      method: "POST",
      url: "/v1/profiles",
      headers: env.auth,
      payload: {},
    });
    expect(statements.length).toBeLessThanOrEqual(8);
  });

  it("a worker's claim is one statement, whatever it finds", async () => {
    await createProfile(platform, env);
    const statements = await platform.statementsOf(() => platform.worker.drain());
    const claims = statements.filter((s) => /^update "jobs" set "state" = \$1, "attempts"/.test(s));
    expect(claims.length).toBeGreaterThan(0);
    expect(statements.some((s) => /from "jobs" where "jobs"\."id" in/.test(s))).toBe(false);
  });

  /**
   * The plan PostgreSQL would pick for each statement of a list read, with sequential scans
   * priced out: if a statement still scans a table whole, no index serves it — an index that a
   * migration dropped or a query that stopped matching one fails here, not in production.
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
    expect(sent.length).toBeGreaterThan(url().includes("/transactions") ? 1 : 0);
    const client = new pg.Client({ connectionString: platform.databaseUrl });
    await client.connect();
    try {
      await client.query("set enable_seqscan = off");
      for (const statement of sent) {
        const { rows } = await client.query(`explain (format json) ${statement.text}`, statement.values);
        const plan = rows[0]["QUERY PLAN"][0].Plan as PlanNode;
        expect(seqScansIn(plan), `${statement.text}\n${JSON.stringify(plan, null, 1)}`).toEqual([]);
      }
    } finally {
      await client.end();
    }
  });
});
