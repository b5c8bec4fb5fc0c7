/**
 * The site's navigation tree in plain, serialisable data: what the sidebar shows, with the
 * frontmatter a card needs. Hrefs are full site paths ("/docs/concepts/profiles").
 */
export type NavNode = {
  title: string;
  href: string;
  description?: string;
  /** A lucide icon name from the page's frontmatter. */
  icon?: string;
  tags?: string[];
  children: NavNode[];
};

/** Drops the query and the hash and any trailing slash: "/docs/a/?x=1#b" is "/docs/a". */
export function stripPath(path: string): string {
  const bare = path.replace(/[?#].*$/, "");
  const trimmed = bare.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/** "/docs/concepts/profiles" → ["docs", "concepts", "profiles"]. */
export function pathSegments(path: string): string[] {
  return stripPath(path).split("/").filter(Boolean);
}

/**
 * The node a path points at, found by walking the tree one path segment at a time: after
 * each segment, the node whose href is the path so far. A segment that no child matches is
 * part of the node's own href (the root "/docs" spans one segment); a path that leaves the
 * tree finds nothing.
 */
export function findNavNode(root: NavNode, path: string): NavNode | undefined {
  let node = root;
  let walked = "";
  for (const segment of pathSegments(path)) {
    walked += `/${segment}`;
    if (stripPath(node.href) === walked) continue;
    const child = node.children.find((c) => stripPath(c.href) === walked);
    if (child) {
      node = child;
      continue;
    }
    if (!`${stripPath(node.href)}/`.startsWith(`${walked}/`)) return undefined;
  }
  return stripPath(node.href) === stripPath(path) ? node : undefined;
}

/**
 * The cards of a page index: the children of the node at `path`, without the excluded paths
 * and without the root itself (the root's own page is listed among its children).
 */
export function pageIndexCards(root: NavNode, path: string, exclude: readonly string[] = []): NavNode[] {
  const node = findNavNode(root, path);
  if (!node) return [];
  const excluded = new Set(exclude.map(stripPath));
  const rootHref = stripPath(root.href);
  return node.children.filter((child) => {
    const href = stripPath(child.href);
    return href !== rootHref && !excluded.has(href);
  });
}

/** The badge of a card: the last of its tags. */
export function lastTag(node: Pick<NavNode, "tags">): string | undefined {
  return node.tags?.at(-1);
}
