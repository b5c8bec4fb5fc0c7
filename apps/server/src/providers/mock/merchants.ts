/**
 * What a sandbox statement line looks like: descriptors as card networks and ACH originators
 * print them, with processor prefixes (SQ * Square, TST* Toast, PAYPAL *, DD * DoorDash).
 * Placeholders: {n4} digits, {X8} upper-case letters and digits, {CITY} the persona's city and
 * state as card networks print it.
 */

export type PurchaseCategory =
  | "GROCERIES"
  | "COFFEE"
  | "RESTAURANTS"
  | "TRANSPORT"
  | "SHOPPING"
  | "PHARMACY"
  | "ENTERTAINMENT"
  | "TRAVEL";

export type MerchantTemplate = {
  descriptor: string;
  minDollars: number;
  maxDollars: number;
  /** Restaurants settle with the tip added: the posted amount is larger than the pending one. */
  tips?: boolean;
  /** Charged abroad: a foreign transaction fee follows on a credit card. */
  foreign?: boolean;
};

export type PurchaseCategorySpec = {
  /** Relative frequency of a card purchase falling in this category. */
  weight: number;
  /** How many of the templates one persona frequents. */
  favorites: number;
  templates: MerchantTemplate[];
};

export const PURCHASE_CATEGORIES: Record<PurchaseCategory, PurchaseCategorySpec> = {
  GROCERIES: {
    weight: 14,
    favorites: 3,
    templates: [
      { descriptor: "TRADER JOE S #{n3} QPS {CITY}", minDollars: 18, maxDollars: 140 },
      { descriptor: "SAFEWAY #{n4} {CITY}", minDollars: 12, maxDollars: 160 },
      { descriptor: "WHOLEFDS {A3} {n5}", minDollars: 15, maxDollars: 180 },
      { descriptor: "KROGER #{n3}", minDollars: 14, maxDollars: 150 },
      { descriptor: "SPROUTS FARMERS MKT #{n3}", minDollars: 10, maxDollars: 120 },
      { descriptor: "COSTCO WHSE #{n4}", minDollars: 60, maxDollars: 320 },
    ],
  },
  COFFEE: {
    weight: 10,
    favorites: 3,
    templates: [
      { descriptor: "SQ *BLUE BOTTLE COFFEE {CITY}", minDollars: 4.25, maxDollars: 11 },
      { descriptor: "STARBUCKS STORE {n5}", minDollars: 3.75, maxDollars: 12.5 },
      { descriptor: "SQ *SIGHTGLASS COFFEE", minDollars: 4, maxDollars: 10 },
      { descriptor: "SQ *RITUAL COFFEE ROASTERS", minDollars: 4, maxDollars: 9.5 },
      { descriptor: "PEETS #{n5}", minDollars: 3.5, maxDollars: 10 },
      { descriptor: "TST* DEVOCION", minDollars: 4.5, maxDollars: 11, tips: true },
    ],
  },
  RESTAURANTS: {
    weight: 12,
    favorites: 5,
    templates: [
      { descriptor: "TST* SHAKE SHACK {n4}", minDollars: 14, maxDollars: 42, tips: true },
      { descriptor: "TST* THE LITTLE CHIHUAHUA", minDollars: 12, maxDollars: 38, tips: true },
      { descriptor: "TST* ZUNI CAFE", minDollars: 45, maxDollars: 140, tips: true },
      { descriptor: "CHIPOTLE {n4}", minDollars: 11, maxDollars: 24 },
      { descriptor: "SWEETGREEN {CITY}", minDollars: 13, maxDollars: 22 },
      { descriptor: "SQ *TACOLICIOUS", minDollars: 18, maxDollars: 64, tips: true },
      { descriptor: "DD *DOORDASH {RESTAURANT}", minDollars: 22, maxDollars: 68 },
      { descriptor: "UBER *EATS", minDollars: 19, maxDollars: 61 },
      { descriptor: "SQ *NOPA", minDollars: 48, maxDollars: 160, tips: true },
    ],
  },
  TRANSPORT: {
    weight: 8,
    favorites: 3,
    templates: [
      { descriptor: "UBER *TRIP HELP.UBER.COM", minDollars: 8, maxDollars: 48 },
      { descriptor: "LYFT *RIDE {DOW} {HOUR}PM", minDollars: 7, maxDollars: 44 },
      { descriptor: "SHELL OIL {n8}", minDollars: 28, maxDollars: 72 },
      { descriptor: "CHEVRON {n7}", minDollars: 30, maxDollars: 78 },
      { descriptor: "CLIPPER SERVICE {CITY}", minDollars: 10, maxDollars: 50 },
      { descriptor: "PARKMOBILE {n6}", minDollars: 3, maxDollars: 24 },
    ],
  },
  SHOPPING: {
    weight: 8,
    favorites: 4,
    templates: [
      { descriptor: "AMZN Mktp US*{X9}", minDollars: 9, maxDollars: 120 },
      { descriptor: "AMAZON.COM*{X9}", minDollars: 12, maxDollars: 180 },
      { descriptor: "TARGET {n8}", minDollars: 14, maxDollars: 140 },
      { descriptor: "PAYPAL *EBAY INC", minDollars: 15, maxDollars: 220 },
      { descriptor: "PAYPAL *ETSY INC", minDollars: 12, maxDollars: 90 },
      { descriptor: "BEST BUY {n8}", minDollars: 19, maxDollars: 420 },
      { descriptor: "UNIQLO {CITY}", minDollars: 20, maxDollars: 130 },
      { descriptor: "IKEA {CITY}", minDollars: 25, maxDollars: 380 },
    ],
  },
  PHARMACY: {
    weight: 3,
    favorites: 1,
    templates: [
      { descriptor: "CVS/PHARMACY #{n5}", minDollars: 6, maxDollars: 62 },
      { descriptor: "WALGREENS #{n5}", minDollars: 5, maxDollars: 58 },
    ],
  },
  ENTERTAINMENT: {
    weight: 3,
    favorites: 3,
    templates: [
      { descriptor: "AMC {n4} ONLINE", minDollars: 14, maxDollars: 48 },
      { descriptor: "TICKETMASTER* EVENT", minDollars: 45, maxDollars: 240 },
      { descriptor: "STEAMGAMES.COM {n10}", minDollars: 5, maxDollars: 70 },
      { descriptor: "SQ *THE INDEPENDENT", minDollars: 20, maxDollars: 60 },
    ],
  },
  TRAVEL: {
    weight: 1,
    favorites: 4,
    templates: [
      { descriptor: "UNITED {n13}", minDollars: 140, maxDollars: 680 },
      { descriptor: "DELTA AIR {n13}", minDollars: 120, maxDollars: 640 },
      { descriptor: "AIRBNB * HM{X8}", minDollars: 180, maxDollars: 900, foreign: true },
      { descriptor: "MARRIOTT LONDON GBR", minDollars: 190, maxDollars: 720, foreign: true },
      { descriptor: "HOTEL TONIGHT {X6}", minDollars: 110, maxDollars: 340 },
    ],
  },
};

