import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  lineSink,
  startTestPlatform,
  type TestEnvironment,
  type TestPlatform,
  testDriver,
} from "../../test/harness.ts";
import { createLogger } from "../runtime.ts";
import { REQUEST_TIMEOUT_MS } from "./framework-errors.ts";
import { isIdOf, newId } from "./ids.ts";
import type { Server } from "./server-type.ts";

let platform: TestPlatform;
let env: TestEnvironment;
beforeAll(async () => {
  platform = await startTestPlatform();
  env = await platform.environment("TEST");
});
afterAll(() => platform.close());

let address: { port: number } | undefined;
/** The platform on a real socket, for what only Node's HTTP parser sees. */
async function listening() {
  if (!address) {
    await platform.app.listen({ port: 0, host: "127.0.0.1" });
    address = platform.app.server.address() as { port: number };
  }
  return address;
}

/** A request written straight to a socket, and the answer read until the server closes it. */
async function raw(request: string): Promise<{ status: number; body: unknown }> {
  const { port } = await listening();
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    let out = "";
    socket.on("data", (chunk) => {
      out += chunk;
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const [head, body] = out.split("\r\n\r\n");
      resolve({ status: Number(head!.split(" ")[1]), body: JSON.parse(body!) });
    });
  });
}

const postProfile = (payload: string | Buffer, headers: Record<string, string> = {}) =>
  platform.app.inject({
    method: "POST",
    url: "/v1/profiles",
    headers: { ...env.auth, "content-type": "application/json", ...headers },
    payload,
  });

