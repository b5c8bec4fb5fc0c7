/**
 * Files Weft serves from its own origin (logos, statements) are never read as a page: no type
 * sniffing, and an SVG may carry no script, load nothing and be framed by no one.
 */
export const NO_SNIFF = { "x-content-type-options": "nosniff" } as const;

export const SVG_HEADERS = {
  "content-type": "image/svg+xml",
  ...NO_SNIFF,
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
} as const;