export const RESTAURANT_NAMES = ["CHIPOTLE", "PANDA EXPRESS", "SWEETGREEN", "SHAKE SHACK", "THAI EXPRESS"];

/** Monthly subscriptions: charged to the credit card on the same day every month. */
export type SubscriptionTemplate = {
  descriptor: string;
  cents: number;
  /** The price rises by this much a year after the history starts, as streaming prices do. */
  raiseCents?: number;
};

export const SUBSCRIPTIONS: SubscriptionTemplate[] = [
  { descriptor: "NETFLIX.COM", cents: 1549, raiseCents: 250 },
  { descriptor: "SPOTIFY USA", cents: 1199 },
  { descriptor: "APPLE.COM/BILL", cents: 299 },
  { descriptor: "HULU 877-8244858", cents: 1799, raiseCents: 100 },
  { descriptor: "NYTIMES*NYTIMES DIGITAL", cents: 1700 },
  { descriptor: "ADOBE *CREATIVE CLOUD", cents: 5999 },
  { descriptor: "AMAZON PRIME*{X6}", cents: 1499 },
  { descriptor: "DISNEY PLUS", cents: 1399, raiseCents: 200 },
  { descriptor: "GOOGLE *YouTubePremium", cents: 1399 },
  { descriptor: "PATREON* MEMBERSHIP", cents: 500 },
  { descriptor: "GITHUB, INC.", cents: 400 },
  { descriptor: "PLANET FITNESS CLUB FEES", cents: 2499 },
];

