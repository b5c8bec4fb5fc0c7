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

const Party = {
  id: Type.String(),
  name: Type.String(),
  website: Type.Union([Type.String(), Type.Null()]),
  logo: Type.Union([Type.String(), Type.Null()]),
};

const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableNumber = Type.Union([Type.Number(), Type.Null()]);

export const EnrichedTransaction = Type.Object(
  {
    id: Type.String({ description: "This enrichment's id." }),
    transactionId: Type.String(),
    createdAt: Type.String({ format: "date-time" }),
    merchant: NullableString,
    merchantId: NullableString,
    logo: NullableString,
    website: NullableString,
    labels: Type.Array(Type.String()),
    location: Type.Union([
      Type.Object({ rawAddress: Type.String(), googleMapsUrl: Type.String(), appleMapsUrl: Type.String() }),
      Type.Null(),
    ]),
    locationStructured: Type.Union([
      Type.Object({
        address: NullableString,
        city: NullableString,
        state: NullableString,
        country: Type.String(),
        postcode: NullableString,
        latitude: NullableNumber,
        longitude: NullableNumber,
        storeNumber: NullableString,
        googleMapsUrl: Type.String(),
        appleMapsUrl: Type.String(),
      }),
      Type.Null(),
    ]),
    mcc: Type.Array(Type.Integer()),
    person: NullableString,
    recurrence: Type.Enum(["recurring", "subscription", "one off"], { type: "string" }),
    recurrenceGroup: Type.Union([
      Type.Object({
        id: Type.String(),
        averageAmount: Type.Number(),
        totalAmount: Type.Number(),
        firstPaymentDate: Type.String({ format: "date" }),
        latestPaymentDate: Type.String({ format: "date" }),
        periodicity: Type.Enum(["weekly", "biweekly", "semi-monthly", "monthly", "quarterly", "annually"], {
          type: "string",
        }),
        periodicityInDays: Type.Integer(),
      }),
      Type.Null(),
    ]),
    transactionType: Type.Enum(["business", "consumer", "unknown"], { type: "string" }),
    categories: Type.Object({
      general: Type.Union([
        Type.String({ description: "One of Plaid's 16 primary personal-finance categories." }),
        Type.Null(),
      ]),
      detailed: NullableString,
      accounting: Type.Enum(ACCOUNTING_CATEGORIES, {
        type: "string",
        description: "Spec 9's accounting categories.",
      }),
    }),
    counterparty: Type.Union([
      Type.Object({
        ...Party,
        type: Type.Enum(["person", "organization"], { type: "string" }),
        mccs: Type.Array(Type.Integer()),
      }),
      Type.Null(),
    ]),
    intermediaries: Type.Array(Type.Object(Party)),
    error: Type.Union([
      Type.Object({
        code: Type.Enum(["internal_error", "account_holder_not_found"], { type: "string" }),
        message: Type.String(),
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
    message: Type.String(),
    instruction: Type.String(),
  },
  {
    title: "EnrichmentAccepted",
    description: "Being enriched: send the same request again after Retry-After.",
  },
);
