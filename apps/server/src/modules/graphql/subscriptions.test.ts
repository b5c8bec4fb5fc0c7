import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import {
  lineSink,
  startTestPlatform,
  type TestEnvironment,
  type TestPlatform,
} from "../../../test/harness.ts";
import { freePort } from "../../../test/processes.ts";
import {
  createProfile,
  issueSession,
  linkAndSync,
  linkSandbox,
  simulate,
} from "../../../test/sandbox-helpers.ts";
import { createLogger } from "../../runtime.ts";
import { setEnvironmentRateLimits } from "../environments/service.ts";
import { MAX_SUBSCRIPTIONS_PER_PROFILE } from "./feed.ts";
import { MAX_NESTING, MAX_QUERY_DEPTH, MAX_ROWS, MAX_SOCKET_MESSAGE_BYTES } from "./limits.ts";

/** Subscriptions over a real socket: graphql-ws (graphql-transport-ws) and the ActionCable channel. */
let platform: TestPlatform;
let env: TestEnvironment;
let base: string;
let mine: { profileId: string; connectionId: string; token: string };
let theirs: { profileId: string; connectionId: string };

const session = (userId: string) => issueSession(platform, env, userId);

beforeAll(async () => {
  platform = await startTestPlatform();
  env = await platform.environment("SANDBOX");
  const a = await linkAndSync(platform, env);
  mine = { ...a, token: await session(a.profileId) };
  theirs = await linkAndSync(platform, env);
  const port = await freePort();
  await platform.app.listen({ port, host: "127.0.0.1" });
  base = `ws://127.0.0.1:${port}`;
});
afterAll(() => platform.close());

/** A socket whose messages can be awaited one by one, in order. */
async function open(url: string, protocol?: string) {
  const socket = new WebSocket(url, protocol);
  const inbox: unknown[] = [];
  const waiting: ((message: unknown) => void)[] = [];
  socket.on("message", (raw) => {
    const message = JSON.parse(String(raw));
    const next = waiting.shift();
    if (next) next(message);
    else inbox.push(message);
  });
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  return {
    send: (message: object) => socket.send(JSON.stringify(message)),
    next: <T = Record<string, unknown>>(): Promise<T> =>
      inbox.length > 0
        ? Promise.resolve(inbox.shift() as T)
        : new Promise<T>((resolve) => waiting.push(resolve as (m: unknown) => void)),
    close: () => socket.close(),
  };
}

/** A selection nested one level deeper than the limit allows (limits run before field names are checked). */
const TOO_DEEP = `${"{ a ".repeat(MAX_QUERY_DEPTH + 1)}${"}".repeat(MAX_QUERY_DEPTH + 1)}`;
const TOO_DEEP_MESSAGE = `A query may nest fields at most ${MAX_QUERY_DEPTH} deep; this one goes ${MAX_QUERY_DEPTH + 1} deep. Ask for less at a time.`;

/** Sync both profiles' connections, theirs first: the first event a subscriber sees must be its own. */
async function syncTheirsThenMine() {
  await simulate(platform, env, theirs.connectionId, { event: "SYNC" });
  await platform.worker.drain();
  await simulate(platform, env, mine.connectionId, { event: "SYNC" });
  await platform.worker.drain();
}

