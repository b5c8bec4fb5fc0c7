import { useSyncExternalStore } from "react";
import { DEFAULT_BASE_URL } from "@/lib/site.ts";

const unchanging = () => () => {};

/**
 * The address of the Weft server these docs are served by (it serves them at /docs), for
 * code examples: the page's own origin in the browser. Prerendering, and hydration's first
 * render, give the documented default; so does `npm run docs`, whose pages come from Vite's
 * dev server rather than from Weft.
 */
export function useBaseUrl(): string {
  return useSyncExternalStore(unchanging, browserBaseUrl, () => DEFAULT_BASE_URL);
}

function browserBaseUrl(): string {
  return import.meta.env.DEV ? DEFAULT_BASE_URL : window.location.origin;
}

/** The server's address as text: the pages' code has it for DEFAULT_BASE_URL (lib/rehype-base-url.ts). */
export function BaseUrl() {
  return useBaseUrl();
}
