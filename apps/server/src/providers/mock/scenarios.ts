import { randomBytes } from "node:crypto";
import type { ProviderErrorDetails } from "../../db/schema/index.ts";
import { ProviderError, type ProviderErrorStatus } from "../types.ts";

/**
 * Sandbox logins choose what happens: the username names the scenario (a "+tag" suffix links
 * the same scenario again, e.g. user_good+2), the password is always pass_good, and the MFA
 * code is always 123456. Documented in the README ("Sandbox credentials").
 */
export const SANDBOX_PASSWORD = "pass_good";
export const SANDBOX_MFA_CODE = "123456";

export const SCENARIOS = {
  user_good: "GOOD",
  user_mfa: "MFA",
  user_error_repairable: "ERROR_REPAIRABLE",
  user_error_institution: "ERROR_INSTITUTION",
  user_error_provider: "ERROR_PROVIDER",
  user_error_service: "ERROR_SERVICE",
} as const;
export type Scenario = (typeof SCENARIOS)[keyof typeof SCENARIOS];

export function scenarioOf(username: string): Scenario | undefined {
  const base = username.trim().toLowerCase().split("+")[0]!;
  return (SCENARIOS as Record<string, Scenario>)[base];
}

const ERRORS: Record<ProviderErrorStatus, Omit<ProviderErrorDetails, "requestId">> = {
  ERROR_REPAIRABLE: {
    errorType: "ITEM_ERROR",
    errorCode: "ITEM_LOGIN_REQUIRED",
    errorMessage: "The login details of this connection have changed: the user must sign in again",
    displayMessage: "Your bank needs you to sign in again.",
    suggestedAction: "Ask the user to reconnect; syncing resumes once they have signed in.",
    documentationUrl: null,
  },
  ERROR_INSTITUTION: {
    errorType: "INSTITUTION_ERROR",
    errorCode: "INSTITUTION_DOWN",
    errorMessage: "The institution is not answering",
    displayMessage: "Your bank is not available right now. Try again later.",
    suggestedAction: "Nothing to do: the sync is retried when the institution is back.",
    documentationUrl: null,
  },
  ERROR_PROVIDER: {
    errorType: "API_ERROR",
    errorCode: "PROVIDER_UNAVAILABLE",
    errorMessage: "The data provider failed to answer",
    displayMessage: "We could not reach your bank's data provider. Try again later.",
    suggestedAction: "Nothing to do: the sync is retried later.",
    documentationUrl: null,
  },
  ERROR_SERVICE: {
    errorType: "SERVICE_ERROR",
    errorCode: "SYNC_FAILED",
    errorMessage: "The sync failed on the platform's side",
    displayMessage: "Something went wrong on our side. We are retrying.",
    suggestedAction: "Nothing to do: the sync retries itself shortly.",
    documentationUrl: null,
  },
};

export function scenarioError(status: ProviderErrorStatus): ProviderError {
  return new ProviderError(status, {
    ...ERRORS[status],
    requestId: `mock_req_${randomBytes(8).toString("hex")}`,
  });
}

/** What a sandbox access token carries: the provider keeps its state in the token. */
export type MockGrant = {
  scenario: Scenario;
  seed: string;
  /** The first day of history the simulation starts from. */
  startOn: string;
  institutionKey: string;
};

const TOKEN_PREFIX = "mock-access-v1.";

export const encodeAccessToken = (grant: MockGrant) =>
  TOKEN_PREFIX + Buffer.from(JSON.stringify(grant)).toString("base64url");

export function decodeAccessToken(token: string): MockGrant {
  if (!token.startsWith(TOKEN_PREFIX)) throw new Error("Not a MOCK access token");
  return JSON.parse(Buffer.from(token.slice(TOKEN_PREFIX.length), "base64url").toString("utf8")) as MockGrant;
}

/** Sandbox only: make the login behave as another scenario from now on (e.g. start failing). */
export const withScenario = (token: string, scenario: Scenario) =>
  encodeAccessToken({ ...decodeAccessToken(token), scenario });
