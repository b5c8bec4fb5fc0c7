import { describe, expect, it } from "vitest";
import { type HastNode, rehypeBaseUrl } from "./rehype-base-url.ts";
import { DEFAULT_BASE_URL } from "./site.ts";

const text = (value: string): HastNode => ({ type: "text", value });
const element = (tagName: string, ...children: HastNode[]): HastNode => ({
  type: "element",
  tagName,
  children,
});
const BASE_URL: HastNode = { type: "mdxJsxTextElement", name: "BaseUrl", attributes: [], children: [] };

describe("rehypeBaseUrl", () => {
  it("puts <BaseUrl /> for the default address in code blocks and code spans, however often it appears", () => {
    const tree = {
      type: "root",
      children: [
        element(
          "pre",
          element("code", element("span", text(`curl ${DEFAULT_BASE_URL}/v1 ${DEFAULT_BASE_URL}`))),
        ),
        element("p", element("code", text(`${DEFAULT_BASE_URL}/docs`))),
      ],
    };
    rehypeBaseUrl()(tree);
    expect(tree.children[0]).toEqual(
      element("pre", element("code", element("span", text("curl "), BASE_URL, text("/v1 "), BASE_URL))),
    );
    expect(tree.children[1]).toEqual(element("p", element("code", BASE_URL, text("/docs"))));
  });

  it("leaves prose alone: the address in a sentence is the default, said as such", () => {
    const paragraph = element("p", text(`npm start serves ${DEFAULT_BASE_URL} by default`));
    const tree = { type: "root", children: [structuredClone(paragraph)] };
    rehypeBaseUrl()(tree);
    expect(tree.children[0]).toEqual(paragraph);
  });
});
