import type { Product } from "../../db/schema/index.ts";
import type {
  DataProvider,
  DateWindow,
  FetchRequest,
  ProviderAccount,
  ProviderBalance,
  ProviderDocument,
  ProviderHolding,
  ProviderSnapshot,
  ProviderTransaction,
} from "../types.ts";
import {
  AkoyaApiError,
  AkoyaClient,
  type AkoyaSettings,
  type AkoyaTokens,
  AkoyaUnreachableError,
} from "./client.ts";
import {
  accountOf,
  consentLost,
  holdingOf,
  ownerOf,
  providerErrorOf,
  transactionOf,
  unwrapAccount,
} from "./mapping.ts";

type Recorder = (document: Omit<ProviderDocument, "host" | "receivedAt" | "requestId">) => void;

/** Transactions asked for a page; Akoya (or the data provider behind it) may give fewer. */
export const TRANSACTIONS_PAGE_SIZE = 500;
/** An id_token closer than this to its expiry is refreshed first. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * An Akoya connection's grant: the institution (Akoya's provider id), the consent it stands for,
 * and its tokens. Stored encrypted as the connection's access token; a refresh rotates the
 * refresh token, so a new grant is stored at once (through `persist`), before anything else.
 */
export type AkoyaGrant = {
  providerId: string;
  consentId: string;
  idToken: string;
  idTokenExpiresAt: number;
  refreshToken: string;
};

export const grantOf = (accessToken: string): AkoyaGrant => {
  const grant = JSON.parse(accessToken) as AkoyaGrant;
  if (!grant.providerId || !grant.consentId || !grant.refreshToken) throw new Error("Not an Akoya grant");
  return grant;
};

export const accessTokenOfGrant = (grant: AkoyaGrant) => JSON.stringify(grant);

export const grantFromTokens = (
  tokens: AkoyaTokens,
  base: { providerId: string; consentId: string },
  now = Date.now(),
): AkoyaGrant => ({
  ...base,
  idToken: tokens.id_token,
  idTokenExpiresAt: now + tokens.expires_in * 1000,
  refreshToken: tokens.refresh_token,
});

export function translateAkoyaFailure(error: unknown): unknown {
  if (error instanceof AkoyaApiError || error instanceof AkoyaUnreachableError) return providerErrorOf(error);
  return error;
}

/** Stores a consent's new grant (the rotated refresh token) where the connection keeps it. */
export type GrantStore = (consentId: string, accessToken: string) => Promise<void>;

/** Refreshes under way, by consent: two callers at once share one (a rotated token works once). */
const refreshing = new Map<string, Promise<AkoyaGrant>>();

/**
 * One environment's Akoya: the DataProvider contract over Akoya's FDX products. A connection is
 * a consent at one institution; every call uses its id_token, refreshed before it expires.
 */
export class AkoyaProvider implements DataProvider {
  readonly name = "AKOYA" as const;
  readonly client: AkoyaClient;
  readonly host: string;
  private readonly store: GrantStore;

  constructor(settings: AkoyaSettings, store: GrantStore) {
    this.client = new AkoyaClient(settings);
    this.host = new URL(settings.productsUrl).host;
    this.store = store;
  }

  /** A grant whose id_token is good for a while: refreshed (and stored) when it is not. */
  async freshGrant(accessToken: string, now = Date.now(), force = false): Promise<AkoyaGrant> {
    const grant = grantOf(accessToken);
    if (!force && grant.idTokenExpiresAt - EXPIRY_MARGIN_MS > now) return grant;
    let pending = refreshing.get(grant.consentId);
    if (!pending) {
      pending = (async () => {
        const tokens = await this.client.refresh(grant.refreshToken).catch((error: unknown) => {
          // A refresh token Akoya no longer takes (spent, expired, revoked: 400 or 401) means the consent is gone.
          if (error instanceof AkoyaApiError && error.httpStatus < 500 && error.httpStatus !== 429)
            throw consentLost(error.akoyaMessage, error.code);
          throw error;
        });
        const next = grantFromTokens(tokens, grant, now);
        await this.store(grant.consentId, accessTokenOfGrant(next));
        return next;
      })().finally(() => refreshing.delete(grant.consentId));
      refreshing.set(grant.consentId, pending);
    }
    return pending;
  }

