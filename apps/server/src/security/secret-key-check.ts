import { eq } from "drizzle-orm";
import { ConfigError } from "../config.ts";
import type { Database } from "../db/client.ts";
import { settings } from "../db/schema/index.ts";
import { type SecretKeys, safeEqual, secretKeyCheck } from "./secrets.ts";

const SETTING = "secret_key_check";

/**
 * Every process of a deployment must encrypt with the same key, or it cannot read what the
 * others wrote. The first process records its key's check value; a process whose keys do not
 * include the recorded one is refused at start, with what to do. `weft secrets rotate` records
 * the new key once everything is re-encrypted under it.
 */
export async function assertSameSecretKey(db: Database, keys: SecretKeys): Promise<void> {
  await db
    .insert(settings)
    .values({ key: SETTING, value: secretKeyCheck(keys.current) })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, SETTING));
  if (row && keys.all.some((key) => safeEqual(row.value, secretKeyCheck(key)))) return;
  throw new ConfigError(
    "This database was set up with a different encryption key than this process has. " +
      "Every process sharing a database needs the same key: set WEFT_SECRET_KEY to the one the " +
      "first process used (with the embedded default, it is the secret.key file in that process's " +
      "WEFT_DATA_DIR), or list it after a new one in WEFT_SECRET_KEYS while rotating.",
  );
}

/** Record the current key as the deployment's, once nothing needs an older one. */
export async function recordSecretKey(db: Database, keys: SecretKeys): Promise<void> {
  await db
    .insert(settings)
    .values({ key: SETTING, value: secretKeyCheck(keys.current) })
    .onConflictDoUpdate({ target: settings.key, set: { value: secretKeyCheck(keys.current) } });
}
