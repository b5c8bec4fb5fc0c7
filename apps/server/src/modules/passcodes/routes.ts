import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { tooManyRequests } from "../../http/errors.ts";
import { RateLimiter } from "../../http/rate-limit.ts";
import { errorResponses } from "../../http/schemas.ts";
import type { Server } from "../../http/server-type.ts";
import { UserSession } from "../sessions/schemas.ts";
import { PasscodeRequest, PasscodeSent, PasscodeVerification } from "./schemas.ts";
import { requestPasscode, verifyPasscode } from "./service.ts";

/** Passwordless sign-in, for end-users who reach the Connector without a session token. */
export function registerPasscodeRoutes(app: Server, ctx: AppContext): void {
  // Per address, on top of the per-destination limits: one client cannot spray many inboxes or guesses.
  const perIp = new RateLimiter(60_000);
  const limit = ctx.config.rateLimits.signInPerIpPerMinute;
  const limitByIp = async (request: FastifyRequest) => {
    if (limit === 0) return;
    const taken = perIp.take(request.ip, limit);
    if (!taken.allowed) {
      throw tooManyRequests(
        `More than ${limit} sign-in attempts a minute from this address`,
        taken.resetSeconds,
        (s) => `Try again in ${s} seconds.`,
      );
    }
  };
  app.post(
    "/v1/users/session",
    {
      config: { api: "auth" },
      onRequest: limitByIp,
      schema: {
        operationId: "requestPasscode",
        tags: ["Sessions"],
        summary: "Sign in by email or phone: send a passcode",
        description:
          "Sends a one-time passcode to the email or phone (202). Send the passcode too and, when it is " +
          "right, the session is created at once (201). `clientId` is the Connector's id; its environment " +
          "must allow sign-in by email. In TEST and SANDBOX environments the passcode is always 000000.",
        body: PasscodeRequest,
        response: { 201: UserSession, 202: PasscodeSent, ...errorResponses(401, 403, 422, 429, 503) },
      },
    },
    async (request, reply) => {
      const { passcode, ...identity } = request.body.session;
      if (passcode !== undefined) return reply.code(201).send(await verifyPasscode(ctx, identity, passcode));
      return reply.code(202).send(await requestPasscode(ctx, identity));
    },
  );

  app.put(
    "/v1/users/session",
    {
      config: { api: "auth" },
      onRequest: limitByIp,
      schema: {
        operationId: "verifyPasscode",
        tags: ["Sessions"],
        summary: "Sign in by email or phone: exchange the passcode for a session",
        description:
          "Checks the latest passcode sent to the email or phone. Right: a session for the end-user's " +
          "profile, created on first sign-in (201). Wrong or expired: 401; after 5 wrong tries the " +
          "passcode stops working. One address may make 30 sign-in requests a minute (429 past that).",
        body: PasscodeVerification,
        response: { 201: UserSession, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const { passcode, ...identity } = request.body.session;
      return reply.code(201).send(await verifyPasscode(ctx, identity, passcode));
    },
  );
}
