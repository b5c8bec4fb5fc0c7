import { Type } from "typebox";
import type { AppContext } from "../../context.ts";
import { sessionPrincipalOf } from "../../http/auth.ts";
import { badRequest } from "../../http/errors.ts";
import { errorResponses } from "../../http/schemas.ts";
import type { Server } from "../../http/server-type.ts";
import { resumeAfterFix } from "../finicity/service.ts";
import { resumeAfterConnect } from "../mx/service.ts";
import { resumeAfterUpdateMode } from "../plaid/link.ts";
import {
  AccountChoices,
  AccountSelection,
  AkoyaAuthorization,
  AkoyaAuthorizeRequest,
  AkoyaCompleteRequest,
  AkoyaOutcome,
  ConnectorConnection,
  ConnectorConnectionParams,
  ConnectorInstitution,
  ConnectorParams,
  ConnectorPublicConfig,
  Credentials,
  FinicityConnectUrl,
  FinicityConnectUrlRequest,
  FinicityLoginRequest,
  InstitutionQuery,
  LinkOutcome,
  LinkRequest,
  MxMemberRequest,
  MxWidgetUrl,
  MxWidgetUrlRequest,
  PlaidExchangeRequest,
  PlaidLinkToken,
  PlaidLinkTokenRequest,
  RESOLVABLE_PROVIDERS,
  SdkInstitution,
  SdkInstitutionQuery,
  SdkResolvableQuery,
} from "./schemas.ts";
import {
  accountChoices,
  akoyaAuthorize,
  akoyaComplete,
  connectionFor,
  connectorFor,
  finicityConnectLogin,
  finicityConnectUrl,
  getInstitutionFor,
  isResolvable,
  linkFromConnector,
  mxConnectMember,
  mxWidgetUrl,
  plaidExchange,
  plaidLinkToken,
  publicConfig,
  reconnectFromConnector,
  resumeFromWidget,
  searchInstitutions,
  shareFromConnector,
} from "./widget.ts";

/**
 * The Connector app's own backend. Not part of the public API documents: the app is its only
 * client. Everything but the public config takes the end-user's session token.
 */
