import type { Product } from "../../db/schema/index.ts";
import { addMonths, monthEnd, toDay } from "../dates.ts";
import type {
  DataProvider,
  DateWindow,
  FetchRequest,
  ProviderAccount,
  ProviderBalance,
  ProviderHolding,
  ProviderSnapshot,
  ProviderStatement,
} from "../types.ts";
import {
  type FinicityAccount,
  FinicityApiError,
  FinicityClient,
  type FinicitySettings,
  type FinicityTransaction,
  FinicityUnreachableError,
} from "./client.ts";
import {
  accountOf,
  aggregationError,
  balanceOf,
  holdingOf,
  isShadow,
  loginFailure,
  providerErrorOf,
  transactionOf,
} from "./mapping.ts";

/** Largest page of transactions Finicity serves. */
export const TRANSACTIONS_PAGE_SIZE = 1000;
/** Statements Finicity keeps per account: index 1 (the latest) to 6. */
export const STATEMENT_INDEXES = 6;

/**
 * What identifies a Finicity connection: the customer and its institution login, and whether the
 * login's historic transactions are still to be asked for (more than Finicity's default 6 months).
 * Finicity needs no per-login secret, so this is the connection's encrypted "access token".
 */
export type FinicityLoginRef = { customerId: string; institutionLoginId: string; loadHistory: boolean };

export const accessTokenOf = (ref: FinicityLoginRef) =>
  [ref.customerId, ref.institutionLoginId, ...(ref.loadHistory ? ["historic"] : [])].join(":");

export function loginRefOf(accessToken: string): FinicityLoginRef {
  const [customerId, institutionLoginId, flag, ...rest] = accessToken.split(":");
  if (!customerId || !institutionLoginId || rest.length > 0 || (flag !== undefined && flag !== "historic"))
    throw new Error("Not a Finicity institution login reference");
  return { customerId, institutionLoginId, loadHistory: flag === "historic" };
}

export function translateFinicityFailure(error: unknown): unknown {
  if (error instanceof FinicityApiError || error instanceof FinicityUnreachableError)
    return providerErrorOf(error);
  return error;
}

const unix = (day: string, endOfDay = false) =>
  Math.floor(new Date(`${day}T${endOfDay ? "23:59:59" : "00:00:00"}Z`).getTime() / 1000);

/** The calendar month a statement `index` months back covers (1 is last month). */
function statementPeriod(index: number, now: Date) {
  const startOn = addMonths(toDay(now), -index);
  return { startOn, endOn: monthEnd(startOn) };
}

/**
 * One environment's Finicity: the DataProvider contract over Finicity's API. A connection is a
 * Finicity institution login of the profile's customer; a sync reads what Finicity aggregated
 * (nightly, and on refresh).
 */
export class FinicityProvider implements DataProvider {
  readonly name = "FINICITY" as const;
  readonly client: FinicityClient;

  constructor(settings: FinicitySettings) {
    this.client = new FinicityClient(settings);
  }

  async fetch(request: FetchRequest): Promise<ProviderSnapshot> {
    try {
      return await this.snapshot(request);
    } catch (error) {
      throw translateFinicityFailure(error);
    }
  }

  /** The login's accounts; a login that needs the user (or whose institution fails everywhere) is refused. */
  private async accountsOf(ref: FinicityLoginRef): Promise<FinicityAccount[]> {
    const { accounts } = await this.client.loginAccounts(ref.customerId, ref.institutionLoginId);
    const failure = loginFailure(accounts.map((a) => a.aggregationStatusCode ?? 0));
    if (failure) throw failure;
    return accounts;
  }

  private async snapshot(request: FetchRequest): Promise<ProviderSnapshot> {
    const ref = loginRefOf(request.accessToken);
    const wants = (product: Product) => request.products.includes(product);
    const raw = await this.accountsOf(ref);
    const accounts = new Map<string, ProviderAccount>(
      raw.map((a) => [String(a.id), accountOf(a, request.now)]),
    );

    // More than Finicity's default history: asked for once, account by account. A 203 (the
    // institution asks an MFA question) fails the sync as ERROR_REPAIRABLE: the history is not
    // loaded, and the flag stays in the stored reference until a sync gets it.
    if (ref.loadHistory) {
      for (const account of raw)
        await this.client.loadHistoricTransactions(ref.customerId, String(account.id));
    }

    // Get Account ACH Details is billed per successful call: asked once per shared account, until
    // Weft holds its numbers (an account left without them, say after a 4xx, is asked again next
    // sync); never for an account the end-user did not share, whose numbers Weft would drop.
    const isShared = (id: string) => !request.sharedAccounts || request.sharedAccounts.includes(id);
    if (wants("ACCOUNT_NUMBERS")) {
      for (const account of accounts.values()) {
        if (
          account.kind !== "DEPOSITORY" ||
          request.accountsWithNumbers?.has(account.externalId) ||
          !isShared(account.externalId)
        )
          continue;
        const details = await this.client.achDetails(ref.customerId, account.externalId).catch((error) => {
          // An account the institution gives no ACH details for has none (a 203's MFA question is not that).
          if (error instanceof FinicityApiError && error.httpStatus >= 400 && error.httpStatus < 500)
            return null;
          throw error;
        });
        // Blank numbers are none.
        if (details?.realAccountNumber?.trim() && details.routingNumber?.trim())
          account.achNumbers = {
            number: details.realAccountNumber,
            routing: details.routingNumber,
            wireRouting: null,
          };
      }
    }

    // Shadow transactions are no longer in the institution's data: left out. A stored pending row
    // that turns shadow is then removed, as any pending row the window no longer lists; a stored
    // posted one stays, as posted rows the window no longer lists do.
    const transactions = wants("ACCOUNT_BALANCES_AND_TRANSACTIONS")
      ? (await this.transactionsIn(ref, request.window)).filter(
          (t) => accounts.has(String(t.accountId)) && !isShadow(t),
        )
      : [];
    const holdings: ProviderHolding[] = wants("INVESTMENTS")
      ? raw.flatMap((a) => (a.position ?? []).flatMap((p) => holdingOf(String(a.id), p, request.now) ?? []))
      : [];
    const statements = wants("ACCOUNT_STATEMENTS")
      ? this.statementsIn([...accounts.values()], request.window, request.now)
      : [];
    return {
      ...(ref.loadHistory && { rotatedAccessToken: accessTokenOf({ ...ref, loadHistory: false }) }),
      accounts: [...accounts.values()],
      transactions: transactions.flatMap((t) => transactionOf(t) ?? []),
      holdings,
      statements,
    };
  }

