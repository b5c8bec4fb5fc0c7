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
