import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestEnvironment, type TestPlatform } from "../../test/harness.ts";
import { createProfile, issueSession } from "../../test/sandbox-helpers.ts";
import { setEnvironmentRateLimits } from "../modules/environments/service.ts";
import { RateLimiter } from "./rate-limit.ts";

let platform: TestPlatform;
let env: TestEnvironment;
let profileId: string;

beforeAll(async () => {
  platform = await startTestPlatform({
    WEFT_RATE_LIMIT_API_KEY: "5",
    WEFT_RATE_LIMIT_SESSION: "3",
    WEFT_RATE_LIMIT_SIGN_IN: "4",
  });
  env = await platform.environment("SANDBOX");
  profileId = await createProfile(platform, env);
});
afterAll(() => platform.close());

/** Start at the beginning of a second, so a burst of a few requests falls in one window. */
async function freshSecond() {
  await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 5));
}

const burst = async (n: number, headers: Record<string, string>, url = `/v1/profiles/${profileId}`) => {
  const answers = [];
  for (let i = 0; i < n; i++) answers.push(await platform.app.inject({ url, headers }));
  return answers;
};

describe("RateLimiter", () => {
  it("counts in windows of the size asked for", () => {
    const minute = new RateLimiter(60_000);
    // 20 s before a minute's window ends.
    const at = 1_700_000_020_000;
    expect(minute.take("ip", 1, at)).toEqual({ remaining: 0, resetSeconds: 20, allowed: true });
    expect(minute.take("ip", 1, at + 19_000).allowed).toBe(false);
    expect(minute.take("ip", 1, at + 20_000).allowed).toBe(true);
  });

  it("counts each key in whole-second windows", () => {
    const limiter = new RateLimiter();
    const at = 1_700_000_000_250;
    expect(limiter.take("a", 2, at)).toEqual({ remaining: 1, resetSeconds: 1, allowed: true });
    expect(limiter.take("a", 2, at + 10)).toEqual({ remaining: 0, resetSeconds: 1, allowed: true });
    expect(limiter.take("a", 2, at + 20)).toEqual({ remaining: 0, resetSeconds: 1, allowed: false });
    expect(limiter.take("b", 2, at + 30).allowed).toBe(true);
    expect(limiter.take("a", 2, at + 800)).toMatchObject({ remaining: 1, allowed: true });
  });
});

describe("rate limits", () => {
  it("per API key: RateLimit headers on every answer, then 429 with Retry-After", async () => {
    await freshSecond();
    const answers = await burst(6, env.auth);
    expect(answers.slice(0, 5).map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.headers["ratelimit-remaining"])).toEqual(["4", "3", "2", "1", "0", "0"]);
    expect(
      answers.every((a) => a.headers["ratelimit-limit"] === "5" && a.headers["ratelimit-reset"] === "1"),
    ).toBe(true);
    const limited = answers[5]!;
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBe("1");
    expect(limited.json()).toEqual({
      message: "More than 5 requests a second with this API key",
      instruction: "Wait 1 second (Retry-After) and send it again; spread requests out.",
    });
    await freshSecond();
    expect((await burst(1, env.auth))[0]!.statusCode).toBe(200);
  });

  it("per session, apart from the API key's budget", async () => {
    const token = await issueSession(platform, env, profileId);
    await freshSecond();
    await burst(5, env.auth);
    const answers = await burst(4, { authorization: `Bearer ${token}` });
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers[0]!.headers["ratelimit-limit"]).toBe("3");
    expect(answers[3]!.json().message).toBe("More than 3 requests a second with this session");
  });

  it("GraphQL requests count against the same session budget", async () => {
    await freshSecond();
    const token = await issueSession(platform, env, profileId);
    const graphql = () =>
      platform.app.inject({
        method: "POST",
        url: "/v1/graphql",
        headers: { authorization: `Bearer ${token}` },
        payload: { query: "{ profile { id } }" },
      });
    await freshSecond();
    await burst(2, { authorization: `Bearer ${token}` });
    const answers = [await graphql(), await graphql()];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 429]);
    expect(answers[0]!.headers["ratelimit-remaining"]).toBe("0");
    expect(answers[1]!.headers["retry-after"]).toBe("1");
    expect(answers[1]!.json().message).toBe("More than 3 requests a second with this session");
  });

  it("an environment's own limits apply from its next request; 0 is no limit", async () => {
    const other = await platform.environment("SANDBOX", "own limits");
    const otherProfile = await createProfile(platform, other);
    await setEnvironmentRateLimits(platform.ctx, other.id, { apiKey: 2 });
    await freshSecond();
    const limited = await burst(3, other.auth, `/v1/profiles/${otherProfile}`);
    expect(limited.map((a) => a.statusCode)).toEqual([200, 200, 429]);
    await setEnvironmentRateLimits(platform.ctx, other.id, { apiKey: 0 });
    const free = await burst(10, other.auth, `/v1/profiles/${otherProfile}`);
    expect(free.every((a) => a.statusCode === 200 && a.headers["ratelimit-limit"] === undefined)).toBe(true);
  });
});

