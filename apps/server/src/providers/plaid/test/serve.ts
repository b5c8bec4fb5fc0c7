/**
 * The Plaid stand-in as a process, to try Weft's Plaid path by hand without Plaid:
 *   npm run plaid:stand-in            (PORT, default 4010)
 * It prints the variables to start Weft with and an item's access token to import.
 */
import { startPlaidStandIn } from "./stand-in.ts";

const port = Number(process.env.PORT ?? 4010);
const plaid = await startPlaidStandIn({ port });
const item = plaid.createItem({
  accounts: "investments",
  products: ["transactions", "auth", "identity", "investments"],
  transactionCount: 60,
});
process.stdout.write(`Plaid stand-in at ${plaid.url}

Start Weft against it:
  WEFT_PLAID_CLIENT_ID=${plaid.clientId} WEFT_PLAID_SECRET=${plaid.secret} WEFT_PLAID_BASE_URL=${plaid.url} \\
  WEFT_PLAID_LINK_SCRIPT_URL=${plaid.url}/link/initialize.js npm start

An item to import (POST /v1/profiles/{profileId}/connections/import/plaid):
  accessToken    ${item.accessToken}
  item_id        ${item.itemId}

Drive it as Plaid's sandbox would (client_id and secret in the body):
  curl -s ${plaid.url}/sandbox/item/fire_webhook -H 'content-type: application/json' \\
    -d '{"client_id":"${plaid.clientId}","secret":"${plaid.secret}","access_token":"${item.accessToken}","webhook_code":"SYNC_UPDATES_AVAILABLE"}'
  curl -s ${plaid.url}/sandbox/item/reset_login -H 'content-type: application/json' \\
    -d '{"client_id":"${plaid.clientId}","secret":"${plaid.secret}","access_token":"${item.accessToken}"}'
Ctrl+C stops it.
`);
const stop = () => void plaid.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