  async fetch(request: FetchRequest): Promise<ProviderSnapshot> {
    try {
      return await this.withGrant(request.accessToken, request.now, (grant) => this.snapshot(grant, request));
    } catch (error) {
      throw translateAkoyaFailure(error);
    }
  }

  /**
   * Runs `work` with a fresh grant; an id_token Akoya refuses before its time (401) gets one
   * forced refresh and a second try — only a refused refresh means the consent is gone.
   */
  private async withGrant<T>(
    accessToken: string,
    now: Date,
    work: (grant: AkoyaGrant) => Promise<T>,
  ): Promise<T> {
    const grant = await this.freshGrant(accessToken, now.getTime());
    try {
      return await work(grant);
    } catch (error) {
      if (!(error instanceof AkoyaApiError && error.httpStatus === 401)) throw error;
      // From the grant in hand, not the one asked with: if its refresh just rotated the refresh
      // token, the one in `accessToken` is spent, and Akoya would refuse it (400) as a lost consent.
      return work(await this.freshGrant(accessTokenOfGrant(grant), now.getTime(), true));
    }
  }

  private async accountsOf(grant: AkoyaGrant, now: Date, record?: Recorder): Promise<ProviderAccount[]> {
    const { accounts = [] } = await this.client.balances(grant.providerId, grant.idToken);
    const mapped: ProviderAccount[] = [];
    for (const wrapper of accounts) {
      const account = accountOf(wrapper, now);
      if (!account) continue;
      mapped.push(account);
      record?.({
        record: { kind: "accounts", accountExternalId: account.externalId },
        path: `/balances/v2/${grant.providerId}`,
        body: wrapper,
      });
    }
    return mapped;
  }

  private async snapshot(grant: AkoyaGrant, request: FetchRequest): Promise<ProviderSnapshot> {
    const wants = (product: Product) => request.products.includes(product);
    const documents: ProviderDocument[] = [];
    const record: Recorder = (document) =>
      documents.push({ ...document, host: this.host, requestId: null, receivedAt: request.now });
    const accounts = await this.accountsOf(grant, request.now, record);

    if (wants("ACCOUNT_NUMBERS")) {
      for (const account of accounts) {
        if (account.kind !== "DEPOSITORY") continue;
        const { paymentNetworks = [] } = await this.client.paymentNetworks(
          grant.providerId,
          account.externalId,
          grant.idToken,
        );
        const ach = paymentNetworks.find((n) => n.type?.startsWith("US_ACH") && n.bankId && n.identifier);
        if (ach) account.achNumbers = { number: ach.identifier!, routing: ach.bankId!, wireRouting: null };
      }
    }
    if (wants("ACCOUNT_OWNERS")) {
      const { customer } = await this.client.customer(grant.providerId, grant.idToken);
      if (customer) {
        for (const account of accounts) account.owners = [ownerOf(customer)];
        record({
          record: { kind: "connections" },
          path: `/customers/v2/${grant.providerId}/current`,
          body: customer,
        });
      }
    }
    const transactions: ProviderTransaction[] = [];
    if (wants("ACCOUNT_BALANCES_AND_TRANSACTIONS")) {
      for (const account of accounts) {
        transactions.push(...(await this.transactionsIn(grant, account.externalId, request.window, record)));
      }
    }
    const holdings: ProviderHolding[] = [];
    if (wants("INVESTMENTS") && accounts.some((a) => a.kind === "INVESTMENT")) {
      const { accounts: detailed = [] } = await this.client.accountsWithDetails(
        grant.providerId,
        grant.idToken,
      );
      for (const wrapper of detailed) {
        const unwrapped = unwrapAccount(wrapper);
        // accountId is optional in FDX: holdings of an account without one belong to no account.
        if (unwrapped?.kind !== "INVESTMENT" || !unwrapped.account.accountId) continue;
        for (const holding of unwrapped.account.holdings ?? []) {
          const mapped = holdingOf(unwrapped.account.accountId, holding, request.now);
          if (!mapped) continue;
          holdings.push(mapped);
          record({
            record: {
              kind: "holdings",
              accountExternalId: mapped.accountExternalId,
              securityIsin: mapped.security.isin,
            },
            path: `/accounts/v2/${grant.providerId}`,
            body: holding,
          });
        }
      }
    }
    return { accounts, transactions, holdings, statements: [], documents };
  }

