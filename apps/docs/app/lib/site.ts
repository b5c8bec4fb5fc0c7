/** Where the site is mounted: the React Router basename, the Vite base, the server's prefix. */
export const DOCS_BASE = "/docs";

/** A router path ("/quickstart", as Fumadocs and React Router see it) as a site path ("/docs/quickstart"). */
export function siteHref(routerPath: string): string {
  return routerPath === "/" || routerPath === "" ? DOCS_BASE : `${DOCS_BASE}${routerPath}`;
}

/**
 * A site path as a router path, for <Link>: "/docs/quickstart#x" → "/quickstart#x". Anything
 * outside the site (other server paths, other hosts) is returned as undefined: use a plain <a>.
 */
export function routerPath(href: string): string | undefined {
  if (href === DOCS_BASE) return "/";
  if (
    href.startsWith(`${DOCS_BASE}/`) ||
    href.startsWith(`${DOCS_BASE}#`) ||
    href.startsWith(`${DOCS_BASE}?`)
  ) {
    const rest = href.slice(DOCS_BASE.length);
    return rest.startsWith("/") ? rest : `/${rest}`;
  }
  return undefined;
}

/**
 * The Weft server a fresh `npm start` runs (and the OpenAPI documents name): what code examples
 * show where the server's address goes, until the browser knows the server it got the page from.
 */
export const DEFAULT_BASE_URL = "http://127.0.0.1:3000";
