/**
 * Akoya's Data Access Network: its OAuth 2.0 identity service and its FDX-based products API,
 * typed from Akoya's published API description (the Akoya OpenAPI, as the APIMatic-generated
 * Akoya SDK renders it: controllers for account information, balances, transactions, payments,
 * customers, investments) — only the operations Weft uses, one module, with the platform's fetch.
 *
 * Product calls carry the consent's id_token as the bearer token. Tokens come from the identity
 * service: an authorization code exchanged once, then refresh tokens, which Akoya rotates (each
 * refresh answers a new refresh token and retires the old one).
 */

export type AkoyaSettings = {
  clientId: string;
  clientSecret: string;
  /** Akoya's products host (sandbox-products.ddp.akoya.com), or a local server speaking Akoya's API. */
  productsUrl: string;
  /** Akoya's identity host (sandbox-idp.ddp.akoya.com), or the same local server. */
  idpUrl: string;
};

export type AkoyaTokens = {
  id_token: string;
  access_token?: string;
  refresh_token: string;
  token_type?: string;
  /** Seconds the id_token lives. */
  expires_in: number;
};

/** FDX's account (a deposit, line of credit, loan or investment account), with its balances when read from /balances. */
export type AkoyaAccount = {
  accountId: string;
  accountType?: string;
  accountNumberDisplay?: string;
  currency?: { currencyCode?: string };
  description?: string;
  nickname?: string;
  productName?: string;
  status?: string;
  balanceAsOf?: string;
  currentBalance?: number;
  availableBalance?: number;
  availableCredit?: number;
  creditLine?: number;
  principalBalance?: number;
  currentValue?: number;
  availableCashBalance?: number;
  holdings?: AkoyaHolding[];
  [field: string]: unknown;
};

/** FDX wraps each account in its kind: {depositAccount: …}, {locAccount: …}, {loanAccount: …}, {investmentAccount: …}. */
export type AkoyaAccountWrapper = Partial<
  Record<
    | "depositAccount"
    | "locAccount"
    | "loanAccount"
    | "investmentAccount"
    | "annuityAccount"
    | "insuranceAccount",
    AkoyaAccount
  >
>;

export type AkoyaHolding = {
  holdingId?: string;
  holdingName?: string;
  description?: string;
  symbol?: string;
  securityId?: string;
  securityIdType?: string;
  holdingType?: string;
  units?: number;
  currentUnitPrice?: number;
  currentUnitPriceDate?: string;
  marketValue?: number;
  purchasedPrice?: number;
  currency?: { currencyCode?: string };
  [field: string]: unknown;
};

/** FDX transaction (inside its wrapper): a positive amount and debitCreditMemo DEBIT, CREDIT or MEMO. */
export type AkoyaTransaction = {
  accountId?: string;
  transactionId?: string;
  amount?: number;
  debitCreditMemo?: string;
  transactionType?: string;
  description?: string;
  memo?: string;
  payee?: string;
  postedTimestamp?: string;
  transactionTimestamp?: string;
  status?: string;
  [field: string]: unknown;
};

export type AkoyaTransactionsPage = {
  links?: { next?: { href?: string } };
  transactions?: Partial<Record<string, AkoyaTransaction>>[];
};

export type AkoyaPaymentNetwork = {
  bankId?: string;
  identifier?: string;
  identifierType?: string;
  type?: string;
  transferIn?: boolean;
  transferOut?: boolean;
};

export type AkoyaCustomer = {
  customerId?: string;
  name?: { first?: string; middle?: string; last?: string; suffix?: string; company?: string };
  addresses?: {
    line1?: string;
    line2?: string;
    city?: string;
    region?: string;
    postalCode?: string;
    country?: string;
  }[];
  telephones?: unknown[];
  email?: string[];
  [field: string]: unknown;
};

/** A call Akoya answered with an error: FDX's {code, message, debugMessage}, or OAuth's {error}. */
export class AkoyaApiError extends Error {
  readonly httpStatus: number;
  readonly code: string;
  readonly akoyaMessage: string;
  readonly retryAfterSeconds: number | null;

