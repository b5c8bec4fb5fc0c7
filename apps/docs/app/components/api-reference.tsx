import { Heading } from "fumadocs-ui/components/heading";
import { Tab, Tabs } from "fumadocs-ui/components/tabs";
import { curlExample, responseExample, sdkExample } from "@/lib/api-examples.ts";
import {
  type ApiName,
  type DescriptionBlock,
  type DescriptionHtml,
  groupByTag,
  jsonSchemaOf,
  type OpenApiDocument,
  type OperationEntry,
  type Parameter,
  type SecurityScheme,
} from "@/lib/openapi.ts";
import type { Components } from "@/lib/schema-type.ts";
import { useBaseUrl } from "./base-url.tsx";
import { Code } from "./code.tsx";
import { InlineText } from "./inline-text.tsx";
import { SchemaField, SchemaViewer } from "./schema-viewer.tsx";

type Props = {
  api: ApiName;
  document: OpenApiDocument;
  /** Descriptions rendered from Markdown at build time; plain text when left out. */
  html?: DescriptionHtml;
};

const METHOD_COLORS: Record<string, string> = {
  get: "bg-sky-700",
  post: "bg-green-700",
  put: "bg-amber-700",
  patch: "bg-amber-700",
  delete: "bg-red-700",
};

/**
 * One OpenAPI document, whatever operations it holds: grouped by tag, each operation with a
 * stable anchor, its method and path, auth scheme, parameters, request body and every
 * response through the schema viewer, and examples (curl, @weft/sdk, response). The page it
 * sits on introduces the API (its title, description and text), so the document's own
 * description is not shown again.
 */
export function ApiReference({ api, document, html }: Props) {
  const components = document.components?.schemas ?? {};
  const schemes = document.components?.securitySchemes ?? {};
  const baseUrl = useBaseUrl();
  return (
    <div className="api-reference" data-api={api}>
      <p>
        Version <code>{document.info.version}</code> · base URL <code data-testid="base-url">{baseUrl}</code>{" "}
        · the document itself: <a href={`/openapi/${api}.json`}>/openapi/{api}.json</a>
      </p>
      {Object.keys(schemes).length > 0 && (
        <>
          <Heading as="h2" id="authentication">
            Authentication
          </Heading>
          <ul>
            {Object.entries(schemes).map(([name, scheme]) => (
              <li key={name}>
                <code>{name}</code>: {schemeText(scheme)}
                {scheme.description && <> — {scheme.description}</>}
              </li>
            ))}
          </ul>
        </>
      )}
      {groupByTag(document).map((group) => (
        <section key={group.name} aria-labelledby={group.anchor}>
          <Heading as="h2" id={group.anchor}>
            {group.name}
          </Heading>
          <Description blocks={html?.tags[group.name]} text={group.description} />
          {group.operations.map((entry) => (
            <OperationView
              key={entry.anchor}
              api={api}
              document={document}
              entry={entry}
              components={components}
              descriptionHtml={html?.operations[entry.anchor]}
            />
          ))}
        </section>
      ))}
    </div>
  );
}

function schemeText(scheme: SecurityScheme): string {
  if (scheme.type === "http" && scheme.scheme === "bearer") {
    return `Authorization: Bearer ${scheme.bearerFormat ?? "token"}`;
  }
  if (scheme.type === "http" && scheme.scheme === "basic") return "HTTP Basic";
  if (scheme.type === "apiKey") return `${scheme.name} in ${scheme.in}`;
  return scheme.type;
}

type OperationProps = {
  api: ApiName;
  document: OpenApiDocument;
  entry: OperationEntry;
  components: Components;
  descriptionHtml: DescriptionBlock[] | undefined;
};

