import type { Static } from "typebox";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../http/errors.ts";
import { countConnectionTransactions, listConnectionAccounts } from "../accounts/service.ts";
import { completeAuthorization, createAuthorizationUrl } from "../akoya/service.ts";
import { previewAccounts, reconnectConnection, shareAccounts } from "../connections/consent.ts";
import {
  type LinkOutcome as ConnectionLinkOutcome,
  type ConnectionRow,
  connectionViewOf,
  findConnection,
  linkConnection,
  providerForMode,
} from "../connections/service.ts";
import { type EnvironmentRow, findEnvironment } from "../environments/service.ts";
import { searchFinicityInstitutions } from "../finicity/institutions.ts";
import { connectLogin, createConnectUrl } from "../finicity/service.ts";
import {
  findByProviderId,
  findInstitution,
  type InstitutionRow,
  popularInstitutions,
  searchByName,
  toInstitutionSummary,
} from "../institutions/service.ts";
import { providersSettingsFor } from "../integrations/service.ts";
import { searchMxInstitutions } from "../mx/institutions.ts";
import { connectMember, createWidgetUrl } from "../mx/service.ts";
import { searchPlaidInstitutions } from "../plaid/institutions.ts";
import { createLinkToken, exchangePublicToken } from "../plaid/link.ts";
import type { AccountChoices, ConnectorConnection, ConnectorPublicConfig, LinkOutcome } from "./schemas.ts";
import { type ConnectorRow, findConnector } from "./service.ts";

/**
 * What the Connector app does on behalf of a signed-in end-user: every call is scoped to the
 * session's environment and profile, and to what the connector allows.
 */
export type WidgetCaller = { environment: EnvironmentRow; profile: { id: string } };

/** The connector, if it belongs to the caller's environment (404 otherwise: ids do not leak). */
export async function connectorFor(
  ctx: AppContext,
  connectorId: string,
  caller: WidgetCaller,
): Promise<ConnectorRow> {
  const connector = await findConnector(ctx.db, connectorId);
  if (connector.environmentId !== caller.environment.id) throw notFound("Connector", connectorId);
  return connector;
}

/** What the Connector app needs before anyone signs in; connector ids are public. */
export async function publicConfig(
  ctx: AppContext,
  connectorId: string,
): Promise<Static<typeof ConnectorPublicConfig>> {
  const connector = await findConnector(ctx.db, connectorId);
  const environment = (await findEnvironment(ctx.db, connector.environmentId))!;
  return {
    id: connector.id,
    name: connector.name,
    mode: environment.mode,
    emailSignIn: connector.emailSignIn,
    allowedOrigins: connector.allowedOrigins,
    products: connector.products,
    privacyPolicyUrl: connector.privacyPolicyUrl,
  };
}

/** Whether the connector lets end-users pick this institution: by id, and by the provider it would use. */
function isAllowed(connector: ConnectorRow, caller: WidgetCaller, institution: InstitutionRow): boolean {
  if (connector.institutionIds && !connector.institutionIds.includes(institution.id)) return false;
  return (
    connector.providers === null ||
    connector.providers.includes(providerForMode(caller.environment.mode, institution))
  );
}

/** An institution the connector allows, or 404 (as if it did not exist). */
export async function allowedInstitution(
  ctx: AppContext,
  connector: ConnectorRow,
  caller: WidgetCaller,
  id: string,
) {
  const institution = await findInstitution(ctx.db, caller.environment.mode, id);
  if (!isAllowed(connector, caller, institution)) throw notFound("Institution", id);
  return institution;
}

/** The providers that link in their own widget, and which. */
const WIDGETS = {
  PLAID: "PLAID_LINK",
  MX: "MX_CONNECT",
  FINICITY: "FINICITY_CONNECT",
  AKOYA: "AKOYA_OAUTH",
} as const;

/** How the end-user links an institution: in its provider's own widget or sign-in, or the sandbox's in our form. */
function toConnectorInstitution(ctx: AppContext, caller: WidgetCaller, row: InstitutionRow) {
  const provider = providerForMode(caller.environment.mode, row);
  return {
    ...toInstitutionSummary(row, ctx.config.publicUrl),
    linkWith: provider in WIDGETS ? WIDGETS[provider as keyof typeof WIDGETS] : ("CREDENTIALS" as const),
  };
}

