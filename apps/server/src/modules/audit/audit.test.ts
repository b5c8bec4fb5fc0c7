import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "../../../test/harness.ts";
import { issueSession } from "../../../test/sandbox-helpers.ts";
import { auditEvents } from "../../db/schema/index.ts";
import { cliActor, pruneAuditEvents, recordAudit } from "./service.ts";

let platform: TestPlatform;
let env: TestEnvironment;
let other: TestEnvironment;

beforeAll(async () => {
  platform = await startTestPlatform();
  env = await platform.environment("SANDBOX");
  other = await platform.environment("SANDBOX", "other");
});
afterAll(() => platform.close());

const list = (query = "", e: TestEnvironment = env) =>
  platform.app.inject({ url: `/v1/audit-events${query}`, headers: e.auth });

describe("the audit trail", () => {
  it("records GraphQL mutations that changed something, with the session and request id; not queries or refusals", async () => {
    const created = await platform.app.inject({
      method: "POST",
      url: "/v1/profiles",
      headers: env.auth,
      payload: {},
    });
    const profileId = created.json().id as string;
    const token = await issueSession(platform, env, profileId);
    const graphql = (query: string) =>
      platform.app.inject({
        method: "POST",
        url: "/v1/graphql",
        headers: { authorization: `Bearer ${token}`, "x-request-id": "gql-trace-1" },
        payload: { query },
      });
    const changed = await graphql(
      'mutation { profileUpdate(input: { metadata: { plan: "gold" } }) { success } }',
    );
    expect(changed.json().data.profileUpdate.success).toBe(true);
    const refused = await graphql("mutation { profileUpdate(input: { metadata: { } }) { success } }");
    expect(refused.json().data.profileUpdate.success).toBe(false);
    await graphql("{ profile { id } }");

    const sessionEvents = (await list("?actorType=session")).json();
    expect(sessionEvents).toHaveLength(1);
    expect(sessionEvents[0]).toMatchObject({
      action: "graphql profileUpdate",
      resourceId: profileId,
      status: 200,
      requestId: "gql-trace-1",
    });
    await platform.ctx.db.delete(auditEvents).where(eq(auditEvents.environmentId, env.id));
  });

  it("records each successful write with its credential, route and record; not reads, failures or replays", async () => {
    const created = await platform.app.inject({
      method: "POST",
      url: "/v1/profiles",
      headers: { ...env.auth, "idempotency-key": "audit-once", "x-request-id": "audit-trace-1" },
      payload: { name: "Audited" },
    });
    const profileId = created.json().id as string;
    await platform.app.inject({
      method: "POST",
      url: "/v1/profiles",
      headers: { ...env.auth, "idempotency-key": "audit-once" },
      payload: { name: "Audited" },
    });
    await platform.app.inject({
      method: "PATCH",
      url: `/v1/profiles/${profileId}`,
      headers: env.auth,
      payload: { name: "Audited Again" },
    });
    await platform.app.inject({
      method: "PATCH",
      url: `/v1/profiles/${profileId}`,
      headers: env.auth,
      payload: { email: "bad" },
    });
    await platform.app.inject({ url: `/v1/profiles/${profileId}`, headers: env.auth });
    const token = await issueSession(platform, env, profileId);
    const refusedSession = await platform.app.inject({
      method: "POST",
      url: "/v1/users/sessions",
      headers: env.auth,
      payload: { userId: "p_no_such_profile" },
    });
    expect(refusedSession.statusCode).toBe(404);
    await platform.app.inject({
      method: "DELETE",
      url: "/v1/users/session",
      headers: { authorization: `Bearer ${token}` },
    });

    const res = await list();
    expect(res.statusCode).toBe(200);
    const events = res.json();
    expect(events.map((e: { action: string }) => e.action)).toEqual([
      "DELETE /v1/users/session",
      "POST /v1/users/sessions",
      "PATCH /v1/profiles/:id",
      "POST /v1/profiles",
    ]);
    expect(events[3]).toMatchObject({
      actor: { type: "apiKey", id: env.apiKeyId },
      resourceId: profileId,
      status: 201,
      requestId: "audit-trace-1",
    });
    expect(events[2]).toMatchObject({ resourceId: profileId, status: 200 });
    // A session's record is written by the statement that issues it: it names the profile.
    expect(events[1]).toMatchObject({
      actor: { type: "apiKey", id: env.apiKeyId },
      resourceId: profileId,
      status: 201,
      requestId: expect.any(String),
    });
    expect(events[0].actor.type).toBe("session");
    expect(res.headers["total-count"]).toBe("4");

    const sessionsOnly = (await list("?actorType=session")).json();
    expect(sessionsOnly).toHaveLength(1);
    expect((await list("", other)).json()).toEqual([]);
  });

  it("records what the CLI changed as the operating-system user; old events are pruned", async () => {
    await recordAudit(platform.ctx.db, {
      environmentId: other.id,
      actor: cliActor(),
      action: "keys revoke",
      resourceId: "api_x",
    });
    const [event] = (await list("?actorType=cli", other)).json();
    expect(event).toMatchObject({
      actor: { type: "cli" },
      action: "keys revoke",
      resourceId: "api_x",
      status: null,
    });
    await platform.ctx.db
      .update(auditEvents)
      .set({ createdAt: new Date(Date.now() - 400 * 86_400_000) })
      .where(eq(auditEvents.environmentId, other.id));
    expect(await pruneAuditEvents(platform.ctx.db, 365)).toBe(1);
    expect((await list("", other)).json()).toEqual([]);
  });

  it("a bad filter is a 422", async () => {
    const res = await list("?actorType=robot");
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json())).toEqual(["actorType"]);
  });
});
