import SchemaBuilder from "@pothos/core";
import RelayPlugin from "@pothos/plugin-relay";
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from "graphql";
import type { AppContext } from "../../context.ts";
import { MAX_METADATA_DEPTH } from "../../http/input-policy.ts";
import type { Credential } from "../../http/principal.ts";
import { isCalendarDay } from "../../providers/dates.ts";
import type { EventFeed } from "./feed.ts";
import type { Loaders } from "./loaders.ts";

/**
 * The GraphQL schema is built in code (Pothos, with its Relay plugin for connections), typed
 * against the same views the REST API answers with; `schema.graphql` is its printout.
 */
export type GraphQLContext = {
  /** Not `app`: mercurius puts its Fastify instance there. */
  weft: AppContext;
  environmentId: string;
  /** The profile every query is scoped to; null for an API key, which may only introspect. */
  profileId: string | null;
  /** Who is asking, for the audit trail of mutations (null without a credential). */
  actor: Credential | null;
  /** The HTTP request's id (null on a WebSocket). */
  requestId: string | null;
  loaders: Loaders;
  /** Stored events as they commit, for subscriptions. */
  feed: EventFeed;
  /** On a WebSocket, the credential it opened with, checked again as it is used; null over HTTP. */
  socket: SocketCredential | null;
  /**
   * The rows an HTTP request's operations may fetch, counted as each is checked: one object a
   * batch's operations share (mercurius gives each a context inheriting the request's).
   */
  rows: { planned: number };
};

/**
 * A WebSocket's credential, checked again as the socket is used: a token revoked or expired
 * after the socket opened stops working at once, as it does over HTTP (where each request
 * authenticates itself).
 */
export type SocketCredential = {
  /** The session the socket signed in with (none for an API key): its revocation closes the socket. */
  sessionId?: string;
  /** Before an operation the socket runs: the credential still holds (else its 401) and the operation counts against its rate limit as a request does (else its 429). */
  beforeOperation(): Promise<void>;
  /** Before an event is sent to a subscription: the credential still holds (else its 401). */
  beforeEvent(): Promise<void>;
};

export type GraphQLTypes = {
  Context: GraphQLContext;
  Scalars: {
    JSON: { Input: unknown; Output: unknown };
    Date: { Input: string; Output: string };
    DateTime: { Input: string; Output: string };
  };
  DefaultFieldNullability: false;
};

export const builder = new SchemaBuilder<GraphQLTypes>({
  plugins: [RelayPlugin],
  defaultFieldNullability: false,
  relay: {
    clientMutationId: "omit",
    cursorType: "String",
    nodeQueryOptions: false,
    nodesQueryOptions: false,
    nodesOnConnection: {},
  },
});

const literalValue = (node: ValueNode): unknown => {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return node.values.map(literalValue);
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((f) => [f.name.value, literalValue(f.value)]));
    default:
      throw new GraphQLError("Variables are not allowed inside a JSON literal");
  }
};

/** Objects and arrays nested in a value, itself included. */
const nesting = (value: unknown): number =>
  value !== null && typeof value === "object" ? 1 + Math.max(0, ...Object.values(value).map(nesting)) : 0;

/** A JSON argument (metadata, an address) nests as deep as metadata may in a REST body. */
const withinDepth = (value: unknown): unknown => {
  if (nesting(value) > MAX_METADATA_DEPTH) {
    throw new GraphQLError(`A JSON value may nest at most ${MAX_METADATA_DEPTH} levels`);
  }
  return value;
};

builder.addScalarType(
  "JSON",
  new GraphQLScalarType({
    name: "JSON",
    description: `Any JSON value (metadata), nested at most ${MAX_METADATA_DEPTH} levels.`,
    serialize: (value) => value,
    parseValue: withinDepth,
    parseLiteral: (node) => withinDepth(literalValue(node)),
  }),
);

builder.scalarType("Date", {
  description: "A calendar day, YYYY-MM-DD.",
  serialize: (value) => value,
  parseValue: (value) => {
    if (typeof value !== "string" || !isCalendarDay(value))
      throw new GraphQLError(`"${String(value)}" is not a date (YYYY-MM-DD)`);
    return value;
  },
});
builder.scalarType("DateTime", {
  description: "An ISO-8601 instant.",
  serialize: (value) => value,
  parseValue: (value) => {
    if (typeof value !== "string" || Number.isNaN(Date.parse(value)))
      throw new GraphQLError(`"${String(value)}" is not an ISO-8601 date-time`);
    return value;
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

/** The profile the caller may read, or the error that says which credential it needs. */
export function profileOf(context: GraphQLContext): string {
  if (!context.environmentId) {
    throw new GraphQLError(
      "No credentials: send a session token (as ?token=, or in the connection_init payload as token or authorization)",
      { extensions: { code: "UNAUTHENTICATED" } },
    );
  }
  if (!context.profileId) {
    throw new GraphQLError(
      "An API key may only introspect the schema: send a session token, or Basic auth with the profile id and an API key secret",
      { extensions: { code: "UNAUTHENTICATED" } },
    );
  }
  return context.profileId;
}
