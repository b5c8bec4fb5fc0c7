import { PRODUCTS, type Product } from "../../db/schema/index.ts";

/**
 * The sandbox institutions. Fictional banks with valid (checksummed) routing numbers; the
 * institutions table is seeded with exactly these rows by migration 0003 (a test keeps the two
 * in step). `key` is the MOCK provider's own id for the institution.
 */
export type SandboxInstitution = {
  id: string;
  key: string;
  name: string;
  url: string;
  primaryColor: string;
  routingNumbers: readonly string[];
  products: readonly Product[];
  /** Prefix of the sandbox account names, e.g. "Houndstooth". */
  brand: string;
};

export const SANDBOX_INSTITUTIONS: readonly SandboxInstitution[] = [
  {
    id: "inst_00000000ts4kygwq8eymy4qg1w",
    key: "weft_sandbox_bank",
    name: "Weft Sandbox Bank",
    url: "https://weft-sandbox-bank.example",
    primaryColor: "#4f46e5",
    routingNumbers: ["110000615", "212000555"],
    products: PRODUCTS,
    brand: "Weft",
  },
  {
    id: "inst_00000000k1pcnxsxrmrmench4c",
    key: "houndstooth_bank",
    name: "Houndstooth Bank",
    url: "https://houndstooth-bank.example",
    primaryColor: "#0f766e",
    routingNumbers: ["041109371"],
    products: PRODUCTS,
    brand: "Houndstooth",
  },
  {
    id: "inst_00000000cg5z5yyszfjhpk98gn",
    key: "first_gingham_cu",
    name: "First Gingham Credit Union",
    url: "https://first-gingham.example",
    primaryColor: "#b91c1c",
    routingNumbers: ["261073290", "322270518"],
    products: PRODUCTS,
    brand: "Gingham",
  },
  {
    id: "inst_00000000mgg316y57hr1wppaaq",
    key: "tartan_trust",
    name: "Tartan Trust",
    url: "https://tartan-trust.example",
    primaryColor: "#166534",
    routingNumbers: ["071923844"],
    products: PRODUCTS,
    brand: "Tartan",
  },
  {
    id: "inst_00000000x49dnepz391t3pam1y",
    key: "chambray_federal",
    name: "Chambray Federal Savings",
    url: "https://chambray-federal.example",
    primaryColor: "#1d4ed8",
    routingNumbers: ["311074495"],
    products: PRODUCTS,
    brand: "Chambray",
  },
  {
    id: "inst_00000000yrrmfx6jv0wvqn552g",
    key: "seersucker_community",
    name: "Seersucker Community Bank",
    url: "https://seersucker-bank.example",
    primaryColor: "#0369a1",
    routingNumbers: ["103912671"],
    products: PRODUCTS,
    brand: "Seersucker",
  },
  {
    id: "inst_00000000tjny2z41nak2h9c4t4",
    key: "jacquard_national",
    name: "Jacquard National Bank",
    url: "https://jacquard-national.example",
    primaryColor: "#7c2d12",
    routingNumbers: ["061748204", "121433763"],
    products: PRODUCTS,
    brand: "Jacquard",
  },
  {
    id: "inst_000000009hgkbn307v347c0gdh",
    key: "paisley_investments",
    name: "Paisley Investments",
    url: "https://paisley-investments.example",
    primaryColor: "#9333ea",
    routingNumbers: ["091855264"],
    products: PRODUCTS,
    brand: "Paisley",
  },
];

/** The institution a sandbox link uses when none is named. */
export const DEFAULT_SANDBOX_INSTITUTION = SANDBOX_INSTITUTIONS[0]!;

export const sandboxInstitutionByKey = (key: string) => SANDBOX_INSTITUTIONS.find((i) => i.key === key);
