import { ProviderError, ProviderRateLimited } from "../providers/types.ts";
import { HttpError, tooManyRequests } from "./errors.ts";

/**
 * A provider failure met while answering an API caller (spec 8): the provider's rate limit is a
 * 429 with Retry-After; a credential or item the provider refuses is the caller's 400; anything
 * else upstream is a 502. Other errors pass through unchanged.
 */
/**
 * Runs a provider call for an API caller: the provider's own failures, translated to the
 * contract's by `translate`, become 400 / 429 / 502 (spec 8).
 */
export async function forApiCaller<T>(
  translate: (error: unknown) => unknown,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw apiErrorOf(translate(error));
  }
}

export function apiErrorOf(error: unknown): unknown {
  if (error instanceof ProviderRateLimited) {
    return tooManyRequests(
      `The provider's rate limit was exceeded: ${error.details.errorMessage}`,
      error.retryAfterSeconds,
      (s) => `Retry after ${s} seconds.`,
    );
  }
  if (!(error instanceof ProviderError)) return error;
  const { errorType, errorCode, errorMessage } = error.details;
  const isCallers =
    error.status === "ERROR_REPAIRABLE" || errorType === "INVALID_INPUT" || errorType === "ITEM_ERROR";
  if (isCallers) {
    return new HttpError(
      400,
      `The provider refused the request (${errorType} ${errorCode}): ${errorMessage}`,
      error.details.suggestedAction ??
        "Check the access token and the item: an item in error must be repaired (Link update mode) first.",
    );
  }
  return new HttpError(
    502,
    `The provider failed (${errorType} ${errorCode}): ${errorMessage}`,
    "Retry later; if it persists, check the provider's status page.",
  );
}
