import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { Browser, type BrowserFrame, type HTMLButtonElement, type HTMLInputElement } from "happy-dom";
import {
  AccountsApi,
  Configuration,
  InstitutionsApi,
  InvestmentHoldingsApi,
  MembersApi,
  ProcessorTokenApi,
  StatementsApi,
  type TransactionIncludesResponse,
  TransactionsApi,
  UsersApi,
  type WidgetRequest,
  WidgetsApi,
} from "mx-platform-node";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type MxStandIn, startMxStandIn } from "./stand-in.ts";

/**
 * The stand-in is driven only through MX's official client, mx-platform-node (plus plain fetch, and
 * a happy-dom page for the Connect widget), and its bodies are held against the client's own type
 * declarations: every declared field present, none undeclared, so that a field the stand-in misnames
 * or forgets fails here rather than in Weft's adapter tests.
 */

const ACCEPT = "application/vnd.mx.api.v1+json";
const START = new Date("2025-06-15T12:00:00Z");

let clock = new Date(START);
let standIn: MxStandIn;
let users: UsersApi;
let members: MembersApi;
let accounts: AccountsApi;
let transactions: TransactionsApi;
let holdings: InvestmentHoldingsApi;
let statements: StatementsApi;
let widgets: WidgetsApi;
let institutions: InstitutionsApi;

/** mx-platform-node sends no Accept header of its own: MX's versioned one goes in baseOptions. */
function configuration(
  username: string,
  password: string,
  headers: Record<string, string> = { Accept: ACCEPT },
): Configuration {
  return new Configuration({ basePath: standIn.url, username, password, baseOptions: { headers } });
}

beforeAll(async () => {
  standIn = await startMxStandIn({ now: () => clock });
  const config = configuration(standIn.clientId, standIn.apiKey);
  users = new UsersApi(config);
  members = new MembersApi(config);
  accounts = new AccountsApi(config);
  transactions = new TransactionsApi(config);
  holdings = new InvestmentHoldingsApi(config);
  statements = new StatementsApi(config);
  widgets = new WidgetsApi(config);
  institutions = new InstitutionsApi(config);
});

beforeEach(() => {
  clock = new Date(START);
});

afterAll(async () => {
  await standIn.close();
});

type MxFailure = { status: number; data: { error?: { message?: string } }; headers: Record<string, unknown> };

/** The official client throws axios errors; what matters is the HTTP status and MX's error body. */
async function failure(call: Promise<unknown>): Promise<MxFailure> {
  try {
    await call;
  } catch (error) {
    const response = (error as { response?: MxFailure }).response;
    if (response) return { status: response.status, data: response.data, headers: response.headers };
    throw error;
  }
  throw new Error("expected the MX call to fail");
}

async function expectMxError(call: Promise<unknown>, status: number): Promise<MxFailure> {
  const answer = await failure(call);
  expect(answer.status).toBe(status);
  expect(typeof answer.data.error?.message).toBe("string");
  return answer;
}

// The official client's declarations (node_modules/mx-platform-node/dist/api.d.ts) are the reference for field names.
const API_TYPES = readFileSync(
  join(dirname(createRequire(import.meta.url).resolve("mx-platform-node")), "api.d.ts"),
  "utf8",
);

function declaredFields(name: string): string[] {
  const start = API_TYPES.indexOf(`export interface ${name} {`);
  if (start < 0) throw new Error(`api.d.ts declares no interface ${name}`);
  const block = API_TYPES.slice(start, API_TYPES.indexOf("\n}", start));
  return [...block.matchAll(/^ {4}'?([A-Za-z0-9_ ]+)'?\??:/gm)].map((field) => field[1]!);
}

/** MX's client declares every field optional; the stand-in fills every one (null when it has nothing). */
function expectShape(value: unknown, name: string, except: string[] = []): void {
  const declared = declaredFields(name).filter((field) => !except.includes(field));
  expect(Object.keys(value as object).sort(), `${name} fields`).toEqual(declared.sort());
}

let userCount = 0;

async function newUser(): Promise<string> {
  userCount += 1;
  const { data } = await users.createUser({
    user: { id: `weft-user-${userCount}`, email: `u${userCount}@weft.test` },
  });
  return data.user!.guid!;
}

async function allTransactions(
  list: (
    page: number,
  ) => Promise<{ data: { transactions?: TransactionIncludesResponse[]; pagination?: object } }>,
): Promise<TransactionIncludesResponse[]> {
  const collected: TransactionIncludesResponse[] = [];
  for (let page = 1; ; page++) {
    const { data } = await list(page);
    collected.push(...data.transactions!);
    const pagination = data.pagination as { total_pages: number };
    if (page >= pagination.total_pages) return collected;
  }
}

const DAY = 86_400_000;

function dateDaysBefore(date: Date, days: number): string {
  return new Date(date.getTime() - days * DAY).toISOString().slice(0, 10);
}

describe("users", () => {
  it("creates, lists, reads, updates and deletes users; a second user with the same id is a 409", async () => {
    const created = await users.createUser({
      user: { id: "weft-u-1", email: "one@weft.test", metadata: "{}" },
    });
    expect(created.status).toBe(200);
    expectShape(created.data.user, "UserResponse");
    const guid = created.data.user!.guid!;
    expect(guid).toMatch(/^USR-[0-9a-f-]{36}$/);
    expect(created.data.user).toMatchObject({ id: "weft-u-1", email: "one@weft.test", is_disabled: false });

    await expectMxError(users.createUser({ user: { id: "weft-u-1" } }), 409);
    await expectMxError(users.createUser({ user: {} }), 400);

    const byId = await users.listUsers(undefined, undefined, "weft-u-1");
    expect(byId.data.users!.map((user) => user.guid)).toEqual([guid]);
    expect(byId.data.pagination).toEqual({ current_page: 1, per_page: 25, total_entries: 1, total_pages: 1 });
    expect((await users.listUsers(undefined, undefined, "nobody")).data.users).toEqual([]);

    expect((await users.readUser(guid)).data.user!.id).toBe("weft-u-1");
    const updated = await users.updateUser(guid, { user: { email: "renamed@weft.test" } });
    expect(updated.data.user!.email).toBe("renamed@weft.test");

    const deleted = await users.deleteUser(ACCEPT, guid);
    expect(deleted.status).toBe(204);
    await expectMxError(users.readUser(guid), 404);
    // Its id is free again.
    expect((await users.createUser({ user: { id: "weft-u-1" } })).status).toBe(200);
  });
});

