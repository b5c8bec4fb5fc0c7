/**
 * Finicity's aggregation API (Mastercard Open Finance US), typed from its published OpenAPI
 * description (github.com/Mastercard/open-banking-us-openapi, openbanking-us.yaml). Hand-written
 * because no maintained official Node client exists; only the operations Weft uses, one module.
 *
 * Every call carries `Finicity-App-Key`; every call but authentication also carries
 * `Finicity-App-Token`, a token from POST /aggregation/v2/partners/authentication that lives two
 * hours: it is cached per partner and renewed before it expires, or at once when Finicity
 * answers that it is no longer valid.
 */

export type FinicitySettings = {
  partnerId: string;
  partnerSecret: string;
  appKey: string;
  /** https://api.finicity.com, or a local server speaking Finicity's API. */
  basePath: string;
};

/** CustomerAccount (the fields Weft reads; Finicity sends more, kept in the raw documents). */
export type FinicityAccount = {
  id: string;
  number: string;
  accountNumberDisplay: string;
  realAccountNumberLast4?: string;
  name: string;
  balance?: number;
  /** checking, savings, cd, moneyMarket, creditCard, lineOfCredit, investment, 401k, mortgage, loan, … */
  type: string;
  aggregationStatusCode?: number;
  status: string;
  customerId: string;
  institutionId: string;
  balanceDate?: number;
  aggregationSuccessDate?: number;
  aggregationAttemptDate?: number;
  createdDate: number;
  currency: string;
  institutionLoginId: number;
  detail?: {
    availableBalanceAmount?: number;
    creditAvailableAmount?: number;
    creditMaxAmount?: number;
    currentBalance?: number;
    [field: string]: unknown;
  };
  position?: FinicityPosition[];
  [field: string]: unknown;
};

/** CustomerAccountPosition: an investment account's holding. */
export type FinicityPosition = {
  id?: number;
  description?: string;
  symbol?: string;
  units?: number;
  currentPrice?: number;
  securityName?: string;
  marketValue?: number;
  costBasis?: number;
  securityType?: string;
  securityId?: string;
  /** CUSIP, ISIN, SEDOL, … */
  securityIdType?: string;
  currentPriceDate?: number;
  securityCurrency?: string;
  [field: string]: unknown;
};

/** Transaction: amounts are signed (negative is money out); dates are Unix seconds. */
export type FinicityTransaction = {
  id: number;
  amount: number;
  accountId: number;
  customerId: number;
  /** active, pending or shadow. */
  status: string;
  description: string;
  memo?: string;
  transactionDate?: number;
  postedDate?: number;
  createdDate: number;
  /** Finicity's own reading of the payee. */
  categorization?: { normalizedPayeeName?: unknown; [field: string]: unknown };
  [field: string]: unknown;
};

export type FinicityTransactions = {
  found: number;
  displaying: number;
  moreAvailable: boolean;
  fromDate: number;
  toDate: number;
  sort: string;
  transactions: FinicityTransaction[];
};

export type FinicityCustomer = {
  id: string;
  username: string;
  createdDate: number | string;
  [field: string]: unknown;
};

export type FinicityInstitution = {
  id: number;
  name?: string;
  transAgg: boolean;
  ach: boolean;
  stateAgg: boolean;
  accountOwner: boolean;
  urlHomeApp?: string;
  oauthEnabled: boolean;
  [field: string]: unknown;
};

/** A call Finicity answered with an error: its ErrorMessage code and message. */
export class FinicityApiError extends Error {
  readonly httpStatus: number;
  readonly code: string;
  readonly finicityMessage: string;
  readonly retryAfterSeconds: number | null;

