import { titleCase } from "./text.ts";

/**
 * Step 2, intermediaries and people: money sent through a P2P app names the app (an
 * intermediary) and, when the bank shows it, the person on the other side.
 */
export type P2P = { app: string; person: string | null };

const APPS: [RegExp, string][] = [
  [/\bZELLE\b/, "Zelle"],
  [/\bVENMO\b/, "Venmo"],
  [/\bCASH ?APP\b|\bSQUARE CASH\b|\bSQC\*/, "Cash App"],
  [/\bAPPLE CASH\b/, "Apple Cash"],
  [/\bPAYPAL (INST XFER|TRANSFER|XFER|INSTANT TRANSFER)\b/, "PayPal"],
];

/** Words that end a person's name in P2P descriptions. */
const NAME_STOP =
  /\s+(ON|CONF|CONFIRMATION|REF|JPM\w*|WFCT\w*|BAC\w*|ID|TRN|TRACE|MEMO|FOR|VIA|WEB|PPD|CCD|XXXX\w*|\d[\w-]*|#\S*)\b.*$/i;

function personIn(text: string): string | null {
  const candidate = text
    .replace(NAME_STOP, "")
    .replace(/[*;:,#]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  // A name is two to four words of letters (initials allowed), not a code or a phrase about the payment.
  if (!/^[A-Za-z][A-Za-z.'-]*( [A-Za-z][A-Za-z.'-]*){1,3}$/.test(candidate)) return null;
  if (
    /\b(PAYMENT|TRANSFER|CASHOUT|CASH OUT|INSTANT|BANK|SENT|RECEIVED|MONEY|REQUEST|STANDARD)\b/i.test(
      candidate,
    )
  )
    return null;
  return titleCase(candidate);
}

export function detectP2P(description: string): P2P | null {
  const upper = description.toUpperCase();
  const app = APPS.find(([pattern]) => pattern.test(upper))?.[1];
  if (!app) return null;
  const text = description.replace(/\s+/g, " ").trim();
  const candidates: string[] = [];
  // "Zelle payment to John Smith JPM99…", "ZELLE FROM JANE DOE ON 11/20", "… Conf# abc123; Maria Garcia"
  const toFrom = /\b(?:TO|FROM)\s+(.+)$/i.exec(text);
  if (toFrom) candidates.push(toFrom[1]!);
  const afterSemicolon = /;\s*([^;]+)$/.exec(text);
  if (afterSemicolon) candidates.push(afterSemicolon[1]!);
  // "CASH APP*JANE DOE*…", "VENMO *JOHN SMITH"
  const starred = /\*\s*([^*]+?)\s*(\*|$)/.exec(text.replace(/^.*?(CASH ?APP|VENMO|SQC)\s*/i, "*"));
  if (starred) candidates.push(starred[1]!);
  for (const candidate of candidates) {
    const person = personIn(candidate);
    if (person) return { app, person };
  }
  return { app, person: null };
}
