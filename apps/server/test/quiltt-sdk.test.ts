import type { LookupFunction } from "node:net";
import { Agent, type Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnector } from "../src/modules/connectors/service.ts";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "./harness.ts";
import { freePort } from "./processes.ts";

/**
 * Quiltt's own npm client (@quiltt/core), unchanged, against a running Weft: QUILTT_API_DOMAIN
 * names the deployment and its auth./api. hosts resolve to it (here: every name to 127.0.0.1).
 */
let platform: TestPlatform;
let env: TestEnvironment;
let connectorId: string;
let previous: Dispatcher;
let quiltt: typeof import("@quiltt/core");

const toLoopback: LookupFunction = (_host, options, callback) => {
  if (options.all) callback(null, [{ address: "127.0.0.1", family: 4 }]);
  else callback(null, "127.0.0.1", 4);
};

beforeAll(async () => {
  platform = await startTestPlatform();
  env = await platform.environment("SANDBOX");
  connectorId = (await createConnector(platform.ctx.db, { environmentId: env.id, name: "App" })).id;
  const port = await freePort();
  await platform.app.listen({ port, host: "127.0.0.1" });
  previous = getGlobalDispatcher();
  setGlobalDispatcher(new Agent({ connect: { lookup: toLoopback } }));
  process.env.QUILTT_API_DOMAIN = `weft.test:${port}`;
  process.env.QUILTT_API_INSECURE = "true";
  quiltt = await import("@quiltt/core");
});
afterAll(async () => {
  setGlobalDispatcher(previous);
  await platform.close();
});

describe("@quiltt/core AuthAPI", () => {
  it("identify sends a passcode (202); authenticate exchanges it for a session (201); ping says it is live", async () => {
    const auth = new quiltt.AuthAPI(connectorId);
    const identified = await auth.identify({ email: "quiltt-user@example.com" });
    expect(identified.status).toBe(202);
    const wrong = await auth.authenticate({ email: "quiltt-user@example.com", passcode: "999999" });
    expect(wrong.status).toBe(401);
    const authenticated = await auth.authenticate({ email: "quiltt-user@example.com", passcode: "000000" });
    expect(authenticated.status).toBe(201);
    const { token } = authenticated.data as { token: string };
    const claims = quiltt.JsonWebTokenParse<{ eid: string }>(token)!.claims;
    expect(claims.eid).toBe(env.id);
    expect((await auth.ping(token)).status).toBe(200);
    // revoke sends Content-Type: application/json and no body
    expect((await auth.revoke(token)).status).toBe(204);
    expect((await auth.ping(token)).status).toBe(401);
  });

  it("invalid input is a 422 field map; an unknown clientId is 403, never 404", async () => {
    const invalid = await new quiltt.AuthAPI(connectorId).identify({ email: "not-an-email" });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.data as object)).toEqual(["session.email"]);
    const unknown = await new quiltt.AuthAPI("ctr_unknown").identify({ email: "a@example.com" });
    expect(unknown.status).toBe(403);
  });
});

describe("@quiltt/core ConnectorsAPI", () => {
  it("searches the Connector's institutions and asks whether a provider's institution is linkable", async () => {
    const auth = new quiltt.AuthAPI(connectorId);
    await auth.identify({ email: "search@example.com" });
    const { token } = (await auth.authenticate({ email: "search@example.com", passcode: "000000" })).data as {
      token: string;
    };
    const connectors = new quiltt.ConnectorsAPI(connectorId);
    const found = await connectors.searchInstitutions(token, connectorId, "Sandbox");
    expect(found.status).toBe(200);
    const list = found.data as { name: string; logoUrl: string }[];
    expect(list.length).toBeGreaterThan(0);
    expect(Object.keys(list[0]!).sort()).toEqual(["logoUrl", "name"]);
    const resolvable = await connectors.checkResolvable(token, connectorId, { plaid: "ins_not_known" });
    expect(resolvable.status).toBe(200);
    expect(resolvable.data).toEqual({ resolvable: false });
    // The SDK's mock provider is the sandbox bank's.
    const sandbox = await connectors.checkResolvable(token, connectorId, { mock: "weft_sandbox_bank" });
    expect(sandbox.status).toBe(200);
    expect(sandbox.data).toEqual({ resolvable: true });
    const unauthenticated = await connectors.searchInstitutions("bad-token", connectorId, "Sandbox");
    expect(unauthenticated.status).toBe(401);
  });
});
