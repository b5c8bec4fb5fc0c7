import { setImmediate as yieldToLoop } from "node:timers/promises";
import type { Static } from "typebox";
import { type Catalogue, catalogue, type Merchant } from "./catalogue.ts";
import {
  accountingCategoryOf,
  achCreditCategory,
  bankEventOf,
  categoryByKeywords,
  PRIZE_WORDS,
} from "./categorize.ts";
import {
  ACH_COMPANY_WIDTH,
  type Cleaned,
  clean,
  isCutTradeWord,
  OWN_CHARGE,
  ROMANCE_ARTICLES,
  spellOut,
} from "./clean.ts";
import { detectP2P, type P2P } from "./people.ts";
import { judgeRecurrence, type Occurrence } from "./recurrence.ts";
import type { EnrichedTransaction as EnrichedTransactionSchema } from "./schemas.ts";
import { LOCAL_GOVERNMENTS, NON_ASCII, normalize, PAY_WORDS, stableId, tokensOf } from "./text.ts";

/**
 * The enrichment engine as named steps: clean -> intermediaries and people -> merchant ->
 * categorise -> locate, per transaction; then recurrence over the batch and the profile's
 * history. Pure and synchronous: no I/O, so it runs at engine speed and anywhere.
 */
export type EngineInput = {
  id: string;
  accountId: string;
  description: string;
  /** Weft's sign: positive is money in. */
  amount: string;
  currencyCode: string;
  date: string;
  /** What the provider already knows, when it says. */
  mcc?: number | null;
  /**
   * The merchant the provider named, when it says (Plaid's `merchant_name`, Finicity's normalized
   * payee): read when the description itself names no one the catalogue knows.
   */
  merchantName?: string | null;
  /** The account's type (CHECKING, CREDIT_CARD, LINE_OF_CREDIT…), when the caller knows it. */
  accountType?: string | null;
};

/** A provider's name for the merchant: text, as long as a name is (none is hundreds of characters). */
export const providerMerchantName = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, 100) : null;

/** A provider's merchant category code: four digits (ISO 18245), or none. */
export const providerMcc = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 9999 ? value : null;

export type Party = { id: string; name: string; website: string | null; logo: string | null };

/** One answer of the engine: exactly the API's EnrichedTransaction (schemas.ts), one definition. */
export type EnrichedTransaction = Static<typeof EnrichedTransactionSchema>;

/** What the first steps find, before recurrence. */
type Found = {
  input: EngineInput;
  cleaned: Cleaned;
  p2p: P2P | null;
  merchant: Merchant | null;
  /** The detailed category of an entry the bank made itself (a fee, ATM cash): no counterparty. */
  bankEvent: string | null;
  /** A bank the catalogue does not know, named as the ATM's ("ATM WITHDRAWAL FARMERS STATE BANK …"). */
  atmBank?: string | null;
  isCredit: boolean;
  cents: number;
};

/**
 * Go-betweens by the names clean() and detectP2P() give them (the catalogue may not list them),
 * with `alone` for platforms money goes through: named alone ("VENMO PAYMENT", "GUSTO DES:PAY",
 * "STRIPE DES:TRANSFER", "UBER *EATS"), with no merchant or payee behind them, such a platform is
 * the counterparty and the way the money went, so an intermediary too — not for what it sells
 * itself (DashPass). Delivery apps go between purchases only: money from them is their own (a
 * Dasher's pay, a restaurant's payout). A seller's card processor goes between payouts only:
 * money paid to it alone ("SHOPIFY* 212345678") is its own bill (its plan, its fees).
 * `sells`: the one trade a platform serves (a restaurant's POS, a delivery app, a healthcare bill
 * portal, tuition's): a payment through it is in that trade when the payee's name says none.
 * `decides`: what a platform sells whatever the seller's name says — an Eventbrite ticket is an
 * event, a giving platform's payment a gift, a court processor's a fine, a software reseller's
 * software ("FS *DXO LABS" is no laboratory).
 */
/** A bill-pay network: the payee alone or the biller after it, a utility when the biller's name says nothing. */
const BILL_PAY = { alone: "both ways", sells: "RENT_AND_UTILITIES_OTHER_UTILITIES" } as const;

const INTERMEDIARIES: Record<
  string,
  { website?: string; alone?: "both ways" | "purchases" | "payouts"; sells?: string; decides?: string }
> = {
  Square: { website: "squareup.com", alone: "payouts" },
  Toast: { website: "toasttab.com", alone: "payouts", sells: "FOOD_AND_DRINK_RESTAURANT" },
  PayPal: { website: "paypal.com", alone: "both ways" },
  "Google Play": { website: "play.google.com" },
  DoorDash: { website: "doordash.com", alone: "purchases", sells: "FOOD_AND_DRINK_RESTAURANT" },
  ezCater: { website: "ezcater.com", alone: "purchases", sells: "FOOD_AND_DRINK_RESTAURANT" },
  "Uber Eats": { website: "ubereats.com", alone: "purchases", sells: "FOOD_AND_DRINK_RESTAURANT" },
  Grubhub: { website: "grubhub.com", alone: "purchases", sells: "FOOD_AND_DRINK_RESTAURANT" },
  Seamless: { website: "seamless.com", alone: "purchases", sells: "FOOD_AND_DRINK_RESTAURANT" },
  Caviar: { website: "trycaviar.com", alone: "purchases", sells: "FOOD_AND_DRINK_RESTAURANT" },
  Postmates: { website: "postmates.com", alone: "purchases", sells: "FOOD_AND_DRINK_RESTAURANT" },
  ChowNow: { website: "chownow.com", sells: "FOOD_AND_DRINK_RESTAURANT" },
  SpotOn: { website: "spoton.com", alone: "payouts", sells: "FOOD_AND_DRINK_RESTAURANT" },
  Vagaro: { website: "vagaro.com", sells: "PERSONAL_CARE_HAIR_AND_BEAUTY" },
  Booksy: { website: "booksy.com", sells: "PERSONAL_CARE_HAIR_AND_BEAUTY" },
  GlossGenius: { website: "glossgenius.com", sells: "PERSONAL_CARE_HAIR_AND_BEAUTY" },
  Instacart: { website: "instacart.com", alone: "purchases" },
  Shopify: { website: "shopify.com", alone: "payouts" },
  "Checkout.com": { website: "checkout.com" },
  FastSpring: { website: "fastspring.com", decides: "GENERAL_SERVICES_OTHER_GENERAL_SERVICES" },
  Eventbrite: { website: "eventbrite.com", decides: "ENTERTAINMENT_OTHER_ENTERTAINMENT" },
  WePay: { website: "wepay.com" },
  Braintree: { website: "braintreepayments.com" },
  "2Checkout": { website: "2checkout.com", decides: "GENERAL_SERVICES_OTHER_GENERAL_SERVICES" },
  Roku: { website: "roku.com" },
  Substack: { website: "substack.com", sells: "GENERAL_MERCHANDISE_BOOKSTORES_AND_NEWSSTANDS" },
  "Digital River": { website: "digitalriver.com", decides: "GENERAL_SERVICES_OTHER_GENERAL_SERVICES" },
  Paddle: { website: "paddle.com", decides: "GENERAL_SERVICES_OTHER_GENERAL_SERVICES" },
  Stripe: { website: "stripe.com", alone: "payouts" },
  Clover: { website: "clover.com", alone: "payouts" },
  InstaMed: { website: "instamed.com", alone: "both ways", sells: "MEDICAL_OTHER_MEDICAL" },
  Cedar: { website: "cedar.com", alone: "both ways", sells: "MEDICAL_OTHER_MEDICAL" },
  "Zotec Partners": { website: "zotecpartners.com", alone: "both ways", sells: "MEDICAL_OTHER_MEDICAL" },
  "Optum Pay": { website: "optum.com", alone: "both ways", sells: "MEDICAL_OTHER_MEDICAL" },
  "Change Healthcare": {
    website: "changehealthcare.com",
    alone: "both ways",
    sells: "MEDICAL_OTHER_MEDICAL",
  },
  IvyPay: { website: "ivypay.com", sells: "MEDICAL_OTHER_MEDICAL" },
  SimplePractice: { website: "simplepractice.com", sells: "MEDICAL_OTHER_MEDICAL" },
  Flywire: { website: "flywire.com", alone: "both ways", sells: "GENERAL_SERVICES_EDUCATION" },
  Pushpay: { website: "pushpay.com", alone: "both ways", decides: "GOVERNMENT_AND_NON_PROFIT_DONATIONS" },
  "Tithe.ly": { website: "tithe.ly", alone: "both ways", decides: "GOVERNMENT_AND_NON_PROFIT_DONATIONS" },
  "Planning Center": {
    website: "planningcenter.com",
    alone: "both ways",
    decides: "GOVERNMENT_AND_NON_PROFIT_DONATIONS",
  },
  Subsplash: { website: "subsplash.com", alone: "both ways", decides: "GOVERNMENT_AND_NON_PROFIT_DONATIONS" },
  Givelify: { website: "givelify.com", alone: "both ways", decides: "GOVERNMENT_AND_NON_PROFIT_DONATIONS" },
  Vanco: { website: "vancopayments.com", alone: "both ways", decides: "GOVERNMENT_AND_NON_PROFIT_DONATIONS" },
  Benevity: { website: "benevity.com", alone: "both ways", decides: "GOVERNMENT_AND_NON_PROFIT_DONATIONS" },
  nCourt: {
    website: "ncourt.com",
    alone: "both ways",
    decides: "GOVERNMENT_AND_NON_PROFIT_GOVERNMENT_DEPARTMENTS_AND_AGENCIES",
  },
  GovPayNet: {
    website: "govpaynet.com",
    alone: "both ways",
    decides: "GOVERNMENT_AND_NON_PROFIT_GOVERNMENT_DEPARTMENTS_AND_AGENCIES",
  },
  "Point & Pay": { website: "pointandpay.com", alone: "both ways" },
  "ACI Payments": { website: "acipayonline.com", alone: "both ways" },
  PayNearMe: { website: "paynearme.com", alone: "both ways" },
  Trustly: { website: "trustly.com" },
  "Sightline Payments": { website: "sightline.com", decides: "ENTERTAINMENT_CASINOS_AND_GAMBLING" },
  Everi: { website: "everi.com", decides: "TRANSFER_OUT_WITHDRAWAL" },
  SumUp: { website: "sumup.com", alone: "payouts" },
  "Global Payments": { website: "globalpayments.com" },
  Paymentus: { website: "paymentus.com", ...BILL_PAY },
  Kubra: { website: "kubra.com", ...BILL_PAY },
  CheckFreePay: { website: "checkfreepay.com", ...BILL_PAY },
  Speedpay: { website: "speedpay.com", ...BILL_PAY },
  "Invoice Cloud": { website: "invoicecloud.com", ...BILL_PAY },
  "Xpress Bill Pay": { website: "xpressbillpay.com", ...BILL_PAY },
  Doxo: { website: "doxo.com", ...BILL_PAY },
  "Apple Pay": { website: "apple.com" },
  "Amazon Pay": { website: "pay.amazon.com" },
  Zelle: { website: "zellepay.com", alone: "both ways" },
  Venmo: { website: "venmo.com", alone: "both ways" },
  "Cash App": { website: "cash.app", alone: "both ways" },
  "Apple Cash": { website: "apple.com", alone: "both ways" },
  Gusto: { website: "gusto.com", alone: "both ways" },
  ADP: { website: "adp.com", alone: "both ways" },
  Paychex: { website: "paychex.com", alone: "both ways" },
  // Payroll platforms and employers of record, and expense platforms, paying their clients'
  // people ("TRINET HR III IN DES:PAYROLL"): named alone, the way the money went.
  Rippling: { website: "rippling.com", alone: "payouts" },
  Paylocity: { website: "paylocity.com", alone: "payouts" },
  Paycom: { website: "paycom.com", alone: "payouts" },
  TriNet: { website: "trinet.com", alone: "payouts" },
  Justworks: { website: "justworks.com", alone: "payouts" },
  Insperity: { website: "insperity.com", alone: "payouts" },
  UKG: { website: "ukg.com", alone: "payouts" },
  Deel: { website: "deel.com", alone: "payouts" },
  Expensify: { website: "expensify.com", alone: "payouts" },
  Navan: { website: "navan.com", alone: "payouts" },
  AppFolio: { website: "appfolio.com", alone: "both ways" },
  Zillow: { website: "zillow.com", alone: "both ways" },
  // A marketplace's payout to a shop, named alone ("ETSY, INC. DES:DEPOSIT"), went through it.
  Etsy: { website: "etsy.com", alone: "payouts", sells: "GENERAL_MERCHANDISE_ONLINE_MARKETPLACES" },
  Klarna: { website: "klarna.com" },
  Sezzle: { website: "sezzle.com" },
  Afterpay: { website: "afterpay.com" },
  "Google Pay": { website: "pay.google.com", alone: "both ways" },
  // Money sent abroad: the recipient is never printed, as with a P2P app and no name. (Wise is
  // also an account its users hold money in: money paid to it is theirs still, no go-between.)
  "Western Union": { website: "westernunion.com", alone: "both ways" },
  Ria: { website: "riamoneytransfer.com", alone: "both ways" },
  Intermex: { website: "intermexonline.com", alone: "both ways" },
  Viamericas: { website: "viamericas.com", alone: "both ways" },
  Pangea: { website: "pangeamoneytransfer.com", alone: "both ways" },
  MoneyGram: { website: "moneygram.com", alone: "both ways" },
  Remitly: { website: "remitly.com", alone: "both ways" },
  Xoom: { website: "xoom.com", alone: "both ways" },
  Sendwave: { website: "sendwave.com", alone: "both ways" },
  WorldRemit: { website: "worldremit.com", alone: "both ways" },
  // Invoices paid through QuickBooks are a business's: a service's, most often (a designer's, a contractor's).
  QuickBooks: { sells: "GENERAL_SERVICES_OTHER_GENERAL_SERVICES" },
};

