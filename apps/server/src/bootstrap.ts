import type { Database } from "./db/client.ts";
import { createApiKey } from "./modules/api-keys/service.ts";
import { createConnector } from "./modules/connectors/service.ts";
import { createEnvironment, listEnvironments } from "./modules/environments/service.ts";

export type FirstRun = { environmentId: string; apiKeyId: string; secret: string; connectorId: string };

/** On a database with no environment: a SANDBOX environment, an API key (shown once) and a Connector. */
export async function bootstrapFirstRun(db: Database): Promise<FirstRun | undefined> {
  return db.transaction(async (tx) => {
    if ((await listEnvironments(tx)).length > 0) return undefined;
    const environment = await createEnvironment(tx, { name: "Sandbox", mode: "SANDBOX" });
    const { key, secret } = await createApiKey(tx, environment.id, "Default key");
    const connector = await createConnector(tx, { environmentId: environment.id, name: "Sandbox Connector" });
    return { environmentId: environment.id, apiKeyId: key.id, secret, connectorId: connector.id };
  });
}
