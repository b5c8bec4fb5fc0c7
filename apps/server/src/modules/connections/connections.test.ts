import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "../../../test/harness.ts";
import {
  connectionRow as connectionRowOf,
  createProfile,
  get,
  linkAndSync,
  linkSandbox,
  makeQueuedJobsDue,
  queuedJobs,
  simulate,
  storedEvents,
} from "../../../test/sandbox-helpers.ts";
import { accounts, connections, PRODUCTS, transactions } from "../../db/schema/index.ts";
import { addDays, toDay } from "../../providers/dates.ts";
import {
  DEFAULT_SANDBOX_INSTITUTION,
  MockProvider,
  SANDBOX_INSTITUTIONS,
} from "../../providers/mock/index.ts";
import { decrypt } from "../../security/secrets.ts";
import { setEnvironmentFeature } from "../environments/service.ts";
import { historyStartFor, SYNC_QUEUE } from "./service.ts";
import { runSync, STAGE_ROWS } from "./sync.ts";

let platform: TestPlatform;
let env: TestEnvironment;
let other: TestEnvironment;
beforeAll(async () => {
  platform = await startTestPlatform();
  env = await platform.environment("TEST");
  other = await platform.environment("SANDBOX", "other tenant");
});
afterAll(() => platform.close());

const CONNECTION_ID = /^conn_[0-9a-hjkmnp-tv-z]{26}$/;
const publicUrl = () => platform.ctx.config.publicUrl;
const connectionRow = (id: string) => connectionRowOf(platform, id);

