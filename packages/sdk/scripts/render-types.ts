import openapiTS, { astToString } from "openapi-typescript";
import { generateOpenApiDocuments } from "../../../apps/server/src/openapi-documents.ts";

const HEADER =
  "// Generated from the Weft OpenAPI documents by `npm run generate -w @weft/sdk`. Do not edit.\n";

/** The TypeScript source of both generated modules, keyed by file name. */
export async function renderTypes(): Promise<Record<"auth" | "platform", string>> {
  const documents = await generateOpenApiDocuments();
  const render = async (document: object) =>
    HEADER + astToString(await openapiTS(document as Parameters<typeof openapiTS>[0]));
  return { auth: await render(documents.auth), platform: await render(documents.platform) };
}
