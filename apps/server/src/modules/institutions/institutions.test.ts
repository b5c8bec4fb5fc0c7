import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "../../../test/harness.ts";
import { get } from "../../../test/sandbox-helpers.ts";
import { institutionRoutingNumbers, institutions, PRODUCTS } from "../../db/schema/index.ts";
import { SANDBOX_INSTITUTIONS } from "../../providers/mock/index.ts";
import { ensureProviderInstitution } from "./service.ts";

let platform: TestPlatform;
let env: TestEnvironment;
beforeAll(async () => {
  platform = await startTestPlatform();
  env = await platform.environment("TEST");
});
afterAll(() => platform.close());

const bank = SANDBOX_INSTITUTIONS[0]!;

describe("GET /v1/institutions?routingNumber=", () => {
  it("finds the institutions that use a routing number", async () => {
    const res = await get(platform, env, "/v1/institutions?routingNumber=212000555");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: bank.id,
        name: "Weft Sandbox Bank",
        logoUrl: `${platform.ctx.config.publicUrl}/v1/institutions/${bank.id}/logo.svg`,
        url: "https://weft-sandbox-bank.example",
        routingNumbers: ["110000615", "212000555"],
        products: [...PRODUCTS],
      },
    ]);
    const none = await get(platform, env, "/v1/institutions?routingNumber=021000021");
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
  });

  it("422 without a routing number, as for any required input", async () => {
    const res = await get(platform, env, "/v1/institutions");
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ routingNumber: ["Routing number is required"] });
  });

  it.each([
    ["?routingNumber=11000061", "11000061 is not a valid routing number"],
    ["?routingNumber=110000616", "110000616 is not a valid routing number"],
    ["?routingNumber=11000061x", "11000061x is not a valid routing number"],
  ])("400 for %s", async (query, message) => {
    const res = await get(platform, env, `/v1/institutions${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message,
      instruction: "Send routingNumber: 9 digits whose ABA checksum holds, e.g. ?routingNumber=110000615.",
    });
  });

  it("shows PRODUCTION environments no sandbox institutions", async () => {
    const production = await platform.environment("PRODUCTION");
    const res = await get(platform, production, "/v1/institutions?routingNumber=110000615");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect((await get(platform, production, `/v1/institutions/${bank.id}`)).statusCode).toBe(404);
  });

  it("401 without an API key", async () => {
    expect(
      (await platform.app.inject({ method: "GET", url: "/v1/institutions?routingNumber=110000615" }))
        .statusCode,
    ).toBe(401);
  });
});

describe("GET /v1/institutions/{institutionId}", () => {
  it("reads one; 404 for an unknown id", async () => {
    const res = await get(platform, env, `/v1/institutions/${SANDBOX_INSTITUTIONS[2]!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: "First Gingham Credit Union",
      routingNumbers: ["261073290", "322270518"],
    });
    const unknown = await get(platform, env, "/v1/institutions/inst_00000000000000000000000000");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Institution inst_00000000000000000000000000 was not found");
  });

  it("serves a small SVG logo, publicly", async () => {
    const res = await platform.app.inject({ method: "GET", url: `/v1/institutions/${bank.id}/logo.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
    // Never read as a page: no sniffing, no script, no frames.
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(res.body).toContain('fill="#4f46e5"');
    expect(res.body).toContain(">WS</text>");
    expect(res.body.length).toBeLessThan(1024);
    const missing = await platform.app.inject({ method: "GET", url: "/v1/institutions/inst_x/logo.svg" });
    expect(missing.statusCode).toBe(404);
    // Public: the answer speaks of no credentials.
    expect(missing.json()).toEqual({
      message: "Institution inst_x has no logo",
      instruction: "Use the logoUrl an institution's record gave.",
    });
  });

  it("a provider's logo is kept only when it is a small PNG; otherwise initials are drawn", async () => {
    const png = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(64, 1)]).toString(
      "base64",
    );
    const svgInDisguise = Buffer.from('<svg onload="alert(1)"/>').toString("base64");
    const huge = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(200_000)]).toString(
      "base64",
    );
    const logoOf = async (externalId: string, logo: string | null) => {
      const row = await ensureProviderInstitution(platform.ctx.db, "PLAID", externalId, async () => ({
        name: "Quokka Savings",
        url: null,
        primaryColor: "#123456",
        logo,
        products: [],
      }));
      return (await platform.app.inject({ method: "GET", url: `/v1/institutions/${row.id}/logo.svg` })).body;
    };
    expect(await logoOf("ins_logo_png", png)).toContain(`href="data:image/png;base64,${png}"`);
    for (const [id, logo] of [
      ["ins_logo_svg", svgInDisguise],
      ["ins_logo_huge", huge],
      ["ins_logo_text", 'x" onload="alert(1)'],
      ["ins_logo_none", null],
    ] as const) {
      const body = await logoOf(id, logo);
      expect(body).toContain(">QS</text>");
      expect(body).not.toContain("<image");
    }
  });
});

it("the database's sandbox institutions are exactly the sandbox catalogue in code", async () => {
  // Providers' institutions join the catalogue as they are seen (a test above adds some).
  const rows = (await platform.ctx.db.select().from(institutions).orderBy(institutions.id)).filter(
    (r) => r.providerIds.MOCK,
  );
  const numbers = await platform.ctx.db.select().from(institutionRoutingNumbers);
  const fromDb = rows.map((r) => ({
    id: r.id,
    key: r.providerIds.MOCK,
    name: r.name,
    url: r.url,
    primaryColor: r.primaryColor,
    products: r.products,
    routingNumbers: numbers
      .filter((n) => n.institutionId === r.id)
      .map((n) => n.routingNumber)
      .sort(),
  }));
  const fromCode = [...SANDBOX_INSTITUTIONS]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((i) => ({
      id: i.id,
      key: i.key,
      name: i.name,
      url: i.url,
      primaryColor: i.primaryColor,
      products: [...i.products],
      routingNumbers: [...i.routingNumbers].sort(),
    }));
  expect(fromDb).toEqual(fromCode);
});
