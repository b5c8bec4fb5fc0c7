import { Type } from "typebox";
import { ACCOUNTING_CATEGORIES } from "./categorize.ts";
import { ENRICHMENT_PROVIDERS } from "./payloads.ts";

export const EnrichmentRequestBody = Type.Object(
  {
    profileId: Type.String({
      minLength: 1,
      maxLength: 64,
      description: "The profile (p_… or its uuid) whose transactions these are.",
      examples: ["p_01jd8x0m6e9q7v2c5b4n3k1h0g"],
    }),
    accountType: Type.Enum(["CHECKING", "SAVINGS", "CREDIT_CARD"], {
      type: "string",
      description:
        "The account's type, for every transaction of the payload: on a card, money moved in from another account is its payment.",
      errorMessage: "Account type must be one of CHECKING, SAVINGS, CREDIT_CARD",
    }),
    provider: Type.String({
      minLength: 1,
      maxLength: 40,
      description: `Whose transaction objects the payload holds: ${ENRICHMENT_PROVIDERS.join(", ")} (another is a 400).`,
      examples: ["GENERIC"],
    }),
    payload: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Array(Type.Unknown())], {
      description:
        "GENERIC: {data: [{id, accountId, description, currencyCode, amount, date}]} (amount a string, positive " +
        "for a credit). PLAID: a /transactions/get or /transactions/sync answer; MX: {transactions}; AKOYA: FDX " +
        "{transactions}; FINICITY: {transactions}; TREASURY_PRIME: {data}.",
      examples: [
        {
          data: [
            {
              id: "t1",
              accountId: "acct_1",
              description: "SQ *BLUE BOTTLE COFFEE Oakland CA",
              currencyCode: "USD",
              amount: "-6.50",
              date: "2026-11-20",
            },
          ],
        },
      ],
    }),
  },
  { title: "EnrichmentRequest" },
);

/** Examples are what the engine answers for "SQ *BLUE BOTTLE COFFEE Oakland CA" (Square the intermediary). */
const Party = {
  id: Type.String({ examples: ["mer_blue-bottle-coffee"] }),
  name: Type.String({ examples: ["Blue Bottle Coffee"] }),
  website: Type.Union([Type.String(), Type.Null()], { examples: ["bluebottlecoffee.com"] }),
  logo: Type.Union([Type.String(), Type.Null()], {
    examples: ["http://127.0.0.1:3000/v1/enrichment/logos/blue-bottle-coffee.svg"],
  }),
};

const NullableString = (example: string | null, description?: string) =>
  Type.Union([Type.String(), Type.Null()], { examples: [example], ...(description && { description }) });
const NullableNumber = (example: number | null) =>
  Type.Union([Type.Number(), Type.Null()], { examples: [example] });
const GOOGLE_MAPS =
  "https://www.google.com/maps/search/?api=1&query=Blue%20Bottle%20Coffee%20Oakland%2C%20CA";
const APPLE_MAPS = "https://maps.apple.com/?q=Blue%20Bottle%20Coffee%20Oakland%2C%20CA";

export const EnrichedTransaction = Type.Object(
  {
    id: Type.String({ description: "This enrichment's id.", examples: ["enr_1xm53bq16u1quc"] }),
    transactionId: Type.String({ description: "The id the payload gave the transaction.", examples: ["t1"] }),
    createdAt: Type.String({ format: "date-time" }),
    merchant: NullableString("Blue Bottle Coffee"),
    merchantId: NullableString("mer_blue-bottle-coffee"),
    logo: NullableString("http://127.0.0.1:3000/v1/enrichment/logos/blue-bottle-coffee.svg"),
    website: NullableString("bluebottlecoffee.com"),
    labels: Type.Array(Type.String(), { examples: [["coffee"]] }),
    location: Type.Union([
      Type.Object({
        rawAddress: Type.String({ examples: ["Oakland, CA"] }),
        googleMapsUrl: Type.String({ examples: [GOOGLE_MAPS] }),
        appleMapsUrl: Type.String({ examples: [APPLE_MAPS] }),
      }),
      Type.Null(),
    ]),
    locationStructured: Type.Union([
      Type.Object({
        address: NullableString(null),
        city: NullableString("Oakland"),
        state: NullableString("CA"),
        country: Type.String({ examples: ["US"] }),
        postcode: NullableString(null),
        latitude: NullableNumber(null),
        longitude: NullableNumber(null),
        storeNumber: NullableString(null),
        googleMapsUrl: Type.String({ examples: [GOOGLE_MAPS] }),
        appleMapsUrl: Type.String({ examples: [APPLE_MAPS] }),
      }),
      Type.Null(),
    ]),
    mcc: Type.Array(Type.Integer(), { examples: [[5814]] }),
    person: NullableString(null, "The person paid or paying, for a transfer between people."),
    recurrence: Type.Enum(["recurring", "subscription", "one off"], { type: "string" }),
    recurrenceGroup: Type.Union([
      Type.Object({
        id: Type.String({ examples: ["rg_07367ph19jbca3"] }),
        averageAmount: Type.Number({ examples: [-15.49] }),
        totalAmount: Type.Number({ examples: [-46.47] }),
        firstPaymentDate: Type.String({ format: "date" }),
        latestPaymentDate: Type.String({ format: "date" }),
        periodicity: Type.Enum(["weekly", "biweekly", "semi-monthly", "monthly", "quarterly", "annually"], {
          type: "string",
        }),
        periodicityInDays: Type.Integer({ examples: [30] }),
      }),
      Type.Null(),
    ]),
    transactionType: Type.Enum(["business", "consumer", "unknown"], { type: "string" }),
    categories: Type.Object({
      general: Type.Union([
        Type.String({
          description: "One of Plaid's 16 primary personal-finance categories.",
          examples: ["FOOD_AND_DRINK"],
        }),
        Type.Null(),
      ]),
      detailed: NullableString("FOOD_AND_DRINK_COFFEE"),
      accounting: Type.Enum(ACCOUNTING_CATEGORIES, {
        type: "string",
        description: "Spec 9's accounting categories.",
      }),
    }),
    counterparty: Type.Union([
      Type.Object({
        ...Party,
        type: Type.Enum(["person", "organization"], { type: "string", examples: ["organization"] }),
        mccs: Type.Array(Type.Integer(), { examples: [[5814]] }),
      }),
      Type.Null(),
    ]),
    intermediaries: Type.Array(Type.Object(Party), {
      examples: [[{ id: "cp_0oycume17o4gde", name: "Square", website: "squareup.com", logo: null }]],
    }),
    error: Type.Union([
      Type.Object({
        code: Type.Enum(["internal_error", "account_holder_not_found"], { type: "string" }),
        message: Type.String({
          examples: ['The transaction could not be enriched: amount "6,50" is not a number'],
        }),
      }),
      Type.Null(),
    ]),
  },
  { title: "EnrichedTransaction" },
);

export const EnrichmentResponse = Type.Object(
  { transactions: Type.Array(EnrichedTransaction) },
  { title: "EnrichmentResponse" },
);

export const EnrichmentAccepted = Type.Object(
  {
    message: Type.String({ examples: ["The transactions are being enriched"] }),
    instruction: Type.String({ examples: ["Send the same request again in 5 seconds for the answer."] }),
  },
  {
    title: "EnrichmentAccepted",
    description: "Being enriched: send the same request again after Retry-After.",
  },
);
