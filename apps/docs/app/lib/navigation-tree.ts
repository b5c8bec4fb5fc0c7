import type { Folder, Item, Node, Root } from "fumadocs-core/page-tree";
import type { NavNode } from "./navigation.ts";
import { siteHref } from "./site.ts";
import { source } from "./source.ts";

type PageData = { title: string; description?: string; icon?: string; tags?: string[] };

function fromPage(item: Item): Omit<NavNode, "children"> {
  const data = source.getNodePage(item)?.data as PageData | undefined;
  return {
    title: data?.title ?? String(item.name),
    href: siteHref(item.url),
    ...(data?.description && { description: data.description }),
    ...(data?.icon && { icon: data.icon }),
    ...(data?.tags && { tags: data.tags }),
  };
}

function fromNode(node: Node): NavNode | undefined {
  if (node.type === "separator") return undefined;
  if (node.type === "page") return { ...fromPage(node), children: [] };
  return fromFolder(node);
}

function fromFolder(folder: Folder): NavNode | undefined {
  if (!folder.index) return undefined;
  return { ...fromPage(folder.index), children: childrenOf(folder.children) };
}

function childrenOf(nodes: Node[]): NavNode[] {
  return nodes.flatMap((node) => fromNode(node) ?? []);
}

/**
 * The sidebar's tree (Fumadocs builds it from the meta.json files) as NavNodes. The root is
 * the site's home page; its own page is also its first child, as in the sidebar. A folder is
 * its index page with the folder's pages as children.
 */
export function navigationTree(tree: Root = source.getPageTree()): NavNode {
  const home = source.getPage([]);
  return {
    title: home?.data.title ?? String(tree.name),
    href: siteHref("/"),
    children: childrenOf(tree.children),
  };
}
