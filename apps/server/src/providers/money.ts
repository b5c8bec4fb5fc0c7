/**
 * Money as integer cents inside providers, decimal strings at their edge: never float arithmetic.
 */

/** 123456 → "1234.56"; -5 → "-0.05". */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "1234.56" → 123456; "-0.5" → -50. More than two decimals is refused. */
export function decimalToCents(value: string): number {
  const match = /^(-?)([0-9]+)(?:\.([0-9]{1,2}))?$/.exec(value.trim());
  if (!match) throw new Error(`Not a decimal amount with at most 2 decimals: "${value}"`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? "0").padEnd(2, "0"));
  return match[1] === "-" && cents !== 0 ? -cents : cents;
}

/**
 * A provider's JSON number as a decimal string, without float artefacts ("12.3" stays "12.3",
 * 1e-7 and 1e21 are spelt out; what rounds to zero at 12 decimals is "0", never "-0").
 */
export function decimalOf(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`Not a finite amount: ${value}`);
  const plain = String(value);
  if (!/e/i.test(plain)) return plain;
  // From 1e21 up a double is a whole number (toFixed would answer in exponent form too).
  if (Math.abs(value) >= 1e21) return BigInt(value).toString();
  const fixed = value.toFixed(12).replace(/\.?0+$/, "");
  return fixed === "-0" ? "0" : fixed;
}

export const nullableDecimal = (value: number | null | undefined) =>
  value === null || value === undefined ? null : decimalOf(value);
