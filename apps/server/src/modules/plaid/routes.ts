import type { AppContext } from "../../context.ts";
import { apiKeyPrincipalOf } from "../../http/auth.ts";
import { errorResponses } from "../../http/schemas.ts";
import type { Server } from "../../http/server-type.ts";
import { Connection, ProfileIdParams } from "../connections/schemas.ts";
import { connectionViewOf } from "../connections/service.ts";
import { EnvironmentIdParams, PlaidImportRequest } from "./schemas.ts";
import { importPlaidConnection, receivePlaidWebhook } from "./service.ts";

export function registerPlaidRoutes(app: Server, ctx: AppContext): void {
  app.post(
    "/v1/profiles/:profileId/connections/import/plaid",
    {
      config: { api: "platform", auth: ["apiKey"] },
      schema: {
        operationId: "importPlaidConnection",
        tags: ["Connections"],
        summary: "Import a Plaid item",
        description:
          "Creates a PLAID connection from an access token you already hold; it then syncs like any " +
          "connection (connection.created, then the initial and historical sync events). 400 when " +
          "Plaid rejects the token or the item is in error; 403 when the environment has no Plaid " +
          "integration; 409 when the item is already connected in this environment; 429 when Plaid " +
          "rate-limits; 502 when Plaid fails.",
        params: ProfileIdParams,
        body: PlaidImportRequest,
        response: { 201: Connection, ...errorResponses(400, 401, 403, 404, 409, 429, 502) },
      },
    },
    async (request, reply) => {
      const { environment } = apiKeyPrincipalOf(request);
      const row = await importPlaidConnection(ctx, environment.id, request.params.profileId, request.body);
      return reply.code(201).send(await connectionViewOf(ctx.db, row, ctx.config.publicUrl));
    },
  );

  // Plaid's webhooks: public, verified by their Plaid-Verification JWT over the exact body bytes.
  app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      "/v1/plaid/webhooks/:environmentId",
      { schema: { params: EnvironmentIdParams } },
      async (request) => {
        const header = request.headers["plaid-verification"];
        const outcome = await receivePlaidWebhook(
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
