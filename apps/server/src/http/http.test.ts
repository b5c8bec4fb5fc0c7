import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "../../test/harness.ts";
import { createLogger } from "../runtime.ts";
import { isIdOf, newId } from "./ids.ts";

let platform: TestPlatform;
let env: TestEnvironment;
beforeAll(async () => {
  platform = await startTestPlatform();
  env = await platform.environment("TEST");
});
afterAll(() => platform.close());

const postProfile = (payload: string, headers: Record<string, string> = {}) =>
  platform.app.inject({
    method: "POST",
    url: "/v1/profiles",
    headers: { ...env.auth, "content-type": "application/json", ...headers },
    payload,
  });

describe("errors as RestError", () => {
  it("400 for malformed JSON", async () => {
    const res = await postProfile("{bad");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "The request body is not valid JSON",
      instruction: "Send a JSON object with Content-Type: application/json.",
    });
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

  it("415 for a body that is not JSON", async () => {
    const res = await postProfile("name=x", { "content-type": "application/x-www-form-urlencoded" });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe("The request body's Content-Type is not supported");
  });

  it("404 for an unknown route, before authentication", async () => {
    const res = await platform.app.inject({ method: "GET", url: "/v1/nothing?x=1" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: "There is no route GET /v1/nothing",
      instruction: "Check the method and path against the API reference at /openapi/platform.json.",
    });
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

describe("x-request-id", () => {
  it("is on every response, success and error alike", async () => {
    const responses = await Promise.all([
      platform.app.inject({ method: "GET", url: "/health" }),
      platform.app.inject({ method: "GET", url: "/nope" }),
      platform.app.inject({ method: "GET", url: "/v1/profiles" }),
      postProfile("{bad"),
    ]);
    const ids = responses.map((r) => r.headers["x-request-id"]);
    for (const id of ids) expect(id).toMatch(/^req_[0-9a-f]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
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
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
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
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
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
  it("leave out a signed link's signature", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { buildApp } = await import("../app.ts");
    const { app } = await buildApp({ ...platform.ctx, logger: createLogger("info", sink) });
    await app.inject({
      method: "GET",
      url: "/v1/statements/stmt_x/pdf?expires=1&signature=SECRETSIG&token=T0K",
    });
    await app.close();
    const text = lines.join("");
    expect(text).toContain("/v1/statements/stmt_x/pdf?expires=1&signature=[redacted]&token=[redacted]");
    expect(text).not.toContain("SECRETSIG");
    expect(text).not.toContain("T0K");
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
