import { createHmac, hkdfSync } from "node:crypto";
import { safeEqual } from "../../security/secrets.ts";

/** Statement links are valid this long. */
export const STATEMENT_LINK_TTL_SECONDS = 3600;

/** A key of its own for statement links, derived from the deployment's secret key. */
const linkKey = (secretKey: Buffer) =>
  Buffer.from(hkdfSync("sha256", secretKey, "", "weft:statement-links:v1", 32));

const signatureOf = (secretKey: Buffer, statementId: string, expires: number) =>
  createHmac("sha256", linkKey(secretKey)).update(`${statementId}.${expires}`).digest("base64url");

/** A link to the statement's PDF that anyone holding it may follow, for the next hour. */
export function signStatementUrl(
  publicUrl: string,
  secretKey: Buffer,
  statementId: string,
  now = new Date(),
): string {
  const expires = Math.floor(now.getTime() / 1000) + STATEMENT_LINK_TTL_SECONDS;
  return `${publicUrl}/v1/statements/${statementId}/pdf?expires=${expires}&signature=${signatureOf(secretKey, statementId, expires)}`;
}

export type LinkCheck = "VALID" | "EXPIRED" | "INVALID";

export function checkStatementLink(
  secretKey: Buffer,
  statementId: string,
  expires: number,
  signature: string,
  now = new Date(),
): LinkCheck {
  if (!safeEqual(signatureOf(secretKey, statementId, expires), signature)) return "INVALID";
  return expires * 1000 < now.getTime() ? "EXPIRED" : "VALID";
}
