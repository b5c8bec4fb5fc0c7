import type { OwnerAddress } from "../../db/schema/index.ts";
import {
  CITIES,
  type City,
  EMPLOYERS,
  FIRST_NAMES,
  LANDLORDS,
  LAST_NAMES,
  LOAN_SERVICERS,
  type MerchantTemplate,
  PAYROLL_FORMATS,
  PURCHASE_CATEGORIES,
  type PurchaseCategory,
  RENT_FORMATS,
  RESTAURANT_NAMES,
  SUBSCRIPTIONS,
} from "./merchants.ts";
import type { Random } from "./prng.ts";
import { priceCents, SECURITIES } from "./securities.ts";

/**
 * One sandbox person's financial life, drawn from the connection's seed: who they are, where
 * they live and shop, what they earn and owe. The simulation turns it into transactions.
 */
export type Persona = {
  owner: { first: string; last: string; email: string; phone: string; address: OwnerAddress };
  city: City;
  payroll: { descriptor: string; netCents: number; firstPayday: number };
  housing: { kind: "RENT"; descriptor: string; cents: number } | { kind: "MORTGAGE" };
  electric: { descriptor: string; baseCents: number; day: number };
  internet: { descriptor: string; cents: number; day: number };
  phone: { descriptor: string; cents: number; day: number };
  subscriptions: { descriptor: string; cents: number; raiseCents: number; day: number }[];
  /** The places this person shops, by category, with store numbers filled in. */
  merchants: Record<PurchaseCategory, MerchantTemplate[]>;
  /** Everyday places paid by debit card from checking. */
  debitMerchants: MerchantTemplate[];
  friends: string[];
  checking: { openingCents: number; targetCents: number; number: string };
  savings: { openingCents: number; apyBasisPoints: number; monthlyCents: number; number: string };
  card: { limitCents: number; openingOwedCents: number; number: string };
  loan: {
    type: "STUDENT" | "MORTGAGE";
    servicer: string;
    openingOwedCents: number;
    rateBasisPoints: number;
    paymentCents: number;
    day: number;
    number: string;
  };
  brokerage: {
    openingCashCents: number;
    monthlyCents: number;
    number: string;
    portfolio: {
      ticker: string;
      weightPercent: number;
      openingMicroShares: number;
      openingCostCents: number;
    }[];
  };
};

const LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ";
const ALPHANUMERIC = `${LETTERS}0123456789`;

/** Fills a descriptor's placeholders once, so a store keeps its number for life. */
export function fillDescriptor(random: Random, template: string, city: City): string {
  return template
    .replace(/\{n([0-9]+)\}/g, (_m, n: string) => random.digits(Number(n)))
    .replace(/\{X([0-9]+)\}/g, (_m, n: string) =>
      Array.from({ length: Number(n) }, () => random.pick([...ALPHANUMERIC])).join(""),
    )
    .replace(/\{A([0-9]+)\}/g, (_m, n: string) =>
      Array.from({ length: Number(n) }, () => random.pick([...LETTERS])).join(""),
    )
    .replace("{CITY}", city.printed)
    .replace("{RESTAURANT}", random.pick(RESTAURANT_NAMES))
    .replace("{DOW}", random.pick(["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"]))
    .replace("{HOUR}", String(random.int(1, 11)));
}

/** A monthly payment that pays `principal` off over `months` at `rateBasisPoints` a year. */
function amortizedPaymentCents(principal: number, rateBasisPoints: number, months: number): number {
  const monthlyRate = rateBasisPoints / 10000 / 12;
  return Math.ceil((principal * monthlyRate) / (1 - (1 + monthlyRate) ** -months));
}

const roundTo = (cents: number, step: number) => Math.round(cents / step) * step;