describe("POST /v1/sandbox/connections", () => {
  it("links with the sandbox defaults: 201 Connection, INITIALIZING, connection.created, a sync queued", async () => {
    const profileId = await createProfile(platform, env);
    const res = await linkSandbox(platform, env, { profileId });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.stringMatching(CONNECTION_ID),
      profileId,
      provider: "MOCK",
      products: [...PRODUCTS],
      features: [...PRODUCTS],
      status: "INITIALIZING",
      institution: {
        id: DEFAULT_SANDBOX_INSTITUTION.id,
        name: "Weft Sandbox Bank",
        logoUrl: `${publicUrl()}/v1/institutions/${DEFAULT_SANDBOX_INSTITUTION.id}/logo.svg`,
      },
      metadata: null,
      error: null,
      lastSyncedAt: null,
      // 24 whole months back, from the first of the month; the sandbox charges nothing for it.
      history: { startOn: historyStartFor(new Date(body.createdAt)), extendedHistoryFee: false },
      createdAt: expect.any(String),
      at: body.createdAt,
    });
    expect(body.history.startOn).toMatch(/^\d{4}-\d{2}-01$/);
    const [created] = (await storedEvents(platform, env.id, "connection.created")).filter(
      (e) => (e.record as { id: string }).id === body.id,
    );
    expect(created!.record).toEqual(body);
    expect(created!.profile).toMatchObject({ id: profileId });
    const jobs = (await queuedJobs(platform, SYNC_QUEUE)).filter((j) => j.payload.connectionId === body.id);
    expect(jobs).toHaveLength(1);
    // The provider token is encrypted at rest.
    const row = await connectionRow(body.id);
    expect(row.accessTokenEncrypted).toMatch(/^v2\.[0-9a-f]{8}\./);
    expect(row.accessTokenEncrypted).not.toContain("mock-access");
    expect(row.historyStartOn).toBe(
      toDay(new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 24, 1))),
    );
  });

  it("links the institution and products asked for", async () => {
    const profileId = await createProfile(platform, env);
    const institution = SANDBOX_INSTITUTIONS[1]!;
    const res = await linkSandbox(platform, env, {
      profileId,
      institutionId: institution.id,
      products: ["ACCOUNT_BALANCES_AND_TRANSACTIONS", "ACCOUNT_NUMBERS"],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      products: ["ACCOUNT_BALANCES_AND_TRANSACTIONS", "ACCOUNT_NUMBERS"],
      institution: { id: institution.id, name: institution.name },
    });
  });

  it("asks user_mfa for the code (422 on mfaCode) and links with it", async () => {
    const profileId = await createProfile(platform, env);
    const missing = await linkSandbox(platform, env, { profileId, username: "user_mfa" });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      mfaCode: [
        "This login asks for a one-time code: Enter the 6-digit code we sent to the phone ending 0123 (sandbox: 123456).",
      ],
    });
    const wrong = await linkSandbox(platform, env, { profileId, username: "user_mfa", mfaCode: "111111" });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().mfaCode[0]).toMatch(/^The code is incorrect\. Enter the 6-digit code/);
    const right = await linkSandbox(platform, env, { profileId, username: "user_mfa", mfaCode: "123456" });
    expect(right.statusCode).toBe(201);
  });

  it("422 for a wrong password, and for a body that breaks the schema", async () => {
    const profileId = await createProfile(platform, env);
    const wrong = await linkSandbox(platform, env, { profileId, password: "nope" });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ password: ["The username or password is incorrect"] });
    const unknownUser = await linkSandbox(platform, env, { profileId, username: "someone" });
    expect(unknownUser.json()).toEqual({ password: ["The username or password is incorrect"] });
    const bad = await linkSandbox(platform, env, { products: [], username: "" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      profileId: ["Profile ID is required"],
      products: ["Products must have at least 1 item"],
      username: ["Username must be at least 1 character"],
    });
    const long = await linkSandbox(platform, env, { profileId, username: `user_good+${"x".repeat(300)}` });
    expect(long.json()).toEqual({ username: ["Username must be at most 256 characters"] });
    const notAProduct = await linkSandbox(platform, env, { profileId, products: ["EVERYTHING"] });
    expect(notAProduct.statusCode).toBe(422);
    expect(notAProduct.json()["products.0"][0]).toMatch(
      /must be one of: ACCOUNT_BALANCES_AND_TRANSACTIONS, /,
    );
  });

  it("404 for an unknown profile or institution, and for another environment's profile", async () => {
    const unknownProfile = await linkSandbox(platform, env, { profileId: "p_00000000000000000000000000" });
    expect(unknownProfile.statusCode).toBe(404);
    expect(unknownProfile.json().message).toBe("Profile p_00000000000000000000000000 was not found");
    const profileId = await createProfile(platform, env);
    const unknownInstitution = await linkSandbox(platform, env, { profileId, institutionId: "inst_nope" });
    expect(unknownInstitution.statusCode).toBe(404);
    expect(unknownInstitution.json().message).toBe("Institution inst_nope was not found");
    const foreign = await linkSandbox(platform, other, { profileId });
    expect(foreign.statusCode).toBe(404);
  });

  it("409 when the profile already has a live connection with that login; +tag or another bank is fine", async () => {
    const profileId = await createProfile(platform, env);
    expect((await linkSandbox(platform, env, { profileId })).statusCode).toBe(201);
    const again = await linkSandbox(platform, env, { profileId, username: "USER_GOOD" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: "This profile is already connected to Weft Sandbox Bank with that login",
      instruction:
        "Use the existing connection (GET /v1/profiles/{profileId}/connections), or disconnect it first.",
    });
    // The login is checked before the duplicate: a wrong password says so, not "already connected".
    const wrongPassword = await linkSandbox(platform, env, { profileId, password: "nope" });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json()).toEqual({ password: ["The username or password is incorrect"] });
    expect((await linkSandbox(platform, env, { profileId, username: "user_good+2" })).statusCode).toBe(201);
    const elsewhere = await linkSandbox(platform, env, {
      profileId,
      institutionId: SANDBOX_INSTITUTIONS[2]!.id,
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it("409 for a profile being deleted", async () => {
    const profileId = await createProfile(platform, env);
    await platform.app.inject({ method: "DELETE", url: `/v1/profiles/${profileId}`, headers: env.auth });
    const res = await linkSandbox(platform, env, { profileId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Profile ${profileId} is being deleted`);
  });

  it("403 in a PRODUCTION environment, 401 without an API key", async () => {
    const production = await platform.environment("PRODUCTION");
    const profileId = await createProfile(platform, production);
    const res = await linkSandbox(platform, production, { profileId });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: "Sandbox endpoints are not available in PRODUCTION environments",
      instruction: "Use a TEST or SANDBOX environment's API key.",
    });
    const anonymous = await platform.app.inject({
      method: "POST",
      url: "/v1/sandbox/connections",
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("the first sync", () => {
  let profileId: string;
  let connectionId: string;
  beforeAll(async () => {
    ({ profileId, connectionId } = await linkAndSync(platform, env));
  });

  it("reaches SYNCED through a recent window, then the 24-month history", async () => {
    const res = await get(platform, env, `/v1/connections/${connectionId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: connectionId, status: "SYNCED", error: null });
    expect(res.json().lastSyncedAt).not.toBeNull();
    const row = await connectionRow(connectionId);
    const today = toDay(new Date());
    const initialStart = addDays(today, -89);
    const mine = (type: string) =>
      storedEvents(platform, env.id, type).then((rows) =>
        rows.filter((e) => (e.record as { id: string }).id === connectionId),
      );
    const [initial] = await mine("connection.synced.successful.initial");
    expect(initial!.metadata).toEqual({ startDate: initialStart, endDate: today });
    expect(initial!.record).toMatchObject({ status: "SYNCED" });
    const [historical] = await mine("connection.synced.successful.historical");
    expect(historical!.metadata).toEqual({
      startDate: row.historyStartOn,
      endDate: addDays(initialStart, -1),
    });
    expect(row).toMatchObject({ syncedFromOn: row.historyStartOn, syncedThroughOn: today, failedSyncs: 0 });
    // The next regular sync is scheduled 12 hours out.
    const next = (await queuedJobs(platform, SYNC_QUEUE)).filter(
      (j) => j.payload.connectionId === connectionId,
    );
    expect(next).toHaveLength(1);
    expect(next[0]!.runAt.getTime() - row.lastSyncedAt!.getTime()).toBe(12 * 3_600_000);
    expect(next[0]!.payload.scheduledFor).toBe(row.nextSyncAt!.toISOString());
  });

  it("writes a large sync in bounded transactions: at most 200 transactions each, all of them stored", async () => {
    const { connectionId: linked } = await linkAndSync(platform, env);
    // Rows per writing database transaction: each row's xmin names the transaction that wrote it.
    const rows = (
      (await platform.ctx.db.execute(sql`
        select t.xmin::text as writer, count(*)::int as n from ${transactions} t
        join ${accounts} a on a.id = t.account_id
        where a.connection_id = ${linked} group by 1`)) as unknown as {
        rows: { writer: string; n: number }[];
      }
    ).rows;
    const stored = rows.reduce((sum, r) => sum + r.n, 0);
    // The first window and the 24-month history: some 2,000 rows, in parts.
    expect(stored).toBeGreaterThan(1_500);
    expect(rows.length).toBeGreaterThanOrEqual(Math.ceil(stored / STAGE_ROWS));
    expect(Math.max(...rows.map((r) => r.n))).toBeLessThanOrEqual(STAGE_ROWS);
    expect((await connectionRow(linked)).status).toBe("SYNCED");
  });

  it("gives the event loop a turn before each stage: requests run between them", async () => {
    const profileId = await createProfile(platform, env);
    const linked = (await linkSandbox(platform, env, { profileId })).json().id as string;
    // A turn of the event loop is what lets a request in; count them while the first sync runs.
    let turns = 0;
    let counting = true;
    const turn = () => {
      turns += 1;
      if (counting) setImmediate(turn);
    };
    setImmediate(turn);
    const outcome = await runSync(platform.ctx, linked, {});
    counting = false;
    expect(outcome.kind).toBe("SYNCED");
    const [stored] = await platform.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions)
      .innerJoin(accounts, eq(accounts.id, transactions.accountId))
      .where(eq(accounts.connectionId, linked));
    // The accounts' stage, then one a part of the transactions, at least.
    expect(turns).toBeGreaterThanOrEqual(1 + Math.ceil(stored!.n / STAGE_ROWS));
  });

  it("records account.created for each account, account.verified for each with ACH numbers, balance.created", async () => {
    const ofProfile = async (type: string) =>
      (await storedEvents(platform, env.id, type)).filter((e) => e.profileId === profileId);
    const created = await ofProfile("account.created");
    const types = created.map((e) => (e.record as { type: string }).type);
    expect(types).toHaveLength(5);
    expect(types.map((t) => (t === "MORTGAGE" ? "STUDENT" : t)).sort()).toEqual([
      "BROKERAGE",
      "CHECKING",
      "CREDIT_CARD",
      "SAVINGS",
      "STUDENT",
    ]);
    expect((await ofProfile("account.verified")).map((e) => (e.record as { kind: string }).kind)).toEqual([
      "DEPOSITORY",
      "DEPOSITORY",
    ]);
    const balances = await ofProfile("balance.created");
    expect(balances).toHaveLength(5);
    expect(balances.every((e) => (e.record as { source: string }).source === "INITIAL")).toBe(true);
    const statements = await ofProfile("statement.ready");
    expect(statements).toHaveLength(24 * 5);
    expect(statements[0]!.record).toEqual({
      id: expect.stringMatching(/^stmt_/),
      accountId: expect.stringMatching(/^acct_/),
      startOn: expect.any(String),
      endOn: expect.any(String),
    });
  });

  it("re-syncs idempotently: nothing duplicated, nothing announced twice", async () => {
    const before = await platform.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions)
      .innerJoin(accounts, eq(accounts.id, transactions.accountId))
      .where(eq(accounts.connectionId, connectionId));
    const eventsBefore = (await storedEvents(platform, env.id)).length;
    const outcome = await runSync(platform.ctx, connectionId);
    expect(outcome).toMatchObject({
      kind: "SYNCED",
      phase: "INCREMENTAL",
      result: { accountsCreated: 0, balancesCreated: 0, statementsCreated: 0 },
    });
    const after = await platform.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions)
      .innerJoin(accounts, eq(accounts.id, transactions.accountId))
      .where(eq(accounts.connectionId, connectionId));
    expect(after[0]!.n).toBe(before[0]!.n);
    const newEvents = (await storedEvents(platform, env.id)).slice(eventsBefore);
    expect(newEvents.map((e) => e.type)).toEqual(["connection.synced.successful"]);
    expect(newEvents[0]!.metadata).toEqual({
      startDate: addDays(toDay(new Date()), -14),
      endDate: toDay(new Date()),
    });
  });

  it("replaces pending transactions by their posted versions when a later sync sees them post", async () => {
    // Find a day, from today on, when this connection has something pending, and sync then.
    const row = await connectionRow(connectionId);
    const accessToken = decrypt(platform.ctx.secretKey, row.accessTokenEncrypted!);
    let day = new Date();
    for (let i = 0; i < 30; i++) {
      const snapshot = await new MockProvider().fetch({
        accessToken,
        now: day,
        window: { startOn: addDays(toDay(day), -5), endOn: toDay(day) },
        products: PRODUCTS,
        attempt: 2,
      });
      if (snapshot.transactions.some((t) => t.status === "PENDING")) break;
      day = new Date(day.getTime() + 86_400_000);
    }
    expect(await runSync(platform.ctx, connectionId, { now: day })).toMatchObject({ kind: "SYNCED" });
    const pendingBefore = await platform.ctx.db
      .select()
      .from(transactions)
      .innerJoin(accounts, eq(accounts.id, transactions.accountId))
      .where(sql`${accounts.connectionId} = ${connectionId} and ${transactions.status} = 'PENDING'`);
    expect(pendingBefore.length).toBeGreaterThan(0);
    const later = new Date(day.getTime() + 5 * 86_400_000);
    expect(await runSync(platform.ctx, connectionId, { now: later })).toMatchObject({ kind: "SYNCED" });
    for (const { transactions: pending } of pendingBefore) {
      const stillThere = await platform.ctx.db
        .select()
        .from(transactions)
        .where(eq(transactions.id, pending.id));
      expect(stillThere).toEqual([]);
      const [posted] = await platform.ctx.db
        .select()
        .from(transactions)
        .where(eq(transactions.pendingTransactionId, pending.id));
      expect(posted).toMatchObject({
        accountId: pending.accountId,
        status: "POSTED",
        description: pending.description,
        externalId: pending.externalId.replace(/-p$/, ""),
      });
    }
    const duplicates = await platform.ctx.db.execute(sql`
      select account_id, external_id, count(*) from transactions group by 1, 2 having count(*) > 1`);
    expect((duplicates as { rows: unknown[] }).rows).toEqual([]);
    // The per-account count that list totals use matches the rows.
    const counts = await platform.ctx.db.execute(sql`
      select a.transaction_count as kept, (select count(*)::int from transactions t where t.account_id = a.id) as real
      from accounts a where a.connection_id = ${connectionId}`);
    for (const r of (counts as { rows: { kept: number; real: number }[] }).rows) expect(r.kept).toBe(r.real);
  });

  it("lists a profile's connections, paginated, and reads one", async () => {
    const list = await get(platform, env, `/v1/profiles/${profileId}/connections`);
    expect(list.statusCode).toBe(200);
    expect(list.headers["total-count"]).toBe("1");
    expect(list.headers["current-page"]).toBe("1");
    expect(list.json().map((c: { id: string }) => c.id)).toEqual([connectionId]);
    expect(
      (await get(platform, env, "/v1/profiles/p_00000000000000000000000000/connections")).statusCode,
    ).toBe(404);
  });

  it("keeps tenants apart: another environment's key gets 404 for this connection", async () => {
    for (const url of [`/v1/connections/${connectionId}`, `/v1/profiles/${profileId}/connections`]) {
      const res = await get(platform, other, url);
      expect(res.statusCode, url).toBe(404);
    }
    const del = await platform.app.inject({
      method: "DELETE",
      url: `/v1/connections/${connectionId}`,
      headers: other.auth,
    });
    expect(del.statusCode).toBe(404);
    expect((await simulate(platform, other, connectionId, { event: "SYNC" })).statusCode).toBe(404);
    const refresh = await platform.app.inject({
      method: "POST",
      url: `/v1/connections/${connectionId}/statements/refresh`,
      headers: other.auth,
    });
    expect(refresh.statusCode).toBe(404);
  });
});

