import { and, eq, notInArray } from "drizzle-orm";
import type { CountryCode, ProcessorTokenCreateRequestProcessorEnum } from "plaid";
import type { AppContext } from "../../context.ts";
import { connections, type Product } from "../../db/schema/index.ts";
import { badRequest, HttpError, unauthenticated } from "../../http/errors.ts";
import { forApiCaller } from "../../http/provider-errors.ts";
import { callPlaid } from "../../providers/plaid/client.ts";
import {
  errorDetailsOf,
  IMPORT_PRODUCTS,
  institutionOf,
  productsOfItem,
  statusOfPlaidError,
} from "../../providers/plaid/mapping.ts";
import { PlaidProvider, translatePlaidFailure } from "../../providers/plaid/provider.ts";
import { verifyPlaidWebhook, WebhookVerificationError } from "../../providers/plaid/webhooks.ts";
import { plaidProviderFor } from "../../providers/registry.ts";
import { ProviderError } from "../../providers/types.ts";
import { firstFilled } from "../../providers/values.ts";
import { decrypt } from "../../security/secrets.ts";
import {
  type ConnectionRow,
  connectionExists,
  createConnection,
  historyStartFor,
  requestSync,
} from "../connections/service.ts";
import { recordFailure } from "../connections/sync.ts";
import { ensureProviderInstitution } from "../institutions/service.ts";
import { plaidSettingsFor } from "../integrations/service.ts";
import { findLiveProfile } from "../profiles/service.ts";

export type ImportPlaidInput = {
  accessToken: string;
  externallyManaged?: boolean | undefined;
  migrateWebhook?: boolean | undefined;
  products?: (keyof typeof IMPORT_PRODUCTS)[] | undefined;
  institutionId?: string | undefined;
};

/** Where Plaid sends an environment's webhooks: the environment id picks the keys that verify them. */
export const plaidWebhookUrl = (publicUrl: string, environmentId: string) =>
  `${publicUrl}/v1/plaid/webhooks/${environmentId}`;

/** Runs a Plaid call for an API caller: Plaid's failures become 400 / 429 / 502 (spec 8). */
export const forCaller = <T>(call: () => Promise<T>): Promise<T> => forApiCaller(translatePlaidFailure, call);

/**
 * Import an item the developer already holds an access token for (spec 7): Plaid must know the
 * token and the item must be healthy (else 400); one live connection per item and environment
 * (409). The connection starts INITIALIZING with connection.created and its first sync queued,
 * as any connection. With migrateWebhook (default) the item's webhook is pointed at Weft.
 */
