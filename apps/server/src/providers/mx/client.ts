import {
  AccountsApi,
  Configuration,
  InstitutionsApi,
  InvestmentHoldingsApi,
  MembersApi,
  ProcessorTokenApi,
  StatementsApi,
  TransactionsApi,
  UsersApi,
  WidgetsApi,
} from "mx-platform-node";
import type { MxSettings } from "../../modules/integrations/service.ts";

/**
 * MX's official client (mx-platform-node, Platform API v20111101) for one environment's keys:
 * HTTP Basic with the client id and API key, and the versioned Accept header MX requires.
 */
export type MxClient = {
  users: UsersApi;
  members: MembersApi;
  accounts: AccountsApi;
  transactions: TransactionsApi;
  holdings: InvestmentHoldingsApi;
  statements: StatementsApi;
  widgets: WidgetsApi;
  institutions: InstitutionsApi;
  processorTokens: ProcessorTokenApi;
};

export const MX_ACCEPT = "application/vnd.mx.api.v1+json";

const clients = new Map<string, MxClient>();

export function mxClient(settings: MxSettings): MxClient {
  const key = `${settings.basePath}\n${settings.clientId}\n${settings.secret}`;
  let client = clients.get(key);
  if (!client) {
    const configuration = new Configuration({
      basePath: settings.basePath,
      username: settings.clientId,
      password: settings.secret,
      baseOptions: { headers: { Accept: MX_ACCEPT }, timeout: 60_000 },
    });
    client = {
      users: new UsersApi(configuration),
      members: new MembersApi(configuration),
      accounts: new AccountsApi(configuration),
      transactions: new TransactionsApi(configuration),
      holdings: new InvestmentHoldingsApi(configuration),
      statements: new StatementsApi(configuration),
      widgets: new WidgetsApi(configuration),
      institutions: new InstitutionsApi(configuration),
      processorTokens: new ProcessorTokenApi(configuration),
    };
    clients.set(key, client);
  }
  return client;
}

/**
 * A call MX answered with an error status. MX's body is `{"error": {"message": …}}` (older
 * answers: `{"error": "…"}`); 429 carries Retry-After.
 */
export class MxApiError extends Error {
  readonly httpStatus: number;
  readonly mxMessage: string;
  readonly retryAfterSeconds: number | null;

  constructor(httpStatus: number, mxMessage: string, retryAfterSeconds: number | null) {
    super(`MX answered ${httpStatus}: ${mxMessage}`);
    this.httpStatus = httpStatus;
    this.mxMessage = mxMessage;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** MX could not be reached at all (no HTTP answer). */
export class MxUnreachableError extends Error {}

type AxiosLike = {
  response?: { status: number; data?: unknown; headers?: Record<string, unknown> };
  code?: string;
  message: string;
};

function messageOf(data: unknown, status: number): string {
  if (data && typeof data === "object" && "error" in data) {
    const error = (data as { error: unknown }).error;
    if (typeof error === "string") return error;
    if (error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string")
      return (error as { message: string }).message;
  }
  return `HTTP ${status}`;
}

function retryAfterOf(headers: Record<string, unknown> | undefined): number | null {
  const raw = headers?.["retry-after"];
  const seconds = Number(typeof raw === "string" ? raw : Array.isArray(raw) ? raw[0] : Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : null;
}

/** Runs an MX call: its response's data, or an MxApiError / MxUnreachableError. */
export async function callMx<T>(call: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await call()).data;
  } catch (error) {
    const failure = error as AxiosLike;
    if (failure.response) {
      throw new MxApiError(
        failure.response.status,
        messageOf(failure.response.data, failure.response.status),
        retryAfterOf(failure.response.headers),
      );
    }
    throw new MxUnreachableError(`MX did not answer (${failure.code ?? "no answer"}): ${failure.message}`);
  }
}
