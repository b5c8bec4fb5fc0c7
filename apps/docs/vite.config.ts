import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fumadocsMdx } from "fumadocs-mdx/vite";
import { defineConfig } from "vite";
import { rehypeBaseUrl } from "./app/lib/rehype-base-url.ts";

/** The site lives under /docs/ on the Weft server (and in `npm run docs`). */
export default defineConfig({
  base: "/docs/",
  plugins: [
    fumadocsMdx({
      // High-contrast GitHub themes: every token keeps 4.5:1 on the code background, light and dark.
      globalOptions: {
        mdxOptions: {
          rehypeCodeOptions: {
            themes: { light: "github-light-high-contrast", dark: "github-dark-high-contrast" },
          },
          // After highlighting: the server's address in code shows the server the docs come from.
          rehypePlugins: [rehypeBaseUrl],
        },
      },
    }),
    tailwindcss(),
    reactRouter(),
  ],
  // "@/" is app/, in TypeScript files and in MDX pages alike.
  resolve: { alias: { "@/": fileURLToPath(new URL("./app/", import.meta.url)) } },
  server: { port: 5173 },
});
