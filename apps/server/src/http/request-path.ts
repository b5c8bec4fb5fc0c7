/**
 * The path a request names, whatever form its target took: an absolute-form target
 * (`GET http://elsewhere.example/v1/profiles HTTP/1.1`, as sent to a proxy) names a host, which
 * is not this server's and must not reach a link or a key built from the path.
 */
export function requestPath(url: string): string {
  if (url.startsWith("/")) return url.split("?")[0]!;
  return new URL(url, "http://target.invalid").pathname;
}
