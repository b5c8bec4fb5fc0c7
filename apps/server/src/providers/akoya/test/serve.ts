/**
 * The Akoya stand-in as a process, to try Weft's Akoya path by hand without Akoya:
 *   node apps/server/src/providers/akoya/test/serve.ts      (PORT, default 4040)
 * One server plays both of Akoya's hosts: the IdP (sandbox-idp.ddp.akoya.com: /auth, /token,
 * /revoke) and the products API (sandbox-products.ddp.akoya.com: /accounts-info/v2/…, …), so Weft's
 * IdP and products base URLs are the same URL. It prints the variables to start Weft with and the
 * sandbox test logins for its sign-in page.
 */
import { PROVIDERS, startAkoyaStandIn, TEST_USERS } from "./stand-in.ts";

const port = Number(process.env.PORT ?? 4040);
const akoya = await startAkoyaStandIn({ port });

const logins = PROVIDERS.map((provider) => {
  const users = TEST_USERS.filter((user) => user.providerId === provider.id);
  const investments = users.filter((user) => user.investments).map((user) => user.username);
  return `  ${provider.id.padEnd(7)} ${provider.name.padEnd(20)} ${users[0]!.username} … ${users.at(-1)!.username} (password = username; ${investments.join(", ")} also has a brokerage account)`;
}).join("\n");

const authorizeUrl = `${akoya.url}/auth?${new URLSearchParams({
  connector: "mikomo",
  client_id: akoya.clientId,
  redirect_uri: "http://localhost:3000/callback",
  state: "try-it-by-hand",
  response_type: "code",
  scope: "openid profile offline_access",
})}`;

process.stdout.write(`Akoya stand-in (Data Access Network: IdP and products API on one server) at ${akoya.url}

Start Weft against it:
  WEFT_AKOYA_CLIENT_ID=${akoya.clientId} WEFT_AKOYA_SECRET=${akoya.clientSecret} \\
  WEFT_AKOYA_BASE_URL=${akoya.url} npm start
(WEFT_AKOYA_BASE_URL serves both the IdP paths /auth, /token, /revoke and the product paths.)

Sign-in page test logins (any redirect_uri is accepted):
${logins}
  A wrong password shows an error; Cancel redirects with error=access_denied.

By hand: open
  ${authorizeUrl}
sign in as mikomo_1 / mikomo_1, take the code from the redirect (valid 5 minutes), then
  curl -s -u '${akoya.clientId}:${akoya.clientSecret}' ${akoya.url}/token \\
    -d grant_type=authorization_code -d code=CODE -d redirect_uri=http://localhost:3000/callback
  curl -s -H "Authorization: Bearer ID_TOKEN" ${akoya.url}/accounts-info/v2/mikomo
  curl -s -H "Authorization: Bearer ID_TOKEN" "${akoya.url}/transactions/v2/mikomo/ACCOUNT_ID?limit=10"
id_tokens live 900 seconds; refresh with grant_type=refresh_token (refresh tokens rotate).
Ctrl+C stops it.
`);
const stop = () => void akoya.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