  constructor(httpStatus: number, code: string, message: string, retryAfterSeconds: number | null) {
    super(`Akoya answered ${httpStatus} (${code}): ${message}`);
    this.httpStatus = httpStatus;
    this.code = code;
    this.akoyaMessage = message;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export class AkoyaUnreachableError extends Error {}

const VERSION = "v2";
const TIMEOUT_MS = 60_000;
export const AKOYA_SCOPES = "openid profile offline_access";

export class AkoyaClient {
  readonly settings: AkoyaSettings;

  constructor(settings: AkoyaSettings) {
    this.settings = settings;
  }

  /** Where the end-user signs in at the institution (`providerId`) and consents. */
  authorizationUrl(input: { providerId: string; redirectUri: string; state: string }): string {
    const url = new URL("/auth", this.settings.idpUrl);
    url.search = new URLSearchParams({
      connector: input.providerId,
      client_id: this.settings.clientId,
      redirect_uri: input.redirectUri,
      state: input.state,
      response_type: "code",
      scope: AKOYA_SCOPES,
    }).toString();
    return url.toString();
  }

  exchangeCode(code: string, redirectUri: string) {
    return this.tokenCall({ grant_type: "authorization_code", code, redirect_uri: redirectUri });
  }

  /** A new id_token and a new refresh token: the one given is retired. */
  refresh(refreshToken: string) {
    return this.tokenCall({ grant_type: "refresh_token", refresh_token: refreshToken });
  }

  async revoke(token: string): Promise<void> {
    await this.request(new URL("/revoke", this.settings.idpUrl), {
      method: "POST",
      headers: { ...this.basic(), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token }).toString(),
    });
  }

  accountsInfo(providerId: string, idToken: string) {
    return this.product<{ accounts?: AkoyaAccountWrapper[] }>(
      `/accounts-info/${VERSION}/${providerId}`,
      idToken,
    );
  }

  balances(providerId: string, idToken: string) {
    return this.product<{ accounts?: AkoyaAccountWrapper[] }>(`/balances/${VERSION}/${providerId}`, idToken);
  }

  /** Every account with its details, and investment accounts with their holdings. */
  accountsWithDetails(providerId: string, idToken: string) {
    return this.product<{ accounts?: AkoyaAccountWrapper[] }>(`/accounts/${VERSION}/${providerId}`, idToken);
  }

  /**
   * An account's first page of transactions. No offset: Akoya asks for none on the first call, and
   * every later page is its links.next (`transactionsAt`) — offsets are the data provider's own
   * tokens, and some providers take no offset or limit at all.
   */
  transactions(
    providerId: string,
    accountId: string,
    idToken: string,
    query: { startTime: string; endTime: string; limit: number },
  ) {
    return this.product<AkoyaTransactionsPage>(
      `/transactions/${VERSION}/${providerId}/${encodeURIComponent(accountId)}`,
      idToken,
      { startTime: query.startTime, endTime: query.endTime, limit: String(query.limit) },
    );
  }

  /** A page Akoya linked to (`linkUrl`), requested exactly as given. */
  transactionsAt(url: URL, idToken: string) {
    return this.productAt<AkoyaTransactionsPage>(url, idToken);
  }

  /**
   * A link from an answer (links.next.href, usually relative: "/transactions/v2/…?offset=…"),
   * resolved against the products URL and left as it is. One to another host is refused: the
   * id_token is only ever sent to Akoya's products host.
   */
  linkUrl(href: string): URL {
    const base = new URL(this.settings.productsUrl);
    const url = new URL(href, base);
    if (url.origin !== base.origin) throw new Error(`Akoya linked to another host: ${url.origin}`);
    return url;
  }

  paymentNetworks(providerId: string, accountId: string, idToken: string) {
    return this.product<{ paymentNetworks?: AkoyaPaymentNetwork[] }>(
      `/payments/${VERSION}/${providerId}/${encodeURIComponent(accountId)}/payment-networks`,
      idToken,
    );
  }

  customer(providerId: string, idToken: string) {
    return this.product<{ customer?: AkoyaCustomer }>(`/customers/${VERSION}/${providerId}/current`, idToken);
  }

  private basic() {
    const credentials = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString(
      "base64",
    );
    return { Authorization: `Basic ${credentials}` };
  }

  private async tokenCall(form: Record<string, string>): Promise<AkoyaTokens> {
    const response = await this.request(new URL("/token", this.settings.idpUrl), {
      method: "POST",
      headers: {
        ...this.basic(),
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: new URLSearchParams(form).toString(),
    });
    return (await response.json()) as AkoyaTokens;
  }

  private product<T>(path: string, idToken: string, query: Record<string, string> = {}): Promise<T> {
    const url = new URL(path, this.settings.productsUrl);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return this.productAt<T>(url, idToken);
  }

  private async productAt<T>(url: URL, idToken: string): Promise<T> {
    const response = await this.request(url, {
      method: "GET",
      headers: {
        Authorization: `Bearer ${idToken}`,
        Accept: "application/json",
        "x-akoya-interaction-type": "batch",
      },
    });
    return (await response.json()) as T;
  }

  private async request(url: URL, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new AkoyaUnreachableError(`Akoya did not answer: ${(error as Error).message}`);
    }
    if (response.ok) return response;
    let code = `HTTP_${response.status}`;
    let message = response.statusText || `HTTP ${response.status}`;
    try {
      const body = (await response.json()) as {
        code?: unknown;
        message?: unknown;
        error?: unknown;
        error_description?: unknown;
      };
      // FDX's Error.code is a string, and may be blank: a blank code is none.
      if (body.code !== undefined && body.code !== null && String(body.code).trim() !== "")
        code = String(body.code);
      else if (typeof body.error === "string" && body.error.trim() !== "") code = body.error;
      if (typeof body.message === "string") message = body.message;
      else if (typeof body.error_description === "string") message = body.error_description;
    } catch {}
    const retryAfter = response.headers.get("retry-after");
    throw new AkoyaApiError(
      response.status,
      code,
      message,
      retryAfter !== null && Number.isFinite(Number(retryAfter)) ? Math.ceil(Number(retryAfter)) : null,
    );
  }
}