export function drawPersona(random: Random, startOn: string): Persona {
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const city = random.pick(CITIES);
  const owner = {
    first,
    last,
    email: `${first}.${last}@example.com`.toLowerCase(),
    phone: `+1${city.areaCode}555${random.digits(4)}`,
    address: {
      line1: `${random.int(10, 2999)} ${city.street}`,
      line2: random.chance(0.5) ? `Apt ${random.int(1, 40)}` : null,
      city: city.city,
      state: city.state,
      postalCode: city.postalCode,
      countryCode: "USA",
    },
  };

  const merchants = {} as Record<PurchaseCategory, MerchantTemplate[]>;
  for (const [category, spec] of Object.entries(PURCHASE_CATEGORIES) as [
    PurchaseCategory,
    (typeof PURCHASE_CATEGORIES)[PurchaseCategory],
  ][]) {
    merchants[category] = random
      .sample(spec.templates, spec.favorites)
      .map((t) => ({ ...t, descriptor: fillDescriptor(random, t.descriptor, city) }));
  }
  const debitMerchants = [
    ...merchants.GROCERIES.slice(0, 1),
    ...merchants.COFFEE.slice(0, 2),
    ...merchants.TRANSPORT.slice(0, 1),
  ];

  const isHomeowner = random.chance(0.35);
  const loanType = isHomeowner ? "MORTGAGE" : "STUDENT";
  const loanOpening = isHomeowner ? random.cents(240_000, 520_000) : random.cents(14_000, 42_000);
  const loanRate = isHomeowner ? random.int(275, 650) : random.int(375, 725);
  const loanPayment = amortizedPaymentCents(loanOpening, loanRate, isHomeowner ? 330 : 110);
  const rentCents = roundTo(random.cents(1_450, 2_900), 500);
  const housingCents = isHomeowner ? loanPayment : rentCents;

  const subscriptions = random.sample(SUBSCRIPTIONS, random.int(4, 6)).map((s) => ({
    descriptor: fillDescriptor(random, s.descriptor, city),
    cents: s.cents,
    raiseCents: s.raiseCents ?? 0,
    day: random.int(1, 28),
  }));

  const savingsMonthly = roundTo(random.cents(150, 900), 5000);
  const brokerageMonthly = roundTo(random.cents(100, 750), 5000);
  const electric = { descriptor: city.electric, baseCents: random.cents(55, 140), day: random.int(8, 18) };
  const internet = {
    descriptor: random.pick(["COMCAST CABLE COMM", "SONIC.NET INTERNET", "SPECTRUM", "AT&T INTERNET"]),
    cents: random.pick([5500, 6999, 7999, 8999]),
    day: random.int(3, 26),
  };
  const phone = {
    descriptor: random.pick(["VERIZON WIRELESS PAYMENTS", "T-MOBILE AUTO PAY", "AT&T MOBILITY ONLINE PMT"]),
    cents: random.cents(45, 120),
    day: random.int(3, 26),
  };
  // Take-home pay covers the fixed bills, saving, investing and about $2,600 of card and cash
  // spending a month, with some to spare: sweeps to savings soak up the rest.
  const fixedMonthly =
    housingCents +
    (isHomeowner ? 0 : loanPayment) +
    electric.baseCents +
    internet.cents +
    phone.cents +
    savingsMonthly +
    brokerageMonthly +
    260_000;
  const netPay = roundTo(Math.ceil(((fixedMonthly * 12) / 26) * (1.02 + random.next() * 0.1)), 100);
  const employer = random.pick(EMPLOYERS);

  const portfolioTickers = [
    ...random.sample(["VTI", "VOO", "SCHD"], 1),
    ...random.sample(["VXUS", "BND"], 1),
    ...random.sample(["AAPL", "MSFT", "NVDA", "AMZN", "GOOGL"], random.int(1, 2)),
  ];
  const weights = portfolioTickers.length === 3 ? [60, 25, 15] : [50, 25, 15, 10];
  const openingPortfolioCents = random.cents(6_000, 45_000);
  const portfolio = portfolioTickers.map((ticker, i) => {
    const security = SECURITIES.find((s) => s.ticker === ticker)!;
    // Bought a while before the history starts, a little cheaper than it was then.
    const costPerShare = Math.round(priceCents(security, startOn) * 0.85);
    const costCents = Math.floor((openingPortfolioCents * weights[i]!) / 100);
    return {
      ticker,
      weightPercent: weights[i]!,
      openingMicroShares: Math.floor((costCents * 1_000_000) / costPerShare),
      openingCostCents: costCents,
    };
  });

  return {
    owner,
    city,
    payroll: {
      descriptor: fillDescriptor(random, random.pick(PAYROLL_FORMATS), city).replace("{EMPLOYER}", employer),
      netCents: netPay,
      firstPayday: random.int(0, 13),
    },
    housing: isHomeowner
      ? { kind: "MORTGAGE" }
      : {
          kind: "RENT",
          descriptor: fillDescriptor(random, random.pick(RENT_FORMATS), city).replace(
            "{LANDLORD}",
            random.pick(LANDLORDS),
          ),
          cents: rentCents,
        },
    electric,
    internet,
    phone,
    subscriptions,
    merchants,
    debitMerchants,
    friends: random.sample(FIRST_NAMES, 3).map((f) => `${f} ${random.pick(LAST_NAMES)}`.toUpperCase()),
    checking: {
      openingCents: housingCents + random.cents(1_500, 4_000),
      targetCents: housingCents + random.cents(2_800, 4_500),
      number: random.digits(10),
    },
    savings: {
      openingCents: random.cents(4_000, 28_000),
      apyBasisPoints: random.pick([35, 410, 425, 450]),
      monthlyCents: savingsMonthly,
      number: random.digits(10),
    },
    card: {
      limitCents: roundTo(random.cents(4_000, 18_000), 50_000),
      openingOwedCents: random.cents(300, 1_800),
      number: `4${random.digits(15)}`,
    },
    loan: {
      type: loanType,
      servicer: isHomeowner ? "HOME LOANS" : random.pick(LOAN_SERVICERS),
      openingOwedCents: loanOpening,
      rateBasisPoints: loanRate,
      paymentCents: loanPayment,
      day: isHomeowner ? 1 : 15,
      number: random.digits(12),
    },
    brokerage: {
      openingCashCents: random.cents(50, 900),
      monthlyCents: brokerageMonthly,
      number: `${random.pick([...LETTERS])}${random.digits(8)}`,
      portfolio,
    },
  };
}
