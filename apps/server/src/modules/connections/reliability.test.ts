import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "../../../test/harness.ts";
import {
  createProfile,
  linkAndSync,
  linkSandbox,
  simulate,
  storedEvents,
} from "../../../test/sandbox-helpers.ts";
import { accounts, connections, jobs } from "../../db/schema/index.ts";
import { MockProvider } from "../../providers/mock/index.ts";
import { SYNC_QUEUE } from "./service.ts";
import { reconcileSyncSchedules, recordFailure, runSync } from "./sync.ts";

let platform: TestPlatform;
let env: TestEnvironment;
beforeAll(async () => {
  platform = await startTestPlatform();
  env = await platform.environment("SANDBOX");
});
afterAll(() => platform.close());

const liveSyncJobs = async (connectionId: string) =>
  (await platform.ctx.db.select().from(jobs).where(eq(jobs.queue, SYNC_QUEUE))).filter(
    (j) => j.payload.connectionId === connectionId && (j.state === "queued" || j.state === "active"),
  );

describe("profile.ready", () => {
  it("is recorded once, when the profile's first connection finishes its first sync", async () => {
    const { profileId } = await linkAndSync(platform, env);
    const second = await linkSandbox(platform, env, { profileId, username: "user_good+2" });
    expect(second.statusCode).toBe(201);
    await platform.worker.drain();
    const ready = (await storedEvents(platform, env.id, "profile.ready")).filter(
      (e) => e.profileId === profileId,
    );
    expect(ready).toHaveLength(1);
    expect(ready[0]).toMatchObject({ profile: { id: profileId }, record: { id: profileId } });
  });

  it("waits for a sync that succeeds", async () => {
    const profileId = await createProfile(platform, env);
    await linkSandbox(platform, env, { profileId, username: "user_error_institution" });
    await platform.worker.drain();
    expect(
      (await storedEvents(platform, env.id, "profile.ready")).filter((e) => e.profileId === profileId),
    ).toEqual([]);
  });
});

describe("a sync that lost its job", () => {
  it("gets a new one from the reconciler, once", async () => {
    const { connectionId } = await linkAndSync(platform, env);
    // The scheduled sync's job is gone (it ran out of attempts in a database outage, say) and its time has passed.
    await platform.ctx.db.delete(jobs).where(and(eq(jobs.queue, SYNC_QUEUE), eq(jobs.state, "queued")));
    const due = new Date(Date.now() - 10 * 60_000);
    await platform.ctx.db
      .update(connections)
      .set({ nextSyncAt: due })
      .where(eq(connections.id, connectionId));
    expect(await liveSyncJobs(connectionId)).toHaveLength(0);

    expect(await reconcileSyncSchedules(platform.ctx)).toContain(connectionId);
    const [job] = await liveSyncJobs(connectionId);
    expect(job!.payload).toEqual({ connectionId, scheduledFor: due.toISOString() });
    expect(await reconcileSyncSchedules(platform.ctx)).not.toContain(connectionId);
    expect(await liveSyncJobs(connectionId)).toHaveLength(1);

    await platform.worker.drain();
    const [row] = await platform.ctx.db.select().from(connections).where(eq(connections.id, connectionId));
    expect(row!.lastSyncedAt!.getTime()).toBeGreaterThan(due.getTime());
  });

  it("leaves disconnected connections alone", async () => {
    const { connectionId } = await linkAndSync(platform, env);
    await platform.app.inject({
      method: "DELETE",
      url: `/v1/connections/${connectionId}`,
      headers: env.auth,
    });
    await platform.worker.drain();
    await platform.ctx.db
      .update(connections)
      .set({ nextSyncAt: new Date(Date.now() - 3_600_000) })
      .where(eq(connections.id, connectionId));
    expect(await reconcileSyncSchedules(platform.ctx)).not.toContain(connectionId);
  });
});

describe("a sync whose job another worker took over", () => {
  it("writes nothing, not even the stages of a large first sync", async () => {
    const profileId = await createProfile(platform, env);
    const connectionId = (await linkSandbox(platform, env, { profileId })).json().id as string;
    const [job] = await liveSyncJobs(connectionId);
    // Claimed by worker-a, whose lease ran out: worker-b holds it now.
    const [taken] = await platform.ctx.db
      .update(jobs)
      .set({ state: "active", lockedBy: "worker-b", lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(jobs.id, job!.id))
      .returning();
    const outcome = await runSync(platform.ctx, connectionId, { job: { ...taken!, lockedBy: "worker-a" } });
    expect(outcome).toEqual({ kind: "SKIPPED", reason: "another worker took the sync over" });
    expect(
      await platform.ctx.db.select().from(accounts).where(eq(accounts.connectionId, connectionId)),
    ).toEqual([]);
    expect(
      (await storedEvents(platform, env.id)).filter(
        (e) => e.type.startsWith("account.") && e.profileId === profileId,
      ),
    ).toEqual([]);
  });
});

describe("a connection that fails while a sync runs", () => {
  it("keeps its error: the sync fetched before it, so it writes nothing and does not mark it SYNCED", async () => {
    const { connectionId } = await linkAndSync(platform, env);
    // The bank starts refusing the login after the provider answered this sync, before it wrote.
    const fetch = MockProvider.prototype.fetch;
    const spy = vi.spyOn(MockProvider.prototype, "fetch").mockImplementation(async function (
      this: MockProvider,
      request,
    ) {
      const snapshot = await fetch.call(this, request);
      const broken = await simulate(platform, env, connectionId, { status: "ERROR_REPAIRABLE" });
      expect(broken.statusCode).toBe(200);
      return snapshot;
    });
    try {
      const outcome = await runSync(platform.ctx, connectionId);
      expect(outcome).toMatchObject({
        kind: "SKIPPED",
        reason: expect.stringMatching(/failed during the sync/),
      });
    } finally {
      spy.mockRestore();
    }
    const [row] = await platform.ctx.db.select().from(connections).where(eq(connections.id, connectionId));
    expect(row).toMatchObject({ status: "ERROR_REPAIRABLE", error: { errorCode: "ITEM_LOGIN_REQUIRED" } });
    const synced = (await storedEvents(platform, env.id, "connection.synced.successful")).filter(
      (e) => (e.record as { id: string }).id === connectionId,
    );
    expect(synced).toEqual([]);
  });
});

describe("an internal sync failure", () => {
  it("tells clients and webhooks an errorId, never the internals", async () => {
    const { connectionId } = await linkAndSync(platform, env);
    const internals = new Error('Failed query: insert into "transactions" … params: ACME PAYROLL,1234.56');
    await recordFailure(platform.ctx, connectionId, "INCREMENTAL", internals, new Date());
    const res = await platform.app.inject({
      method: "GET",
      url: `/v1/connections/${connectionId}`,
      headers: env.auth,
    });
    expect(res.json()).toMatchObject({
      status: "ERROR_SERVICE",
      error: {
        errorType: "SERVICE_ERROR",
        errorCode: "INTERNAL_ERROR",
        errorMessage: expect.stringMatching(/^The sync failed on our side \(errorId err_[0-9a-f]{16}\)$/),
        requestId: expect.stringMatching(/^err_/),
      },
    });
    const [event] = (await storedEvents(platform, env.id, "connection.synced.errored.service")).filter(
      (e) => (e.record as { id: string }).id === connectionId,
    );
    expect(JSON.stringify(event)).not.toContain("ACME PAYROLL");
    expect(res.body).not.toContain("Failed query");
  });
});
