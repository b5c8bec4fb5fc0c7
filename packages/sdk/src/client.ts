import createClient, { type Client } from "openapi-fetch";
import type { paths as AuthPaths } from "./generated/auth.ts";
import type { paths as PlatformPaths } from "./generated/platform.ts";

export type { AuthPaths, PlatformPaths };

export type WeftClientOptions = {
  /** Where Weft runs, e.g. http://127.0.0.1:3000. */
  baseUrl: string;
  /** An API key secret (weft_sk_…), for your backend; or a session token for the end-user's client. */
  token: string;
  fetch?: typeof fetch;
};

export type WeftClient = { auth: Client<AuthPaths>; platform: Client<PlatformPaths> };

/**
 * Typed clients for both APIs. Every call returns `{ data, error, response }`: `error` is the
 * RestError (or 422 field map) body when the status is not 2xx.
 *
 *   const weft = createWeftClient({ baseUrl: "http://127.0.0.1:3000", token: process.env.WEFT_KEY });
 *   const { data } = await weft.platform.POST("/v1/profiles", { body: { email: "ada@example.com" } });
 */
export function createWeftClient(options: WeftClientOptions): WeftClient {
  const config = {
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    headers: { authorization: `Bearer ${options.token}` },
    ...(options.fetch && { fetch: options.fetch }),
  };
  return { auth: createClient<AuthPaths>(config), platform: createClient<PlatformPaths>(config) };
}
