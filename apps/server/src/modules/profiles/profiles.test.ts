import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "../../../test/harness.ts";
import { jsonbTextBytes } from "../../db/metadata.ts";
import { events, jobs } from "../../db/schema/index.ts";

let platform: TestPlatform;
let env: TestEnvironment;
let other: TestEnvironment;

beforeAll(async () => {
  platform = await startTestPlatform({ WEFT_SANDBOX_PROFILE_LIMIT: "3" });
  env = await platform.environment("TEST");
  other = await platform.environment("TEST", "another tenant");
});
afterAll(() => platform.close());

const request = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, body?: unknown, e = env) =>
  platform.app.inject({
    method,
    url,
    headers: e.auth,
    ...(body !== undefined && { payload: body as object }),
  });
const create = (body: unknown = {}, e = env) => request("POST", "/v1/profiles", body, e);

const ADDRESS = {
  line1: "1 Market St",
  city: "San Francisco",
  state: "CA",
  postalCode: "94105",
  countryCode: "USA",
};

describe("POST /v1/profiles", () => {
  it("creates a profile with every field, deriving names.full and ignoring read-only input", async () => {
    const res = await create({
      uuid: "8b6f2c1e-4a3d-4f7e-9c2b-1d5e6f7a8b9c",
      email: "ada@example.com",
      phone: "+14155552671",
      name: "Ada",
      names: { first: "Ada", last: "Lovelace", full: "ignored" },
      dateOfBirth: "1815-12-10",
      address: { ...ADDRESS, line2: "Suite 5" },
      metadata: { plan: "pro" },
      id: "p_attacker",
      createdAt: "2000-01-01T00:00:00Z",
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^p_[0-9a-z]{26}$/),
      uuid: "8b6f2c1e-4a3d-4f7e-9c2b-1d5e6f7a8b9c",
      email: "ada@example.com",
      phone: "+14155552671",
      name: "Ada",
      names: { full: "Ada Lovelace", first: "Ada", last: "Lovelace" },
      dateOfBirth: "1815-12-10",
      address: { ...ADDRESS, line2: "Suite 5" },
      metadata: { plan: "pro" },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(body.createdAt).not.toBe("2000-01-01T00:00:00.000Z");
    expect(Date.now() - Date.parse(body.createdAt)).toBeLessThan(60_000);
  });

  it("generates a uuid when none is sent, and leaves unsent fields null", async () => {
    const res = await create({});
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: null,
      phone: null,
      name: null,
      names: null,
      address: null,
      metadata: null,
    });
    expect(res.json().uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("records profile.created in the same transaction, with the profile and the record", async () => {
    const res = await create({ email: "event@example.com" });
    const id = res.json().id;
    const rows = await platform.ctx.db.select().from(events).where(eq(events.profileId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: "profile.created",
      environmentId: env.id,
      profile: { id, uuid: res.json().uuid, metadata: null },
      record: { id, email: "event@example.com" },
    });
    expect(rows[0]!.id).toMatch(/^evt_/);
  });

  it.each([
    [{ email: "not-an-email" }, { email: ["Email is not a valid email address"] }],
    [{ phone: "4155552671" }, { phone: ["Phone is not a valid E.164 phone number, such as +14155552671"] }],
    [{ phone: "+0123" }, { phone: ["Phone is not a valid E.164 phone number, such as +14155552671"] }],
    [{ name: "" }, { name: ["Name must be at least 1 character"] }],
    [{ names: { first: "" } }, { "names.first": ["First must be at least 1 character"] }],
    [{ names: { last: "" } }, { "names.last": ["Last must be at least 1 character"] }],
    [{ dateOfBirth: "1990-13-45" }, { dateOfBirth: ["Date of birth is not a valid date (YYYY-MM-DD)"] }],
    [{ dateOfBirth: "yesterday" }, { dateOfBirth: ["Date of birth is not a valid date (YYYY-MM-DD)"] }],
    // A day no calendar has, and the year 0000 PostgreSQL has none of (it answered 500).
    [{ dateOfBirth: "2023-02-29" }, { dateOfBirth: ["Date of birth is not a valid date (YYYY-MM-DD)"] }],
    [{ dateOfBirth: "0000-01-01" }, { dateOfBirth: ["Date of birth is not a valid date (YYYY-MM-DD)"] }],
    [{ uuid: "1234" }, { uuid: ["UUID is not a valid UUID"] }],
    [{ metadata: {} }, { metadata: ["Metadata must have at least 1 entry"] }],
    [
      { metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])) },
      { metadata: ["Metadata must have at most 50 entries"] },
    ],
    [{ address: { ...ADDRESS, line1: "1" } }, { "address.line1": ["Line 1 must be at least 2 characters"] }],
    [{ address: { ...ADDRESS, state: "C" } }, { "address.state": ["State must be at least 2 characters"] }],
    [{ address: { ...ADDRESS, city: "" } }, { "address.city": ["City must be at least 1 character"] }],
    [
      { address: { ...ADDRESS, postalCode: "" } },
      { "address.postalCode": ["Postal code must be at least 1 character"] },
    ],
    [{ address: { ...ADDRESS, line2: "" } }, { "address.line2": ["Line 2 must be at least 1 character"] }],
    [
      { address: { ...ADDRESS, countryCode: "CAN" } },
      { "address.countryCode": ["Country code must be USA"] },
    ],
    [
      { address: { line1: "1 Market St" } },
      {
        "address.city": ["City is required"],
        "address.state": ["State is required"],
        "address.postalCode": ["Postal code is required"],
        "address.countryCode": ["Country code is required"],
      },
    ],
    [{ email: 42 }, { email: ["Email is not a valid email address"] }],
    // Lengths no real name or address reaches (a 900,000-character name was stored).
    [
      // 255 characters, each label a valid length: the format alone takes it, so the limit says it.
      { email: `${"a".repeat(64)}@${"b".repeat(62)}.${"c".repeat(61)}.${"d".repeat(61)}.com` },
      { email: ["Email must be at most 254 characters"] },
    ],
    [{ name: "n".repeat(256) }, { name: ["Name must be at most 255 characters"] }],
    [{ names: { first: "f".repeat(256) } }, { "names.first": ["First must be at most 255 characters"] }],
    [{ names: { last: "l".repeat(256) } }, { "names.last": ["Last must be at most 255 characters"] }],
    [
      { address: { ...ADDRESS, line1: "1".repeat(256) } },
      { "address.line1": ["Line 1 must be at most 255 characters"] },
    ],
    [
      { address: { ...ADDRESS, postalCode: "9".repeat(21) } },
      { "address.postalCode": ["Postal code must be at most 20 characters"] },
    ],
    // Text of spaces alone says nothing: a blank name is not a name.
    [{ name: " \t " }, { name: ["Name cannot be blank"] }],
    [{ names: { first: " " } }, { "names.first": ["First cannot be blank"] }],
    [{ names: { last: "\u00a0" } }, { "names.last": ["Last cannot be blank"] }],
    [{ address: { ...ADDRESS, line1: "   " } }, { "address.line1": ["Line 1 cannot be blank"] }],
    [{ address: { ...ADDRESS, line2: " " } }, { "address.line2": ["Line 2 cannot be blank"] }],
    [{ address: { ...ADDRESS, city: "\n" } }, { "address.city": ["City cannot be blank"] }],
    [{ address: { ...ADDRESS, state: "  " } }, { "address.state": ["State cannot be blank"] }],
    [{ address: { ...ADDRESS, postalCode: " " } }, { "address.postalCode": ["Postal code cannot be blank"] }],
  ])("422 for %j", async (body, expected) => {
    const before = await request("GET", "/v1/profiles");
    const res = await create(body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(expected);
    const after = await request("GET", "/v1/profiles");
    expect(after.headers["total-count"]).toBe(before.headers["total-count"]);
  });

  it("reports every invalid field at once", async () => {
    const res = await create({ email: "x", phone: "y" });
    expect(Object.keys(res.json()).sort()).toEqual(["email", "phone"]);
  });

  it("409 when the uuid is taken in this environment, but not across environments", async () => {
    const uuid = "2f1c7e0a-9b8d-4c6e-8f5a-3b2d1c0e9f8a";
    expect((await create({ uuid })).statusCode).toBe(201);
    const taken = await create({ uuid });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: `The uuid ${uuid} is not available`,
      instruction: "Use another uuid, or omit it and one will be generated.",
    });
    expect((await create({ uuid }, other)).statusCode).toBe(201);
  });
});