export async function importPlaidConnection(
  ctx: AppContext,
  environmentId: string,
  profileIdOrUuid: string,
  input: ImportPlaidInput,
  now = new Date(),
) {
  const plaid = await plaidProviderFor(ctx, environmentId);
  const profile = await findLiveProfile(ctx.db, environmentId, profileIdOrUuid);
  const access_token = input.accessToken;
  const { item } = await forCaller(() => callPlaid(() => plaid.client.itemGet({ access_token })));
  if (item.error) {
    throw badRequest(
      `The Plaid item is in error (${item.error.error_code}): ${item.error.error_message}`,
      "Repair the item first (Plaid Link in update mode), then import it again.",
    );
  }
  const live = and(
    eq(connections.environmentId, environmentId),
    eq(connections.provider, "PLAID"),
    eq(connections.externalId, item.item_id),
    notInArray(connections.status, ["DISCONNECTING", "DISCONNECTED"]),
  );
  const [existing] = await ctx.db.select({ id: connections.id }).from(connections).where(live).limit(1);
  const duplicate = () => connectionExists(`Plaid item ${item.item_id}`);
  if (existing) throw duplicate();

  const plaidInstitutionId = input.institutionId ?? item.institution_id ?? null;
  const institution = plaidInstitutionId
    ? await ensureProviderInstitution(ctx.db, "PLAID", plaidInstitutionId, async () => {
        // Only the catalogue's description: an institution Plaid will not describe keeps the item's name.
        const described = await callPlaid(() =>
          plaid.client.institutionsGetById({
            institution_id: plaidInstitutionId,
            country_codes: ["US" as CountryCode],
            options: { include_optional_metadata: true },
          }),
        ).catch(() => null);
        if (described) return institutionOf(described.institution);
        const name = firstFilled(item.institution_name, plaidInstitutionId) ?? plaidInstitutionId;
        return { name, url: null, primaryColor: null, products: productsOfItem([]) };
      })
    : null;

  const requested = (input.products ?? ["auth", "identity", "transactions"]).map((p) => IMPORT_PRODUCTS[p]);
  // What the item already has (its products, what Plaid bills it for) — never what it merely could
  // have (available_products): a call to one of those adds the product to the item, and Plaid bills it.
  const itemProducts = productsOfItem([...(item.products ?? []), ...(item.billed_products ?? [])]);
  // ACH numbers and owners only when asked for (auth, identity); the item's other products follow it.
  const products = [
    ...new Set<Product>([
      ...requested,
      ...itemProducts.filter((p) => p !== "ACCOUNT_NUMBERS" && p !== "ACCOUNT_OWNERS"),
    ]),
  ];

  if (input.migrateWebhook ?? true) {
    await forCaller(() =>
      callPlaid(() =>
        plaid.client.itemWebhookUpdate({
          access_token,
          webhook: plaidWebhookUrl(ctx.config.publicUrl, environmentId),
        }),
      ),
    );
  }

  return createConnection(
    ctx,
    environmentId,
    {
      profileId: profile.id,
      institutionId: institution?.id ?? null,
      provider: "PLAID",
      products,
      accessToken: access_token,
      externalId: item.item_id,
      isExternallyManaged: input.externallyManaged ?? false,
      historyStartOn: historyStartFor(now),
    },
    duplicate,
    now,
  );
}

type PlaidWebhook = { webhook_type?: unknown; webhook_code?: unknown; item_id?: unknown; error?: unknown };

/** Webhook codes after which the item has new data to fetch. */
const SYNC_CODES = new Set([
  "TRANSACTIONS:SYNC_UPDATES_AVAILABLE",
  "TRANSACTIONS:DEFAULT_UPDATE",
  "TRANSACTIONS:INITIAL_UPDATE",
  "TRANSACTIONS:HISTORICAL_UPDATE",
  "TRANSACTIONS:TRANSACTIONS_REMOVED",
  "HOLDINGS:DEFAULT_UPDATE",
  "INVESTMENTS_TRANSACTIONS:DEFAULT_UPDATE",
  "LIABILITIES:DEFAULT_UPDATE",
  "ITEM:LOGIN_REPAIRED",
  "ITEM:NEW_ACCOUNTS_AVAILABLE",
  // The user took one account's access back at the institution: what the item still shares.
  "ITEM:USER_ACCOUNT_REVOKED",
]);

/** ITEM webhooks that need the user: the error Plaid would answer with next. */
const ITEM_PROBLEMS: Record<string, { code: string; message: string }> = {
  PENDING_EXPIRATION: {
    code: "PENDING_EXPIRATION",
    message: "The item's access consent expires soon: the user must re-authenticate",
  },
  PENDING_DISCONNECT: {
    code: "PENDING_DISCONNECT",
    message: "The item will be disconnected soon: the user must re-authenticate",
  },
  USER_PERMISSION_REVOKED: {
    code: "USER_PERMISSION_REVOKED",
    message: "The user revoked access to the item at the institution",
  },
};

