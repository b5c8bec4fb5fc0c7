import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDriver } from "../../test/harness.ts";
import { loadConfig } from "../config.ts";
import { connectToHolder, readLockHolder } from "../db/lock.ts";
import { listEnvironments } from "../modules/environments/service.ts";
import { createLogger, type DatabaseRuntime, openContext } from "../runtime.ts";
import { runOnServer, serveCommands } from "./on-server.ts";

/** Sends one raw line to the lock's holder and returns all it answers. */
async function sendRaw(dataDir: string, line: string): Promise<string> {
  const reached = await connectToHolder(dataDir);
  if (!reached) throw new Error("no holder");
  const { socket } = reached;
  let text = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    text += chunk;
  });
  await new Promise((resolve) => {
    socket.on("close", resolve);
    socket.on("error", resolve);
    socket.write(line);
  });
  return text;
}

describe.skipIf(testDriver !== "pglite")(
  "CLI commands on the server that holds the embedded database",
  () => {
    let dataDir: string;
    let runtime: DatabaseRuntime;

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "weft-on-server-"));
      const config = loadConfig({ WEFT_DATA_DIR: dataDir, WEFT_LOG_LEVEL: "silent" });
      runtime = await openContext(config, { owner: "weft serve", logger: createLogger("silent") });
    });
    afterAll(async () => {
      await runtime.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("is not answered before the server serves commands, so the CLI opens the database itself (and is refused)", async () => {
      expect(
        await runOnServer(dataDir, { command: "env", action: "list", values: {}, rest: [] }),
      ).toBeUndefined();
    });

    it("runs a command on the server's database and answers its output", async () => {
      serveCommands(runtime.database.lock!, runtime.ctx);
      const reply = await runOnServer(dataDir, {
        command: "env",
        action: "create",
        values: { name: "Forwarded", mode: "TEST" },
        rest: [],
      });
      expect(reply).toMatchObject({ output: { json: { environment: { name: "Forwarded", mode: "TEST" } } } });
      expect((await listEnvironments(runtime.ctx.db)).map((e) => e.name)).toContain("Forwarded");
    });

    it("answers a mistake as a usage error, and refuses secrets rotate (its keys are its own process's)", async () => {
      expect(
        await runOnServer(dataDir, {
          command: "keys",
          action: "create",
          values: { env: "env_nope" },
          rest: [],
        }),
      ).toEqual({
        error: { message: expect.stringContaining("No environment env_nope"), usage: true },
      });
      expect(
        await runOnServer(dataDir, { command: "secrets", action: "rotate", values: {}, rest: [] }),
      ).toEqual({
        error: { message: expect.stringContaining("stop the server first"), usage: true },
      });
    });

    it("answers nothing, and changes nothing, without the note's token or with a malformed request", async () => {
      const token = readLockHolder(dataDir)!.token;
      const create = {
        command: "env",
        action: "create",
        values: { name: "Intruder", mode: "TEST" },
        rest: [],
      };
      const before = (await listEnvironments(runtime.ctx.db)).length;
      for (const line of [
        `${JSON.stringify({ token: "guess", request: create })}\n`,
        `${JSON.stringify({ request: create })}\n`,
        `${JSON.stringify({ token: `${token}x`, request: create })}\n`,
        `${JSON.stringify({ token, request: { ...create, values: { name: { $ne: 1 }, mode: "TEST" } } })}\n`,
        `${JSON.stringify({ token, request: { ...create, rest: [1] } })}\n`,
        "not json\n",
      ]) {
        expect(await sendRaw(dataDir, line)).toBe("");
      }
      expect((await listEnvironments(runtime.ctx.db)).length).toBe(before);
      // The token's note is the data dir owner's alone.
      expect(fs.statSync(path.join(dataDir, "pglite.lock")).mode & 0o777).toBe(0o600);
    });
  },
);
