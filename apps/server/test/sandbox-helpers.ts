import { and, asc, eq, sql } from "drizzle-orm";
import { connections, events, jobs } from "../src/db/schema/index.ts";
import type { TestEnvironment, TestPlatform } from "./harness.ts";

/** Helpers for tests that link sandbox connections and watch what they do. */

export async function createProfile(platform: TestPlatform, env: TestEnvironment): Promise<string> {
  const res = await platform.app.inject({
    method: "POST",
    url: "/v1/profiles",
    headers: env.auth,
    payload: {},
  });
  if (res.statusCode !== 201) throw new Error(`profile: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

/** A session token for a profile, issued as a backend would (POST /v1/users/sessions). */
export async function issueSession(
  platform: TestPlatform,
  env: TestEnvironment,
  userId: string,
): Promise<string> {
  const res = await platform.app.inject({
    method: "POST",
    url: "/v1/users/sessions",
    headers: env.auth,
    payload: { userId },
  });
  if (res.statusCode !== 201) throw new Error(`session: ${res.statusCode} ${res.body}`);
  return res.json().token;
}

export function linkSandbox(platform: TestPlatform, env: TestEnvironment, body: Record<string, unknown>) {
  return platform.app.inject({
    method: "POST",
    url: "/v1/sandbox/connections",
    headers: env.auth,
    payload: body,
  });
}

/** A profile with a sandbox connection that has finished its initial and historical syncs. */
export async function linkAndSync(
  platform: TestPlatform,
  env: TestEnvironment,
  body: Record<string, unknown> = {},
): Promise<{ profileId: string; connectionId: string }> {
  const profileId = await createProfile(platform, env);
  const res = await linkSandbox(platform, env, { profileId, ...body });
  if (res.statusCode !== 201) throw new Error(`link: ${res.statusCode} ${res.body}`);
  await platform.worker.drain();
  return { profileId, connectionId: res.json().id };
}

export function simulate(platform: TestPlatform, env: TestEnvironment, connectionId: string, body: unknown) {
  return platform.app.inject({
    method: "POST",
    url: `/v1/sandbox/connections/${connectionId}/simulate`,
    headers: env.auth,
    payload: body as object,
  });
}

export const get = (platform: TestPlatform, env: TestEnvironment, url: string) =>
  platform.app.inject({ method: "GET", url, headers: env.auth });

/** Stored events of an environment, oldest first, optionally of one type or about one record. */
export async function storedEvents(platform: TestPlatform, environmentId: string, type?: string) {
  return platform.ctx.db
    .select()
    .from(events)
    .where(and(eq(events.environmentId, environmentId), type ? eq(events.type, type) : undefined))
    .orderBy(asc(events.at), asc(events.id));
}

/** The types of an environment's stored events about one record (its `record.id`), oldest first, those starting with `prefix`. */
export async function eventTypesAbout(
  platform: TestPlatform,
  environmentId: string,
  recordId: string,
  prefix = "",
): Promise<string[]> {
  return (await storedEvents(platform, environmentId))
    .filter((e) => (e.record as { id?: string }).id === recordId && e.type.startsWith(prefix))
    .map((e) => e.type);
}

/** Make every queued job of a queue due now, as if its time had come. */
export async function makeQueuedJobsDue(platform: TestPlatform, queue: string): Promise<number> {
  const rows = await platform.ctx.db
    .update(jobs)
    .set({ runAt: sql`now() - interval '1 second'` })
    .where(and(eq(jobs.queue, queue), eq(jobs.state, "queued")))
    .returning({ id: jobs.id });
  return rows.length;
}

export async function queuedJobs(platform: TestPlatform, queue: string) {
  return platform.ctx.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.queue, queue), eq(jobs.state, "queued")))
    .orderBy(asc(jobs.runAt));
}

/** The Connector app's call to its own API (GET, or POST with a body) with an end-user's session. */
export const connectorCall = (
  platform: TestPlatform,
  connectorId: string,
  path: string,
  auth: { authorization: string },
  payload?: object,
) =>
  platform.app.inject({
    method: payload ? "POST" : "GET",
    url: `/v1/connectors/${connectorId}${path}`,
    headers: auth,
    ...(payload && { payload }),
  });

/** A connection's row as stored. */
export const connectionRow = async (platform: TestPlatform, id: string) =>
  (await platform.ctx.db.select().from(connections).where(eq(connections.id, id)))[0]!;
