import type {
  AccountOwnerResponse,
  AccountResponse,
  InvestmentHoldingResponse,
  MemberResponse,
  PaginationResponse,
  TransactionResponse,
} from "mx-platform-node";
import type { Product } from "../../db/schema/index.ts";
import type { MxSettings } from "../../modules/integrations/service.ts";
import type {
  DataProvider,
  DateWindow,
  FetchRequest,
  ProviderAccount,
  ProviderBalance,
  ProviderDocument,
  ProviderSnapshot,
  ProviderStatement,
} from "../types.ts";
import { ProviderNotReady } from "../types.ts";
import { callMx, MxApiError, type MxClient, MxUnreachableError, mxClient } from "./client.ts";
import {
  accountOf,
  achNumbersOf,
  balanceOf,
  holdingOf,
  memberStatusError,
  ownerOf,
  providerErrorOf,
  statementPeriodOf,
  transactionDayOf,
  transactionOf,
} from "./mapping.ts";

/** Largest pages MX serves: 1,000 transactions, 100 of anything else. */
export const TRANSACTIONS_PAGE_SIZE = 1000;
export const PAGE_SIZE = 100;

/** How soon a balance refresh looks again while MX checks (MX's jobs take seconds). */
const BALANCE_CHECK_POLL_SECONDS = 5;

/** MX's member jobs beyond aggregation, in the order a connection starts them. */
export const MX_JOB_ORDER = ["extend_history", "verify", "identify", "fetch_statements"] as const;
export type MxJob = (typeof MX_JOB_ORDER)[number];

/**
 * What identifies an MX connection: its user and member, and the member jobs it still has to
 * start. MX needs no per-member secret (the environment's keys reach every member), so this is
 * the connection's "access token", stored encrypted like any provider token; a sync that starts
 * a job hands back the rest as a rotated token. MX runs one job at a time on a member (409 for
 * another), so each sync starts at most one, when the member is idle.
 */
export type MxMemberRef = { userGuid: string; memberGuid: string; pendingJobs: readonly MxJob[] };

export const accessTokenOf = (ref: MxMemberRef) =>
  [ref.userGuid, ref.memberGuid, ...(ref.pendingJobs.length ? [ref.pendingJobs.join(",")] : [])].join(":");

const isJob = (value: string): value is MxJob => (MX_JOB_ORDER as readonly string[]).includes(value);

export function memberRefOf(accessToken: string): MxMemberRef {
  const [userGuid, memberGuid, jobs, ...rest] = accessToken.split(":");
  const pendingJobs = jobs ? jobs.split(",") : [];
  if (!userGuid || !memberGuid || rest.length > 0 || !pendingJobs.every(isJob))
    throw new Error("Not an MX member reference");
  return { userGuid, memberGuid, pendingJobs: pendingJobs as MxJob[] };
}

/** MX's failures as the contract's: ProviderError (status) or ProviderRateLimited (retry). */
export function translateMxFailure(error: unknown): unknown {
  if (error instanceof MxApiError || error instanceof MxUnreachableError) return providerErrorOf(error);
  return error;
}

type Recorder = (document: Omit<ProviderDocument, "host" | "receivedAt">) => void;

type Page<T> = { items: T[]; pagination?: PaginationResponse | undefined };

/** Every page of a paged MX list. */
async function allPages<T>(fetchPage: (page: number) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await fetchPage(page);
    items.push(...answer.items);
    const totalPages = answer.pagination?.total_pages ?? 1;
    if (page >= totalPages || answer.items.length === 0) return items;
  }
}

/**
 * One environment's MX: the DataProvider contract over MX's official client. A connection is an
 * MX member; a sync reads what MX aggregated (MX aggregates in the background and on webhooks'
 * occasions), and every raw answer is kept as a remote-data document keyed by MX's host and the
 * endpoint path it came from.
 */
export class MxProvider implements DataProvider {
  readonly name = "MX" as const;
  readonly client: MxClient;
  readonly host: string;

  constructor(settings: MxSettings) {
    this.client = mxClient(settings);
    this.host = new URL(settings.basePath).host;
  }

  async fetch(request: FetchRequest): Promise<ProviderSnapshot> {
    try {
      return await this.snapshot(request);
    } catch (error) {
      throw translateMxFailure(error);
    }
  }

  /** The member, refused with its mapped status when it cannot sync. */
  async member(ref: MxMemberRef): Promise<MemberResponse> {
    const answer = await callMx(() => this.client.members.readMember(ref.memberGuid, ref.userGuid));
    return answer.member ?? {};
  }