describe("graphql-ws at /v1/graphql", () => {
  it("answers a caller's mistake on the socket and logs no error for it (an API key has no profile to subscribe to)", async () => {
    const { lines, sink } = lineSink();
    const { buildApp } = await import("../../app.ts");
    const { app } = await buildApp({ ...platform.ctx, logger: createLogger("info", sink) });
    const port = await freePort();
    await app.listen({ port, host: "127.0.0.1" });
    try {
      const ws = await open(`ws://127.0.0.1:${port}/v1/graphql`, "graphql-transport-ws");
      ws.send({ type: "connection_init", payload: { authorization: env.auth.authorization } });
      expect(await ws.next()).toMatchObject({ type: "connection_ack" });
      for (const id of ["1", "2", "3"]) {
        ws.send({ id, type: "subscribe", payload: { query: "subscription { connectionSynced { id } }" } });
        expect(await ws.next()).toMatchObject({
          id,
          type: "error",
          payload: [
            expect.objectContaining({ message: expect.stringContaining("An API key may only introspect") }),
          ],
        });
      }
      ws.close();
    } finally {
      await app.close();
    }
    const errors = lines
      .map((line) => JSON.parse(line) as { level: number })
      .filter((line) => line.level >= 50);
    expect(errors).toEqual([]);
  });

  it("connectionSynced delivers the profile's own syncs, authenticated in connection_init", async () => {
    const ws = await open(`${base}/v1/graphql`, "graphql-transport-ws");
    ws.send({ type: "connection_init", payload: { authorization: `Bearer ${mine.token}` } });
    expect(await ws.next()).toMatchObject({ type: "connection_ack" });
    ws.send({
      id: "1",
      type: "subscribe",
      payload: { query: "subscription { connectionSynced { id status } }" },
    });
    await new Promise((r) => setTimeout(r, 200));
    await syncTheirsThenMine();
    expect(await ws.next()).toEqual({
      id: "1",
      type: "next",
      payload: { data: { connectionSynced: { id: mine.connectionId, status: "SYNCED" } } },
    });
    ws.close();
  });

  it("connectionCreated and accountVerified as a connection is linked, and each payload's record by its name, as Quiltt's clients ask", async () => {
    // A profile of its own, whose first connection this is.
    const profileId = await createProfile(platform, env);
    const ws = await open(`${base}/v1/graphql`, "graphql-transport-ws");
    ws.send({ type: "connection_init", payload: { authorization: `Bearer ${await session(profileId)}` } });
    expect(await ws.next()).toMatchObject({ type: "connection_ack" });
    const subscriptions = {
      created: "subscription { connectionCreated { connection { id } } }",
      verified: "subscription { accountVerified { account { id verified } } }",
      synced: "subscription { connectionSynced { connection { id status } } }",
    };
    for (const [id, query] of Object.entries(subscriptions))
      ws.send({ id, type: "subscribe", payload: { query } });
    await new Promise((r) => setTimeout(r, 200));
    const linked = await linkSandbox(platform, env, {
      profileId,
      products: ["ACCOUNT_BALANCES_AND_TRANSACTIONS", "ACCOUNT_NUMBERS"],
    });
    expect(linked.statusCode).toBe(201);
    const connectionId = linked.json().id as string;
    await platform.worker.drain();
    const firsts = new Map<string, unknown>();
    while (firsts.size < 3) {
      const message = await ws.next<{ id: string; payload: { data: unknown } }>();
      if (!firsts.has(message.id)) firsts.set(message.id, message.payload.data);
    }
    expect(firsts.get("created")).toEqual({ connectionCreated: { connection: { id: connectionId } } });
    expect(firsts.get("verified")).toEqual({
      accountVerified: { account: { id: expect.stringMatching(/^acct_/), verified: true } },
    });
    expect(firsts.get("synced")).toEqual({
      connectionSynced: { connection: { id: connectionId, status: "SYNCED" } },
    });
    ws.close();
  });

  it("refuses a subscription beyond the query limits, as queries are refused", async () => {
    const ws = await open(`${base}/v1/graphql`, "graphql-transport-ws");
    ws.send({ type: "connection_init", payload: { authorization: `Bearer ${mine.token}` } });
    expect(await ws.next()).toMatchObject({ type: "connection_ack" });
    ws.send({ id: "deep", type: "subscribe", payload: { query: `subscription ${TOO_DEEP}` } });
    expect(await ws.next()).toMatchObject({
      id: "deep",
      type: "error",
      payload: [{ message: TOO_DEEP_MESSAGE }],
    });
    // Nested past what graphql-js's parser survives: refused before Mercurius parses it, and the
    // socket goes on serving.
    const nested = `subscription { connectionSynced(x: ${"[".repeat(5_000)}${"]".repeat(5_000)}) { id } }`;
    ws.send({ id: "nested", type: "subscribe", payload: { query: nested } });
    expect(await ws.next()).toEqual({
      id: "nested",
      type: "error",
      payload: [{ message: expect.stringContaining(`at most ${MAX_NESTING} deep`) }],
    });
    // A syntax tree sent as JSON instead of GraphQL text is refused too.
    ws.send({ id: "tree", type: "subscribe", payload: { query: { kind: "Document", definitions: [] } } });
    expect(await ws.next()).toMatchObject({ id: "tree", type: "error" });
    ws.close();
  });

  it("validates a subscription as GraphQL validates a query: unknown fields, two root fields, fragment cycles", async () => {
    const ws = await open(`${base}/v1/graphql`, "graphql-transport-ws");
    ws.send({ type: "connection_init", payload: { authorization: `Bearer ${mine.token}` } });
    expect(await ws.next()).toMatchObject({ type: "connection_ack" });
    const refused: [string, string, string][] = [
      ["unknown", "subscription { connectionSynced { id nope } }", 'Cannot query field "nope"'],
      [
        "two",
        "subscription { connectionSynced { id } again: connectionSynced { status } }",
        "must select only one top level field",
      ],
      [
        "cycle",
        "subscription { connectionSynced { ...A } } fragment A on Connection { ...B } fragment B on Connection { ...A }",
        'Cannot spread fragment "A" within itself',
      ],
    ];
    for (const [id, query, message] of refused) {
      ws.send({ id, type: "subscribe", payload: { query } });
      expect(await ws.next()).toEqual({
        id,
        type: "error",
        payload: [expect.objectContaining({ message: expect.stringContaining(message) })],
      });
    }
    ws.close();
  });

  it(`closes a socket that sends a message over ${MAX_SOCKET_MESSAGE_BYTES} bytes (1009), before its document is parsed`, async () => {
    const closed = async (size: number) => {
      const socket = new WebSocket(`${base}/v1/graphql`, "graphql-transport-ws");
      await new Promise((resolve) => socket.once("open", resolve));
      socket.send(
        JSON.stringify({ type: "connection_init", payload: { authorization: `Bearer ${mine.token}` } }),
      );
      await new Promise((resolve) => socket.once("message", resolve));
      const subscribe = (query: string) =>
        JSON.stringify({ id: "big", type: "subscribe", payload: { query } });
      const query = "subscription { connectionSynced { id } }";
      // Padded with whitespace to exactly `size` bytes: the document itself stays valid and small.
      socket.send(subscribe(query + " ".repeat(size - subscribe(query).length)));
      return new Promise<number | "open">((resolve) => {
        socket.once("close", (code) => resolve(code));
        setTimeout(() => {
          resolve("open");
          socket.close();
        }, 300);
      });
    };
    expect(await closed(MAX_SOCKET_MESSAGE_BYTES)).toBe("open");
    expect(await closed(MAX_SOCKET_MESSAGE_BYTES + 1)).toBe(1009);
  });

  it("takes the token as ?token= in the socket's URL (browsers cannot set headers)", async () => {
    const ws = await open(`${base}/v1/graphql?token=${mine.token}`, "graphql-transport-ws");
    ws.send({ type: "connection_init" });
    expect(await ws.next()).toMatchObject({ type: "connection_ack" });
    ws.send({ id: "1", type: "subscribe", payload: { query: "subscription { connectionSynced { id } }" } });
    await new Promise((r) => setTimeout(r, 200));
    await syncTheirsThenMine();
    expect(await ws.next()).toEqual({
      id: "1",
      type: "next",
      payload: { data: { connectionSynced: { id: mine.connectionId } } },
    });
    ws.close();
  });

  it("a subscribe without a document's text is an error message; a message that is not a JSON object closes the socket (4400)", async () => {
    const ws = await open(`${base}/v1/graphql`, "graphql-transport-ws");
    ws.send({ type: "connection_init", payload: { authorization: `Bearer ${mine.token}` } });
    expect(await ws.next()).toMatchObject({ type: "connection_ack" });
    ws.send({ id: "bare", type: "subscribe", payload: null });
    expect(await ws.next()).toEqual({
      id: "bare",
      type: "error",
      payload: [
        { message: "A subscribe message's payload is an object whose query is the document's text." },
      ],
    });
    ws.close();
    const socket = new WebSocket(`${base}/v1/graphql`, "graphql-transport-ws");
    await new Promise((resolve) => socket.once("open", resolve));
    const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
    socket.send("null");
    expect(await closed).toBe(4400);
  });

  /** The code a socket is closed with after `messages` are sent on it (each after the one before). */
  async function closedWith(url: string, protocol: string, messages: object[]) {
    const socket = new WebSocket(url, protocol);
    const received: unknown[] = [];
    socket.on("message", (raw) => received.push(JSON.parse(String(raw))));
    await new Promise((resolve) => socket.once("open", resolve));
    const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
    for (const message of messages) {
      socket.send(JSON.stringify(message));
      await new Promise((r) => setTimeout(r, 100));
    }
    return { code: await closed, received };
  }

  it("a bad token in connection_init closes the connection: 4403 Forbidden (graphql-transport-ws), connection_error (legacy graphql-ws)", async () => {
    const init = { type: "connection_init", payload: { token: "not-a-token" } };
    expect(await closedWith(`${base}/v1/graphql`, "graphql-transport-ws", [init])).toEqual({
      code: 4403,
      received: [],
    });
    const legacy = await closedWith(`${base}/v1/graphql`, "graphql-ws", [init]);
    expect(legacy.received).toEqual([expect.objectContaining({ type: "connection_error" })]);
  });

  it("a socket with no credential, or a bad one in its URL, is refused at connection_init: nothing is held open for it", async () => {
    for (const url of [`${base}/v1/graphql`, `${base}/v1/graphql?token=not-a-token`]) {
      const refused = await closedWith(url, "graphql-transport-ws", [{ type: "connection_init" }]);
      expect(refused.code, url).toBe(4403);
    }
  });

  it("a second connection_init closes the socket (4429), as graphql-transport-ws says: it cannot sign in again as another", async () => {
    const init = (token: string) => ({
      type: "connection_init",
      payload: { authorization: `Bearer ${token}` },
    });
    const twice = await closedWith(`${base}/v1/graphql`, "graphql-transport-ws", [
      init(mine.token),
      init(await session(theirs.profileId)),
    ]);
    expect(twice.code).toBe(4429);
    expect(twice.received).toEqual([expect.objectContaining({ type: "connection_ack" })]);
  });

  it(`refuses a subscription whose lists may fetch more than ${MAX_ROWS} rows for each event`, async () => {
    const ws = await open(`${base}/v1/graphql`, "graphql-transport-ws");
    ws.send({ type: "connection_init", payload: { authorization: `Bearer ${mine.token}` } });
    expect(await ws.next()).toMatchObject({ type: "connection_ack" });
    ws.send({
      id: "wide",
      type: "subscribe",
      payload: {
        query:
          "subscription { connectionSynced { accounts(first: 100) { nodes { transactions(first: 100) { nodes { id } } } } } }",
      },
    });
    expect(await ws.next()).toEqual({
      id: "wide",
      type: "error",
      payload: [expect.objectContaining({ message: expect.stringContaining("this one may fetch 10,100") })],
    });
    ws.close();
  });
});

