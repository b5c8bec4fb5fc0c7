import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import {
  buildClientSchema,
  getIntrospectionQuery,
  type IntrospectionQuery,
  parse,
  printSchema,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "../../../test/harness.ts";
import { issueSession, linkAndSync, simulate } from "../../../test/sandbox-helpers.ts";
import { MAX_METADATA_DEPTH } from "../../http/input-policy.ts";
import { setEnvironmentRateLimits } from "../environments/service.ts";
import {
  MAX_FIELDS,
  MAX_NESTING,
  MAX_PAGE,
  MAX_QUERY_DEPTH,
  MAX_ROOT_FIELDS,
  MAX_ROWS,
  MAX_TOKENS,
  MAX_VARIABLES,
  rowsOf,
} from "./limits.ts";
import { MAX_BATCH } from "./routes.ts";
import { printedSchema, schema } from "./schema.ts";

let platform: TestPlatform;
let env: TestEnvironment;
let other: TestEnvironment;
let mine: { profileId: string; connectionId: string; token: string };
let theirs: { profileId: string; connectionId: string; accountId: string };
let elsewhere: { profileId: string; accountId: string };

const session = (e: TestEnvironment, userId: string) => issueSession(platform, e, userId);

async function firstAccount(e: TestEnvironment, profileId: string): Promise<string> {
  const res = await platform.app.inject({
    method: "GET",
    url: `/v1/profiles/${profileId}/accounts`,
    headers: e.auth,
  });
  return res.json()[0].id;
}

beforeAll(async () => {
  platform = await startTestPlatform();
  env = await platform.environment("SANDBOX");
  other = await platform.environment("SANDBOX", "other tenant");
  const a = await linkAndSync(platform, env, {
    products: ["ACCOUNT_BALANCES_AND_TRANSACTIONS", "ACCOUNT_NUMBERS"],
  });
  mine = { ...a, token: await session(env, a.profileId) };
  const b = await linkAndSync(platform, env);
  theirs = { ...b, accountId: await firstAccount(env, b.profileId) };
  const c = await linkAndSync(platform, other);
  elsewhere = { profileId: c.profileId, accountId: await firstAccount(other, c.profileId) };
});
afterAll(() => platform.close());

type Gql = {
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in each test
  data?: Record<string, any>;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
};

async function gql(
  query: string,
  variables: Record<string, unknown> = {},
  authorization = `Bearer ${mine.token}`,
): Promise<Gql & { status: number }> {
  const res = await platform.app.inject({
    method: "POST",
    url: "/v1/graphql",
    headers: { authorization },
    payload: { query, variables },
  });
  return { status: res.statusCode, ...res.json() };
}

const PAGE = `pageInfo { startCursor endCursor hasNextPage hasPreviousPage } count`;

describe("auth", () => {
  it("no credential, or a bad one, is a 401 RestError", async () => {
    const none = await platform.app.inject({
      method: "POST",
      url: "/v1/graphql",
      payload: { query: "{ profile { id } }" },
    });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({
      message: "Missing or malformed Authorization header",
      instruction: expect.stringContaining("Bearer <session token>"),
    });
    expect((await gql("{ profile { id } }", {}, "Bearer not-a-token")).status).toBe(401);
    expect((await gql("{ profile { id } }", {}, "Bearer weft_sk_nope")).status).toBe(401);
  });

  it("a session token reads its profile; Basic profileId:secret reads that profile from a backend", async () => {
    expect((await gql("{ profile { id } }")).data).toEqual({ profile: { id: mine.profileId } });
    const basic = `Basic ${Buffer.from(`${mine.profileId}:${env.secret}`).toString("base64")}`;
    expect((await gql("{ profile { id } }", {}, basic)).data).toEqual({ profile: { id: mine.profileId } });
    const wrongEnv = `Basic ${Buffer.from(`${elsewhere.profileId}:${env.secret}`).toString("base64")}`;
    expect((await gql("{ profile { id } }", {}, wrongEnv)).status).toBe(401);
  });

  it("a request that is no GraphQL request is told what it must be, in GraphQL's answer shape", async () => {
    const post = (payload: unknown, headers: Record<string, string> = {}) =>
      platform.app.inject({
        method: "POST",
        url: "/v1/graphql",
        headers: { authorization: `Bearer ${mine.token}`, "content-type": "application/json", ...headers },
        payload: typeof payload === "string" ? payload : JSON.stringify(payload),
      });
    const said = async (res: Awaited<ReturnType<typeof post>>) => {
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.data).toBeNull();
      return body.errors.map((e: { message: string }) => e.message);
    };
    expect(await said(await post({ query: "{ profile { id } }", variables: "{}" }))).toEqual([
      "variables must be a JSON object",
    ]);
    expect(await said(await post({ variables: {} }))).toEqual([
      "query must be a GraphQL document, as one string",
    ]);
    expect(await said(await post({ query: "{ profile { id } }", operationName: 7, extra: 1 }))).toEqual([
      "operationName must be a string",
      "extra is not a field of a GraphQL request: send query, variables, operationName, extensions",
    ]);
    expect(await said(await post([{ query: "{ profile { id } }" }, "nope"]))).toEqual([
      "Operation 1 of the batch: a GraphQL request is a JSON object with query, variables and operationName",
    ]);
    // Apollo's automatic persisted queries hear, in their own words, that none are kept.
    expect(
      await said(await post({ extensions: { persistedQuery: { version: 1, sha256Hash: "ab".repeat(32) } } })),
    ).toEqual(["PersistedQueryNotSupported"]);
    // A body the parser refuses is said in our words, in GraphQL's shape too.
    const poisoned = await said(
      await post('{"query":"{ profile { id } }","variables":{"__proto__":{"x":1}}}'),
    );
    expect(poisoned[0]).toMatch(/^The request body is not valid JSON, or it holds a __proto__/);
    const get = await platform.app.inject({
      method: "GET",
      url: `/v1/graphql?query=${encodeURIComponent("{ profile { id } }")}&variables=not-json`,
      headers: { authorization: `Bearer ${mine.token}` },
    });
    expect(await said(get)).toEqual(["variables must be a JSON object, as JSON text in the query string"]);
    const ok = await post({
      query: "{ profile { id } }",
      variables: null,
      operationName: null,
      extensions: {},
    });
    expect(ok.statusCode).toBe(200);
  });

  it("a bare API key may introspect but reads no data", async () => {
    const intro = await gql("{ __schema { queryType { name } } }", {}, `Bearer ${env.secret}`);
    expect(intro.data).toEqual({ __schema: { queryType: { name: "Query" } } });
    const data = await gql("{ profile { id } }", {}, `Bearer ${env.secret}`);
    expect(data.errors?.[0]?.message).toMatch(/An API key may only introspect/);
    // Nor may it write: each mutation says so (not that the caller's record "was not found").
    const accountId = await firstAccount(env, mine.profileId);
    for (const mutation of [
      `accountUpdate(input: { id: "${accountId}", metadata: { x: 1 } }) { success }`,
      `connectionUpdate(input: { id: "${mine.connectionId}", metadata: { x: 1 } }) { success }`,
      `connectionDisconnect(id: "${mine.connectionId}") { success }`,
      `transactionUpdate(input: { id: "txn_0", metadata: { x: 1 } }) { success }`,
    ]) {
      const refused = await gql(`mutation { ${mutation} }`, {}, `Bearer ${env.secret}`);
      expect(refused.errors?.[0]?.message, mutation).toMatch(/An API key may only introspect/);
      expect(refused.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    }
  });

  it("answers the introspection query GraphQL tools send (codegen, GraphiQL), ofType seven deep", async () => {
    for (const options of [{}, { descriptions: true, specifiedByUrl: true, inputValueDeprecation: true }]) {
      const { status, data, errors } = await gql(getIntrospectionQuery(options), {}, `Bearer ${env.secret}`);
      expect(errors).toBeUndefined();
      expect(status).toBe(200);
      // What the tools make of it is the schema this server prints.
      expect(printSchema(buildClientSchema(data as IntrospectionQuery))).toBe(printSchema(schema));
    }
    // Fields that fan out still count: types within fields within types… is refused.
    const nested = await gql(
      "{ __schema { types { fields { type { fields { type { fields { type { fields { name } } } } } } } } } }",
      {},
      `Bearer ${env.secret}`,
    );
    expect(nested.errors?.map((e) => e.message)).toEqual([
      `A query may nest fields at most ${MAX_QUERY_DEPTH} deep; this one goes 10 deep. Ask for less at a time.`,
    ]);
  });

  it("a revoked session stops at once", async () => {
    const token = await session(env, mine.profileId);
    expect((await gql("{ profile { id } }", {}, `Bearer ${token}`)).status).toBe(200);
    await platform.app.inject({
      method: "DELETE",
      url: "/v1/users/session",
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await gql("{ profile { id } }", {}, `Bearer ${token}`)).status).toBe(401);
  });
});

describe("queries", () => {
  it("profile, connections and accounts with their balance, institution and ACH numbers", async () => {
    const { data, errors } = await gql(`{
      profile { id email }
      connections { count nodes { id status institution { name } accounts { count nodes { id } } } }
      accounts(filter: { kind: DEPOSITORY }) { count nodes { id kind balance { current } connection { id } achNumbers { routing } } }
    }`);
    expect(errors).toBeUndefined();
    expect(data!.connections.count).toBe(1);
    expect(data!.connections.nodes[0]).toMatchObject({ id: mine.connectionId, status: "SYNCED" });
    const deposit = data!.accounts.nodes;
    expect(deposit.length).toBeGreaterThan(0);
    for (const a of deposit) {
      expect(a.kind).toBe("DEPOSITORY");
      expect(a.connection.id).toBe(mine.connectionId);
      expect(a.balance.current).toEqual(expect.any(Number));
      expect(a.achNumbers.routing).toMatch(/^\d{9}$/);
    }
  });

  it("takes the filters as Quiltt documents them: connection_status and kind as lists, a transaction status list; accounts say verified and their institution", async () => {
    const { data, errors } = await gql(`{
      listed: accounts(filter: { connection_status: [ERROR_REPAIRABLE, SYNCED], kind: [DEPOSITORY, CREDIT] }) {
        nodes { id kind verified institution { name } connection { status } }
      }
      broken: accounts(filter: { connection_status: [ERROR_REPAIRABLE, DISCONNECTED] }) { count }
      verified: accounts(filter: { verified: true }) { nodes { id verified } }
      posted: transactions(first: 5, filter: { status: [POSTED, PENDING] }) { nodes { status } }
    }`);
    expect(errors).toBeUndefined();
    const listed = data!.listed.nodes as { kind: string; verified: boolean; institution: { name: string } }[];
    expect(new Set(listed.map((a) => a.kind))).toEqual(new Set(["DEPOSITORY", "CREDIT"]));
    for (const a of listed) expect(a.institution.name).toEqual(expect.any(String));
    // Only the connection linked with ACCOUNT_NUMBERS has verified (depository) accounts.
    expect(listed.some((a) => a.verified) && listed.some((a) => !a.verified)).toBe(true);
    expect(data!.broken.count).toBe(0);
    expect(data!.verified.nodes.length).toBeGreaterThan(0);
    for (const a of data!.verified.nodes) expect(a.verified).toBe(true);
    for (const t of data!.posted.nodes) expect(["POSTED", "PENDING"]).toContain(t.status);
    // Connections by status and provider; an institution's logo as { url }; Quiltt's input type names.
    const more = await gql(`{
      live: connections(filter: { status: [INITIALIZING, SYNCING, SYNCED] }) {
        nodes { id institution { id name logo { url } logoUrl } }
      }
      none: connections(filter: { provider: ["PLAID"] }) { count }
    }`);
    expect(more.errors).toBeUndefined();
    expect(more.data!.none.count).toBe(0);
    const [live] = more.data!.live.nodes;
    expect(live.institution.logo.url).toBe(live.institution.logoUrl);
    const update = await gql(
      "mutation($input: ConnectionUpdateInput!) { connectionUpdate(input: $input) { success } }",
      { input: { id: live.id, metadata: { seen: true } } },
    );
    expect(update.data!.connectionUpdate.success).toBe(true);
    const undo = await gql(
      "mutation($input: ConnectionUpdateInput!) { connectionUpdate(input: $input) { success } }",
      { input: { id: live.id, metadata: { seen: null } } },
    );
    expect(undo.data!.connectionUpdate.success).toBe(true);
  });

  it("pages transactions forward with first/after and back with last/before, to the last page and past it", async () => {
    const all = await gql(`{ transactions(first: ${MAX_PAGE}) { count nodes { id } } }`);
    const total = all.data!.transactions.count as number;
    expect(total).toBeGreaterThan(10);
    const ids: string[] = all.data!.transactions.nodes.map((n: { id: string }) => n.id);
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: Gql = await gql(
        `query($after: String) { transactions(first: 7, after: $after) { edges { cursor node { id } } ${PAGE} } }`,
        { after },
      );
      const t = page.data!.transactions;
      seen.push(...t.edges.map((e: { node: { id: string } }) => e.node.id));
      expect(t.pageInfo.hasPreviousPage).toBe(after !== null);
      if (!t.pageInfo.hasNextPage) break;
      after = t.pageInfo.endCursor;
    }
    // Every transaction once, in the order one big page gives them.
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen.slice(0, MAX_PAGE)).toEqual(ids);
    const last = await gql(`{ transactions(last: 3) { nodes { id } ${PAGE} } }`);
    expect(last.data!.transactions.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    expect(last.data!.transactions.nodes.map((n: { id: string }) => n.id)).toEqual(seen.slice(-3));
    const first = await gql(`{ transactions(first: 4) { pageInfo { endCursor } } }`);
    const before = await gql(`query($b: String) { transactions(last: 2, before: $b) { nodes { id } } }`, {
      b: first.data!.transactions.pageInfo.endCursor,
    });
    expect(before.data!.transactions.nodes.map((n: { id: string }) => n.id)).toEqual(seen.slice(1, 3));
    const empty = await gql(`{ transactions(first: 0) { nodes { id } ${PAGE} } }`);
    expect(empty.data!.transactions).toMatchObject({
      nodes: [],
      pageInfo: { startCursor: null, endCursor: null },
    });
  });

  it("refuses a cursor it did not give (negative, huge, not a number, not its encoding) as the caller's mistake", async () => {
    const cursor = (text: string) => Buffer.from(text).toString("base64");
    for (const bad of [
      cursor("OffsetConnection:-5"),
      cursor("OffsetConnection:99999999999999999999"),
      cursor("OffsetConnection:abc"),
      cursor("OffsetConnection:1.5"),
      cursor("OffsetConnection: 3"),
      `${cursor("OffsetConnection:3")}==`,
      "garbage!!",
    ]) {
      for (const field of ["transactions", "accounts"]) {
        const res = await gql(`query($c: String) { ${field}(first: 2, after: $c) { nodes { id } } }`, {
          c: bad,
        });
        expect(res.errors, `${field} ${bad}`).toEqual([
          expect.objectContaining({
            message: "after is not a cursor this list gave: send an edge's cursor or pageInfo's as it came",
            extensions: expect.objectContaining({ code: "BAD_USER_INPUT" }),
          }),
        ]);
      }
    }
    const given = await gql(`{ transactions(first: 1) { pageInfo { endCursor } } }`);
    const next = await gql(`query($c: String) { transactions(first: 1, after: $c) { nodes { id } } }`, {
      c: given.data!.transactions.pageInfo.endCursor,
    });
    expect(next.errors).toBeUndefined();
  });

  it(`refuses a page above ${MAX_PAGE}, and a query deeper than ${MAX_QUERY_DEPTH}, saying why`, async () => {
    const big = await gql(`{ transactions(first: ${MAX_PAGE + 1}) { count } }`);
    expect(big.errors?.[0]?.message).toBe(`first must be between 0 and ${MAX_PAGE}`);
    const deep = await gql(
      "{ transactions(first: 1) { nodes { account { connection { accounts { nodes { transactions { nodes { account { connection { id } } } } } } } } } } }",
    );
    expect(deep.status).toBe(400);
    expect(deep.errors?.map((e) => e.message)).toEqual([
      `A query may nest fields at most ${MAX_QUERY_DEPTH} deep; this one goes 11 deep. Ask for less at a time.`,
    ]);
  });

  it("counts the rows a document may fetch: each list's page once for every row of the lists it is nested in", () => {
    const rows = (query: string, variables?: Record<string, unknown>) =>
      rowsOf(schema, parse(query), variables);
    // 25 accounts (no first: the default page), then 100 transactions under each.
    expect(rows("{ accounts { nodes { transactions(first: 100) { nodes { id } } } } }")).toBe(25 + 2_500);
    // A variable counts as sent, else as its default, else as a full page.
    const byVariable =
      "query($n: Int) { accounts(first: $n) { nodes { transactions(first: $n) { count } } } }";
    expect(rows(byVariable, { n: 10 })).toBe(10 + 100);
    expect(rows(byVariable)).toBe(MAX_PAGE + MAX_PAGE * MAX_PAGE);
    expect(rows("query($n: Int = 5) { transactions(last: $n) { count } }")).toBe(5);
    // Fragments count where they are spread; a field the schema lacks counts nothing.
    expect(
      rows(
        "{ ...F } fragment F on Query { accounts(first: 10) { nodes { ...G } } } fragment G on Account { transactions(first: 5) { nodes { id } } nope { id } }",
      ),
    ).toBe(10 + 50);
    // Aliases and operations add up.
    expect(rows("{ a: transactions(first: 7) { count } b: transactions(first: 8) { count } }")).toBe(15);
  });

  it(`refuses, before running it, a request whose lists may fetch more than ${MAX_ROWS} rows, a batch's operations together`, async () => {
    // Lists nested in lists multiply: one session's query would read 250,000 rows.
    const nested = await gql(
      "{ accounts { nodes { transactions(first: 100) { nodes { account { transactions(first: 100) { nodes { id } } } } } } } }",
    );
    expect(nested.status).toBe(400);
    expect(nested.data ?? null).toBeNull();
    expect(nested.errors).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(
          /^A request may fetch at most 10,000 rows, .*; this one may fetch 252,525 /,
        ),
        extensions: { code: "BAD_USER_INPUT" },
      }),
    ]);
    // The variables sent are what counts: the same document with smaller pages runs.
    const paged =
      "query($n: Int) { accounts(first: $n) { nodes { transactions(first: $n) { nodes { id } } } } }";
    expect((await gql(paged, { n: MAX_PAGE })).status).toBe(400);
    const small = await gql(paged, { n: 5 });
    expect(small.status).toBe(200);
    expect(small.data?.accounts.nodes.length).toBeGreaterThan(0);
    // Two operations of 6,100 rows each in one batch: the second is refused, the first answered.
    const half = "{ accounts(first: 100) { nodes { transactions(first: 60) { nodes { id } } } } }";
    const batch = await platform.app.inject({
      method: "POST",
      url: "/v1/graphql",
      headers: { authorization: `Bearer ${mine.token}` },
      payload: [{ query: half }, { query: half }],
    });
    const answers = batch.json() as Gql[];
    expect(answers.filter((a) => a.data?.accounts).length).toBe(1);
    expect(answers.filter((a) => a.errors?.[0]?.message.includes("may fetch 12,200")).length).toBe(1);
  });

  it("a batch counts against the session's rate limit once for each of its operations", async () => {
    const limited = await platform.environment("SANDBOX", "batch rate limit");
    const { profileId } = await linkAndSync(platform, limited);
    const token = await issueSession(platform, limited, profileId);
    await setEnvironmentRateLimits(platform.ctx, limited.id, { session: 4 });
    const post = (payload: object) =>
      platform.app.inject({
        method: "POST",
        url: "/v1/graphql",
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
    // At the start of a second, so both requests fall in one window.
    await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 5));
    const four = await post(Array.from({ length: 4 }, () => ({ query: "{ profile { id } }" })));
    expect(four.statusCode).toBe(200);
    expect(four.headers["ratelimit-remaining"]).toBe("0");
    const fifth = await post({ query: "{ profile { id } }" });
    expect(fifth.statusCode).toBe(429);
  });

  it(`refuses more than ${MAX_ROOT_FIELDS} top-level fields (aliases count) and more than ${MAX_FIELDS} in all, before running anything`, async () => {
    const aliases = Array.from(
      { length: MAX_ROOT_FIELDS + 1 },
      (_, i) => `a${i}: transactions(first: 100) { nodes { id } }`,
    );
    const wide = await gql(`{ ${aliases.join(" ")} }`);
    expect(wide.status).toBe(400);
    expect(wide.data ?? null).toBeNull();
    expect(wide.errors?.[0]?.message).toBe(
      `An operation may ask for at most ${MAX_ROOT_FIELDS} fields at its top level; this one asks for ${MAX_ROOT_FIELDS + 1}. Split it into several requests.`,
    );
    const fields = Array.from({ length: MAX_FIELDS }, (_, i) => `f${i}: id`).join(" ");
    const big = await gql(`{ profile { ${fields} } }`);
    expect(big.errors?.[0]?.message).toBe(
      `A document may hold at most ${MAX_FIELDS} fields (a fragment's count wherever it is spread); this one holds ${MAX_FIELDS + 1}. Ask for less, or split it.`,
    );
    // Both limits broken at once: two errors, still a 400 (Mercurius alone would answer 200).
    const both = await gql(
      `{ ${Array.from({ length: MAX_FIELDS + 1 }, (_, i) => `a${i}: profile { id }`).join(" ")} }`,
    );
    expect(both.status).toBe(400);
    expect(both.errors).toHaveLength(2);
    const justRight = await gql(`{ ${aliases.slice(0, MAX_ROOT_FIELDS).join(" ")} }`);
    expect(justRight.errors).toBeUndefined();
  });

  it("counts a fragment's fields and depth wherever it is spread, before GraphQL's own validation", async () => {
    // 20 spreads of 30 fields: 620 fields run, though the document spells out 51.
    const wide = Array.from({ length: 30 }, (_, i) => `f${i}: id`).join(" ");
    const spread = Array.from({ length: MAX_ROOT_FIELDS }, (_, i) => `p${i}: profile { ...P }`).join(" ");
    const fanned = await gql(`{ ${spread} } fragment P on Profile { ${wide} }`);
    expect(fanned.status).toBe(400);
    expect(fanned.data ?? null).toBeNull();
    expect(fanned.errors?.map((e) => e.message)).toEqual([
      `A document may hold at most ${MAX_FIELDS} fields (a fragment's count wherever it is spread); this one holds ${MAX_ROOT_FIELDS * 31}. Ask for less, or split it.`,
    ]);
    // Fragments doubling each other: 2^40 fields from a few lines, refused at once.
    const doubling = Array.from(
      { length: 40 },
      (_, i) => `fragment F${i} on Profile { ...F${i + 1} ...F${i + 1} }`,
    );
    const laughs = await gql(`{ profile { ...F0 } } ${doubling.join(" ")} fragment F40 on Profile { id }`);
    expect(laughs.status).toBe(400);
    expect(laughs.errors?.map((e) => e.message)).toEqual([
      `A document may hold at most ${MAX_FIELDS} fields (a fragment's count wherever it is spread); this one holds over a billion. Ask for less, or split it.`,
    ]);
    // Depth through fragments: each fragment one level, nine levels in all.
    const chain = Array.from(
      { length: MAX_QUERY_DEPTH },
      (_, i) => `fragment D${i} on Transaction { account { transactions { nodes { ...D${i + 1} } } } }`,
    );
    const nested = await gql(
      `{ transactions(first: 1) { nodes { ...D0 } } } ${chain.join(" ")} fragment D${MAX_QUERY_DEPTH} on Transaction { id }`,
    );
    expect(nested.status).toBe(400);
    expect(nested.errors?.map((e) => e.message)).toContain(
      `A query may nest fields at most ${MAX_QUERY_DEPTH} deep; this one goes ${3 + 3 * MAX_QUERY_DEPTH} deep. Ask for less at a time.`,
    );
    // A fragment spreading itself is GraphQL's own error, not a hang.
    const cycle = await gql("{ profile { ...Me } } fragment Me on Profile { id ...Me }");
    expect(cycle.status).toBe(400);
    expect(cycle.errors?.[0]?.message).toBe('Cannot spread fragment "Me" within itself.');
  });

  it(`refuses more than ${MAX_VARIABLES} variables, more than ${MAX_TOKENS} tokens, and a query that is not GraphQL text`, async () => {
    const declared = Array.from({ length: MAX_VARIABLES + 1 }, (_, i) => `$v${i}: Int`).join(" ");
    const many = await gql(`query Many(${declared}) { profile { id } }`);
    expect(many.status).toBe(400);
    expect(many.errors?.map((e) => e.message)).toEqual([
      `An operation may declare at most ${MAX_VARIABLES} variables; this one declares ${MAX_VARIABLES + 1}. Send fewer, or an input object.`,
    ]);
    const long = await gql(
      `{ profile { id } } ${"# a comment is no token\n".repeat(10)}${"query Q { profile { id } } ".repeat(MAX_TOKENS / 8)}`,
    );
    expect(long.status).toBe(400);
    expect(long.errors?.map((e) => e.message)).toEqual([
      `Syntax Error: Document contains more that ${MAX_TOKENS} tokens. Parsing aborted.`,
    ]);
    // Mercurius would take JSON that is not GraphQL as a syntax tree no parser checked.
    for (const query of [
      '{"kind":"Document"}',
      '{"kind":"Document","definitions":[{"kind":"OperationDefinition"}]}',
    ]) {
      const tree = await gql(query);
      expect(tree.status).toBe(400);
      expect(tree.errors?.map((e) => e.message)).toEqual([
        "The query is not a GraphQL document: send it as GraphQL text.",
      ]);
    }
  });

  it("refuses in the variables what the input policy refuses, as GraphQL answers: a 400 with its errors; and a list above 1000 values", async () => {
    const nul = await gql("query($id: ID!) { account(id: $id) { id } }", { id: "acct_\u0000" });
    expect(nul.status).toBe(400);
    expect(nul).toMatchObject({
      data: null,
      errors: [
        {
          message: "ID must not contain a NUL character",
          extensions: { code: "BAD_USER_INPUT", field: "variables.id" },
        },
      ],
    });
    const deep = await gql(
      "mutation($input: ProfileUpdateInput!) { profileUpdate(input: $input) { success } }",
      { input: { metadata: { x: { a: "\u0000" } } } },
    );
    expect(deep.status).toBe(400);
    expect(deep.errors?.map((e) => e.message)).toEqual(["Metadata must not contain a NUL character"]);
    const long = await gql("query($ids: [ID!]) { statements(filter: { accountIds: $ids }) { count } }", {
      ids: Array.from({ length: 1001 }, (_, i) => `acct_${i}`),
    });
    expect(long.status).toBe(400);
    expect(long.errors?.map((e) => e.message)).toEqual([
      "A list may hold at most 1000 values; variables.ids holds 1001. Send fewer, or split the request.",
    ]);
  });

  it("an empty list in a filter matches nothing; both names of one filter, a period backwards or an unknown provider are refused", async () => {
    const { data, errors } = await gql(`{
      kinds: accounts(filter: { kind: [] }) { count }
      statuses: accounts(filter: { connection_status: [] }) { count }
      txns: transactions(filter: { status: [] }) { count }
      conns: connections(filter: { status: [] }) { count }
      providers: connections(filter: { provider: [] }) { count }
      statements(filter: { accountIds: [] }) { count }
      all: accounts { count }
    }`);
    expect(errors).toBeUndefined();
    expect(data).toMatchObject({ kinds: { count: 0 }, statuses: { count: 0 }, txns: { count: 0 } });
    expect(data).toMatchObject({ conns: { count: 0 }, providers: { count: 0 }, statements: { count: 0 } });
    expect(data!.all.count).toBeGreaterThan(0);
    // A provider in any case.
    const mock = await gql('{ connections(filter: { provider: ["mock"] }) { count } }');
    expect(mock.data!.connections.count).toBeGreaterThan(0);
    for (const [query, message] of [
      [
        "{ accounts(filter: { connection_status: [SYNCED], connectionStatus: [DISCONNECTED] }) { count } }",
        "Send connection_status or connectionStatus (the same filter), not both",
      ],
      [
        '{ statements(filter: { for: { start: "2026-03-01", end: "2026-02-01" } }) { count } }',
        "for's start (2026-03-01) is after its end (2026-02-01): send a period that starts first",
      ],
      [
        '{ connections(filter: { provider: ["NOPE"] }) { count } }',
        "Provider NOPE is not one of: AKOYA, FINICITY, MOCK, MX, PLAID, DISCONNECTED",
      ],
    ]) {
      const refused = await gql(query!);
      expect(
        refused.errors?.map((e) => e.message),
        query,
      ).toEqual([message]);
      expect(refused.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    }
  });

  it("refuses what the input policy refuses when it is written in the query: NUL, numbers beyond a double", async () => {
    const nul = await gql('{ account(id: "acct_\\u0000") { id } }');
    expect(nul.status).toBe(400);
    expect(nul.errors?.map((e) => e.message)).toEqual([
      "A string in the query must not contain a NUL character.",
    ]);
    const huge = await gql("{ transactions(filter: { amountMin: 1e400 }) { count } }");
    expect(huge.status).toBe(400);
    expect(huge.errors?.map((e) => e.message)).toEqual(["1e400 is a number out of range (beyond ±1.8e308)."]);
    // Into metadata it would have been stored as null: nothing is written.
    const before = await gql("{ profile { metadata } }");
    const metadata = await gql(
      `mutation { profileUpdate(input: { metadata: { a: ${"9".repeat(400)} } }) { success } }`,
    );
    expect(metadata.status).toBe(400);
    expect(metadata.errors?.map((e) => e.message)).toEqual([
      `${"9".repeat(20)}… is a number out of range (beyond ±1.8e308).`,
    ]);
    expect(await gql("{ profile { metadata } }")).toEqual(before);
    // The keys a JSON body may not hold are refused here too.
    for (const literal of [
      "{ __proto__: { admin: true } }",
      "{ constructor: { prototype: { admin: true } } }",
    ]) {
      const poisoned = await gql(`mutation { profileUpdate(input: { metadata: ${literal} }) { success } }`);
      expect(poisoned.status).toBe(400);
      expect(poisoned.errors?.map((e) => e.message)).toEqual([
        "An object in the query holds a __proto__ or constructor.prototype key.",
      ]);
    }
    expect(await gql("{ profile { metadata } }")).toEqual(before);
  });

  it(`refuses a document nested more than ${MAX_NESTING} deep before parsing it, and JSON nested more than ${MAX_METADATA_DEPTH} levels`, async () => {
    const before = await gql("{ profile { metadata } }");
    const nested = (levels: number) => `${"{ k: ".repeat(levels)}1${" }".repeat(levels)}`;
    // 2,000 levels took graphql-js's parser past the stack ("Maximum call stack size exceeded").
    for (const levels of [MAX_NESTING, 2_000]) {
      const deep = await gql(
        `mutation { profileUpdate(input: { metadata: ${nested(levels)} }) { success } }`,
      );
      expect(deep.status).toBe(400);
      expect(deep.errors?.map((e) => e.message)).toEqual([
        `A query may nest braces, brackets and parentheses at most ${MAX_NESTING} deep. Send less nested values, or send them as variables.`,
      ]);
    }
    // Braces in strings and comments are not nesting.
    const quoted = await gql(`{ profile { id } } # ${"{".repeat(100)}\n`);
    expect(quoted.errors).toBeUndefined();
    const update = "mutation ($m: JSON) { profileUpdate(input: { metadata: $m }) { success } }";
    const nestedValue = (levels: number): unknown => (levels === 0 ? 1 : { k: nestedValue(levels - 1) });
    for (const [written, tooDeep] of [
      [`mutation { profileUpdate(input: { metadata: ${nested(MAX_METADATA_DEPTH + 1)} }) { success } }`, {}],
      [update, { m: nestedValue(MAX_METADATA_DEPTH + 1) }],
    ] as const) {
      const res = await gql(written, tooDeep);
      expect(JSON.stringify(res.errors)).toContain(
        `A JSON value may nest at most ${MAX_METADATA_DEPTH} levels`,
      );
    }
    expect(await gql("{ profile { metadata } }")).toEqual(before);
    const deepest = await gql(update, { m: nestedValue(MAX_METADATA_DEPTH) });
    expect(deepest.errors).toBeUndefined();
    expect((await gql("{ profile { metadata } }")).data).toEqual({
      profile: { metadata: nestedValue(MAX_METADATA_DEPTH) },
    });
  });

  it("answers a resolver's failure of ours with an errorId, never its text (which may hold SQL)", async () => {
    await platform.ctx.db.execute(sql`alter table holdings rename to holdings_away`);
    try {
      const res = await gql("{ holdings(first: 5) { nodes { id } } }");
      expect(res.status).toBe(200);
      expect(res.errors).toEqual([
        {
          message: "Something went wrong on our side",
          locations: [{ line: 1, column: 3 }],
          path: ["holdings"],
          extensions: {
            instruction: "Try again. If it keeps happening, give the operator this errorId.",
            errorId: expect.stringMatching(/^err_[0-9a-f]{16}$/),
          },
        },
      ]);
      expect(JSON.stringify(res)).not.toMatch(/select|holdings_away|relation/i);
    } finally {
      await platform.ctx.db.execute(sql`alter table holdings_away rename to holdings`);
    }
  });

  it("says a subscription sent over HTTP needs a WebSocket", async () => {
    const res = await gql("subscription { connectionSynced { id } }");
    expect(res.errors?.map((e) => e.message)).toEqual([
      "A subscription is served over a WebSocket: graphql-ws at /v1/graphql, or the ActionCable channel at /websockets.",
    ]);
  });

  it("filters transactions by status, entry type, dates, amounts and account; sorts by amount", async () => {
    const { data } = await gql(
      `{ transactions(first: ${MAX_PAGE}) { nodes { id amount entryType status date account { id } } } }`,
    );
    const nodes = data!.transactions.nodes as {
      id: string;
      amount: number;
      entryType: string;
      status: string;
      date: string;
      account: { id: string };
    }[];
    const debits = await gql(
      `{ transactions(first: ${MAX_PAGE}, filter: { entryType: DEBIT }) { count nodes { entryType amount } } }`,
    );
    expect(
      debits.data!.transactions.nodes.every(
        (n: { entryType: string; amount: number }) => n.entryType === "DEBIT" && n.amount < 0,
      ),
    ).toBe(true);
    const dates = nodes.map((n) => n.date).sort();
    const mid = dates[Math.floor(dates.length / 2)]!;
    const since = await gql(
      `query($d: Date) { transactions(first: ${MAX_PAGE}, filter: { dateFrom: $d }) { nodes { date } } }`,
      { d: mid },
    );
    expect(since.data!.transactions.nodes.every((n: { date: string }) => n.date >= mid)).toBe(true);
    const range = await gql(
      `{ transactions(first: ${MAX_PAGE}, filter: { amountMin: -50, amountMax: -10 }) { nodes { amount } } }`,
    );
    expect(
      range.data!.transactions.nodes.every((n: { amount: number }) => n.amount >= -50 && n.amount <= -10),
    ).toBe(true);
    const account = nodes[0]!.account.id;
    const byAccount = await gql(
      `query($a: ID) { transactions(first: ${MAX_PAGE}, filter: { accountId: $a }) { nodes { account { id } } } }`,
      { a: account },
    );
    expect(
      byAccount.data!.transactions.nodes.every((n: { account: { id: string } }) => n.account.id === account),
    ).toBe(true);
    const sorted = await gql(`{ transactions(first: 20, sort: AMOUNT_ASC) { nodes { amount } } }`);
    const amounts = sorted.data!.transactions.nodes.map((n: { amount: number }) => n.amount);
    expect(amounts).toEqual([...amounts].sort((x: number, y: number) => x - y));
    const bad = await gql(`{ transactions(filter: { dateFrom: "yesterday" }) { count } }`);
    expect(bad.errors?.[0]?.message).toMatch(/is not a date/);
    // Days no calendar has (JavaScript's Date would roll 02-30 into March), as variables and inline.
    for (const day of ["2023-02-30", "0000-01-01", "2024-13-01"]) {
      const asVariable = await gql("query($d: Date) { transactions(filter: { dateFrom: $d }) { count } }", {
        d: day,
      });
      expect(asVariable.errors?.[0]?.message).toMatch(`"${day}" is not a date (YYYY-MM-DD)`);
      const inline = await gql(`{ transactions(filter: { dateFrom: "${day}" }) { count } }`);
      expect(inline.errors?.[0]?.message).toMatch(`"${day}" is not a date (YYYY-MM-DD)`);
    }
    const leap = await gql('{ transactions(filter: { dateFrom: "2024-02-29" }) { count } }');
    expect(leap.errors).toBeUndefined();
  });

  it("refuses a filter that would read as none: an empty id, category or counterparty, a period that ends before it starts", async () => {
    for (const filter of ['accountId: ""', 'category: ""', 'counterparty: " "']) {
      const res = await gql(`{ transactions(filter: { ${filter} }) { count } }`);
      expect(res.data?.transactions ?? null, filter).toBeNull();
      expect(res.errors?.[0], filter).toMatchObject({
        message: expect.stringMatching(/^filter\.\w+ is empty: leave it out to match every row/),
        extensions: { code: "BAD_USER_INPUT" },
      });
    }
    const connection = await gql('{ accounts(filter: { connectionId: "" }) { count } }');
    expect(connection.errors?.[0]?.message).toMatch(/^filter\.connectionId is empty/);
    const backwards = await gql(
      '{ transactions(filter: { dateFrom: "2026-03-01", dateTo: "2026-02-01" }) { count } }',
    );
    expect(backwards.errors?.[0]).toMatchObject({
      message:
        "filter.dateFrom (2026-03-01) is after filter.dateTo (2026-02-01): send a dateFrom on or before the dateTo",
      extensions: { code: "BAD_USER_INPUT" },
    });
  });

  it("another profile's records, in this environment or another, read as null and never appear in lists", async () => {
    const { data } = await gql(
      `query($a: ID!, $b: ID!, $c: ID!) { a: account(id: $a) { id } b: account(id: $b) { id } c: connection(id: $c) { id } }`,
      { a: theirs.accountId, b: elsewhere.accountId, c: theirs.connectionId },
    );
    expect(data).toEqual({ a: null, b: null, c: null });
    const lists = await gql(
      `{ accounts(first: ${MAX_PAGE}) { nodes { id } } transactions(first: ${MAX_PAGE}) { nodes { account { id } } } }`,
    );
    const own = new Set(lists.data!.accounts.nodes.map((n: { id: string }) => n.id));
    expect(own.has(theirs.accountId)).toBe(false);
    for (const t of lists.data!.transactions.nodes) expect(own.has(t.account.id)).toBe(true);
  });

  it("holdings, statements and single reads; category and counterparty filters; another profile's ids read as null", async () => {
    const full = await linkAndSync(platform, env);
    const auth = `Bearer ${await session(env, full.profileId)}`;
    const lists = await gql(
      `{
        holdings { count nodes { id quantity value security { name } account { id } } }
        statements { count nodes { id startOn endOn url account { id } } }
        transactions(first: 50, filter: { status: POSTED }) {
          nodes { id status enrichment { categories { general } counterparty { id name } } }
        }
      }`,
      {},
      auth,
    );
    expect(lists.errors).toBeUndefined();
    const { holdings, statements, transactions } = lists.data!;
    expect(holdings.count).toBeGreaterThan(0);
    expect(statements.count).toBeGreaterThan(0);
    expect(statements.nodes[0].url).toMatch(/\/v1\/statements\/.+\/pdf\?expires=/);
    for (const t of transactions.nodes) expect(t.status).toBe("POSTED");
    const holding = holdings.nodes[0];
    const statement = statements.nodes[0];
    const enriched = transactions.nodes.find(
      (t: { enrichment: { counterparty: unknown } | null }) => t.enrichment?.counterparty,
    );
    const single = await gql(
      `query($h: ID!, $s: ID!, $t: ID!) { holding(id: $h) { id } statement(id: $s) { id } transaction(id: $t) { id } }`,
      { h: holding.id, s: statement.id, t: enriched.id },
      auth,
    );
    expect(single.data).toEqual({
      holding: { id: holding.id },
      statement: { id: statement.id },
      transaction: { id: enriched.id },
    });
    const foreign = await gql(
      `query($h: ID!, $s: ID!, $t: ID!) { holding(id: $h) { id } statement(id: $s) { id } transaction(id: $t) { id } }`,
      { h: holding.id, s: statement.id, t: enriched.id },
    );
    expect(foreign.data).toEqual({ holding: null, statement: null, transaction: null });

    // Statements as Quiltt's statements guide asks for them: filtered by account and period, or
    // by a day; the latest per account with first: 1 and sort: DATE_DESC.
    const accountId = statement.account.id as string;
    const every = await gql(
      "query($a: [ID!]) { statements(first: 100, filter: { accountIds: $a }) { count nodes { id endOn account { id } } } }",
      { a: [accountId] },
      auth,
    );
    const ofAccount = every.data!.statements.nodes as {
      id: string;
      endOn: string;
      account: { id: string };
    }[];
    expect(ofAccount.length).toBe(every.data!.statements.count);
    for (const x of ofAccount) expect(x.account.id).toBe(accountId);
    const period = await gql(
      `query($a: [ID!], $s: Date!, $e: Date!, $on: Date!) {
        inPeriod: statements(filter: { accountIds: $a, for: { start: $s, end: $e } }) { nodes { id } }
        onDay: statements(filter: { on: $on, accountIds: $a }) { nodes { id } }
        oldest: statements(first: 1, sort: DATE_ASC, filter: { accountIds: $a }) { nodes { id } }
        accounts { nodes { id statements(first: 1, sort: DATE_DESC) { nodes { id endOn } } } }
      }`,
      { a: [accountId], s: statement.startOn, e: statement.endOn, on: statement.startOn },
      auth,
    );
    expect(period.errors).toBeUndefined();
    expect(period.data!.inPeriod.nodes.map((x: { id: string }) => x.id)).toContain(statement.id);
    expect(period.data!.onDay.nodes).toEqual([{ id: statement.id }]);
    const byEnd = [...ofAccount].sort((x, y) => x.endOn.localeCompare(y.endOn));
    expect(period.data!.oldest.nodes).toEqual([{ id: byEnd[0]!.id }]);
    const latest = period.data!.accounts.nodes.find((a: { id: string }) => a.id === accountId).statements
      .nodes;
    expect(latest).toEqual([{ id: byEnd.at(-1)!.id, endOn: byEnd.at(-1)!.endOn }]);

    const category = enriched.enrichment.categories.general as string;
    const byCategory = await gql(
      `query($c: String) { transactions(first: 100, filter: { category: $c }) { count nodes { enrichment { categories { general detailed } } } } }`,
      { c: category },
      auth,
    );
    expect(byCategory.data!.transactions.count).toBeGreaterThan(0);
    for (const t of byCategory.data!.transactions.nodes)
      expect(t.enrichment.categories.general).toBe(category);
    const name = enriched.enrichment.counterparty.name as string;
    const byCounterparty = await gql(
      `query($n: String) { transactions(first: 100, filter: { counterparty: $n }) { count nodes { enrichment { counterparty { name } } } } }`,
      { n: name.toUpperCase() },
      auth,
    );
    expect(byCounterparty.data!.transactions.count).toBeGreaterThan(0);
    for (const t of byCounterparty.data!.transactions.nodes)
      expect(t.enrichment.counterparty.name).toBe(name);
  });

  it(`answers GET queries and batched POSTs (an array in, an array out), at most ${MAX_BATCH} a batch`, async () => {
    const get = await platform.app.inject({
      method: "GET",
      url: `/v1/graphql?query=${encodeURIComponent("{ profile { id } }")}`,
      headers: { authorization: `Bearer ${mine.token}` },
    });
    expect(get.json()).toEqual({ data: { profile: { id: mine.profileId } } });
    // GraphQL over HTTP reads its own parameters and ignores any other (a cache-buster), as
    // GraphQL servers do: the REST API's closed query strings are the REST API's.
    const busted = await platform.app.inject({
      method: "GET",
      url: `/v1/graphql?query=${encodeURIComponent("{ profile { id } }")}&_=1764201600000`,
      headers: { authorization: `Bearer ${mine.token}` },
    });
    expect(busted.json()).toEqual({ data: { profile: { id: mine.profileId } } });
    const batch = await platform.app.inject({
      method: "POST",
      url: "/v1/graphql",
      headers: { authorization: `Bearer ${mine.token}` },
      payload: [{ query: "{ profile { id } }" }, { query: "{ connections { count } }" }],
    });
    expect(batch.json()).toEqual([
      { data: { profile: { id: mine.profileId } } },
      { data: { connections: { count: 1 } } },
    ]);
    const tooMany = await platform.app.inject({
      method: "POST",
      url: "/v1/graphql",
      headers: { authorization: `Bearer ${mine.token}` },
      payload: Array.from({ length: MAX_BATCH + 1 }, () => ({ query: "{ profile { id } }" })),
    });
    expect(tooMany.statusCode).toBe(413);
    // Its length is read before its operations: a long batch of anything is the same 413.
    const tooManyOfNothing = await platform.app.inject({
      method: "POST",
      url: "/v1/graphql",
      headers: { authorization: `Bearer ${mine.token}` },
      payload: Array.from({ length: MAX_BATCH + 1 }, () => "nope"),
    });
    expect(tooManyOfNothing.statusCode).toBe(413);
    expect(tooManyOfNothing.json().errors[0].extensions.code).toBe("BATCH_TOO_LARGE");
    expect(tooMany.json()).toEqual({
      data: null,
      errors: [
        {
          message: `A batch may hold at most ${MAX_BATCH} operations; this one has ${MAX_BATCH + 1}. Send fewer operations per request.`,
          extensions: { code: "BATCH_TOO_LARGE" },
        },
      ],
    });
  });

  it("answers a batched operation that is the caller's mistake with its own errors, as when sent alone", async () => {
    const tooDeep = `${"{ a ".repeat(MAX_QUERY_DEPTH + 1)}${"}".repeat(MAX_QUERY_DEPTH + 1)}`;
    const mistakes = ["{ nope }", "{ profile { ", tooDeep];
    const post = (payload: unknown) =>
      platform.app.inject({
        method: "POST",
        url: "/v1/graphql",
        headers: { authorization: `Bearer ${mine.token}` },
        payload: payload as object,
      });
    const alone = await Promise.all(mistakes.map(async (query) => (await post({ query })).json()));
    for (const answer of alone) expect(answer.errors[0].message).not.toMatch(/went wrong/);
    const batch = await post([{ query: "{ profile { id } }" }, ...mistakes.map((query) => ({ query }))]);
    expect(batch.statusCode).toBe(200);
    const [first, ...rest] = batch.json();
    expect(first).toEqual({ data: { profile: { id: mine.profileId } } });
    expect(rest.map((r: { errors: unknown }) => r.errors)).toEqual(
      alone.map((a: { errors: { message: string }[] }) =>
        a.errors.map((e) => expect.objectContaining({ message: e.message })),
      ),
    );
  });
});

