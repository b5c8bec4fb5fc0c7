import type { AccountBase, PlaidApi, RemovedTransaction, Transaction } from "plaid";
import type { Product } from "../../db/schema/index.ts";
import type { PlaidSettings } from "../../modules/integrations/service.ts";
import { isCalendarDay, monthEnd } from "../dates.ts";
import {
  type DataProvider,
  type DateWindow,
  type FetchRequest,
  type ProviderAccount,
  type ProviderBalance,
  type ProviderDocument,
  ProviderError,
  type ProviderHolding,
  type ProviderSnapshot,
  type ProviderStatement,
} from "../types.ts";
import { callPlaid, PlaidApiError, PlaidUnreachableError, plaidClient } from "./client.ts";
import {
  accountOf,
  balanceOf,
  holdingOf,
  ownerOf,
  PRODUCT_UNAVAILABLE_CODES,
  providerErrorOf,
  securityKeyOf,
  transactionOf,
} from "./mapping.ts";

/** Largest page /transactions/sync serves. */
export const SYNC_PAGE_SIZE = 500;
/** Page runs restarted after TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION before the sync fails (and retries later). */
const MAX_PAGE_RUNS = 5;

/** A failure to reach Plaid at all: upstream trouble, retried like any provider error. */
function unreachable(error: PlaidUnreachableError): ProviderError {
  return new ProviderError("ERROR_PROVIDER", {
    errorType: "API_ERROR",
    errorCode: "PROVIDER_UNREACHABLE",
    errorMessage: error.message,
    displayMessage: "We could not reach your bank's data provider. We are retrying.",
    requestId: null,
    suggestedAction: "Nothing to do: the sync retries itself.",
    documentationUrl: null,
  });
}

/** Plaid's failures as the contract's: ProviderError (status) or ProviderRateLimited (retry). */
export function translatePlaidFailure(error: unknown): unknown {
  if (error instanceof PlaidApiError) return providerErrorOf(error.plaid);
  if (error instanceof PlaidUnreachableError) return unreachable(error);
  return error;
}

const isProductUnavailable = (error: unknown) =>
  error instanceof PlaidApiError && PRODUCT_UNAVAILABLE_CODES.has(error.plaid.error_code);

/** What /transactions/sync's transactions_update_status says Plaid has pulled (unknown: all, as before it said). */
const PULLED: Record<string, "NONE" | "RECENT" | "ALL" | undefined> = {
  NOT_READY: "NONE",
  INITIAL_UPDATE_COMPLETE: "RECENT",
  HISTORICAL_UPDATE_COMPLETE: "ALL",
};

type Recorder = (document: Omit<ProviderDocument, "host" | "receivedAt">) => void;

/**
 * One environment's Plaid: the DataProvider contract over Plaid's official client. Every raw
 * answer of a sync is recorded as a remote-data document.
 */
export class PlaidProvider implements DataProvider {
  readonly name = "PLAID" as const;
  readonly client: PlaidApi;
  readonly host: string;

  constructor(settings: PlaidSettings) {
    this.client = plaidClient(settings);
    this.host = new URL(settings.basePath).host;
  }

  /** A product call whose absence on the item is no error: undefined when the item lacks it. */
  private async optional<T>(call: () => Promise<{ data: T }>): Promise<T | undefined> {
    try {
      return await callPlaid(call);
    } catch (error) {
      if (isProductUnavailable(error)) return undefined;
      throw error;
    }
  }

  async fetch(request: FetchRequest): Promise<ProviderSnapshot> {
    try {
      return await this.snapshot(request);
    } catch (error) {
      throw translatePlaidFailure(error);
    }
  }

