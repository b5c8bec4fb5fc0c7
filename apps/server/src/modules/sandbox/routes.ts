import type { AppContext } from "../../context.ts";
import { apiKeyPrincipalOf } from "../../http/auth.ts";
import { ValidationError } from "../../http/errors.ts";
import { errorResponses } from "../../http/schemas.ts";
import type { Server } from "../../http/server-type.ts";
import { Connection, ConnectionIdParams } from "../connections/schemas.ts";
import { connectionViewOf } from "../connections/service.ts";
import { SandboxConnectionCreateRequest, SandboxSimulateRequest } from "./schemas.ts";
import { createSandboxConnection, simulateEvent, simulateStatus } from "./service.ts";

const TAG = "Sandbox";

export function registerSandboxRoutes(app: Server, ctx: AppContext): void {
  const config = { api: "platform", auth: ["apiKey"] } as const;

  app.post(
    "/v1/sandbox/connections",
    {
      config,
      schema: {
        operationId: "createSandboxConnection",
        tags: [TAG],
        summary: "Link a sandbox connection",
        description:
          "Links a profile to a sandbox institution as the Connector would, with a scenario login " +
          "(see the README's sandbox credentials). The connection starts INITIALIZING and syncs in " +
          "the background: recent days first, then 24 months of history. TEST and SANDBOX " +
          "environments only (403 in PRODUCTION); 409 when the profile already has a live " +
          "connection with that login at that institution; 422 for wrong credentials or MFA code.",
        body: SandboxConnectionCreateRequest,
        response: { 201: Connection, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { environment } = apiKeyPrincipalOf(request);
      const row = await createSandboxConnection(ctx, environment, request.body);
      ctx.wakeWorkers();
      return reply.code(201).send(await connectionViewOf(ctx.db, row, ctx.config.publicUrl));
    },
  );

  app.post(
    "/v1/sandbox/connections/:connectionId/simulate",
    {
      config,
      schema: {
        operationId: "simulateSandboxConnection",
        tags: [TAG],
        summary: "Drive a sandbox connection",
        description:
          "With status: moves the connection there if the status machine allows it (409 otherwise) " +
          "and records that status's event; an ERROR_* status also makes the login keep failing that " +
          "way, with that status's retries. With event: SYNC syncs now; REPAIR makes the login work " +
          "again and syncs now. Not available in PRODUCTION (403).",
        params: ConnectionIdParams,
        body: SandboxSimulateRequest,
        response: { 200: Connection, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { environment } = apiKeyPrincipalOf(request);
      const { status, event } = request.body;
      if ((status === undefined) === (event === undefined)) {
        throw new ValidationError({
          body: [status === undefined ? "Send status or event" : "Send either status or event, not both"],
        });
      }
      const row = status
        ? await simulateStatus(ctx, environment, request.params.connectionId, status)
        : await simulateEvent(ctx, environment, request.params.connectionId, event!);
      return connectionViewOf(ctx.db, row, ctx.config.publicUrl);
    },
  );
}
