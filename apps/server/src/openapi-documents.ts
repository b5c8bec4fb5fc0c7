import { randomBytes } from "node:crypto";
import pino from "pino";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { createContext } from "./context.ts";
import { openDatabase } from "./db/client.ts";
import type { OpenApiDocument } from "./http/openapi.ts";
import { API_VERSION } from "./modules/api-keys/service.ts";
import { SecretKeys } from "./security/secrets.ts";

/**
 * Both OpenAPI documents, generated from the route schemas exactly as the server serves them,
 * without listening or migrating. The SDK generator and the docs build read them from here.
 */
export async function generateOpenApiDocuments(
  publicUrl = "http://127.0.0.1:3000",
): Promise<{ auth: OpenApiDocument; platform: OpenApiDocument }> {
  const config = loadConfig({ WEFT_PUBLIC_URL: publicUrl, WEFT_DATA_DIR: "/nonexistent" });
  // Routes are registered against a real (empty, in-memory) database; nothing is queried.
  const database = await openDatabase({ driver: "pglite", dataDir: undefined });
  const logger = pino({ level: "silent" });
  const secretKey = new SecretKeys(randomBytes(32));
  try {
    const { app, openapi } = await buildApp(
      createContext({ db: database.db, config, secretKey, logger, mailer: { send: async () => {} } }),
    );
    const documents = {
      auth: openapi.document("auth", publicUrl, API_VERSION),
      platform: openapi.document("platform", publicUrl, API_VERSION),
    };
    await app.close();
    return documents;
  } finally {
    await database.close();
  }
}
