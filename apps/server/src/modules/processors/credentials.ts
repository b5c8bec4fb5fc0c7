/**
 * Processors' credentials: the secrets the operator creates for a processor and how a processor
 * token with one authenticates (HTTP Basic). Apart from the tokens' issue (service.ts), so the
 * CLI and the authentication hook load none of what issuing needs.
 */
import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { environments, processorSecrets, processorTokens } from "../../db/schema/index.ts";
import { newId } from "../../http/ids.ts";
import { newSecret, sha256Hex } from "../../security/secrets.ts";
import type { EnvironmentRow } from "../environments/service.ts";
import { isProcessor } from "./catalogue.ts";

export type ProcessorTokenRow = typeof processorTokens.$inferSelect;

export const PROCESSOR_TOKEN_PREFIX = "weft_ptok_";
export const PROCESSOR_SECRET_PREFIX = "weft_psec_";

/** The operator's command: a secret a processor sends with its tokens. Shown once. */
export async function createProcessorSecret(db: Database, environmentId: string, processor: string) {
  if (!isProcessor(processor)) throw new Error(`Processor ${processor} is not supported`);
  const secret = newSecret(PROCESSOR_SECRET_PREFIX);
  const [row] = await db
    .insert(processorSecrets)
    .values({
      id: newId("processorSecret"),
      environmentId,
      processor,
      secretHash: sha256Hex(secret),
      secretHint: `${secret.slice(0, PROCESSOR_SECRET_PREFIX.length + 4)}…`,
    })
    .returning();
  return { secret, row: row! };
}

export type ProcessorPrincipalData = { processorToken: ProcessorTokenRow; environment: EnvironmentRow };

/**
 * Basic auth for processors: the processor token as the username, a live secret of the same
 * processor and environment as the password. Undefined when either is wrong.
 */
export async function findProcessorCredential(
  db: Database,
  token: string,
  secret: string,
  now = new Date(),
): Promise<ProcessorPrincipalData | undefined> {
  if (!token.startsWith(PROCESSOR_TOKEN_PREFIX) || !secret.startsWith(PROCESSOR_SECRET_PREFIX))
    return undefined;
  const [row] = await db
    .select({ processorToken: processorTokens, environment: environments })
    .from(processorTokens)
    .innerJoin(environments, eq(environments.id, processorTokens.environmentId))
    .innerJoin(
      processorSecrets,
      and(
        eq(processorSecrets.environmentId, processorTokens.environmentId),
        eq(processorSecrets.processor, processorTokens.processor),
        eq(processorSecrets.secretHash, sha256Hex(secret)),
        isNull(processorSecrets.revokedAt),
      ),
    )
    .where(
      and(
        eq(processorTokens.tokenHash, sha256Hex(token)),
        isNull(processorTokens.revokedAt),
        or(isNull(processorTokens.expiresAt), gt(processorTokens.expiresAt, now)),
      ),
    );
  return row;
}
