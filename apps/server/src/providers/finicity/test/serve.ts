/**
 * The Finicity stand-in as a process, to try Weft's Finicity path by hand without Finicity:
 *   node apps/server/src/providers/finicity/test/serve.ts      (PORT, default 4030)
 * It prints the variables to start Weft with, Finicity's test credentials for its Data Connect
 * page, and a demo testing customer with a connected institution login to read by hand.
 */
import { startFinicityStandIn, TEST_CREDENTIALS } from "./stand-in.ts";

const port = Number(process.env.PORT ?? 4030);
const finicity = await startFinicityStandIn({ port });
const json = { Accept: "application/json", "Content-Type": "application/json" };
const authentication = await fetch(`${finicity.url}/aggregation/v2/partners/authentication`, {
  method: "POST",
  headers: { ...json, "Finicity-App-Key": finicity.appKey },
  body: JSON.stringify({ partnerId: finicity.partnerId, partnerSecret: finicity.partnerSecret }),
});
const { token } = (await authentication.json()) as { token: string };
const created = await fetch(`${finicity.url}/aggregation/v2/customers/testing`, {
  method: "POST",
  headers: { ...json, "Finicity-App-Key": finicity.appKey, "Finicity-App-Token": token },
  body: JSON.stringify({ username: "weft-demo-customer", firstName: "Jane", lastName: "Doe" }),
});
const customer = (await created.json()) as { id: string };
const login = finicity.createLogin(customer.id, { institutionId: 101732 });

process.stdout.write(`Finicity stand-in (Mastercard Open Finance US aggregation API) at ${finicity.url}

Start Weft against it:
  WEFT_FINICITY_PARTNER_ID=${finicity.partnerId} WEFT_FINICITY_SECRET=${finicity.partnerSecret} \\
  WEFT_FINICITY_APP_KEY=${finicity.appKey} WEFT_FINICITY_BASE_URL=${finicity.url} npm start

Data Connect (the page behind POST /connect/v2/generate, /lite and /fix), FinBank test profiles:
  username ${TEST_CREDENTIALS.username}, password ${TEST_CREDENTIALS.password}   -> connected (status 0)
  username ${TEST_CREDENTIALS.mfaUsername}, any password      -> MFA question; the answer "${TEST_CREDENTIALS.mfaAnswer}" connects
  anything else                               -> "Incorrect sign in" (103); nothing is added
Institutions: 102105 FinBank Profiles - A (checking, savings, credit card), 101732 FinBank (+ investment).

A demo testing customer with a connected institution login (24 months of history; the 180 days
before it was added are served until POST .../transactions/historic):
  customerId          ${customer.id}
  institutionLoginId  ${login.institutionLoginId}
  accountIds          ${login.accountIds.join(", ")}

Read it as Finicity's API is read (a token from /aggregation/v2/partners/authentication, 2 hours):
  TOKEN=$(curl -s -X POST ${finicity.url}/aggregation/v2/partners/authentication \\
    -H 'Finicity-App-Key: ${finicity.appKey}' -H 'Content-Type: application/json' -H 'Accept: application/json' \\
    -d '{"partnerId":"${finicity.partnerId}","partnerSecret":"${finicity.partnerSecret}"}' | sed 's/.*"token":"\\([^"]*\\)".*/\\1/')
  curl -s -H 'Finicity-App-Key: ${finicity.appKey}' -H "Finicity-App-Token: $TOKEN" -H 'Accept: application/json' \\
    ${finicity.url}/aggregation/v1/customers/${customer.id}/accounts
  curl -s -H 'Finicity-App-Key: ${finicity.appKey}' -H "Finicity-App-Token: $TOKEN" -H 'Accept: application/json' \\
    "${finicity.url}/aggregation/v3/customers/${customer.id}/transactions?fromDate=0&toDate=$(date +%s)&limit=10"
Ctrl+C stops it.
`);
const stop = () => void finicity.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
