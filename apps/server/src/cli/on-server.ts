/**
 * A CLI command on the embedded database while a server holds it. PGlite allows one process, so
 * the command goes to the server through the data dir's lock (`db/lock.ts`) and runs there, on
 * the database it has open: no refusal, and no PGlite start in the command's own process. One
 * JSON line each way; the token from the lock's note, which only those who may read the data dir
 * can read, lets a request in.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { AppContext } from "../context.ts";
import { connectToHolder, type DataDirLock } from "../db/lock.ts";
import type { CommandRequest, Flags } from "./commands.ts";
import { type Output, UsageError } from "./usage.ts";

export type ServerReply = { output: Output } | { error: { message: string; usage: boolean } };

/** A request line longer than this is no command line. */
const MAX_REQUEST_BYTES = 64 * 1024;

/**
 * Sends the command to the server holding the data dir and returns its reply; undefined when no
 * server holds it, or it does not answer yet (still starting), so the caller opens the database
 * itself (and is refused if someone holds it).
 */
export async function runOnServer(
  dataDir: string,
  request: CommandRequest,
): Promise<ServerReply | undefined> {
  const reached = await connectToHolder(dataDir);
  if (!reached) return undefined;
  const { socket, holder } = reached;
  return new Promise((resolve) => {
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      text += chunk;
    });
    socket.on("error", () => resolve(undefined));
    socket.on("close", () => {
      try {
        resolve(JSON.parse(text) as ServerReply);
      } catch {
        resolve(undefined);
      }
    });
    // Not ended: the server closes the connection once it has answered (or refused to).
    socket.write(`${JSON.stringify({ token: holder.token, request })}\n`);
  });
}

/** `secrets rotate` re-encrypts under the keys its own process was given, not the server's. */
export const mayRunOnServer = (request: CommandRequest) =>
  !(request.command === "secrets" && request.action === "rotate");

/** The server's side: answers each connection to the lock with the command it asks for. */
export function serveCommands(lock: DataDirLock, ctx: AppContext): void {
  lock.answer((socket) => {
    let line = "";
    socket.setEncoding("utf8");
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on("error", () => {});
    const onData = (chunk: string) => {
      line += chunk;
      const end = line.indexOf("\n");
      if (end < 0) {
        if (line.length > MAX_REQUEST_BYTES) socket.destroy();
        return;
      }
      socket.off("data", onData);
      socket.setTimeout(0);
      void answer(line.slice(0, end), lock.token, ctx).then(
        (reply) => (reply ? socket.end(`${JSON.stringify(reply)}\n`) : socket.destroy()),
        () => socket.destroy(),
      );
    };
    socket.on("data", onData);
  });
}

async function answer(line: string, token: string, ctx: AppContext): Promise<ServerReply | undefined> {
  const message = parseMessage(line);
  // A wrong or missing token gets no answer at all.
  if (!message || !sameToken(message.token, token)) return undefined;
  const { request } = message;
  if (!mayRunOnServer(request))
    return {
      error: {
        message: "secrets rotate runs with its own process's keys: stop the server first",
        usage: true,
      },
    };
  ctx.logger.info({ command: [request.command, request.action].filter(Boolean).join(" ") }, "CLI command");
  try {
    const { runCommand } = await import("./commands.ts");
    return { output: await runCommand(request, (_owner, run) => run({ ctx })) };
  } catch (error) {
    if (error instanceof UsageError) return { error: { message: error.message, usage: true } };
    ctx.logger.error({ err: error }, "a CLI command failed on the server");
    return { error: { message: error instanceof Error ? error.message : String(error), usage: false } };
  }
}

const digest = (text: string) => createHash("sha256").update(text).digest();
const sameToken = (given: string, token: string) => timingSafeEqual(digest(given), digest(token));

/** The request, if the line is one: strings where strings belong, nothing else trusted. */
function parseMessage(line: string): { token: string; request: CommandRequest } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return undefined;
  }
  const { token, request } = (parsed ?? {}) as { token?: unknown; request?: Partial<CommandRequest> };
  if (typeof token !== "string" || typeof request !== "object" || request === null) return undefined;
  const { command, action, values, rest } = request;
  const isText = (value: unknown) => typeof value === "string";
  if (
    !isText(command) ||
    (action !== undefined && !isText(action)) ||
    typeof values !== "object" ||
    values === null ||
    !Object.values(values).every((value) => value === undefined || isText(value)) ||
    !Array.isArray(rest) ||
    !rest.every(isText)
  )
    return undefined;
  return { token, request: { command: command!, action, values: values as Flags, rest } };
}
