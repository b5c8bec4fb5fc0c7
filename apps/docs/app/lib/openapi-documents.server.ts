import type { ApiName, OpenApiDocument } from "./openapi.ts";

/**
 * The documents the server generates, as scripts/generate-openapi.ts wrote them just before
 * the build (or the dev server). Server-only: loaders run at build time and hand each page
 * the document it renders. A glob rather than imports, so a fresh checkout typechecks
 * before anything is generated.
 */
const files = import.meta.glob<{ default: OpenApiDocument }>("../../.generated/openapi/*.json", {
  eager: true,
});

export function openApiDocument(api: ApiName): OpenApiDocument {
  const file = files[`../../.generated/openapi/${api}.json`];
  if (!file)
    throw new Error(`.generated/openapi/${api}.json is missing: run node scripts/generate-openapi.ts`);
  return file.default;
}
