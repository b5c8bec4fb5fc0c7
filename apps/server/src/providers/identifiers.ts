/**
 * Check digits of the financial identifiers providers hand us: ABA routing numbers, CUSIPs and
 * ISINs. Used to validate input (institution search) and by the sandbox to make valid ones.
 */

const ABA_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1];

/** An ABA routing number: 9 digits whose weighted sum (3, 7, 1, …) is a multiple of 10. */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^[0-9]{9}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(value[i]) * ABA_WEIGHTS[i]!;
  return sum % 10 === 0;
}

/** The ninth digit that makes an 8-digit prefix a valid routing number. */
export function routingCheckDigit(prefix: string): string {
  if (!/^[0-9]{8}$/.test(prefix)) throw new Error(`Routing prefix must be 8 digits, got "${prefix}"`);
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(prefix[i]) * ABA_WEIGHTS[i]!;
  return String((10 - (sum % 10)) % 10);
}

/** A character's value in CUSIP and ISIN arithmetic: digits as is, letters A=10 … Z=35. */
function alphanumericValue(char: string): number {
  const code = char.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 90) return code - 55;
  if (char === "*") return 36;
  if (char === "@") return 37;
  if (char === "#") return 38;
  throw new Error(`"${char}" cannot appear in a CUSIP or ISIN`);
}

/** The ninth character of a CUSIP from its first eight (the "modulus 10 double add double" rule). */
export function cusipCheckDigit(base: string): string {
  if (!/^[0-9A-Z*@#]{8}$/.test(base)) throw new Error(`CUSIP base must be 8 characters, got "${base}"`);
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    let value = alphanumericValue(base[i]!);
    if (i % 2 === 1) value *= 2;
    sum += Math.floor(value / 10) + (value % 10);
  }
  return String((10 - (sum % 10)) % 10);
}

export const isValidCusip = (value: string) =>
  /^[0-9A-Z*@#]{9}$/.test(value) && cusipCheckDigit(value.slice(0, 8)) === value[8];

/** The twelfth character of an ISIN: letters expanded to two digits, then the Luhn check. */
export function isinCheckDigit(base: string): string {
  if (!/^[A-Z]{2}[0-9A-Z]{9}$/.test(base)) throw new Error(`ISIN base must be 11 characters, got "${base}"`);
  const digits = [...base].map((c) => String(alphanumericValue(c))).join("");
  let sum = 0;
  // Luhn from the right, doubling the rightmost digit (the check digit will sit to its right).
  for (let i = 0; i < digits.length; i++) {
    let value = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      value *= 2;
      if (value > 9) value -= 9;
    }
    sum += value;
  }
  return String((10 - (sum % 10)) % 10);
}

export const isValidIsin = (value: string) =>
  /^[A-Z]{2}[0-9A-Z]{9}[0-9]$/.test(value) && isinCheckDigit(value.slice(0, 11)) === value[11];

/** A US ISIN from a full CUSIP. */
export const isinFromCusip = (cusip: string, country = "US") =>
  `${country}${cusip}${isinCheckDigit(`${country}${cusip}`)}`;
