import { randomBytes } from "node:crypto";
import type { Product } from "../../db/schema/index.ts";
import { addMonths, daysBetween, monthEnd, toDay } from "../dates.ts";
import { centsToDecimal } from "../money.ts";
import type {
  DataProvider,
  FetchRequest,
  LinkRequest,
  LinkResult,
  ProviderAccount,
  ProviderBalance,
  ProviderHolding,
  ProviderStatement,
  ProviderTransaction,
} from "../types.ts";
import { type SandboxInstitution, sandboxInstitutionByKey } from "./institutions.ts";
import { drawPersona, type Persona } from "./persona.ts";
import { Random } from "./prng.ts";
import {
  decodeAccessToken,
  encodeAccessToken,
  type MockGrant,
  SANDBOX_MFA_CODE,
  SANDBOX_PASSWORD,
  scenarioError,
  scenarioOf,
} from "./scenarios.ts";
import { priceCents, SECURITIES } from "./securities.ts";
import {
  ACCOUNT_KEYS,
  type AccountKey,
  balanceOf,
  formatShares,
  positionValueCents,
  type SimResult,
  simulate,
} from "./simulation.ts";
import { renderStatementPdf, type StatementLine } from "./statement-pdf.ts";

const MFA_CHALLENGE = {
  type: "CODE" as const,
  message: `Enter the 6-digit code we sent to the phone ending 0123 (sandbox: ${SANDBOX_MFA_CODE}).`,
};

type AccountSpec = Pick<ProviderAccount, "kind" | "type" | "name"> & { number: string };

function accountSpecs(persona: Persona, institution: SandboxInstitution): Record<AccountKey, AccountSpec> {
  const brand = institution.brand;
  return {
    checking: {
      kind: "DEPOSITORY",
      type: "CHECKING",
      name: `${brand} Everyday Checking`,
      number: persona.checking.number,
    },
    savings: {
      kind: "DEPOSITORY",
      type: "SAVINGS",
      name: `${brand} High-Yield Savings`,
      number: persona.savings.number,
    },
    card: { kind: "CREDIT", type: "CREDIT_CARD", name: `${brand} Rewards Visa`, number: persona.card.number },
    loan: {
      kind: "LOAN",
      type: persona.loan.type,
      name: persona.loan.type === "MORTGAGE" ? `${brand} 30-Year Fixed Mortgage` : `${brand} Student Loan`,
      number: persona.loan.number,
    },
    brokerage: {
      kind: "INVESTMENT",
      type: "BROKERAGE",
      name: `${brand} Brokerage`,
      number: persona.brokerage.number,
    },
  };
}

/** Everything a grant's life looks like on one day. */
class Life {
  readonly grant: MockGrant;
  readonly persona: Persona;
  readonly institution: SandboxInstitution;

  constructor(grant: MockGrant) {
    this.grant = grant;
    this.persona = drawPersona(new Random(`${grant.seed}:persona`), grant.startOn);
    const institution = sandboxInstitutionByKey(grant.institutionKey);
    if (!institution) throw new Error(`No sandbox institution ${grant.institutionKey}`);
    this.institution = institution;
  }

  simulate(until: string): SimResult {
    return simulate(this.grant.seed, this.persona, this.grant.startOn, until);
  }

  balance(account: AccountKey, result: SimResult, at: Date): ProviderBalance {
    const today = result.until;
    const pending = result.transactions
      .filter((t) => t.account === account && t.postOn > today)
      .reduce((sum, t) => sum + t.pendingAmountCents, 0);
    const balance = balanceOf(this.persona, account, result.ledger[account]);
    const pendingDebits = Math.min(0, pending);
    switch (account) {
      case "checking":
      case "savings":
        return {
          current: centsToDecimal(balance),
          available: centsToDecimal(balance + pendingDebits),
          limit: null,
          at,
        };
      case "card":
        return {
          current: centsToDecimal(balance),
          available: centsToDecimal(this.persona.card.limitCents - balance + pendingDebits),
          limit: centsToDecimal(this.persona.card.limitCents),
          at,
        };
      case "loan":
        return { current: centsToDecimal(balance), available: null, limit: null, at };
      case "brokerage": {
        const holdingsValue = [...result.positions].reduce(
          (sum, [ticker, p]) =>
            sum +
            positionValueCents(
              p.microShares,
              priceCents(SECURITIES.find((s) => s.ticker === ticker)!, today),
            ),
          0,
        );
        return {
          current: centsToDecimal(balance + holdingsValue),
          available: centsToDecimal(balance),
          limit: null,
          at,
        };
      }
    }
  }

