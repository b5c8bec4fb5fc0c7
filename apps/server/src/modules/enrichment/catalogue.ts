import { createHash } from "node:crypto";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { tokensOf } from "./text.ts";

/**
 * The engine's knowledge, as data (data/*.json): Plaid's personal-finance categories, the MCC
 * list, and the merchant catalogue. Loaded once, on first use, never at start-up.
 */
export type MerchantKind =
  | "merchant"
  | "biller"
  | "lender"
  | "payroll"
  | "p2p"
  | "government"
  | "bank"
  | "charity";

export type Merchant = {
  id: string;
  name: string;
  website: string | null;
  mcc: number | null;
  /** A Plaid personal-finance detailed category. */
  category: string;
  patterns: string[];
  kind: MerchantKind;
  /** A consumer service billed on a plan: a recurring charge from it is a subscription. */
  subscription: boolean;
};

type CategoriesFile = { primary: { id: string; detailed: { id: string; description: string }[] }[] };
type MccFile = { codes: { mcc: number; description: string; category: string | null }[] };
type MerchantsFile = { merchants: Merchant[] };

export type Catalogue = {
  /** Changes whenever the data or the rules do: stored enrichments of another version are redone. */
  version: string;
  merchants: Map<string, Merchant>;
  byName: Map<string, Merchant>;
  /** The organisation behind a merchant: "Verizon" for "Verizon Wireless" and "Verizon Fios". */
  brandOf: Map<string, string>;
  /** Detailed category -> its primary. */
  primaryOf: Map<string, string>;
  mcc: Map<number, { description: string; category: string | null }>;
  /**
   * The merchant named in these tokens: earliest, then longest pattern; `accepts` may pass over
   * a match by where it starts, how many tokens it spans and whose it is (then the search goes on).
   */
  match(
    tokens: readonly string[],
    accepts?: (start: number, length: number, merchant: Merchant) => boolean,
    cut?: CutRule,
  ): Merchant | null;
  /**
   * The merchant whose name these tokens are, whole ("Amazon", "Shell": an aggregator's cleaned
   * name, where a pattern needs more words to be sure); none when two merchants share the name.
   */
  named(tokens: readonly string[]): Merchant | null;
  /**
   * The merchant whose pattern of several words this one word is, run together ("JIMMYJOHNS"),
   * or the start of it, cut short ("PANDAEXPRE"), when it starts no other merchant's.
   */
  joined(word: string): Merchant | null;
  /**
   * The one merchant a pattern of which these tokens start, its last word cut to as little as a
   * letter ("PIEDMONT NATURAL": Piedmont Natural Gas): a name cut at a field's width, read whole.
   * None when several merchants' patterns start so.
   */
  completing(
    tokens: readonly string[],
    accepts?: (pattern: readonly string[], merchant: Merchant) => boolean,
  ): Merchant | null;
  /** The airline whose carrier code starts a 13-digit ticket number among these tokens. */
  ticketed(tokens: readonly string[]): Merchant | null;
};

/**
 * The engine's rules: a change to them, like one to the data, is a new version, so what was
 * stored under the old rules is enriched again (a city or a name read better reaches stored rows).
 */
const RULES = [
  "catalogue.ts",
  "categorize.ts",
  "clean.ts",
  "engine.ts",
  "people.ts",
  "recurrence.ts",
  "text.ts",
];

const dataFile = (name: string) => fileURLToPath(new URL(`./data/${name}`, import.meta.url));
const readJson = <T>(name: string): T => JSON.parse(fs.readFileSync(dataFile(name), "utf8")) as T;

type Entry = { tokens: string[]; merchant: Merchant };

/**
 * How few letters of a pattern's word may end the tokens, cut short, after how many of its words
 * matched whole. A name at a statement's width: five letters after one word, three after two or
 * more ("FRONTIER COMMUNICATIO", "NOODLES & COM"); where the tokens are known to be a field cut at
 * its width (an ACH company name's 16 characters), fewer.
 */
export type CutRule = { afterOne: number; afterMore: number };
const NAME_CUT: CutRule = { afterOne: 5, afterMore: 3 };

/** A pattern token that matches any number ("#"), or a ticket number with a carrier's code ("#016"). */
const NUMBER = "#";
const isNumberFor = (token: string, patternToken: string) =>
  /^\d+$/.test(token) &&
  (patternToken.length === 1 || (token.length === 13 && token.startsWith(patternToken.slice(1))));

