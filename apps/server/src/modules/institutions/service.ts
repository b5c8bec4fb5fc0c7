import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  type ConnectionProvider,
  connections,
  type EnvironmentMode,
  institutionLogos,
  institutionRoutingNumbers,
  institutions,
  type Product,
} from "../../db/schema/index.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import { newId } from "../../http/ids.ts";
import { isValidRoutingNumber } from "../../providers/identifiers.ts";
import { isSandboxMode } from "../environments/service.ts";
import type { InstitutionSummaryView, InstitutionView } from "./schemas.ts";

export type InstitutionRow = typeof institutions.$inferSelect;

export const logoUrlOf = (publicUrl: string, institutionId: string) =>
  `${publicUrl}/v1/institutions/${institutionId}/logo.svg`;

export const toInstitutionSummary = (row: InstitutionRow, publicUrl: string): InstitutionSummaryView => ({
  id: row.id,
  name: row.name,
  logoUrl: logoUrlOf(publicUrl, row.id),
});

export const toInstitutionView = (
  row: InstitutionRow,
  routingNumbers: string[],
  publicUrl: string,
): InstitutionView => ({
  ...toInstitutionSummary(row, publicUrl),
  url: row.url,
  routingNumbers,
  products: row.products,
});

/**
 * Sandbox institutions (reached through the MOCK provider) exist for TEST and SANDBOX
 * environments only; PRODUCTION sees the institutions real providers reach. TEST and SANDBOX
 * also see Plaid's, MX's, Finicity's and Akoya's (their sandboxes — Plaid's sandbox, MX's
 * integration environment, Finicity's testing customers, Akoya's sandbox — are sandboxes too).
 */
function visibleIn(mode: EnvironmentMode) {
  return !isSandboxMode(mode)
    ? sql`exists (select 1 from jsonb_object_keys(${institutions.providerIds}) k where k <> 'MOCK')`
    : sql`${institutions.providerIds} ?| array['MOCK', 'PLAID', 'MX', 'FINICITY', 'AKOYA']`;
}

async function routingNumbersOf(db: Database, ids: string[]): Promise<Map<string, string[]>> {
  const byInstitution = new Map<string, string[]>();
  if (ids.length === 0) return byInstitution;
  const rows = await db
    .select()
    .from(institutionRoutingNumbers)
    .where(inArray(institutionRoutingNumbers.institutionId, ids))
    .orderBy(institutionRoutingNumbers.routingNumber);
  for (const r of rows)
    byInstitution.set(r.institutionId, [...(byInstitution.get(r.institutionId) ?? []), r.routingNumber]);
  return byInstitution;
}

/** An institution the environment may connect to, or 404. */
export async function findInstitution(
  db: Database,
  mode: EnvironmentMode,
  id: string,
): Promise<InstitutionRow> {
  const [row] = await db
    .select()
    .from(institutions)
    .where(and(eq(institutions.id, id), visibleIn(mode)));
  if (!row) throw notFound("Institution", id);
  return row;
}

/** The institutions a provider knows by this id of its own (Plaid's ins_…), visible in the mode. */
export function findByProviderId(db: Database, mode: EnvironmentMode, provider: string, providerId: string) {
  return db
    .select()
    .from(institutions)
    .where(and(sql`${institutions.providerIds}->>${provider} = ${providerId}`, visibleIn(mode)));
}

export async function getInstitutionView(db: Database, mode: EnvironmentMode, id: string, publicUrl: string) {
  const row = await findInstitution(db, mode, id);
  return toInstitutionView(row, (await routingNumbersOf(db, [row.id])).get(row.id) ?? [], publicUrl);
}

/** Institutions that use a routing number; 400 unless it is a valid 9-digit ABA number. */
export async function searchByRoutingNumber(
  db: Database,
  mode: EnvironmentMode,
  routingNumber: string,
  publicUrl: string,
): Promise<InstitutionView[]> {
  if (!isValidRoutingNumber(routingNumber)) {
    throw badRequest(
      `${routingNumber} is not a valid routing number`,
      "Send routingNumber: 9 digits whose ABA checksum holds, e.g. ?routingNumber=110000615.",
    );
  }
  const rows = await db
    .select({ institution: institutions })
    .from(institutionRoutingNumbers)
    .innerJoin(institutions, eq(institutions.id, institutionRoutingNumbers.institutionId))
    .where(and(eq(institutionRoutingNumbers.routingNumber, routingNumber), visibleIn(mode)))
    .orderBy(institutions.name);
  const numbers = await routingNumbersOf(
    db,
    rows.map((r) => r.institution.id),
  );
  return rows.map((r) => toInstitutionView(r.institution, numbers.get(r.institution.id) ?? [], publicUrl));
}

