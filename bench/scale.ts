/**
 * Past one process: authenticated `GET /v1/profiles/{id}` served by one `weft serve --role api`
 * process, then by two (each taking half the connections), against one PostgreSQL; slices
 * alternate (one, two, one, two, …). Reports the two processes' throughput as a multiple of one
 * and the machine's core count: on a 2-core machine the database and the load generator share
 * the cores with the servers, so the multiple says more about the machine than about Weft.
 *   BENCH_DATABASE_URL=postgres://… node bench/scale.ts
 * BENCH_SLICES (default 3) rounds of BENCH_SLICE_SECONDS (default 4).
 */
import os from "node:os";
import {
  benchStorage,
  CLI,
  cpuSecondsOf,
  createBenchCredentials,
  freePort,
  type LoadResult,
  load,
  median,
  postgresCpu,
  postgresCpuSince,
  startProcess,
  writeResults,
} from "./lib.ts";

export async function benchScale() {
  const storage = await benchStorage();
  if (!storage.env.DATABASE_URL) {
    console.log(
      "bench/scale.ts needs PostgreSQL (BENCH_DATABASE_URL): the embedded database is one process's.",
    );
    await storage.cleanup();
    return;
  }
  const { secret } = createBenchCredentials(storage.env);
  const ports = [await freePort(), await freePort()];
  const servers = await Promise.all(
    ports.map((port) =>
      startProcess(
        [CLI, "serve", "--role", "api"],
        { ...process.env, ...storage.env, PORT: String(port), WEFT_LOG_LEVEL: "warn" },
        "Weft is running",
      ),
    ),
  );
  try {
    const auth = { authorization: `Bearer ${secret}`, "content-type": "application/json" };
    const created = await fetch(`http://127.0.0.1:${ports[0]}/v1/profiles`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ email: "scale@example.com" }),
    });
    const { id } = (await created.json()) as { id: string };
    const url = (port: number) => `http://127.0.0.1:${port}/v1/profiles/${id}`;
    const slices = Number(process.env.BENCH_SLICES ?? 3);
    const seconds = Number(process.env.BENCH_SLICE_SECONDS ?? 4);
    const pids = servers.map((server) => server.child.pid!);
    /** A slice's requests a second, and the CPU µs a request cost both servers and PostgreSQL. */
    async function measured(run: () => Promise<LoadResult[]>) {
      const serversBefore = pids.map(cpuSecondsOf);
      const postgresBefore = postgresCpu();
      const results = await run();
      const databaseSeconds = postgresCpuSince(postgresBefore);
      const serverSeconds = pids.reduce((sum, pid, i) => sum + cpuSecondsOf(pid) - serversBefore[i]!, 0);
      const requests = results.reduce((sum, r) => sum + r.requests, 0);
      return {
        requestsPerSecond: results.reduce((sum, r) => sum + r.requestsPerSecond, 0),
        serverMicroseconds: (serverSeconds * 1e6) / requests,
        databaseMicroseconds: (databaseSeconds * 1e6) / requests,
      };
    }
    const one: Awaited<ReturnType<typeof measured>>[] = [];
    const two: Awaited<ReturnType<typeof measured>>[] = [];
    for (let slice = 0; slice < slices; slice++) {
      one.push(
        await measured(async () => [
          await load("one process", { url: url(ports[0]!), headers: auth, seconds, connections: 20 }),
        ]),
      );
      two.push(
        await measured(() =>
          Promise.all(
            ports.map((port) =>
              load("two processes", { url: url(port), headers: auth, seconds, connections: 10 }),
            ),
          ),
        ),
      );
    }
    const summary = (slices: typeof one) => ({
      "req/s": median(slices.map((s) => s.requestsPerSecond)),
      "Weft CPU µs/req": Math.round(median(slices.map((s) => s.serverMicroseconds))),
      "PostgreSQL CPU µs/req": Math.round(median(slices.map((s) => s.databaseMicroseconds))),
    });
    const result = {
      cores: os.cpus().length,
      oneProcess: summary(one),
      twoProcesses: summary(two),
      multiple:
        Math.round(
          (median(two.map((s) => s.requestsPerSecond)) / median(one.map((s) => s.requestsPerSecond))) * 100,
        ) / 100,
    };
    console.log(`\nGET /v1/profiles/{id} on PostgreSQL, 20 connections, ${os.cpus().length} cores`);
    console.table({
      "one API process": result.oneProcess,
      "two API processes": { ...result.twoProcesses, "× one": result.multiple },
    });
    writeResults("scale.json", { at: new Date().toISOString(), ...result });
    return result;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await storage.cleanup();
  }
}

if (import.meta.main) await benchScale();
