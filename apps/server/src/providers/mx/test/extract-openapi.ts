/**
 * Extracts, from MX's OpenAPI description of the Platform API (v20111101, the version Weft's
 * client mx-platform-node speaks), the response schemas of the MX endpoints Weft calls into
 * openapi-responses.json next to this file: what mapping.fuzz.test.ts samples MX's answers from.
 * Run by hand when MX's description moves:
 *
 *   git clone https://github.com/mxenabled/openapi /tmp/mx-openapi
 *   npx tsx apps/server/src/providers/mx/test/extract-openapi.ts \
 *     /tmp/mx-openapi/openapi/v20111101.yml "$(git -C /tmp/mx-openapi rev-parse HEAD)"
 *   npx biome format --write apps/server/src/providers/mx/test/openapi-responses.json
 *
 * (or `node` instead of `npx tsx` on a Node that runs TypeScript). The committed fixture was made
 * from mxenabled/openapi at 61085cf486f5ab774eb15f3b8c85102d94481815 (2025-11-06, "Create
 * versioned OAS files", openapi/v20111101.yml, API version 20111101); the same commands give it
 * back byte for byte. (openapi/mx_platform_api.yml is the same description but for one
 * endpoint's description text.)
 *
 * What is kept of each schema, and how: ../../test/openapi-subset.ts. MX's description names no
 * error body (MX answers `{"error": {"message": …}}`), and no format for its dates and
 * date-times: they are plain strings (its examples show ISO 8601), as are holdings' quantities
 * (its example: "5000.0").
 */
import { mediaOf, operationAt, readOneFile, writeFixture } from "../../test/openapi-subset.ts";

/**
 * Every MX endpoint Weft calls (providers/mx, modules/mx), with the operation (the official
 * client's method, on the MxClient API it is called through).
 */
const WEFT_ENDPOINTS = {
  "GET /users": { api: "users", operationId: "listUsers" },
  "POST /users": { api: "users", operationId: "createUser" },
  "POST /users/{user_guid}/widget_urls": { api: "widgets", operationId: "requestWidgetURL" },
  "POST /authorization_code": { api: "processorTokens", operationId: "requestAuthorizationCode" },
  "GET /institutions": { api: "institutions", operationId: "listInstitutions" },
  "GET /users/{user_guid}/members/{member_guid}": { api: "members", operationId: "readMember" },
  "DELETE /users/{user_guid}/members/{member_guid}": { api: "members", operationId: "deleteMember" },
  "POST /users/{user_guid}/members/{member_guid}/check_balance": {
    api: "members",
    operationId: "checkBalances",
  },
  "POST /users/{user_guid}/members/{member_guid}/verify": { api: "members", operationId: "verifyMember" },
  "POST /users/{user_guid}/members/{member_guid}/identify": { api: "members", operationId: "identifyMember" },
  "POST /users/{user_guid}/members/{member_guid}/extend_history": {
    api: "transactions",
    operationId: "extendHistory",
  },
  "POST /users/{user_guid}/members/{member_guid}/fetch_statements": {
    api: "statements",
    operationId: "fetchStatements",
  },
  "GET /users/{user_guid}/members/{member_guid}/accounts": {
    api: "accounts",
    operationId: "listMemberAccounts",
  },
  "GET /users/{user_guid}/members/{member_guid}/accounts/{account_guid}": {
    api: "accounts",
    operationId: "readAccountByMember",
  },
  "GET /users/{user_guid}/members/{member_guid}/account_numbers": {
    api: "accounts",
    operationId: "listAccountNumbersByMember",
  },
  "GET /users/{user_guid}/members/{member_guid}/account_owners": {
    api: "accounts",
    operationId: "listAccountOwnersByMember",
  },
  "GET /users/{user_guid}/members/{member_guid}/transactions": {
    api: "transactions",
    operationId: "listTransactionsByMember",
  },
  "GET /users/{user_guid}/members/{member_guid}/investment_holdings": {
    api: "holdings",
    operationId: "listHoldingsByMember",
  },
  "GET /users/{user_guid}/members/{member_guid}/statements": {
    api: "statements",
    operationId: "listStatementsByMember",
  },
  "GET /users/{user_guid}/members/{member_guid}/statements/{statement_guid}.pdf": {
    api: "statements",
    operationId: "downloadStatementPDF",
  },
} as const;

function main() {
  const { spec, commit, strip, schemas } = readOneFile(
    "<path to openapi/v20111101.yml> [mxenabled/openapi commit]",
  );

  const endpoints: Record<
    string,
    { api: string; operationId: string; status: number; contentType: string | null; response: unknown }
  > = {};
  for (const [endpoint, { api, operationId }] of Object.entries(WEFT_ENDPOINTS)) {
    const [method, path] = endpoint.split(" ") as [string, string];
    const operation = operationAt(spec, method, path, operationId, "MX's description");
    // The success answer: 200, 202 (a job started) or 204 (no content).
    const [status, ok] = Object.entries(operation.responses).find(([code]) => code.startsWith("2")) ?? [];
    if (!status || !ok) throw new Error(`${endpoint} has no success answer in MX's description`);
    const [contentType, media] = mediaOf(ok) ?? [null, null];
    endpoints[endpoint] = {
      api,
      operationId,
      status: Number(status),
      contentType,
      response: media ? strip(media.schema) : null,
    };
  }

  const source = {
    repository: "https://github.com/mxenabled/openapi",
    commit,
    file: "openapi/v20111101.yml",
    version: spec.info.version,
  };
  writeFixture(import.meta.url, { source, endpoints }, schemas());
}

main();
