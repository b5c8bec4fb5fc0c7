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
 * What is kept of each schema, and how: ../../test/openapi-subset.ts. The three files' schemas
 * share one namespace in the fixture (a name in two files is refused); a $ref into another file
 * ('/fdxapi.x.yaml#/…') becomes a $ref into the fixture's components.schemas.
 */
import { join } from "node:path";
// FDX's YAML has flow-style examples that js-yaml (behind @redocly/openapi-core's parseYaml)
// refuses; the `yaml` package (in the tree for Vite and the docs) reads them.
import { parse as parseYaml } from "yaml";
import {
  commandLine,
  componentsSubset,
  mediaOf,
  operationAt,
  REF,
  readDescription,
  type Spec,
  writeFixture,
} from "../../test/openapi-subset.ts";

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

function main() {
  const { path: directory, commit } = commandLine("<fdxyaml checkout> [commit]");
  const specs = Object.fromEntries(
    Object.entries(FILES).map(([file, name]) => [file, readDescription(join(directory, name), parseYaml)]),
  ) as Record<File, Spec>;

  /** The file and schema a $ref in `file` names ('#/…' is the file itself; '/fdxapi.x.yaml#/…' another). */
  const { strip, schemas } = componentsSubset((ref: string, file: File) => {
    const [path, pointer] = ref.split("#");
    if (!pointer?.startsWith(REF.slice(1))) throw new Error(`unexpected $ref ${ref}`);
    const name = pointer.slice(REF.length - 1);
    const other = path
      ? (Object.keys(FILES) as File[]).find((f) => path.replace(/^\.?\//, "") === FILES[f])
      : file;
    if (!other) throw new Error(`$ref into an unknown file: ${ref}`);
    const schema = specs[other].components.schemas[name];
    if (!schema) throw new Error(`unknown schema ${name} in ${FILES[other]}`);
    return { name, from: other, schema };
  });

  const endpoints: Record<
    string,
    { fdx: string; operationId: string; contentType: string; response: unknown }
  > = {};
  for (const [endpoint, [file, path, operationId]] of Object.entries(WEFT_ENDPOINTS)) {
    const operation = operationAt(specs[file], "GET", path, operationId, `FDX's ${FILES[file]}`);
    const [contentType, media] = mediaOf(operation.responses["200"]!)!;
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

  const source = {
    repository: "https://github.com/sriniip/fdxyaml",
    commit,
    files: Object.values(FILES),
    version: specs.core.info.version,
  };
  writeFixture(import.meta.url, { source, endpoints, error }, schemas());
}

main();
