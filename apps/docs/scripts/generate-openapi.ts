/**
 * Writes the Auth and Platform OpenAPI documents, generated from the server's route schemas,
 * to .generated/openapi/ for the API reference pages. Run before every build and dev server,
 * so the reference is never a hand-kept copy.
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { generateOpenApiDocuments } from "../../server/src/openapi-documents.ts";

const outDir = fileURLToPath(new URL("../.generated/openapi/", import.meta.url));

export async function writeOpenApiDocuments(): Promise<void> {
  const documents = await generateOpenApiDocuments();
  fs.mkdirSync(outDir, { recursive: true });
  for (const [name, document] of Object.entries(documents)) {
    fs.writeFileSync(`${outDir}${name}.json`, `${JSON.stringify(document, null, 2)}\n`);
  }
}

if (import.meta.main) {
  await writeOpenApiDocuments();
  process.stdout.write("wrote .generated/openapi/{auth,platform}.json\n");
}
