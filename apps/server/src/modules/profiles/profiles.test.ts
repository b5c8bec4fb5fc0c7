import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "../../../test/harness.ts";

let platform: TestPlatform;
let env: TestEnvironment;

beforeAll(async () => {
  platform = await startTestPlatform({ WEFT_SANDBOX_PROFILE_LIMIT: "3" });
  env = await platform.environment("TEST");
});
afterAll(() => platform.close());

const post = (body: unknown, e: TestEnvironment = env) =>
  platform.app.inject({ method: "POST", url: "/v1/profiles", headers: e.auth, payload: body as object });

describe("POST /v1/profiles", () => {
  it("creates a profile with every field, deriving names.full and ignoring read-only input", async () => {
    const res = await post({
      uuid: "8b6f2c1e-4a3d-4f7e-9c2b-1d5e6f7a8b9c",
      email: "ada@example.com",
      phone: "+14155552671",
      name: "Ada",
      names: { first: "Ada", last: "Lovelace", full: "ignored" },
      dateOfBirth: "1815-12-10",
      address: { line1: "12 St James's Sq", city: "London", state: "LN", postalCode: "SW1Y", countryCode: "USA" },
      metadata: { plan: "pro" },
      id: "p_attacker",
      createdAt: "2000-01-01T00:00:00Z",
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      uuid: "8b6f2c1e-4a3d-4f7e-9c2b-1d5e6f7a8b9c",
      email: "ada@example.com",
      phone: "+14155552671",
      name: "Ada",
      names: { full: "Ada Lovelace", first: "Ada", last: "Lovelace" },
      dateOfBirth: "1815-12-10",
      address: { line1: "12 St James's Sq", city: "London", state: "LN", postalCode: "SW1Y", countryCode: "USA" },
      metadata: { plan: "pro" },
    });
    expect(body.id).toMatch(/^p_[0-9a-z]{26}$/);
    expect(body.createdAt).not.toBe("2000-01-01T00:00:00.000Z");
    expect(res.headers["x-request-id"]).toBeTruthy();
  });

  it("generates a uuid when none is sent, and leaves unsent fields null", async () => {
    const res = await post({});
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: null, phone: null, names: null, address: null, metadata: null });
    expect(res.json().uuid).toMatch(/^[0-9a-f-]{36}$/);
  });
});
