import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootstrapFirstRun } from "../src/bootstrap.ts";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";
import { createApiKey, revokeApiKey } from "../src/modules/api-keys/service.ts";
import { createEnvironment, listEnvironments } from "../src/modules/environments/service.ts";
import { openRuntime, type Runtime } from "../src/runtime.ts";
import { createPostgresDatabase, testDriver } from "./harness.ts";
import { CLI, exited, startOnFreePort } from "./processes.ts";

/**
 * Two real `weft serve --role api` processes on one PostgreSQL database, as behind a load
 * balancer: what one issues or revokes holds on the other. PGlite is one process's database, so
 * this file runs only on PostgreSQL.
 */

let runtime: Runtime;
let dropDatabase: () => Promise<void>;
let dataDir: string;
const children: ChildProcess[] = [];
let urls: [string, string];
let environmentId: string;

const call = (base: string, method: string, url: string, bearer: string, body?: unknown) =>
  fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(body !== undefined && { "content-type": "application/json" }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });

async function newKey(name: string) {
  return createApiKey(runtime.ctx.db, environmentId, name);
}

describe.skipIf(testDriver !== "postgres")("two API processes on one database (PostgreSQL)", () => {
  beforeAll(async () => {
    const database = await createPostgresDatabase();
    dropDatabase = database.drop;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "weft-api-processes-"));
    const settings = {
      DATABASE_URL: database.url,
      WEFT_DATA_DIR: dataDir,
      WEFT_SECRET_KEY: randomBytes(32).toString("hex"),
      WEFT_LOG_LEVEL: "warn",
    };
    runtime = await openRuntime(loadConfig(settings), "api processes test", pino({ level: "silent" }));
    environmentId = (await createEnvironment(runtime.ctx.db, { name: "Two processes", mode: "TEST" })).id;
    const started = [];
    for (const _ of [0, 1]) {
      const env = { PATH: process.env.PATH ?? "", ...settings };
      const api = await startOnFreePort([CLI, "serve", "--role", "api"], env, "Weft is running", 30_000);
      children.push(api.child);
      started.push(`http://127.0.0.1:${api.port}`);
    }
    urls = started as [string, string];
  }, 90_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && !child.signalCode) child.kill("SIGTERM");
    await Promise.all(children.map(exited));
    await runtime?.close();
    await dropDatabase?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("a session issued on one process verifies on the other, and revoked on either fails on both", async () => {
    const [a, b] = urls;
    const { secret } = await newKey("sessions");
    const profile = await call(a, "POST", "/v1/profiles", secret, {});
    expect(profile.status).toBe(201);
    const { id: profileId } = (await profile.json()) as { id: string };
    const issued = await call(a, "POST", "/v1/users/sessions", secret, { userId: profileId });
    expect(issued.status).toBe(201);
    const session = (await issued.json()) as { token: string; userId: string };

    for (const base of [b, a]) {
      const checked = await call(base, "POST", "/v1/introspect/session_token", session.token);
      expect(checked.status, base).toBe(200);
      expect(await checked.json()).toMatchObject({ userId: profileId, environmentId });
    }
    expect((await call(b, "DELETE", "/v1/users/session", session.token)).status).toBe(204);
    for (const base of [a, b]) {
      expect((await call(base, "POST", "/v1/introspect/session_token", session.token)).status, base).toBe(
        401,
      );
    }
  });

  it("an API key revoked by another process fails on both API processes' next request, though each had it cached", async () => {
    const { key, secret } = await newKey("revoked");
    for (const base of urls) {
      // Twice: the first read fills the process's cache, the second is served from it.
      for (const _ of [0, 1])
        expect((await call(base, "POST", "/v1/introspect/api_key", secret)).status).toBe(200);
    }
    await revokeApiKey(runtime.ctx, key.id);
    for (const base of urls) {
      const after = await call(base, "POST", "/v1/introspect/api_key", secret);
      expect(after.status, base).toBe(401);
    }
  });
});

describe.skipIf(testDriver !== "postgres")(
  "first-run setup as several processes start at once (PostgreSQL)",
  () => {
    it("makes one SANDBOX environment, key and Connector, however many processes look for them together", async () => {
      const database = await createPostgresDatabase();
      const handles = await Promise.all(
        [0, 1, 2, 3].map(() => openDatabase({ driver: "postgres", url: database.url, poolSize: 2 })),
      );
      try {
        await handles[0]!.migrate();
        const made = await Promise.all(handles.map((h) => bootstrapFirstRun(h.db)));
        expect(made.filter(Boolean)).toHaveLength(1);
        expect(await listEnvironments(handles[0]!.db)).toHaveLength(1);
      } finally {
        await Promise.all(handles.map((h) => h.close()));
        await database.drop();
      }
    });
  },
);
