import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root, where `npm run build -w <workspace>` runs. */
const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

export type StaticApp = { workspace: string; distDir: string };

export const CONNECTOR_APP: StaticApp = {
  workspace: "@weft/connector",
  distDir: path.join(ROOT, "apps/connector/dist"),
};

export const DOCS_SITE: StaticApp = { workspace: "@weft/docs", distDir: path.join(ROOT, "apps/docs/dist") };

export const isBuilt = (app: StaticApp) => fs.existsSync(path.join(app.distDir, "index.html"));

/**
 * Build a front-end app the server serves if its build output is missing (a fresh clone's
 * first `npm start`). Returns whether the app is built now.
 */
export function ensureBuilt(app: StaticApp, log: (message: string) => void): boolean {
  if (isBuilt(app)) return true;
  log(`Building ${app.workspace} (first start only)…`);
  const result = spawnSync("npm", ["run", "build", "-w", app.workspace], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0)
    log(`Building ${app.workspace} failed; run npm run build -w ${app.workspace} to see why.`);
  return isBuilt(app);
}