/** Platforms money goes through, by their website: a payout the catalogue names ("Stripe Payout") is the platform's. */
const PLATFORM_BY_SITE = new Map(
  Object.entries(INTERMEDIARIES)
    .filter(([, platform]) => platform.alone)
    .map(([name, platform]) => [platform.website, name]),
);

/** The platform whose payout (or payroll) a catalogue entry is: "Stripe Payout", "Square Deposit". */
const payoutPlatformOf = (merchant: Merchant | null) =>
  merchant?.kind === "payroll" && merchant.website ? PLATFORM_BY_SITE.get(merchant.website) : undefined;

/** An ACH line's field naming the account holder, up to the next field. */
const HOLDER_FIELD =
  /\b(?:INDN|IND NAME):.*?(?=\s+(?:CO ID|ID|SEC|TRACE#?|EED|ORIG ID|IND ID):|\s+(?:PPD|CCD|WEB|TEL|CTX)\b|$)/;

/** A store's prefix before its owner's own product ("GOOGLE *YouTube TV") is no go-between. */
const OWNERS_SITES: Record<string, readonly string[]> = {
  "Google Play": ["google.com", "youtube.com"],
};
/** A site of the store's owner, or a subdomain of one ("fiber.google.com"). */
const isOwnersSite = (store: string, website: string) =>
  OWNERS_SITES[store]?.some((site) => website === site || website.endsWith(`.${site}`)) ?? false;

/** An ACH entry's class for a company's credit or debit, printed after it ("… PPD ID: 9880412376"). */
const CORPORATE_ACH = /\s(PPD|CCD)(\s+ID:|\s*$)|^CORPORATE ACH\b/;

/** Paid through a bill-pay network (BILL_PAY). */
const isBilledThroughNetwork = (cleaned: Cleaned) =>
  cleaned.intermediaries.some((name) => INTERMEDIARIES[name]?.sells === BILL_PAY.sells);

/** What a biller's words say it is, as the utility a bill-pay network bills for. */
const BILLED_AS_UTILITY: Record<string, string> = {
  TRANSPORTATION_GAS: "RENT_AND_UTILITIES_GAS_AND_ELECTRICITY",
  GOVERNMENT_AND_NON_PROFIT_GOVERNMENT_DEPARTMENTS_AND_AGENCIES: "RENT_AND_UTILITIES_OTHER_UTILITIES",
};

const PHARMACY_WORDS = /\b(PHARMACY|PHARM|RX)\b/;

const FUEL_WORDS = /\b(GAS|FUEL|GASOLINE)\b(?! ?& ?ELEC)/;

/** Words of retirement income paid: a pension, an annuity (an account's own distribution is the holder's money moved). */
const RETIREMENT_PAID = /\b(PENSION|ANNUIT\w*|RET(IRE)? ?BEN\w*|RETIREMENT (PMT|PAYMENT|BEN\w*))\b/;
/** Pay taken back by whoever paid it: a correction, a reversal, an overpayment. */
const PAY_TAKEN_BACK = /\b(PAY ?CORR\w*|PAYROLL (REV\w*|CORR\w*)|WAGE REV\w*|OVERPAY\w*)\b/;
/** Pay's own words. */
const PAY_SAID = new RegExp(`\\b(${PAY_WORDS})\\b`);
/** Words of a disability insurer's benefit. */
const DISABILITY_PAID = /\b(DISABILITY|LTD (BEN\w*|CLAIM|PMT)|STD (BEN\w*|CLAIM|PMT))\b/;

const FOOD_COURT_WORDS = /\b(FOOD COURT|SNACK BAR|CAFE|CAFETERIA)\b/;

/**
 * What an ACH debit's entry says it pays for: "BROOKDALE SENIOR DES:RENT" is rent, and an
 * association's dues or assessment its home's ("FIRSTSERVICE RESID DES:ASSESSMENT"); an advance's
 * repayment ("TARGET CORPORATI DES:ADV REPAY": pay drawn early) and a 401(k) loan's ("PRINCIPAL
 * FNCL DES:401K LN PMT", not insurance) are loans' payments; continued coverage ("HEALTHEQUITY
 * INC DES:COBRA PMT") is insurance, not the HSA.
 */
const DEBIT_ENTRIES: [RegExp, string][] = [
  [/\b(RENT|HOA|HOA DUES|ASSN DUES|ASSESSMENTS?|ASSESSMNT)\b/, "RENT_AND_UTILITIES_RENT"],
  [/\b(ADV(ANCE)? REPA\w*|ADVANCE PMT|REPAYMENT)\b/, "LOAN_PAYMENTS_OTHER_PAYMENT"],
  [/\b(COBRA|PREMIUMS?|INS PREM\w*)\b/, "GENERAL_SERVICES_INSURANCE"],
  [/\b(LOAN|LN) (PMT|PAYMENT|PYMT)\b|\b401K LN\b/, "LOAN_PAYMENTS_OTHER_PAYMENT"],
];

/**
 * A store's counters of another trade, and the trade that is already the store's (then the store's
 * own category stands): its fuel station ("COSTCO GAS", "SAMS CLUB FUEL"), its food court ("COSTCO
 * FOOD COURT #0113"), its pharmacy ("WAL-MART PHARMACY 10-1187").
 */
const STORE_COUNTERS: [RegExp, string, string | null][] = [
  [FUEL_WORDS, "TRANSPORTATION_GAS", null],
  [FOOD_COURT_WORDS, "FOOD_AND_DRINK_FAST_FOOD", "FOOD_AND_DRINK_"],
  [PHARMACY_WORDS, "MEDICAL_PHARMACIES_AND_SUPPLEMENTS", "MEDICAL_"],
];

export type EngineOptions = {
  /** Where merchant logos are served: `${logoBase}/{merchantId}.svg`. */
  logoBase: string;
  now?: Date;
};

/**
 * How much of a description the engine reads. Banks print a few dozen characters, ACH lines a
 * couple of hundred; a longer one is not a bank's, and some of the patterns cost the square of
 * what they read (a hostile 100 KB description took a minute).
 */
export const DESCRIPTION_READ_LENGTH = 512;

/** "5/3" where Fifth Third prints its name as an ATM's bank ("ATM WITHDRAWAL 5/3 1410 E 86TH ST"). */
const FIFTH_THIRD = /(\bATM (?:WITHDRAWAL|WDL|WD|DEPOSIT) )5\/3(?= \S)/i;

function find(whole: EngineInput, cat: Catalogue): Found {
  // Compatibility forms read as what they stand for (a full-width "ＡＭＡＺＯＮ" is "AMAZON").
  const read = whole.description.slice(0, DESCRIPTION_READ_LENGTH);
  // Fifth Third's own short name, written like a date, as an ATM's bank.
  const spelled = read.replace(FIFTH_THIRD, "$1FIFTH THIRD");
  const input = { ...whole, description: NON_ASCII.test(spelled) ? spelled.normalize("NFKC") : spelled };
  const cents = Math.round(Number(input.amount) * 100);
  if (!Number.isFinite(cents)) throw new Error(`amount "${input.amount}" is not a number`);
  const cleaned = clean(input.description);
  const bankEvent = bankEventOf(input.description, cents > 0);
  if (bankEvent) {
    // A fee is the bank's, when the line names it ("NON-CHASE ATM FEE": Chase charges it; the
    // withdrawal itself, at another's ATM, has no counterparty), and so is cash from an ATM whose
    // bank is printed after the words ("ATM WITHDRAWAL US BANK 0412 NICOLLET MALL …").
    const atBank = ATM_AT_BANK.exec(cleaned.line);
    // A loan's or a card's payment names the bank or the issuer it goes to ("… TO LOAN 0007
    // MORTGAGE NAVY FEDERAL", "TRANSFER TO CAPITAL ONE QUICKSILVER CARD XXXX…").
    const named = () => cat.match(tokensOf(input.description));
    // (A foreign fee names the bank abroad where the purchase was made, not the one charging it.)
    const bank = bankEvent.startsWith("BANK_FEES_")
      ? bankEvent === "BANK_FEES_FOREIGN_TRANSACTION_FEES"
        ? null
        : (bankIn(named()) ?? bankNamedAfterNon(input.description, cat))
      : bankEvent.startsWith("LOAN_PAYMENTS_")
        ? lenderIn(named())
        : atBank
          ? atmOperator(
              cleaned.line.slice(atBank.index + atBank[0].length - atBank[1]!.length),
              atBank[1]!,
              cat,
            )
          : null;
    // A bank's name alone before its own entry's words ("Chase ATM Withdrawal", an aggregator's).
    const bankFirst = bank ?? bankIn(cat.named(withoutEntryWords(tokensOf(input.description))));
    const atmBank = !bankFirst && atBank ? (BANK_NAME.exec(atBank[1]!)?.[1] ?? null) : null;
    return { input, cleaned, p2p: null, merchant: bankFirst, bankEvent, atmBank, isCredit: cents > 0, cents };
  }
  const p2p = detectP2P(input.description);
  // A person paid through an app is the counterparty: no merchant is looked for in their name.
  // A name after a platform's prefix ("DOORDASH*MAMA KIMS") is the payee, not the platform: the
  // whole description is searched only when nothing else names one.
  const isNamedAfterPrefix = cleaned.intermediaries.length > 0 && cleaned.name !== "";
  const merchant = p2p?.person
    ? null
    : p2p?.payee
      ? payeeMatch(tokensOf(p2p.payee), cat)
      : (shopAfterApp(p2p, cat) ??
        agencyPaidThroughTreasury(cleaned, cat) ??
        // The line is an organisation's whole name of two words or more ("COVENANT HEALTH"), not
        // another's cut short (Covenant HealthCare).
        wholeName(cleaned, cat) ??
        notCutElsewhere(nameMatch(cleaned.tokens, cat), cleaned) ??
        companyFieldMatch(cleaned, cat) ??
        airlineOnboard(cleaned, cat) ??
        // An ACH biller's name runs on into its entry field ("DISCOVER DES:E-PAYMENT").
        (cleaned.achCompany && cleaned.achEntry
          ? cat.match(tokensOf(`${cleaned.achCompany} ${cleaned.achEntry}`))
          : null) ??
        (isNamedAfterPrefix
          ? (ownProductOf(cleaned, cat) ?? wordsApartMatch(cleaned, cat) ?? brandIntoTown(cleaned, cat))
          : // Past a portal's prefix, the line is the payee's alone.
            // (A town named first is the payee: its line names no other organisation.)
            isTownFirst(cleaned.tokens)
            ? null
            : wholeLineMatch(cleaned.collector ? cleaned.text : input.description, cleaned, cat)) ??
        // An airline's ticket by its number's carrier code ("FRONTIER AI 4222198765432": 422).
        cat.ticketed(tokensOf(input.description)) ??
        // Last, a merchant's name alone ("Amazon", "Shell"): what an aggregator's cleaned name is.
        notCutElsewhere(cat.named(withoutEntryWords(cleaned.tokens)), cleaned) ??
        // Or the merchant the provider named.
        (input.merchantName ? nameMatch(tokensOf(input.merchantName), cat) : null));
  // A company's ACH entry naming the P2P app it runs ("SQUARE INC DES:CASH APP"): money moved
  // through the app, to or from the holder's own balance there.
  const app =
    p2p?.app && cleaned.achEntry && merchant && merchant.kind !== "p2p"
      ? cat.match(tokensOf(cleaned.achEntry))
      : null;
  return {
    input,
    cleaned,
    p2p,
    merchant: app?.kind === "p2p" ? app : merchant,
    bankEvent,
    isCredit: cents > 0,
    cents,
  };
}

/**
 * The merchant a line's name is. A brand of one word inside a longer name, between words of
 * that name ("LITTLE SPROUTS PEDIATRI", "TINY ACORNS DAYCARE"), is a local business's word, not
 * the chain: such a match is passed over (a brand first, or last — "CIRCLE K SHELL" — still is one,
 * unless the words before it name another trade).
 */
function nameMatch(tokens: readonly string[], cat: Catalogue): Merchant | null {
  const inner = innerWords(tokens);
  // A town's own name first ("CITY OF RICHMOND VA TAX"): the town is paid, whatever follows its name.
  const town = isTownFirst(tokens) ? 3 : 0;
  return cat.match(
    tokens,
    (start, length, merchant) =>
      (town === 0 || start < town) &&
      // "LA TAQUERIA DEL SOL" is not Taqueria del Sol: an article before a brand makes another name.
      !(start === 1 && ROMANCE_ARTICLES.has(tokens[0]!)) &&
      (wordsOfBrand(tokens, start, length) > 1 ||
        (!inner.has(tokens[start]!) &&
          // Last, after words of another trade ("SMOG CHECK EXPRESS"): a local business's word too.
          // So is a utility's or an agency's acronym first, before another trade's words ("SAWS
          // SOUL KITCHEN" is no water bill); a shop's brand is not (its pharmacy, its fuel).
          !(
            ((start > 0 && start === tokens.length - 1) ||
              (start === 0 &&
                tokens.length > 1 &&
                (merchant.kind === "biller" || merchant.kind === "government"))) &&
            isOtherTrade(tokens.join(" "), tokens[start]!, merchant, cat)
          ))),
  );
}

/** A local government's word before OF and its name (LOCAL_GOVERNMENTS). */
const LOCAL_GOVERNMENT = new Set(LOCAL_GOVERNMENTS.split("|"));
const isTownFirst = (tokens: readonly string[]) =>
  tokens[1] === "OF" && LOCAL_GOVERNMENT.has(tokens[0] ?? "");

/**
 * The words an aggregator's cleaned line adds after a name it names alone ("Amazon Refund",
 * "Chase Credit Card Payment", "Chase ATM Withdrawal"): what kind of entry it is, not the name.
 */
const ENTRY_WORDS = new Set(
  "REFUND RETURN CREDIT CARD PAYMENT PMT AUTOPAY ONLINE BILL ATM WITHDRAWAL DEPOSIT TRANSFER FEE".split(" "),
);

function withoutEntryWords(tokens: readonly string[]): readonly string[] {
  let end = tokens.length;
  while (end > 1 && ENTRY_WORDS.has(tokens[end - 1]!)) end--;
  return end === tokens.length ? tokens : tokens.slice(0, end);
}

/** What an airline sells on board, after its first word: "UNITED INFLIGHT WIFI" is United Airlines'. */
const ONBOARD = /^([A-Z]+) (INFLIGHT|IN-FLIGHT|IN FLIGHT|ONBOARD|WIFI|WI-FI)\b/;

function airlineOnboard(cleaned: Cleaned, cat: Catalogue): Merchant | null {
  const word = ONBOARD.exec(cleaned.text)?.[1];
  const airline = word ? cat.match([word, "AIRLINES"]) : null;
  return airline?.category === "TRAVEL_FLIGHTS" ? airline : null;
}

/**
 * The Treasury pays for other agencies ("US TREASURY 220 DES:VA BENEF", "US TREASURY 303
 * DES:SSI TREAS"): the agency its entry names is the payer.
 */
function agencyPaidThroughTreasury(cleaned: Cleaned, cat: Catalogue): Merchant | null {
  if (!cleaned.achEntry || !/^(US |IRS |U S )?TREAS(URY)?\b/.test(cleaned.text)) return null;
  const agency = cat.match(tokensOf(cleaned.achEntry));
  return agency?.kind === "government" && agency.id !== "us-treasury" ? agency : null;
}

/** Words that make a name an entity of its own: a brand's words before them are another firm's. */
const ENTITY_WORDS = new Set(
  "VENTURES FUND FUNDS CAPITAL HOLDINGS PARTNERS GROUP PROPERTIES REALTY INVESTMENTS ADVISORS LABS TECHNOLOGIES SOFTWARE SYSTEMS STUDIO STUDIOS".split(
    " ",
  ),
);

/**
 * The merchant a business paid by wire or P2P is: its name as a name match reads it, unless
 * words after the brand's make it another firm ("CEDAR POINT VENTURES FUND" is no amusement park).
 */
function payeeMatch(tokens: readonly string[], cat: Catalogue): Merchant | null {
  const merchant = nameMatch(tokens, cat);
  if (!merchant) return null;
  const own = new Set(tokensOf(merchant.name));
  return tokens.some((word) => ENTITY_WORDS.has(word) && !own.has(word)) ? null : merchant;
}

/** The words a match spans, not counting the store's number a pattern may end in ("EXPRESS 2": one). */
const wordsOfBrand = (tokens: readonly string[], start: number, length: number) =>
  length > 1 && /^\d+$/.test(tokens[start + length - 1]!) ? length - 1 : length;

/** The words of a name between its first (or the one after THE) and its last. */
function innerWords(tokens: readonly string[]): Set<string> {
  const first = tokens[0] === "THE" ? 2 : 1;
  return new Set(tokens.slice(first, -1));
}

/**
 * "NON-TD ATM FEE", "NONCHASE ATM FEE", "NON-WELLS FARGO ATM FEE": the bank whose ATM it was not
 * charges the fee, named by the words after NON (its short name: "TD" is TD Bank's).
 */
const NON_BANK = /^NON-?([A-Z][A-Z&]*(?: [A-Z][A-Z&]*){0,2}?)[ -](?:ATM|TRANS|TRANSACTION|NETWORK)\b/;

function bankNamedAfterNon(description: string, cat: Catalogue): Merchant | null {
  const non = NON_BANK.exec(description.toUpperCase());
  if (!non) return null;
  const words = tokensOf(non[1]!);
  return bankIn(cat.match(words)) ?? bankIn(cat.match([...words, "BANK"]));
}

/** The merchant when it is a bank: a bank's own entry names no other kind. */
const bankIn = (merchant: Merchant | null) => (merchant?.kind === "bank" ? merchant : null);

/**
 * The bank whose ATM it was, named where the line goes on after its words: its name with a number
 * in it ("GOLDEN 1 CU 8TH & K …"), or its own word that it is a bank left out ("HUNTINGTON 1560 N
 * HIGH ST …": Huntington Bank).
 */
const atmOperator = (rest: string, words: string, cat: Catalogue) =>
  bankIn(cat.match(tokensOf(rest), (start) => start === 0)) ??
  bankIn(cat.match([...tokensOf(words), "BANK"], (start) => start === 0));

/** The merchant when it lends: a bank, or a card's issuer. */
const lenderIn = (merchant: Merchant | null) =>
  merchant?.kind === "bank" || merchant?.kind === "lender" ? merchant : null;

/**
 * A merchant named after a P2P app's own words ("PAYPAL INST XFER LYFT RIDE …"): the app paid it,
 * and is the go-between. Another app or a bank there is where the money went, not a shop.
 */
function shopAfterApp(p2p: P2P | null, cat: Catalogue): Merchant | null {
  if (!p2p?.following) return null;
  const named = cat.match(tokensOf(p2p.following));
  return named && named.kind !== "p2p" && named.kind !== "bank" ? named : null;
}

/**
 * "ATM WITHDRAWAL US BANK 0412 …", "ATM WITHDRAWAL INTL 05/15 DEUTSCHE BANK AG FRANKFURT …": the
 * words between the withdrawal's (and an international one's date) and the first number.
 */
const ATM_AT_BANK =
  /^(?:NON-?[A-Z]+(?: [A-Z]+){0,2}? )?ATM (?:CASH )?(?:WITHDRAWAL|WITHDRAW|WDL|WD)\s+(?:AUTHORIZED ON\s+)?(?:-\s+)?(?:(?:INTL|INTERNATIONAL)\s+)?(?:\d{4,8}\s+)?(?:\d{1,2}\/\d{1,2}\s+)?([A-Z][A-Z0-9/&.' -]*?)(?=\s+\d|\s*$)/;

/** A bank's own name in those words, up to the word that says it is one ("FARMERS STATE BANK"). */
const BANK_NAME = /^([A-Z][A-Z&.' -]*?\b(?:BANK|CREDIT UNION|FCU|SAVINGS|TRUST))(?: AG| NA| N\.A\.)?(?=\s|$)/;

/**
 * The merchant the whole description names before its place: "… BURLINGTON VT" is no Burlington
 * store, nor "… ELLICOTT CITY MD" a CityMD clinic (a match that starts in the city and state is
 * passed over, and the search goes on; so is one of an article and the city, "… CENTER FOR THE
 * HARTFORD CT" is no The Hartford), nor "LITTLE SPROUTS PEDIATRI" Sprouts (a brand of one word
 * inside the name, when the name's other words say it is another trade).
 */
function wholeLineMatch(description: string, cleaned: Cleaned, cat: Catalogue): Merchant | null {
  const tokens = tokensOf(description);
  const city = cleaned.city ? tokensOf(cleaned.city) : [];
  let place = tokens.length;
  for (let i = tokens.length - city.length; city.length > 0 && i >= 0; i--) {
    if (city.every((word, j) => tokens[i + j] === word)) {
      place = i;
      break;
    }
  }
  const inner = innerWords(cleaned.tokens);
  return cat.match(
    tokens,
    (start, length, merchant) =>
      start < place &&
      // "THE HARTFORD" in "… CENTER FOR THE HARTFORD CT" is the town after an article.
      !(start + length > place && tokens.slice(start, place).every((word) => word === "THE")) &&
      !(
        wordsOfBrand(tokens, start, length) === 1 &&
        inner.has(tokens[start]!) &&
        isOtherTrade(cleaned.name, tokens[start]!, merchant, cat)
      ),
  );
}

/** A field cut at its width: its last word may be cut to a letter or two. */
const FIELD_CUT = { afterOne: 2, afterMore: 1 };

/**
 * An ACH entry whose company's name fills its 16 characters and was cut there ("COMMONWEALTH EDI
 * UTIL PAYMT …", "ARIZONA PUBLIC S DES:…"): the organisation whose name the field starts with,
 * its last word cut to as little as a letter.
 */
function companyFieldMatch(cleaned: Cleaned, cat: Catalogue): Merchant | null {
  const cut = cutField(cleaned);
  if (!cut || cut.words.length < 2) return null;
  const field = cut.words;
  // Its words, the last cut to a letter or two (unless a space filled the field: "COVENANT
  // HEALTH " is no Covenant HealthCare), are a whole name; else the start of one, cut at the
  // field's end ("PIEDMONT NATURAL" of Piedmont Natural Gas).
  return (
    cat.match(
      field,
      (start, length) => start === 0 && length === field.length,
      cut.lastMayBeCut ? FIELD_CUT : undefined,
    ) ??
    // A town or a county is itself or its office, not its school district ("CHARLESTON COUNT TAX
    // PAYMNT").
    cat.completing(
      field,
      (pattern, merchant) =>
        merchant.category.startsWith("GOVERNMENT_AND_NON_PROFIT_") ||
        !(pattern.length > field.length && LOCAL_GOVERNMENT.has(pattern[field.length - 1]!)),
    )
  );
}

/**
 * The words of an ACH company's field that was cut at its width, else null. The company as its
 * own field gives it (a shorter one was not cut), or the line's start: the field ends at its 16th
 * character, or at a space that filled it ("PEOPLES NATURAL WEB PAY").
 */
function cutField(cleaned: Cleaned): { words: string[]; lastMayBeCut: boolean } | null {
  if (!cleaned.isAch) return null;
  const text = cleaned.achCompany ?? cleaned.text;
  const isCut = cleaned.achCompany
    ? text.length >= ACH_COMPANY_WIDTH
    : text.length === ACH_COMPANY_WIDTH ||
      (text.length > ACH_COMPANY_WIDTH &&
        (text[ACH_COMPANY_WIDTH] === " " || text[ACH_COMPANY_WIDTH - 1] === " "));
  if (!isCut) return null;
  return {
    words: tokensOf(text.slice(0, ACH_COMPANY_WIDTH)),
    // A space in the field's last place: its last word ended there, whole.
    lastMayBeCut: text[ACH_COMPANY_WIDTH - 1] !== " ",
  };
}

/** The organisation whose name of two words or more is the line's whole text. */
function wholeName(cleaned: Cleaned, cat: Catalogue): Merchant | null {
  return cleaned.tokens.length >= 2 ? cat.named(cleaned.tokens) : null;
}

/** Whether `words` holds `part`, word for word, in a row. */
const containsWords = (words: readonly string[], part: readonly string[]) =>
  part.length > 0 &&
  words.some((_, i) => i + part.length <= words.length && part.every((word, j) => words[i + j] === word));

/** The merchant, unless a cut company field says it is another organisation (cutWordGoesElsewhere). */
const notCutElsewhere = (merchant: Merchant | null, cleaned: Cleaned) =>
  merchant && cutWordGoesElsewhere(merchant, cleaned) ? null : merchant;

/**
 * Whether a cut company field names another organisation than the merchant its words were
 * matched to: its last word whole, and no name of the merchant's in its words ("COVENANT HEALTH "
 * read as Covenant HealthCare's cut); its last a letter or two that begins none of the merchant's
 * words ("AMERICAN EAGLE F" is American Eagle Financial, not American Eagle Outfitters); or the
 * merchant a brand of one word that is the field's last, a trade's word cut there ("COMMUNITY
 * MEDICA" is no Medica).
 */
function cutWordGoesElsewhere(merchant: Merchant, cleaned: Cleaned): boolean {
  const field = cutField(cleaned);
  const cut = field?.words.at(-1);
  if (!cut || field!.words.length < 2) return false;
  const names = [merchant.name, ...merchant.patterns].map((name) => tokensOf(name.toUpperCase()));
  if (!field!.lastMayBeCut) return !names.some((words) => containsWords(field!.words, words));
  if (cut.length > 2)
    return isCutTradeWord(cut) && names.some((words) => words.length === 1 && words[0] === cut);
  return !names.flat().some((word) => word.startsWith(cut));
}

/**
 * Whether the words after a brand's one word in a name (as the name is read out, its cut words
 * whole), else those before it, name another kind of trade than the brand's: "LITTLE SPROUTS
 * PEDIATRI" is a doctor's, "SMOG CHECK EXPRESS 2" a garage.
 */
function isOtherTrade(name: string, word: string, merchant: Merchant, cat: Catalogue): boolean {
  const words = tokensOf(name);
  const at = words.indexOf(word);
  if (at < 0) return false;
  const tradeOf = (some: string[]) => categoryByKeywords(` ${some.join(" ")} `, false, false);
  const trade = tradeOf(words.slice(at + 1)) ?? tradeOf(words.slice(0, at));
  if (trade === null) return false;
  // A bank's loans and transfers are its own trade ("TO BECU HELOC").
  if (
    (merchant.kind === "bank" || merchant.kind === "lender") &&
    /^(LOAN_PAYMENTS|TRANSFER_|BANK_FEES)/.test(trade)
  )
    return false;
  return cat.primaryOf.get(trade) !== cat.primaryOf.get(merchant.category);
}

/**
 * A name run together after a prefix matched by its words apart ("PAYPAL *SIERRACLUB": Sierra
 * Club), as a merchant's words written as one ("GRUBHUB*JIMMYJOHNS": Jimmy John's), or as a
 * merchant's name run into its legal form ("PAYPAL *SPOTIFYUSAI": Spotify).
 */
function wordsApartMatch(cleaned: Cleaned, cat: Catalogue): Merchant | null {
  const text = cleaned.text.trim();
  if (!/^\S+$/.test(text)) return null;
  const stem = CORPORATE_TAIL.exec(text.toUpperCase())?.[1];
  return (
    (cleaned.name.includes(" ") ? cat.match(tokensOf(cleaned.name)) : null) ??
    cat.joined(text) ??
    (stem ? cat.named([stem]) : null)
  );
}

/**
 * A brand whose last word was read as the start of its town ("… GAMING MOHEGAN SUN UNCASVILLE
 * CT": Mohegan Sun in Uncasville): a pattern that is the whole name and ends in the town.
 */
function brandIntoTown(cleaned: Cleaned, cat: Catalogue): Merchant | null {
  if (!cleaned.city) return null;
  const name = cleaned.tokens;
  return cat.match(
    [...name, ...tokensOf(cleaned.city)],
    (start, length) => start === 0 && length > name.length,
  );
}

/** An ACH entry that says it pays what is owed ("PAYMENTS", "REMITTANCE"). */
const CUSTOMER_PAYMENT = /\b(PAYMENTS?|PAYMT|PMTS?|PYMTS?|REMIT\w*)\b/;

/** A name before the word FEE ("USPTO FEE", "CITY PERMIT FEE"): a payee's fee, not the bank's. */
const PAYEE_BEFORE_FEE = /^[A-Z][A-Z0-9&'.-]*( [A-Z0-9&'.-]+)* FEES?\b/;

/** Words of an invoice settled. */
const INVOICE_WORDS = /\b(INV|INVOICES?|INVOICE NO|BILL NO)\b/;

/** Words of a fine: a citation, a ticket, a penalty. */
const FINE_WORDS =
  /\b(CITATIONS?|CITES?|PARKING TICKETS?|TRAFFIC TICKETS?|FINES?|PENALT(Y|IES)|VIOLATIONS?)\b/;

/** A company's name run into its legal form and cut ("SPOTIFYUSAI": Spotify USA Inc). */
const CORPORATE_TAIL = /^([A-Z]{4,}?)(?:USA?I(?:NC?)?|USA|INC|LLC|CORP|COM)$/;

/** The store's owner's word, for its own products after its prefix ("GOOGLE *FI 1A2B3C": Google Fi). */
const OWNER_WORDS: Record<string, string> = { "Google Play": "GOOGLE" };

function ownProductOf(cleaned: Cleaned, cat: Catalogue): Merchant | null {
  const store = cleaned.intermediaries.find((name) => OWNER_WORDS[name]);
  if (!store) return null;
  const owner = OWNER_WORDS[store]!;
  const product = cat.match([owner, ...cleaned.tokens]);
  // The owner's sites and their subdomains ("fiber.google.com").
  const isOwners = product?.website ? isOwnersSite(store, product.website) : false;
  return isOwners && product !== cat.match([owner]) ? product : null;
}

function intermediaryParty(name: string, cat: Catalogue, options: EngineOptions): Party {
  const known = cat.byName.get(name);
  if (known) return merchantParty(known, options);
  return {
    id: stableId("cp", normalize(name)),
    name,
    website: INTERMEDIARIES[name]?.website ?? null,
    logo: null,
  };
}

/** A counterparty the catalogue does not list: a person, or a business by the name the line gives. */
const unlistedParty = (
  name: string,
  type: "person" | "organization",
  mccs: number[] = [],
): NonNullable<EnrichedTransaction["counterparty"]> => ({
  id: stableId("cp", normalize(name)),
  name,
  type,
  website: null,
  logo: null,
  mccs,
});

function merchantParty(merchant: Merchant, options: EngineOptions): Party {
  return {
    id: `mer_${merchant.id}`,
    name: merchant.name,
    website: merchant.website,
    logo: `${options.logoBase}/${merchant.id}.svg`,
  };
}

/** A category for what was found: the merchant's, a P2P transfer's, the MCC's, the words', or the direction's. */
function detailedCategoryOf(found: Found, cat: Catalogue): { detailed: string | null; isGuess: boolean } {
  const { merchant, p2p, isCredit, cleaned, input } = found;
  if (found.bankEvent) return { detailed: found.bankEvent, isGuess: false };
  if (merchant?.kind === "payroll" && isCredit)
    return {
      detailed: merchant.category.startsWith("INCOME_") ? merchant.category : "INCOME_WAGES",
      isGuess: false,
    };
  // Money paid to a payroll or payout platform buys its service ("GUSTO DES:FEE", "ADP PAYROLL
  // FEES"), unless it funds an employer's payroll ("ADP WAGE PAY DES:WAGE PAY", "GUSTO DES:NET")
  // or its taxes ("GUSTO DES:TAX 0314"); money paid to an employer or a pension fund goes back to
  // it. None of it is income.
  // Paid by card, it is the platform's own service (Rippling's, Deel's subscription).
  if (merchant?.kind === "payroll")
    return {
      detailed: cleaned.isAch
        ? payrollDebitCategory(payoutPlatformOf(merchant) !== undefined, cleaned)
        : "GENERAL_SERVICES_OTHER_GENERAL_SERVICES",
      isGuess: false,
    };
  // Money from a sportsbook, a fantasy site or a lottery app is the holder's balance there paid
  // back ("DRAFTKINGS INC DES:WITHDRAWAL"), as from a wallet: a transfer in, not income. A prize
  // paid is winnings; a deposit reversed is the gambling's own.
  if (isCredit && merchant?.category === "ENTERTAINMENT_CASINOS_AND_GAMBLING") {
    const words = ` ${cleaned.line} `;
    if (PRIZE_WORDS.test(words)) return { detailed: "INCOME_OTHER_INCOME", isGuess: false };
    if (!REFUND_WORDS.test(words)) return { detailed: "TRANSFER_IN_ACCOUNT_TRANSFER", isGuess: false };
  }
  // A pension, an annuity or a disability insurer's benefit paid in ("TIAA DES:ANNUITY PA",
  // "FIDELITY INVESTM PENSION", "UNUM LIFE INS CO DISABILITY"), whoever pays it — a brokerage's
  // other credits (an IRA's distribution among them) are the holder's own money moved.
  if (isCredit && merchant?.kind !== "p2p") {
    const said = ` ${cleaned.achEntry ?? (cleaned.isAch ? cleaned.text : "")} `;
    // (Pay's own words first: a company named for its distribution pays wages.)
    const isPay = PAY_SAID.test(said);
    if (!isPay && RETIREMENT_PAID.test(said))
      return { detailed: "INCOME_RETIREMENT_PENSION", isGuess: false };
    if (!isPay && DISABILITY_PAID.test(said)) return { detailed: "INCOME_OTHER_INCOME", isGuess: false };
  }
  // A bank's or a lender's own payroll ("Deposit - ACH Paid From CAPITAL ONE NA PAYROLL"): its
  // people's wages, not money moved from an account there.
  if (
    isCredit &&
    (merchant?.kind === "bank" || merchant?.kind === "lender") &&
    PAY_SAID.test(` ${cleaned.achEntry ?? cleaned.line} `)
  )
    return { detailed: "INCOME_WAGES", isGuess: false };
  // An employer's or a marketplace's ACH credit is income, whatever else the company sells; in
  // formats without an entry field, its words say so inline ("KAISER FOUNDATION PAYROLL PPD").
  if (isCredit && merchant?.kind !== "p2p" && merchant?.kind !== "bank") {
    const upper = cleaned.line;
    // A company's own ACH credit without an entry field (Chase prints "LYFT INC  LYFT PAY  PPD
    // ID: …") is as much its payout as one with DES:.
    const isFromSeller = merchant?.kind === "merchant";
    // A company's payment to a business account (a CCD entry, "NORTHWIND TRADERS DES:PAYMENTS …
    // CCD") is what it owes for a sale, whoever the company is.
    const isCustomerPayment = /\bCCD\b/.test(upper) && CUSTOMER_PAYMENT.test(cleaned.achEntry ?? "");
    const income = cleaned.achEntry
      ? achCreditCategory(cleaned.achEntry, isFromSeller || isCustomerPayment)
      : achCreditCategory(upper, isFromSeller && CORPORATE_ACH.test(upper));
    if (income) return { detailed: income, isGuess: false };
  }
  // The words the line gives the counterparty (its name, an ACH entry's field), and the whole line.
  const ownWords = ` ${cleaned.text} ${cleaned.achEntry ?? ""} `;
  // The account holder's own name in an ACH line ("INDN:HARBORVIEW DENTAL PLLC") says nothing of the payee.
  // The bank's lead-in says how the money went ("Point of Sale Withdrawal", "ACH WD"), not that
  // cash was withdrawn: the line's words are read without it.
  const line = cleaned.line.trimStart();
  const lineWords = ` ${(line.startsWith(cleaned.leadIn) ? line.slice(cleaned.leadIn.length) : line).replace(HOLDER_FIELD, " ")} `;
  // A business paid through a P2P app is paid for what it does.
  // No utility is paid so: a business named ELECTRIC paid by Zelle is an electrician.
  const byPayee = p2p?.payee && !merchant ? categoryByKeywords(` ${p2p.payee} `, isCredit) : null;
  if (byPayee === "RENT_AND_UTILITIES_GAS_AND_ELECTRICITY")
    return { detailed: "HOME_IMPROVEMENT_REPAIR_AND_MAINTENANCE", isGuess: false };
  if (byPayee) return { detailed: byPayee, isGuess: false };
  // A wire's purpose says what it paid for ("PMT DET:APR RENT SUITE 400"), or that it settles an
  // invoice: a service bought, or a sale's proceeds ("PMT DET:INV 1042 ANNUAL LICENSE").
  if (p2p?.purpose && !merchant && !p2p.person) {
    const byPurpose = categoryByKeywords(` ${p2p.purpose} `, isCredit, false);
    if (byPurpose) return { detailed: byPurpose, isGuess: false };
    if (INVOICE_WORDS.test(p2p.purpose))
      return {
        detailed: isCredit ? "INCOME_OTHER_INCOME" : "GENERAL_SERVICES_OTHER_GENERAL_SERVICES",
        isGuess: false,
      };
  }
  // A business paid through a P2P app for nothing its name says is paid for its service ("Zelle
  // payment to PAWSITIVE WALKS LLC"): people pay firms so for what they do, not to move money —
  // unless it is a holding, a fund or the like (ENTITY_WORDS), which money is moved to.
  const payeeWords = p2p?.payee ? tokensOf(p2p.payee) : [];
  if (
    p2p?.app &&
    payeeWords.length > 0 &&
    !payeeWords.some((word) => ENTITY_WORDS.has(word)) &&
    !merchant &&
    !isCredit
  )
    return { detailed: "GENERAL_SERVICES_OTHER_GENERAL_SERVICES", isGuess: false };
  // A business paying the holder through a P2P app ("Zelle payment from BRIGHTPATH CONSULTING
  // LLC") pays for work done: income. (A wire from one moves money as often: proceeds, a round.)
  if (p2p?.app && payeeWords.length > 0 && !merchant && isCredit)
    return { detailed: "INCOME_OTHER_INCOME", isGuess: false };
  if (merchant?.kind === "p2p" || (p2p && !merchant)) {
    return {
      detailed: isCredit ? "TRANSFER_IN_ACCOUNT_TRANSFER" : "TRANSFER_OUT_ACCOUNT_TRANSFER",
      isGuess: false,
    };
  }
  // Groceries bought through Instacart are groceries, whoever sold them.
  if (cleaned.intermediaries.includes("Instacart") && !isCredit)
    return { detailed: "FOOD_AND_DRINK_GROCERIES", isGuess: false };
  const decides = cleaned.intermediaries.map((name) => INTERMEDIARIES[name]?.decides).find(Boolean);
  if (decides && !isCredit && !merchant) return { detailed: decides, isGuess: false };
  if (merchant) {
    // A card issuer that also keeps savings ("CAPITAL ONE 360 DES:TRANSFER", "SYNCHRONY BANK
    // DES:HYS XFER"): an ACH entry that moves money is a transfer, not the card's payment.
    if (
      merchant.kind === "lender" &&
      cleaned.achEntry &&
      /\b(TRANSFER|XFER|XFR|HYS|SAVINGS|P2P)\b/.test(cleaned.achEntry)
    )
      return {
        detailed: isCredit ? "TRANSFER_IN_ACCOUNT_TRANSFER" : "TRANSFER_OUT_ACCOUNT_TRANSFER",
        isGuess: false,
      };
    // A bank is paid for a loan as often as money is moved to it, and its ATMs hand out cash:
    // its words say which.
    if (merchant.kind === "bank" && !isCredit) {
      const byWords = categoryByKeywords(ownWords, false);
      // A neobank's own fee for an advance ("Varo Advance Fee") is a bank fee.
      if (byWords?.startsWith("LOAN_PAYMENTS_") || byWords?.startsWith("BANK_FEES_"))
        return { detailed: byWords, isGuess: false };
      if (categoryByKeywords(lineWords, false) === "TRANSFER_OUT_WITHDRAWAL")
        return { detailed: "TRANSFER_OUT_WITHDRAWAL", isGuess: false };
    }
    // A card issuer that also runs ATMs ("Citi ATM Withdrawal"): cash, not the card's payment.
    if (merchant.kind === "lender" && !isCredit && /\bATM\b/.test(lineWords))
      return { detailed: "TRANSFER_OUT_WITHDRAWAL", isGuess: false };
    // Cash taken at a store's register, on a line of its own ("POS CASHBACK FOOD LION #1234"), is cash.
    if (!isCredit && /^(POS )?CASH ?BACK\b/.test(lineWords.trim()))
      return { detailed: "TRANSFER_OUT_WITHDRAWAL", isGuess: false };
    // Cash drawn at a casino's cage on a card ("CASH ADVANCE GLOBAL PAYMENTS GAMING MOHEGAN SUN")
    // is cash, whatever is played with it after.
    if (
      merchant.category === "ENTERTAINMENT_CASINOS_AND_GAMBLING" &&
      !isCredit &&
      /\bCASH (ADVANCE|ACCESS)\b/.test(lineWords)
    )
      return { detailed: "TRANSFER_OUT_WITHDRAWAL", isGuess: false };
    // A city bills its water, power and trash: "CITY OF BOULDER DES:WATER SVC" is a utility.
    if (merchant.kind === "government" && !isCredit) {
      const utility = categoryByKeywords(ownWords, false);
      if (utility && CITY_UTILITIES.has(utility)) return { detailed: utility, isGuess: false };
      // A fine paid to an agency that runs buses or roads ("SFMTA CITATIONS") is the government's, not a fare.
      if (FINE_WORDS.test(ownWords) && !merchant.category.startsWith("GOVERNMENT_AND_NON_PROFIT_"))
        return { detailed: "GOVERNMENT_AND_NON_PROFIT_GOVERNMENT_DEPARTMENTS_AND_AGENCIES", isGuess: false };
    }
    // A school's dining halls, garages and stores sell meals, parking and books, not tuition.
    if (merchant.category === "GENERAL_SERVICES_EDUCATION" && !isCredit) {
      const office = SCHOOL_OFFICES.find(([words]) => words.test(ownWords));
      if (office) return { detailed: office[1], isGuess: false };
    }
    if (merchant.kind === "charity" && !isCredit) {
      const sale = CHARITY_SALES.find(([words]) => words.test(ownWords));
      if (sale) return { detailed: sale[1], isGuess: false };
    }
    // Money paid to an agency that pays benefits is not income ("EDD DES:EDD EFTPMT": an employer's
    // payroll taxes): a tax when its words say so, else the agency's.
    if (merchant.kind === "government" && !isCredit && merchant.category.startsWith("INCOME_"))
      return {
        detailed:
          categoryByKeywords(ownWords, false) === "GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT"
            ? "GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT"
            : "GOVERNMENT_AND_NON_PROFIT_GOVERNMENT_DEPARTMENTS_AND_AGENCIES",
        isGuess: false,
      };
    // A store paid by ACH is paid for its card ("HOME DEPOT CRC DES:PAYMENT"): stores take no
    // purchases so.
    // An ACH line without an entry field says so in its words ("MACYS ONLINE PMT DSNB … WEB").
    const achWords = cleaned.achEntry ?? (cleaned.isAch ? cleaned.text : null);
    if (
      merchant.kind === "merchant" &&
      !isCredit &&
      STORE_CATEGORIES.test(merchant.category) &&
      achWords &&
      PAYMENT_SAID.test(achWords)
    )
      return { detailed: "LOAN_PAYMENTS_CREDIT_CARD_PAYMENT", isGuess: false };
    // Child support received through a state's disbursement unit is the parent's income.
    if (
      merchant.kind === "government" &&
      isCredit &&
      /\bCHILD SUPP|\bSDU\b|\bDISBURSEMENT UNIT\b|\bCSPC\b/.test(
        `${lineWords} ${merchant.name.toUpperCase()} `,
      )
    )
      return { detailed: "INCOME_OTHER_INCOME", isGuess: false };
    // Money in from a tax authority is a refund of tax ("DEPOSITO DIRECTO DEPTO HACIENDA PR REINTEGRO").
    if (merchant.category === "GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT" && isCredit)
      return { detailed: "INCOME_TAX_REFUND", isGuess: false };
    if (merchant.kind === "government" && merchant.category.startsWith("GOVERNMENT_AND_NON_PROFIT_")) {
      // A town's own bill through a bill-pay network is its water and trash ("PAYMENTUS*CITY OF
      // RALEIGH"), as its words would say (BILLED_AS_UTILITY).
      const billed = BILLED_AS_UTILITY[merchant.category];
      if (billed && !isCredit && isBilledThroughNetwork(cleaned)) return { detailed: billed, isGuess: false };
      // Money a government pays is what its words say (juror pay), else income: an agency moves no
      // money of the holder's. (A refund is of what it was paid for, as a shop's is.)
      if (isCredit && !REFUND_WORDS.test(lineWords))
        return { detailed: categoryByKeywords(lineWords, true) ?? "INCOME_OTHER_INCOME", isGuess: false };
    }
    // Money from a lender or a cash-advance app is the loan or the advance paid out ("EARNIN
    // TRANSFER" +): LOAN_PAYMENTS is money going to a lender. A card's payment, received on the
    // card, is still its payment, as is a loan's, and a refund is no loan.
    if (
      merchant.kind === "lender" &&
      isCredit &&
      merchant.category !== "LOAN_PAYMENTS_CREDIT_CARD_PAYMENT" &&
      !REFUND_WORDS.test(lineWords)
    )
      return { detailed: "TRANSFER_IN_CASH_ADVANCES_AND_LOANS", isGuess: false };
    // What an ACH debit's entry says it pays for is what it is (DEBIT_ENTRIES).
    const entrySays =
      !isCredit && cleaned.achEntry
        ? DEBIT_ENTRIES.find(([words]) => words.test(cleaned.achEntry!))
        : undefined;
    if (entrySays) return { detailed: entrySays[1], isGuess: false };
    // So is a marketplace's own fees, billed to its seller ("ETSY INC DES:ETSY FEES").
    if (
      !isCredit &&
      merchant.category === "GENERAL_MERCHANDISE_ONLINE_MARKETPLACES" &&
      cleaned.achEntry &&
      /\b(FEES?|SELLER FEES?|BILLING|INVOICE)\b/.test(cleaned.achEntry)
    )
      return { detailed: "GENERAL_SERVICES_OTHER_GENERAL_SERVICES", isGuess: false };
    // So is pay taken back by the employer that paid it ("ADP WAGE PAY DES:REVERSAL", "UNITED
    // PARCEL SE PAY CORR"): wages, less.
    if (!isCredit && cleaned.isAch && PAY_TAKEN_BACK.test(` ${cleaned.achEntry ?? ""} ${cleaned.text} `))
      return { detailed: "INCOME_WAGES", isGuess: false };
    // A store's counter of another trade sells that trade (STORE_COUNTERS).
    const counter =
      merchant.kind === "merchant" && !isCredit
        ? STORE_COUNTERS.find(
            ([words, , unless]) =>
              words.test(cleaned.text) && !(unless && merchant.category.startsWith(unless)),
          )
        : undefined;
    if (counter) return { detailed: counter[1], isGuess: false };
    return { detailed: transferInDirection(merchant.category, isCredit, cat), isGuess: false };
  }
  // The name's words first: the rest of the line (its city: "… Edison NJ") says less.
  const keywords = (withBankFees: boolean) =>
    categoryByKeywords(`${ownWords}${cleaned.name.toUpperCase()} `, isCredit, withBankFees) ??
    categoryByKeywords(lineWords, isCredit, withBankFees);
  let byWords = keywords(true);
  // A company's fee billed by ACH ("ACTS RETIREMENT-LIFE DES:MONTHLY FEE", "CA DEPT TAX FEE DES:…"),
  // or named after its payee ("USPTO FEE"), is for what it does: the bank's fees are the bank's
  // own entries (bankEventOf), not a company's.
  if (byWords?.startsWith("BANK_FEES_") && (cleaned.achCompany || PAYEE_BEFORE_FEE.test(cleaned.text)))
    byWords = keywords(false) ?? "GENERAL_SERVICES_OTHER_GENERAL_SERVICES";
  // A bill-pay network's biller is a utility: its GAS is the gas company's ("INVOICECLOUD*BERKSHIRE
  // GAS"), its town's bill the town's water and trash ("PAYMENTUS *CITY OF RALEIGH").
  const billed = byWords && !isCredit ? BILLED_AS_UTILITY[byWords] : undefined;
  if (billed && isBilledThroughNetwork(cleaned)) byWords = billed;
  if (byWords) return { detailed: byWords, isGuess: false };
  // What a school's or a club's portal collects for, when the payee's name says nothing.
  if (cleaned.collector && !isCredit) return { detailed: cleaned.collector, isGuess: false };
  // What the platform it went through sells: restaurants' POS and delivery apps. Money back from
  // a shop named after the platform's prefix is a refund of what it sold.
  const sells = cleaned.intermediaries.map((name) => INTERMEDIARIES[name]?.sells).find(Boolean);
  if (sells && (!isCredit || cleaned.name !== "")) return { detailed: sells, isGuess: false };
  const byMcc = input.mcc ? cat.mcc.get(input.mcc)?.category : null;
  if (byMcc) return { detailed: byMcc, isGuess: false };
  return {
    detailed: isCredit ? "TRANSFER_IN_DEPOSIT" : "GENERAL_MERCHANDISE_OTHER_GENERAL_MERCHANDISE",
    isGuess: true,
  };
}

/** A P2P payment to the holder's own account. */
const TO_SELF = /\b(TO|FROM) (SELF|MYSELF|OWN ACCOUNT|OWN ACCT)\b/;

/** A card's or a credit line's payment, by the account's type: what money moved into it pays. */
const PAYMENT_INTO = new Map([
  ["CREDIT_CARD", "LOAN_PAYMENTS_CREDIT_CARD_PAYMENT"],
  ["LINE_OF_CREDIT", "LOAN_PAYMENTS_OTHER_PAYMENT"],
]);

/**
 * Money moved into a card or a credit line from another account is its payment ("ACH DEPOSIT
 * INTERNET TRANSFER FROM ACCOUNT ENDING IN 4417" +, on the card): a card holds no deposits. A
 * refund keeps its merchant's category, a cash advance its own, and a guess stays a guess unless
 * its words say it is a payment.
 */
function onAccountsSide(found: Found, category: { detailed: string | null; isGuess: boolean }) {
  const payment = PAYMENT_INTO.get(found.input.accountType ?? "");
  const { detailed, isGuess } = category;
  if (!payment || !found.isCredit || !detailed?.startsWith("TRANSFER_IN_")) return category;
  if (detailed === "TRANSFER_IN_CASH_ADVANCES_AND_LOANS") return category;
  const line = found.cleaned.line;
  // A refund on a card is the merchant's money back, not a payment ("Amazon Refund").
  if (/\b(REFUND|RETURN|RFND)\b/.test(line)) return category;
  // Money in that no rule read says nothing of a payment, unless its words do ("PAYMENT FROM CHK
  // 1234", "DIRECTPAY FULL BALANCE", "AUTOPAY … AUTO-PMT").
  if (isGuess && !PAYMENT_SAID.test(line)) return category;
  return { detailed: payment, isGuess: false };
}

/** Payroll platforms' debits: their fee, the payroll's taxes, or the pay itself. */
function payrollDebitCategory(isPlatform: boolean, cleaned: Cleaned): string {
  if (!isPlatform) return "TRANSFER_OUT_OTHER_TRANSFER_OUT";
  const words = ` ${cleaned.achEntry ?? ""} ${cleaned.text} `;
  // A deposit of pay taken back ("ADP WAGE PAY DES:REVERSAL"): wages, less.
  if (PAY_TAKEN_BACK.test(words) || /\bREVERSAL\b/.test(words)) return "INCOME_WAGES";
  if (/\b(FEES?|INVOICE|INV|SERVICE|SVC|BILLING)\b/.test(words))
    return "GENERAL_SERVICES_OTHER_GENERAL_SERVICES";
  if (/\b(TAX|TAXES)\b/.test(words)) return "GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT";
  if (/\b(NET|NET ?PAY|WAGES?|PAYROLL|PAYRLL|DD|DIR ?DEP|DIRECT ?DEP\w*)\b/.test(words))
    return "TRANSFER_OUT_OTHER_TRANSFER_OUT";
  return "GENERAL_SERVICES_OTHER_GENERAL_SERVICES";
}

/** What stores sell: a store's ACH debit that says it is a payment pays its card. */
const STORE_CATEGORIES = /^(GENERAL_MERCHANDISE_|HOME_IMPROVEMENT_)/;
/** A payment's words, as billers' ACH entries and card issuers print one ("AUTO-PMT", "DIRECTPAY"). */
const PAYMENT_SAID =
  /\b(PAYMENT|PAYMT|PYMT|PMT|EPAY|E-PAYMENT|AUTOPAY|AUTO PAY|AUTO-?PMT|DIRECTPAY|THANK YOU)\b/;

/**
 * Money given back, not lent: a lender's refund or reversal, an escrow's surplus ("MR. COOPER
 * DES:ESCROW REF"); or a payment, which on the loan's own account arrives as money in
 * ("NAVIENT PAYMENT" +) and is still the loan's payment.
 */
const REFUND_WORDS =
  /\b(REFUND|RFND|REF|REBATE|RETURN|REVERSAL|REVERSED|ESCROW|SURPLUS|PAYMENT|PAYMT|PYMT|PMT|PYMNT|THANK YOU)\b/;

/** A school's offices that sell something other than teaching, and what they sell. */
const SCHOOL_OFFICES: [RegExp, string][] = [
  [/\b(DINING|FOOD SERVICES?|MEAL PLANS?|CAFETERIA)\b/, "FOOD_AND_DRINK_RESTAURANT"],
  [/\b(PARKING|PKG|TRANSPORTATION|TRANS SVCS)\b/, "TRANSPORTATION_PARKING"],
  [
    /\b(BOOKSTORE|BOOK STORE|CAMPUS STORE|STORE|GIFT SHOP)\b/,
    "GENERAL_MERCHANDISE_BOOKSTORES_AND_NEWSSTANDS",
  ],
  [/\b(ATHLETICS|TICKET OFFICE)\b/, "ENTERTAINMENT_SPORTING_EVENTS_AMUSEMENT_PARKS_AND_MUSEUMS"],
  [/\b(HOUSING|RESIDENCE HALLS?)\b/, "RENT_AND_UTILITIES_RENT"],
  // Its annual fund ("UNIV OF MICHIGAN ANNUAL F") takes gifts.
  [
    /\b(ANNUAL FUND|ANNUAL F|ANNUAL GIVING|ALUMNI FUND|GIVING|DONATIONS?|DEVELOPMENT OFFICE)\b/,
    "GOVERNMENT_AND_NON_PROFIT_DONATIONS",
  ],
];

/** What a charity sells rather than takes as a gift: its shops' goods, its classes. */
const CHARITY_SALES: [RegExp, string][] = [
  [/\b(THRIFT|FAMILY STORE|RESALE|STORES?)\b/, "GENERAL_MERCHANDISE_OTHER_GENERAL_MERCHANDISE"],
  [/\bRESTORE\b/, "HOME_IMPROVEMENT_HARDWARE"],
  [/\b(TRAINING|CLASS|CLASSES|COURSES?|CERTIFICATION|CPR)\b/, "GENERAL_SERVICES_EDUCATION"],
];

/** What a city or a county bills as a utility. */
const CITY_UTILITIES = new Set([
  "RENT_AND_UTILITIES_WATER",
  "RENT_AND_UTILITIES_GAS_AND_ELECTRICITY",
  "RENT_AND_UTILITIES_SEWAGE_AND_WASTE_MANAGEMENT",
]);

/**
 * A brokerage, a savings bank or an exchange moves money both ways: its transfer category turned
 * to the transaction's direction (TRANSFER_OUT_SAVINGS received is TRANSFER_IN_SAVINGS).
 */
function transferInDirection(category: string, isCredit: boolean, cat: Catalogue): string {
  const [from, to] = isCredit ? ["TRANSFER_OUT_", "TRANSFER_IN_"] : ["TRANSFER_IN_", "TRANSFER_OUT_"];
  if (!category.startsWith(from)) return category;
  const turned = to + category.slice(from.length);
  return cat.primaryOf.has(turned) ? turned : `${to}ACCOUNT_TRANSFER`;
}

function locationOf(found: Found) {
  const { city, state, country } = found.cleaned;
  // Money sent to a person carries no place of theirs ("ZELLE TO GARCIA LUIS ON 03/14": ON is no province).
  if (found.p2p) return { location: null, locationStructured: null };
  // A place read from the description always has its country (clean.ts: regionOf).
  if (!country) return { location: null, locationStructured: null };
  // "Oakland, CA"; abroad with the country: "Toronto, ON, CA", "London, GB".
  const raw = [city, state, country === "US" ? null : country].filter(Boolean).join(", ");
  const query = encodeURIComponent(
    [found.merchant?.name ?? found.cleaned.name, raw].filter(Boolean).join(" "),
  );
  const googleMapsUrl = `https://www.google.com/maps/search/?api=1&query=${query}`;
  const appleMapsUrl = `https://maps.apple.com/?q=${query}`;
  const store = /(?:#|\bSTORE\s+|\bSTORE#)\s*(\d{2,6})\b/i.exec(found.input.description)?.[1] ?? null;
  return {
    location: { rawAddress: raw, googleMapsUrl, appleMapsUrl },
    locationStructured: {
      address: null,
      city,
      state,
      country,
      postcode: null,
      latitude: null,
      longitude: null,
      storeNumber: store,
      googleMapsUrl,
      appleMapsUrl,
    },
  };
}

/**
 * Who a recurrence series is with: the merchant, the person, or the cleaned name, and the
 * direction; across the profile's accounts (its history carries Weft's account ids, a request its own).
 */
const seriesKeyOf = (found: Found) =>
  `${found.merchant?.id ?? found.p2p?.person ?? found.p2p?.payee ?? normalize(found.cleaned.name || found.input.description)}\n${found.isCredit ? "in" : "out"}`;

function describe(
  found: Found,
  cat: Catalogue,
  options: EngineOptions & { createdAt: string },
): Omit<EnrichedTransaction, "recurrence" | "recurrenceGroup"> {
  const { p2p, cleaned, input, isCredit } = found;
  const { detailed, isGuess } = onAccountsSide(found, detailedCategoryOf(found, cat));
  const primary = detailed ? (cat.primaryOf.get(detailed) ?? null) : null;
  // A payment seen on the card (or credit line) it pays is the holder's own money, from no one:
  // the bank it names ("CAPITAL ONE MOBILE PYMT") is the card's own issuer.
  // So is money sent through a P2P app to the holder's own account ("ZELLE TO SELF").
  const isHoldersOwn =
    (isCredit && primary === "LOAN_PAYMENTS" && PAYMENT_INTO.has(input.accountType ?? "")) ||
    (p2p?.app != null && !p2p.person && TO_SELF.test(cleaned.line));
  const merchant = isHoldersOwn ? null : found.merchant;
  const mcc = merchant?.mcc ?? input.mcc ?? null;
  const intermediaryNames = cleaned.intermediaries.filter(
    (name) => !(merchant?.website && isOwnersSite(name, merchant.website)),
  );
  if (p2p?.app && !intermediaryNames.includes(p2p.app)) intermediaryNames.push(p2p.app);

  let counterparty: EnrichedTransaction["counterparty"] = null;
  if (isHoldersOwn) {
    // No one.
  } else if (p2p?.person) {
    counterparty = unlistedParty(p2p.person, "person");
  } else if (merchant) {
    counterparty = {
      ...merchantParty(merchant, options),
      // The bank's own entry (its fee, its ATM) is the bank's, by its name: "TD Bank", not "TD".
      name:
        payoutPlatformOf(merchant) ??
        (found.bankEvent ? merchant.name : cat.brandOf.get(merchant.id)) ??
        merchant.name,
      type: "organization",
      mccs: merchant.mcc ? [merchant.mcc] : [],
    };
  } else if (p2p?.payee) {
    counterparty = unlistedParty(spellOut(p2p.payee), "organization");
  } else if (p2p?.app) {
    const app = intermediaryParty(p2p.app, cat, options);
    counterparty = { ...app, type: "organization", mccs: [] };
  } else if (found.atmBank) {
    counterparty = unlistedParty(spellOut(found.atmBank), "organization");
  } else if (!found.bankEvent && (input.merchantName || cleaned.name)) {
    // The provider's name for the merchant, when it gave one, reads better than ours from the line.
    counterparty = unlistedParty(
      input.merchantName || cleaned.name,
      "organization",
      input.mcc ? [input.mcc] : [],
    );
  }
  const name = counterparty?.name;
  const goesBetween = name ? INTERMEDIARIES[name]?.alone : undefined;
  // What a platform bills for itself ("GUSTO DES:FEE", "PAYCHEX EIB DES:INVOICE"): it is the payee alone.
  const isOwnCharge = !isCredit && OWN_CHARGE.test(` ${cleaned.achEntry ?? cleaned.line} `);
  if (
    name &&
    (goesBetween === "both ways" ||
      (goesBetween === "purchases" && !isCredit) ||
      (goesBetween === "payouts" && isCredit)) &&
    !intermediaryNames.includes(name) &&
    !cleaned.isPlatformProduct &&
    !isOwnCharge &&
    // The platform's payout under another name ("Square Deposit"), unless an app is named as the
    // way the money went ("SQUARE INC DES:CASH APP").
    (!merchant || merchant.name === name || (payoutPlatformOf(merchant) === name && !p2p?.app))
  )
    intermediaryNames.push(name);
  const intermediaries = intermediaryNames.map((n) => intermediaryParty(n, cat, options));
  const labels = [
    ...(detailed
      ? [detailed.toLowerCase().replace(`${primary?.toLowerCase()}_`, "").replace(/_/g, " ")]
      : []),
    ...(merchant?.kind && merchant.kind !== "merchant" ? [merchant.kind] : []),
    ...(p2p ? ["p2p"] : []),
  ];
  return {
    id: stableId("enr", `${input.id}\n${input.description}\n${input.amount}`),
    transactionId: input.id,
    createdAt: options.createdAt,
    merchant: merchant?.name ?? null,
    merchantId: merchant ? `mer_${merchant.id}` : null,
    logo: merchant ? `${options.logoBase}/${merchant.id}.svg` : null,
    website: merchant?.website ?? null,
    labels,
    ...locationOf(found),
    mcc: mcc ? [mcc] : [],
    person: p2p?.person ?? null,
    // Transactions of a profile, an end-user: consumer ones.
    transactionType: "consumer",
    categories: {
      general: primary,
      detailed,
      accounting: isGuess ? "not enough information" : accountingCategoryOf(detailed, primary, mcc, isCredit),
    },
    counterparty,
    intermediaries,
    error: null,
  };
}

/** A history entry: an earlier transaction of the profile, for recurrence only. */
export type HistoryEntry = { accountId: string; description: string; amount: string; date: string };

/**
 * Enrich a batch. Each transaction is described on its own (a failure is that transaction's
 * `error`, never the batch's); recurrence is judged over the batch and `history` together.
 */
export function enrichBatch(
  inputs: readonly EngineInput[],
  history: readonly HistoryEntry[],
  options: EngineOptions,
): EnrichedTransaction[] {
  const steps = enrichmentSteps(inputs, history, options);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/** Transactions (or history entries) read between two turns of the event loop. */
export const ENRICH_CHUNK = 100;

/**
 * `enrichBatch` for a request: the same answer, with the event loop given a turn every
 * ENRICH_CHUNK transactions, so a batch of thousands of long descriptions (seconds of work)
 * never holds up the requests that arrive meanwhile.
 */
export async function enrichBatchCooperatively(
  inputs: readonly EngineInput[],
  history: readonly HistoryEntry[],
  options: EngineOptions,
): Promise<EnrichedTransaction[]> {
  const steps = enrichmentSteps(inputs, history, options);
  let step = steps.next();
  while (!step.done) {
    await yieldToLoop();
    step = steps.next();
  }
  return step.value;
}

/** The batch's work, pausing (a `yield`) after each ENRICH_CHUNK transactions or history entries. */
function* enrichmentSteps(
  inputs: readonly EngineInput[],
  history: readonly HistoryEntry[],
  options: EngineOptions,
): Generator<void, EnrichedTransaction[]> {
  const cat = catalogue();
  let read = 0;
  const stamped = { ...options, createdAt: (options.now ?? new Date()).toISOString() };
  const occurrences: Occurrence[] = [];
  const described: (EnrichedTransaction | Omit<EnrichedTransaction, "recurrence" | "recurrenceGroup">)[] = [];
  for (const input of inputs) {
    if (++read % ENRICH_CHUNK === 0) yield;
    try {
      const found = find(input, cat);
      const result = describe(found, cat, stamped);
      described.push(result);
      occurrences.push({
        key: seriesKeyOf(found),
        accountId: input.accountId,
        date: input.date,
        cents: found.cents,
        isSubscription: found.merchant?.subscription === true,
        transactionId: input.id,
      });
    } catch (error) {
      described.push(failed(input, error as Error, options));
    }
  }
  for (const entry of history) {
    if (++read % ENRICH_CHUNK === 0) yield;
    try {
      const found = find({ ...entry, id: "", currencyCode: "USD" }, cat);
      occurrences.push({
        key: seriesKeyOf(found),
        accountId: entry.accountId,
        date: entry.date,
        cents: found.cents,
        isSubscription: found.merchant?.subscription === true,
      });
    } catch {
      // History that cannot be read does not count towards any series.
    }
  }
  const recurrences = judgeRecurrence(occurrences);
  return described.map((result) => {
    if ("recurrence" in result) return result;
    const judged = recurrences.get(result.transactionId);
    return { ...result, recurrence: judged?.recurrence ?? "one off", recurrenceGroup: judged?.group ?? null };
  });
}

function failed(input: EngineInput, error: Error, options: EngineOptions): EnrichedTransaction {
  return {
    id: stableId("enr", `${input.id}\nerror`),
    transactionId: input.id,
    createdAt: (options.now ?? new Date()).toISOString(),
    merchant: null,
    merchantId: null,
    logo: null,
    website: null,
    labels: [],
    location: null,
    locationStructured: null,
    mcc: [],
    person: null,
    recurrence: "one off",
    recurrenceGroup: null,
    transactionType: "unknown",
    categories: { general: null, detailed: null, accounting: "not enough information" },
    counterparty: null,
    intermediaries: [],
    error: { code: "internal_error", message: `The transaction could not be enriched: ${error.message}` },
  };
}
