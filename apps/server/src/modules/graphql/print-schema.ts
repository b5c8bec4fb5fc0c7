/**
 * Writes schema.graphql, the Data API's schema as SDL (a test fails when it drifts):
 *   npm run graphql:schema
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { printedSchema } from "./schema.ts";

fs.writeFileSync(fileURLToPath(new URL("./schema.graphql", import.meta.url)), printedSchema());