export const EMPLOYERS = [
  "NORTHWIND TRADERS",
  "FABRIKAM INC",
  "CONTOSO LTD",
  "INITECH LLC",
  "GLOBEX CORP",
  "TAILSPIN TOYS",
  "WINGTIP TOYS",
  "LITWARE INC",
];

/** How payroll arrives by ACH: the originator's descriptor formats. */
export const PAYROLL_FORMATS = [
  "{EMPLOYER} PAYROLL PPD ID: {n10}",
  "GUSTO PAY {n6} {EMPLOYER}",
  "ADP WAGE PAY {EMPLOYER} PPD",
  "{EMPLOYER} DIR DEP PPD ID: {n10}",
];

export const RENT_FORMATS = [
  "ZELLE PAYMENT TO {LANDLORD} RENT",
  "BILT RENT PMT {n6}",
  "AVAIL RENT PAYMENT {n8}",
  "{LANDLORD} RENT WEB PMT",
];

export const LANDLORDS = [
  "OAKWOOD PROPERTY MGMT",
  "PARKVIEW RESIDENTIAL",
  "BRIDGE ST APARTMENTS",
  "MAPLE COURT LLC",
];

export const LOAN_SERVICERS = ["NELNET", "MOHELA", "AIDVANTAGE"];

export type City = {
  city: string;
  state: string;
  /** As card networks print it. */
  printed: string;
  postalCode: string;
  street: string;
  areaCode: string;
  electric: string;
};

export const CITIES: City[] = [
  {
    city: "San Francisco",
    state: "CA",
    printed: "SAN FRANCISCO CA",
    postalCode: "94110",
    street: "Valencia St",
    areaCode: "415",
    electric: "PGANDE WEB ONLINE",
  },
  {
    city: "Oakland",
    state: "CA",
    printed: "OAKLAND CA",
    postalCode: "94612",
    street: "Telegraph Ave",
    areaCode: "510",
    electric: "PGANDE WEB ONLINE",
  },
  {
    city: "Austin",
    state: "TX",
    printed: "AUSTIN TX",
    postalCode: "78704",
    street: "S Congress Ave",
    areaCode: "512",
    electric: "AUSTIN ENERGY UTILITY",
  },
  {
    city: "Brooklyn",
    state: "NY",
    printed: "BROOKLYN NY",
    postalCode: "11211",
    street: "Bedford Ave",
    areaCode: "718",
    electric: "CON ED OF NY INTELL CK",
  },
  {
    city: "Chicago",
    state: "IL",
    printed: "CHICAGO IL",
    postalCode: "60622",
    street: "N Milwaukee Ave",
    areaCode: "312",
    electric: "COMED PAYMENT",
  },
  {
    city: "Denver",
    state: "CO",
    printed: "DENVER CO",
    postalCode: "80205",
    street: "Larimer St",
    areaCode: "303",
    electric: "XCEL ENERGY-PSCO XCELENERGY",
  },
  {
    city: "Seattle",
    state: "WA",
    printed: "SEATTLE WA",
    postalCode: "98122",
    street: "E Pike St",
    areaCode: "206",
    electric: "SEATTLE CITY LIGHT",
  },
  {
    city: "Atlanta",
    state: "GA",
    printed: "ATLANTA GA",
    postalCode: "30307",
    street: "Euclid Ave NE",
    areaCode: "404",
    electric: "GEORGIA POWER BILL PAY",
  },
];

export const FIRST_NAMES = [
  "Ada",
  "Grace",
  "Alan",
  "Katherine",
  "Mary",
  "Dorothy",
  "Edsger",
  "Barbara",
  "Frances",
  "Radia",
  "Donald",
  "Margaret",
];
export const LAST_NAMES = [
  "Lovelace",
  "Hopper",
  "Turing",
  "Johnson",
  "Jackson",
  "Vaughan",
  "Dijkstra",
  "Liskov",
  "Allen",
  "Perlman",
  "Knuth",
  "Hamilton",
];
