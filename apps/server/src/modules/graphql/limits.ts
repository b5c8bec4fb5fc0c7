import {
  type ArgumentNode,
  type DocumentNode,
  type FloatValueNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  type IntValueNode,
  isInterfaceType,
  isObjectType,
  Kind,
  Location,
  type OperationDefinitionNode,
  type SelectionNode,
  type SelectionSetNode,
  visit,
} from "graphql";
import { NUMBER_OUT_OF_RANGE, problemOfText } from "../../http/input-policy.ts";

/** Tokens in one document: the parser stops there, so a huge document costs next to nothing to refuse. */
export const MAX_TOKENS = 10_000;
/** What graphql-js's `parse` is given, on every path a document arrives by. */
export const PARSE_OPTIONS = { maxTokens: MAX_TOKENS } as const;
/**
 * Bytes in one WebSocket message (graphql-ws and ActionCable). Mercurius parses a subscription's
 * document without `PARSE_OPTIONS`, so the message's size is what bounds that parse: 64 KB of the
 * worst document parses in about the time 10,000 tokens do (~5–7 ms), where 1 MB took 300 ms of
 * the event loop. A subscription or query document is a few hundred bytes.
 */
export const MAX_SOCKET_MESSAGE_BYTES = 64 * 1024;
/**
 * Braces, brackets and parentheses one document may nest. graphql-js's parser descends a few
 * calls for each, and runs out of stack near 2,000 levels, well within MAX_TOKENS; a real query
 * nests a dozen (MAX_QUERY_DEPTH fields, metadata 10 levels deep).
 */
export const MAX_NESTING = 64;
/** Variables one operation may declare. */
export const MAX_VARIABLES = 50;
/** Fields one operation may ask for at its top level (aliases count: each is run). */
export const MAX_ROOT_FIELDS = 20;
/** Fields in one document, all levels, each fragment's counted wherever it is spread. */
export const MAX_FIELDS = 500;
/** Fields nested in fields, fragments followed. */
export const MAX_QUERY_DEPTH = 8;
/** Relay lists: at most this many nodes a page (first/last above it is an error, not a cut). */
export const MAX_PAGE = 100;
/** A page's size when a list is asked for with neither first nor last. */
export const DEFAULT_PAGE = 25;
/**
 * Rows one request may fetch, a batch's operations together: a list nested in a list fetches its
 * page for every row of the one above it, so depth and field limits alone let one session's
 * query read 50,000 rows and hold the server for seconds.
 */
export const MAX_ROWS = 10_000;

/** Values one list in a request's variables may hold (a filter's ids, statuses): each costs work to read. */
export const MAX_LIST_VALUES = 1_000;

/** The first list in `variables` longer than MAX_LIST_VALUES, as the error that says so; else undefined. */
export function longListError(variables: unknown, path = "variables"): GraphQLError | undefined {
  if (Array.isArray(variables)) {
    if (variables.length > MAX_LIST_VALUES)
      return new GraphQLError(
        `A list may hold at most ${MAX_LIST_VALUES} values; ${path} holds ${variables.length}. Send fewer, or split the request.`,
      );
    for (const [i, item] of variables.entries()) {
      const error = longListError(item, `${path}[${i}]`);
      if (error) return error;
    }
  } else if (variables !== null && typeof variables === "object") {
    for (const [key, value] of Object.entries(variables)) {
      const error = longListError(value, `${path}.${key}`);
      if (error) return error;
    }
  }
  return undefined;
}

type Size = { fields: number; depth: number };

/**
 * Introspection's `ofType`: one type wrapping another (a list of non-null X is three), one
 * object per level, so it adds no depth — the standard introspection query that GraphQL tools
 * send (codegen, GraphiQL, Apollo) nests it seven deep. Fields that fan out count.
 */
const isChainLink = (selection: SelectionNode) =>
  selection.kind === Kind.FIELD && selection.name.value === "ofType";

/**
 * A query's breadth has a price as its depth does: 500 aliases of a 100-item list are one
 * request and 50,000 rows, and a fragment spread in many places runs its fields in each. These
 * limits are checked before GraphQL's own validation, whose rules cost more than linear time on
 * a pathological document, so what is refused costs next to nothing; each error says what to do.
 */
