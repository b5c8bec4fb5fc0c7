/** Calendar arithmetic on YYYY-MM-DD strings, in UTC: the sandbox thinks in whole days. */

const DAY_MS = 86_400_000;

export const toDay = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * A real day of the years 0001–9999 written YYYY-MM-DD: not 2023-02-30 (JavaScript would roll
 * it into March) and not year 0000 (PostgreSQL has none).
 */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith("0000")) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && toDay(date) === value;
}

export const dayToDate = (day: string): Date => new Date(`${day}T00:00:00.000Z`);

/**
 * An RFC 3339 / ISO 8601 date-time (or date) as an instant: a leap second (23:59:60) is the last
 * instant of its minute, and a lower-case "t" or "z" is read, neither of which JavaScript parses.
 * Null when it is not one.
 */
export function instantOf(value: string | null | undefined): Date | null {
  if (!value) return null;
  const upper = value.toUpperCase();
  let date = new Date(upper);
  if (Number.isNaN(date.getTime())) date = new Date(upper.replace(/(T\d\d:\d\d):60(\.\d+)?/, "$1:59.999"));
  return Number.isNaN(date.getTime()) ? null : date;
}

export const addDays = (day: string, days: number): string =>
  toDay(new Date(dayToDate(day).getTime() + days * DAY_MS));

export const daysBetween = (from: string, to: string): number =>
  Math.round((dayToDate(to).getTime() - dayToDate(from).getTime()) / DAY_MS);

/**
 * The first day of the month `months` after (or before, when negative) the month of `day`.
 * (setUTCFullYear, as Date.UTC would read the years 0–99 as 1900–1999.)
 */
export function addMonths(day: string, months: number): string {
  const date = dayToDate(day);
  const first = new Date(0);
  first.setUTCFullYear(date.getUTCFullYear(), date.getUTCMonth() + months, 1);
  return toDay(first);
}

export const monthEnd = (day: string): string => addDays(addMonths(day, 1), -1);

/** The same day `months` before `day`, or that month's last day when it is shorter. */
export function sameDayMonthsBefore(day: string, months: number): string {
  const firstOfMonth = addMonths(day, -months);
  const sameDay = addDays(firstOfMonth, Number(day.slice(8, 10)) - 1);
  const last = monthEnd(firstOfMonth);
  return sameDay < last ? sameDay : last;
}

export const dayOfMonth = (day: string): number => Number(day.slice(8, 10));
