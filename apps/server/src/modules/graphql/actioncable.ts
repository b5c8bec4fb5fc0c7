import {
  type DocumentNode,
  type ExecutionResult,
  execute,
  GraphQLError,
  getOperationAST,
  parse,
  subscribe,
  validate,
} from "graphql";
import type { WebSocket } from "ws";
import type { AppContext } from "../../context.ts";
import { HttpError } from "../../http/errors.ts";
import type { Server } from "../../http/server-type.ts";
import type { GraphQLContext } from "./builder.ts";
import { withCallerFacingErrors } from "./errors.ts";
import { documentErrors, nestingError, PARSE_OPTIONS, planRows } from "./limits.ts";
import type { GraphQLScope } from "./routes.ts";
import { schema } from "./schema.ts";

/**
 * The ActionCable-style channel Quiltt's clients use for subscriptions (`/websockets?token=…`):
 * the server says welcome and pings every 3 s; a client subscribes to `GraphQLChannel` (any
 * channelId), performs `execute` with {query, variables, operationName}, and receives
 * `{result, more}` messages — `more: false` ends a query or a finished subscription.
 */
const CHANNELS = new Set(["GraphQLChannel", "GraphqlChannel"]);
const PING_MS = 3_000;

type Incoming = { command?: unknown; identifier?: unknown; data?: unknown };
type Execute = { action?: unknown; query?: unknown; variables?: unknown; operationName?: unknown };

/** A JSON object from text: undefined for text that is not JSON, and for JSON that is not an object (`null`, `[]`, `5`). */
function objectIn<T extends object>(text: unknown): T | undefined {
  if (typeof text !== "string") return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as T) : undefined;
  } catch {
    return undefined;
  }
}

/** What is wrong with an `execute`'s fields, in GraphQL over HTTP's terms; null when nothing is. */
function executeError({ query, variables, operationName }: Execute): GraphQLError | null {
  if (typeof query !== "string")
    return new GraphQLError("Send the query as a string: execute's query is the document's text.");
  if (variables != null && (typeof variables !== "object" || Array.isArray(variables)))
    return new GraphQLError("Send variables as an object of names to values, or leave them out.");
  if (operationName != null && typeof operationName !== "string")
    return new GraphQLError("Send operationName as a string, or leave it out.");
  return null;
}

export function registerActionCable(
  app: Server,
  ctx: AppContext,
  contextOf: (scope: GraphQLScope) => GraphQLContext,
  scopeOfSocket: (token: string) => Promise<GraphQLScope>,
): void {
  app.get("/websockets", { websocket: true }, async (socket: WebSocket, request) => {
    const send = (message: object) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const token = (request.query as { token?: unknown }).token;
    const scope = typeof token === "string" ? await scopeOfSocket(token).catch(() => undefined) : undefined;
    const unauthorized = () => {
      send({ type: "disconnect", reason: "unauthorized", reconnect: false });
      socket.close();
    };
    if (!scope?.profileId) return unauthorized();
    send({ type: "welcome" });
    const ping = setInterval(() => send({ type: "ping", message: Math.floor(Date.now() / 1000) }), PING_MS);
    const running = new Map<string, AsyncIterator<ExecutionResult>>();
    // Operations start in the order the socket sent them: each one's credential check waits for
    // the one before (checks are queries, which would otherwise finish in any order).
    let checked: Promise<unknown> = Promise.resolve();

    const stop = (identifier: string) => {
      void running.get(identifier)?.return?.();
      running.delete(identifier);
    };
    const reply = (identifier: string, result: ExecutionResult, more: boolean) =>
      send({ identifier, message: { result: withCallerFacingErrors(result, ctx.logger), more } });

    async function run(identifier: string, data: Execute) {
      // The token again (revoked or expired since the socket opened?), and the rate limit.
      const turn = checked.then(() => scope!.socket!.beforeOperation());
      checked = turn.catch(() => undefined);
      await turn;
      const wrong = executeError(data);
      if (wrong) return reply(identifier, { errors: [wrong] }, false);
      const source = data.query as string;
      const tooDeep = nestingError(source);
      if (tooDeep) return reply(identifier, { errors: [tooDeep] }, false);
      let document: DocumentNode;
      try {
        document = parse(source, PARSE_OPTIONS);
      } catch (error) {
        return reply(identifier, { errors: [error as GraphQLError] }, false);
      }
      const refused = documentErrors(document);
      const invalid = refused.length > 0 ? refused : validate(schema, document);
      if (invalid.length > 0) return reply(identifier, { errors: invalid }, false);
      const variables = data.variables && typeof data.variables === "object" ? data.variables : {};
      const tooMany = planRows(schema, document, variables as Record<string, unknown>);
      if (tooMany) return reply(identifier, { errors: [tooMany] }, false);
      const args = {
        schema,
        document,
        contextValue: contextOf(scope!),
        variableValues: (data.variables ?? {}) as Record<string, unknown>,
        operationName: typeof data.operationName === "string" ? data.operationName : undefined,
      };
      const operation = getOperationAST(document, args.operationName);
      if (operation?.operation !== "subscription") return reply(identifier, await execute(args), false);
      const result = await subscribe(args);
      if (!(Symbol.asyncIterator in result)) return reply(identifier, result, false);
      running.set(identifier, result);
      for await (const next of result) reply(identifier, next, true);
      if (running.delete(identifier)) reply(identifier, {}, false);
    }

    // A frame that is not what the protocol sends (not JSON, `null`, an identifier that is not
    // an object's JSON) is ignored, as ActionCable ignores it.
    socket.on("message", (raw) => {
      const message = objectIn<Incoming>(String(raw));
      const identifier = message?.identifier;
      if (typeof identifier !== "string") return;
      const named = objectIn<{ channel?: unknown }>(identifier);
      if (!named) return;
      const channel = typeof named.channel === "string" ? named.channel : undefined;
      if (message!.command === "subscribe") {
        send({
          identifier,
          type: CHANNELS.has(channel ?? "") ? "confirm_subscription" : "reject_subscription",
        });
      } else if (message!.command === "unsubscribe") {
        stop(identifier);
      } else if (message!.command === "message" && CHANNELS.has(channel ?? "")) {
        const data = objectIn<Execute>(message!.data);
        if (data?.action !== "execute") return;
        stop(identifier);
        // A failure outside the resolvers: answered as theirs are (reply keeps ours to the log);
        // a token no longer valid ends the socket, as ActionCable disconnects an unauthorized one.
        run(identifier, data).catch((error: unknown) => {
          if (error instanceof HttpError && error.statusCode === 401) return unauthorized();
          const cause = error instanceof Error ? error : new Error(String(error));
          reply(identifier, { errors: [new GraphQLError(cause.message, { originalError: cause })] }, false);
        });
      }
    });
    socket.on("close", () => {
      clearInterval(ping);
      for (const identifier of [...running.keys()]) stop(identifier);
    });
  });
}
