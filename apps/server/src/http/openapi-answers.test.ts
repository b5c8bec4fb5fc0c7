import { once } from "node:events";
import net from "node:net";
import { Ajv } from "ajv";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startTestPlatform,
  type TestEnvironment,
  type TestPlatform,
  testDriver,
} from "../../test/harness.ts";
import { createProfile } from "../../test/sandbox-helpers.ts";
import { buildApp } from "../app.ts";
import { setEnvironmentRateLimits } from "../modules/environments/service.ts";

/**
 * What the shared hooks and the error handler answer, whatever the route, is declared on every
 * operation of both OpenAPI documents, with its body and headers: a client generated from them
 * can read every answer Weft gives. The rules are written here again, from the document alone
 * (method, security, inputs); real requests then show each kind of answer is what is declared.
 */

type Api = "auth" | "platform";
type Header = { description?: string; required?: boolean; schema: { type: string; minimum?: number } };
type Response = {
  description: string;
  headers?: Record<string, Header>;
  content?: { "application/json": { schema: { $ref?: string }; example?: unknown } };
};
type Operation = {
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses: Record<string, Response>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
};

const RATE_LIMIT_HEADERS = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"];
/** The headers of the shared hooks: a response that carries one must declare it. */
const SHARED_HEADERS = [...RATE_LIMIT_HEADERS, "Retry-After"];

/** The statuses an operation answers whatever its own rules, and the body each has. */
function statusesAnswered(
  method: string,
  operation: Operation,
): Map<number, "RestError" | "ValidationErrors"> {
  const isAuthenticated = operation.security.length > 0;
  const inputs = operation.parameters?.filter((p) => p.in === "path" || p.in === "query") ?? [];
  const statuses = new Map<number, "RestError" | "ValidationErrors">([
    [500, "RestError"], // the error handler: anything unexpected, with an errorId
    [503, "RestError"], // the database unreachable, or the server shutting down
  ]);
  // Fastify reads a body on these (a GET's is ignored), whenever a Content-Type is sent.
  if (["post", "put", "patch", "delete"].includes(method)) {
    statuses.set(400, "RestError");
    statuses.set(413, "RestError");
    statuses.set(415, "RestError");
  }
  if (operation.parameters?.some((p) => p.in === "path")) statuses.set(414, "RestError");
  // The input policy (and the validator) read every path and query parameter and the body.
  if (inputs.length > 0 || operation.requestBody) statuses.set(422, "ValidationErrors");
  if (isAuthenticated) statuses.set(429, "RestError");
  // An authenticated POST's Idempotency-Key: still running (409), or used for another request (422).
  if (isAuthenticated && method === "post") {
    statuses.set(409, "RestError");
    statuses.set(422, "ValidationErrors");
  }
  return statuses;
}

let platform: TestPlatform;
let env: TestEnvironment;
let profileId: string;
const documents = {} as Record<Api, Document>;
const ajv = new Ajv({ strict: false });

beforeAll(async () => {
  // Limits high enough never to be met, but set: every authenticated answer says where it stands.
  platform = await startTestPlatform({ WEFT_RATE_LIMIT_API_KEY: "10000", WEFT_RATE_LIMIT_SESSION: "10000" });
  env = await platform.environment("SANDBOX");
  profileId = await createProfile(platform, env);
  for (const api of ["auth", "platform"] as const)
    documents[api] = (await platform.app.inject({ url: `/openapi/${api}.json` })).json();
});
afterAll(() => platform.close());

const operations = (api: Api) =>
  Object.entries(documents[api].paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ path, method, operation })),
  );

/**
 * The answer is declared for the operation: its status, a body that is valid against the
 * declared schema, every shared header it carries declared (with a valid value), and every
 * header declared as required present.
 */
function expectDeclared(api: Api, method: string, path: string, res: LightMyRequestResponse | RawAnswer) {
  const where = `${method.toUpperCase()} ${path} → ${res.statusCode}`;
  const response = documents[api].paths[path]?.[method]?.responses[String(res.statusCode)];
  expect(response, `${where} is not declared`).toBeDefined();
  const ref = response!.content?.["application/json"].schema.$ref;
  const schema = ref && documents[api].components.schemas[ref.split("/").at(-1)!];
  expect(schema, `${where}: its body schema`).toBeDefined();
  const body = JSON.parse(res.body);
  expect(ajv.validate(schema as object, body), `${where}: ${res.body} against ${ref}`).toBe(true);
  const declared = Object.fromEntries(
    Object.entries(response!.headers ?? {}).map(([name, header]) => [name.toLowerCase(), header]),
  );
  for (const name of SHARED_HEADERS) {
    const value = res.headers[name.toLowerCase()];
    if (value === undefined) continue;
    const header = declared[name.toLowerCase()];
    expect(header, `${where} carries ${name}, not declared`).toBeDefined();
    expect(String(value), `${where}: ${name}`).toMatch(/^\d+$/);
    expect(Number(value)).toBeGreaterThanOrEqual(header!.schema.minimum ?? 0);
  }
  for (const [name, header] of Object.entries(declared)) {
    if (header.required) expect(res.headers[name], `${where} lacks the required ${name}`).toBeDefined();
  }
}

