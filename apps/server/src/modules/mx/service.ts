import { createHmac } from "node:crypto";
import { and, eq, notInArray, sql } from "drizzle-orm";
import type { WidgetRequest } from "mx-platform-node";
import type { AppContext } from "../../context.ts";
import { connections, integrations, type Product } from "../../db/schema/index.ts";
import { badRequest, conflict, unauthenticated } from "../../http/errors.ts";
import { apiErrorOf, forApiCaller } from "../../http/provider-errors.ts";
import { callMx, MxApiError } from "../../providers/mx/client.ts";
import { MX_JOBS, memberStatusError } from "../../providers/mx/mapping.ts";
import {
  accessTokenOf,
  MX_JOB_ORDER,
  type MxJob,
  type MxProvider,
  memberRefOf,
  translateMxFailure,
} from "../../providers/mx/provider.ts";
import { mxProviderFor } from "../../providers/registry.ts";
import { ProviderError } from "../../providers/types.ts";
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
import { type MxSettings, providerSettingsFor } from "../integrations/service.ts";

/**
 * The Connector's side of MX Connect: an MX user per Weft profile (MX's `id` is the profile id),
 * a Connect widget URL (for an institution, or on an existing member to repair it), then the
 * member the widget reports linked to a connection waiting for the end-user's account choice.
 */

type Caller = { environmentId: string; profileId: string };

/** MX's default history (spec 9): 3 months; more is an extended history, a one-time fee at MX. */
export const MX_DEFAULT_HISTORY_MONTHS = 3;

/** Runs an MX call for an API caller: MX's failures become 400 / 429 / 502 (spec 8). */
const forCaller = <T>(call: () => Promise<T>): Promise<T> => forApiCaller(translateMxFailure, call);

/** The profile's MX user: found by its `id` (the profile id), else created. */
export async function mxUserGuid(mx: MxProvider, profileId: string): Promise<string> {
  const found = await callMx(() => mx.client.users.listUsers(1, 10, profileId));
  const existing = found.users?.find((u) => u.id === profileId && u.guid);
  if (existing) return existing.guid!;
  try {
    const created = await callMx(() => mx.client.users.createUser({ user: { id: profileId } }));
    if (created.user?.guid) return created.user.guid;
  } catch (error) {
    // Another request created it first (409): read it again.
    if (!(error instanceof MxApiError && error.httpStatus === 409)) throw error;
  }
  const again = await callMx(() => mx.client.users.listUsers(1, 10, profileId));
  const user = again.users?.find((u) => u.id === profileId && u.guid);
  if (!user) throw new Error(`MX has no user for profile ${profileId}`);
  return user.guid!;
}

/** The caller's MX connection, reconnectable (else 409), and its member. */
async function reconnectableMember(ctx: AppContext, caller: Caller, connectionId: string) {
  const row = await reconnectableConnection(ctx.db, caller.environmentId, caller.profileId, connectionId);
  if (row.provider !== "MX" || !row.accessTokenEncrypted) {
    throw conflict(`Connection ${row.id} is not an MX connection`, "Reconnect it with its own provider.");
  }
  return { row, ref: memberRefOf(decrypt(ctx.secretKey, row.accessTokenEncrypted)) };
}

/**
 * A single-use MX Connect URL (valid 10 minutes): on the institution's login, or, to repair a
 * connection, on its member (MX opens the view the member's state needs: credentials, MFA).
 */
