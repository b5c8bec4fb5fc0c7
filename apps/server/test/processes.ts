import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import { fileURLToPath } from "node:url";

/** The weft command's entry, as `npm run weft` runs it. */
export const CLI = fileURLToPath(new URL("../bin/weft.js", import.meta.url));

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type StartedProcess = { child: ChildProcess; output: () => string; stop(): Promise<number | null> };

/**
 * A Node process (the pinned Node) started with exactly `env`, once its output contains
 * `readyText`; `stop()` sends SIGTERM and resolves with the exit code.
 */
export async function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  readyText: string,
  timeoutMs = 60_000,
): Promise<StartedProcess> {
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const deadline = Date.now() + timeoutMs;
  while (!output.includes(readyText)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${args.join(" ")} did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    child,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once("exit", (code) => resolve(code));
        child.kill("SIGTERM");
      }),
  };
}

/**
 * A server started on a port free at that moment, as `startProcess` starts it (`PORT` set); a port
 * taken between the check and the server's listen (an outgoing connection draws on the same
 * ephemeral range) is traded for another.
 */
export async function startOnFreePort(
  args: string[],
  env: NodeJS.ProcessEnv,
  readyText: string,
  timeoutMs?: number,
): Promise<StartedProcess & { port: number }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return { ...(await startProcess(args, { ...env, PORT: String(port) }, readyText, timeoutMs)), port };
    } catch (error) {
      if (attempt === 3 || !String(error).includes("already in use")) throw error;
    }
  }
}

/** Resolves once the process has exited (at once if it already has). */
export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode ? resolve() : child.once("exit", () => resolve()),
  );

/** Polls `probe` every 100 ms until it gives a value; fails after `timeoutMs` naming `what`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