  private async snapshot(request: FetchRequest): Promise<ProviderSnapshot> {
    const ref = memberRefOf(request.accessToken);
    const { userGuid, memberGuid } = ref;
    const base = `/users/${userGuid}/members/${memberGuid}`;
    const documents: ProviderDocument[] = [];
    const record: Recorder = (document) =>
      documents.push({ ...document, host: this.host, receivedAt: request.now });
    const wants = (product: Product) => request.products.includes(product);

    const member = await this.member(ref);
    record({ record: { kind: "connections" }, path: base, body: member, requestId: null });
    const problem = memberStatusError(member.connection_status, member.connection_status_message);
    if (problem) throw problem;
    const pendingJobs = member.is_being_aggregated ? ref.pendingJobs : await this.startNextJob(ref);

    const accounts = new Map<string, ProviderAccount>();
    for (const account of await this.memberAccounts(ref)) {
      if (!account.guid) continue;
      accounts.set(account.guid, accountOf(account, request.now));
      record({
        record: { kind: "accounts", accountExternalId: account.guid },
        path: `${base}/accounts`,
        body: account,
        requestId: null,
      });
    }

    if (wants("ACCOUNT_NUMBERS")) {
      const numbers = await allPages(async (page) => {
        const answer = await callMx(() =>
          this.client.accounts.listAccountNumbersByMember(memberGuid, userGuid, page, PAGE_SIZE),
        );
        return { items: answer.account_numbers ?? [], pagination: answer.pagination };
      });
      for (const entry of numbers) {
        const account = accounts.get(entry.account_guid ?? "");
        const ach = achNumbersOf(entry);
        if (account && ach && account.kind === "DEPOSITORY") account.achNumbers = ach;
      }
    }

    if (wants("ACCOUNT_OWNERS")) {
      const owners = await allPages(async (page) => {
        const answer = await callMx(() =>
          this.client.accounts.listAccountOwnersByMember(memberGuid, userGuid, page, PAGE_SIZE),
        );
        return { items: answer.account_owners ?? [], pagination: answer.pagination };
      });
      const byAccount = new Map<string, AccountOwnerResponse[]>();
      for (const owner of owners) {
        const list = byAccount.get(owner.account_guid ?? "") ?? [];
        list.push(owner);
        byAccount.set(owner.account_guid ?? "", list);
      }
      for (const [accountGuid, list] of byAccount) {
        const account = accounts.get(accountGuid);
        if (account) account.owners = list.map(ownerOf);
      }
    }

    const transactions = wants("ACCOUNT_BALANCES_AND_TRANSACTIONS")
      ? await this.transactionsIn(ref, request.window, record)
      : [];
    const holdings = wants("INVESTMENTS") ? await this.holdingsOf(ref) : [];
    const statements = wants("ACCOUNT_STATEMENTS") ? await this.statementsOf(ref, request.now) : [];

    return {
      ...(pendingJobs !== ref.pendingJobs && { rotatedAccessToken: accessTokenOf({ ...ref, pendingJobs }) }),
      // Right after Connect, MX is still aggregating the member for the first time: what it has
      // pulled so far is not the history yet (MX: poll until is_being_aggregated turns false).
      ...(member.is_being_aggregated &&
        !member.successfully_aggregated_at && { historyPulled: "NONE" as const }),
      accounts: [...accounts.values()],
      transactions: transactions.map(transactionOf),
      holdings: holdings.flatMap((h) => holdingOf(h, request.now) ?? []),
      statements,
      documents,
    };
  }

  /**
   * Starts the first pending job on an idle member: the jobs left after it. A job MX refuses for
   * now (409: another runs) stays first; one MX cannot run for this member (400: the institution
   * does not support it) is dropped.
   */
  private async startNextJob(ref: MxMemberRef): Promise<readonly MxJob[]> {
    const [job, ...rest] = ref.pendingJobs;
    if (!job) return ref.pendingJobs;
    const { memberGuid, userGuid } = ref;
    const start: Record<MxJob, () => Promise<{ data: unknown }>> = {
      extend_history: () => this.client.transactions.extendHistory(memberGuid, userGuid),
      verify: () => this.client.members.verifyMember(memberGuid, userGuid),
      identify: () => this.client.members.identifyMember(memberGuid, userGuid),
      fetch_statements: () => this.client.statements.fetchStatements(memberGuid, userGuid),
    };
    try {
      await callMx(start[job]);
      return rest;
    } catch (error) {
      if (error instanceof MxApiError && error.httpStatus === 409) return ref.pendingJobs;
      if (error instanceof MxApiError && error.httpStatus === 400) return rest;
      throw error;
    }
  }

  private async memberAccounts(ref: MxMemberRef): Promise<AccountResponse[]> {
    return allPages(async (page) => {
      const answer = await callMx(() =>
        this.client.accounts.listMemberAccounts(ref.userGuid, ref.memberGuid, undefined, page, PAGE_SIZE),
      );
      return { items: answer.accounts ?? [], pagination: answer.pagination };
    });
  }

