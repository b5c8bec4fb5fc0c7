/**
 * PGlite is one process's database: a second process opening the same files corrupts them. The
 * process that opens a data dir holds its lock, and the lock is also the door through which a CLI
 * command reaches that process (`cli/on-server.ts`) instead of being refused.
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export class DatabaseLockedError extends Error {}

/** The note beside the lock: who holds it, and the token a CLI command shows to be let in. */
export type LockHolder = { pid: number; owner: string; since: string; token: string };

export type DataDirLock = {
  /** What a connection must show to be answered: the note's token. */
  token: string;
  release(): void;
  /** Answers each connection to the lock with `handler`; until it is called, each is closed. */
  answer(handler: (socket: net.Socket) => void): void;
};

/**
 * Where the lock lives: a socket in Linux's abstract namespace (no file; it vanishes the instant
 * its process dies, however it dies), or a socket file in the data dir elsewhere. Any local user
 * may connect to an abstract socket: what it answers checks the token, which only those who may
 * read the data dir can read.
 */
function lockAddress(dataDir: string): string {
  if (process.platform !== "linux") return path.join(dataDir, "pglite.sock");
  const id = createHash("sha256").update(fs.realpathSync(dataDir)).digest("hex").slice(0, 32);
  return `\0weft-pglite-${id}`;
}

const notePath = (dataDir: string) => path.join(dataDir, "pglite.lock");

function listenOn(address: string, onConnection: (socket: net.Socket) => void): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer(onConnection);
    server.once("error", reject);
    server.listen(address, () => {
      server.off("error", reject);
      // The lock must not keep the process alive on its own.
      server.unref();
      resolve(server);
    });
  });
}

/** A socket file left by a process that died accepts no connection: it is stale. */
function isAnswering(address: string): Promise<boolean> {
  return connectTo(address).then((socket) => {
    socket?.destroy();
    return socket !== undefined;
  });
}

function connectTo(address: string): Promise<net.Socket | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect(address, () => resolve(socket));
    socket.once("error", () => resolve(undefined));
  });
}

/**
 * Takes the data dir's lock. It is held by the operating system (a listening socket, freed when
 * its process ends for any reason, kill -9 included), so a crash never leaves a lock behind and a
 * reused pid never blocks a start. The note beside it (readable by the data dir's owner only)
 * names the holder for the refusal message and holds the token.
 */
export async function acquireDataDirLock(dataDir: string, owner: string): Promise<DataDirLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  const address = lockAddress(dataDir);
  let handler: (socket: net.Socket) => void = (socket) => socket.destroy();
  let server: net.Server | undefined;
  for (let attempt = 0; attempt < 2 && !server; attempt++) {
    try {
      server = await listenOn(address, (socket) => handler(socket));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
      if (address.startsWith("\0") || (await isAnswering(address))) {
        const current = readLockHolder(dataDir);
        const holder = current
          ? `${current.owner} (pid ${current.pid}, since ${current.since})`
          : "another process";
        throw new DatabaseLockedError(
          `The embedded database in ${dataDir} is in use by ${holder}. ` +
            `PGlite allows one process at a time. Stop that process and run this again, ` +
            `or set DATABASE_URL to a PostgreSQL server, which any number of processes can share.`,
        );
      }
      fs.rmSync(address, { force: true });
    }
  }
  if (!server) throw new DatabaseLockedError(`Could not lock the embedded database in ${dataDir}`);
  const holder: LockHolder = {
    pid: process.pid,
    owner,
    since: new Date().toISOString(),
    token: randomBytes(32).toString("base64url"),
  };
  // Written afresh, so the mode applies even where a crashed holder left its note.
  fs.rmSync(notePath(dataDir), { force: true });
  fs.writeFileSync(notePath(dataDir), JSON.stringify(holder), { mode: 0o600 });
  const held = server;
  return {
    token: holder.token,
    release: () => {
      held.close();
      fs.rmSync(notePath(dataDir), { force: true });
    },
    answer: (answer) => {
      handler = answer;
    },
  };
}

export function readLockHolder(dataDir: string): LockHolder | undefined {
  try {
    return JSON.parse(fs.readFileSync(notePath(dataDir), "utf8")) as LockHolder;
  } catch {
    return undefined;
  }
}

/** A connection to the process holding the data dir's lock, with its note; undefined when none holds it. */
export async function connectToHolder(
  dataDir: string,
): Promise<{ socket: net.Socket; holder: LockHolder } | undefined> {
  if (!fs.existsSync(dataDir)) return undefined;
  const holder = readLockHolder(dataDir);
  if (!holder?.token) return undefined;
  const socket = await connectTo(lockAddress(dataDir));
  return socket && { socket, holder };
}
