import { CodeBlock, Pre } from "fumadocs-ui/components/codeblock";
import { Fragment } from "react";
import { DEFAULT_BASE_URL } from "@/lib/site.ts";
import { useBaseUrl } from "./base-url.tsx";

/**
 * Code that is not in a page's Markdown (the API reference's examples and the code in its
 * descriptions, the GraphQL schema) as a code block like the pages' own: long lines scroll
 * sideways, never run under the page's edge. The address of the server the docs are served by
 * stands for the default one.
 */
export function Code({ code, title }: { code: string; title?: string }) {
  const lines = code.replaceAll(DEFAULT_BASE_URL, useBaseUrl()).split("\n");
  // Lines as the highlighter writes them (one .line each, newlines between), so they get the
  // same padding and the copy button copies the same text.
  return (
    <CodeBlock {...(title !== undefined && { title })}>
      <Pre>
        <code>
          {lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity beyond their position
            <Fragment key={index}>
              {index > 0 && "\n"}
              <span className="line">{line}</span>
            </Fragment>
          ))}
        </code>
      </Pre>
    </CodeBlock>
  );
}
