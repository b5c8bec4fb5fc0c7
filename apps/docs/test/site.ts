import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export { launchChromium } from "../../server/test/chromium.ts";

import { startTestPlatform, type TestPlatform } from "../../server/test/harness.ts";
import { freePort } from "../../server/test/processes.ts";
import { buildDocs, distDir } from "../scripts/build.ts";

export const resultsDir = fileURLToPath(new URL("../test-results/", import.meta.url));

/**
 * The site as a reader gets it: built from the current sources (set WEFT_DOCS_PREBUILT=1 to
 * reuse apps/docs/dist), served by a real Weft server on a free port, which knows it is there
 * (the URLs it hands out, institution logos among them, point to it).
 */
export async function startSite(): Promise<{
  platform: TestPlatform;
  origin: string;
  buildMs: number | undefined;
}> {
  let buildMs: number | undefined;
  const reuse = process.env.WEFT_DOCS_PREBUILT === "1" && fs.existsSync(path.join(distDir, "index.html"));
  if (!reuse) buildMs = (await buildDocs({ quiet: true })).durationMs;
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const platform = await startTestPlatform({ WEFT_PUBLIC_URL: origin });
  await platform.app.listen({ port, host: "127.0.0.1" });
  return { platform, origin, buildMs };
}

/** Every page the content folder defines, as its site path: content/docs/a/index.mdx is /docs/a. */
export function contentPages(): string[] {
  const root = fileURLToPath(new URL("../content/docs/", import.meta.url));
  const pages: string[] = [];
  for (const file of fs.readdirSync(root, { recursive: true, encoding: "utf8" })) {
    if (!file.endsWith(".mdx")) continue;
    const slug = file
      .replace(/\.mdx$/, "")
      .replace(/(^|\/)index$/, "")
      .split(path.sep)
      .join("/");
    pages.push(slug ? `/docs/${slug}` : "/docs/");
  }
  return pages.sort();
}

export function saveScreenshotPath(name: string): string {
  fs.mkdirSync(resultsDir, { recursive: true });
  return path.join(resultsDir, `${name}.png`);
}