describe("sync errors", () => {
  it("ERROR_REPAIRABLE keeps retrying quietly and waits for the user; REPAIR brings it back", async () => {
    const { connectionId } = await linkAndSync(platform, env, { username: "user_error_repairable" });
    const res = await get(platform, env, `/v1/connections/${connectionId}`);
    expect(res.json()).toMatchObject({
      status: "ERROR_REPAIRABLE",
      error: {
        errorType: "ITEM_ERROR",
        errorCode: "ITEM_LOGIN_REQUIRED",
        displayMessage: "Your bank needs you to sign in again.",
      },
    });
    const errored = (await storedEvents(platform, env.id, "connection.synced.errored.repairable")).filter(
      (e) => (e.record as { id: string }).id === connectionId,
    );
    expect(errored).toHaveLength(1);
    expect(errored[0]!.metadata).toMatchObject({ errorCode: "ITEM_LOGIN_REQUIRED" });
    const first = await connectionRow(connectionId);
    expect(first.nextSyncAt!.getTime() - first.updatedAt.getTime()).toBe(3_600_000);

    // The retry fails the same way: the status stays, no second event, the backoff doubles.
    await makeQueuedJobsDue(platform, SYNC_QUEUE);
    await platform.worker.drain();
    const second = await connectionRow(connectionId);
    expect(second).toMatchObject({ status: "ERROR_REPAIRABLE", failedSyncs: 2 });
    expect(second.nextSyncAt!.getTime() - second.updatedAt.getTime()).toBe(2 * 3_600_000);
    expect(
      (await storedEvents(platform, env.id, "connection.synced.errored.repairable")).filter(
        (e) => (e.record as { id: string }).id === connectionId,
      ),
    ).toHaveLength(1);

    const repaired = await simulate(platform, env, connectionId, { event: "REPAIR" });
    expect(repaired.statusCode).toBe(200);
    await platform.worker.drain();
    expect((await get(platform, env, `/v1/connections/${connectionId}`)).json()).toMatchObject({
      status: "SYNCED",
      error: null,
    });
    expect(
      (await storedEvents(platform, env.id, "connection.synced.successful.historical")).some(
        (e) => (e.record as { id: string }).id === connectionId,
      ),
    ).toBe(true);
    // Its accounts were created by the repaired sync itself: created, not reconnected.
    const reconnected = (await storedEvents(platform, env.id, "account.reconnected")).filter(
      (e) => (e.record as { connectionId: string }).connectionId === connectionId,
    );
    expect(reconnected).toEqual([]);
  });

  it("ERROR_SERVICE retries itself and syncs", async () => {
    const { connectionId } = await linkAndSync(platform, env, {
      username: "user_error_service",
      products: ["ACCOUNT_BALANCES_AND_TRANSACTIONS"],
    });
    expect(await connectionRow(connectionId)).toMatchObject({ status: "ERROR_SERVICE", failedSyncs: 1 });
    const event = (await storedEvents(platform, env.id, "connection.synced.errored.service")).find(
      (e) => (e.record as { id: string }).id === connectionId,
    );
    expect(event!.metadata).toMatchObject({ errorType: "SERVICE_ERROR" });
    const row = await connectionRow(connectionId);
    expect(row.nextSyncAt!.getTime() - row.updatedAt.getTime()).toBe(30_000);
    await makeQueuedJobsDue(platform, SYNC_QUEUE);
    await platform.worker.drain();
    expect(await connectionRow(connectionId)).toMatchObject({
      status: "SYNCED",
      failedSyncs: 0,
      error: null,
    });
  });

  it.each([
    [
      "user_error_institution",
      "ERROR_INSTITUTION",
      "connection.synced.errored.institution",
      "INSTITUTION_DOWN",
    ],
    ["user_error_provider", "ERROR_PROVIDER", "connection.synced.errored.provider", "PROVIDER_UNAVAILABLE"],
  ])("%s lands in %s with %s", async (username, status, type, code) => {
    const { connectionId } = await linkAndSync(platform, env, { username });
    const res = await get(platform, env, `/v1/connections/${connectionId}`);
    expect(res.json()).toMatchObject({ status, error: { errorCode: code } });
    const event = (await storedEvents(platform, env.id, type)).find(
      (e) => (e.record as { id: string }).id === connectionId,
    );
    expect(event!.record).toMatchObject({ id: connectionId, status });
    const row = await connectionRow(connectionId);
    expect(row.nextSyncAt!.getTime() - row.updatedAt.getTime()).toBe(15 * 60_000);
  });
});

