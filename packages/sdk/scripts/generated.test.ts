import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { renderTypes } from "./render-types.ts";

describe("@weft/sdk generated types", () => {
  it("match the OpenAPI documents the server generates (run `npm run generate -w @weft/sdk` after an API change)", async () => {
    const rendered = await renderTypes();
    for (const [name, source] of Object.entries(rendered)) {
      const checkedIn = fs.readFileSync(new URL(`../src/generated/${name}.ts`, import.meta.url), "utf8");
      expect(checkedIn, `src/generated/${name}.ts is stale`).toBe(source);
    }
  });
});
