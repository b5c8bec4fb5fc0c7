import { Step, Steps } from "fumadocs-ui/components/steps";
import { Tab, Tabs } from "fumadocs-ui/components/tabs";
import defaultMdxComponents from "fumadocs-ui/mdx";
import type { MDXComponents } from "mdx/types";
import type { AnchorHTMLAttributes, TableHTMLAttributes } from "react";
import { BaseUrl } from "./base-url.tsx";
import { DocsLink } from "./docs-link.tsx";
import { PageIndex } from "./page-index.tsx";

/** Links in pages are written as full site paths ("/docs/quickstart"), as a reader sees them. */
function MdxLink({ href, ...props }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  if (!href) return <a {...props} />;
  return <DocsLink href={href} {...props} />;
}

/**
 * A table in a box that scrolls sideways when the table is wider than the page: the box takes
 * keyboard focus, so it can be scrolled without a mouse (axe: scrollable-region-focusable).
 */
function MdxTable(props: TableHTMLAttributes<HTMLTableElement>) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
    <section className="relative overflow-auto prose-no-margin my-6" tabIndex={0} aria-label="Table">
      <table {...props} />
    </section>
  );
}

export function mdxComponents(components?: MDXComponents): MDXComponents {
  return {
    ...defaultMdxComponents,
    a: MdxLink,
    table: MdxTable,
    BaseUrl,
    PageIndex,
    Step,
    Steps,
    Tab,
    Tabs,
    ...components,
  };
}