export async function createWidgetUrl(
  ctx: AppContext,
  caller: Caller,
  input: {
    institution?: InstitutionRow | undefined;
    connectionId?: string | undefined;
    products: readonly string[];
    colorScheme?: "light" | "dark" | undefined;
  },
) {
  const mx = await mxProviderFor(ctx, caller.environmentId);
  const widget: WidgetRequest = {
    widget_type: "connect_widget",
    ui_message_version: 4,
    include_transactions: true,
    ...(input.colorScheme && { color_scheme: input.colorScheme }),
  };
  let userGuid: string;
  if (input.connectionId) {
    const { ref } = await reconnectableMember(ctx, caller, input.connectionId);
    userGuid = ref.userGuid;
    widget.current_member_guid = ref.memberGuid;
    widget.disable_institution_search = true;
  } else {
    userGuid = await forCaller(() => mxUserGuid(mx, caller.profileId));
    widget.mode = input.products.includes("ACCOUNT_NUMBERS") ? "verification" : "aggregation";
    const code = input.institution?.providerIds.MX;
    if (code) {
      widget.current_institution_code = code;
      widget.disable_institution_search = true;
    }
  }
  const answer = await forCaller(() =>
    callMx(() => mx.client.widgets.requestWidgetURL(userGuid, { widget_url: widget })),
  );
  if (!answer.widget_url?.url) throw new Error("MX answered without a widget URL");
  return { widgetUrl: answer.widget_url.url };
}

/**
 * MX Connect reported a member connected: it must be the caller's (read under the profile's MX
 * user, 400 otherwise) and able to sync; the connection then waits for the end-user's accounts.
 */
export async function connectMember(
  ctx: AppContext,
  caller: Caller,
  input: {
    memberGuid: string;
    institution: InstitutionRow | null;
    products: Product[];
    /** 1–24; MX's 3 by default, more is MX's extended history (a one-time fee). */
    historyMonths?: number | undefined;
  },
  now = new Date(),
) {
  const mx = await mxProviderFor(ctx, caller.environmentId);
  const userGuid = await forCaller(() => mxUserGuid(mx, caller.profileId));
  // The member jobs the products need, started one by one by the syncs (extended history first).
  const months = input.historyMonths ?? MX_DEFAULT_HISTORY_MONTHS;
  const extendedHistory = months > MX_DEFAULT_HISTORY_MONTHS;
  const wanted = new Set<MxJob>([
    ...(extendedHistory ? (["extend_history"] as const) : []),
    ...input.products.flatMap((p) => MX_JOBS[p] ?? []),
  ]);
  const ref = {
    userGuid,
    memberGuid: input.memberGuid,
    pendingJobs: MX_JOB_ORDER.filter((job) => wanted.has(job)),
  };
  let member: Awaited<ReturnType<MxProvider["member"]>>;
  try {
    member = await mx.member(ref);
  } catch (error) {
    if (error instanceof MxApiError && error.httpStatus === 404) {
      throw badRequest(
        `MX member ${input.memberGuid} is not one of this profile's`,
        "Send the member_guid MX Connect reported for this session.",
      );
    }
    throw apiErrorOf(translateMxFailure(error));
  }
  // The institution is the member's, as MX says, not the one the browser named.
  if (member.institution_code && input.institution?.providerIds.MX !== member.institution_code) {
    throw badRequest(
      `This MX member is at another institution than ${input.institution?.name ?? "the one chosen"}`,
      "Choose the member's own institution in the Connector, then connect it.",
    );
  }
  const problem = memberStatusError(member.connection_status, member.connection_status_message);
  if (problem) {
    throw conflict(
      `The MX member is ${member.connection_status}: ${problem.details.errorMessage}`,
      "Finish connecting in MX Connect (credentials, MFA), then try again.",
    );
  }
  const live = and(
    eq(connections.environmentId, caller.environmentId),
    eq(connections.provider, "MX"),
    eq(connections.externalId, input.memberGuid),
    notInArray(connections.status, ["DISCONNECTING", "DISCONNECTED"]),
  );
  const duplicate = () => connectionExists(`MX member ${input.memberGuid}`);
  const [existing] = await ctx.db.select({ id: connections.id }).from(connections).where(live).limit(1);
  if (existing) throw duplicate();
  return createConnection(
    ctx,
    caller.environmentId,
    {
      profileId: caller.profileId,
      institutionId: input.institution?.id ?? null,
      provider: "MX",
      products: input.products,
      accessToken: accessTokenOf(ref),
      externalId: input.memberGuid,
      historyStartOn: historyStartMonthsBack(now, months),
      extendedHistoryFee: extendedHistory,
      awaitConsent: true,
    },
    duplicate,
    now,
  );
}

