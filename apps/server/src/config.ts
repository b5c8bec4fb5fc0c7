import { isIP } from "node:net";
import path from "node:path";

/** Every environment variable Weft reads, parsed and typed in one place. */
export type Config = {
  port: number;
  host: string;
  /** postgres://… for a PostgreSQL server; undefined for the embedded PGlite database. */
  databaseUrl: string | undefined;
  /** A read replica of DATABASE_URL (WEFT_DATABASE_READ_URL) that serves the API's data reads. */
  databaseReadUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  /**
   * 32-byte keys (hex or base64) for encryption at rest, the first encrypting (WEFT_SECRET_KEYS,
   * or WEFT_SECRET_KEY alone); generated into dataDir when unset.
   */
  secretKeys: string[] | undefined;
  logLevel: string;
  webhookAllowPrivateTargets: boolean;
  /** Webhook attempts a worker runs at once (WEFT_WEBHOOK_CONCURRENCY), apart from other jobs. */
  webhookConcurrency: number;
  /** Profiles a SANDBOX environment may hold. */
  sandboxProfileLimit: number;
  /** Requests a second per API key and per session (0: no limit), unless an environment sets its own. */
  rateLimits: RateLimits;
  /**
   * WEFT_TRUST_PROXY: the load balancers (addresses, CIDR ranges, or loopback / linklocal /
   * uniquelocal) whose X-Forwarded-For names the client; empty: the connection's own address.
   */
  trustProxy: string[];
  /** Days finished jobs and settled webhook deliveries are kept: succeeded ones, and failed ones. */
  jobRetention: { succeededDays: number; failedDays: number };
  /** Bytes of transaction pages each process keeps (WEFT_PAGE_CACHE_MB; 0: none). */
  pageCacheBytes: number;
  /** Days audit events are kept. */
  auditRetentionDays: number;
  /** Build the Connector and the docs site after starting, when their builds are stale. */
  buildOnStart: boolean;
  /** For crash tests only (WEFT_CRASH_AT): the crash point at which the process kills itself. */
  crashAt: string | undefined;
  /** Run job workers inside the server process. */
  inProcessWorkers: boolean;
  /** smtp://user:pass@host:port for sign-in passcodes; unset logs them for the operator instead. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Server-wide provider keys (WEFT_PLAID_*, WEFT_MX_*): a provider with keys here is on for every
   * environment without a setting of its own.
   */
  providerDefaults: Partial<Record<KeyedProvider, ProviderDefaults>>;
  /** The Plaid Link script the Connector loads (a local stand-in in tests). */
  plaidLinkScriptUrl: string;
};

/** Requests a second per API key (and per processor token) and per session; sign-in attempts a minute per address. */
export type RateLimits = { apiKey: number; session: number; signInPerIpPerMinute: number };

/**
 * The providers an operator turns on with keys of their own, and how each names them: the
 * provider's environments and their hosts, the environment variables (WEFT_<PREFIX>_CLIENT_ID,
 * WEFT_<PREFIX>_<secretVar>, WEFT_<PREFIX>_ENV, WEFT_<PREFIX>_BASE_URL) and the CLI flags.
 */
export const PROVIDER_KEYS = {
  PLAID: {
    prefix: "PLAID",
    hosts: { sandbox: "https://sandbox.plaid.com", production: "https://production.plaid.com" },
    defaultEnv: "sandbox",
    /** The client id's and the secret's names in Plaid's words: WEFT_PLAID_CLIENT_ID, --client-id; WEFT_PLAID_SECRET, --secret. */
    clientIdName: "client-id",
    secretName: "secret",
    /** The key under which an environment's own setting stores the provider environment. */
    settingsKey: "plaidEnv",
    /** The CLI flag choosing the provider environment. */
    envFlag: "plaid-env",
  },
  MX: {
    prefix: "MX",
    hosts: { int: "https://int-api.mx.com", prod: "https://api.mx.com" },
    defaultEnv: "int",
    /** MX calls its secret the API key: WEFT_MX_API_KEY, --api-key. */
    clientIdName: "client-id",
    secretName: "api-key",
    settingsKey: "mxEnv",
    envFlag: "mx-env",
  },
  FINICITY: {
    prefix: "FINICITY",
    // One host: Finicity's environments differ by the customers made (testing or active).
    hosts: { testing: "https://api.finicity.com", production: "https://api.finicity.com" },
    defaultEnv: "testing",
    /** The partner id and secret: WEFT_FINICITY_PARTNER_ID, --partner-id; WEFT_FINICITY_SECRET, --secret. */
    clientIdName: "partner-id",
    secretName: "secret",
    settingsKey: "finicityEnv",
    envFlag: "finicity-env",
    /** Finicity also needs the app key: WEFT_FINICITY_APP_KEY, --app-key. */
    appKey: true,
  },
  AKOYA: {
    prefix: "AKOYA",
    // The products hosts; each has its identity service beside it (sandbox-idp…, idp…).
    hosts: {
      sandbox: "https://sandbox-products.ddp.akoya.com",
      production: "https://products.ddp.akoya.com",
    },
    defaultEnv: "sandbox",
    /** The OAuth client: WEFT_AKOYA_CLIENT_ID, --client-id; WEFT_AKOYA_SECRET, --secret. */
    clientIdName: "client-id",
    secretName: "secret",
    settingsKey: "akoyaEnv",
    envFlag: "akoya-env",
  },
} as const satisfies Record<
  string,
  {
    prefix: string;
    hosts: Record<string, string>;
    defaultEnv: string;
    clientIdName: "client-id" | "partner-id";
    secretName: "secret" | "api-key";
    settingsKey: string;
    envFlag: "plaid-env" | "mx-env" | "finicity-env" | "akoya-env";
    appKey?: true;
  }