describe("DELETE /v1/connections/{connectionId}", () => {
  it("disconnects: 202 DISCONNECTING, then DISCONNECTED with the event; data stays, syncing stops", async () => {
    const { connectionId } = await linkAndSync(platform, env, {
      products: ["ACCOUNT_BALANCES_AND_TRANSACTIONS", "ACCOUNT_NUMBERS"],
    });
    const res = await platform.app.inject({
      method: "DELETE",
      url: `/v1/connections/${connectionId}`,
      headers: env.auth,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ id: connectionId, status: "DISCONNECTING" });
    await platform.worker.drain();
    const after = await get(platform, env, `/v1/connections/${connectionId}`);
    expect(after.json()).toMatchObject({ status: "DISCONNECTED" });
    const event = (await storedEvents(platform, env.id, "connection.disconnected")).find(
      (e) => (e.record as { id: string }).id === connectionId,
    );
    expect(event!.record).toMatchObject({ status: "DISCONNECTED" });
    const row = await connectionRow(connectionId);
    expect(row.accessTokenEncrypted).toBeNull();
    const [account] = await platform.ctx.db
      .select()
      .from(accounts)
      .where(eq(accounts.connectionId, connectionId));
    expect(
      (await get(platform, env, `/v1/accounts/${account!.id}/transactions`)).json().length,
    ).toBeGreaterThan(0);
    // A sync that comes due does nothing.
    expect(await runSync(platform.ctx, connectionId)).toEqual({
      kind: "SKIPPED",
      reason: "connection is DISCONNECTED",
    });
    const again = await platform.app.inject({
      method: "DELETE",
      url: `/v1/connections/${connectionId}`,
      headers: env.auth,
    });
    // Repeating it is safe: the same answer, and nothing queued or recorded again.
    const jobsBefore = await queuedJobs(platform, "connections.disconnect");
    const eventsBefore = (await storedEvents(platform, env.id, "connection.disconnected")).length;
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ id: connectionId, status: "DISCONNECTED" });
    expect(await queuedJobs(platform, "connections.disconnect")).toEqual(jobsBefore);
    await platform.worker.drain();
    expect((await storedEvents(platform, env.id, "connection.disconnected")).length).toBe(eventsBefore);
  });

  it("lets the same login link again once disconnected", async () => {
    const profileId = await createProfile(platform, env);
    const first = await linkSandbox(platform, env, { profileId, products: ["ACCOUNT_NUMBERS"] });
    await platform.app.inject({
      method: "DELETE",
      url: `/v1/connections/${first.json().id}`,
      headers: env.auth,
    });
    expect((await linkSandbox(platform, env, { profileId, products: ["ACCOUNT_NUMBERS"] })).statusCode).toBe(
      201,
    );
  });

  it("404 for an unknown connection", async () => {
    const res = await platform.app.inject({
      method: "DELETE",
      url: "/v1/connections/conn_00000000000000000000000000",
      headers: env.auth,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Connection conn_00000000000000000000000000 was not found");
  });
});