describe("authentication and versioning", () => {
  it("answers 401 with MX's error body for a wrong API key or client id, and for none", async () => {
    const wrongKey = new UsersApi(configuration(standIn.clientId, "not-the-key"));
    const answer = await expectMxError(wrongKey.listUsers(), 401);
    expect(answer.data).toEqual({ error: { message: expect.any(String) } });
    await expectMxError(new UsersApi(configuration("someone-else", standIn.apiKey)).listUsers(), 401);
    const anonymous = await fetch(`${standIn.url}/users`, { headers: { Accept: ACCEPT } });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: { message: expect.any(String) } });
  });

  it("answers 406 when the request does not ask for MX's versioned media type", async () => {
    const unversioned = new UsersApi(configuration(standIn.clientId, standIn.apiKey, {}));
    await expectMxError(unversioned.listUsers(), 406);
    const plainJson = new UsersApi(
      configuration(standIn.clientId, standIn.apiKey, { Accept: "application/json" }),
    );
    await expectMxError(plainJson.listUsers(), 406);
  });

  it("answers 404 for an unknown path and 405 for a known one with another method", async () => {
    const headers = {
      Accept: ACCEPT,
      Authorization: `Basic ${Buffer.from(`${standIn.clientId}:${standIn.apiKey}`).toString("base64")}`,
    };
    expect((await fetch(`${standIn.url}/nothing/here`, { headers })).status).toBe(404);
    expect((await fetch(`${standIn.url}/users`, { method: "PATCH", headers })).status).toBe(405);
  });
});

describe("members, accounts and their status", () => {
  it("lists and reads members, their status and accounts", async () => {
    const userGuid = await newUser();
    const { memberGuid, accountGuids } = standIn.createMember(userGuid);
    expect(accountGuids).toHaveLength(3);

    const list = await members.listMembers(userGuid);
    expect(list.data.members!.map((member) => member.guid)).toEqual([memberGuid]);
    const member = list.data.members![0]!;
    expectShape(member, "MemberResponse");
    expect(member).toMatchObject({
      connection_status: "CONNECTED",
      institution_code: "mxbank",
      name: "MX Bank",
      is_being_aggregated: false,
      user_guid: userGuid,
      aggregated_at: "2025-06-15T12:00:00Z",
      successfully_aggregated_at: "2025-06-15T12:00:00Z",
    });
    expect((await members.readMember(memberGuid, userGuid)).data.member).toEqual(member);

    const status = await members.readMemberStatus(memberGuid, userGuid);
    expectShape(status.data.member, "MemberStatusResponse");
    expect(status.data.member).toMatchObject({
      connection_status: "CONNECTED",
      is_authenticated: true,
      has_processed_accounts: true,
      has_processed_transactions: true,
      has_processed_account_numbers: false,
      challenges: [],
    });

    const byMember = await accounts.listMemberAccounts(userGuid, memberGuid);
    expect(byMember.data.accounts!.map((account) => account.guid)).toEqual(accountGuids);
    for (const account of byMember.data.accounts!) expectShape(account, "AccountResponse");
    expect(byMember.data.accounts!.map((account) => account.type)).toEqual([
      "CHECKING",
      "SAVINGS",
      "CREDIT_CARD",
    ]);
    const card = byMember.data.accounts![2]!;
    expect(card.credit_limit).toBe(5000);
    expect(card.available_credit).toBeCloseTo(5000 - card.balance!, 2);
    expect(byMember.data.accounts![0]!.account_number).toMatch(/^\d{4}$/);

    const byUser = await accounts.listUserAccounts(userGuid);
    expect(byUser.data.accounts!.map((account) => account.guid)).toEqual(accountGuids);
    const one = await accounts.readAccount(accountGuids[0]!, userGuid);
    expect(one.data.account).toEqual(byMember.data.accounts![0]);
    const viaMember = await accounts.readAccountByMember(accountGuids[1]!, memberGuid, userGuid);
    expect(viaMember.data.account!.member_guid).toBe(memberGuid);
  });

  it("runs an aggregation as a job: 202 and is_being_aggregated, finished at the next status read", async () => {
    const userGuid = await newUser();
    const { memberGuid } = standIn.createMember(userGuid);
    clock = new Date(START.getTime() + 3_600_000);

    const started = await members.aggregateMember(memberGuid, userGuid);
    expect(started.status).toBe(202);
    expectShape(started.data.member, "MemberResponse");
    expect(started.data.member).toMatchObject({
      is_being_aggregated: true,
      aggregated_at: "2025-06-15T13:00:00Z",
      successfully_aggregated_at: "2025-06-15T12:00:00Z",
    });
    expect(started.data.member!.most_recent_job_guid).toMatch(/^JOB-/);
    // The same job again is accepted without a new one; another type while it runs is a conflict.
    const again = await members.aggregateMember(memberGuid, userGuid);
    expect(again.status).toBe(202);
    expect(again.data.member!.most_recent_job_guid).toBe(started.data.member!.most_recent_job_guid);
    await expectMxError(members.verifyMember(memberGuid, userGuid), 409);

    clock = new Date(START.getTime() + 3_660_000);
    const status = await members.readMemberStatus(memberGuid, userGuid);
    expect(status.data.member).toMatchObject({
      is_being_aggregated: false,
      successfully_aggregated_at: "2025-06-15T13:01:00Z",
    });
    expect((await members.verifyMember(memberGuid, userGuid)).status).toBe(200);
  });

  it("deletes a member: 204, then 404, and its data leaves the user's lists", async () => {
    const userGuid = await newUser();
    const kept = standIn.createMember(userGuid);
    const gone = standIn.createMember(userGuid);
    expect((await members.deleteMember(gone.memberGuid, userGuid)).status).toBe(204);
    expect(standIn.member(gone.memberGuid)).toMatchObject({ deleted: true, userGuid });

    await expectMxError(members.readMember(gone.memberGuid, userGuid), 404);
    await expectMxError(members.readMemberStatus(gone.memberGuid, userGuid), 404);
    await expectMxError(transactions.listTransactionsByMember(gone.memberGuid, userGuid), 404);
    await expectMxError(accounts.readAccount(gone.accountGuids[0]!, userGuid), 404);
    expect((await members.listMembers(userGuid)).data.members!.map((member) => member.guid)).toEqual([
      kept.memberGuid,
    ]);
    const all = await transactions.listTransactions(userGuid, 1, 1000);
    expect(new Set(all.data.transactions!.map((transaction) => transaction.member_guid))).toEqual(
      new Set([kept.memberGuid]),
    );
    expect((await accounts.listUserAccounts(userGuid)).data.accounts).toHaveLength(3);
  });

  it("answers 404 for unknown users, members, accounts and statements, and for another user's member", async () => {
    const userGuid = await newUser();
    const otherGuid = await newUser();
    const { memberGuid } = standIn.createMember(userGuid);
    await expectMxError(users.readUser("USR-00000000-0000-0000-0000-000000000000"), 404);
    await expectMxError(members.listMembers("USR-00000000-0000-0000-0000-000000000000"), 404);
    await expectMxError(members.readMember("MBR-00000000-0000-0000-0000-000000000000", userGuid), 404);
    await expectMxError(members.readMember(memberGuid, otherGuid), 404);
    await expectMxError(accounts.readAccount("ACT-00000000-0000-0000-0000-000000000000", userGuid), 404);
    await expectMxError(
      transactions.listTransactionsByAccount("ACT-00000000-0000-0000-0000-000000000000", userGuid),
      404,
    );
    await expectMxError(
      statements.readStatementByMember(memberGuid, "STA-00000000-0000-0000-0000-000000000000", userGuid),
      404,
    );
  });
});