  private async snapshot(request: FetchRequest): Promise<ProviderSnapshot> {
    const access_token = request.accessToken;
    const documents: ProviderDocument[] = [];
    const record: Recorder = (document) =>
      documents.push({ ...document, host: this.host, receivedAt: request.now });
    const wants = (product: Product) => request.products.includes(product);

    const item = await callPlaid(() => this.client.itemGet({ access_token }));
    record({ record: { kind: "connections" }, path: "/item/get", body: item, requestId: item.request_id });

    const accountsAnswer = await callPlaid(() => this.client.accountsGet({ access_token }));
    const accounts = new Map<string, ProviderAccount>();
    for (const account of accountsAnswer.accounts) {
      accounts.set(account.account_id, accountOf(account, request.now));
      record({
        record: { kind: "accounts", accountExternalId: account.account_id },
        path: "/accounts/get",
        body: account,
        requestId: accountsAnswer.request_id,
      });
    }

    if (wants("ACCOUNT_NUMBERS")) {
      const auth = await this.optional(() => this.client.authGet({ access_token }));
      for (const ach of auth?.numbers.ach ?? []) {
        const account = accounts.get(ach.account_id);
        // ACH numbers are a depository account's (the contract's); blank ones are none.
        if (account?.kind === "DEPOSITORY" && ach.account?.trim() && ach.routing?.trim())
          account.achNumbers = {
            number: ach.account,
            routing: ach.routing,
            wireRouting: ach.wire_routing ?? null,
          };
      }
    }

    if (wants("ACCOUNT_OWNERS")) {
      const identity = await this.optional(() => this.client.identityGet({ access_token }));
      for (const withOwners of identity?.accounts ?? []) {
        const account = accounts.get(withOwners.account_id);
        if (!account) continue;
        account.owners = withOwners.owners.map(ownerOf);
        record({
          record: { kind: "accounts", accountExternalId: withOwners.account_id },
          path: "/identity/get",
          body: withOwners,
          requestId: identity!.request_id,
        });
      }
    }

    if (wants("LIABILITIES")) {
      const liabilities = await this.optional(() => this.client.liabilitiesGet({ access_token }));
      if (liabilities) {
        record({
          record: { kind: "connections" },
          path: "/liabilities/get",
          body: liabilities,
          requestId: liabilities.request_id,
        });
      }
    }

    const changes = wants("ACCOUNT_BALANCES_AND_TRANSACTIONS")
      ? await this.transactionChanges(access_token, request.cursor ?? null, record)
      : undefined;

    const holdings = wants("INVESTMENTS") ? await this.holdings(access_token, request.now, record) : [];
    const statements = wants("ACCOUNT_STATEMENTS")
      ? await this.statementsIn(access_token, request.window)
      : [];

    return {
      accounts: [...accounts.values()],
      transactions: changes?.transactions ?? [],
      ...(changes && { transactionChanges: { cursor: changes.cursor, removed: changes.removed } }),
      ...(changes?.pulled && { historyPulled: changes.pulled }),
      ...(holdings && { holdings }),
      statements,
      documents,
    };
  }

  /**
   * Every change since `cursor`, page by page. Plaid's answer to a change made while paging is
   * TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION: the whole run starts again from `cursor`.
   */
  private async transactionChanges(access_token: string, cursor: string | null, record: Recorder) {
    for (let run = 1; ; run++) {
      try {
        return await this.pageRun(access_token, cursor, record);
      } catch (error) {
        // Plaid cannot say yet (PRODUCT_NOT_READY and the like): nothing is known to have changed.
        if (isProductUnavailable(error))
          return { transactions: [], removed: [], cursor: cursor ?? "", pulled: "NONE" as const };
        const isMutation =
          error instanceof PlaidApiError &&
          error.plaid.error_code === "TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION";
        if (!isMutation || run >= MAX_PAGE_RUNS) throw error;
      }
    }
  }

  private async pageRun(access_token: string, start: string | null, record: Recorder) {
    const byId = new Map<string, Transaction>();
    const removed = new Map<string, RemovedTransaction>();
    const requestIds = new Map<string, string>();
    let cursor = start ?? undefined;
    let status: string | undefined;
    for (;;) {
      const page = await callPlaid(() =>
        this.client.transactionsSync({
          access_token,
          ...(cursor !== undefined && { cursor }),
          count: SYNC_PAGE_SIZE,
          options: { include_original_description: true },
        }),
      );
      for (const t of [...page.added, ...page.modified]) {
        byId.set(t.transaction_id, t);
        removed.delete(t.transaction_id);
        requestIds.set(t.transaction_id, page.request_id);
      }
      for (const r of page.removed) {
        byId.delete(r.transaction_id);
        removed.set(r.transaction_id, r);
      }
      cursor = page.next_cursor;
      status = page.transactions_update_status;
      if (!page.has_more) break;
    }
    const transactions = [...byId.values()];
    for (const t of transactions) {
      record({
        record: { kind: "transactions", accountExternalId: t.account_id, externalId: t.transaction_id },
        path: "/transactions/sync",
        body: t,
        requestId: requestIds.get(t.transaction_id) ?? null,
      });
    }
    return {
      transactions: transactions.map(transactionOf),
      removed: [...removed.values()]
        .filter((r) => r.account_id)
        .map((r) => ({ accountExternalId: r.account_id!, externalId: r.transaction_id })),
      cursor: cursor ?? "",
      pulled: PULLED[status ?? ""],
    };
  }