function queryLimitErrors(document: DocumentNode): GraphQLError[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  // Each fragment's size once (a fragment spreading itself is GraphQL's error to report, not a loop here).
  const sizes = new Map<string, Size>();
  const sizeOfFragment = (name: string): Size => {
    const known = sizes.get(name);
    if (known) return known;
    sizes.set(name, { fields: 0, depth: 0 });
    const fragment = fragments.get(name);
    const size = fragment ? sizeOf(fragment.selectionSet) : { fields: 0, depth: 0 };
    sizes.set(name, size);
    return size;
  };
  const sizeOf = (set: SelectionSetNode): Size => {
    let fields = 0;
    let depth = 0;
    for (const selection of set.selections) {
      const inner =
        selection.kind === Kind.FRAGMENT_SPREAD
          ? sizeOfFragment(selection.name.value)
          : selection.selectionSet
            ? sizeOf(selection.selectionSet)
            : { fields: 0, depth: 0 };
      const own = selection.kind === Kind.FIELD ? 1 : 0;
      fields += own + inner.fields;
      depth = Math.max(depth, (isChainLink(selection) ? 0 : own) + inner.depth);
    }
    return { fields, depth };
  };
  const rootFields = (set: SelectionSetNode, seen = new Set<string>()): number => {
    let n = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) n++;
      else if (selection.kind === Kind.INLINE_FRAGMENT) n += rootFields(selection.selectionSet, seen);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) n += rootFields(fragment.selectionSet, seen);
      }
    }
    return n;
  };

  const errors: GraphQLError[] = [];
  let fields = 0;
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  for (const operation of operations) {
    const variables = operation.variableDefinitions?.length ?? 0;
    if (variables > MAX_VARIABLES) {
      errors.push(
        new GraphQLError(
          `An operation may declare at most ${MAX_VARIABLES} variables; this one declares ${variables}. Send fewer, or an input object.`,
          { nodes: [operation] },
        ),
      );
    }
    const roots = rootFields(operation.selectionSet);
    if (roots > MAX_ROOT_FIELDS) {
      errors.push(
        new GraphQLError(
          `An operation may ask for at most ${MAX_ROOT_FIELDS} fields at its top level; this one asks for ${roots}. Split it into several requests.`,
          { nodes: [operation] },
        ),
      );
    }
    const size = sizeOf(operation.selectionSet);
    if (size.depth > MAX_QUERY_DEPTH) {
      errors.push(
        new GraphQLError(
          `A query may nest fields at most ${MAX_QUERY_DEPTH} deep; this one goes ${size.depth} deep. Ask for less at a time.`,
          { nodes: [operation] },
        ),
      );
    }
    fields += size.fields;
  }
  if (fields > MAX_FIELDS) {
    const held = fields > 1e9 ? "over a billion" : String(fields);
    errors.push(
      new GraphQLError(
        `A document may hold at most ${MAX_FIELDS} fields (a fragment's count wherever it is spread); this one holds ${held}. Ask for less, or split it.`,
      ),
    );
  }
  return errors;
}

/**
 * The input policy (http/input-policy.ts) for values written in the document itself, which the
 * request body's checks cannot see: a string's escapes (`"\u0000"`) are read by GraphQL's
 * parser, a number literal like 1e999 would reach a JSON argument as Infinity, and an object's
 * keys are the caller's own (`__proto__` would be stored as metadata).
 */
function literalErrors(document: DocumentNode): GraphQLError[] {
  const errors: GraphQLError[] = [];
  const number = (node: IntValueNode | FloatValueNode) => {
    if (!Number.isFinite(Number(node.value))) {
      const written = node.value.length > 24 ? `${node.value.slice(0, 20)}…` : node.value;
      errors.push(new GraphQLError(`${written} ${NUMBER_OUT_OF_RANGE}.`, { nodes: [node] }));
    }
  };
  visit(document, {
    StringValue(node) {
      const problem = problemOfText(node.value);
      if (problem) errors.push(new GraphQLError(`A string in the query ${problem}.`, { nodes: [node] }));
    },
    IntValue: number,
    FloatValue: number,
    // The keys a JSON body may not hold either (Fastify refuses them as prototype poisoning).
    ObjectValue(node) {
      const isPoisoned = node.fields.some(
        ({ name, value }) =>
          name.value === "__proto__" ||
          (name.value === "constructor" &&
            value.kind === Kind.OBJECT &&
            value.fields.some((inner) => inner.name.value === "prototype")),
      );
      if (isPoisoned) {
        errors.push(
          new GraphQLError("An object in the query holds a __proto__ or constructor.prototype key.", {
            nodes: [node],
          }),
        );
      }
    },
  });
  return errors;
}

/**
 * A document's text that nests deeper than MAX_NESTING, read before it is parsed, as GraphQL's
 * lexer reads it: nothing in a string, a block string or a comment counts.
 */
