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
  /** The account it was paid from or into, as its source names it. */
  accountId: string;
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

/** An amount within a third of the usual one, or $2 (cents, signed or not). */
const isNear = (cents: number, usual: number) =>
  Math.abs(Math.abs(cents) - Math.abs(usual)) <= Math.max(Math.abs(usual) * 0.35, 200);

/** Amounts of a series stay near their median (a utility varies; a dinner out does not repeat). */
function hasSteadyAmounts(cents: number[]): boolean {
  const middle = Math.abs(median(cents));
  if (middle === 0) return false;
  const near = cents.filter((c) => isNear(c, middle)).length;
  return near / cents.length >= 0.75;
}

const toAmount = (cents: number) => Math.round(cents) / 100;

const ONE_OFF: Recurrence = { recurrence: "one off", group: null };

/** Series of one key kept apart by account, at most: beyond them, a lone payment is judged alone. */
const MOST_ACCOUNT_SERIES = 10;

/** The recurrence of every occurrence with a transactionId, judged with all the others. */
export function judgeRecurrence(occurrences: readonly Occurrence[]): Map<string, Recurrence> {
  // Linear in the occurrences: a batch of thousands under one key (one merchant, or hostile
  // input) must not cost their square.
  const byKey = groupBy(occurrences, (o) => o.key);
  const results = new Map<string, Recurrence>();
  for (const [key, group] of byKey) {
    const answered = group.filter((o) => o.transactionId);
    if (answered.length === 0) continue;
    const whole = seriesOf(key, group);
    const byAccount = groupBy(group, (o) => o.accountId);
    if (whole || byAccount.size < 2) {
      for (const o of answered) results.set(o.transactionId!, whole ?? ONE_OFF);
      continue;
    }
    // One counterparty paid from several accounts (two members' subscriptions, a sandbox's
    // connections alike): their payments interleave, and each account's are a series of their own.
    const series: { members: Occurrence[]; judged: Recurrence }[] = [];
    for (const [account, members] of byAccount) {
      const judged = seriesOf(`${key}\n${account}`, members);
      if (judged) series.push({ members, judged });
    }
    for (const o of answered) {
      const own = series.find((s) => s.members.includes(o));
      results.set(o.transactionId!, own?.judged ?? continued(key, o, series) ?? ONE_OFF);
    }
  }
  return results;
}

/**
 * A payment of an account with no series of its own (an aggregator's account id, not the
 * stored ones of its history) that continues one of the series: the one whose next payment was
 * due nearest its date, at about its amount.
 */
function continued(
  key: string,
  o: Occurrence,
  series: readonly { members: Occurrence[]; judged: Recurrence }[],
): Recurrence | null {
  if (series.length > MOST_ACCOUNT_SERIES) return null;
  let best: { judged: Recurrence; off: number } | null = null;
  for (const { members, judged } of series) {
    const group = judged.group!;
    // It must fit itself, not be forgiven as a series' odd payment: due when the next was, near its amount.
    const period = PERIODS.find((p) => p.periodicity === group.periodicity)!;
    const interval = daysBetween(group.latestPaymentDate, o.date);
    if (interval < period.min || interval > period.max || !isNear(o.cents, group.averageAmount * 100))
      continue;
    const off = Math.abs(interval - period.days);
    if (best && off >= best.off) continue;
    const joined = seriesOf(`${key}\n${members[0]!.accountId}`, [...members, o]);
    if (joined) best = { judged: joined, off };
  }
  return best?.judged ?? null;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** These payments as one series (its group's id from `id`), or null when they are none. */
function seriesOf(id: string, group: readonly Occurrence[]): Recurrence | null {
  if (group.length < 2) return null;
  const sorted = [...group].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const dates = sorted.map((o) => o.date);
  const period = periodicityOf(dates);
  if (
    !period ||
    sorted.length < minimumCount(period.periodicity) ||
    !hasSteadyAmounts(sorted.map((o) => o.cents))
  )
    return null;
  const total = sorted.reduce((sum, s) => sum + s.cents, 0);
  return {
    recurrence: sorted.some((s) => s.isSubscription) ? "subscription" : "recurring",
    group: {
      id: stableId("rg", id),
      averageAmount: toAmount(total / sorted.length),
      totalAmount: toAmount(total),
      firstPaymentDate: dates[0]!,
      latestPaymentDate: dates.at(-1)!,
      periodicity: period.periodicity,
      periodicityInDays: period.days,
    },
  };
}
