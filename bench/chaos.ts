/**
 * Chaos: kill -9 Weft and its PostgreSQL server, again and again, during sandbox syncs and a
 * webhook storm; then check that every connection is SYNCED, every event was delivered, no
 * delivery was sent more often than it was attempted, no job failed, and that PostgreSQL's
 * `pg_amcheck` finds every table and B-tree index clean.
 *   npm run bench -- chaos        (not part of a plain `npm run bench`)
 * The database is a private PostgreSQL cluster (initdb from the machine's PostgreSQL binaries, on a
 * free port, in a scratch directory) so that it can be killed without touching any other database.
 * BENCH_CHAOS_ROUNDS (default 6) rounds of BENCH_CHAOS_LINKS (default 8) links and
 * BENCH_CHAOS_STORM (default 150) profile updates each.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { EVENT_TYPES } from "../apps/server/src/modules/events/service.ts";
import { createTestTls, startReceiver } from "../apps/server/test/https-receiver.ts";
import { CLI, freePort, startProcess, writeResults } from "./lib.ts";

const rounds = Number(process.env.BENCH_CHAOS_ROUNDS ?? 6);
const linksPerRound = Number(process.env.BENCH_CHAOS_LINKS ?? 8);
const stormPerRound = Number(process.env.BENCH_CHAOS_STORM ?? 150);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The machine's PostgreSQL binaries (Debian keeps them out of PATH). */
function postgresBin(): string {
  const fromConfig = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  const candidates = [
    fromConfig.status === 0 ? fromConfig.stdout.trim() : "",
    ...(fs.existsSync("/usr/lib/postgresql")
      ? fs
          .readdirSync("/usr/lib/postgresql")
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : []),
  ];
  const bin = candidates.find((dir) => dir && fs.existsSync(path.join(dir, "pg_ctl")));
  if (!bin) throw new Error("bench/chaos needs PostgreSQL's server binaries (initdb, pg_ctl, pg_amcheck)");
  return bin;
}

