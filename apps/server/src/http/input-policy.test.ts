import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "../../test/harness.ts";
import { linkAndSync } from "../../test/sandbox-helpers.ts";
import { profiles } from "../db/schema/index.ts";
import { MAX_BODY_DEPTH, MAX_METADATA_DEPTH } from "./input-policy.ts";

/** Hostile input gets a 422 naming the field (or a 401 for a hostile credential), never a 500. */
let platform: TestPlatform;
let env: TestEnvironment;
let linked: { profileId: string; connectionId: string };

beforeAll(async () => {
  platform = await startTestPlatform();
  env = await platform.environment("SANDBOX");
  linked = await linkAndSync(platform, env);
});
afterAll(() => platform.close());

const send = (
  method: "GET" | "POST" | "PATCH" | "PUT",
  url: string,
  body?: string,
  headers: Record<string, string> = env.auth,
) =>
  platform.app.inject({
    method,
    url,
    headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { payload: body }),
  });

const profileCount = async () =>
  (await platform.ctx.db.select({ n: count() }).from(profiles).where(eq(profiles.environmentId, env.id)))[0]!
    .n;

describe("text", () => {
  it("a NUL character in a body field is a 422 naming it, and nothing is written", async () => {
    const before = await profileCount();
    const res = await send("POST", "/v1/profiles", JSON.stringify({ name: "Ada\u0000Lovelace" }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ name: ["Name must not contain a NUL character"] });
    expect(await profileCount()).toBe(before);
  });

  it("an item of a list is named by its place in the list (not by its index alone)", async () => {
    const res = await send(
      "POST",
      "/v1/webhooks/subscriptions",
      JSON.stringify({ name: "Hooks", targetUrl: "https://example.com/hook", eventTypes: ["profile\u0000"] }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ "eventTypes.0": ["Event types item 1 must not contain a NUL character"] });
  });

  it("a lone surrogate is a 422 (a raw \\ud800 in the JSON text)", async () => {
    const res = await send("POST", "/v1/profiles", '{"names": {"first": "\\ud800x"}}');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      "names.first": ["First is not valid Unicode text (it holds a lone surrogate)"],
    });
  });

  it("a number beyond a double's range is a 422 naming it, and nothing is written", async () => {
    const before = await profileCount();
    for (const [body, field] of [
      ['{"metadata": {"limit": 1e999}}', "metadata.limit"],
      ['{"metadata": {"n": [1, -2e400]}}', "metadata.n.1"],
    ]) {
      const res = await send("POST", "/v1/profiles", body);
      expect(res.statusCode, body).toBe(422);
      expect(Object.keys(res.json())).toEqual([field]);
      expect(Object.values(res.json())[0]).toEqual([expect.stringContaining("is a number out of range")]);
    }
    expect(await profileCount()).toBe(before);
    // A large number a double holds stays as it is.
    const large = await send("POST", "/v1/profiles", '{"metadata": {"n": 1e300}}');
    expect(large.statusCode).toBe(201);
    expect(large.json().metadata).toEqual({ n: 1e300 });
  });

  it("in path ids and query strings too, on public routes as on authenticated ones", async () => {
    for (const url of [
      "/v1/connectors/%00",
      "/v1/institutions/%00/logo.svg",
      "/v1/profiles/p_%00",
      "/v1/profiles?limit=2&page=1%00",
    ]) {
      const res = await send("GET", url);
      expect(res.statusCode, url).toBe(422);
    }
  });
});

