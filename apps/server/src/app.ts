import { isUtf8 } from "node:buffer";
import { randomUUID } from "node:crypto";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyReply } from "fastify";
import type { AppContext } from "./context.ts";
import { metadataFullError } from "./db/metadata.ts";
import { authenticate } from "./http/auth.ts";
import { cors } from "./http/cors.ts";
import { registerDocsSite } from "./http/docs-site.ts";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  HttpError,
  INTERNAL_ERROR,
  isDatabaseUnavailable,
  newErrorId,
  shuttingDown,
  ValidationError,
} from "./http/errors.ts";
import {
  BODY_LIMIT_BYTES,
  knownClientError,
  MAX_PARAM_LENGTH,
  onClientError,
  REQUEST_TIMEOUT_MS,
  RouteMethods,
  routingError,
} from "./http/framework-errors.ts";
import { idempotency, keepIdempotentAnswer } from "./http/idempotency.ts";
import { enforceInputPolicy, refuseAmbiguousHeaders } from "./http/input-policy.ts";
import { OpenApiRegistry } from "./http/openapi.ts";
import { rateLimit } from "./http/rate-limit.ts";
import { OneLinePerRequest } from "./http/request-log.ts";
import { NoBody, NoQuery } from "./http/schemas.ts";
import type { Server } from "./http/server-type.ts";
import { toFieldMessages, validatorCompiler } from "./http/validation.ts";
import { registerAccountRoutes } from "./modules/accounts/routes.ts";
import { registerAkoyaRoutes } from "./modules/akoya/routes.ts";
import { API_VERSION } from "./modules/api-keys/service.ts";
import { registerAuditRoutes } from "./modules/audit/routes.ts";
import { auditWrites, WRITE_METHODS } from "./modules/audit/service.ts";
import { registerConnectionRoutes } from "./modules/connections/routes.ts";
import { registerConnectorApp } from "./modules/connectors/app-routes.ts";
import { registerConnectorRoutes } from "./modules/connectors/routes.ts";
import { registerEnrichmentRoutes } from "./modules/enrichment/routes.ts";
import { registerFinicityRoutes } from "./modules/finicity/routes.ts";
import { registerGraphQLRoutes } from "./modules/graphql/routes.ts";
import { registerInstitutionRoutes } from "./modules/institutions/routes.ts";
import { registerMxRoutes } from "./modules/mx/routes.ts";
import { registerPasscodeRoutes } from "./modules/passcodes/routes.ts";
import { registerPlaidRoutes } from "./modules/plaid/routes.ts";
import { registerProcessorRoutes } from "./modules/processors/routes.ts";
import { registerProfileRoutes } from "./modules/profiles/routes.ts";
import { registerRemoteDataRoutes } from "./modules/remote-data/routes.ts";
import { registerSandboxRoutes } from "./modules/sandbox/routes.ts";
import { registerSessionRoutes } from "./modules/sessions/routes.ts";
import { registerWebhookRoutes } from "./modules/webhooks/routes.ts";

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** One round trip, given two seconds: "ok" or "unavailable". */
async function checkDatabase(ctx: AppContext): Promise<"ok" | "unavailable"> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"unavailable">((resolve) => {
    timer = setTimeout(() => resolve("unavailable"), 2000);
  });
  const query = ctx.db.execute(sql`select 1`).then(
    () => "ok" as const,
    () => "unavailable" as const,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The charset parameter of a Content-Type header. */
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)/i;
const NOT_UTF8_INSTRUCTION = "Send JSON encoded as UTF-8, as JSON requires (RFC 8259).";

