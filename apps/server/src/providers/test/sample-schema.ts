import type { Random } from "../mock/prng.ts";

/**
 * A seeded sampler of JSON instances valid against an OpenAPI 3.0 schema, for property-based
 * tests of what a provider may answer (each provider's mapping.fuzz.test.ts, over the response
 * schemas its test/extract-openapi.ts took from the provider's own OpenAPI description). The same
 * seed gives the same instance.
 *
 * It honours type (and OpenAPI 3.1's type lists), nullable (null is tried even when an enum
 * leaves it out: Plaid's nullable enums mean "or null"), required vs optional (optional fields
 * are sometimes left out), enum, format (date, date-time), minimum / maximum, minLength /
 * maxLength, minItems / maxItems (arrays of 0-3 items otherwise), additionalProperties
 * (sometimes a field no schema names), required properties no schema describes (any value),
 * allOf / oneOf / anyOf and $refs into `components`.
 * Strings, numbers and dates lean to the edges: empty, blank, long, non-ASCII and
 * Object.prototype names; zero, negative, huge and tiny amounts; first and last days, leap days,
 * leap seconds and offsets. A `date` is a real day of the years 0001-9999 (Weft's own "date"
 * format, as PostgreSQL has no year 0).
 */

export type Schema = {
  $ref?: string;
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  deprecated?: boolean;
};

/**
 * A provider's fixture (its test/openapi-responses.json, written by its test/extract-openapi.ts):
 * the response schemas of the endpoints Weft calls (each described as the provider's script has
 * it), the provider's error object, and the components.schemas their $refs point into.
 */
export type ResponsesFixture<Endpoint> = {
  endpoints: Record<string, Endpoint>;
  error: Schema;
  components: { schemas: Record<string, Schema> };
};

/** Where a value is sampled: the schema that names the property (its $ref's name), and the property. */
export type Site = { owner: string | undefined; property: string | undefined };

export type SamplerOptions = {
  /**
   * Named schemas (enums) the provider says may gain values: sometimes a value outside the enum is
   * tried, as a newer version of the provider would send it.
   */
  openEnums?: ReadonlySet<string>;
  /** A value chosen for a site instead of a random one (undefined: sample as usual); it must still be valid. */
  choose?: (site: Site, schema: Schema, random: Random) => unknown;
};

const REF = "#/components/schemas/";
const MAX_DEPTH = 12;

