/**
 * Extracts, from Plaid's OpenAPI description, the response schemas of the Plaid endpoints Weft
 * calls (and Plaid's error object), into openapi-responses.json next to this file: what
 * mapping.fuzz.test.ts samples Plaid's answers from. Run by hand when Plaid's description moves:
 *
 *   git clone https://github.com/plaid/plaid-openapi /tmp/plaid-openapi
 *   npx tsx apps/server/src/providers/plaid/test/extract-openapi.ts \
 *     /tmp/plaid-openapi/2020-09-14.yml "$(git -C /tmp/plaid-openapi rev-parse HEAD)"
 *   npx biome format --write apps/server/src/providers/plaid/test/openapi-responses.json
 *
 * (or `node` instead of `npx tsx` on a Node that runs TypeScript). The committed fixture was made
 * from plaid/plaid-openapi at 26f1a0588c12e765e99c815300d94eae0a3c7dc1 (2026-06-10, API version
 * 2020-09-14_1.697.4); the same commands give it back byte for byte.
 *
 * What is kept of each schema, and how: ../../test/openapi-subset.ts.
 */
import { mediaOf, operationAt, REF, readOneFile, writeFixture } from "../../test/openapi-subset.ts";

/** Every Plaid endpoint Weft calls (providers/plaid, modules/plaid), with the client method that calls it. */
const WEFT_ENDPOINTS = {
  "/item/get": "itemGet",
  "/item/remove": "itemRemove",
  "/item/webhook/update": "itemWebhookUpdate",
  "/item/public_token/exchange": "itemPublicTokenExchange",
  "/link/token/create": "linkTokenCreate",
  "/accounts/get": "accountsGet",
  "/accounts/balance/get": "accountsBalanceGet",
  "/auth/get": "authGet",
  "/identity/get": "identityGet",
  "/liabilities/get": "liabilitiesGet",
  "/transactions/sync": "transactionsSync",
  "/investments/holdings/get": "investmentsHoldingsGet",
  "/statements/list": "statementsList",
  "/statements/download": "statementsDownload",
  "/institutions/search": "institutionsSearch",
  "/institutions/get_by_id": "institutionsGetById",
  "/processor/token/create": "processorTokenCreate",
  "/webhook_verification_key/get": "webhookVerificationKeyGet",
} as const;

function main() {
  const { spec, commit, strip, schemas } = readOneFile("<path to 2020-09-14.yml> [plaid-openapi commit]");

  const endpoints: Record<string, { operationId: string; contentType: string; response: unknown }> = {};
  for (const [path, operationId] of Object.entries(WEFT_ENDPOINTS)) {
    const operation = operationAt(spec, "POST", path, operationId, "Plaid's description");
    const [contentType, media] = mediaOf(operation.responses["200"]!)!;
    endpoints[path] = { operationId, contentType, response: strip(media.schema) };
  }
  const error = strip({ $ref: `${REF}PlaidError` });

  const source = {
    repository: "https://github.com/plaid/plaid-openapi",
    commit,
    file: "2020-09-14.yml",
    version: spec.info.version,
  };
  writeFixture(import.meta.url, { source, endpoints, error }, schemas());
}

main();
