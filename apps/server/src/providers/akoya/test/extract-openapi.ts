/**
 * Extracts, from the FDX API's OpenAPI description (FDX 5.2.0: fdxapi.core.yaml,
 * fdxapi.customer.yaml and the fdxapi.components.yaml they refer to), the response schemas of the
 * Akoya products Weft calls, into openapi-responses.json next to this file: what
 * mapping.fuzz.test.ts samples Akoya's answers from. Akoya publishes no OpenAPI document of its
 * own; its v2 products are FDX 5's resources under Akoya's paths (as Akoya's APIMatic-generated SDK,
 * twocentinc/akoya-typescript-sdk, renders them: the same wrapped accounts and transactions, the
 * same field names), so each Akoya path takes the FDX operation it serves, and the current customer
 * comes wrapped as Akoya answers it ({customer: Customer}, the SDK's CurrentCustomer). Akoya's
 * OAuth token endpoint is not FDX and is not here. Run by hand when the description moves:
 *
 *   git clone https://github.com/sriniip/fdxyaml /tmp/fdxyaml
 *   npx tsx apps/server/src/providers/akoya/test/extract-openapi.ts /tmp/fdxyaml "$(git -C /tmp/fdxyaml rev-parse HEAD)"
 *   npx biome format --write apps/server/src/providers/akoya/test/openapi-responses.json
 *
 * (or `node` instead of `npx tsx` on a Node that runs TypeScript). The committed fixture was made
 * from sriniip/fdxyaml (a public copy of FDX's published 5.2.0 YAML) at
 * 7775ff1a673e8e8330902e73a272294146aa3658 (2023-08-09); the same commands give it back byte for byte.
 *
 * Only what a sampler needs is kept: types, nullability, required, enums, formats, bounds,
 * items, properties, additionalProperties, allOf/oneOf/anyOf and $refs, which become $refs into
 * one `components.schemas` (the three files' schemas share one namespace; a clash is refused)
 * holding only the schemas reachable from the kept responses.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
// FDX's YAML has flow-style examples that js-yaml (behind @redocly/openapi-core's parseYaml)
// refuses; the `yaml` package (in the tree for Vite and the docs) reads them.
import { parse as parseYaml } from "yaml";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: Json };
type Spec = {
  info: { version: string };
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, Json> }>>;
  components: { schemas: Record<string, Schema> };
};

/** Every Akoya product path Weft calls (providers/akoya/client.ts), with the FDX operation it serves. */
const WEFT_ENDPOINTS = {
  "GET /balances/v2/{providerId}": ["core", "/accounts", "searchForAccounts"],
  "GET /accounts/v2/{providerId}": ["core", "/accounts", "searchForAccounts"],
  "GET /transactions/v2/{providerId}/{accountId}": [
    "core",
    "/accounts/{accountId}/transactions",
    "searchForAccountTransactions",
  ],
  "GET /payments/v2/{providerId}/{accountId}/payment-networks": [
    "core",
    "/accounts/{accountId}/payment-networks",
    "getAccountPaymentNetworks",
  ],
  "GET /customers/v2/{providerId}/current": ["customer", "/customers/current", "getCustomerInfo"],
} as const;
/** Akoya's answers that wrap FDX's resource in a property of their own. */
const WRAPPED: Record<string, string> = { "GET /customers/v2/{providerId}/current": "customer" };

const FILES = {
  core: "fdxapi.core.yaml",
  customer: "fdxapi.customer.yaml",
  components: "fdxapi.components.yaml",
} as const;
type File = keyof typeof FILES;

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

const REF = "#/components/schemas/";

function main() {
  const [directory, commit] = process.argv.slice(2);
  if (!directory) throw new Error("usage: extract-openapi.ts <fdxyaml checkout> [commit]");
  const specs = Object.fromEntries(
    Object.entries(FILES).map(([file, name]) => [
      file,
      parseYaml(readFileSync(join(directory, name), "utf8")) as Spec,
    ]),
  ) as Record<File, Spec>;
  const kept: Record<string, Schema> = {};
  const origin: Record<string, File> = {};

  /** The file and schema a $ref in `file` names ('#/…' is the file itself; '/fdxapi.x.yaml#/…' another). */
  const target = (ref: string, file: File): [File, string] => {
    const [path, pointer] = ref.split("#");
    if (!pointer?.startsWith(REF.slice(1))) throw new Error(`unexpected $ref ${ref}`);
    const name = pointer.slice(REF.length - 1);
    if (!path) return [file, name];
    const other = (Object.keys(FILES) as File[]).find((f) => path.replace(/^\.?\//, "") === FILES[f]);
    if (!other) throw new Error(`$ref into an unknown file: ${ref}`);
    return [other, name];
  };

  /** A schema with only the kept keywords; each $ref it names is kept too (once), as a local $ref. */
  const strip = (schema: Json, file: File): Json => {
    if (typeof schema === "boolean") return schema;
    if (schema === null || typeof schema !== "object" || Array.isArray(schema))
      throw new Error(`not a schema: ${JSON.stringify(schema)}`);
    const out: Schema = {};
    for (const [key, value] of Object.entries(schema)) {
      if (!KEPT.has(key)) continue;
      if (key === "$ref") {
        out.$ref = `${REF}${keep(...target(String(value), file))}`;
      } else if (key === "properties") {
        out.properties = Object.fromEntries(
          Object.entries(value as Record<string, Json>).map(([name, s]) => [name, strip(s, file)]),
        );
      } else if (key === "items" || (key === "additionalProperties" && typeof value === "object")) {
        out[key] = strip(value, file);
      } else if (key === "allOf" || key === "oneOf" || key === "anyOf") {
        out[key] = (value as Json[]).map((s) => strip(s, file));
      } else {
        out[key] = value;
      }
    }
    return out;
  };
  const keep = (file: File, name: string): string => {
    if (name in kept) {
      if (origin[name] !== file) throw new Error(`${name} is in both ${origin[name]} and ${file}`);
      return name;
    }
    const schema = specs[file].components.schemas[name];
    if (!schema) throw new Error(`unknown schema ${name} in ${FILES[file]}`);
    kept[name] = {}; // placed first: a schema that refers to itself stops here
    origin[name] = file;
    kept[name] = strip(schema, file) as Schema;
    return name;
  };

  const endpoints: Record<string, { fdx: string; operationId: string; contentType: string; response: Json }> =
    {};
  for (const [endpoint, [file, path, operationId]] of Object.entries(WEFT_ENDPOINTS)) {
    const operation = specs[file].paths[path]?.get;
    if (!operation) throw new Error(`FDX's ${FILES[file]} has no GET ${path}`);
    if (operation.operationId !== operationId)
      throw new Error(`GET ${path} is ${operation.operationId} in FDX's description, not ${operationId}`);
    const ok = operation.responses["200"] as { content: Record<string, { schema: Json }> };
    const [contentType, media] = Object.entries(ok.content)[0]!;
    const schema = strip(media.schema, file);
    const wrapper = WRAPPED[endpoint];
    endpoints[endpoint] = {
      fdx: `GET ${path}`,
      operationId,
      contentType,
      response: wrapper ? { type: "object", properties: { [wrapper]: schema } } : schema,
    };
  }
  const error = strip({ $ref: `${REF}Error` }, "components");

  const fixture = {
    source: {
      repository: "https://github.com/sriniip/fdxyaml",
      commit: commit ?? "unknown",
      files: Object.values(FILES),
      version: specs.core.info.version,
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