/** MX Connect repaired the member: once MX says it can sync, the connection resumes (a reconnect). */
export async function resumeAfterConnect(ctx: AppContext, caller: Caller, connectionId: string) {
  const { ref } = await reconnectableMember(ctx, caller, connectionId);
  const mx = await mxProviderFor(ctx, caller.environmentId);
  const member = await forCaller(() => mx.member(ref));
  const problem = memberStatusError(member.connection_status, member.connection_status_message);
  if (problem) {
    throw conflict(
      `The MX member is still ${member.connection_status}`,
      "Finish reconnecting in MX Connect, then try again.",
    );
  }
  return resumeReconnected(ctx, caller.environmentId, caller.profileId, connectionId, {}, () =>
    connectionExists(`Connection ${connectionId}`),
  );
}

/**
 * MX's processor token for one account of an MX connection: an authorization code (POST
 * /authorization_code) scoped to the user, member and account, which the processor redeems at MX.
 */
export async function createMxProcessorToken(
  ctx: AppContext,
  connection: ConnectionRow,
  accountExternalId: string,
): Promise<string> {
  if (!connection.accessTokenEncrypted)
    throw badRequest("The connection has no MX member", "Reconnect it first.");
  const ref = memberRefOf(decrypt(ctx.secretKey, connection.accessTokenEncrypted));
  const mx = await mxProviderFor(ctx, connection.environmentId);
  const scope = `user-guid:${ref.userGuid} member-guid:${ref.memberGuid} account-guid:${accountExternalId} read-protected`;
  const answer = await forCaller(() =>
    callMx(() => mx.client.processorTokens.requestAuthorizationCode({ authorization_code: { scope } })),
  );
  if (!answer.authorization_code?.code) throw new Error("MX answered without an authorization code");
  return answer.authorization_code.code;
}

// ---------------------------------------------------------------------------------------------
// Webhooks
// ---------------------------------------------------------------------------------------------

/** The user name MX presents (HTTP Basic) on Weft's webhook endpoint. */
export const MX_WEBHOOK_USERNAME = "weft";

/**
 * The password MX presents: derived from the MX keys, so it needs no storage and changes when
 * the keys do. `weft integrations set … mx` prints it with the URL to give MX.
 */
export const mxWebhookPassword = (settings: Pick<MxSettings, "clientId" | "secret">) =>
  createHmac("sha256", settings.secret).update(`weft-mx-webhook\n${settings.clientId}`).digest("base64url");

/** Where MX sends a client's webhooks: one URL per MX client, whichever environments use its keys. */
export const mxWebhookUrl = (publicUrl: string, clientId: string) =>
  `${publicUrl}/v1/mx/webhooks/${encodeURIComponent(clientId)}`;

