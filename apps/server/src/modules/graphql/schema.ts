import type { ObjectRef } from "@pothos/core";
import { GraphQLError, lexicographicSortSchema, printSchema } from "graphql";
import type { Database } from "../../db/client.ts";
import { metadataFullError } from "../../db/metadata.ts";
import { HttpError } from "../../http/errors.ts";
import { MetadataUpdateRequest } from "../../http/schemas.ts";
import { bodyErrors } from "../../http/validation.ts";
import { updateAccountMetadata, updateTransactionMetadata } from "../accounts/service.ts";
import { recordAudit } from "../audit/service.ts";
import type { ConnectionView } from "../connections/schemas.ts";
import { connectionViewOf, requestDisconnect, updateConnectionMetadata } from "../connections/service.ts";
import { ProfileUpdateRequest } from "../profiles/schemas.ts";
import { findLiveProfile, toProfileView, updateProfile } from "../profiles/service.ts";
import { builder, type GraphQLContext, type GraphQLTypes, profileOf } from "./builder.ts";
import { FEED_TYPES, type FeedEvent } from "./feed.ts";
import {
  Account,
  AccountFilter,
  accountsPage,
  Connection,
  ConnectionFilter,
  connectionsPage,
  countFields,
  Holding,
  holdingsPage,
  oneOf,
  Profile,
  Statement,
  StatementFilter,
  StatementSort,
  statementsPage,
  Transaction,
  TransactionFilter,
  TransactionSort,
  transactionsPage,
} from "./types.ts";

/**
 * Queries and mutations of the Data API. Everything is scoped to one profile: a record of another
 * profile or environment reads as null, exactly like one that does not exist.
 */

builder.queryFields((t) => ({
  profile: t.field({
    type: Profile,
    description: "The profile the credential is for.",
    resolve: async (_root, _args, context) =>
      toProfileView(await findLiveProfile(context.weft.db, context.environmentId, profileOf(context))),
  }),
  connection: t.field({
    type: Connection,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) => {
      profileOf(context);
      return context.loaders.connection.load(String(id));
    },
  }),
  connections: t.connection(
    {
      type: Connection,
      args: { filter: t.arg({ type: ConnectionFilter, required: false }) },
      resolve: (_root, args, context) => connectionsPage(context, args),
    },
    countFields(),
  ),
  account: t.field({
    type: Account,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) => {
      profileOf(context);
      return context.loaders.account.load(String(id));
    },
  }),
  accounts: t.connection(
    {
      type: Account,
      args: { filter: t.arg({ type: AccountFilter, required: false }) },
      resolve: (_root, args, context) => accountsPage(context, args),
    },
    countFields(),
  ),
  transaction: t.field({
    type: Transaction,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) => oneOf(context, "transaction", String(id)),
  }),
  transactions: t.connection(
    {
      type: Transaction,
      args: {
        filter: t.arg({ type: TransactionFilter, required: false }),
        sort: t.arg({ type: TransactionSort, required: false }),
      },
      resolve: (_root, args, context) => transactionsPage(context, args),
    },
    countFields(),
  ),
  holding: t.field({
    type: Holding,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) => oneOf(context, "holding", String(id)),
  }),
  holdings: t.connection(
    { type: Holding, resolve: (_root, args, context) => holdingsPage(context, args) },
    countFields(),
  ),
  statement: t.field({
    type: Statement,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) => oneOf(context, "statement", String(id)),
  }),
  statements: t.connection(
    {
      type: Statement,
      args: {
        filter: t.arg({ type: StatementFilter, required: false }),
        sort: t.arg({ type: StatementSort, required: false }),
      },
      resolve: (_root, args, context) => statementsPage(context, args),
    },
    countFields(),
  ),
}));

/* Mutations: `{success, record, errors}`, with the REST API's rules and events. */

const MutationError = builder.objectRef<{ message: string; path: string[] }>("MutationError").implement({
  fields: (t) => ({ message: t.exposeString("message"), path: t.exposeStringList("path") }),
});

function payload<T>(name: string, record: ObjectRef<PothosSchemaTypes.ExtendDefaultTypes<GraphQLTypes>, T>) {
  return builder.objectRef<Outcome<T>>(name).implement({
    fields: (t) => ({
      success: t.exposeBoolean("success"),
      record: t.field({ type: record, nullable: true, resolve: (p) => p.record as never }),
      errors: t.field({ type: [MutationError], resolve: (p) => p.errors }),
    }),
  });
}

type Outcome<T> = { success: boolean; record: T | null; errors: { message: string; path: string[] }[] };

/** A 422 field map as mutation errors: one per message, the field's path split at dots. */
const failed = (fields: Record<string, string[]>): Outcome<never> => ({
  success: false,
  record: null,
  errors: Object.entries(fields).flatMap(([field, messages]) =>
    messages.map((message) => ({ message, path: field.split(".") })),
  ),
});

/**
 * Run a mutation's change: its record on success, the REST API's refusal as `errors` otherwise.
 * A change that succeeded is in the audit trail as `graphql <mutation>`, like a REST write.
 */
