import { createContext, type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { tokenExpiry } from "./session-token.ts";

export const SESSION_STORAGE_KEY = "weft:session";

export type WeftContextValue = {
  baseUrl: string | undefined;
  session: string | null;
  expiresAt: Date | null;
  setSession(token: string | null): void;
};

export const WeftContext = createContext<WeftContextValue | null>(null);

function readStored(): string | null {
  try {
    return globalThis.localStorage?.getItem(SESSION_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

function writeStored(token: string | null): void {
  try {
    if (token) globalThis.localStorage?.setItem(SESSION_STORAGE_KEY, token);
    else globalThis.localStorage?.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode, sandboxed iframes): the session lives in memory then.
  }
}

const isLive = (token: string | null) => {
  const expiry = token ? tokenExpiry(token) : null;
  return token !== null && (expiry === null || expiry.getTime() > Date.now());
};

export type WeftProviderProps = {
  /** A session token from your backend; takes the place of a stored one. */
  session?: string | null;
  /** Where Weft runs; defaults to this page's origin. */
  baseUrl?: string;
  children?: ReactNode;
};

/**
 * Holds the end-user's session token for the hooks and components below it: stored in
 * localStorage, dropped when it expires.
 */
export function WeftProvider({ session: given, baseUrl, children }: WeftProviderProps) {
  const [session, setSessionState] = useState<string | null>(() => {
    const initial = given ?? readStored();
    if (isLive(initial)) return initial;
    writeStored(null); // an expired token is not kept around (idempotent under StrictMode)
    return null;
  });

  const setSession = useCallback((token: string | null) => {
    const live = isLive(token) ? token : null;
    writeStored(live);
    setSessionState(live);
  }, []);

  useEffect(() => {
    if (given !== undefined) setSession(given);
  }, [given, setSession]);

  const expiresAt = session ? tokenExpiry(session) : null;
  const expiresAtMs = expiresAt?.getTime();
  useEffect(() => {
    if (expiresAtMs === undefined) return;
    const timer = setTimeout(() => setSession(null), Math.max(0, expiresAtMs - Date.now()));
    return () => clearTimeout(timer);
  }, [expiresAtMs, setSession]);

  const value = useMemo(
    () => ({ baseUrl, session, expiresAt, setSession }),
    [baseUrl, session, expiresAt, setSession],
  );
  return <WeftContext.Provider value={value}>{children}</WeftContext.Provider>;
}