/** Parses an `Authorization: Basic …` header; null when it is not one. */
function basicCredentials(header: string | undefined): { username: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

type MxMemberFields = {
  guid?: unknown;
  member_guid?: unknown;
  connection_status?: unknown;
  connection_status_message?: unknown;
};

/** MX's webhook bodies: most name the member at the top; MEMBER webhooks nest it under `member`. */
type MxWebhook = MxMemberFields & { type?: unknown; action?: unknown; member?: MxMemberFields };

/** Webhook types after which the member has new data to read. */
const DATA_TYPES = new Set([
  "AGGREGATION",
  "HISTORY",
  "STATEMENT",
  "BALANCE",
  "VERIFICATION",
  "IDENTIFICATION",
]);

const text = (value: unknown) => (typeof value === "string" ? value : null);

/** A member MX says it deleted: the connection can only come back by linking again. */
const memberDeleted = () =>
  new ProviderError("ERROR_REPAIRABLE", {
    errorType: "MEMBER_ERROR",
    errorCode: "MEMBER_DELETED",
    errorMessage: "The member was deleted at MX",
    displayMessage: "Please connect your account again.",
    requestId: null,
    suggestedAction: "Ask the user to link the institution again in the Connector.",
    documentationUrl: null,
  });

export type MxWebhookOutcome = { action: "SYNC" | "STATUS" | "IGNORED"; connections: string[] };

/** Whether the Basic credentials prove the sender is MX for this client: some MX keys with this client id derive the password. */
async function isFromMx(
  ctx: AppContext,
  clientId: string,
  given: { username: string; password: string },
): Promise<boolean> {
  if (given.username !== MX_WEBHOOK_USERNAME) return false;
  const candidates: Pick<MxSettings, "clientId" | "secret">[] = [];
  const defaults = ctx.config.providerDefaults.MX;
  if (defaults?.clientId === clientId) candidates.push(defaults);
  const rows = await ctx.db
    .select({ environmentId: integrations.environmentId })
    .from(integrations)
    .where(and(eq(integrations.provider, "MX"), sql`${integrations.settings} ->> 'clientId' = ${clientId}`));
  for (const { environmentId } of rows) {
    const settings = await providerSettingsFor(ctx, environmentId, "MX");
    if (settings?.clientId === clientId) candidates.push(settings);
  }
  return candidates.some((keys) => safeEqual(given.password, mxWebhookPassword(keys)));
}

/**
 * A webhook from MX for a client id: authenticated first (HTTP Basic, the password derived from
 * MX keys with that client id; 401 and nothing done otherwise), then acted on for every live
 * connection to the member in the environments that use that client's keys.
 */
export async function receiveMxWebhook(
  ctx: AppContext,
  clientId: string,
  authorization: string | undefined,
  body: MxWebhook,
  now = new Date(),
): Promise<MxWebhookOutcome> {
  const given = basicCredentials(authorization);
  if (!given || !(await isFromMx(ctx, clientId, given))) {
    ctx.logger.warn({ clientId }, "MX webhook refused");
    throw unauthenticated(
      `Webhook not accepted: ${given ? "wrong credentials" : "no Basic credentials"}`,
      "Only MX's webhooks are accepted: give MX the user name and password `weft integrations set … mx` printed.",
    );
  }
  // MX's members webhook describes the member (nested under `member`, or at the top with its `guid`).
  const nested = body.member && typeof body.member === "object" ? body.member : null;
  const type = nested ? "MEMBER" : String(body.type ?? "");
  const member = nested ?? body;
  const memberGuid = text(member.member_guid) ?? text(member.guid);
  const rows = memberGuid
    ? await ctx.db
        .select()
        .from(connections)
        .where(
          and(
            eq(connections.provider, "MX"),
            eq(connections.externalId, memberGuid),
            notInArray(connections.status, ["DISCONNECTING", "DISCONNECTED"]),
          ),
        )
    : [];
  const mine: typeof rows = [];
  for (const row of rows) {
    const settings = await providerSettingsFor(ctx, row.environmentId, "MX");
    if (settings?.clientId === clientId) mine.push(row);
  }
  const ids = mine.map((r) => r.id);
  const isStatus = type === "CONNECTION_STATUS" || type === "MEMBER";
  const status = text(member.connection_status);
  const problem =
    type === "MEMBER" && body.action === "deleted"
      ? memberDeleted()
      : isStatus && status
        ? memberStatusError(status, text(member.connection_status_message))
        : null;
  if (problem) {
    for (const row of mine) await recordFailure(ctx, row.id, "INCREMENTAL", problem, now);
    return { action: "STATUS", connections: ids };
  }
  // New data, or a member healthy again (its connection leaves an error status by syncing).
  if (DATA_TYPES.has(type) || (isStatus && status)) {
    await ctx.db.transaction(async (tx) => {
      for (const row of mine) {
        // MX finished extending the member's history: fetch the whole history again.
        if (type === "HISTORY" && row.historicalSyncedAt) {
          await tx.update(connections).set({ historicalSyncedAt: null }).where(eq(connections.id, row.id));
        }
        await requestSync(tx, row, now);
      }
    });
    ctx.wakeWorkers();
    return { action: "SYNC", connections: ids };
  }
  return { action: "IGNORED", connections: ids };
}
