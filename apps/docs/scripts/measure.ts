/**
 * What a reader downloads: the JavaScript each page of the built site loads in Chromium (raw
 * and gzip bytes), with the build time of that build. Serves dist/ with the server's own
 * /docs route; writes test-results/js-per-page.json.
 *
 *   npm run build -w @weft/docs && npm run measure -w @weft/docs
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import Fastify from "fastify";
import { registerDocsSite } from "../../server/src/http/docs-site.ts";
import type { Server } from "../../server/src/http/server-type.ts";
import { contentPages, launchChromium, resultsDir } from "../test/site.ts";
import { distDir } from "./build.ts";

type PageWeight = { page: string; files: number; bytes: number; gzipBytes: number };

const app = Fastify();
await registerDocsSite(app as unknown as Server);
const origin = new URL(await app.listen({ port: 0, host: "127.0.0.1" })).origin;
const browser = await launchChromium();
const results: PageWeight[] = [];
try {
  for (const pagePath of contentPages()) {
    const page = await browser.context.newPage();
    const scripts = new Map<string, Buffer>();
    page.on("response", async (response) => {
      if (!response.url().endsWith(".js")) return;
      scripts.set(response.url(), await response.body());
    });
    await page.goto(`${origin}${pagePath}`, { waitUntil: "networkidle" });
    const bodies = [...scripts.values()];
    results.push({
      page: pagePath,
      files: bodies.length,
      bytes: bodies.reduce((sum, body) => sum + body.length, 0),
      gzipBytes: bodies.reduce((sum, body) => sum + zlib.gzipSync(body).length, 0),
    });
    await page.close();
  }
} finally {
  await browser.close();
  await app.close();
}

const buildInfo = JSON.parse(fs.readFileSync(path.join(distDir, "build-info.json"), "utf8")) as {
  durationMs: number;
};
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const lines = results.map(
  (r) =>
    `${r.page.padEnd(36)} ${String(r.files).padStart(3)} files ${kib(r.bytes).padStart(11)} ${kib(r.gzipBytes).padStart(11)} gzip`,
);
process.stdout.write(
  `Build time: ${(buildInfo.durationMs / 1000).toFixed(1)} s\nJavaScript per page:\n${lines.join("\n")}\n`,
);
fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(
  path.join(resultsDir, "js-per-page.json"),
  `${JSON.stringify({ buildMs: buildInfo.durationMs, pages: results }, null, 2)}\n`,
);
