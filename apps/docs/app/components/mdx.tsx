import { Step, Steps } from "fumadocs-ui/components/steps";
import { Tab, Tabs } from "fumadocs-ui/components/tabs";
import defaultMdxComponents from "fumadocs-ui/mdx";
import type { MDXComponents } from "mdx/types";
import type { AnchorHTMLAttributes } from "react";
import { BaseUrl } from "./base-url.tsx";
import { DocsLink } from "./docs-link.tsx";
import { PageIndex } from "./page-index.tsx";

/** Links in pages are written as full site paths ("/docs/quickstart"), as a reader sees them. */
function MdxLink({ href, ...props }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  if (!href) return <a {...props} />;
  return <DocsLink href={href} {...props} />;
}

export function mdxComponents(components?: MDXComponents): MDXComponents {
  return { ...defaultMdxComponents, a: MdxLink, BaseUrl, PageIndex, Step, Steps, Tab, Tabs, ...components };
}