async function attempt<T>(
  context: GraphQLContext,
  mutation: string,
  resourceId: string | null,
  run: () => Promise<T>,
): Promise<Outcome<T>> {
  try {
    const record = await run();
    if (context.actor) {
      await recordAudit(context.weft.db, {
        environmentId: context.environmentId,
        actor: context.actor,
        action: `graphql ${mutation}`,
        resourceId,
        status: 200,
        ...(context.requestId && { requestId: context.requestId }),
      });
    }
    return { success: true, record, errors: [] };
  } catch (error) {
    if (error instanceof HttpError)
      return { success: false, record: null, errors: [{ message: error.message, path: [] }] };
    const metadataFull = metadataFullError(error);
    if (metadataFull) return failed(metadataFull.fields);
    throw error;
  }
}

const ProfileUpdatePayload = payload("ProfileUpdatePayload", Profile);
const ConnectionPayload = payload("ConnectionUpdatePayload", Connection);
const ConnectionDisconnectPayload = payload("ConnectionDisconnectPayload", Connection);
const AccountPayload = payload("AccountUpdatePayload", Account);
const TransactionPayload = payload("TransactionUpdatePayload", Transaction);

const ProfileUpdateInput = builder.inputType("ProfileUpdateInput", {
  description: "The fields to change; null clears a field. The same rules as PATCH /v1/profiles/{id}.",
  fields: (t) => ({
    email: t.string({ required: false }),
    phone: t.string({ required: false }),
    name: t.string({ required: false }),
    dateOfBirth: t.field({ type: "Date", required: false }),
    address: t.field({ type: "JSON", required: false }),
    metadata: t.field({ type: "JSON", required: false }),
  }),
});

/** A record's metadata update; an input type of its own per mutation, named as Quiltt names them. */
const metadataInput = (name: string) =>
  builder.inputType(name, {
    fields: (t) => ({
      id: t.id({ required: true }),
      metadata: t.field({
        type: "JSON",
        required: false,
        description:
          "Merged into the record's: the keys sent replace its own, a key sent as null is removed; null clears them all.",
      }),
    }),
  });
const ConnectionUpdateInput = metadataInput("ConnectionUpdateInput");
const AccountUpdateInput = metadataInput("AccountUpdateInput");
const TransactionUpdateInput = metadataInput("TransactionUpdateInput");

/**
 * A profile's email and phone are how its end-user signs in (a passcode to either): a session
 * token, which a browser holds, cannot change them, or one person could set another's address on
 * a profile they hold and be handed that person's sign-in. The backend (Basic profileId:secret,
 * REST) can.
 */
function signInFieldsOf(
  context: GraphQLContext,
  body: Record<string, unknown>,
): Record<string, string[]> | null {
  if (context.actor?.type !== "session") return null;
  const fields = (["email", "phone"] as const).filter((field) => field in body);
  if (fields.length === 0) return null;
  return Object.fromEntries(
    fields.map((field) => [
      field,
      [
        `${field === "email" ? "Email" : "Phone"} is how the end-user signs in: change it from your backend, with an API key`,
      ],
    ]),
  );
}

/** GraphQL leaves absent fields out and sends null for cleared ones, as a JSON body would. */
const sent = (input: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));

