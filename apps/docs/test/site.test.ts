import { createRequire } from "node:module";
import type { BrowserContext, ConsoleMessage, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIfStale, CONNECTOR_APP } from "../../server/src/http/static-apps.ts";
import { createConnector } from "../../server/src/modules/connectors/service.ts";
import type { TestPlatform } from "../../server/test/harness.ts";
import { listOperations, type OpenApiDocument } from "../app/lib/openapi.ts";
import { DEFAULT_BASE_URL } from "../app/lib/site.ts";
import { contentPages, launchChromium, saveScreenshotPath, startSite } from "./site.ts";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

let platform: TestPlatform;
let origin: string;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let context: BrowserContext;

beforeAll(async () => {
  const site = await startSite();
  platform = site.platform;
  origin = site.origin;
  if (site.buildMs !== undefined) console.info(`docs site built in ${site.buildMs} ms`);
  browser = await launchChromium();
  context = browser.context;
});

afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

/** How long to wait for the Platform API reference, a large page, to render after a navigation. */
const SLOW_PAGE = { timeout: 30_000 };

type PageProblems = { consoleErrors: string[]; pageErrors: string[]; failedRequests: string[] };

/** A fresh tab that records console errors, uncaught errors and failed same-origin requests. */
async function openPage(): Promise<{ page: Page; problems: PageProblems }> {
  const page = await context.newPage();
  const problems: PageProblems = { consoleErrors: [], pageErrors: [], failedRequests: [] };
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error") problems.consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => problems.pageErrors.push(error.message));
  page.on("response", (response) => {
    if (response.url().startsWith(origin) && response.status() >= 400) {
      problems.failedRequests.push(`${response.status()} ${response.url()}`);
    }
  });
  page.on("requestfailed", (request) => problems.failedRequests.push(`failed ${request.url()}`));
  return { page, problems };
}

