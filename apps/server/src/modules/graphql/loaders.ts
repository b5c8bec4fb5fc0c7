import DataLoader from "dataloader";
import { and, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import { accounts, achNumbers, connections } from "../../db/schema/index.ts";
import type { AccountView } from "../accounts/schemas.ts";
import { toAccountView } from "../accounts/views.ts";
import { latestBalances } from "../connections/apply-snapshot.ts";
import type { ConnectionView } from "../connections/schemas.ts";
import { toConnectionViews } from "../connections/service.ts";

/**
 * Per-request batch loaders, scoped to one environment and profile: a page of 100 transactions
 * asking for their accounts costs one query for the accounts (and one for their balances), not
 * one each. Anything outside the scope loads as null.
 */
export type Loaders = {
  account: DataLoader<string, AccountView | null>;
  connection: DataLoader<string, ConnectionView | null>;
  /** Whether an account's ACH numbers are known (the filter `verified` reads the same). */
  verified: DataLoader<string, boolean>;
};

export function createLoaders(app: AppContext, environmentId: string, profileId: string | null): Loaders {
  const inScope = profileId ?? "";
  return {
    account: new DataLoader(async (ids) => {
      const rows = await app.db
        .select()
        .from(accounts)
        .where(
          and(
            inArray(accounts.id, [...ids]),
            eq(accounts.environmentId, environmentId),
            eq(accounts.profileId, inScope),
          ),
        );
      const latest = await latestBalances(
        app.db,
        rows.map((r) => r.id),
      );
      const byId = new Map(rows.map((r) => [r.id, toAccountView(r, latest.get(r.id) ?? null)]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    verified: new DataLoader(async (ids) => {
      const rows = await app.db
        .select({ accountId: achNumbers.accountId })
        .from(achNumbers)
        .where(inArray(achNumbers.accountId, [...ids]));
      const known = new Set(rows.map((r) => r.accountId));
      return ids.map((id) => known.has(id));
    }),
    connection: new DataLoader(async (ids) => {
      const rows = await app.db
        .select()
        .from(connections)
        .where(
          and(
            inArray(connections.id, [...ids]),
            eq(connections.environmentId, environmentId),
            eq(connections.profileId, inScope),
          ),
        );
      const views = await toConnectionViews(app.db, rows, app.config.publicUrl);
      const byId = new Map(views.map((v) => [v.id, v]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
  };
}
