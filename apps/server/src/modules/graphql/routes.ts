import websocket, { type WebSocket } from "@fastify/websocket";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { GraphQLError, validate } from "graphql";
import mercurius from "mercurius";
import type { AppContext } from "../../context.ts";
import { SESSIONS_REVOKED_CHANNEL } from "../../db/notifications.ts";
import { authenticateSession, basicOf, bearerOf } from "../../http/auth.ts";
import { HttpError, unauthenticated, ValidationError } from "../../http/errors.ts";
import { knownClientError } from "../../http/framework-errors.ts";
import { credentialOf, type Principal } from "../../http/principal.ts";
import type { ChargeRateLimit } from "../../http/rate-limit.ts";
import type { Server } from "../../http/server-type.ts";
import { findLiveProfile } from "../profiles/service.ts";
import { registerActionCable } from "./actioncable.ts";
import { type GraphQLContext, profileOf } from "./builder.ts";
import { withCallerFacingErrors } from "./errors.ts";
import { EventFeed } from "./feed.ts";
import {
  documentErrors,
  longListError,
  MAX_SOCKET_MESSAGE_BYTES,
  nestingError,
  PARSE_OPTIONS,
  planRows,
} from "./limits.ts";
import { createLoaders } from "./loaders.ts";
import { schema } from "./schema.ts";

/**
 * What Mercurius would choke on never reaches it: a graphql-ws message that is JSON but not an
 * object closes the socket (4400, as graphql-transport-ws closes on a malformed message); a
 * `subscribe` (or legacy `start`) without a document's text, or whose document nests past
 * MAX_NESTING, is answered with the protocol's error message.
 */
function refuseMalformedMessages(socket: WebSocket): void {
  const emit = socket.emit.bind(socket);
  let initialised = false;
  socket.emit = (event: string | symbol, ...args: unknown[]) => {
    if (event === "message") {
      const refused = refusalOf(String(args[0]));
      if (refused === "close") {
        socket.close(4400, "A message must be a JSON object");
        return true;
      }
      // One connection_init a socket, as graphql-transport-ws says (a second would have signed
      // the socket in again, as whoever its token names).
      if (refused === "init") {
        if (initialised) {
          socket.close(4429, "Too many initialisation requests");
          return true;
        }
        initialised = true;
      } else if (refused) {
        socket.send(JSON.stringify(refused));
        return true;
      }
    }
    return emit(event, ...args);
  };
  refuseAsTheProtocolSays(socket);
}

/**
 * A graphql-transport-ws socket whose credential is refused is closed with 4403 Forbidden, as
 * the protocol says (Mercurius sends the legacy protocol's connection_error and closes with no
 * code); a legacy graphql-ws socket keeps its connection_error.
 */
function refuseAsTheProtocolSays(socket: WebSocket): void {
  if (socket.protocol !== "graphql-transport-ws") return;
  const send = socket.send.bind(socket) as (...args: unknown[]) => void;
  socket.send = ((data: unknown, ...rest: unknown[]) => {
    if (typeof data === "string" && data.includes('"connection_error"')) {
      socket.close(4403, "Forbidden");
      const callback = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
      callback?.();
      return;
    }
    send(data, ...rest);
  }) as typeof socket.send;
}

function refusalOf(message: string) {
  let data: unknown;
  try {
    data = JSON.parse(message);
  } catch {
    return undefined; // Mercurius answers what is not JSON.
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) return "close";
  const { id, type, payload } = data as {
    id?: unknown;
    type?: unknown;
    payload?: { query?: unknown } | null;
  };
  if (type === "connection_init") return "init";
  if (type !== "subscribe" && type !== "start") return undefined;
  const query = payload && typeof payload === "object" ? payload.query : undefined;
  const error =
    typeof query === "string"
      ? nestingError(query)
      : new GraphQLError(`A ${type} message's payload is an object whose query is the document's text.`);
  return error ? { id, type: "error", payload: [{ message: error.message }] } : undefined;
}

/**
 * What Mercurius's error formatter is given to log with: nothing. It logs each error at info, its
 * stack and all, beside the request's one line; an error is the caller's, said in the answer, or
 * Weft's, logged once at error with its errorId (withCallerFacingErrors).
 */
const UNLOGGED = { reply: { log: { info: () => {} } } } as never;

/** Operations in one batched POST (Apollo's batch link). */
export const MAX_BATCH = 10;

/** A document refused before GraphQL's validation, answered as Mercurius answers its own: 400, each error listed. */
class InvalidDocument extends Error {
  readonly statusCode = 400;
  readonly errors: readonly GraphQLError[];
  constructor(errors: readonly GraphQLError[]) {
    super("Graphql validation error");
    this.errors = errors;
  }
}