describe("errors as RestError", () => {
  it("400 for malformed JSON, and for a prototype-poisoning key", async () => {
    for (const body of [
      "{bad",
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"admin":true}}}',
    ]) {
      const res = await postProfile(body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json()).toEqual({
        message: "The request body is not valid JSON, or it holds a __proto__ or constructor.prototype key",
        instruction: "Send a JSON object with Content-Type: application/json, without those keys.",
      });
    }
  });

  it("400 for a body that is not UTF-8, 415 for another charset: nothing is read with replacement characters", async () => {
    const profileCount = async () => {
      const { rows } = (await platform.ctx.db.execute(
        sql`select count(*)::int as n from profiles`,
      )) as unknown as {
        rows: { n: number }[];
      };
      return rows[0]!.n;
    };
    const before = await profileCount();
    const notUtf8 = await postProfile(
      Buffer.concat([Buffer.from('{"name":"a'), Buffer.from([0xff, 0xfe]), Buffer.from('b"}')]),
    );
    expect(notUtf8.statusCode).toBe(400);
    expect(notUtf8.json()).toEqual({
      message: "The request body is not valid UTF-8",
      instruction: "Send JSON encoded as UTF-8, as JSON requires (RFC 8259).",
    });
    const utf16 = await postProfile(Buffer.from('{"name":"a"}', "utf16le"), {
      "content-type": "application/json; charset=utf-16",
    });
    expect(utf16.statusCode).toBe(415);
    expect(utf16.json().message).toBe("The request body's charset utf-16 is not supported");
    expect(await profileCount()).toBe(before);
    // UTF-8 said in any of its spellings, and multi-byte text, is read as sent.
    const named = await postProfile(Buffer.from('{"name":"Zoë 李"}'), {
      "content-type": 'application/json; charset="UTF-8"',
    });
    expect(named.statusCode).toBe(201);
    expect(named.json().name).toBe("Zoë 李");
  });

  it("400 for an empty JSON body", async () => {
    const res = await postProfile("");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The request body is empty but Content-Type says application/json");
  });

  it("413 for a body over 1 MiB", async () => {
    const res = await postProfile(JSON.stringify({ name: "x".repeat(1024 * 1024 + 1) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: "The request body is larger than 1 MiB",
      instruction: "Send a smaller body; split large batches into several requests.",
    });
  });

  it("415 for a body that is not JSON, or JSON sent as text/plain", async () => {
    for (const [payload, contentType] of [
      ["name=x", "application/x-www-form-urlencoded"],
      ['{"name":"x"}', "text/plain"],
    ] as const) {
      const res = await postProfile(payload, { "content-type": contentType });
      expect(res.statusCode, contentType).toBe(415);
      expect(res.json()).toEqual({
        message: "The request body's Content-Type is not supported",
        instruction: "Send JSON with Content-Type: application/json.",
      });
    }
  });

  it("404 for an unknown route, before authentication", async () => {
    const res = await platform.app.inject({ method: "GET", url: "/v1/nothing?x=1" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: "There is no route GET /v1/nothing",
      instruction: "Check the method and path against the API reference at /openapi/platform.json.",
    });
  });

  it("405 with Allow for a path that exists with other methods", async () => {
    const res = await platform.app.inject({ method: "PUT", url: "/v1/profiles", headers: env.auth });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD, POST");
    expect(res.json()).toEqual({
      message: "/v1/profiles does not answer PUT",
      instruction: "Use one of: GET, HEAD, POST.",
    });
    const withId = await platform.app.inject({
      method: "POST",
      url: "/v1/profiles/prf_x",
      headers: env.auth,
    });
    expect(withId.statusCode).toBe(405);
    expect(withId.headers.allow).toContain("PATCH");
  });

  it("404, not 405, for a path its route answers with the very method sent (a trailing slash, a missing file)", async () => {
    const slash = await platform.app.inject({ method: "GET", url: "/v1/profiles/p_x/", headers: env.auth });
    expect(slash.statusCode).toBe(404);
    expect(slash.json()).toEqual({
      message: "There is no route GET /v1/profiles/p_x/",
      instruction: "Send it without the trailing slash: /v1/profiles/p_x.",
    });
    const file = await platform.app.inject({ method: "GET", url: "/connector/assets/nope.js" });
    expect(file.statusCode).toBe(404);
  });

  it("400 for a path with malformed percent-encoding; 414 for an overlong path segment", async () => {
    const bad = await platform.app.inject({ method: "GET", url: "/v1/profiles/%E0%A4%A", headers: env.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: "The URL is not valid: a percent-encoded sequence in its path is malformed",
      instruction: "Percent-encode the path as UTF-8 (encodeURIComponent does).",
    });
    const long = await platform.app.inject({
      method: "GET",
      url: `/v1/profiles/${"a".repeat(201)}`,
      headers: env.auth,
    });
    expect(long.statusCode).toBe(414);
    expect(Object.keys(long.json()).sort()).toEqual(["instruction", "message"]);
  });

  it("414, 431 and 400 from the HTTP parser itself are RestErrors on the wire", async () => {
    const longUrl = await raw(`GET /v1/profiles?q=${"a".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(longUrl.status).toBe(414);
    expect(longUrl.body).toMatchObject({ message: "The request's URL is too long" });
    const bigHeader = await raw(
      `GET /v1/profiles HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expect(bigHeader.status).toBe(431);
    expect(bigHeader.body).toMatchObject({ message: "The request's headers are larger than 16 KiB" });
    const garbage = await raw("NONSENSE\r\n\r\n");
    expect(garbage.status).toBe(400);
    expect(garbage.body).toEqual({
      message: "The request is not valid HTTP",
      instruction: "Send an HTTP/1.1 request, as any HTTP client does.",
    });
  });

  it(`408 for a request that stops arriving (after ${REQUEST_TIMEOUT_MS / 1000} s; shortened here)`, async () => {
    const server = platform.app.server;
    expect([server.requestTimeout, server.headersTimeout]).toEqual([REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_MS]);
    await listening();
    server.requestTimeout = 300;
    server.headersTimeout = 300;
    try {
      const stalled = await raw(
        `POST /v1/profiles HTTP/1.1\r\nHost: x\r\nAuthorization: ${env.auth.authorization}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":`,
      );
      expect(stalled).toEqual({
        status: 408,
        body: {
          message: "The request took too long to arrive",
          instruction: "Send the whole request at once, and try again.",
        },
      });
      // Refused before its body arrived: the 401 is its answer, and the connection closes.
      const refused = await raw(
        'POST /v1/profiles HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
      );
      expect(refused.status).toBe(401);
    } finally {
      server.requestTimeout = REQUEST_TIMEOUT_MS;
      server.headersTimeout = REQUEST_TIMEOUT_MS;
    }
  });

  it("400 for two Authorization headers, 415 for a compressed body, 400 for a transfer coding other than chunked; nothing is made", async () => {
    const profiles = async () =>
      Number(
        (await platform.app.inject({ method: "GET", url: "/v1/profiles", headers: env.auth })).headers[
          "total-count"
        ],
      );
    const before = await profiles();
    const head = (lines: string[]) =>
      [
        "POST /v1/profiles HTTP/1.1",
        "Host: x",
        "Content-Type: application/json",
        "Connection: close",
        ...lines,
      ].join("\r\n");
    // Node keeps the first of two; a proxy in front may keep the last: two callers in one request.
    const twice = await raw(
      `${head([`Authorization: ${env.auth.authorization}`, "Authorization: Bearer weft_sk_other", "Content-Length: 2"])}\r\n\r\n{}`,
    );
    expect(twice).toEqual({
      status: 400,
      body: {
        message: "The request has 2 Authorization headers",
        instruction: "Send exactly one Authorization header, with one credential.",
      },
    });
    // Two keys would be joined into one ("k1, k2"); two types, two readings of one body.
    for (const [name, added] of [
      ["Idempotency-Key", ["Idempotency-Key: 7f3a", "Idempotency-Key: 7f3b"]],
      // head() sends one already.
      ["Content-Type", ["Content-Type: text/plain"]],
    ] as const) {
      const doubled = await raw(
        `${head([`Authorization: ${env.auth.authorization}`, ...added, "Content-Length: 2"])}\r\n\r\n{}`,
      );
      expect(doubled, name).toEqual({
        status: 400,
        body: {
          message: `The request has 2 ${name} headers`,
          instruction: expect.stringMatching(new RegExp(`^Send exactly one ${name} header, `)),
        },
      });
    }
    const compressed = await postProfile('{"name":"Brotli"}', { "content-encoding": "br" });
    expect(compressed.statusCode).toBe(415);
    expect(compressed.json()).toEqual({
      message: "The request body's Content-Encoding br is not supported",
      instruction: "Send the body uncompressed, without a Content-Encoding header.",
    });
    const coded = await raw(
      `${head([`Authorization: ${env.auth.authorization}`, "Transfer-Encoding: gzip, chunked"])}\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
    );
    expect(coded).toEqual({
      status: 400,
      body: {
        message: "The Transfer-Encoding gzip, chunked is not supported",
        instruction: "Send the body with Content-Length, or chunked alone.",
      },
    });
    expect(await profiles()).toBe(before);
  });

  it("an absolute-form target (as sent to a proxy) names no host in the Link header: links are the public URL's", async () => {
    const { port } = await listening();
    const head = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () =>
        socket.write(
          `GET http://evil.example/v1/profiles?limit=1 HTTP/1.1\r\nHost: x\r\nAuthorization: ${env.auth.authorization}\r\nConnection: close\r\n\r\n`,
        ),
      );
      let out = "";
      socket.on("data", (chunk) => {
        out += chunk;
      });
      socket.on("error", reject);
      socket.on("close", () => resolve(out.split("\r\n\r\n")[0]!));
    });
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    const link = /\r\nlink: ([^\r]*)/i.exec(head)![1]!;
    expect(link).not.toContain("evil.example");
    expect(link).toContain(`<${platform.ctx.config.publicUrl}/v1/profiles?page=1&limit=1>; rel="first"`);
  });

  it("401 comes before validation: bad credentials never learn about the body", async () => {
    const res = await platform.app.inject({
      method: "POST",
      url: "/v1/profiles",
      headers: { authorization: "Bearer weft_sk_nope" },
      payload: { email: "bad" },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("/health and /ready", () => {
  it("GET / says what this is and where the docs and API descriptions are", async () => {
    const res = await platform.app.inject({ url: "/" });
    expect(res.statusCode).toBe(200);
    const base = platform.ctx.config.publicUrl;
    expect(res.json()).toEqual({
      name: "Weft",
      apiVersion: expect.any(String),
      docs: `${base}/docs`,
      openapi: { auth: `${base}/openapi/auth.json`, platform: `${base}/openapi/platform.json` },
      graphql: `${base}/v1/graphql`,
      health: `${base}/health`,
      ready: `${base}/ready`,
    });
  });

  it("/health says the process answers; /ready checks the database and the job workers", async () => {
    expect((await platform.app.inject({ url: "/health" })).json()).toEqual({ status: "ok" });
    const ready = await platform.app.inject({ url: "/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", database: "ok", workers: "in other processes" });
  });

  it("a stalled worker makes the process not ready", async () => {
    const ctx = { ...platform.ctx, workersHealthy: () => false };
    const { buildApp } = await import("../app.ts");
    const { app } = await buildApp(ctx);
    const res = await app.inject({ url: "/ready" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: "not ready", database: "ok", workers: "stalled" });
    await app.close();
  });
});

describe("a database outage", () => {
  it("is a 503 RestError with Retry-After (never a 500), /ready says so, and requests succeed again once it is back", async () => {
    const outagePlatform = await startTestPlatform();
    const outageEnv = await outagePlatform.environment("TEST");
    const list = () => outagePlatform.app.inject({ url: "/v1/profiles", headers: outageEnv.auth });
    expect((await list()).statusCode).toBe(200);
    const end = await outagePlatform.outage();
    try {
      const res = await list();
      expect(res.statusCode).toBe(503);
      expect(res.headers["retry-after"]).toBe("5");
      expect(res.json()).toEqual({
        message: "The service is briefly unavailable: its database cannot be reached",
        instruction: "Try again in 5 seconds; nothing was changed by this request.",
      });
      const ready = await outagePlatform.app.inject({ url: "/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: "not ready", database: "unavailable" });
    } finally {
      await end();
    }
    // PGlite is the process's own database: it cannot go away and come back, only close.
    if (testDriver === "postgres") {
      expect((await list()).statusCode).toBe(200);
      expect((await outagePlatform.app.inject({ url: "/ready" })).statusCode).toBe(200);
      await outagePlatform.close();
    } else {
      await outagePlatform.app.close();
    }
  }, 30_000);
});

describe("x-request-id", () => {
  it("is on every response, success and error alike", async () => {
    const responses = await Promise.all([
      platform.app.inject({ method: "GET", url: "/health" }),
      platform.app.inject({ method: "GET", url: "/nope" }),
      platform.app.inject({ method: "GET", url: "/v1/profiles" }),
      postProfile("{bad"),
    ]);
    const ids = responses.map((r) => r.headers["x-request-id"]);
    for (const id of ids) expect(id).toMatch(/^req_[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // And none may be read as another type than it says.
    for (const r of responses) expect(r.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("the Auth API's answers, which carry credentials, are kept by no cache; other reads say nothing", async () => {
    const profile = (await postProfile("{}")).json();
    const issued = await platform.app.inject({
      method: "POST",
      url: "/v1/users/sessions",
      headers: { ...env.auth, "content-type": "application/json" },
      payload: { userId: profile.id },
    });
    expect(issued.statusCode).toBe(201);
    expect(issued.headers["cache-control"]).toBe("no-store");
    const read = await platform.app.inject({
      method: "GET",
      url: "/v1/users/session",
      headers: { authorization: `Bearer ${issued.json().token}` },
    });
    expect(read.headers["cache-control"]).toBe("no-store");
    const refused = await platform.app.inject({ method: "GET", url: "/v1/users/session" });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["cache-control"]).toBe("no-store");
    expect(
      (await platform.app.inject({ method: "GET", url: "/health" })).headers["cache-control"],
    ).toBeUndefined();
  });

  it("echoes a well-formed incoming id and replaces a malformed one", async () => {
    const kept = await platform.app.inject({
      method: "GET",
      url: "/health",
      headers: { "x-request-id": "trace-123" },
    });
    expect(kept.headers["x-request-id"]).toBe("trace-123");
    const replaced = await platform.app.inject({
      method: "GET",
      url: "/health",
      headers: { "x-request-id": "bad id\twith spaces" },
    });
    expect(replaced.headers["x-request-id"]).toMatch(/^req_/);
  });
});

describe("500", () => {
  it("answers with an errorId and logs it with the stack", async () => {
    const { lines, sink } = lineSink();
    const broken = await startTestPlatform();
    const brokenEnv = await broken.environment("TEST");
    // Swap in a logger we can read, then break the table the route reads.
    const logger = createLogger("error", sink);
    const { buildApp } = await import("../app.ts");
    const { app } = await buildApp({ ...broken.ctx, logger });
    await broken.ctx.db.execute(sql`drop table profiles cascade`);
    const res = await app.inject({ method: "GET", url: "/v1/profiles", headers: brokenEnv.auth });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({
      message: "Something went wrong on our side",
      instruction: "Try again. If it keeps happening, give the operator this errorId.",
      errorId: expect.stringMatching(/^err_[0-9a-f]{16}$/),
    });
    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.errorId === body.errorId);
    expect(logged?.err?.stack).toContain("profiles");
    await app.close();
    await broken.close();
  });

  it("4xx bodies never carry an errorId", async () => {
    const res = await platform.app.inject({ method: "GET", url: "/v1/profiles/p_x", headers: env.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json()).not.toHaveProperty("errorId");
  });
});

describe("logs", () => {
  it("redact authorization headers, secrets and tokens", () => {
    const { lines, sink } = lineSink();
    const logger = createLogger("info", sink);
    logger.info({
      req: { headers: { authorization: "Bearer weft_sk_leak", cookie: "s=leak" } },
      key: { secret: "weft_sk_leak2" },
      session: { token: "eyJleak" },
    });
    const text = lines.join("");
    expect(text).not.toContain("leak");
    expect(text).toContain("[redacted]");
  });
});

describe("request logs", () => {
  /** An app logging at info into `lines`; `run` makes its requests, then the app closes. */
  async function logsOf(run: (app: Server) => Promise<unknown>) {
    const { lines, sink } = lineSink();
    const { buildApp } = await import("../app.ts");
    const { app } = await buildApp({ ...platform.ctx, logger: createLogger("info", sink) });
    await run(app);
    await app.close();
    return lines;
  }

  it("are one line a request at info, with its id, method, URL, status and time", async () => {
    const ids: unknown[] = [];
    const lines = await logsOf(async (app) => {
      for (const url of ["/health", "/v1/profiles/p_missing"])
        ids.push((await app.inject({ method: "GET", url })).headers["x-request-id"]);
    });
    // Whatever else the app logs as it starts (a front end not built yet, say), each request is one line.
    const logged = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.reqId !== undefined);
    expect(logged).toHaveLength(2);
    expect(logged.map((line) => line.msg)).toEqual(["request", "request"]);
    expect(logged[0]).toMatchObject({ level: 30, reqId: ids[0], method: "GET", url: "/health", status: 200 });
    expect(logged[0]!.ms).toEqual(expect.any(Number));
    expect(logged[1]).toMatchObject({ reqId: ids[1], status: 401 });
  });

  it("are one line for a GraphQL request whatever its errors (a mistake is said in the answer, not logged)", async () => {
    const lines = await logsOf(async (app) => {
      // A document GraphQL refuses, and one an API key may not run.
      for (const query of ["{ nope }", "{ profile { id } }"]) {
        const res = await app.inject({
          method: "POST",
          url: "/v1/graphql",
          headers: env.auth,
          payload: { query },
        });
        expect(res.json().errors, query).toHaveLength(1);
      }
    });
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((l) => l.reqId);
    expect(logged.map((line) => line.msg)).toEqual(["request", "request"]);
  });

  it("leave out a signed link's signature", async () => {
    const lines = await logsOf((app) =>
      app.inject({ method: "GET", url: "/v1/statements/stmt_x/pdf?expires=1&signature=SECRETSIG&token=T0K" }),
    );
    const text = lines.join("");
    expect(text).toContain("/v1/statements/stmt_x/pdf?expires=1&signature=[redacted]&token=[redacted]");
    expect(text).not.toContain("SECRETSIG");
    expect(text).not.toContain("T0K");
  });

  it("leave out an OAuth redirect's code and state, and credentials sent in a query by mistake", async () => {
    const lines = await logsOf(async (app) => {
      await app.inject({
        method: "GET",
        url: "/v1/akoya/callback?code=C0DE&state=ST4TE&iss=https%3A%2F%2Fidp",
      });
      await app.inject({
        method: "GET",
        url: "/v1/profiles?access_token=AXS&api_key=K3Y&password=PW&passcode=123456",
      });
    });
    const text = lines.join("");
    expect(text).toContain("/v1/akoya/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fidp");
    for (const secret of ["C0DE", "ST4TE", "AXS", "K3Y", "PW&", "123456"]) expect(text).not.toContain(secret);
  });
});

describe("ids", () => {
  it("are prefixed, 26 lowercase characters, and sort by creation time", () => {
    const a = newId("profile", 1_700_000_000_000);
    const b = newId("profile", 1_700_000_000_001);
    expect(a).toMatch(/^p_[0-9a-hjkmnp-tv-z]{26}$/);
    expect(isIdOf("profile", a)).toBe(true);
    expect(isIdOf("connection", a)).toBe(false);
    expect(a < b).toBe(true);
    expect(newId("profile")).not.toBe(newId("profile"));
  });
});

describe("hooks of writes", () => {
  const WRITE_HOOKS = ["idempotencyKey", "keepIdempotentAnswer", "auditWrite"];
  const hooksOf = (method: string) => platform.app.printRoutes({ includeHooks: true, method });

  it("run on every writing route and on no read (a GET pays for none of them)", () => {
    for (const method of ["POST", "PATCH", "DELETE"])
      for (const hook of WRITE_HOOKS) expect(hooksOf(method), `${method}: ${hook}`).toContain(hook);
    for (const method of ["GET", "HEAD"])
      for (const hook of WRITE_HOOKS) expect(hooksOf(method), `${method}: ${hook}`).not.toContain(hook);
  });
});
