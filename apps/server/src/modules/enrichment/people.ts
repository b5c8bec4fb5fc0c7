import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { LEGAL_FORM_END, titleCase, US_STATES, withoutAccents } from "./text.ts";

/**
 * Step 2, intermediaries and people: money sent through a P2P app names the app (an
 * intermediary) and, when the bank shows it, the person on the other side.
 */
/**
 * `app` is null for a bank wire: it names the other side but goes through no platform. `payee`
 * is a business paid the same way ("Zelle payment to Harmony Piano Studio"), upper case.
 */
export type P2P = {
  app: string | null;
  person: string | null;
  payee?: string | null;
  /**
   * The words after the app's own ("PAYPAL INST XFER LYFT RIDE TUE 7PM"), upper case: a merchant
   * paid through the app may be named there (the engine looks it up; with none, the app is the payee).
   */
  following?: string | null;
  /** A wire's purpose, as it says it (upper case): "APR RENT SUITE 400", "INV 1042 ANNUAL LICENSE". */
  purpose?: string | null;
};

/** Words in a business's name, never in a person's. */
const BUSINESS_WORDS =
  /\b(LLC|INC|CORP|CO|COMPANY|STUDIOS?|SERVICES?|SVCS?|MGMT|MGT|MANAGEMENT|PROPERT(Y|IES)|APARTMENTS?|APTS|REALTY|RENTALS?|LAWN|CLEANING|CLEANERS|PLUMBING|ELECTRIC|CONSTRUCTION|DENTAL|CLINIC|SALON|SPA|FITNESS|ACADEMY|SCHOOL|CHURCH|MOSQUE|MASJID|SYNAGOGUE|TEMPLE|PARISH|ISLAMIC|CENTER|CENTRE|PSYCHOLOGY|COUNSELING|THERAPY|PEDIATRICS|ORTHODONTICS|CHIROPRACTIC|DAYCARE|LANDSCAPING|WALKING|CARE|CATERING|BAKERY|CUPCAKES?|CAKES|PATISSERIE|CAFE|RESTAURANT|DESIGN|PHOTOGRAPHY|TUTORING|LESSONS|HOA|ASSOC\w*|GROUP|PARTNERS|HOLDINGS|ENTERPRISES?|SOLUTIONS|CONSULTING|TRUST|FOUNDATION|MINISTRIES|AUTO|REPAIR|PLLC|LLP|LTD|DDS|MD|KITCHEN|COMMISSARY|JANITORIAL|LINENS?|SUPPLY|WHOLESALE|FARMS?|MARKET|TRUCKING|LOGISTICS|FREIGHT|INSURANCE|AGENCY|LAW (FIRM|OFFICES?|GROUP)|FUNDS?|VENTURES|CAPITAL|LP|ADVISORS|LABS|TECHNOLOGIES|SOFTWARE|SYSTEMS|CTR|LEARNING|PRESCHOOL|MONTESSORI|CHILDCARE|TUTORS|HAULING|JUNK|WASTE|TRASH|SEPTIC|ROOTER|ROOFING|HVAC|HEATING|COOLING|PAINTING|PEST|MOVING|MOVERS|STORAGE|TOWING|MASONRY|FENCING|HANDYMAN|REMODEL\w*|CONTRACT(ING|ORS?)|FLOORING|DETAILING|NAILS|LASHES|BARBERSHOP)\b/i;

const APPS: [RegExp, string][] = [
  [/\bZELLE\b/, "Zelle"],
  [/\bVENMO\b/, "Venmo"],
  [/\bCASH ?APP\b|\bSQUARE CASH\b|\bSQC\*/, "Cash App"],
  [/\bAPPLE CASH\b/, "Apple Cash"],
  [/\bPAYPAL (INST XFER|TRANSFER|XFER|INSTANT TRANSFER)\b/, "PayPal"],
];

/** PayPal's transfer words, and what follows them in the same field. */
const PAYPAL_TRANSFER_THEN = /\bPAYPAL (?:INST XFER|INSTANT TRANSFER|TRANSFER|XFER)\s+([A-Z].*)$/;

