import { addDays, addMonths, dayOfMonth, daysBetween, monthEnd } from "../dates.ts";
import { PURCHASE_CATEGORIES, type PurchaseCategory } from "./merchants.ts";
import type { Persona } from "./persona.ts";
import { Random } from "./prng.ts";
import { priceCents, securityByTicker } from "./securities.ts";

export const ACCOUNT_KEYS = ["checking", "savings", "card", "loan", "brokerage"] as const;
export type AccountKey = (typeof ACCOUNT_KEYS)[number];

/**
 * One transaction of the sandbox life. It is authorized on `authOn` and posts on `postOn`;
 * between the two it is pending (for `pendingAmountCents`, which differs when a tip is added).
 */
export type SimTransaction = {
  id: string;
  account: AccountKey;
  authOn: string;
  postOn: string;
  amountCents: number;
  pendingAmountCents: number;
  description: string;
};

export type Position = { microShares: number; costCents: number };

export type SimResult = {
  /** The last simulated day. */
  until: string;
  /** Every transaction authorized on or before `until`, in the order they happened. */
  transactions: SimTransaction[];
  /** Sum of the posted amounts through `until`, per account. */
  ledger: Record<AccountKey, number>;
  /** The ledger at the end of each month ("YYYY-MM"), after month-end postings. */
  monthCloses: Map<string, Record<AccountKey, number>>;
  positions: Map<string, Position>;
};

const CODES: Record<AccountKey, string> = {
  checking: "chk",
  savings: "sav",
  card: "crd",
  loan: "ln",
  brokerage: "brk",
};

const ELECTRIC_SEASON = [130, 120, 100, 90, 85, 100, 125, 135, 110, 90, 100, 125];
const ATM_AMOUNTS = [4000, 6000, 8000, 10000, 20000];

/** Plain arithmetic on the shares of a position: micro-shares times cents, rounded to cents. */
export const positionValueCents = (microShares: number, cents: number) =>
  Math.round((microShares * cents) / 1_000_000);

export const formatShares = (microShares: number) =>
  `${Math.trunc(microShares / 1_000_000)}.${String(microShares % 1_000_000).padStart(6, "0")}`;

/**
 * Lives a persona day by day from `startOn` (the first day of history): the same seed and start
 * give the same days, whatever day it is simulated up to. Nothing here may depend on `until`
 * other than where the loop stops, or re-syncs would see a different past.
 */