describe.each(["auth", "platform"] as const)("every operation of /openapi/%s.json", (api) => {
  it("declares each status its method, credentials and inputs make it answer, with its body", () => {
    const missing: string[] = [];
    for (const { path, method, operation } of operations(api)) {
      for (const [status, body] of statusesAnswered(method, operation)) {
        const response = operation.responses[String(status)];
        const ref = response?.content?.["application/json"].schema.$ref;
        if (ref !== `#/components/schemas/${body}`)
          missing.push(`${method.toUpperCase()} ${path} ${status} (${ref ?? "undeclared"})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("declares the rate-limit headers on every answer to an authenticated request, and Retry-After on 429 and 503", () => {
    const missing: string[] = [];
    for (const { path, method, operation } of operations(api)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const names = Object.keys(response.headers ?? {});
        // A 401 is answered before the request is counted: no credential to count it against.
        const wanted = operation.security.length > 0 && status !== "401" ? RATE_LIMIT_HEADERS : [];
        for (const name of wanted)
          if (!names.includes(name)) missing.push(`${method.toUpperCase()} ${path} ${status} ${name}`);
        if ((status === "429" || status === "503") && response.headers?.["Retry-After"]?.required !== true)
          missing.push(`${method.toUpperCase()} ${path} ${status} Retry-After (required)`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("real answers are declared for the operation that gave them", () => {
  const inject = (method: string, url: string, headers: Record<string, string>, payload?: string) =>
    platform.app.inject({ method: method as "GET", url, headers, ...(payload !== undefined && { payload }) });
  const json = { "content-type": "application/json" };

  it("2xx: the rate-limit headers", async () => {
    const res = await inject("GET", "/v1/profiles", env.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers["ratelimit-limit"]).toBe("10000");
    // A success body is the route's own: only the headers are checked here.
    const declared = documents.platform.paths["/v1/profiles"]!.get!.responses["200"]!.headers!;
    for (const name of RATE_LIMIT_HEADERS) expect(declared[name]).toBeDefined();
  });

  it("400: a body that is not JSON, or none while Content-Type says JSON where one is taken", async () => {
    const bad = await inject("POST", "/v1/profiles", { ...env.auth, ...json }, "{bad");
    expect(bad.statusCode).toBe(400);
    expectDeclared("platform", "post", "/v1/profiles", bad);
    const empty = await inject("POST", "/v1/profiles", { ...env.auth, ...json }, "");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("The request body is empty but Content-Type says application/json");
    expectDeclared("platform", "post", "/v1/profiles", empty);
    // An operation that takes no body has nothing to parse: many clients say JSON on every POST.
    const none = await inject("POST", "/v1/introspect/api_key", { ...env.auth, ...json }, "");
    expect(none.statusCode).toBe(200);
  });

  it("415: a body that is not application/json", async () => {
    const res = await inject(
      "POST",
      "/v1/profiles",
      { ...env.auth, "content-type": "text/plain" },
      JSON.stringify({ name: "Plain" }),
    );
    expect(res.statusCode).toBe(415);
    expect(res.headers["ratelimit-limit"]).toBe("10000");
    expectDeclared("platform", "post", "/v1/profiles", res);
    const deletion = await inject(
      "DELETE",
      `/v1/profiles/${profileId}`,
      { ...env.auth, "content-type": "text/plain" },
      "x",
    );
    expect(deletion.statusCode).toBe(415);
    expectDeclared("platform", "delete", "/v1/profiles/{id}", deletion);
  });

  it("413: a body larger than the limit", async () => {
    const res = await inject(
      "PATCH",
      `/v1/profiles/${profileId}`,
      { ...env.auth, ...json },
      JSON.stringify({ name: "x".repeat(1024 * 1024) }),
    );
    expect(res.statusCode).toBe(413);
    expectDeclared("platform", "patch", "/v1/profiles/{id}", res);
  });

  it("422: an Idempotency-Key used with another request, on an operation with a body and one without", async () => {
    const key = { ...env.auth, "idempotency-key": "openapi-answers-key" };
    const first = await inject(
      "POST",
      "/v1/profiles",
      { ...key, ...json },
      JSON.stringify({ name: "First" }),
    );
    expect(first.statusCode).toBe(201);
    const other = await inject(
      "POST",
      "/v1/profiles",
      { ...key, ...json },
      JSON.stringify({ name: "Other" }),
    );
    expect(other.statusCode).toBe(422);
    expect(Object.keys(other.json())).toEqual(["Idempotency-Key"]);
    expectDeclared("platform", "post", "/v1/profiles", other);
    // The same key on another path is another request: the Auth API's introspection, which takes no body.
    const elsewhere = await inject("POST", "/v1/introspect/api_key", key);
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json()).toEqual(other.json());
    expectDeclared("auth", "post", "/v1/introspect/api_key", elsewhere);
    // The documents' example of the 422 is what the server said.
    const declared = documents.auth.paths["/v1/introspect/api_key"]!.post!.responses["422"]!;
    expect(declared.content?.["application/json"].example).toEqual(elsewhere.json());
  });

  it("422 and 414: a path parameter the input policy refuses, or longer than the router takes", async () => {
    const nul = await inject("GET", "/v1/accounts/a%00b", env.auth);
    expect(nul.statusCode).toBe(422);
    expect(nul.json()).toEqual({ accountId: ["Account ID must not contain a NUL character"] });
    expectDeclared("platform", "get", "/v1/accounts/{accountId}", nul);
    const long = await inject("GET", `/v1/accounts/${"a".repeat(201)}`, env.auth);
    expect(long.statusCode).toBe(414);
    expectDeclared("platform", "get", "/v1/accounts/{accountId}", long);
  });

  it("429: past the credential's limit, with Retry-After and the rate-limit headers", async () => {
    const limited = await platform.environment("SANDBOX", "one request a second");
    await setEnvironmentRateLimits(platform.ctx, limited.id, { apiKey: 1 });
    // At the start of a second, so that the requests below share one.
    await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 5));
    expect((await inject("GET", "/v1/profiles", limited.auth)).statusCode).toBe(200);
    const read = await inject("GET", "/v1/profiles", limited.auth);
    const write = await inject("POST", "/v1/introspect/api_key", limited.auth);
    for (const res of [read, write]) {
      expect(res.statusCode).toBe(429);
      expect(res.headers["retry-after"]).toBe("1");
      expect(res.headers["ratelimit-remaining"]).toBe("0");
    }
    expectDeclared("platform", "get", "/v1/profiles", read);
    expectDeclared("auth", "post", "/v1/introspect/api_key", write);
  });

  it("500 with an errorId, then 503 with Retry-After while the database cannot be reached", async () => {
    const broken = await startTestPlatform({ WEFT_RATE_LIMIT_API_KEY: "10000" });
    const brokenEnv = await broken.environment("TEST");
    await broken.ctx.db.execute(sql`drop table profiles cascade`);
    const fault = await broken.app.inject({ url: "/v1/profiles", headers: brokenEnv.auth });
    expect(fault.statusCode).toBe(500);
    expect(fault.json().errorId).toMatch(/^err_/);
    expectDeclared("platform", "get", "/v1/profiles", fault);
    const end = await broken.outage();
    try {
      const unavailable = await broken.app.inject({
        method: "POST",
        url: "/v1/users/sessions",
        headers: { ...brokenEnv.auth, ...json },
        payload: JSON.stringify({ userId: "p_01jaaaaaaaaaaaaaaaaaaaaaaa" }),
      });
      expect(unavailable.statusCode).toBe(503);
      expect(unavailable.headers["retry-after"]).toBe("5");
      expectDeclared("auth", "post", "/v1/users/sessions", unavailable);
    } finally {
      await end();
    }
    if (testDriver === "postgres") await broken.close();
    else await broken.app.close();
  }, 30_000);

  it("503 with Retry-After to a request that arrives while the server shuts down", async () => {
    const { app } = await buildApp(platform.ctx);
    await app.listen({ port: 0, host: "127.0.0.1" });
    const socket = net.connect((app.server.address() as net.AddressInfo).port, "127.0.0.1");
    await once(socket, "connect");
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk;
    });
    const closed = once(socket, "close");
    const body = JSON.stringify({ name: "In flight" });
    const head = (method: string, path: string, extra = "") =>
      `${method} ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: ${env.auth.authorization}\r\n${extra}\r\n`;
    // A request in flight (half its body still to come) keeps the connection open as the server closes…
    const started = once(app.server, "request");
    socket.write(
      head("POST", "/v1/profiles", `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n`) +
        body.slice(0, 5),
    );
    await started;
    const closing = app.close();
    // …and the next request on it arrives after the server began to close.
    socket.write(body.slice(5) + head("GET", "/v1/profiles"));
    await closed;
    await closing;
    const answers = parseAnswers(received);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 503]);
    const late = answers[1]!;
    expect(late.headers["retry-after"]).toBe("1");
    expect(JSON.parse(late.body)).toEqual({
      message: "This server is shutting down",
      instruction:
        "Send it again in 1 second (Retry-After): another instance, or this one once it restarts, will answer; nothing was changed by this request.",
    });
    expectDeclared("platform", "get", "/v1/profiles", late);
  });
});

type RawAnswer = { statusCode: number; headers: Record<string, string>; body: string };

/** HTTP/1.1 answers one after another on a socket, each with a Content-Length. */
function parseAnswers(text: string): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = Buffer.from(text);
  while (rest.length > 0) {
    const end = rest.indexOf("\r\n\r\n");
    const [statusLine, ...lines] = rest.subarray(0, end).toString().split("\r\n");
    const headers = Object.fromEntries(
      lines.map((line) => [
        line.slice(0, line.indexOf(":")).toLowerCase(),
        line.slice(line.indexOf(":") + 1).trim(),
      ]),
    );
    const length = Number(headers["content-length"]);
    answers.push({
      statusCode: Number(statusLine!.split(" ")[1]),
      headers,
      body: rest.subarray(end + 4, end + 4 + length).toString(),
    });
    rest = rest.subarray(end + 4 + length);
  }
  return answers;
}
