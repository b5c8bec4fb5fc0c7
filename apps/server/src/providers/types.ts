import type {
  AccountKind,
  AccountType,
  ConnectionStatus,
  OwnerAddress,
  Product,
  ProviderAccountStatus,
  ProviderErrorDetails,
  SecurityType,
  TransactionStatus,
} from "../db/schema/index.ts";

/**
 * The contract every data provider implements (MOCK and PLAID; AKOYA, FINICITY, MX later).
 * A provider turns an access token into a snapshot of the accounts and data behind it; the
 * sandbox provider also turns a login into an access token (providers with a widget of their
 * own, like Plaid Link, link there instead). Providers never touch the database: the sync engine calls them
 * outside any transaction and writes what they return. Money is a decimal string ("-12.34"),
 * signed as on our wire: positive is money in.
 */
export type ProviderName = "AKOYA" | "FINICITY" | "MOCK" | "MX" | "PLAID";

/** The ERROR_* status a provider failure puts a connection in. */
export type ProviderErrorStatus = Extract<
  ConnectionStatus,
  "ERROR_REPAIRABLE" | "ERROR_INSTITUTION" | "ERROR_PROVIDER" | "ERROR_SERVICE"
>;

export class ProviderError extends Error {
  readonly status: ProviderErrorStatus;
  readonly details: ProviderErrorDetails;

  constructor(status: ProviderErrorStatus, details: ProviderErrorDetails) {
    super(details.errorMessage);
    this.status = status;
    this.details = details;
  }
}

/**
 * The provider asks us to slow down: the sync retries later without changing the connection's
 * status, and an API caller gets a 429 with Retry-After.
 */
export class ProviderRateLimited extends Error {
  readonly details: ProviderErrorDetails;
  readonly retryAfterSeconds: number;

