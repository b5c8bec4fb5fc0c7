import fs from "node:fs";
import { fileURLToPath } from "node:url";
import {
  CUISINE_WORDS,
  countryBeforeAmount,
  LEGAL_FORM_END,
  LOCAL_GOVERNMENTS,
  MOBILE_NOT_TRADE,
  NON_ASCII,
  PAY_WORDS,
  POSSESSIVE_S,
  regionOf,
  titleCase,
  tokensOf,
  US_STATES,
} from "./text.ts";

/**
 * Step 1, clean: what the bank added around the counterparty goes — card-network and POS
 * boilerplate, processor prefixes (kept as intermediaries), ACH fields, store and reference
 * numbers, phone numbers, card masks, dates — and the city, state or province, and country at the
 * end are kept apart.
 */
export type Cleaned = {
  /** The description without bank boilerplate, upper case (what merchants are matched in). */
  text: string;
  /** `text`'s tokens, as the catalogue matches them. */
  tokens: readonly string[];
  /** The counterparty's name as the description spells it, title case; "" when nothing is left. */
  name: string;
  intermediaries: string[];
  city: string | null;
  /** A US state or Canadian province, as the description abbreviates it. */
  state: string | null;
  /** ISO 3166 alpha-2, when the description ends with a place: "US", "CA", "GB". */
  country: string | null;
  /** ACH company name (PPD/CCD/WEB entries), when the format names one. */
  achCompany: string | null;
  /** ACH entry description ("PAYROLL", "DIR DEP", "TAX REF"), when the format names one. */
  achEntry: string | null;
  /** The bank's lead-in before the payee, upper case ("POINT OF SALE WITHDRAWAL ", "ACH WD "); "" when none. */
  leadIn: string;
  /** The whole description, upper case, as every step reads it (`readable`). */
  line: string;
  /** What a platform's prefix names is the platform's own product ("INSTACART*SUBSCRIPTION"). */
  isPlatformProduct: boolean;
  /** An ACH entry, in any bank's format (not a card's purchase). */
  isAch: boolean;
  /**
   * What a school's or a club's payment portal collects for, when one is the prefix before the
   * payee ("TEAMSNAP*NORTHSIDE FC"): the payee's trade, if its own name says none.
   */
  collector: string | null;
};

/** Processor and platform prefixes: the payment went through them to the merchant that follows. */
const PREFIXES: [RegExp, string][] = [
  [/^SQ ?\*\s*/, "Square"],
  [/^SQU\*\s*/, "Square"],
  [/^GOSQ\.COM\s*\*?\s*/, "Square"],
  [/^TST ?\*\s*/, "Toast"],
  [/^PAYPAL ?\*\s*/, "PayPal"],
  [/^PP ?\*\s*/, "PayPal"],
  // Purchases in Google's store (its own products lose the intermediary: engine.ts).
  [/^GOOGLE ?\*\s*/, "Google Play"],
  [/^GGL ?\*\s*/, "Google Play"],
  [/^DOORDASH ?\*\s*/, "DoorDash"],
  [/^EZCATER ?\*\s*/, "ezCater"],
  [/^DD ?\*\s*(DOORDASH\s*)?/, "DoorDash"],
  [/^UBER ?\*?\s*EATS\s*\*?\s*/, "Uber Eats"],
  [/^GRUBHUB ?\*\s*/, "Grubhub"],
  [/^(SEAMLSS|SEAMLESS) ?\*\s*/, "Seamless"],
  [/^CAVIAR ?\*\s*/, "Caviar"],
  [/^POSTMATES ?\*\s*/, "Postmates"],
  [/^CHOWNOW ?\*\s*/, "ChowNow"],
  [/^SPOTON ?\*\s*/, "SpotOn"],
  // Salons' and barbers' booking apps, which take the payment for the stylist after their star.
  [/^VAGARO ?\*\s*/, "Vagaro"],
  [/^BOOKSY ?\*\s*/, "Booksy"],
  [/^GLOSSGENIUS ?\*\s*/, "GlossGenius"],
  [/^(IC|INSTACART) ?\*\s*/, "Instacart"],
  [/^SP ?\*\s*/, "Shopify"],
  // Shopify's shorter form, with no star ("SP BLUE HERON CANDLES"); SP+ Parking is no prefix.
  [/^SP\s+(?!PLUS\b|\+|\d)(?=[A-Z])/, "Shopify"],
  [/^CKO ?\*\s*/, "Checkout.com"],
  [/^FS ?\*\s*/, "FastSpring"],
  [/^EB ?\*\s*/, "Eventbrite"],
  [/^WPY ?\*\s*/, "WePay"],
  [/^BT ?\*\s*/, "Braintree"],
  [/^2CO(\.COM)? ?\*\s*/, "2Checkout"],
  // A TV platform billing a channel's subscription ("ROKU FOR STARZ ENTERTAINM").
  [/^ROKU FOR\s+/, "Roku"],
  // A newsletter platform before the publication.
  [/^SUBSTACK ?\*\s*/, "Substack"],
  [/^DRI ?\*\s*/, "Digital River"],
  [/^PADDLE\.NET ?\*\s*/, "Paddle"],
  [/^STRIPE ?\*\s*/, "Stripe"],
  [/^(CLOVER|CLV) ?\*\s*/, "Clover"],
  [/^INSTAMED ?\*\s*/, "InstaMed"],
  // Healthcare's billing platforms and therapists' practice software, before the provider.
  [/^CEDAR ?\*\s*/, "Cedar"],
  [/^ZOTEC ?\*\s*/, "Zotec Partners"],
  [/^OPTUM ?PAY ?\*\s*/, "Optum Pay"],
  [/^(CHANGE HLTHCR|CHANGE HEALTHCARE|CHNG HLTHCR) ?\*\s*/, "Change Healthcare"],
  [/^IVYPAY ?\*\s*/, "IvyPay"],
  [/^SIMPLEPRACTICE ?\*\s*/, "SimplePractice"],
  [/^FLYWIRE ?\*\s*/, "Flywire"],
  [/^PUSHPAY ?\*\s*/, "Pushpay"],
  // Churches' and charities' giving platforms, before the congregation or the cause.
  [/^(TITHE\.?LY|TITHELY) ?\*\s*/, "Tithe.ly"],
  [/^(PLANNINGCENTER|PLANNING CENTER) ?\*\s*/, "Planning Center"],
  [/^SUBSPLASH ?\*\s*/, "Subsplash"],
  [/^GIVELIFY ?\*\s*/, "Givelify"],
  [/^VANCO ?\*\s*/, "Vanco"],
  [/^BENEVITY ?\*\s*/, "Benevity"],
  // Courts', counties' and agencies' payment processors, before the office paid.
  [/^NCOURT ?\*\s*/, "nCourt"],
  [/^GOVPAYNET ?\*\s*/, "GovPayNet"],
  [/^(POINT ?& ?PAY|POINTANDPAY) ?\*\s*/, "Point & Pay"],
  [/^ACI ?\*\s*/, "ACI Payments"],
  // Gaming operators' payment processors, before the sportsbook or the casino.
  [/^PAYNEARME ?\*\s*/, "PayNearMe"],
  [/^VIP ?PREFERRED ?\*\s*/, "Sightline Payments"],
  [/^EVERI ?\*\s*/, "Everi"],
  // Europe's card readers for small merchants, before the merchant.
  [/^SUMUP ?\*\s*/, "SumUp"],
  [/^(CASH ADVANCE )?GLOBAL PAYMENTS GAMING\s+/, "Global Payments"],
  // Bill-pay networks that take a utility's, an insurer's or a town's bill, before the biller.
  // (Also without its star: "PAYMENTUS CITY OF TEMPE AZ"; not its own ACH entry, "PAYMENTUS CORP DES:…".)
  [
    /^PAYMENTUS(?: ?\*\s*|\s+(?!(?:INC|CORP|CORPORATION|WEB|PPD|CCD|DES|ID|PMT|PAYMENT|FEE|SERVICE)\b)(?=[A-Z]{2}))/,
    "Paymentus",
  ],
  [/^KUBRA( ?EZ-?PAY)? ?\*\s*/, "Kubra"],
  [/^CHECKFREE ?(PAY)? ?\*\s*/, "CheckFreePay"],
  [/^(WU |ACI )?SPEEDPAY ?\*\s*/, "Speedpay"],
  [/^INVOICE ?CLOUD ?\*\s*/, "Invoice Cloud"],
  [/^XPRESS ?BILL ?PAY ?\*\s*/, "Xpress Bill Pay"],
  [/^DOXO( INC)? ?\*\s*/, "Doxo"],
  [/^IN ?\*\s*/, "QuickBooks"],
  [/^ETSY(\.COM)? ?(\*|- )\s*/, "Etsy"],
  // Not Apple Pay Later, Apple's own instalment loan.
  [/^APPLE ?PAY\s+(?!LATER\b)/, "Apple Pay"],
  [/^AMAZON ?PAY\s*\*?\s*/, "Amazon Pay"],
  // Pay-later at checkout: the lender pays the merchant that follows.
  [/^KLARNA ?\*\s*/, "Klarna"],
  [/^SEZZLE ?\*\s*/, "Sezzle"],
  [/^AFTERPAY ?\*\s*/, "Afterpay"],
  // A rent portal before the property it collects for ("APPFOLIO INC BRIARWOOD APARTMEN"); alone,
  // or with only its entry's words and numbers after it, it is the payee itself.
  [
    /^APPFOLIO(?: INC)?(?: RENT| PMT| PAYMENT)?(?: ?\*)?\s+(?!(?:INC|WEB|PPD|CCD|DES|ID|RENT|PMT|PAYMENT)\b)(?=[A-Z]{2})/,
    "AppFolio",
  ],
];

/**
 * Sellers' own prefixes before what they sold ("TM *MORGAN WALLEN": a Ticketmaster ticket,
 * "BKG*HOTEL AT BOOKING.C" a Booking.com stay): read as the seller's name, the payee.
 */
const SELLER_PREFIXES: [RegExp, string][] = [
  [/^TM ?\*\s*/, "TICKETMASTER"],
  [/^BKG ?\*\s*/, "BOOKING.COM"],
  [/^MSFT ?\*\s*/, "MICROSOFT"],
  [/^RIOT ?\*\s*/, "RIOT GAMES"],
  [/^GRAB ?\*\s*/, "GRABTAXI"],
  // Murphy USA's stations at Walmart, their number and place run together ("MURPHY7012ATWALMART").
  [/^MURPHY ?\d{3,5} ?AT ?WAL\w*\s*/, "MURPHY USA"],
  [/^EA ?\*\s*/, "ELECTRONIC ARTS"],
];

/**
 * Portals that take payments for schools, daycares and clubs and print the payee after their
 * star ("BRIGHTWHEEL*LITTLE SPROUTS ACAD", "SPORTSENGINE *EDINA HOCKEY ASSN"): the payee is the
 * school or the club, the portal no party to it; with the trade the payee is in.
 */
const COLLECTOR_PREFIXES: [RegExp, string][] = [
  [/^BRIGHTWHEEL ?\*\s*/, "GENERAL_SERVICES_CHILDCARE"],
  [
    /^(REVTRAK|FACTS|NELNET CAMPUS|TOUCHNET|MYSCHOOLBUCKS|SCHOOLPAY|PAYPAMS) ?\*\s*/,
    "GENERAL_SERVICES_EDUCATION",
  ],
  [
    /^(TEAMSNAP|SPORTSENGINE|LEAGUEAPPS|JERSEY WATCH|ACTIVE ?NET) ?\*\s*/,
    "GENERAL_SERVICES_OTHER_GENERAL_SERVICES",
  ],
];

/** Speedpay's name after the biller's, where a prefix would go before it. */
const BILL_PAY_AFTER = /\s*\/\s*(WU )?SPEEDPAY\b/;

/** Processors ACH lines name as their company or in their entry field, by their words. */
const ACH_PROCESSORS: [RegExp, string][] = [
  [/^TRUSTLY\b/, "Trustly"],
  [/^VIP ?PREFERRED\b/, "Sightline Payments"],
  [/^PAYNEARME\b/, "PayNearMe"],
  [/\bVANCO\b/, "Vanco"],
];

/** Platforms a purchase is paid off to later: their prefix alone is a payment to them. */
const PAY_LATER = new Set(["Klarna", "Sezzle", "Afterpay"]);

