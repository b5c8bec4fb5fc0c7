import type { AppContext } from "../../context.ts";
import type { Product } from "../../db/schema/index.ts";
import type { FinicityInstitution } from "../../providers/finicity/client.ts";
import { FinicityProvider } from "../../providers/finicity/provider.ts";
import { finicitySettingsOf } from "../../providers/registry.ts";
import { firstFilled } from "../../providers/values.ts";
import { ensureProviderInstitution, type InstitutionRow } from "../institutions/service.ts";
import type { ProviderSettings } from "../integrations/service.ts";

/** What a Finicity institution supports, as Weft's products, from its certifications. */
export function productsOfInstitution(
  institution: Pick<FinicityInstitution, "transAgg" | "ach" | "stateAgg">,
): Product[] {
  const products: Product[] = [
    "ACCOUNT_BALANCES_AND_TRANSACTIONS",
    "ACCOUNT_BALANCE_REFRESHES",
    "INVESTMENTS",
  ];
  if (institution.ach) products.push("ACCOUNT_NUMBERS");
  if (institution.stateAgg) products.push("ACCOUNT_STATEMENTS");
  return products;
}

/** The catalogue row of a Finicity institution, made the first time it is seen. */
export function ensureFinicityInstitution(ctx: AppContext, institution: FinicityInstitution) {
  return ensureProviderInstitution(ctx.db, "FINICITY", String(institution.id), async () => ({
    name: firstFilled(institution.name) ?? `Finicity institution ${institution.id}`,
    url: institution.urlHomeApp ?? null,
    primaryColor: null,
    products: productsOfInstitution(institution),
  }));
}

/** Finicity's institutions matching `query`, as catalogue rows. */
export async function searchFinicityInstitutions(
  ctx: AppContext,
  settings: ProviderSettings,
  query: string,
  limit: number,
): Promise<InstitutionRow[]> {
  const finicity = new FinicityProvider(finicitySettingsOf(settings));
  const answer = await finicity.client.institutions(query, limit);
  const rows: InstitutionRow[] = [];
  for (const institution of answer.institutions.slice(0, limit))
    rows.push(await ensureFinicityInstitution(ctx, institution));
  return rows;
}