>;
export type KeyedProvider = keyof typeof PROVIDER_KEYS;

export type ProviderDefaults = {
  clientId: string;
  secret: string;
  /** The provider's own environment (Plaid sandbox or production; MX int or prod). */
  providerEnv: string;
  /** Overrides the host picked by providerEnv: a local server speaking the provider's API (tests, development). */
  baseUrl: string | undefined;
  /** Finicity's app key (WEFT_FINICITY_APP_KEY). */
  appKey?: string | undefined;
};

/** A provider's environment variable for a key named like its CLI flag: "api-key" -> WEFT_MX_API_KEY. */
/** A CLI flag's value as the help and the messages name it: "client-id" is CLIENT_ID. */
export const flagValueName = (flag: string) => flag.replace("-", "_").toUpperCase();

export const keyVariable = (provider: KeyedProvider, flag: string) =>
  `WEFT_${PROVIDER_KEYS[provider].prefix}_${flagValueName(flag)}`;

/** The environment variable holding a provider's secret, e.g. WEFT_PLAID_SECRET, WEFT_MX_API_KEY. */
export const secretVariable = (provider: KeyedProvider) =>
  keyVariable(provider, PROVIDER_KEYS[provider].secretName);

/** The environment variable holding a provider's client id, e.g. WEFT_MX_CLIENT_ID, WEFT_FINICITY_PARTNER_ID. */
export const clientIdVariable = (provider: KeyedProvider) =>
  keyVariable(provider, PROVIDER_KEYS[provider].clientIdName);

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {}

function parseInteger(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function parseBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (raw === "true" || raw === "1") return true;
  if (raw === "false" || raw === "0") return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

const PROXY_PRESETS = ["loopback", "linklocal", "uniquelocal"];

function parseTrustProxy(env: Env): string[] {
  const entries = (env.WEFT_TRUST_PROXY ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split("/");
    const family = isIP(address ?? "");
    const validBits =
      bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!PROXY_PRESETS.includes(entry) && (family === 0 || !validBits || extra !== undefined)) {
      throw new ConfigError(
        `WEFT_TRUST_PROXY lists the load balancers whose X-Forwarded-For to trust: addresses, CIDR ranges or ${PROXY_PRESETS.join(", ")}, comma-separated; got "${entry}"`,
      );
    }
  }
  return entries;
}

function parsePostgresUrl(env: Env, name: string): string | undefined {
  const raw = env[name] || undefined;
  if (raw && !/^postgres(ql)?:\/\//.test(raw)) {
    throw new ConfigError(`${name} must start with postgres:// or postgresql://`);
  }
  return raw;
}

/** Plaid's own Link script. */
export const PLAID_LINK_SCRIPT_URL = "https://cdn.plaid.com/link/v2/stable/link-initialize.js";

function parseUrl(env: Env, name: string, fallback: string): string {
  const raw = env[name];
  if (!raw) return fallback;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {}
  if (!url || !/^https?:$/.test(url.protocol) || !/^https?:\/\/[^/]/.test(raw))
    throw new ConfigError(
      `${name} must be an absolute http(s) URL, such as https://weft.example.com; got "${raw}"`,
    );
  return raw;
}

function parseProviderDefaults(env: Env, provider: KeyedProvider): ProviderDefaults | undefined {
  const spec = PROVIDER_KEYS[provider];
  const name = (suffix: string) => `WEFT_${spec.prefix}_${suffix}`;
  const envs = Object.keys(spec.hosts);
  const providerEnv = env[name("ENV")] || spec.defaultEnv;
  if (!envs.includes(providerEnv)) {
    throw new ConfigError(`${name("ENV")} must be one of ${envs.join(", ")}, got "${providerEnv}"`);
  }
  const baseUrl = env[name("BASE_URL")] ? parseUrl(env, name("BASE_URL"), "") : undefined;
  const clientId = env[clientIdVariable(provider)] || undefined;
  const secret = env[secretVariable(provider)] || undefined;
  if (!clientId !== !secret) {
    throw new ConfigError(
      `Set both ${clientIdVariable(provider)} and ${secretVariable(provider)} to enable ${provider}, or neither`,
    );
  }
  if (!clientId || !secret) return undefined;
  const appKey = "appKey" in spec ? env[keyVariable(provider, "app-key")] || undefined : undefined;
  if ("appKey" in spec && !appKey) {
    throw new ConfigError(
      `Set ${keyVariable(provider, "app-key")} too: ${provider} needs its app key with ${clientIdVariable(provider)} and ${secretVariable(provider)}`,
    );
  }
  return { clientId, secret, providerEnv, baseUrl: baseUrl?.replace(/\/+$/, ""), ...(appKey && { appKey }) };
}