describe("POST /v1/sandbox/connections/{connectionId}/simulate", () => {
  let connectionId: string;
  beforeAll(async () => {
    ({ connectionId } = await linkAndSync(platform, env, { products: ["ACCOUNT_NUMBERS"] }));
  });
  const eventsAbout = async (type: string) =>
    (await storedEvents(platform, env.id, type)).filter(
      (e) => (e.record as { id: string }).id === connectionId,
    );

  it("drives the connection through allowed transitions, recording each status's event", async () => {
    const errored = await simulate(platform, env, connectionId, { status: "ERROR_INSTITUTION" });
    expect(errored.statusCode).toBe(200);
    expect(errored.json()).toMatchObject({
      status: "ERROR_INSTITUTION",
      error: { errorCode: "INSTITUTION_DOWN" },
    });
    expect(await eventsAbout("connection.synced.errored.institution")).toHaveLength(1);

    const refused = await simulate(platform, env, connectionId, { status: "SYNCED" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: `Connection ${connectionId} cannot go from ERROR_INSTITUTION to SYNCED`,
      instruction:
        "From ERROR_INSTITUTION a connection can only go to SYNCING, ERROR_REPAIRABLE, ERROR_PROVIDER, ERROR_SERVICE, DISCONNECTING.",
    });

    expect((await simulate(platform, env, connectionId, { status: "SYNCING" })).json().status).toBe(
      "SYNCING",
    );
    const synced = await simulate(platform, env, connectionId, { status: "SYNCED" });
    expect(synced.json()).toMatchObject({ status: "SYNCED", error: null });
    expect((await eventsAbout("connection.synced.successful")).length).toBeGreaterThanOrEqual(1);

    const same = await simulate(platform, env, connectionId, { status: "SYNCED" });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(`Connection ${connectionId} is already SYNCED`);
    const initializing = await simulate(platform, env, connectionId, { status: "INITIALIZING" });
    expect(initializing.statusCode).toBe(409);
  });

  it("a simulated ERROR_REPAIRABLE keeps failing until REPAIR", async () => {
    await simulate(platform, env, connectionId, { status: "ERROR_REPAIRABLE" });
    await makeQueuedJobsDue(platform, SYNC_QUEUE);
    await platform.worker.drain();
    expect(await connectionRow(connectionId)).toMatchObject({ status: "ERROR_REPAIRABLE", failedSyncs: 2 });
    const reconnectedBefore = (await storedEvents(platform, env.id, "account.reconnected")).length;
    await simulate(platform, env, connectionId, { event: "REPAIR" });
    await platform.worker.drain();
    expect(await connectionRow(connectionId)).toMatchObject({ status: "SYNCED", failedSyncs: 0 });
    // The user is back: each account of the connection is announced as reconnected.
    const reconnected = (await storedEvents(platform, env.id, "account.reconnected")).slice(
      reconnectedBefore,
    );
    expect(reconnected).toHaveLength(5);
    expect(new Set(reconnected.map((e) => (e.record as { connectionId: string }).connectionId))).toEqual(
      new Set([connectionId]),
    );
  });

  it("event SYNC syncs now", async () => {
    const before = (await eventsAbout("connection.synced.successful")).length;
    const res = await simulate(platform, env, connectionId, { event: "SYNC" });
    expect(res.statusCode).toBe(200);
    await platform.worker.drain();
    expect((await eventsAbout("connection.synced.successful")).length).toBe(before + 1);
  });

  it("walks to DISCONNECTED, after which events are refused", async () => {
    expect((await simulate(platform, env, connectionId, { status: "DISCONNECTING" })).json().status).toBe(
      "DISCONNECTING",
    );
    expect((await simulate(platform, env, connectionId, { status: "DISCONNECTED" })).json().status).toBe(
      "DISCONNECTED",
    );
    expect(await eventsAbout("connection.disconnected")).toHaveLength(1);
    const sync = await simulate(platform, env, connectionId, { event: "SYNC" });
    expect(sync.statusCode).toBe(409);
    expect(sync.json().message).toBe(`Connection ${connectionId} is DISCONNECTED: it does not sync`);
  });

  it("422 unless exactly one of status and event; 422 for unknown values; 403 in PRODUCTION", async () => {
    const both = await simulate(platform, env, connectionId, { status: "SYNCED", event: "SYNC" });
    expect(both.statusCode).toBe(422);
    expect(both.json()).toEqual({ body: ["Send either status or event, not both"] });
    expect((await simulate(platform, env, connectionId, {})).json()).toEqual({
      body: ["Send status or event"],
    });
    const unknown = await simulate(platform, env, connectionId, { status: "BROKEN" });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json())).toEqual(["status"]);
    const production = await platform.environment("PRODUCTION");
    const res = await simulate(platform, production, connectionId, { event: "SYNC" });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Sandbox endpoints are not available in PRODUCTION environments");
  });
});

