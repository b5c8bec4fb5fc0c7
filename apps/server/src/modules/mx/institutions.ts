import type { InstitutionResponse } from "mx-platform-node";
import type { AppContext } from "../../context.ts";
import type { Product } from "../../db/schema/index.ts";
import { callMx } from "../../providers/mx/client.ts";
import { MxProvider } from "../../providers/mx/provider.ts";
import { ensureProviderInstitution, type InstitutionRow } from "../institutions/service.ts";
import type { MxSettings } from "../integrations/service.ts";

/** What an MX institution supports, as Weft's products (aggregation brings balances, transactions and holdings). */
export function productsOfInstitution(institution: InstitutionResponse): Product[] {
  const products: Product[] = [
    "ACCOUNT_BALANCES_AND_TRANSACTIONS",
    "ACCOUNT_BALANCE_REFRESHES",
    "INVESTMENTS",
  ];
  if (institution.supports_account_verification) products.push("ACCOUNT_NUMBERS");
  if (institution.supports_account_identification) products.push("ACCOUNT_OWNERS");
  if (institution.supports_account_statement) products.push("ACCOUNT_STATEMENTS");
  return products;
}

/**
 * An MX institution as the catalogue describes it, keyed by MX's code; null for one the catalogue
 * cannot list (no code, or disabled for this client).
 */
export function institutionOf(institution: InstitutionResponse) {
  if (!institution.code || institution.is_disabled_by_client) return null;
  return {
    code: institution.code,
    // A blank name is no name.
    name: [institution.name, institution.code].find((name) => name?.trim()) ?? "Institution",
    url: institution.url ?? null,
    primaryColor: null,
    products: productsOfInstitution(institution),
  };
}

/** MX's institutions matching `query`, as catalogue rows (each added the first time it is seen). */
export async function searchMxInstitutions(
  ctx: AppContext,
  settings: MxSettings,
  query: string,
  limit: number,
): Promise<InstitutionRow[]> {
  const mx = new MxProvider(settings);
  const answer = await callMx(() => mx.client.institutions.listInstitutions(query, ["US"], 1, limit));
  const rows: InstitutionRow[] = [];
  for (const institution of (answer.institutions ?? []).slice(0, limit)) {
    const described = institutionOf(institution);
    if (!described) continue;
    const { code, ...description } = described;
    rows.push(await ensureProviderInstitution(ctx.db, "MX", code, async () => description));
  }
  return rows;
}