describe("profile cap", () => {
  it("403 once a SANDBOX environment holds its limit; TEST and PRODUCTION are unlimited", async () => {
    const sandbox = await platform.environment("SANDBOX");
    for (let i = 0; i < 3; i++) expect((await create({}, sandbox)).statusCode).toBe(201);
    const capped = await create({}, sandbox);
    expect(capped.statusCode).toBe(403);
    expect(capped.json()).toEqual({
      message: "This SANDBOX environment has reached its limit of 3 profiles",
      instruction:
        "Delete profiles you no longer need, or use a TEST environment, which has no profile limit.",
    });
    const production = await platform.environment("PRODUCTION");
    for (let i = 0; i < 4; i++) expect((await create({}, production)).statusCode).toBe(201);
  });

  it("holds under concurrency: 8 creates at once in an empty SANDBOX environment, 3 profiles", async () => {
    const sandbox = await platform.environment("SANDBOX");
    const answers = await Promise.all(Array.from({ length: 8 }, () => create({}, sandbox)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 403, 403, 403, 403, 403]);
    const listed = await request("GET", "/v1/profiles", undefined, sandbox);
    expect(listed.json()).toHaveLength(3);
  });

  it("a deleted profile frees its place", async () => {
    const sandbox = await platform.environment("SANDBOX");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create({}, sandbox)).json().id);
    expect((await request("DELETE", `/v1/profiles/${ids[0]}`, undefined, sandbox)).statusCode).toBe(204);
    expect((await create({}, sandbox)).statusCode).toBe(201);
  });
});

