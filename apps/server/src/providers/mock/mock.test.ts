import { inflateSync } from "node:zlib";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { PRODUCTS } from "../../db/schema/index.ts";
import { isValidCusip, isValidIsin, isValidRoutingNumber } from "../identifiers.ts";
import { decimalToCents } from "../money.ts";
import { ProviderError, type ProviderSnapshot } from "../types.ts";
import { SANDBOX_INSTITUTIONS } from "./institutions.ts";
import { MockProvider } from "./provider.ts";
import { decodeAccessToken, encodeAccessToken, type MockGrant, withScenario } from "./scenarios.ts";

const provider = new MockProvider();
const START = "2024-11-01";
const NOW = new Date("2026-11-21T15:00:00Z");
const FULL = { startOn: START, endOn: "2026-11-21" };
const grant: MockGrant = {
  scenario: "GOOD",
  seed: "fixed-seed-1",
  startOn: START,
  institutionKey: "weft_sandbox_bank",
};
const token = encodeAccessToken(grant);

const fetchAt = (now: Date, window = FULL, accessToken = token, attempt = 1) =>
  provider.fetch({ accessToken, now, window, products: PRODUCTS, attempt });

const sumCents = (snapshot: ProviderSnapshot, account: string, status = "POSTED") =>
  snapshot.transactions
    .filter((t) => t.accountExternalId === account && t.status === status)
    .reduce((sum, t) => sum + decimalToCents(t.amount), 0);

/** The text a PDF draws: content streams inflated, hex strings decoded. */
function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString("latin1");
  let text = "";
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, "latin1")).toString("latin1");
    } catch {
      continue;
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g))
      text += `${Buffer.from(hex[1]!, "hex").toString("latin1")}\n`;
  }
  return text;
}

describe("linking with scenario credentials", () => {
  const link = (username: string, password = "pass_good", mfaCode?: string) =>
    provider.link({
      institutionKey: "weft_sandbox_bank",
      username,
      password,
      mfaCode,
      products: PRODUCTS,
      historyStartOn: START,
      now: NOW,
    });

  it("links user_good (and user_good+tag) with pass_good, and refuses anything else", async () => {
    expect((await link("user_good")).kind).toBe("LINKED");
    expect((await link("user_good+second")).kind).toBe("LINKED");
    expect(await link("user_good", "wrong")).toEqual({
      kind: "INVALID_CREDENTIALS",
      message: "The username or password is incorrect",
    });
    expect((await link("someone_else")).kind).toBe("INVALID_CREDENTIALS");
  });

  it("asks user_mfa for a code, refuses a wrong one and links with 123456", async () => {
    const first = await link("user_mfa");
    expect(first.kind).toBe("MFA_REQUIRED");
    expect(first.kind === "MFA_REQUIRED" && first.challenge.message).toContain("123456");
    expect((await link("user_mfa", "pass_good", "000000")).kind).toBe("INVALID_MFA_CODE");
    expect((await link("user_mfa", "pass_good", "123456")).kind).toBe("LINKED");
  });

  it("gives each link its own seed, starting its history where the platform asked", async () => {
    const a = await link("user_good");
    const b = await link("user_good");
    if (a.kind !== "LINKED" || b.kind !== "LINKED") throw new Error("not linked");
    expect(decodeAccessToken(a.accessToken).seed).not.toBe(decodeAccessToken(b.accessToken).seed);
    expect(decodeAccessToken(a.accessToken)).toMatchObject({ scenario: "GOOD", startOn: START });
  });

  it.each([
    ["ERROR_REPAIRABLE", "ITEM_LOGIN_REQUIRED"],
    ["ERROR_INSTITUTION", "INSTITUTION_DOWN"],
    ["ERROR_PROVIDER", "PROVIDER_UNAVAILABLE"],
  ] as const)("a %s login fails every sync with %s", async (scenario, code) => {
    const failing = withScenario(token, scenario);
    for (const attempt of [1, 2, 5]) {
      const error = await fetchAt(NOW, FULL, failing, attempt).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as ProviderError).status).toBe(scenario);
      expect((error as ProviderError).details.errorCode).toBe(code);
    }
  });

  it("an ERROR_SERVICE login fails the first attempt only, then rotates to a login that works", async () => {
    const flaky = withScenario(token, "ERROR_SERVICE");
    const error = await fetchAt(NOW, FULL, flaky, 1).catch((e: unknown) => e);
    expect((error as ProviderError).status).toBe("ERROR_SERVICE");
    const retried = await fetchAt(NOW, FULL, flaky, 2);
    expect(retried.accounts).toHaveLength(5);
    expect(decodeAccessToken(retried.rotatedAccessToken!)).toEqual({ ...grant, scenario: "GOOD" });
    expect((await fetchAt(NOW)).rotatedAccessToken).toBeUndefined();
  });
});