  /**
   * An account's transactions dated in the window: the first page asked for by window and limit,
   * then each links.next exactly as Akoya gives it, until there is none. Akoya's offsets are the
   * data provider's (opaque tokens, pages smaller than asked, or no offset at all), so Weft never
   * makes one. A link already followed, or a page that brings no transaction not seen before (a
   * provider that ignores its own offset), ends the paging rather than looping.
   */
  private async transactionsIn(grant: AkoyaGrant, accountId: string, window: DateWindow, record: Recorder) {
    const transactions: ProviderTransaction[] = [];
    const seen = new Set<string>();
    const followed = new Set<string>();
    let page = await this.client.transactions(grant.providerId, accountId, grant.idToken, {
      startTime: `${window.startOn}T00:00:00Z`,
      endTime: `${window.endOn}T23:59:59Z`,
      limit: TRANSACTIONS_PAGE_SIZE,
    });
    for (;;) {
      let added = 0;
      for (const wrapper of page.transactions ?? []) {
        const transaction = transactionOf(wrapper, accountId);
        if (!transaction || seen.has(transaction.externalId)) continue;
        seen.add(transaction.externalId);
        added += 1;
        transactions.push(transaction);
        record({
          record: {
            kind: "transactions",
            accountExternalId: transaction.accountExternalId,
            externalId: transaction.externalId,
          },
          path: `/transactions/v2/${grant.providerId}/${accountId}`,
          body: wrapper,
        });
      }
      const href = page.links?.next?.href;
      if (!href || added === 0) return transactions;
      const next = this.client.linkUrl(href);
      if (followed.has(next.href)) return transactions;
      followed.add(next.href);
      page = await this.client.transactionsAt(next, grant.idToken);
    }
  }

  async listAccounts(request: { accessToken: string; products: readonly Product[]; now: Date }) {
    try {
      return await this.withGrant(request.accessToken, request.now, (grant) =>
        this.accountsOf(grant, request.now),
      );
    } catch (error) {
      throw translateAkoyaFailure(error);
    }
  }

  /** Akoya's balances come straight from the institution on each call. */
  async refreshBalance(request: {
    accessToken: string;
    accountExternalId: string;
    now: Date;
  }): Promise<ProviderBalance> {
    const accounts = await this.listAccounts({ ...request, products: [] });
    const account = accounts.find((a) => a.externalId === request.accountExternalId);
    if (!account) throw new Error(`Akoya returned no account ${request.accountExternalId}`);
    return account.balance;
  }

  /** Statements are not among the FDX resources Weft reads from Akoya. */
  async listStatements() {
    return [];
  }

  async statementPdf(): Promise<Uint8Array> {
    throw new Error("Akoya statements are not read by Weft");
  }

  /** Revokes the consent's refresh token at Akoya; one Akoya no longer knows is already gone. */
  async revoke(request: { accessToken: string }): Promise<void> {
    const grant = grantOf(request.accessToken);
    try {
      await this.client.revoke(grant.refreshToken);
    } catch (error) {
      if (!(error instanceof AkoyaApiError && error.httpStatus < 500)) throw translateAkoyaFailure(error);
    }
  }
}
