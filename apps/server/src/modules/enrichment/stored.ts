import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { StoredEnrichment } from "../../db/schema/index.ts";
import { lockAccountsForTransactionWrites } from "../accounts/locks.ts";
import { catalogue } from "./catalogue.ts";
import { type EnrichedTransaction, enrichBatchCooperatively } from "./engine.ts";

/**
 * Enrichment on write: every transaction Weft stores carries what the engine made of it, with
 * the catalogue version it came from. Recurrence is left to the API, which sees the history.
 */
export const logoBaseOf = (publicUrl: string) => `${publicUrl}/v1/enrichment/logos`;

export const enrichmentVersion = () => catalogue().version;

export function toStoredEnrichment(e: EnrichedTransaction): StoredEnrichment {
  return {
    merchant: e.merchant,
    merchantId: e.merchantId,
    website: e.website,
    logo: e.logo,
    categories: e.categories,
    counterparty: e.counterparty
      ? { id: e.counterparty.id, name: e.counterparty.name, type: e.counterparty.type }
      : null,
    person: e.person,
    intermediaries: e.intermediaries.map((i) => i.name),
    location: e.location?.rawAddress ?? null,
  };
}

export type ToEnrich = {
  key: string;
  /** The account's type: money into a card pays it. */
  accountType: string;
  description: string;
  amount: string;
  currencyCode: string;
  date: string;
  /** What the provider said of the merchant (kept on the transaction, read again on a refresh). */
  providerMerchantName?: string | null;
  providerMcc?: number | null;
};

/**
 * Each transaction's stored enrichment, by its key; enriched cooperatively (a turn for the event
 * loop every ENRICH_CHUNK transactions), as a request's batch is.
 */
export async function enrichForStorage(
  items: readonly ToEnrich[],
  publicUrl: string,
): Promise<Map<string, StoredEnrichment>> {
  const results = await enrichBatchCooperatively(
    items.map((t) => ({
      id: t.key,
      accountId: "",
      accountType: t.accountType,
      description: t.description,
      amount: t.amount,
      currencyCode: t.currencyCode,
      date: t.date,
      merchantName: t.providerMerchantName,
      mcc: t.providerMcc,
    })),
    [],
    { logoBase: logoBaseOf(publicUrl) },
  );
  return new Map(
    results.filter((r) => r.error === null).map((r) => [r.transactionId, toStoredEnrichment(r)]),
  );
}

/** Transactions re-enriched per run of the background refresh. */
export const REENRICH_BATCH = 1_000;

/**
 * The background refresh: transactions enriched with another catalogue version (or none) are
 * enriched again, a batch per run, newest first. Returns how many it rewrote.
 */
export async function reenrichStale(
  ctx: { db: Database; config: { publicUrl: string } },
  limit = REENRICH_BATCH,
): Promise<number> {
  const version = enrichmentVersion();
  const stale = (await ctx.db.execute(sql`
    select t.id, t.account_id, a.type as account_type, t.description, t.amount::text as amount,
      t.currency_code, t.date::text as date, t.provider_merchant_name, t.provider_mcc
    from transactions t join accounts a on a.id = t.account_id
    where t.enrichment_version is distinct from ${version}
    order by t.date desc limit ${limit}`)) as unknown as {
    rows: {
      id: string;
      account_id: string;
      account_type: string;
      description: string;
      amount: string;
      currency_code: string;
      date: string;
      provider_merchant_name: string | null;
      provider_mcc: number | null;
    }[];
  };
  if (stale.rows.length === 0) return 0;
  const enriched = await enrichForStorage(
    stale.rows.map((r) => ({
      key: r.id,
      accountType: r.account_type,
      description: r.description,
      amount: r.amount,
      currencyCode: r.currency_code,
      date: r.date,
      providerMerchantName: r.provider_merchant_name,
      providerMcc: r.provider_mcc,
    })),
    ctx.config.publicUrl,
  );
  const updates = stale.rows.map((r) => ({ id: r.id, enrichment: enriched.get(r.id) ?? null }));
  await ctx.db.transaction(async (tx) => {
    await lockAccountsForTransactionWrites(
      tx,
      stale.rows.map((r) => r.account_id),
    );
    await tx.execute(sql`
      update transactions t set enrichment = d.enrichment, enrichment_version = ${version}
      from json_to_recordset(${JSON.stringify(updates)}::json) as d(id text, enrichment json)
      where t.id = d.id`);
  });
  return updates.length;
}