/** A PostgreSQL cluster of our own: initdb, start, kill -9, start again (crash recovery). */
async function privateCluster() {
  const bin = postgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "weft-chaos-pg-"));
  const data = path.join(dir, "data");
  const port = await freePort();
  // PostgreSQL refuses to run as root: the cluster belongs to the postgres user then.
  const asOwner = process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--"] : [];
  if (asOwner.length) fs.chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString().trim()), 0);
  const run = (tool: string, args: string[]) => {
    const [command, ...rest] = [...asOwner, path.join(bin, tool), ...args];
    return execFileSync(command!, rest, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  };
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-instructions"]);
  const start = () =>
    run("pg_ctl", [
      "start",
      "-w",
      "-D",
      data,
      "-l",
      path.join(dir, "log"),
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on`,
    ]);
  start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    start,
    /** kill -9 of the postmaster: its backends follow, and the next start replays the WAL. */
    kill() {
      const pid = Number(fs.readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
      process.kill(pid, "SIGKILL");
      for (let i = 0; i < 100; i++) {
        try {
          process.kill(pid, 0);
        } catch {
          break;
        }
        execFileSync("sleep", ["0.05"]);
      }
      // The backends die once they notice the postmaster is gone; until then the port is busy.
      execFileSync("sleep", ["1"]);
    },
    amcheck(): { ok: boolean; output: string } {
      const result = spawnSync(
        asOwner[0] ?? path.join(bin, "pg_amcheck"),
        [
          ...asOwner.slice(1),
          ...(asOwner.length ? [path.join(bin, "pg_amcheck")] : []),
          "--install-missing",
          "--heapallindexed",
          "--parent-check",
          "-h",
          "127.0.0.1",
          "-p",
          String(port),
          "-U",
          "postgres",
          "postgres",
        ],
        { encoding: "utf8" },
      );
      return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
    },
    stop() {
      spawnSync(asOwner[0] ?? path.join(bin, "pg_ctl"), [
        ...asOwner.slice(1),
        ...(asOwner.length ? [path.join(bin, "pg_ctl")] : []),
        "stop",
        "-m",
        "immediate",
        "-D",
        data,
      ]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Weft = Awaited<ReturnType<typeof startProcess>>;

export async function benchChaos() {
  const cluster = await privateCluster();
  const tls = await createTestTls();
  const receiver = await startReceiver(tls, () => ({ status: 200, delayMs: 20 }));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "weft-chaos-"));
  const caFile = path.join(dataDir, "ca.pem");
  fs.writeFileSync(caFile, tls.caPem);
  const port = await freePort();
  const env = {
    PATH: process.env.PATH ?? "",
    PORT: String(port),
    DATABASE_URL: cluster.url,
    WEFT_DATA_DIR: dataDir,
    WEFT_LOG_LEVEL: "error",
    WEFT_BUILD_ON_START: "false",
    WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    WEFT_RATE_LIMIT_API_KEY: "0",
    NODE_EXTRA_CA_CERTS: caFile,
  };
  const base = `http://127.0.0.1:${port}`;
  let weft: Weft = await startProcess([CLI, "serve"], env, "Weft is running", 120_000);
  const secret = / secret {2,}(\S+)/.exec(weft.output())?.[1];
  if (!secret) throw new Error(`no first-run key in:\n${weft.output()}`);
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
  };
  const restartWeft = async () => {
    weft = await startProcess([CLI, "serve"], env, "Weft is running", 120_000);
  };
  const killWeft = async () => {
    weft.child.kill("SIGKILL");
    await new Promise((resolve) =>
      weft.child.exitCode !== null || weft.child.signalCode
        ? resolve(null)
        : weft.child.once("exit", resolve),
    );
  };

  const scopes = [...new Set(EVENT_TYPES.map((t) => t.split(".")[0]!))];
  const subscription = await call("POST", "/v1/webhooks/subscriptions", {
    name: "Chaos receiver",
    targetUrl: receiver.url("/hooks", "localhost"),
    eventTypes: scopes,
  });
  if (subscription.status !== 201) throw new Error(`subscription: ${JSON.stringify(subscription.body)}`);

  const counts = { weftKills: 0, postgresKills: 0, refusedWhileDown: 0, acknowledgedWrites: 0 };
  const connectionIds: string[] = [];
  const recoverySeconds: number[] = [];

  for (let round = 0; round < rounds; round++) {
    // The workload runs while the kill lands; requests refused meanwhile are the client's to retry.
    const workload = (async () => {
      const profiles: string[] = [];
      for (let i = 0; i < linksPerRound; i++) {
        try {
          const profile = await call("POST", "/v1/profiles", { metadata: { round: String(round) } });
          if (profile.status !== 201) continue;
          profiles.push(profile.body.id as string);
          counts.acknowledgedWrites++;
          const link = await call("POST", "/v1/sandbox/connections", { profileId: profile.body.id });
          if (link.status === 201) {
            connectionIds.push(link.body.id as string);
            counts.acknowledgedWrites++;
          }
        } catch {
          counts.refusedWhileDown++;
        }
      }
      for (let i = 0; i < stormPerRound && profiles.length > 0; i++) {
        try {
          const res = await call("PATCH", `/v1/profiles/${profiles[i % profiles.length]}`, {
            metadata: { round: String(round), n: String(i) },
          });
          if (res.status === 200) counts.acknowledgedWrites++;
        } catch {
          counts.refusedWhileDown++;
        }
      }
    })();
    await sleep(500 + Math.random() * 2500);
    const victim = round % 3; // 0: Weft, 1: PostgreSQL, 2: both
    if (victim !== 1) {
      await killWeft();
      counts.weftKills++;
    }
    if (victim !== 0) {
      cluster.kill();
      counts.postgresKills++;
      await sleep(1000);
      cluster.start();
    }
    if (victim !== 1) await restartWeft();
    await workload;
  }

  // Everything back: every connection SYNCED, every delivery settled.
  const started = Date.now();
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  const query = async <T>(text: string) => (await client.query(text)).rows as T[];
  for (;;) {
    const [state] = await query<{ unsynced: string; pending: string; active: string }>(
      `select (select count(*) from connections where status <> 'SYNCED') as unsynced,
              (select count(*) from webhook_deliveries where status = 'PENDING') as pending,
              (select count(*) from jobs where state = 'active' or (state = 'queued' and run_at <= now())) as active`,
    );
    if (state!.unsynced === "0" && state!.pending === "0" && state!.active === "0") break;
    if (Date.now() - started > 600_000)
      throw new Error(`not settled after 10 minutes: ${JSON.stringify(state)}`);
    await sleep(500);
  }
  recoverySeconds.push((Date.now() - started) / 1000);

  const [row] = await query<Record<string, string>>(
    `select (select count(*) from connections) as connections,
            (select count(*) from connections where status = 'SYNCED') as synced,
            (select count(*) from events) as events,
            (select count(*) from webhook_deliveries) as deliveries,
            (select count(*) from webhook_deliveries where status = 'SUCCEEDED') as succeeded,
            (select count(*) from events e where not exists
               (select 1 from webhook_deliveries d where d.event_id = e.id)) as undelivered,
            (select count(*) from jobs where state = 'failed') as failed_jobs`,
  );
  const totals = Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)])) as {
    connections: number;
    synced: number;
    events: number;
    deliveries: number;
    succeeded: number;
    undelivered: number;
    failed_jobs: number;
  };
  const attempts = new Map(
    (await query<{ id: string; attempts: number }>("select id, attempts from webhook_deliveries")).map(
      (r) => [r.id, r.attempts],
    ),
  );
  const sends = new Map<string, number>();
  for (const request of receiver.requests) {
    const id = request.headers["webhook-id"]!;
    sends.set(id, (sends.get(id) ?? 0) + 1);
  }
  const sentMoreThanAttempted = [...sends].filter(([id, n]) => n > (attempts.get(id) ?? 0));
  const neverReceived = [...attempts.keys()].filter((id) => !sends.has(id));
  const resent = [...sends.values()].filter((n) => n > 1).length;
  await client.end();
  await weft.stop();
  cluster.kill();
  cluster.start();
  const amcheck = cluster.amcheck();

  const result = {
    rounds,
    ...counts,
    connectionIds: connectionIds.length,
    ...totals,
    requestsReceived: receiver.requests.length,
    deliveriesSentTwice: resent,
    sentMoreThanAttempted: sentMoreThanAttempted.length,
    deliveriesNeverReceived: neverReceived.length,
    secondsToSettleAfterLastRestart: recoverySeconds[0],
    amcheck: amcheck.ok ? "clean" : amcheck.output,
  };
  await receiver.close();
  cluster.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchChaos();
  console.log(JSON.stringify(result, null, 2));
  const ok =
    result.synced === result.connections &&
    result.undelivered === 0 &&
    result.succeeded === result.deliveries &&
    result.sentMoreThanAttempted === 0 &&
    result.deliveriesNeverReceived === 0 &&
    result.failed_jobs === 0 &&
    result.amcheck === "clean";
  console.log(ok ? "chaos: every check passed" : "chaos: a check FAILED");
  writeResults("chaos", result);
  if (!ok) process.exitCode = 1;
}
