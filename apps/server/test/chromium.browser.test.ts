import { afterAll, describe, expect, it } from "vitest";
import { chromiumExecutable, launchChromium } from "./chromium.ts";

/**
 * `npm test` on a machine with only Node and npm takes Chromium from the npm package; CI has
 * Debian's, so this launches the bundled build explicitly to keep that path working.
 */
describe("Chromium for the browser tests", () => {
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  afterAll(() => browser?.close());

  it("the build shipped in @sparticuz/chromium launches headless and renders a page", async () => {
    expect(await chromiumExecutable("bundled")).not.toBe("/usr/bin/chromium");
    browser = await launchChromium({ source: "bundled" });
    const page = await browser.context.newPage();
    await page.setContent("<title>weft</title><button>Connect</button>");
    expect(await page.title()).toBe("weft");
    expect(await page.getByRole("button").textContent()).toBe("Connect");
  });
});
