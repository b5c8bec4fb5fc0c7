import { createHmac } from "node:crypto";
import { and, eq, inArray, notInArray } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import { connections, type Product } from "../../db/schema/index.ts";
import { conflict, HttpError, unauthenticated } from "../../http/errors.ts";
import { forApiCaller } from "../../http/provider-errors.ts";
import { FinicityApiError, type FinicityClient } from "../../providers/finicity/client.ts";
import { loginFailure } from "../../providers/finicity/mapping.ts";
import { accessTokenOf, loginRefOf, translateFinicityFailure } from "../../providers/finicity/provider.ts";
import { finicityProviderFor } from "../../providers/registry.ts";
import type { ProviderError } from "../../providers/types.ts";
import { decrypt, safeEqual } from "../../security/secrets.ts";
import { reconnectableConnection, resumeReconnected } from "../connections/consent.ts";
import {
  type ConnectionRow,
  connectionExists,
  createConnection,
  historyStartMonthsBack,
  requestSync,
} from "../connections/service.ts";
import { recordFailure } from "../connections/sync.ts";
import type { InstitutionRow } from "../institutions/service.ts";
import { providerSettingsFor } from "../integrations/service.ts";
import { ensureFinicityInstitution } from "./institutions.ts";

/**
 * The Connector's side of Finicity Connect: a Finicity customer per Weft profile (its username is
 * the profile id; testing customers outside production), a Connect URL (or, to repair a
 * connection, a fix URL on its institution login), then the institution login Connect added
 * becomes a connection waiting for the end-user's account choice.
 */

type Caller = { environmentId: string; profileId: string };

/** Finicity's default history (spec 9): 6 months; more is a historic load, a one-time fee. */
export const FINICITY_DEFAULT_HISTORY_MONTHS = 6;

const forCaller = <T>(call: () => Promise<T>): Promise<T> => forApiCaller(translateFinicityFailure, call);

/** Where Finicity sends the Connect webhooks of an environment's links. */
export const finicityWebhookUrl = (publicUrl: string, environmentId: string) =>
  `${publicUrl}/v1/finicity/webhooks/${environmentId}`;

/** The profile's Finicity customer: found by username (the profile id), else created. */
export async function finicityCustomerId(
  client: FinicityClient,
  profileId: string,
  kind: "testing" | "active",
): Promise<string> {
  const found = await client.findCustomers(profileId);
  const existing = found.customers.find((c) => c.username === profileId);
  if (existing) return String(existing.id);
  try {
    return String(
      (await client.createCustomer(kind, { username: profileId, firstName: "Weft", lastName: "Profile" })).id,
    );
  } catch (error) {
    // Another request made it first (409: the username is taken): read it again.
    if (!(error instanceof FinicityApiError && error.httpStatus === 409)) throw error;
    const again = await client.findCustomers(profileId);
    const made = again.customers.find((c) => c.username === profileId);
    if (!made) throw error;
    return String(made.id);
  }
}

async function finicityFor(ctx: AppContext, environmentId: string) {
  const provider = await finicityProviderFor(ctx, environmentId);
  const settings = await providerSettingsFor(ctx, environmentId, "FINICITY");
  const kind = settings?.providerEnv === "production" ? ("active" as const) : ("testing" as const);
  return { provider, client: provider.client, kind };
}

/** The caller's Finicity connection, reconnectable (else 409), and its institution login. */
async function reconnectableLogin(ctx: AppContext, caller: Caller, connectionId: string) {
  const row = await reconnectableConnection(ctx.db, caller.environmentId, caller.profileId, connectionId);
  if (row.provider !== "FINICITY" || !row.accessTokenEncrypted) {
    throw conflict(
      `Connection ${row.id} is not a Finicity connection`,
      "Reconnect it with its own provider.",
    );
  }
  return { row, ref: loginRefOf(decrypt(ctx.secretKey, row.accessTokenEncrypted)) };
}

/**
 * A Finicity Connect URL for the profile's customer (Connect's webhooks come to Weft), or, to
 * repair a connection, Connect's fix URL on its institution login.
 */
