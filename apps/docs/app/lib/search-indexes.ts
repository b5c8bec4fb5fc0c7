import type { AdvancedIndex } from "fumadocs-core/search/server";
import { listOperations } from "./openapi.ts";
import { openApiDocument } from "./openapi-documents.server.ts";
import { source } from "./source.ts";

/**
 * What search finds: every page (title, description, headings and text), and every operation
 * of both API references by its summary, method and path.
 */
export async function searchIndexes(): Promise<AdvancedIndex[]> {
  const pages = await Promise.all(
    source.getPages().map(async (page) => ({
      id: page.url,
      title: page.data.title,
      ...(page.data.description && { description: page.data.description }),
      url: page.url,
      structuredData: await page.data.structuredData(),
    })),
  );
  const operations = (["auth", "platform"] as const).flatMap((api) =>
    listOperations(openApiDocument(api)).map(({ method, path, operation, anchor }) => {
      const title = operation.summary ?? `${method.toUpperCase()} ${path}`;
      return {
        id: `${api}-${anchor}`,
        title,
        description: `${method.toUpperCase()} ${path}`,
        url: `/api-reference/${api}#${anchor}`,
        breadcrumbs: [api === "auth" ? "Auth API" : "Platform API"],
        structuredData: {
          headings: [],
          contents: [
            { heading: undefined, content: `${method.toUpperCase()} ${path} ${operation.description ?? ""}` },
          ],
        },
      };
    }),
  );
  return [...pages, ...operations];
}