  accounts(result: SimResult, products: readonly Product[], at: Date): ProviderAccount[] {
    const specs = accountSpecs(this.persona, this.institution);
    const owner = {
      names: [`${this.persona.owner.first} ${this.persona.owner.last}`],
      emails: [this.persona.owner.email],
      phones: [this.persona.owner.phone],
      addresses: [this.persona.owner.address],
    };
    return ACCOUNT_KEYS.map((key) => {
      const spec = specs[key];
      const balance = this.balance(key, result, at);
      const isDepository = spec.kind === "DEPOSITORY";
      const status = key === "loan" && balance.current === "0.00" ? "PAID" : "OPEN";
      return {
        externalId: key,
        name: spec.name,
        mask: spec.number.slice(-4),
        kind: spec.kind,
        type: spec.type,
        status,
        currencyCode: "USD",
        balance,
        achNumbers:
          isDepository && products.includes("ACCOUNT_NUMBERS")
            ? {
                number: spec.number,
                routing: this.institution.routingNumbers[0]!,
                wireRouting: this.institution.routingNumbers[0]!,
              }
            : null,
        owners: products.includes("ACCOUNT_OWNERS") ? [owner] : null,
      };
    });
  }

  /** Months that have closed by `today`, from the first month of history. */
  statements(today: string): ProviderStatement[] {
    const out: ProviderStatement[] = [];
    for (
      let start = this.grant.startOn;
      daysBetween(monthEnd(start), today) > 0;
      start = addMonths(start, 1)
    ) {
      for (const key of ACCOUNT_KEYS) {
        out.push({
          accountExternalId: key,
          externalId: `${key}-${start.slice(0, 7)}`,
          startOn: start,
          endOn: monthEnd(start),
        });
      }
    }
    return out;
  }
}

const inWindow = (day: string, window: { startOn: string; endOn: string }) =>
  day >= window.startOn && day <= window.endOn;

/**
 * The sandbox provider: a believable, deterministic financial life per connection, from the
 * seed in its access token. Scenario logins (see scenarios.ts) make it fail on purpose.
 */
export class MockProvider implements DataProvider {
  readonly name = "MOCK" as const;

  async link(request: LinkRequest): Promise<LinkResult> {
    const scenario = scenarioOf(request.username);
    if (!scenario || request.password !== SANDBOX_PASSWORD) {
      return {
        kind: "INVALID_CREDENTIALS",
        message: "The username or password is incorrect",
      };
    }
    if (!sandboxInstitutionByKey(request.institutionKey)) {
      return { kind: "INVALID_CREDENTIALS", message: "The institution does not know this login" };
    }
    if (scenario === "MFA") {
      if (request.mfaCode === undefined) return { kind: "MFA_REQUIRED", challenge: MFA_CHALLENGE };
      if (request.mfaCode !== SANDBOX_MFA_CODE) {
        return { kind: "INVALID_MFA_CODE", message: "The code is incorrect", challenge: MFA_CHALLENGE };
      }
    }
    // Renewing keeps the link's identity (seed, history, institution): the same accounts come back.
    const renewed = request.renewing ? decodeAccessToken(request.renewing) : undefined;
    const accessToken = encodeAccessToken({
      scenario,
      seed: renewed?.seed ?? randomBytes(12).toString("hex"),
      startOn: renewed?.startOn ?? request.historyStartOn,
      institutionKey: renewed?.institutionKey ?? request.institutionKey,
    });
    return { kind: "LINKED", accessToken };
  }

  private life(accessToken: string, attempt = 1): Life {
    const grant = decodeAccessToken(accessToken);
    switch (grant.scenario) {
      case "ERROR_REPAIRABLE":
      case "ERROR_INSTITUTION":
      case "ERROR_PROVIDER":
        throw scenarioError(grant.scenario);
      case "ERROR_SERVICE":
        // A passing fault: the first try fails, the automatic retry succeeds (and rotates the token).
        if (attempt <= 1) throw scenarioError("ERROR_SERVICE");
    }
    return new Life(grant);
  }

  async listAccounts(request: { accessToken: string; products: readonly Product[]; now: Date }) {
    const life = this.life(request.accessToken);
    return life.accounts(life.simulate(toDay(request.now)), request.products, request.now);
  }

