/**
 * How the engine reads a description: upper case, punctuation that separates words turned into
 * spaces, apostrophes dropped ("MCDONALD'S" and "MCDONALDS" read the same), so catalogue patterns
 * and descriptions compare token by token.
 */
export function normalize(text: string): string {
  return (
    text
      .toUpperCase()
      .replace(/['’`]/g, "")
      // "AIR0012345678901", "PETRO123456": a word run into a reference number
      .replace(/([A-Z]{2,})(\d{3,})/g, "$1 $2")
      // "CLOTHING&SPORTIN", "AT&T": an ampersand is a word of its own on both sides of a match
      .replace(/&/g, " & ")
      .replace(/[^A-Z0-9&]+/g, " ")
      .trim()
  );
}

export const tokensOf = (text: string): string[] => {
  const normalized = normalize(text);
  return normalized ? normalized.split(" ") : [];
};

/** Words people write in lower case inside names. */
const SMALL_WORDS = new Set(["and", "of", "the", "at", "for", "in", "on", "de", "la", "du"]);
/** Abbreviations that stay upper case. */
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
  "LA",
  "DC",
]);

/** "LUCKY DUMPLING KITCHEN" -> "Lucky Dumpling Kitchen"; words with digits and abbreviations kept. */
export function titleCase(text: string): string {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word, index) => {
      const upper = word.toUpperCase();
      if (UPPER_WORDS.has(upper)) return upper;
      const lower = word.toLowerCase();
      if (index > 0 && SMALL_WORDS.has(lower)) return lower;
      if (/\d/.test(word) && !/^\d+(st|nd|rd|th)$/i.test(word)) return upper;
      return lower.replace(/(^|[-/&.])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
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
