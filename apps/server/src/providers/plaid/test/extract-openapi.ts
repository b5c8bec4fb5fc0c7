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
 * Only what a sampler needs is kept: types, nullability, required, enums, formats, bounds,
 * items, properties, additionalProperties, allOf/oneOf/anyOf and $refs, which stay $refs into a
 * `components.schemas` holding only the schemas reachable from the kept responses.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parseYaml } from "@redocly/openapi-core";

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

const REF = "#/components/schemas/";

function main() {
  const [file, commit] = process.argv.slice(2);
  if (!file) throw new Error("usage: extract-openapi.ts <path to 2020-09-14.yml> [plaid-openapi commit]");
  const spec = parseYaml(readFileSync(file, "utf8")) as {
    info: { version: string };
    paths: Record<string, { post: { operationId: string; responses: Record<string, Json> } }>;
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

  const endpoints: Record<string, { operationId: string; contentType: string; response: Json }> = {};
  for (const [path, operationId] of Object.entries(WEFT_ENDPOINTS)) {
    const operation = spec.paths[path]?.post;
    if (!operation) throw new Error(`Plaid's description has no POST ${path}`);
    if (operation.operationId !== operationId)
      throw new Error(`${path} is ${operation.operationId} in Plaid's description, not ${operationId}`);
    const ok = operation.responses["200"] as { content: Record<string, { schema: Json }> };
    const [contentType, media] = Object.entries(ok.content)[0]!;
    endpoints[path] = { operationId, contentType, response: strip(media.schema) };
  }
  const error = strip({ $ref: `${REF}PlaidError` });

  const fixture = {
    source: {
      repository: "https://github.com/plaid/plaid-openapi",
      commit: commit ?? "unknown",
      file: "2020-09-14.yml",
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