  /** The customer's transactions dated in the window, 1,000 a page. */
  private async transactionsIn(ref: FinicityLoginRef, window: DateWindow): Promise<FinicityTransaction[]> {
    const all: FinicityTransaction[] = [];
    for (let start = 1; ; start += TRANSACTIONS_PAGE_SIZE) {
      const page = await this.client.transactions(ref.customerId, {
        fromDate: unix(window.startOn),
        toDate: unix(window.endOn, true),
        start,
        limit: TRANSACTIONS_PAGE_SIZE,
      });
      all.push(...page.transactions);
      if (!page.moreAvailable || page.transactions.length === 0) return all;
    }
  }

  /** Finicity keeps the last 6 statements of depository and credit accounts, by index. */
  private statementsIn(accounts: ProviderAccount[], window: DateWindow, now: Date): ProviderStatement[] {
    const statements: ProviderStatement[] = [];
    for (const account of accounts) {
      if (account.kind !== "DEPOSITORY" && account.kind !== "CREDIT") continue;
      for (let index = 1; index <= STATEMENT_INDEXES; index++) {
        const { startOn, endOn } = statementPeriod(index, now);
        if (endOn < window.startOn || endOn > window.endOn) continue;
        statements.push({
          accountExternalId: account.externalId,
          externalId: startOn.slice(0, 7),
          startOn,
          endOn,
        });
      }
    }
    return statements;
  }

  async listAccounts(request: { accessToken: string; products: readonly Product[]; now: Date }) {
    try {
      return (await this.accountsOf(loginRefOf(request.accessToken))).map((a) => accountOf(a, request.now));
    } catch (error) {
      throw translateFinicityFailure(error);
    }
  }

  /** Refresh: Finicity aggregates the login now and answers its accounts. */
  async refreshBalance(request: {
    accessToken: string;
    accountExternalId: string;
    now: Date;
  }): Promise<ProviderBalance> {
    const ref = loginRefOf(request.accessToken);
    try {
      const { accounts } = await this.client.refreshLogin(ref.customerId, ref.institutionLoginId);
      const account = accounts.find((a) => String(a.id) === request.accountExternalId);
      if (!account) throw new Error(`Finicity returned no account ${request.accountExternalId}`);
      if (account.aggregationStatusCode) throw aggregationError(account.aggregationStatusCode);
      return balanceOf(account, request.now);
    } catch (error) {
      throw translateFinicityFailure(error);
    }
  }

  async listStatements(request: { accessToken: string; window: DateWindow; now: Date }) {
    try {
      const accounts = await this.listAccounts({ ...request, products: [] });
      return this.statementsIn(accounts, request.window, request.now);
    } catch (error) {
      throw translateFinicityFailure(error);
    }
  }

  /** The statement of a month (its external id, "YYYY-MM"), by its index back from now. */
  async statementPdf(request: {
    accessToken: string;
    accountExternalId: string;
    statementExternalId: string;
  }) {
    const ref = loginRefOf(request.accessToken);
    const now = new Date();
    const months =
      (now.getUTCFullYear() - Number(request.statementExternalId.slice(0, 4))) * 12 +
      now.getUTCMonth() +
      1 -
      Number(request.statementExternalId.slice(5, 7));
    try {
      return await this.client.statement(ref.customerId, request.accountExternalId, Math.max(1, months));
    } catch (error) {
      throw translateFinicityFailure(error);
    }
  }

  /** Deletes the institution login at Finicity; one Finicity no longer knows is already gone. */
  async revoke(request: { accessToken: string }): Promise<void> {
    const ref = loginRefOf(request.accessToken);
    try {
      await this.client.deleteLogin(ref.customerId, ref.institutionLoginId);
    } catch (error) {
      if (!(error instanceof FinicityApiError && error.httpStatus === 404))
        throw translateFinicityFailure(error);
    }
  }
}
