/**
 * Plaid Link in the Connector: its script is loaded once from the URL the server names (Plaid's
 * CDN, or a stand-in in tests), then one Link session per call of openPlaidLink.
 */
type PlaidHandler = { open(): void; exit(options?: unknown): void; destroy(): void };
type PlaidGlobal = {
  create(options: {
    token: string;
    onSuccess(publicToken: string, metadata: unknown): void;
    onExit(
      error: { error_message?: string; display_message?: string | null } | null,
      metadata: unknown,
    ): void;
  }): PlaidHandler;
};

const loading = new Map<string, Promise<PlaidGlobal>>();

function loadScript(url: string): Promise<PlaidGlobal> {
  let promise = loading.get(url);
  if (!promise) {
    promise = new Promise<PlaidGlobal>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = url;
      script.async = true;
      script.onload = () => {
        const plaid = (window as unknown as { Plaid?: PlaidGlobal }).Plaid;
        if (plaid) resolve(plaid);
        else reject(new Error("Plaid Link did not load"));
      };
      script.onerror = () => {
        loading.delete(url);
        reject(new Error("Plaid Link could not be loaded"));
      };
      document.head.append(script);
    });
    loading.set(url, promise);
  }
  return promise;
}

export type PlaidLinkResult =
  | { kind: "SUCCESS"; publicToken: string }
  | { kind: "EXIT"; message: string | null };

/** Opens Link with the token; settles when the end-user finishes or leaves it. */
export async function openPlaidLink(scriptUrl: string, token: string): Promise<PlaidLinkResult> {
  const plaid = await loadScript(scriptUrl);
  return new Promise((resolve) => {
    const handler = plaid.create({
      token,
      onSuccess: (publicToken) => {
        handler.destroy();
        resolve({ kind: "SUCCESS", publicToken });
      },
      onExit: (error) => {
        handler.destroy();
        resolve({
          kind: "EXIT",
          message: error ? (error.display_message ?? error.error_message ?? null) : null,
        });
      },
    });
    handler.open();
  });
}
