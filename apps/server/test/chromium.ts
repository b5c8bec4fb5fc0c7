import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, chromium } from "playwright-core";

/** Flags for Chromium on a machine without network: no background calls home. */
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** Debian's package (what .ci/run installs). */
const SYSTEM_CHROMIUM = "/usr/bin/chromium";

export type ChromiumSource = "system" | "bundled";

/**
 * Where the browser tests take Chromium from, never a browser downloaded at run time:
 * `WEFT_CHROMIUM_PATH` when set, else the machine's own (Debian's `chromium` package), else the
 * build that the `@sparticuz/chromium` devDependency ships inside the npm package (unpacked
 * once into the temp dir). A machine with only Node and npm thus runs every browser test; when
 * none can be had this throws, so a browser test fails instead of being skipped.
 */
export async function chromiumExecutable(source?: ChromiumSource): Promise<string> {
  if (!source && process.env.WEFT_CHROMIUM_PATH) return process.env.WEFT_CHROMIUM_PATH;
  if (source !== "bundled" && fs.existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  if (source === "system") throw new Error(`No Chromium at ${SYSTEM_CHROMIUM}: apt-get install chromium`);
  try {
    const { default: bundled } = await import("@sparticuz/chromium");
    return await bundled.executablePath();
  } catch (error) {
    throw new Error(
      `No Chromium for the browser tests: none at ${SYSTEM_CHROMIUM} and the bundled build (@sparticuz/chromium) ` +
        `could not be unpacked (${(error as Error).message}). Run npm install, apt-get install chromium, ` +
        "or set WEFT_CHROMIUM_PATH.",
    );
  }
}

/** Chromium with a fresh profile, removed on close. */
export async function launchChromium(
  options: { source?: ChromiumSource; args?: string[] } = {},
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "weft-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: await chromiumExecutable(options.source),
    headless: true,
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    async close() {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
