import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIfStale, CONNECTOR_APP } from "../../server/src/http/static-apps.ts";
import { createConnector } from "../../server/src/modules/connectors/service.ts";
import { setEnvironmentOrigin } from "../../server/src/modules/environments/service.ts";
import { launchChromium } from "../../server/test/chromium.ts";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "../../server/test/harness.ts";
import { freePort } from "../../server/test/processes.ts";

/**
 * An app written against Quiltt's React SDK (@quiltt/react, the real package, unchanged) run in
 * Chromium against Weft: QUILTT_API_DOMAIN names Weft, and Chromium resolves its auth., api.
 * and cdn. names to it. Passcode sign-in (Auth API), GraphQL through Apollo's batch link,
 * connectionSynced through the ActionCable channel, and the Connector through window.Quiltt.
 */
const HOST_ROOT = fileURLToPath(new URL("./quiltt-host/", import.meta.url));
const DOMAIN = "weft.test";

let platform: TestPlatform;
let env: TestEnvironment;
let appUrl: string;
let appServer: http.Server;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let connectorId: string;

beforeAll(async () => {
  expect(await buildIfStale(CONNECTOR_APP, () => {})).toBe(true);
  const port = await freePort();
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), "weft-quiltt-app-"));
  await build({
    root: HOST_ROOT,
    logLevel: "silent",
    define: {
      "process.env.QUILTT_API_DOMAIN": JSON.stringify(`${DOMAIN}:${port}`),
      "process.env.QUILTT_API_INSECURE": JSON.stringify("true"),
    },
    build: { outDir: dist, emptyOutDir: true },
  });
  appServer = http.createServer((req, res) => {
    const file = path.join(dist, new URL(req.url ?? "/", "http://x").pathname);
    const target = fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(dist, "index.html");
    res.setHeader("content-type", target.endsWith(".js") ? "text/javascript" : "text/html");
    res.end(fs.readFileSync(target));
  });
  await new Promise<void>((resolve) => appServer.listen(0, "127.0.0.1", resolve));
  appUrl = `http://localhost:${(appServer.address() as AddressInfo).port}`;

  platform = await startTestPlatform({ WEFT_PUBLIC_URL: `http://api.${DOMAIN}:${port}` });
  await platform.app.listen({ port, host: "127.0.0.1" });
  platform.worker.start();
  env = await platform.environment("SANDBOX");
  connectorId = (await createConnector(platform.ctx.db, { environmentId: env.id, name: "Quiltt app" })).id;
  await setEnvironmentOrigin(platform.ctx, env.id, appUrl, true);
  browser = await launchChromium({ args: [`--host-resolver-rules=MAP *.${DOMAIN} 127.0.0.1`] });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  appServer?.close();
  await platform?.close();
});

describe("@quiltt/react against Weft, in Chromium", () => {
  it("signs in with a passcode, reads over GraphQL, hears connectionSynced, and opens the Connector", async () => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${appUrl}/?client=${connectorId}`);
    await page.getByRole("button", { name: /Sign in/ }).click();
    await expect.poll(() => page.locator("#profile").textContent(), { timeout: 30_000 }).toMatch(/^p_/);
    const profileId = (await page.locator("#profile").textContent())!;
    await expect.poll(() => page.locator("#counts").textContent()).toBe("0 accounts, 0 transactions");

    // Link a bank for this profile. The page cannot say when its ActionCable subscription is in
    // place, so the connection syncs again every few seconds until the page has heard one.
    const weft = `http://127.0.0.1:${new URL(platform.ctx.config.publicUrl).port}`;
    const linked = await fetch(`${weft}/v1/sandbox/connections`, {
      method: "POST",
      headers: { ...env.auth, "content-type": "application/json" },
      body: JSON.stringify({ profileId }),
    });
    expect(linked.status).toBe(201);
    const connectionId = ((await linked.json()) as { id: string }).id;
    let polls = 0;
    await expect
      .poll(
        async () => {
          if (++polls % 10 === 0)
            await fetch(`${weft}/v1/sandbox/connections/${connectionId}/simulate`, {
              method: "POST",
              headers: { ...env.auth, "content-type": "application/json" },
              body: JSON.stringify({ event: "SYNC" }),
            });
          return page.locator("#synced").textContent();
        },
        { timeout: 60_000, interval: 300 },
      )
      .toContain(`${connectionId} SYNCED`);
    await expect
      .poll(() => page.locator("#counts").textContent(), { timeout: 30_000 })
      .toMatch(/^[1-9]\d* accounts, 10 transactions$/);

    await page.getByRole("button", { name: "Add an account" }).click();
    const connector = page.frameLocator(`iframe[data-weft-connector="${connectorId}"]`);
    await expect.poll(() => connector.locator("body").textContent(), { timeout: 30_000 }).toMatch(/\w/);
    await expect.poll(() => page.locator("#events").textContent(), { timeout: 30_000 }).toContain("opened");
    expect(errors).toEqual([]);
    await page.close();
  });
});