  constructor(details: ProviderErrorDetails, retryAfterSeconds: number) {
    super(details.errorMessage);
    this.details = details;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * The provider is still working on what was asked (MX runs a balance check in the background):
 * ask again after `retryAfterSeconds`; nothing failed.
 */
export class ProviderNotReady extends Error {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export type LinkRequest = {
  /** The provider's own id for the institution. */
  institutionKey: string;
  username: string;
  password: string;
  /** The answer to an MFA challenge the provider returned on a previous attempt. */
  mfaCode?: string | undefined;
  products: readonly Product[];
  /** The oldest day of history the connection will ask for. */
  historyStartOn: string;
  /**
   * Re-authenticating an existing connection: its current access token. The provider keeps the
   * same link (same accounts, same ids) and only renews the access, as in Plaid's update mode.
   */
  renewing?: string | undefined;
  now: Date;
};

export type MfaChallenge = { type: "CODE"; message: string };

export type LinkResult =
  | { kind: "LINKED"; accessToken: string }
  | { kind: "MFA_REQUIRED"; challenge: MfaChallenge }
  | { kind: "INVALID_CREDENTIALS"; message: string }
  | { kind: "INVALID_MFA_CODE"; message: string; challenge: MfaChallenge };

export type DateWindow = { startOn: string; endOn: string };

export type FetchRequest = {
  accessToken: string;
  now: Date;
  /** Transactions and statements dated in this window are returned. */
  window: DateWindow;
  products: readonly Product[];
  /** 1 for the first try of a sync, counting up while it keeps failing. */
  attempt: number;
  /** Where incremental transactions resume (the cursor a previous snapshot returned), null at first. */
  cursor?: string | null;
  /**
   * The provider account ids (`ProviderAccount.externalId`) whose ACH numbers Weft already stores
   * for this connection; absent means none. A provider that pays per ACH-numbers call (Finicity's
   * Get Account ACH Details, billed per successful call) skips these accounts and returns
   * `achNumbers: null` for them, which leaves the stored numbers as they are; the others ignore it.
   */
  accountsWithNumbers?: ReadonlySet<string>;
  /**
   * The provider account ids the end-user chose to share (null or absent: every account). Only
   * those are stored; a provider that pays per call for an account skips the others.
   */
  sharedAccounts?: readonly string[] | null;
};

export type ProviderBalance = {
  available: string | null;
  current: string | null;
  limit: string | null;
  at: Date;
};

export type ProviderAchNumbers = { number: string; routing: string; wireRouting: string | null };

export type ProviderOwner = {
  names: string[];
  emails: string[];
  phones: string[];
  addresses: OwnerAddress[];
};

export type ProviderAccount = {
  externalId: string;
  name: string;
  mask: string | null;
  kind: AccountKind;
  type: AccountType;
  status: ProviderAccountStatus;
  currencyCode: string;
  balance: ProviderBalance;
  /** Depository accounts with the ACCOUNT_NUMBERS product only. */
  achNumbers: ProviderAchNumbers | null;
  /** With the ACCOUNT_OWNERS product only. */
  owners: ProviderOwner[] | null;
};

export type ProviderTransaction = {
  accountExternalId: string;
  externalId: string;
  amount: string;
  currencyCode: string;
  date: string;
  description: string;
  status: TransactionStatus;
  /** On a posted transaction that was pending before: the pending one's externalId. */
  pendingExternalId: string | null;
  /** The merchant as the provider names it, when it does (Plaid's `merchant_name`). */
  merchantName?: string | null;
  /** The merchant category code the provider gives, when it does. */
  mcc?: number | null;
};

export type ProviderSecurity = {
  name: string;
  tickerSymbol: string | null;
  cusip: string | null;
  /** The ISIN; for a security without one, a provider-scoped key ("PLAID:<security_id>") that the wire shows as null. */
  isin: string;
  type: SecurityType;
  currencyCode: string;
};

export type ProviderHolding = {
  accountExternalId: string;
  security: ProviderSecurity;
  quantity: string;
  price: string;
  value: string;
  costBasis: string | null;
  currencyCode: string;
  at: Date;
};

export type ProviderStatement = {
  accountExternalId: string;
  externalId: string;
  startOn: string;
  endOn: string;
};

/** A provider's raw answer about one record, kept as remote data (spec 3, remote-data documents). */
export type ProviderDocument = {
  /** The record it describes: the connection itself, an account, a transaction or a holding. */
  record:
    | { kind: "connections" }
    | { kind: "accounts"; accountExternalId: string }
    | { kind: "transactions"; accountExternalId: string; externalId: string }
    | { kind: "holdings"; accountExternalId: string; securityIsin: string };
  /** The provider's host and endpoint path, e.g. "production.plaid.com" and "/accounts/get". */
  host: string;
  path: string;
  /** As received: for per-record kinds, that record's own object. */
  body: unknown;
  requestId: string | null;
  receivedAt: Date;
};

/**
 * Transactions synced by cursor (Plaid): the snapshot's `transactions` are only what was added or
 * modified since the request's cursor, `removed` what went, and `cursor` where the next sync resumes.
 */
export type TransactionChanges = {
  cursor: string;
  removed: { accountExternalId: string; externalId: string }[];
};

export type ProviderSnapshot = {
  accounts: ProviderAccount[];
  /**
   * Everything dated in the window (pending items the provider no longer lists have gone), or,
   * with `transactionChanges`, what changed since the cursor.
   */
  transactions: ProviderTransaction[];
  transactionChanges?: TransactionChanges;
  /** Raw provider answers, stored as remote data. */
  documents?: ProviderDocument[];
  /**
   * Every position the connection's investment accounts hold; absent when the provider could not
   * say this time (the product not ready, or not available to the item): the stored positions
   * stay as they are, where an empty list would mean everything was sold.
   */
  holdings?: ProviderHolding[];
  statements: ProviderStatement[];
  /**
   * How much of the history the provider has itself pulled from the institution so far, for
   * providers that pull after the link (Plaid, for minutes): none yet, the recent days, or all
   * of it. Absent: all of it (providers read by window have nothing to wait for).
   */
  historyPulled?: "NONE" | "RECENT" | "ALL";
  /** Set when the provider rotated the connection's access token: store it instead. */
  rotatedAccessToken?: string;
};

export interface DataProvider {
  readonly name: ProviderName;
  /** Credential linking (the sandbox provider); providers that link in their own widget have none. */
  link?(request: LinkRequest): Promise<LinkResult>;
  /** Throws ProviderError when the connection cannot sync. */
  fetch(request: FetchRequest): Promise<ProviderSnapshot>;
  /** The accounts behind an access token, without their data (for the end-user to choose from). */
  listAccounts(request: {
    accessToken: string;
    products: readonly Product[];
    now: Date;
  }): Promise<ProviderAccount[]>;
  /**
   * A fresh balance straight from the institution. A provider whose check runs in the background
   * starts it on the first attempt and throws ProviderNotReady until it is done.
   */
  refreshBalance(request: {
    accessToken: string;
    accountExternalId: string;
    now: Date;
    /** 1 for the first try of this refresh, then 2, 3…: a retry asks again, it does not start over. */
    attempt: number;
  }): Promise<ProviderBalance>;
  /** Statements whose period ends in the window. */
  listStatements(request: {
    accessToken: string;
    window: DateWindow;
    now: Date;
  }): Promise<ProviderStatement[]>;
  /** The statement as a PDF file. */
  statementPdf(request: {
    accessToken: string;
    accountExternalId: string;
    statementExternalId: string;
  }): Promise<Uint8Array>;
  /** Ends the provider's access (on disconnect). */
  revoke(request: { accessToken: string }): Promise<void>;
}