function problemOf(body: PlaidWebhook): ProviderError | null {
  if (body.webhook_type !== "ITEM") return null;
  if (body.webhook_code === "ERROR" && body.error && typeof body.error === "object") {
    const error = body.error as Parameters<typeof errorDetailsOf>[0];
    if (!error.error_code) return null;
    return new ProviderError(statusOfPlaidError(error), errorDetailsOf(error));
  }
  const problem = ITEM_PROBLEMS[String(body.webhook_code)];
  if (!problem) return null;
  return new ProviderError("ERROR_REPAIRABLE", {
    errorType: "ITEM_ERROR",
    errorCode: problem.code,
    errorMessage: problem.message,
    displayMessage: "Please reconnect your account.",
    requestId: null,
    suggestedAction: "Ask the user to reconnect in the Connector (Plaid Link update mode).",
    documentationUrl: null,
  });
}

export type WebhookOutcome = { action: "SYNC" | "STATUS" | "IGNORED"; connections: string[] };

/**
 * A webhook from Plaid for an environment: verified first (401 and nothing done otherwise), then
 * acted on for each of the environment's live connections to the item.
 */
export async function receivePlaidWebhook(
  ctx: AppContext,
  environmentId: string,
  verification: string | undefined,
  rawBody: string,
  now = new Date(),
): Promise<WebhookOutcome> {
  const settings = await plaidSettingsFor(ctx, environmentId);
  if (!settings) throw unauthenticated("Webhook not accepted", "This environment has no Plaid integration.");
  const plaid = new PlaidProvider(settings);
  try {
    await verifyPlaidWebhook(
      plaid.client,
      `${settings.basePath}\n${settings.clientId}`,
      verification,
      rawBody,
      now,
    );
  } catch (error) {
    if (!(error instanceof WebhookVerificationError)) throw error;
    ctx.logger.warn({ environmentId, reason: error.message }, "Plaid webhook refused");
    throw unauthenticated(
      `Webhook not verified: ${error.message}`,
      "Only Plaid's signed webhooks are accepted.",
    );
  }
  let body: PlaidWebhook;
  try {
    body = JSON.parse(rawBody) as PlaidWebhook;
  } catch {
    throw new HttpError(400, "The webhook body is not JSON", "Send Plaid's webhook body unchanged.");
  }
  if (typeof body.item_id !== "string") return { action: "IGNORED", connections: [] };
  const rows = await ctx.db
    .select()
    .from(connections)
    .where(
      and(
        eq(connections.environmentId, environmentId),
        eq(connections.provider, "PLAID"),
        eq(connections.externalId, body.item_id),
        notInArray(connections.status, ["DISCONNECTING", "DISCONNECTED"]),
      ),
    );
  const ids = rows.map((r) => r.id);
  const problem = problemOf(body);
  if (problem) {
    for (const row of rows) await recordFailure(ctx, row.id, "INCREMENTAL", problem, now);
    return { action: "STATUS", connections: ids };
  }
  if (SYNC_CODES.has(`${String(body.webhook_type)}:${String(body.webhook_code)}`)) {
    await ctx.db.transaction(async (tx) => {
      for (const row of rows) await requestSync(tx, row, now);
    });
    ctx.wakeWorkers();
    return { action: "SYNC", connections: ids };
  }
  return { action: "IGNORED", connections: ids };
}

/** Plaid's processor token for one account of a Plaid connection (processor names are Plaid's, lowercase). */
export async function createPlaidProcessorToken(
  ctx: AppContext,
  connection: ConnectionRow,
  accountExternalId: string,
  processor: string,
): Promise<string> {
  if (!connection.accessTokenEncrypted)
    throw badRequest("The connection has no Plaid access", "Reconnect it first.");
  const plaid = await plaidProviderFor(ctx, connection.environmentId);
  const answer = await forCaller(() =>
    callPlaid(() =>
      plaid.client.processorTokenCreate({
        access_token: decrypt(ctx.secretKey, connection.accessTokenEncrypted!),
        account_id: accountExternalId,
        processor: processor.toLowerCase() as ProcessorTokenCreateRequestProcessorEnum,
      }),
    ),
  );
  return answer.processor_token;
}
