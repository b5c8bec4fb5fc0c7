/**
 * Regenerates src/generated/{auth,platform}.ts from the OpenAPI documents the server builds
 * from its route schemas. `npm run generate -w @weft/sdk`; a test fails when they drift.
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { renderTypes } from "./render-types.ts";

const outDir = fileURLToPath(new URL("../src/generated/", import.meta.url));
for (const [name, source] of Object.entries(await renderTypes())) {
  fs.writeFileSync(`${outDir}${name}.ts`, source);
  console.log(`wrote src/generated/${name}.ts`);
}
