import { randomBytes } from "node:crypto";

/** Crockford base32, lowercased: ids sort by creation time and read unambiguously. */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

export const ID_PREFIXES = {
  profile: "p",
  environment: "env",
  apiKey: "api",
  session: "ses",
  connection: "conn",
  account: "acct",
  balance: "bal",
  transaction: "txn",
  holding: "hld",
  security: "sec",
  statement: "stmt",
  event: "evt",
  webhook: "wh",
  delivery: "dlv",
  institution: "inst",
  job: "job",
  signingKey: "key",
  processorToken: "ptok",
  processorSecret: "psec",
  connector: "ctr",
  passcode: "pc",
  remoteDocument: "doc",
  idempotencyKey: "idem",
  auditEvent: "aud",
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

/**
 * Random bytes for ids, drawn 4 kB at a time (as randomUUID does): one system call per 256 ids,
 * not one per id. Each byte is used once.
 */
let pool = Buffer.alloc(0);
let poolNext = 0;
function pooledRandomBytes(size: number): Buffer {
  if (poolNext + size > pool.length) {
    pool = randomBytes(4096);
    poolNext = 0;
  }
  poolNext += size;
  return pool.subarray(poolNext - size, poolNext);
}

/** A ULID-shaped 26-character suffix: 10 characters of milliseconds, 16 of randomness. */
function timeSortableSuffix(now: number): string {
  let time = now;
  let head = "";
  for (let i = 0; i < 10; i++) {
    head = ALPHABET[time % 32] + head;
    time = Math.floor(time / 32);
  }
  const random = pooledRandomBytes(16);
  let tail = "";
  for (let i = 0; i < 16; i++) tail += ALPHABET[random[i]! % 32];
  return head + tail;
}

export function newId(kind: IdKind, now = Date.now()): string {
  return `${ID_PREFIXES[kind]}_${timeSortableSuffix(now)}`;
}

const ID_PATTERNS = Object.fromEntries(
  Object.entries(ID_PREFIXES).map(([kind, prefix]) => [
    kind,
    new RegExp(`^${prefix}_[0-9a-hjkmnp-tv-z]{26}$`),
  ]),
) as Record<IdKind, RegExp>;

export function isIdOf(kind: IdKind, value: string): boolean {
  return ID_PATTERNS[kind].test(value);
}
