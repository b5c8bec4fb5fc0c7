// Generated from the Weft OpenAPI documents by `npm run generate -w @weft/sdk`. Do not edit.
export interface paths {
    "/v1/introspect/api_key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check an API key
         * @description Returns the key the request was made with and its environment.
         */
        post: operations["introspectApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a session token
         * @description With `userId` (a profile id or uuid), issues a session for that profile and saves any profile fields sent onto it. Without `userId`, creates a profile from the fields sent and issues a session for it. A profile may hold 10 active sessions issued within an hour and 20 within a day.
         */
        post: operations["issueSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/introspect/session_token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check a session token
         * @description Returns the session when the token is valid; 401 when it is expired, revoked or invalid.
         */
        post: operations["introspectSessionToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the current session
         * @description The same as introspecting the token: the session it belongs to.
         */
        get: operations["getSession"];
        /**
         * Sign in by email or phone: exchange the passcode for a session
         * @description Checks the latest passcode sent to the email or phone. Right: a session for the end-user's profile, created on first sign-in (201). Wrong or expired: 401; after 5 wrong tries the passcode stops working. One address may make 30 sign-in requests a minute (429 past that).
         */
        put: operations["verifyPasscode"];
        /**
         * Sign in by email or phone: send a passcode
         * @description Sends a one-time passcode to the email or phone (202). Send the passcode too and, when it is right, the session is created at once (201). `clientId` is the Connector's id; its environment must allow sign-in by email. In TEST and SANDBOX environments the passcode is always 000000.
         */
        post: operations["requestPasscode"];
        /**
         * Revoke the current session
         * @description After this the token is rejected everywhere, and the profile's session slot is free.
         */
        delete: operations["revokeSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/introspect/processor_token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check a processor token
         * @description Basic auth with the processor token as the username and the processor's secret as the password. Returns the token's account, environment, issuer and processor; 401 when either is wrong, revoked or expired.
         */
        post: operations["introspectProcessorToken"];
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
        /** APIKey */
        APIKey: {
            /** @example api_01jd8x0m6e9q7v2c5b4n3k1h0g */
            id: string;
            /** @example Backend */
            name: string;
            /** @example 2025-04-01 */
            apiVersion: string;
            environment: components["schemas"]["Environment"];
        };
        /** Environment */
        Environment: {
            /** @example env_01jd8x0m6e9q7v2c5b4n3k1h0g */
            id: string;
            /** @example Sandbox */
            name: string;
            /**
             * @description TEST and SANDBOX use the sandbox provider; PRODUCTION reaches real institutions.
             * @enum {string}
             */
            mode: "TEST" | "SANDBOX" | "PRODUCTION";
            metadata: {
                [key: string]: unknown;
            } | null;
        };
        /** PasscodeRequest */
        PasscodeRequest: {
            session: {
                /**
                 * @description The Connector's id (ctr_…): it decides the environment and whether sign-in is allowed.
                 * @example ctr_01jd8x0m6e9q7v2c5b4n3k1h0g
                 */
                clientId: string;
                email?: string | null;
                phone?: string | null;
                /**
                 * @description The 6-digit code that was sent. Always 000000 in TEST and SANDBOX environments.
                 * @example 000000
                 */
                passcode?: string;
            };
        };
        /** PasscodeSent */
        PasscodeSent: {
            /** @example A passcode was sent to a***@example.com */
            message: string;
            /**
             * Format: date-time
             * @description When the passcode stops working.
             */
            expiresAt: string;
        };
        /** PasscodeVerification */
        PasscodeVerification: {
            session: {
                /**
                 * @description The Connector's id (ctr_…): it decides the environment and whether sign-in is allowed.
                 * @example ctr_01jd8x0m6e9q7v2c5b4n3k1h0g
                 */
                clientId: string;
                email?: string | null;
                phone?: string | null;
                /**
                 * @description The 6-digit code that was sent. Always 000000 in TEST and SANDBOX environments.
                 * @example 000000
                 */
                passcode: string;
            };
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
        /** RestError */
        RestError: {
            /** @description What went wrong. */
            message: string;
            /** @description What to do about it. */
            instruction: string;
            /** @description Only on a 500: quote it to the operator; it is in the logs. */
            errorId?: string;
        };
        /** SessionIssueRequest */
        SessionIssueRequest: {
            /** @description An existing profile's id (p_…) or uuid. Omit it to create a new profile. */
            userId?: string;
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
        /** UserSession */
        UserSession: {
            /**
             * @description The session token (a JWT): safe to hand to the end-user's client.
             * @example eyJhbGciOiJFZERTQSIsImtpZCI6ImtleV8wMWpkOHgwbTZlOXE3djJjNWI0bjNrMWgwZyIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJwXzAxamQ4eDBtNmU5cTd2MmM1YjRuM2sxaDBnIn0.…
             */
            token: string;
            /**
             * @description The profile's id.
             * @example p_01jd8x0m6e9q7v2c5b4n3k1h0g
             */
            userId: string;
            /**
             * @description The profile's uuid.
             * @example 8b6f2c1e-4a3d-4f7e-9c2b-1d5e6f7a8b9c
             */
            userUuid: string;
            /** @example env_01jd8x0m6e9q7v2c5b4n3k1h0g */
            environmentId: string;
            /**
             * @description When the token expires, in unix seconds.
             * @example 1743508800
             */
            expiration: number;
            /**
             * Format: date-time
             * @description When the token expires.
             */
            expiresAt: string;
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
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    introspectApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Send a unique key (a UUID) to retry this request safely: a repeat with the same key and the same request within 24 hours answers with the first answer (header `Idempotent-Replayed: true`) without doing the work again; the same key with a different request is a 422, and a repeat while the first still runs a 409. Keys belong to the credential that sends them; 5xx answers are not kept. */
                "Idempotency-Key"?: string;
            };
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
                    "application/json": components["schemas"]["APIKey"];
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
    issueSession: {
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
                "application/json": components["schemas"]["SessionIssueRequest"];
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
                    "application/json": components["schemas"]["UserSession"];
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
                     *       "userId": [
                     *         "User ID must be a string"
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
    introspectSessionToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description Send a unique key (a UUID) to retry this request safely: a repeat with the same key and the same request within 24 hours answers with the first answer (header `Idempotent-Replayed: true`) without doing the work again; the same key with a different request is a 422, and a repeat while the first still runs a 409. Keys belong to the credential that sends them; 5xx answers are not kept. */
                "Idempotency-Key"?: string;
            };
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
                    "application/json": components["schemas"]["UserSession"];
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
    getSession: {
        parameters: {
            query?: never;
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
                    "application/json": components["schemas"]["UserSession"];
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
    verifyPasscode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasscodeVerification"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserSession"];
                };
            };
            /** @description The body is not JSON: not valid JSON, not UTF-8, or empty while Content-Type says application/json */
            400: {
                headers: {
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body's Content-Type is not application/json, or names a charset other than UTF-8 */
            415: {
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
                    /**
                     * @example {
                     *       "session": [
                     *         "Session is required"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Briefly unavailable (the database cannot be reached, or the server is shutting down): see Retry-After */
            503: {
                headers: {
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
    requestPasscode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasscodeRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserSession"];
                };
            };
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasscodeSent"];
                };
            };
            /** @description The body is not JSON: not valid JSON, not UTF-8, or empty while Content-Type says application/json */
            400: {
                headers: {
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description The body's Content-Type is not application/json, or names a charset other than UTF-8 */
            415: {
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
                    /**
                     * @example {
                     *       "session": [
                     *         "Session is required"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationErrors"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestError"];
                };
            };
            /** @description Not available on this Weft now, or not set up */
            503: {
                headers: {
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
    revokeSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
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
    introspectProcessorToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description Send a unique key (a UUID) to retry this request safely: a repeat with the same key and the same request within 24 hours answers with the first answer (header `Idempotent-Replayed: true`) without doing the work again; the same key with a different request is a 422, and a repeat while the first still runs a 409. Keys belong to the credential that sends them; 5xx answers are not kept. */
                "Idempotency-Key"?: string;
            };
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
                    "application/json": components["schemas"]["ProcessorToken"];
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
}