  async fetch(request: FetchRequest) {
    const life = this.life(request.accessToken, request.attempt);
    const today = toDay(request.now);
    const result = life.simulate(today);
    const { products, window } = request;
    const accounts = life.accounts(result, products, request.now);

    const transactions: ProviderTransaction[] = [];
    if (products.includes("ACCOUNT_BALANCES_AND_TRANSACTIONS")) {
      for (const t of result.transactions) {
        const isPosted = t.postOn <= today;
        const date = isPosted ? t.postOn : t.authOn;
        if (!inWindow(date, window)) continue;
        const hadPending = t.postOn > t.authOn;
        transactions.push({
          accountExternalId: t.account,
          externalId: isPosted ? t.id : `${t.id}-p`,
          amount: centsToDecimal(isPosted ? t.amountCents : t.pendingAmountCents),
          currencyCode: "USD",
          date,
          description: t.description,
          status: isPosted ? "POSTED" : "PENDING",
          pendingExternalId: isPosted && hadPending ? `${t.id}-p` : null,
        });
      }
    }

    const holdings: ProviderHolding[] = [];
    if (products.includes("INVESTMENTS")) {
      for (const [ticker, position] of result.positions) {
        const security = SECURITIES.find((s) => s.ticker === ticker)!;
        const price = priceCents(security, today);
        holdings.push({
          accountExternalId: "brokerage",
          security: {
            name: security.name,
            tickerSymbol: security.ticker,
            cusip: security.cusip,
            isin: security.isin,
            type: security.type,
            currencyCode: "USD",
          },
          quantity: formatShares(position.microShares),
          price: centsToDecimal(price),
          value: centsToDecimal(positionValueCents(position.microShares, price)),
          costBasis: centsToDecimal(position.costCents),
          currencyCode: "USD",
          at: request.now,
        });
      }
    }

    const statements = products.includes("ACCOUNT_STATEMENTS")
      ? life.statements(today).filter((s) => inWindow(s.endOn, window))
      : [];
    // A passing fault passes: once a sync got through, the login behaves from then on.
    const grant = decodeAccessToken(request.accessToken);
    const rotatedAccessToken =
      grant.scenario === "ERROR_SERVICE" ? encodeAccessToken({ ...grant, scenario: "GOOD" }) : undefined;
    return {
      accounts,
      transactions,
      holdings,
      statements,
      ...(rotatedAccessToken && { rotatedAccessToken }),
    };
  }

  async refreshBalance(request: { accessToken: string; accountExternalId: string; now: Date }) {
    const life = this.life(request.accessToken, 2);
    const key = ACCOUNT_KEYS.find((k) => k === request.accountExternalId);
    if (!key) throw new Error(`No sandbox account ${request.accountExternalId}`);
    return life.balance(key, life.simulate(toDay(request.now)), request.now);
  }

  async listStatements(request: {
    accessToken: string;
    window: { startOn: string; endOn: string };
    now: Date;
  }) {
    const life = this.life(request.accessToken, 2);
    return life.statements(toDay(request.now)).filter((s) => inWindow(s.endOn, request.window));
  }

  async statementPdf(request: {
    accessToken: string;
    accountExternalId: string;
    statementExternalId: string;
  }) {
    // Statements come from the institution too: a login or institution failure fails them.
    const life = this.life(request.accessToken, 2);
    const key = ACCOUNT_KEYS.find((k) => k === request.accountExternalId);
    const month = /^[a-z]+-([0-9]{4}-[0-9]{2})$/.exec(request.statementExternalId)?.[1];
    if (!key || !month) throw new Error(`No sandbox statement ${request.statementExternalId}`);
    const startOn = `${month}-01`;
    const endOn = monthEnd(startOn);
    const result = life.simulate(endOn);
    const previous = result.monthCloses.get(addMonths(startOn, -1).slice(0, 7));
    const opening = balanceOf(life.persona, key, previous?.[key] ?? 0);
    const isOwed = key === "card" || key === "loan";
    let running = opening;
    const lines: StatementLine[] = result.transactions
      .filter((t) => t.account === key && t.postOn >= startOn && t.postOn <= endOn)
      .sort((a, b) => (a.postOn < b.postOn ? -1 : a.postOn > b.postOn ? 1 : 0))
      .map((t) => {
        running += isOwed ? -t.amountCents : t.amountCents;
        return {
          date: t.postOn,
          description: t.description,
          amountCents: t.amountCents,
          balanceCents: running,
        };
      });
    const specs = accountSpecs(life.persona, life.institution);
    const owner = life.persona.owner;
    return renderStatementPdf({
      institutionName: life.institution.name,
      institutionColor: life.institution.primaryColor,
      accountName: specs[key].name,
      accountMask: specs[key].number.slice(-4),
      balanceLabel: isOwed ? "Amount owed" : key === "brokerage" ? "Cash balance" : "Balance",
      holder: {
        name: `${owner.first} ${owner.last}`,
        addressLines: [
          [owner.address.line1, owner.address.line2].filter(Boolean).join(", "),
          `${owner.address.city}, ${owner.address.state} ${owner.address.postalCode}`,
        ],
      },
      startOn,
      endOn,
      openingCents: opening,
      closingCents: running,
      lines,
    });
  }

  async revoke(): Promise<void> {}
}
