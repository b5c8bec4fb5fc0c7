/** Words that name pay, as an alternation: categorize.ts reads income by them, clean.ts cuts the payer's name at them. */
export const PAY_WORDS = "PAYROLL|PAYRLL|SALARY|DIR ?DEP|DIRECT ?DEP(?:OSIT)?|DIRDEP|PAYCHECK|WAGES?";

/** A local government's word before OF and its name ("CITY OF RICHMOND", "COUNTY OF SANTA CLARA"), as an alternation. */
export const LOCAL_GOVERNMENTS = "CITY|TOWN|VILLAGE|COUNTY|BOROUGH|TOWNSHIP";

/** A cuisine by its people's or its place's name: what a restaurant calls itself by. */
export const CUISINE_WORDS =
  "ETHIOPIAN|ERITREAN|NIGERIAN|GHANAIAN|SENEGALESE|SOMALI|HAITIAN|JAMAICAN|CUBAN|PERUVIAN|COLOMBIAN|VENEZUELAN|SALVADORAN|GUATEMALAN|HONDURAN|BRAZILIAN|ARGENTINIAN|FILIPINO|TAIWANESE|CANTONESE|SZECHUAN|SICHUAN|HUNAN|NEPALI|PAKISTANI|AFGHAN|LEBANESE|MOROCCAN|MEDITERRANEAN|PUNJABI|KOREAN|MEXICAN|ITALIAN|CHINESE|JAPANESE|INDIAN|VIETNAMESE|THAI";

/**
 * MOBILE as a phone's or a channel's word, as an alternative: not before a trade that comes to
 * you ("ELITE MOBILE DETAILING", "MOBILE VET", "MOBILE HOME PARK"), where it is the name's.
 */
export const MOBILE_NOT_TRADE =
  "MOBILE(?! (?:DETAIL|HOME|VET|NOTARY|MECHANIC|TIRE|REPAIR|GROOM|MASSAGE|WASH|CAR |AUTO|LOCKSMITH|WELD|PET|DOG|IV\\b|PHLEBOTOMY|GLASS|BAR\\b|COFFEE|SHRED|STORAGE|WINDSHIELD|DJ\\b))";

/**
 * How the engine reads a description: upper case, punctuation that separates words turned into
 * spaces, apostrophes dropped ("MCDONALD'S" and "MCDONALDS" read the same), so catalogue patterns
 * and descriptions compare token by token.
 */
export function normalize(text: string): string {
  return (
    withoutAccents(text)
      .toUpperCase()
      .replace(/['’`]/g, "")
      // "AIR0012345678901", "PETRO123456": a word run into a reference number
      .replace(/([A-Z]{2,})(\d{3,})/g, "$1 $2")
      // "CLOTHING&SPORTIN", "AT&T": an ampersand is a word of its own on both sides of a match
      .replace(/&/g, " & ")
      // "AMC+", "DISNEY+": the plus is the name's ("AMC PLUS"), not AMC Theatres' or Disney's own word.
      .replace(/(?<=[A-Z0-9])\+(?![A-Z0-9])/g, " PLUS")
      .replace(/[^\p{L}\p{N}&]+/gu, " ")
      // "LOWE S", "DICK S SPORTING": feeds that drop the apostrophe leave the possessive's S alone
      .replace(POSSESSIVE_S, "$1S")
      .trim()
  );
}

/** Beyond ASCII: accents folded ("CAFÉ" reads as "CAFE"); letters of other scripts stay letters. */
export const withoutAccents = (text: string) =>
  NON_ASCII.test(text) ? text.normalize("NFKD").replace(/\p{M}+/gu, "") : text;

/** Anything beyond ASCII: most descriptions have none, and skip the Unicode work. */
export const NON_ASCII = /[\u0080-\uffff]/;

/** A possessive's S set apart from its word ("KOHL S #0456"): the word has three letters or more. */
export const POSSESSIVE_S = /\b([A-Z]{3,}) S\b/g;

/**
 * A company's legal form after its name, here ("BACKBLAZE INC", "KILROY REALTY LP", one cut at the
 * statement's width: "NVIDIA CORPORATI") or abroad ("JETBRAINS S.R.O.", "PIXELFORGE STUDIO SP Z O
 * O", "HOPIN LTD", "ACME GMBH"): no part of the name people know it by.
 */
export const LEGAL_FORM_END =
  /(?<=\S) (INC|LLC|LLP|LP|PLLC|CORP|CORPO[A-Z]*|LTD|LIMITED|S\.R\.O|SRO|SP\.? Z ?O\.? ?O|GMBH|G\.M\.B\.H|B\.V|BV|N\.V|A\.G|AG|S\.A\.R\.L|SARL|S\.A\.S|S\.R\.L|SRL|S\.L|SL|S\.A|SA|SAS|S\.P\.A|PCL|S\.?A\.? DE C\.?V|PTY\.? LTD|PTE\.? LTD|PLC|OY|APS|A\/S|K\.K|KK)\.?$/;

export const tokensOf = (text: string): string[] => {
  const normalized = normalize(text);
  return normalized ? normalized.split(" ") : [];
};

/** Words people write in lower case inside names ("La" is an article that starts a name: La Casita). */
const SMALL_WORDS = new Set(["and", "of", "the", "at", "for", "in", "on", "by", "de", "du"]);
/** Abbreviations that stay upper case (not LA: in a name it is the article far more often than Los Angeles). */
const UPPER_WORDS = new Set([
  "ATM",
  "USA",
  "US",
  "LLC",
  "BBQ",
  "IRS",
  "DMV",
  "USPS",
  "UPS",
  "CVS",
  "TJ",
  "AT&T",
  "HBO",
  "NYC",
  "DC",
]);

/** What "LA" is Los Angeles's before: "LA COUNTY TTC" (else the article: "LA CASITA" is La Casita). */
const LOS_ANGELES_BEFORE = new Set(["COUNTY", "CITY", "DWP", "METRO", "UNIFIED"]);

/** "LUCKY DUMPLING KITCHEN" -> "Lucky Dumpling Kitchen"; words with digits and abbreviations kept. */
export function titleCase(text: string): string {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word, index, words) => {
      const upper = word.toUpperCase();
      if (UPPER_WORDS.has(upper)) return upper;
      if (upper === "LA" && LOS_ANGELES_BEFORE.has(words[index + 1]?.toUpperCase() ?? "")) return upper;
      const lower = word.toLowerCase();
      if (index > 0 && SMALL_WORDS.has(lower)) return lower;
      if (/\d/.test(word) && !/^\d+(st|nd|rd|th)$/i.test(word)) return upper;
      return lower.replace(/(^|[-/&.])(\p{Ll})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());
    })
    .join(" ");
}

