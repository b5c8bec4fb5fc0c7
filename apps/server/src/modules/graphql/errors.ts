import { PothosValidationError } from "@pothos/core";
import { type ExecutionResult, GraphQLError } from "graphql";
import { HttpError, INTERNAL_ERROR, newErrorId } from "../../http/errors.ts";

type Logger = { error(details: object, message: string): void };

/**
 * An error a resolver raised is the caller's to read when it was meant for them — a
 * GraphQLError, an HttpError, Pothos' validation of a cursor — and ours otherwise: a database
 * or programming error, whose text may hold SQL and values. Ours is logged with an errorId and
 * answered as the REST API answers a 500: what happened in general, and the id to quote.
 */
export function callerFacing(error: GraphQLError, logger: Logger): GraphQLError {
  const cause = error.originalError;
  if (
    !cause ||
    cause instanceof GraphQLError ||
    cause instanceof HttpError ||
    cause instanceof PothosValidationError ||
    isDocumentRefusal(cause)
  ) {
    return error;
  }
  const errorId = newErrorId();
  logger.error({ err: cause, errorId, path: error.path }, "a GraphQL resolver failed");
  return new GraphQLError(INTERNAL_ERROR.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions: { instruction: INTERNAL_ERROR.instruction, errorId },
  });
}

/**
 * A document refused before it ran, carrying GraphQL's own errors: Mercurius' validation error
 * (a syntax error, an unknown field) and the limits' (`InvalidDocument`). Its errors are listed
 * in its place when the answer is formatted; in a batch they reach the formatter this way.
 */
const isDocumentRefusal = (cause: Error): boolean => {
  const { errors } = cause as { errors?: unknown };
  return Array.isArray(errors) && errors.length > 0 && errors.every((e) => e instanceof GraphQLError);
};

/** An execution's result with its errors made caller-facing. */
export function withCallerFacingErrors<T extends ExecutionResult>(result: T, logger: Logger): T {
  if (!result.errors?.length) return result;
  return { ...result, errors: result.errors.map((error) => callerFacing(error, logger)) };
}
