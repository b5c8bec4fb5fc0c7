import { describe, expect, it } from "vitest";
import type { JsonSchema } from "./openapi.ts";
import {
  enumValuesOf,
  fieldsOf,
  nestedObjectOf,
  oneOfValuesOf,
  typeText,
  unwrapNullable,
} from "./schema-type.ts";

const components: Record<string, JsonSchema> = {
  Profile: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
  Address: { type: "object", properties: { line1: { type: "string" } } },
  Status: { type: "string", enum: ["SYNCED", "SYNCING"] },
  Node: { type: "object", properties: { child: { $ref: "#/components/schemas/Node" } } },
  MaybeAddress: { anyOf: [{ $ref: "#/components/schemas/Address" }, { type: "null" }] },
};
const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: "null" }] });
const text = (schema: JsonSchema) => typeText(schema, components);

describe("the schema viewer's type text", () => {
  it("names primitives, with their format", () => {
    expect(text({ type: "string" })).toBe("string");
    expect(text({ type: "integer" })).toBe("integer");
    expect(text({ type: "boolean" })).toBe("boolean");
    expect(text({ type: "string", format: "date-time" })).toBe("string <date-time>");
    expect(text({})).toBe("any");
  });

  it("says object for inline objects and names referenced ones", () => {
    expect(text({ type: "object", properties: { a: { type: "string" } } })).toBe("object");
    expect(text({ properties: { a: { type: "string" } } })).toBe("object");
    expect(text(ref("Profile"))).toBe("object (Profile)");
    expect(text(ref("Status"))).toBe("string (Status)");
    expect(text(ref("Missing"))).toBe("Missing");
  });

  it("says array of X, with the referenced schema's name for arrays of refs", () => {
    expect(text({ type: "array", items: ref("Profile") })).toBe("array of Profile");
    expect(text({ type: "array", items: { type: "string", format: "uuid" } })).toBe("array of string <uuid>");
    expect(text({ type: "array", items: { type: "object", properties: {} } })).toBe("array of object");
    expect(text({ type: "array", items: { type: "array", items: ref("Address") } })).toBe(
      "array of array of Address",
    );
    expect(text({ type: "array" })).toBe("array");
  });

  it("appends or null to nullable schemas, keeping their format", () => {
    expect(text(nullable({ type: "string", format: "date" }))).toBe("string <date> or null");
    expect(text({ type: ["string", "null"], format: "email" })).toBe("string <email> or null");
    expect(text({ type: "integer", nullable: true })).toBe("integer or null");
    expect(text(nullable(ref("Address")))).toBe("object (Address) or null");
    expect(text(nullable({ type: "array", items: ref("Profile") }))).toBe("array of Profile or null");
    expect(text(ref("MaybeAddress"))).toBe("object (MaybeAddress) or null");
  });

  it("joins the alternatives of a oneOf or anyOf", () => {
    expect(text({ oneOf: [{ type: "string" }, { type: "integer" }] })).toBe("string or integer");
    expect(text({ anyOf: [ref("Profile"), ref("Address")] })).toBe("object (Profile) or object (Address)");
    expect(text({ oneOf: [{ type: "string" }, { type: "integer" }, { type: "null" }] })).toBe(
      "string or integer or null",
    );
  });

  it("names an enum by its type", () => {
    expect(text({ type: "string", enum: ["A", "B"] })).toBe("string");
    expect(text({ enum: ["A", "B"] })).toBe("string");
    expect(text({ enum: [1, "A"] })).toBe("number or string");
    expect(text({ const: 3 })).toBe("number");
  });
});

describe("the schema viewer's value lists", () => {
  it("lists enum values, through refs and nullability", () => {
    expect(enumValuesOf({ type: "string", enum: ["A", "B"] }, components)).toEqual(["A", "B"]);
    expect(enumValuesOf(ref("Status"), components)).toEqual(["SYNCED", "SYNCING"]);
    expect(enumValuesOf(nullable({ enum: ["X"] }), components)).toEqual(["X"]);
    expect(enumValuesOf({ const: "ONLY" }, components)).toEqual(["ONLY"]);
    expect(enumValuesOf({ type: "string" }, components)).toBeUndefined();
  });

  it("lists oneOf alternatives, but not a plain X or null", () => {
    const alternatives = [{ type: "string" }, ref("Profile")];
    expect(oneOfValuesOf({ oneOf: alternatives }, components)).toEqual(alternatives);
    expect(oneOfValuesOf(nullable({ type: "string" }), components)).toBeUndefined();
    expect(unwrapNullable(nullable({ type: "string" }))).toEqual({ type: "string" });
  });
});

describe("nested objects and fields", () => {
  it("finds the properties behind objects, refs, nullability and arrays", () => {
    expect(nestedObjectOf(ref("Profile"), components)?.schema.properties).toHaveProperty("id");
    expect(nestedObjectOf(nullable(ref("Address")), components)?.schema.properties).toHaveProperty("line1");
    expect(nestedObjectOf({ type: "array", items: ref("Profile") }, components)).toBeDefined();
    expect(nestedObjectOf({ type: "string" }, components)).toBeUndefined();
    expect(nestedObjectOf({ type: "object", properties: {} }, components)).toBeUndefined();
  });

  it("stops at a schema already open above, so recursion ends", () => {
    const node = nestedObjectOf(ref("Node"), components);
    expect(node?.seen.has("Node")).toBe(true);
    const child = node!.schema.properties!.child!;
    expect(nestedObjectOf(child, components, node!.seen)).toBeUndefined();
  });

  it("puts required fields first, otherwise in order", () => {
    const schema: JsonSchema = {
      type: "object",
      required: ["c", "a"],
      properties: { a: { type: "string" }, b: { type: "string" }, c: { type: "string" }, d: {} },
    };
    expect(fieldsOf(schema).map((f) => [f.name, f.required])).toEqual([
      ["a", true],
      ["c", true],
      ["b", false],
      ["d", false],
    ]);
  });
});
