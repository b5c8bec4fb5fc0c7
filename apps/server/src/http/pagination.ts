import type { FastifyReply, FastifyRequest } from "fastify";
import { type Static, Type } from "typebox";
import { offsetOf } from "../db/page.ts";
import { requestPath } from "./request-path.ts";

export const PaginationQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: "Page number, from 1." }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 25, description: "Items per page, at most 100." }),
});
export type Pagination = Static<typeof PaginationQuery>;

export const PAGINATION_HEADERS = {
  "current-page": Type.Integer({ description: "The page returned." }),
  "page-items": Type.Integer({ description: "Items on this page." }),
  "total-count": Type.Integer({ description: "Items across all pages." }),
  "total-pages": Type.Integer({ description: "Number of pages." }),
  link: Type.String({ description: "RFC 8288 links: first, prev, next, last." }),
};

/** Sets current-page, page-items, total-count, total-pages and an RFC 8288 Link header. */
export function setPaginationHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string,
  page: Pagination,
  totalCount: number,
): void {
  const totalPages = Math.max(1, Math.ceil(totalCount / page.limit));
  // The query holds the route's own parameters only: validation refuses any other.
  const url = new URL(requestPath(request.url), publicUrl);
  for (const [key, value] of Object.entries(request.query as Record<string, unknown>)) {
    if (value !== undefined && key !== "page" && key !== "limit") url.searchParams.set(key, String(value));
  }
  const linkTo = (n: number, rel: string) => {
    url.searchParams.set("page", String(n));
    url.searchParams.set("limit", String(page.limit));
    return `<${url.toString()}>; rel="${rel}"`;
  };
  const links = [linkTo(1, "first")];
  if (page.page > 1) links.push(linkTo(Math.min(page.page - 1, totalPages), "prev"));
  if (page.page < totalPages) links.push(linkTo(page.page + 1, "next"));
  links.push(linkTo(totalPages, "last"));
  reply.headers({
    "current-page": page.page,
    "page-items": Math.max(0, Math.min(page.limit, totalCount - offsetOf(page))),
    "total-count": totalCount,
    "total-pages": totalPages,
    link: links.join(", "),
  });
}