/** Each keyed provider's own institution search (Akoya has none: its institutions are catalogue rows). */
const PROVIDER_SEARCHES = {
  PLAID: searchPlaidInstitutions,
  MX: searchMxInstitutions,
  FINICITY: searchFinicityInstitutions,
  AKOYA: null,
} as const;
const KEYED = Object.keys(PROVIDER_SEARCHES) as (keyof typeof PROVIDER_SEARCHES)[];

/**
 * Institutions by name: the catalogue's, and, for each provider the environment has on, that
 * provider's own search (each institution added to the catalogue the first time it is seen). A
 * provider failing to answer leaves the others' results. Without a query: the institutions most
 * linked in the environment, from the catalogue. Institutions of providers that are off are left out.
 */
export async function searchInstitutions(
  ctx: AppContext,
  connector: ConnectorRow,
  caller: WidgetCaller,
  query: string | undefined,
  limit: number,
) {
  // One read of the providers' settings: it decides both searches' rows of each provider.
  const settings = await providersSettingsFor(ctx, caller.environment.id, KEYED);
  const providerRows = await Promise.all(
    KEYED.map((provider, i) => {
      const search = PROVIDER_SEARCHES[provider];
      const keys = settings[i];
      if (!search || !keys || query === undefined) return [];
      return search(ctx, keys, query, limit).catch((error: unknown) => {
        ctx.logger.warn({ err: error }, `${provider} institution search failed`);
        return [];
      });
    }),
  );
  const options = { ids: connector.institutionIds, limit };
  const rows =
    query === undefined
      ? // Some may be filtered out below (another provider's, one that is off): ask for more.
        await popularInstitutions(ctx.db, caller.environment.mode, caller.environment.id, {
          ...options,
          limit: limit * 3,
        })
      : await searchByName(ctx.db, caller.environment.mode, query, options);
  const isOff = new Set<string>(KEYED.filter((_, i) => settings[i] === null).map((p) => WIDGETS[p]));
  const byId = new Map([...rows, ...providerRows.flat()].map((row) => [row.id, row]));
  return [...byId.values()]
    .map((row) => ({ row, view: toConnectorInstitution(ctx, caller, row) }))
    .filter(({ row, view }) => isAllowed(connector, caller, row) && !isOff.has(view.linkWith))
    .slice(0, limit)
    .map(({ view }) => view);
}

export async function getInstitutionFor(
  ctx: AppContext,
  connector: ConnectorRow,
  caller: WidgetCaller,
  id: string,
) {
  return toConnectorInstitution(ctx, caller, await allowedInstitution(ctx, connector, caller, id));
}

/** Start Plaid Link for an institution the connector allows, or in update mode for the caller's connection. */
export async function plaidLinkToken(
  ctx: AppContext,
  connector: ConnectorRow,
  caller: WidgetCaller,
  input: { institutionId?: string | undefined; connectionId?: string | undefined },
) {
  const institution = input.institutionId
    ? await allowedInstitution(ctx, connector, caller, input.institutionId)
    : undefined;
  return createLinkToken(ctx, toCaller(caller), {
    connectorName: connector.name,
    ...(institution && { institution }),
    ...(input.connectionId && { connectionId: input.connectionId }),
    products: institution ? sharedProducts(connector, institution) : connector.products,
  });
}

/** Plaid Link succeeded: a connection waiting for the end-user's choice of accounts. */
export async function plaidExchange(
  ctx: AppContext,
  connector: ConnectorRow,
  caller: WidgetCaller,
  input: { publicToken: string; institutionId: string },
): Promise<Static<typeof LinkOutcome>> {
  const institution = await allowedInstitution(ctx, connector, caller, input.institutionId);
  const products = sharedProducts(connector, institution);
  const connection = await exchangePublicToken(ctx, toCaller(caller), {
    publicToken: input.publicToken,
    institution,
    products,
  });
  return toLinkOutcome({ kind: "LINKED", connection });
}

/**
 * A provider's widget repaired the caller's connection (Plaid Link's update mode, MX Connect on
 * the member), and `resume` checks it with the provider: the connection syncs again.
 */
export async function resumeFromWidget(
  ctx: AppContext,
  caller: WidgetCaller,
  connectionId: string,
  resume: (ctx: AppContext, caller: Caller, connectionId: string) => Promise<ConnectionRow>,
): Promise<Static<typeof LinkOutcome>> {
  return toLinkOutcome({ kind: "LINKED", connection: await resume(ctx, toCaller(caller), connectionId) });
}

