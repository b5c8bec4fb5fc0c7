import type { Database } from "./db/client.ts";
import { createApiKey } from "./modules/api-keys/service.ts";
import { createEnvironment, listEnvironments } from "./modules/environments/service.ts";

export type FirstRun = { environmentId: string; apiKeyId: string; secret: string };

/** On a database with no environment: a SANDBOX environment and an API key, shown once. */
export async function bootstrapFirstRun(db: Database): Promise<FirstRun | undefined> {
  return db.transaction(async (tx) => {
    if ((await listEnvironments(tx)).length > 0) return undefined;
    const environment = await createEnvironment(tx, { name: "Sandbox", mode: "SANDBOX" });
    const { key, secret } = await createApiKey(tx, environment.id, "Default key");
    return { environmentId: environment.id, apiKeyId: key.id, secret };
  });
}
