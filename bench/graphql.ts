/**
 * GraphQL against REST for the same read: a page of 100 transactions of one account with the
 * account each belongs to (GraphQL: one request, accounts batched by the loader) against the
 * REST page of 100 (`GET /v1/accounts/{id}/transactions?limit=100`, which carries only the
 * account id). Both with the end-user's session token, on a real socket, 10 connections,
 * alternated round by round (the machine is shared); req/s, p50/p99 and process CPU per request
 * (client and server share the process, so CPU is an upper bound for the server).
 *   node bench/graphql.ts        (PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set)
 * BENCH_SECONDS (default 5) per round; 3 rounds each.
 */
import { startTestPlatform } from "../apps/server/test/harness.ts";
import { linkAndSync } from "../apps/server/test/sandbox-helpers.ts";
import { type LoadResult, load, writeResults } from "./lib.ts";

const ROUNDS = 3;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

if (process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL)
  process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
if (process.env.TEST_DATABASE_URL) process.env.WEFT_TEST_DRIVER = "postgres";

export async function benchGraphQL() {
  const platform = await startTestPlatform();
  const env = await platform.environment("SANDBOX");
  const { profileId } = await linkAndSync(platform, env);
  const session = await platform.app.inject({
    method: "POST",
    url: "/v1/users/sessions",
    headers: env.auth,
    payload: { userId: profileId },
  });
  const token = session.json().token as string;
  const accounts = await platform.app.inject({
    method: "GET",
    url: `/v1/profiles/${profileId}/accounts`,
    headers: env.auth,
  });
  // The account with the most transactions, so both pages are full.
  let accountId = "";
  let most = -1;
  for (const a of accounts.json() as { id: string }[]) {
    const page = await platform.app.inject({
      method: "GET",
      url: `/v1/accounts/${a.id}/transactions?limit=1`,
      headers: env.auth,
    });
    const total = Number(page.headers["total-count"]);
    if (total > most) [accountId, most] = [a.id, total];
  }
  if (most < 100) throw new Error(`the sandbox account has only ${most} transactions`);
  const base = await platform.app.listen({ host: "127.0.0.1", port: 0 });
  const auth = { authorization: `Bearer ${token}` };
  const graphqlBody = JSON.stringify({
    query: `query($a: ID) { transactions(first: 100, filter: { accountId: $a }) {
      nodes { id amount date description status account { id name mask balance { current } } } } }`,
    variables: { a: accountId },
  });
  const check = await fetch(`${base}/v1/graphql`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: graphqlBody,
  });
  const checked = (await check.json()) as { data?: { transactions: { nodes: unknown[] } } };
  if (checked.data?.transactions.nodes.length !== 100) throw new Error(`GraphQL: ${JSON.stringify(checked)}`);

  const rounds: { rest: LoadResult & { cpuMs: number }; graphql: LoadResult & { cpuMs: number } }[] = [];
  const measured = async (run: () => Promise<LoadResult>) => {
    const cpu = process.cpuUsage();
    const result = await run();
    const used = process.cpuUsage(cpu);
    const requests = result.requestsPerSecond * seconds;
    return { ...result, cpuMs: Math.round(((used.user + used.system) / 1000 / requests) * 100) / 100 };
  };
  for (let round = 0; round < ROUNDS; round++) {
    const rest = await measured(() =>
      load("REST page of 100", {
        url: `${base}/v1/accounts/${accountId}/transactions?limit=100`,
        headers: auth,
        seconds,
      }),
    );
    const graphql = await measured(() =>
      load("GraphQL page of 100 with accounts", {
        url: `${base}/v1/graphql`,
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: graphqlBody,
        seconds,
      }),
    );
    rounds.push({ rest, graphql });
  }
  await platform.close();
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const summary = (pick: (r: (typeof rounds)[number]) => LoadResult & { cpuMs: number }) => ({
    requestsPerSecond: median(rounds.map((r) => pick(r).requestsPerSecond)),
    p50Ms: median(rounds.map((r) => pick(r).p50Ms)),
    p99Ms: median(rounds.map((r) => pick(r).p99Ms)),
    cpuMsPerRequest: median(rounds.map((r) => pick(r).cpuMs)),
    errors: rounds.reduce((n, r) => n + pick(r).errors, 0),
  });
  const rest = summary((r) => r.rest);
  const graphql = summary((r) => r.graphql);
  return {
    database: process.env.TEST_DATABASE_URL ? "postgres" : "pglite",
    transactionsInAccount: most,
    rest,
    graphql,
    graphqlToRestThroughput: Math.round((graphql.requestsPerSecond / rest.requestsPerSecond) * 100) / 100,
    rounds,
  };
}

if (import.meta.main) {
  const result = await benchGraphQL();
  const { rest, graphql } = result;
  console.log(
    `${result.database}: REST page of 100 ${rest.requestsPerSecond} req/s (p50 ${rest.p50Ms} ms, p99 ${rest.p99Ms} ms, ${rest.cpuMsPerRequest} ms CPU); ` +
      `GraphQL page of 100 with accounts ${graphql.requestsPerSecond} req/s (p50 ${graphql.p50Ms} ms, p99 ${graphql.p99Ms} ms, ${graphql.cpuMsPerRequest} ms CPU); ` +
      `GraphQL/REST ${result.graphqlToRestThroughput}`,
  );
  writeResults(`graphql-${result.database}.json`, result);
}
