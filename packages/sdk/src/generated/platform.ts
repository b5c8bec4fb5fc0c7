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
         * @description Creates an end-user profile. SANDBOX environments hold at most 50 profiles.
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
         * @description Accepted at once and carried out in the background; until it is done the profile answers 409. A profile.deleted event follows.
         */
        delete: operations["deleteProfile"];
        options?: never;
        head?: never;
        /**
         * Update a profile
         * @description Changes only the fields sent; `null` clears a field. `uuid` cannot change.
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
         * @description Subscribes an HTTPS endpoint to event types. The answer carries the signing secret (`whsec_…`) this one time only.
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
         *     Only a 2xx answer within 15 seconds counts; redirects are not followed (a 3xx is a failure). Failed attempts are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (eight attempts in all), sooner or later when the answer carries `Retry-After`. A 410 Gone disables the subscription. Delivery is at least once and order is not promised: dedupe on the event id.
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
         * @description Delivers a stored event again, as a new delivery (with its own webhook-id, and the same event id), to every enabled subscription whose eventTypes match it now.
         */
        post: operations["replayWebhookEvent"];
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
        /** RestError */
        RestError: {
            /** @description What went wrong. */
            message: string;
            /** @description What to do about it. */
            instruction: string;
            /** @description Only on 5xx: quote it to the operator; it is in the logs. */
            errorId?: string;
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
            subscriptionId: string;
            /** @description The event delivered: the receiver's dedupe key. */
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
            /** @description Attempts made so far. */
            attempts: number;
            /** @description Attempts allowed before the delivery is FAILED. */
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
            name: string;
            /** Format: uri */
            targetUrl: string;
            /** @description Event types and parent scopes subscribed to. */
            eventTypes: string[];
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
             * @description Where events are POSTed. Must be HTTPS with a certificate that verifies. After DNS resolution, private, loopback and link-local addresses are refused (unless the operator set WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS=true), and redirects are not followed.
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
             * @description Where events are POSTed. Must be HTTPS with a certificate that verifies. After DNS resolution, private, loopback and link-local addresses are refused (unless the operator set WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS=true), and redirects are not followed.
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
            name: string;
            /** Format: uri */
            targetUrl: string;
            /** @description Event types and parent scopes subscribed to. */
            eventTypes: string[];
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
            query: {
                /** @description Page number, from 1. */
                page: number;
                /** @description Items per page, at most 100. */
                limit: number;
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
                    /** @description Items per page (the limit). */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
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
            /** @description Validation failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
        };
    };
    createProfile: {
        parameters: {
            query?: never;
            header?: never;
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
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrors"];
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
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
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
                    [name: string]: unknown;
                };
                content?: never;
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
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
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
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
        };
    };
    listWebhookSubscriptions: {
        parameters: {
            query: {
                /** @description Page number, from 1. */
                page: number;
                /** @description Items per page, at most 100. */
                limit: number;
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
                    /** @description Items per page (the limit). */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
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
            /** @description Validation failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
        };
    };
    createWebhookSubscription: {
        parameters: {
            query?: never;
            header?: never;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscriptionWithSecret"];
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
            /** @description Validation failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrors"];
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
            /** @description Not found */
            404: {
                headers: {
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
                    [name: string]: unknown;
                };
                content?: never;
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
            /** @description Not found */
            404: {
                headers: {
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
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
        };
    };
    rotateWebhookSecret: {
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSecretRotation"];
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
            /** @description Not found */
            404: {
                headers: {
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
            query: {
                /** @description Page number, from 1. */
                page: number;
                /** @description Items per page, at most 100. */
                limit: number;
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
                    /** @description Items per page (the limit). */
                    "page-items"?: number;
                    /** @description Items across all pages. */
                    "total-count"?: number;
                    /** @description Number of pages. */
                    "total-pages"?: number;
                    /** @description RFC 8288 links: first, prev, next, last. */
                    link?: string;
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
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Validation failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
        };
    };
    testWebhookSubscription: {
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
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
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
            /** @description Not found */
            404: {
                headers: {
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
            header?: never;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookReplay"];
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
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
        };
    };
}
