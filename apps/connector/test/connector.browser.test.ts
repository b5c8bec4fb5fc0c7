import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { and, eq } from "drizzle-orm";
import type { Frame, FrameLocator, Locator, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connections, events } from "../../server/src/db/schema/index.ts";
import { buildIfStale, CONNECTOR_APP } from "../../server/src/http/static-apps.ts";
import { requestSync } from "../../server/src/modules/connections/service.ts";
import { createConnector } from "../../server/src/modules/connectors/service.ts";
import { finicityWebhookUrl } from "../../server/src/modules/finicity/service.ts";
import { MX_WEBHOOK_USERNAME, mxWebhookPassword, mxWebhookUrl } from "../../server/src/modules/mx/service.ts";
import { type AkoyaStandIn, startAkoyaStandIn } from "../../server/src/providers/akoya/test/stand-in.ts";
import {
  type FinicityStandIn,
  startFinicityStandIn,
} from "../../server/src/providers/finicity/test/stand-in.ts";
import { type MxStandIn, startMxStandIn } from "../../server/src/providers/mx/test/stand-in.ts";
import { type PlaidStandIn, startPlaidStandIn } from "../../server/src/providers/plaid/test/stand-in.ts";
import { launchChromium } from "../../server/test/chromium.ts";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "../../server/test/harness.ts";
import { freePort } from "../../server/test/processes.ts";
import { issueSession } from "../../server/test/sandbox-helpers.ts";

const SHOTS = fileURLToPath(new URL("../../../test-results/connector/", import.meta.url));
const HOST_ROOT = fileURLToPath(new URL("./host/", import.meta.url));

let platform: TestPlatform;
let env: TestEnvironment;
let weftUrl: string;
let hostUrl: string;
let hostServer: http.Server;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let connectorId: string;
let plaid: PlaidStandIn;
let mx: MxStandIn;
let finicity: FinicityStandIn;
let akoya: AkoyaStandIn;

async function listen(server: http.Server, host: string): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  expect(await buildIfStale(CONNECTOR_APP, () => {})).toBe(true);
  fs.mkdirSync(SHOTS, { recursive: true });

  // The host app: built with Vite from @weft/react, served from another origin than Weft.
  const hostDist = fs.mkdtempSync(path.join(os.tmpdir(), "weft-host-"));
  await build({ root: HOST_ROOT, logLevel: "silent", build: { outDir: hostDist, emptyOutDir: true } });
  hostServer = http.createServer((req, res) => {
    const file = path.join(hostDist, new URL(req.url ?? "/", "http://x").pathname);
    const target =
      fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(hostDist, "index.html");
    res.setHeader("content-type", target.endsWith(".js") ? "text/javascript" : "text/html");
    res.end(fs.readFileSync(target));
  });
  hostUrl = `http://localhost:${await listen(hostServer, "127.0.0.1")}`;

  // Weft itself, on a real socket, with its workers running, and Plaid (the local stand-in, with
  // its Link script) and MX (the local stand-in, with its Connect page) on for every environment.
  plaid = await startPlaidStandIn();
  mx = await startMxStandIn();
  finicity = await startFinicityStandIn();
  akoya = await startAkoyaStandIn();
  const port = await freePort();
  weftUrl = `http://127.0.0.1:${port}`;
  platform = await startTestPlatform({
    WEFT_PUBLIC_URL: weftUrl,
    WEFT_PLAID_CLIENT_ID: plaid.clientId,
    WEFT_PLAID_SECRET: plaid.secret,
    WEFT_PLAID_BASE_URL: plaid.url,
    WEFT_PLAID_LINK_SCRIPT_URL: `${plaid.url}/link/initialize.js`,
    WEFT_MX_CLIENT_ID: mx.clientId,
    WEFT_MX_API_KEY: mx.apiKey,
    WEFT_MX_BASE_URL: mx.url,
    WEFT_FINICITY_PARTNER_ID: finicity.partnerId,
    WEFT_FINICITY_SECRET: finicity.partnerSecret,
    WEFT_FINICITY_APP_KEY: finicity.appKey,
    WEFT_FINICITY_BASE_URL: finicity.url,
    WEFT_AKOYA_CLIENT_ID: akoya.clientId,
    WEFT_AKOYA_SECRET: akoya.clientSecret,
    WEFT_AKOYA_BASE_URL: akoya.url,
  });
  mx.configureWebhooks({
    username: MX_WEBHOOK_USERNAME,
    password: mxWebhookPassword({ clientId: mx.clientId, secret: mx.apiKey }),
  });
  await platform.app.listen({ port, host: "127.0.0.1" });
  platform.worker.start();
  env = await platform.environment("SANDBOX");
  connectorId = (
    await createConnector(platform.ctx.db, {
      environmentId: env.id,
      name: "Acme Budget",
      privacyPolicyUrl: "https://acme.example/privacy",
    })
  ).id;

  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  hostServer?.close();
  await platform?.close();
  await plaid?.close();
  await mx?.close();
  await finicity?.close();
  await akoya?.close();
});