export function registerConnectorRoutes(app: Server, ctx: AppContext): void {
  const session = { auth: ["session"] } as const;

  app.get(
    "/v1/connectors/:connectorId",
    { schema: { params: ConnectorParams, response: { 200: ConnectorPublicConfig, ...errorResponses(404) } } },
    async (request) => publicConfig(ctx, request.params.connectorId),
  );

  app.get(
    "/v1/connectors/:connectorId/institutions",
    {
      config: session,
      schema: {
        params: ConnectorParams,
        querystring: InstitutionQuery,
        response: { 200: Type.Array(ConnectorInstitution), ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const caller = sessionPrincipalOf(request);
      const connector = await connectorFor(ctx, request.params.connectorId, caller);
      return searchInstitutions(ctx, connector, caller, request.query.q, request.query.limit);
    },
  );

  // Quiltt's SDK asks these of a Connector with the end-user's session (its ConnectorsAPI).
  app.get(
    "/v1/sdk/connectors/:connectorId/institutions",
    {
      config: session,
      schema: {
        params: ConnectorParams,
        querystring: SdkInstitutionQuery,
        response: { 200: Type.Array(SdkInstitution), ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const caller = sessionPrincipalOf(request);
      const connector = await connectorFor(ctx, request.params.connectorId, caller);
      return searchInstitutions(ctx, connector, caller, request.query.term, 20);
    },
  );

  app.get(
    "/v1/sdk/connectors/:connectorId/resolvable",
    {
      config: session,
      schema: {
        params: ConnectorParams,
        querystring: SdkResolvableQuery,
        response: { 200: Type.Object({ resolvable: Type.Boolean() }), ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) => {
      const caller = sessionPrincipalOf(request);
      const connector = await connectorFor(ctx, request.params.connectorId, caller);
      const asked = Object.entries(RESOLVABLE_PROVIDERS).find(([key]) => request.query[key as "plaid"]);
      if (!asked) {
        throw badRequest(
          "Name a provider's institution id",
          "Send one of ?plaid=, ?mock=, ?mx=, ?finicity= or ?akoya= with that provider's institution id.",
        );
      }
      const [key, provider] = asked;
      return {
        resolvable: await isResolvable(ctx, connector, caller, provider, request.query[key as "plaid"]!),
      };
    },
  );

  app.get(
    "/v1/connectors/:connectorId/institutions/:institutionId",
    {
      config: session,
      schema: {
        params: Type.Object({ connectorId: Type.String(), institutionId: Type.String() }),
        response: { 200: ConnectorInstitution, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const caller = sessionPrincipalOf(request);
      const connector = await connectorFor(ctx, request.params.connectorId, caller);
      return getInstitutionFor(ctx, connector, caller, request.params.institutionId);
    },
  );

  app.post(
    "/v1/connectors/:connectorId/connections",
    {
      config: session,
      schema: {
        params: ConnectorParams,
        body: LinkRequest,
        response: { 200: LinkOutcome, ...errorResponses(400, 401, 404, 409, 422) },
      },
    },
    async (request) => {
      const caller = sessionPrincipalOf(request);
      const connector = await connectorFor(ctx, request.params.connectorId, caller);
      return linkFromConnector(ctx, connector, caller, request.body);
    },
  );

  app.post(
    "/v1/connectors/:connectorId/plaid/link-token",
    {
      config: session,
      schema: {
        params: ConnectorParams,
        body: PlaidLinkTokenRequest,
        response: { 200: PlaidLinkToken, ...errorResponses(400, 401, 403, 404, 409, 422, 429, 502) },
      },
    },
    async (request) => {
      const caller = sessionPrincipalOf(request);
      const connector = await connectorFor(ctx, request.params.connectorId, caller);
      return plaidLinkToken(ctx, connector, caller, request.body);
    },
  );

  app.post(
    "/v1/connectors/:connectorId/plaid/exchange",
    {
      config: session,
      schema: {
        params: ConnectorParams,
        body: PlaidExchangeRequest,
        response: { 200: LinkOutcome, ...errorResponses(400, 401, 403, 404, 409, 422, 429, 502) },
      },
    },
    async (request) => {
      const caller = sessionPrincipalOf(request);
      const connector = await connectorFor(ctx, request.params.connectorId, caller);
      return plaidExchange(ctx, connector, caller, request.body);
    },
  );

  app.post(
    "/v1/connectors/:connectorId/mx/widget-url",
    {
      config: session,
      schema: {
        params: ConnectorParams,
        body: MxWidgetUrlRequest,
        response: { 200: MxWidgetUrl, ...errorResponses(400, 401, 403, 404, 409, 422, 429, 502) },
      },
    },
    async (request) => {
      const caller = sessionPrincipalOf(request);
      const connector = await connectorFor(ctx, request.params.connectorId, caller);
      return mxWidgetUrl(ctx, connector, caller, request.body);
    },
  );

  app.post(
    "/v1/connectors/:connectorId/mx/members",
    {
      config: session,
      schema: {
        params: ConnectorParams,
        body: MxMemberRequest,
        response: { 200: LinkOutcome, ...errorResponses(400, 401, 403, 404, 409, 422, 429, 502) },
      },
    },
    async (request) => {
      const caller = sessionPrincipalOf(request);
      const connector = await connectorFor(ctx, request.params.connectorId, caller);
      return mxConnectMember(ctx, connector, caller, request.body);
    },
  );

  app.post(
    "/v1/connectors/:connectorId/finicity/connect-url",
    {
      config: session,
      schema: {
        params: ConnectorParams,
        body: FinicityConnectUrlRequest,
        response: { 200: FinicityConnectUrl, ...errorResponses(400, 401, 403, 404, 409, 422, 429, 502) },
      },
    },
    async (request) => {
      const caller = sessionPrincipalOf(request);
      const connector = await connectorFor(ctx, request.params.connectorId, caller);
      return finicityConnectUrl(ctx, connector, caller, request.body);
    },
  );

  app.post(
    "/v1/connectors/:connectorId/finicity/logins",
    {
      config: session,
      schema: {
        params: ConnectorParams,
        body: FinicityLoginRequest,
        response: { 200: LinkOutcome, ...errorResponses(400, 401, 403, 404, 409, 422, 429, 502) },
      },
    },
    async (request) => {
      const caller = sessionPrincipalOf(request);
      const connector = await connectorFor(ctx, request.params.connectorId, caller);
      return finicityConnectLogin(ctx, connector, caller, request.body);
    },
  );

  app.post(
    "/v1/connectors/:connectorId/connections/:connectionId/finicity/resume",
    {
      config: session,
      schema: {
        params: ConnectorConnectionParams,
        response: { 200: LinkOutcome, ...errorResponses(401, 403, 404, 409, 429, 502) },
      },
    },
    async (request) => {
      const caller = sessionPrincipalOf(request);
      await connectorFor(ctx, request.params.connectorId, caller);
      return resumeFromWidget(ctx, caller, request.params.connectionId, resumeAfterFix);
    },
  );

  app.post(
    "/v1/connectors/:connectorId/akoya/authorize",
    {
      config: session,
      schema: {
        params: ConnectorParams,
        body: AkoyaAuthorizeRequest,
        response: { 200: AkoyaAuthorization, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const caller = sessionPrincipalOf(request);
      const connector = await connectorFor(ctx, request.params.connectorId, caller);
      return akoyaAuthorize(ctx, connector, caller, request.body);
    },
  );

  app.post(
    "/v1/connectors/:connectorId/akoya/complete",
    {
      config: session,
      schema: {
        params: ConnectorParams,
        body: AkoyaCompleteRequest,
        response: { 200: AkoyaOutcome, ...errorResponses(400, 401, 403, 404, 409, 422, 429, 502) },
      },
    },
    async (request) => {
      const caller = sessionPrincipalOf(request);
      await connectorFor(ctx, request.params.connectorId, caller);
      return akoyaComplete(ctx, caller, request.body);
    },
  );

  app.post(
    "/v1/connectors/:connectorId/connections/:connectionId/mx/resume",
    {
      config: session,
      schema: {
        params: ConnectorConnectionParams,
        response: { 200: LinkOutcome, ...errorResponses(401, 403, 404, 409, 429, 502) },
      },
    },
    async (request) => {
      const caller = sessionPrincipalOf(request);
      await connectorFor(ctx, request.params.connectorId, caller);
      return resumeFromWidget(ctx, caller, request.params.connectionId, resumeAfterConnect);
    },
  );

  app.post(
    "/v1/connectors/:connectorId/connections/:connectionId/plaid/resume",
    {
      config: session,
      schema: {
        params: ConnectorConnectionParams,
        response: { 200: LinkOutcome, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      const caller = sessionPrincipalOf(request);
      await connectorFor(ctx, request.params.connectorId, caller);
      return resumeFromWidget(ctx, caller, request.params.connectionId, resumeAfterUpdateMode);
    },
  );

  app.get(
    "/v1/connectors/:connectorId/connections/:connectionId/choices",
    {
      config: session,
      schema: {
        params: ConnectorConnectionParams,
        response: { 200: AccountChoices, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      const caller = sessionPrincipalOf(request);
      await connectorFor(ctx, request.params.connectorId, caller);
      return accountChoices(ctx, caller, request.params.connectionId);
    },
  );

  app.post(
    "/v1/connectors/:connectorId/connections/:connectionId/accounts",
    {
      config: session,
      schema: {
        params: ConnectorConnectionParams,
        body: AccountSelection,
        response: { 200: ConnectorConnection, ...errorResponses(401, 404, 409, 422, 502) },
      },
    },
    async (request) => {
      const caller = sessionPrincipalOf(request);
      await connectorFor(ctx, request.params.connectorId, caller);
      return shareFromConnector(ctx, caller, request.params.connectionId, request.body.accountIds);
    },
  );

  app.post(
    "/v1/connectors/:connectorId/connections/:connectionId/reconnect",
    {
      config: session,
      schema: {
        params: ConnectorConnectionParams,
        body: Credentials,
        response: { 200: LinkOutcome, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) => {
      const caller = sessionPrincipalOf(request);
      await connectorFor(ctx, request.params.connectorId, caller);
      return reconnectFromConnector(ctx, caller, request.params.connectionId, request.body);
    },
  );

  app.get(
    "/v1/connectors/:connectorId/connections/:connectionId",
    {
      config: session,
      schema: {
        params: ConnectorConnectionParams,
        response: { 200: ConnectorConnection, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const caller = sessionPrincipalOf(request);
      await connectorFor(ctx, request.params.connectorId, caller);
      return connectionFor(ctx, caller, request.params.connectionId);
    },
  );
}