function buildMatcher(merchants: Iterable<Merchant>) {
  const byFirstToken = new Map<string, Entry[]>();
  for (const merchant of merchants) {
    for (const pattern of merchant.patterns) {
      // "BP #": the brand followed by a number (a station's), where the brand alone says too little;
      // "UNITED 016#": followed by a ticket number with the airline's code (13 digits, 016…).
      const numbered = / (\d*)#$/.exec(pattern);
      const tokens = tokensOf(numbered ? pattern.slice(0, numbered.index) : pattern);
      if (numbered) tokens.push(NUMBER + numbered[1]);
      if (tokens.length === 0) continue;
      const list = byFirstToken.get(tokens[0]!) ?? [];
      list.push({ tokens, merchant });
      byFirstToken.set(tokens[0]!, list);
    }
  }
  for (const list of byFirstToken.values()) list.sort((a, b) => b.tokens.length - a.tokens.length);
  const completing = (
    tokens: readonly string[],
    accepts?: (pattern: readonly string[], merchant: Merchant) => boolean,
  ): Merchant | null => {
    let found: Merchant | null = null;
    for (const { tokens: pattern, merchant } of byFirstToken.get(tokens[0] ?? "") ?? []) {
      if (pattern.length <= tokens.length || (accepts && !accepts(pattern, merchant))) continue;
      const starts = tokens.every((token, j) =>
        j < tokens.length - 1 ? token === pattern[j] : pattern[j]!.startsWith(token),
      );
      if (!starts) continue;
      if (found && found !== merchant) return null;
      found = merchant;
    }
    return found;
  };
  // A name's last word cut at the statement's width still matches its pattern (CutRule).
  const isCut = (token: string, patternToken: string, isLast: boolean, wordsBefore: number, cut: CutRule) =>
    isLast &&
    token.length >= (wordsBefore >= 2 ? cut.afterMore : cut.afterOne) &&
    patternToken.length > token.length &&
    patternToken.startsWith(token);
  const match = (
    tokens: readonly string[],
    accepts?: (start: number, length: number, merchant: Merchant) => boolean,
    cut: CutRule = NAME_CUT,
  ): Merchant | null => {
    for (let i = 0; i < tokens.length; i++) {
      const candidates = byFirstToken.get(tokens[i]!);
      if (!candidates) continue;
      for (const { tokens: pattern, merchant } of candidates) {
        if (i + pattern.length > tokens.length) continue;
        let isMatch = true;
        for (let j = 1; j < pattern.length; j++) {
          const token = tokens[i + j]!;
          if (
            token !== pattern[j] &&
            !(pattern[j]!.startsWith(NUMBER) && isNumberFor(token, pattern[j]!)) &&
            !isCut(token, pattern[j]!, i + j === tokens.length - 1, j, cut)
          ) {
            isMatch = false;
            break;
          }
        }
        if (isMatch && (!accepts || accepts(i, pattern.length, merchant))) return merchant;
      }
    }
    return null;
  };
  return { match, completing };
}

/**
 * Merchants that share a website and their first word belong to one organisation, named by the
 * words their names start with in common ("Chase Card Services", "Chase Auto" -> "Chase"; "IRS
 * Tax Payment", "IRS Tax Refund" -> "IRS"); a merchant alone is its own.
 */
const DANGLING_WORDS = new Set([
  "credit",
  "tax",
  "federal",
  "state",
  "dept",
  "department",
  "of",
  "the",
  "new",
  "and",
  "&",
]);

/** Words that join others: never the end of a name. */
const CONNECTORS = new Set(["of", "the", "new", "and", "&"]);

