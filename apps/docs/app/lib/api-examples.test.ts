import { describe, expect, it } from "vitest";
import { pathVariable, sampleValue } from "./api-examples.ts";
import type { JsonSchema } from "./openapi.ts";

const components: Record<string, JsonSchema> = {
  Node: {
    type: "object",
    required: ["name"],
    properties: { name: { type: "string" }, next: { $ref: "#/components/schemas/Node" } },
  },
};

describe("example values", () => {
  it("prefer what the schema documents, then its format", () => {
    expect(sampleValue({ type: "string", examples: ["p_01"] }, components)).toBe("p_01");
    expect(sampleValue({ type: "integer", default: 25 }, components)).toBe(25);
    expect(sampleValue({ enum: ["SYNCED", "SYNCING"] }, components)).toBe("SYNCED");
    expect(sampleValue({ type: "string", format: "date" }, components)).toBe("2025-04-01");
    expect(sampleValue({ anyOf: [{ type: "string", format: "email" }, { type: "null" }] }, components)).toBe(
      "ada@example.com",
    );
  });

  it("keep required and documented properties in requests, every property in responses", () => {
    const schema: JsonSchema = {
      type: "object",
      required: ["name"],
      properties: {
        name: { type: "string" },
        note: { type: "string" },
        plan: { type: "string", examples: ["pro"] },
      },
    };
    expect(sampleValue(schema, components, "request")).toEqual({ name: "string", plan: "pro" });
    expect(sampleValue(schema, components, "response")).toEqual({
      name: "string",
      note: "string",
      plan: "pro",
    });
  });

  it("take a documented null as the example", () => {
    expect(sampleValue({ anyOf: [{ type: "string" }, { type: "null" }], examples: [null] }, components)).toBe(
      null,
    );
  });

  it("make an id of the kind its name says, from the ids the document's examples show", () => {
    const ids: Record<string, JsonSchema> = {
      Account: { type: "object", properties: { id: { type: "string", examples: ["acct_01"] } } },
      WebhookSubscription: { type: "object", properties: { id: { type: "string", examples: ["wh_01"] } } },
      Transaction: {
        type: "object",
        properties: {
          id: { type: "string", examples: ["txn_01"] },
          accountId: { type: "string" },
          pendingTransactionId: { anyOf: [{ type: "string" }, { type: "null" }] },
          account: { type: "object", properties: { id: { type: "string" } } },
        },
      },
      Delivery: { type: "object", properties: { subscriptionId: { type: "string" } } },
    };
    expect(sampleValue({ $ref: "#/components/schemas/Transaction" }, ids)).toEqual({
      id: "txn_01",
      accountId: "acct_01",
      pendingTransactionId: "txn_01",
      account: { id: "acct_01" },
    });
    expect(sampleValue({ $ref: "#/components/schemas/Delivery" }, ids)).toEqual({ subscriptionId: "wh_01" });
  });

  it("stop at a schema that refers to itself", () => {
    expect(sampleValue({ $ref: "#/components/schemas/Node" }, components)).toEqual({
      name: "string",
      next: {},
    });
  });
});

describe("path variables", () => {
  it("name an id after its collection, other parameters after themselves", () => {
    expect(pathVariable("/v1/profiles/{id}", "id")).toBe("PROFILE_ID");
    expect(pathVariable("/v1/webhooks/subscriptions/{id}/test", "id")).toBe("SUBSCRIPTION_ID");
    expect(pathVariable("/v1/accounts/{accountId}/balances", "accountId")).toBe("ACCOUNT_ID");
    expect(pathVariable("/v1/profiles/{profileId}/connections/{connectionId}/export", "connectionId")).toBe(
      "CONNECTION_ID",
    );
  });
});