/** A cable of the token's, welcomed and subscribed to the GraphQL channel under `identifier`. */
async function channelOf(token: string, identifier: string) {
  const cable = await open(`${base}/websockets?token=${token}`);
  expect(await cable.next()).toEqual({ type: "welcome" });
  cable.send({ command: "subscribe", identifier });
  expect(await cable.next()).toEqual({ identifier, type: "confirm_subscription" });
  return cable;
}

describe("the ActionCable channel at /websockets", () => {
  const identifier = JSON.stringify({ channel: "GraphQLChannel", channelId: "abc123" });
  const openChannel = () => channelOf(mine.token, identifier);

  it("ignores frames that are not the protocol's (one `null` frame used to end the process), and answers an execute's wrong fields as GraphQL errors", async () => {
    const cable = await openChannel();
    cable.send(null as never);
    cable.send({ command: "message", identifier, data: "null" });
    cable.send({ command: "subscribe", identifier: "null" });
    const execute = (fields: object) =>
      cable.send({ command: "message", identifier, data: JSON.stringify({ action: "execute", ...fields }) });
    const answered = (result: object) => ({ identifier, message: { result, more: false } });
    execute({ query: ["{ profile { id } }"] });
    expect(await nextNotPing(cable)).toEqual(
      answered({
        errors: [{ message: "Send the query as a string: execute's query is the document's text." }],
      }),
    );
    execute({ query: "{ profile { id } }", variables: "x" });
    expect(await nextNotPing(cable)).toEqual(
      answered({
        errors: [{ message: "Send variables as an object of names to values, or leave them out." }],
      }),
    );
    execute({ query: "{ profile { id } }" });
    expect(await nextNotPing(cable)).toEqual(answered({ data: { profile: { id: mine.profileId } } }));
    cable.close();
  });

  it("welcomes, confirms GraphQLChannel, answers a query once and streams a subscription", async () => {
    const cable = await openChannel();
    cable.send({
      command: "message",
      identifier,
      data: JSON.stringify({ action: "execute", query: "{ profile { id } }", variables: {} }),
    });
    expect(await cable.next()).toEqual({
      identifier,
      message: { result: { data: { profile: { id: mine.profileId } } }, more: false },
    });
    const live = JSON.stringify({ channel: "GraphQLChannel", channelId: "live" });
    cable.send({ command: "subscribe", identifier: live });
    expect(await cable.next()).toMatchObject({ type: "confirm_subscription" });
    cable.send({
      command: "message",
      identifier: live,
      data: JSON.stringify({
        action: "execute",
        query: "subscription OnSync { connectionSynced { id } }",
        operationName: "OnSync",
      }),
    });
    await new Promise((r) => setTimeout(r, 200));
    await syncTheirsThenMine();
    let message = await cable.next<{ type?: string; identifier?: string; message?: unknown }>();
    while (message.type === "ping") message = await cable.next();
    expect(message).toEqual({
      identifier: live,
      message: { result: { data: { connectionSynced: { id: mine.connectionId } } }, more: true },
    });
    cable.send({ command: "unsubscribe", identifier: live });
    cable.close();
  });

  it("answers a document beyond the query limits with the limit's error, running nothing", async () => {
    const cable = await openChannel();
    cable.send({
      command: "message",
      identifier,
      data: JSON.stringify({ action: "execute", query: TOO_DEEP }),
    });
    expect(await cable.next()).toMatchObject({
      identifier,
      message: { result: { errors: [{ message: TOO_DEEP_MESSAGE }] }, more: false },
    });
    // Nested past what graphql-js's parser survives: refused before it is parsed.
    const nested = `{ profile(x: ${"[".repeat(5_000)}${"]".repeat(5_000)}) { id } }`;
    cable.send({
      command: "message",
      identifier,
      data: JSON.stringify({ action: "execute", query: nested }),
    });
    expect(await cable.next()).toMatchObject({
      identifier,
      message: { result: { errors: [{ message: expect.stringContaining(`at most ${MAX_NESTING} deep`) }] } },
    });
    cable.close();
  });

  it(`holds at most ${MAX_SUBSCRIPTIONS_PER_PROFILE} live subscriptions for a profile, and frees one when it ends`, async () => {
    const cable = await openChannel();
    const channel = (n: number) => JSON.stringify({ channel: "GraphQLChannel", channelId: `many-${n}` });
    const start = async (n: number) => {
      cable.send({ command: "subscribe", identifier: channel(n) });
      expect(await cable.next()).toMatchObject({ type: "confirm_subscription" });
      cable.send({
        command: "message",
        identifier: channel(n),
        data: JSON.stringify({ action: "execute", query: "subscription { connectionSynced { id } }" }),
      });
    };
    for (let n = 0; n < MAX_SUBSCRIPTIONS_PER_PROFILE; n++) await start(n);
    await start(MAX_SUBSCRIPTIONS_PER_PROFILE);
    let refused = await cable.next<{ type?: string; identifier?: string; message?: unknown }>();
    while (refused.type === "ping") refused = await cable.next();
    expect(refused).toEqual({
      identifier: channel(MAX_SUBSCRIPTIONS_PER_PROFILE),
      message: {
        result: {
          errors: [
            expect.objectContaining({
              message: `A profile may hold at most ${MAX_SUBSCRIPTIONS_PER_PROFILE} live subscriptions at once. End one (complete, or unsubscribe) before starting another.`,
            }),
          ],
        },
        more: false,
      },
    });
    // One ended: room for another.
    cable.send({ command: "unsubscribe", identifier: channel(0) });
    await new Promise((r) => setTimeout(r, 100));
    await start(MAX_SUBSCRIPTIONS_PER_PROFILE + 1);
    await new Promise((r) => setTimeout(r, 200));
    await syncTheirsThenMine();
    let next = await cable.next<{ type?: string; identifier?: string; message?: unknown }>();
    while (next.type === "ping" || next.identifier !== channel(MAX_SUBSCRIPTIONS_PER_PROFILE + 1)) {
      next = await cable.next();
    }
    expect(next).toMatchObject({
      message: { result: { data: { connectionSynced: { id: mine.connectionId } } }, more: true },
    });
    cable.close();
  });

  it("refuses a socket without a valid session token", async () => {
    const cable = await open(`${base}/websockets?token=nope`);
    expect(await cable.next()).toEqual({ type: "disconnect", reason: "unauthorized", reconnect: false });
  });
});

