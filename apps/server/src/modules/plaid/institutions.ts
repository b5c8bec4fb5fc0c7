import type { CountryCode } from "plaid";
import type { AppContext } from "../../context.ts";
import { callPlaid } from "../../providers/plaid/client.ts";
import { institutionOf } from "../../providers/plaid/mapping.ts";
import { PlaidProvider } from "../../providers/plaid/provider.ts";
import { ensureProviderInstitution, type InstitutionRow } from "../institutions/service.ts";
import type { PlaidSettings } from "../integrations/service.ts";

/** Plaid's institutions matching `query`, as catalogue rows. */
export async function searchPlaidInstitutions(
  ctx: AppContext,
  settings: PlaidSettings,
  query: string,
  limit: number,
): Promise<InstitutionRow[]> {
  const plaid = new PlaidProvider(settings);
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
      await ensureProviderInstitution(ctx.db, "PLAID", institution.institution_id, async () =>
        institutionOf(institution),
      ),
    );
  }
  return rows;
}
