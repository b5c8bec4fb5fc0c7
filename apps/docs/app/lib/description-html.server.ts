import { micromark } from "micromark";
import { type DescriptionHtml, listOperations, type OpenApiDocument } from "./openapi.ts";

/**
 * Operation descriptions are Markdown (paragraphs, code spans, fenced examples). They are
 * rendered here, at build time, so the browser needs no Markdown parser. micromark escapes
 * raw HTML by default, so a description cannot inject markup.
 */
export function describeInHtml(document: OpenApiDocument): DescriptionHtml {
  const html: DescriptionHtml = { tags: {}, operations: {} };
  for (const tag of document.tags ?? []) {
    if (tag.description) html.tags[tag.name] = micromark(tag.description);
  }
  for (const { anchor, operation } of listOperations(document)) {
    if (operation.description) html.operations[anchor] = micromark(operation.description);
  }
  return html;
}
