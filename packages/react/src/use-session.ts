import { useCallback, useContext } from "react";
import { WeftContext } from "./provider.tsx";

export type UseSession = {
  session: string | null;
  expiresAt: Date | null;
  /** Keep a token (from your backend); an expired one is dropped at once. */
  importSession(token: string): void;
  /** Forget the token here, without revoking it. */
  forgetSession(): void;
  /** Check the token with Weft (GET /v1/users/session); a 401 forgets it. */
  validateSession(): Promise<boolean>;
  /** Revoke the token (DELETE /v1/users/session) and forget it. */
  revokeSession(): Promise<void>;
};

export function useSession(): UseSession {
  const context = useContext(WeftContext);
  if (!context) throw new Error("useSession must be used inside <WeftProvider>");
  const { session, expiresAt, setSession, baseUrl } = context;
  const origin = (baseUrl ?? globalThis.location?.origin ?? "").replace(/\/+$/, "");

  const call = useCallback(
    async (method: "GET" | "DELETE") => {
      if (!session) return undefined;
      const response = await fetch(`${origin}/v1/users/session`, {
        method,
        headers: { authorization: `Bearer ${session}` },
      });
      if (response.status === 401) setSession(null);
      return response;
    },
    [origin, session, setSession],
  );

  return {
    session,
    expiresAt,
    importSession: useCallback((token: string) => setSession(token), [setSession]),
    forgetSession: useCallback(() => setSession(null), [setSession]),
    validateSession: useCallback(async () => (await call("GET"))?.ok ?? false, [call]),
    revokeSession: useCallback(async () => {
      await call("DELETE");
      setSession(null);
    }, [call, setSession]),
  };
}
