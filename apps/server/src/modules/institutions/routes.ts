import { Type } from "typebox";
import type { AppContext } from "../../context.ts";
import { apiKeyPrincipalOf } from "../../http/auth.ts";
import { HttpError } from "../../http/errors.ts";
import { SVG_HEADERS } from "../../http/file-headers.ts";
import { errorResponses } from "../../http/schemas.ts";
import type { Server } from "../../http/server-type.ts";
import { institutionLogoSvg } from "./logo.ts";
import { Institution, InstitutionIdParams, InstitutionSearchQuery } from "./schemas.ts";
import { findInstitutionLogo, getInstitutionView, searchByRoutingNumber } from "./service.ts";

const TAG = "Institutions";

export function registerInstitutionRoutes(app: Server, ctx: AppContext): void {
  const config = { api: "platform", auth: ["apiKey"] } as const;

  app.get(
    "/v1/institutions",
    {
      config,
      schema: {
        operationId: "searchInstitutions",
        tags: [TAG],
        summary: "Find institutions by routing number",
        description:
          "The institutions that use an ABA routing number: routingNumber is required (422 without it), " +
          "and 400 unless it is 9 digits with a valid checksum. TEST and SANDBOX environments see the " +
          "sandbox institutions.",
        querystring: InstitutionSearchQuery,
        response: { 200: Type.Array(Institution), ...errorResponses(400, 401, 422) },
      },
    },
    async (request) => {
      const { environment } = apiKeyPrincipalOf(request);
      return searchByRoutingNumber(
        ctx.db,
        environment.mode,
        request.query.routingNumber,
        ctx.config.publicUrl,
      );
    },
  );

  app.get(
    "/v1/institutions/:institutionId",
    {
      config,
      schema: {
        operationId: "getInstitution",
        tags: [TAG],
        summary: "Read an institution",
        params: InstitutionIdParams,
        response: { 200: Institution, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { environment } = apiKeyPrincipalOf(request);
      return getInstitutionView(ctx.db, environment.mode, request.params.institutionId, ctx.config.publicUrl);
    },
  );

  // Public, like any image a page embeds; not an API operation, so not in the OpenAPI documents.
  app.get("/v1/institutions/:institutionId/logo.svg", async (request, reply) => {
    const { institutionId } = request.params as { institutionId: string };
    const row = await findInstitutionLogo(ctx.db, institutionId);
    if (!row)
      throw new HttpError(
        404,
        `Institution ${institutionId} has no logo`,
        "Use the logoUrl an institution's record gave.",
      );
    return reply
      .headers(SVG_HEADERS)
      .header("cache-control", "public, max-age=86400")
      .send(institutionLogoSvg(row.name, row.primaryColor, row.png));
  });
}
