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
 * Only what a sampler needs is kept: types, nullability, required, enums, formats, bounds,
 * items, properties, additionalProperties, allOf/oneOf/anyOf and $refs, which stay $refs into a
 * `components.schemas` holding only the schemas reachable from the kept responses. MX's
 * description names no error body (MX answers `{"error": {"message": …}}`), and no format for
 * its dates and date-times: they are plain strings (its examples show ISO 8601), as are
 * holdings' quantities (its example: "5000.0").
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parseYaml } from "@redocly/openapi-core";

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
type Operation = {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
};

const REF = "#/components/schemas/";

function main() {
  const [file, commit] = process.argv.slice(2);
  if (!file)
    throw new Error("usage: extract-openapi.ts <path to openapi/v20111101.yml> [mxenabled/openapi commit]");
  const spec = parseYaml(readFileSync(file, "utf8")) as {
    info: { version: string };
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, Schema> };
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

  const endpoints: Record<
    string,
    { api: string; operationId: string; status: number; contentType: string | null; response: Json }
  > = {};
  for (const [endpoint, { api, operationId }] of Object.entries(WEFT_ENDPOINTS)) {
    const [method, path] = endpoint.split(" ") as [string, string];
    const operation = spec.paths[path]?.[method.toLowerCase()];
    if (!operation) throw new Error(`MX's description has no ${endpoint}`);
    if (operation.operationId !== operationId)
      throw new Error(`${endpoint} is ${operation.operationId} in MX's description, not ${operationId}`);
    // The success answer: 200, 202 (a job started) or 204 (no content).
    const [status, ok] = Object.entries(operation.responses).find(([code]) => code.startsWith("2")) ?? [];
    if (!status || !ok) throw new Error(`${endpoint} has no success answer in MX's description`);
    const [contentType, media] = Object.entries(ok.content ?? {})[0] ?? [null, null];
    endpoints[endpoint] = {
      api,
      operationId,
      status: Number(status),
      contentType,
      response: media ? strip(media.schema) : null,
    };
  }

  const fixture = {
    source: {
      repository: "https://github.com/mxenabled/openapi",
      commit: commit ?? "unknown",
      file: "openapi/v20111101.yml",
      version: spec.info.version,
    },
    endpoints,
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
