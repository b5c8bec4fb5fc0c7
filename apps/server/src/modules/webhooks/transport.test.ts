import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestTls, type Receiver, startReceiver, type TestTls } from "../../../test/https-receiver.ts";
import { MAX_CONNECTIONS_PER_TARGET, sendWebhook, type TransportOptions } from "./transport.ts";

let tls: TestTls;
const receivers: Receiver[] = [];

beforeAll(async () => {
  tls = await createTestTls();
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

const options = (): TransportOptions => ({
  allowPrivateTargets: true,
  timeoutMs: 10_000,
  ca: tls.caPem,
  lookup: async () => [{ address: "127.0.0.1", family: 4 }],
});

async function receiver() {
  const started = await startReceiver(tls);
  receivers.push(started);
  return started;
}

const send = (target: Receiver, n: number) =>
  sendWebhook(target.url("/hooks"), JSON.stringify({ n }), { "content-type": "application/json" }, options());

describe("webhook transport: connections per target", () => {
  it("keeps connections alive: attempts one after another to a target share one TLS connection", async () => {
    const target = await receiver();
    for (let n = 0; n < 5; n++)
      expect(await send(target, n)).toMatchObject({ kind: "response", status: 200 });
    expect(target.requests).toHaveLength(5);
    expect(target.connections()).toBe(1);
  });

  it(`opens at most ${MAX_CONNECTIONS_PER_TARGET} connections to one target at once; the others wait their turn and are delivered`, async () => {
    const slow = await receiver();
    slow.respondWith(() => ({ status: 200, delayMs: 150 }));
    const other = await receiver();
    const burst = Array.from({ length: 3 * MAX_CONNECTIONS_PER_TARGET }, (_, n) => send(slow, n));
    await slow.waitForRequests(MAX_CONNECTIONS_PER_TARGET);
    // Another target is not held up by the first one's queue: answered while that queue waits.
    expect(await send(other, 0)).toMatchObject({ kind: "response", status: 200 });
    expect(slow.requests.length).toBeLessThan(3 * MAX_CONNECTIONS_PER_TARGET);
    const outcomes = await Promise.all(burst);
    expect(outcomes.every((o) => o.kind === "response" && o.status === 200)).toBe(true);
    expect(slow.requests).toHaveLength(3 * MAX_CONNECTIONS_PER_TARGET);
    expect(slow.maxInFlight()).toBe(MAX_CONNECTIONS_PER_TARGET);
    expect(slow.connections()).toBe(MAX_CONNECTIONS_PER_TARGET);
  });
});
