import { DEFAULT_BASE_URL } from "./site.ts";

/** What the plugin reads of hast nodes, and writes: text and an MDX JSX element. */
export type HastNode = {
  type: string;
  tagName?: string;
  value?: string;
  name?: string;
  attributes?: unknown[];
  children?: HastNode[];
};

/**
 * A rehype plugin for the MDX pages, run after syntax highlighting: in code (blocks and inline
 * spans), every DEFAULT_BASE_URL becomes <BaseUrl />, which shows the address of the server the
 * docs are served by. The pages keep writing the default, as a reader of the source expects.
 */
export function rehypeBaseUrl() {
  return (tree: HastNode) => replaceIn(tree, false);
}

function replaceIn(node: HastNode, inCode: boolean): void {
  if (!node.children) return;
  const inside = inCode || (node.type === "element" && (node.tagName === "code" || node.tagName === "pre"));
  node.children = node.children.flatMap((child) => {
    if (inside && child.type === "text" && child.value?.includes(DEFAULT_BASE_URL)) return split(child.value);
    replaceIn(child, inside);
    return [child];
  });
}

function split(text: string): HastNode[] {
  return text
    .split(DEFAULT_BASE_URL)
    .flatMap((part, index) => [
      ...(index > 0 ? [{ type: "mdxJsxTextElement", name: "BaseUrl", attributes: [], children: [] }] : []),
      ...(part ? [{ type: "text", value: part }] : []),
    ]);
}