export function simulate(seed: string, persona: Persona, startOn: string, until: string): SimResult {
  const random = new Random(`${seed}:days`);
  const transactions: SimTransaction[] = [];
  const ledger: Record<AccountKey, number> = { checking: 0, savings: 0, card: 0, loan: 0, brokerage: 0 };
  const monthCloses = new Map<string, Record<AccountKey, number>>();
  const postings = new Map<string, SimTransaction[]>();
  const positions = new Map<string, Position>(
    persona.brokerage.portfolio.map((p) => [
      p.ticker,
      { microShares: p.openingMicroShares, costCents: p.openingCostCents },
    ]),
  );
  const counters = new Map<string, number>();
  let netPay = persona.payroll.netCents;
  let cardOwedAtClose = persona.card.openingOwedCents;
  let checkingLow = Number.POSITIVE_INFINITY;
  let feeReversalOn: string | undefined;

  const balance = (account: AccountKey) => balanceOf(persona, account, ledger[account]);

  let today = startOn;
  const add = (
    account: AccountKey,
    amountCents: number,
    description: string,
    lagDays = 0,
    pendingAmountCents = amountCents,
    authOn = today,
  ) => {
    const key = `${CODES[account]}-${authOn.replaceAll("-", "")}`;
    const n = (counters.get(key) ?? 0) + 1;
    counters.set(key, n);
    const transaction: SimTransaction = {
      id: `${key}-${String(n).padStart(2, "0")}`,
      account,
      authOn,
      postOn: addDays(authOn, lagDays),
      amountCents,
      pendingAmountCents,
      description,
    };
    transactions.push(transaction);
    const due = postings.get(transaction.postOn) ?? [];
    due.push(transaction);
    postings.set(transaction.postOn, due);
  };

  const postDue = () => {
    for (const t of postings.get(today) ?? []) {
      ledger[t.account] += t.amountCents;
      if (t.account === "checking") checkingLow = Math.min(checkingLow, balance("checking"));
    }
    postings.delete(today);
  };

  const mask = (n: string) => n.slice(-4);
  const categories = Object.entries(PURCHASE_CATEGORIES) as [
    PurchaseCategory,
    (typeof PURCHASE_CATEGORIES)[PurchaseCategory],
  ][];
  const totalWeight = categories.reduce((sum, [, spec]) => sum + spec.weight, 0);
  const pickCategory = (): PurchaseCategory => {
    let roll = random.next() * totalWeight;
    for (const [category, spec] of categories) {
      roll -= spec.weight;
      if (roll < 0) return category;
    }
    return "GROCERIES";
  };

  const cardPurchase = () => {
    const category = pickCategory();
    const merchant = random.pick(persona.merchants[category]);
    const pending = -random.cents(merchant.minDollars, merchant.maxDollars);
    const lag = random.int(1, 3);
    const tipPercent = merchant.tips ? random.int(15, 22) : 0;
    const posted = pending - Math.round((-pending * tipPercent) / 100);
    add("card", posted, merchant.descriptor, lag, pending);
    if (merchant.foreign) {
      add(
        "card",
        -Math.round((-posted * 3) / 100),
        "FOREIGN TRANSACTION FEE",
        0,
        undefined,
        addDays(today, lag),
      );
    }
    if (category === "SHOPPING" && random.chance(0.05)) {
      add("card", -posted, `${merchant.descriptor} REFUND`, 2, -posted, addDays(today, random.int(6, 20)));
    }
  };

  const monthEndPostings = () => {
    const interest = Math.floor((balance("savings") * persona.savings.apyBasisPoints) / 120_000);
    if (interest > 0) add("savings", interest, "INTEREST PAYMENT");
    if (checkingLow < 150_000) {
      add("checking", -1200, "MONTHLY MAINTENANCE FEE");
      if (random.chance(0.3)) feeReversalOn = addDays(today, 3);
    }
    // Sweep checking back toward its target: surplus to savings, shortfall from savings.
    const checking = balance("checking") - (checkingLow < 150_000 ? 1200 : 0);
    const target = persona.checking.targetCents;
    if (checking > target + 150_000) {
      const amount = Math.floor((checking - target) / 10_000) * 10_000;
      add("checking", -amount, `ONLINE TRANSFER TO SAV ...${mask(persona.savings.number)}`);
      add("savings", amount, `ONLINE TRANSFER FROM CHK ...${mask(persona.checking.number)}`);
    } else if (checking < target - 100_000) {
      const wanted = Math.ceil((target - checking) / 10_000) * 10_000;
      const amount = Math.min(
        wanted,
        Math.max(0, Math.floor((balance("savings") - 50_000) / 10_000) * 10_000),
      );
      if (amount > 0) {
        add("savings", -amount, `ONLINE TRANSFER TO CHK ...${mask(persona.checking.number)}`);
        add("checking", amount, `ONLINE TRANSFER FROM SAV ...${mask(persona.savings.number)}`);
      }
    }
  };

  for (; daysBetween(today, until) >= 0; today = addDays(today, 1)) {
    const day = dayOfMonth(today);
    const month = Number(today.slice(5, 7));
    if (day === 1 && month === 1 && today !== startOn) netPay = Math.round((netPay * 103) / 100);

    // Income.
    const sinceFirstPay = daysBetween(startOn, today) - persona.payroll.firstPayday;
    if (sinceFirstPay >= 0 && sinceFirstPay % 14 === 0) add("checking", netPay, persona.payroll.descriptor);
    if (random.chance(0.02))
      add("checking", random.cents(20, 150), `ZELLE FROM ${random.pick(persona.friends)}`);
    if (random.chance(0.025)) add("checking", random.cents(15, 200), `VENMO CASHOUT ${random.digits(10)}`);
    if (feeReversalOn === today) {
      add("checking", 1200, "MAINTENANCE FEE REVERSAL");
      feeReversalOn = undefined;
    }

    // Housing and the loan.
    if (day === 1 && persona.housing.kind === "RENT") {
      add("checking", -persona.housing.cents, persona.housing.descriptor);
    }
    if (day === persona.loan.day && balance("loan") > 0) {
      const interest = Math.floor((balance("loan") * persona.loan.rateBasisPoints) / 120_000);
      const payment = Math.min(persona.loan.paymentCents, balance("loan") + interest);
      const label =
        persona.loan.type === "MORTGAGE"
          ? `MORTGAGE PMT ${persona.loan.servicer} ...${mask(persona.loan.number)}`
          : `${persona.loan.servicer} STUDENT LN PAYMENT`;
      add("checking", -payment, label);
      add("loan", -interest, "INTEREST CHARGED");
      add("loan", payment, "PAYMENT RECEIVED - THANK YOU");
    }

    // Bills.
    if (day === persona.electric.day) {
      add(
        "checking",
        -Math.round((persona.electric.baseCents * ELECTRIC_SEASON[month - 1]!) / 100),
        persona.electric.descriptor,
      );
    }
    if (day === persona.phone.day) add("checking", -persona.phone.cents, persona.phone.descriptor);
    if (day === persona.internet.day) add("card", -persona.internet.cents, persona.internet.descriptor, 1);
    const raised = daysBetween(addMonths(startOn, 12), today) >= 0;
    for (const s of persona.subscriptions) {
      if (day === s.day) add("card", -(s.cents + (raised ? s.raiseCents : 0)), s.descriptor, 1);
    }

    // Saving and investing.
    if (day === 2) {
      add(
        "checking",
        -persona.savings.monthlyCents,
        `ONLINE TRANSFER TO SAV ...${mask(persona.savings.number)}`,
      );
      add(
        "savings",
        persona.savings.monthlyCents,
        `ONLINE TRANSFER FROM CHK ...${mask(persona.checking.number)}`,
      );
    }
    if (day === 5) {
      add(
        "checking",
        -persona.brokerage.monthlyCents,
        `TRANSFER TO BROKERAGE ...${mask(persona.brokerage.number)}`,
      );
      add(
        "brokerage",
        persona.brokerage.monthlyCents,
        `TRANSFER FROM CHK ...${mask(persona.checking.number)}`,
      );
    }
    if (day === 6) {
      for (const p of persona.brokerage.portfolio) {
        const security = securityByTicker(p.ticker);
        const price = priceCents(security, today);
        const budget = Math.floor((persona.brokerage.monthlyCents * p.weightPercent) / 100);
        const microShares = Math.floor((budget * 1_000_000) / price);
        const cost = positionValueCents(microShares, price);
        if (microShares === 0 || cost === 0) continue;
        const position = positions.get(p.ticker)!;
        position.microShares += microShares;
        position.costCents += cost;
        add("brokerage", -cost, `BUY ${formatShares(microShares)} ${p.ticker} @ ${(price / 100).toFixed(2)}`);
      }
    }
    if (day === 24 && month % 3 === 0) {
      for (const [ticker, position] of positions) {
        const dividend = positionValueCents(
          position.microShares,
          securityByTicker(ticker).quarterlyDividendCents,
        );
        if (dividend > 0) add("brokerage", dividend, `QUALIFIED DIVIDEND ${ticker}`);
      }
    }

    // Card payment: the statement balance at the last month end, paid in full.
    if (day === 22 && cardOwedAtClose > 0) {
      add("checking", -cardOwedAtClose, `CREDIT CARD AUTOPAY ...${mask(persona.card.number)}`);
      add("card", cardOwedAtClose, "AUTOPAY PAYMENT - THANK YOU");
    }

    // Everyday spending.
    const weekend = [0, 6].includes(new Date(`${today}T00:00:00Z`).getUTCDay());
    const purchases = weekend ? random.int(1, 3) : random.int(0, 2);
    for (let i = 0; i < purchases; i++) cardPurchase();
    if (random.chance(0.35)) {
      const merchant = random.pick(persona.debitMerchants);
      add(
        "checking",
        -random.cents(merchant.minDollars, merchant.maxDollars),
        merchant.descriptor,
        random.int(1, 2),
      );
    }
    if (random.chance(0.06)) {
      add(
        "checking",
        -random.pick(ATM_AMOUNTS),
        `ATM WITHDRAWAL ${random.digits(6)} ${persona.owner.address.line1.toUpperCase()}`,
      );
      if (random.chance(0.35)) add("checking", -300, "NON-NETWORK ATM FEE");
    }
    if (random.chance(0.05)) add("checking", -random.cents(10, 120), `VENMO PAYMENT ${random.digits(10)}`);

    postDue();
    if (today === monthEnd(today)) {
      monthEndPostings();
      postDue();
      cardOwedAtClose = balance("card");
      monthCloses.set(today.slice(0, 7), { ...ledger });
      checkingLow = Number.POSITIVE_INFINITY;
    }
  }

  return {
    until,
    transactions: transactions.filter((t) => daysBetween(t.authOn, until) >= 0),
    ledger,
    monthCloses,
    positions,
  };
}

/** Balance helpers shared by the provider and the statements. */
export function balanceOf(persona: Persona, account: AccountKey, ledgerCents: number): number {
  switch (account) {
    case "checking":
      return persona.checking.openingCents + ledgerCents;
    case "savings":
      return persona.savings.openingCents + ledgerCents;
    case "card":
      return persona.card.openingOwedCents - ledgerCents;
    case "loan":
      return persona.loan.openingOwedCents - ledgerCents;
    case "brokerage":
      return persona.brokerage.openingCashCents + ledgerCents;
  }
}
