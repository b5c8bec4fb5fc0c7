import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AkoyaGrant, AkoyaProvider, accessTokenOfGrant } from "./provider.ts";

/**
 * The provider's paging against data providers that page badly, which the Akoya stand-in does not
 * model: a next link that repeats, one that ignores its offset and serves page one again, one to
 * another host. Each must end the paging (no endless loop) with every transaction once, and
 * the id_token must never leave the products host.
 */
type Page = { links?: { next?: { href: string } }; transactions: unknown[] };

const now = new Date("2026-11-24T12:00:00Z");
const tx = (id: string) => ({
  depositTransaction: {
    accountId: "chk",
    transactionId: id,
    amount: 10,
    debitCreditMemo: "DEBIT",
    description: `Purchase ${id}`,
    postedTimestamp: "2026-11-20T00:00:00Z",
    status: "POSTED",
  },
});

let server: Server;
let url: string;
/** What the server answers a /transactions request with, given its query; null: an offset it did not issue (400). */
let answer: (query: URLSearchParams) => Page | null;
let asked: { query: URLSearchParams; authorization: string | undefined }[];

beforeAll(async () => {
  server = createServer((request, response) => {
    const at = new URL(request.url ?? "/", "http://x");
    let status = 200;
    let body: unknown;
    if (at.pathname === "/balances/v2/mikomo")
      body = {
        accounts: [{ depositAccount: { accountId: "chk", accountType: "CHECKING", currentBalance: 5 } }],
      };
    else if (at.pathname === "/transactions/v2/mikomo/chk") {
      asked.push({ query: at.searchParams, authorization: request.headers.authorization });
      const page = answer(at.searchParams);
      if (page) body = page;
      else {
        status = 400;
        body = { code: 401, message: "Invalid input" };
      }
    } else {
      status = 403;
      body = { code: 403, message: "Forbidden" };
    }
    response.writeHead(status, { "Content-Type": "application/json" });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  asked = [];
});

const grant: AkoyaGrant = {
  providerId: "mikomo",
  consentId: "consent-1",
  idToken: "id-token-1",
  idTokenExpiresAt: now.getTime() + 3_600_000,
  refreshToken: "refresh-1",
};

async function fetchTransactions() {
  const provider = new AkoyaProvider(
    { clientId: "c", clientSecret: "s", productsUrl: url, idpUrl: url },
    async () => {},
  );
  const snapshot = await provider.fetch({
    accessToken: accessTokenOfGrant(grant),
    now,
    window: { startOn: "2026-10-01", endOn: "2026-11-24" },
    products: ["ACCOUNT_BALANCES_AND_TRANSACTIONS"],
    attempt: 1,
  });
  return snapshot.transactions.map((t) => t.externalId);
}

describe("Akoya transactions paging", () => {
  it("follows links.next as given: relative or absolute on the products host, its opaque offset untouched", async () => {
    answer = (query) => {
      const offset = query.get("offset");
      if (offset === null)
        return {
          links: { next: { href: "/transactions/v2/mikomo/chk?offset=eyJhIjoxfQ%3D%3D" } },
          transactions: [tx("a")],
        };
      if (offset === "eyJhIjoxfQ==")
        return {
          links: { next: { href: `${url}/transactions/v2/mikomo/chk?offset=b%2Bc` } },
          transactions: [tx("b")],
        };
      if (offset === "b+c") return { transactions: [tx("c")] };
      return null;
    };
    expect(await fetchTransactions()).toEqual(["a", "b", "c"]);
    expect(asked.map((a) => a.query.get("offset"))).toEqual([null, "eyJhIjoxfQ==", "b+c"]);
    expect(asked[0]!.query.get("limit")).toBe("500");
    expect(asked[0]!.query.get("startTime")).toBe("2026-10-01T00:00:00Z");
    expect(asked.every((a) => a.authorization === "Bearer id-token-1")).toBe(true);
  });

  it("a next link that repeats ends the paging: each page once, each transaction once", async () => {
    answer = (query) =>
      query.get("offset") === null
        ? { links: { next: { href: "/transactions/v2/mikomo/chk?offset=same" } }, transactions: [tx("a")] }
        : { links: { next: { href: "/transactions/v2/mikomo/chk?offset=same" } }, transactions: [tx("b")] };
    expect(await fetchTransactions()).toEqual(["a", "b"]);
    expect(asked.length).toBe(2);
  });

  it("a data provider that ignores the offset and keeps linking to more: stops once a page brings nothing new", async () => {
    let n = 0;
    answer = () => {
      n += 1;
      return {
        links: { next: { href: `/transactions/v2/mikomo/chk?offset=${n}` } },
        transactions: [tx("a"), tx("b")],
      };
    };
    expect(await fetchTransactions()).toEqual(["a", "b"]);
    expect(asked.length).toBe(2);
  });

  it("a link to another host is not followed: the id_token stays with Akoya", async () => {
    answer = () => ({
      links: { next: { href: "https://elsewhere.example/transactions/v2/mikomo/chk?offset=x" } },
      transactions: [tx("a")],
    });
    await expect(fetchTransactions()).rejects.toThrow(/another host/);
    expect(asked.length).toBe(1);
  });
});