describe("structure", () => {
  it(`a body nested deeper than ${MAX_BODY_DEPTH} levels is a 422, even 5,000 deep`, async () => {
    const deep = `${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}`;
    const res = await send("POST", "/v1/profiles", deep);
    expect(res.statusCode).toBe(422);
    // Said of the top-level field the nesting is in, not of the item 33 levels down.
    expect(res.json()).toEqual({ a: [`A nests deeper than ${MAX_BODY_DEPTH} levels`] });
    const list = await send("POST", "/v1/profiles", `{"tags":${"[".repeat(40)}${"]".repeat(40)}}`);
    expect(list.json()).toEqual({ tags: [`Tags nests deeper than ${MAX_BODY_DEPTH} levels`] });
  });

  it(`metadata nests at most ${MAX_METADATA_DEPTH} levels`, async () => {
    const nested = (levels: number): unknown => (levels === 0 ? "x" : { k: nested(levels - 1) });
    const url = `/v1/connections/${linked.connectionId}`;
    const ok = await send("PATCH", url, JSON.stringify({ metadata: nested(MAX_METADATA_DEPTH) }));
    expect(ok.statusCode).toBe(200);
    const tooDeep = await send("PATCH", url, JSON.stringify({ metadata: nested(MAX_METADATA_DEPTH + 1) }));
    expect(tooDeep.statusCode).toBe(422);
    expect(tooDeep.json()).toEqual({ metadata: [`Metadata nests deeper than ${MAX_METADATA_DEPTH} levels`] });
  });

  it("a key named metadata inside metadata is the caller's own: no new budget, however deep", async () => {
    const profile = await send("POST", "/v1/profiles", "{}");
    for (const levels of [MAX_METADATA_DEPTH + 1, 5_000]) {
      const body = `{"metadata":${'{"metadata":'.repeat(levels)}1${"}".repeat(levels + 1)}`;
      for (const [method, url] of [
        ["PATCH", `/v1/profiles/${profile.json().id}`],
        ["POST", "/v1/users/sessions"],
      ] as const) {
        const res = await send(method, url, body);
        expect(res.statusCode, `${method} ${url} ${levels}`).toBe(422);
        expect(JSON.stringify(res.json())).toContain(`nests deeper than ${MAX_METADATA_DEPTH} levels`);
      }
    }
    const after = await send("GET", `/v1/profiles/${profile.json().id}`);
    expect(after.json().metadata).toBeNull();
  });

  it("an unknown body field is a 422 naming it, nested ones by their path, and nothing is done", async () => {
    const before = await profileCount();
    const misspelt = await send("POST", "/v1/profiles", JSON.stringify({ emial: "ada@example.com" }));
    expect(misspelt.statusCode).toBe(422);
    expect(misspelt.json()).toEqual({
      emial: ["Is not a field of this request; check its spelling against the API reference"],
    });
    const nested = await send(
      "PUT",
      "/v1/users/session",
      JSON.stringify({
        session: {
          clientId: "ctr_01jaaaaaaaaaaaaaaaaaaaaaaa",
          email: "a@example.com",
          passcode: "123456",
          tenant: "x",
        },
      }),
      {},
    );
    expect(nested.statusCode).toBe(422);
    expect(Object.keys(nested.json())).toEqual(["session.tenant"]);
    expect(await profileCount()).toBe(before);
    // Metadata is the caller's own map: any keys.
    const free = await send("POST", "/v1/profiles", JSON.stringify({ metadata: { emial: "kept" } }));
    expect(free.statusCode).toBe(201);
  });

  it("a write that takes no body refuses a field sent to it, and does nothing; no body, or {}, is fine", async () => {
    const made = await send("POST", "/v1/profiles", JSON.stringify({ name: "Stays" }));
    const url = `/v1/profiles/${made.json().id}`;
    const deleteWith = (body?: string) =>
      platform.app.inject({
        method: "DELETE",
        url,
        headers: { ...env.auth, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        ...(body === undefined ? {} : { payload: body }),
      });
    const refused = await deleteWith(JSON.stringify({ hard: true }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      hard: ["Is not a field of this request; check its spelling against the API reference"],
    });
    expect((await send("GET", url)).statusCode).toBe(200);
    expect((await deleteWith("{}")).statusCode).toBe(204);
    expect((await deleteWith()).statusCode).toBe(204);
  });

  it("a page number past any list is a 422, not an overflow, on every list", async () => {
    const [account] = (await send("GET", `/v1/profiles/${linked.profileId}/accounts`)).json();
    for (const list of ["/v1/profiles", `/v1/accounts/${account.id}/transactions`]) {
      for (const page of ["99999999999999", "1.7976931348623125e%2B308"]) {
        const res = await send("GET", `${list}?page=${page}`);
        expect(res.statusCode, `${list} page=${page}`).toBe(422);
        expect(Object.keys(res.json())).toEqual(["page"]);
      }
    }
  });
});

describe("credentials", () => {
  it("a session JWT whose kid holds a NUL is a 401", async () => {
    const header = Buffer.from(JSON.stringify({ alg: "EdDSA", kid: "sk_\u0000", typ: "JWT" })).toString(
      "base64url",
    );
    const body = Buffer.from(JSON.stringify({ sub: "p_x" })).toString("base64url");
    const res = await send("GET", "/v1/users/session", undefined, {
      authorization: `Bearer ${header}.${body}.c2ln`,
    });
    expect(res.statusCode).toBe(401);
  });

  it("Basic credentials holding a NUL are no credentials (401)", async () => {
    const basic = Buffer.from("ptok_\u0000:secret").toString("base64");
    const accounts = await send("GET", `/v1/profiles/${linked.profileId}/accounts`);
    const accountId = accounts.json()[0].id;
    const res = await send("GET", `/v1/accounts/${accountId}/ach_numbers`, undefined, {
      authorization: `Basic ${basic}`,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("pagination headers", () => {
  it("Link carries the route's own parameters only, as a parameter it does not have is refused; page-items counts this page's items", async () => {
    const junk = await send("GET", `/v1/profiles?limit=1&junk=${"x".repeat(2_000)}`);
    expect(junk.statusCode).toBe(422);
    expect(junk.headers.link).toBeUndefined();
    const res = await send("GET", "/v1/profiles?limit=1");
    expect(String(res.headers.link)).toContain("page=2&limit=1");
    const total = Number(res.headers["total-count"]);
    const last = await send("GET", `/v1/profiles?limit=2&page=${Math.ceil(total / 2)}`);
    expect(last.headers["page-items"]).toBe(String(total % 2 === 0 ? 2 : 1));
    expect(last.json()).toHaveLength(Number(last.headers["page-items"]));
    const past = await send("GET", "/v1/profiles?limit=2&page=999");
    expect(past.headers["page-items"]).toBe("0");
  });
});