type Session = {
  page: Page;
  connector: FrameLocator;
  events: () => { type: string; metadata: Record<string, unknown> }[];
};

async function openHost(query: Record<string, string> = {}): Promise<Session> {
  const page = await browser.context.newPage();
  const received: { type: string; metadata: Record<string, unknown> }[] = [];
  const errors: string[] = [];
  page.on("console", (message) => {
    const match = /^weft-event (\S+) (.*)$/s.exec(message.text());
    if (match) received.push({ type: match[1]!, metadata: JSON.parse(match[2]!) });
  });
  page.on("pageerror", (error) => errors.push(error.message));
  const params = new URLSearchParams({ connector: connectorId, weft: weftUrl, ...query });
  await page.goto(`${hostUrl}/?${params}`);
  await page.getByRole("button", { name: "Connect a bank" }).click();
  const connector = page.frameLocator(`iframe[data-weft-connector="${connectorId}"]`);
  return { page, connector, events: () => received };
}

/**
 * Clicks a button that closes the embedded Connector, with the button's own `click()` rather
 * than Playwright's pointer input: an input event sent to a frame that the host removes while the
 * event is in flight is never acknowledged, and such clicks timed out on a busy machine (waiting
 * after the click or not). The evaluation's answer may be lost with the frame too, which is no
 * failure; the host's event, which each test waits for next, is the proof the click worked.
 */
const clickToClose = async (button: Locator, timeout?: number) => {
  await button.waitFor({ state: "visible", timeout });
  await expect.poll(() => button.isEnabled(), { timeout }).toBe(true);
  await button.evaluate((element: HTMLElement) => element.click()).catch(() => undefined);
};

/** Waits until every picture under `root` has loaded (or failed), so screenshots show the logos. */
const picturesLoaded = (root: Locator) =>
  root
    .locator("img")
    .evaluateAll((images) =>
      Promise.all(images.map((image) => (image as HTMLImageElement).decode().catch(() => undefined))),
    );

