import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The Connector app, served by the Weft server at /connector/{connectorId}. */
export default defineConfig({
  base: "/connector/",
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true },
  server: { proxy: { "/v1": "http://127.0.0.1:3000" } },
});