/** WEFT_JOB_RETENTION="7,30": days to keep succeeded, then failed, jobs and deliveries. */
function parseJobRetention(env: Env): { succeededDays: number; failedDays: number } {
  const raw = env.WEFT_JOB_RETENTION;
  if (!raw) return { succeededDays: 7, failedDays: 30 };
  const match = /^\s*(\d{1,5})\s*(?:,\s*(\d{1,5})\s*)?$/.exec(raw);
  if (!match || Number(match[1]) < 1 || (match[2] !== undefined && Number(match[2]) < 1)) {
    throw new ConfigError(
      `WEFT_JOB_RETENTION must be days to keep succeeded jobs, then failed ones, such as 7,30 (got "${raw}")`,
    );
  }
  const succeededDays = Number(match[1]);
  return {
    succeededDays,
    failedDays: match[2] === undefined ? Math.max(30, succeededDays) : Number(match[2]),
  };
}

export function loadConfig(env: Env = process.env): Config {
  const port = parseInteger(env, "PORT", 3000, 0, 65535);
  const host = env.HOST || "127.0.0.1";
  const databaseUrl = parsePostgresUrl(env, "DATABASE_URL");
  const databaseReadUrl = parsePostgresUrl(env, "WEFT_DATABASE_READ_URL");
  if (databaseReadUrl && !databaseUrl) {
    throw new ConfigError(
      "WEFT_DATABASE_READ_URL names a read replica of DATABASE_URL: set DATABASE_URL to the primary too",
    );
  }
  const publicHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  return {
    port,
    host,
    databaseUrl,
    databaseReadUrl,
    dataDir: path.resolve(env.WEFT_DATA_DIR || ".weft"),
    publicUrl: parseUrl(env, "WEFT_PUBLIC_URL", `http://${publicHost}:${port}`).replace(/\/+$/, ""),
    secretKeys: env.WEFT_SECRET_KEYS
      ? env.WEFT_SECRET_KEYS.split(",")
          .map((key) => key.trim())
          .filter(Boolean)
      : env.WEFT_SECRET_KEY
        ? [env.WEFT_SECRET_KEY]
        : undefined,
    logLevel: env.WEFT_LOG_LEVEL || "info",
    webhookAllowPrivateTargets: parseBoolean(env, "WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS", false),
    webhookConcurrency: parseInteger(env, "WEFT_WEBHOOK_CONCURRENCY", 32, 1, 1_000),
    sandboxProfileLimit: parseInteger(env, "WEFT_SANDBOX_PROFILE_LIMIT", 50, 1, 1_000_000),
    rateLimits: {
      apiKey: parseInteger(env, "WEFT_RATE_LIMIT_API_KEY", 100, 0, 1_000_000),
      session: parseInteger(env, "WEFT_RATE_LIMIT_SESSION", 25, 0, 1_000_000),
      signInPerIpPerMinute: parseInteger(env, "WEFT_RATE_LIMIT_SIGN_IN", 30, 0, 1_000_000),
    },
    trustProxy: parseTrustProxy(env),
    jobRetention: parseJobRetention(env),
    auditRetentionDays: parseInteger(env, "WEFT_AUDIT_RETENTION_DAYS", 365, 1, 36_500),
    pageCacheBytes: parseInteger(env, "WEFT_PAGE_CACHE_MB", 32, 0, 65_536) * 1024 * 1024,
    inProcessWorkers: parseBoolean(env, "WEFT_IN_PROCESS_WORKERS", true),
    buildOnStart: parseBoolean(env, "WEFT_BUILD_ON_START", true),
    crashAt: env.WEFT_CRASH_AT || undefined,
    smtpUrl: env.WEFT_SMTP_URL || undefined,
    mailFrom: env.WEFT_MAIL_FROM || "Weft <no-reply@weft.localhost>",
    providerDefaults: Object.fromEntries(
      (Object.keys(PROVIDER_KEYS) as KeyedProvider[]).flatMap((provider) => {
        const defaults = parseProviderDefaults(env, provider);
        return defaults ? [[provider, defaults]] : [];
      }),
    ),
    plaidLinkScriptUrl: parseUrl(env, "WEFT_PLAID_LINK_SCRIPT_URL", PLAID_LINK_SCRIPT_URL),
  };
}
