import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fumadocsMdx } from "fumadocs-mdx/vite";
import { defineConfig } from "vite";

/** The site lives under /docs/ on the Weft server (and in `npm run docs`). */
export default defineConfig({
  base: "/docs/",
  plugins: [
    fumadocsMdx({
      // The light theme's high-contrast variant: every token keeps 4.5:1 on the code background.
      globalOptions: {
        mdxOptions: {
          rehypeCodeOptions: { themes: { light: "github-light-high-contrast", dark: "github-dark" } },
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