export async function createConnectUrl(
  ctx: AppContext,
  caller: Caller,
  input: { institution?: InstitutionRow | undefined; connectionId?: string | undefined },
) {
  const { client, kind } = await finicityFor(ctx, caller.environmentId);
  const webhook = finicityWebhookUrl(ctx.config.publicUrl, caller.environmentId);
  if (input.connectionId) {
    const { ref } = await reconnectableLogin(ctx, caller, input.connectionId);
    const { link } = await forCaller(() =>
      client.generateFixConnectUrl({
        customerId: ref.customerId,
        institutionLoginId: ref.institutionLoginId,
        webhook,
      }),
    );
    return { connectUrl: link };
  }
  const customerId = await forCaller(() => finicityCustomerId(client, caller.profileId, kind));
  const institutionId = input.institution?.providerIds.FINICITY;
  const common = { customerId, webhook, webhookContentType: "application/json" };
  // On a chosen institution, Connect Lite goes straight to its sign-in; otherwise Connect's own search.
  const { link } = await forCaller(() =>
    institutionId
      ? client.generateLiteConnectUrl({ ...common, institutionId })
      : client.generateConnectUrl({ ...common, singleUseUrl: true }),
  );
  return { connectUrl: link };
}

/**
 * Finicity Connect finished: the institution login it added (the customer's newest one with no
 * live connection in this environment) becomes a connection waiting for the end-user's accounts.
 * 409 when Connect added none.
 */
export async function connectLogin(
  ctx: AppContext,
  caller: Caller,
  input: { products: (institutionProducts: Product[]) => Product[]; historyMonths?: number | undefined },
  now = new Date(),
) {
  const { client, kind } = await finicityFor(ctx, caller.environmentId);
  const customerId = await forCaller(() => finicityCustomerId(client, caller.profileId, kind));
  const { accounts } = await forCaller(() => client.customerAccounts(customerId));
  const logins = new Map<string, { institutionId: string; createdDate: number }>();
  for (const account of accounts) {
    const id = String(account.institutionLoginId);
    const seen = logins.get(id);
    if (!seen || account.createdDate > seen.createdDate)
      logins.set(id, { institutionId: String(account.institutionId), createdDate: account.createdDate });
  }
  const linked = logins.size
    ? await ctx.db
        .select({ externalId: connections.externalId })
        .from(connections)
        .where(
          and(
            eq(connections.environmentId, caller.environmentId),
            eq(connections.provider, "FINICITY"),
            inArray(connections.externalId, [...logins.keys()]),
            notInArray(connections.status, ["DISCONNECTING", "DISCONNECTED"]),
          ),
        )
    : [];
  const taken = new Set(linked.map((r) => r.externalId));
  const [newest] = [...logins.entries()]
    .filter(([id]) => !taken.has(id))
    .sort((a, b) => b[1].createdDate - a[1].createdDate);
  if (!newest) {
    throw conflict(
      "Finicity Connect added no new institution login for this profile",
      "Finish connecting in Finicity Connect, then try again.",
    );
  }
  const [institutionLoginId, { institutionId }] = newest;
  const described = await forCaller(() => client.institution(institutionId));
  const institution = await ensureFinicityInstitution(ctx, described.institution);
  const months = input.historyMonths ?? FINICITY_DEFAULT_HISTORY_MONTHS;
  const extendedHistory = months > FINICITY_DEFAULT_HISTORY_MONTHS;
  const duplicate = () => connectionExists(`Finicity institution login ${institutionLoginId}`);
  return createConnection(
    ctx,
    caller.environmentId,
    {
      profileId: caller.profileId,
      institutionId: institution.id,
      provider: "FINICITY",
      products: input.products(institution.products),
      accessToken: accessTokenOf({ customerId, institutionLoginId, loadHistory: extendedHistory }),
      externalId: institutionLoginId,
      historyStartOn: historyStartMonthsBack(now, months),
      extendedHistoryFee: extendedHistory,
      awaitConsent: true,
    },
    duplicate,
    now,
  );
}

/** Connect's fix mode repaired the login: once Finicity aggregates it again, the connection resumes. */
export async function resumeAfterFix(ctx: AppContext, caller: Caller, connectionId: string) {
  const { ref } = await reconnectableLogin(ctx, caller, connectionId);
  const { client } = await finicityFor(ctx, caller.environmentId);
  const { accounts } = await forCaller(() => client.loginAccounts(ref.customerId, ref.institutionLoginId));
  const failing = accounts.find((a) => a.aggregationStatusCode);
  if (failing) {
    throw conflict(
      `The Finicity institution login still fails (aggregation status ${failing.aggregationStatusCode})`,
      "Finish reconnecting in Finicity Connect, then try again.",
    );
  }
  return resumeReconnected(ctx, caller.environmentId, caller.profileId, connectionId, {}, () =>
    connectionExists(`Connection ${connectionId}`),
  );
}

