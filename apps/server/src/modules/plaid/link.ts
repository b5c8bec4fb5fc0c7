import type { CountryCode, Products } from "plaid";
import type { AppContext } from "../../context.ts";
import { badRequest, conflict } from "../../http/errors.ts";
import { callPlaid } from "../../providers/plaid/client.ts";
import { PLAID_PRODUCTS } from "../../providers/plaid/mapping.ts";
import { plaidProviderFor } from "../../providers/registry.ts";
import { decrypt } from "../../security/secrets.ts";
import { reconnectableConnection, resumeReconnected } from "../connections/consent.ts";
import { connectionExists, createConnection, historyStartFor } from "../connections/service.ts";
import type { InstitutionRow } from "../institutions/service.ts";
import { forCaller, plaidWebhookUrl } from "./service.ts";

/**
 * The Connector's side of Plaid Link: a link token for an institution (or, to repair a
 * connection, in update mode), then the public token Link hands back exchanged server-side for
 * the item's access token. The end-user then chooses accounts as with any link.
 */

type Caller = { environmentId: string; profileId: string };

/** Days of history Plaid is asked for at link time: the 24 months every connection collects. */
const DAYS_REQUESTED = 730;

export async function createLinkToken(
  ctx: AppContext,
  caller: Caller,
  input: {
    connectorName: string;
    institution?: InstitutionRow;
    connectionId?: string;
    products: readonly string[];
  },
) {
  const plaid = await plaidProviderFor(ctx, caller.environmentId);
  const common = {
    client_name: input.connectorName.slice(0, 30),
    user: { client_user_id: caller.profileId },
    country_codes: ["US" as CountryCode],
    language: "en",
    webhook: plaidWebhookUrl(ctx.config.publicUrl, caller.environmentId),
  };
  let request: Parameters<typeof plaid.client.linkTokenCreate>[0];
  if (input.connectionId) {
    // Update mode: the same item, its login repaired; no products.
    const row = await reconnectableConnection(
      ctx.db,
      caller.environmentId,
      caller.profileId,
      input.connectionId,
    );
    if (row.provider !== "PLAID" || !row.accessTokenEncrypted) {
      throw conflict(
        `Connection ${row.id} is not a Plaid connection`,
        "Reconnect it with the institution's login.",
      );
    }
    request = { ...common, access_token: decrypt(ctx.secretKey, row.accessTokenEncrypted) };
  } else {
    const products = input.products
      .map((p) => PLAID_PRODUCTS[p as keyof typeof PLAID_PRODUCTS])
      .filter(
        (p): p is Products =>
          p !== undefined && ["transactions", "auth", "identity", "investments", "liabilities"].includes(p),
      );
    request = {
      ...common,
      products: products.includes("transactions" as Products)
        ? products
        : ["transactions" as Products, ...products],
      transactions: { days_requested: DAYS_REQUESTED },
      ...(input.institution?.providerIds.PLAID && { institution_id: input.institution.providerIds.PLAID }),
    };
  }
  const answer = await forCaller(() => callPlaid(() => plaid.client.linkTokenCreate(request)));
  return {
    linkToken: answer.link_token,
    expiration: answer.expiration,
    scriptUrl: ctx.config.plaidLinkScriptUrl,
  };
}

/** Link succeeded: the item's access token, a connection waiting for the end-user's account choice. */
export async function exchangePublicToken(
  ctx: AppContext,
  caller: Caller,
  input: { publicToken: string; institution: InstitutionRow | null; products: string[] },
  now = new Date(),
) {
  const plaid = await plaidProviderFor(ctx, caller.environmentId);
  const exchanged = await forCaller(() =>
    callPlaid(() => plaid.client.itemPublicTokenExchange({ public_token: input.publicToken })),
  );
  // The institution is the item's, as Plaid says, not the one the browser named: a login at
  // another institution is removed at Plaid (no item left to bill) and refused.
  const access_token = exchanged.access_token;
  const { item } = await forCaller(() => callPlaid(() => plaid.client.itemGet({ access_token })));
  if (item.institution_id && input.institution?.providerIds.PLAID !== item.institution_id) {
    await callPlaid(() => plaid.client.itemRemove({ access_token })).catch(() => undefined);
    throw badRequest(
      `This Plaid login is at another institution than ${input.institution?.name ?? "the one chosen"}`,
      "Choose the login's own institution in the Connector, then link it.",
    );
  }
  return createConnection(
    ctx,
    caller.environmentId,
    {
      profileId: caller.profileId,
      institutionId: input.institution?.id ?? null,
      provider: "PLAID",
      products: input.products as never,
      accessToken: exchanged.access_token,
      externalId: exchanged.item_id,
      historyStartOn: historyStartFor(now),
      awaitConsent: true,
    },
    () => connectionExists(`This ${input.institution?.name ?? "Plaid"} login`),
    now,
  );
}

/** Link's update mode succeeded: the same item works again, so the connection syncs (a reconnect). */
export async function resumeAfterUpdateMode(ctx: AppContext, caller: Caller, connectionId: string) {
  const row = await reconnectableConnection(ctx.db, caller.environmentId, caller.profileId, connectionId);
  if (row.provider !== "PLAID") {
    throw conflict(
      `Connection ${row.id} is not a Plaid connection`,
      "Reconnect it with the institution's login.",
    );
  }
  return resumeReconnected(ctx, caller.environmentId, caller.profileId, connectionId, {}, () =>
    connectionExists(`Connection ${connectionId}`),
  );
}