/** A stable short id from text (FNV-1a, base 36): counterparties and recurrence groups. */
export function stableId(prefix: string, text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  let second = 0x01000193;
  for (let i = text.length - 1; i >= 0; i--) {
    second ^= text.charCodeAt(i);
    second = Math.imul(second, 0x811c9dc5) >>> 0;
  }
  return `${prefix}_${hash.toString(36).padStart(7, "0")}${second.toString(36).padStart(7, "0")}`;
}

export const US_STATES = new Set(
  "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR".split(
    " ",
  ),
);

/** Canada's provinces and territories, as a Canadian card entry ends ("… TORONTO ON"). */
const CA_PROVINCES = new Set("AB BC MB NB NL NS NT NU ON PE QC SK YT".split(" "));

/**
 * Countries as card networks print them after a foreign merchant's city ("… LONDON GBR"): ISO
 * 3166 alpha-3 to alpha-2. Codes that are also words or abbreviations on US statements (CAN, ARE,
 * PER, MAR, FIN, COL, DOM, IND, NOR, POL, AUS, BEL, TUR) are left out: they end too many
 * descriptions that are not foreign.
 */
const COUNTRIES = new Map(
  (
    "GBR:GB FRA:FR DEU:DE ESP:ES ITA:IT NLD:NL IRL:IE PRT:PT CHE:CH AUT:AT DNK:DK SWE:SE CZE:CZ " +
    "GRC:GR HUN:HU ISL:IS LUX:LU HRV:HR MEX:MX CRI:CR JAM:JM BHS:BS BRB:BB ABW:AW BRA:BR ARG:AR " +
    "CHL:CL JPN:JP KOR:KR CHN:CN HKG:HK SGP:SG TWN:TW THA:TH VNM:VN PHL:PH IDN:ID MYS:MY NZL:NZ " +
    "ISR:IL ZAF:ZA EGY:EG"
  )
    .split(" ")
    .map((pair) => pair.split(":") as [string, string]),
);

const ALPHA2 = new Set(COUNTRIES.values());

/** The alpha-3 codes left out above, safe before an amount in another currency ("… SYDNEY AUS AUD 68.00"). */
const READ_ON_US_STATEMENTS_ALPHA3 = new Map(
  "CAN:CA ARE:AE PER:PE MAR:MA FIN:FI COL:CO DOM:DO IND:IN NOR:NO POL:PL AUS:AU BEL:BE TUR:TR"
    .split(" ")
    .map((pair) => pair.split(":") as [string, string]),
);

/**
 * A country as some networks print it before an amount in its currency: its alpha-2 code ("LYON
 * FR 38.20 EUR"), or an alpha-3 code that is also a word on US statements ("SYDNEY AUS AUD 68.00").
 */
export const countryBeforeAmount = (word: string): string | undefined =>
  ALPHA2.has(word) ? word : READ_ON_US_STATEMENTS_ALPHA3.get(word);

/** Two letters that are words or abbreviations on US statements as well as countries' codes. */
const READ_ON_US_STATEMENTS = new Set("SE CH CR IS IT AT PT HR BR TH MY PH EG BS CL BB".split(" "));

/**
 * Alpha-2 codes that end a foreign merchant's entry after its city even with no amount in its
 * currency ("JETBRAINS S.R.O. PRAHA CZ", "HOPIN LTD LONDON GB"): the countries above and a few
 * more, less those that are a US state, a Canadian province or read otherwise on US statements.
 */
const ALPHA2_ALONE = new Set(
  [...ALPHA2, ..."AU FI AE EE LV LT SK SI RO BG UA".split(" ")].filter(
    (code) => !US_STATES.has(code) && !CA_PROVINCES.has(code) && !READ_ON_US_STATEMENTS.has(code),
  ),
);

/**
 * Where the last word of a card entry places it: a US state, a Canadian province (each with its
 * country), or a foreign country by its alpha-3 code or one of its safe alpha-2 codes (no state);
 * undefined for any other word.
 */
export function regionOf(word: string): { state: string | null; country: string } | undefined {
  if (US_STATES.has(word)) return { state: word, country: "US" };
  if (CA_PROVINCES.has(word)) return { state: word, country: "CA" };
  const country = COUNTRIES.get(word) ?? (ALPHA2_ALONE.has(word) ? word : undefined);
  return country ? { state: null, country } : undefined;
}