// ---------------------------------------------------------------------------------------------
// Webhooks
// ---------------------------------------------------------------------------------------------

/** Finicity signs webhooks with X-Finicity-Signature: the hex HMAC-SHA256 of the body under the partner secret. */
export const finicitySignature = (partnerSecret: string, rawBody: string) =>
  createHmac("sha256", partnerSecret).update(rawBody).digest("hex");

type FinicityWebhook = {
  eventType?: unknown;
  customerId?: unknown;
  payload?: {
    accounts?: { institutionLoginId?: unknown; aggregationStatusCode?: unknown }[];
    institutionLoginId?: unknown;
  };
};

export type FinicityWebhookOutcome = { action: "SYNC" | "STATUS" | "IGNORED"; connections: string[] };

/**
 * A webhook from Finicity for an environment: its signature checked with the environment's
 * partner secret first (401 and nothing done otherwise); then each live connection to an
 * institution login the event names syncs, or takes the failure an account reports.
 */
export async function receiveFinicityWebhook(
  ctx: AppContext,
  environmentId: string,
  signature: string | undefined,
  rawBody: string,
  now = new Date(),
): Promise<FinicityWebhookOutcome> {
  const settings = await providerSettingsFor(ctx, environmentId, "FINICITY");
  const expected = settings ? finicitySignature(settings.secret, rawBody) : null;
  if (!expected || !safeEqual(signature ?? "", expected)) {
    ctx.logger.warn({ environmentId }, "Finicity webhook refused");
    throw unauthenticated(
      `Webhook not verified: ${signature ? "the signature does not match" : "no X-Finicity-Signature"}`,
      "Only Finicity's signed webhooks are accepted.",
    );
  }
  let body: FinicityWebhook;
  try {
    body = JSON.parse(rawBody) as FinicityWebhook;
  } catch {
    throw new HttpError(400, "The webhook body is not JSON", "Send Finicity's webhook body unchanged.");
  }
  // Signed, but not Finicity's shape (`null`, a list, a string): nothing to act on.
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new HttpError(
      400,
      "The webhook body is not a JSON object",
      "Send Finicity's webhook body unchanged.",
    );
  const accounts = Array.isArray(body.payload?.accounts) ? body.payload.accounts : [];
  const loginIds = new Set(
    [body.payload?.institutionLoginId, ...accounts.map((a) => a.institutionLoginId)]
      .filter((id) => id !== undefined && id !== null)
      .map(String),
  );
  if (loginIds.size === 0) return { action: "IGNORED", connections: [] };
  const rows: ConnectionRow[] = await ctx.db
    .select()
    .from(connections)
    .where(
      and(
        eq(connections.environmentId, environmentId),
        eq(connections.provider, "FINICITY"),
        inArray(connections.externalId, [...loginIds]),
        notInArray(connections.status, ["DISCONNECTING", "DISCONNECTED"]),
      ),
    );
  // Each login on its own: its accounts' codes decide whether it failed (as a sync would read
  // them), and a login the event reports healthy syncs whatever another login's accounts say.
  const failures = new Map<string, ProviderError>();
  for (const row of rows) {
    const codes = accounts
      .filter((a) => String(a.institutionLoginId) === row.externalId)
      .map((a) => (typeof a.aggregationStatusCode === "number" ? a.aggregationStatusCode : 0));
    const failure = loginFailure(codes);
    if (failure) failures.set(row.id, failure);
  }
  for (const [id, failure] of failures) await recordFailure(ctx, id, "INCREMENTAL", failure, now);
  const syncing = rows.filter((r) => !failures.has(r.id));
  if (syncing.length > 0) {
    await ctx.db.transaction(async (tx) => {
      for (const row of syncing) await requestSync(tx, row, now);
    });
    ctx.wakeWorkers();
  }
  return {
    action: syncing.length ? "SYNC" : failures.size ? "STATUS" : "IGNORED",
    connections: rows.map((r) => r.id),
  };
}