builder.mutationFields((t) => ({
  profileUpdate: t.field({
    type: ProfileUpdatePayload,
    args: { input: t.arg({ type: ProfileUpdateInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const body = sent(input);
      const invalid = bodyErrors(ProfileUpdateRequest, body) ?? signInFieldsOf(context, body);
      if (invalid) return failed(invalid);
      return attempt(context, "profileUpdate", profileOf(context), async () =>
        toProfileView(
          await context.weft.db.transaction((tx) =>
            updateProfile(tx, context.environmentId, profileOf(context), body as never),
          ),
        ),
      );
    },
  }),
  connectionUpdate: t.field({
    type: ConnectionPayload,
    args: { input: t.arg({ type: ConnectionUpdateInput, required: true }) },
    resolve: (_root, { input }, context) =>
      updateMetadata(context, "connectionUpdate", input, {
        find: (id) => context.loaders.connection.load(id),
        what: "Connection",
        write: (tx, id, metadata) => updateConnectionMetadata(tx, context.environmentId, id, metadata),
        // After the transaction: the view reads more (PGlite's one connection is the transaction's).
        view: (row) => {
          context.loaders.connection.clear(row.id);
          return connectionViewOf(context.weft.db, row, context.weft.config.publicUrl);
        },
      }),
  }),
  connectionDisconnect: t.field({
    type: ConnectionDisconnectPayload,
    description: "Stops syncing and revokes the provider's access, as DELETE /v1/connections/{id} does.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      profileOf(context);
      const id = String(args.id);
      if (!(await context.loaders.connection.load(id))) return notFound("Connection", id);
      return attempt(context, "connectionDisconnect", id, async () => {
        const row = await context.weft.db.transaction((tx) =>
          requestDisconnect(tx, context.environmentId, id),
        );
        context.weft.wakeWorkers();
        context.loaders.connection.clear(id);
        return connectionViewOf(context.weft.db, row, context.weft.config.publicUrl);
      });
    },
  }),
  accountUpdate: t.field({
    type: AccountPayload,
    args: { input: t.arg({ type: AccountUpdateInput, required: true }) },
    resolve: (_root, { input }, context) =>
      updateMetadata(context, "accountUpdate", input, {
        find: (id) => context.loaders.account.load(id),
        what: "Account",
        write: (tx, id, metadata) => updateAccountMetadata(tx, context.environmentId, id, metadata),
        view: (row) => row,
      }),
  }),
  transactionUpdate: t.field({
    type: TransactionPayload,
    args: { input: t.arg({ type: TransactionUpdateInput, required: true }) },
    resolve: (_root, { input }, context) =>
      updateMetadata(context, "transactionUpdate", input, {
        find: (id) => oneOf(context, "transaction", id),
        what: "Transaction",
        write: (tx, id, metadata) => updateTransactionMetadata(tx, context.environmentId, id, metadata),
        view: (row) => row,
      }),
  }),
}));

/**
 * A record's metadata update, as PATCH's: the profile's own record (else "not found"), the body's
 * rules (metadata left out is "required", never "cleared"), the merge in one transaction.
 */
async function updateMetadata<Row, View>(
  context: GraphQLContext,
  mutation: string,
  input: { id: string | number; metadata?: unknown },
  record: {
    find: (id: string) => Promise<unknown>;
    what: string;
    write: (tx: Database, id: string, metadata: Record<string, unknown> | null) => Promise<Row>;
    view: (row: Row) => View | Promise<View>;
  },
): Promise<Outcome<View>> {
  profileOf(context);
  const id = String(input.id);
  if (!(await record.find(id))) return notFound(record.what, id);
  const body = sent({ metadata: input.metadata });
  const invalid = bodyErrors(MetadataUpdateRequest, body);
  if (invalid) return failed(invalid);
  return attempt(context, mutation, id, async () =>
    record.view(
      await context.weft.db.transaction((tx) =>
        record.write(tx, id, body.metadata as Record<string, unknown> | null),
      ),
    ),
  );
}

const notFound = (what: string, id: string): Outcome<never> => ({
  success: false,
  record: null,
  errors: [{ message: `${what} ${id} was not found`, path: ["id"] }],
});

/* Subscriptions: a profile's events as they commit (over graphql-ws, or the ActionCable channel). */

const SYNC_EVENTS = FEED_TYPES.filter((type) => type.startsWith("connection.synced."));

/** The event a subscription resolves: none when the subscription was sent as a query, over HTTP. */
function eventOf(root: unknown): FeedEvent {
  if (root && typeof root === "object" && "record" in root) return root as FeedEvent;
  throw new GraphQLError(
    "A subscription is served over a WebSocket: graphql-ws at /v1/graphql, or the ActionCable channel at /websockets.",
    { extensions: { code: "BAD_REQUEST" } },
  );
}

/** A subscription to these event types of the caller's profile. */
const eventsOf = (types: readonly string[]) => (_root: unknown, _args: unknown, context: GraphQLContext) =>
  context.feed.subscribe(profileOf(context), types, context.socket?.beforeEvent);

/** The account an event is about, read afresh: its record is the account, or names it by `field`. */
const accountOfEvent =
  (field: "id" | "accountId") => async (root: unknown, _args: unknown, context: GraphQLContext) => {
    const id = String(eventOf(root).record[field]);
    context.loaders.account.clear(id);
    return (await context.loaders.account.load(id))!;
  };

builder.subscriptionFields((t) => ({
  connectionSynced: t.field({
    type: Connection,
    description: "A connection of the profile finished a sync, or failed one (its status says which).",
    subscribe: eventsOf(SYNC_EVENTS),
    // The connection as the event recorded it: its status is that sync's outcome, even when
    // another sync has started since (the history pass follows the first sync at once).
    resolve: (root) => eventOf(root).record as ConnectionView,
  }),
  connectionCreated: t.field({
    type: Connection,
    description: "The profile has a new connection (the Connector, an import).",
    subscribe: eventsOf(["connection.created"]),
    resolve: (root) => eventOf(root).record as ConnectionView,
  }),
  accountVerified: t.field({
    type: Account,
    description: "An account of the profile has its ACH numbers now (verified).",
    subscribe: eventsOf(["account.verified"]),
    resolve: accountOfEvent("id"),
  }),
  balanceCreated: t.field({
    type: Account,
    description: "An account of the profile has a new balance (a sync or a refresh).",
    subscribe: eventsOf(["balance.created"]),
    resolve: accountOfEvent("accountId"),
  }),
}));

export const schema = builder.toSchema();

/** The schema as SDL, sorted: what `schema.graphql` holds and the docs render. */
export const printedSchema = () => `${printSchema(lexicographicSortSchema(schema))}\n`;