/** Words that end a person's name in P2P descriptions. */
const NAME_STOP =
  /\s+(ON|CONF|CONFIRMATION|REF|JPM\w*|WFCT\w*|BAC\w*|ID|TRN|TRACE|MEMO|FOR|VIA|WEB|PPD|CCD|VISA DIRECT|XXXX\w*|CARD(?= \d)|S\d{9,}|\d[\w-]*|#\S*)\b.*$/i;

/** Given names of many languages (data/first-names.txt): they tell "GARCIA LUIS" (last name first, as some banks print) from "LUIS GARCIA". */
const FIRST_NAMES = new Set(
  fs
    .readFileSync(fileURLToPath(new URL("./data/first-names.txt", import.meta.url)), "utf8")
    .split("\n")
    .filter((line) => line && !line.startsWith("#")),
);

/** Accents folded: the list has "jose" for JOSÉ. */
const isFirstName = (word: string) => FIRST_NAMES.has(withoutAccents(word).toLowerCase());

/**
 * "GARCIA LUIS" and "Rodriguez, Carlos" put the last name first: read them first name first. So
 * do two last names before the first ("HERNANDEZ LOPEZ MARIA": Maria Hernandez Lopez).
 */
function inReadingOrder(words: string[], hadComma: boolean): string[] {
  if (words.length === 3) {
    const [a, b, c] = words as [string, string, string];
    return isFirstName(c) && !isFirstName(a) && !isFirstName(b) ? [c, a, b] : words;
  }
  if (words.length !== 2) return words;
  const [a, b] = words as [string, string];
  if (hadComma || (isFirstName(b) && !isFirstName(a))) return [b, a];
  return words;
}

/** A person's name, or a business's (as `payee`), in the text after a P2P app's words. */
function partyIn(text: string, isLastFirst = false): { person: string | null; payee: string | null } {
  const stopped = text
    .replace(NAME_STOP, "")
    .replace(/[*;:,#]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (BUSINESS_WORDS.test(stopped) && /^[A-Za-z][A-Za-z&.'-]*( [A-Za-z&][A-Za-z&.'-]*){1,5}$/.test(stopped))
    return { person: null, payee: withoutPlace(stopped).toUpperCase().replace(LEGAL_FORM_END, "") };
  return { person: personIn(text, isLastFirst), payee: null };
}

/**
 * "VENMO *SWEET BEE CUPCAKE New York NY": a card entry's city, in title case after a name in
 * capitals, and its state are no part of a business's name.
 */
function withoutPlace(payee: string): string {
  const words = payee.split(" ");
  if (words.length < 4 || !/^[A-Z]{2}$/.test(words.at(-1)!) || !US_STATES.has(words.at(-1)!)) return payee;
  let end = words.length - 1;
  const isTitle = (word: string) => /^[A-Z][a-z]+\.?$/.test(word);
  while (end > 2 && words.length - 1 - end < 3 && isTitle(words[end - 1]!)) end--;
  // Only where the name itself is in capitals does the case tell the city from it.
  const name = words.slice(0, end);
  const isCityApart = end < words.length - 1 && name.every((word) => !/\p{Ll}/u.test(word));
  return isCityApart ? name.join(" ") : payee;
}

function personIn(text: string, isLastFirst = false): string | null {
  const stopped = text.replace(NAME_STOP, "").trim();
  const hadComma = /^[^,]+,\s*[^,]+$/.test(stopped);
  let candidate = stopped
    .replace(/[*;:,#]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  // "CASH APP*TYLER BROOKS OAKLAND CA": where the card entry put its city and state.
  const words = candidate.split(" ");
  // Mixed case sets the state apart in capitals ("Cash App*Maria Santos Oakland CA").
  if (
    words.length >= 3 &&
    US_STATES.has(words.at(-1)!.toUpperCase()) &&
    (/^[\p{Lu} ]+$/u.test(candidate) || (/^\p{Lu}{2}$/u.test(words.at(-1)!) && /\p{Ll}/u.test(candidate)))
  ) {
    words.pop();
    if (words.length >= 3) words.pop();
    candidate = words.join(" ");
  }
  // A name is two to four words of letters (initials allowed), not a code or a phrase about the payment.
  if (!/^\p{L}[\p{L}.'-]*( \p{L}[\p{L}.'-]*){1,3}$/u.test(candidate)) return null;
  if (
    /\b(PAYMENT|TRANSFER|CASHOUT|CASH OUT|INSTANT|BANK|SENT|RECEIVED|MONEY|REQUEST|STANDARD)\b/i.test(
      candidate,
    )
  )
    return null;
  const nameWords = candidate.split(" ");
  // Printed last name first ("GOMES JOAO PEDRO"), unless it plainly starts with a given name; two
  // last names go after the given ones too ("HERNANDEZ LOPEZ MARIA").
  if (
    isLastFirst &&
    nameWords.length >= 2 &&
    !(isFirstName(nameWords[0]!) && !isFirstName(nameWords.at(-1)!))
  ) {
    const given = nameWords.findIndex((word, i) => i > 0 && isFirstName(word));
    const lastNames = given > 1 ? given : 1;
    return titleCase([...nameWords.slice(lastNames), ...nameWords.slice(0, lastNames)].join(" "));
  }
  return titleCase(inReadingOrder(nameWords, hadComma).join(" "));
}

/** A wire's purpose field, to the end of the line. */
const WIRE_PURPOSE = /\b(?:PMT DET|OBI|RFB|PURPOSE|DETAILS):\s*(.+)$/;

/** A business's place after its legal form, in a wire ("… HOLDINGS LLC DENVER CO"): no part of its name. */
const WIRE_PLACE_AFTER_FORM = /^(.*\b(?:LLC|LLP|INC|CORP|LTD|LP|PLLC|CO))\.?(?: [A-Z]+){1,3} [A-Z]{2}$/;

/** A P2P app's own products, named after its star. */
const APP_PRODUCT = /^(BITCOIN|BTC|CRYPTO|STOCKS?|INVESTING|BOOST|SAVINGS|ROUND ?UPS?)\b/;

export function detectP2P(description: string): P2P | null {
  const upper = description.toUpperCase();
  // Wires name the other side: ORIG: or B/O: ("by order of", incoming), BNF: or BEN: (outgoing);
  // a person, or a business (its place after it: "B/O: NORTHWIND HOLDINGS LLC DENVER CO 80202").
  const wire =
    /\b(?:(?:FED)?WIRE|BOOK TRANSFER)\b.*?\b(?:ORIG|BNF|BEN|ORIGINATOR|BENEFICIARY|B\/O):\s*([A-Z][A-Z0-9 &.,'-]+?)\s+(?:ID|BNF|REF|ADDR|OBI|BK|SEQ|IMAD|SND|TRN)\b/.exec(
      upper,
    );
  if (wire) {
    const named = wire[1]!.replace(/\s+\d{5}(-\d{4})?$/, "").replace(WIRE_PLACE_AFTER_FORM, "$1");
    const party = partyIn(named);
    // What the wire is for ("PMT DET:APR RENT SUITE 400", "OBI:INV 1042"), for its category.
    const purpose = WIRE_PURPOSE.exec(upper)?.[1]?.trim() || null;
    if (party.payee) return { app: null, person: null, payee: party.payee, purpose };
    // A wire names a person by a given name ("KIM, DAVID"); four surnames are a firm's
    // ("GUNDERSON DETTMER STOUGH VIL"), as is a name with no given name in it.
    const person = personIn(named);
    if (person && named.split(/[\s,]+/).some(isFirstName)) return { app: null, person, purpose };
    const firm = named.trim().replace(LEGAL_FORM_END, "");
    return { app: null, person: null, payee: /^[A-Z][A-Z0-9 &.'-]*$/.test(firm) ? firm : null, purpose };
  }
  // Bank of America's wire sent online: "Online Domestic Wire Transfer Via: WELLS FARGO NA/… A/C:
  // LAURA CHEN SAN FRANCISCO CA 94110 US …": a person's two names first, their town after.
  const online = /\bWIRE TRANSFER VIA:.*?\bA\/C:\s*([A-Z][A-Z'-]+) ([A-Z][A-Z'-]+)\b/.exec(upper);
  if (online && isFirstName(online[1]!)) return { app: null, person: titleCase(`${online[1]} ${online[2]}`) };
  // A Fed wire sent, as Wells Fargo prints it: "WT FED#04812 JPMORGAN CHASE BA /FTR/BNF=KIM, DAVID SRF# …".
  const fedWire = /^WT\b.*\/BNF=([A-Z][A-Z ,.'-]*?)\s+(?:SRF|TRN|RFB|OBI|ID)#?/.exec(upper);
  if (fedWire) {
    const person = personIn(fedWire[1]!);
    if (person) return { app: null, person };
  }
  // "PAYPAL *KEVIN BROWN": PayPal to a person, when the name after it is a person's.
  const paypal = /^(?:PAYPAL|PP) ?\*\s*([A-Z]+) ([A-Z]+)\b/.exec(upper);
  if (paypal && isFirstName(paypal[1]!))
    return { app: "PayPal", person: titleCase(`${paypal[1]} ${paypal[2]}`) };
  // A credit union's transfer to another member's share ("Withdrawal Transfer To 4471023 S0001
  // MARGARET OLSEN"): the member named, no platform.
  const member = /^(?:WITHDRAWAL |DEPOSIT )?TRANSFER (?:TO|FROM) \d{4,} [SL]\d{1,4} ([A-Z][A-Z .'-]+)$/.exec(
    upper.trim(),
  );
  if (member) {
    const person = personIn(member[1]!);
    if (person) return { app: null, person };
  }
  // A bank's own P2P (Chime's "Pay Friends transfer to Ashley Morgan", now "Pay Anyone"): a
  // person, no platform.
  const native = /^PAY (?:FRIENDS|ANYONE) (?:TRANSFER )?(?:TO|FROM)\s+(.+)$/i.exec(description.trim());
  if (native) {
    const person = personIn(native[1]!);
    if (person) return { app: null, person };
  }
  const app = APPS.find(([pattern]) => pattern.test(upper))?.[1];
  if (!app) return null;
  // "PAYPAL INST XFER LYFT RIDE TUE 7PM WEB ID: …": what PayPal paid follows its transfer's words.
  const after = app === "PayPal" ? PAYPAL_TRANSFER_THEN.exec(upper)?.[1]?.replace(NAME_STOP, "").trim() : "";
  const following = after || null;
  const text = description.replace(/\s+/g, " ").trim();
  const candidates: string[] = [];
  // "Zelle payment to John Smith JPM99…", "ZELLE FROM JANE DOE ON 11/20", "… Conf# abc123; Maria Garcia";
  // in Spanish and French ("ZELLE ENVIADO A LUIS ORTIZ", "RECIBIDO DE", "ENVOYE A", "RECU DE").
  const toFrom = /\b(?:TO|FROM|ENVIADO A|RECIBIDO DE|ENVOY[EÉ] [AÀ]|RE[CÇ]U DE)\s+(.+)$/i.exec(text);
  // A memo after a dash ("Venmo payment to Jordan Ellis - dim sum sunday") is no part of the name.
  if (toFrom) candidates.push(toFrom[1]!.split(/\s+-\s+/)[0]!);
  // Truist's "Zelle DB - EVANS, KENDRA", "ZELLE CR - …": the person after the dash, last name first;
  // without the dash when a comma says so ("Zelle Debit WASHINGTON, TYLER Conf# 7HK2QX").
  const afterDash =
    /\bZELLE (?:DB|CR|DEBIT|CREDIT|SENT|RECEIVED)\s*(?:-\s*(.+)|\s([A-Z][A-Z'-]+,\s*[A-Z].*))$/i.exec(text);
  if (afterDash) candidates.push((afterDash[1] ?? afterDash[2])!);
  const afterSemicolon = /;\s*([^;]+)$/.exec(text);
  if (afterSemicolon) candidates.push(afterSemicolon[1]!);
  // "CASH APP*JANE DOE*…", "VENMO *JOHN SMITH"
  const starred = /\*\s*([^*]+?)\s*(\*|$)/.exec(text.replace(/^.*?(CASH ?APP|VENMO|SQC)\s*/i, "*"));
  // What the app sells itself after its star ("CASH APP*BITCOIN", "CASH APP*STOCKS"): no one's name.
  if (starred && !APP_PRODUCT.test(starred[1]!.toUpperCase())) candidates.push(starred[1]!);
  // Wells Fargo prints "ZELLE TO GARCIA LUIS ON 03/14 REF # …": the last name first.
  const isLastFirst = /^ZELLE (TO|FROM) [\p{Lu} ,.'-]+ ON \d{2}\/\d{2}\b/u.test(text);
  for (const candidate of candidates) {
    const party = partyIn(candidate, isLastFirst);
    if (party.person || party.payee) return { app, ...party };
  }
  return { app, person: null, following };
}
