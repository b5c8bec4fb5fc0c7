import { createConfig, lintFromString } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../test/harness.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

/** Where a schema still carries our validation-only `errorMessage` keyword (property names are fine). */
function annotationsLeft(node: unknown, where = "#"): string[] {
  if (typeof node !== "object" || node === null) return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === "errorMessage" && typeof value === "string") found.push(where);
    if (key === "properties" && typeof value === "object" && value !== null) {
      for (const [name, schema] of Object.entries(value))
        found.push(...annotationsLeft(schema, `${where}/properties/${name}`));
    } else {
      found.push(...annotationsLeft(value, `${where}/${key}`));
    }
  }
  return found;
}

const fetchDocument = async (name: "auth" | "platform") => {
  const res = await platform.app.inject({ method: "GET", url: `/openapi/${name}.json` });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe.each(["auth", "platform"] as const)("/openapi/%s.json", (name) => {
  it("passes the Redocly linter's recommended rules with no problem at all", async () => {
    const document = await fetchDocument(name);
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: `${name}.json`,
      config: await createConfig({ extends: ["recommended"] }),
    });
    const summary = problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`,
    );
    expect(summary).toEqual([]);
  });

  it("is OpenAPI 3.1 with an operationId, a tag and a security requirement on every operation", async () => {
    const document = await fetchDocument(name);
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.version).toBe("2025-04-01");
    for (const [path, operations] of Object.entries(
      document.paths as Record<
        string,
        Record<string, { operationId?: string; tags?: string[]; security?: unknown }>
      >,
    )) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z]+$/);
        expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
        expect(Array.isArray(operation.security), `${method} ${path}`).toBe(true);
      }
    }
  });
});

describe("document contents", () => {
  it("splits routes between the Auth and the Platform API", async () => {
    const auth = await fetchDocument("auth");
    const platformDoc = await fetchDocument("platform");
    expect(Object.keys(auth.paths)).toEqual(
      expect.arrayContaining([
        "/v1/introspect/api_key",
        "/v1/introspect/session_token",
        "/v1/users/sessions",
        "/v1/users/session",
      ]),
    );
    expect(Object.keys(platformDoc.paths)).toEqual(
      expect.arrayContaining(["/v1/profiles", "/v1/profiles/{id}"]),
    );
    expect(Object.keys(platformDoc.paths)).not.toContain("/v1/users/sessions");
    expect(Object.keys(auth.paths)).not.toContain("/v1/profiles");
    expect(Object.keys(platformDoc.paths["/v1/profiles/{id}"]).sort()).toEqual(["delete", "get", "patch"]);
  });

  it("names shared schemas as components and references them", async () => {
    const document = await fetchDocument("platform");
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining([
        "Profile",
        "ProfileCreateRequest",
        "ProfileUpdateRequest",
        "Address",
        "RestError",
        "ValidationErrors",
      ]),
    );
    const create = document.paths["/v1/profiles"].post;
    expect(create.requestBody.content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/ProfileCreateRequest",
    });
    expect(create.responses["201"].content["application/json"].schema.$ref).toBe(
      "#/components/schemas/Profile",
    );
    expect(create.responses["422"].content["application/json"].schema.$ref).toBe(
      "#/components/schemas/ValidationErrors",
    );
    expect(create.security).toEqual([{ apiKey: [] }]);
    expect(annotationsLeft(document)).toEqual([]);
  });

  it("flags deprecated fields as such, for generators and viewers to mark", async () => {
    const { schemas } = (await fetchDocument("platform")).components;
    expect(schemas.Profile.properties.updatedAt.deprecated).toBe(true);
    expect(schemas.Connection.properties.features.deprecated).toBe(true);
  });

  it("documents the pagination headers and query of list operations", async () => {
    const list = (await fetchDocument("platform")).paths["/v1/profiles"].get;
    expect(list.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual([
      "query:page",
      "query:limit",
    ]);
    // Both have defaults (1 and 25), so neither is required.
    expect(list.parameters.map((p: { required: boolean }) => p.required)).toEqual([false, false]);
    expect(Object.keys(list.responses["200"].headers).sort()).toEqual([
      "RateLimit-Limit",
      "RateLimit-Remaining",
      "RateLimit-Reset",
      "current-page",
      "link",
      "page-items",
      "total-count",
      "total-pages",
    ]);
  });

  it("gives a 422 the operation's own example: what the server answers to a wrong input to it", async () => {
    const { auth } = await platform.environment();
    const platformApi = await fetchDocument("platform");
    const example = (method: string, path: string) =>
      platformApi.paths[path][method].responses["422"].content["application/json"].example;
    const emptyBody = await platform.app.inject({
      method: "POST",
      url: "/v1/webhooks/subscriptions",
      headers: auth,
      payload: {},
    });
    expect(emptyBody.statusCode).toBe(422);
    expect(example("post", "/v1/webhooks/subscriptions")).toEqual(emptyBody.json());
    const badQuery = await platform.app.inject({ method: "GET", url: "/v1/profiles?page=-1", headers: auth });
    expect(badQuery.statusCode).toBe(422);
    expect(example("get", "/v1/profiles")).toEqual(badQuery.json());
  });

  it("session endpoints declare the session scheme", async () => {
    const auth = await fetchDocument("auth");
    expect(auth.paths["/v1/users/session"].delete.security).toEqual([{ session: [] }]);
    expect(auth.components.securitySchemes.session).toMatchObject({
      type: "http",
      scheme: "bearer",
      bearerFormat: "JWT",
    });
  });
});
