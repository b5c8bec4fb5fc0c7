import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import type { Logger } from "pino";
import { redactUrl } from "./redact.ts";

/**
 * One line a request, at info once it is answered (Fastify writes two: one as it comes in, one
 * as it ends): a few plain fields, no headers or bodies serialised, the URL without the secrets a
 * signed link carries. The request id is on every line a request logs (`reqId`). A response that
 * failed on its way out is the same line at error, with the error.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    // Below info (WEFT_LOG_LEVEL=warn), an answered request writes nothing: nothing is built for it.
    if (!error && !(request.log as Logger).isLevelEnabled("info")) return;
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) request.log.error({ ...line, err: error }, "request errored");
    else request.log.info(line, "request");
  }
}
