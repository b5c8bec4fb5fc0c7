import { Type } from "typebox";
import type { AppContext } from "../../context.ts";
import type { Server } from "../../http/server-type.ts";
import { receiveMxWebhook } from "./service.ts";

const ClientIdParams = Type.Object({
  clientId: Type.String({
    minLength: 1,
    maxLength: 100,
    description: "The MX client id whose keys sign in.",
  }),
});

/**
 * MX's webhooks: public, authenticated with HTTP Basic (the credentials `weft integrations set …
 * mx` prints). MX asks for a quick 204; the work (a sync, a status) is queued or recorded.
 */
export function registerMxRoutes(app: Server, ctx: AppContext): void {
  app.post(
    "/v1/mx/webhooks/:clientId",
    { schema: { params: ClientIdParams, body: Type.Object({}, { additionalProperties: true }) } },
    async (request, reply) => {
      await receiveMxWebhook(
        ctx,
        request.params.clientId,
        request.headers.authorization,
        request.body as Record<string, unknown>,
      );
      return reply.code(204).send();
    },
  );
}