describe("GET /v1/profiles/{id}", () => {
  it("finds a profile by id and by uuid", async () => {
    const created = (await create({ email: "find@example.com" })).json();
    for (const key of [created.id, created.uuid]) {
      const res = await request("GET", `/v1/profiles/${key}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(created);
    }
  });

  it("answers what it created, every field (the read writes its JSON as text: escapes, names, jsonb)", async () => {
    const created = (
      await create({
        email: "o'brien+tag@example.com",
        phone: "+14155552671",
        name: 'Seán "Ó" Brien \\ 東京',
        names: { last: "Ó Brien\u2028" },
        dateOfBirth: "1999-02-28",
        address: { ...ADDRESS, line2: 'Apt "4"' },
        metadata: { "tab\tkey": "line\nbreak", emoji: "🏦", empty: "" },
      })
    ).json();
    expect(created.names).toEqual({ full: "Ó Brien\u2028", first: null, last: "Ó Brien\u2028" });
    for (const key of [created.id, created.uuid]) {
      const res = await request("GET", `/v1/profiles/${key}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(res.json()).toEqual(created);
      expect(Object.keys(res.json())).toEqual(Object.keys(created));
    }
  });

  it("404 for an unknown id, with a RestError body", async () => {
    const res = await request("GET", "/v1/profiles/p_00000000000000000000000000");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: "Profile p_00000000000000000000000000 was not found",
      instruction: "Check the id, and that it belongs to the environment of the credentials you used.",
    });
  });

  it("another environment's profile is a 404 for every verb, and is left unchanged", async () => {
    const theirs = (await create({ email: "theirs@example.com" }, other)).json();
    for (const key of [theirs.id, theirs.uuid]) {
      expect((await request("GET", `/v1/profiles/${key}`)).statusCode).toBe(404);
      expect((await request("PATCH", `/v1/profiles/${key}`, { email: "mine@example.com" })).statusCode).toBe(
        404,
      );
      expect((await request("DELETE", `/v1/profiles/${key}`)).statusCode).toBe(404);
    }
    const list = await request("GET", "/v1/profiles?limit=100");
    expect(list.json().map((p: { id: string }) => p.id)).not.toContain(theirs.id);
    expect((await request("GET", `/v1/profiles/${theirs.id}`, undefined, other)).json()).toEqual(theirs);
  });
});

