import type { InitMessage } from "@weft/sdk/protocol";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  ApiError,
  type Challenge,
  type ConnectionState,
  type ConnectorConfig,
  createApi,
  type Institution,
} from "./api.ts";
import type { Host } from "./host.ts";
import {
  Accounts,
  Credentials,
  ErrorScreen,
  Mfa,
  Passcode,
  Progress,
  Search,
  SignIn,
  Success,
} from "./screens.tsx";

type Step =
  | { name: "starting" }
  | { name: "signIn" }
  | { name: "passcode"; email: string }
  | { name: "search" }
  | { name: "credentials"; institution: Institution; error?: string }
  | {
      name: "mfa";
      institution: Institution;
      challenge: Challenge;
      username: string;
      password: string;
      error?: string;
    }
  | { name: "linking"; connectionId: string }
  | { name: "accounts"; connection: ConnectionState }
  | { name: "syncing"; connection: ConnectionState }
  | { name: "success"; connection: ConnectionState }
  | { name: "error"; title: string; message: string; action: string; code: string; retry?: () => void };

const ERROR_COPY: Record<string, { title: string; action: string; canRetry: boolean }> = {
  ERROR_REPAIRABLE: {
    title: "Sign in again",
    action: "Check your login details and try again.",
    canRetry: true,
  },
  ERROR_INSTITUTION: {
    title: "Your bank is unavailable",
    action: "Try again later; nothing was lost.",
    canRetry: false,
  },
  ERROR_PROVIDER: {
    title: "We could not reach your bank",
    action: "Try again later; nothing was lost.",
    canRetry: false,
  },
  ERROR_SERVICE: {
    title: "Something went wrong",
    action: "We are retrying on our side. You can close this window.",
    canRetry: false,
  },
};

const POLL_MS = 500;