  /** The item's positions; undefined when Plaid cannot say now (PRODUCT_NOT_READY and the like). */
  private async holdings(
    access_token: string,
    now: Date,
    record: Recorder,
  ): Promise<ProviderHolding[] | undefined> {
    const answer = await this.optional(() => this.client.investmentsHoldingsGet({ access_token }));
    if (!answer) return undefined;
    const securities = new Map(answer.securities.map((s) => [s.security_id, s]));
    const holdings: ProviderHolding[] = [];
    for (const holding of answer.holdings) {
      const security = securities.get(holding.security_id);
      if (!security) continue;
      holdings.push(holdingOf(holding, security, now));
      record({
        record: {
          kind: "holdings",
          accountExternalId: holding.account_id,
          securityIsin: securityKeyOf(security),
        },
        path: "/investments/holdings/get",
        body: { ...holding, security },
        requestId: answer.request_id,
      });
    }
    return holdings;
  }

  private async statementsIn(access_token: string, window: DateWindow): Promise<ProviderStatement[]> {
    const answer = await this.optional(() => this.client.statementsList({ access_token }));
    const statements: ProviderStatement[] = [];
    for (const account of answer?.accounts ?? []) {
      for (const statement of account.statements) {
        const startOn = `${statement.year}-${String(statement.month).padStart(2, "0")}-01`;
        // Plaid's integers can name what no calendar has (month 13, year 10000): no period to file it in.
        if (!isCalendarDay(startOn)) continue;
        const endOn = monthEnd(startOn);
        if (endOn < window.startOn || endOn > window.endOn) continue;
        statements.push({
          accountExternalId: account.account_id,
          externalId: statement.statement_id,
          startOn,
          endOn,
        });
      }
    }
    return statements;
  }

  async listAccounts(request: { accessToken: string; products: readonly Product[]; now: Date }) {
    try {
      const answer = await callPlaid(() => this.client.accountsGet({ access_token: request.accessToken }));
      return answer.accounts.map((a: AccountBase) => accountOf(a, request.now));
    } catch (error) {
      throw translatePlaidFailure(error);
    }
  }

  async refreshBalance(request: {
    accessToken: string;
    accountExternalId: string;
    now: Date;
  }): Promise<ProviderBalance> {
    try {
      const answer = await callPlaid(() =>
        this.client.accountsBalanceGet({
          access_token: request.accessToken,
          options: { account_ids: [request.accountExternalId] },
        }),
      );
      const account = answer.accounts.find((a) => a.account_id === request.accountExternalId);
      if (!account) throw new Error(`Plaid returned no balance for account ${request.accountExternalId}`);
      return balanceOf(account, request.now);
    } catch (error) {
      throw translatePlaidFailure(error);
    }
  }

  async listStatements(request: { accessToken: string; window: DateWindow; now: Date }) {
    try {
      return await this.statementsIn(request.accessToken, request.window);
    } catch (error) {
      throw translatePlaidFailure(error);
    }
  }

  async statementPdf(request: { accessToken: string; statementExternalId: string }): Promise<Uint8Array> {
    try {
      const bytes = await callPlaid(() =>
        this.client.statementsDownload(
          { access_token: request.accessToken, statement_id: request.statementExternalId },
          { responseType: "arraybuffer" },
        ),
      );
      return new Uint8Array(bytes as ArrayBuffer);
    } catch (error) {
      throw translatePlaidFailure(error);
    }
  }

  /** /item/remove; an item Plaid no longer knows is already gone. */
  async revoke(request: { accessToken: string }): Promise<void> {
    try {
      await callPlaid(() => this.client.itemRemove({ access_token: request.accessToken }));
    } catch (error) {
      const isGone =
        error instanceof PlaidApiError &&
        ["INVALID_ACCESS_TOKEN", "ITEM_NOT_FOUND"].includes(error.plaid.error_code);
      if (!isGone) throw translatePlaidFailure(error);
    }
  }
}