const CREDENTIALS =
  'Send "Authorization: Bearer <session token>", or "Basic base64(profileId:API key secret)" from your backend.';

/**
 * The sockets each session signed in, closed (4403) when the session is revoked — in any process:
 * revokeSession NOTIFYs SESSIONS_REVOKED_CHANNEL. (Before, a revoked session's socket stayed open,
 * each subscription ending at its next event.)
 */
async function socketsBySession(ctx: AppContext) {
  const open = new Map<string, Set<WebSocket>>();
  // Without a database to listen on (down as the server starts), a revoked session's socket is
  // still refused at its next operation and event: each checks the token again.
  const unlisten = await ctx
    .listen(SESSIONS_REVOKED_CHANNEL, (sessionId) => {
      for (const socket of open.get(sessionId) ?? [])
        socket.close(4403, "Forbidden: the session was revoked");
    })
    .catch(() => async () => {});
  return {
    watch(socket: WebSocket | undefined, sessionId: string | undefined) {
      if (!socket || !sessionId) return;
      const sockets = open.get(sessionId) ?? new Set<WebSocket>();
      sockets.add(socket);
      open.set(sessionId, sockets);
      socket.once("close", () => {
        sockets.delete(socket);
        if (sockets.size === 0) open.delete(sessionId);
      });
    },
    // A database already gone (closed, or down) has nothing left to unlisten.
    close: () => unlisten().catch(() => {}),
  };
}

/**
 * Who is asking: a session token is its profile; Basic profileId:secret is that profile of the
 * key's environment; a bare API key may introspect. Anything else is a 401 RestError.
 */
async function callerOf(ctx: AppContext, request: FastifyRequest): Promise<Caller> {
  const basic = basicOf(request);
  if (basic) {
    const key = basic.password.startsWith("weft_sk_") ? await ctx.apiKeys.find(basic.password) : undefined;
    if (!key) throw unauthenticated("The API key is invalid or revoked", CREDENTIALS);
    try {
      const profile = await findLiveProfile(ctx.db, key.environment.id, basic.username);
      const principal: Principal = { kind: "apiKey", ...key };
      return { principal, scope: scopeOfPrincipal(principal, profile.id) };
    } catch (error) {
      if (error instanceof HttpError)
        throw unauthenticated(`Profile ${basic.username} was not found`, CREDENTIALS);
      throw error;
    }
  }
  const token = bearerOf(request);
  if (!token) throw unauthenticated("Missing or malformed Authorization header", CREDENTIALS);
  return callerOfToken(ctx, token);
}

type Caller = { principal: Principal; scope: GraphQLScope };

const scopeOfPrincipal = (principal: Principal, profileId: string | null): GraphQLScope => ({
  environmentId: principal.environment.id,
  profileId,
  actor: credentialOf(principal),
  socket: null,
});

/** A bearer credential: a session token is its profile; an API key may only introspect. */
async function callerOfToken(ctx: AppContext, token: string): Promise<Caller> {
  if (token.startsWith("weft_sk_")) {
    const key = await ctx.apiKeys.find(token);
    if (!key) throw unauthenticated("The API key is invalid or revoked", CREDENTIALS);
    const principal: Principal = { kind: "apiKey", ...key };
    return { principal, scope: scopeOfPrincipal(principal, null) };
  }
  const principal = await authenticateSession(ctx, token);
  if (principal.kind !== "session") throw unauthenticated("The session token is invalid", CREDENTIALS);
  return { principal, scope: scopeOfPrincipal(principal, principal.profile.id) };
}

/**
 * A WebSocket's scope, from the token it opened with: that token is checked again before each
 * operation the socket runs (which also counts against its rate limit) and each event it is sent.
 */
async function socketScopeOf(
  ctx: AppContext,
  token: string,
  chargeRateLimit: ChargeRateLimit,
): Promise<GraphQLScope> {
  const { scope, principal } = await callerOfToken(ctx, token);
  return {
    ...scope,
    socket: {
      ...(principal.kind === "session" && { sessionId: principal.session.id }),
      beforeOperation: async () => chargeRateLimit((await callerOfToken(ctx, token)).principal),
      beforeEvent: async () => {
        await callerOfToken(ctx, token);
      },
    },
  };
}

/**
 * The variables of the operation a (mercurius) context runs: a batch's own entry, a POST's
 * `variables`, or a GET's JSON text; none when they are not an object (GraphQL says so later).
 */
