import { useId, useState } from "react";
import type { JsonSchema } from "@/lib/openapi.ts";
import {
  type Components,
  enumValuesOf,
  exampleOf,
  fieldsOf,
  nestedObjectOf,
  oneOfValuesOf,
  resolveSchema,
  typeText,
  unwrapNullable,
} from "@/lib/schema-type.ts";
import { InlineText } from "./inline-text.tsx";

type ViewerProps = {
  schema: JsonSchema;
  components: Components;
  /** Names of referenced schemas already open above, so recursive schemas stop. */
  seen?: ReadonlySet<string>;
};

type SchemaViewerProps = ViewerProps & {
  /** Keep the top-level properties behind the Show Properties toggle too (error bodies). */
  collapsed?: boolean;
};

/**
 * A schema as a list of fields: each with its type text, a "required" badge, its description,
 * "One of:" and "Enum:" lists and an example. Nested objects hide behind a
 * Show Properties / Hide Properties toggle.
 */
export function SchemaViewer({ schema, components, seen = new Set(), collapsed = false }: SchemaViewerProps) {
  const nested = nestedObjectOf(schema, components, seen);
  const described = describedSchema(schema, components);
  return (
    <div className="schema-viewer text-sm">
      <p className="mb-2 text-fd-muted-foreground">
        <span className="font-mono text-xs" data-testid="schema-type">
          {typeText(schema, components)}
        </span>
      </p>
      {described.description && !nested && (
        <p className="mb-2">
          <InlineText text={described.description} />
        </p>
      )}
      {nested && collapsed && (
        <NestedProperties schema={nested.schema} components={components} seen={nested.seen} />
      )}
      {nested && !collapsed && (
        <SchemaProperties schema={nested.schema} components={components} seen={nested.seen} />
      )}
      {!nested && <ValueLists schema={schema} components={components} seen={seen} />}
    </div>
  );
}

/** The fields of an object schema, required first. */
export function SchemaProperties({ schema, components, seen = new Set() }: ViewerProps) {
  const fields = fieldsOf(schema);
  if (fields.length === 0) return null;
  return (
    <ul className="m-0 list-none divide-y divide-fd-border rounded-lg border border-fd-border p-0">
      {fields.map((field) => (
        <li key={field.name} className="m-0 px-3 py-2">
          <SchemaField
            name={field.name}
            schema={field.schema}
            required={field.required}
            components={components}
            seen={seen}
          />
        </li>
      ))}
    </ul>
  );
}

type FieldProps = ViewerProps & { name: string; required: boolean; description?: string };

/** One field: name, type text, badge, description, value lists, example and the nested toggle. */
export function SchemaField({
  name,
  schema,
  required,
  components,
  seen = new Set(),
  description,
}: FieldProps) {
  const described = describedSchema(schema, components);
  const text = description ?? described.description;
  const nested = nestedObjectOf(schema, components, seen);
  return (
    <div className="schema-field" data-field={name}>
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <code className="font-semibold">{name}</code>
        <span className="font-mono text-xs text-fd-muted-foreground" data-testid="schema-type">
          {typeText(schema, components)}
        </span>
        {required && (
          <span className="rounded bg-red-500/10 px-1.5 py-0.5 text-xs font-medium text-red-700 dark:text-red-300">
            required
          </span>
        )}
        {described.deprecated && (
          <span className="rounded bg-amber-500/10 px-1.5 py-0.5 text-xs font-medium text-amber-800 dark:text-amber-300">
            deprecated
          </span>
        )}
      </div>
      {text && (
        <p className="my-1 text-fd-muted-foreground">
          <InlineText text={text} />
        </p>
      )}
      <ValueLists schema={schema} components={components} seen={seen} />
      {nested && <NestedProperties schema={nested.schema} components={components} seen={nested.seen} />}
    </div>
  );
}

