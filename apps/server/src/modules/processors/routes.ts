import type { AppContext } from "../../context.ts";
import { apiKeyPrincipalOf, processorPrincipalOf } from "../../http/auth.ts";
import { errorResponses } from "../../http/schemas.ts";
import type { Server } from "../../http/server-type.ts";
import { AccountIdParams } from "../accounts/schemas.ts";
import { ProcessorToken, ProcessorTokenCreateRequest } from "./schemas.ts";
import { createProcessorToken, introspectProcessorToken } from "./service.ts";

const TAG = "Processor tokens";

export function registerProcessorRoutes(app: Server, ctx: AppContext): void {
  app.post(
    "/v1/accounts/:accountId/processor_tokens",
    {
      config: { api: "platform", auth: ["apiKey"] },
      schema: {
        operationId: "createProcessorToken",
        tags: [TAG],
        summary: "Create a processor token",
        description:
          "A token that lets one payment processor read this account's ACH numbers and refresh its " +
          "balance (with the processor's secret, as Basic auth). For DEPOSITORY accounts on active " +
          "connections enabled with ACCOUNT_NUMBERS (403 otherwise). 400 when issuer is missing, or " +
          "the issuer or processor is not supported.",
        params: AccountIdParams,
        body: ProcessorTokenCreateRequest,
        response: { 201: ProcessorToken, ...errorResponses(400, 401, 403, 404, 422, 429, 502) },
      },
    },
    async (request, reply) => {
      const { environment } = apiKeyPrincipalOf(request);
      const view = await createProcessorToken(ctx, environment, request.params.accountId, request.body);
      return reply.code(201).send(view);
    },
  );

  app.post(
    "/v1/introspect/processor_token",
    {
      config: { api: "auth", auth: ["processor"] },
      schema: {
        operationId: "introspectProcessorToken",
        tags: [TAG],
        summary: "Check a processor token",
        description:
          "Basic auth with the processor token as the username and the processor's secret as the " +
          "password. Returns the token's account, environment, issuer and processor; 401 when either " +
          "is wrong, revoked or expired.",
        response: { 200: ProcessorToken, ...errorResponses(401) },
      },
    },
    async (request) => {
      const principal = processorPrincipalOf(request);
      return introspectProcessorToken(ctx.db, principal.token, principal);
    },
  );
}
