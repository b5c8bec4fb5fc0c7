import { Type } from "typebox";
import { PRODUCTS } from "../../db/schema/index.ts";
import { Nullable } from "../../http/schemas.ts";
import { EnvironmentMode } from "../environments/schemas.ts";

/** What the Connector app needs to know before anyone signs in. */
export const ConnectorPublicConfig = Type.Object({
  id: Type.String(),
  name: Type.String(),
  mode: EnvironmentMode,
  emailSignIn: Type.Boolean(),
  allowedOrigins: Nullable(Type.Array(Type.String())),
  products: Type.Array(Type.Enum(PRODUCTS, { type: "string" })),
  /** The app's privacy policy, linked from the opening pane. */
  privacyPolicyUrl: Nullable(Type.String()),
});

export const ConnectorParams = Type.Object({ connectorId: Type.String() });
export const ConnectorConnectionParams = Type.Object({
  connectorId: Type.String(),
  connectionId: Type.String(),
});

/** Without `q`: the institutions most linked in the environment (the Connector's opening grid). */
export const InstitutionQuery = Type.Object({
  q: Type.Optional(
    Type.String({ minLength: 2, maxLength: 100, errorMessage: "Type 2 to 100 characters to search" }),
  ),
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 20 }),
});

export const Credentials = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 256 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    mfaCode: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);

export const LinkRequest = Type.Object(
  { institutionId: Type.String({ minLength: 1 }), ...Credentials.properties },
  { additionalProperties: false },
);

const Challenge = Type.Object({ type: Type.Literal("CODE"), message: Type.String() });

/** The outcome of a login attempt, for the Connector to show the next screen. */
export const LinkOutcome = Type.Object({
  outcome: Type.Enum(["LINKED", "MFA_REQUIRED", "INVALID_MFA_CODE", "INVALID_CREDENTIALS"], {
    type: "string",
  }),
  connectionId: Nullable(Type.String()),
  message: Nullable(Type.String()),
  challenge: Nullable(Challenge),
});

export const ConnectorAccount = Type.Object({
  id: Type.String(),
  name: Type.String(),
  mask: Nullable(Type.String()),
  kind: Type.String(),
  type: Type.String(),
});

/** An institution as the Connector shows it, and how the end-user links it. */
export const ConnectorInstitution = Type.Object({
  id: Type.String(),
  name: Type.String(),
  logoUrl: Type.String(),
  linkWith: Type.Enum(["CREDENTIALS", "PLAID_LINK", "MX_CONNECT", "FINICITY_CONNECT", "AKOYA_OAUTH"], {
    type: "string",
    description:
      "CREDENTIALS: the Connector's own login form; PLAID_LINK: Plaid Link; MX_CONNECT: MX Connect; FINICITY_CONNECT: Finicity Connect; AKOYA_OAUTH: the institution's own sign-in, through Akoya.",
  }),
});

/** Quiltt's SDK (ConnectorsAPI): institution search and "is this provider's institution linkable". */
export const SdkInstitutionQuery = Type.Object({ term: Type.String({ minLength: 1, maxLength: 100 }) });
export const SdkInstitution = Type.Object({ name: Type.String(), logoUrl: Type.String() });
export const RESOLVABLE_PROVIDERS = {
  plaid: "PLAID",
  // The sandbox bank's own institutions (Quiltt's SDK names its mock provider so).
  mock: "MOCK",
  mx: "MX",
  finicity: "FINICITY",
  akoya: "AKOYA",
} as const;
/** Open: Quiltt's SDK sends one provider's key, any provider's; one Weft does not know is its documented 400. */
export const SdkResolvableQuery = Type.Object(
  {
    plaid: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    mock: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    mx: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    finicity: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    akoya: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: true },
);

export const PlaidLinkTokenRequest = Type.Object(
  {
    institutionId: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    connectionId: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  },
  { additionalProperties: false },
);

export const PlaidLinkToken = Type.Object({
  linkToken: Type.String(),
  expiration: Type.String(),
  scriptUrl: Type.String(),
});