describe("PATCH /v1/profiles/{id}", () => {
  it("changes only the fields sent; null clears; names merge; id and the profile's own uuid sent back are ignored", async () => {
    const created = (
      await create({ email: "a@example.com", phone: "+14155552671", names: { first: "Ada", last: "Byron" } })
    ).json();
    const res = await request("PATCH", `/v1/profiles/${created.id}`, {
      phone: null,
      names: { last: "Lovelace" },
      address: ADDRESS,
      uuid: created.uuid.toUpperCase(),
      id: "p_other",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      uuid: created.uuid,
      email: "a@example.com",
      phone: null,
      names: { full: "Ada Lovelace", first: "Ada", last: "Lovelace" },
      address: ADDRESS,
    });
    expect(Date.parse(res.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    const cleared = await request("PATCH", `/v1/profiles/${created.uuid}`, { names: null });
    expect(cleared.json().names).toBeNull();
  });

  it.each([["00000000-0000-4000-8000-000000000000"], [null], [42]])(
    "422 for another uuid (%j), as issuing a session answers it, and nothing changes",
    async (uuid) => {
      const created = (await create({ email: "same@example.com" })).json();
      const res = await request("PATCH", `/v1/profiles/${created.id}`, { uuid, name: "Not Saved" });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ uuid: ["UUID cannot be changed on an existing profile"] });
      expect((await request("GET", `/v1/profiles/${created.id}`)).json()).toEqual(created);
    },
  );

  it("merges metadata as Quiltt and Stripe do: keys sent replace, a key sent as null goes, null clears; 50 keys at most after the merge", async () => {
    const created = (await create({ metadata: { favoriteColor: "green", nickname: "Quiltty" } })).json();
    const url = `/v1/profiles/${created.id}`;
    const merged = await request("PATCH", url, { metadata: { favoriteColor: "purple", tier: 2 } });
    expect(merged.json().metadata).toEqual({ favoriteColor: "purple", nickname: "Quiltty", tier: 2 });
    const removed = await request("PATCH", url, { metadata: { favoriteColor: null } });
    expect(removed.json().metadata).toEqual({ nickname: "Quiltty", tier: 2 });
    const many = Object.fromEntries(Array.from({ length: 49 }, (_, i) => [`k${i}`, i]));
    const full = await request("PATCH", url, { metadata: many, name: "Not Saved" });
    expect(full.statusCode).toBe(422);
    expect(full.json()).toEqual({
      metadata: ["Metadata must have at most 50 entries, with the keys it already has"],
    });
    expect((await request("GET", url)).json()).toEqual(removed.json());
    // The last keys removed leave none: null, as never set.
    expect(
      (await request("PATCH", url, { metadata: { nickname: null, tier: null } })).json().metadata,
    ).toBeNull();
    await request("PATCH", url, { metadata: { a: 1 } });
    expect((await request("PATCH", url, { metadata: null })).json().metadata).toBeNull();
  });

  it("metadata stays small: keys of at most 40 characters, 16 KB as JSON sent and after a merge", async () => {
    const created = (await create({ metadata: { k: "v" } })).json();
    const url = `/v1/profiles/${created.id}`;
    const longKey = await request("PATCH", url, { metadata: { ["k".repeat(41)]: 1 } });
    expect(longKey.statusCode).toBe(422);
    expect(longKey.json()).toEqual({ metadata: ["Metadata keys must be at most 40 characters"] });
    expect((await request("PATCH", url, { metadata: { ["k".repeat(40)]: 1 } })).statusCode).toBe(200);
    const big = await request("PATCH", url, { metadata: { blob: "x".repeat(16_384) } });
    expect(big.statusCode).toBe(422);
    expect(big.json()).toEqual({ metadata: ["Metadata must be at most 16 KB as JSON"] });
    const created2 = await create({ metadata: { blob: "x".repeat(16_384) } });
    expect(created2.statusCode).toBe(422);
    // Each of these fits; together they would not: the merge is refused, and nothing is written.
    const half = "x".repeat(9_000);
    expect((await request("PATCH", url, { metadata: { a: half } })).statusCode).toBe(200);
    const before = (await request("GET", url)).json();
    const grown = await request("PATCH", url, { metadata: { b: half }, name: "Not Saved" });
    expect(grown.statusCode).toBe(422);
    expect(grown.json()).toEqual({
      metadata: ["Metadata must be at most 16 KB as JSON, with what it already holds"],
    });
    expect((await request("GET", url)).json()).toEqual(before);
  });

  it("metadata's 16 KB are measured as the database writes them out: numbers in full, so 16 KB sent is at most 16 KB read", async () => {
    // 1e308 is 6 characters in the request and 309 digits as stored: 2,000 of them would be
    // 14 KB sent and 620 KB on every read of the profile.
    const amplified = await create({ metadata: { a: Array.from({ length: 2_000 }, () => 1e308) } });
    expect(amplified.statusCode).toBe(422);
    expect(amplified.json()).toEqual({ metadata: ["Metadata must be at most 16 KB as JSON"] });
    const fits = await create({ metadata: { a: Array.from({ length: 40 }, () => 1e308), b: 1e-300 } });
    expect(fits.statusCode).toBe(201);
    const read = await request("GET", `/v1/profiles/${fits.json().id}`);
    expect(Buffer.byteLength(read.body)).toBeLessThan(16_384 + 1_024);
  });

  it("measures JSON as PostgreSQL's jsonb writes it out, byte for byte", async () => {
    const values: unknown[] = [
      { plan: "pro", seats: 3, trial: false, owner: null },
      { a: [1e308, -1.5e-7, 1e21, 123.45, 0, -0, 1e-300, 2 ** 53] },
      { ключ: "значение ✓ 😀", esc: 'q"\\\n\t\u0001\u007f', nested: { deep: [[], {}, [{ x: [1, 2] }]] } },
      [],
      {},
      "plain",
    ];
    for (const value of values) {
      const { rows } = (await platform.ctx.db.execute(
        sql`select octet_length(${JSON.stringify(value)}::jsonb::text) as n`,
      )) as unknown as { rows: { n: number }[] };
      expect(jsonbTextBytes(value), JSON.stringify(value)).toBe(Number(rows[0]!.n));
    }
  });

  it("a new profile keeps no key sent as null (as a merge into none), and none left is null", async () => {
    expect((await create({ metadata: { gone: null, kept: 1 } })).json().metadata).toEqual({ kept: 1 });
    expect((await create({ metadata: { gone: null } })).json().metadata).toBeNull();
  });

  it("422 with the same messages as create, and nothing changes", async () => {
    const created = (await create({ email: "keep@example.com" })).json();
    const res = await request("PATCH", `/v1/profiles/${created.id}`, { email: "nope", name: "Kept?" });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ email: ["Email is not a valid email address"] });
    expect((await request("GET", `/v1/profiles/${created.id}`)).json()).toEqual(created);
  });
});

