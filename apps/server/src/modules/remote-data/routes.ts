import { type TSchema, Type } from "typebox";
import type { AppContext } from "../../context.ts";
import type { RemoteDataKind } from "../../db/schema/index.ts";
import { apiKeyPrincipalOf } from "../../http/auth.ts";
import {
  PAGINATION_HEADERS,
  type Pagination,
  PaginationQuery,
  setPaginationHeaders,
} from "../../http/pagination.ts";
import { errorResponses } from "../../http/schemas.ts";
import type { Server } from "../../http/server-type.ts";
import {
  getRemoteRecord,
  listRemoteRecords,
  RECORD_ID_FIELDS,
  REMOTE_DATA_KINDS_OF,
  REMOTE_DATA_PROVIDERS,
  type RemoteDataProvider,
  remoteIntegrationNotEnabled,
  UNINTEGRATED_REMOTE_DATA,
  type UnintegratedProvider,
} from "./service.ts";

const TAG = "Remote data";

const RemoteDocument = Type.Object(
  {
    body: Type.Unknown({
      description: "The provider's answer as received (for one record, its own object).",
    }),
    id: Type.String({ examples: ["doc_01jd8x0m6e9q7v2c5b4n3k1h0g"] }),
    requestId: Type.Union([Type.String(), Type.Null()], { description: "The provider's request id." }),
    timestamp: Type.String({ format: "date-time", description: "When Weft received it." }),
  },
  { title: "RemoteDocument" },
);

/** Where each provider's example document came from: its host and one endpoint of it. */
type Provider = RemoteDataProvider | UnintegratedProvider;

const EXAMPLE_SOURCES: Record<Provider, [host: string, path: string]> = {
  plaid: ["production.plaid.com", "/accounts/get"],
  mx: ["api.mx.com", "/users/USR-fbbaf5e2-1d0a-4fd7-a1c9-6f4e7e4b2d10/members/MBR-7c6f361b/accounts"],
  akoya: ["products.ddp.akoya.com", "/accounts/v2/mikomo"],
  fingoal: ["findmoney-api.fingoal.com", "/v3/cleanup/users/p_01jd8x0m6e9q7v2c5b4n3k1h0g"],
  ntropy: ["api.ntropy.com", "/v3/transactions"],
  pave: ["api.pave.dev", "/v1/users/p_01jd8x0m6e9q7v2c5b4n3k1h0g/transactions"],
};

/** The documents of one provider's record, keyed by its host, then by endpoint path. */
const documentsOf = (provider: Provider) => {
  const [host, path] = EXAMPLE_SOURCES[provider];
  return Type.Record(Type.String(), Type.Record(Type.String(), RemoteDocument), {
    minProperties: 1,
    description: "Keyed by the provider's host, then by endpoint path.",
    examples: [
      {
        [host]: {
          [path]: {
            body: {},
            id: "doc_…",
            requestId: "m8MDnv9okwxFNBV",
            timestamp: "2026-11-23T12:00:00.000Z",
          },
        },
      },
    ],
  });
};

/** The kinds of the routes: the stored ones, and profiles (FinGoal's and Pave's, spec 7). */
type RouteKind = RemoteDataKind | "profiles";

const ID_EXAMPLES: Record<RouteKind, string> = {
  profiles: "p_01jd8x0m6e9q7v2c5b4n3k1h0g",
  connections: "conn_01jd8x0m6e9q7v2c5b4n3k1h0g",
  accounts: "acct_01jd8x0m6e9q7v2c5b4n3k1h0g",
  transactions: "txn_01jd8x0m6e9q7v2c5b4n3k1h0g",
  holdings: "hld_01jd8x0m6e9q7v2c5b4n3k1h0g",
};

const titleCase = (value: string) => value[0]!.toUpperCase() + value.slice(1);
const singular = (kind: RouteKind) => kind.replace(/s$/, "");