/** Open MX Connect on an institution the connector allows, or on the caller's connection to repair it. */
export async function mxWidgetUrl(
  ctx: AppContext,
  connector: ConnectorRow,
  caller: WidgetCaller,
  input: {
    institutionId?: string | undefined;
    connectionId?: string | undefined;
    colorScheme?: "light" | "dark" | undefined;
  },
) {
  const institution = input.institutionId
    ? await allowedInstitution(ctx, connector, caller, input.institutionId)
    : undefined;
  return createWidgetUrl(ctx, toCaller(caller), {
    institution,
    connectionId: input.connectionId,
    colorScheme: input.colorScheme,
    products: institution ? sharedProducts(connector, institution) : connector.products,
  });
}

/** MX Connect reported the member connected: a connection waiting for the end-user's choice of accounts. */
export async function mxConnectMember(
  ctx: AppContext,
  connector: ConnectorRow,
  caller: WidgetCaller,
  input: { memberGuid: string; institutionId: string; historyMonths?: number | undefined },
): Promise<Static<typeof LinkOutcome>> {
  const institution = await allowedInstitution(ctx, connector, caller, input.institutionId);
  const connection = await connectMember(ctx, toCaller(caller), {
    memberGuid: input.memberGuid,
    institution,
    historyMonths: input.historyMonths,
    products: sharedProducts(connector, institution),
  });
  return toLinkOutcome({ kind: "LINKED", connection });
}

/** Open Finicity Connect for the caller's customer (on the institution, if given), or in fix mode on the caller's connection. */
export async function finicityConnectUrl(
  ctx: AppContext,
  connector: ConnectorRow,
  caller: WidgetCaller,
  input: { institutionId?: string | undefined; connectionId?: string | undefined },
) {
  const institution = input.institutionId
    ? await allowedInstitution(ctx, connector, caller, input.institutionId)
    : undefined;
  return createConnectUrl(ctx, toCaller(caller), { institution, connectionId: input.connectionId });
}

/** Finicity Connect finished: the institution login it added, waiting for the end-user's accounts. */
export async function finicityConnectLogin(
  ctx: AppContext,
  connector: ConnectorRow,
  caller: WidgetCaller,
  input: { historyMonths?: number | undefined },
): Promise<Static<typeof LinkOutcome>> {
  const connection = await connectLogin(ctx, toCaller(caller), {
    historyMonths: input.historyMonths,
    products: (offered) => offered.filter((p) => connector.products.includes(p)),
  });
  return toLinkOutcome({ kind: "LINKED", connection });
}

/** The institution's sign-in through Akoya for an institution the connector allows (or to repair the caller's connection). */
export async function akoyaAuthorize(
  ctx: AppContext,
  connector: ConnectorRow,
  caller: SessionCaller,
  input: { institutionId: string; connectionId?: string | undefined },
) {
  const institution = await allowedInstitution(ctx, connector, caller, input.institutionId);
  return createAuthorizationUrl(ctx, akoyaCaller(caller), {
    institution,
    products: sharedProducts(connector, institution),
    connectionId: input.connectionId,
  });
}

/** The sign-in at the institution this session started, finished with the code Akoya sent back. */
export const akoyaComplete = (
  ctx: AppContext,
  caller: SessionCaller,
  input: { code: string; state: string },
) => completeAuthorization(ctx, akoyaCaller(caller), input);

/** A widget caller with its session: Akoya's sign-in is bound to the session that starts it. */
type SessionCaller = WidgetCaller & { session: { id: string } };

const akoyaCaller = (caller: SessionCaller) => ({ ...toCaller(caller), sessionId: caller.session.id });

/** The products a link through this connector collects at this institution. */
const sharedProducts = (connector: ConnectorRow, institution: InstitutionRow) =>
  institution.products.filter((p) => connector.products.includes(p));

type Caller = { environmentId: string; profileId: string };

const toCaller = (caller: WidgetCaller): Caller => ({
  environmentId: caller.environment.id,
  profileId: caller.profile.id,
});

