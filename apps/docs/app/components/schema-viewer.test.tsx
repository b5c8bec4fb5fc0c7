import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { JsonSchema } from "@/lib/openapi.ts";
import { SchemaViewer } from "./schema-viewer.tsx";

afterEach(cleanup);

const components: Record<string, JsonSchema> = {
  Address: {
    type: "object",
    required: ["line1"],
    properties: {
      line1: { type: "string", description: "Street and number.", examples: ["1 Market St"] },
      geo: {
        type: "object",
        properties: { lat: { type: "number" } },
      },
    },
  },
  Profile: { type: "object", required: ["id"], properties: { id: { type: "string" } } },
};

const schema: JsonSchema = {
  type: "object",
  required: ["id", "status"],
  properties: {
    note: { anyOf: [{ type: "string" }, { type: "null" }], description: "Anything you like." },
    id: { type: "string", description: "Read-only `global` id.", examples: ["p_01jd8x0m6e9q7v2c5b4n3k1h0g"] },
    status: { type: "string", enum: ["SYNCED", "SYNCING"], description: "Where the sync is." },
    bornOn: { anyOf: [{ type: "string", format: "date" }, { type: "null" }] },
    address: { anyOf: [{ $ref: "#/components/schemas/Address" }, { type: "null" }] },
    friends: { type: "array", items: { $ref: "#/components/schemas/Profile" } },
    target: {
      oneOf: [
        { type: "string", format: "uri" },
        { type: "integer", description: "A port." },
      ],
    },
    limit: { type: "integer", default: 25, minimum: 1, maximum: 100 },
  },
};

const field = (name: string) => document.querySelector(`[data-field="${name}"]`) as HTMLElement;
const typeOf = (name: string) => within(field(name)).getAllByTestId("schema-type")[0]!.textContent;

describe("<SchemaViewer />", () => {
  it("lists required fields first, each with its type text and a required badge", () => {
    render(<SchemaViewer schema={schema} components={components} />);
    const names = [...document.querySelectorAll(".schema-viewer > ul > li > .schema-field")].map((el) =>
      el.getAttribute("data-field"),
    );
    expect(names).toEqual(["id", "status", "note", "bornOn", "address", "friends", "target", "limit"]);
    expect(within(field("id")).getByText("required")).toBeTruthy();
    expect(within(field("note")).queryByText("required")).toBeNull();
  });

  it("writes every kind of type text", () => {
    render(<SchemaViewer schema={schema} components={components} />);
    expect(typeOf("id")).toBe("string");
    expect(typeOf("note")).toBe("string or null");
    expect(typeOf("bornOn")).toBe("string <date> or null");
    expect(typeOf("address")).toBe("object (Address) or null");
    expect(typeOf("friends")).toBe("array of Profile");
    expect(typeOf("target")).toBe("string <uri> or integer");
    expect(screen.getAllByTestId("schema-type")[0]!.textContent).toBe("object");
  });

  it("shows the description (code spans as code), the example and the default", () => {
    render(<SchemaViewer schema={schema} components={components} />);
    expect(field("id").textContent).toContain("Read-only global id.");
    expect(within(field("id")).getByText("global").tagName).toBe("CODE");
    expect(field("id").textContent).toContain("Example: p_01jd8x0m6e9q7v2c5b4n3k1h0g");
    expect(field("limit").textContent).toContain("Default: 25");
    expect(field("limit").textContent).toContain("minimum 1, maximum 100");
  });

  it("counts constraints in the singular for one and the plural otherwise", () => {
    const limits: JsonSchema = {
      type: "object",
      properties: {
        key: { type: "string", minLength: 1, maxLength: 255 },
        tags: { type: "array", items: { type: "string" }, minItems: 1, maxItems: 2 },
        metadata: { type: "object", minProperties: 1, maxProperties: 50 },
      },
    };
    render(<SchemaViewer schema={limits} components={components} />);
    expect(field("key").textContent).toContain("at least 1 character, at most 255 characters");
    expect(field("tags").textContent).toContain("at least 1 item, at most 2 items");
    expect(field("metadata").textContent).toContain("at least 1 key, at most 50 keys");
  });

  it("lists Enum: values and One of: alternatives", () => {
    render(<SchemaViewer schema={schema} components={components} />);
    const status = field("status");
    expect(within(status).getByText("Enum:")).toBeTruthy();
    expect(
      within(status)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["SYNCED", "SYNCING"]);
    const target = field("target");
    expect(within(target).getByText("One of:")).toBeTruthy();
    expect(
      within(target)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["string <uri>", "integer — A port."]);
  });

  it("hides nested properties behind a toggle that alternates Show and Hide Properties", () => {
    render(<SchemaViewer schema={schema} components={components} />);
    const address = field("address");
    const toggle = within(address).getByRole("button");
    expect(toggle.textContent).toBe("Show Properties");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(address.querySelector('[data-field="line1"]')).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.textContent).toBe("Hide Properties");
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const line1 = address.querySelector('[data-field="line1"]') as HTMLElement;
    expect(within(line1).getByText("required")).toBeTruthy();
    expect(line1.textContent).toContain("Street and number.");

    // Nested objects inside nested objects have their own toggle.
    const geo = address.querySelector('[data-field="geo"]') as HTMLElement;
    fireEvent.click(within(geo).getByRole("button"));
    expect(geo.querySelector('[data-field="lat"]')).not.toBeNull();

    fireEvent.click(toggle);
    expect(toggle.textContent).toBe("Show Properties");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(address.querySelector('[data-field="line1"]')).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.textContent).toBe("Hide Properties");
  });

  it("opens arrays of objects to their items' properties", () => {
    render(<SchemaViewer schema={schema} components={components} />);
    const friends = field("friends");
    fireEvent.click(within(friends).getByRole("button", { name: "Show Properties" }));
    expect(friends.querySelector('[data-field="id"]')).not.toBeNull();
  });

  it("keeps even the top level behind the toggle when collapsed", () => {
    render(
      <SchemaViewer schema={{ $ref: "#/components/schemas/Profile" }} components={components} collapsed />,
    );
    expect(screen.getAllByTestId("schema-type")[0]!.textContent).toBe("object (Profile)");
    expect(document.querySelector('[data-field="id"]')).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Show Properties" }));
    expect(document.querySelector('[data-field="id"]')).not.toBeNull();
  });
});
