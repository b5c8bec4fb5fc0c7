import { Type } from "typebox";
import type { AppContext } from "../../context.ts";
import { escapeHtml } from "../../http/html.ts";
import type { Server } from "../../http/server-type.ts";
import { AKOYA_CALLBACK_PATH, type CallbackOutcome, callbackOutcome } from "./service.ts";

/** Open: an OAuth server may add parameters of its own (`iss`, `session_state`), which a client ignores (RFC 6749 4.1.2). */
const CallbackQuery = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 2000 })),
    state: Type.Optional(Type.String({ maxLength: 4000 })),
    error: Type.Optional(Type.String({ maxLength: 200 })),
    error_description: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: true },
);

/**
 * The page Akoya redirects the end-user's window to: it hands the outcome (the code, when there is
 * one) to the Connector that opened it (same origin), which finishes with its session, then
 * closes; opened any other way, it finishes nothing and says so in words.
 */
function callbackPage(publicUrl: string, outcome: CallbackOutcome): string {
  const message = { weft: "akoya", ...outcome };
  const text =
    "message" in outcome
      ? outcome.message
      : "Go back to the window where you started connecting: it finishes there. You can close this one.";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Weft</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><p id="outcome">${escapeHtml(text)}</p></main>
<script>
  if (window.opener) {
    window.opener.postMessage(${JSON.stringify(message).replace(/</g, "\\u003c")}, ${JSON.stringify(new URL(publicUrl).origin)});
    window.close();
  }
</script></body></html>`;
}

/** Akoya's OAuth redirect: public; it changes nothing (the Connector's session finishes the sign-in). */
export function registerAkoyaRoutes(app: Server, ctx: AppContext): void {
  app.get(AKOYA_CALLBACK_PATH, { schema: { querystring: CallbackQuery } }, async (request, reply) => {
    const outcome = callbackOutcome(ctx, request.query);
    return reply
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("referrer-policy", "no-referrer")
      .send(callbackPage(ctx.config.publicUrl, outcome));
  });
}
