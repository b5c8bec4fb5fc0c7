import type { AppContext } from "../../context.ts";
import { errorResponses } from "../../http/schemas.ts";
import type { Server } from "../../http/server-type.ts";
import { UserSession } from "../sessions/schemas.ts";
import { PasscodeRequest, PasscodeSent, PasscodeVerification } from "./schemas.ts";
import { requestPasscode, verifyPasscode } from "./service.ts";

/** Passwordless sign-in, for end-users who reach the Connector without a session token. */
export function registerPasscodeRoutes(app: Server, ctx: AppContext): void {
  app.post(
    "/v1/users/session",
    {
      config: { api: "auth" },
      schema: {
        operationId: "requestPasscode",
        tags: ["Sessions"],
        summary: "Sign in by email or phone: send a passcode",
        description:
          "Sends a one-time passcode to the email or phone (202). Send the passcode too and, when it is " +
          "right, the session is created at once (201). `clientId` is the Connector's id; its environment " +
          "must allow sign-in by email. In TEST and SANDBOX environments the passcode is always 000000.",
        body: PasscodeRequest,
        response: { 201: UserSession, 202: PasscodeSent, ...errorResponses(401, 403, 422, 429) },
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
      schema: {
        operationId: "verifyPasscode",
        tags: ["Sessions"],
        summary: "Sign in by email or phone: exchange the passcode for a session",
        description:
          "Checks the latest passcode sent to the email or phone. Right: a session for the end-user's " +
          "profile, created on first sign-in (201). Wrong or expired: 401; after 5 wrong tries the " +
          "passcode stops working.",
        body: PasscodeVerification,
        response: { 201: UserSession, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const { passcode, ...identity } = request.body.session;
      return reply.code(201).send(await verifyPasscode(ctx, identity, passcode));
    },
  );
}
