// @vitest-environment node
// The documents come from the server's generator (PGlite and all), which wants Node, not a DOM.
import { Window } from "happy-dom";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { curlExample, pathVariable, responseExample, sdkExample } from "@/lib/api-examples.ts";
import { describeInHtml } from "@/lib/description-html.server.ts";
import {
  type ApiName,
  groupByTag,
  jsonSchemaOf,
  listOperations,
  type OpenApiDocument,
  type Operation,
} from "@/lib/openapi.ts";
import { exampleOf, resolveSchema } from "@/lib/schema-type.ts";
import { DEFAULT_BASE_URL } from "@/lib/site.ts";
import { generateOpenApiDocuments } from "../../../server/src/openapi-documents.ts";
import { ApiReference } from "./api-reference.tsx";

let documents: Record<ApiName, OpenApiDocument>;

// Starting the server's database to generate them takes a while on a busy machine.
beforeAll(async () => {
  documents = (await generateOpenApiDocuments()) as unknown as Record<ApiName, OpenApiDocument>;
}, 60_000);

function renderReference(api: ApiName, withHtml = false) {
  const { document } = new Window();
  document.body.innerHTML = renderToStaticMarkup(
    <ApiReference
      api={api}
      document={documents[api]}
      {...(withHtml && { html: describeInHtml(documents[api]) })}
    />,
  );
  return document;
}

