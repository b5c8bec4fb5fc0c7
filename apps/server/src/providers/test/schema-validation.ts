import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { expect } from "vitest";
import { show } from "./contract-checks.ts";
import type { Schema } from "./sample-schema.ts";

/**
 * Checks a provider's schema sampler with Ajv: every instance it samples for a response schema of
 * the provider's fixture (test/openapi-responses.json) must be valid against that schema, so that
 * what the fuzz tests feed Weft is what the provider's description allows, no more.
 */

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as typeof addFormatsModule.default;

export type ValidationOptions = {
  /** Named schemas (enums) that may gain values: their enum is not checked, as the sampler goes beyond it. */
  openEnums?: ReadonlySet<string>;
  /**
   * oneOf read as anyOf. FDX wraps each account and transaction in a one-property object
   * ({depositAccount: …}), one oneOf branch per wrapper, none requiring its property — so every
   * instance matches every branch and no instance could pass oneOf as written. What FDX means is
   * "one of these wrappers": anyOf. (The sampler picks one branch, as it does for oneOf.)
   */
  oneOfAsAnyOf?: boolean;
};

/**
 * For each target (a name and a response schema), `count` seeds ("sampler <name>:0", …): the
 * instance `sample` makes for the seed must be valid, else the test fails with the first invalid one.
 */
export function expectSamplesValid(
  components: Record<string, Schema>,
  targets: readonly (readonly [string, Schema])[],
  sample: (seed: string, target: string, schema: Schema) => unknown,
  options: ValidationOptions & { count?: number } = {},
) {
  const { openEnums = new Set(), oneOfAsAnyOf = false, count = 50 } = options;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv as never);
  // Numeric formats check numbers only (a string of format int64, as Finicity has, is any string).
  for (const format of ["int32", "int64", "float", "double"])
    ajv.addFormat(format, { type: "number", validate: Number.isFinite });
  const forAjv = <T>(schema: T): T => openApiForAjv(schema, oneOfAsAnyOf);
  const described = Object.fromEntries(
    Object.entries(components).map(([name, { enum: values, ...schema }]) => [
      name,
      openEnums.has(name) ? schema : { ...schema, ...(values && { enum: values }) },
    ]),
  );
  ajv.addSchema({ components: { schemas: forAjv(described) } }, "described");
  for (const [target, schema] of targets) {
    const validate = ajv.compile(forAjv(retarget(schema)));
    for (let i = 0; i < count; i++) {
      const seed = `sampler ${target}:${i}`;
      const instance = sample(seed, target, schema);
      if (!validate(instance))
        expect.fail(`${target}, seed "${seed}": ${ajv.errorsText(validate.errors)}\n${show(instance)}`);
    }
  }
}

/** The fixture's $refs, pointed into the components Ajv holds as "described". */
function retarget<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(retarget) as T;
  if (schema === null || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === "$ref" ? `described${value}` : key === "enum" ? value : retarget(value),
    ]),
  ) as T;
}

/**
 * OpenAPI 3.0 for Ajv: `{nullable: true, …}` as `{anyOf: [{type: "null"}, …]}`, since nullable
 * enums and nullable allOfs mean "or null" (Ajv would refuse null there); oneOf as anyOf if asked.
 */
function openApiForAjv<T>(schema: T, oneOfAsAnyOf: boolean): T {
  if (Array.isArray(schema)) return schema.map((s) => openApiForAjv(s, oneOfAsAnyOf)) as T;
  if (schema === null || typeof schema !== "object") return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema))
    out[oneOfAsAnyOf && key === "oneOf" ? "anyOf" : key] =
      key === "enum" ? value : openApiForAjv(value, oneOfAsAnyOf);
  if (out.nullable === true) {
    const { nullable: _n, ...rest } = out;
    return { anyOf: [{ type: "null" }, rest] } as T;
  }
  return out as T;
}