function variablesOf(context: unknown): Record<string, unknown> {
  const { reply, operationId } = context as { reply?: FastifyReply; operationId?: number };
  const request = reply?.request;
  const body = request?.body as unknown;
  const operation = (Array.isArray(body) ? body[operationId ?? 0] : body) as
    | { variables?: unknown }
    | undefined;
  let variables = operation?.variables ?? (request?.query as { variables?: unknown } | undefined)?.variables;
  if (typeof variables === "string") {
    try {
      variables = JSON.parse(variables);
    } catch {
      return {};
    }
  }
  return variables && typeof variables === "object" ? (variables as Record<string, unknown>) : {};
}

/** Where a WebSocket client puts its token: ?token= (browsers cannot set headers), or connection_init. */
/** GraphQL's answer to a request refused unrun: no data, each message an error with its code. */
const unrun = (messages: readonly string[], code: string) => ({
  data: null,
  errors: messages.map((message) => ({ message, extensions: { code } })),
});

/** The fields of a GraphQL request over HTTP. */
const REQUEST_FIELDS = ["query", "variables", "operationName", "extensions"];

/**
 * What is wrong with a GraphQL request's shape, each said as a sentence: a POST's body (an
 * operation, or a batch of them) or a GET's query string (variables and extensions as JSON text).
 */
function requestProblems(sent: unknown, isGet: boolean): string[] {
  const isBatch = !isGet && Array.isArray(sent);
  const operations = isBatch ? (sent as unknown[]) : [sent];
  const problems: string[] = [];
  operations.forEach((operation, index) => {
    const at = isBatch ? `Operation ${index} of the batch: ` : "";
    if (!operation || typeof operation !== "object" || Array.isArray(operation)) {
      problems.push(`${at}a GraphQL request is a JSON object with query, variables and operationName`);
      return;
    }
    const fields = operation as Record<string, unknown>;
    const extensions =
      isGet && typeof fields.extensions === "string" ? parsedJson(fields.extensions) : fields.extensions;
    const isPersisted =
      fields.query == null && (extensions as { persistedQuery?: unknown } | null)?.persistedQuery;
    // Apollo's automatic persisted queries send a hash alone first; told in its own words that
    // Weft keeps none, its client sends the whole document from then on.
    if (isPersisted) problems.push("PersistedQueryNotSupported");
    else if (typeof fields.query !== "string" || fields.query.trim() === "")
      problems.push(`${at}query must be a GraphQL document, as one string`);
    for (const name of ["variables", "extensions"]) {
      const value = fields[name];
      if (value == null) continue;
      const parsed = isGet && typeof value === "string" ? parsedJson(value) : value;
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
        problems.push(
          `${at}${name} must be a JSON object${isGet ? ", as JSON text in the query string" : ""}`,
        );
    }
    if (fields.operationName != null && typeof fields.operationName !== "string")
      problems.push(`${at}operationName must be a string`);
    // A POST's field misspelt ("varaibles") would be a request run without it; a GET's query
    // string may carry parameters of its own (a cache-buster), as GraphQL servers allow.
    if (!isGet)
      for (const name of Object.keys(fields))
        if (!REQUEST_FIELDS.includes(name))
          problems.push(
            `${at}${name} is not a field of a GraphQL request: send ${REQUEST_FIELDS.join(", ")}`,
          );
  });
  return problems;
}

const parsedJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

function tokenIn(value: unknown): string | undefined {
  if (!value || typeof value !== "object") return undefined;
  const fields = value as { token?: unknown; authorization?: unknown; Authorization?: unknown };
  if (typeof fields.token === "string") return fields.token;
  const header = fields.authorization ?? fields.Authorization;
  return typeof header === "string" ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
}

export type GraphQLScope = Pick<GraphQLContext, "environmentId" | "profileId" | "actor" | "socket">;
const NO_SCOPE: GraphQLScope = { environmentId: "", profileId: null, actor: null, socket: null };

declare module "fastify" {
  interface FastifyRequest {
    graphqlScope?: GraphQLScope;
  }
}

/**
 * `/v1/graphql`: GET for queries, POST, batched POST (an array in, an array out), and WebSocket
 * subscriptions (graphql-ws and graphql-transport-ws); `/websockets`: the ActionCable channel
 * Quiltt's clients subscribe through.
 */