describe("GET /v1/profiles (pagination)", () => {
  it("pages with current-page, page-items, total-count, total-pages and Link headers", async () => {
    const env2 = await platform.environment("TEST");
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.push((await create({ name: `P${i}` }, env2)).json().id);
    const res = await request("GET", "/v1/profiles?page=2&limit=3", undefined, env2);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      "current-page": "2",
      "page-items": "3",
      "total-count": "7",
      "total-pages": "3",
    });
    expect(res.json().map((p: { id: string }) => p.id)).toEqual(made.slice().reverse().slice(3, 6));
    const link = String(res.headers.link);
    expect(link).toContain('page=1&limit=3>; rel="first"');
    expect(link).toContain('page=1&limit=3>; rel="prev"');
    expect(link).toContain('page=3&limit=3>; rel="next"');
    expect(link).toContain('page=3&limit=3>; rel="last"');
    const last = await request("GET", "/v1/profiles?page=3&limit=3", undefined, env2);
    expect(last.json()).toHaveLength(1);
    expect(String(last.headers.link)).not.toContain('rel="next"');
  });

  it("defaults to page 1 of 25 items; page-items counts the items on this page", async () => {
    const res = await request("GET", "/v1/profiles");
    expect(res.headers["current-page"]).toBe("1");
    const total = Number(res.headers["total-count"]);
    expect(res.headers["page-items"]).toBe(String(Math.min(25, total)));
    expect(res.json()).toHaveLength(Math.min(25, total));
    expect(String(res.headers.link)).toContain("limit=25");
  });

  it.each([
    ["limit=101", { limit: ["Limit must be at most 100"] }],
    ["limit=0", { limit: ["Limit must be at least 1"] }],
    ["page=0", { page: ["Page must be at least 1"] }],
    ["page=two", { page: ["Page must be an integer"] }],
    ["page=0x10", { page: ["Page must be an integer"] }],
    ["page=1e3", { page: ["Page must be an integer"] }],
    ["limit=%2B5", { limit: ["Limit must be an integer"] }],
    ["limit=%205", { limit: ["Limit must be an integer"] }],
    ["limit=1&limit=2", { limit: ["Limit must be sent once; it was sent 2 times"] }],
    // A misspelt parameter would otherwise answer the first page as if it were understood.
    [
      "pgae=2",
      { pgae: ["Is not a parameter of this request; check its spelling against the API reference"] },
    ],
  ])("422 for %s", async (query, expected) => {
    const res = await request("GET", `/v1/profiles?${query}`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(expected);
  });

  it("404 that says the path ends where its id should be (not a profile named nothing)", async () => {
    for (const method of ["GET", "PATCH", "DELETE"] as const) {
      const res = await request(method, "/v1/profiles/", method === "PATCH" ? { name: "X" } : undefined);
      expect(res.statusCode, method).toBe(404);
      expect(res.json(), method).toEqual({
        message: "The path ends where its id should be",
        instruction:
          "Put the id in the path, as the API reference shows: no path of the API ends with a slash.",
      });
    }
  });

  it("422 for a query parameter on a route that reads none, and the write does not happen", async () => {
    const unknown = (name: string) => ({
      [name]: ["Is not a parameter of this request; check its spelling against the API reference"],
    });
    const created = (await create({ email: "query@example.com" })).json();
    const read = await request("GET", `/v1/profiles/${created.id}?expand=all`);
    expect(read.statusCode).toBe(422);
    expect(read.json()).toEqual(unknown("expand"));
    const patched = await request("PATCH", `/v1/profiles/${created.id}?email=other@example.com`, {
      name: "Q",
    });
    expect(patched.statusCode).toBe(422);
    expect(patched.json()).toEqual(unknown("email"));
    const after = (await request("GET", `/v1/profiles/${created.id}`)).json();
    expect(after).toMatchObject({ email: "query@example.com", name: null });
    const before = Number((await request("GET", "/v1/profiles?limit=1")).headers["total-count"]);
    const posted = await request("POST", "/v1/profiles?dryRun=true", {});
    expect(posted.statusCode).toBe(422);
    expect(Number((await request("GET", "/v1/profiles?limit=1")).headers["total-count"])).toBe(before);
  });
});

