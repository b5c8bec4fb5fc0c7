import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "../../../test/harness.ts";

let platform: TestPlatform;
let env: TestEnvironment;

beforeAll(async () => {
  platform = await startTestPlatform();
  env = await platform.environment("TEST");
});
afterAll(() => platform.close());

const get = (url: string, headers: Record<string, string> = env.auth) =>
  platform.app.inject({ method: "GET", url, headers });

/** Spec 7: remote data for FinGoal, Ntropy and Pave, providers Weft has no integration with. */
const UNINTEGRATED = [
  ["fingoal", "profiles", "FINGOAL", "FinGoal"],
  ["fingoal", "transactions", "FINGOAL", "FinGoal"],
  ["ntropy", "transactions", "NTROPY", "Ntropy"],
  ["pave", "profiles", "PAVE", "Pave"],
  ["pave", "transactions", "PAVE", "Pave"],
] as const;

describe("remote data of providers Weft has no integration with", () => {
  it.each(UNINTEGRATED)(
    "/v1/remote/%s/%s and its by-id lookup answer 403: the integration is not enabled",
    async (provider, kind, type, name) => {
      for (const url of [
        `/v1/remote/${provider}/${kind}`,
        `/v1/remote/${provider}/${kind}?page=2&limit=5`,
        `/v1/remote/${provider}/${kind}/p_01jd8x0m6e9q7v2c5b4n3k1h0g`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toEqual({
          message: `The ${type} integration is not enabled for this environment`,
          instruction: `This Weft server has no ${name} integration, so it holds no ${name} documents. Raw provider documents are kept for /v1/remote/plaid/…, /v1/remote/mx/…, /v1/remote/akoya/….`,
        });
      }
    },
  );

  it("asks for credentials first, then checks the query", async () => {
    expect((await get("/v1/remote/ntropy/transactions", {})).statusCode).toBe(401);
    const bad = await get("/v1/remote/pave/profiles?limit=0");
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json())).toEqual(["limit"]);
  });

  it("are in the Platform API document, declaring the 403", async () => {
    const doc = (await get("/openapi/platform.json", {})).json();
    for (const [provider, kind] of UNINTEGRATED) {
      for (const path of [`/v1/remote/${provider}/${kind}`, `/v1/remote/${provider}/${kind}/{id}`]) {
        expect(doc.paths[path]?.get?.responses?.["403"], path).toBeDefined();
      }
    }
  });
});