/**
 * Platforms whose entries never name the restaurant or shop: what follows their prefix is a
 * status or a place ("UBER *EATS PENDING SAN FRANCISCO CA"), never a payee.
 */
const NAMES_NO_MERCHANT = new Set(["Uber Eats"]);

/** What a platform charges for itself: its plan, its membership, its fees, its invoice. */
const OWN_CHARGE_WORDS =
  "SUBSCRIPTION|SUBSCR|MEMBERSHIP|MEMBERSHIP FEE|ANNUAL FEE|DASHPASS|PASS|SELLER FEES?|LISTING FEES?|FEES?|INVOICE|INV|BILLING|SERVICE CHARGE";
/** The first of these prefixes the text starts with: how long it is, and what it stands for. */
function prefixIn(prefixes: readonly [RegExp, string][], text: string) {
  for (const [prefix, what] of prefixes) {
    const match = prefix.exec(text);
    if (match) return { length: match[0].length, what };
  }
  return undefined;
}

/** A portal's own plan after its prefix ("TEAMSNAP* PREMIUM"), not a payee it collects for. */
const PORTALS_OWN = new RegExp(`^(PREMIUM|PRO|PLUS|ANNUAL|MONTHLY|${OWN_CHARGE_WORDS})\\b`);
/** Its own charge, named where a merchant's name would follow its prefix ("INSTACART*SUBSCRIPTION"). */
// Or what it sells itself: crypto and stocks bought in the app ("PAYPAL *CRYPTO", "CASH APP*BITCOIN").
const PLATFORM_OWN_PRODUCT = new RegExp(
  `^(${OWN_CHARGE_WORDS}|CRYPTO|CRYPTOCURRENCY|BITCOIN|BTC|STOCKS?|INVESTING)$`,
);
/** Its own charge, in a line's words ("GUSTO DES:FEE", "PAYCHEX EIB DES:INVOICE"). */
export const OWN_CHARGE = new RegExp(`\\b(${OWN_CHARGE_WORDS})\\b`);