async function shot(session: Session, name: string) {
  await picturesLoaded(session.connector.locator("body"));
  await session.page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const INTRO = "Acme Budget uses Weft to connect your accounts";

async function signIn(session: Session, email: string) {
  const { connector } = session;
  await connector.getByRole("heading", { name: INTRO }).waitFor();
  await connector.getByRole("button", { name: "Continue" }).click();
  await connector.getByRole("heading", { name: "Sign in to Acme Budget" }).waitFor();
  await shot(session, "01-sign-in");
  await connector.getByLabel("Email").fill(email);
  await connector.getByRole("button", { name: "Send code" }).click();
  await connector.getByRole("heading", { name: "Enter your code" }).waitFor();
  await shot(session, "02-passcode");
  await connector.getByLabel("6-digit code").fill("000000");
  await connector.getByRole("button", { name: "Continue" }).click();
}

async function pickSandboxBank(session: Session) {
  const { connector } = session;
  await connector.getByRole("heading", { name: "Select your bank" }).waitFor();
  // Before typing: the popular banks, with their logos.
  const popular = connector.getByRole("list", { name: "Popular" });
  await popular.getByRole("button", { name: "Houndstooth Bank" }).waitFor();
  await shot(session, "03-search");
  await connector.getByLabel("Search for your bank").fill("weft");
  await connector.getByRole("button", { name: "Weft Sandbox Bank" }).waitFor();
  expect(await popular.count()).toBe(0);
  await connector.getByRole("button", { name: "Weft Sandbox Bank" }).click();
  await connector.getByRole("heading", { name: "Log in to Weft Sandbox Bank" }).waitFor();
}

async function logIn(session: Session, username: string, screenshot?: string) {
  const { connector } = session;
  await connector.getByLabel("Username").fill(username);
  await connector.getByLabel("Password").fill("pass_good");
  if (screenshot) await shot(session, screenshot);
  await connector.getByRole("button", { name: "Connect", exact: true }).click();
}

const waitForEvent = async (session: Session, type: string) => {
  await expect.poll(() => session.events().map((e) => e.type), { timeout: 20_000 }).toContain(type);
  return session.events().find((e) => e.type === type)!;
};

const platformGet = async (url: string) =>
  (await platform.app.inject({ method: "GET", url, headers: env.auth })).json();

describe("the Connector in Chromium", () => {
  it("a new end-user signs in, links a sandbox bank, shares accounts, and the host gets ExitSuccess", async () => {
    const session = await openHost();
    await waitForEvent(session, "loaded");
    // The opening pane: who asks, what they will see, their privacy policy.
    const intro = session.connector.getByRole("heading", { name: INTRO });
    await intro.waitFor();
    await shot(session, "01-intro");
    await session.connector.getByText("Account and routing numbers").waitFor();
    expect(await session.connector.getByRole("link", { name: "privacy policy" }).getAttribute("href")).toBe(
      "https://acme.example/privacy",
    );
    await signIn(session, "new.user@example.com");
    await pickSandboxBank(session);
    await logIn(session, "user_good", "04-credentials");

    const { connector } = session;
    await connector.getByRole("heading", { name: "Choose accounts to share" }).waitFor({ timeout: 20_000 });
    await shot(session, "05-accounts");
    const boxes = connector.getByRole("checkbox");
    const accountCount = (await boxes.count()) - 1;
    expect(accountCount).toBeGreaterThanOrEqual(5);
    // Keep every account but the last one; consent is required.
    await connector.getByRole("button", { name: "Share accounts" }).click();
    await connector.getByText("Agree to share the chosen accounts with Acme Budget to continue.").waitFor();
    await boxes.nth(accountCount - 1).uncheck();
    await connector.getByRole("checkbox", { name: /I allow Acme Budget/ }).check();
    await connector.getByRole("button", { name: "Share accounts" }).click();

    await connector.getByRole("heading", { name: "Connected" }).waitFor({ timeout: 30_000 });
    // What the first sync brought, counted by the server.
    await connector.getByText(/^[\d,]+ transactions since \w+ \d{4}/).waitFor();
    await shot(session, "06-success");
    await clickToClose(connector.getByRole("button", { name: "Done" }));

    const exit = await waitForEvent(session, "exited.successful");
    const connectionId = String(exit.metadata.connectionId);
    expect(exit.metadata).toMatchObject({ connectorId, profileId: expect.stringMatching(/^p_/) });
    expect(connectionId).toMatch(/^conn_/);
    expect(session.events().map((e) => e.type)).toEqual(["opened", "loaded", "exited.successful"]);
    expect(await session.page.locator("iframe").count()).toBe(0);

    const connection = await platformGet(`/v1/connections/${connectionId}`);
    expect(connection).toMatchObject({ status: "SYNCED", profileId: exit.metadata.profileId });
    const accounts = (await platformGet(`/v1/profiles/${exit.metadata.profileId}/accounts?limit=100`)) as {
      connectionId: string;
    }[];
    expect(accounts.filter((a) => a.connectionId === connectionId)).toHaveLength(accountCount - 1);
  });

  it("MFA: the sandbox asks for a code, and 123456 links", async () => {
    const session = await openHost();
    await signIn(session, "mfa.user@example.com");
    await pickSandboxBank(session);
    await logIn(session, "user_mfa");
    const { connector } = session;
    await connector.getByRole("heading", { name: "Verify it's you" }).waitFor();
    await connector.getByLabel("Verification code").fill("000001");
    await connector.getByRole("button", { name: "Verify" }).click();
    await connector.getByRole("alert").waitFor();
    await shot(session, "07-mfa-wrong-code");
    await connector.getByLabel("Verification code").fill("123456");
    await connector.getByRole("button", { name: "Verify" }).click();
    await connector.getByRole("heading", { name: "Choose accounts to share" }).waitFor({ timeout: 20_000 });
    await connector.getByRole("checkbox", { name: /I allow/ }).check();
    await connector.getByRole("button", { name: "Share accounts" }).click();
    await clickToClose(connector.getByRole("button", { name: "Done" }), 30_000);
    await waitForEvent(session, "exited.successful");
  });

  it("an error scenario shows what happened and what to do, and the host gets ExitError", async () => {
    const session = await openHost();
    await signIn(session, "error.user@example.com");
    await pickSandboxBank(session);
    await logIn(session, "user_error_institution");
    const { connector } = session;
    await connector.getByRole("heading", { name: "Your bank is unavailable" }).waitFor({ timeout: 20_000 });
    await connector.getByText("Nothing was shared. Close this window and connect again later.").waitFor();
    await shot(session, "08-error");
    await clickToClose(connector.getByRole("button", { name: "Close", exact: true }));
    const exit = await waitForEvent(session, "exited.errored");
    expect(exit.metadata.error).toEqual({
      message: "Your bank is not available right now. Try again later.",
      code: "ERROR_INSTITUTION",
    });
  });

  it("Escape aborts: the host gets exited.aborted and the modal is gone", async () => {
    const session = await openHost();
    await session.connector.getByRole("heading", { name: INTRO }).waitFor();
    // Escape where the end-user is, in the Connector. The press is not awaited: the key
    // closes the Connector, and Playwright's press can wait for ever on a frame that is removed
    // under it (what made this test hang on a busy machine).
    await session.connector.getByRole("button", { name: "Continue" }).focus();
    void session.page.keyboard.press("Escape").catch(() => undefined);
    await waitForEvent(session, "exited.aborted");
    expect(await session.page.locator("iframe").count()).toBe(0);

    const again = await openHost();
    await clickToClose(again.connector.getByRole("button", { name: "Close the connector" }));
    await waitForEvent(again, "exited.aborted");
  });

  it("reconnects a connection in ERROR_REPAIRABLE with a session from the backend; its accounts come back", async () => {
    const profile = (
      await platform.app.inject({
        method: "POST",
        url: "/v1/profiles",
        headers: env.auth,
        payload: { email: "re@example.com" },
      })
    ).json();
    const institutions = await platformGet("/v1/institutions?routingNumber=110000615");
    const linked = await platform.app.inject({
      method: "POST",
      url: "/v1/sandbox/connections",
      headers: env.auth,
      payload: {
        profileId: profile.id,
        institutionId: institutions[0].id,
        username: "user_good",
        password: "pass_good",
      },
    });
    expect(linked.statusCode).toBe(201);
    const connectionId = linked.json().id;
    await expect
      .poll(async () => (await platformGet(`/v1/connections/${connectionId}`)).lastSyncedAt, {
        timeout: 20_000,
      })
      .not.toBeNull();
    const accountIdsOf = async () =>
      ((await platformGet(`/v1/profiles/${profile.id}/accounts?limit=100`)) as { id: string }[])
        .map((a) => a.id)
        .sort();
    const before = await accountIdsOf();
    expect(before.length).toBeGreaterThan(0);
    // The bank starts refusing the stored login: the user has to sign in again.
    const broken = await platform.app.inject({
      method: "POST",
      url: `/v1/sandbox/connections/${connectionId}/simulate`,
      headers: env.auth,
      payload: { status: "ERROR_REPAIRABLE" },
    });
    expect(broken.json().status).toBe("ERROR_REPAIRABLE");
    const token = await issueSession(platform, env, profile.id);

    const session = await openHost({ session: token, connectionId });
    const { connector } = session;
    await connector.getByRole("heading", { name: `Reconnect ${institutions[0].name}` }).waitFor();
    await shot(session, "09-reconnect");
    await logIn(session, "user_good");
    await connector.getByRole("heading", { name: "Connected" }).waitFor({ timeout: 30_000 });
    await clickToClose(connector.getByRole("button", { name: "Done" }));
    const exit = await waitForEvent(session, "exited.successful");
    expect(exit.metadata).toMatchObject({ connectionId, profileId: profile.id });
    expect((await platformGet(`/v1/connections/${connectionId}`)).status).toBe("SYNCED");
    expect(await accountIdsOf()).toEqual(before);
    const reconnected = await platform.ctx.db
      .select()
      .from(events)
      .where(and(eq(events.type, "account.reconnected"), eq(events.profileId, profile.id)));
    expect(reconnected.map((e) => (e.record as { id: string }).id).sort()).toEqual(before);
  });
});

describe("Plaid Link in the Connector", () => {
  it("links a Plaid institution through Link, shares accounts, syncs; later repairs it in update mode", async () => {
    const session = await openHost();
    await signIn(session, "plaid.user@example.com");
    const { connector } = session;
    await connector.getByRole("heading", { name: "Select your bank" }).waitFor();
    await connector.getByLabel("Search for your bank").fill("platypus");
    await connector.getByRole("button", { name: "First Platypus Bank" }).click();
    // Plaid Link (the stand-in of Plaid's script) opens inside the Connector.
    await connector.getByRole("button", { name: "Continue" }).click();
    await connector.getByRole("heading", { name: "Choose accounts to share" }).waitFor({ timeout: 20_000 });
    await shot(session, "10-plaid-accounts");
    await connector.getByRole("checkbox", { name: /I allow Acme Budget/ }).check();
    await connector.getByRole("button", { name: "Share accounts" }).click();
    await connector.getByRole("heading", { name: "Connected" }).waitFor({ timeout: 30_000 });
    await clickToClose(connector.getByRole("button", { name: "Done" }));
    const exit = await waitForEvent(session, "exited.successful");
    const connectionId = String(exit.metadata.connectionId);
    const connection = await platformGet(`/v1/connections/${connectionId}`);
    expect(connection).toMatchObject({
      provider: "PLAID",
      status: "SYNCED",
      institution: { name: "First Platypus Bank" },
    });
    const exchanged = plaid.requests.filter((r) => r.path === "/item/public_token/exchange");
    expect(exchanged.length).toBeGreaterThan(0);

    // The bank asks the user to sign in again: Plaid says so by webhook, the connection waits for the user.
    const [row] = await platform.ctx.db.select().from(connections).where(eq(connections.id, connectionId));
    const itemId = row!.externalId!;
    plaid.setItemError(itemId, "ITEM_LOGIN_REQUIRED");
    expect(
      await plaid.sendWebhook(itemId, {
        webhook_type: "ITEM",
        webhook_code: "ERROR",
        item_id: itemId,
        error: {
          error_type: "ITEM_ERROR",
          error_code: "ITEM_LOGIN_REQUIRED",
          error_message: "login required",
        },
      }),
    ).toBe(200);
    expect((await platformGet(`/v1/connections/${connectionId}`)).status).toBe("ERROR_REPAIRABLE");

    const token = await issueSession(platform, env, String(exit.metadata.profileId));
    const repair = await openHost({ session: token, connectionId });
    await repair.connector.getByRole("button", { name: "Continue" }).click();
    await repair.connector.getByRole("heading", { name: "Connected" }).waitFor({ timeout: 30_000 });
    await shot(repair, "11-plaid-reconnected");
    await clickToClose(repair.connector.getByRole("button", { name: "Done" }));
    await waitForEvent(repair, "exited.successful");
    expect((await platformGet(`/v1/connections/${connectionId}`)).status).toBe("SYNCED");
    const linkTokens = plaid.requests.filter((r) => r.path === "/link/token/create");
    expect(linkTokens.at(-1)!.body.access_token).toBeDefined();
  });
});

describe("MX Connect in the Connector", () => {
  it("links an MX institution in MX Connect (in a frame), shares accounts, syncs; later repairs the member", async () => {
    const session = await openHost();
    await signIn(session, "mx.user@example.com");
    const { connector } = session;
    await connector.getByRole("heading", { name: "Select your bank" }).waitFor();
    await connector.getByLabel("Search for your bank").fill("MX Bank");
    await connector.getByRole("button", { name: "MX Bank", exact: true }).click();
    // MX Connect (the stand-in's page) opens in a frame inside the Connector, on MX Bank's login.
    await connector.getByRole("heading", { name: "Connect MX Bank" }).waitFor({ timeout: 20_000 });
    const widget = connector.frameLocator('iframe[title="Connect MX Bank"]');
    await widget.locator("#mx-username").fill("mxuser");
    await widget.locator("#mx-password").fill("password");
    await shot(session, "12-mx-connect");
    await widget.locator("#mx-submit").click();
    await connector.getByRole("heading", { name: "Choose accounts to share" }).waitFor({ timeout: 20_000 });
    await connector.getByRole("checkbox", { name: /I allow Acme Budget/ }).check();
    await connector.getByRole("button", { name: "Share accounts" }).click();
    await connector.getByRole("heading", { name: "Connected" }).waitFor({ timeout: 30_000 });
    await clickToClose(connector.getByRole("button", { name: "Done" }));
    const exit = await waitForEvent(session, "exited.successful");
    const connectionId = String(exit.metadata.connectionId);
    expect(await platformGet(`/v1/connections/${connectionId}`)).toMatchObject({
      provider: "MX",
      status: "SYNCED",
      institution: { name: "MX Bank" },
    });

    // The bank refuses the login now: MX says so by webhook, the connection waits for the user.
    const [row] = await platform.ctx.db.select().from(connections).where(eq(connections.id, connectionId));
    const memberGuid = row!.externalId!;
    mx.setConnectionStatus(memberGuid, "DENIED");
    const url = mxWebhookUrl(weftUrl, mx.clientId);
    expect(await mx.sendWebhook(url, mx.webhookBody("CONNECTION_STATUS", memberGuid))).toBe(204);
    expect((await platformGet(`/v1/connections/${connectionId}`)).status).toBe("ERROR_REPAIRABLE");

    const token = await issueSession(platform, env, String(exit.metadata.profileId));
    const repair = await openHost({ session: token, connectionId });
    await repair.connector.getByRole("heading", { name: "Reconnect MX Bank" }).waitFor({ timeout: 20_000 });
    const again = repair.connector.frameLocator('iframe[title="Reconnect MX Bank"]');
    await again.locator("#mx-username").fill("mxuser");
    await again.locator("#mx-password").fill("password");
    await again.locator("#mx-submit").click();
    await repair.connector.getByRole("heading", { name: "Connected" }).waitFor({ timeout: 30_000 });
    await shot(repair, "13-mx-reconnected");
    await clickToClose(repair.connector.getByRole("button", { name: "Done" }));
    await waitForEvent(repair, "exited.successful");
    expect((await platformGet(`/v1/connections/${connectionId}`)).status).toBe("SYNCED");
    expect(mx.member(memberGuid)!.connectionStatus).toBe("CONNECTED");
    const widgetUrls = mx.requests.filter((r) => r.path.endsWith("/widget_urls"));
    expect(widgetUrls.length).toBe(2);
  });
});

describe("Finicity Connect in the Connector", () => {
  it("links a Finicity institution in Connect Lite (in a frame), shares accounts, syncs; later repairs it in fix mode", async () => {
    const session = await openHost();
    await signIn(session, "finicity.user@example.com");
    const { connector } = session;
    await connector.getByRole("heading", { name: "Select your bank" }).waitFor();
    await connector.getByLabel("Search for your bank").fill("FinBank");
    await connector.getByRole("button", { name: "FinBank Profiles - A" }).click();
    await connector
      .getByRole("heading", { name: "Connect FinBank Profiles - A" })
      .waitFor({ timeout: 20_000 });
    const connect = connector.frameLocator('iframe[title="Connect FinBank Profiles - A"]');
    await connect.locator("#connect-username").fill("profile_02");
    await connect.locator("#connect-password").fill("profile_02");
    await shot(session, "14-finicity-connect");
    await connect.locator("#connect-submit").click();
    await connector.getByRole("heading", { name: "Choose accounts to share" }).waitFor({ timeout: 20_000 });
    await connector.getByRole("checkbox", { name: /I allow Acme Budget/ }).check();
    await connector.getByRole("button", { name: "Share accounts" }).click();
    await connector.getByRole("heading", { name: "Connected" }).waitFor({ timeout: 30_000 });
    await clickToClose(connector.getByRole("button", { name: "Done" }));
    const exit = await waitForEvent(session, "exited.successful");
    const connectionId = String(exit.metadata.connectionId);
    expect(await platformGet(`/v1/connections/${connectionId}`)).toMatchObject({
      provider: "FINICITY",
      status: "SYNCED",
      institution: { name: "FinBank Profiles - A" },
    });

    // The credentials changed at the bank: Finicity says so (a signed event), the connection waits for the user.
    const [row] = await platform.ctx.db.select().from(connections).where(eq(connections.id, connectionId));
    const loginId = row!.externalId!;
    finicity.setLoginStatus(loginId, 103);
    const event = {
      eventType: "accountsUpdated",
      payload: { accounts: [{ institutionLoginId: Number(loginId), aggregationStatusCode: 103 }] },
    };
    expect(await finicity.sendWebhook(finicityWebhookUrl(weftUrl, env.id), event)).toBe(200);
    expect((await platformGet(`/v1/connections/${connectionId}`)).status).toBe("ERROR_REPAIRABLE");

    const token = await issueSession(platform, env, String(exit.metadata.profileId));
    const repair = await openHost({ session: token, connectionId });
    await repair.connector
      .getByRole("heading", { name: "Reconnect FinBank Profiles - A" })
      .waitFor({ timeout: 20_000 });
    const fix = repair.connector.frameLocator('iframe[title="Reconnect FinBank Profiles - A"]');
    await fix.locator("#connect-username").fill("profile_02");
    await fix.locator("#connect-password").fill("profile_02");
    await fix.locator("#connect-submit").click();
    await repair.connector.getByRole("heading", { name: "Connected" }).waitFor({ timeout: 30_000 });
    await shot(repair, "15-finicity-reconnected");
    await clickToClose(repair.connector.getByRole("button", { name: "Done" }));
    await waitForEvent(repair, "exited.successful");
    expect((await platformGet(`/v1/connections/${connectionId}`)).status).toBe("SYNCED");
    expect(finicity.requests.some((r) => r.path === "/connect/v2/generate/fix")).toBe(true);
  });
});

describe("Akoya in the Connector", () => {
  it("signs in at the institution in a window of its own (Akoya's OAuth), shares accounts, syncs; a revoked consent is repaired the same way", async () => {
    const session = await openHost();
    await signIn(session, "akoya.user@example.com");
    const { connector, page } = session;
    await connector.getByRole("heading", { name: "Select your bank" }).waitFor();
    await connector.getByLabel("Search for your bank").fill("Mikomo");
    const opened = page.waitForEvent("popup");
    await connector.getByRole("button", { name: "Mikomo Bank" }).click();
    const popup = await opened;
    await connector.getByText("Sign in to Mikomo Bank in the window that opened").waitFor();
    await popup.locator("#akoya-username").fill("mikomo_1");
    await popup.locator("#akoya-password").fill("mikomo_1");
    await popup.screenshot({ path: path.join(SHOTS, "16-akoya-sign-in.png") });
    await popup.locator("#akoya-submit").click();
    await connector
      .getByRole("heading", { name: "Choose accounts to share" })
      .waitFor({ timeout: 20_000 })
      .catch(async (error) => {
        const pane = await connector.locator("main").innerText();
        const where = popup.isClosed()
          ? "closed"
          : `${popup.url()}: ${await popup.locator("body").innerText()}`;
        throw new Error(`${(error as Error).message}\nConnector: ${pane}\nSign-in window: ${where}`);
      });
    expect(popup.isClosed()).toBe(true);
    await connector.getByRole("checkbox", { name: /I allow Acme Budget/ }).check();
    await connector.getByRole("button", { name: "Share accounts" }).click();
    await connector.getByRole("heading", { name: "Connected" }).waitFor({ timeout: 30_000 });
    await clickToClose(connector.getByRole("button", { name: "Done" }));
    const exit = await waitForEvent(session, "exited.successful");
    const connectionId = String(exit.metadata.connectionId);
    expect(await platformGet(`/v1/connections/${connectionId}`)).toMatchObject({
      provider: "AKOYA",
      status: "SYNCED",
      institution: { name: "Mikomo Bank" },
    });

    // The end-user withdraws consent at the bank: the next sync finds it gone.
    akoya.revokeConsent("mikomo_1", "mikomo");
    const [row] = await platform.ctx.db.select().from(connections).where(eq(connections.id, connectionId));
    await requestSync(platform.ctx.db, row!);
    platform.ctx.wakeWorkers();
    await expect
      .poll(async () => (await platformGet(`/v1/connections/${connectionId}`)).status, { timeout: 20_000 })
      .toBe("ERROR_REPAIRABLE");

    const token = await issueSession(platform, env, String(exit.metadata.profileId));
    const repair = await openHost({ session: token, connectionId });
    // Reconnecting opens on a click of the end-user's, so that the browser lets the window open.
    await repair.connector
      .getByRole("heading", { name: "Reconnect Mikomo Bank" })
      .waitFor({ timeout: 20_000 });
    const reopened = repair.page.waitForEvent("popup");
    await repair.connector.getByRole("button", { name: "Continue to Mikomo Bank" }).click();
    const again = await reopened;
    await again.locator("#akoya-username").fill("mikomo_1");
    await again.locator("#akoya-password").fill("mikomo_1");
    await again.locator("#akoya-submit").click();
    await repair.connector.getByRole("heading", { name: "Connected" }).waitFor({ timeout: 30_000 });
    await shot(repair, "17-akoya-reconnected");
    await clickToClose(repair.connector.getByRole("button", { name: "Done" }));
    await waitForEvent(repair, "exited.successful");
    expect((await platformGet(`/v1/connections/${connectionId}`)).status).toBe("SYNCED");
  });
});

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const SIZES = { narrow: { width: 390, height: 844 }, wide: { width: 1366, height: 900 } } as const;

/** axe's WCAG 2.1 A/AA and best-practice rules on a page (or the Connector's frame), as "rule: targets". */
async function axeViolations(target: Page | Frame): Promise<string[]> {
  // Evaluated, not injected as a script tag: the Connector's CSP allows no inline scripts.
  await target.evaluate(AXE_SOURCE);
  const result = await target.evaluate(() =>
    (
      window as unknown as {
        axe: { run(o: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe.run({
      runOnly: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"],
    }),
  );
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("the Connector is accessible and fits the screen", () => {
  it.each([
    ["narrow", "light"],
    ["narrow", "dark"],
    ["wide", "light"],
    ["wide", "dark"],
  ] as const)(
    "every pane, standalone at %s size in %s mode: axe finds nothing; Done says the window may close",
    async (size, scheme) => {
      const page = await browser.context.newPage();
      await page.setViewportSize(SIZES[size]);
      await page.emulateMedia({ colorScheme: scheme });
      const panes: Record<string, string[]> = {};
      const check = async (pane: string, heading: string | RegExp) => {
        await page.getByRole("heading", { name: heading }).waitFor({ timeout: 30_000 });
        panes[pane] = await axeViolations(page);
        await picturesLoaded(page.locator("body"));
        await page.screenshot({ path: path.join(SHOTS, `${size}-${scheme}-${pane}.png`), fullPage: true });
      };
      try {
        await page.goto(`${weftUrl}/connector/${connectorId}`);
        await check("01-intro", INTRO);
        await page.getByRole("button", { name: "Continue" }).click();
        await check("02-sign-in", "Sign in to Acme Budget");
        await page.getByLabel("Email").fill(`a11y.${size}.${scheme}@example.com`);
        await page.getByRole("button", { name: "Send code" }).click();
        await check("03-passcode", "Enter your code");
        await page.getByLabel("6-digit code").fill("000000");
        await page.getByRole("button", { name: "Continue" }).click();
        await page.getByRole("list", { name: "Popular" }).getByRole("button").first().waitFor();
        await check("04-search", "Select your bank");
        await page.getByLabel("Search for your bank").fill("weft");
        await page.getByRole("button", { name: "Weft Sandbox Bank" }).click();
        await check("05-credentials", "Log in to Weft Sandbox Bank");
        await page.getByLabel("Username").fill("user_mfa");
        await page.getByLabel("Password").fill("pass_good");
        await page.getByRole("button", { name: "Connect", exact: true }).click();
        await check("06-mfa", "Verify it's you");
        await page.getByLabel("Verification code").fill("123456");
        await page.getByRole("button", { name: "Verify" }).click();
        await check("07-accounts", "Choose accounts to share");
        await page.getByRole("checkbox", { name: /I allow Acme Budget/ }).check();
        // The workers wait, so the syncing pane stays long enough to be looked at.
        await platform.worker.stop();
        try {
          await page.getByRole("button", { name: "Share accounts" }).click();
          await page.getByText("Finding your accounts").waitFor();
          await check("08-syncing", "Syncing your accounts");
        } finally {
          platform.worker.start();
        }
        await check("09-success", "Connected");
        await page.getByRole("button", { name: "Done" }).click();
        await check("10-done", "All done");
        await page.getByText("Weft Sandbox Bank is connected.").waitFor();

        // The error pane: the bank is down.
        await page.goto(`${weftUrl}/connector/${connectorId}`);
        await page.getByRole("button", { name: "Continue" }).click();
        await page.getByLabel("Email").fill(`a11y.${size}.${scheme}.error@example.com`);
        await page.getByRole("button", { name: "Send code" }).click();
        await page.getByLabel("6-digit code").fill("000000");
        await page.getByRole("button", { name: "Continue" }).click();
        await page.getByLabel("Search for your bank").fill("weft");
        await page.getByRole("button", { name: "Weft Sandbox Bank" }).click();
        await page.getByLabel("Username").fill("user_error_institution");
        await page.getByLabel("Password").fill("pass_good");
        await page.getByRole("button", { name: "Connect", exact: true }).click();
        await check("11-error", "Your bank is unavailable");
        await page.getByRole("button", { name: "Close", exact: true }).click();
        await page.getByText("Nothing was connected.").waitFor();
        expect(panes).toEqual(Object.fromEntries(Object.keys(panes).map((pane) => [pane, []])));
      } finally {
        await page.close();
      }
    },
  );

  it("modal: the rest of the page is inert, Tab stays inside, Escape returns focus to the button; full screen when narrow", async () => {
    const page = await browser.context.newPage();
    try {
      await page.setViewportSize(SIZES.wide);
      const params = new URLSearchParams({ connector: connectorId, weft: weftUrl, theme: "dark" });
      await page.goto(`${hostUrl}/?${params}`);
      const opener = page.getByRole("button", { name: "Connect a bank" });
      await opener.focus();
      await page.keyboard.press("Enter");
      const frame = page.frameLocator(`iframe[data-weft-connector="${connectorId}"]`);
      await frame.getByRole("heading", { name: INTRO }).waitFor();
      // The host asked for dark: the Connector shows dark whatever the system says.
      const connectorFrame = page.frames().find((f) => f.url().includes(`/connector/${connectorId}`))!;
      expect(await connectorFrame.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
      expect(await page.evaluate(() => document.getElementById("root")?.inert)).toBe(true);

      // A card on a wide screen.
      const card = await page.locator("iframe").boundingBox();
      expect(card?.width).toBe(420);

      // Tab and Shift+Tab never leave the Connector.
      for (const key of ["Tab", "Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
        await page.keyboard.press(key);
        expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("IFRAME");
        expect(await connectorFrame.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(
          true,
        );
      }

      // Full screen on a phone.
      await page.setViewportSize(SIZES.narrow);
      await expect.poll(async () => (await page.locator("iframe").boundingBox())?.height).toBe(844);
      expect((await page.locator("iframe").boundingBox())?.width).toBe(390);

      void page.keyboard.press("Escape").catch(() => undefined);
      await expect.poll(() => page.locator("iframe").count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Connect a bank");
      expect(await page.evaluate(() => document.getElementById("root")?.inert)).toBe(false);
    } finally {
      await page.close();
    }
  });
});

describe("who may embed the Connector", () => {
  it("with no origins listed, a page on the developer's machine may embed it and hand it a session; another site gets nothing", async () => {
    const profile = (
      await platform.app.inject({
        method: "POST",
        url: "/v1/profiles",
        headers: env.auth,
        payload: { name: "Embedder" },
      })
    ).json();
    const session = await issueSession(platform, env, profile.id);
    // A page that frames the Connector and, on Ready, hands it its own user's session.
    const page = `<!doctype html><title>embedder</title>
      <iframe id="frame" src="${weftUrl}/connector/${connectorId}?mode=inline"></iframe>
      <script>
        window.heard = [];
        addEventListener("message", (event) => {
          window.heard.push(event.data && event.data.type);
          if (event.data && event.data.type === "Ready")
            frame.contentWindow.postMessage({ weft: 1, type: "Init", session: ${JSON.stringify(session)}, mode: "inline" }, "*");
        });
      </script>`;
    const embedder = http.createServer((_req, res) => {
      res.setHeader("content-type", "text/html");
      res.end(page);
    });
    const port = await listen(embedder, "127.0.0.1");
    // hostile.test is another site that happens to resolve here.
    const hostile = await launchChromium({ args: ["--host-resolver-rules=MAP hostile.test 127.0.0.1"] });
    try {
      const local = await hostile.context.newPage();
      await local.goto(`http://localhost:${port}/`);
      await expect
        .poll(() => local.evaluate(() => (window as unknown as { heard: string[] }).heard))
        .toContain("Load");
      const elsewhere = await hostile.context.newPage();
      await elsewhere.goto(`http://hostile.test:${port}/`);
      // The browser refuses to frame it (frame-ancestors): no Ready, so no session is taken and no Load comes.
      await new Promise((r) => setTimeout(r, 3_000));
      expect(await elsewhere.evaluate(() => (window as unknown as { heard: string[] }).heard)).toEqual([]);
    } finally {
      await hostile.close();
      embedder.close();
    }
  });
});