  /** The member's transactions dated in the window, 1,000 a page. */
  private async transactionsIn(
    ref: MxMemberRef,
    window: DateWindow,
    record: Recorder,
  ): Promise<TransactionResponse[]> {
    const path = `/users/${ref.userGuid}/members/${ref.memberGuid}/transactions`;
    const transactions = await allPages(async (page) => {
      const answer = await callMx(() =>
        this.client.transactions.listTransactionsByMember(
          ref.memberGuid,
          ref.userGuid,
          page,
          TRANSACTIONS_PAGE_SIZE,
          window.startOn,
          window.endOn,
        ),
      );
      return { items: answer.transactions ?? [], pagination: answer.pagination };
    });
    // One MX names no day of (no date, transacted_at or posted_at that is one) cannot be filed.
    const kept = transactions.filter((t) => t.guid && t.account_guid && transactionDayOf(t));
    for (const t of kept) {
      record({
        record: { kind: "transactions", accountExternalId: t.account_guid!, externalId: t.guid! },
        path,
        body: t,
        requestId: null,
      });
    }
    return kept;
  }

  private async holdingsOf(ref: MxMemberRef): Promise<InvestmentHoldingResponse[]> {
    const holdings = await allPages(async (page) => {
      const answer = await callMx(() =>
        this.client.holdings.listHoldingsByMember(ref.memberGuid, ref.userGuid, page, PAGE_SIZE),
      );
      return { items: answer.investment_holdings ?? [], pagination: answer.pagination };
    });
    return holdings.filter((h) => h.account_guid);
  }

  private async statementsOf(ref: MxMemberRef, now: Date): Promise<ProviderStatement[]> {
    const statements = await allPages(async (page) => {
      const answer = await callMx(() =>
        this.client.statements.listStatementsByMember(ref.memberGuid, ref.userGuid, page, PAGE_SIZE),
      );
      return { items: answer.statements ?? [], pagination: answer.pagination };
    });
    // MX names no period, so the window cannot choose: every statement MX fetched is listed (MX
    // keeps what its last fetch_statements brought), dated by when MX fetched it.
    return statements.flatMap((statement) => {
      const period = statementPeriodOf(statement.created_at, now);
      if (!statement.guid || !statement.account_guid || !period) return [];
      return [{ accountExternalId: statement.account_guid, externalId: statement.guid, ...period }];
    });
  }

  async listAccounts(request: { accessToken: string; products: readonly Product[]; now: Date }) {
    try {
      const accounts = await this.memberAccounts(memberRefOf(request.accessToken));
      return accounts.filter((a) => a.guid).map((a) => accountOf(a, request.now));
    } catch (error) {
      throw translateMxFailure(error);
    }
  }

  /**
   * The account's balance once MX has checked it. MX's balance check (check_balance) runs in the
   * background: the first attempt starts it and answers ProviderNotReady, as does every attempt
   * while a job runs on the member; the first one after reads the account.
   */
  async refreshBalance(request: {
    accessToken: string;
    accountExternalId: string;
    now: Date;
    attempt: number;
  }): Promise<ProviderBalance> {
    const ref = memberRefOf(request.accessToken);
    try {
      if (request.attempt === 1) {
        await callMx(() => this.client.members.checkBalances(ref.memberGuid, ref.userGuid)).catch((error) => {
          // 202: a check already runs; 409: another job runs, which aggregates the balances too.
          if (!(error instanceof MxApiError && [202, 409].includes(error.httpStatus))) throw error;
        });
        throw new ProviderNotReady("MX is checking the balance", BALANCE_CHECK_POLL_SECONDS);
      }
      if ((await this.member(ref)).is_being_aggregated)
        throw new ProviderNotReady("MX is still checking the balance", BALANCE_CHECK_POLL_SECONDS);
      const answer = await callMx(() =>
        this.client.accounts.readAccountByMember(request.accountExternalId, ref.memberGuid, ref.userGuid),
      );
      if (!answer.account) throw new Error(`MX returned no account ${request.accountExternalId}`);
      return balanceOf(answer.account, request.now);
    } catch (error) {
      throw translateMxFailure(error);
    }
  }

  async listStatements(request: { accessToken: string; window: DateWindow; now: Date }) {
    try {
      return await this.statementsOf(memberRefOf(request.accessToken), request.now);
    } catch (error) {
      throw translateMxFailure(error);
    }
  }

  async statementPdf(request: { accessToken: string; statementExternalId: string }): Promise<Uint8Array> {
    const ref = memberRefOf(request.accessToken);
    try {
      const bytes = await callMx(() =>
        this.client.statements.downloadStatementPDF(
          ref.memberGuid,
          request.statementExternalId,
          ref.userGuid,
          {
            responseType: "arraybuffer",
            headers: { Accept: "application/vnd.mx.api.v1+pdf" },
          },
        ),
      );
      return new Uint8Array(bytes as unknown as ArrayBuffer);
    } catch (error) {
      throw translateMxFailure(error);
    }
  }

  /** Deletes the member at MX; a member MX no longer knows is already gone. */
  async revoke(request: { accessToken: string }): Promise<void> {
    const ref = memberRefOf(request.accessToken);
    try {
      await callMx(() => this.client.members.deleteMember(ref.memberGuid, ref.userGuid));
    } catch (error) {
      if (!(error instanceof MxApiError && error.httpStatus === 404)) throw translateMxFailure(error);
    }
  }
}
