import type { CountryCode } from "plaid";
import type { AppContext } from "../../context.ts";
import { callPlaid } from "../../providers/plaid/client.ts";
import { productsOfItem } from "../../providers/plaid/mapping.ts";
import { plaidProviderFor } from "../../providers/registry.ts";
import { ensureProviderInstitution, type InstitutionRow } from "../institutions/service.ts";
import { plaidSettingsFor } from "../integrations/service.ts";

/** Plaid's institutions matching `query`, as catalogue rows; none when the environment has Plaid off. */
export async function searchPlaidInstitutions(
  ctx: AppContext,
  environmentId: string,
  query: string,
  limit: number,
): Promise<InstitutionRow[]> {
  if (!(await plaidSettingsFor(ctx, environmentId))) return [];
  const plaid = await plaidProviderFor(ctx, environmentId);
  const answer = await callPlaid(() =>
    plaid.client.institutionsSearch({
      query,
      country_codes: ["US" as CountryCode],
      options: { include_optional_metadata: true },
    }),
  );
  const rows: InstitutionRow[] = [];
  for (const institution of answer.institutions.slice(0, limit)) {
    rows.push(
      await ensureProviderInstitution(ctx.db, "PLAID", institution.institution_id, async () => ({
        name: institution.name,
        url: institution.url ?? null,
        primaryColor: institution.primary_color ?? null,
        products: productsOfItem(institution.products),
      })),
    );
  }
  return rows;
}