/** The next message that is not ActionCable's ping. */
async function nextNotPing(socket: Awaited<ReturnType<typeof open>>) {
  let message = await socket.next<{ type?: string }>();
  while (message.type === "ping") message = await socket.next();
  return message;
}

const revoke = async (token: string) =>
  (
    await platform.app.inject({
      method: "DELETE",
      url: "/v1/users/session",
      headers: { authorization: `Bearer ${token}` },
    })
  ).statusCode;

describe("a token revoked after its socket opened stops working on the socket at once", () => {
  const identifier = JSON.stringify({ channel: "GraphQLChannel", channelId: "revoked" });
  const execute = (query: string) => ({
    command: "message",
    identifier,
    data: JSON.stringify({ action: "execute", query }),
  });

  it(`ActionCable: an operation whose lists may fetch more than ${MAX_ROWS} rows is refused unrun`, async () => {
    const cable = await channelOf(mine.token, identifier);
    cable.send(execute("{ accounts(first: 100) { nodes { transactions(first: 100) { nodes { id } } } } }"));
    expect(await nextNotPing(cable)).toEqual({
      identifier,
      message: {
        result: {
          errors: [
            expect.objectContaining({ message: expect.stringContaining("this one may fetch 10,100") }),
          ],
        },
        more: false,
      },
    });
    cable.close();
  });

  it("ActionCable: the next operation disconnects the socket and runs nothing (a mutation changes nothing)", async () => {
    const { profileId } = await linkAndSync(platform, env);
    const token = await session(profileId);
    const cable = await channelOf(token, identifier);
    cable.send(execute("{ profile { id } }"));
    expect(await nextNotPing(cable)).toEqual({
      identifier,
      message: { result: { data: { profile: { id: profileId } } }, more: false },
    });
    expect(await revoke(token)).toBe(204);
    cable.send(execute('mutation { profileUpdate(input: { name: "after the revoke" }) { success } }'));
    expect(await nextNotPing(cable)).toEqual({
      type: "disconnect",
      reason: "unauthorized",
      reconnect: false,
    });
    const profile = await platform.app.inject({ url: `/v1/profiles/${profileId}`, headers: env.auth });
    expect(profile.json().name).not.toBe("after the revoke");
  });

  it("ActionCable: a live subscription is sent no event after the revoke; the socket is disconnected", async () => {
    const { profileId, connectionId } = await linkAndSync(platform, env);
    const token = await session(profileId);
    const cable = await channelOf(token, identifier);
    cable.send(execute("subscription { connectionSynced { id status } }"));
    await new Promise((r) => setTimeout(r, 200));
    expect(await revoke(token)).toBe(204);
    await simulate(platform, env, connectionId, { event: "SYNC" });
    await platform.worker.drain();
    expect(await nextNotPing(cable)).toEqual({
      type: "disconnect",
      reason: "unauthorized",
      reconnect: false,
    });
  });

  it("graphql-ws: the revoke closes the socket at once (4403); no event is sent after it", async () => {
    const { profileId, connectionId } = await linkAndSync(platform, env);
    const token = await session(profileId);
    const socket = new WebSocket(`${base}/v1/graphql`, "graphql-transport-ws");
    const received: { type?: string }[] = [];
    socket.on("message", (raw) => received.push(JSON.parse(String(raw))));
    await new Promise((resolve) => socket.once("open", resolve));
    const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
    socket.send(JSON.stringify({ type: "connection_init", payload: { authorization: `Bearer ${token}` } }));
    await new Promise((r) => setTimeout(r, 200));
    socket.send(
      JSON.stringify({
        id: "1",
        type: "subscribe",
        payload: { query: "subscription { connectionSynced { id } }" },
      }),
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(await revoke(token)).toBe(204);
    expect(await closed).toBe(4403);
    await simulate(platform, env, connectionId, { event: "SYNC" });
    await platform.worker.drain();
    expect(received.map((m) => m.type)).toEqual(["connection_ack"]);
  });

  it("ActionCable: each operation counts against the session's rate limit, as a request does", async () => {
    const limited = await platform.environment("SANDBOX", "socket rate limit");
    const { profileId } = await linkAndSync(platform, limited);
    const token = await issueSession(platform, limited, profileId);
    await setEnvironmentRateLimits(platform.ctx, limited.id, { session: 2 });
    const cable = await channelOf(token, identifier);
    // At the start of a second, so the three fall in one window.
    await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 5));
    const answers = [];
    for (let i = 0; i < 3; i++) {
      cable.send(execute("{ profile { id } }"));
      answers.push(await nextNotPing(cable));
    }
    expect(answers.slice(0, 2)).toEqual([
      { identifier, message: { result: { data: { profile: { id: profileId } } }, more: false } },
      { identifier, message: { result: { data: { profile: { id: profileId } } }, more: false } },
    ]);
    expect(answers[2]).toEqual({
      identifier,
      message: {
        result: {
          errors: [expect.objectContaining({ message: "More than 2 requests a second with this session" })],
        },
        more: false,
      },
    });
    cable.close();
  });
});