describe("the sandbox life", () => {
  it("is deterministic: the same seed and day give the same snapshot", async () => {
    expect((await fetchAt(NOW)).transactions.length).toBeGreaterThan(0);
    expect(await fetchAt(NOW)).toEqual(await fetchAt(NOW));
  });

  it("has checking, savings, a credit card, a loan and a brokerage account", async () => {
    const { accounts } = await fetchAt(NOW);
    expect(accounts.map((a) => [a.externalId, a.kind])).toEqual([
      ["checking", "DEPOSITORY"],
      ["savings", "DEPOSITORY"],
      ["card", "CREDIT"],
      ["loan", "LOAN"],
      ["brokerage", "INVESTMENT"],
    ]);
    expect(accounts.map((a) => a.type).slice(0, 3)).toEqual(["CHECKING", "SAVINGS", "CREDIT_CARD"]);
    expect(["STUDENT", "MORTGAGE"]).toContain(accounts[3]!.type);
    expect(accounts[4]!.type).toBe("BROKERAGE");
    for (const a of accounts) expect(a.mask).toMatch(/^[0-9A-Z]{4}$/);
  });

  it("covers 24 months of history with hundreds of transactions an account", async () => {
    const { transactions } = await fetchAt(NOW);
    const dates = transactions.map((t) => t.date).sort();
    expect(dates[0]! <= "2024-11-05").toBe(true);
    expect(dates.at(-1)).toBe("2026-11-21");
    expect(transactions.length).toBeGreaterThan(1500);
    const months = new Set(transactions.map((t) => t.date.slice(0, 7)));
    expect(months.size).toBe(25);
  });

  it("reads like real statements: processor prefixes, payroll, rent or mortgage, subscriptions, transfers, fees, refunds", async () => {
    const descriptions = (await fetchAt(NOW)).transactions.map((t) => t.description);
    const has = (pattern: RegExp) => descriptions.some((d) => pattern.test(d));
    expect(has(/^SQ \*/)).toBe(true);
    expect(has(/^(TST\*|DD \*|UBER \*|AMZN|PAYPAL \*|AMAZON\.COM\*)/)).toBe(true);
    expect(has(/PAYROLL|DIR DEP|GUSTO PAY|ADP WAGE/)).toBe(true);
    expect(has(/RENT|MORTGAGE PMT/)).toBe(true);
    expect(has(/ONLINE TRANSFER (TO|FROM) (SAV|CHK)/)).toBe(true);
    expect(has(/AUTOPAY PAYMENT - THANK YOU/)).toBe(true);
    expect(has(/FEE/)).toBe(true);
    expect(has(/INTEREST/)).toBe(true);
    // A subscription recurs every month on the card.
    const counts = new Map<string, number>();
    for (const d of descriptions) counts.set(d, (counts.get(d) ?? 0) + 1);
    expect([...counts.values()].some((n) => n >= 24)).toBe(true);
  });

  it("keeps balances in agreement with the transactions", async () => {
    const earlier = await fetchAt(new Date("2026-06-30T12:00:00Z"));
    const later = await fetchAt(NOW);
    const posted = (s: ProviderSnapshot, account: string, from: string, to: string) =>
      s.transactions
        .filter(
          (t) => t.accountExternalId === account && t.status === "POSTED" && t.date > from && t.date <= to,
        )
        .reduce((sum, t) => sum + decimalToCents(t.amount), 0);
    const balance = (s: ProviderSnapshot, account: string) =>
      decimalToCents(s.accounts.find((a) => a.externalId === account)!.balance.current!);
    for (const account of ["checking", "savings"]) {
      expect(balance(later, account) - balance(earlier, account)).toBe(
        posted(later, account, "2026-06-30", "2026-11-21"),
      );
    }
    // Cards and loans report what is owed: payments lower it, purchases and interest raise it.
    for (const account of ["card", "loan"]) {
      expect(balance(earlier, account) - balance(later, account)).toBe(
        posted(later, account, "2026-06-30", "2026-11-21"),
      );
    }
    // Available = current less pending debits.
    const checking = later.accounts.find((a) => a.externalId === "checking")!.balance;
    const pendingDebits = later.transactions
      .filter((t) => t.accountExternalId === "checking" && t.status === "PENDING" && t.amount.startsWith("-"))
      .reduce((sum, t) => sum + decimalToCents(t.amount), 0);
    expect(decimalToCents(checking.available!)).toBe(decimalToCents(checking.current!) + pendingDebits);
    const card = later.accounts.find((a) => a.externalId === "card")!.balance;
    expect(decimalToCents(card.limit!)).toBeGreaterThan(0);
    expect(decimalToCents(card.available!)).toBe(
      decimalToCents(card.limit!) - decimalToCents(card.current!) + sumCents(later, "card", "PENDING"),
    );
  });

  it("posts pending items later under a new id that links back to the pending one", async () => {
    const day1 = await fetchAt(new Date("2026-11-18T12:00:00Z"));
    const pending = day1.transactions.filter((t) => t.status === "PENDING");
    expect(pending.length).toBeGreaterThan(0);
    const day2 = await fetchAt(new Date("2026-11-25T12:00:00Z"), { startOn: START, endOn: "2026-11-25" });
    for (const p of pending) {
      expect(day2.transactions.some((t) => t.externalId === p.externalId)).toBe(false);
      const posted = day2.transactions.find((t) => t.pendingExternalId === p.externalId);
      expect(posted).toMatchObject({
        status: "POSTED",
        description: p.description,
        accountExternalId: p.accountExternalId,
      });
      expect(posted!.date >= p.date).toBe(true);
    }
    // The past does not change with the day it is looked at from.
    const settled = (s: ProviderSnapshot) =>
      s.transactions.filter((t) => t.status === "POSTED" && t.date <= "2026-11-10");
    expect(settled(day2)).toEqual(settled(day1));
  });

  it("returns only what is dated in the window", async () => {
    const window = { startOn: "2026-09-01", endOn: "2026-09-30" };
    const { transactions, statements } = await fetchAt(NOW, window);
    expect(transactions.every((t) => t.date >= window.startOn && t.date <= window.endOn)).toBe(true);
    expect(statements.map((s) => s.externalId).sort()).toEqual([
      "brokerage-2026-09",
      "card-2026-09",
      "checking-2026-09",
      "loan-2026-09",
      "savings-2026-09",
    ]);
    const october = await fetchAt(NOW, { startOn: "2026-10-01", endOn: "2026-10-31" });
    expect(october.statements.map((s) => s.externalId).sort()).toEqual([
      "brokerage-2026-10",
      "card-2026-10",
      "checking-2026-10",
      "loan-2026-10",
      "savings-2026-10",
    ]);
  });

  it("holds real securities with valid CUSIPs and ISINs, valued at quantity times price", async () => {
    const { holdings } = await fetchAt(NOW);
    expect(holdings.length).toBeGreaterThanOrEqual(3);
    for (const h of holdings) {
      expect(h.accountExternalId).toBe("brokerage");
      expect(isValidCusip(h.security.cusip!)).toBe(true);
      expect(isValidIsin(h.security.isin)).toBe(true);
      expect(h.security.isin.slice(2, 11)).toBe(h.security.cusip);
      expect(h.security.tickerSymbol).toMatch(/^[A-Z]{2,5}$/);
      const [whole, micro] = h.quantity.split(".");
      const value = Math.round(
        ((Number(whole) * 1_000_000 + Number(micro)) * decimalToCents(h.price)) / 1_000_000,
      );
      expect(decimalToCents(h.value)).toBe(value);
    }
  });

  it("gives depository accounts valid ACH numbers and every account its owner", async () => {
    const { accounts } = await fetchAt(NOW);
    expect(accounts.map((a) => a.kind).sort()).toEqual([
      "CREDIT",
      "DEPOSITORY",
      "DEPOSITORY",
      "INVESTMENT",
      "LOAN",
    ]);
    for (const a of accounts) {
      if (a.kind === "DEPOSITORY") {
        expect(a.achNumbers!.number).toMatch(/^[0-9]{4,17}$/);
        expect(isValidRoutingNumber(a.achNumbers!.routing)).toBe(true);
        expect(a.mask).toBe(a.achNumbers!.number.slice(-4));
      } else {
        expect(a.achNumbers).toBeNull();
      }
      expect(a.owners![0]!.names[0]).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
      expect(a.owners![0]!.addresses[0]!.countryCode).toBe("USA");
    }
  });

  it("leaves out what the products do not cover", async () => {
    const snapshot = await provider.fetch({
      accessToken: token,
      now: NOW,
      window: FULL,
      products: ["ACCOUNT_BALANCES_AND_TRANSACTIONS"],
      attempt: 1,
    });
    expect(snapshot.transactions.length).toBeGreaterThan(0);
    expect(snapshot.holdings).toEqual([]);
    expect(snapshot.statements).toEqual([]);
    expect(snapshot.accounts.every((a) => a.achNumbers === null && a.owners === null)).toBe(true);
  });
});