describe("REST metadata", () => {
  it("PATCH sets a connection's and an account's metadata; an empty map is 422", async () => {
    const accountId = await firstAccount(env, mine.profileId);
    const patch = (url: string, payload: object) =>
      platform.app.inject({ method: "PATCH", url, headers: env.auth, payload });
    const conn = await patch(`/v1/connections/${mine.connectionId}`, { metadata: { tier: "gold" } });
    expect(conn.statusCode).toBe(200);
    expect(conn.json().metadata).toEqual({ tier: "gold" });
    const acct = await patch(`/v1/accounts/${accountId}`, { metadata: null });
    expect(acct.statusCode).toBe(200);
    expect(acct.json().metadata).toBeNull();
    expect((await patch(`/v1/accounts/${accountId}`, { metadata: {} })).statusCode).toBe(422);
    expect((await patch(`/v1/accounts/${elsewhere.accountId}`, { metadata: { a: 1 } })).statusCode).toBe(404);
  });
});

describe("mutations", () => {
  it("an Idempotency-Key on a GraphQL POST is a REST POST's: a retry replays the first answer, a new request under it is refused", async () => {
    const key = "gql-idem-7f3a";
    const post = (metadata: Record<string, unknown>) =>
      platform.app.inject({
        method: "POST",
        url: "/v1/graphql",
        headers: { authorization: `Bearer ${mine.token}`, "idempotency-key": key },
        payload: {
          query: "mutation ($m: JSON) { profileUpdate(input: { metadata: $m }) { success } }",
          variables: { m: metadata },
        },
      });
    const audited = async () =>
      Number(
        (
          (await platform.ctx.db.execute(
            sql`select count(*) as n from audit_events where action = 'graphql profileUpdate' and resource_id = ${mine.profileId}`,
          )) as unknown as { rows: { n: string }[] }
        ).rows[0]!.n,
      );
    const before = await audited();
    const first = await post({ idem: 1 });
    expect(first.json()).toEqual({ data: { profileUpdate: { success: true } } });
    const retried = await post({ idem: 1 });
    expect(retried.headers["idempotent-replayed"]).toBe("true");
    expect(retried.json()).toEqual(first.json());
    expect(await audited()).toBe(before + 1);
    const other = await post({ idem: 2 });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors[0]).toMatchObject({
      message: expect.stringContaining("used with a different request"),
      extensions: { field: "Idempotency-Key" },
    });
    expect((await gql("{ profile { metadata } }")).data?.profile.metadata).toMatchObject({ idem: 1 });
  });

  it("profileUpdate: the REST rules, errors with their path, nothing changed on error", async () => {
    const bad = await gql(
      `mutation { profileUpdate(input: { email: "not-an-email" }) { success record { email } errors { message path } } }`,
    );
    expect(bad.data!.profileUpdate).toEqual({
      success: false,
      record: null,
      errors: [{ message: "Email is not a valid email address", path: ["email"] }],
    });
    const backend = `Basic ${Buffer.from(`${mine.profileId}:${env.secret}`).toString("base64")}`;
    const ok = await gql(
      `mutation { profileUpdate(input: { email: "me@example.com", metadata: { plan: "pro" } }) { success record { email metadata } errors { message } } }`,
      {},
      backend,
    );
    expect(ok.data!.profileUpdate).toEqual({
      success: true,
      // Merged into what the profile had.
      record: { email: "me@example.com", metadata: expect.objectContaining({ plan: "pro" }) },
      errors: [],
    });
    // A key sent as null is removed; past 50 keys is the field's error, and nothing changes.
    const removed = await gql(
      `mutation { profileUpdate(input: { metadata: { plan: null, seat: 2 } }) { record { metadata } } }`,
      {},
      backend,
    );
    expect(removed.data!.profileUpdate.record.metadata).toMatchObject({ seat: 2 });
    expect(removed.data!.profileUpdate.record.metadata).not.toHaveProperty("plan");
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));
    const full = await gql(
      "mutation($m: JSON) { profileUpdate(input: { metadata: $m }) { success errors { message path } } }",
      { m: many },
      backend,
    );
    expect(full.data!.profileUpdate).toEqual({
      success: false,
      errors: [
        {
          message: "Metadata must have at most 50 entries, with the keys it already has",
          path: ["metadata"],
        },
      ],
    });
    const after = await gql("{ profile { metadata } }", {}, backend);
    expect(after.data!.profile.metadata).toEqual(removed.data!.profileUpdate.record.metadata);
  });

  it("profileUpdate with a session token: the email and phone an end-user signs in with stay as the backend set them", async () => {
    const refused = await gql(
      `mutation { profileUpdate(input: { email: "someone.else@example.com", phone: "+14155550123", name: "Ada" }) { success record { email } errors { message path } } }`,
    );
    expect(refused.data!.profileUpdate).toEqual({
      success: false,
      record: null,
      errors: [
        {
          message: "Email is how the end-user signs in: change it from your backend, with an API key",
          path: ["email"],
        },
        {
          message: "Phone is how the end-user signs in: change it from your backend, with an API key",
          path: ["phone"],
        },
      ],
    });
    const { data } = await gql("{ profile { email phone name } }");
    expect(data!.profile.email).not.toBe("someone.else@example.com");
    expect(data!.profile.name).not.toBe("Ada");
    const named = await gql(`mutation { profileUpdate(input: { name: "Ada" }) { success record { name } } }`);
    expect(named.data!.profileUpdate).toEqual({ success: true, record: { name: "Ada" } });
  });

  it("transactionUpdate sets a transaction's metadata (REST PATCH too); a re-sync keeps it; another's is not found", async () => {
    const { data } = await gql("{ transactions(first: 1) { nodes { id } } }");
    const id = data!.transactions.nodes[0].id as string;
    const set = await gql(
      `mutation($id: ID!) { transactionUpdate(input: { id: $id, metadata: { note: "rent" } }) { success record { id metadata } } }`,
      { id },
    );
    expect(set.data!.transactionUpdate).toEqual({
      success: true,
      record: { id, metadata: { note: "rent" } },
    });
    await simulate(platform, env, mine.connectionId, { event: "SYNC" });
    await platform.worker.drain();
    const read = await gql(`query($id: ID!) { transaction(id: $id) { metadata } }`, { id });
    expect(read.data!.transaction.metadata).toEqual({ note: "rent" });
    const omitted = await gql(
      `mutation($input: TransactionUpdateInput!) { transactionUpdate(input: $input) { success errors { message } } }`,
      { input: { id } },
    );
    expect(omitted.data!.transactionUpdate).toEqual({
      success: false,
      errors: [{ message: "Metadata is required" }],
    });
    const kept = await gql(`query($id: ID!) { transaction(id: $id) { metadata } }`, { id });
    expect(kept.data!.transaction.metadata).toEqual({ note: "rent" });
    const rest = await platform.app.inject({
      method: "PATCH",
      url: `/v1/transactions/${id}`,
      headers: env.auth,
      payload: { metadata: null },
    });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ id, metadata: null });
    const elsewhereTxn = await platform.app.inject({
      method: "PATCH",
      url: `/v1/transactions/${id}`,
      headers: other.auth,
      payload: { metadata: { x: 1 } },
    });
    expect(elsewhereTxn.statusCode).toBe(404);
    const foreign = await gql(
      `mutation($id: ID!) { transactionUpdate(input: { id: $id, metadata: { x: 1 } }) { success errors { message } } }`,
      { id },
      `Bearer ${await session(env, theirs.profileId)}`,
    );
    expect(foreign.data!.transactionUpdate).toEqual({
      success: false,
      errors: [{ message: `Transaction ${id} was not found` }],
    });
  });

  it("connectionUpdate and accountUpdate set metadata; another profile's record is not found", async () => {
    const accountId = await firstAccount(env, mine.profileId);
    const conn = await gql(
      `mutation($id: ID!) { connectionUpdate(input: { id: $id, metadata: { label: "main" } }) { success record { metadata } } }`,
      { id: mine.connectionId },
    );
    expect(conn.data!.connectionUpdate).toEqual({
      success: true,
      record: { metadata: expect.objectContaining({ label: "main" }) },
    });
    const acct = await gql(
      `mutation($id: ID!) { accountUpdate(input: { id: $id, metadata: { goal: "rainy day" } }) { success record { metadata } } }`,
      { id: accountId },
    );
    expect(acct.data!.accountUpdate).toEqual({
      success: true,
      record: { metadata: expect.objectContaining({ goal: "rainy day" }) },
    });
    const empty = await gql(
      `mutation($id: ID!) { accountUpdate(input: { id: $id, metadata: {} }) { success errors { message path } } }`,
      { id: accountId },
    );
    expect(empty.data!.accountUpdate).toEqual({
      success: false,
      errors: [{ message: "Metadata must have at least 1 entry", path: ["metadata"] }],
    });
    // metadata left out is required, as PATCH's body says: never read as null (which clears it all).
    for (const mutation of ["accountUpdate", "connectionUpdate"]) {
      const id = mutation === "accountUpdate" ? accountId : mine.connectionId;
      const omitted = await gql(
        `mutation($id: ID!) { ${mutation}(input: { id: $id }) { success errors { message path } } }`,
        { id },
      );
      expect(omitted.data![mutation]).toEqual({
        success: false,
        errors: [{ message: "Metadata is required", path: ["metadata"] }],
      });
    }
    const foreign = await gql(
      `mutation($id: ID!) { connectionUpdate(input: { id: $id, metadata: { x: 1 } }) { success errors { message } } }`,
      { id: theirs.connectionId },
    );
    expect(foreign.data!.connectionUpdate).toEqual({
      success: false,
      errors: [{ message: `Connection ${theirs.connectionId} was not found` }],
    });
    const rest = await platform.app.inject({
      method: "GET",
      url: `/v1/accounts/${accountId}`,
      headers: env.auth,
    });
    expect(rest.json().metadata).toEqual({ goal: "rainy day" });
  });

  // Last: it disconnects the profile's connection.
  it("connectionDisconnect stops the connection as DELETE does; twice answers the same, doing nothing more", async () => {
    const id = mine.connectionId;
    const once = await gql(
      `mutation($id: ID!) { connectionDisconnect(id: $id) { success record { status } } }`,
      { id },
    );
    expect(once.data!.connectionDisconnect).toEqual({ success: true, record: { status: "DISCONNECTING" } });
    const twice = await gql(
      `mutation($id: ID!) { connectionDisconnect(id: $id) { success record { status } } }`,
      { id },
    );
    expect(twice.data!.connectionDisconnect).toEqual({ success: true, record: { status: "DISCONNECTING" } });
  });
});

it("schema.graphql is the schema as built (run npm run graphql:schema after changing it)", () => {
  const file = fileURLToPath(new URL("./schema.graphql", import.meta.url));
  expect(fs.readFileSync(file, "utf8")).toBe(printedSchema());
});