describe("GET /v1/profiles/{profileId}/connections/{connectionId}/export", () => {
  it("403 until support enables the feature, then the provider credentials", async () => {
    const profileId = await createProfile(platform, env);
    const connectionId = (
      await linkSandbox(platform, env, { profileId, products: ["ACCOUNT_NUMBERS"] })
    ).json().id;
    const url = `/v1/profiles/${profileId}/connections/${connectionId}/export`;
    const refused = await get(platform, env, url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: "Connection export is not enabled for this environment",
      instruction:
        "Ask the operator to enable it: weft env features --env ENV_ID --enable connection_export.",
    });
    await setEnvironmentFeature(platform.ctx, env.id, "connection_export", true);
    const res = await get(platform, env, url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: connectionId,
      profileId,
      provider: "MOCK",
      apiKey: [expect.stringMatching(/^mock-access-v1\./)],
    });
    const otherProfile = await createProfile(platform, env);
    expect(
      (await get(platform, env, `/v1/profiles/${otherProfile}/connections/${connectionId}/export`))
        .statusCode,
    ).toBe(404);
  });
});

describe("POST /v1/connections/{connectionId}/statements/refresh", () => {
  it("202, then statement.ready for each statement; 429 when asked again within a minute", async () => {
    const { connectionId } = await linkAndSync(platform, env, { products: ["ACCOUNT_STATEMENTS"] });
    const refresh = () =>
      platform.app.inject({
        method: "POST",
        url: `/v1/connections/${connectionId}/statements/refresh`,
        headers: env.auth,
      });
    const before = (await storedEvents(platform, env.id, "statement.ready")).length;
    const res = await refresh();
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: "ACCEPTED", requestedAt: expect.any(String) });
    const limited = await refresh();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(50);
    expect(limited.json().message).toMatch(/refreshed less than 60 seconds ago/);
    await platform.worker.drain();
    expect((await storedEvents(platform, env.id, "statement.ready")).length - before).toBe(24 * 5);
  });

  it("403 without ACCOUNT_STATEMENTS, and once disconnected", async () => {
    const profileId = await createProfile(platform, env);
    const connectionId = (
      await linkSandbox(platform, env, { profileId, products: ["ACCOUNT_NUMBERS"] })
    ).json().id;
    const url = `/v1/connections/${connectionId}/statements/refresh`;
    const res = await platform.app.inject({ method: "POST", url, headers: env.auth });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(`Connection ${connectionId} is not enabled with ACCOUNT_STATEMENTS`);
    const withStatements = (
      await linkSandbox(platform, env, {
        profileId,
        username: "user_good+s",
        products: ["ACCOUNT_STATEMENTS"],
      })
    ).json().id;
    await platform.app.inject({
      method: "DELETE",
      url: `/v1/connections/${withStatements}`,
      headers: env.auth,
    });
    const inactive = await platform.app.inject({
      method: "POST",
      url: `/v1/connections/${withStatements}/statements/refresh`,
      headers: env.auth,
    });
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().message).toMatch(/is DISCONNECTING: its data can be read/);
  });
});