/** Log in at the institution and link it to the caller's profile, with the connector's products. */
export async function linkFromConnector(
  ctx: AppContext,
  connector: ConnectorRow,
  caller: WidgetCaller,
  input: { institutionId: string; username: string; password: string; mfaCode?: string | undefined },
): Promise<Static<typeof LinkOutcome>> {
  const institution = await allowedInstitution(ctx, connector, caller, input.institutionId);
  const products = sharedProducts(connector, institution);
  const result = await linkConnection(ctx, caller.environment, {
    ...input,
    profileId: caller.profile.id,
    products,
    awaitConsent: true,
  });
  return toLinkOutcome(result);
}

/** Sign in again to repair the caller's connection (reconnect mode). */
export async function reconnectFromConnector(
  ctx: AppContext,
  caller: WidgetCaller,
  connectionId: string,
  input: { username: string; password: string; mfaCode?: string | undefined },
): Promise<Static<typeof LinkOutcome>> {
  const result = await reconnectConnection(ctx, caller.environment, {
    ...input,
    profileId: caller.profile.id,
    connectionId,
  });
  return toLinkOutcome(result);
}

/** The accounts the end-user may choose from, or why the institution could not list them. */
export async function accountChoices(
  ctx: AppContext,
  caller: WidgetCaller,
  connectionId: string,
): Promise<Static<typeof AccountChoices>> {
  const preview = await previewAccounts(ctx, caller.environment, caller.profile.id, connectionId);
  if (preview.kind === "FAILED")
    return { accounts: [], error: { message: preview.message, code: preview.status } };
  return {
    accounts: preview.accounts.map((a) => ({
      id: a.externalId,
      name: a.name,
      mask: a.mask,
      kind: a.kind,
      type: a.type,
    })),
    error: null,
  };
}

/** Share the chosen accounts (the end-user consented) and start syncing them. */
export async function shareFromConnector(
  ctx: AppContext,
  caller: WidgetCaller,
  connectionId: string,
  accountIds: string[],
): Promise<Static<typeof ConnectorConnection>> {
  await shareAccounts(ctx, caller.environment, caller.profile.id, connectionId, accountIds);
  return connectionFor(ctx, caller, connectionId);
}

function toLinkOutcome(result: ConnectionLinkOutcome): Static<typeof LinkOutcome> {
  switch (result.kind) {
    case "LINKED":
      return { outcome: "LINKED", connectionId: result.connection.id, message: null, challenge: null };
    case "MFA_REQUIRED":
      return { outcome: "MFA_REQUIRED", connectionId: null, message: null, challenge: result.challenge };
    case "INVALID_MFA_CODE":
      return {
        outcome: "INVALID_MFA_CODE",
        connectionId: null,
        message: result.message,
        challenge: result.challenge,
      };
    case "INVALID_CREDENTIALS":
      return { outcome: "INVALID_CREDENTIALS", connectionId: null, message: result.message, challenge: null };
  }
}

/** The caller's own connection with its accounts, as the Connector shows progress and accounts. */
export async function connectionFor(
  ctx: AppContext,
  caller: WidgetCaller,
  connectionId: string,
): Promise<Static<typeof ConnectorConnection>> {
  const row = await findConnection(ctx.db, caller.environment.id, connectionId);
  if (row.profileId !== caller.profile.id) throw notFound("Connection", connectionId);
  const view = await connectionViewOf(ctx.db, row, ctx.config.publicUrl);
  const [rows, transactions] = await Promise.all([
    listConnectionAccounts(ctx.db, row.id),
    countConnectionTransactions(ctx.db, row.id),
  ]);
  return {
    id: view.id,
    provider: view.provider,
    profileId: view.profileId,
    status: view.status,
    institution: view.institution,
    error: view.error
      ? { message: view.error.displayMessage ?? view.error.errorMessage, code: view.status }
      : null,
    accounts: rows,
    progress: {
      transactions,
      syncedFrom: row.syncedFromOn,
      syncedThrough: row.syncedThroughOn,
      recentSynced: row.initialSyncedAt !== null,
      historySynced: row.historicalSyncedAt !== null,
    },
  };
}

/** Whether the connector can link the institution a provider knows by this id (Quiltt's SDK asks). */
export async function isResolvable(
  ctx: AppContext,
  connector: ConnectorRow,
  caller: WidgetCaller,
  provider: string,
  providerId: string,
): Promise<boolean> {
  const rows = await findByProviderId(ctx.db, caller.environment.mode, provider, providerId);
  return rows.some((row) => isAllowed(connector, caller, row));
}