describe("DELETE /v1/profiles/{id}", () => {
  it("204, then 409 'being deleted' until the job runs (a repeated delete: 204, nothing queued), then 404 and a profile.deleted event", async () => {
    const profile = (await create({ email: "bye@example.com" })).json();
    const res = await request("DELETE", `/v1/profiles/${profile.uuid}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");

    // Repeating the delete is safe: the same answer, and no second job.
    expect((await request("DELETE", `/v1/profiles/${profile.id}`)).statusCode).toBe(204);
    for (const method of ["GET", "PATCH"] as const) {
      const pending = await request(
        method,
        `/v1/profiles/${profile.id}`,
        method === "PATCH" ? {} : undefined,
      );
      expect(pending.statusCode).toBe(409);
      expect(pending.json()).toEqual({
        message: `Profile ${profile.id} is being deleted`,
        instruction: "Create a new profile instead; this one is going away.",
      });
    }
    const deleteJobs = (
      await platform.ctx.db.select().from(jobs).where(eq(jobs.queue, "profiles.delete"))
    ).filter((j) => j.payload.profileId === profile.id);
    expect(deleteJobs).toHaveLength(1);
    expect(deleteJobs[0]).toMatchObject({ state: "queued" });

    await platform.worker.drain();
    expect((await request("GET", `/v1/profiles/${profile.id}`)).statusCode).toBe(404);
    const deleted = await platform.ctx.db.select().from(events).where(eq(events.profileId, profile.id));
    expect(deleted.map((e) => e.type).sort()).toEqual(["profile.created", "profile.deleted"]);
    expect(deleted.find((e) => e.type === "profile.deleted")).toMatchObject({
      profile: { id: profile.id, uuid: profile.uuid },
      record: { id: profile.id, email: "bye@example.com" },
    });
  });
});