export async function registerGraphQLRoutes(
  app: Server,
  ctx: AppContext,
  chargeRateLimit: ChargeRateLimit,
): Promise<void> {
  const feed = new EventFeed(ctx);
  const scopeOfSocket = (token: string) => socketScopeOf(ctx, token, chargeRateLimit);
  const sessions = await socketsBySession(ctx);
  const contextOf = (found: GraphQLScope, requestId: string | null = null): GraphQLContext => ({
    ...found,
    requestId,
    weft: ctx,
    feed,
    loaders: createLoaders(ctx, found.environmentId, found.profileId),
    rows: { planned: 0 },
  });
  await app.register(async (scope) => {
    scope.addHook("onClose", async () => {
      feed.close();
      await sessions.close();
    });
    // And mercurius parses a graphql-ws subscription's text itself, before any hook of ours runs,
    // with a parser that recurses through each level of nesting: its socket's messages are
    // checked first. Added before the WebSocket plugin, whose own onRoute hook takes the handler.
    scope.addHook("onRoute", (route) => {
      // GraphQL over HTTP reads its own query parameters and ignores others, as GraphQL servers
      // do; the REST API's closed query strings are the REST API's.
      const query = route.schema?.querystring;
      if (query) route.schema = { ...route.schema, querystring: { ...query, additionalProperties: true } };
      const handler = route.wsHandler;
      if (!handler) return;
      route.wsHandler = function (socket, request) {
        refuseMalformedMessages(socket);
        return handler.call(this, socket, request);
      };
    });
    // One WebSocket server for both socket routes (mercurius uses it when it is there); a larger
    // message closes its socket with 1009. What a client sent against the WebSocket protocol
    // (ws's WS_ERR_* errors: a frame too large, a bad opcode) is the client's, logged at info;
    // anything else on a socket is ours, at error.
    await scope.register(websocket, {
      options: { maxPayload: MAX_SOCKET_MESSAGE_BYTES },
      errorHandler: (error, socket, request) => {
        const isClients = String((error as { code?: unknown }).code ?? "").startsWith("WS_ERR_");
        request.log[isClients ? "info" : "error"]({ err: error }, "websocket error");
        socket.terminate();
      },
    });
    scope.addHook("preHandler", async (request, reply) => {
      // WebSockets authenticate in the socket's own handshake (below, and in actioncable.ts).
      if (request.headers.upgrade?.toLowerCase() === "websocket") return;
      const caller = await callerOf(ctx, request);
      // A GraphQL request counts against its credential's budget like any other request; a
      // batch, one for each of its operations.
      chargeRateLimit(caller.principal, reply, Array.isArray(request.body) ? request.body.length : 1);
      request.graphqlScope = caller.scope;
      // The credential an Idempotency-Key belongs to, as on REST (a retried mutation runs once);
      // mutations record their own audit (schema.ts), queries none.
      request.principal = caller.principal;
      request.auditRecorded = true;
    });
    await scope.register(mercurius, {
      schema,
      path: "/v1/graphql",
      graphiql: false,
      allowBatchedQueries: true,
      graphql: { parseOptions: PARSE_OPTIONS },
      // Also called for a request the preHandler refused (to format its error): no scope, no data.
      context: (request: FastifyRequest): GraphQLContext =>
        contextOf(request.graphqlScope ?? NO_SCOPE, request.id),
      subscription: {
        context: async (_socket, request) => {
          const token = tokenIn(request.query);
          return contextOf(token ? await scopeOfSocket(token).catch(() => NO_SCOPE) : NO_SCOPE);
        },
        // A token in connection_init replaces the URL's; a bad one, or none in either place,
        // closes the socket at once (connection_error), as ActionCable refuses a socket without
        // one: nothing is held open for a caller with no credential. Mercurius calls this with
        // the connection as `this`, its context (the URL token's scope, above) already resolved.
        onConnect: async function (this: unknown, { payload }) {
          const connection = this as { context?: Partial<GraphQLContext>; socket?: WebSocket };
          const token = tokenIn(payload) ?? tokenIn(payload?.headers);
          if (!token) {
            if (!connection.context?.environmentId) return false;
            sessions.watch(connection.socket, connection.context.socket?.sessionId);
            return true;
          }
          const found = await scopeOfSocket(token).catch(() => undefined);
          if (!found) return false;
          sessions.watch(connection.socket, found.socket?.sessionId);
          return contextOf(found);
        },
      },
      // What resolvers raised: theirs to read, or ours (logged, answered with an errorId).
      errorFormatter: (execution) =>
        mercurius.defaultErrorFormatter(withCallerFacingErrors(execution, ctx.logger), UNLOGGED),
      // Credentials are refused as the rest of the API refuses them; GraphQL's own errors stay GraphQL's.
      errorHandler: async (error: Error, _request: FastifyRequest, reply: FastifyReply) => {
        // What the input policy refuses in a request's variables (NUL, 1e999, metadata nested
        // too deep) is a GraphQL request's mistake: a 400 with its errors, as when written inline.
        if (error instanceof ValidationError) {
          reply.code(400).send({
            data: null,
            errors: Object.entries(error.fields).flatMap(([field, messages]) =>
              messages.map((message) => ({ message, extensions: { code: "BAD_USER_INPUT", field } })),
            ),
          });
          return;
        }
        if (error instanceof HttpError) {
          reply
            .code(error.statusCode)
            .headers(error.headers)
            .send({ message: error.message, instruction: error.instruction });
          return;
        }
        // A body the parser could not read (not JSON, a __proto__ key, too large, not JSON's type):
        // our words for it, in GraphQL's answer shape.
        const unread = knownClientError(error as FastifyError, _request.routeOptions.bodyLimit);
        if (unread) {
          reply.code(unread.status).send(unrun([`${unread.message}. ${unread.instruction}`], "BAD_REQUEST"));
          return;
        }
        const graphqlError =
          error instanceof GraphQLError ? error : new GraphQLError(error.message, { originalError: error });
        const { statusCode, response } = mercurius.defaultErrorFormatter(
          { errors: [graphqlError] } as never,
          UNLOGGED,
        );
        // Mercurius answers a document with one validation error 400 and one with several 200;
        // an invalid document is the caller's mistake either way: its own status, 400.
        const own = (error as { statusCode?: unknown }).statusCode;
        reply.code(typeof own === "number" ? own : statusCode).send(response);
      },
    });
    // Before the parser, which recurses through each level of a document's nesting (a graphql-ws
    // subscription's document is checked as its message arrives: refuseMalformedMessages).
    scope.graphql.addHook("preParsing", async (_schema, source) => {
      const error = nestingError(source);
      if (error) throw new InvalidDocument([error]);
    });
    scope.graphql.addHook("preValidation", async (schema, document, context) => {
      const errors = documentErrors(document);
      if (errors.length > 0) throw new InvalidDocument(errors);
      const longList = longListError(variablesOf(context));
      if (longList) throw new InvalidDocument([longList]);
      // The rows it may fetch, with the batch's operations checked before it: too many, refused unrun.
      const tooMany = planRows(
        schema,
        document,
        variablesOf(context),
        (context as unknown as GraphQLContext).rows,
      );
      if (tooMany) throw new InvalidDocument([tooMany]);
    });
    // Mercurius validates no subscription: the limits and GraphQL's own rules (known fields, one
    // root field, no fragment cycles) hold there as over HTTP; the socket shows the first error.
    // The socket's token is checked again, and the subscription counted, as each starts.
    scope.graphql.addHook("preSubscriptionExecution", async (schema, document, context) => {
      const [first] = documentErrors(document);
      if (first) throw first;
      // Each event runs the selection again: its rows, on their own (a socket has no request to share).
      const tooMany = planRows(schema, document);
      if (tooMany) throw tooMany;
      const [invalid] = validate(schema, document);
      if (invalid) throw invalid;
      // The caller's mistakes (an API key with no profile, one subscription too many) are
      // refused here, answered on the socket: raised by the subscription itself, Mercurius would
      // also log them as errors — a line a client could repeat at will.
      const graphqlContext = context as unknown as GraphQLContext;
      graphqlContext.feed.assertRoomFor(profileOf(graphqlContext));
      await graphqlContext.socket?.beforeOperation();
    });
    // A batch too long, or a request that is no GraphQL request (a query that is no string,
    // variables that are no object, a field GraphQL over HTTP does not have), is refused unrun in
    // GraphQL's answer shape, before Mercurius's schema would word it as a validator does — the
    // batch's length first, so a long one's operations are not each read.
    scope.addHook("preValidation", async (request, reply) => {
      if (request.headers.upgrade?.toLowerCase() === "websocket") return;
      if (Array.isArray(request.body) && request.body.length > MAX_BATCH) {
        const message = `A batch may hold at most ${MAX_BATCH} operations; this one has ${request.body.length}. Send fewer operations per request.`;
        return reply.code(413).send(unrun([message], "BATCH_TOO_LARGE"));
      }
      const isGet = request.method === "GET";
      const problems = requestProblems(isGet ? request.query : request.body, isGet);
      if (problems.length > 0) return reply.code(400).send(unrun(problems, "BAD_REQUEST"));
    });
    registerActionCable(scope as unknown as Server, ctx, contextOf, scopeOfSocket);
  });
}
