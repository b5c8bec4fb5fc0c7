import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnector } from "../src/modules/connectors/service.ts";
import { setEnvironmentOrigin } from "../src/modules/environments/service.ts";
import { launchChromium } from "./chromium.ts";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "./harness.ts";
import { freePort } from "./processes.ts";

/**
 * The Data API from a real browser on another origin: the end-user signs in with a passcode,
 * the page subscribes to connectionSynced, a sandbox connection finishes, and the page lists
 * the accounts and a page of transactions over GraphQL — every call a real cross-origin request.
 */
let platform: TestPlatform;
let env: TestEnvironment;
let weftUrl: string;
let appUrl: string;
let appServer: http.Server;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let connectorId: string;

beforeAll(async () => {
  appServer = http.createServer((_req, res) => {
    res.setHeader("content-type", "text/html");
    res.end("<!doctype html><title>Budget app</title><h1>Budget app</h1>");
  });
  await new Promise<void>((resolve) => appServer.listen(0, "127.0.0.1", resolve));
  appUrl = `http://localhost:${(appServer.address() as AddressInfo).port}`;
  const port = await freePort();
  weftUrl = `http://127.0.0.1:${port}`;
  platform = await startTestPlatform({ WEFT_PUBLIC_URL: weftUrl });
  await platform.app.listen({ port, host: "127.0.0.1" });
  platform.worker.start();
  env = await platform.environment("SANDBOX");
  connectorId = (await createConnector(platform.ctx.db, { environmentId: env.id, name: "Budget" })).id;
  await setEnvironmentOrigin(platform.ctx, env.id, appUrl, true);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  appServer?.close();
  await platform?.close();
});

async function signIn(page: Page, email: string): Promise<string> {
  return page.evaluate(
    async ({ weft, clientId, email }) => {
      const call = (method: string, session: object) =>
        fetch(`${weft}/v1/users/session`, {
          method,
          headers: { "content-type": "application/json", "quiltt-sdk-agent": "Budget/1.0" },
          body: JSON.stringify({ session }),
        });
      const identified = await call("POST", { clientId, email });
      if (identified.status !== 202) throw new Error(`identify: ${identified.status}`);
      const authenticated = await call("PUT", { clientId, email, passcode: "000000" });
      if (authenticated.status !== 201) throw new Error(`authenticate: ${authenticated.status}`);
      return ((await authenticated.json()) as { token: string }).token;
    },
    { weft: weftUrl, clientId: connectorId, email },
  );
}

describe("the Data API in Chromium, from another origin", () => {
  it("signs in, hears connectionSynced when a new connection finishes, then reads accounts and transactions", async () => {
    const page = await browser.context.newPage();
    await page.goto(appUrl);
    const token = await signIn(page, "browser-user@example.com");
    const profileId = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).sub as string;

    // The page subscribes; the backend links a sandbox connection; the page hears it finish.
    const synced = page.evaluate(
      ({ weft, token }) =>
        new Promise<{ id: string; status: string }>((resolve, reject) => {
          const socket = new WebSocket(`${weft.replace("http", "ws")}/v1/graphql`, "graphql-transport-ws");
          socket.onopen = () => socket.send(JSON.stringify({ type: "connection_init", payload: { token } }));
          socket.onerror = () => reject(new Error("socket error"));
          socket.onmessage = ({ data }) => {
            const frame = JSON.parse(String(data));
            if (frame.type === "connection_ack") {
              socket.send(
                JSON.stringify({
                  id: "1",
                  type: "subscribe",
                  payload: { query: "subscription { connectionSynced { id status } }" },
                }),
              );
              (globalThis as unknown as { subscribed: boolean }).subscribed = true;
            }
            if (frame.type === "next") resolve(frame.payload.data.connectionSynced);
          };
        }),
      { weft: weftUrl, token },
    );
    await page.waitForFunction(() => (globalThis as unknown as { subscribed?: boolean }).subscribed === true);
    const linked = await fetch(`${weftUrl}/v1/sandbox/connections`, {
      method: "POST",
      headers: { ...env.auth, "content-type": "application/json" },
      body: JSON.stringify({ profileId }),
    });
    expect(linked.status).toBe(201);
    const connectionId = ((await linked.json()) as { id: string }).id;
    expect(await synced).toEqual({ id: connectionId, status: "SYNCED" });

    const read = await page.evaluate(
      async ({ weft, token }) => {
        const response = await fetch(`${weft}/v1/graphql`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({
            query: `{
              accounts { count nodes { id name balance { current } } }
              transactions(first: 10) { count nodes { id amount date account { id } } pageInfo { hasNextPage } }
            }`,
          }),
        });
        const rest = await fetch(
          `${weft}/v1/profiles/${JSON.parse(atob(token.split(".")[1]!)).sub}/accounts`,
          {
            headers: { authorization: `Bearer ${token}` },
          },
        );
        return {
          status: response.status,
          body: await response.json(),
          restStatus: rest.status,
          rest: await rest.json(),
        };
      },
      { weft: weftUrl, token },
    );
    expect(read.status).toBe(200);
    type Answer = { data: { accounts: Accounts; transactions: Transactions } };
    type Accounts = { count: number; nodes: { id: string }[] };
    type Transactions = { nodes: { account: { id: string } }[]; pageInfo: { hasNextPage: boolean } };
    const { accounts, transactions } = (read.body as Answer).data;
    expect(accounts.count).toBeGreaterThan(0);
    expect(transactions.nodes).toHaveLength(10);
    expect(transactions.pageInfo.hasNextPage).toBe(true);
    const accountIds = new Set(accounts.nodes.map((a: { id: string }) => a.id));
    for (const t of transactions.nodes) expect(accountIds.has(t.account.id)).toBe(true);
    expect(read.restStatus).toBe(200);
    expect((read.rest as { id: string }[]).map((a) => a.id).sort()).toEqual([...accountIds].sort());
    await page.close();
  });

  it("an origin nobody allowed cannot read, even with a valid token", async () => {
    const page = await browser.context.newPage();
    await page.goto(appUrl);
    const token = await signIn(page, "second-user@example.com");
    const other = http.createServer((_req, res) => res.end("<!doctype html><title>Elsewhere</title>"));
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    const elsewhere = await browser.context.newPage();
    await elsewhere.goto(`http://localhost:${(other.address() as AddressInfo).port}`);
    const outcome = await elsewhere.evaluate(
      async ({ weft, token }) =>
        fetch(`${weft}/v1/graphql`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ query: "{ profile { id } }" }),
        }).then(
          () => "read",
          () => "blocked",
        ),
      { weft: weftUrl, token },
    );
    expect(outcome).toBe("blocked");
    other.close();
    await page.close();
    await elsewhere.close();
  });
});