/** Schemas for one provider and kind, e.g. PlaidRemoteAccount and its list item. */
function schemasOf(provider: Provider, type: string, kind: RouteKind) {
  const field = kind === "profiles" ? "profileId" : RECORD_ID_FIELDS[kind];
  const name = `${titleCase(provider)}Remote${titleCase(singular(kind))}`;
  // The record's own id first; for profiles it is the profileId.
  const ids = {
    [field]: Type.String({ examples: [ID_EXAMPLES[kind]] }),
    profileId: Type.String({ examples: [ID_EXAMPLES.profiles] }),
  };
  const item = Type.Object(ids, { title: `${name}ListItem` });
  const record = Type.Object(
    { ...ids, type: Type.Literal(type), documents: documentsOf(provider) },
    { title: name },
  );
  return { item: item as TSchema, record: record as TSchema };
}

type Handlers = {
  list: (environmentId: string, page: Pagination) => Promise<{ items: unknown[]; total: number }>;
  get: (environmentId: string, id: string) => Promise<unknown>;
};

/** GET /v1/remote/{provider}/{kind} (a page of record ids) and /v1/remote/{provider}/{kind}/{id}. */
function registerKind(
  app: Server,
  ctx: AppContext,
  /** noIntegration: why the routes answer 403 (a provider Weft has no integration with), for their descriptions. */
  route: { provider: Provider; name: string; type: string; kind: RouteKind; noIntegration?: string },
  handlers: Handlers,
): void {
  const config = { api: "platform", auth: ["apiKey"] } as const;
  const { provider, name, type, kind, noIntegration } = route;
  const { item, record } = schemasOf(provider, type, kind);
  const one = singular(kind);
  const also = noIntegration ? ` ${noIntegration}` : "";
  const forbidden = noIntegration ? [403] : [];
  app.get(
    `/v1/remote/${provider}/${kind}`,
    {
      config,
      schema: {
        operationId: `listRemote${titleCase(provider)}${titleCase(kind)}`,
        tags: [TAG],
        summary: `List remote ${name} ${kind}`,
        description: `The ${kind} that have raw ${name} documents, by Weft id.${also}`,
        querystring: PaginationQuery,
        response: {
          200: Type.Array(item, { headers: PAGINATION_HEADERS }),
          ...errorResponses(401, ...forbidden, 422),
        },
      },
    },
    async (request, reply) => {
      const { environment } = apiKeyPrincipalOf(request);
      const { items, total } = await handlers.list(environment.id, request.query);
      setPaginationHeaders(request, reply, ctx.config.publicUrl, request.query, total);
      return items;
    },
  );
  app.get(
    `/v1/remote/${provider}/${kind}/:id`,
    {
      config,
      schema: {
        operationId: `getRemote${titleCase(provider)}${titleCase(one)}`,
        tags: [TAG],
        summary: `Read a remote ${name} ${one}`,
        description: `What ${name} answered about one ${one}, by provider host and endpoint.${also}`,
        params: Type.Object({
          id: Type.String({ maxLength: 40, description: `The ${one}'s Weft id.` }),
        }),
        response: { 200: record, ...errorResponses(401, ...forbidden, 404) },
      },
    },
    async (request) => handlers.get(apiKeyPrincipalOf(request).environment.id, request.params.id),
  );
}

/** Every provider's remote-data routes: the stored ones, and those of providers Weft has no integration with (403). */
export function registerRemoteDataRoutes(app: Server, ctx: AppContext): void {
  for (const provider of Object.keys(REMOTE_DATA_PROVIDERS) as RemoteDataProvider[]) {
    const type = REMOTE_DATA_PROVIDERS[provider];
    for (const kind of REMOTE_DATA_KINDS_OF[provider]) {
      registerKind(
        app,
        ctx,
        { provider, name: titleCase(provider), type, kind },
        {
          list: (environmentId, page) => listRemoteRecords(ctx.readDb, environmentId, provider, kind, page),
          get: (environmentId, id) => getRemoteRecord(ctx.readDb, environmentId, provider, kind, id),
        },
      );
    }
  }
  for (const provider of Object.keys(UNINTEGRATED_REMOTE_DATA) as UnintegratedProvider[]) {
    const { type, name, kinds } = UNINTEGRATED_REMOTE_DATA[provider];
    const noIntegration = `This Weft server has no ${name} integration: the route answers 403, the integration not being enabled.`;
    const refuse = async (): Promise<never> => {
      throw remoteIntegrationNotEnabled(provider);
    };
    for (const kind of kinds)
      registerKind(app, ctx, { provider, name, type, kind, noIntegration }, { list: refuse, get: refuse });
  }
}
