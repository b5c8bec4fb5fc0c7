import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../../test/harness.ts";
import { connectors, passcodes, profiles } from "../../db/schema/index.ts";
import { createConnector } from "../connectors/service.ts";

let platform: TestPlatform;
let sandboxConnector: string;
let sandboxEnvId: string;
let sandboxAuth: { authorization: string };

beforeAll(async () => {
  platform = await startTestPlatform();
  const env = await platform.environment("SANDBOX");
  sandboxEnvId = env.id;
  sandboxAuth = env.auth;
  sandboxConnector = (await createConnector(platform.ctx.db, { environmentId: env.id, name: "Acme Money" }))
    .id;
});
afterAll(() => platform.close());

const send = (method: "POST" | "PUT", session: Record<string, unknown>) =>
  platform.app.inject({ method, url: "/v1/users/session", payload: { session } });

describe("passwordless sign-in in SANDBOX", () => {
  it("POST sends a passcode (202), PUT exchanges 000000 for a session of a new profile (201)", async () => {
    const sent = await send("POST", { clientId: sandboxConnector, email: "Grace@Example.com" });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({
      message: "A passcode was sent to g***@example.com",
      expiresAt: expect.any(String),
    });
    expect(Date.parse(sent.json().expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(platform.mail.at(-1)).toMatchObject({
      to: "grace@example.com",
      subject: "000000 is your Acme Money passcode",
    });
    expect(platform.mail.at(-1)!.text).toContain("Your Acme Money passcode is 000000.");

    const signedIn = await send("PUT", {
      clientId: sandboxConnector,
      email: "grace@example.com",
      passcode: "000000",
    });
    expect(signedIn.statusCode).toBe(201);
    const session = signedIn.json();
    expect(session).toMatchObject({ environmentId: sandboxEnvId, userId: expect.stringMatching(/^p_/) });
    const [profile] = await platform.ctx.db.select().from(profiles).where(eq(profiles.id, session.userId));
    expect(profile!.email).toBe("grace@example.com");
    const check = await platform.app.inject({
      method: "GET",
      url: "/v1/users/session",
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(check.json().userId).toBe(session.userId);

    // Signing in again finds the same profile, and a used passcode cannot be reused.
    expect(
      (await send("PUT", { clientId: sandboxConnector, email: "grace@example.com", passcode: "000000" }))
        .statusCode,
    ).toBe(401);
    await send("POST", { clientId: sandboxConnector, email: "grace@example.com" });
    const again = await send("POST", {
      clientId: sandboxConnector,
      email: "grace@example.com",
      passcode: "000000",
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().userId).toBe(session.userId);
  });

  it("finds the profile the backend created, whatever the case of its email", async () => {
    const created = (
      await platform.app.inject({
        method: "POST",
        url: "/v1/profiles",
        headers: sandboxAuth,
        payload: { email: "Ada.Lovelace@Example.com" },
      })
    ).json();
    await send("POST", { clientId: sandboxConnector, email: "ada.lovelace@example.com" });
    const res = await send("PUT", {
      clientId: sandboxConnector,
      email: "ADA.LOVELACE@example.com",
      passcode: "000000",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().userId).toBe(created.id);
  });

  it("signs in by phone too", async () => {
    await send("POST", { clientId: sandboxConnector, phone: "+14155550123" });
    const res = await send("PUT", { clientId: sandboxConnector, phone: "+14155550123", passcode: "000000" });
    expect(res.statusCode).toBe(201);
    const [profile] = await platform.ctx.db.select().from(profiles).where(eq(profiles.id, res.json().userId));
    expect(profile!.phone).toBe("+14155550123");
  });

  it("401 for a wrong code, for no code requested, and for an expired code", async () => {
    const wrong = await (async () => {
      await send("POST", { clientId: sandboxConnector, email: "wrong@example.com" });
      return send("PUT", { clientId: sandboxConnector, email: "wrong@example.com", passcode: "123456" });
    })();
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      message: "The passcode is wrong or has expired",
      instruction: "Check the code, or ask for a new one with POST /v1/users/session.",
    });
    expect(
      (await send("PUT", { clientId: sandboxConnector, email: "never@example.com", passcode: "000000" }))
        .statusCode,
    ).toBe(401);

    await send("POST", { clientId: sandboxConnector, email: "late@example.com" });
    await platform.ctx.db
      .update(passcodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passcodes.destination, "late@example.com"));
    expect(
      (await send("PUT", { clientId: sandboxConnector, email: "late@example.com", passcode: "000000" }))
        .statusCode,
    ).toBe(401);
  });

  it("a passcode stops working after 5 wrong tries", async () => {
    await send("POST", { clientId: sandboxConnector, email: "guess@example.com" });
    for (let i = 0; i < 5; i++) {
      expect(
        (await send("PUT", { clientId: sandboxConnector, email: "guess@example.com", passcode: `99999${i}` }))
          .statusCode,
      ).toBe(401);
    }
    expect(
      (await send("PUT", { clientId: sandboxConnector, email: "guess@example.com", passcode: "000000" }))
        .statusCode,
    ).toBe(401);
  });

  it("429 after 5 passcodes to one address in an hour", async () => {
    for (let i = 0; i < 5; i++)
      expect((await send("POST", { clientId: sandboxConnector, email: "spam@example.com" })).statusCode).toBe(
        202,
      );
    const res = await send("POST", { clientId: sandboxConnector, email: "spam@example.com" });
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBe("3600");
    expect(res.json().message).toBe("5 passcodes were already sent to s***@example.com in the last hour");
  });

  it.each([
    [{ email: "a@example.com" }, { "session.clientId": ["Client ID is required"] }],
    [{ clientId: "x", email: "nope" }, { "session.email": ["Email is not a valid email address"] }],
    [
      { clientId: "x", phone: "555" },
      { "session.phone": ["Phone is not a valid E.164 phone number, such as +14155552671"] },
    ],
    [
      { clientId: "x", email: "a@example.com", passcode: "12" },
      { "session.passcode": ["Passcode must be 6 digits"] },
    ],
  ])("422 for %j", async (session, expected) => {
    const res = await send("POST", session);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(expected);
  });

  it("422 unless exactly one of email and phone is sent", async () => {
    for (const session of [
      { clientId: sandboxConnector },
      { clientId: sandboxConnector, email: "a@example.com", phone: "+14155550123" },
    ]) {
      const res = await send("POST", session);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ session: ["Send either an email or a phone, not both and not neither"] });
    }
    const put = await send("PUT", { clientId: sandboxConnector, email: "a@example.com" });
    expect(put.json()).toEqual({ "session.passcode": ["Passcode is required"] });
  });

  it("403 for an unknown connector (never 404) and when the connector does not allow sign-in", async () => {
    for (const method of ["POST", "PUT"] as const) {
      const unknown = await send(method, {
        clientId: "ctr_nope",
        email: "a@example.com",
        passcode: "000000",
      });
      expect(unknown.statusCode).toBe(403);
      expect(unknown.json().message).toBe("Unknown clientId ctr_nope");
    }
    const closed = await createConnector(platform.ctx.db, {
      environmentId: sandboxEnvId,
      name: "Closed",
      emailSignIn: false,
    });
    const res = await send("POST", { clientId: closed.id, email: "a@example.com" });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("This connector does not let end-users sign in by themselves");
    expect(
      await platform.ctx.db.select().from(passcodes).where(eq(passcodes.connectorId, closed.id)),
    ).toHaveLength(0);
  });
});

describe("passwordless sign-in in PRODUCTION", () => {
  it("sends a random code by mail; 000000 is not special", async () => {
    const env = await platform.environment("PRODUCTION");
    const connector = await createConnector(platform.ctx.db, { environmentId: env.id, name: "Live" });
    expect((await send("POST", { clientId: connector.id, email: "live@example.com" })).statusCode).toBe(202);
    const code = /passcode is (\d{6})\./.exec(platform.mail.at(-1)!.text)![1]!;
    if (code !== "000000") {
      expect(
        (await send("PUT", { clientId: connector.id, email: "live@example.com", passcode: "000000" }))
          .statusCode,
      ).toBe(401);
    }
    const res = await send("PUT", { clientId: connector.id, email: "live@example.com", passcode: code });
    expect(res.statusCode).toBe(201);
    expect(res.json().environmentId).toBe(env.id);
  });

  it("without a mail server or an SMS gateway, no real passcode is made (503): the log is no sign-in", async () => {
    const env = await platform.environment("PRODUCTION", "no mail");
    const connector = await createConnector(platform.ctx.db, { environmentId: env.id, name: "Live" });
    const delivers = platform.ctx.mailer.delivers;
    platform.ctx.mailer.delivers = false;
    try {
      const byMail = await send("POST", { clientId: connector.id, email: "nomail@example.com" });
      expect(byMail.statusCode).toBe(503);
      expect(byMail.json().message).toBe("Passcodes cannot be sent by email: this Weft has no mail server");
    } finally {
      platform.ctx.mailer.delivers = delivers;
    }
    const byText = await send("POST", { clientId: connector.id, phone: "+14155550199" });
    expect(byText.statusCode).toBe(503);
    expect(byText.json().message).toBe(
      "Passcodes cannot be sent by text message: this Weft has no SMS gateway",
    );
    const made = await platform.ctx.db
      .select()
      .from(passcodes)
      .where(eq(passcodes.connectorId, connector.id));
    expect(made).toEqual([]);
  });

  it("a profile with the same email in another environment is not used", async () => {
    const other = await platform.environment("TEST");
    const theirs = (
      await platform.app.inject({
        method: "POST",
        url: "/v1/profiles",
        headers: other.auth,
        payload: { email: "shared@example.com" },
      })
    ).json();
    await send("POST", { clientId: sandboxConnector, email: "shared@example.com" });
    const res = await send("PUT", {
      clientId: sandboxConnector,
      email: "shared@example.com",
      passcode: "000000",
    });
    expect(res.json().userId).not.toBe(theirs.id);
    expect(res.json().environmentId).toBe(sandboxEnvId);
    expect((await platform.ctx.db.select().from(connectors)).length).toBeGreaterThan(0);
  });
});
