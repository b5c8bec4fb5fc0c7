import { buildApp } from "./app.ts";
import { bootstrapFirstRun, type FirstRun } from "./bootstrap.ts";
import { serveCommands } from "./cli/on-server.ts";
import { type Config, ConfigError } from "./config.ts";
import { buildIfStale, CONNECTOR_APP, DOCS_SITE, stopBuilds } from "./http/static-apps.ts";
import { listConnectors } from "./modules/connectors/service.ts";
import { openRuntime } from "./runtime.ts";

/**
 * `weft serve`: database, migrations, the HTTP server and in-process workers; then, once it
 * listens, the first-run environment and key (so a start that fails never leaves a key whose
 * secret nobody saw), the banner, and the front-end builds that are stale, in the background.
 */
export async function serve(config: Config): Promise<void> {
  const runtime = await openRuntime(config, "weft serve");
  const { ctx } = runtime;
  const { app } = await buildApp(ctx);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    await runtime.close();
    throw listenError(error, config);
  }
  if (config.inProcessWorkers) runtime.worker.start();
  // CLI commands on the embedded database run here while this process holds it.
  if (runtime.database.lock) serveCommands(runtime.database.lock, ctx);
  const firstRun = await bootstrapFirstRun(ctx.db);
  const [connector] = await listConnectors(ctx.db);
  // The start's log lines, written asynchronously, go out before the banner: its box stays last.
  await new Promise((resolve) => ctx.logger.flush(resolve));
  process.stdout.write(banner(config, firstRun, connector?.id));

  if (config.buildOnStart) {
    const verbose = config.logLevel === "debug" || config.logLevel === "trace";
    const say = (message: string) => process.stdout.write(`${message}\n`);
    void buildIfStale(CONNECTOR_APP, say, verbose).then(() => buildIfStale(DOCS_SITE, say, verbose));
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.logger.info({ signal }, "shutting down");
    stopBuilds();
    // No new requests and no new jobs from now; those in flight finish (jobs up to a timeout).
    // A keep-alive connection goes as soon as its request is answered, not after its idle timeout.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    await Promise.all([app.close(), runtime.worker.stop()]);
    clearInterval(sweep);
    await runtime.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

/** A port in use or not ours to take, said as what to do. */
function listenError(error: unknown, config: Config): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EADDRINUSE")
    return new ConfigError(
      `Port ${config.port} on ${config.host} is already in use, by another Weft or another program. ` +
        `Stop it, or start on another port: PORT=${config.port + 1} npm start`,
    );
  if (code === "EACCES")
    return new ConfigError(
      `Port ${config.port} needs privileges this user does not have. Use a port above 1023: PORT=3000 npm start`,
    );
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND")
    return new ConfigError(
      `HOST=${config.host} is not an address of this machine. Use HOST=127.0.0.1 or HOST=0.0.0.0`,
    );
  return error as Error;
}

/** What a newcomer needs, the credentials last and boxed so they are easy to find and copy. */
function banner(config: Config, firstRun: FirstRun | undefined, connectorId: string | undefined): string {
  const url = config.publicUrl;
  const storage = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}`;
  const lines = [
    "",
    `Weft is running at ${url}`,
    `  database       ${storage}`,
    `  Docs           ${url}/docs`,
    `  Auth API       ${url}/openapi/auth.json`,
    `  Platform API   ${url}/openapi/platform.json`,
  ];
  if (connectorId) lines.push(`  Connector demo ${url}/docs/guides/connector?connectorId=${connectorId}`);
  if (firstRun) {
    const box = [
      "First run: a SANDBOX environment and an API key. The secret is shown only this once:",
      "",
      `  environment  ${firstRun.environmentId}`,
      `  API key      ${firstRun.apiKeyId}`,
      `  secret       ${firstRun.secret}`,
      `  connector    ${firstRun.connectorId}`,
    ];
    const width = Math.max(...box.map((line) => line.length));
    lines.push(
      "",
      `Try it:  curl -s -X POST ${url}/v1/introspect/api_key -H "Authorization: Bearer ${firstRun.secret}"`,
      "",
      `┌${"─".repeat(width + 2)}┐`,
      ...box.map((line) => `│ ${line.padEnd(width)} │`),
      `└${"─".repeat(width + 2)}┘`,
    );
  }
  return `${lines.join("\n")}\n\n`;
}
