import fs from "node:fs/promises";
import path from "node:path";
import type { AppContext } from "../../context.ts";
import type { Server } from "../../http/server-type.ts";
import { CONNECTOR_APP, isBuilt, notBuilt, serveAssets } from "../../http/static-apps.ts";
import { frameAncestorsOf } from "./service.ts";

/**
 * The Connector web app at /connector/{connectorId} (its assets under /connector/assets/) and
 * the launcher script at /v1/connector.js, from apps/connector's build output.
 */
export async function registerConnectorApp(app: Server, ctx: AppContext): Promise<void> {
  const { distDir } = CONNECTOR_APP;
  await serveAssets(app, CONNECTOR_APP, "/connector/assets/");

  app.get("/connector/:connectorId", async (request, reply) => {
    if (!isBuilt(CONNECTOR_APP)) throw notBuilt(CONNECTOR_APP);
    const { connectorId } = request.params as { connectorId: string };
    // An unknown connector still gets the app, which explains the 404 to whoever opened it (in
    // no frame: nothing may embed a page that only says it cannot open).
    const ancestors = await frameAncestorsOf(ctx.db, connectorId);
    return reply
      .code(ancestors ? 200 : 404)
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-security-policy", `frame-ancestors ${ancestors ?? "'none'"}`)
      .header("referrer-policy", "no-referrer")
      .send(await fs.readFile(path.join(distDir, "index.html")));
  });

  app.get("/v1/connector.js", async (_request, reply) => {
    const file = path.join(distDir, "connector.js");
    const script = await fs.readFile(file).catch(() => undefined);
    if (!script) throw notBuilt(CONNECTOR_APP);
    return reply
      .header("content-type", "text/javascript; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .header("access-control-allow-origin", "*")
      .send(script);
  });
}
