import { daysBetween } from "../../providers/dates.ts";
import { stableId } from "./text.ts";

/**
 * Step 6, recurrence: payments to one counterparty, in one direction, at a steady interval are
 * a series. Dates may drift a few days (weekends, holidays), amounts a little (a utility bill);
 * a series of a consumer service (streaming, software, gyms, phone plans) is a subscription.
 */
export type Periodicity = "weekly" | "biweekly" | "semi-monthly" | "monthly" | "quarterly" | "annually";

export type RecurrenceGroup = {
  id: string;
  averageAmount: number;
  totalAmount: number;
  firstPaymentDate: string;
  latestPaymentDate: string;
  periodicity: Periodicity;
  periodicityInDays: number;
};

export type Occurrence = {
  /** Who and which way: the same key is the same series candidate. */
  key: string;
  date: string;
  /** In cents, signed. */
  cents: number;
  isSubscription: boolean;
  /** Set for the transactions being answered (history has none). */
  transactionId?: string;
};

export type Recurrence = {
  recurrence: "recurring" | "subscription" | "one off";
  group: RecurrenceGroup | null;
};

/** Each periodicity: its nominal days and the interval range that still counts as it. */
const PERIODS: { periodicity: Periodicity; days: number; min: number; max: number }[] = [
  { periodicity: "weekly", days: 7, min: 5, max: 9 },
  { periodicity: "biweekly", days: 14, min: 12, max: 16 },
  { periodicity: "semi-monthly", days: 15, min: 11, max: 19 },
  { periodicity: "monthly", days: 30, min: 26, max: 35 },
  { periodicity: "quarterly", days: 91, min: 82, max: 100 },
  { periodicity: "annually", days: 365, min: 350, max: 380 },
];

/** Fewest payments a series needs: two for yearly ones (history rarely holds more), three otherwise. */
const minimumCount = (periodicity: Periodicity) => (periodicity === "annually" ? 2 : 3);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Semi-monthly pays twice a month on two fixed days (1st and 15th, 15th and last): the days of
 * the month fall in two tight clusters (month ends counted as one day).
 */
function isSemiMonthly(dates: string[]): boolean {
  if (dates.length < 4) return false;
  const days = [...new Set(dates.map((d) => Math.min(Number(d.slice(8, 10)), 28)))].sort((a, b) => a - b);
  let clusters = 1;
  for (let i = 1; i < days.length; i++) if (days[i]! - days[i - 1]! > 3) clusters++;
  // The last day of a month and the first of the next are neighbours, not two clusters.
  if (clusters === 3 && days[0]! <= 3 && days.at(-1)! >= 26) clusters = 2;
  return clusters === 2;
}

/** US estimated taxes fall due mid-January, April, June and September: quarterly, unevenly spaced. */
const isEstimatedTaxSchedule = (dates: string[]) =>
  dates.length >= 3 &&
  dates.every(
    (d) => [1, 4, 6, 9].includes(Number(d.slice(5, 7))) && Math.abs(Number(d.slice(8, 10)) - 15) <= 5,
  );

function periodicityOf(dates: string[]): (typeof PERIODS)[number] | null {
  if (isEstimatedTaxSchedule(dates)) return PERIODS.find((p) => p.periodicity === "quarterly")!;
  const intervals = dates.slice(1).map((d, i) => daysBetween(dates[i]!, d));
  if (intervals.some((i) => i <= 0)) return null;
  const typical = median(intervals);
  const mean = intervals.reduce((sum, i) => sum + i, 0) / intervals.length;
  // Twice a month on fixed days averages about 15.2 days; every other week is 14 exactly.
  const isTwiceMonthly = isSemiMonthly(dates) && mean >= 14.6;
  for (const period of PERIODS) {
    if (typical < period.min || typical > period.max) continue;
    if (period.periodicity === "semi-monthly" && !isTwiceMonthly) continue;
    if (period.periodicity === "biweekly" && isTwiceMonthly) continue;
    const steady = intervals.filter((i) => i >= period.min && i <= period.max).length;
    // Most intervals fit (one missed or doubled payment is forgiven).
    if (steady / intervals.length >= 0.75) return period;
  }
  return null;
}

/** Amounts of a series stay near their median (a utility varies; a dinner out does not repeat). */
function hasSteadyAmounts(cents: number[]): boolean {
  const middle = Math.abs(median(cents));
  if (middle === 0) return false;
  const near = cents.filter((c) => Math.abs(Math.abs(c) - middle) <= Math.max(middle * 0.35, 200)).length;
  return near / cents.length >= 0.75;
}

const toAmount = (cents: number) => Math.round(cents) / 100;

/** The recurrence of every occurrence with a transactionId, judged with all the others. */
export function judgeRecurrence(occurrences: readonly Occurrence[]): Map<string, Recurrence> {
  // Linear in the occurrences: a batch of thousands under one key (one merchant, or hostile
  // input) must not cost their square.
  const byKey = new Map<string, Occurrence[]>();
  for (const o of occurrences) {
    const group = byKey.get(o.key);
    if (group) group.push(o);
    else byKey.set(o.key, [o]);
  }
  const results = new Map<string, Recurrence>();
  for (const [key, group] of byKey) {
    const answered = group.filter((o) => o.transactionId);
    if (answered.length === 0) continue;
    const sorted = [...group].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    const dates = sorted.map((o) => o.date);
    const period = group.length >= 2 ? periodicityOf(dates) : null;
    const isSeries =
      period !== null &&
      sorted.length >= minimumCount(period.periodicity) &&
      hasSteadyAmounts(sorted.map((o) => o.cents));
    let judged: Recurrence = { recurrence: "one off", group: null };
    if (isSeries && period) {
      const total = sorted.reduce((sum, s) => sum + s.cents, 0);
      judged = {
        recurrence: sorted.some((s) => s.isSubscription) ? "subscription" : "recurring",
        group: {
          id: stableId("rg", key),
          averageAmount: toAmount(total / sorted.length),
          totalAmount: toAmount(total),
          firstPaymentDate: dates[0]!,
          latestPaymentDate: dates.at(-1)!,
          periodicity: period.periodicity,
          periodicityInDays: period.days,
        },
      };
    }
    for (const o of answered) results.set(o.transactionId!, judged);
  }
  return results;
}
