import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { isLoopbackAddress, isPublicAddress } from "./address-guard.ts";

export type ResolvedAddress = { address: string; family: number };

export type TransportOptions = {
  /** Deliver to private, loopback and link-local addresses (WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS). */
  allowPrivateTargets: boolean;
  /** The whole attempt (DNS, connect, TLS, request, response) must finish within this. */
  timeoutMs: number;
  /**
   * Certificate authorities to trust instead of the default set (tests pass a throwaway CA).
   * Unset in production: the system store plus NODE_EXTRA_CA_CERTS. Verification is always on.
   */
  ca?: string | Buffer | (string | Buffer)[];
  /** Resolves a hostname to every address it has; defaults to the system resolver. */
  lookup?: (hostname: string) => Promise<ResolvedAddress[]>;
};

export type SendOutcome =
  /** The target answered; only a 2xx is a success. */
  | {
      kind: "response";
      status: number;
      latencyMs: number;
      /** From a Retry-After header (seconds or an HTTP date), when the answer had one. */
      retryAfterMs: number | null;
      location: string | null;
      bodyExcerpt: string;
    }
  /** No answer: refused by the guard, DNS, connection, TLS or the deadline. */
  | { kind: "error"; error: string; latencyMs: number | null };

const BODY_EXCERPT_BYTES = 512;
const CONNECT_ERRORS = new Set(["ECONNREFUSED", "EHOSTUNREACH", "ENETUNREACH", "EADDRNOTAVAIL"]);

/**
 * At most this many attempts are open to one target (pinned address, port and name) at once; the
 * rest wait for a socket within their own deadline, so one slow receiver cannot take every slot
 * of the worker's webhook lane (WEFT_WEBHOOK_CONCURRENCY) from the others for long.
 */
export const MAX_CONNECTIONS_PER_TARGET = 8;

/**
 * Keep-alive pool: sockets are keyed by the pinned IP, port and servername (and CA), so a pooled
 * socket always goes to an address this module has already checked.
 */
const agent = new https.Agent({
  keepAlive: true,
  maxSockets: MAX_CONNECTIONS_PER_TARGET,
  maxFreeSockets: MAX_CONNECTIONS_PER_TARGET,
  scheduling: "lifo",
});
/** Plain HTTP, only ever to this machine (development receivers). */
const localAgent = new http.Agent({ keepAlive: true, maxSockets: MAX_CONNECTIONS_PER_TARGET });

/** localhost (and *.localhost) or a loopback address: a name that never leaves this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") || isLoopbackAddress(host);
}

/** How long the system resolver's answer for a name is reused (each use is checked again). */
const LOOKUP_CACHE_MS = 10_000;
const LOOKUP_CACHE_SIZE = 1_000;
const lookupCache = new Map<string, { addresses: ResolvedAddress[]; until: number }>();

/**
 * The system resolver, its answers reused for a few seconds: getaddrinfo runs on libuv's small
 * thread pool, and a busy worker would otherwise ask it once per attempt. Safe against DNS
 * rebinding: every answer, fresh or reused, is checked before use and the request goes to the
 * checked address.
 */
async function systemLookup(hostname: string): Promise<ResolvedAddress[]> {
  const now = Date.now();
  const cached = lookupCache.get(hostname);
  if (cached && cached.until > now) return cached.addresses;
  const addresses = await dnsLookup(hostname, { all: true, verbatim: true });
  if (lookupCache.size >= LOOKUP_CACHE_SIZE) lookupCache.delete(lookupCache.keys().next().value!);
  lookupCache.set(hostname, { addresses, until: now + LOOKUP_CACHE_MS });
  return addresses;
}

/** A target refused before connecting; `blockedAddress` is the non-public address it resolved to, if that was why. */
export class TargetRefusedError extends Error {
  readonly blockedAddress: string | undefined;
  constructor(message: string, blockedAddress?: string) {
    super(message);
    this.blockedAddress = blockedAddress;
  }
}

function withDeadline<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * Resolve the target's hostname and check every address it has. A name with any non-public
 * address is refused outright, so a mixed DNS answer cannot slip a private address through.
 */
export async function resolveTarget(
  hostname: string,
  options: Pick<TransportOptions, "allowPrivateTargets" | "lookup">,
): Promise<ResolvedAddress[]> {
  const literal = isIP(hostname);
  const addresses = literal
    ? [{ address: hostname, family: literal }]
    : await (options.lookup ?? systemLookup)(hostname);
  if (addresses.length === 0) throw new TargetRefusedError(`${hostname} has no addresses`);
  if (!options.allowPrivateTargets) {
    const blocked = addresses.find((a) => !isPublicAddress(a.address));
    if (blocked) {
      throw new TargetRefusedError(
        `Refused: ${hostname} resolves to ${blocked.address}, which is not a public address ` +
          "(private, loopback and link-local targets are refused unless WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS=true)",
        blocked.address,
      );
    }
  }
  return addresses;
}

