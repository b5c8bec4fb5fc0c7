import { eq } from "drizzle-orm";
import { ConfigError } from "../config.ts";
import type { Database } from "../db/client.ts";
import { settings } from "../db/schema/index.ts";
import { safeEqual, secretKeyCheck } from "./secrets.ts";

const SETTING = "secret_key_check";

/**
 * Every process of a deployment must encrypt with the same key, or it cannot read what the
 * others wrote. The first process records the key's check value; a process with another key is
 * refused at start, with what to do.
 */
export async function assertSameSecretKey(db: Database, key: Buffer): Promise<void> {
  const check = secretKeyCheck(key);
  await db.insert(settings).values({ key: SETTING, value: check }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, SETTING));
  if (row && safeEqual(row.value, check)) return;
  throw new ConfigError(
    "This database was set up with a different encryption key than this process has. " +
      "Every process sharing a database needs the same key: set WEFT_SECRET_KEY to the one the " +
      "first process used (with the embedded default, it is the secret.key file in that process's WEFT_DATA_DIR).",
  );
}
