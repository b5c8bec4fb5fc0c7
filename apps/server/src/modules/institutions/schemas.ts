import { type Static, Type } from "typebox";
import { PRODUCTS } from "../../db/schema/index.ts";

export const Product = Type.Enum(PRODUCTS, {
  type: "string",
  description: "A kind of data a connection collects.",
});

export const InstitutionSummary = Type.Object(
  {
    id: Type.String({ examples: ["inst_00000000ts4kygwq8eymy4qg1w"] }),
    name: Type.String({ examples: ["Weft Sandbox Bank"] }),
    logoUrl: Type.String({ format: "uri", description: "A square SVG logo." }),
  },
  { title: "InstitutionSummary" },
);
export type InstitutionSummaryView = Static<typeof InstitutionSummary>;

export const Institution = Type.Object(
  {
    id: Type.String({ examples: ["inst_00000000ts4kygwq8eymy4qg1w"] }),
    name: Type.String({ examples: ["Weft Sandbox Bank"] }),
    logoUrl: Type.String({ format: "uri", description: "A square SVG logo." }),
    url: Type.Union([Type.String({ format: "uri" }), Type.Null()], {
      description: "The institution's website.",
    }),
    routingNumbers: Type.Array(Type.String({ pattern: "^[0-9]{9}$" }), {
      description: "ABA routing numbers the institution uses.",
      examples: [["110000615"]],
    }),
    products: Type.Array(Product, { description: "What can be collected from this institution." }),
  },
  { title: "Institution" },
);
export type InstitutionView = Static<typeof Institution>;

export const InstitutionSearchQuery = Type.Object({
  routingNumber: Type.String({ description: "A 9-digit ABA routing number.", examples: ["110000615"] }),
});

export const InstitutionIdParams = Type.Object({
  institutionId: Type.String({ description: "The institution's id (inst_…)." }),
});
