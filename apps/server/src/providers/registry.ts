import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { connections } from "../db/schema/index.ts";
import { badRequest } from "../http/errors.ts";
import { type ProviderSettings, requireProviderSettings } from "../modules/integrations/service.ts";
import { encrypt } from "../security/secrets.ts";
import type { AkoyaSettings } from "./akoya/client.ts";
import { AkoyaProvider } from "./akoya/provider.ts";
import type { FinicitySettings } from "./finicity/client.ts";
import { FinicityProvider } from "./finicity/provider.ts";
import { MockProvider } from "./mock/provider.ts";
import { MxProvider } from "./mx/provider.ts";
import { PlaidProvider } from "./plaid/provider.ts";
import type { DataProvider, ProviderName } from "./types.ts";

const mock = new MockProvider();

/**
 * The provider behind a connection in an environment: the sandbox provider needs nothing; a real
 * one uses the environment's integration (its own keys, else the server default), and a 403
 * "integration not enabled" when it has none.
 */
export async function providerFor(
  ctx: Pick<AppContext, "db" | "config" | "secretKey">,
  environmentId: string,
  name: ProviderName | "DISCONNECTED",
): Promise<DataProvider> {
  if (name === "MOCK") return mock;
  if (name === "PLAID") return plaidProviderFor(ctx, environmentId);
  if (name === "MX") return mxProviderFor(ctx, environmentId);
  if (name === "FINICITY") return finicityProviderFor(ctx, environmentId);
  if (name === "AKOYA") return akoyaProviderFor(ctx, environmentId);
  throw new Error(`Provider ${name} is not available in this deployment`);
}

export async function plaidProviderFor(
  ctx: Pick<AppContext, "db" | "config" | "secretKey">,
  environmentId: string,
): Promise<PlaidProvider> {
  return new PlaidProvider(await requireProviderSettings(ctx, environmentId, "PLAID"));
}

export async function mxProviderFor(
  ctx: Pick<AppContext, "db" | "config" | "secretKey">,
  environmentId: string,
): Promise<MxProvider> {
  return new MxProvider(await requireProviderSettings(ctx, environmentId, "MX"));
}

/** Finicity's keys as its client takes them: the partner id and secret, and the app key. */
export const finicitySettingsOf = (settings: ProviderSettings): FinicitySettings => ({
  partnerId: settings.clientId,
  partnerSecret: settings.secret,
  appKey: settings.appKey ?? "",
  basePath: settings.basePath,
});

export async function finicityProviderFor(
  ctx: Pick<AppContext, "db" | "config" | "secretKey">,
  environmentId: string,
): Promise<FinicityProvider> {
  const settings = await requireProviderSettings(ctx, environmentId, "FINICITY");
  return new FinicityProvider(finicitySettingsOf(settings));
}

/** Akoya's identity host beside a products host (sandbox-products… -> sandbox-idp…); a local server is both. */
export function akoyaSettingsOf(settings: ProviderSettings): AkoyaSettings {
  const products = new URL(settings.basePath);
  const idp = new URL(settings.basePath);
  if (/(^|-)products\.ddp\.akoya\.com$/.test(products.hostname))
    idp.hostname = products.hostname.replace("products.ddp", "idp.ddp");
  return {
    clientId: settings.clientId,
    clientSecret: settings.secret,
    productsUrl: products.toString(),
    idpUrl: idp.toString(),
  };
}

/**
 * Akoya for an environment. A refresh rotates the consent's refresh token, so the new grant is
 * stored on the connection at once (found by its consent id), whatever happens to the call after.
 */
export async function akoyaProviderFor(
  ctx: Pick<AppContext, "db" | "config" | "secretKey">,
  environmentId: string,
): Promise<AkoyaProvider> {
  const settings = await requireProviderSettings(ctx, environmentId, "AKOYA");
  return new AkoyaProvider(akoyaSettingsOf(settings), async (consentId, accessToken) => {
    await ctx.db
      .update(connections)
      .set({ accessTokenEncrypted: encrypt(ctx.secretKey, accessToken) })
      .where(
        and(
          eq(connections.environmentId, environmentId),
          eq(connections.provider, "AKOYA"),
          eq(connections.externalId, consentId),
        ),
      );
  });
}

/**
 * Linking with the end-user's login, which only the sandbox provider takes: the others link in
 * their own widget (Plaid Link, MX Connect, Finicity Connect), so a login for them is a 400.
 */
export async function credentialLinker(
  ctx: Pick<AppContext, "db" | "config" | "secretKey">,
  environmentId: string,
  name: ProviderName,
): Promise<NonNullable<DataProvider["link"]>> {
  const provider = await providerFor(ctx, environmentId, name);
  if (!provider.link) {
    throw badRequest(
      `${name} institutions are linked in ${name}'s own widget, not with a username and password`,
      "Open the Connector, which launches the provider's widget, or import an existing link.",
    );
  }
  return provider.link.bind(provider);
}