describe("connection statuses", () => {
  it("serves a DENIED member's aggregated data; aggregating it is accepted but changes nothing", async () => {
    const userGuid = await newUser();
    const { memberGuid } = standIn.createMember(userGuid);
    standIn.setConnectionStatus(memberGuid, "DENIED");
    expect(standIn.member(memberGuid)!.connectionStatus).toBe("DENIED");

    const member = (await members.readMember(memberGuid, userGuid)).data.member!;
    expect(member).toMatchObject({ connection_status: "DENIED", needs_updated_credentials: true });
    expect(member.connection_status_message).toMatch(/credentials/);
    expect((await members.readMemberStatus(memberGuid, userGuid)).data.member!.is_authenticated).toBe(false);
    expect(
      (await transactions.listTransactionsByMember(memberGuid, userGuid)).data.transactions!.length,
    ).toBeGreaterThan(0);

    const aggregated = await members.aggregateMember(memberGuid, userGuid);
    expect(aggregated.status).toBe(202);
    expect(aggregated.data.member).toMatchObject({ connection_status: "DENIED", is_being_aggregated: false });

    for (const status of [
      "PREVENTED",
      "DEGRADED",
      "DISCONNECTED",
      "EXPIRED",
      "FAILED",
      "IMPEDED",
      "IMPAIRED",
    ]) {
      standIn.setConnectionStatus(memberGuid, status);
      expect((await members.readMember(memberGuid, userGuid)).data.member!.connection_status).toBe(status);
    }
    expect(() => standIn.setConnectionStatus(memberGuid, "BROKEN")).toThrow(/connection statuses/);
    standIn.setConnectionStatus(memberGuid, "CONNECTED");
    expect((await members.readMember(memberGuid, userGuid)).data.member!.needs_updated_credentials).toBe(
      false,
    );
  });

  it("lists a CHALLENGED member's MFA challenge and resumes with MX's test answer", async () => {
    const userGuid = await newUser();
    const { memberGuid } = standIn.createMember(userGuid);
    expect((await members.listMemberChallenges(memberGuid, userGuid)).status).toBe(204);

    standIn.setConnectionStatus(memberGuid, "CHALLENGED");
    const status = await members.readMemberStatus(memberGuid, userGuid);
    expect(status.data.member!.challenges).toHaveLength(1);
    const challenges = await members.listMemberChallenges(memberGuid, userGuid);
    expect(challenges.status).toBe(200);
    const challenge = challenges.data.challenges![0]!;
    expectShape(challenge, "ChallengeResponse");
    expect(challenge).toMatchObject({ type: "TEXT", label: "What city were you born in?" });

    const wrong = await members.resumeAggregation(memberGuid, userGuid, {
      member: { challenges: [{ guid: challenge.guid!, value: "wrong" }] },
    });
    expect(wrong.status).toBe(202);
    expect(wrong.data.member!.connection_status).toBe("REJECTED");
    const right = await members.resumeAggregation(memberGuid, userGuid, {
      member: { challenges: [{ guid: challenge.guid!, value: "correct" }] },
    });
    expect(right.data.member).toMatchObject({ connection_status: "CONNECTED", is_being_aggregated: true });
  });

  it("creates members through the API with MX's test credentials", async () => {
    const userGuid = await newUser();
    const listed = await institutions.listInstitutions();
    expect(listed.data.institutions!.map((institution) => institution.code)).toEqual([
      "mxbank",
      "mxinvestments",
    ]);
    expectShape(listed.data.institutions![0], "InstitutionResponse");
    expect((await institutions.readInstitution("mxbank")).data.institution!.name).toBe("MX Bank");
    await expectMxError(institutions.readInstitution("nobank"), 404);
    const fields = (await institutions.listInstitutionCredentials("mxbank")).data.credentials!;
    expectShape(fields[0], "CredentialResponse");
    expect(fields.map((field) => field.field_name)).toEqual(["LOGIN", "PASSWORD"]);
    // Credential guids belong to an institution: each one's are listed by /institutions/{code}/credentials.
    const guids = new Map<string, string[]>();
    for (const code of ["mxbank", "mxinvestments"]) {
      const listedFields = (await institutions.listInstitutionCredentials(code)).data.credentials!;
      guids.set(
        code,
        ["LOGIN", "PASSWORD"].map((name) => listedFields.find((field) => field.field_name === name)!.guid!),
      );
    }
    const credentials = (code: string, username: string, password: string) => [
      { guid: guids.get(code)![0]!, value: username },
      { guid: guids.get(code)![1]!, value: password },
    ];

    const connected = await members.createMember(userGuid, {
      member: { institution_code: "mxbank", credentials: credentials("mxbank", "mxuser", "password") },
    });
    expect(connected.status).toBe(202);
    expect(connected.data.member).toMatchObject({
      connection_status: "CONNECTED",
      is_being_aggregated: true,
    });
    const connectedGuid = connected.data.member!.guid!;
    expect((await members.readMemberStatus(connectedGuid, userGuid)).data.member!.is_being_aggregated).toBe(
      false,
    );
    expect((await accounts.listMemberAccounts(userGuid, connectedGuid)).data.accounts).toHaveLength(3);
    await expectMxError(
      members.createMember(userGuid, {
        member: { institution_code: "mxbank", credentials: credentials("mxbank", "mxuser", "password") },
      }),
      409,
    );

    const challenged = await members.createMember(userGuid, {
      member: {
        institution_code: "mxinvestments",
        credentials: credentials("mxinvestments", "mxuser", "challenge"),
      },
    });
    expect(challenged.data.member!.connection_status).toBe("CHALLENGED");

    const denied = await members.createMember(userGuid, {
      member: {
        institution_code: "mxinvestments",
        credentials: credentials("mxinvestments", "someone", "password"),
      },
    });
    const deniedGuid = denied.data.member!.guid!;
    expect(denied.data.member!.connection_status).toBe("DENIED");
    expect((await accounts.listMemberAccounts(userGuid, deniedGuid)).data.accounts).toEqual([]);
    const repaired = await members.updateMember(deniedGuid, userGuid, {
      member: { credentials: credentials("mxinvestments", "mxuser", "password") },
    });
    expect(repaired.data.member!.connection_status).toBe("CONNECTED");
    expect((await accounts.listMemberAccounts(userGuid, deniedGuid)).data.accounts).toHaveLength(4);
    await expectMxError(
      members.createMember(userGuid, { member: { institution_code: "mxbank", credentials: [] } }),
      400,
    );
    // mxbank's guids do not log in to another institution.
    await expectMxError(
      members.createMember(userGuid, {
        member: {
          institution_code: "mxinvestments",
          credentials: credentials("mxbank", "mxuser", "password"),
        },
      }),
      400,
    );
  });
});