describe("profile deletion", () => {
  it("removes the profile's connections, accounts and transactions, revoking provider access first", async () => {
    const revoke = vi.spyOn(MockProvider.prototype, "revoke");
    const { profileId, connectionId } = await linkAndSync(platform, env, {
      products: ["ACCOUNT_BALANCES_AND_TRANSACTIONS"],
    });
    const accountIds = (
      await platform.ctx.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.connectionId, connectionId))
    ).map((a) => a.id);
    expect(accountIds.length).toBe(5);
    const token = decrypt(platform.ctx.secretKey, (await connectionRow(connectionId)).accessTokenEncrypted!);
    await platform.app.inject({ method: "DELETE", url: `/v1/profiles/${profileId}`, headers: env.auth });
    await platform.worker.drain();
    expect(revoke).toHaveBeenCalledWith({ accessToken: token });
    revoke.mockRestore();
    expect(await platform.ctx.db.select().from(connections).where(eq(connections.id, connectionId))).toEqual(
      [],
    );
    expect(await platform.ctx.db.select().from(accounts).where(eq(accounts.profileId, profileId))).toEqual(
      [],
    );
    const left = await platform.ctx.db.execute(
      sql`select count(*)::int as n from transactions where account_id in (${sql.join(
        accountIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect((left as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect((await get(platform, env, `/v1/connections/${connectionId}`)).statusCode).toBe(404);
  });
});
