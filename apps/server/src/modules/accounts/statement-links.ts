import { createHmac, hkdfSync } from "node:crypto";
import { type SecretKeys, safeEqual } from "../../security/secrets.ts";

/** Statement links are valid this long. */
export const STATEMENT_LINK_TTL_SECONDS = 3600;

/** A key of its own for statement links, derived from one of the deployment's secret keys. */
const linkKey = (secretKey: Buffer) =>
  Buffer.from(hkdfSync("sha256", secretKey, "", "weft:statement-links:v1", 32));

const signatureOf = (secretKey: Buffer, statementId: string, expires: number) =>
  createHmac("sha256", linkKey(secretKey)).update(`${statementId}.${expires}`).digest("base64url");

/** A link to the statement's PDF that anyone holding it may follow, for the next hour. */
export function signStatementUrl(
  publicUrl: string,
  secretKey: SecretKeys,
  statementId: string,
  now = new Date(),
): string {
  const expires = Math.floor(now.getTime() / 1000) + STATEMENT_LINK_TTL_SECONDS;
  return `${publicUrl}/v1/statements/${statementId}/pdf?expires=${expires}&signature=${signatureOf(secretKey.current, statementId, expires)}`;
}

export type LinkCheck = "VALID" | "EXPIRED" | "INVALID";

export function checkStatementLink(
  secretKey: SecretKeys,
  statementId: string,
  expires: number,
  signature: string,
  now = new Date(),
): LinkCheck {
  // Signed with the current key; a link signed before a rotation stays good for its hour.
  if (!secretKey.all.some((key) => safeEqual(signatureOf(key, statementId, expires), signature)))
    return "INVALID";
  return expires * 1000 < now.getTime() ? "EXPIRED" : "VALID";
}
