// Generated from the Weft OpenAPI documents by `npm run generate -w @weft/sdk`. Do not edit.
export interface paths {
    "/v1/profiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List profiles
         * @description Newest first, paginated.
         */
        get: operations["listProfiles"];
        put?: never;
        /**
         * Create a profile
         * @description Creates an end-user profile. SANDBOX environments hold at most 50 profiles. Fields Weft assigns (`id`, `createdAt`, `updatedAt`, `names.full`) are ignored when sent, so a profile read can be sent back; any other field the schema does not list is a 422.
         */
        post: operations["createProfile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/profiles/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a profile */
        get: operations["getProfile"];
        put?: never;
        post?: never;
        /**
         * Delete a profile
         * @description Accepted at once and carried out in the background; until it is done the profile answers 409 (a repeated delete answers 204 again and does nothing more). A profile.deleted event follows.
         */
        delete: operations["deleteProfile"];
        options?: never;
        head?: never;
        /**
         * Update a profile
         * @description Changes only the fields sent; `null` clears a field. `metadata` is merged into the profile's: the keys sent replace its own, a key sent as null is removed (at most 50 keys after the merge). `uuid` cannot change; fields Weft assigns (`id`, `createdAt`, `updatedAt`, `names.full`) are ignored when sent.
         */
        patch: operations["updateProfile"];
        trace?: never;
    };
    "/v1/webhooks/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook subscriptions
         * @description Newest first, paginated. Secrets are never listed.
         */
        get: operations["listWebhookSubscriptions"];
        put?: never;
        /**
         * Create a webhook subscription
         * @description Subscribes an HTTPS endpoint to event types. The answer carries the signing secret (`whsec_…`) this one time only. An environment may have at most 100 subscriptions (a 403 past that).
         *
         *     Each event is POSTed to every enabled subscription whose eventTypes match it, as JSON:
         *
         *     ```json
         *     {"environment": {"id": "env_…", "name": "Sandbox", "mode": "SANDBOX", "metadata": null},
         *      "eventTypes": ["profile.created"],
         *      "events": [{"id": "evt_…", "at": "2025-04-01T12:00:00.000Z", "type": "profile.created",
         *                  "profile": {"id": "p_…", "uuid": "…", "metadata": null}, "record": {…}, "metadata": null}]}
         *     ```
         *
         *     Requests are signed per the Standard Webhooks specification: `webhook-id` (the delivery id, the same on every attempt), `webhook-timestamp` (unix seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two space-separated signatures for 24 hours after a secret rotation). Verify with any Standard Webhooks library, e.g. `new Webhook(secret).verify(rawBody, headers)` from the `standardwebhooks` npm package.
         *
         *     Only a 2xx answer within 15 seconds counts; redirects are not followed (a 3xx is a failure). Failed attempts are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (eight attempts in all), sooner or later when the answer carries `Retry-After` (honoured up to 24 hours). A 410 Gone disables the subscription. Delivery is at least once and order is not promised: dedupe on the event id.
         */
        post: operations["createWebhookSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/subscriptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a webhook subscription */
        get: operations["getWebhookSubscription"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook subscription
         * @description Stops delivery at once, including retries still pending, and removes its delivery history.
         */
        delete: operations["deleteWebhookSubscription"];
        options?: never;
        head?: never;
        /**
         * Update a webhook subscription
         * @description Changes only the fields sent. Setting `disabled` to false resumes delivery of new events (events that happened while it was disabled are not sent; replay them if you need them).
         */
        patch: operations["updateWebhookSubscription"];
        trace?: never;
    };
    "/v1/webhooks/subscriptions/{id}/secret/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a subscription's signing secret
         * @description Issues a new secret, shown this one time only. For the next 24 hours every delivery carries two signatures in `webhook-signature`, one per secret, so receivers verify with either while you deploy the new one. Rotating again within the 24 hours retires the oldest secret.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/subscriptions/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a subscription's deliveries
         * @description Newest first, paginated: each delivery's status, attempts, last response code and latency, last error and when the next attempt is due.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/subscriptions/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Sends one signed event of type `webhook.test` to the subscription, even when it is disabled, so you can check a receiver. It is attempted once, without retries; follow its status in the subscription's deliveries.
         */
        post: operations["testWebhookSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/events/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay an event
         * @description Delivers a stored event again, as a new delivery (with its own webhook-id, and the same event id), to every enabled subscription whose eventTypes match it now. Test events (`webhook.test`) are not stored, so they cannot be replayed (a 404): send another test.
         */
        post: operations["replayWebhookEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/profiles/{profileId}/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a profile's connections
         * @description Newest first, paginated, whatever their status (disconnected ones included).
         */
        get: operations["listProfileConnections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connections/{connectionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a connection
         * @description Its status, products, institution and, in an ERROR_* status, the provider's error.
         */
        get: operations["getConnection"];
        put?: never;
        post?: never;
        /**
         * Disconnect a connection
         * @description Stops syncing at once (status DISCONNECTING) and revokes the provider's access in the background; then the status is DISCONNECTED and connection.disconnected is recorded. The accounts and their data stay readable. Repeating it is safe: a connection already disconnecting or disconnected is answered as it is, and nothing more is done.
         */
        delete: operations["disconnectConnection"];
        options?: never;
        head?: never;
        /**
         * Update a connection's metadata
         * @description Sets your own key-value pairs on the connection (1 to 50 keys); `null` clears them.
         */
        patch: operations["updateConnection"];
        trace?: never;
    };
    "/v1/connections/{connectionId}/statements/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refresh a connection's statements
         * @description Accepted (202) and done in the background: the provider's statements are fetched and a statement.ready event follows for each. Needs the ACCOUNT_STATEMENTS product and an active connection (403 otherwise); at most one refresh a minute per connection (429).
         */
        post: operations["refreshStatements"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/profiles/{profileId}/connections/{connectionId}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export a connection's provider credentials
         * @description For moving a connection to your own provider account. Support enables it per environment; until then the answer is 403.
         */
        get: operations["exportConnection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/profiles/{profileId}/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a profile's accounts
         * @description Across its connections (or one, with connectionId), each with its latest balance: the newest connection's first, each connection's accounts in the order the institution gave them.
         */
        get: operations["listProfileAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{accountId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an account
         * @description With its latest balance.
         */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update an account's metadata
         * @description Sets your own key-value pairs on the account (1 to 50 keys); `null` clears them.
         */
        patch: operations["updateAccount"];
        trace?: never;
    };
    "/v1/transactions/{transactionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a transaction's metadata
         * @description Sets your own key-value pairs on the transaction (1 to 50 keys); `null` clears them. A re-sync of the transaction leaves them as they are.
         */
        patch: operations["updateTransaction"];
        trace?: never;
    };
    "/v1/accounts/{accountId}/balances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an account's balances
         * @description Every balance recorded, newest first: INITIAL, then SYNC and REFRESH ones.
         */
        get: operations["listBalances"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{accountId}/balances/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refresh an account's balance
         * @description Accepted (202): a fresh balance is fetched from the institution in the background and arrives with source REFRESH and a balance.created event. Needs the ACCOUNT_BALANCE_REFRESHES product and an active connection (403); at most one refresh a minute per account (429). Processors may call it with their token and secret.
         */
        post: operations["refreshBalance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{accountId}/ach_numbers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an account's ACH numbers
         * @description Account and routing number of a DEPOSITORY account (400 for other kinds). 403 when the connection lacks ACCOUNT_NUMBERS or is not active. Processors may call it with their token and secret.
         */
        get: operations["getAchNumbers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{accountId}/owners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an account's owners
         * @description The holders the institution lists. Needs the ACCOUNT_OWNERS product (403).
         */
        get: operations["listAccountOwners"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{accountId}/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an account's transactions
         * @description Newest first (by date, then id), paginated. Filter by date range (inclusive) and status. A posted transaction that replaced a pending one names it in pendingTransactionId.
         */
        get: operations["listTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{accountId}/holdings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an account's holdings
         * @description Investment positions with their securities, largest first.
         */
        get: operations["listHoldings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{accountId}/statements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an account's statements
         * @description Monthly statements, newest first. Each url is a signed link to the PDF, valid for 1 hour.
         */
        get: operations["listStatements"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/institutions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find institutions by routing number
         * @description The institutions that use an ABA routing number: routingNumber is required (422 without it), and 400 unless it is 9 digits with a valid checksum. TEST and SANDBOX environments see the sandbox institutions.
         */
        get: operations["searchInstitutions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/institutions/{institutionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an institution */
        get: operations["getInstitution"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{accountId}/processor_tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a processor token
         * @description A token that lets one payment processor read this account's ACH numbers and refresh its balance (with the processor's secret, as Basic auth). For DEPOSITORY accounts on active connections enabled with ACCOUNT_NUMBERS (403 otherwise). 400 when issuer is missing, or the issuer or processor is not supported.
         */
        post: operations["createProcessorToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Link a sandbox connection
         * @description Links a profile to a sandbox institution as the Connector would, with a scenario login (see the README's sandbox credentials). The connection starts INITIALIZING and syncs in the background: recent days first, then 24 months of history. TEST and SANDBOX environments only (403 in PRODUCTION); 409 when the profile already has a live connection with that login at that institution; 422 for wrong credentials or MFA code.
         */
        post: operations["createSandboxConnection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/connections/{connectionId}/simulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Drive a sandbox connection
         * @description With status: moves the connection there if the status machine allows it (409 otherwise) and records that status's event; an ERROR_* status also makes the login keep failing that way, with that status's retries. With event: SYNC syncs now; REPAIR makes the login work again and syncs now. Not available in PRODUCTION (403).
         */
        post: operations["simulateSandboxConnection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/profiles/{profileId}/connections/import/plaid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a Plaid item
         * @description Creates a PLAID connection from an access token you already hold; it then syncs like any connection (connection.created, then the initial and historical sync events). 400 when Plaid rejects the token or the item is in error; 403 when the environment has no Plaid integration; 409 when the item is already connected in this environment; 429 when Plaid rate-limits; 502 when Plaid fails.
         */
        post: operations["importPlaidConnection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/plaid/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List remote Plaid connections
         * @description The connections that have raw Plaid documents, by Weft id.
         */
        get: operations["listRemotePlaidConnections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/plaid/connections/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a remote Plaid connection
         * @description What Plaid answered about one connection, by provider host and endpoint.
         */
        get: operations["getRemotePlaidConnection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/plaid/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List remote Plaid accounts
         * @description The accounts that have raw Plaid documents, by Weft id.
         */
        get: operations["listRemotePlaidAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/plaid/accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a remote Plaid account
         * @description What Plaid answered about one account, by provider host and endpoint.
         */
        get: operations["getRemotePlaidAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/plaid/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List remote Plaid transactions
         * @description The transactions that have raw Plaid documents, by Weft id.
         */
        get: operations["listRemotePlaidTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/plaid/transactions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a remote Plaid transaction
         * @description What Plaid answered about one transaction, by provider host and endpoint.
         */
        get: operations["getRemotePlaidTransaction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/plaid/holdings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List remote Plaid holdings
         * @description The holdings that have raw Plaid documents, by Weft id.
         */
        get: operations["listRemotePlaidHoldings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/plaid/holdings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a remote Plaid holding
         * @description What Plaid answered about one holding, by provider host and endpoint.
         */
        get: operations["getRemotePlaidHolding"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/mx/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List remote Mx connections
         * @description The connections that have raw Mx documents, by Weft id.
         */
        get: operations["listRemoteMxConnections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/mx/connections/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a remote Mx connection
         * @description What Mx answered about one connection, by provider host and endpoint.
         */
        get: operations["getRemoteMxConnection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/mx/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List remote Mx accounts
         * @description The accounts that have raw Mx documents, by Weft id.
         */
        get: operations["listRemoteMxAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/mx/accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a remote Mx account
         * @description What Mx answered about one account, by provider host and endpoint.
         */
        get: operations["getRemoteMxAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/mx/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List remote Mx transactions
         * @description The transactions that have raw Mx documents, by Weft id.
         */
        get: operations["listRemoteMxTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/mx/transactions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a remote Mx transaction
         * @description What Mx answered about one transaction, by provider host and endpoint.
         */
        get: operations["getRemoteMxTransaction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/akoya/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List remote Akoya connections
         * @description The connections that have raw Akoya documents, by Weft id.
         */
        get: operations["listRemoteAkoyaConnections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/akoya/connections/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a remote Akoya connection
         * @description What Akoya answered about one connection, by provider host and endpoint.
         */
        get: operations["getRemoteAkoyaConnection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/akoya/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List remote Akoya accounts
         * @description The accounts that have raw Akoya documents, by Weft id.
         */
        get: operations["listRemoteAkoyaAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/akoya/accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a remote Akoya account
         * @description What Akoya answered about one account, by provider host and endpoint.
         */
        get: operations["getRemoteAkoyaAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/akoya/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List remote Akoya transactions
         * @description The transactions that have raw Akoya documents, by Weft id.
         */
        get: operations["listRemoteAkoyaTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/akoya/transactions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a remote Akoya transaction
         * @description What Akoya answered about one transaction, by provider host and endpoint.
         */
        get: operations["getRemoteAkoyaTransaction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/akoya/holdings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List remote Akoya holdings
         * @description The holdings that have raw Akoya documents, by Weft id.
         */
        get: operations["listRemoteAkoyaHoldings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/akoya/holdings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a remote Akoya holding
         * @description What Akoya answered about one holding, by provider host and endpoint.
         */
        get: operations["getRemoteAkoyaHolding"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/fingoal/profiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List remote FinGoal profiles
         * @description The profiles that have raw FinGoal documents, by Weft id. This Weft server has no FinGoal integration: the route answers 403, the integration not being enabled.
         */
        get: operations["listRemoteFingoalProfiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/fingoal/profiles/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a remote FinGoal profile
         * @description What FinGoal answered about one profile, by provider host and endpoint. This Weft server has no FinGoal integration: the route answers 403, the integration not being enabled.
         */
        get: operations["getRemoteFingoalProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/fingoal/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List remote FinGoal transactions
         * @description The transactions that have raw FinGoal documents, by Weft id. This Weft server has no FinGoal integration: the route answers 403, the integration not being enabled.
         */
        get: operations["listRemoteFingoalTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/fingoal/transactions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a remote FinGoal transaction
         * @description What FinGoal answered about one transaction, by provider host and endpoint. This Weft server has no FinGoal integration: the route answers 403, the integration not being enabled.
         */
        get: operations["getRemoteFingoalTransaction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/ntropy/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List remote Ntropy transactions
         * @description The transactions that have raw Ntropy documents, by Weft id. This Weft server has no Ntropy integration: the route answers 403, the integration not being enabled.
         */
        get: operations["listRemoteNtropyTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/ntropy/transactions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a remote Ntropy transaction
         * @description What Ntropy answered about one transaction, by provider host and endpoint. This Weft server has no Ntropy integration: the route answers 403, the integration not being enabled.
         */
        get: operations["getRemoteNtropyTransaction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/pave/profiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List remote Pave profiles
         * @description The profiles that have raw Pave documents, by Weft id. This Weft server has no Pave integration: the route answers 403, the integration not being enabled.
         */
        get: operations["listRemotePaveProfiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/pave/profiles/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a remote Pave profile
         * @description What Pave answered about one profile, by provider host and endpoint. This Weft server has no Pave integration: the route answers 403, the integration not being enabled.
         */
        get: operations["getRemotePaveProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/pave/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List remote Pave transactions
         * @description The transactions that have raw Pave documents, by Weft id. This Weft server has no Pave integration: the route answers 403, the integration not being enabled.
         */
        get: operations["listRemotePaveTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/pave/transactions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a remote Pave transaction
         * @description What Pave answered about one transaction, by provider host and endpoint. This Weft server has no Pave integration: the route answers 403, the integration not being enabled.
         */
        get: operations["getRemotePaveTransaction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remote/enrichment/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enrich transactions
         * @description Merchant, counterparty, categories (Plaid's personal-finance categories and spec accounting ones), intermediaries, people, location and recurrence for each transaction, one result per distinct id (a later duplicate replaces an earlier one). Up to 1000 are answered at once (200); up to 25000 are accepted with 202 and Retry-After: send the same request again for the answer. More is a 413; an unsupported provider a 400; an unknown profile a 404; a new background batch while 4 of the environment's are still being enriched a 429 with Retry-After.
         */
        post: operations["enrichTransactions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List audit events
         * @description Who created, changed or deleted what in this environment, newest first: every successful write through the API (with its credential) and every change made with the CLI. Kept WEFT_AUDIT_RETENTION_DAYS days (365 by default).
         */
        get: operations["listAuditEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** Account */
        Account: {
            /** @example acct_01jd8x0m6e9q7v2c5b4n3k1h0g */
            id: string;
            connectionId: string;
            profileId: string;
            /** @example Everyday Checking */
            name: string;
            mask: string | null;
            /** @enum {string} */
            kind: "DEPOSITORY" | "CREDIT" | "LOAN" | "INVESTMENT";
            /** @enum {string} */
            type: "CHECKING" | "SAVINGS" | "MONEY_MARKET" | "CD" | "CREDIT_CARD" | "LINE_OF_CREDIT" | "MORTGAGE" | "STUDENT" | "AUTO" | "PERSONAL" | "BROKERAGE" | "IRA" | "RETIREMENT_401K" | "HSA" | "OTHER";
            /**
             * @description CLOSED accounts are no longer synced.
             * @enum {string}
             */
            state: "OPEN" | "CLOSED";
            /**
             * @description The account's status as the provider reports it.
             * @enum {string}
             */
            providerStatus: "OPEN" | "CLOSED" | "PENDINGOPEN" | "PENDINGCLOSE" | "DELINQUENT" | "PAID" | "NEGATIVECURRENTBALANCE";
            /**
             * @description ISO-4217.
             * @example USD
             */
            currencyCode: string;
            metadata: {
                [key: string]: unknown;
            } | null;
            balance: components["schemas"]["Balance"] | null;
            /**
             * Format: date-time
             * @description When the account was first synced.
             */
            createdAt: string;
        };
        /** AccountOwner */
        AccountOwner: {
            /**
             * @example [
             *       "Ada Lovelace"
             *     ]
             */
            names: string[];
            /**
             * @example [
             *       "ada@example.com"
             *     ]
             */
            emails: string[];
            /**
             * @example [
             *       "+14155552671"
             *     ]
             */
            phones: string[];
            addresses: {
                /** @example 1 Market St */
                line1: string;
                line2: string | null;
                /** @example San Francisco */
                city: string;
                /** @example CA */
                state: string;
                /** @example 94105 */
                postalCode: string;
                /** @example USA */
                countryCode: string;
            }[];
        };
        /** ACHNumbers */
        ACHNumbers: {
            accountId: string;
            /**
             * @description The account number.
             * @example 1111222233
             */
            number: string;
            /**
             * @description ABA routing number.
             * @example 110000615
             */
            routing: string;
        };
        /** Address */
        Address: {
            /** @example 1 Market St */
            line1: string;
            line2?: string | null;
            /** @example San Francisco */
            city: string;
            /** @example CA */
            state: string;
            /** @example 94105 */
            postalCode: string;
            /** @constant */
            countryCode: "USA";
        };
        /** AkoyaRemoteAccount */
        AkoyaRemoteAccount: {
            /** @example acct_01jd8x0m6e9q7v2c5b4n3k1h0g */
            accountId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
            /** @constant */
            type: "AKOYA";
            /**
             * @description Keyed by the provider's host, then by endpoint path.
             * @example {
             *       "products.ddp.akoya.com": {
             *         "/accounts/v2/mikomo": {
             *           "body": {},
             *           "id": "doc_…",
             *           "requestId": "m8MDnv9okwxFNBV",
             *           "timestamp": "2026-11-23T12:00:00.000Z"
             *         }
             *       }
             *     }
             */
            documents: {
                [key: string]: {
                    [key: string]: components["schemas"]["RemoteDocument"];
                };
            };
        };
        /** AkoyaRemoteAccountListItem */
        AkoyaRemoteAccountListItem: {
            /** @example acct_01jd8x0m6e9q7v2c5b4n3k1h0g */
            accountId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
        };
        /** AkoyaRemoteConnection */
        AkoyaRemoteConnection: {
            /** @example conn_01jd8x0m6e9q7v2c5b4n3k1h0g */
            connectionId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
            /** @constant */
            type: "AKOYA";
            /**
             * @description Keyed by the provider's host, then by endpoint path.
             * @example {
             *       "products.ddp.akoya.com": {
             *         "/accounts/v2/mikomo": {
             *           "body": {},
             *           "id": "doc_…",
             *           "requestId": "m8MDnv9okwxFNBV",
             *           "timestamp": "2026-11-23T12:00:00.000Z"
             *         }
             *       }
             *     }
             */
            documents: {
                [key: string]: {
                    [key: string]: components["schemas"]["RemoteDocument"];
                };
            };
        };
        /** AkoyaRemoteConnectionListItem */
        AkoyaRemoteConnectionListItem: {
            /** @example conn_01jd8x0m6e9q7v2c5b4n3k1h0g */
            connectionId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
        };
        /** AkoyaRemoteHolding */
        AkoyaRemoteHolding: {
            /** @example hld_01jd8x0m6e9q7v2c5b4n3k1h0g */
            holdingId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
            /** @constant */
            type: "AKOYA";
            /**
             * @description Keyed by the provider's host, then by endpoint path.
             * @example {
             *       "products.ddp.akoya.com": {
             *         "/accounts/v2/mikomo": {
             *           "body": {},
             *           "id": "doc_…",
             *           "requestId": "m8MDnv9okwxFNBV",
             *           "timestamp": "2026-11-23T12:00:00.000Z"
             *         }
             *       }
             *     }
             */
            documents: {
                [key: string]: {
                    [key: string]: components["schemas"]["RemoteDocument"];
                };
            };
        };
        /** AkoyaRemoteHoldingListItem */
        AkoyaRemoteHoldingListItem: {
            /** @example hld_01jd8x0m6e9q7v2c5b4n3k1h0g */
            holdingId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
        };
        /** AkoyaRemoteTransaction */
        AkoyaRemoteTransaction: {
            /** @example txn_01jd8x0m6e9q7v2c5b4n3k1h0g */
            transactionId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
            /** @constant */
            type: "AKOYA";
            /**
             * @description Keyed by the provider's host, then by endpoint path.
             * @example {
             *       "products.ddp.akoya.com": {
             *         "/accounts/v2/mikomo": {
             *           "body": {},
             *           "id": "doc_…",
             *           "requestId": "m8MDnv9okwxFNBV",
             *           "timestamp": "2026-11-23T12:00:00.000Z"
             *         }
             *       }
             *     }
             */
            documents: {
                [key: string]: {
                    [key: string]: components["schemas"]["RemoteDocument"];
                };
            };
        };
        /** AkoyaRemoteTransactionListItem */
        AkoyaRemoteTransactionListItem: {
            /** @example txn_01jd8x0m6e9q7v2c5b4n3k1h0g */
            transactionId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
        };
        /** AuditEvent */
        AuditEvent: {
            /**
             * @description The audit event's id (aud_…).
             * @example aud_01jd8x0m6e9q7v2c5b4n3k1h0g
             */
            id: string;
            actor: {
                /**
                 * @description What acted: an API key, a session, a processor token, or the CLI.
                 * @enum {unknown}
                 */
                type: "apiKey" | "session" | "processor" | "cli";
                /**
                 * @description The API key, session or processor token id; for the CLI, the operating-system user.
                 * @example api_01jd8x0m6e9q7v2c5b4n3k1h0g
                 */
                id: string;
            };
            /**
             * @description What was done: the method and route ("DELETE /v1/connections/:connectionId") or the CLI command ("keys revoke").
             * @example POST /v1/profiles
             */
            action: string;
            /**
             * @description The record it acted on, when there is one.
             * @example p_01jd8x0m6e9q7v2c5b4n3k1h0g
             */
            resourceId: string | null;
            /**
             * @description The HTTP status of the answer.
             * @example 201
             */
            status: number | null;
            /**
             * @description The request's x-request-id, to find it in the logs.
             * @example req_5f2c9a1e7b3d4c6a8e0f1b2d
             */
            requestId: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        /** Balance */
        Balance: {
            /** @example bal_01jd8x0m6e9q7v2c5b4n3k1h0g */
            id: string;
            accountId: string;
            /**
             * Format: date-time
             * @description When the institution reported the balance.
             */
            at: string;
            available: number | null;
            current: number | null;
            limit: number | null;
            /**
             * @description INITIAL (first sync), SYNC (a later sync), REFRESH (an on-demand refresh).
             * @enum {string}
             */
            source: "INITIAL" | "SYNC" | "REFRESH";
        };
        /** Connection */
        Connection: {
            /** @example conn_01jd8x0m6e9q7v2c5b4n3k1h0g */
            id: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
            /**
             * @description Where the data comes from; MOCK is the sandbox provider.
             * @enum {string}
             */
            provider: "AKOYA" | "FINICITY" | "MOCK" | "MX" | "PLAID" | "DISCONNECTED";
            products: ("ACCOUNT_BALANCES_AND_TRANSACTIONS" | "ACCOUNT_NUMBERS" | "ACCOUNT_OWNERS" | "ACCOUNT_STATEMENTS" | "INVESTMENTS" | "LIABILITIES" | "ACCOUNT_BALANCE_REFRESHES")[];
            /**
             * @deprecated
             * @description Deprecated: the same as `products`.
             */
            features: ("ACCOUNT_BALANCES_AND_TRANSACTIONS" | "ACCOUNT_NUMBERS" | "ACCOUNT_OWNERS" | "ACCOUNT_STATEMENTS" | "INVESTMENTS" | "LIABILITIES" | "ACCOUNT_BALANCE_REFRESHES")[];
            /**
             * @description INITIALIZING (just linked), SYNCING, SYNCED, ERROR_REPAIRABLE (the user must sign in again; sync keeps retrying), ERROR_SERVICE (internal error, retried automatically), ERROR_PROVIDER, ERROR_INSTITUTION, DISCONNECTING, DISCONNECTED (data stays, no more syncing).
             * @enum {string}
             */
            status: "INITIALIZING" | "SYNCING" | "SYNCED" | "ERROR_REPAIRABLE" | "ERROR_SERVICE" | "ERROR_PROVIDER" | "ERROR_INSTITUTION" | "DISCONNECTING" | "DISCONNECTED";
            institution: components["schemas"]["InstitutionSummary"] | null;
            metadata: {
                [key: string]: unknown;
            } | null;
            error: components["schemas"]["ProviderError"] | null;
            lastSyncedAt: string | null;
            history: components["schemas"]["ConnectionHistory"];
            /**
             * Format: date-time
             * @description When the connection was linked.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the status last changed.
             */
            at: string;
        };
        /** ConnectionExport */
        ConnectionExport: {
            /** @example conn_01jd8x0m6e9q7v2c5b4n3k1h0g */
            id: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
            /** @enum {string} */
            provider: "AKOYA" | "FINICITY" | "MOCK" | "MX" | "PLAID" | "DISCONNECTED";
            /**
             * @description The provider credentials of the connection (e.g. its access token).
             * @example [
             *       "access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6"
             *     ]
             */
            apiKey: string[];
        };
        /** ConnectionHistory */
        ConnectionHistory: {
            /**
             * Format: date
             * @description The oldest day of history the connection collects.
             * @example 2024-11-01
             */
            startOn: string;
            /** @description More history than the provider's default was asked for (MX beyond 3 months): the provider charges a one-time fee for this connection. */
            extendedHistoryFee: boolean;
        };
        /** EnrichedTransaction */
        EnrichedTransaction: {
            /**
             * @description This enrichment's id.
             * @example enr_1xm53bq16u1quc
             */
            id: string;
            /**
             * @description The id the payload gave the transaction.
             * @example t1
             */
            transactionId: string;
            /** Format: date-time */
            createdAt: string;
            /** @example Blue Bottle Coffee */
            merchant: string | null;
            /** @example mer_blue-bottle-coffee */
            merchantId: string | null;
            /** @example http://127.0.0.1:3000/v1/enrichment/logos/blue-bottle-coffee.svg */
            logo: string | null;
            /** @example bluebottlecoffee.com */
            website: string | null;
            /**
             * @example [
             *       "coffee"
             *     ]
             */
            labels: string[];
            location: {
                /** @example Oakland, CA */
                rawAddress: string;
                /** @example https://www.google.com/maps/search/?api=1&query=Blue%20Bottle%20Coffee%20Oakland%2C%20CA */
                googleMapsUrl: string;
                /** @example https://maps.apple.com/?q=Blue%20Bottle%20Coffee%20Oakland%2C%20CA */
                appleMapsUrl: string;
            } | null;
            locationStructured: {
                /** @example null */
                address: string | null;
                /** @example Oakland */
                city: string | null;
                /** @example CA */
                state: string | null;
                /** @example US */
                country: string;
                /** @example null */
                postcode: string | null;
                /** @example null */
                latitude: number | null;
                /** @example null */
                longitude: number | null;
                /** @example null */
                storeNumber: string | null;
                /** @example https://www.google.com/maps/search/?api=1&query=Blue%20Bottle%20Coffee%20Oakland%2C%20CA */
                googleMapsUrl: string;
                /** @example https://maps.apple.com/?q=Blue%20Bottle%20Coffee%20Oakland%2C%20CA */
                appleMapsUrl: string;
            } | null;
            /**
             * @example [
             *       5814
             *     ]
             */
            mcc: number[];
            /**
             * @description The person paid or paying, for a transfer between people.
             * @example null
             */
            person: string | null;
            /** @enum {string} */
            recurrence: "recurring" | "subscription" | "one off";
            recurrenceGroup: {
                /** @example rg_07367ph19jbca3 */
                id: string;
                /** @example -15.49 */
                averageAmount: number;
                /** @example -46.47 */
                totalAmount: number;
                /** Format: date */
                firstPaymentDate: string;
                /** Format: date */
                latestPaymentDate: string;
                /** @enum {string} */
                periodicity: "weekly" | "biweekly" | "semi-monthly" | "monthly" | "quarterly" | "annually";
                /** @example 30 */
                periodicityInDays: number;
            } | null;
            /** @enum {string} */
            transactionType: "business" | "consumer" | "unknown";
            categories: {
                general: string | null;
                /** @example FOOD_AND_DRINK_COFFEE */
                detailed: string | null;
                /**
                 * @description Spec 9's accounting categories.
                 * @enum {string}
                 */
                accounting: "operational expenses" | "cost of goods sold" | "revenue" | "financing" | "taxes" | "not enough information";
            };
            counterparty: {
                /** @example mer_blue-bottle-coffee */
                id: string;
                /** @example Blue Bottle Coffee */
                name: string;
                /** @example bluebottlecoffee.com */
                website: string | null;
                /** @example http://127.0.0.1:3000/v1/enrichment/logos/blue-bottle-coffee.svg */
                logo: string | null;
                /**
                 * @example organization
                 * @enum {string}
                 */
                type: "person" | "organization";
                /**
                 * @example [
                 *       5814
                 *     ]
                 */
                mccs: number[];
            } | null;
            /**
             * @example [
             *       {
             *         "id": "cp_0oycume17o4gde",
             *         "name": "Square",
             *         "website": "squareup.com",
             *         "logo": null
             *       }
             *     ]
             */
            intermediaries: {
                /** @example mer_blue-bottle-coffee */
                id: string;
                /** @example Blue Bottle Coffee */
                name: string;
                /** @example bluebottlecoffee.com */
                website: string | null;
                /** @example http://127.0.0.1:3000/v1/enrichment/logos/blue-bottle-coffee.svg */
                logo: string | null;
            }[];
            error: {
                /** @enum {string} */
                code: "internal_error" | "account_holder_not_found";
                /** @example The transaction could not be enriched: amount "6,50" is not a number */
                message: string;
            } | null;
        };
        /** EnrichmentAccepted */
        EnrichmentAccepted: {
            /** @example The transactions are being enriched */
            message: string;
            /** @example Send the same request again in 5 seconds for the answer. */
            instruction: string;
        };
        /** EnrichmentRequest */
        EnrichmentRequest: {
            /**
             * @description The profile (p_… or its uuid) whose transactions these are.
             * @example p_01jd8x0m6e9q7v2c5b4n3k1h0g
             */
            profileId: string;
            /**
             * @description The account's type, for every transaction of the payload: on a card, money moved in from another account is its payment.
             * @enum {string}
             */
            accountType: "CHECKING" | "SAVINGS" | "CREDIT_CARD";
            /**
             * @description Whose transaction objects the payload holds: AKOYA, FINICITY, GENERIC, MX, PLAID, TREASURY_PRIME (another is a 400).
             * @example GENERIC
             */
            provider: string;
            /**
             * @description GENERIC: {data: [{id, accountId, description, currencyCode, amount, date}]} (amount a string, positive for a credit). PLAID: a /transactions/get or /transactions/sync answer; MX: {transactions}; AKOYA: FDX {transactions}; FINICITY: {transactions}; TREASURY_PRIME: {data}.
             * @example {
             *       "data": [
             *         {
             *           "id": "t1",
             *           "accountId": "acct_1",
             *           "description": "SQ *BLUE BOTTLE COFFEE Oakland CA",
             *           "currencyCode": "USD",
             *           "amount": "-6.50",
             *           "date": "2026-11-20"
             *         }
             *       ]
             *     }
             */
            payload: {
                [key: string]: unknown;
            } | unknown[];
        };
        /** EnrichmentResponse */
        EnrichmentResponse: {
            transactions: components["schemas"]["EnrichedTransaction"][];
        };
        /** FingoalRemoteProfile */
        FingoalRemoteProfile: {
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
            /** @constant */
            type: "FINGOAL";
            /**
             * @description Keyed by the provider's host, then by endpoint path.
             * @example {
             *       "findmoney-api.fingoal.com": {
             *         "/v3/cleanup/users/p_01jd8x0m6e9q7v2c5b4n3k1h0g": {
             *           "body": {},
             *           "id": "doc_…",
             *           "requestId": "m8MDnv9okwxFNBV",
             *           "timestamp": "2026-11-23T12:00:00.000Z"
             *         }
             *       }
             *     }
             */
            documents: {
                [key: string]: {
                    [key: string]: components["schemas"]["RemoteDocument"];
                };
            };
        };
        /** FingoalRemoteProfileListItem */
        FingoalRemoteProfileListItem: {
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
        };
        /** FingoalRemoteTransaction */
        FingoalRemoteTransaction: {
            /** @example txn_01jd8x0m6e9q7v2c5b4n3k1h0g */
            transactionId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
            /** @constant */
            type: "FINGOAL";
            /**
             * @description Keyed by the provider's host, then by endpoint path.
             * @example {
             *       "findmoney-api.fingoal.com": {
             *         "/v3/cleanup/users/p_01jd8x0m6e9q7v2c5b4n3k1h0g": {
             *           "body": {},
             *           "id": "doc_…",
             *           "requestId": "m8MDnv9okwxFNBV",
             *           "timestamp": "2026-11-23T12:00:00.000Z"
             *         }
             *       }
             *     }
             */
            documents: {
                [key: string]: {
                    [key: string]: components["schemas"]["RemoteDocument"];
                };
            };
        };
        /** FingoalRemoteTransactionListItem */
        FingoalRemoteTransactionListItem: {
            /** @example txn_01jd8x0m6e9q7v2c5b4n3k1h0g */
            transactionId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
        };
        /** Holding */
        Holding: {
            /** @example hld_01jd8x0m6e9q7v2c5b4n3k1h0g */
            id: string;
            accountId: string;
            security: components["schemas"]["Security"];
            /**
             * @description Shares held, up to 6 decimals.
             * @example 12.5
             */
            quantity: number;
            /**
             * @description Price per share.
             * @example 187.2
             */
            price: number;
            /**
             * @description quantity × price.
             * @example 2340
             */
            value: number;
            costBasis: number | null;
            /** @example USD */
            currencyCode: string;
            /**
             * Format: date-time
             * @description When the position was priced.
             */
            at: string;
        };
        /** Institution */
        Institution: {
            /** @example inst_00000000ts4kygwq8eymy4qg1w */
            id: string;
            /** @example Weft Sandbox Bank */
            name: string;
            /**
             * Format: uri
             * @description A square SVG logo.
             */
            logoUrl: string;
            /** @description The institution's website. */
            url: string | null;
            /**
             * @description ABA routing numbers the institution uses.
             * @example [
             *       "110000615"
             *     ]
             */
            routingNumbers: string[];
            /** @description What can be collected from this institution. */
            products: ("ACCOUNT_BALANCES_AND_TRANSACTIONS" | "ACCOUNT_NUMBERS" | "ACCOUNT_OWNERS" | "ACCOUNT_STATEMENTS" | "INVESTMENTS" | "LIABILITIES" | "ACCOUNT_BALANCE_REFRESHES")[];
        };
        /** InstitutionSummary */
        InstitutionSummary: {
            /** @example inst_00000000ts4kygwq8eymy4qg1w */
            id: string;
            /** @example Weft Sandbox Bank */
            name: string;
            /**
             * Format: uri
             * @description A square SVG logo.
             */
            logoUrl: string;
        };
        /** MetadataUpdateRequest */
        MetadataUpdateRequest: {
            /** @description Merged into the record's: the keys sent replace its own, a key sent as null is removed, and null clears them all (at most 50 keys, and 16 KB as JSON, after the merge). */
            metadata: {
                [key: string]: unknown;
            } | null;
        };
        /** MxRemoteAccount */
        MxRemoteAccount: {
            /** @example acct_01jd8x0m6e9q7v2c5b4n3k1h0g */
            accountId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
            /** @constant */
            type: "MX";
            /**
             * @description Keyed by the provider's host, then by endpoint path.
             * @example {
             *       "api.mx.com": {
             *         "/users/USR-fbbaf5e2-1d0a-4fd7-a1c9-6f4e7e4b2d10/members/MBR-7c6f361b/accounts": {
             *           "body": {},
             *           "id": "doc_…",
             *           "requestId": "m8MDnv9okwxFNBV",
             *           "timestamp": "2026-11-23T12:00:00.000Z"
             *         }
             *       }
             *     }
             */
            documents: {
                [key: string]: {
                    [key: string]: components["schemas"]["RemoteDocument"];
                };
            };
        };
        /** MxRemoteAccountListItem */
        MxRemoteAccountListItem: {
            /** @example acct_01jd8x0m6e9q7v2c5b4n3k1h0g */
            accountId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
        };
        /** MxRemoteConnection */
        MxRemoteConnection: {
            /** @example conn_01jd8x0m6e9q7v2c5b4n3k1h0g */
            connectionId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
            /** @constant */
            type: "MX";
            /**
             * @description Keyed by the provider's host, then by endpoint path.
             * @example {
             *       "api.mx.com": {
             *         "/users/USR-fbbaf5e2-1d0a-4fd7-a1c9-6f4e7e4b2d10/members/MBR-7c6f361b/accounts": {
             *           "body": {},
             *           "id": "doc_…",
             *           "requestId": "m8MDnv9okwxFNBV",
             *           "timestamp": "2026-11-23T12:00:00.000Z"
             *         }
             *       }
             *     }
             */
            documents: {
                [key: string]: {
                    [key: string]: components["schemas"]["RemoteDocument"];
                };
            };
        };
        /** MxRemoteConnectionListItem */
        MxRemoteConnectionListItem: {
            /** @example conn_01jd8x0m6e9q7v2c5b4n3k1h0g */
            connectionId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
        };
        /** MxRemoteTransaction */
        MxRemoteTransaction: {
            /** @example txn_01jd8x0m6e9q7v2c5b4n3k1h0g */
            transactionId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
            /** @constant */
            type: "MX";
            /**
             * @description Keyed by the provider's host, then by endpoint path.
             * @example {
             *       "api.mx.com": {
             *         "/users/USR-fbbaf5e2-1d0a-4fd7-a1c9-6f4e7e4b2d10/members/MBR-7c6f361b/accounts": {
             *           "body": {},
             *           "id": "doc_…",
             *           "requestId": "m8MDnv9okwxFNBV",
             *           "timestamp": "2026-11-23T12:00:00.000Z"
             *         }
             *       }
             *     }
             */
            documents: {
                [key: string]: {
                    [key: string]: components["schemas"]["RemoteDocument"];
                };
            };
        };
        /** MxRemoteTransactionListItem */
        MxRemoteTransactionListItem: {
            /** @example txn_01jd8x0m6e9q7v2c5b4n3k1h0g */
            transactionId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
        };
        /** NtropyRemoteTransaction */
        NtropyRemoteTransaction: {
            /** @example txn_01jd8x0m6e9q7v2c5b4n3k1h0g */
            transactionId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
            /** @constant */
            type: "NTROPY";
            /**
             * @description Keyed by the provider's host, then by endpoint path.
             * @example {
             *       "api.ntropy.com": {
             *         "/v3/transactions": {
             *           "body": {},
             *           "id": "doc_…",
             *           "requestId": "m8MDnv9okwxFNBV",
             *           "timestamp": "2026-11-23T12:00:00.000Z"
             *         }
             *       }
             *     }
             */
            documents: {
                [key: string]: {
                    [key: string]: components["schemas"]["RemoteDocument"];
                };
            };
        };
        /** NtropyRemoteTransactionListItem */
        NtropyRemoteTransactionListItem: {
            /** @example txn_01jd8x0m6e9q7v2c5b4n3k1h0g */
            transactionId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
        };
        /** PaveRemoteProfile */
        PaveRemoteProfile: {
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
            /** @constant */
            type: "PAVE";
            /**
             * @description Keyed by the provider's host, then by endpoint path.
             * @example {
             *       "api.pave.dev": {
             *         "/v1/users/p_01jd8x0m6e9q7v2c5b4n3k1h0g/transactions": {
             *           "body": {},
             *           "id": "doc_…",
             *           "requestId": "m8MDnv9okwxFNBV",
             *           "timestamp": "2026-11-23T12:00:00.000Z"
             *         }
             *       }
             *     }
             */
            documents: {
                [key: string]: {
                    [key: string]: components["schemas"]["RemoteDocument"];
                };
            };
        };
        /** PaveRemoteProfileListItem */
        PaveRemoteProfileListItem: {
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
        };
        /** PaveRemoteTransaction */
        PaveRemoteTransaction: {
            /** @example txn_01jd8x0m6e9q7v2c5b4n3k1h0g */
            transactionId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
            /** @constant */
            type: "PAVE";
            /**
             * @description Keyed by the provider's host, then by endpoint path.
             * @example {
             *       "api.pave.dev": {
             *         "/v1/users/p_01jd8x0m6e9q7v2c5b4n3k1h0g/transactions": {
             *           "body": {},
             *           "id": "doc_…",
             *           "requestId": "m8MDnv9okwxFNBV",
             *           "timestamp": "2026-11-23T12:00:00.000Z"
             *         }
             *       }
             *     }
             */
            documents: {
                [key: string]: {
                    [key: string]: components["schemas"]["RemoteDocument"];
                };
            };
        };
        /** PaveRemoteTransactionListItem */
        PaveRemoteTransactionListItem: {
            /** @example txn_01jd8x0m6e9q7v2c5b4n3k1h0g */
            transactionId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
        };
        /** PlaidImportRequest */
        PlaidImportRequest: {
            /**
             * @description The item's Plaid access token (access-sandbox-… or access-production-…).
             * @example access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6
             */
            accessToken: string;
            /**
             * @description You keep managing the item at Plaid: disconnecting the connection never calls /item/remove.
             * @default false
             */
            externallyManaged: boolean;
            /**
             * @description Point the item's webhook at Weft (/item/webhook/update), so Plaid's updates sync it.
             * @default true
             */
            migrateWebhook: boolean;
            /** @description What to collect: auth (ACH numbers), identity (owners), transactions. Default: all three; investments, liabilities and statements follow the item's own products. */
            products?: ("auth" | "identity" | "transactions")[];
            /**
             * @description Plaid's institution id (ins_…); by default the item's own.
             * @example ins_109508
             */
            institutionId?: string;
        };
        /** PlaidRemoteAccount */
        PlaidRemoteAccount: {
            /** @example acct_01jd8x0m6e9q7v2c5b4n3k1h0g */
            accountId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
            /** @constant */
            type: "PLAID";
            /**
             * @description Keyed by the provider's host, then by endpoint path.
             * @example {
             *       "production.plaid.com": {
             *         "/accounts/get": {
             *           "body": {},
             *           "id": "doc_…",
             *           "requestId": "m8MDnv9okwxFNBV",
             *           "timestamp": "2026-11-23T12:00:00.000Z"
             *         }
             *       }
             *     }
             */
            documents: {
                [key: string]: {
                    [key: string]: components["schemas"]["RemoteDocument"];
                };
            };
        };
        /** PlaidRemoteAccountListItem */
        PlaidRemoteAccountListItem: {
            /** @example acct_01jd8x0m6e9q7v2c5b4n3k1h0g */
            accountId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
        };
        /** PlaidRemoteConnection */
        PlaidRemoteConnection: {
            /** @example conn_01jd8x0m6e9q7v2c5b4n3k1h0g */
            connectionId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
            /** @constant */
            type: "PLAID";
            /**
             * @description Keyed by the provider's host, then by endpoint path.
             * @example {
             *       "production.plaid.com": {
             *         "/accounts/get": {
             *           "body": {},
             *           "id": "doc_…",
             *           "requestId": "m8MDnv9okwxFNBV",
             *           "timestamp": "2026-11-23T12:00:00.000Z"
             *         }
             *       }
             *     }
             */
            documents: {
                [key: string]: {
                    [key: string]: components["schemas"]["RemoteDocument"];
                };
            };
        };
        /** PlaidRemoteConnectionListItem */
        PlaidRemoteConnectionListItem: {
            /** @example conn_01jd8x0m6e9q7v2c5b4n3k1h0g */
            connectionId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
        };
        /** PlaidRemoteHolding */
        PlaidRemoteHolding: {
            /** @example hld_01jd8x0m6e9q7v2c5b4n3k1h0g */
            holdingId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
            /** @constant */
            type: "PLAID";
            /**
             * @description Keyed by the provider's host, then by endpoint path.
             * @example {
             *       "production.plaid.com": {
             *         "/accounts/get": {
             *           "body": {},
             *           "id": "doc_…",
             *           "requestId": "m8MDnv9okwxFNBV",
             *           "timestamp": "2026-11-23T12:00:00.000Z"
             *         }
             *       }
             *     }
             */
            documents: {
                [key: string]: {
                    [key: string]: components["schemas"]["RemoteDocument"];
                };
            };
        };
        /** PlaidRemoteHoldingListItem */
        PlaidRemoteHoldingListItem: {
            /** @example hld_01jd8x0m6e9q7v2c5b4n3k1h0g */
            holdingId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
        };
        /** PlaidRemoteTransaction */
        PlaidRemoteTransaction: {
            /** @example txn_01jd8x0m6e9q7v2c5b4n3k1h0g */
            transactionId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
            /** @constant */
            type: "PLAID";
            /**
             * @description Keyed by the provider's host, then by endpoint path.
             * @example {
             *       "production.plaid.com": {
             *         "/accounts/get": {
             *           "body": {},
             *           "id": "doc_…",
             *           "requestId": "m8MDnv9okwxFNBV",
             *           "timestamp": "2026-11-23T12:00:00.000Z"
             *         }
             *       }
             *     }
             */
            documents: {
                [key: string]: {
                    [key: string]: components["schemas"]["RemoteDocument"];
                };
            };
        };
        /** PlaidRemoteTransactionListItem */
        PlaidRemoteTransactionListItem: {
            /** @example txn_01jd8x0m6e9q7v2c5b4n3k1h0g */
            transactionId: string;
            /** @example p_01jd8x0m6e9q7v2c5b4n3k1h0g */
            profileId: string;
        };
        /** ProcessorToken */
        ProcessorToken: {
            /**
             * @description Hand it to the processor; with its processor secret it reads this one account.
             * @example weft_ptok_…
             */
            token: string;
            account: {
                /** @example acct_01jd8x0m6e9q7v2c5b4n3k1h0g */
                id: string;
                /**
                 * @description SPENDING for checking accounts.
                 * @enum {string}
                 */
                type: "SPENDING" | "SAVINGS";
            };
            environment: {
                /** @example env_01jd8x0m6e9q7v2c5b4n3k1h0g */
                id: string;
                /** @enum {string} */
                mode: "TEST" | "SANDBOX" | "PRODUCTION";
            };
            /** @enum {string} */
            issuer: "WEFT" | "MX" | "PLAID";
            /** @enum {string} */
            processor: "ACHQ" | "ADYEN" | "AEROPAY" | "ALPACA" | "APEX_CLEARING" | "ASTRA" | "ATOMIC" | "BOND" | "CHECKBOOK" | "CHECKOUT" | "CIRCLE" | "COLUMN" | "CROSS_RIVER" | "CURRENCYCLOUD" | "DOLLA" | "DRIVEWEALTH" | "DWOLLA" | "EARNEST" | "EVOLVE" | "FINIX" | "FLEX" | "FORTRESS_TRUST" | "GALILEO" | "GEMINI" | "GUSTO" | "HIGHNOTE" | "INCREASE" | "JPMORGAN_PAYMENTS" | "KHEPRI" | "LITHIC" | "LOANPRO" | "MARQETA" | "MERCURY" | "MOCK" | "MODERN_TREASURY" | "MOOV" | "NOVA_CREDIT" | "NUMERATED" | "OCROLUS" | "ORUM" | "PAYNOTE" | "PAYSCAPE" | "PRIME_TRUST" | "PROMISE" | "RAILSR" | "RIPPLING" | "RIZE" | "ROUTEFUSION" | "SILA_MONEY" | "SOLID" | "STRADDLE" | "STRIPE" | "SYNCTERA" | "TABAPAY" | "TREASURY_PRIME" | "UNIT" | "USIO" | "VESTA" | "VOPAY" | "WEDBUSH" | "ZERO_HASH";
            expiresAt: string | null;
        };
        /** ProcessorTokenCreateRequest */
        ProcessorTokenCreateRequest: {
            /**
             * @description Who issues the token: WEFT, MX, PLAID. Required.
             * @example WEFT
             */
            issuer?: string;
            /**
             * @description The processor the token is for. Required; one of: ACHQ, ADYEN, AEROPAY, ALPACA, APEX_CLEARING, ASTRA, ATOMIC, BOND, CHECKBOOK, CHECKOUT, CIRCLE, COLUMN, CROSS_RIVER, CURRENCYCLOUD, DOLLA, DRIVEWEALTH, DWOLLA, EARNEST, EVOLVE, FINIX, FLEX, FORTRESS_TRUST, GALILEO, GEMINI, GUSTO, HIGHNOTE, INCREASE, JPMORGAN_PAYMENTS, KHEPRI, LITHIC, LOANPRO, MARQETA, MERCURY, MOCK, MODERN_TREASURY, MOOV, NOVA_CREDIT, NUMERATED, OCROLUS, ORUM, PAYNOTE, PAYSCAPE, PRIME_TRUST, PROMISE, RAILSR, RIPPLING, RIZE, ROUTEFUSION, SILA_MONEY, SOLID, STRADDLE, STRIPE, SYNCTERA, TABAPAY, TREASURY_PRIME, UNIT, USIO, VESTA, VOPAY, WEDBUSH, ZERO_HASH.
             * @example STRIPE
             */
            processor?: string;
        };
        /** Profile */
        Profile: {
            /**
             * @description Read-only global id.
             * @example p_01jd8x0m6e9q7v2c5b4n3k1h0g
             */
            id: string;
            /**
             * Format: uuid
             * @description Read-only.
             */
            uuid: string;
            metadata: {
                [key: string]: unknown;
            } | null;
            email: string | null;
            phone: string | null;
            name: string | null;
            names: {
                full: string | null;
                first: string | null;
                last: string | null;
            } | null;
            dateOfBirth: string | null;
            address: components["schemas"]["Address"] | null;
            /**
             * Format: date-time
             * @description Read-only.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @deprecated
             * @description Deprecated: when the profile last changed.
             */
            updatedAt: string;
        };
        /** ProfileCreateRequest */
        ProfileCreateRequest: {
            uuid?: string | null;
            email?: string | null;
            phone?: string | null;
            name?: string | null;
            names?: {
                first?: string | null;
                last?: string | null;
            } | null;
            dateOfBirth?: string | null;
            address?: components["schemas"]["Address"] | null;
            metadata?: {
                [key: string]: unknown;
            } | null;
        };
        /** ProfileUpdateRequest */
        ProfileUpdateRequest: {
            email?: string | null;
            phone?: string | null;
            name?: string | null;
            names?: {
                first?: string | null;
                last?: string | null;
            } | null;
            dateOfBirth?: string | null;
            address?: components["schemas"]["Address"] | null;
            metadata?: {
                [key: string]: unknown;
            } | null;
        };
        /** ProviderError */
        ProviderError: {
            /** @example ITEM_ERROR */
            errorType: string;
            /** @example ITEM_LOGIN_REQUIRED */
            errorCode: string;
            /** @example The connection has no provider access: the user must sign in again */
            errorMessage: string;
            displayMessage: string | null;
            requestId: string | null;
            suggestedAction: string | null;
            documentationUrl: string | null;
        };
        /** RefreshAccepted */
        RefreshAccepted: {
            /** @constant */
            status: "ACCEPTED";
            /**
             * Format: date-time
             * @description When the refresh was asked for.
             */
            requestedAt: string;
        };
        /** RemoteDocument */
        RemoteDocument: {
            /** @description The provider's answer as received (for one record, its own object). */
            body: unknown;
            /** @example doc_01jd8x0m6e9q7v2c5b4n3k1h0g */
            id: string;
            /** @description The provider's request id. */
            requestId: string | null;
            /**
             * Format: date-time
             * @description When Weft received it.
             */
            timestamp: string;
        };
        /** RestError */
        RestError: {
            /** @description What went wrong. */
            message: string;
            /** @description What to do about it. */
            instruction: string;
            /** @description Only on a 500: quote it to the operator; it is in the logs. */
            errorId?: string;
        };
        /** SandboxConnectionCreateRequest */
        SandboxConnectionCreateRequest: {
            /** @description The profile's id (p_…) or uuid. */
            profileId: string;
            /** @description A sandbox institution; Weft Sandbox Bank when omitted. */
            institutionId?: string;
            /**
             * @description Chooses the scenario: user_good, user_mfa, user_error_repairable, user_error_institution, user_error_provider, user_error_service (add +anything to link the same scenario again). Default user_good.
             * @example user_good
             */
            username?: string;
            /**
             * @description pass_good (the default).
             * @example pass_good
             */
            password?: string;
            /**
             * @description For user_mfa: 123456.
             * @example 123456
             */
            mfaCode?: string;
            /** @description What to collect; every product the institution offers when omitted. */
            products?: ("ACCOUNT_BALANCES_AND_TRANSACTIONS" | "ACCOUNT_NUMBERS" | "ACCOUNT_OWNERS" | "ACCOUNT_STATEMENTS" | "INVESTMENTS" | "LIABILITIES" | "ACCOUNT_BALANCE_REFRESHES")[];
        };
        /** SandboxSimulateRequest */
        SandboxSimulateRequest: {
            /**
             * @description INITIALIZING (just linked), SYNCING, SYNCED, ERROR_REPAIRABLE (the user must sign in again; sync keeps retrying), ERROR_SERVICE (internal error, retried automatically), ERROR_PROVIDER, ERROR_INSTITUTION, DISCONNECTING, DISCONNECTED (data stays, no more syncing).
             * @enum {string}
             */
            status?: "INITIALIZING" | "SYNCING" | "SYNCED" | "ERROR_REPAIRABLE" | "ERROR_SERVICE" | "ERROR_PROVIDER" | "ERROR_INSTITUTION" | "DISCONNECTING" | "DISCONNECTED";
            /**
             * @description SYNC: sync now. REPAIR: the user signed in again (or the institution is back), so the login works again; a sync starts now.
             * @enum {string}
             */
            event?: "SYNC" | "REPAIR";
        };
        /** Security */
        Security: {
            /** @example sec_01jd8x0m6e9q7v2c5b4n3k1h0g */
            id: string;
            /** @example Vanguard Total Stock Market ETF */
            name: string;
            tickerSymbol: string | null;
            cusip: string | null;
            isin: string | null;
            /** @enum {string} */
            type: "EQUITY" | "ETF" | "MUTUAL_FUND" | "FIXED_INCOME" | "CASH" | "OTHER";
            /** @example USD */
            currencyCode: string;
        };
        /** Statement */
        Statement: {
            /** @example stmt_01jd8x0m6e9q7v2c5b4n3k1h0g */
            id: string;
            accountId: string;
            /**
             * Format: date
             * @description First day of the period.
             * @example 2025-01-31
             */
            startOn: string;
            /**
             * Format: date
             * @description Last day of the period.
             * @example 2025-01-31
             */
            endOn: string;
            /**
             * Format: uri
             * @description The PDF. The link is signed and expires after 1 hour.
             */
            url: string;
        };
        /** Transaction */
        Transaction: {
            /** @example txn_01jd8x0m6e9q7v2c5b4n3k1h0g */
            id: string;
            accountId: string;
            /**
             * @description Signed: positive is money in (CREDIT), negative money out (DEBIT).
             * @example -6.5
             */
            amount: number;
            /** @enum {string} */
            entryType: "CREDIT" | "DEBIT";
            /** @example USD */
            currencyCode: string;
            /**
             * Format: date
             * @description Posting date; for a pending transaction, the day it was authorized.
             * @example 2025-01-31
             */
            date: string;
            /** @example SQ *BLUE BOTTLE COFFEE */
            description: string;
            /** @enum {string} */
            status: "PENDING" | "MEMO" | "POSTED" | "AUTHORIZATION";
            pendingTransactionId: string | null;
            enrichment: components["schemas"]["TransactionEnrichment"] | null;
            metadata: {
                [key: string]: unknown;
            } | null;
            /**
             * Format: date-time
             * @description When the transaction was first synced.
             */
            createdAt: string;
        };
        /** TransactionEnrichment */
        TransactionEnrichment: {
            merchant: string | null;
            merchantId: string | null;
            website: string | null;
            logo: string | null;
            categories: {
                general: string | null;
                detailed: string | null;
                /** @example operational expenses */
                accounting: string;
            };
            counterparty: {
                /** @example mer_blue-bottle-coffee */
                id: string;
                /** @example Blue Bottle Coffee */
                name: string;
                /**
                 * @example organization
                 * @enum {string}
                 */
                type: "person" | "organization";
            } | null;
            /**
             * @description The person paid or paying, for a transfer between people.
             * @example null
             */
            person: string | null;
            /**
             * @example [
             *       "Square"
             *     ]
             */
            intermediaries: string[];
            location: string | null;
        };
        /**
         * ValidationErrors
         * @example {
         *       "email": [
         *         "Email is not a valid email address"
         *       ]
         *     }
         */
        ValidationErrors: {
            [key: string]: string[];
        };
        /** WebhookDelivery */
        WebhookDelivery: {
            /**
             * @description Also the webhook-id header the receiver sees, the same on every attempt.
             * @example dlv_01jd8x0m6e9q7v2c5b4n3k1h0g
             */
            id: string;
            /** @example wh_01jd8x0m6e9q7v2c5b4n3k1h0g */
            subscriptionId: string;
            /**
             * @description The event delivered: the receiver's dedupe key.
             * @example evt_01jd8x0m6e9q7v2c5b4n3k1h0g
             */
            eventId: string;
            /** @example profile.created */
            eventType: string;
            /**
             * @description EVENT: the event happened. REPLAY: an operator replayed it. TEST: a test event.
             * @enum {string}
             */
            reason: "EVENT" | "REPLAY" | "TEST";
            /**
             * @description PENDING: waiting for its first or next attempt. SUCCEEDED: the target answered 2xx. FAILED: every attempt failed, or the target answered 410 Gone. CANCELLED: the subscription was disabled before it could be delivered.
             * @enum {string}
             */
            status: "PENDING" | "SUCCEEDED" | "FAILED" | "CANCELLED";
            /**
             * @description Attempts made so far.
             * @example 2
             */
            attempts: number;
            /**
             * @description Attempts allowed before the delivery is FAILED.
             * @example 8
             */
            maxAttempts: number;
            responseStatus: number | null;
            responseLatencyMs: number | null;
            lastError: string | null;
            lastAttemptAt: string | null;
            nextAttemptAt: string | null;
            completedAt: string | null;
            /**
             * Format: date-time
             * @description Read-only.
             */
            createdAt: string;
        };
        /** WebhookReplay */
        WebhookReplay: {
            /** @example evt_01jd8x0m6e9q7v2c5b4n3k1h0g */
            eventId: string;
            /** @description One new delivery per enabled subscription whose event types match the event. */
            deliveries: components["schemas"]["WebhookDelivery"][];
        };
        /** WebhookSecretRotation */
        WebhookSecretRotation: {
            /**
             * @description The signing secret, in the Standard Webhooks format (whsec_ then base64). Shown only now: store it where your receiver can read it.
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
             */
            secret: string;
            /**
             * Format: date-time
             * @description Until then every delivery carries a second signature made with the previous secret.
             */
            previousSecretExpiresAt: string;
        };
        /** WebhookSubscription */
        WebhookSubscription: {
            /**
             * @description Read-only.
             * @example wh_01jd8x0m6e9q7v2c5b4n3k1h0g
             */
            id: string;
            /** @example My backend */
            name: string;
            /**
             * Format: uri
             * @example https://example.com/webhooks/weft
             */
            targetUrl: string;
            /**
             * @description Event types and parent scopes subscribed to.
             * @example [
             *       "profile",
             *       "connection.synced"
             *     ]
             */
            eventTypes: string[];
            /** @example false */
            disabled: boolean;
            disabledReason: string | null;
            /**
             * Format: date-time
             * @description Read-only.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description Read-only: when the subscription last changed.
             */
            updatedAt: string;
        };
        /** WebhookSubscriptionCreateRequest */
        WebhookSubscriptionCreateRequest: {
            /**
             * @description Your label for the subscription.
             * @example Production backend
             */
            name: string;
            /**
             * Format: uri
             * @description Where events are POSTed. Must be HTTPS with a certificate that verifies. Loopback, private, link-local, carrier-grade NAT, multicast and reserved addresses (in any spelling: 127.1, 0x7f000001, ::ffff:127.0.0.1) and local names (localhost, *.local, *.internal) are refused with a 422 when the subscription is saved, and again at every delivery after DNS resolution, pinned to the address connected to — unless the operator set WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS=true. Redirects are not followed. For development only, with WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS=true, plain http:// to this machine (localhost, 127.0.0.1, ::1) is accepted too.
             * @example https://example.com/webhooks/weft
             */
            targetUrl: string;
            /**
             * @description At least one event type or parent scope. Duplicates are dropped.
             * @example [
             *       "profile",
             *       "connection.synced.successful"
             *     ]
             */
            eventTypes: ("profile" | "connection" | "connection.synced" | "connection.synced.errored" | "account" | "balance" | "statement" | "charge.execute" | "account.created" | "account.verified" | "account.reconnected" | "balance.created" | "statement.ready" | "connection.created" | "connection.synced.successful" | "connection.synced.successful.initial" | "connection.synced.successful.historical" | "connection.synced.errored.repairable" | "connection.synced.errored.institution" | "connection.synced.errored.provider" | "connection.synced.errored.service" | "connection.disconnected" | "profile.created" | "profile.ready" | "profile.deleted")[];
            /** @description A disabled subscription receives nothing. The platform disables a subscription itself when its target answers 410 Gone; set it back to false to resume. */
            disabled?: boolean;
        };
        /** WebhookSubscriptionUpdateRequest */
        WebhookSubscriptionUpdateRequest: {
            /**
             * @description Your label for the subscription.
             * @example Production backend
             */
            name?: string;
            /**
             * Format: uri
             * @description Where events are POSTed. Must be HTTPS with a certificate that verifies. Loopback, private, link-local, carrier-grade NAT, multicast and reserved addresses (in any spelling: 127.1, 0x7f000001, ::ffff:127.0.0.1) and local names (localhost, *.local, *.internal) are refused with a 422 when the subscription is saved, and again at every delivery after DNS resolution, pinned to the address connected to — unless the operator set WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS=true. Redirects are not followed. For development only, with WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS=true, plain http:// to this machine (localhost, 127.0.0.1, ::1) is accepted too.
             * @example https://example.com/webhooks/weft
             */
            targetUrl?: string;
            /**
             * @description At least one event type or parent scope. Duplicates are dropped.
             * @example [
             *       "profile",
             *       "connection.synced.successful"
             *     ]
             */
            eventTypes?: ("profile" | "connection" | "connection.synced" | "connection.synced.errored" | "account" | "balance" | "statement" | "charge.execute" | "account.created" | "account.verified" | "account.reconnected" | "balance.created" | "statement.ready" | "connection.created" | "connection.synced.successful" | "connection.synced.successful.initial" | "connection.synced.successful.historical" | "connection.synced.errored.repairable" | "connection.synced.errored.institution" | "connection.synced.errored.provider" | "connection.synced.errored.service" | "connection.disconnected" | "profile.created" | "profile.ready" | "profile.deleted")[];
            /** @description A disabled subscription receives nothing. The platform disables a subscription itself when its target answers 410 Gone; set it back to false to resume. */
            disabled?: boolean;
        };
        /** WebhookSubscriptionWithSecret */
        WebhookSubscriptionWithSecret: {
            /**
             * @description Read-only.
             * @example wh_01jd8x0m6e9q7v2c5b4n3k1h0g
             */
            id: string;
            /** @example My backend */
            name: string;
            /**
             * Format: uri
             * @example https://example.com/webhooks/weft
             */
            targetUrl: string;
            /**
             * @description Event types and parent scopes subscribed to.
             * @example [
             *       "profile",
             *       "connection.synced"
             *     ]
             */
            eventTypes: string[];
            /** @example false */
            disabled: boolean;
            disabledReason: string | null;
            /**
             * Format: date-time
             * @description Read-only.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description Read-only: when the subscription last changed.
             */
            updatedAt: string;
            /**
             * @description The signing secret, in the Standard Webhooks format (whsec_ then base64). Shown only now: store it where your receiver can read it.
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
             */
            secret: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listProfiles: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, at most 100. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The page returned. */
                    "current-page"?: number;
                    /** @description Items on this page. */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Profile"][];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": [
                     *         "Page must be at least 1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    createProfile: {
        parameters: {
            query?: never;
            header?: {
                /** @description Send a unique key (a UUID) to retry this request safely: a repeat with the same key and the same request within 24 hours answers with the first answer (header `Idempotent-Replayed: true`) without doing the work again; the same key with a different request is a 422, and a repeat while the first still runs a 409. Keys belong to the credential that sends them; 5xx answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProfileCreateRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Profile"];
                };
            };
            /** @description The body is not JSON: not valid JSON, not UTF-8, or empty while Content-Type says application/json */
            400: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body's Content-Type is not application/json, or names a charset other than UTF-8 */
            415: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "uuid": [
                     *         "UUID is not a valid UUID"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    getProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The profile's id (p_…) or its uuid. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Profile"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": [
                     *         "ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    deleteProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The profile's id (p_…) or its uuid. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is not JSON: not valid JSON, not UTF-8, or empty while Content-Type says application/json */
            400: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body's Content-Type is not application/json, or names a charset other than UTF-8 */
            415: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": [
                     *         "ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    updateProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The profile's id (p_…) or its uuid. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProfileUpdateRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Profile"];
                };
            };
            /** @description The body is not JSON: not valid JSON, not UTF-8, or empty while Content-Type says application/json */
            400: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body's Content-Type is not application/json, or names a charset other than UTF-8 */
            415: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "email": [
                     *         "Email is not a valid email address"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    listWebhookSubscriptions: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, at most 100. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The page returned. */
                    "current-page"?: number;
                    /** @description Items on this page. */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscription"][];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": [
                     *         "Page must be at least 1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    createWebhookSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description Send a unique key (a UUID) to retry this request safely: a repeat with the same key and the same request within 24 hours answers with the first answer (header `Idempotent-Replayed: true`) without doing the work again; the same key with a different request is a 422, and a repeat while the first still runs a 409. Keys belong to the credential that sends them; 5xx answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookSubscriptionCreateRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscriptionWithSecret"];
                };
            };
            /** @description The body is not JSON: not valid JSON, not UTF-8, or empty while Content-Type says application/json */
            400: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body's Content-Type is not application/json, or names a charset other than UTF-8 */
            415: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": [
                     *         "Name is required"
                     *       ],
                     *       "targetUrl": [
                     *         "Target URL is required"
                     *       ],
                     *       "eventTypes": [
                     *         "Event types are required"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    getWebhookSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's id (wh_…). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscription"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": [
                     *         "ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    deleteWebhookSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's id (wh_…). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is not JSON: not valid JSON, not UTF-8, or empty while Content-Type says application/json */
            400: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body's Content-Type is not application/json, or names a charset other than UTF-8 */
            415: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": [
                     *         "ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    updateWebhookSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's id (wh_…). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookSubscriptionUpdateRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscription"];
                };
            };
            /** @description The body is not JSON: not valid JSON, not UTF-8, or empty while Content-Type says application/json */
            400: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body's Content-Type is not application/json, or names a charset other than UTF-8 */
            415: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": [
                     *         "Name must be a string"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Send a unique key (a UUID) to retry this request safely: a repeat with the same key and the same request within 24 hours answers with the first answer (header `Idempotent-Replayed: true`) without doing the work again; the same key with a different request is a 422, and a repeat while the first still runs a 409. Keys belong to the credential that sends them; 5xx answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The subscription's id (wh_…). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSecretRotation"];
                };
            };
            /** @description The body is not JSON: not valid JSON, not UTF-8, or empty while Content-Type says application/json */
            400: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body's Content-Type is not application/json, or names a charset other than UTF-8 */
            415: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "Idempotency-Key": [
                     *         "This Idempotency-Key was used with a different request in the last 24 hours; use a new key for a new request"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, at most 100. */
                limit?: number;
                /** @description Only deliveries in this status. */
                status?: "PENDING" | "SUCCEEDED" | "FAILED" | "CANCELLED";
            };
            header?: never;
            path: {
                /** @description The subscription's id (wh_…). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The page returned. */
                    "current-page"?: number;
                    /** @description Items on this page. */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"][];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": [
                     *         "Page must be at least 1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    testWebhookSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description Send a unique key (a UUID) to retry this request safely: a repeat with the same key and the same request within 24 hours answers with the first answer (header `Idempotent-Replayed: true`) without doing the work again; the same key with a different request is a 422, and a repeat while the first still runs a 409. Keys belong to the credential that sends them; 5xx answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The subscription's id (wh_…). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            202: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description The body is not JSON: not valid JSON, not UTF-8, or empty while Content-Type says application/json */
            400: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body's Content-Type is not application/json, or names a charset other than UTF-8 */
            415: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "Idempotency-Key": [
                     *         "This Idempotency-Key was used with a different request in the last 24 hours; use a new key for a new request"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    replayWebhookEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Send a unique key (a UUID) to retry this request safely: a repeat with the same key and the same request within 24 hours answers with the first answer (header `Idempotent-Replayed: true`) without doing the work again; the same key with a different request is a 422, and a repeat while the first still runs a 409. Keys belong to the credential that sends them; 5xx answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The event's id (evt_…). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            202: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookReplay"];
                };
            };
            /** @description The body is not JSON: not valid JSON, not UTF-8, or empty while Content-Type says application/json */
            400: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body's Content-Type is not application/json, or names a charset other than UTF-8 */
            415: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "Idempotency-Key": [
                     *         "This Idempotency-Key was used with a different request in the last 24 hours; use a new key for a new request"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    listProfileConnections: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, at most 100. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The profile's id (p_…) or uuid. */
                profileId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The page returned. */
                    "current-page"?: number;
                    /** @description Items on this page. */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connection"][];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": [
                     *         "Page must be at least 1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    getConnection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The connection's id (conn_…). */
                connectionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connection"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "connectionId": [
                     *         "Connection ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    disconnectConnection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The connection's id (conn_…). */
                connectionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            202: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connection"];
                };
            };
            /** @description The body is not JSON: not valid JSON, not UTF-8, or empty while Content-Type says application/json */
            400: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body's Content-Type is not application/json, or names a charset other than UTF-8 */
            415: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "connectionId": [
                     *         "Connection ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    updateConnection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The connection's id (conn_…). */
                connectionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MetadataUpdateRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connection"];
                };
            };
            /** @description The body is not JSON: not valid JSON, not UTF-8, or empty while Content-Type says application/json */
            400: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body's Content-Type is not application/json, or names a charset other than UTF-8 */
            415: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "metadata": [
                     *         "Metadata is required"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    refreshStatements: {
        parameters: {
            query?: never;
            header?: {
                /** @description Send a unique key (a UUID) to retry this request safely: a repeat with the same key and the same request within 24 hours answers with the first answer (header `Idempotent-Replayed: true`) without doing the work again; the same key with a different request is a 422, and a repeat while the first still runs a 409. Keys belong to the credential that sends them; 5xx answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The connection's id (conn_…). */
                connectionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The refresh runs in the background; events follow. */
            202: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefreshAccepted"];
                };
            };
            /** @description The body is not JSON: not valid JSON, not UTF-8, or empty while Content-Type says application/json */
            400: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body's Content-Type is not application/json, or names a charset other than UTF-8 */
            415: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "Idempotency-Key": [
                     *         "This Idempotency-Key was used with a different request in the last 24 hours; use a new key for a new request"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    exportConnection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The profile's id (p_…) or uuid. */
                profileId: string;
                /** @description The connection's id (conn_…). */
                connectionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionExport"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "profileId": [
                     *         "Profile ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    listProfileAccounts: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, at most 100. */
                limit?: number;
                /** @description Only the accounts of this connection. */
                connectionId?: string;
            };
            header?: never;
            path: {
                /** @description The profile's id (p_…) or uuid. */
                profileId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The page returned. */
                    "current-page"?: number;
                    /** @description Items on this page. */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"][];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": [
                     *         "Page must be at least 1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account's id (acct_…). */
                accountId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "accountId": [
                     *         "Account ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    updateAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account's id (acct_…). */
                accountId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MetadataUpdateRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description The body is not JSON: not valid JSON, not UTF-8, or empty while Content-Type says application/json */
            400: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body's Content-Type is not application/json, or names a charset other than UTF-8 */
            415: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "metadata": [
                     *         "Metadata is required"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    updateTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The transaction's id (txn_…). */
                transactionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MetadataUpdateRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /** @description The body is not JSON: not valid JSON, not UTF-8, or empty while Content-Type says application/json */
            400: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body's Content-Type is not application/json, or names a charset other than UTF-8 */
            415: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "metadata": [
                     *         "Metadata is required"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    listBalances: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, at most 100. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The account's id (acct_…). */
                accountId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The page returned. */
                    "current-page"?: number;
                    /** @description Items on this page. */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Balance"][];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": [
                     *         "Page must be at least 1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    refreshBalance: {
        parameters: {
            query?: never;
            header?: {
                /** @description Send a unique key (a UUID) to retry this request safely: a repeat with the same key and the same request within 24 hours answers with the first answer (header `Idempotent-Replayed: true`) without doing the work again; the same key with a different request is a 422, and a repeat while the first still runs a 409. Keys belong to the credential that sends them; 5xx answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The account's id (acct_…). */
                accountId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The refresh runs in the background; events follow. */
            202: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefreshAccepted"];
                };
            };
            /** @description The body is not JSON: not valid JSON, not UTF-8, or empty while Content-Type says application/json */
            400: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body's Content-Type is not application/json, or names a charset other than UTF-8 */
            415: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "Idempotency-Key": [
                     *         "This Idempotency-Key was used with a different request in the last 24 hours; use a new key for a new request"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    getAchNumbers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account's id (acct_…). */
                accountId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ACHNumbers"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "accountId": [
                     *         "Account ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    listAccountOwners: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account's id (acct_…). */
                accountId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountOwner"][];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "accountId": [
                     *         "Account ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    listTransactions: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, at most 100. */
                limit?: number;
                /** @description Only transactions dated on or after. */
                startDate?: string;
                /** @description Only transactions dated on or before. */
                endDate?: string;
                /** @description Only this status. */
                status?: "PENDING" | "MEMO" | "POSTED" | "AUTHORIZATION";
                /** @description Only this enrichment category, general (FOOD_AND_DRINK) or detailed (FOOD_AND_DRINK_COFFEE). */
                category?: string;
                /** @description Only this counterparty: its id, or its name (any case). */
                counterparty?: string;
            };
            header?: never;
            path: {
                /** @description The account's id (acct_…). */
                accountId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The page returned. */
                    "current-page"?: number;
                    /** @description Items on this page. */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"][];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": [
                     *         "Page must be at least 1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    listHoldings: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, at most 100. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The account's id (acct_…). */
                accountId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The page returned. */
                    "current-page"?: number;
                    /** @description Items on this page. */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Holding"][];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": [
                     *         "Page must be at least 1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    listStatements: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, at most 100. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The account's id (acct_…). */
                accountId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The page returned. */
                    "current-page"?: number;
                    /** @description Items on this page. */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Statement"][];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": [
                     *         "Page must be at least 1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    searchInstitutions: {
        parameters: {
            query: {
                /** @description A 9-digit ABA routing number. */
                routingNumber: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Institution"][];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "routingNumber": [
                     *         "Routing number must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    getInstitution: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id (inst_…). */
                institutionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Institution"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "institutionId": [
                     *         "Institution ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    createProcessorToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description Send a unique key (a UUID) to retry this request safely: a repeat with the same key and the same request within 24 hours answers with the first answer (header `Idempotent-Replayed: true`) without doing the work again; the same key with a different request is a 422, and a repeat while the first still runs a 409. Keys belong to the credential that sends them; 5xx answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The account's id (acct_…). */
                accountId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProcessorTokenCreateRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessorToken"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body's Content-Type is not application/json, or names a charset other than UTF-8 */
            415: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "issuer": [
                     *         "Issuer must be a string"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Upstream provider error */
            502: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    createSandboxConnection: {
        parameters: {
            query?: never;
            header?: {
                /** @description Send a unique key (a UUID) to retry this request safely: a repeat with the same key and the same request within 24 hours answers with the first answer (header `Idempotent-Replayed: true`) without doing the work again; the same key with a different request is a 422, and a repeat while the first still runs a 409. Keys belong to the credential that sends them; 5xx answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxConnectionCreateRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connection"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body's Content-Type is not application/json, or names a charset other than UTF-8 */
            415: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "profileId": [
                     *         "Profile ID is required"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    simulateSandboxConnection: {
        parameters: {
            query?: never;
            header?: {
                /** @description Send a unique key (a UUID) to retry this request safely: a repeat with the same key and the same request within 24 hours answers with the first answer (header `Idempotent-Replayed: true`) without doing the work again; the same key with a different request is a 422, and a repeat while the first still runs a 409. Keys belong to the credential that sends them; 5xx answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The connection's id (conn_…). */
                connectionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxSimulateRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connection"];
                };
            };
            /** @description The body is not JSON: not valid JSON, not UTF-8, or empty while Content-Type says application/json */
            400: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body's Content-Type is not application/json, or names a charset other than UTF-8 */
            415: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": [
                     *         "Status must be a string",
                     *         "Status must be one of: INITIALIZING, SYNCING, SYNCED, ERROR_REPAIRABLE, ERROR_SERVICE, ERROR_PROVIDER, ERROR_INSTITUTION, DISCONNECTING, DISCONNECTED"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    importPlaidConnection: {
        parameters: {
            query?: never;
            header?: {
                /** @description Send a unique key (a UUID) to retry this request safely: a repeat with the same key and the same request within 24 hours answers with the first answer (header `Idempotent-Replayed: true`) without doing the work again; the same key with a different request is a 422, and a repeat while the first still runs a 409. Keys belong to the credential that sends them; 5xx answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The profile's id (p_…) or uuid. */
                profileId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlaidImportRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connection"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body's Content-Type is not application/json, or names a charset other than UTF-8 */
            415: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "accessToken": [
                     *         "Access token is required"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Upstream provider error */
            502: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    listRemotePlaidConnections: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, at most 100. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The page returned. */
                    "current-page"?: number;
                    /** @description Items on this page. */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlaidRemoteConnectionListItem"][];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": [
                     *         "Page must be at least 1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    getRemotePlaidConnection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The connection's Weft id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlaidRemoteConnection"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": [
                     *         "ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    listRemotePlaidAccounts: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, at most 100. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The page returned. */
                    "current-page"?: number;
                    /** @description Items on this page. */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlaidRemoteAccountListItem"][];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": [
                     *         "Page must be at least 1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    getRemotePlaidAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account's Weft id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlaidRemoteAccount"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": [
                     *         "ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    listRemotePlaidTransactions: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, at most 100. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The page returned. */
                    "current-page"?: number;
                    /** @description Items on this page. */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlaidRemoteTransactionListItem"][];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": [
                     *         "Page must be at least 1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    getRemotePlaidTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The transaction's Weft id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlaidRemoteTransaction"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": [
                     *         "ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    listRemotePlaidHoldings: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, at most 100. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The page returned. */
                    "current-page"?: number;
                    /** @description Items on this page. */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlaidRemoteHoldingListItem"][];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": [
                     *         "Page must be at least 1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    getRemotePlaidHolding: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The holding's Weft id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlaidRemoteHolding"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": [
                     *         "ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    listRemoteMxConnections: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, at most 100. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The page returned. */
                    "current-page"?: number;
                    /** @description Items on this page. */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MxRemoteConnectionListItem"][];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": [
                     *         "Page must be at least 1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    getRemoteMxConnection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The connection's Weft id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MxRemoteConnection"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": [
                     *         "ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    listRemoteMxAccounts: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, at most 100. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The page returned. */
                    "current-page"?: number;
                    /** @description Items on this page. */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MxRemoteAccountListItem"][];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": [
                     *         "Page must be at least 1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    getRemoteMxAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account's Weft id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MxRemoteAccount"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": [
                     *         "ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    listRemoteMxTransactions: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, at most 100. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The page returned. */
                    "current-page"?: number;
                    /** @description Items on this page. */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MxRemoteTransactionListItem"][];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": [
                     *         "Page must be at least 1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    getRemoteMxTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The transaction's Weft id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MxRemoteTransaction"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": [
                     *         "ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    listRemoteAkoyaConnections: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, at most 100. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The page returned. */
                    "current-page"?: number;
                    /** @description Items on this page. */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AkoyaRemoteConnectionListItem"][];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": [
                     *         "Page must be at least 1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    getRemoteAkoyaConnection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The connection's Weft id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AkoyaRemoteConnection"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": [
                     *         "ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    listRemoteAkoyaAccounts: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, at most 100. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The page returned. */
                    "current-page"?: number;
                    /** @description Items on this page. */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AkoyaRemoteAccountListItem"][];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": [
                     *         "Page must be at least 1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    getRemoteAkoyaAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account's Weft id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AkoyaRemoteAccount"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": [
                     *         "ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    listRemoteAkoyaTransactions: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, at most 100. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The page returned. */
                    "current-page"?: number;
                    /** @description Items on this page. */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AkoyaRemoteTransactionListItem"][];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": [
                     *         "Page must be at least 1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    getRemoteAkoyaTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The transaction's Weft id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AkoyaRemoteTransaction"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": [
                     *         "ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    listRemoteAkoyaHoldings: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, at most 100. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The page returned. */
                    "current-page"?: number;
                    /** @description Items on this page. */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AkoyaRemoteHoldingListItem"][];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": [
                     *         "Page must be at least 1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    getRemoteAkoyaHolding: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The holding's Weft id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AkoyaRemoteHolding"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": [
                     *         "ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    listRemoteFingoalProfiles: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, at most 100. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The page returned. */
                    "current-page"?: number;
                    /** @description Items on this page. */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FingoalRemoteProfileListItem"][];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": [
                     *         "Page must be at least 1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    getRemoteFingoalProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The profile's Weft id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FingoalRemoteProfile"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": [
                     *         "ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    listRemoteFingoalTransactions: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, at most 100. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The page returned. */
                    "current-page"?: number;
                    /** @description Items on this page. */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FingoalRemoteTransactionListItem"][];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": [
                     *         "Page must be at least 1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    getRemoteFingoalTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The transaction's Weft id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FingoalRemoteTransaction"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": [
                     *         "ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    listRemoteNtropyTransactions: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, at most 100. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The page returned. */
                    "current-page"?: number;
                    /** @description Items on this page. */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NtropyRemoteTransactionListItem"][];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": [
                     *         "Page must be at least 1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    getRemoteNtropyTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The transaction's Weft id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NtropyRemoteTransaction"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": [
                     *         "ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    listRemotePaveProfiles: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, at most 100. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The page returned. */
                    "current-page"?: number;
                    /** @description Items on this page. */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaveRemoteProfileListItem"][];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": [
                     *         "Page must be at least 1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    getRemotePaveProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The profile's Weft id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaveRemoteProfile"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": [
                     *         "ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    listRemotePaveTransactions: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, at most 100. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The page returned. */
                    "current-page"?: number;
                    /** @description Items on this page. */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaveRemoteTransactionListItem"][];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": [
                     *         "Page must be at least 1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    getRemotePaveTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The transaction's Weft id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaveRemoteTransaction"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description A path parameter is longer than 200 characters */
            414: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": [
                     *         "ID must not contain a NUL character"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    enrichTransactions: {
        parameters: {
            query?: never;
            header?: {
                /** @description Send a unique key (a UUID) to retry this request safely: a repeat with the same key and the same request within 24 hours answers with the first answer (header `Idempotent-Replayed: true`) without doing the work again; the same key with a different request is a 422, and a repeat while the first still runs a 409. Keys belong to the credential that sends them; 5xx answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EnrichmentRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnrichmentResponse"];
                };
            };
            /** @description Being enriched: send the same request again after Retry-After. */
            202: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnrichmentAccepted"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body's Content-Type is not application/json, or names a charset other than UTF-8 */
            415: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "profileId": [
                     *         "Profile ID is required"
                     *       ],
                     *       "accountType": [
                     *         "Account type is required"
                     *       ],
                     *       "provider": [
                     *         "Provider is required"
                     *       ],
                     *       "payload": [
                     *         "Payload is required"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
    listAuditEvents: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, at most 100. */
                limit?: number;
                /** @description Only what this kind of actor did. */
                actorType?: "apiKey" | "session" | "processor" | "cli";
                /** @description Only what this actor did. */
                actorId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The page returned. */
                    "current-page"?: number;
                    /** @description Items on this page. */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEvent"][];
                };
            };
            /** @description Not authenticated: the credentials are missing, invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Forbidden: the credential is valid, but may not do this (its kind, or the resource's state) */
            403: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "page": [
                     *         "Page must be at least 1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests with this credential this second: see Retry-After */
            429: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Something went wrong on our side: give the operator the body's errorId */
            500: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
                    /** @description Requests this credential may send a second. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests it may still send in the current second. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the count starts over. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
}
