import { type ChildProcess, spawn } from "node:child_process";
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

/** Builds under way, by workspace: when each started, about how long it takes, and its process. */
const building = new Map<string, { startedAt: number; expectedMs: number; child?: ChildProcess }>();

/** Stop the builds under way (the server is shutting down); the next start builds again. */
export function stopBuilds(): void {
  for (const build of building.values()) build.child?.kill("SIGTERM");
}

/** About how long a build takes on a small machine, for the "ready in ~N s" a page shows meanwhile. */
const EXPECTED_BUILD_MS: Record<string, number> = { "@weft/connector": 15_000, "@weft/docs": 60_000 };

/**
 * Build a front-end app when its build output is missing or older than its sources (a fresh
 * clone's first `npm start`, or after a pull), in the background: one line when it starts and one
 * when it ends; the build's own output only when it fails, or with `verbose`. Until it is done,
 * the old build (if any) is served, or pages say it is building. Resolves whether a build is there.
 */
export function buildIfStale(
  app: StaticApp,
  log: (message: string) => void,
  verbose = false,
): Promise<boolean> {
  if (isFresh(app)) return Promise.resolve(true);
  const startedAt = Date.now();
  building.set(app.workspace, { startedAt, expectedMs: EXPECTED_BUILD_MS[app.workspace] ?? 30_000 });
  log(`Building ${app.title.replace(/^The /, "the ")} in the background…`);
  return new Promise((resolve) => {
    // Always a production build, even when started from a test runner (NODE_ENV=test).
    const child = spawn("npm", ["run", "build", "-w", app.workspace], {
      cwd: ROOT,
      stdio: verbose ? "inherit" : ["ignore", "pipe", "pipe"],
      env: { ...process.env, NODE_ENV: "production" },
    });
    building.get(app.workspace)!.child = child;
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    child.on("close", (code) => {
      building.delete(app.workspace);
      const seconds = Math.round((Date.now() - startedAt) / 1000);
      if (code === 0) log(`${app.title} is built (${seconds} s).`);
      else
        log(
          `Building ${app.workspace} failed after ${seconds} s; its output ends:\n${output.trim().split("\n").slice(-25).join("\n")}\n` +
            `Run npm run build -w ${app.workspace} to see it all.`,
        );
      resolve(isBuilt(app));
    });
  });
}

/** 503 for a request that needs the app's build, which is missing: building now, or not at all. */
export function notBuilt(app: StaticApp): HttpError {
  const build = building.get(app.workspace);
  if (build) {
    const left = Math.max(5, Math.round((build.startedAt + build.expectedMs - Date.now()) / 1000));
    return new HttpError(
      503,
      `${app.title} is building, ready in about ${left} s`,
      "Reload in a moment: npm start builds it once, in the background.",
      { "retry-after": String(left) },
    );
  }
  return new HttpError(
    503,
    `${app.title} is not built`,
    `Run npm run build -w ${app.workspace} (npm start does it on first start), then reload.`,
  );
}

/** The app's fingerprinted files (dist/assets) under `prefix`, cached for a year. */
export async function serveAssets(server: Server, app: StaticApp, prefix: string): Promise<void> {
  const root = path.join(app.distDir, "assets");
  // @fastify/static logs a warning at start when its root is missing (the app not built yet, as
  // on a first start): made empty, the build fills it and the start's output stays the banner.
  fs.mkdirSync(root, { recursive: true });
  await server.register(fastifyStatic, {
    root,
    prefix,
    decorateReply: false,
    immutable: true,
    maxAge: "365d",
  });
}
