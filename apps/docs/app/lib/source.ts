import { loader } from "fumadocs-core/source";
import { pageSchema } from "fumadocs-core/source/schema";
import { defineDocs } from "fumadocs-mdx/macro";
import { createElement } from "react";
import { z } from "zod";
import { ICONS } from "@/components/icons.tsx";

/**
 * Every page under content/docs, with the frontmatter the site adds to Fumadocs' own:
 * `tags` (the last one is the page's badge on index cards) and `api` (the page renders that
 * OpenAPI document).
 */
export const docs = defineDocs({
  dir: "content/docs",
  docs: {
    async: true,
    schema: pageSchema.extend({
      tags: z.array(z.string()).optional(),
      api: z.enum(["auth", "platform"]).optional(),
    }),
  },
});

/** Page URLs are relative to the router's basename (/docs/): "/quickstart" is /docs/quickstart. */
export const source = loader({
  source: docs.toFumadocsSource(),
  baseUrl: "/",
  icon(name) {
    const icon = name ? ICONS[name] : undefined;
    return icon ? createElement(icon, { "aria-hidden": true }) : undefined;
  },
});