describe("sign-in attempts", () => {
  it("are limited per address a minute, whichever inboxes or codes they try", async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) {
      answers.push(
        await platform.app.inject({
          method: "PUT",
          url: "/v1/users/session",
          remoteAddress: "203.0.113.9",
          payload: {
            session: {
              clientId: "ctr_01jaaaaaaaaaaaaaaaaaaaaaaa",
              email: `guess${i}@example.com`,
              passcode: "123456",
            },
          },
        }),
      );
    }
    expect(answers.slice(0, 4).every((a) => a.statusCode !== 429)).toBe(true);
    expect(answers[4]!.statusCode).toBe(429);
    expect(answers[4]!.json().message).toBe("More than 4 sign-in attempts a minute from this address");
    expect(Number(answers[4]!.headers["retry-after"])).toBeGreaterThan(0);
    const elsewhere = await platform.app.inject({
      method: "POST",
      url: "/v1/users/session",
      remoteAddress: "198.51.100.7",
      payload: { session: { clientId: "ctr_01jaaaaaaaaaaaaaaaaaaaaaaa", email: "a@example.com" } },
    });
    expect(elsewhere.statusCode).not.toBe(429);
  });
});

describe("sign-in attempts behind a load balancer (WEFT_TRUST_PROXY)", () => {
  it("count the client that a trusted balancer's X-Forwarded-For names; anyone else's header is ignored", async () => {
    const behind = await startTestPlatform({ WEFT_RATE_LIMIT_SIGN_IN: "2", WEFT_TRUST_PROXY: "10.0.0.0/8" });
    try {
      const attempt = (remoteAddress: string, forwardedFor: string) =>
        behind.app.inject({
          method: "POST",
          url: "/v1/users/session",
          remoteAddress,
          headers: { "x-forwarded-for": forwardedFor },
          payload: { session: { clientId: "ctr_01jaaaaaaaaaaaaaaaaaaaaaaa", email: "a@example.com" } },
        });
      const codes = async (remote: string, forwarded: string[]) => {
        const answers = [];
        for (const f of forwarded) answers.push((await attempt(remote, f)).statusCode);
        return answers.map((code) => code === 429);
      };
      // Through the balancer (10.0.0.5): each client is counted on its own.
      expect(await codes("10.0.0.5", ["198.51.100.1", "198.51.100.1", "198.51.100.1"])).toEqual([
        false,
        false,
        true,
      ]);
      expect(await codes("10.0.0.5", ["198.51.100.2"])).toEqual([false]);
      // Straight from the internet, a forged header changes nothing: the connection's address counts.
      expect(await codes("203.0.113.50", ["198.51.100.3", "198.51.100.4", "198.51.100.5"])).toEqual([
        false,
        false,
        true,
      ]);
    } finally {
      await behind.close();
    }
  });
});
