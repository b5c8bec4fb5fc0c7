import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import { connectors } from "../../db/schema/index.ts";
import { HttpError } from "../../http/errors.ts";
import type { Server } from "../../http/server-type.ts";
import { CONNECTOR_APP, isBuilt } from "../../http/static-apps.ts";

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
    const [connector] = await ctx.db
      .select({ allowedOrigins: connectors.allowedOrigins })
      .from(connectors)
      .where(eq(connectors.id, connectorId));
    // Which pages may frame the Connector: the connector's allowed origins, or any page.
    const ancestors = connector?.allowedOrigins ? ["'self'", ...connector.allowedOrigins].join(" ") : "*";
    return reply
      .code(connector ? 200 : 404)
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-security-policy", `frame-ancestors ${ancestors}`)
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
