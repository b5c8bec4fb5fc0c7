import type { ErrorObject } from "ajv";
import { Type } from "typebox";
import type { AppContext } from "../../context.ts";
import { apiKeyPrincipalOf } from "../../http/auth.ts";
import { ValidationError } from "../../http/errors.ts";
import { SVG_HEADERS } from "../../http/file-headers.ts";
import { errorResponses } from "../../http/schemas.ts";
import type { Server } from "../../http/server-type.ts";
import { toFieldMessages } from "../../http/validation.ts";
import { institutionLogoSvg } from "../institutions/logo.ts";
import { catalogue } from "./catalogue.ts";
import { payloadProblems } from "./payloads.ts";
import { EnrichmentAccepted, EnrichmentRequestBody, EnrichmentResponse } from "./schemas.ts";
import { enrichRequest, MAX_BATCH, MAX_PENDING_BATCHES, SYNC_LIMIT } from "./service.ts";

/** A 25,000-transaction batch of provider objects stays well under this. */
const ENRICHMENT_BODY_LIMIT = 32 * 1024 * 1024;

export function registerEnrichmentRoutes(app: Server, ctx: AppContext): void {
  app.post(
    "/v1/remote/enrichment/sync",
    {
      bodyLimit: ENRICHMENT_BODY_LIMIT,
      // A body refused for its fields is refused with its transactions' problems too (below).
      attachValidation: true,
      config: { api: "platform", auth: ["apiKey"] },
      schema: {
        operationId: "enrichTransactions",
        tags: ["Enrichment"],
        summary: "Enrich transactions",
        description:
          `Merchant, counterparty, categories (Plaid's personal-finance categories and spec accounting ones), ` +
          `intermediaries, people, location and recurrence for each transaction, one result per distinct id ` +
          `(a later duplicate replaces an earlier one). Up to ${SYNC_LIMIT} are answered at once (200); up to ` +
          `${MAX_BATCH} are accepted with 202 and Retry-After: send the same request again for the answer. ` +
          `More is a 413; an unsupported provider a 400; an unknown profile a 404; a new background batch ` +
          `while ${MAX_PENDING_BATCHES} of the environment's are still being enriched a 429 with Retry-After.`,
        body: EnrichmentRequestBody,
        response: {
          200: EnrichmentResponse,
          202: EnrichmentAccepted,
          ...errorResponses(400, 401, 404, 409, 413, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const refused = request.validationError as (Error & { validation?: ErrorObject[] }) | undefined;
      if (refused) {
        if (!refused.validation) throw refused;
        const body = request.body as { provider?: unknown; payload?: unknown } | null;
        throw new ValidationError({
          ...payloadProblems(body?.provider, body?.payload),
          ...toFieldMessages(refused.validation, "body"),
        });
      }
      const { environment } = apiKeyPrincipalOf(request);
      const answer = await enrichRequest(ctx, environment.id, request.body);
      if (answer.kind === "DONE") return { transactions: answer.transactions };
      return reply
        .code(202)
        .header("retry-after", String(answer.retryAfterSeconds))
        .send({
          message: "The transactions are being enriched",
          instruction: `Send the same request again in ${answer.retryAfterSeconds} seconds for the answer.`,
        });
    },
  );

  // A logo for every merchant the engine knows, at a stable URL of Weft's own (a monogram).
  app.get(
    "/v1/enrichment/logos/:file",
    { schema: { params: Type.Object({ file: Type.String({ pattern: "^[a-z0-9-]{1,80}\\.svg$" }) }) } },
    async (request, reply) => {
      const merchant = catalogue().merchants.get(request.params.file.replace(/\.svg$/, ""));
      if (!merchant)
        return reply
          .code(404)
          .send({ message: "No such merchant logo", instruction: "Use the logo URL an enrichment gave." });
      const hue = [...merchant.id].reduce((sum, c) => (sum * 31 + c.charCodeAt(0)) % 360, 7);
      return reply
        .headers(SVG_HEADERS)
        .header("cache-control", "public, max-age=86400")
        .send(institutionLogoSvg(merchant.name, hslToHex(hue, 55, 38)));
    },
  );
}

function hslToHex(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l / 100 - a * Math.max(Math.min(k - 3, 9 - k, 1), -1);
    return Math.round(255 * c)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}
