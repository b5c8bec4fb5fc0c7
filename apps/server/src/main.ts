import { buildApp } from "./app.ts";
import { bootstrapFirstRun } from "./bootstrap.ts";
import type { Config } from "./config.ts";
import { CONNECTOR_APP, DOCS_SITE, ensureBuilt } from "./http/static-apps.ts";
import { openRuntime } from "./runtime.ts";

/** `weft serve`: database, migrations, first-run bootstrap, the HTTP server and in-process workers. */
export async function serve(config: Config): Promise<void> {
  ensureBuilt(CONNECTOR_APP, (message) => process.stdout.write(`${message}\n`));
  ensureBuilt(DOCS_SITE, (message) => process.stdout.write(`${message}\n`));
  const runtime = await openRuntime(config, "weft serve");
  const { ctx } = runtime;
  const firstRun = await bootstrapFirstRun(ctx.db);
  const { app } = await buildApp(ctx);
  await app.listen({ port: config.port, host: config.host });
  if (config.inProcessWorkers) runtime.worker.start();

  const storage = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}`;
  const lines = [
    "",
    `Weft is running at ${config.publicUrl}`,
    `  database       ${storage}`,
    `  Auth API       ${config.publicUrl}/openapi/auth.json`,
    `  Platform API   ${config.publicUrl}/openapi/platform.json`,
    `  Docs           ${config.publicUrl}/docs`,
  ];
  if (firstRun) {
    lines.push(
      "",
      "First run: created a SANDBOX environment and an API key. The secret is shown only this once:",
      `  environment    ${firstRun.environmentId}`,
      `  API key        ${firstRun.apiKeyId}`,
      `  secret         ${firstRun.secret}`,
      `  connector      ${firstRun.connectorId}   (try it: ${config.publicUrl}/connector/${firstRun.connectorId})`,
      `  docs demo      ${config.publicUrl}/docs/guides/connector?connectorId=${firstRun.connectorId}`,
      "",
      `Try it:  curl -s -X POST ${config.publicUrl}/v1/introspect/api_key -H "Authorization: Bearer ${firstRun.secret}"`,
    );
  }
  process.stdout.write(`${lines.join("\n")}\n\n`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.logger.info({ signal }, "shutting down");
    await app.close();
    await runtime.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}
