import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createProcessorSecret } from "../src/modules/processors/credentials.ts";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "./harness.ts";

/**
 * A developer's first hour with Weft, end to end over the API: a profile, a sandbox
 * connection, its sync, every kind of data it brings, a processor token, a balance refresh.
 */
let platform: TestPlatform;
let env: TestEnvironment;
beforeAll(async () => {
  platform = await startTestPlatform();
  env = await platform.environment("SANDBOX");
});
afterAll(() => platform.close());

const call = async (method: "GET" | "POST" | "DELETE", url: string, payload?: object, headers = env.auth) => {
  const res = await platform.app.inject({ method, url, headers, ...(payload && { payload }) });
  return {
    status: res.statusCode,
    body: res.body ? res.json() : null,
    headers: res.headers,
    raw: res.rawPayload,
  };
};

it("links a sandbox bank and reads everything it brings", async () => {
  const profile = await call("POST", "/v1/profiles", { email: "ada@example.com" });
  expect(profile.status).toBe(201);

  const linked = await call("POST", "/v1/sandbox/connections", {
    profileId: profile.body.id,
    username: "user_good",
    password: "pass_good",
  });
  expect(linked.status).toBe(201);
  expect(linked.body.status).toBe("INITIALIZING");

  await platform.worker.drain();
  const connection = await call("GET", `/v1/connections/${linked.body.id}`);
  expect(connection.body.status).toBe("SYNCED");

  const accounts = await call("GET", `/v1/profiles/${profile.body.id}/accounts`);
  expect(accounts.body.map((a: { kind: string }) => a.kind).sort()).toEqual([
    "CREDIT",
    "DEPOSITORY",
    "DEPOSITORY",
    "INVESTMENT",
    "LOAN",
  ]);
  const byType = (type: string) => accounts.body.find((a: { type: string }) => a.type === type);
  const checking = byType("CHECKING");
  expect(checking.balance).toMatchObject({ source: "INITIAL" });

  const balances = await call("GET", `/v1/accounts/${checking.id}/balances`);
  expect(balances.body[0]).toEqual(checking.balance);

  // 24 months of transactions, page by page.
  let page = 1;
  const seen: { date: string; id: string }[] = [];
  for (;;) {
    const res = await call("GET", `/v1/accounts/${checking.id}/transactions?limit=100&page=${page}`);
    seen.push(...res.body);
    if (page >= Number(res.headers["total-pages"])) {
      expect(seen).toHaveLength(Number(res.headers["total-count"]));
      break;
    }
    page += 1;
  }
  expect(new Set(seen.map((t) => t.id)).size).toBe(seen.length);
  const months = new Set(seen.map((t) => t.date.slice(0, 7)));
  expect(months.size).toBeGreaterThanOrEqual(24);

  const holdings = await call("GET", `/v1/accounts/${byType("BROKERAGE").id}/holdings`);
  expect(holdings.body.length).toBeGreaterThan(0);
  expect(holdings.body[0].security.isin).toMatch(/^US[0-9A-Z]{9}[0-9]$/);

  const statements = await call("GET", `/v1/accounts/${checking.id}/statements`);
  expect(statements.headers["total-count"]).toBe("24");
  const pdf = await platform.app.inject({
    method: "GET",
    url: new URL(statements.body[0].url).pathname + new URL(statements.body[0].url).search,
  });
  expect(pdf.statusCode).toBe(200);
  expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBeGreaterThan(0);

  const ach = await call("GET", `/v1/accounts/${checking.id}/ach_numbers`);
  expect(ach.body).toMatchObject({ accountId: checking.id, routing: expect.stringMatching(/^[0-9]{9}$/) });

  const token = await call("POST", `/v1/accounts/${checking.id}/processor_tokens`, {
    issuer: "WEFT",
    processor: "MOCK",
  });
  expect(token.status).toBe(201);
  const { secret } = await createProcessorSecret(platform.ctx.db, env.id, "MOCK");
  const basic = { authorization: `Basic ${Buffer.from(`${token.body.token}:${secret}`).toString("base64")}` };
  const asProcessor = await call("GET", `/v1/accounts/${checking.id}/ach_numbers`, undefined, basic);
  expect(asProcessor.body).toEqual(ach.body);

  const refresh = await call("POST", `/v1/accounts/${checking.id}/balances/refresh`, undefined, basic);
  expect(refresh.status).toBe(202);
  await platform.worker.drain();
  const refreshed = await call("GET", `/v1/accounts/${checking.id}`);
  expect(refreshed.body.balance.source).toBe("REFRESH");
  expect(refreshed.body.balance.id).not.toBe(checking.balance.id);

  const institution = await call("GET", `/v1/institutions?routingNumber=${ach.body.routing}`);
  expect(institution.body.map((i: { id: string }) => i.id)).toContain(connection.body.institution.id);

  const disconnected = await call("DELETE", `/v1/connections/${linked.body.id}`);
  expect(disconnected.status).toBe(202);
  await platform.worker.drain();
  expect((await call("GET", `/v1/connections/${linked.body.id}`)).body.status).toBe("DISCONNECTED");
  expect((await call("GET", `/v1/accounts/${checking.id}/transactions`)).body.length).toBeGreaterThan(0);
});
