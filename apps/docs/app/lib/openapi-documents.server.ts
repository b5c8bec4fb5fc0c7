import auth from "../../.generated/openapi/auth.json";
import platform from "../../.generated/openapi/platform.json";
import type { ApiName, OpenApiDocument } from "./openapi.ts";

/**
 * The documents the server generates, as scripts/generate-openapi.ts wrote them just before
 * the build (or the dev server). Server-only: loaders run at build time and hand each page
 * the document it renders.
 */
const DOCUMENTS: Record<ApiName, OpenApiDocument> = {
  auth: auth as unknown as OpenApiDocument,
  platform: platform as unknown as OpenApiDocument,
};

export function openApiDocument(api: ApiName): OpenApiDocument {
  return DOCUMENTS[api];
}