  constructor(httpStatus: number, code: string, message: string, retryAfterSeconds: number | null) {
    super(`Finicity answered ${httpStatus} (${code}): ${message}`);
    this.httpStatus = httpStatus;
    this.code = code;
    this.finicityMessage = message;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Finicity could not be reached at all. */
export class FinicityUnreachableError extends Error {}

/** Tokens live 2 hours; renewed after 90 minutes. */
const TOKEN_RENEW_MS = 90 * 60_000;
export const TIMEOUT_MS = 60_000;
/**
 * Calls that connect to the institution while we wait: "The recommended timeout setting for this
 * request is 180 seconds" (Load Historic Transactions and the Refresh services, openbanking-us.yaml).
 */
export const INSTITUTION_TIMEOUT_MS = 180_000;

/**
 * Finicity's 203 (MFAChallengeNeeded): "The request was unsuccessful due to a required Multi-Factor
 * Authentication (MFA) challenge". A 2xx that is not a success: it is thrown as a FinicityApiError.
 */
export const MFA_CHALLENGE_NEEDED = 203;

type Token = { value: string; renewAt: number };
const tokens = new Map<string, Promise<Token>>();

type Query = Record<string, string | number | boolean | undefined>;
type CallOptions = { query?: Query; body?: unknown; timeoutMs?: number };

export class FinicityClient {
  readonly settings: FinicitySettings;
  private readonly now: () => number;

  constructor(settings: FinicitySettings, now: () => number = Date.now) {
    this.settings = settings;
    this.now = now;
  }

  private get tokenKey() {
    return `${this.settings.basePath}\n${this.settings.partnerId}\n${this.settings.appKey}`;
  }

  /** The cached token, or a new one (POST /aggregation/v2/partners/authentication). */
  async token(): Promise<string> {
    const cached = tokens.get(this.tokenKey);
    if (cached) {
      const token = await cached.catch(() => null);
      if (token && token.renewAt > this.now()) return token.value;
      if (tokens.get(this.tokenKey) === cached) tokens.delete(this.tokenKey);
    }
    const pending = this.send<{ token: string }>("POST", "/aggregation/v2/partners/authentication", {
      body: { partnerId: this.settings.partnerId, partnerSecret: this.settings.partnerSecret },
      authenticated: false,
    }).then((answer) => ({ value: answer.token, renewAt: this.now() + TOKEN_RENEW_MS }));
    tokens.set(this.tokenKey, pending);
    try {
      return (await pending).value;
    } catch (error) {
      tokens.delete(this.tokenKey);
      throw error;
    }
  }

  /** A JSON call with the app token; a token Finicity no longer accepts is renewed once. */
  async call<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
    try {
      return await this.send<T>(method, path, { ...options, authenticated: true });
    } catch (error) {
      if (!(error instanceof FinicityApiError && error.httpStatus === 401)) throw error;
      tokens.delete(this.tokenKey);
      return this.send<T>(method, path, { ...options, authenticated: true });
    }
  }

  /** The raw bytes of a file answer (statements). */
  async file(path: string, query: Query = {}): Promise<Uint8Array> {
    const response = await this.request("GET", path, {
      query,
      authenticated: true,
      accept: "application/pdf",
    });
    return new Uint8Array(await response.arrayBuffer());
  }

  private async send<T>(
    method: string,
    path: string,
    options: CallOptions & { authenticated: boolean },
  ): Promise<T> {
    const response = await this.request(method, path, { ...options, accept: "application/json" });
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  private async request(
    method: string,
    path: string,
    options: CallOptions & { authenticated: boolean; accept: string },
  ): Promise<Response> {
    const url = new URL(path, this.settings.basePath);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = {
      "Finicity-App-Key": this.settings.appKey,
      Accept: options.accept,
    };
    if (options.authenticated) headers["Finicity-App-Token"] = await this.token();
    if (options.body !== undefined) headers["Content-Type"] = "application/json";
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
        signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
      });
    } catch (error) {
      throw new FinicityUnreachableError(`Finicity did not answer: ${(error as Error).message}`);
    }
    if (response.status === MFA_CHALLENGE_NEEDED) {
      await response.arrayBuffer();
      throw new FinicityApiError(
        MFA_CHALLENGE_NEEDED,
        "MFA_CHALLENGE_NEEDED",
        "The institution requires an MFA challenge to be answered",
        null,
      );
    }
    if (response.ok) return response;
    throw await apiErrorOf(response);
  }

  // -------------------------------------------------------------------------------------------
  // Operations
  // -------------------------------------------------------------------------------------------

  /** A testing customer (outside production) or an active one (billable). */
  createCustomer(
    kind: "testing" | "active",
    customer: { username: string; firstName?: string; lastName?: string },
  ) {
    return this.call<FinicityCustomer>("POST", `/aggregation/v2/customers/${kind}`, { body: customer });
  }

  findCustomers(username: string) {
    return this.call<{ found?: number; customers: FinicityCustomer[] }>("GET", "/aggregation/v1/customers", {
      query: { username, start: 1, limit: 25 },
    });
  }

  generateConnectUrl(body: {
    customerId: string;
    webhook?: string;
    webhookContentType?: string;
    institutionSettings?: Record<string, unknown>;
    fromDate?: number;
    singleUseUrl?: boolean;
    experience?: string;
  }) {
    return this.call<{ link: string }>("POST", "/connect/v2/generate", {
      body: { partnerId: this.settings.partnerId, ...body },
    });
  }

  /** Connect Lite: straight to one institution's sign-in. */
  generateLiteConnectUrl(body: {
    customerId: string;
    institutionId: string;
    webhook?: string;
    webhookContentType?: string;
  }) {
    return this.call<{ link: string }>("POST", "/connect/v2/generate/lite", {
      body: { partnerId: this.settings.partnerId, ...body },
    });
  }

  generateFixConnectUrl(body: { customerId: string; institutionLoginId: string; webhook?: string }) {
    return this.call<{ link: string }>("POST", "/connect/v2/generate/fix", {
      body: { partnerId: this.settings.partnerId, ...body },
    });
  }

  customerAccounts(customerId: string) {
    return this.call<{ accounts: FinicityAccount[] }>(
      "GET",
      `/aggregation/v1/customers/${customerId}/accounts`,
    );
  }

  loginAccounts(customerId: string, institutionLoginId: string) {
    return this.call<{ accounts: FinicityAccount[] }>(
      "GET",
      `/aggregation/v1/customers/${customerId}/institutionLogins/${institutionLoginId}/accounts`,
    );
  }

  /** Refresh: the institution login's accounts aggregated again now. */
  refreshLogin(customerId: string, institutionLoginId: string) {
    return this.call<{ accounts: FinicityAccount[] }>(
      "POST",
      `/aggregation/v1/customers/${customerId}/institutionLogins/${institutionLoginId}/accounts`,
      { timeoutMs: INSTITUTION_TIMEOUT_MS },
    );
  }

  /** A page of the customer's transactions dated from `fromDate` to `toDate` (Unix seconds). */
  transactions(
    customerId: string,
    query: { fromDate: number; toDate: number; start: number; limit: number },
  ) {
    return this.call<FinicityTransactions>("GET", `/aggregation/v3/customers/${customerId}/transactions`, {
      query: { ...query, sort: "asc", includePending: true },
    });
  }

  /**
   * Finicity's "load historic transactions" for an account: more history than its default (204).
   * A 203 (the institution asks an MFA question) rejects: the history was not loaded.
   */
  loadHistoricTransactions(customerId: string, accountId: string) {
    return this.call<void>(
      "POST",
      `/aggregation/v1/customers/${customerId}/accounts/${accountId}/transactions/historic`,
      { timeoutMs: INSTITUTION_TIMEOUT_MS },
    );
  }

  achDetails(customerId: string, accountId: string) {
    return this.call<{ routingNumber: string; realAccountNumber: string }>(
      "GET",
      `/aggregation/v1/customers/${customerId}/accounts/${accountId}/details`,
    );
  }

  /** The statement `index` periods back (1 is the latest), as a PDF. */
  statement(customerId: string, accountId: string, index: number) {
    return this.file(`/aggregation/v1/customers/${customerId}/accounts/${accountId}/statement`, { index });
  }

  deleteLogin(customerId: string, institutionLoginId: string) {
    return this.call<void>(
      "DELETE",
      `/aggregation/v1/customers/${customerId}/institutionLogins/${institutionLoginId}`,
    );
  }

  institution(institutionId: string) {
    return this.call<{ institution: FinicityInstitution }>(
      "GET",
      `/institution/v2/institutions/${institutionId}`,
    );
  }

  institutions(search: string, limit: number) {
    return this.call<{ found: number; institutions: FinicityInstitution[] }>(
      "GET",
      "/institution/v2/institutions",
      {
        query: { search, start: 1, limit },
      },
    );
  }
}

/** Finicity's ErrorMessage ({code, message, …}; code a number or a string), or the HTTP status. */
async function apiErrorOf(response: Response): Promise<FinicityApiError> {
  let code = `HTTP_${response.status}`;
  let message = response.statusText || `HTTP ${response.status}`;
  try {
    const body = (await response.json()) as { code?: unknown; message?: unknown };
    // A code is a number or a string; anything else says nothing ("[object Object]" is no code).
    if (typeof body.code === "string" || typeof body.code === "number") code = String(body.code);
    if (typeof body.message === "string") message = body.message;
  } catch {}
  const retryAfter = Number(response.headers.get("retry-after"));
  return new FinicityApiError(
    response.status,
    code,
    message,
    Number.isFinite(retryAfter) && response.headers.has("retry-after") ? Math.ceil(retryAfter) : null,
  );
}
