/** Query parameters that are credentials themselves (a signed statement link's signature). */
const SECRET_QUERY_PARAMETERS = /([?&](?:signature|token|secret)=)[^&#]*/gi;

/** A URL fit for a log: the secrets a signed link carries replaced by [redacted]. */
export const redactUrl = (url: string) => url.replace(SECRET_QUERY_PARAMETERS, "$1[redacted]");
