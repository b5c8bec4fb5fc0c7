import { type TSchema, Type } from "typebox";
import type { AppContext } from "../../context.ts";
import type { RemoteDataKind } from "../../db/schema/index.ts";
import { apiKeyPrincipalOf } from "../../http/auth.ts";
import { PAGINATION_HEADERS, PaginationQuery, setPaginationHeaders } from "../../http/pagination.ts";
import { errorResponses } from "../../http/schemas.ts";
import type { Server } from "../../http/server-type.ts";
import {
  getRemoteRecord,
  listRemoteRecords,
  RECORD_ID_FIELDS,
  REMOTE_DATA_KINDS_OF,
  REMOTE_DATA_PROVIDERS,
  type RemoteDataProvider,
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

const Documents = Type.Record(Type.String(), Type.Record(Type.String(), RemoteDocument), {
  minProperties: 1,
  description: "Keyed by the provider's host, then by endpoint path.",
  examples: [
    {
      "production.plaid.com": {
        "/accounts/get": {
          body: {},
          id: "doc_…",
          requestId: "m8MDnv9okwxFNBV",
          timestamp: "2026-11-23T12:00:00.000Z",
        },
      },
    },
  ],
});

const ID_EXAMPLES: Record<RemoteDataKind, string> = {
  connections: "conn_01jd8x0m6e9q7v2c5b4n3k1h0g",
  accounts: "acct_01jd8x0m6e9q7v2c5b4n3k1h0g",
  transactions: "txn_01jd8x0m6e9q7v2c5b4n3k1h0g",
  holdings: "hld_01jd8x0m6e9q7v2c5b4n3k1h0g",
};

const titleCase = (value: string) => value[0]!.toUpperCase() + value.slice(1);
const singular = (kind: RemoteDataKind) => kind.replace(/s$/, "");

/** Schemas for one provider and kind, e.g. PlaidRemoteAccount and its list item. */
function schemasOf(provider: RemoteDataProvider, kind: RemoteDataKind) {
  const field = RECORD_ID_FIELDS[kind];
  const name = `${titleCase(provider)}Remote${titleCase(singular(kind))}`;
  const idField = Type.String({ examples: [ID_EXAMPLES[kind]] });
  const item = Type.Object(
    { [field]: idField, profileId: Type.String({ examples: ["p_01jd8x0m6e9q7v2c5b4n3k1h0g"] }) },
    { title: `${name}ListItem` },
  );
  const record = Type.Object(
    {
      [field]: idField,
      profileId: Type.String(),
      type: Type.Literal(REMOTE_DATA_PROVIDERS[provider]),
      documents: Documents,
    },
    { title: name },
  );
  return { item: item as TSchema, record: record as TSchema };
}

/** GET /v1/remote/{provider}/{kind} and /v1/remote/{provider}/{kind}/{id}, for every provider and kind. */
export function registerRemoteDataRoutes(app: Server, ctx: AppContext): void {
  const config = { api: "platform", auth: ["apiKey"] } as const;
  for (const provider of Object.keys(REMOTE_DATA_PROVIDERS) as RemoteDataProvider[]) {
    for (const kind of REMOTE_DATA_KINDS_OF[provider]) {
      const { item, record } = schemasOf(provider, kind);
      const label = `${titleCase(provider)} ${kind}`;
      app.get(
        `/v1/remote/${provider}/${kind}`,
        {
          config,
          schema: {
            operationId: `listRemote${titleCase(provider)}${titleCase(kind)}`,
            tags: [TAG],
            summary: `List remote ${label}`,
            description: `The ${kind} that have raw ${titleCase(provider)} documents, by Weft id.`,
            querystring: PaginationQuery,
            response: {
              200: Type.Array(item, { headers: PAGINATION_HEADERS }),
              ...errorResponses(401, 422),
            },
          },
        },
        async (request, reply) => {
          const { environment } = apiKeyPrincipalOf(request);
          const { items, total } = await listRemoteRecords(
            ctx.readDb,
            environment.id,
            provider,
            kind,
            request.query,
          );
          setPaginationHeaders(request, reply, ctx.config.publicUrl, request.query, total);
          return items;
        },
      );
      app.get(
        `/v1/remote/${provider}/${kind}/:id`,
        {
          config,
          schema: {
            operationId: `getRemote${titleCase(provider)}${titleCase(singular(kind))}`,
            tags: [TAG],
            summary: `Read a remote ${titleCase(provider)} ${singular(kind)}`,
            description: `What ${titleCase(provider)} answered about one ${singular(kind)}, by provider host and endpoint.`,
            params: Type.Object({
              id: Type.String({ maxLength: 40, description: `The ${singular(kind)}'s Weft id.` }),
            }),
            response: { 200: record, ...errorResponses(401, 404) },
          },
        },
        async (request) => {
          const { environment } = apiKeyPrincipalOf(request);
          return getRemoteRecord(ctx.readDb, environment.id, provider, kind, request.params.id);
        },
      );
    }
  }
}