function ValueLists({ schema, components, seen = new Set() }: ViewerProps) {
  const values = enumValuesOf(schema, components);
  const alternatives = oneOfValuesOf(schema, components);
  const described = describedSchema(schema, components);
  const example = exampleOf(described);
  const constraints = constraintsOf(described);
  return (
    <>
      {constraints.length > 0 && (
        <p className="my-1 text-xs text-fd-muted-foreground">{constraints.join(", ")}</p>
      )}
      {described.default !== undefined && (
        <p className="my-1 text-xs">
          Default: <code>{formatValue(described.default)}</code>
        </p>
      )}
      {alternatives && (
        <div className="my-1 text-xs">
          <span className="font-medium">One of:</span>
          <ul className="my-1 list-disc ps-5">
            {alternatives.map((alternative, index) => (
              // Alternatives have no identity beyond their position.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is static
              <li key={index}>
                <Alternative schema={alternative} components={components} seen={seen} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {values && (
        <div className="my-1 text-xs">
          <span className="font-medium">Enum:</span>{" "}
          <ul className="m-0 inline list-none p-0">
            {values.map((value) => (
              <li key={formatValue(value)} className="m-0 me-1 inline">
                <code>{formatValue(value)}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      {example !== undefined && (
        <p className="my-1 text-xs">
          Example: <code className="break-all">{formatValue(example)}</code>
        </p>
      )}
    </>
  );
}

function Alternative({ schema, components, seen = new Set() }: ViewerProps) {
  if (schema.const !== undefined) return <code>{formatValue(schema.const)}</code>;
  const nested = nestedObjectOf(schema, components, seen);
  const described = describedSchema(schema, components);
  return (
    <>
      <span className="font-mono">{typeText(schema, components)}</span>
      {described.description && (
        <span className="text-fd-muted-foreground">
          {" "}
          — <InlineText text={described.description} />
        </span>
      )}
      {nested && <NestedProperties schema={nested.schema} components={components} seen={nested.seen} />}
    </>
  );
}

/** The toggle: closed at first; each press alternates between open and closed. */
function NestedProperties({ schema, components, seen }: ViewerProps) {
  const [isOpen, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="mt-1">
      <button
        type="button"
        className="rounded-md border border-fd-border px-2 py-0.5 text-xs font-medium text-fd-foreground hover:bg-fd-accent"
        aria-expanded={isOpen}
        aria-controls={id}
        onClick={() => setOpen((open) => !open)}
      >
        {isOpen ? "Hide Properties" : "Show Properties"}
      </button>
      <div id={id} hidden={!isOpen} className="mt-2 ps-3">
        {isOpen && <SchemaProperties schema={schema} components={components} seen={seen} />}
      </div>
    </div>
  );
}

/** The schema whose description, example and default a field shows: through nullability and refs. */
function describedSchema(schema: JsonSchema, components: Components): JsonSchema {
  const inner = unwrapNullable(schema);
  const base = inner ? { ...inner, ...pick(schema) } : schema;
  const resolved = base.$ref ? { ...resolveSchema(base, components), ...pick(base) } : base;
  const innerResolved = unwrapNullable(resolved);
  return innerResolved ? { ...innerResolved, ...pick(resolved) } : resolved;
}

function pick(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  if (schema.description !== undefined) out.description = schema.description;
  if (schema.examples !== undefined) out.examples = schema.examples;
  if (schema.example !== undefined) out.example = schema.example;
  if (schema.default !== undefined) out.default = schema.default;
  if (schema.deprecated !== undefined) out.deprecated = schema.deprecated;
  return out;
}

function constraintsOf(schema: JsonSchema): string[] {
  const out: string[] = [];
  if (schema.minimum !== undefined) out.push(`minimum ${schema.minimum}`);
  if (schema.maximum !== undefined) out.push(`maximum ${schema.maximum}`);
  if (schema.minLength !== undefined) out.push(`at least ${count(schema.minLength, "character")}`);
  if (schema.maxLength !== undefined) out.push(`at most ${count(schema.maxLength, "character")}`);
  if (schema.minItems !== undefined) out.push(`at least ${count(schema.minItems, "item")}`);
  if (schema.maxItems !== undefined) out.push(`at most ${count(schema.maxItems, "item")}`);
  if (schema.minProperties !== undefined) out.push(`at least ${count(schema.minProperties, "key")}`);
  if (schema.maxProperties !== undefined) out.push(`at most ${count(schema.maxProperties, "key")}`);
  return out;
}

/** "1 character", "0 characters", "255 characters". */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

export function formatValue(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}