export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date names its month ("Tue, 01 Apr 2025 12:05:00 GMT"); bare numbers are not dates.
  if (!/[a-z]{3}/i.test(trimmed)) return null;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function describe(error: unknown, hostname: string): string {
  const e = error as NodeJS.ErrnoException & { name?: string };
  if (e?.name === "TimeoutError" || e?.name === "AbortError") return "Timed out";
  if (e?.code === "ENOTFOUND" || e?.code === "EAI_AGAIN") return `Could not resolve ${hostname} (${e.code})`;
  if (e?.code) return `${e.code}: ${e.message}`;
  return e instanceof Error ? e.message : String(error);
}

/** One request to one pinned address: TLS is checked against the hostname, Host is the hostname. */
function postTo(
  url: URL,
  target: ResolvedAddress,
  body: string,
  headers: Record<string, string>,
  options: TransportOptions,
  signal: AbortSignal,
  startedAt: number,
): Promise<SendOutcome & { kind: "response" }> {
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  const isHttps = url.protocol === "https:";
  return new Promise((resolve, reject) => {
    const request = (isHttps ? https : http).request(
      {
        host: target.address,
        family: target.family,
        port: url.port ? Number(url.port) : isHttps ? 443 : 80,
        path: `${url.pathname}${url.search}`,
        method: "POST",
        // SNI and certificate identity use the hostname we resolved, never the IP we pinned.
        ...(isIP(hostname) ? {} : { servername: hostname }),
        headers: { ...headers, host: url.host, "content-length": String(Buffer.byteLength(body)) },
        ...(isHttps ? { agent, ca: options.ca, rejectUnauthorized: true } : { agent: localAgent }),
        signal,
      },
      (response) => {
        const latencyMs = Math.round(performance.now() - startedAt);
        const chunks: Buffer[] = [];
        let kept = 0;
        const settle = () =>
          resolve({
            kind: "response",
            status: response.statusCode ?? 0,
            latencyMs,
            retryAfterMs: parseRetryAfter(response.headers["retry-after"]),
            location: response.headers.location ?? null,
            bodyExcerpt: Buffer.concat(chunks).toString("utf8").slice(0, BODY_EXCERPT_BYTES),
          });
        response.on("data", (chunk: Buffer) => {
          if (kept < BODY_EXCERPT_BYTES) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        response.on("end", settle);
        // The status line arrived in time; a body cut short by the deadline does not change it.
        response.on("error", settle);
        response.on("aborted", settle);
        response.on("close", settle);
      },
    );
    request.on("error", (error) => reject(Object.assign(error, { reusedSocket: request.reusedSocket })));
    request.end(body);
  });
}

/**
 * POST a signed webhook: resolve and check the target, then connect to the checked address
 * (no second lookup, so DNS rebinding cannot swap in a private address). Redirects are not
 * followed. Never throws: every failure comes back as an outcome.
 */
export async function sendWebhook(
  targetUrl: string,
  body: string,
  headers: Record<string, string>,
  options: TransportOptions,
): Promise<SendOutcome> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const startedAt = performance.now();
  let url: URL;
  try {
    url = new URL(targetUrl);
  } catch {
    return { kind: "error", error: "Target URL is not a valid HTTPS URL", latencyMs: null };
  }
  // Plain HTTP only in development (private targets allowed), and only to this machine.
  const isLocalHttp = url.protocol === "http:" && options.allowPrivateTargets && isLoopbackHost(url.hostname);
  if (url.protocol !== "https:" && !isLocalHttp)
    return { kind: "error", error: "Target URL is not HTTPS", latencyMs: null };
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: ResolvedAddress[];
  try {
    addresses = await withDeadline(resolveTarget(hostname, options), signal);
  } catch (error) {
    return { kind: "error", error: describe(error, hostname), latencyMs: null };
  }
  if (isLocalHttp && !addresses.every((a) => isLoopbackAddress(a.address)))
    return {
      kind: "error",
      error: `Refused: ${hostname} is not this machine; plain HTTP goes only to loopback`,
      latencyMs: null,
    };
  let lastError: unknown;
  for (const address of addresses) {
    try {
      return await postTo(url, address, body, headers, options, signal, startedAt);
    } catch (error) {
      lastError = error;
      // A pooled keep-alive socket the server had just closed: the request never got there.
      const { code, reusedSocket } = error as NodeJS.ErrnoException & { reusedSocket?: boolean };
      if (code === "ECONNRESET" && reusedSocket) {
        try {
          return await postTo(url, address, body, headers, options, signal, startedAt);
        } catch (retryError) {
          lastError = retryError;
          break;
        }
      }
      // Only a refused connection moves on to the next address; anything later may have been received.
      if (!CONNECT_ERRORS.has(code ?? "")) break;
    }
  }
  return {
    kind: "error",
    error: describe(lastError, hostname),
    latencyMs: Math.round(performance.now() - startedAt),
  };
}