function brandsOf(merchants: Iterable<Merchant>): Map<string, string> {
  const groups = new Map<string, Merchant[]>();
  // Agencies of one state share its website without being one organisation; a P2P app is a
  // service of its own that people name as such (Apple Cash, Google Pay: not "Apple", "Google").
  for (const m of merchants) {
    if (!m.website || m.kind === "government" || m.kind === "p2p") continue;
    const key = `${m.website} ${m.name.split(" ")[0]}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  // A shop's card or loan is a bank's product under the shop's name, named as such (Apple Card,
  // Target RedCard: not "Apple", "Target"); a lender named by the shop's word alone (Carvana) is
  // the shop's own, and a bank's services stay the bank's ("Chase").
  const isShopsCard = (m: Merchant) => m.kind === "lender" && m.name.includes(" ");
  for (const [key, group] of [...groups]) {
    if (!group.some((m) => m.kind === "merchant") || !group.some(isShopsCard)) continue;
    const cards = group.filter(isShopsCard);
    groups.set(
      key,
      group.filter((m) => !cards.includes(m)),
    );
    groups.set(`${key} card`, cards);
  }
  const brands = new Map<string, string>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const names = group.map((m) => m.name.split(" "));
    const common: string[] = [];
    for (let i = 0; names.every((n) => n[i] !== undefined && n[i] === names[0]![i]); i++)
      common.push(names[0]![i]!);
    // Half a name is no name: "Navy Federal Credit" is Navy Federal's (one such word goes, not
    // "Federal" after it; "of", "the", "and" go as long as they end it).
    let dropped = 0;
    while (common.length > 1 && DANGLING_WORDS.has(common.at(-1)!.toLowerCase())) {
      const isConnector = CONNECTORS.has(common.at(-1)!.toLowerCase());
      if (!isConnector && dropped++ > 0) break;
      common.pop();
    }
    if (DANGLING_WORDS.has(common[0]!.toLowerCase())) continue;
    for (const m of group) brands.set(m.id, common.join(" "));
  }
  return brands;
}

/** Patterns of several words, written as one: a key at least this long says enough. */
const JOINED_LEAST = 8;
/** A word run together and cut short names a merchant from this many letters. */
const JOINED_CUT_LEAST = 9;

function joinedBy(merchants: Iterable<Merchant>) {
  const byJoined = new Map<string, Merchant | null>();
  for (const m of merchants) {
    for (const pattern of m.patterns) {
      const tokens = tokensOf(pattern);
      if (tokens.length < 2 || !tokens.every((t) => /^[A-Z]+$/.test(t))) continue;
      const key = tokens.join("");
      if (key.length < JOINED_LEAST) continue;
      // Two merchants written the same way run together: neither.
      const known = byJoined.get(key);
      byJoined.set(key, known === undefined || known === m ? m : null);
    }
  }
  // "DD *DOORDASH PANDAEXPRE": the word cut at the statement's width, the start of one merchant's
  // pattern run together and of no other's.
  const keys = [...byJoined.keys()].sort();
  const cut = (word: string): Merchant | null => {
    if (word.length < JOINED_CUT_LEAST) return null;
    let low = 0;
    let high = keys.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (keys[mid]! < word) low = mid + 1;
      else high = mid;
    }
    let found: Merchant | null = null;
    for (let i = low; i < keys.length && keys[i]!.startsWith(word); i++) {
      const merchant = byJoined.get(keys[i]!) ?? null;
      if (!merchant || (found && found !== merchant)) return null;
      found = merchant;
    }
    return found;
  };
  return (word: string) => {
    const upper = word.toUpperCase();
    return byJoined.has(upper) ? (byJoined.get(upper) ?? null) : cut(upper);
  };
}

function ticketedBy(merchants: Iterable<Merchant>) {
  const byCode = new Map<string, Merchant>();
  for (const m of merchants) {
    for (const pattern of m.patterns) {
      const code = / (\d{3})#$/.exec(pattern)?.[1];
      if (code && !byCode.has(code)) byCode.set(code, m);
    }
  }
  return (tokens: readonly string[]) => {
    for (const token of tokens) {
      if (token.length === 13 && /^\d+$/.test(token)) {
        const airline = byCode.get(token.slice(0, 3));
        if (airline) return airline;
      }
    }
    return null;
  };
}

function namedBy(merchants: Iterable<Merchant>) {
  const byTokens = new Map<string, Merchant | null>();
  for (const m of merchants) {
    const key = tokensOf(m.name).join(" ");
    byTokens.set(key, byTokens.has(key) ? null : m);
  }
  return (tokens: readonly string[]) => byTokens.get(tokens.join(" ")) ?? null;
}

let loaded: Catalogue | undefined;

export function catalogue(): Catalogue {
  if (loaded) return loaded;
  const categories = readJson<CategoriesFile>("categories.json");
  const mccFile = readJson<MccFile>("mcc.json");
  const merchantsFile = readJson<MerchantsFile>("merchants.json");
  const version = createHash("sha256")
    .update(
      [
        ...["categories.json", "mcc.json", "merchants.json", "first-names.txt", "places.txt"].map(dataFile),
        ...RULES.map((f) => fileURLToPath(new URL(`./${f}`, import.meta.url))),
      ]
        .map((f) => fs.readFileSync(f))
        .join("\n"),
    )
    .digest("hex")
    .slice(0, 16);
  const primaryOf = new Map<string, string>();
  for (const primary of categories.primary) {
    primaryOf.set(primary.id, primary.id);
    for (const detailed of primary.detailed) primaryOf.set(detailed.id, primary.id);
  }
  const merchants = new Map(merchantsFile.merchants.map((m) => [m.id, m]));
  loaded = {
    version,
    merchants,
    byName: new Map([...merchants.values()].map((m) => [m.name, m])),
    named: namedBy(merchants.values()),
    joined: joinedBy(merchants.values()),
    ticketed: ticketedBy(merchants.values()),
    brandOf: brandsOf(merchants.values()),
    primaryOf,
    mcc: new Map(mccFile.codes.map((c) => [c.mcc, { description: c.description, category: c.category }])),
    ...buildMatcher(merchants.values()),
  };
  return loaded;
}
