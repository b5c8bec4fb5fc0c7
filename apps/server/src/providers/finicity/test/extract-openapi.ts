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
 * Only what a sampler needs is kept: types, nullability, required, enums, formats, bounds,
 * items, properties, additionalProperties, allOf/oneOf/anyOf and $refs, which stay $refs into a
 * `components.schemas` holding only the schemas reachable from the kept responses.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parseYaml } from "@redocly/openapi-core";

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

/** Schema keywords kept; everything else (descriptions, examples, titles, x-*) is dropped. */
const KEPT = new Set([
  "$ref",
  "type",
  "nullable",
  "required",
  "enum",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "pattern",
  "minItems",
  "maxItems",
  "items",
  "properties",
  "additionalProperties",
  "allOf",
  "oneOf",
  "anyOf",
  "deprecated",
]);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: Json };
type Operation = { operationId: string; responses: Record<string, Json> };

const REF = "#/components/schemas/";
const RESPONSE_REF = "#/components/responses/";

function main() {
  const [file, commit] = process.argv.slice(2);
  if (!file)
    throw new Error(
      "usage: extract-openapi.ts <path to openbanking-us.yaml> [open-banking-us-openapi commit]",
    );
  const spec = parseYaml(readFileSync(file, "utf8")) as {
    info: { version: string };
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, Schema>; responses: Record<string, Json> };
  };
  const all = spec.components.schemas;
  const kept: Record<string, Schema> = {};

  /** A schema with only the kept keywords; each $ref it names is kept too (once). */
  const strip = (schema: Json): Json => {
    if (typeof schema === "boolean") return schema;
    if (schema === null || typeof schema !== "object" || Array.isArray(schema))
      throw new Error(`not a schema: ${JSON.stringify(schema)}`);
    const out: Schema = {};
    for (const [key, value] of Object.entries(schema)) {
      if (!KEPT.has(key)) continue;
      if (key === "$ref") {
        keep(String(value));
        out.$ref = value;
      } else if (key === "properties") {
        out.properties = Object.fromEntries(
          Object.entries(value as Record<string, Json>).map(([name, s]) => [name, strip(s)]),
        );
      } else if (key === "items" || (key === "additionalProperties" && typeof value === "object")) {
        out[key] = strip(value);
      } else if (key === "allOf" || key === "oneOf" || key === "anyOf") {
        out[key] = (value as Json[]).map(strip);
      } else {
        out[key] = value;
      }
    }
    return out;
  };
  const keep = (ref: string) => {
    if (!ref.startsWith(REF)) throw new Error(`unexpected $ref ${ref}`);
    const name = ref.slice(REF.length);
    if (name in kept) return;
    const schema = all[name];
    if (!schema) throw new Error(`unknown schema ${name}`);
    kept[name] = {}; // placed first: a schema that refers to itself stops here
    kept[name] = strip(schema) as Schema;
  };
  /** A response object, or the components/responses entry it refers to. */
  const response = (value: Json): { content?: Record<string, { schema: Json }> } => {
    const ref = (value as { $ref?: string }).$ref;
    if (!ref) return value as never;
    if (!ref.startsWith(RESPONSE_REF)) throw new Error(`unexpected response $ref ${ref}`);
    const target = spec.components.responses[ref.slice(RESPONSE_REF.length)];
    if (!target) throw new Error(`unknown response ${ref}`);
    return target as never;
  };

  const endpoints: Record<
    string,
    { operationId: string; status: string; contentType: string; response: Json }
  > = {};
  for (const [endpoint, [operationId, status]] of Object.entries(WEFT_ENDPOINTS)) {
    const [method, path] = endpoint.split(" ") as [string, string];
    const operation = spec.paths[path]?.[method.toLowerCase()];
    if (!operation) throw new Error(`Finicity's description has no ${endpoint}`);
    if (operation.operationId !== operationId)
      throw new Error(
        `${endpoint} is ${operation.operationId} in Finicity's description, not ${operationId}`,
      );
    const ok = operation.responses[status];
    if (!ok) throw new Error(`${endpoint} answers no ${status} in Finicity's description`);
    const [contentType, media] = Object.entries(response(ok).content ?? {})[0] ?? [];
    if (!contentType || !media) throw new Error(`${endpoint}'s ${status} has no body`);
    endpoints[endpoint] = { operationId, status, contentType, response: strip(media.schema) };
  }
  const error = strip({ $ref: `${REF}ErrorMessage` });

  const fixture = {
    source: {
      repository: "https://github.com/Mastercard/open-banking-us-openapi",
      commit: commit ?? "unknown",
      file: "openbanking-us.yaml",
      version: spec.info.version,
    },
    endpoints,
    error,
    components: {
      schemas: Object.fromEntries(
        Object.keys(kept)
          .sort()
          .map((name) => [name, kept[name]!]),
      ),
    },
  };
  const out = new URL("./openapi-responses.json", import.meta.url);
  writeFileSync(out, `${JSON.stringify(fixture, null, 2)}\n`);
  process.stdout.write(
    `${Object.keys(endpoints).length} endpoints, ${Object.keys(kept).length} schemas -> ${out.pathname}\n`,
  );
}

main();