function OperationView({ api, document, entry, components, descriptionHtml }: OperationProps) {
  const { method, path, operation, anchor } = entry;
  const parameters = operation.parameters ?? [];
  const body = jsonSchemaOf(operation.requestBody?.content);
  const example = responseExample(document, operation);
  const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  return (
    <article className="api-operation mb-12 border-t border-fd-border pt-2" data-operation={anchor}>
      <Heading as="h3" id={anchor}>
        {operation.summary ?? `${method.toUpperCase()} ${path}`}
      </Heading>
      <p className="flex flex-wrap items-center gap-2 font-mono text-sm">
        <span
          className={`rounded px-2 py-0.5 text-xs font-bold uppercase text-white ${METHOD_COLORS[method] ?? "bg-neutral-700"}`}
          data-testid="operation-method"
        >
          {method.toUpperCase()}
        </span>
        <code data-testid="operation-path">{path}</code>
      </p>
      <Description blocks={descriptionHtml} text={operation.description} />
      <p className="text-sm">
        <strong>Auth:</strong>{" "}
        {schemes.length === 0 ? (
          "none (public)"
        ) : (
          <span data-testid="operation-auth">
            {schemes.map((scheme, index) => (
              <span key={scheme}>
                {index > 0 && " or "}
                <a href="#authentication">
                  <code>{scheme}</code>
                </a>{" "}
                ({schemeText(document.components?.securitySchemes?.[scheme] ?? { type: "unknown" })})
              </span>
            ))}
          </span>
        )}
      </p>
      {parameters.length > 0 && <ParameterList parameters={parameters} components={components} />}
      {body && (
        <>
          <h4>Request body</h4>
          <SchemaViewer schema={body} components={components} />
        </>
      )}
      <h4>Responses</h4>
      <ul className="list-none ps-0">
        {Object.entries(operation.responses ?? {}).map(([status, response]) => {
          const schema = jsonSchemaOf(response.content);
          return (
            <li key={status} className="mb-3" data-status={status}>
              <p className="mb-1">
                <code className={status.startsWith("2") ? "text-green-700 dark:text-green-400" : ""}>
                  {status}
                </code>{" "}
                {response.description}
              </p>
              {response.headers && (
                <p className="text-xs text-fd-muted-foreground">
                  Headers:{" "}
                  {Object.entries(response.headers).map(([name, header], index) => (
                    <span key={name}>
                      {index > 0 && ", "}
                      <code title={header.description}>{name}</code>
                    </span>
                  ))}
                </p>
              )}
              {schema && (
                <SchemaViewer schema={schema} components={components} collapsed={!status.startsWith("2")} />
              )}
            </li>
          );
        })}
      </ul>
      <h4>Example request</h4>
      <Tabs items={["curl", "@weft/sdk"]}>
        <Tab value="curl">
          <Code code={curlExample(document, method, path, operation)} title="Shell" />
        </Tab>
        <Tab value="@weft/sdk">
          <Code code={sdkExample(api, document, method, path, operation)} title="TypeScript" />
        </Tab>
      </Tabs>
      {example && (
        <>
          <h4>Example response</h4>
          <Code code={example.body ?? "(no body)"} title={`${example.status} response`} />
        </>
      )}
    </article>
  );
}

function ParameterList({ parameters, components }: { parameters: Parameter[]; components: Components }) {
  const groups: [string, Parameter[]][] = [
    ["Path parameters", parameters.filter((p) => p.in === "path")],
    ["Query parameters", parameters.filter((p) => p.in === "query")],
    ["Header parameters", parameters.filter((p) => p.in === "header")],
  ];
  return (
    <>
      {groups
        .filter(([, list]) => list.length > 0)
        .map(([title, list]) => (
          <div key={title}>
            <h4>{title}</h4>
            <ul className="m-0 list-none divide-y divide-fd-border rounded-lg border border-fd-border p-0 text-sm">
              {list.map((parameter) => (
                <li key={parameter.name} className="m-0 px-3 py-2">
                  <SchemaField
                    name={parameter.name}
                    schema={parameter.schema ?? {}}
                    required={parameter.required === true}
                    components={components}
                    {...(parameter.description && { description: parameter.description })}
                  />
                </li>
              ))}
            </ul>
          </div>
        ))}
    </>
  );
}

function Description({ blocks, text }: { blocks: DescriptionBlock[] | undefined; text: string | undefined }) {
  if (blocks) {
    return (
      <div className="api-description">
        {blocks.map((block, index) =>
          "code" in block ? (
            // Blocks have no identity beyond their position in a static description.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is static
            <Code key={index} code={block.code} />
          ) : (
            // Rendered by micromark at build time, which escapes any raw HTML in the source.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted build-time output, see above
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is static
            <div key={index} dangerouslySetInnerHTML={{ __html: block.html }} />
          ),
        )}
      </div>
    );
  }
  if (!text) return null;
  return (
    <p>
      <InlineText text={text} />
    </p>
  );
}