/** What card and POS entries start with, before the merchant. */
const LEAD_NOISE = [
  /^(RECURRING )?(POS |DEBIT CARD |CHECK ?CARD |VISA |MASTERCARD |DBT |DDA |CARD )?(PURCHASE|PURCHASE RETURN|DEBIT|POS|PMT|PAYMENT|CRD)?( INTL| INTERNATIONAL)?( AUTHORIZED)?( ON)?\s*\d{1,2}\/\d{1,2}\s+/,
  // PNC's "DEBIT CARD PURCHASE XXXXX1234 …", Capital One's "Debit Card Purchase - SQ *…"
  // Fifth Third's "DEBIT CARD PURCHASE AT SKYLINE CHILI #27, CINCINNATI, OH ON 031424 FROM CARD#: …".
  /^(DEBIT CARD|CHECK ?CARD|CARD) (PURCHASE RETURN|PURCHASE|REFUND|RETURN|CREDIT)( WITH PIN)?( -| AT)?\s+(\d{1,2}\/\d{1,2}\s+)?([X*]{2,}\d{4}\s+)?/,
  // A card purchase and its date without a slash: "MOBILE PURCHASE 0412 …", "POS PURCHASE 1105 …"
  // (a phone's wallet, not a phone bill).
  /^(MOBILE |ONLINE |POS |DEBIT CARD |CHECK ?CARD |CARD |RECURRING )?PURCHASE( AUTHORIZED)?( ON)? (0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\s+/,
  // A wallet's mark before the merchant (American Express's "AplPay"): no go-between of its own.
  /^APLPAY\s+/,
  // "Direct Deposit from NORTHSTAR LOGISTICS": the payer follows.
  // "Deposit - ACH Paid From DFAS-CLEVELAND MIL PAY" too.
  /^(DIRECT DEPOSIT|DIRECT DEP|DIR DEP|ACH DEPOSIT|ACH CREDIT|DEPOSIT|(DEPOSIT - )?ACH PAID) FROM\s+/,
  // "DIRECT DEPOSIT ELI LILLY AND CO PAYROLL", "DEPOSIT - ASURION LLC PAYROLL": the payer follows;
  // so it does after DEPOSIT alone when pay's words follow ("DEPOSIT THE BOEING COMPA PAYROLL …").
  /^(DIRECT DEPOSIT|DEPOSIT -)\s+(?=[A-Z])/,
  /^DEPOSIT\s+(?=[A-Z].*\b(PAYROLL|PAYRLL|SALARY)\b)/,
  // Fifth Third's "WEB INITIATED PAYMENT AT REPUBLIC SERVICE RSI PMT 250308" and U.S. Bank's
  // "WEB AUTHORIZED PMT CITY OF MILWAUKE MUNI SVCS": an ACH debit's company follows.
  /^WEB (INITIATED PAYMENT|AUTHORIZED PMT)( AT)?\s+/,
  /^(POS |DEBIT )?(PURCHASE|WITHDRAWAL|DEBIT) (AUTHORIZED )?(ON )?/,
  /^(CHECKCARD|CHECK CARD) \d{4}\s+/,
  /^(POS|DBT|DDA|VISA|ACH|EFT|ONLINE|WEB) (DEBIT|CREDIT|PURCHASE|PMT|PAYMENT|WITHDRAWAL|DEP|DEPOSIT)( WEB| PPD| CCD)?\s+/,
  // "ACH Electronic CreditGUSTO PAY 123456" (Plaid's sandbox prints it so): the payer follows,
  // run into the entry's words or not.
  /^ACH ELECTRONIC ?(CREDIT|DEBIT)\s*/,
  /^ACH CORP (DEBIT|CREDIT)\s+/,
  // PNC's business lines: "CORPORATE ACH PEOPLES GAS BILL PAY 031324 7712003459".
  /^CORPORATE ACH( (DEPOSIT|DEBIT|CREDIT|WITHDRAWAL))?\s+/,
  // A credit union's "ACH WEB 0315 L&N FEDERAL CRED LOAN PMT": the entry's class and a number, then the company.
  /^ACH (WEB|PPD|CCD|TEL)( \d{2,6})?\s+/,
  // "ELECTRONIC DEPOSIT OPERS REF=…", "ELECTRONIC PAYMENT …": the payer or the payee follows.
  /^ELECTRONIC (DEPOSIT|PAYMENT|WITHDRAWAL|CREDIT|DEBIT)( TO| FROM)?\s+/,
  // Wells Fargo's "BUSINESS TO BUSINESS ACH DEBIT - JOHN DEERE FINANCI JDF PYMT …": the company follows.
  /^BUSINESS TO BUSINESS ACH (DEBIT|CREDIT)( -)?\s+/,
  /^POS DEBIT-? DEBIT CARD \d{4}\s+/, // a credit union's "POS Debit- Debit Card 4412 05-14-24 …"
  /^(POS DEBIT )?-?\s*VISA CHECK ?CARD \d{4} -\s*/, // "POS DEBIT - VISA CHECK CARD 5520 - GOOGLE *…"
  /^(DEBIT PURCHASE )?-VISA\s+/, // U.S. Bank's "DEBIT PURCHASE -VISA …"
  // Credit unions' and community banks' lead-ins: "ACH WD …", "ACH DEP …", "POS WD …", "DBT CRD
  // 1412 03/14/26 …", "Point of Sale Withdrawal …", "Withdrawal POS #440913 …", "Withdrawal ACH …".
  /^(ACH|POS|ATM|EFT) (WD|WDL|W\/D|DEP|DEPOSIT)\s+/,
  /^DBT CRD( \d{4})?( \d{1,2}\/\d{1,2}(\/\d{2,4})?)?\s+/,
  /^POINT OF SALE (WITHDRAWAL|DEBIT|PURCHASE)\s+/,
  /^WITHDRAWAL (POS|ACH|DEBIT CARD|DEBIT)( #?\d+)?\s+/,
  /^(POS|DBT|DDA)\s+/,
  /^PURCHASE\s+/,
  /^RECURRING (PAYMENT|PMT)\s+/,
  // "BILL PAY PAYMENT TO MAPLE RIDGE APARTMENTS": the payee follows.
  /^(ONLINE )?BILL ?PAY(MENT)?( PAYMENT)? TO\s+/,
  // An issuer's offer, credited back for a merchant ("AMEX OFFER CREDIT DELL.COM"): the merchant follows.
  /^(AMEX |AMERICAN EXPRESS |CHASE |CITI |BOA |BANK OF AMERICA )?OFFERS? CREDIT\s+/,
  // A bill paid by a paper check the bank mailed: "BILL PAY CHECK #2290 MCGUIRE HEATING OIL CO".
  /^(ONLINE )?BILL ?PAY(MENT)? CHECK\s*(#|NO\.?)?\s*\d+\s+/,
  // Wells Fargo's "BILL PAY PUGET SOUND ENERG ON-LINE xxxxx58830 ON 03-08": the payee follows.
  /^BILL PAY\s+(?=.*\b(ON-?LINE|RECURRING|MOBILE) (X+\d+|NO ACCOUNT NUMBER) ON \d)/,
  // Puerto Rico's and Quebec's banks, in Spanish and French: "COMPRA POS 0314 …" (a purchase and
  // its date), "PAGO ELECTRONICO …", "DEPOSITO DIRECTO …", "ACHAT INTERAC …", "PAIEMENT PREAUTORISE …".
  /^(COMPRA|ACHAT)( POS| TPV| PDV| CON TARJETA| TARJETA| DEBITO| DEBIT| INTERAC)?(\s+\d{4})?\s+/,
  /^(PAGO|PAIEMENT) (ELECTRONICO|AUTOMATICO|PREAUTORIZADO|EN LINEA|ELECTRONIQUE|PREAUTORISE|DIRECT)\s+/,
  /^(DEPOSITO DIRECTO|DEPOT DIRECT)( DE)?\s+/,
];

/**
 * A business account's ACH line as Truist and others print it: the company, ACH DEBIT or CREDIT,
 * the entry, perhaps a day and the company's id, then the receiver's id and name ("FERGUSON
 * ENTERPRI ACH DEBIT PAYMENT 0314 CO ID 1540452170 QUEEN CITY PLUMBIN").
 */
const COMPANY_ACH_ENTRY =
  /^(?!BUSINESS TO BUSINESS\b)(\S.*?) ACH (?:DEBIT|CREDIT) (\S.*?)(?: \d{4}| \d{6})?(?: CO ID)? \d{8,}\b/;

/**
 * ACH entries: the company is before DES: (Bank of America), after ORIG CO NAME: (Chase), after
 * CO: at the end ("Withdrawal ACH CITY OF RALEIGH TYPE: UTILITY ID: 1566000238 CO: CITY OF RALEIGH").
 */
function achCompanyOf(upper: string): string | null {
  const chase = /ORIG CO NAME:\s*(.+?)(\s+ORIG ID:|\s+CO ENTRY|\s+DESC DATE|$)/.exec(upper);
  if (chase) return chase[1]!.trim();
  const truist = COMPANY_ACH_ENTRY.exec(upper);
  if (truist) return truist[1]!;
  const typed = /\bTYPE:\s*\S.*\bCO:\s*(\S.*?)\s*$/.exec(upper);
  if (typed) return typed[1]!;
  const boa = /^(.+?)\s+DES:/.exec(upper);
  if (boa) return boa[1]!.trim();
  return null;
}

/**
 * The entry description: after DES: (Bank of America), CO ENTRY DESCR: (Chase), TYPE: (before CO:).
 * Chase's field is ten characters wide: a full one runs into the next ("ALLY PAYMTSEC:PPD").
 */
function achEntryOf(upper: string): string | null {
  const truist = COMPANY_ACH_ENTRY.exec(upper);
  if (truist) return truist[2]!;
  const entry =
    /\b(?:DES|CO ENTRY DESCR|TYPE):\s*(.+?)(?=\s+(?:ID|INDN|CO ID|CO|SEC|TRACE#?|EED|IND ID|IND NAME|ORIG ID):|SEC:|$)/.exec(
      upper,
    );
  return entry ? entry[1]!.trim() : null;
}

const ACH_TAIL =
  /\s+(PPD|CCD|WEB|TEL|CTX|POP|ARC|BOC|RCK)(\s+ID:?\s*\S*)?(\s|$).*$|\s+(CO ID|ID|INDN|DES|ORIG ID|SEC|TRACE|EED|IND ID|IND NAME|CO ENTRY DESCR|DESC DATE|ENTRY|REF|CONF|TYPE)\s*[:#].*$/;

/** What is not the counterparty, in one pass (each alternative says what it removes). */
const NOISE = new RegExp(
  [
    /\bON \d{6} FROM CARD\b#?:?/, // Fifth Third's "… ON 031424 FROM CARD#: XXXX4417"
    // Wells Fargo's bill pay: how it was sent, the account paid and the day ("ON-LINE xxxxx58830 ON 03-08").
    // (The account's mask may be gone already, as a number run into letters.)
    /\b(ON-?LINE|RECURRING|MOBILE)\s+(X+\d*\s+|NO ACCOUNT NUMBER\s+)?ON \d{1,2}-\d{1,2}\b/,
    /\bCARD\s*(X+|\*+)?\d{4}\b/, // "CARD 1234"
    /\b(X{2,}|\*{2,})[\dX*]{2,}\b/, // card and account masks
    /\bPENDING\b/,
    // A hotel's or a rental's hold and folio: what the charge is, not who ("… PRE-AUTH HOLD", "… INN FOLIO 2231").
    /\b(PRE-?AUTH(ORIZATION)?( HOLD)?|AUTH(ORIZATION)? HOLD|FOLIO)\b/,
    /\b\d{1,2}\/\d{1,2}(\/\d{2,4})?\b/, // dates
    /\b\d{1,2}-\d{1,2}-\d{2,4}\b/, // dates written with dashes
    /\b(1[-. ]?)?(\(\d{3}\)|\d{3})[-. ](\d{3}[-. ]\d{4}|\d{7})\b/, // phone numbers ("877-5851085" too)
    /#\s*\d+/, // store numbers
    /\bSTORE\s+\d+\b/,
    /\bTERM(INAL)?\s*#?\s*\d+\b/, // a credit union's terminal id ("… TERM 004417 DATE 03/10")
    /\bPOS\d{3,}\b/, // a terminal's id run into its word ("POS PURCHASE POS4417 0312 …")
    /\bDATE\s+\d{1,2}\/\d{1,2}(\/\d{2,4})?\b/,
    // A reference after REF or CONF and a mark or a space ("REF# 8812", "CONF 77A1"), or run
    // into its number ("REF12345"); not a word that starts so (REFRIGERATION, CONFECTIONS).
    /\b(REF|CONF)(\s*[#:=]\s*|\s+|(?=\d))\S+/,
    /\b(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{8,}\b/, // reference codes mixing letters and digits
    /\b\d{3,}\b/, // store, terminal and long numbers
  ]
    .map((r) => r.source)
    .join("|"),
  "g",
);

/**
 * A store's number glued between its name and its town, the state after ("H&M0185CHICAGO IL"):
 * not a reference code ("E0200XYZW"), whose letters are no town before a state.
 */
const GLUED_STORE_NUMBER = /(?<=[A-Z&'])([A-Z])(\d{3,6})([A-Z]{4,})(?= [A-Z]{2}\b)/g;

/** A store's number glued to the name before it, the town after ("H&M0293 CHICAGO IL"). */
const GLUED_NUMBER_AFTER_NAME = /(?<=(?:^|\s)[A-Z&']{2,})\d{3,5}(?= [A-Z]{2,})/g;

/** A card's city field is 13 characters wide ("SAN FRANCISCO" fills it; "WEST LAFAYETTE" is cut to it). */
const CITY_FIELD_WIDTH = 13;

/**
 * A city that fills the card's city field runs into the state after it ("SAN FRANCISCOCA",
 * "JEFFERSON CITYMO"): the state apart, when the words before it make up the field's width.
 */
function stateApart(text: string): { text: string; cityWords?: number } {
  const glued = /(?<=^|\s)([A-Z]{3,})([A-Z]{2})$/.exec(text);
  if (!glued || !US_STATES.has(glued[2]!)) return { text };
  // A trade's word, whole or cut, is no city ("ANIMAL HOSPITAL", "CLAWS VETERINAR").
  const word = glued[0].trim();
  if (NOT_CITIES.has(word) || isCutTradeWord(word)) return { text };
  const before = text.slice(0, glued.index).trim().split(" ").filter(Boolean);
  let city = glued[1]!;
  for (let k = 0; k < before.length && city.length <= CITY_FIELD_WIDTH; k++) {
    if (city.length === CITY_FIELD_WIDTH)
      return { text: `${text.slice(0, glued.index)}${glued[1]} ${glued[2]}`, cityWords: k + 1 };
    city = `${before.at(-1 - k)} ${city}`;
  }
  return { text };
}

/** A number of three or four digits that starts a name, before two words of letters. */
const LEADING_NUMBER = /^[1-9]\d{2,3}(?= [A-Z&'][A-Z&']+ [A-Z])/;

const SUPPORT_HOSTS =
  /\b[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}\b|\b[A-Z0-9-]+\.[A-Z0-9-]+\.(COM|NET|ORG)\S*|\bG\.CO\/\S*|\bGOSQ\.COM\b/g;

/**
 * A web address where the city goes, after the name ("SQ *RISE AND GRIND COFFE gosq.com NY",
 * "GRUBHUB*SZECHUANGARDEN GRUBHUB.COM NY"): the processor's or the platform's site, not the payee.
 */
const HOST_IN_CITY_FIELD =
  /(\S)\s+(?:(?:WWW\.)?[A-Z0-9-]+\.(?:COM|NET|ORG|IO|CO|US)(?:\/\S*)?|WWW\.\S+)(?=\s+[A-Z]{2,3}$)/;

const CURRENCIES =
  "EUR|EUROS?|GBP|POUNDS? STERLING|CAD|CANADIAN DOLLARS?|MXN|MEXICAN PESOS?|PESOS?|JPY|YEN|AUD|NZD|CHF|SEK|NOK|DKK|ISK|PLN|CZK|HUF|HKD|SGD|CNY|KRW|INR|BRL|ZAR|ILS|THB|TRY|AED|PHP|COP|CLP|PEN|ARS|CRC|DOP|JMD|USD";

/**
 * The amount in another currency after the place ("… MÜNCHEN DEU 8.40 EUR @ 1.0952", "… HAMBURG
 * DEU EUR 23.40"): the conversion, not the payee.
 */
const FOREIGN_AMOUNT = new RegExp(
  `\\s+(?:[\\d.,]*\\d\\s+(?:${CURRENCIES})|(?:${CURRENCIES})\\s+[\\d.,]*\\d)(?:\\s*(?:@|X|RATE:?)\\s*[\\d.,]+)?$`,
);

/** A street address before the city (Apple Card's "… 418 W MAIN ST LOUISVILLE 40202 KY USA"). */
const STREET_ADDRESS =
  /\s\d{1,6}(?:\s[NSEW])?(?:\s[A-Z0-9]+){1,3}?\s(?:ST|STREET|AVE|AVENUE|RD|ROAD|BLVD|DR|DRIVE|LN|LANE|WAY|HWY|PKWY|CT|PL|PLZ|PLAZA|CIR|TER|TRL|PIKE|BLDG)(?:\s(?:NE|NW|SE|SW))?(?=\s)/;
/** "… KY USA": the country after a state says nothing more. */
const USA_AFTER_STATE = /(?<=\s[A-Z]{2})\s+USA$/;

/** Words statements cut short, completed when a long name ends in their first letters. */
const TRUNCATED_WORDS = [
  "KITCHEN",
  "GROCERY",
  "GROCERIES",
  "PRESCHOOL",
  "EXTERIORS",
  "DECORATING",
  "RISTORANTE",
  "OSTERIA",
  "LESSONS",
  "GROOMING",
  "GOLF",
  "COTTAGES",
  "CABINS",
  "CUISINE",
  "BISTRO",
  "TRATTORIA",
  "RESTAURANT",
  "CATERING",
  "LANDSCAPING",
  "RECOVERY",
  "CREAM",
  "BAKERY",
  "BAKEHOUSE",
  "COMPANY",
  "MARKET",
  "GRILL",
  "COFFEE",
  "BREWING",
  "TAQUERIA",
  "PIZZERIA",
  "CANTINA",
  "SALON",
  "SERVICES",
  "CENTER",
  "PHARMACY",
  "FLOWERS",
  "BOUTIQUE",
  "DELICATESSEN",
  "STEAKHOUSE",
  "SEAFOOD",
  "CLEANERS",
  "AUTOMOTIVE",
  "PLUMBING",
  "ELECTRIC",
  "ROOFING",
  "DENTAL",
  "DENTISTRY",
  "VETERINARY",
  "HOSPITAL",
  "CHIROPRACTIC",
  "INTERNATIONAL",
  "SUPPLY",
  "HARDWARE",
  "FURNITURE",
  "TAVERN",
  "BARBERSHOP",
  "CREAMERY",
  "ROASTERS",
  "CHOPHOUSE",
  "SMOKEHOUSE",
  "KOREAN",
  "MEXICAN",
  "ITALIAN",
  "CHINESE",
  "JAPANESE",
  "VIETNAMESE",
  "INDIAN",
  "THAI",
  "ANTIQUES",
  "CLINIC",
  "LAUNDROMAT",
  "SCHOOL",
  "CHURCH",
  "MALL",
  "THERAPY",
  "APARTMENTS",
  "MANAGEMENT",
  "ACADEMY",
  "ASSOCIATES",
  "GALLERY",
  "STUDIO",
  "FITNESS",
  "HEATING",
  "COMMUNICATIONS",
  "UTILITIES",
  "REPAIR",
  "CONSTRUCTION",
  "PHOTOGRAPHY",
  "INSURANCE",
  "CREDIT",
  "HOUSE",
  "TIRE",
  "GROUP",
  "STAND",
  "PLLC",
  "SPORTING",
  "LOUNGE",
  "ORTHODONTICS",
  "PEDIATRICS",
  "OPTOMETRY",
  "JEWELERS",
  "PHOTOGRAPHY",
  "CONTROL",
  "CONSULTANTS",
  "GYMNASTICS",
  "CHILDCARE",
  "METHODIST",
  "PRESBYTERIAN",
  "COLLEGE",
  "CUPCAKES",
  "BOOKKEEPING",
  "ACCOUNTING",
  "CONSULTING",
  "SOLUTIONS",
  "JANITORIAL",
  "CLEANING",
  "REFRIGERATION",
  "RENTAL",
  "WHOLESALE",
  "BEVERAGE",
  "LOGISTICS",
  "FINANCIAL",
  "EQUIPMENT",
  "PRINTING",
  "LINEN",
  "MEDICINE",
  "CASINO",
  "CAMPGROUND",
  "COURSE",
  "SALOON",
  "BAKESHOP",
  "VINEYARDS",
  "HOSPITALITY",
  "CRAWFISH",
  "MAGISTRATE",
  "ALTERATIONS",
  // After MEDICINE: "FAMILY MED" is a family medicine practice.
  "MEDICAL",
  "COUNTY",
];
/** Words that end a business's name, never a city's. */
const NOT_CITIES = new Set([
  ...TRUNCATED_WORDS,
  ..."HEALTH MEDICAL CARE STORE INC LLC CO CORP GROUP HOTEL INN CAFE BAR PIZZA UNI UNIV UNIVERSITY SHOP SHOPPE CLUB GYM SPA WASH REPAIR TIRE TIRES AUTO MOTORS DENTISTRY ORTHODONTICS PEDIATRICS PAY PMT PAYMENT BILL AUTOPAY ONLINE WEB RECURRING".split(
    " ",
  ),
]);

/** Words that are whole as they are, though a longer trade's word starts with them (BAR, BARBERSHOP). */
const WHOLE_WORDS = new Set(
  // SERVICE and SOLUTION are whole in the singular too ("BLUE DESERT POOL SERVICE", not SERVICES).
  // An article or a preposition is never a word cut short ("BUSHNELL CENTER FOR THE").
  "BAR PUB DELI AUTO VET ART SPORT PHOTO BREW LAND JEWEL CREAM SEA FIT HEAT CLEAN MARK CAN FEST SERVICE SOLUTION CAMP BARBER HOSPITAL INDIA THE AND FOR".split(
    " ",
  ),
);

/** Names this long may have been cut at the statement's width. */
const TRUNCATION_LENGTH = 17;
/** An ACH entry's company name: 16 characters (NACHA's field). */
export const ACH_COMPANY_WIDTH = 16;

/** Two letters say too little, but for these words statements cut often. */
const TRUNCATED_PAIRS: Record<string, string> = {
  RE: "RESTAURANT",
  CH: "CHURCH",
  HO: "HOUSE",
  HE: "HEATING",
  LL: "LLC",
};

/** Words statements abbreviate, spelled out in the counterparty's name. */
const ABBREVIATIONS: Record<string, string> = {
  SUPERMKT: "SUPERMARKET",
  CNTY: "COUNTY",
  MGMT: "MANAGEMENT",
  MGT: "MANAGEMENT",
  GRP: "GROUP",
  APTS: "APARTMENTS",
  SVCS: "SERVICES",
  SVC: "SERVICE",
  CTR: "CENTER",
  INTL: "INTERNATIONAL",
  ASSOC: "ASSOCIATES",
  MKT: "MARKET",
  DEPT: "DEPARTMENT",
  ELEM: "ELEMENTARY",
  UNIV: "UNIVERSITY",
  UNI: "UNIVERSITY",
  HOSP: "HOSPITAL",
  RESTAUR: "RESTAURANT",
  REST: "RESTAURANT",
  HDWE: "HARDWARE",
  HDW: "HARDWARE",
  FCU: "FEDERAL CREDIT UNION",
  HOA: "HOMEOWNERS ASSOCIATION",
  ASSN: "ASSOCIATION",
  CONDO: "CONDOMINIUM",
  ELEC: "ELECTRIC",
  PLZA: "PLAZA",
  ADMIN: "ADMINISTRATION",
  MKTPL: "MARKETPLACE",
  MKTPLACE: "MARKETPLACE",
  SPRTBK: "SPORTSBOOK",
  SPRTSBK: "SPORTSBOOK",
  SPTBK: "SPORTSBOOK",
  GRAL: "GENERAL",
};

const CUISINES = new RegExp(`^(${CUISINE_WORDS})$`);

/**
 * Words cut or abbreviated that only the word before says how to complete: "COFFEE RO" is
 * Roasters, "SALON & SP" Spa, "PARKING AUTH" Authority, "ELEC COOP" Cooperative, "FARMERS MA"
 * Market. `cuts` are the abbreviations read anywhere in the name; at its end, any first letters
 * of `whole` are read too.
 */
const CUT_AFTER: { after: RegExp; whole: string; cuts?: RegExp; least?: number }[] = [
  {
    after:
      /^(PARKING|TRANSIT|HOUSING|PORT|AIRPORT|TURNPIKE|TOLL|TOLLWAY|WATER|SEWER|REDEVELOPMENT|TRANSPORTATION|UTILITIES|POWER)$/,
    whole: "AUTHORITY",
    cuts: /^AUTH$/,
  },
  {
    // "TELEPHONE CO" is a company: three letters at least ("ELEC COO").
    after: /^(ELEC|ELECTRIC|ENERGY|POWER|TELEPHONE|TEL|WATER|RURAL|FARMERS)$/,
    whole: "COOPERATIVE",
    cuts: /^CO-?OP$/,
    least: 3,
  },
  { after: /^(DRUG|BOOK|GENERAL|COUNTRY|THRIFT|DOLLAR|FEED)$/, whole: "STORE", cuts: /^(ST|STR|STOR)$/ },
  { after: /^COFFEE$/, whole: "ROASTERS" },
  // "VALLEY TRUCK & DIESEL RE", "MIKES SMALL ENGINE R": a repair shop (not a restaurant).
  {
    after:
      /^(TRUCK|DIESEL|ENGINE|APPLIANCE|CAMERA|GENERATOR|SHOE|WATCH|PHONE|COMPUTER|MOWER|GLASS|BODY|AUTO|BIKE|CYCLE)$/,
    whole: "REPAIR",
  },
  { after: /^(TRUCK|TRAVEL)$/, whole: "STOP", cuts: /^STP$/ },
  { after: /^OUTDOOR$/, whole: "POWER" },
  { after: /^REGISTERED$/, whole: "AGENT" },
  { after: /^(WHOLESALE|GARDEN|PLANT|PLANTS|TREE|TREES|NATIVE|LANDSCAPE)$/, whole: "NURSERY" },
  { after: /^(PROPERTY|PROPERTIES|ASSET|WEALTH)$/, whole: "MANAGEMENT", cuts: /^MG$/ },
  { after: /^BARBER$/, whole: "SHOP" },
  // "RIVERSIDE FARMERS MA": a farmers' market (a co-op is "FARMERS CO", above).
  {
    after: /^(FARMERS|FARMER'?S|FISH|NIGHT|PUBLIC|MEAT|HALAL|SEAFOOD|ASIAN|INTERNATIONAL|LATINO|HISPANIC)$/,
    whole: "MARKET",
    least: 2,
  },
  // "ABYSSINIA ETHIOPIAN R", "SUYA SPOT NIGERIAN G", "CHEZ MARIE HAITIAN CU": a cuisine's
  // restaurant, grill or kitchen, cut at the card's width.
  { after: CUISINES, whole: "RESTAURANT" },
  { after: CUISINES, whole: "GRILL" },
  { after: CUISINES, whole: "KITCHEN" },
  { after: CUISINES, whole: "CUISINE", least: 2 },
  { after: /^DIM$/, whole: "SUM", least: 2 },
  { after: /^(LEARNING|DAYCARE|CHILDCARE|FITNESS|MEDICAL|SENIOR)$/, whole: "CENTER" },
  { after: /^(HAIR|NAIL|NAILS|BEAUTY|DAY|TANNING)$/, whole: "SALON", least: 2 },
  // "SALT LAKE CITY SCHOOL DI", "FULTON CO SCHOOL DIST": a school district.
  {
    after: /^(SCHOOL|SCHOOLS|WATER|SANITARY|FIRE|PARK|IRRIGATION|UTILITY)$/,
    whole: "DISTRICT",
    cuts: /^DIST$/,
    least: 2,
  },
  { after: /^(SALON|NAILS?|HAIR|MASSAGE|BEAUTY) (&|AND)$/, whole: "SPA" },
  { after: /^PLUMBING (&|AND)$/, whole: "HEATING" },
  { after: /^HEATING (&|AND)$/, whole: "COOLING" },
  {
    after: /^(BLUES|JAZZ|MUSIC|FILM|FOLK|FOOD|WINE|BEER|ARTS?|BOOK|COMEDY|CULTURAL|BLUEGRASS)$/,
    whole: "FESTIVAL",
  },
  { after: /^(COMEDY|TRIVIA|KARAOKE|BINGO|GAME|DATE)$/, whole: "NIGHT", least: 2 },
  // "LUCKY DRAGON NOODLE H": a house of what it serves, cut to its first letter.
  {
    after: /^(NOODLE|PANCAKE|STEAK|CHOP|TEA|WAFFLE|COFFEE|PIZZA|OYSTER|FISH|BURGER|DUMPLING|PHO|CURRY|BBQ)$/,
    whole: "HOUSE",
  },
  { after: /^MUNICIPAL$/, whole: "UTILITIES" },
  // "GRACE COMMUNITY C" may as well be a church: two letters at least.
  { after: /^COMMUNITY$/, whole: "COLLEGE", least: 2 },
  // "SPARKLE HAND CAR WAS", "PHO SAIGON KITC": at a delivery app's or a reader's width.
  { after: /^(CAR|HAND|AUTO|TRUCK|DOG|PET)$/, whole: "WASH", least: 2 },
  {
    after:
      /^(THAI|SAIGON|INDIAN|HALAL|SOUL|CAJUN|TACO|NOODLE|RAMEN|BURGER|PIZZA|SUSHI|GRILL|CHICKEN|HOT|COUNTRY|GHOST|TEST)$/,
    whole: "KITCHEN",
    least: 2,
  },
  // "PINELLAS CTY TAX COLL": a county's tax collector, not a college.
  { after: /^(TAX|ASSESSOR)$/, whole: "COLLECTOR", cuts: /^(COLL|COLLE|COLLEC|COLLECT|COLLR|COLL?TR)$/ },
  // "GREEN THUMB LAWN C", "ASHBURY CHIMNEY SWEE", "BROTHERS MOVING & ST": a trade's own phrase, cut.
  { after: /^LAWN$/, whole: "CARE" },
  // "GREENFIELD LITTLE L", "ALAMO CITY YOUTH SOC": a children's league.
  { after: /^LITTLE$/, whole: "LEAGUE", cuts: /^(L|LG|LEA|LEAG|LEAGU)$/ },
  { after: /^YOUTH$/, whole: "SOCCER", cuts: /^(SOC|SOCC|SOCCE)$/ },
  { after: /^CHIMNEY$/, whole: "SWEEP" },
  // "HERITAGE FEDERAL CRED": a federal credit union.
  { after: /^FEDERAL$/, whole: "CREDIT UNION", cuts: /^(CR|CRED|CRE)$/ },
  // "PRIMARY HEALTH MEDICAL GR": a practice's group.
  {
    after: /^(MEDICAL|DENTAL|HEALTH|PHYSICIANS|SURGICAL|ORTHOPAEDIC|ORTHOPEDIC)$/,
    whole: "GROUP",
    cuts: /^(GR|GRO|GROU)$/,
  },
  // "CORNERSTONE PHYSICAL THE": a therapy's word cut to an article's letters.
  { after: /^(PHYSICAL|MASSAGE|SPEECH|OCCUPATIONAL)$/, whole: "THERAPY", cuts: /^(THE|THER|THERA|THERAP)$/ },
  // "HAPPY CAMPER FOOD TR", "HUCKLEBERRY WINE CL": a truck, a club.
  { after: /^FOOD$/, whole: "TRUCK", least: 2 },
  {
    after: /^(PET|PETS|FEED|FARM|RANCH|POOL|BEAUTY|ART|OFFICE|RESTAURANT|PLUMBING|ELECTRICAL)$/,
    whole: "SUPPLY",
    least: 2,
  },
  {
    after: /^(WINE|BEER|BOOK|SUPPER|YACHT|SWIM|TENNIS|GOLF|ATHLETIC|ROTARY|LIONS|KIWANIS)$/,
    whole: "CLUB",
    least: 2,
  },
  // "NEW HOPE MISSIONARY BAP": a congregation (and so a church, below).
  {
    after: /^(MISSIONARY|FIRST|SECOND|SOUTHERN|FREEWILL|PRIMITIVE|INDEPENDENT|BIBLE)$/,
    whole: "BAPTIST",
    least: 3,
  },
  // "HAMILTON CO TREAS", "KING COUNTY TREAS": a county's or a city's treasurer.
  {
    after: /^(COUNTY|CNTY|CTY|CITY|TOWN|TOWNSHIP|PARISH|BOROUGH)$/,
    whole: "TREASURER",
    cuts: /^(TREAS|TREASR|TRES|TRSR)$/,
  },
  // "TEXAS WORKFORCE C", "TEXAS LOTTERY COMM": a state's commission.
  {
    after:
      /^(WORKFORCE|LOTTERY|GAMING|RACING|UTILITIES|UTILITY|SERVICE|CORPORATION|TRADE|ELECTION|ETHICS|TAX)$/,
    whole: "COMMISSION",
    cuts: /^(COMM|COMMN|COMMSN|COMMISS)$/,
  },
  // "JEFFERSON CO LICENSE COMM": a county's license commissioner (who sells car tags).
  { after: /^LICENSE$/, whole: "COMMISSIONER", cuts: /^(COMM|COMMR|COMMISS)$/ },
  // "ZAKAT FOUNDATION OF AMER": America.
  { after: /^OF$/, whole: "AMERICA", cuts: /^(AMER|AMERI|AMERIC|AMR)$/ },
  { after: /^(MOVING|TRANSFER) (&|AND)$/, whole: "STORAGE" },
  // A school district paying its staff ("IRVINE UNIFIED SCH - PAYROLL"): its name in full.
  { after: /^UNIFIED$/, whole: "SCHOOL DISTRICT", cuts: /^(S|SC|SCH|SCHL|SCHOOL|SD|SCH DIST|SCHOOL DIST)$/ },
];

/** The whole word a cut or abbreviated one after `before` stands for ("COFFEE", "RO": ROASTERS). */
/** CUT_AFTER with the number of words each `after` reads (two where it names "SALON &"), counted once. */
const CUT_AFTER_READ = CUT_AFTER.map((rule) => ({
  ...rule,
  wordsBefore: rule.after.source.includes(" ") ? 2 : 1,
}));

/** Every rule's `after` in one expression, by the words it reads: most words are none of them. */
const anyAfter = (wordsBefore: number) =>
  new RegExp(
    CUT_AFTER_READ.filter((rule) => rule.wordsBefore === wordsBefore)
      .map((rule) => `(?:${rule.after.source})`)
      .join("|"),
  );
const ANY_AFTER_ONE = anyAfter(1);
const ANY_AFTER_TWO = anyAfter(2);

function wholeAfter(before: string[], word: string, isLast: boolean): string | undefined {
  if (
    before.length === 0 ||
    (!ANY_AFTER_ONE.test(before.at(-1)!) &&
      !(before.length >= 2 && ANY_AFTER_TWO.test(before.slice(-2).join(" "))))
  )
    return undefined;
  for (const { after, whole, cuts, least = 1, wordsBefore } of CUT_AFTER_READ) {
    if (before.length < wordsBefore || !after.test(before.slice(-wordsBefore).join(" "))) continue;
    if (cuts?.test(word)) return whole;
    const isCut = word.length >= least && word.length < whole.length && whole.startsWith(word);
    // "BEER FEST" is whole as it is.
    if (isLast && isCut && !WHOLE_WORDS.has(word)) return whole;
  }
  return undefined;
}

/** A congregation named by its denomination alone ("FIRST BAPTIST", "ST ANDREWS UNITED METHODIST"): a church. */
const DENOMINATION_END = / (BAPTIST|METHODIST|LUTHERAN|PRESBYTERIAN|EPISCOPAL|PENTECOSTAL|CATHOLIC)$/;

/**
 * What an ACH line adds after the payee's name, its purpose: "BRIGHT BEGINNINGS CHILDCA TUITION",
 * "MAPLE GLEN HOA DUES", "HERITAGE FCU LOAN", "FIRST BAPTIST CHURC (ONLINE) GIV".
 */
const PURPOSE_TAIL =
  / (TUITION|DUES|LOAN|(ONLINE )?GIV|(ONLINE )?GIVING|ONLINEGIV\w*|DONATION|DONATIONS|TITHE|TITHES|OFFERING|OFFERTORY|PREMIUM|PREM|INSTALLMENT|INSTALLMT|PROPTAX|PROP TAX|PROPERTY TAX|SETTLEMENT|SETTLEMNT|SETTLMT)$/;
/** Platforms churches take their giving through. */
const CHURCH_PLATFORMS = new Set([
  "Pushpay",
  "Tithe.ly",
  "Planning Center",
  "Subsplash",
  "Vanco",
  "Givelify",
]);
/** What is given to a church, in an ACH line's purpose. */
const GIFT_TO_A_SAINT = /GIV|TITHE|OFFER/;
/**
 * Words that say what a payee given to is, when it is not a church left unsaid: a congregation's,
 * a school's, a hospital's, a society's ("ST JUDE CHILDRENS", "GRACE COMMUNITY CH").
 */
const SAYS_WHAT_IT_IS =
  /\b(CH|CHU\w*|PARISH|CATHEDRAL|BASILICA|CHAPEL|MINISTR\w*|FELLOWSHIP|TEMPLE|MOSQUE|MASJID|SYNAGOGUE|ASSEMBLY|TABERNACLE|CONGREGATION|MISSION|OUTREACH|UMC|AME|COGIC|BAPTIST|METHODIST|LUTHERAN|PRESBYTERIAN|EPISCOPAL|PENTECOSTAL|CATHOLIC|SCHOOL|ACADEMY|HIGH|PREP|COLLEGE|UNIV\w*|HOSPITAL|HOSP|MEDICAL|HEALTH|CLINIC|CHILDREN'?S|FOUNDATION|FUND|SOCIETY|SOC|CENTER|HOME)\b/;

/** Names that may hold an abbreviation, a " - BRANCH" or a number after the legal form. */
const MAY_EXPAND = new RegExp(
  `\\b(${Object.keys(ABBREVIATIONS).join("|")})\\b| - |\\b(CO|INC|LLC|CORP)\\.? \\d{1,2}$`,
);

/**
 * A name as its words are, cut ones whole. `width`: the statement's, past which a name may have been
 * cut (an ACH company's name is one character shorter than a card's, 16).
 */
function completeTruncated(name: string, width = TRUNCATION_LENGTH): string {
  const completed = completeCut(name, width);
  return DENOMINATION_END.test(completed) ? `${completed} CHURCH` : completed;
}

/** A church's word cut short at any width ("CROSSPOINT CHU"): no other name ends so. */
const CHURCH_CUT = /^CHU(RC?)?$/;

/** Names shorter than the statement's width may still end in a long trade's word cut short ("LAKEVIEW PEDIATR"). */
const SHORT_CUT_LENGTH = 6;

function completeCut(name: string, width: number): string {
  const lastWord = name.slice(name.lastIndexOf(" ") + 1);
  // Most names are short and plain: nothing to spell out, nothing cut.
  if (
    name.length < width &&
    !MAY_EXPAND.test(name) &&
    !(name.includes(" ") && (lastWord.length >= SHORT_CUT_LENGTH || CHURCH_CUT.test(lastWord))) &&
    !(name.includes(" ") && wholeAfter(name.split(" ").slice(0, -1), lastWord, true))
  )
    return name;
  const words = name
    .split(" ")
    .map(
      (word, i, all) =>
        wholeAfter(all.slice(0, i), word, i === all.length - 1) ?? ABBREVIATIONS[word] ?? word,
    );
  if (words.join(" ").length < width) {
    // Short, only a long trade's word cut to six letters or more is completed (not a plural's S).
    const end = words.at(-1)!;
    const cutWhole =
      words.length >= 2 && CHURCH_CUT.test(end)
        ? "CHURCH"
        : words.length >= 2 && end.length >= SHORT_CUT_LENGTH
          ? TRUNCATED_WORDS.find((w) => w.length > end.length && w.startsWith(end) && w !== `${end}S`)
          : undefined;
    if (cutWhole) words[words.length - 1] = cutWhole;
  }
  // Where a name is followed by " - DOWNTOWN": the branch is not the name.
  const dash = words.indexOf("-");
  if (dash >= 2) words.splice(dash);
  // "BLUE HERON BREWING CO 8": a number after the legal form is a location's.
  if (words.length > 2 && /^\d{1,2}$/.test(words.at(-1)!) && /^(CO|INC|LLC|CORP)\.?$/.test(words.at(-2)!))
    words.pop();
  if (words.join(" ").length < width) return words.join(" ");
  // "THE WILLOWS BED & BREAKF": a phrase, not a word, says what was cut.
  const phrase = / BED (&|AND) BR[A-Z]*$/.exec(words.join(" "));
  if (phrase) return `${words.join(" ").slice(0, phrase.index)} BED ${phrase[1]} BREAKFAST`;
  const last = words.at(-1)!;
  const pair = last.length === 2 ? TRUNCATED_PAIRS[last] : undefined;
  if (pair) words[words.length - 1] = pair;
  // "HOLLOWAY PLUMBING L": a word cut to its first letter says nothing; it goes.
  if (last.length === 1 && words.length >= 3) words.pop();
  // "LA TAQUERIA DEL SOL": a word after a Spanish, French or Italian article is of that language, not cut.
  if (last.length < 3 || WHOLE_WORDS.has(last) || ROMANCE_ARTICLES.has(words.at(-2) ?? ""))
    return words.join(" ");
  const whole = TRUNCATED_WORDS.find((w) => w.length > last.length && w.startsWith(last));
  if (!whole) return words.join(" ");
  words[words.length - 1] = whole;
  return words.join(" ");
}

/** Articles and prepositions of names in Spanish, French and Italian ("DEL SOL", "DE LA MER", "DI ROMA"). */
export const ROMANCE_ARTICLES = new Set("DEL DE LA EL LOS LAS LE LES DU DES DI DELLA".split(" "));

/** A business's name as statements print it, in title case with its abbreviations spelled out. */
export const spellOut = (upperName: string): string => titleCase(completeTruncated(upperName));

/** Cheap tests that skip the prefix and lead-in loops for the many descriptions without them. */
const MAY_HAVE_PREFIX =
  /^.{0,14}\*|^(UBER|XPRESS|PAYMENTUS|GOSQ|APPLE ?PAY|AMAZON ?PAY|PADDLE|ETSY|SP |APPFOLIO|CASH ADVANCE GLOBAL|GLOBAL PAYMENTS|ROKU FOR)/;
const MAY_HAVE_LEAD =
  /^(RECURRING|WEB INITIATED|POS|DEBIT|CHECK|CHECKCARD|VISA|MASTERCARD|DBT|DDA|CARD|PURCHASE|WITHDRAWAL|ACH|EFT|ONLINE|WEB|PMT|PAYMENT|CRD|APLPAY|DIRECT|DIR|DEPOSIT|COMPRA|ACHAT|PAGO|PAIEMENT|DEPOSITO|DEPOT|MOBILE|BILL|BUSINESS TO BUSINESS|POINT OF SALE|ELECTRONIC|AMEX|AMERICAN EXPRESS|CHASE|CITI|BOA|BANK OF AMERICA|OFFERS?|CORPORATE ACH)\b/;

/** A lead-in that says the line is an ACH entry ("ACH WD …", "Withdrawal ACH …"). */
const ACH_LEAD =
  /^(ACH|EFT|WEB INITIATED|WEB AUTHORIZED|ELECTRONIC (DEPOSIT|WITHDRAWAL)|CORPORATE ACH)\b|^(WITHDRAWAL|DEPOSIT) ACH\b/;

/** Pay's words followed by numbers, and whatever comes after them. */
const PAY_AND_AFTER = new RegExp(`\\s+(${PAY_WORDS})\\s+\\d.*$`);

/**
 * Wells Fargo's ACH lines: the company and its entry, then the day (YYMMDD), the receiver's id and
 * name ("GEICO AUTO PAYMENT 240315 7731902 JOHN SMITH"): the receiver is the account holder.
 */
const DAY_ID_AND_HOLDER =
  /\s+\d\d(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\s+[A-Z0-9-]*\d[A-Z0-9-]*\s+[A-Z][A-Z ,.'&-]*$/;
/** Without the id, after an ACH lead-in ("ACH DEBIT IMMANUEL BAPTIST ONLINEGIVE 240303 ASHLEY BENNETT"). */
const DAY_AND_HOLDER =
  /\s+\d\d(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\s+[A-Z][A-Z'.-]*(,? [A-Z][A-Z'.-]*){1,2}$/;
/**
 * After an ACH lead-in, a day in any order of its digits, the receiver's id and perhaps the
 * receiver (PNC's "CORPORATE ACH ADP WAGE PAY WAGE PAY 031524 918273645X NONNA ROSAS FAMILY").
 */
const DATE_ID_AND_RECEIVER = /\s+\d{6}\s+[A-Z0-9-]*\d[A-Z0-9-]*(\s+[A-Z][A-Z ,.'&-]*)?$/;

/** Words that describe the payment, not the payee. */
const PAYMENT_WORDS = new RegExp(
  `\\b(PAYMENT|PAYMNT|PAYMT|PYMT|PMT|EFT|AUTOPAY|AUTO PAY|AUTO PYMT|ONLINE|BILL ?PAY|BILL PAYMENT|E ?PAY|EPAYMENT|WEB PMT|${MOBILE_NOT_TRADE}|RECURRING|DEBIT|PURCHASE|POS|ACH|CHECKCARD|SALE|INST XFER|TRANSFER|XFER|DIRECT DEP(?:OSIT)?|DIR DEP|DEPOSIT|WITHDRAWAL|PAYROLL|PAYRLL|SALARY|BANKING(?= (?:TRANSFER|XFER|PAYMENT|PMT)\\b))\\b`,
  "g",
);

/** Multi-word city names start with these. */
const CITY_LEADS = new Set([
  "SAN",
  "SANTA",
  "LOS",
  "LAS",
  "NEW",
  "SAINT",
  "ST",
  "FORT",
  "FT",
  "EL",
  "PALO",
  "SALT",
  "LONG",
  "KANSAS",
  "OKLAHOMA",
  "JERSEY",
  "COLORADO",
  "BATON",
  "BEVERLY",
  "CORPUS",
  "DES",
  "GRAND",
  "WEST",
  "EAST",
  "NORTH",
  "SOUTH",
  "REDWOOD",
  "DALY",
  "CULVER",
  "SIOUX",
  "CEDAR",
  "ELK",
  "GREEN",
  "HIGH",
  "IOWA",
  "JOHNSON",
  "LAKE",
  "ROCK",
  "ROUND",
  "SILVER",
  "SUGAR",
  "VIRGINIA",
  "WINSTON",
  "WALNUT",
  "ANN",
  "BOWLING",
  "CAPE",
  "CHAPEL",
  "COLLEGE",
  "COUNCIL",
  "CRYSTAL",
  "MOUNT",
  "MT",
  "OCEAN",
  "OVERLAND",
  "PALM",
  "PANAMA",
  "PORT",
  "SPRING",
  "STATE",
  "SUN",
  "THOUSAND",
  "TWIN",
  "UNION",
  "WHITE",
  "BEL",
  "CHULA",
  "COSTA",
  "DEL",
  "HUNTINGTON",
  "MENLO",
  "MISSION",
  "MORENO",
  "NEWPORT",
  "RANCHO",
  "SIMI",
  "SOUTHERN",
  "DANA",
  "LA",
  "BOCA",
  "CORAL",
  "DAYTONA",
  "FALLS",
  "POMPANO",
  "VERO",
  "BEAVER",
  "CHERRY",
  "KING",
  "BAY",
  "BATTLE",
  "BLOOMFIELD",
  "CARSON",
  "MOUNTAIN",
  "RIO",
  "PEMBROKE",
  "SHERMAN",
  "GLEN",
  "EDEN",
  "FAIR",
  "CASTLE",
  "MAPLE",
  "CHEVY",
  "OAK",
]);

/** A phone number, bare or punctuated, or a web address right before the closing state (or country). */
const CITY_FIELD_NOT_A_CITY =
  /(\b(1[-. ]?)?(\(\d{3}\)|\d{3})[-. ]?\d{3}[-. ]?\d{4}|\.(COM|NET|ORG|IO|CO|US)\S*|\bWWW\.\S+|\bG\.CO\/\S*)\s+[A-Z]{2,3}$/;

/** A word in title case, or in capitals, accented letters too ("Montréal", "MÜNCHEN"); ASCII tested first, it is cheaper. */
const isTitleWord = (word: string) =>
  /^[A-Z][a-z]+\.?$/.test(word) || (NON_ASCII.test(word) && /^\p{Lu}\p{Ll}+\.?$/u.test(word));
const isCapitalsWord = (word: string) =>
  /^[A-Z]+\.?$/.test(word) || (NON_ASCII.test(word) && /^\p{Lu}+\.?$/u.test(word));

/** Words that join a city's name abroad ("CIUDAD DE MEXICO", "PLAYA DEL CARMEN", "SAO JOSE DOS CAMPOS"). */
const CITY_JOINS = new Set(["DE", "DEL", "DA", "DO", "DOS", "DI"]);

/** Multi-word city names end with these ("CANNON BEACH", "COLORADO SPRINGS", "OVERLAND PARK"). */
const CITY_TAILS = new Set(
  "BEACH CITY SPRINGS FALLS HEIGHTS PARK VALLEY HILLS CREEK HARBOR ISLAND BLUFFS RAPIDS GROVE JUNCTION VILLAGE LAKES SHORES GARDENS WELLS ROCK OAKS MOUNTAIN".split(
    " ",
  ),
);

/** What a company makes, named before its "CO" ("TIDEWATER CANDLE CO"): no town of Colorado. */
const COMPANY_GOODS = new Set(
  "CANDLE CANDLES SOAP TEA TRADING MERCANTILE PROVISIONS GOODS CLOTHING APPAREL FARMS FARM MILLING DISTILLING CHOCOLATE CANDY PIE DONUT BAGEL COOKIE TACO BURGER JEWELRY LEATHER DENIM KNIFE TOOL LUMBER PAPER PRESS GLASS POTTERY WOODWORKS IRON STEEL MOTOR OIL ICE BOOK RECORD RECORDS TOY SEED CIDER WINE SPIRITS JUICE PASTA SPICE SAUCE HONEY JERKY BOTTLING PACKING SIGN FENCE CABINET MATTRESS TRUCKING FREIGHT DRUG SUPPLIES HAT SHIRT SURF SKATE BIKE BICYCLE OUTFITTING WARRANTY TITLE ABSTRACT REALTY LAND CATTLE CHEMICAL MANUFACTURING MFG ENGINEERING FINANCE LOAN INVESTMENT SECURITIES PAINT LIGHT TELEPHONE MORTGAGE GAS POWER CABLE MACHINE MACHINERY PARTS TRANSPORT SHIPPING PACKAGING PLASTICS METAL METALS TILE STONE MARBLE GRANITE CARPET FLOORING DOOR WINDOW GARAGE".split(
    " ",
  ),
);

/**
 * A name ending in "CO" that is a company's, not Colorado: after what the company makes or a
 * trade's word ("TIDEWATER CANDLE CO", "BLUE DOOR COFFEE CO"), or written "Co" in a description
 * set in mixed case, where a state is in capitals ("Payroll Walgreen Co").
 */
function isCompany(words: readonly string[], original: string): boolean {
  const before = words.at(-2) ?? "";
  if (COMPANY_GOODS.has(before) || NOT_CITIES.has(before)) return true;
  const originalWords = original.trim().split(/\s+/);
  const at = originalWords.map((word) => word.toUpperCase()).lastIndexOf("CO");
  return at > 0 && originalWords[at] === "Co";
}

/** "MARKE", "LANDSC": a trade's word cut short at the statement's width, not a city. */
export const isCutTradeWord = (word: string) =>
  word.length >= 3 && TRUNCATED_WORDS.some((w) => w.length > word.length && w.startsWith(word));

type Located = { rest: string; city: string | null; state: string | null; country: string | null };
const NOWHERE = { city: null, state: null, country: null };

/**
 * The city and state (or province, or country) a card entry ends with ("... Oakland CA", "...
 * TORONTO ON", "... LONDON GBR"), split off the text.
 */
function splitLocation(
  text: string,
  original: string,
  hasNoCity: boolean,
  isForeign = false,
  /** How many words the city is, when the line says (a city run into its state). */
  knownCityWords?: number,
): Located {
  const words = text.split(" ");
  const unlocated = { rest: text, ...NOWHERE };
  // Before an amount in another currency, a two-letter code is the country ("LYON FR 38.20 EUR").
  const abroad = isForeign ? countryBeforeAmount(words.at(-1) ?? "") : undefined;
  const region = abroad ? { state: null, country: abroad } : regionOf(words.at(-1) ?? "");
  if (!region) return unlocated;
  if (region.state === "CO" && isCompany(words, original)) return unlocated;
  // "LAKESHORE COMMUNITY CO": a word cut short after the one that says what it is (College), no state.
  if (words.length >= 2 && !abroad && wholeAfter(words.slice(0, -1), words.at(-1)!, true)) return unlocated;
  // Outside the US only a city, or the phone number or web address in the city's field, makes
  // the last word a place ("… TORONTO ON", "… 877-778-1161 SWE"; not "TURN ON").
  const needsCity = region.country !== "US" && !hasNoCity;
  // A state alone ("HELP.UBER.COM CA" once the host is gone) leaves no name.
  if (words.length === 1) return needsCity ? unlocated : { rest: "", city: null, ...region };
  const regionWord = words.pop()!;
  // A city's postal district abroad, between it and the country ("DUBLIN 7 IRL", "PARIS 11 FRA").
  if (region.country !== "US" && words.length > 2 && /^\d{1,2}$/.test(words.at(-1)!)) words.pop();
  // Too little left for a city as well: "NETFLIX.COM CA" is a merchant and a state.
  if (words.length < 2) return needsCity ? unlocated : { rest: words.join(" "), city: null, ...region };
  // Mixed-case descriptions set the city in title case: take those words, up to the region's
  // (the line may go on past it: "… East Boston MA Card 4821").
  const originalWords = original.trim().split(/\s+/);
  const regionAt = originalWords.map((word) => word.toUpperCase()).lastIndexOf(regionWord);
  originalWords.length = regionAt > 0 ? regionAt : originalWords.length - 1;
  let cityWords = 0;
  for (let i = originalWords.length - 1; i >= 1 && cityWords < 3; i--) {
    if (!isTitleWord(originalWords[i]!)) break;
    // "Elm City Hardware New Haven": a trade's word ends the name before the city.
    if (NOT_CITIES.has(originalWords[i]!.toUpperCase())) break;
    cityWords++;
  }
  // Title case marks the city only beside a name in capitals ("BLUE DOOR Portland"); a description
  // set in title case throughout ("Sq *Cafe Lumiere Portland OR") is read as one in capitals.
  const nameWords = originalWords.slice(0, originalWords.length - cityWords);
  if (!nameWords.some((word) => isCapitalsWord(word.replace(/^\W+|\W+$/gu, "")) && /\p{L}{2}/u.test(word)))
    cityWords = 0;
  // Set in title case, the city is written as one; in capitals, a cut trade's word may pass for one.
  const isTitleCased = cityWords > 0;
  if (cityWords === 0 && words.length >= 2) {
    cityWords = 1;
    if (words.length >= 3 && (CITY_LEADS.has(words.at(-2)!) || CITY_TAILS.has(words.at(-1)!))) cityWords = 2;
    if (
      cityWords === 2 &&
      words.length >= 4 &&
      CITY_TAILS.has(words.at(-1)!) &&
      CITY_LEADS.has(words.at(-3)!)
    )
      cityWords = 3;
  }
  // A store's number ends the name ("MUD BAY #18 OLYMPIA WA"): the city is no more than what follows it.
  const afterNumber = / #\s*\d+ ((?:\S+ )*?)\S+$/.exec(original.toUpperCase().trim());
  if (afterNumber && !isTitleCased) {
    const following = afterNumber[1]!.trim().split(" ").filter(Boolean).length;
    if (following > 0 && following < cityWords) cityWords = following;
  }
  // Abroad, a city joined by "de", "del", "da" ("CIUDAD DE MEX", "RIO DE JANEIRO") is one city.
  const isJoinedCity =
    region.country !== "US" && !isTitleCased && words.length >= 4 && CITY_JOINS.has(words.at(-2)!);
  if (isJoinedCity) cityWords = 3;
  if (hasNoCity) cityWords = 0;
  // "UNIVERSITY OF IOWA BOSTON MA": a state's name after OF is the payee's (not Iowa City's first word).
  if (
    cityWords === 2 &&
    words.at(-3) === "OF" &&
    STATE_WORDS.has(words.at(-2)!) &&
    !CITY_TAILS.has(words.at(-1)!)
  )
    cityWords = 1;
  // "CITY OF RALEIGH NC": the town after OF is the payee's name, not where it was paid.
  if (cityWords > 0 && words.at(-cityWords - 1) === "OF") cityWords = 0;
  if (cityWords >= words.length) cityWords = words.length - 1;
  // "ROSEWOOD FAMILY DENTAL ... CA": a trade's word ends the name, it is no city.
  if (
    cityWords > 0 &&
    !isJoinedCity &&
    (NOT_CITIES.has(words.at(-1)!) || (!isTitleCased && isCutTradeWord(words.at(-1)!)))
  )
    cityWords = 0;
  if (knownCityWords && !isTitleCased) cityWords = knownCityWords;
  // A city is words of letters, accented ones too ("MONTRÉAL"): "AMZN.COM/BILL" or "DOE*" are not.
  while (cityWords > 0 && !words.slice(words.length - cityWords).every(isCapitalsWord)) cityWords--;
  const city = words.splice(words.length - cityWords, cityWords).join(" ");
  if (!city && needsCity) return unlocated;
  return { rest: words.join(" "), city: city ? titleCase(city) : null, ...region };
}

/** "THE DAILY GRIND ASHEVI" before "Asheville": the cut-off city is not part of the name. */
function withoutCityEcho(name: string, city: string | null): string {
  if (!city) return name;
  const words = name.split(" ");
  const last = words.at(-1) ?? "";
  // "CITY OF SEATTLE" in Seattle keeps its town: a name's place after OF is its own.
  if (words.length > 1 && words.at(-2) === "OF") return name;
  if (words.length > 1 && last.length >= 3 && city.toUpperCase().replace(/ /g, "").startsWith(last))
    words.pop();
  return words.join(" ");
}

/**
 * What follows a town's name in its bills: the department, not the payee ("CITY OF SEATTLE MUNI
 * CRT"); nor is the town's state before it ("CITY OF MESA AZ UTIL").
 */
const TOWN_DEPARTMENT = new RegExp(
  `^((?:${LOCAL_GOVERNMENTS}) OF \\p{L}+(?: \\p{L}+)??)(?: (?:${[...US_STATES].join("|")}))? (?:MUNI\\w*|CRT|COURTS?|UTIL\\w*|WATER|SEWER|PARKING|PKG|PERMITS?|DEPT|DEPARTMENT|TAX\\w*|TREAS\\w*|FINANCE|PARKS?|REC|RECREATION|LIBRARY|POLICE|FIRE|PUBLIC|SOLID|WASTE|TRASH|BILL|BILLING|ONLINE|EPAY|SVCS?|SERVICES?|TYPE|AUTO ?PAY|WEB)\\b.*$`,
  "u",
);

const STATE_NAMES: Record<string, string> = Object.fromEntries(
  (
    "AL:ALABAMA AK:ALASKA AZ:ARIZONA AR:ARKANSAS CA:CALIFORNIA CO:COLORADO CT:CONNECTICUT DE:DELAWARE " +
    "FL:FLORIDA GA:GEORGIA HI:HAWAII ID:IDAHO IL:ILLINOIS IN:INDIANA IA:IOWA KS:KANSAS KY:KENTUCKY " +
    "LA:LOUISIANA ME:MAINE MD:MARYLAND MA:MASSACHUSETTS MI:MICHIGAN MN:MINNESOTA MS:MISSISSIPPI " +
    "MO:MISSOURI MT:MONTANA NE:NEBRASKA NV:NEVADA NH:NEW_HAMPSHIRE NJ:NEW_JERSEY NM:NEW_MEXICO " +
    "NY:NEW_YORK NC:NORTH_CAROLINA ND:NORTH_DAKOTA OH:OHIO OK:OKLAHOMA OR:OREGON PA:PENNSYLVANIA " +
    "RI:RHODE_ISLAND SC:SOUTH_CAROLINA SD:SOUTH_DAKOTA TN:TENNESSEE TX:TEXAS UT:UTAH VT:VERMONT " +
    "VA:VIRGINIA WA:WASHINGTON WV:WEST_VIRGINIA WI:WISCONSIN WY:WYOMING"
  )
    .split(" ")
    .map((pair) => {
      const [code, state] = pair.split(":") as [string, string];
      return [code, state.replace("_", " ")];
    }),
);

/** States named in one word ("IOWA", "KANSAS"). */
const STATE_WORDS = new Set(Object.values(STATE_NAMES).filter((name) => !name.includes(" ")));

/** What follows a school's name in its bills: the office that took the money ("MICHIGAN STATE UNIV DINING"). */
const SCHOOL_DEPARTMENT =
  /^(.*\b(?:UNIVERSITY|UNIV|COLLEGE)(?: OF(?: [A-Z]+){1,2}?)?) (?:DINING|FOOD SERVICES?|PARKING|PKG|TRANSPORTATION|BOOKSTORE|BOOK STORE|CAMPUS STORE|STORE|ATHLETICS|TICKET OFFICE|HOUSING|BURSAR|STUDENT ACC\w*|CASHIER\w*)\b.*$/;

/** A state's agency by its code ("GA DEPT OF REV", "CA STATE PARKS"): the state's name written out. */
const STATE_AGENCY =
  /^([A-Z]{2}) (DEPT|DEPARTMENT|DIV|DIVISION|STATE|DMV|BUREAU|OFFICE|COMPTROLLER|TREASURY|TREASURER|EMPLOYMENT|LOTTERY|TOLLWAY|TURNPIKE|JUDICIAL|COURTS?|SUPREME)\b/;

/** States' older abbreviations, which agencies still print ("NEBR DEPT REV", "OKLA TAX COMM"). */
const OLD_STATE_CODES: Record<string, string> = {
  ALA: "AL",
  ARIZ: "AZ",
  ARK: "AR",
  CALIF: "CA",
  COLO: "CO",
  CONN: "CT",
  FLA: "FL",
  ILL: "IL",
  KANS: "KS",
  MASS: "MA",
  MICH: "MI",
  MINN: "MN",
  MONT: "MT",
  NEBR: "NE",
  NEV: "NV",
  OKLA: "OK",
  OREG: "OR",
  TENN: "TN",
  WASH: "WA",
  WISC: "WI",
  WYO: "WY",
};
/** An agency after one of them: its department, its tax office, its lottery. */
const OLD_STATE_AGENCY = new RegExp(
  `^(${Object.keys(OLD_STATE_CODES).join("|")}) (DEPT|DEPARTMENT|DIV|DIVISION|DMV|BUREAU|COMPTROLLER|TREASURY|TREASURER|EMPLOYMENT|LOTTERY|TAX)\\b`,
);

/**
 * A government's name as people say it: the town (or the school) without its department, the
 * state spelled out.
 */
/** "HARRIS CO TAX", "TRAVIS CTY TAX OFFICE": a county's office, its county abbreviated. */
const COUNTY_OFFICE =
  /^([A-Z][A-Z.'-]*(?: [A-Z][A-Z.'-]*){0,2}) (?:CO|CTY|COUNT) (?=(?:TAX|TREAS\w*|ASSESSOR|CLERK|SHERIFF|COURTS?|MAGISTRAT\w*|PROBATE|JUVENILE|JP|APPRAISAL|MUD|UTIL\w*|WATER|RECORDER|PROP\w*|COLLECTOR|AUDITOR|CIRCUIT|DISTRICT|ANIMAL|LIBRARY|PARKS?|PUBLIC SCHOOLS|SCHOOLS|LICENSE|SEWER)\b)/;

/** US places (data/places.txt), by their names' first letter. */
let places: Map<string, string[]> | undefined;
function placesStarting(letter: string): readonly string[] {
  if (!places) {
    places = new Map();
    const file = fs.readFileSync(fileURLToPath(new URL("./data/places.txt", import.meta.url)), "utf8");
    for (const place of file.split("\n")) {
      if (!place || place.startsWith("#")) continue;
      const list = places.get(place[0]!) ?? [];
      list.push(place);
      places.set(place[0]!, list);
    }
  }
  return places.get(letter) ?? [];
}

/**
 * A town's name cut short after its government's words ("CITY OF CHATTANO", "TOWN OF WEST
 * HARTF"): the one US place whose name starts so, read whole; as it was when it is a place, when
 * none or several start so, or when its last word has fewer than five letters.
 */
function townWhole(name: string): string {
  const town = new RegExp(`^((?:${LOCAL_GOVERNMENTS}) OF )([A-Z][A-Z ]*[A-Z])$`).exec(name);
  const cut = town?.[2];
  // (Five letters at least: "CHAS" is Charleston's own short form, not Chaska cut.)
  if (!cut || cut.slice(cut.lastIndexOf(" ") + 1).length < 5) return name;
  const starting = placesStarting(cut[0]!).filter((place) => place.startsWith(cut));
  return starting.length === 1 && starting[0] !== cut ? `${town![1]}${starting[0]}` : name;
}

function governmentName(name: string): string {
  name = name.replace(COUNTY_OFFICE, "$1 COUNTY ");
  const town = TOWN_DEPARTMENT.exec(name) ?? SCHOOL_DEPARTMENT.exec(name);
  if (town) return townWhole(town[1]!);
  const agency = STATE_AGENCY.exec(name) ?? OLD_STATE_AGENCY.exec(name);
  const code = agency?.[1];
  const state = code ? STATE_NAMES[OLD_STATE_CODES[code] ?? code] : undefined;
  if (!state) return townWhole(name);
  // The tax paid after the agency's name is no part of it ("OKLA TAX COMM TAX PAYMNT").
  return `${state}${name.slice(code!.length)}`
    .replace(/^(\S+( \S+){2,}) TAX$/, "$1")
    .replace(/\bDEPT (OF )?REV$/, "DEPT OF REVENUE");
}

/** Words a business's name ends with, that platforms run into the words before them. */
const RUN_TOGETHER_WORDS = [
  ...TRUNCATED_WORDS,
  ..."GARDEN GARDENS PALACE EXPRESS BOOKS YOGA LAW LAWN CARE SHOP STORE PIZZA TACOS SUSHI WINGS DELI CAFE FARM FARMS BREWERY WINERY TEA STUDIOS DESIGNS CRAFTS GIFTS TOYS PETS MUSIC DANCE CLUB GAMES NAILS BEAUTY SPA SUPPLIES OUTFITTERS COSMETICS SKINCARE APPAREL CLOTHING JEWELRY CANDLES BOUTIQUE COFFEE SANDWICH SANDWICHES BURGERS".split(
    " ",
  ),
].sort((a, b) => b.length - a.length);

/** A legal form at the end of one word (not CO: TACO, COSTCO). */
const RUN_TOGETHER_LEGAL_FORM = /^([A-Z]{3,})(INC|LLC|CORP|LTD)$/;

/**
 * "SZECHUANGARDEN", "MAHARAJAINDIANCUI", "SUNRISEYOGA": one long word after a platform's prefix,
 * split where a business's word ends it (the last may be cut: CUI, CUISINE), right to left.
 */
/** A town's own words run into its name ("CITYOFPORTSMOUTH"). */
const TOWN_RUN_TOGETHER = new RegExp(`^(${LOCAL_GOVERNMENTS})OF([A-Z]{3,})$`);

function runTogetherApart(name: string): string {
  // "NEWEGGINC": a legal form run into the name is a word of its own (Newegg Inc).
  const legal = RUN_TOGETHER_LEGAL_FORM.exec(name);
  if (legal) return `${runTogetherApart(legal[1]!)} ${legal[2]}`;
  // "CITYOFPORTSMOUTH": a town's own words run into its name (City of Portsmouth).
  const town = TOWN_RUN_TOGETHER.exec(name);
  if (town) return `${town[1]} OF ${runTogetherApart(town[2]!)}`;
  if (name.length < 9 || !/^[A-Z]+$/.test(name)) return name;
  const endsInWord = (text: string) =>
    RUN_TOGETHER_WORDS.find((w) => text.endsWith(w) && text.length - w.length >= 3);
  const words: string[] = [];
  let rest = name;
  // A trade's word cut at the end ("…INDIANCUI": CUISINE) counts when a whole word comes before it.
  for (let n = 6; n >= 3 && !endsInWord(rest); n--) {
    const piece = rest.slice(-n);
    const whole = WHOLE_WORDS.has(piece)
      ? undefined
      : TRUNCATED_WORDS.find((w) => w.length > n && w.startsWith(piece));
    if (whole && endsInWord(rest.slice(0, -n))) {
      words.push(whole);
      rest = rest.slice(0, -n);
    }
  }
  for (let word = endsInWord(rest); word; word = endsInWord(rest)) {
    words.unshift(word);
    rest = rest.slice(0, -word.length);
  }
  return words.length > 0 ? [rest, ...words].join(" ") : name;
}

/** A word written in camel case, each part three letters or more at its start ("LunaKnitStudio"). */
const CAMEL_CASE = /\b[A-Z][a-z]{2,}(?:[A-Z][a-z]+)+\b/g;

/** "ETSY.COM - LunaKnitStudio": a name the description writes in camel case, its words apart. */
function camelWordsApart(upperName: string, original: string): string {
  let name = upperName;
  for (const word of original.match(CAMEL_CASE) ?? []) {
    const apart = word.replace(/([a-z])([A-Z])/g, "$1 $2").toUpperCase();
    name = name.replace(new RegExp(`\\b${word.toUpperCase()}\\b`), apart);
  }
  return name;
}

/**
 * A description with its spaces made single and what was run together apart: a product into an
 * account number after a platform's star ("GOOGLE *ADS4382910573"), an entry's words into the
 * receiver's id (U.S. Bank's "… 9111111103PAYROLL"). What every step reads.
 */
export const readable = (description: string): string =>
  description
    .replace(/\s+/g, " ")
    .trim()
    .replace(/(\*\s*\p{L}{2,})(\d{6,})\b/u, "$1 $2")
    .replace(/\b(\d{8,})(\p{Lu}{4,})\b/gu, "$1 $2");

export function clean(description: string): Cleaned {
  const intermediaries: string[] = [];
  let original = readable(description);
  let upper = original.toUpperCase();
  const line = upper;
  let isForeign = false;
  // What the card network adds after the place: an amount in another currency, a street, "USA".
  for (const added of [FOREIGN_AMOUNT, USA_AFTER_STATE, STREET_ADDRESS]) {
    if (added === USA_AFTER_STATE && !upper.endsWith(" USA")) continue;
    const match = added.exec(upper);
    if (!match) continue;
    // Dollars (US or Canadian) leave the place as it is: "QC" stays Quebec's.
    if (added === FOREIGN_AMOUNT) isForeign = !/\b(USD|CAD|CANADIAN DOLLARS?)\b/.test(match[0]);
    upper = upper.slice(0, match.index) + upper.slice(match.index + match[0].length);
    original = original.slice(0, match.index) + original.slice(match.index + match[0].length);
  }
  let leadIn = "";
  for (const lead of MAY_HAVE_LEAD.test(upper) ? LEAD_NOISE : []) {
    const match = lead.exec(upper);
    if (match) {
      leadIn += match[0];
      upper = upper.slice(match[0].length);
      original = original.slice(match[0].length);
    }
  }
  for (let round = 0; round < 2 && MAY_HAVE_PREFIX.test(upper); round++) {
    for (const [prefix, name] of PREFIXES) {
      const match = prefix.exec(upper);
      if (!match) continue;
      if (!intermediaries.includes(name)) intermediaries.push(name);
      upper = upper.slice(match[0].length);
      original = original.slice(match[0].length);
    }
  }
  // A bill-pay network named after the biller ("CENTURYLINK/SPEEDPAY 800-244-1111 LA") goes between too.
  const billedThrough = BILL_PAY_AFTER.exec(upper);
  if (billedThrough && billedThrough.index > 0) {
    if (!intermediaries.includes("Speedpay")) intermediaries.push("Speedpay");
    const end = billedThrough.index + billedThrough[0].length;
    upper = `${upper.slice(0, billedThrough.index)} ${upper.slice(end)}`;
    original = `${original.slice(0, billedThrough.index)} ${original.slice(end)}`;
  }
  // As the processors' prefixes above, a prefix read is cut from both texts by its length.
  const seller = intermediaries.length === 0 ? prefixIn(SELLER_PREFIXES, upper) : undefined;
  if (seller) {
    upper = `${seller.what} ${upper.slice(seller.length)}`;
    original = `${seller.what} ${original.slice(seller.length)}`;
  }
  // Not its own plan after its prefix ("TEAMSNAP* PREMIUM"): that is the portal's sale.
  const portal = prefixIn(COLLECTOR_PREFIXES, upper);
  const collects = portal && !PORTALS_OWN.test(upper.slice(portal.length)) ? portal : undefined;
  if (collects) {
    upper = upper.slice(collects.length);
    original = original.slice(collects.length);
  }
  // An unnamed facilitator's prefix ("PY *HILLCREST PHO"): the payee follows it.
  const unnamed = intermediaries.length === 0 ? /^[A-Z]{2,3} ?\*\s*(?=[A-Z])/.exec(upper) : null;
  if (unnamed) {
    upper = upper.slice(unnamed[0].length);
    original = original.slice(unnamed[0].length);
  }
  const achCompany = achCompanyOf(upper);
  const achEntry = achCompany ? achEntryOf(upper) : null;
  // A processor named as an ACH entry's company or in its entry field ("TRUSTLY DES:FANDUEL",
  // "ST PATRICK CHURCH DES:VANCO EFT"): the money went through it to the payee named.
  const processor = ACH_PROCESSORS.find(
    ([words]) => words.test(achCompany ?? "") || words.test(achEntry ?? ""),
  )?.[1];
  // "UNIV OF MINNESOTA PAYROLL 240515 000012345 LOPEZ MARIA": what follows the pay's words and
  // numbers is the employee (the account holder), not the payer.
  const holderAfter = achCompany
    ? null
    : (DAY_ID_AND_HOLDER.exec(upper) ??
      (ACH_LEAD.test(leadIn) ? (DAY_AND_HOLDER.exec(upper) ?? DATE_ID_AND_RECEIVER.exec(upper)) : null));
  let text = (achCompany ?? (holderAfter ? upper.slice(0, holderAfter.index) : upper))
    .replace(ACH_TAIL, "")
    .replace(PAY_AND_AFTER, "");
  // Support hosts and addresses ("HELP.UBER.COM", "G.CO/HELPPAY", "CC@GOOGLE.COM") say nothing of
  // the payee; a brand's own domain does.
  // Online merchants put a phone number or a web address where the city goes ("… 800-555-0101 CA").
  // (Bank of America's card lines end with a 23-digit reference after the state.)
  const hasNoCity = CITY_FIELD_NOT_A_CITY.test(text.replace(/\s+\d{10,}$/, ""));
  if (hasNoCity) text = text.replace(HOST_IN_CITY_FIELD, "$1");
  // "SKYLINE CHILI, CINCINNATI, OH": commas between the name, the city and the state part them as spaces do.
  // "H&M0185CHICAGO IL": a store's number glued between its name and its town.
  // A name that starts with a number ("5280 BURGER BAR", "1000 DEGREES PIZZA") keeps it: a store's
  // or a terminal's number follows the name.
  // (Right after a bank's lead-in, a number is the terminal's: "POS PURCHASE 5521 TONYS PIZZERIA".)
  const ownNumber = leadIn === "" || intermediaries.length > 0 ? (LEADING_NUMBER.exec(text)?.[0] ?? "") : "";
  text = (
    ownNumber +
    text
      .slice(ownNumber.length)
      .replace(GLUED_STORE_NUMBER, "$1 $2 $3")
      .replace(GLUED_NUMBER_AFTER_NAME, " ")
      .replace(SUPPORT_HOSTS, " ")
      .replace(NOISE, " ")
  )
    .replace(/,(?=\s|$)/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  // An ACH entry names no place ("ACH WD NW IOWA TELEPHONE CO" is no Colorado town).
  const isAchLead = ACH_LEAD.test(leadIn);
  // (In capitals, as card networks print the field; a name in mixed case was cleaned by someone.)
  const apart = achCompany || isAchLead || /\p{Ll}/u.test(original) ? { text } : stateApart(text);
  text = apart.text;
  const located =
    achCompany || isAchLead
      ? { rest: text, ...NOWHERE }
      : splitLocation(text, original, hasNoCity, isForeign, apart.cityWords);
  const isAch = achCompany !== null || holderAfter !== null || isAchLead || ACH_TAIL.test(upper);
  let name = located.rest
    .replace(LEGAL_FORM_END, "")
    // (An ACH company's S at its field's end is a word cut there: "TUCSON UNIFIED S PAYROLL".)
    .replace(POSSESSIVE_S, (whole, word: string, at: number) =>
      isAch && at + whole.length === ACH_COMPANY_WIDTH ? whole : `${word}'S`,
    )
    .replace(PAYMENT_WORDS, " ")
    .replace(/\*/g, " ")
    .replace(/\b[A-Z0-9-]+\.[A-Z0-9-]+\.(COM|NET|ORG)\S*/g, " ")
    .replace(/\.(COM|NET|ORG|IO|CO)\b(\/\S*)?/g, "")
    .replace(/[^\p{L}\p{N}&'.\- ]/gu, " ")
    .replace(/\s+/g, " ")
    .replace(/^[\s\-.]+|[\s\-.]+$/g, "")
    .trim();
  // "STAR TRIBUNE SUBSCRIPTION", "USO DONATION": what was paid for after a name.
  name = name.replace(/(?<=\S) (SUBSCR\w*|DONATION|MEMBERSHIP)$/, "");
  // "BARTELL DRUGS 42": a store's number after a name of two words or more (FOREVER 21, MOTEL 6
  // keep theirs); so is a professional corporation's "PC" (SUMMIT PEDIATRICS PC), and the street
  // a branch is on ("GUERO CANELO 22ND ST").
  const tail = / (PC|P C|\d{1,2}|\d{1,3}(ST|ND|RD|TH)( (ST|AVE|RD|BLVD|DR))?)$/.exec(name);
  if (tail && name.lastIndexOf(" ", tail.index - 1) > 0) name = name.slice(0, tail.index);
  // An ACH line's purpose after a name of two words or more ("MAPLE GLEN HOA DUES") is no part of it.
  const purpose = isAch ? PURPOSE_TAIL.exec(name) : null;
  if (purpose && name.lastIndexOf(" ", purpose.index - 1) > 0) {
    name = name.slice(0, purpose.index);
    // A saint given to ("ST THOMAS MORE OFFERTORY", "ST LUKE ONLINE GIVING"): the saint's church.
    // So are a Christian congregation given to, its word cut ("SOUTHEAST CHRISTIA ONLINE GIVING"),
    // and whoever is tithed to.
    if (
      GIFT_TO_A_SAINT.test(purpose[0]) &&
      !SAYS_WHAT_IT_IS.test(name) &&
      (/^(ST|SAINT) /.test(name) || / CHRISTIA\w*$/.test(name) || /TITHE/.test(purpose[0]))
    )
      name = `${name.replace(/ CHRISTIA\w*$/, " CHRISTIAN")} CHURCH`;
  }
  // "TESCO STORES", "ROSS STORES": the company's word for its shops; "UCHEALTH PATIENT PAYMENT":
  // a provider's word for who pays it.
  name = name.replace(/(?<=\S) (STORES|PATIENT)$/, "");
  // "TOYOTA OF IRVING SVC DEPT": a dealer's service or parts desk is the dealer's.
  name = name.replace(/(?<=\S) (SVC|SERVICE|PARTS) (DEPT|DEPARTMENT)$/, "");
  // "BACKBLAZE INC": a company's legal form is no part of the name people know it by (again, once
  // what followed it is gone: "ACME INC 12").
  name = name.replace(LEGAL_FORM_END, "");
  name = governmentName(name);
  // A name run together: in camel case ("LunaKnitStudio"), or after a platform's prefix in
  // capitals ("GRUBHUB*SZECHUANGARDEN"): its words apart.
  name = camelWordsApart(name, original);
  if (intermediaries.length > 0 || unnamed) name = runTogetherApart(name);
  if (NAMES_NO_MERCHANT.has(intermediaries.at(-1) ?? "")) name = "";
  // The platform's own product after its prefix ("INSTACART*SUBSCRIPTION", "DD *DOORDASH
  // DASHPASS"): the platform is the payee, no go-between.
  // So is a pay-later's prefix with nothing after it but the payment's words ("KLARNA* PAYMENT"):
  // the instalment paid to it.
  // So is the platform named again after its own prefix ("KLARNA*KLARNA").
  const platform = intermediaries.at(-1);
  const isPlatformProduct =
    platform !== undefined &&
    (PLATFORM_OWN_PRODUCT.test(name) ||
      name === platform.toUpperCase() ||
      (name === "" && PAY_LATER.has(platform)));
  if (isPlatformProduct) intermediaries.pop();
  let payeeName = completeTruncated(
    withoutCityEcho(name, located.city),
    isAch ? ACH_COMPANY_WIDTH : TRUNCATION_LENGTH,
  );
  // A church's giving platform's payee is a church, when its name does not say what else it is
  // ("PUSHPAY *GRACE COMMUNITY": Grace Community Church).
  if (
    CHURCH_PLATFORMS.has(intermediaries.at(-1) ?? "") &&
    payeeName.includes(" ") &&
    !SAYS_WHAT_IT_IS.test(payeeName)
  )
    payeeName = `${payeeName} CHURCH`;
  // (A processor that is the ACH line's company is its name too: the payee is in the entry.)
  if (processor && !intermediaries.includes(processor)) intermediaries.push(processor);
  return {
    text: located.rest,
    tokens: tokensOf(located.rest),
    name: titleCase(payeeName),
    intermediaries,
    city: located.city,
    state: located.state,
    country: located.country,
    achCompany,
    achEntry,
    isPlatformProduct,
    isAch,
    leadIn,
    line,
    collector: collects?.what ?? null,
  };
}