describe.each(["auth", "platform"] as const)("the %s API reference", (api) => {
  it("renders every operation the generator returns, with its anchor, method, path and responses", () => {
    const page = renderReference(api);
    const operations = listOperations(documents[api]);
    expect(operations.length).toBeGreaterThan(0);
    expect(page.querySelectorAll("[data-operation]")).toHaveLength(operations.length);
    for (const { method, path, operation, anchor } of operations) {
      const article = page.querySelector(`[data-operation="${anchor}"]`);
      expect(article, `${method} ${path}`).not.toBeNull();
      expect(article!.querySelector(`h3#${anchor}`)).not.toBeNull();
      expect(article!.querySelector('[data-testid="operation-method"]')!.textContent).toBe(
        method.toUpperCase(),
      );
      expect(article!.querySelector('[data-testid="operation-path"]')!.textContent).toBe(path);
      const statuses = [...article!.querySelectorAll("[data-status]")].map((li) =>
        li.getAttribute("data-status"),
      );
      expect(statuses).toEqual(Object.keys(operation.responses ?? {}));
      const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
      for (const scheme of schemes) expect(article!.textContent).toContain(scheme);
      if (schemes.length === 0) expect(article!.textContent).toContain("none (public)");
      expect(article!.textContent).toContain("Example request");
    }
  });

  it("gives every operation plausible examples: no bare type name where a value goes", () => {
    const document = documents[api];
    for (const { method, path, operation } of listOperations(document)) {
      const examples = [
        curlExample(document, method, path, operation),
        sdkExample(api, document, method, path, operation),
        responseExample(document, operation)?.body ?? "",
      ].join("\n");
      expect(examples, `${method} ${path}`).not.toMatch(/"(string|number|integer|boolean|object)"(?!\s*:)/);
    }
  });

  it("shows for every 422 the answer its own operation gives to a wrong input", () => {
    const document = documents[api];
    const page = renderReference(api);
    const with422 = listOperations(document).filter(({ operation }) => operation.responses?.["422"]);
    expect(with422.length).toBeGreaterThan(0);
    for (const { method, path, operation, anchor } of with422) {
      const schema = jsonSchemaOf(operation.responses?.["422"]?.content);
      const example = exampleOf(schema ?? {}) as Record<string, string[]>;
      expect(Object.keys(example).length, `${method} ${path}`).toBeGreaterThan(0);
      for (const [field, messages] of Object.entries(example)) {
        expect(inputFields(operation, document), `${method} ${path}`).toContain(field.split(".")[0]);
        expect(messages.length).toBeGreaterThan(0);
        for (const message of messages) expect(message).toMatch(/^[A-Z].+[^.]$/);
      }
      const shown = page.querySelector(`[data-operation="${anchor}"] [data-status="422"]`)?.textContent;
      expect(shown).toContain(`Example: ${JSON.stringify(example)}`);
    }
  });

  it("puts all its code, the descriptions' fenced blocks too, in code blocks that scroll sideways", () => {
    const page = renderReference(api, true);
    const blocks = [...page.querySelectorAll("pre")];
    expect(blocks.length).toBeGreaterThan(0);
    for (const pre of blocks) {
      const viewport = pre.closest("figure")?.querySelector(":scope > [role=region]");
      expect(viewport?.className, pre.textContent?.slice(0, 60)).toContain("overflow-auto");
    }
  });

  it("leaves the introduction to its page: the document's own description is not said a second time", () => {
    const description = documents[api].info.description;
    expect(description).toBeTruthy();
    expect(renderReference(api).body.textContent).not.toContain(description);
  });

  it("groups operations under their tags, with stable anchors", () => {
    const page = renderReference(api);
    const anchors = listOperations(documents[api]).map((o) => o.anchor);
    expect(new Set(anchors).size).toBe(anchors.length);
    for (const { operation, anchor } of listOperations(documents[api])) {
      if (operation.operationId) expect(anchor).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    for (const group of groupByTag(documents[api])) {
      const section = page.querySelector(`section[aria-labelledby="${group.anchor}"]`);
      expect(section, group.name).not.toBeNull();
      const inSection = [...section!.querySelectorAll("[data-operation]")].map((a) =>
        a.getAttribute("data-operation"),
      );
      expect(inSection).toEqual(group.operations.map((o) => o.anchor));
    }
  });

  it("gives every operation a curl and an @weft/sdk example of the same call", () => {
    const document = documents[api];
    for (const { method, path, operation } of listOperations(document)) {
      const curl = curlExample(document, method, path, operation);
      expect(curl).toMatch(/^curl -s/);
      const urlPath = path.replace(/\{(\w+)\}/g, (_match, name: string) => `$${pathVariable(path, name)}`);
      expect(curl).toContain(`"$WEFT${urlPath}`);
      if (method !== "get") expect(curl).toContain(`-X ${method.toUpperCase()}`);
      expect(curl).not.toMatch(/\{[A-Za-z]+\}/); // every path parameter is a shell variable
      if (operation.requestBody) expect(curl).toContain("-d '{");
      const sdk = sdkExample(api, document, method, path, operation);
      expect(sdk).toContain(`createWeftClient({ baseUrl: "${DEFAULT_BASE_URL}"`);
      expect(sdk).toContain(`weft.${api}.${method.toUpperCase()}("${path}"`);
      expect(sdk).toContain('from "@weft/sdk"');
    }
  });
});

describe("the examples", () => {
  it("use the quickstart's shell variables and the request body's documented values", () => {
    const document = documents.platform;
    const create = listOperations(document).find((o) => o.method === "post" && o.path === "/v1/profiles")!;
    const curl = curlExample(document, create.method, create.path, create.operation);
    expect(curl).toContain('-H "Authorization: Bearer $WEFT_KEY"');
    expect(curl).toContain('"email":"ada@example.com"');
    const read = listOperations(document).find((o) => o.method === "get" && o.path === "/v1/profiles/{id}")!;
    expect(curlExample(document, read.method, read.path, read.operation)).toContain(
      '"$WEFT/v1/profiles/$PROFILE_ID"',
    );
    const revoke = listOperations(documents.auth).find((o) => o.method === "delete")!;
    expect(curlExample(documents.auth, revoke.method, revoke.path, revoke.operation)).toContain(
      '-H "Authorization: Bearer $TOKEN"',
    );
  });
});

/** The top-level fields an operation takes: its body's properties and its parameters. */
function inputFields(operation: Operation, document: OpenApiDocument): string[] {
  const body = jsonSchemaOf(operation.requestBody?.content);
  const properties = body ? resolveSchema(body, document.components?.schemas ?? {}).properties : undefined;
  // Path parameters and the Idempotency-Key header too: a 422 may name them.
  const parameters = (operation.parameters ?? []).map((p) => p.name);
  return [...Object.keys(properties ?? {}), ...parameters];
}
