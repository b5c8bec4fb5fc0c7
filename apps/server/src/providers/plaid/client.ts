import { Configuration, PlaidApi, type PlaidError } from "plaid";
import type { PlaidSettings } from "../../modules/integrations/service.ts";

/** Plaid's official client for one environment's keys; clients are reused per key and host. */
const clients = new Map<string, PlaidApi>();

export function plaidClient(settings: PlaidSettings): PlaidApi {
  const key = `${settings.basePath}\n${settings.clientId}\n${settings.secret}`;
  let client = clients.get(key);
  if (!client) {
    client = new PlaidApi(
      new Configuration({
        basePath: settings.basePath,
        baseOptions: {
          headers: { "PLAID-CLIENT-ID": settings.clientId, "PLAID-SECRET": settings.secret },
          timeout: 60_000,
        },
      }),
    );
    clients.set(key, client);
  }
  return client;
}

/** A call Plaid answered with its error object (the client throws the HTTP response). */
export class PlaidApiError extends Error {
  readonly httpStatus: number;
  readonly plaid: PlaidError;

  constructor(httpStatus: number, plaid: PlaidError) {
    super(`${plaid.error_type} ${plaid.error_code}: ${plaid.error_message}`);
    this.httpStatus = httpStatus;
    this.plaid = plaid;
  }
}

/** Plaid could not be reached, or answered something that is not its error object. */
export class PlaidUnreachableError extends Error {}

type AxiosLike = { response?: { status: number; data?: unknown }; code?: string; message: string };

const isPlaidError = (data: unknown): data is PlaidError =>
  typeof data === "object" && data !== null && "error_code" in data && "error_type" in data;

/** Runs a Plaid call: its response's data, or a PlaidApiError / PlaidUnreachableError. */
export async function callPlaid<T>(call: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await call()).data;
  } catch (error) {
    const failure = error as AxiosLike;
    if (failure.response && isPlaidError(failure.response.data)) {
      throw new PlaidApiError(failure.response.status, failure.response.data);
    }
    const status = failure.response ? `HTTP ${failure.response.status}` : (failure.code ?? "no answer");
    throw new PlaidUnreachableError(`Plaid did not answer usefully (${status}): ${failure.message}`);
  }
}
