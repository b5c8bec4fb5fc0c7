import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { connectors, PRODUCTS, type Product } from "../../db/schema/index.ts";
import { notFound } from "../../http/errors.ts";
import { newId } from "../../http/ids.ts";

export type ConnectorRow = typeof connectors.$inferSelect;

export type ConnectorView = {
  id: string;
  name: string;
  environmentId: string;
  institutionIds: string[] | null;
  providers: string[] | null;
  products: Product[];
  emailSignIn: boolean;
  allowedOrigins: string[] | null;
  privacyPolicyUrl: string | null;
};

export const toConnectorView = (row: ConnectorRow): ConnectorView => ({
  id: row.id,
  name: row.name,
  environmentId: row.environmentId,
  institutionIds: row.institutionIds,
  providers: row.providers,
  products: row.products,
  emailSignIn: row.emailSignIn,
  allowedOrigins: row.allowedOrigins,
  privacyPolicyUrl: row.privacyPolicyUrl,
});

/** What an operator may change on a connector after creating it. */
export type ConnectorSettings = {
  name?: string;
  allowedOrigins?: string[] | null;
  privacyPolicyUrl?: string | null;
};

export async function createConnector(
  db: Database,
  input: ConnectorSettings & {
    environmentId: string;
    name: string;
    institutionIds?: string[] | null;
    providers?: string[] | null;
    products?: Product[];
    emailSignIn?: boolean;
  },
): Promise<ConnectorRow> {
  const [row] = await db
    .insert(connectors)
    .values({
      id: newId("connector"),
      environmentId: input.environmentId,
      name: input.name,
      institutionIds: input.institutionIds ?? null,
      providers: input.providers ?? null,
      products: input.products ?? [...PRODUCTS],
      emailSignIn: input.emailSignIn ?? true,
      allowedOrigins: input.allowedOrigins ?? null,
      privacyPolicyUrl: input.privacyPolicyUrl ?? null,
    })
    .returning();
  return row!;
}

/** Change a connector's settings (those not given stay as they are); undefined if there is no such connector. */
export async function updateConnector(
  db: Database,
  id: string,
  settings: ConnectorSettings,
): Promise<ConnectorRow | undefined> {
  const [row] = await db
    .update(connectors)
    .set({ ...settings, updatedAt: new Date() })
    .where(eq(connectors.id, id))
    .returning();
  return row;
}

export function listConnectors(db: Database): Promise<ConnectorRow[]> {
  return db.select().from(connectors).orderBy(asc(connectors.createdAt), asc(connectors.id));
}

/** Connector ids are public (they are in the connector's URL); the environment comes from the row. */
export async function findConnector(db: Database, id: string): Promise<ConnectorRow> {
  const [row] = await db.select().from(connectors).where(eq(connectors.id, id));
  if (!row) throw notFound("Connector", id);
  return row;
}

/**
 * Where a connector that lists no origins may be framed: Weft's own pages (the docs' demo) and
 * the developer's own machine — never any other site, which could sign it in as its own user and
 * have a visitor link their bank there. The Connector's `mayEmbed` says the same of its host.
 */
const UNLISTED_FRAME_ANCESTORS =
  "'self' http://localhost:* http://127.0.0.1:* https://localhost:* https://127.0.0.1:*";

/**
 * The pages that may frame this connector, as a CSP frame-ancestors value: Weft's own and its
 * allowed origins, or with none listed UNLISTED_FRAME_ANCESTORS; undefined for an unknown connector.
 */
export async function frameAncestorsOf(db: Database, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ allowedOrigins: connectors.allowedOrigins })
    .from(connectors)
    .where(eq(connectors.id, id));
  if (!row) return undefined;
  return row.allowedOrigins ? ["'self'", ...row.allowedOrigins].join(" ") : UNLISTED_FRAME_ANCESTORS;
}
