import { describe, expect, it } from "vitest";
import { findNavNode, lastTag, type NavNode, pageIndexCards, pathSegments, stripPath } from "./navigation.ts";

const page = (title: string, href: string, extra: Partial<NavNode> = {}): NavNode => ({
  title,
  href,
  children: [],
  ...extra,
});

/** A tree shaped like the site's: the root's own page is its first child, as in the sidebar. */
const tree: NavNode = page("Weft documentation", "/docs", {
  children: [
    page("Weft documentation", "/docs"),
    page("Quickstart", "/docs/quickstart", { tags: ["Start", "5 minutes"] }),
    page("Concepts", "/docs/concepts", {
      children: [
        page("Environments", "/docs/concepts/environments", { description: "Tenants." }),
        page("Profiles", "/docs/concepts/profiles", { tags: ["Concepts", "Platform API"] }),
        page("Connections", "/docs/concepts/connections"),
      ],
    }),
    page("Guides", "/docs/guides", {
      children: [
        page("Webhooks", "/docs/guides/webhooks", {
          children: [page("Retries", "/docs/guides/webhooks/retries")],
        }),
      ],
    }),
  ],
});

const titles = (nodes: NavNode[]) => nodes.map((n) => n.title);

describe("stripPath and pathSegments", () => {
  it("drop the query, the hash and trailing slashes", () => {
    expect(stripPath("/docs/concepts/?tab=1#profiles")).toBe("/docs/concepts");
    expect(stripPath("/docs#top")).toBe("/docs");
    expect(stripPath("/?x")).toBe("/");
    expect(pathSegments("/docs/concepts/profiles?x=1#y")).toEqual(["docs", "concepts", "profiles"]);
  });
});

describe("the page-index walk", () => {
  it("walks one segment at a time to the node of the path", () => {
    expect(findNavNode(tree, "/docs")?.title).toBe("Weft documentation");
    expect(findNavNode(tree, "/docs/concepts")?.title).toBe("Concepts");
    expect(findNavNode(tree, "/docs/guides/webhooks")?.title).toBe("Webhooks");
    expect(findNavNode(tree, "/docs/guides/webhooks/retries")?.title).toBe("Retries");
  });

  it("finds nothing for a path that leaves the tree", () => {
    expect(findNavNode(tree, "/docs/nowhere")).toBeUndefined();
    expect(findNavNode(tree, "/docs/concepts/nowhere")).toBeUndefined();
    expect(findNavNode(tree, "/elsewhere/concepts")).toBeUndefined();
    expect(pageIndexCards(tree, "/docs/nowhere")).toEqual([]);
  });

  it("strips the query and the hash before walking", () => {
    expect(titles(pageIndexCards(tree, "/docs/concepts?utm=x#profiles"))).toEqual([
      "Environments",
      "Profiles",
      "Connections",
    ]);
    expect(titles(pageIndexCards(tree, "/docs/concepts/#top"))).toEqual([
      "Environments",
      "Profiles",
      "Connections",
    ]);
  });

  it("shows the children of the node, one card each, in order", () => {
    expect(titles(pageIndexCards(tree, "/docs/guides"))).toEqual(["Webhooks"]);
    expect(titles(pageIndexCards(tree, "/docs/guides/webhooks"))).toEqual(["Retries"]);
    expect(pageIndexCards(tree, "/docs/quickstart")).toEqual([]);
  });

  it("drops the root from the root's own cards", () => {
    const cards = pageIndexCards(tree, "/docs");
    expect(titles(cards)).toEqual(["Quickstart", "Concepts", "Guides"]);
    expect(cards.map((c) => c.href)).not.toContain("/docs");
  });

  it("drops excluded paths, however they are written", () => {
    expect(titles(pageIndexCards(tree, "/docs/concepts", ["/docs/concepts/profiles"]))).toEqual([
      "Environments",
      "Connections",
    ]);
    expect(titles(pageIndexCards(tree, "/docs", ["/docs/guides/", "/docs/quickstart#x"]))).toEqual([
      "Concepts",
    ]);
  });

  it("badges a card with its last tag", () => {
    expect(lastTag(page("Quickstart", "/q", { tags: ["Start", "5 minutes"] }))).toBe("5 minutes");
    expect(lastTag(page("One", "/one", { tags: ["Only"] }))).toBe("Only");
    expect(lastTag(page("None", "/none"))).toBeUndefined();
    expect(lastTag(page("Empty", "/empty", { tags: [] }))).toBeUndefined();
  });
});
