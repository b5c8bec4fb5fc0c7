import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyReply } from "fastify";
import type { Server } from "./server-type.ts";
import { DOCS_SITE, isBuilt, notBuilt, serveAssets } from "./static-apps.ts";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".data": "text/x-script; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

/**
 * The documentation site at /docs/, from apps/docs/dist (prerendered pages, one folder per
 * page): /docs/quickstart is dist/quickstart/index.html, /docs/quickstart.data its route data,
 * /docs/assets/* fingerprinted files cached for a year. Unknown paths get the site's 404 page.
 */
export async function registerDocsSite(app: Server): Promise<void> {
  const root = DOCS_SITE.distDir;
  await serveAssets(app, DOCS_SITE, "/docs/assets/");

  const servePage = async (relative: string, reply: FastifyReply) => {
    if (!isBuilt(DOCS_SITE)) throw notBuilt(DOCS_SITE);
    const file = await resolvePage(root, relative);
    const served = file ?? path.join(root, "404.html");
    const type = CONTENT_TYPES[path.extname(served)] ?? "application/octet-stream";
    const body = await fs.readFile(served);
    return (
      reply
        .code(file ? 200 : 404)
        .header("content-type", type)
        .header("cache-control", "no-cache")
        // Its pages share the API's and the Connector's origin: no other site may frame them.
        .header("content-security-policy", "frame-ancestors 'self'")
        .send(body)
    );
  };

  // The site's router lives under "/docs/": the bare path is the same page, one slash later.
  app.get("/docs", (request, reply) => reply.redirect(`/docs/${request.url.slice("/docs".length)}`, 301));
  app.get("/docs/*", (request, reply) => servePage((request.params as { "*": string })["*"], reply));
}

/** The file for a path under /docs/: the file itself, or the folder's index.html; never outside root. */
async function resolvePage(root: string, relative: string): Promise<string | undefined> {
  const decoded = safeDecode(relative.replace(/\/+$/, ""));
  if (decoded === undefined || decoded.includes("\0")) return undefined;
  const candidate = path.resolve(root, `.${path.posix.sep}${decoded}`);
  if (candidate !== root && !candidate.startsWith(`${root}${path.sep}`)) return undefined;
  for (const file of [candidate, path.join(candidate, "index.html")]) {
    const stat = await fs.stat(file).catch(() => undefined);
    if (stat?.isFile()) return file;
  }
  return undefined;
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
