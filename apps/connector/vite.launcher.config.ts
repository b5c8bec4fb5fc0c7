import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/** The launcher as a plain script (window.Weft.connect), served at /v1/connector.js. */
export default defineConfig({
  build: {
    outDir: "dist",
    emptyOutDir: false,
    lib: {
      entry: fileURLToPath(new URL("./src/launcher-script.ts", import.meta.url)),
      name: "Weft",
      formats: ["iife"],
      fileName: () => "connector.js",
    },
  },
});