export function App({ connectorId, host }: { connectorId: string; host: Host }) {
  const token = useRef<string | undefined>(undefined);
  const profileId = useRef<string | null>(null);
  const api = useMemo(() => createApi(connectorId, () => token.current), [connectorId]);
  const [config, setConfig] = useState<ConnectorConfig>();
  const [init, setInit] = useState<InitMessage>();
  const [step, setStep] = useState<Step>({ name: "starting" });
  const loaded = useRef(false);
  const isModal = init?.mode !== "inline";
  const isSandbox = config?.mode !== "PRODUCTION";

  const fail = useCallback((title: string, message: string, action: string, code = "ERROR") => {
    setStep({ name: "error", title, message, action, code });
  }, []);

  const exitAbort = useCallback(() => {
    host.send({ type: "ExitAbort", profileId: profileId.current, connectionId: init?.connectionId ?? null });
  }, [host, init]);

  // Start: read the connector's config, take the session from the host (or sign in), pick the first step.
  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const cfg = await api.config();
        if (cancelled) return;
        setConfig(cfg);
        const message = await host.waitForInit(cfg.allowedOrigins);
        setInit(message);
        if (message?.session) {
          try {
            const session = await api.currentSession(message.session);
            token.current = message.session;
            profileId.current = session.userId;
          } catch (error) {
            if (!(error instanceof ApiError && error.status === 401)) throw error;
          }
        }
        if (!token.current && !cfg.emailSignIn) {
          fail(
            "Sign-in needed",
            "This app has to sign you in before you can connect a bank.",
            "Close this window and try again from the app.",
            "SESSION_REQUIRED",
          );
          return;
        }
        setStep(token.current ? { name: "search" } : { name: "signIn" });
      } catch (error) {
        fail(
          "This connector cannot open",
          (error as Error).message,
          "Close this window and try again later.",
        );
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [api, host, fail]);

  // After sign-in: reconnect mode, a preselected institution, or search.
  const begin = useCallback(async () => {
    if (init?.connectionId) {
      const connection = await api.connection(init.connectionId);
      if (!connection.institution) throw new ApiError(404, "That connection cannot be reconnected", "");
      setStep({ name: "credentials", institution: connection.institution });
      return;
    }
    if (init?.institution) {
      setStep({ name: "credentials", institution: await api.institution(init.institution) });
      return;
    }
    setStep({ name: "search" });
  }, [api, init]);

  useEffect(() => {
    if (step.name === "search" && (init?.connectionId || init?.institution)) {
      begin().catch((error) =>
        fail("Something went wrong", (error as Error).message, "Close this window and try again."),
      );
    }
  }, [step.name, init, begin, fail]);

  // Load: once, when the first real step shows.
  useEffect(() => {
    if (loaded.current || step.name === "starting") return;
    loaded.current = true;
    host.send({ type: "Load", profileId: profileId.current, connectionId: init?.connectionId ?? null });
  }, [step.name, host, init]);

  // Escape closes a modal connector.
  useEffect(() => {
    if (!isModal) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") exitAbort();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [isModal, exitAbort]);

  const showConnectionError = useCallback((connection: ConnectionState) => {
    const copy = ERROR_COPY[connection.status] ?? ERROR_COPY.ERROR_SERVICE!;
    setStep({
      name: "error",
      title: copy.title,
      message: connection.error?.message ?? "The connection could not be completed.",
      action: copy.action,
      code: connection.status,
    });
  }, []);

  // While linking and syncing, follow the connection.
  const connectionId =
    step.name === "linking" ? step.connectionId : step.name === "syncing" ? step.connection.id : undefined;
  useEffect(() => {
    if (!connectionId) return;
    let stopped = false;
    const poll = async () => {
      try {
        const connection = await api.connection(connectionId);
        if (stopped) return;
        if (connection.status.startsWith("ERROR_")) return showConnectionError(connection);
        if (step.name === "linking" && connection.accounts.length > 0) {
          return setStep(
            init?.connectionId ? { name: "syncing", connection } : { name: "accounts", connection },
          );
        }
        if (step.name === "syncing" && connection.status === "SYNCED")
          return setStep({ name: "success", connection });
      } catch (error) {
        if (!stopped)
          return fail("Something went wrong", (error as Error).message, "Close this window and try again.");
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    let timer = setTimeout(poll, 0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [connectionId, step.name, api, init, fail, showConnectionError]);

  const submitLogin = async (
    institution: Institution,
    username: string,
    password: string,
    mfaCode?: string,
  ) => {
    const body = { username, password, ...(mfaCode && { mfaCode }) };
    const result = init?.connectionId
      ? await api.reconnect(init.connectionId, body)
      : await api.link({ institutionId: institution.id, ...body });
    if (result.outcome === "LINKED") return setStep({ name: "linking", connectionId: result.connectionId! });
    if (result.outcome === "INVALID_CREDENTIALS")
      throw new Error(result.message ?? "Those details did not work.");
    setStep({
      name: "mfa",
      institution,
      challenge: result.challenge!,
      username,
      password,
      ...(result.outcome === "INVALID_MFA_CODE" && { error: result.message ?? "That code did not work." }),
    });
  };

  const done = (connection: ConnectionState) =>
    host.send({ type: "ExitSuccess", profileId: connection.profileId, connectionId: connection.id });

  const closeWithError = () => {
    if (step.name !== "error") return;
    host.send({
      type: "ExitError",
      profileId: profileId.current,
      connectionId: init?.connectionId ?? null,
      error: { message: step.message, code: step.code },
    });
  };

  const content = (() => {
    switch (step.name) {
      case "starting":
        return <Progress title="Loading" detail="Getting things ready…" />;
      case "signIn":
        return (
          <SignIn
            connectorName={config?.name ?? "Weft"}
            onSubmit={async (email) => {
              await api.sendPasscode(email);
              setStep({ name: "passcode", email });
            }}
          />
        );
      case "passcode":
        return (
          <Passcode
            email={step.email}
            isSandbox={isSandbox}
            onBack={() => setStep({ name: "signIn" })}
            onSubmit={async (code) => {
              const session = await api.verifyPasscode(step.email, code);
              token.current = session.token;
              profileId.current = session.userId;
              await begin();
            }}
          />
        );
      case "search":
        if (init?.connectionId || init?.institution)
          return <Progress title="Loading" detail="Getting things ready…" />;
        return (
          <Search
            search={api.searchInstitutions}
            onPick={(institution) => setStep({ name: "credentials", institution })}
          />
        );
      case "credentials":
        return (
          <Credentials
            key={step.institution.id}
            institution={step.institution}
            isSandbox={isSandbox}
            error={step.error}
            title={init?.connectionId ? `Reconnect ${step.institution.name}` : undefined}
            onBack={init?.connectionId || init?.institution ? undefined : () => setStep({ name: "search" })}
            onSubmit={(username, password) => submitLogin(step.institution, username, password)}
          />
        );
      case "mfa":
        return (
          <Mfa
            challenge={step.challenge}
            isSandbox={isSandbox}
            error={step.error}
            onSubmit={(code) => submitLogin(step.institution, step.username, step.password, code)}
          />
        );
      case "linking":
        return <Progress title="Connecting" detail="Talking to your bank…" />;
      case "accounts":
        return (
          <Accounts
            connectorName={config?.name ?? "this app"}
            institution={step.connection.institution}
            accounts={step.connection.accounts}
            onSubmit={async (accountIds) => {
              const connection = await api.shareAccounts(step.connection.id, accountIds);
              setStep({ name: "syncing", connection });
            }}
          />
        );
      case "syncing":
        return <Progress title="Syncing your accounts" detail="Fetching balances and transactions…" />;
      case "success":
        return (
          <Success
            institution={step.connection.institution}
            accountCount={step.connection.accounts.length}
            onDone={() => done(step.connection)}
          />
        );
      case "error":
        return (
          <ErrorScreen
            title={step.title}
            message={step.message}
            action={step.action}
            onRetry={
              ERROR_COPY[step.code]?.canRetry && init?.connectionId === undefined
                ? () => setStep({ name: "search" })
                : undefined
            }
            onClose={closeWithError}
          />
        );
    }
  })();

  return (
    <main className={`connector ${isModal ? "modal" : "inline"}`}>
      <header>
        <span className="brand">{config?.name ?? "Weft"}</span>
        {host.isEmbedded && (
          <button type="button" className="close" aria-label="Close" onClick={exitAbort}>
            ×
          </button>
        )}
      </header>
      {content}
      <footer>Secured by Weft</footer>
    </main>
  );
}
