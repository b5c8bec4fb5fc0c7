import type { AppContext } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { processorTokens } from "../../db/schema/index.ts";
import { badRequest } from "../../http/errors.ts";
import { newId } from "../../http/ids.ts";
import { newSecret, sha256Hex } from "../../security/secrets.ts";
import { findAccount, findAccountType, kindOf } from "../accounts/service.ts";
import { assertActive, assertProduct } from "../connections/service.ts";
import type { EnvironmentRow } from "../environments/service.ts";
import { createMxProcessorToken } from "../mx/service.ts";
import { createPlaidProcessorToken } from "../plaid/service.ts";
import { ISSUERS, type Issuer, isIssuer, isProcessor, PROCESSORS, type Processor } from "./catalogue.ts";
import {
  PROCESSOR_TOKEN_PREFIX,
  type ProcessorPrincipalData,
  type ProcessorTokenRow,
} from "./credentials.ts";
import type { ProcessorTokenCreateInput, ProcessorTokenView } from "./schemas.ts";

const accountTypeOf = (type: string) => (type === "SAVINGS" ? "SAVINGS" : "SPENDING");

function toView(
  token: string,
  row: ProcessorTokenRow,
  accountType: string,
  environment: Pick<EnvironmentRow, "id" | "mode">,
): ProcessorTokenView {
  return {
    token,
    account: { id: row.accountId, type: accountTypeOf(accountType) },
    environment: { id: environment.id, mode: environment.mode },
    issuer: row.issuer as Issuer,
    processor: row.processor as Processor,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/**
 * A processor token for one depository account of an active connection. 400 when issuer or
 * processor is missing or not supported, or the account is not DEPOSITORY; 403 when the
 * connection is not active or not enabled with ACCOUNT_NUMBERS (what a processor reads). Issuer PLAID gets Plaid's token from /processor/token/create, issuer
 * MX an MX authorization code (/authorization_code).
 */
export async function createProcessorToken(
  ctx: AppContext,
  environment: EnvironmentRow,
  accountId: string,
  input: ProcessorTokenCreateInput,
): Promise<ProcessorTokenView> {
  if (!input.issuer) {
    throw badRequest(
      "issuer is required",
      `Send issuer, one of ${ISSUERS.join(", ")} (WEFT for Weft connections).`,
    );
  }
  if (!isIssuer(input.issuer)) {
    throw badRequest(`Issuer ${input.issuer} is not supported`, `Send issuer, one of ${ISSUERS.join(", ")}.`);
  }
  if (!input.processor) {
    throw badRequest("processor is required", `Send processor, one of ${PROCESSORS.join(", ")}.`);
  }
  if (!isProcessor(input.processor)) {
    throw badRequest(
      `Processor ${input.processor} is not supported`,
      `Send processor, one of ${PROCESSORS.join(", ")}.`,
    );
  }
  const { account, connection } = await findAccount(ctx.db, environment.id, accountId);
  if (input.issuer !== "WEFT" && input.issuer !== connection.provider) {
    throw badRequest(
      `Issuer ${input.issuer} cannot issue tokens for a ${connection.provider} connection`,
      "Send issuer WEFT, or the connection's own provider.",
    );
  }
  if (account.kind !== "DEPOSITORY") {
    throw badRequest(
      `Account ${account.id} is ${kindOf(account.kind)}; processor tokens are for DEPOSITORY accounts only`,
      "Create the token for a checking or savings account.",
    );
  }
  assertProduct(connection, "ACCOUNT_NUMBERS");
  assertActive(connection);
  // The provider's own token for its connection (the processor then reads the provider); ours otherwise.
  const token =
    input.issuer === "PLAID"
      ? await createPlaidProcessorToken(ctx, connection, account.externalId, input.processor)
      : input.issuer === "MX"
        ? await createMxProcessorToken(ctx, connection, account.externalId)
        : newSecret(PROCESSOR_TOKEN_PREFIX);
  const [row] = await ctx.db
    .insert(processorTokens)
    .values({
      id: newId("processorToken"),
      environmentId: environment.id,
      accountId: account.id,
      tokenHash: sha256Hex(token),
      issuer: input.issuer,
      processor: input.processor,
    })
    .returning();
  return toView(token, row!, account.type, environment);
}

/** What POST /v1/introspect/processor_token answers. */
export async function introspectProcessorToken(db: Database, token: string, data: ProcessorPrincipalData) {
  const type = await findAccountType(db, data.processorToken.accountId);
  return toView(token, data.processorToken, type ?? "CHECKING", data.environment);
}