export function nestingError(text: string): GraphQLError | null {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === "#") {
      while (i < text.length && text[i] !== "\n" && text[i] !== "\r") i++;
    } else if (char === '"') {
      if (text.startsWith('""', i + 1)) {
        const end = text.indexOf('"""', i + 3);
        // In a block string, \""" is a quote, not its end.
        let close = end;
        while (close > 0 && text[close - 1] === "\\") close = text.indexOf('"""', close + 3);
        if (close < 0) return null;
        i = close + 2;
      } else {
        for (i++; i < text.length && text[i] !== '"' && text[i] !== "\n"; i++) if (text[i] === "\\") i++;
      }
    } else if (char === "{" || char === "[" || char === "(") {
      if (++depth > MAX_NESTING) {
        return new GraphQLError(
          `A query may nest braces, brackets and parentheses at most ${MAX_NESTING} deep. Send less nested values, or send them as variables.`,
        );
      }
    } else if (char === "}" || char === "]" || char === ")") {
      depth--;
    }
  }
  return null;
}

/**
 * What is wrong with a document before GraphQL validates it: the limits, then its literals.
 * Mercurius also takes a query that is not GraphQL but JSON as an already-parsed syntax tree,
 * which no parser has checked: refused.
 */
export function documentErrors(document: DocumentNode): readonly GraphQLError[] {
  if (!(document.loc instanceof Location)) {
    return [new GraphQLError("The query is not a GraphQL document: send it as GraphQL text.")];
  }
  const beyond = queryLimitErrors(document);
  return beyond.length > 0 ? beyond : literalErrors(document);
}

/** A page's size as the operation asks for it: a number, a variable's value or default, at most MAX_PAGE. */
function pageSize(
  args: readonly ArgumentNode[] | undefined,
  variables: Record<string, unknown>,
  defaults: Map<string, number>,
): number {
  let size: number | null = null;
  for (const arg of args ?? []) {
    if (arg.name.value !== "first" && arg.name.value !== "last") continue;
    const { value } = arg;
    const given =
      value.kind === Kind.INT
        ? Number(value.value)
        : value.kind === Kind.VARIABLE
          ? (variables[value.name.value] ?? defaults.get(value.name.value) ?? MAX_PAGE)
          : MAX_PAGE;
    // Out of range is the resolver's error to report; here it counts as a full page.
    const rows =
      typeof given === "number" && Number.isInteger(given) && given >= 0
        ? Math.min(given, MAX_PAGE)
        : MAX_PAGE;
    size = Math.max(size ?? 0, rows);
  }
  return size ?? DEFAULT_PAGE;
}

/**
 * The rows a document's operations may fetch, known before they run: each list (a field taking
 * first and last) fetches its page once for every row of each list it is nested in. Fields the
 * schema does not have count nothing (validation reports them); a fragment spread inside itself
 * is followed once.
 */
export function rowsOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> = {},
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  let rows = 0;
  const walk = (
    set: SelectionSetNode,
    type: GraphQLNamedType | null | undefined,
    above: number,
    defaults: Map<string, number>,
    spread: ReadonlySet<string>,
  ): void => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const fields = isObjectType(type) || isInterfaceType(type) ? type.getFields() : undefined;
        const field = fields?.[selection.name.value];
        if (!field || !selection.selectionSet) continue;
        const isList =
          field.args.some((a) => a.name === "first") && field.args.some((a) => a.name === "last");
        const under = isList ? above * pageSize(selection.arguments, variables, defaults) : above;
        if (isList) rows += under;
        walk(selection.selectionSet, getNamedType(field.type), under, defaults, spread);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const on = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : type;
        walk(selection.selectionSet, on, above, defaults, spread);
      } else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (!fragment || spread.has(name)) continue;
        const on = schema.getType(fragment.typeCondition.name.value);
        walk(fragment.selectionSet, on, above, defaults, new Set([...spread, name]));
      }
    }
  };
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const defaults = new Map<string, number>();
    for (const variable of definition.variableDefinitions ?? []) {
      const value = variable.defaultValue;
      if (value?.kind === Kind.INT) defaults.set(variable.variable.name.value, Number(value.value));
    }
    walk(definition.selectionSet, schema.getRootType(definition.operation), 1, defaults, new Set());
  }
  return rows;
}

/**
 * Counts an operation's rows (`rowsOf`) into the rows its request has planned — a batch's
 * operations share one `planned` — and answers the error once they pass MAX_ROWS; null within.
 */
export function planRows(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> = {},
  rows: { planned: number } = { planned: 0 },
): GraphQLError | null {
  rows.planned += rowsOf(schema, document, variables);
  if (rows.planned <= MAX_ROWS) return null;
  return new GraphQLError(
    `A request may fetch at most ${MAX_ROWS.toLocaleString("en-US")} rows, a batch's operations together; this one may fetch ${rows.planned.toLocaleString("en-US")} (each list's first or last, times the rows of the lists it is nested in). Ask for smaller pages or fewer nested lists, or page through them in several requests.`,
    { extensions: { code: "BAD_USER_INPUT" } },
  );
}
