/**
 * Builds the static site into apps/docs/dist/, the folder the Weft server serves at /docs/:
 * the OpenAPI documents from the server's generator, then React Router's prerendering build,
 * then the client output laid out as the URLs expect it (/docs/x is dist/x).
 *
 *   npm run build -w @weft/docs
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { writeOpenApiDocuments } from "./generate-openapi.ts";

const appDir = fileURLToPath(new URL("..", import.meta.url));
export const distDir = path.join(appDir, "dist");

export async function buildDocs(options: { quiet?: boolean } = {}): Promise<{ durationMs: number }> {
  const started = performance.now();
  await writeOpenApiDocuments();
  const require = createRequire(import.meta.url);
  const cli = path.join(path.dirname(require.resolve("@react-router/dev/package.json")), "bin.cjs");
  const result = spawnSync(process.execPath, [cli, "build"], {
    cwd: appDir,
    // A production build even when started from a test runner (which sets NODE_ENV=test): Vite
    // keeps a NODE_ENV it is given, and would bundle React's development build.
    env: { ...process.env, NODE_ENV: "production" },
    stdio: options.quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    encoding: "utf8",
  });
  if (result.status !== 0) {
    const output = options.quiet ? `\n${result.stdout}\n${result.stderr}` : "";
    throw new Error(`react-router build failed with exit code ${result.status}${output}`);
  }
  assemble();
  const durationMs = Math.round(performance.now() - started);
  fs.writeFileSync(
    path.join(distDir, "build-info.json"),
    `${JSON.stringify({ builtAt: new Date().toISOString(), durationMs }, null, 2)}\n`,
  );
  return { durationMs };
}

/** build/client/docs/* and build/client/assets become dist/; the SPA fallback is dist/404.html. */
function assemble(): void {
  const client = path.join(appDir, "build", "client");
  const staging = `${distDir}.tmp`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.cpSync(path.join(client, "docs"), staging, { recursive: true });
  fs.cpSync(path.join(client, "assets"), path.join(staging, "assets"), { recursive: true });
  fs.copyFileSync(path.join(client, "index.html"), path.join(staging, "404.html"));
  fs.rmSync(distDir, { recursive: true, force: true });
  fs.renameSync(staging, distDir);
}

if (import.meta.main) {
  const { durationMs } = await buildDocs();
  process.stdout.write(
    `\nDocs built into ${path.relative(process.cwd(), distDir)}/ in ${(durationMs / 1000).toFixed(1)} s\n`,
  );
}