/** Strings a sampler tries: blank, Object.prototype's own names, markup, non-ASCII. */
const EDGE_STRINGS = [
  "",
  " ",
  "\t\n",
  "constructor",
  "__proto__",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "null",
  "undefined",
  "NaN",
  "0",
  "-1",
  "true",
  "<b>bold</b>",
  "'; DROP TABLE accounts; --",
  "%s %d $\u007Bx} {{x}}",
  "Zoë's Café Nº 5",
  "日本語の口座",
  "🏦💸🧾",
  "مرحبا بالعالم",
  "e\u0301\u0301",
  "\u200b\u200d",
  "a\\b/c",
];
const WORDS = ["USD", "CAD", "EUR", "BTC", "Plaid Checking", "Chase", "Main St", "ins_109508", "x", "AB12"];
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export class SchemaSampler {
  readonly random: Random;
  private readonly components: Record<string, Schema>;
  private readonly options: SamplerOptions;

  constructor(components: Record<string, Schema>, random: Random, options: SamplerOptions = {}) {
    this.components = components;
    this.random = random;
    this.options = options;
  }

  /** A schema's $ref followed (and the name it had), its allOf merged into one schema. */
  resolve(schema: Schema): { schema: Schema; name: string | undefined } {
    let name: string | undefined;
    let current = schema;
    while (current.$ref) {
      if (!current.$ref.startsWith(REF)) throw new Error(`unsupported $ref ${current.$ref}`);
      name = current.$ref.slice(REF.length);
      const target = this.components[name];
      if (!target) throw new Error(`unknown schema ${name}`);
      const { $ref: _ref, ...siblings } = current;
      current = { ...target, ...siblings };
    }
    if (current.allOf) current = this.mergeAllOf(current);
    return { schema: current, name };
  }

  /** allOf as one schema: every part's properties and required fields (a shared property: all its schemas). */
  private mergeAllOf(schema: Schema): Schema {
    const { allOf, ...rest } = schema;
    let merged: Schema = rest;
    for (const part of allOf ?? []) {
      const resolved = this.resolve(part).schema;
      const properties = { ...merged.properties };
      for (const [key, value] of Object.entries(resolved.properties ?? {})) {
        const previous = properties[key];
        properties[key] = previous ? { allOf: [previous, value] } : value;
      }
      merged = {
        ...resolved,
        ...merged,
        properties,
        required: [...new Set([...(merged.required ?? []), ...(resolved.required ?? [])])],
        type: merged.type ?? resolved.type,
        additionalProperties:
          merged.additionalProperties === false || resolved.additionalProperties === false
            ? false
            : (merged.additionalProperties ?? resolved.additionalProperties),
      };
    }
    return merged;
  }

  sample(schema: Schema, site: Site = { owner: undefined, property: undefined }, depth = 0): unknown {
    const { schema: s, name } = this.resolve(schema);
    const owner = name ?? site.owner;
    const r = this.random;

    const chosen = this.options.choose?.({ owner: site.owner, property: site.property }, s, r);
    if (chosen !== undefined) return chosen;

    const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
    const nullable = s.nullable === true || types.includes("null") || (s.enum?.includes(null) ?? false);
    if (nullable && r.chance(0.2)) return null;

    if (s.oneOf || s.anyOf) {
      const branch = r.pick((s.oneOf ?? s.anyOf)!);
      const { oneOf: _o, anyOf: _a, ...rest } = s;
      return this.sample({ allOf: [rest, branch] }, { owner, property: site.property }, depth + 1);
    }

    if (s.enum) {
      if (name && this.options.openEnums?.has(name) && r.chance(0.15))
        return r.pick([`new ${name.toLowerCase()} ${r.int(1, 99)}`, this.string({}), "other future value"]);
      const values = s.enum.filter((v) => v !== null);
      return values.length > 0 ? r.pick(values) : null;
    }

    const type = types.filter((t) => t !== "null");
    const chosenType =
      type.length > 0 ? r.pick(type) : s.properties ? "object" : s.items ? "array" : undefined;
    switch (chosenType) {
      case "object":
        return this.object(s, owner, depth);
      case "array":
        return this.array(s, owner, site.property, depth);
      case "string":
        return this.string(s);
      case "number":
        return this.number(s);
      case "integer":
        return this.integer(s);
      case "boolean":
        return r.chance(0.5);
      case undefined:
        return this.anyValue(depth);
      default:
        throw new Error(`unsupported type ${chosenType}`);
    }
  }

  private object(s: Schema, owner: string | undefined, depth: number): Record<string, unknown> {
    const r = this.random;
    const out: Record<string, unknown> = {};
    const required = new Set(s.required ?? []);
    for (const [property, schema] of Object.entries(s.properties ?? {})) {
      const keep = required.has(property) || (depth < MAX_DEPTH && r.chance(schema.deprecated ? 0.4 : 0.6));
      if (keep) out[property] = this.sample(schema, { owner, property }, depth + 1);
    }
    // A required property that no schema describes (Finicity's CustomerAccount requires
    // accountNickname and says nothing more of it): any value.
    for (const property of required)
      if (!Object.hasOwn(out, property)) out[property] = this.anyValue(depth + 1);
    if (s.additionalProperties !== false && r.chance(0.15)) {
      for (let i = r.int(1, 2); i > 0; i--) {
        const key = `unknown_${this.word(r.int(3, 10)).toLowerCase()}`;
        if (key in out) continue;
        out[key] =
          typeof s.additionalProperties === "object"
            ? this.sample(s.additionalProperties, { owner, property: key }, depth + 1)
            : this.anyValue(depth + 1);
      }
    }
    return out;
  }

  private array(
    s: Schema,
    owner: string | undefined,
    property: string | undefined,
    depth: number,
  ): unknown[] {
    const min = s.minItems ?? 0;
    const max = Math.max(min, Math.min(s.maxItems ?? 3, depth < MAX_DEPTH ? 3 : min));
    const length = this.random.int(min, max);
    return Array.from({ length }, () => this.sample(s.items ?? {}, { owner, property }, depth + 1));
  }

  string(s: Schema): string {
    const r = this.random;
    if (s.pattern) throw new Error(`unsupported pattern ${s.pattern}`);
    if (s.format === "date") return this.date();
    if (s.format === "date-time") return this.dateTime();
    const min = s.minLength ?? 0;
    const max = s.maxLength ?? Number.POSITIVE_INFINITY;
    const family = r.int(0, 9);
    const candidate =
      family <= 2
        ? this.word(r.int(1, 24))
        : family <= 4
          ? r.pick(WORDS)
          : family <= 7
            ? r.pick(EDGE_STRINGS)
            : family === 8
              ? `${r.pick(EDGE_STRINGS)} ${this.word(r.int(1, 8))}`
              : this.long();
    const length = [...candidate].length;
    if (length >= min && length <= max) return candidate;
    return this.word(r.int(min, Math.min(max, min + 16)));
  }

  private word(length: number): string {
    let out = "";
    for (let i = 0; i < length; i++) out += ALNUM[this.random.int(0, ALNUM.length - 1)];
    return out;
  }

  /** 256 to 5,000 characters, some of them outside the BMP. */
  private long(): string {
    const unit = `${this.word(this.random.int(5, 40))} Zoë 日本 🏦 `;
    return unit.repeat(Math.ceil(this.random.int(256, 5000) / unit.length));
  }

  /** A real day, 0001-01-01 to 9999-12-31, leaning to recent years and to the month's edges. */
  date(): string {
    const r = this.random;
    const year = r.pick([
      r.int(2000, 2035),
      r.int(2000, 2035),
      r.int(2000, 2035),
      r.int(1900, 2099),
      1,
      1970,
      2000,
      2024,
      9999,
      r.int(1, 9999),
    ]);
    const month = r.int(1, 12);
    const last = new Date(Date.UTC(2000, month, 0)).getUTCDate(); // month's length in a leap year
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    const monthLength = month === 2 && !leap ? 28 : last;
    const day = r.pick([1, monthLength, r.int(1, monthLength), r.int(1, monthLength)]);
    return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  }

  /** RFC 3339: UTC or an offset, 0-9 fractional digits, sometimes lower case, sometimes a leap second. */
  dateTime(): string {
    const r = this.random;
    const two = (n: number) => String(n).padStart(2, "0");
    if (r.chance(0.05)) return `${r.pick(["2016-12-31", "1990-12-31", "2035-06-30"])}T23:59:60Z`;
    const day = this.date();
    const time = `${two(r.int(0, 23))}:${two(r.int(0, 59))}:${two(r.int(0, 59))}`;
    const fraction = r.chance(0.3)
      ? `.${String(r.int(0, 999_999_999)).padStart(9, "0").slice(0, r.int(1, 9))}`
      : "";
    const offset = r.chance(0.5)
      ? "Z"
      : `${r.pick(["+", "-"])}${two(r.int(0, 14))}:${r.pick(["00", "30", "45"])}`;
    const text = `${day}T${time}${fraction}${offset}`;
    return r.chance(0.05) ? text.toLowerCase() : text;
  }

  /** A finite double: zero (either sign), cents, large, huge, tiny; within minimum / maximum. */
  number(s: Schema): number {
    const r = this.random;
    const sign = r.chance(0.3) ? -1 : 1;
    const candidate = r.pick([
      0,
      -0,
      sign * (r.int(0, 1_000_000) / 100),
      sign * (r.int(0, 100_000) / 100),
      sign * r.int(0, 1_000_000_000),
      sign * r.next() * 10 ** r.int(-12, 12),
      sign * r.pick([1e21, 1.5e22, 2 ** 53 + 2, 1e300, Number.MAX_VALUE]),
      sign * r.pick([1e-7, 1.23e-10, 5e-324, Number.EPSILON]),
      0.1 + 0.2,
    ]);
    return this.within(s, candidate, false);
  }

  integer(s: Schema): number {
    const r = this.random;
    const sign = r.chance(0.3) ? -1 : 1;
    const candidate = r.pick([
      0,
      r.int(1, 12),
      r.int(0, 100),
      sign * r.int(0, 10_000),
      sign * r.int(0, 2 ** 31 - 1),
      sign * Number.MAX_SAFE_INTEGER,
      r.int(1_000_000_000, 2_200_000_000), // Unix time in seconds, 2001-2039
      -1,
      13,
    ]);
    return this.within(s, candidate, true);
  }

  /** The candidate if minimum / maximum allow it, else the bound itself or a value between the bounds. */
  private within(s: Schema, candidate: number, integer: boolean): number {
    const exclusive = (flag: number | boolean | undefined, bound: number | undefined, step: number) =>
      typeof flag === "number" ? flag + step : bound === undefined ? undefined : flag ? bound + step : bound;
    const unit = integer ? 1 : 0.01;
    const lo = exclusive(s.exclusiveMinimum, s.minimum, unit);
    const hi = exclusive(s.exclusiveMaximum, s.maximum, -unit);
    if ((lo === undefined || candidate >= lo) && (hi === undefined || candidate <= hi)) return candidate;
    const low = lo ?? (hi ?? 0) - 1_000_000;
    const high = hi ?? low + 1_000_000;
    const r = this.random;
    if (r.chance(0.3)) return r.pick([low, high]);
    return integer ? r.int(Math.ceil(low), Math.floor(high)) : low + r.next() * (high - low);
  }

  /** What an empty schema ({}) allows: any small JSON value. */
  private anyValue(depth: number): unknown {
    const r = this.random;
    switch (r.int(0, 5)) {
      case 0:
        return null;
      case 1:
        return r.chance(0.5);
      case 2:
        return this.number({});
      case 3:
        return this.string({});
      case 4:
        return depth < MAX_DEPTH ? [this.anyValue(depth + 1)] : [];
      default:
        return depth < MAX_DEPTH ? { [`k_${this.word(4)}`]: this.anyValue(depth + 1) } : {};
    }
  }
}
