/**
 * The MX stand-in as a process, to try Weft's MX path by hand without MX:
 *   node apps/server/src/providers/mx/test/serve.ts      (PORT, default 4020)
 * It prints the variables to start Weft with, MX's test credentials for its Connect page, and a
 * demo user with a connected member to read by hand.
 */
import { startMxStandIn } from "./stand-in.ts";

const port = Number(process.env.PORT ?? 4020);
const mx = await startMxStandIn({ port });
const auth = `Basic ${Buffer.from(`${mx.clientId}:${mx.apiKey}`).toString("base64")}`;
const created = await fetch(`${mx.url}/users`, {
  method: "POST",
  headers: {
    Authorization: auth,
    Accept: "application/vnd.mx.api.v1+json",
    "Content-Type": "application/json",
  },
  body: JSON.stringify({ user: { id: "weft-demo-user" } }),
});
const { user } = (await created.json()) as { user: { guid: string } };
const member = mx.createMember(user.guid, { accounts: "investments" });

process.stdout.write(`MX stand-in (Platform API v20111101) at ${mx.url}

Start Weft against it:
  WEFT_MX_CLIENT_ID=${mx.clientId} WEFT_MX_API_KEY=${mx.apiKey} WEFT_MX_BASE_URL=${mx.url} npm start

MX Connect (the page behind POST /users/{user_guid}/widget_urls), MX's test credentials:
  username mxuser, password "password"   -> CONNECTED
  username mxuser, password "challenge"  -> CHALLENGED; the MFA answer "correct" connects
  anything else                          -> DENIED ("incorrect credentials")

A demo user with a connected member (24 months of history, 90 days served until extend_history):
  user_guid    ${user.guid}
  member_guid  ${member.memberGuid}

Read it as MX's API is read (Basic auth client_id:api_key, MX's versioned Accept header):
  curl -s -u ${mx.clientId}:${mx.apiKey} -H 'Accept: application/vnd.mx.api.v1+json' \\
    ${mx.url}/users/${user.guid}/members/${member.memberGuid}/transactions?records_per_page=10
  curl -s -u ${mx.clientId}:${mx.apiKey} -H 'Accept: application/vnd.mx.api.v1+json' -X POST \\
    ${mx.url}/users/${user.guid}/members/${member.memberGuid}/extend_history
Ctrl+C stops it.
`);
const stop = () => void mx.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
