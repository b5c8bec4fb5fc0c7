import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import { HttpError } from "./errors.ts";
import type { Server } from "./server-type.ts";

/** The repository root, where `npm run build -w <workspace>` runs. */
const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

/** A front-end app the server serves from its build output. */
export type StaticApp = {
  /** What a person calls it, for messages. */
  title: string;
  workspace: string;
  distDir: string;
  /** The file whose presence means "built". */
  entry: string;
  /** Folders whose changes make the build stale. */
  sources: string[];
};

export const CONNECTOR_APP: StaticApp = {
  title: "The Connector app",
  workspace: "@weft/connector",
  distDir: path.join(ROOT, "apps/connector/dist"),
  entry: "index.html",
  sources: ["apps/connector/src", "apps/connector/index.html", "packages/sdk/src"].map((p) =>
    path.join(ROOT, p),
  ),
};

/** The docs render the API reference from the server's route schemas, so server changes make them stale too. */
export const DOCS_SITE: StaticApp = {
  title: "The documentation site",
  workspace: "@weft/docs",
  distDir: path.join(ROOT, "apps/docs/dist"),
  entry: "index.html",
  sources: [
    "apps/docs/app",
    "apps/docs/content",
    "packages/react/src",
    "packages/sdk/src",
    "apps/server/src",
  ].map((p) => path.join(ROOT, p)),
};

export const isBuilt = (app: StaticApp) => fs.existsSync(path.join(app.distDir, app.entry));

function newestChange(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

/** Built, and no source changed since. */
export function isFresh(app: StaticApp): boolean {
  if (!isBuilt(app)) return false;
  const builtAt = fs.statSync(path.join(app.distDir, app.entry)).mtimeMs;
  return app.sources.every((source) => newestChange(source) <= builtAt);
}

/**
 * Build a front-end app when its build output is missing or older than its sources (a fresh
 * clone's first `npm start`, or after a pull). Returns whether a build is there to serve.
 */
export function ensureBuilt(app: StaticApp, log: (message: string) => void): boolean {
  if (isFresh(app)) return true;
  log(`Building ${app.workspace}…`);
  // Always a production build, even when started from a test runner (NODE_ENV=test).
  const result = spawnSync("npm", ["run", "build", "-w", app.workspace], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0)
    log(`Building ${app.workspace} failed; run npm run build -w ${app.workspace} to see why.`);
  return isBuilt(app);
}

/** 503 for a request that needs the app's build, which is missing. */
export const notBuilt = (app: StaticApp) =>
  new HttpError(
    503,
    `${app.title} is not built`,
    `Run npm run build -w ${app.workspace} (npm start does it on first start), then reload.`,
  );

/** The app's fingerprinted files (dist/assets) under `prefix`, cached for a year. */
export async function serveAssets(server: Server, app: StaticApp, prefix: string): Promise<void> {
  await server.register(fastifyStatic, {
    root: path.join(app.distDir, "assets"),
    prefix,
    decorateReply: false,
    immutable: true,
    maxAge: "365d",
  });
}
