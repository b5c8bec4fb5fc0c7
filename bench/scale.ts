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
  createBenchCredentials,
  freePort,
  load,
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
    const one: number[] = [];
    const two: number[] = [];
    for (let slice = 0; slice < slices; slice++) {
      const single = await load("one process", {
        url: url(ports[0]!),
        headers: auth,
        seconds,
        connections: 20,
      });
      one.push(single.requestsPerSecond);
      const pair = await Promise.all(
        ports.map((port) =>
          load("two processes", { url: url(port), headers: auth, seconds, connections: 10 }),
        ),
      );
      two.push(pair.reduce((sum, r) => sum + r.requestsPerSecond, 0));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const result = {
      cores: os.cpus().length,
      oneProcess: median(one),
      twoProcesses: median(two),
      multiple: Math.round((median(two) / median(one)) * 100) / 100,
    };
    console.log(`\nGET /v1/profiles/{id} on PostgreSQL, 20 connections, ${os.cpus().length} cores`);
    console.table({
      "one API process": { "req/s": result.oneProcess },
      "two API processes": { "req/s": result.twoProcesses, "× one": result.multiple },
    });
    writeResults("scale.json", { at: new Date().toISOString(), ...result });
    return result;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await storage.cleanup();
  }
}

if (import.meta.main) await benchScale();
