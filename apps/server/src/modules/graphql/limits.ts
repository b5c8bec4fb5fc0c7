import { GraphQLError, type ValidationRule } from "graphql";

/** Fields one operation may ask for at its top level (aliases count: each is run). */
export const MAX_ROOT_FIELDS = 20;
/** Fields in one document, all levels: what a single request may make the server resolve. */
export const MAX_FIELDS = 500;

/**
 * A query's breadth has a price as its depth does: 500 aliases of a 100-item list are one
 * request and 50,000 rows. Refused before anything runs, with what to do.
 */
export const withinQueryLimits: ValidationRule = (context) => {
  let fields = 0;
  return {
    OperationDefinition(node) {
      const roots = node.selectionSet.selections.length;
      if (roots > MAX_ROOT_FIELDS) {
        context.reportError(
          new GraphQLError(
            `An operation may ask for at most ${MAX_ROOT_FIELDS} fields at its top level; this one asks for ${roots}. Split it into several requests.`,
            { nodes: [node] },
          ),
        );
      }
    },
    Field() {
      fields++;
    },
    Document: {
      leave() {
        if (fields > MAX_FIELDS) {
          context.reportError(
            new GraphQLError(
              `A document may hold at most ${MAX_FIELDS} fields; this one holds ${fields}. Ask for less, or split it.`,
            ),
          );
        }
      },
    },
  };
};
