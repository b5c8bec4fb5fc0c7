/**
 * Query parameters that are credentials themselves: a signed statement link's signature, a token,
 * an OAuth redirect's code and state (Akoya's callback), and what a client may put in a query by
 * mistake (an access token, an API key, a password or passcode).
 */
const SECRET_QUERY_PARAMETERS =
  /([?&](?:signature|token|secret|code|state|access_token|refresh_token|id_token|session|api_key|apikey|password|passcode|client_secret)=)[^&#]*/gi;

/** A URL fit for a log: the secrets a signed link carries replaced by [redacted]. */
export const redactUrl = (url: string) => url.replace(SECRET_QUERY_PARAMETERS, "$1[redacted]");