describe("transactions", () => {
  it("pages with page and records_per_page, every transaction once", async () => {
    const userGuid = await newUser();
    const { memberGuid } = standIn.createMember(userGuid);
    const first = await transactions.listTransactionsByMember(memberGuid, userGuid, 1, 10);
    const pagination = first.data.pagination!;
    expect(pagination.per_page).toBe(10);
    expect(pagination.total_pages).toBe(Math.ceil(pagination.total_entries! / 10));
    expectShape(first.data.transactions![0], "TransactionResponse");

    const all = await allTransactions((page) =>
      transactions.listTransactionsByMember(memberGuid, userGuid, page, 10),
    );
    expect(all).toHaveLength(pagination.total_entries!);
    expect(new Set(all.map((transaction) => transaction.guid)).size).toBe(all.length);
    const dates = all.map((transaction) => transaction.date!);
    expect(dates).toEqual([...dates].sort().reverse());

    const beyond = await transactions.listTransactionsByMember(
      memberGuid,
      userGuid,
      pagination.total_pages! + 1,
      10,
    );
    expect(beyond.data.transactions).toEqual([]);
    // MX's range is 10 to 1000; below uses 10, above falls back to 25.
    expect(
      (await transactions.listTransactionsByMember(memberGuid, userGuid, 1, 5)).data.pagination!.per_page,
    ).toBe(10);
    expect(
      (await transactions.listTransactionsByMember(memberGuid, userGuid, 1, 5000)).data.pagination!.per_page,
    ).toBe(25);
  });

  it("fills MX's transaction fields: positive amounts, DEBIT/CREDIT, POSTED, categories, guids", async () => {
    const userGuid = await newUser();
    // Enough history that a paycheck is among the 90 days served, whatever the member's seed.
    const { memberGuid, accountGuids } = standIn.createMember(userGuid, { transactionsPerMonth: 80 });
    const all = await allTransactions((page) => transactions.listTransactions(userGuid, page, 1000));
    for (const transaction of all) {
      expect(transaction.amount).toBeGreaterThan(0);
      expect(["DEBIT", "CREDIT"]).toContain(transaction.type);
      expect(transaction.status).toBe("POSTED");
      expect(transaction.guid).toMatch(/^TRN-/);
      expect(accountGuids).toContain(transaction.account_guid);
      expect(transaction).toMatchObject({
        member_guid: memberGuid,
        user_guid: userGuid,
        currency_code: "USD",
      });
      expect(transaction.posted_at).toBe(`${transaction.date}T12:00:00Z`);
      expect(transaction.transacted_at!.slice(0, 10)).toBe(transaction.date);
      expect(transaction.is_income && transaction.is_expense).toBe(false);
      expect(typeof transaction.top_level_category).toBe("string");
    }
    expect(all.some((transaction) => transaction.is_income && transaction.type === "CREDIT")).toBe(true);
    expect(all.some((transaction) => transaction.merchant_guid?.startsWith("MCH-"))).toBe(true);

    const withIncludes = await transactions.listTransactionsByMember(
      memberGuid,
      userGuid,
      1,
      10,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      "merchants,classifications,geolocations,repeating_transactions",
    );
    expectShape(withIncludes.data.transactions![0], "TransactionIncludesResponse");
  });

  it("filters by from_date and to_date (inclusive), by member, account and user", async () => {
    const userGuid = await newUser();
    const { memberGuid, accountGuids } = standIn.createMember(userGuid);
    const everything = await allTransactions((page) =>
      transactions.listTransactionsByMember(memberGuid, userGuid, page, 1000, "2025-01-01"),
    );
    const may = await allTransactions((page) =>
      transactions.listTransactionsByMember(memberGuid, userGuid, page, 100, "2025-05-01", "2025-05-31"),
    );
    expect(may.length).toBeGreaterThan(0);
    expect(may.map((transaction) => transaction.guid)).toEqual(
      everything
        .filter((transaction) => transaction.date! >= "2025-05-01" && transaction.date! <= "2025-05-31")
        .map((transaction) => transaction.guid),
    );
    const oneDay = may[0]!.date!;
    const sameDay = await transactions.listTransactionsByMember(memberGuid, userGuid, 1, 100, oneDay, oneDay);
    expect(sameDay.data.transactions!.every((transaction) => transaction.date === oneDay)).toBe(true);
    expect(sameDay.data.transactions!.length).toBeGreaterThan(0);

    const checking = await allTransactions((page) =>
      transactions.listTransactionsByAccount(accountGuids[0]!, userGuid, page, 1000, "2025-01-01"),
    );
    expect(checking.every((transaction) => transaction.account_guid === accountGuids[0])).toBe(true);
    expect(checking.length).toBe(
      everything.filter((transaction) => transaction.account_guid === accountGuids[0]).length,
    );

    const byUser = await allTransactions((page) =>
      transactions.listTransactions(userGuid, page, 1000, "2025-01-01"),
    );
    expect(byUser.map((transaction) => transaction.guid).sort()).toEqual(
      everything.map((transaction) => transaction.guid).sort(),
    );
    await expectMxError(transactions.listTransactions(userGuid, 1, 10, "15/06/2025"), 400);
  });

  it("serves the last 90 days until extend_history, then the whole 24 months", async () => {
    const userGuid = await newUser();
    const { memberGuid } = standIn.createMember(userGuid, { transactionsPerMonth: 20 });
    const since = "2023-01-01";
    const windowStart = dateDaysBefore(START, 90);
    const before = await allTransactions((page) =>
      transactions.listTransactionsByMember(memberGuid, userGuid, page, 1000, since),
    );
    expect(before.length).toBeGreaterThan(30);
    expect(before.every((transaction) => transaction.date! >= windowStart)).toBe(true);
    // Without from_date, MX starts 120 days back.
    const defaulted = await allTransactions((page) =>
      transactions.listTransactionsByMember(memberGuid, userGuid, page, 1000),
    );
    expect(defaulted).toHaveLength(before.length);

    clock = new Date(START.getTime() + 60_000);
    const extending = await transactions.extendHistory(memberGuid, userGuid);
    expect(extending.status).toBe(202);
    expect(extending.data.member!.is_being_aggregated).toBe(true);
    expect((await members.readMemberStatus(memberGuid, userGuid)).data.member!.is_being_aggregated).toBe(
      false,
    );
    expect(standIn.member(memberGuid)!.historyExtended).toBe(true);

    const after = await allTransactions((page) =>
      transactions.listTransactionsByMember(memberGuid, userGuid, page, 1000, since),
    );
    expect(after).toHaveLength(20 * 24);
    expect(after.some((transaction) => transaction.date! < dateDaysBefore(START, 700))).toBe(true);
    const older = after.find((transaction) => transaction.date! < windowStart)!;
    expect(older.created_at).toBe("2025-06-15T12:01:00Z");
    const defaultedAfter = await allTransactions((page) =>
      transactions.listTransactionsByMember(memberGuid, userGuid, page, 1000),
    );
    expect(defaultedAfter.every((transaction) => transaction.date! >= dateDaysBefore(START, 120))).toBe(true);
  });

  it("serves transactions added later, newest first, pending ones without posted_at", async () => {
    const userGuid = await newUser();
    const { memberGuid, accountGuids } = standIn.createMember(userGuid);
    clock = new Date(START.getTime() + 2 * DAY);
    const added = standIn.addTransactions(memberGuid, 2, { pending: true, accountGuid: accountGuids[2] }) as {
      guid: string;
    }[];
    const page = await transactions.listTransactionsByMember(memberGuid, userGuid, 1, 10);
    const firstTwo = page.data.transactions!.slice(0, 2);
    expect(firstTwo.map((transaction) => transaction.guid).sort()).toEqual(
      added.map((one) => one.guid).sort(),
    );
    for (const transaction of firstTwo) {
      expect(transaction).toMatchObject({
        status: "PENDING",
        posted_at: null,
        date: "2025-06-17",
        account_guid: accountGuids[2],
      });
    }
  });

  it("serves a 24-month history of 12,000 transactions in pages of 1,000 quickly", async () => {
    const userGuid = await newUser();
    const { memberGuid } = standIn.createMember(userGuid, { transactionsPerMonth: 500 });
    await transactions.extendHistory(memberGuid, userGuid);
    const started = performance.now();
    const all = await allTransactions((page) =>
      transactions.listTransactionsByMember(memberGuid, userGuid, page, 1000, "2023-01-01"),
    );
    expect(all).toHaveLength(12_000);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe("verification, identity, holdings and statements", () => {
  it("serves account numbers only once the member is verified", async () => {
    const userGuid = await newUser();
    const { memberGuid, accountGuids } = standIn.createMember(userGuid);
    expect((await accounts.listAccountNumbersByMember(memberGuid, userGuid)).data.account_numbers).toEqual(
      [],
    );
    expect(
      (await accounts.listAccountNumbersByAccount(accountGuids[0]!, userGuid)).data.account_numbers,
    ).toEqual([]);

    const verifying = await members.verifyMember(memberGuid, userGuid);
    expect(verifying.status).toBe(200);
    expect(verifying.data.member!.is_being_aggregated).toBe(true);
    const numbers = (await accounts.listAccountNumbersByMember(memberGuid, userGuid)).data.account_numbers!;
    expect(numbers.map((number) => number.account_guid)).toEqual(accountGuids.slice(0, 2));
    expectShape(numbers[0], "AccountNumberResponse");
    expect(numbers[0]).toMatchObject({
      routing_number: "123456780",
      passed_validation: true,
      member_guid: memberGuid,
    });
    expect(numbers[0]!.account_number).toMatch(/^\d{10}$/);
    expect((await accounts.readAccount(accountGuids[0]!, userGuid)).data.account!.account_number).toBe(
      numbers[0]!.account_number!.slice(-4),
    );
    expect(
      (await accounts.listAccountNumbersByAccount(accountGuids[1]!, userGuid)).data.account_numbers,
    ).toHaveLength(1);
    // A credit card has no account and routing numbers.
    expect(
      (await accounts.listAccountNumbersByAccount(accountGuids[2]!, userGuid)).data.account_numbers,
    ).toEqual([]);
    expect(
      (await members.readMemberStatus(memberGuid, userGuid)).data.member!.has_processed_account_numbers,
    ).toBe(true);

    const verified = standIn.createMember(userGuid, { verified: true });
    expect(
      (await accounts.listAccountNumbersByMember(verified.memberGuid, userGuid)).data.account_numbers,
    ).toHaveLength(2);
  });

  it("answers an authorization code for a verified member's account, scoped as MX describes", async () => {
    const processorTokens = new ProcessorTokenApi(configuration(standIn.clientId, standIn.apiKey));
    const userGuid = await newUser();
    const { memberGuid, accountGuids } = standIn.createMember(userGuid);
    const scope = `user-guid:${userGuid} member-guid:${memberGuid} account-guid:${accountGuids[0]} read-protected`;
    const unverified = await failure(
      processorTokens.requestAuthorizationCode({ authorization_code: { scope } }),
    );
    expect(unverified.status).toBe(400);
    await members.verifyMember(memberGuid, userGuid);
    await members.readMemberStatus(memberGuid, userGuid); // the verification job finishes
    const answer = await processorTokens.requestAuthorizationCode({ authorization_code: { scope } });
    expect(answer.data.authorization_code!.code).toMatch(/^[0-9a-f-]{20,}$/);
    const elsewhere = await failure(
      processorTokens.requestAuthorizationCode({
        authorization_code: { scope: scope.replace(accountGuids[0]!, "ACT-unknown") },
      }),
    );
    expect(elsewhere.status).toBe(404);
  });

  it("serves account owners once the member is identified", async () => {
    const userGuid = await newUser();
    const { memberGuid, accountGuids } = standIn.createMember(userGuid);
    expect((await accounts.listAccountOwnersByMember(memberGuid, userGuid)).data.account_owners).toEqual([]);
    expect((await members.identifyMember(memberGuid, userGuid)).status).toBe(202);
    const owners = (await accounts.listAccountOwnersByMember(memberGuid, userGuid)).data.account_owners!;
    expect(owners.map((owner) => owner.account_guid)).toEqual(accountGuids);
    expectShape(owners[0], "AccountOwnerResponse");
    expect(owners[0]!.owner_name).toBe(`${owners[0]!.first_name} ${owners[0]!.last_name}`);
  });

  it("serves investment holdings by member, account, user and guid", async () => {
    const userGuid = await newUser();
    const { memberGuid, accountGuids } = standIn.createMember(userGuid, { accounts: "investments" });
    const brokerage = (await accounts.readAccount(accountGuids[3]!, userGuid)).data.account!;
    expect(brokerage).toMatchObject({ type: "INVESTMENT", subtype: "BROKERAGE" });

    const byMember = (await holdings.listHoldingsByMember(memberGuid, userGuid)).data.investment_holdings!;
    expect(byMember.map((holding) => holding.symbol)).toEqual(["VTI", "AAPL", "FXAIX", "SPAXX"]);
    for (const holding of byMember) {
      expectShape(holding, "InvestmentHoldingResponse");
      expect(holding.account_guid).toBe(accountGuids[3]);
      expect(holding.market_value).toBeCloseTo(Number(holding.quantity) * holding.current_price!, 1);
    }
    expect(byMember.map((holding) => holding.holding_type)).toEqual([
      "ETF",
      "EQUITY",
      "MUTUAL_FUND",
      "MONEY_MARKET",
    ]);
    const total = byMember.reduce((sum, holding) => sum + holding.market_value!, 0);
    expect(brokerage.holdings_value).toBeCloseTo(total, 2);

    expect(
      (await holdings.listHoldingsByAccount(accountGuids[3]!, userGuid)).data.investment_holdings,
    ).toEqual(byMember);
    expect(
      (await holdings.listHoldingsByAccount(accountGuids[0]!, userGuid)).data.investment_holdings,
    ).toEqual([]);
    expect((await holdings.listHoldings(userGuid)).data.investment_holdings).toEqual(byMember);
    const one = await holdings.readHolding(byMember[1]!.guid!, userGuid);
    expect(one.data.investment_holding).toEqual(byMember[1]);
  });

  it("fetches statements, lists and reads them, and downloads a real PDF", async () => {
    const userGuid = await newUser();
    const { memberGuid, accountGuids } = standIn.createMember(userGuid);
    expect((await statements.listStatementsByMember(memberGuid, userGuid)).data.statements).toEqual([]);
    expect((await statements.fetchStatements(memberGuid, userGuid)).status).toBe(202);

    const list = (await statements.listStatementsByMember(memberGuid, userGuid)).data.statements!;
    expect(list).toHaveLength(9);
    expectShape(list[0], "StatementResponse");
    expect(new Set(list.map((statement) => statement.account_guid))).toEqual(new Set(accountGuids));
    const one = await statements.readStatementByMember(memberGuid, list[0]!.guid!, userGuid);
    expect(one.data.statement).toEqual(list[0]);

    const pdf = await statements.downloadStatementPDF(memberGuid, list[0]!.guid!, userGuid, {
      responseType: "arraybuffer",
      headers: { Accept: "application/vnd.mx.api.v1+pdf" },
    });
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const bytes = Buffer.from(pdf.data as unknown as ArrayBuffer);
    expect(bytes.subarray(0, 8).toString("latin1")).toBe("%PDF-1.4");
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(list[0]!.content_hash);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });
});

describe("failures on demand", () => {
  it("answers 429 with Retry-After for the queued calls only", async () => {
    const userGuid = await newUser();
    standIn.failNext("/members", 429);
    const limited = await expectMxError(members.listMembers(userGuid), 429);
    expect(limited.headers["retry-after"]).toBe("1");
    expect((await members.listMembers(userGuid)).status).toBe(200);
    expect(
      standIn.requests
        .filter((request) => request.path === `/users/${userGuid}/members`)
        .map((r) => r.status),
    ).toEqual([429, 200]);
  });

  it("answers a RegExp-matched status as many times as asked", async () => {
    const userGuid = await newUser();
    standIn.failNext(/\/transactions$/, 503, 2);
    await expectMxError(transactions.listTransactions(userGuid), 503);
    await expectMxError(transactions.listTransactions(userGuid), 503);
    expect((await transactions.listTransactions(userGuid)).status).toBe(200);
    standIn.failNext("/users", 500);
    await expectMxError(users.readUser(userGuid), 500);
  });

  it("records every request with its query and status", async () => {
    const userGuid = await newUser();
    await transactions.listTransactions(userGuid, 2, 10, "2025-06-01");
    expect(standIn.requests.at(-1)).toEqual({
      method: "GET",
      path: `/users/${userGuid}/transactions`,
      query: { page: "2", records_per_page: "10", from_date: "2025-06-01" },
      status: 200,
    });
  });
});

// ---------------------------------------------------------------------------------------------
// MX Connect: the widget URL and the page behind it, run in happy-dom inside an iframe
// ---------------------------------------------------------------------------------------------

type WidgetMessage = { mx: boolean; type: string; metadata: Record<string, unknown> };

type ConnectPage = {
  frame: BrowserFrame;
  messages: WidgetMessage[];
  close(): Promise<void>;
};

/** The widget page in an iframe (events reach window.parent) or in a popup (events reach window.opener). */
async function openConnect(url: string, how: "iframe" | "popup" = "iframe"): Promise<ConnectPage> {
  const browser = new Browser({
    settings: {
      enableJavaScriptEvaluation: true,
      enableIframePageLoading: true,
      suppressInsecureJavaScriptEnvironmentWarning: true,
    },
  });
  const page = browser.newPage();
  const messages: WidgetMessage[] = [];
  page.mainFrame.window.addEventListener("message", (event) => {
    messages.push((event as unknown as { data: WidgetMessage }).data);
  });
  if (how === "popup") {
    page.mainFrame.window.open(url);
  } else {
    page.content = `<iframe title="MX Connect" src="${url}"></iframe>`;
  }
  await browser.waitUntilComplete();
  const frame = how === "popup" ? browser.defaultContext.pages[1]?.mainFrame : page.mainFrame.childFrames[0];
  if (!frame) throw new Error("the widget page did not load");
  return { frame, messages, close: () => browser.close() };
}

async function until<T>(probe: () => T | undefined | null | false): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting for the widget");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function input(frame: BrowserFrame, selector: string): HTMLInputElement {
  const element = frame.document.querySelector(selector);
  if (!element) throw new Error(`no ${selector} on the widget page`);
  return element as unknown as HTMLInputElement;
}

function click(frame: BrowserFrame, selector: string): void {
  (input(frame, selector) as unknown as HTMLButtonElement).click();
}

function step(frame: BrowserFrame): string | null {
  return frame.document.querySelector("#mx-root")?.getAttribute("data-step") ?? null;
}

async function submitCredentials(frame: BrowserFrame, username: string, password: string): Promise<void> {
  input(frame, "#mx-username").value = username;
  input(frame, "#mx-password").value = password;
  click(frame, "#mx-submit");
  await until(() => step(frame) !== "enterCreds" || !input(frame, "#mx-submit").disabled);
}

function types(messages: WidgetMessage[]): string[] {
  return messages.map((message) => message.type);
}

async function widgetUrl(userGuid: string, options: Partial<WidgetRequest> = {}): Promise<string> {
  const { data } = await widgets.requestWidgetURL(userGuid, {
    widget_url: { widget_type: "connect_widget", ui_message_version: 4, ...options },
  });
  return data.widget_url!.url!;
}

describe("MX Connect", () => {
  it("answers a single-use widget URL that expires after ten minutes", async () => {
    const userGuid = await newUser();
    const { data } = await widgets.requestWidgetURL(userGuid, {
      widget_url: { widget_type: "connect_widget", color_scheme: "dark", ui_message_version: 4 },
    });
    expectShape(data.widget_url, "WidgetResponse");
    expect(data.widget_url).toMatchObject({ type: "connect_widget", user_id: `weft-user-${userCount}` });
    const url = data.widget_url!.url!;
    expect(url.startsWith(`${standIn.url}/connect/`)).toBe(true);

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await page.text()).toContain('id="mx-root"');
    expect((await fetch(url)).status).toBe(404);

    const later = await widgetUrl(userGuid);
    clock = new Date(START.getTime() + 10 * 60_000 + 1000);
    const expired = await fetch(later);
    expect(expired.status).toBe(404);
    expect(await expired.text()).toMatch(/expired or has already been used/);

    await expectMxError(widgets.requestWidgetURL(userGuid, { widget_url: { widget_type: "" } }), 400);
    await expectMxError(
      widgets.requestWidgetURL(userGuid, {
        widget_url: {
          widget_type: "connect_widget",
          current_member_guid: "MBR-00000000-0000-0000-0000-000000000000",
        },
      }),
      404,
    );
  });

  it("connects a new member with mxuser / password and posts MX's v4 events to the parent", async () => {
    const userGuid = await newUser();
    const connect = await openConnect(await widgetUrl(userGuid));
    try {
      const { frame, messages } = connect;
      expect(step(frame)).toBe("search");
      expect(frame.document.querySelector("h1")!.textContent).toBe("Select your institution");
      const loaded = messages.find((message) => message.type === "mx/connect/loaded")!;
      expect(loaded).toEqual({
        mx: true,
        type: "mx/connect/loaded",
        metadata: {
          user_guid: userGuid,
          session_guid: expect.stringMatching(/^CSN-/),
          initial_step: "search",
        },
      });

      click(frame, '[data-institution-code="mxbank"]');
      expect(step(frame)).toBe("enterCreds");
      expect(frame.document.querySelector('label[for="mx-username"]')!.textContent).toBe("Username");
      await submitCredentials(frame, "mxuser", "password");
      await until(() => step(frame) === "connected");
      expect(frame.document.querySelector("h1")!.textContent).toBe("Connected");

      const connected = await until(() =>
        messages.find((message) => message.type === "mx/connect/memberConnected"),
      );
      const memberGuid = connected.metadata.member_guid as string;
      expect(connected.metadata).toEqual({
        user_guid: userGuid,
        session_guid: loaded.metadata.session_guid,
        member_guid: expect.stringMatching(/^MBR-/),
      });
      expect(types(messages)).toEqual([
        "mx/load",
        "mx/connect/loaded",
        "mx/connect/selectedInstitution",
        "mx/connect/stepChange",
        "mx/connect/enterCredentials",
        "mx/connect/memberStatusUpdate",
        "mx/connect/stepChange",
        "mx/connect/memberConnected",
      ]);
      const statusUpdate = messages.find((message) => message.type === "mx/connect/memberStatusUpdate")!;
      expect(statusUpdate.metadata).toMatchObject({ member_guid: memberGuid, connection_status: 6 });
      expect(
        messages.find((message) => message.type === "mx/connect/enterCredentials")!.metadata.institution,
      ).toEqual({
        code: "mxbank",
        guid: expect.stringMatching(/^INS-/),
      });

      const listed = (await members.listMembers(userGuid)).data.members!;
      expect(listed.map((member) => [member.guid, member.connection_status])).toEqual([
        [memberGuid, "CONNECTED"],
      ]);
      expect((await accounts.listMemberAccounts(userGuid, memberGuid)).data.accounts).toHaveLength(3);
      // A plain aggregation member: no account numbers until verified.
      expect((await accounts.listAccountNumbersByMember(memberGuid, userGuid)).data.account_numbers).toEqual(
        [],
      );
    } finally {
      await connect.close();
    }
  });

  it("shows incorrect credentials (the member stays DENIED), then an MFA challenge answered with 'correct'", async () => {
    const userGuid = await newUser();
    const connect = await openConnect(
      await widgetUrl(userGuid, { current_institution_code: "mxinvestments" }),
    );
    try {
      const { frame, messages } = connect;
      expect(step(frame)).toBe("enterCreds");
      expect(frame.document.querySelector("#mx-institution-name")!.textContent).toBe("MX Investments");

      await submitCredentials(frame, "mxuser", "not-the-password");
      const error = await until(() => {
        const text = frame.document.querySelector("#mx-error")?.textContent;
        return text && /incorrect credentials/i.test(text) ? text : null;
      });
      expect(error).toMatch(/Incorrect credentials/);
      const [denied] = (await members.listMembers(userGuid)).data.members!;
      expect(denied!.connection_status).toBe("DENIED");

      await submitCredentials(frame, "mxuser", "challenge");
      await until(() => step(frame) === "mfa");
      expect(frame.document.querySelector('label[for="mx-mfa"]')!.textContent).toBe(
        "What city were you born in?",
      );
      expect((await members.readMember(denied!.guid!, userGuid)).data.member!.connection_status).toBe(
        "CHALLENGED",
      );

      input(frame, "#mx-mfa").value = "correct";
      click(frame, "#mx-submit");
      await until(() => step(frame) === "connected");
      const connected = await until(() =>
        messages.find((message) => message.type === "mx/connect/memberConnected"),
      );
      expect(connected.metadata.member_guid).toBe(denied!.guid);
      expect(types(messages)).toContain("mx/connect/submitMFA");
      expect(
        messages
          .filter((message) => message.type === "mx/connect/memberStatusUpdate")
          .map((message) => message.metadata.connection_status),
      ).toEqual([2, 3, 6]);
      const after = (await members.listMembers(userGuid)).data.members!;
      expect(after.map((member) => [member.guid, member.connection_status])).toEqual([
        [denied!.guid, "CONNECTED"],
      ]);
      expect(
        (await holdings.listHoldingsByMember(denied!.guid!, userGuid)).data.investment_holdings,
      ).toHaveLength(4);
    } finally {
      await connect.close();
    }
  });

  it("repairs the same member in update mode (current_member_guid)", async () => {
    const userGuid = await newUser();
    const { memberGuid } = standIn.createMember(userGuid);
    standIn.setConnectionStatus(memberGuid, "DENIED");
    const connect = await openConnect(await widgetUrl(userGuid, { current_member_guid: memberGuid }));
    try {
      const { frame, messages } = connect;
      expect(step(frame)).toBe("enterCreds");
      expect(frame.document.querySelector("#mx-back")).toBeNull();
      await submitCredentials(frame, "mxuser", "password");
      await until(() => step(frame) === "connected");
      expect(
        messages.find((message) => message.type === "mx/connect/updateCredentials")!.metadata.member_guid,
      ).toBe(memberGuid);
      const connected = await until(() =>
        messages.find((message) => message.type === "mx/connect/memberConnected"),
      );
      expect(connected.metadata.member_guid).toBe(memberGuid);
      expect(standIn.member(memberGuid)!.connectionStatus).toBe("CONNECTED");
      expect((await members.listMembers(userGuid)).data.members).toHaveLength(1);
    } finally {
      await connect.close();
    }
  });

  it("opens on the MFA step for a CHALLENGED member, and goes back to search on request", async () => {
    const userGuid = await newUser();
    const { memberGuid } = standIn.createMember(userGuid);
    standIn.setConnectionStatus(memberGuid, "CHALLENGED");
    const challenged = await openConnect(await widgetUrl(userGuid, { current_member_guid: memberGuid }));
    try {
      expect(step(challenged.frame)).toBe("mfa");
      input(challenged.frame, "#mx-mfa").value = "correct";
      click(challenged.frame, "#mx-submit");
      await until(() => step(challenged.frame) === "connected");
      expect(standIn.member(memberGuid)!.connectionStatus).toBe("CONNECTED");
    } finally {
      await challenged.close();
    }

    const searching = await openConnect(await widgetUrl(userGuid));
    try {
      click(searching.frame, '[data-institution-code="mxbank"]');
      click(searching.frame, "#mx-back");
      expect(step(searching.frame)).toBe("search");
      // postMessage delivers asynchronously.
      await until(() => types(searching.messages).includes("mx/connect/backToSearch"));
    } finally {
      await searching.close();
    }
  });

  it("posts to window.opener in a popup, and makes verified members in verification mode", async () => {
    const userGuid = await newUser();
    const connect = await openConnect(
      await widgetUrl(userGuid, { mode: "verification", current_institution_code: "mxbank" }),
      "popup",
    );
    try {
      await submitCredentials(connect.frame, "mxuser", "password");
      const connected = await until(() =>
        connect.messages.find((message) => message.type === "mx/connect/memberConnected"),
      );
      const memberGuid = connected.metadata.member_guid as string;
      expect(
        (await accounts.listAccountNumbersByMember(memberGuid, userGuid)).data.account_numbers,
      ).toHaveLength(2);
    } finally {
      await connect.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Webhooks
// ---------------------------------------------------------------------------------------------

describe("webhooks", () => {
  it("POSTs JSON with the Basic-auth credentials configured for MX, or none", async () => {
    const received: { headers: IncomingHttpHeaders; body: unknown }[] = [];
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        received.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
        response.writeHead(request.headers.authorization ? 204 : 401);
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/mx`;
    try {
      const userGuid = await newUser();
      const { memberGuid } = standIn.createMember(userGuid);
      standIn.configureWebhooks({ username: "weft", password: "s3cret" });

      const aggregation = standIn.webhookBody("AGGREGATION", memberGuid, { transactions_created_count: 3 });
      expect(aggregation).toMatchObject({
        action: "member_data_updated",
        type: "AGGREGATION",
        member_guid: memberGuid,
        user_guid: userGuid,
        user_id: `weft-user-${userCount}`,
        is_background: true,
        completed_at: Math.floor(START.getTime() / 1000),
        completed_on: "2025-06-15",
        transactions_created_count: 3,
        transactions_updated_count: 0,
      });
      expect(await standIn.sendWebhook(url, aggregation)).toBe(204);
      const [first] = received;
      expect(first!.headers.authorization).toBe(`Basic ${Buffer.from("weft:s3cret").toString("base64")}`);
      expect(first!.headers["content-type"]).toMatch(/^application\/json/);
      expect(first!.body).toEqual(aggregation);

      expect(await standIn.sendWebhook(url, aggregation, { username: "other", password: "pw" })).toBe(204);
      expect(received[1]!.headers.authorization).toBe(`Basic ${Buffer.from("other:pw").toString("base64")}`);
      expect(await standIn.sendWebhook(url, aggregation, null)).toBe(401);
      expect(received[2]!.headers.authorization).toBeUndefined();

      standIn.setConnectionStatus(memberGuid, "CHALLENGED");
      expect(standIn.webhookBody("CONNECTION_STATUS", memberGuid)).toEqual({
        action: "CHANGED",
        connection_status: "CHALLENGED",
        connection_status_id: 3,
        connection_status_message:
          "To authenticate your connection to MX Bank, please answer the following challenge(s).",
        member_guid: memberGuid,
        type: "CONNECTION_STATUS",
        user_guid: userGuid,
      });
      expect(standIn.webhookBody("MEMBER", memberGuid)).toMatchObject({
        action: "updated",
        member: {
          guid: memberGuid,
          connection_status: "CHALLENGED",
          connection_status_id: 3,
          user_guid: userGuid,
        },
      });
      expect(standIn.webhookBody("HISTORY", memberGuid)).toMatchObject({
        type: "HISTORY",
        action: "member_data_updated",
      });
      expect(standIn.webhookBody("STATEMENT", memberGuid)).toMatchObject({
        type: "STATEMENT",
        statements_created_count: 0,
      });
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
