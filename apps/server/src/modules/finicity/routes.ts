import type { AppContext } from "../../context.ts";
import type { Server } from "../../http/server-type.ts";
import { EnvironmentIdParams } from "../plaid/schemas.ts";
import { receiveFinicityWebhook } from "./service.ts";

/** Finicity's webhooks: public, verified by X-Finicity-Signature over the exact body bytes. */
export function registerFinicityRoutes(app: Server, ctx: AppContext): void {
  app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      "/v1/finicity/webhooks/:environmentId",
      { schema: { params: EnvironmentIdParams } },
      async (request) => {
        const header = request.headers["x-finicity-signature"];
        const outcome = await receiveFinicityWebhook(
          ctx,
          (request.params as { environmentId: string }).environmentId,
          typeof header === "string" ? header : undefined,
          String(request.body ?? ""),
        );
        return { received: true, action: outcome.action };
      },
    );
  });
}
