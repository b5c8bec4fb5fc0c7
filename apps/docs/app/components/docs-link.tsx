import type { ComponentProps } from "react";
import { Link } from "react-router";
import { routerPath } from "@/lib/site.ts";

/**
 * A link by its full site path ("/docs/quickstart"): client-side navigation inside the site,
 * a plain <a> for anything else (the server's /openapi/*.json, other hosts).
 */
export function DocsLink({ href, ...props }: ComponentProps<"a"> & { href: string }) {
  const to = routerPath(href);
  if (to === undefined) return <a href={href} {...props} />;
  return <Link to={to} {...props} />;
}
