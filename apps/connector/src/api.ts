/** The Connector's calls to the Weft server it is served from. */
export type ConnectorConfig = {
  id: string;
  name: string;
  mode: "TEST" | "SANDBOX" | "PRODUCTION";
  emailSignIn: boolean;
  allowedOrigins: string[] | null;
  products: string[];
  privacyPolicyUrl: string | null;
};

export type Institution = {
  id: string;
  name: string;
  logoUrl: string;
  /** CREDENTIALS: our login form; PLAID_LINK and MX_CONNECT: the provider's own widget. */
  linkWith?: "CREDENTIALS" | "PLAID_LINK" | "MX_CONNECT" | "FINICITY_CONNECT" | "AKOYA_OAUTH";
};
export type PlaidLinkToken = { linkToken: string; expiration: string; scriptUrl: string };
export type Challenge = { type: "CODE"; message: string };
export type LinkOutcome = {
  outcome: "LINKED" | "MFA_REQUIRED" | "INVALID_MFA_CODE" | "INVALID_CREDENTIALS";
  connectionId: string | null;
  message: string | null;
  challenge: Challenge | null;
};
export type Account = { id: string; name: string; mask: string | null; kind: string; type: string };
export type ConnectionState = {
  id: string;
  provider: string;
  profileId: string;
  status: string;
  institution: Institution | null;
  error: { message: string; code: string } | null;
  accounts: Account[];
  progress: SyncProgress;
};
export type SyncProgress = {
  transactions: number;
  syncedFrom: string | null;
  syncedThrough: string | null;
  recentSynced: boolean;
  historySynced: boolean;
};
export type Session = { token: string; userId: string };
export type AccountChoices = { accounts: Account[]; error: { message: string; code: string } | null };

export class ApiError extends Error {
  readonly status: number;
  readonly instruction: string;
  constructor(status: number, message: string, instruction: string) {
    super(message);
    this.status = status;
    this.instruction = instruction;
  }
}

async function request<T>(
  method: string,
  path: string,
  options: { token?: string | undefined; body?: unknown } = {},
) {
  const response = await fetch(path, {
    method,
    headers: {
      ...(options.body !== undefined && { "content-type": "application/json" }),
      ...(options.token && { authorization: `Bearer ${options.token}` }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const body = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    if (response.status === 422) {
      const first = Object.values(body as Record<string, string[]>)[0]?.[0] ?? "Check what you entered.";
      throw new ApiError(422, first, "");
    }
    throw new ApiError(response.status, body?.message ?? response.statusText, body?.instruction ?? "");
  }
  return body as T;
}

export function createApi(connectorId: string, getToken: () => string | undefined) {
  const base = `/v1/connectors/${encodeURIComponent(connectorId)}`;
  const authed = {
    get token() {
      return getToken();
    },
  };
  return {
    config: () => request<ConnectorConfig>("GET", base),
    currentSession: (token: string) => request<Session>("GET", "/v1/users/session", { token }),
    sendPasscode: (email: string) =>
      request<{ message: string }>("POST", "/v1/users/session", {
        body: { session: { clientId: connectorId, email } },
      }),
    verifyPasscode: (email: string, passcode: string) =>
      request<Session>("PUT", "/v1/users/session", {
        body: { session: { clientId: connectorId, email, passcode } },
      }),
    searchInstitutions: (q: string) =>
      request<Institution[]>("GET", `${base}/institutions?q=${encodeURIComponent(q)}&limit=20`, authed),
    /** The institutions most linked in the environment: the grid before the end-user types. */
    popularInstitutions: () => request<Institution[]>("GET", `${base}/institutions?limit=8`, authed),
    institution: (id: string) =>
      request<Institution>("GET", `${base}/institutions/${encodeURIComponent(id)}`, authed),
    link: (body: { institutionId: string; username: string; password: string; mfaCode?: string }) =>
      request<LinkOutcome>("POST", `${base}/connections`, { ...authed, body }),
    connection: (id: string) =>
      request<ConnectionState>("GET", `${base}/connections/${encodeURIComponent(id)}`, authed),
    accountChoices: (id: string) =>
      request<AccountChoices>("GET", `${base}/connections/${encodeURIComponent(id)}/choices`, authed),
    shareAccounts: (id: string, accountIds: string[]) =>
      request<ConnectionState>("POST", `${base}/connections/${encodeURIComponent(id)}/accounts`, {
        ...authed,
        body: { accountIds, consent: true },
      }),
    plaidLinkToken: (body: { institutionId: string } | { connectionId: string }) =>
      request<PlaidLinkToken>("POST", `${base}/plaid/link-token`, { ...authed, body }),
    plaidExchange: (body: { publicToken: string; institutionId: string }) =>
      request<LinkOutcome>("POST", `${base}/plaid/exchange`, { ...authed, body }),
    plaidResume: (id: string) =>
      request<LinkOutcome>("POST", `${base}/connections/${encodeURIComponent(id)}/plaid/resume`, authed),
    mxWidgetUrl: (
      body: ({ institutionId: string } | { connectionId: string }) & { colorScheme?: "light" | "dark" },
    ) => request<{ widgetUrl: string }>("POST", `${base}/mx/widget-url`, { ...authed, body }),
    mxMember: (body: { memberGuid: string; institutionId: string; historyMonths?: number }) =>
      request<LinkOutcome>("POST", `${base}/mx/members`, { ...authed, body }),
    mxResume: (id: string) =>
      request<LinkOutcome>("POST", `${base}/connections/${encodeURIComponent(id)}/mx/resume`, authed),
    finicityConnectUrl: (body: { institutionId: string } | { connectionId: string }) =>
      request<{ connectUrl: string }>("POST", `${base}/finicity/connect-url`, { ...authed, body }),
    finicityLogin: (body: { historyMonths?: number }) =>
      request<LinkOutcome>("POST", `${base}/finicity/logins`, { ...authed, body }),
    finicityResume: (id: string) =>
      request<LinkOutcome>("POST", `${base}/connections/${encodeURIComponent(id)}/finicity/resume`, authed),
    akoyaAuthorize: (body: { institutionId: string; connectionId?: string }) =>
      request<{ authorizationUrl: string }>("POST", `${base}/akoya/authorize`, { ...authed, body }),
    akoyaComplete: (body: { code: string; state: string }) =>
      request<{ outcome: "LINKED" | "RECONNECTED"; connectionId: string }>("POST", `${base}/akoya/complete`, {
        ...authed,
        body,
      }),
    reconnect: (id: string, body: { username: string; password: string; mfaCode?: string }) =>
      request<LinkOutcome>("POST", `${base}/connections/${encodeURIComponent(id)}/reconnect`, {
        ...authed,
        body,
      }),
  };
}
