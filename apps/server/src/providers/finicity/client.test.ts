import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FinicityApiError, FinicityClient, INSTITUTION_TIMEOUT_MS, TIMEOUT_MS } from "./client.ts";
import { type FinicityStandIn, startFinicityStandIn } from "./test/stand-in.ts";

/** The Finicity client against the stand-in: the timeout each call waits, and 203 (MFA challenge needed). */
let finicity: FinicityStandIn;
let client: FinicityClient;

beforeAll(async () => {
  finicity = await startFinicityStandIn();
  client = new FinicityClient({
    partnerId: finicity.partnerId,
    partnerSecret: finicity.partnerSecret,
    appKey: finicity.appKey,
    basePath: finicity.url,
  });
});
afterAll(async () => {
  await finicity?.close();
});

async function newLogin() {
  const customer = await client.createCustomer("testing", { username: `client-${crypto.randomUUID()}` });
  return { customerId: String(customer.id), ...finicity.createLogin(String(customer.id)) };
}

/** The timeout (ms) each call to Finicity was given, by path. */
async function timeoutsOf(run: () => Promise<unknown>): Promise<number[]> {
  await client.token();
  const timeout = vi.spyOn(AbortSignal, "timeout");
  try {
    await run();
    return timeout.mock.calls.map(([ms]) => ms);
  } finally {
    timeout.mockRestore();
  }
}

describe("Finicity client", () => {
  it("waits 180 s for Load Historic Transactions and Refresh, as Mastercard recommends; 60 s for the rest", async () => {
    const { customerId, institutionLoginId, accountIds } = await newLogin();
    expect(INSTITUTION_TIMEOUT_MS).toBe(180_000);
    expect(await timeoutsOf(() => client.loadHistoricTransactions(customerId, accountIds[0]!))).toEqual([
      INSTITUTION_TIMEOUT_MS,
    ]);
    expect(await timeoutsOf(() => client.refreshLogin(customerId, institutionLoginId))).toEqual([
      INSTITUTION_TIMEOUT_MS,
    ]);
    expect(await timeoutsOf(() => client.loginAccounts(customerId, institutionLoginId))).toEqual([
      TIMEOUT_MS,
    ]);
    expect(await timeoutsOf(() => client.achDetails(customerId, accountIds[0]!))).toEqual([TIMEOUT_MS]);
  });

  it("a 203 from Load Historic Transactions (MFA challenge needed) is no success: it rejects", async () => {
    const { customerId, institutionLoginId, accountIds } = await newLogin();
    finicity.challengeHistoricLoad(institutionLoginId);
    const failure = await client
      .loadHistoricTransactions(customerId, accountIds[0]!)
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(FinicityApiError);
    expect(failure).toMatchObject({ httpStatus: 203, code: "MFA_CHALLENGE_NEEDED" });
    expect(finicity.login(institutionLoginId)!.historicLoaded).toBe(false);
  });
});