async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(`${origin}${path}`, { waitUntil: "networkidle" });
  // A change of hash alone is not a new request.
  if (response) expect(response.status(), path).toBe(200);
  // Prerendered pages answer clicks only once React has hydrated them, which on a busy machine
  // comes after the network is idle: React marks the elements it owns.
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__react")));
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run();
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.length,
      help: v.help,
    }));
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id} (${v.nodes} nodes): ${v.help}`);
}

type AxeViolation = { id: string; impact: string | null; help: string; nodes: unknown[] };

/**
 * Code blocks whose text is cut off: wider than the first box around them that does not let it
 * overflow, when that box hides the rest instead of scrolling to it.
 */
async function clippedCodeBlocks(page: Page): Promise<string[]> {
  return page.$$eval("pre", (blocks) =>
    blocks.flatMap((pre) => {
      for (let box: Element | null = pre; box && box !== document.documentElement; box = box.parentElement) {
        const overflow = getComputedStyle(box).overflowX;
        if (overflow === "visible") continue;
        const scrolls = overflow === "auto" || overflow === "scroll";
        const cut = !scrolls && box.scrollWidth > box.clientWidth + 1;
        return cut
          ? [`${pre.textContent?.slice(0, 50)}… (${overflow} on <${box.tagName.toLowerCase()}>)`]
          : [];
      }
      return [];
    }),
  );
}

async function fetchDocument(name: "auth" | "platform"): Promise<OpenApiDocument> {
  const response = await fetch(`${origin}/openapi/${name}.json`);
  return (await response.json()) as OpenApiDocument;
}

describe("the built docs site in Chromium", () => {
  it("renders every page without a console error, a broken internal link or a serious axe violation", async () => {
    const { page, problems } = await openPage();
    const queue = ["/docs/"];
    const visited = new Set<string>();
    const anchorsToCheck: { from: string; path: string; id: string }[] = [];
    const otherTargets = new Set<string>();
    const pageIds = new Map<string, Set<string>>();
    const accessibility: string[] = [];
    const clippedCode: string[] = [];

    while (queue.length > 0) {
      const path = queue.shift()!;
      if (visited.has(path)) continue;
      visited.add(path);
      await visit(page, path);
      expect(await page.locator("h1").count(), `${path} has a title`).toBeGreaterThan(0);
      pageIds.set(path, new Set(await page.$$eval("[id]", (els) => els.map((el) => el.id))));
      const hrefs = await page.$$eval("a[href]", (links) => links.map((a) => a.getAttribute("href")!));
      for (const href of hrefs) {
        const url = new URL(href, `${origin}${path}`);
        if (url.origin !== origin) continue;
        const target = normalize(url.pathname);
        if (url.hash.length > 1)
          anchorsToCheck.push({ from: path, path: target, id: decodeURIComponent(url.hash.slice(1)) });
        if (target.startsWith("/docs/")) queue.push(target);
        else otherTargets.add(target);
      }
      accessibility.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
      clippedCode.push(...(await clippedCodeBlocks(page)).map((block) => `${path}: ${block}`));
    }

    expect([...visited].sort(), "the crawl reaches every page of content/docs").toEqual(
      expect.arrayContaining(contentPages().map(normalize)),
    );
    for (const anchor of anchorsToCheck) {
      expect(
        pageIds.get(anchor.path)?.has(anchor.id),
        `#${anchor.id} on ${anchor.path} (linked from ${anchor.from})`,
      ).toBe(true);
    }
    for (const target of otherTargets) {
      const response = await fetch(`${origin}${target}`);
      expect(response.status, `${target} (outside the site, same server)`).toBe(200);
    }
    expect(problems.consoleErrors).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    expect(accessibility).toEqual([]);
    expect(clippedCode, "code wider than its block scrolls sideways").toEqual([]);
    await page.close();
  });

  it("has no serious or critical axe violation in dark mode either", async () => {
    const { page, problems } = await openPage();
    await page.emulateMedia({ colorScheme: "dark" });
    const violations: string[] = [];
    for (const path of [
      "/docs/",
      "/docs/concepts",
      "/docs/guides/webhooks",
      "/docs/api-reference/platform",
    ]) {
      await visit(page, path);
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
      violations.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
    }
    expect(violations).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    await page.close();
  });

  it("shows every operation of both API documents, with method, path and anchor", async () => {
    const { page, problems } = await openPage();
    for (const api of ["auth", "platform"] as const) {
      const document = await fetchDocument(api);
      const operations = listOperations(document);
      expect(operations.length).toBeGreaterThan(0);
      await visit(page, `/docs/api-reference/${api}`);
      await expect.poll(() => page.locator("[data-operation]").count()).toBe(operations.length);
      for (const { method, path, anchor } of operations) {
        const article = page.locator(`[data-operation="${anchor}"]`);
        await expect
          .poll(() => article.locator('[data-testid="operation-method"]').textContent())
          .toBe(method.toUpperCase());
        expect(await article.locator('[data-testid="operation-path"]').textContent()).toBe(path);
        expect(await article.locator(`h3[id="${anchor}"]`).count()).toBe(1);
      }
      await page.screenshot({ path: saveScreenshotPath(`api-reference-${api}`) });
      // The anchors are stable: following one lands on its operation.
      const last = operations.at(-1)!;
      await visit(page, `/docs/api-reference/${api}#${last.anchor}`);
      await expect
        .poll(() => page.evaluate(() => decodeURIComponent(window.location.hash)))
        .toBe(`#${last.anchor}`);
    }
    expect(problems.consoleErrors).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    await page.close();
  });

  it("may be framed by no other site (its pages share the API's and the Connector's origin)", async () => {
    for (const path of ["/docs/quickstart", "/docs/no-such-page"]) {
      const response = await fetch(`${origin}${path}`);
      expect(response.headers.get("content-security-policy"), path).toBe("frame-ancestors 'self'");
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  });

  it("shows the address of the server that serves it in code examples, not the default one", async () => {
    const { page, problems } = await openPage();
    await visit(page, "/docs/quickstart");
    const guide = async () => (await page.locator("pre").allTextContents()).join("\n");
    await expect.poll(guide).toContain(`export WEFT=${origin}\n`);
    expect(await guide()).toContain(`createWeftClient({ baseUrl: "${origin}"`);
    expect(await guide()).not.toContain(DEFAULT_BASE_URL);

    await visit(page, "/docs/api-reference/platform");
    await expect.poll(() => page.getByTestId("base-url").textContent()).toBe(origin);
    const operation = page.locator('[data-operation="list-profiles"]');
    await operation.getByRole("tab", { name: "@weft/sdk" }).click();
    await expect
      .poll(async () => (await operation.locator("pre").allTextContents()).join("\n"))
      .toContain(`createWeftClient({ baseUrl: "${origin}"`);
    expect(problems.consoleErrors).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    await page.close();
  });

  it("opens and closes a schema's nested properties with the toggle", async () => {
    const { page } = await openPage();
    await visit(page, "/docs/api-reference/platform");
    const first = page.getByRole("button", { name: "Show Properties" }).first();
    const controls = await first.getAttribute("aria-controls");
    const toggle = page.locator(`button[aria-controls="${controls}"]`);
    const controlled = page.locator(`[id="${controls}"]`);
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await controlled.isVisible()).toBe(false);

    await toggle.click();
    await expect.poll(() => toggle.textContent()).toBe("Hide Properties");
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    expect(await controlled.locator("[data-field]").count()).toBeGreaterThan(0);
    expect(await controlled.locator("[data-field]").first().isVisible()).toBe(true);

    await toggle.click();
    await expect.poll(() => toggle.textContent()).toBe("Show Properties");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await controlled.isVisible()).toBe(false);

    await toggle.click();
    await expect.poll(() => toggle.textContent()).toBe("Hide Properties");
    await page.close();
  });

  it("finds pages and operations with search", async () => {
    const { page, problems } = await openPage();
    await visit(page, "/docs/");
    await page
      .getByRole("button", { name: /^Search/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    const input = dialog.getByPlaceholder("Search");
    await input.fill("verify webhook signatures");
    await dialog.getByText("Webhooks", { exact: true }).first().click();
    await expect.poll(() => page.url()).toBe(`${origin}/docs/guides/webhooks`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Webhooks");

    await page
      .getByRole("button", { name: /^Search/ })
      .first()
      .click();
    await input.fill("Create a processor token");
    await dialog.getByText("Create a processor token", { exact: true }).first().click();
    await expect
      .poll(() => page.url(), SLOW_PAGE)
      .toBe(`${origin}/docs/api-reference/platform#create-processor-token`);
    // The Platform API reference is a large page: on a busy machine it takes seconds to render.
    await expect.poll(() => page.locator("h1").textContent(), SLOW_PAGE).toBe("Platform API");
    expect(problems.consoleErrors).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    await page.close();
  });

  it("highlights one sidebar entry, the new page's, as soon as a search result opens it", async () => {
    const { page, problems } = await openPage();
    await visit(page, "/docs/guides/webhooks");
    // Each time an entry's data-active changes, which entries are highlighted at that moment.
    await page.evaluate(() => {
      const sidebar = document.getElementById("nd-sidebar")!;
      const seen: string[][] = [];
      (window as unknown as { highlighted: string[][] }).highlighted = seen;
      new MutationObserver(() => {
        const links = [...sidebar.querySelectorAll<HTMLAnchorElement>("a[data-active]")];
        const lit = links.filter(
          (a) => !a.matches(":hover") && getComputedStyle(a).backgroundColor !== "rgba(0, 0, 0, 0)",
        );
        seen.push(lit.map((a) => a.getAttribute("href")!));
      }).observe(sidebar, { subtree: true, attributeFilter: ["data-active"] });
    });
    await page
      .getByRole("button", { name: /^Search/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.getByPlaceholder("Search").fill("Create a processor token");
    await dialog.getByText("Create a processor token", { exact: true }).first().click();
    await expect
      .poll(() => page.url(), SLOW_PAGE)
      .toBe(`${origin}/docs/api-reference/platform#create-processor-token`);
    const highlighted = () =>
      page.evaluate(() => (window as unknown as { highlighted: string[][] }).highlighted);
    await expect
      .poll(async () => (await highlighted()).at(-1), SLOW_PAGE)
      .toEqual(["/docs/api-reference/platform"]);
    for (const lit of await highlighted()) expect(lit.length, lit.join(", ")).toBeLessThanOrEqual(1);
    expect(problems.pageErrors).toEqual([]);
    await page.close();
  });

  it("keeps card descriptions to two lines and badges cards with their last tag", async () => {
    const { page } = await openPage();
    await visit(page, "/docs/");
    await page.screenshot({ path: saveScreenshotPath("home") });
    await visit(page, "/docs/concepts");
    const description = page.getByTestId("page-card-description").first();
    expect(await description.evaluate((el) => getComputedStyle(el).webkitLineClamp)).toBe("2");
    const lineHeight = await description.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
    const height = await description.evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBeLessThanOrEqual(lineHeight * 2 + 1);
    expect(await page.getByTestId("page-card").count()).toBeGreaterThan(1);
    await page.screenshot({ path: saveScreenshotPath("card-grid") });
    await page.close();
  });
});

describe("the Connector launcher in Chromium", () => {
  it("opens the local server's sandbox Connector and logs every event to the console", async () => {
    expect(
      await buildIfStale(CONNECTOR_APP, (message) => console.info(message)),
      "the Connector app builds",
    ).toBe(true);
    const environment = await platform.environment("SANDBOX");
    const connector = await createConnector(platform.ctx.db, {
      environmentId: environment.id,
      name: "Docs demo",
    });
    const { page, problems } = await openPage();
    const logged: { type: string; metadata: Record<string, unknown> }[] = [];
    page.on("console", async (message) => {
      const [label, type, metadata] = message.args();
      if (!label || !type || !metadata || (await label.jsonValue()) !== "[Weft Connector]") return;
      logged.push({
        type: String(await type.jsonValue()),
        metadata: (await metadata.jsonValue()) as Record<string, unknown>,
      });
    });
    const loggedTypes = () => logged.map((event) => event.type);

    await visit(page, `/docs/guides/connector?connectorId=${connector.id}`);
    const launch = page.getByRole("button", { name: "Launch the Connector" });
    await expect.poll(() => launch.isEnabled(), { timeout: 15_000 }).toBe(true);
    await launch.click();

    const frame = page.frameLocator('iframe[title="Connect your bank account"]');
    await expect.poll(() => loggedTypes(), { timeout: 15_000 }).toEqual(["opened", "loaded"]);
    expect(logged[0]!.metadata).toEqual({ connectorId: connector.id, profileId: null, connectionId: null });
    expect(logged[1]!.metadata.connectorId).toBe(connector.id);

    // The opening pane (the app and what it will see), then the sandbox sign-in: any email, then
    // the passcode 000000.
    await frame.getByRole("button", { name: "Continue" }).click();
    await frame.getByLabel("Email").fill("ada@example.com");
    await frame
      .getByRole("button", { name: /continue|send|next/i })
      .first()
      .click();
    await frame.getByLabel("6-digit code").fill("000000");
    await frame
      .getByRole("button", { name: /continue|verify|sign in|next/i })
      .first()
      .click();
    await expect.poll(() => frame.getByLabel("Search for your bank").count(), { timeout: 15_000 }).toBe(1);
    await page.screenshot({ path: saveScreenshotPath("connector-modal") });

    // Esc exits: the host page hears exited.aborted, with the profile that signed in.
    await frame.getByLabel("Search for your bank").press("Escape");
    await expect
      .poll(() => loggedTypes(), { timeout: 15_000 })
      .toEqual(["opened", "loaded", "exited.aborted"]);
    expect(logged[2]!.metadata.connectorId).toBe(connector.id);
    await expect.poll(() => page.locator('iframe[title="Connect your bank account"]').count()).toBe(0);
    expect(await page.getByRole("list", { name: "Connector events" }).textContent()).toContain(
      "exited.aborted",
    );
    expect(problems.consoleErrors).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    await page.close();
  });
});

/** "/docs/a/" and "/docs/a" are one page; the home page is "/docs/". */
function normalize(pathname: string): string {
  if (pathname === "/docs" || pathname === "/docs/") return "/docs/";
  return pathname.replace(/\/+$/, "");
}