describe("statements", () => {
  it("lists one statement per account per closed month since the history started", async () => {
    const statements = await provider.listStatements({ accessToken: token, window: FULL, now: NOW });
    expect(statements).toHaveLength(24 * 5);
    expect(statements[0]).toEqual({
      accountExternalId: "checking",
      externalId: "checking-2024-11",
      startOn: "2024-11-01",
      endOn: "2024-11-30",
    });
    expect(statements.some((s) => s.endOn >= "2026-11-01")).toBe(false);
  });

  it("renders a real PDF with the period, the summary and every posted transaction of the month", async () => {
    const bytes = await provider.statementPdf({
      accessToken: token,
      accountExternalId: "checking",
      statementExternalId: "checking-2026-09",
    });
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(doc.getSubject()).toContain("Statement period 2026-09-01 to 2026-09-30");
    expect(doc.getTitle()).toBe("Weft Sandbox Bank statement 2026-09-01 to 2026-09-30");
    const text = pdfText(bytes);
    expect(text).toContain("Statement period: 2026-09-01 to 2026-09-30");
    expect(text).toContain("Weft Everyday Checking ending");
    const september = (
      await fetchAt(NOW, { startOn: "2026-09-01", endOn: "2026-09-30" })
    ).transactions.filter((t) => t.accountExternalId === "checking");
    for (const t of september.slice(0, 5)) expect(text).toContain(t.description.slice(0, 20));
  });

  it("opens each month where the last one closed", async () => {
    const month = async (id: string) =>
      pdfText(
        await provider.statementPdf({
          accessToken: token,
          accountExternalId: "savings",
          statementExternalId: id,
        }),
      );
    const closing = /Closing balance \(2026-08-31\)\n(\$[0-9,.-]+)/.exec(await month("savings-2026-08"))?.[1];
    const opening = /Opening balance \(2026-09-01\)\n(\$[0-9,.-]+)/.exec(await month("savings-2026-09"))?.[1];
    expect(closing).toBeDefined();
    expect(opening).toBe(closing);
  });
});

it("every sandbox institution has valid routing numbers", () => {
  for (const institution of SANDBOX_INSTITUTIONS) {
    expect(institution.id).toMatch(/^inst_[0-9a-hjkmnp-tv-z]{26}$/);
    for (const routing of institution.routingNumbers) expect(isValidRoutingNumber(routing)).toBe(true);
  }
});
