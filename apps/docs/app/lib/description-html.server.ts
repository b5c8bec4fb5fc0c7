import { micromark } from "micromark";
import {
  type DescriptionBlock,
  type DescriptionHtml,
  listOperations,
  type OpenApiDocument,
} from "./openapi.ts";

/**
 * Operation descriptions are Markdown (paragraphs, code spans, fenced examples). They are
 * rendered here, at build time, so the browser needs no Markdown parser. micromark escapes
 * raw HTML by default, so a description cannot inject markup.
 */
export function describeInHtml(document: OpenApiDocument): DescriptionHtml {
  const html: DescriptionHtml = { tags: {}, operations: {} };
  for (const tag of document.tags ?? []) {
    if (tag.description) html.tags[tag.name] = describe(tag.description);
  }
  for (const { anchor, operation } of listOperations(document)) {
    if (operation.description) html.operations[anchor] = describe(operation.description);
  }
  return html;
}

/** A fenced block: its opening line (``` and a language, if any), its text, its closing line. */
const FENCE = /^```[^\n`]*\n([\s\S]*?)\n?```[ \t]*$/gm;

/**
 * Markdown as blocks: the prose as HTML, each fenced block as its text, for the same code
 * block component as every other example (a plain <pre> in the prose neither scrolls nor looks
 * like the others).
 */
export function describe(markdown: string): DescriptionBlock[] {
  const blocks: DescriptionBlock[] = [];
  const prose = (text: string) => {
    if (text.trim()) blocks.push({ html: micromark(text) });
  };
  let from = 0;
  for (const fence of markdown.matchAll(FENCE)) {
    prose(markdown.slice(from, fence.index));
    blocks.push({ code: fence[1] ?? "" });
    from = fence.index + fence[0].length;
  }
  prose(markdown.slice(from));
  return blocks;
}
