import { sql } from "drizzle-orm";
import type { Database } from "./db/client.ts";
import { createApiKey } from "./modules/api-keys/service.ts";
import { createConnector } from "./modules/connectors/service.ts";
import { createEnvironment, listEnvironments } from "./modules/environments/service.ts";

export type FirstRun = { environmentId: string; apiKeyId: string; secret: string; connectorId: string };

/** Held while one process looks for environments and makes the first: the others wait, then find it. */
const FIRST_RUN_LOCK = 727275;

/**
 * On a database with no environment: a SANDBOX environment, an API key (shown once) and a
 * Connector — made once, however many processes start on the new database together.
 */
export async function bootstrapFirstRun(db: Database): Promise<FirstRun | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_RUN_LOCK})`);
    if ((await listEnvironments(tx)).length > 0) return undefined;
    const environment = await createEnvironment(tx, { name: "Sandbox", mode: "SANDBOX" });
    const { key, secret } = await createApiKey(tx, environment.id, "Default key");
    const connector = await createConnector(tx, { environmentId: environment.id, name: "Sandbox Connector" });
    return { environmentId: environment.id, apiKeyId: key.id, secret, connectorId: connector.id };
  });
}