export const PlaidExchangeRequest = Type.Object(
  {
    publicToken: Type.String({ minLength: 1, maxLength: 200 }),
    institutionId: Type.String({ minLength: 1, maxLength: 40 }),
  },
  { additionalProperties: false },
);

export const MxWidgetUrlRequest = Type.Object(
  {
    institutionId: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    connectionId: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    colorScheme: Type.Optional(Type.Enum(["light", "dark"], { type: "string" })),
  },
  { additionalProperties: false },
);

export const MxWidgetUrl = Type.Object({
  /** Single use, valid 10 minutes: MX Connect, shown in a frame. */
  widgetUrl: Type.String(),
});

export const MxMemberRequest = Type.Object(
  {
    memberGuid: Type.String({ minLength: 1, maxLength: 100, pattern: "^MBR-[A-Za-z0-9-]+$" }),
    institutionId: Type.String({ minLength: 1, maxLength: 40 }),
    historyMonths: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 24,
        errorMessage: "historyMonths must be a whole number from 1 to 24",
      }),
    ),
  },
  { additionalProperties: false },
);

export const FinicityConnectUrlRequest = Type.Object(
  {
    institutionId: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    connectionId: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  },
  { additionalProperties: false },
);

export const FinicityConnectUrl = Type.Object({
  /** Finicity Connect, shown in a frame. */
  connectUrl: Type.String(),
});

export const FinicityLoginRequest = Type.Object(
  {
    historyMonths: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 24,
        errorMessage: "historyMonths must be a whole number from 1 to 24",
      }),
    ),
  },
  { additionalProperties: false },
);

export const AkoyaAuthorizeRequest = Type.Object(
  {
    institutionId: Type.String({ minLength: 1, maxLength: 40 }),
    connectionId: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  },
  { additionalProperties: false },
);

/** What Weft's callback page handed the Connector: Akoya's code and the state it came back with. */
export const AkoyaCompleteRequest = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 2000 }),
    state: Type.String({ minLength: 1, maxLength: 4000 }),
  },
  { additionalProperties: false },
);

/** A finished sign-in at the institution: a new connection to choose accounts of, or the repaired one. */
export const AkoyaOutcome = Type.Object({
  outcome: Type.Enum(["LINKED", "RECONNECTED"], { type: "string" }),
  connectionId: Type.String(),
});

export const AkoyaAuthorization = Type.Object({
  /** The institution's sign-in through Akoya: opened in a window of its own. */
  authorizationUrl: Type.String(),
});

export const ConnectorConnection = Type.Object({
  id: Type.String(),
  provider: Type.String(),
  profileId: Type.String(),
  status: Type.String(),
  institution: Nullable(Type.Object({ id: Type.String(), name: Type.String(), logoUrl: Type.String() })),
  error: Nullable(Type.Object({ message: Type.String(), code: Type.String() })),
  accounts: Type.Array(ConnectorAccount),
  /** How far the sync has come: what the Connector's syncing pane shows. */
  progress: Type.Object({
    /** Transactions fetched so far, over the shared accounts. */
    transactions: Type.Integer(),
    /** The days fetched so far (null before the first sync finishes). */
    syncedFrom: Nullable(Type.String({ format: "date" })),
    syncedThrough: Nullable(Type.String({ format: "date" })),
    /** The first (recent) sync finished: the data can be read. */
    recentSynced: Type.Boolean(),
    /** The whole history the connection collects has been fetched. */
    historySynced: Type.Boolean(),
  }),
});

/** The accounts at the institution, before any is shared (ids are the provider's). */
export const AccountChoices = Type.Object({
  accounts: Type.Array(ConnectorAccount),
  error: Nullable(Type.Object({ message: Type.String(), code: Type.String() })),
});

export const AccountSelection = Type.Object(
  {
    accountIds: Type.Array(Type.String(), {
      minItems: 1,
      errorMessage: "Choose at least one account to share",
    }),
    consent: Type.Literal(true, { errorMessage: "The end-user must agree to share the chosen accounts" }),
  },
  { additionalProperties: false },
);
