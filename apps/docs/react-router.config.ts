import { glob } from "node:fs/promises";
import type { Config } from "@react-router/dev/config";
import { createGetUrl, getSlugs } from "fumadocs-core/source";

const urlOf = createGetUrl("/");

/**
 * A static site: no server rendering at request time, every page prerendered at build time.
 * Paths are relative to the basename, so "/quickstart" is written to /docs/quickstart.
 */
export default {
  ssr: false,
  basename: "/docs/",
  async prerender({ getStaticPaths }) {
    const paths = new Set(getStaticPaths());
    for await (const entry of glob("**/*.mdx", { cwd: "content/docs" })) paths.add(urlOf(getSlugs(entry)));
    return [...paths];
  },
} satisfies Config;
