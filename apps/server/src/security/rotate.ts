import { eq, isNotNull } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../db/client.ts";
import {
  achNumbers,
  connections,
  idempotencyKeys,
  integrations,
  signingKeys,
  webhookSubscriptions,
} from "../db/schema/index.ts";
import { recordSecretKey } from "./secret-key-check.ts";
import { decrypt, encrypt, isSealed, isUnderCurrentKey, type SecretKeys } from "./secrets.ts";

/** Every column that holds a secret encrypted at rest. */
const ENCRYPTED_COLUMNS: { name: string; table: PgTable; column: PgColumn; property: string }[] = [
  {
    name: "ACH account numbers",
    table: achNumbers,
    column: achNumbers.numberEncrypted,
    property: "numberEncrypted",
  },
  {
    name: "provider access tokens",
    table: connections,
    column: connections.accessTokenEncrypted,
    property: "accessTokenEncrypted",
  },
  {
    name: "integration secrets",
    table: integrations,
    column: integrations.secretEncrypted,
    property: "secretEncrypted",
  },
  {
    name: "session signing keys",
    table: signingKeys,
    column: signingKeys.privateJwkEncrypted,
    property: "privateJwkEncrypted",
  },
  {
    name: "webhook signing secrets",
    table: webhookSubscriptions,
    column: webhookSubscriptions.secretEncrypted,
    property: "secretEncrypted",
  },
  {
    name: "previous webhook signing secrets",
    table: webhookSubscriptions,
    column: webhookSubscriptions.previousSecretEncrypted,
    property: "previousSecretEncrypted",
  },
  {
    name: "answers kept for Idempotency-Key replays",
    table: idempotencyKeys,
    column: idempotencyKeys.responseBody,
    property: "responseBody",
  },
];

/**
 * `weft secrets rotate`: re-encrypt every stored secret under the current key (the first of
 * WEFT_SECRET_KEYS), a value at a time — each update swaps exactly the ciphertext it read, so
 * the API keeps serving and writing meanwhile — then record the new key as the deployment's.
 * Safe to run again: what is already under the current key is skipped.
 */
export async function rotateSecrets(db: Database, keys: SecretKeys): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { name, table, column, property } of ENCRYPTED_COLUMNS) {
    counts[name] = 0;
    const rows = (await db.select({ sealed: column }).from(table).where(isNotNull(column))) as {
      sealed: string;
    }[];
    for (const { sealed } of rows) {
      // An idempotent answer kept before answers were sealed is plain JSON: nothing to re-encrypt.
      if (isUnderCurrentKey(keys, sealed) || !isSealed(sealed)) continue;
      await db
        .update(table)
        .set({ [property]: encrypt(keys, decrypt(keys, sealed)) })
        .where(eq(column, sealed));
      counts[name]++;
    }
  }
  await recordSecretKey(db, keys);
  return counts;
}
