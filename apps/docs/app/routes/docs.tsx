import { useFumadocsLoader } from "fumadocs-core/source/client";
import type { TOCItemType } from "fumadocs-core/toc";
import { DocsLayout } from "fumadocs-ui/layouts/docs";
import { DocsBody, DocsDescription, DocsPage, DocsTitle } from "fumadocs-ui/layouts/docs/page";
import { use } from "react";
import { data, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { ApiReference } from "@/components/api-reference.tsx";
import { mdxComponents } from "@/components/mdx.tsx";
import { NavigationProvider } from "@/components/navigation-context.tsx";
import { describeInHtml } from "@/lib/description-html.server.ts";
import { baseOptions } from "@/lib/layout.tsx";
import { navigationTree } from "@/lib/navigation-tree.ts";
import { groupByTag } from "@/lib/openapi.ts";
import { openApiDocument } from "@/lib/openapi-documents.server.ts";
import { docs, source } from "@/lib/source.ts";

export async function loader({ params }: LoaderFunctionArgs) {
  const slugs = (params["*"] ?? "").split("/").filter((s) => s.length > 0);
  const page = source.getPage(slugs);
  if (!page) throw data("Not found", { status: 404 });
  const api = page.data.api;
  return {
    path: page.path,
    title: page.data.title,
    description: page.data.description,
    pageTree: await source.serializePageTree(source.getPageTree()),
    navigation: navigationTree(),
    reference: api ? referenceOf(api) : undefined,
  };
}

function referenceOf(api: "auth" | "platform") {
  const document = openApiDocument(api);
  return { api, document, html: describeInHtml(document) };
}

export const meta: MetaFunction<typeof loader> = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Weft` : "Weft documentation" },
  ...(loaderData?.description ? [{ name: "description", content: loaderData.description }] : []),
];

type LoaderData = Awaited<ReturnType<typeof loader>>;

function Content({ path, reference }: Pick<LoaderData, "path" | "reference">) {
  const page = docs.getPage(path);
  if (!page) throw new Error(`unknown page: ${path}`);
  // The body is a separate chunk per page; use() suspends until it is loaded.
  const { toc } = use(page.load());
  const Body = page.body;
  const fullToc: TOCItemType[] = reference ? [...toc, ...referenceToc(reference.document)] : toc;
  return (
    <DocsPage toc={fullToc}>
      <DocsTitle>{page.title}</DocsTitle>
      <DocsDescription>{page.description}</DocsDescription>
      <DocsBody>
        <Body components={mdxComponents()} />
        {reference && (
          <ApiReference api={reference.api} document={reference.document} html={reference.html} />
        )}
      </DocsBody>
    </DocsPage>
  );
}

function referenceToc(document: NonNullable<LoaderData["reference"]>["document"]): TOCItemType[] {
  const hasSchemes = Object.keys(document.components?.securitySchemes ?? {}).length > 0;
  const authentication = hasSchemes ? [{ title: "Authentication", url: "#authentication", depth: 2 }] : [];
  return [
    ...authentication,
    ...groupByTag(document).flatMap((group) => [
      { title: group.name, url: `#${group.anchor}`, depth: 2 },
      ...group.operations.map((entry) => ({
        title: entry.operation.summary ?? `${entry.method.toUpperCase()} ${entry.path}`,
        url: `#${entry.anchor}`,
        depth: 3,
      })),
    ]),
  ];
}

export default function DocsRoute() {
  const loaded = useLoaderData<typeof loader>();
  const { pageTree } = useFumadocsLoader(loaded);
  return (
    <NavigationProvider tree={loaded.navigation}>
      <DocsLayout {...baseOptions()} tree={pageTree}>
        <Content path={loaded.path} reference={loaded.reference} />
      </DocsLayout>
    </NavigationProvider>
  );
}