/** What an institution's logo is drawn from, whatever the environment (logos are public). */
export async function findInstitutionLogo(db: Database, id: string) {
  const [row] = await db
    .select({ name: institutions.name, primaryColor: institutions.primaryColor, png: institutionLogos.png })
    .from(institutions)
    .leftJoin(institutionLogos, eq(institutionLogos.institutionId, institutions.id))
    .where(eq(institutions.id, id));
  return row;
}

/** Institutions visible in the mode, optionally only among `ids`. */
function choosable(mode: EnvironmentMode, ids: string[] | null | undefined) {
  return ids ? and(visibleIn(mode), inArray(institutions.id, ids.length > 0 ? ids : [""])) : visibleIn(mode);
}

/** Institutions whose name contains `query` (at least 2 characters), optionally only among `ids`. */
export async function searchByName(
  db: Database,
  mode: EnvironmentMode,
  query: string,
  options: { ids?: string[] | null; limit: number },
): Promise<InstitutionRow[]> {
  const pattern = `%${query.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select()
    .from(institutions)
    .where(and(choosable(mode, options.ids), sql`${institutions.name} ilike ${pattern}`))
    .orderBy(institutions.name)
    .limit(options.limit);
}

/**
 * The institutions an environment's profiles link most (then the rest by name), optionally only
 * among `ids`: what the Connector offers before the end-user types. The count reads the
 * connections index on (environment_id, institution_id) alone.
 */
export async function popularInstitutions(
  db: Database,
  mode: EnvironmentMode,
  environmentId: string,
  options: { ids?: string[] | null; limit: number },
): Promise<InstitutionRow[]> {
  const linked = db
    .select({ institutionId: connections.institutionId, count: sql<number>`count(*)`.as("count") })
    .from(connections)
    .where(and(eq(connections.environmentId, environmentId), isNotNull(connections.institutionId)))
    .groupBy(connections.institutionId)
    .as("linked");
  const rows = await db
    .select({ institution: institutions })
    .from(institutions)
    .leftJoin(linked, eq(linked.institutionId, institutions.id))
    .where(choosable(mode, options.ids))
    .orderBy(sql`coalesce(${linked.count}, 0) desc`, institutions.name, institutions.id)
    .limit(options.limit);
  return rows.map((r) => r.institution);
}

/** A logo this size is plenty for a 64-pixel square; a bigger one is not served. */
const MAX_LOGO_BYTES = 100_000;

/** Whether a provider's logo is base64 of a PNG (by its signature) of at most MAX_LOGO_BYTES. */
export function isSmallPng(base64: string | null | undefined): base64 is string {
  if (!base64 || base64.length > (MAX_LOGO_BYTES * 4) / 3 + 4 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64))
    return false;
  return Buffer.from(base64.slice(0, 12), "base64").subarray(0, 8).equals(PNG_SIGNATURE);
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The catalogue's row for a provider's institution, created the first time a connection names
 * it (a Plaid import, say) from what the provider tells of it.
 */
export async function ensureProviderInstitution(
  db: Database,
  provider: ConnectionProvider,
  externalId: string,
  describe: () => Promise<{
    name: string;
    url: string | null;
    primaryColor: string | null;
    /** The provider's logo, a base64 PNG; kept only if it is one, and small. */
    logo?: string | null | undefined;
    products: Product[];
  }>,
): Promise<InstitutionRow> {
  const known = sql`${institutions.providerIds} ->> ${provider} = ${externalId}`;
  const [existing] = await db.select().from(institutions).where(known).limit(1);
  if (existing) return existing;
  const description = await describe();
  const [row] = await db
    .insert(institutions)
    .values({
      id: newId("institution"),
      name: description.name,
      url: description.url,
      primaryColor: /^#[0-9a-f]{6}$/i.test(description.primaryColor ?? "")
        ? description.primaryColor!
        : "#4b5563",
      providerIds: { [provider]: externalId },
      products: description.products,
    })
    .returning();
  if (isSmallPng(description.logo))
    await db.insert(institutionLogos).values({ institutionId: row!.id, png: description.logo });
  return row!;
}
