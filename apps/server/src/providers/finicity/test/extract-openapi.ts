/**
 * Extracts, from Finicity's OpenAPI description (Mastercard Open Finance US, openbanking-us.yaml),
 * the response schemas of the Finicity endpoints Weft calls (and Finicity's error object), into
 * openapi-responses.json next to this file: what mapping.fuzz.test.ts samples Finicity's answers
 * from. Run by hand when Finicity's description moves:
 *
 *   git clone https://github.com/Mastercard/open-banking-us-openapi /tmp/open-banking-us-openapi
 *   npx tsx apps/server/src/providers/finicity/test/extract-openapi.ts \
 *     /tmp/open-banking-us-openapi/openbanking-us.yaml "$(git -C /tmp/open-banking-us-openapi rev-parse HEAD)"
 *   npx biome format --write apps/server/src/providers/finicity/test/openapi-responses.json
 *
 * (or `node` instead of `npx tsx` on a Node that runs TypeScript). The committed fixture was made
 * from Mastercard/open-banking-us-openapi at 737832ceab87ede731d2f598b782f31b69c46336 (2026-07-02,
 * API version 1.42.0, the version client.ts and the stand-in were written from); the same
 * commands give it back byte for byte.
 *
 * What is kept of each schema, and how: ../../test/openapi-subset.ts. Finicity's operations may
 * answer a $ref into components.responses, which is followed.
 */
import {
  type Json,
  mediaOf,
  operationAt,
  REF,
  readOneFile,
  writeFixture,
} from "../../test/openapi-subset.ts";

/**
 * Every Finicity endpoint Weft calls (providers/finicity/client.ts, used by the provider and by
 * modules/finicity), with its operationId and the success status it answers with. Load Historic
 * Transactions and Delete Customer Accounts by Institution Login answer 204 (no body); Get
 * Customer Account Statement answers a PDF: they have no JSON schema to sample.
 */
const WEFT_ENDPOINTS = {
  "POST /aggregation/v2/partners/authentication": ["CreateToken", "200"],
  "POST /aggregation/v2/customers/testing": ["AddTestingCustomer", "201"],
  "POST /aggregation/v2/customers/active": ["AddCustomer", "201"],
  "GET /aggregation/v1/customers": ["GetCustomers", "200"],
  "POST /connect/v2/generate": ["GenerateConnectUrl", "200"],
  "POST /connect/v2/generate/lite": ["GenerateLiteConnectUrl", "200"],
  "POST /connect/v2/generate/fix": ["GenerateFixConnectUrl", "200"],
  "GET /aggregation/v1/customers/{customerId}/accounts": ["GetCustomerAccounts", "200"],
  "GET /aggregation/v1/customers/{customerId}/institutionLogins/{institutionLoginId}/accounts": [
    "GetCustomerAccountsByInstitutionLogin",
    "200",
  ],
  "POST /aggregation/v1/customers/{customerId}/institutionLogins/{institutionLoginId}/accounts": [
    "RefreshCustomerAccountsByInstitutionLogin",
    "200",
  ],
  "GET /aggregation/v3/customers/{customerId}/transactions": ["GetAllCustomerTransactions", "200"],
  "GET /aggregation/v1/customers/{customerId}/accounts/{accountId}/details": ["GetAccountACHDetails", "200"],
  "GET /institution/v2/institutions/{institutionId}": ["GetInstitution", "200"],
  "GET /institution/v2/institutions": ["GetInstitutions", "200"],
} as const;

const RESPONSE_REF = "#/components/responses/";

function main() {
  const { spec, commit, strip, schemas } = readOneFile(
    "<path to openbanking-us.yaml> [open-banking-us-openapi commit]",
  );
  /** A response object, or the components/responses entry it refers to. */
  const response = (value: Json): Json => {
    const ref = (value as { $ref?: string }).$ref;
    if (!ref) return value;
    if (!ref.startsWith(RESPONSE_REF)) throw new Error(`unexpected response $ref ${ref}`);
    const target = spec.components.responses?.[ref.slice(RESPONSE_REF.length)];
    if (!target) throw new Error(`unknown response ${ref}`);
    return target;
  };

  const endpoints: Record<
    string,
    { operationId: string; status: string; contentType: string; response: unknown }
  > = {};
  for (const [endpoint, [operationId, status]] of Object.entries(WEFT_ENDPOINTS)) {
    const [method, path] = endpoint.split(" ") as [string, string];
    const operation = operationAt(spec, method, path, operationId, "Finicity's description");
    const ok = operation.responses[status];
    if (!ok) throw new Error(`${endpoint} answers no ${status} in Finicity's description`);
    const [contentType, media] = mediaOf(response(ok)) ?? [];
    if (!contentType || !media) throw new Error(`${endpoint}'s ${status} has no body`);
    endpoints[endpoint] = { operationId, status, contentType, response: strip(media.schema) };
  }
  const error = strip({ $ref: `${REF}ErrorMessage` });

  const source = {
    repository: "https://github.com/Mastercard/open-banking-us-openapi",
    commit,
    file: "openbanking-us.yaml",
    version: spec.info.version,
  };
  writeFixture(import.meta.url, { source, endpoints, error }, schemas());
}

main();