export async function buildApp(ctx: AppContext): Promise<{ app: Server; openapi: OpenApiRegistry }> {
  const openapi = new OpenApiRegistry();
  const app = Fastify({
    loggerInstance: ctx.logger as FastifyBaseLogger,
    // While the server drains, a request that still arrives gets our 503 (a RestError with
    // Retry-After, below), not Fastify's own body.
    return503OnClosing: false,
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
    // Node enforces a request's time only when its headers' time is no longer; it looks for
    // requests past their time every so often (30 s unless told): each second.
    http: { headersTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: 1000 },
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: (error, _request, reply) => {
      const { status, message, instruction } = routingError(error);
      // The option's generic reply type accepts no plain status; it is an ordinary reply.
      (reply as unknown as FastifyReply).code(status).send({ message, instruction });
    },
    clientErrorHandler: onClientError,
    logController: new OneLinePerRequest(),
    requestIdHeader: false,
    // Behind a load balancer (WEFT_TRUST_PROXY), request.ip is the client its X-Forwarded-For names.
    trustProxy: ctx.config.trustProxy.length > 0 ? ctx.config.trustProxy : false,
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && REQUEST_ID.test(incoming)
        ? incoming
        : // randomUUID draws from a cached pool of random bytes: no system call per request.
          `req_${randomUUID().replaceAll("-", "")}`;
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // JSON is UTF-8 (RFC 8259): a body in another charset, or with bytes that are not UTF-8, is
  // refused rather than read with replacement characters in place of what was sent. A DELETE,
  // or a write that takes no body, may say Content-Type: application/json and send nothing
  // (Quiltt's clients revoke a session so; many clients send it on every POST): there is no body
  // to parse. Everything else is parsed as Fastify does: an empty body where one is taken is a 400.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    const charset = CHARSET.exec(request.headers["content-type"] ?? "")?.[1]?.toLowerCase();
    if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
      return done(
        new HttpError(415, `The request body's charset ${charset} is not supported`, NOT_UTF8_INSTRUCTION),
        undefined,
      );
    }
    if (!isUtf8(body as Buffer)) {
      return done(new HttpError(400, "The request body is not valid UTF-8", NOT_UTF8_INSTRUCTION), undefined);
    }
    const takesNoBody = [undefined, NoBody].includes(request.routeOptions.schema?.body as never);
    if ((body as Buffer).length === 0 && (request.method === "DELETE" || takesNoBody))
      return done(null, undefined);
    return parseJson(request, (body as Buffer).toString("utf8"), done);
  });
  // Every body is JSON: a text/plain one (JSON sent without its Content-Type) is a 415 that says
  // so, not a string failing the route's schema.
  app.removeContentTypeParser("text/plain");
  app.decorateRequest("principal", undefined);
  app.addHook("onRoute", openapi.collect);
  const routeMethods = new RouteMethods();
  app.addHook("onRoute", routeMethods.collect);
  let isClosing = false;
  app.addHook("preClose", async () => {
    isClosing = true;
  });
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
    // No answer is read as another type than it says (a JSON error as a page, say); the Auth
    // API's answers carry credentials, which no cache keeps (RFC 6749 §5.1 asks it of tokens).
    reply.header("x-content-type-options", "nosniff");
    if (request.routeOptions.config?.api === "auth") reply.header("cache-control", "no-store");
    if (isClosing) throw shuttingDown();
    refuseAmbiguousHeaders(request);
  });
  app.addHook("onRequest", cors(ctx));
  app.addHook("preValidation", enforceInputPolicy);
  app.addHook("onRequest", authenticate(ctx));
  app.addHook("onClose", () => ctx.apiKeys.stop());
  const rateLimits = rateLimit(ctx);
  app.addHook("onRequest", rateLimits.onRequest);
  app.decorateRequest("idempotencyRecord", undefined);
  app.decorateRequest("auditRecorded", false);
  // Hooks of writes only (an Idempotency-Key, the audit record), on the routes that write: a
  // read runs no hook that would do nothing for it (two onSend hooks cost a GET a fifth of its
  // time in the framework). Ahead of a route's own hooks, as an application hook would run.
  const writeHooks = { preHandler: idempotency(ctx), onSend: [keepIdempotentAnswer(ctx), auditWrites(ctx)] };
  // An API route that takes no query string refuses one's parameters as a list refuses those it
  // does not name (a 422): "?email=x" on a PATCH is not read, and must not look as if it were.
  app.addHook("onRoute", (route) => {
    if (route.config?.api && route.schema && !route.schema.querystring)
      route.schema = { ...route.schema, querystring: NoQuery };
  });
  app.addHook("onRoute", (route) => {
    if (![route.method].flat().some((method) => WRITE_METHODS.has(method))) return;
    route.preHandler = [writeHooks.preHandler, ...[route.preHandler ?? []].flat()];
    route.onSend = [...writeHooks.onSend, ...[route.onSend ?? []].flat()];
    // An API write that takes no body refuses one (after the OpenAPI documents took the route
    // as written: they document no body for it).
    if (route.config?.api && route.schema && !route.schema.body)
      route.schema = { ...route.schema, body: NoBody };
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Refused before its body arrived (a 401 in the auth hook, say): the connection closes with
    // the answer instead of waiting, without end, for the rest of a body no one will read.
    if (!request.raw.complete) reply.header("connection", "close");
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ message: error.message, instruction: error.instruction });
    }
    if (error instanceof ValidationError) return reply.code(422).send(error.fields);
    const metadataFull = metadataFullError(error);
    if (metadataFull) return reply.code(422).send(metadataFull.fields);
    if (error.validation)
      return reply.code(422).send(toFieldMessages(error.validation, error.validationContext));
    const known = knownClientError(error, request.routeOptions.bodyLimit);
    if (known)
      return reply.code(known.status).send({ message: known.message, instruction: known.instruction });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .code(error.statusCode)
        .send({ message: error.message, instruction: "Check the request against the API reference." });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply
        .code(503)
        .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
        .send({
          message: "The service is briefly unavailable: its database cannot be reached",
          instruction: `Try again in ${DATABASE_RETRY_AFTER_SECONDS} seconds; nothing was changed by this request.`,
        });
    }
    const errorId = newErrorId();
    request.log.error({ err: error, errorId }, "unhandled error");
    return reply.code(500).send({ ...INTERNAL_ERROR, errorId });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0]!;
    const allowed = routeMethods.allowed(path);
    // A path whose route does answer this method was not found as written (a trailing slash, a
    // file a static route does not have): a 404, not "use one of" the very method sent.
    if (allowed.includes(request.method)) {
      const bare = path.length > 1 && path.endsWith("/") ? path.replace(/\/+$/, "") : null;
      return reply.code(404).send({
        message: `There is no route ${request.method} ${path}`,
        instruction: bare
          ? `Send it without the trailing slash: ${bare}.`
          : "Check the path against the API reference at /openapi/platform.json.",
      });
    }
    if (allowed.length > 0) {
      return reply
        .code(405)
        .header("allow", allowed.join(", "))
        .send({
          message: `${path} does not answer ${request.method}`,
          instruction: `Use one of: ${allowed.join(", ")}.`,
        });
    }
    return reply.code(404).send({
      message: `There is no route ${request.method} ${path}`,
      instruction: "Check the method and path against the API reference at /openapi/platform.json.",
    });
  });

  registerSessionRoutes(app, ctx);
  registerPasscodeRoutes(app, ctx);
  registerConnectorRoutes(app, ctx);
  await registerConnectorApp(app, ctx);
  await registerDocsSite(app);
  registerProfileRoutes(app, ctx);
  registerWebhookRoutes(app, ctx);
  registerConnectionRoutes(app, ctx);
  registerAccountRoutes(app, ctx);
  registerInstitutionRoutes(app, ctx);
  registerProcessorRoutes(app, ctx);
  registerSandboxRoutes(app, ctx);
  registerPlaidRoutes(app, ctx);
  registerMxRoutes(app, ctx);
  registerFinicityRoutes(app, ctx);
  registerAkoyaRoutes(app, ctx);
  registerRemoteDataRoutes(app, ctx);
  registerEnrichmentRoutes(app, ctx);
  registerAuditRoutes(app, ctx);
  await registerGraphQLRoutes(app, ctx, rateLimits.charge);

  app.get("/openapi/auth.json", async () => openapi.document("auth", ctx.config.publicUrl, API_VERSION));
  app.get("/openapi/platform.json", async () =>
    openapi.document("platform", ctx.config.publicUrl, API_VERSION),
  );
  // Liveness: the process answers. Readiness: it can do its work (database, and its job workers).
  app.get("/health", async () => ({ status: "ok" }));
  // Where a newcomer's first curl lands: what this is and where to read on.
  app.get("/", async () => ({
    name: "Weft",
    apiVersion: API_VERSION,
    docs: `${ctx.config.publicUrl}/docs`,
    openapi: {
      auth: `${ctx.config.publicUrl}/openapi/auth.json`,
      platform: `${ctx.config.publicUrl}/openapi/platform.json`,
    },
    graphql: `${ctx.config.publicUrl}/v1/graphql`,
    health: `${ctx.config.publicUrl}/health`,
    ready: `${ctx.config.publicUrl}/ready`,
  }));
  app.get("/ready", async (_request, reply) => {
    const database = await checkDatabase(ctx);
    const workers = ctx.workersHealthy();
    const isReady = database === "ok" && workers !== false;
    return reply.code(isReady ? 200 : 503).send({
      status: isReady ? "ready" : "not ready",
      database,
      workers: workers === null ? "in other processes" : workers ? "ok" : "stalled",
    });
  });

  await app.ready();
  return { app, openapi };
}
