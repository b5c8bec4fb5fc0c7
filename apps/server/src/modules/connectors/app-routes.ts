import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { AppContext } from "../../context.ts";
import { HttpError } from "../../http/errors.ts";
import type { Server } from "../../http/server-type.ts";
import { CONNECTOR_APP, isBuilt } from "../../http/static-apps.ts";
import { frameAncestorsOf } from "./service.ts";

const notBuilt = () =>
  new HttpError(
    503,
    "The Connector app is not built",
    "Run npm run build -w @weft/connector (npm start does it on first start), then reload.",
  );

/**
 * The Connector web app at /connector/{connectorId} (its assets under /connector/assets/) and
 * the launcher script at /v1/connector.js, from apps/connector's build output.
 */
export async function registerConnectorApp(app: Server, ctx: AppContext): Promise<void> {
  const { distDir } = CONNECTOR_APP;
  await app.register(fastifyStatic, {
    root: path.join(distDir, "assets"),
    prefix: "/connector/assets/",
    decorateReply: false,
    immutable: true,
    maxAge: "365d",
  });

  app.get("/connector/:connectorId", async (request, reply) => {
    if (!isBuilt(CONNECTOR_APP)) throw notBuilt();
    const { connectorId } = request.params as { connectorId: string };
    // An unknown connector still gets the app, which explains the 404 to whoever opened it.
    const ancestors = await frameAncestorsOf(ctx.db, connectorId);
    return reply
      .code(ancestors ? 200 : 404)
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-security-policy", `frame-ancestors ${ancestors ?? "*"}`)
      .header("referrer-policy", "no-referrer")
      .send(fs.readFileSync(path.join(distDir, "index.html")));
  });

  app.get("/v1/connector.js", async (_request, reply) => {
    const file = path.join(distDir, "connector.js");
    if (!fs.existsSync(file)) throw notBuilt();
    return reply
      .header("content-type", "text/javascript; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .header("access-control-allow-origin", "*")
      .send(fs.readFileSync(file));
  });
}
