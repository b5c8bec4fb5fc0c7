import type { InitMessage } from "@weft/sdk/protocol";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  type Account,
  ApiError,
  type Challenge,
  type ConnectionState,
  type ConnectorConfig,
  createApi,
  type Institution,
} from "./api.ts";
import type { Host } from "./host.ts";
import { openPlaidLink } from "./plaid-link.ts";
import {
  decodeFinicityConnect,
  decodeMxConnect,
  waitForAkoyaWindow,
  waitForFrame,
} from "./provider-frame.ts";
import {
  Accounts,
  Closed,
  Credentials,
  ErrorScreen,
  Intro,
  Mfa,
  Passcode,
  Progress,
  ProviderFrame,
  Search,
  SignIn,
  SignInElsewhere,
  Success,
  Syncing,
} from "./screens.tsx";

type Step =
  | { name: "starting" }
  | { name: "intro" }
  | { name: "signIn" }
  | { name: "passcode"; email: string }
  | { name: "search" }
  | { name: "credentials"; institution: Institution }
  | {
      name: "mfa";
      institution: Institution;
      challenge: Challenge;
      username: string;
      password: string;
      error?: string;
    }
  | { name: "linking" }
  | { name: "plaidLink"; institution: Institution }
  | { name: "elsewhere"; institution: Institution }
  | { name: "signInElsewhere"; institution: Institution; connectionId?: string | undefined }
  | {
      name: "providerFrame";
      title: string;
      institution: Institution;
      url: string;
      reconnect: boolean;
    }
  | { name: "accounts"; connectionId: string; institution: Institution; accounts: Account[] }
  | { name: "syncing"; connectionId: string; connection?: ConnectionState }
  | { name: "success"; connection: ConnectionState }
  | { name: "closed"; message: string }
  | { name: "error"; title: string; message: string; action: string; code: string };

/** What each connection error means to the end-user, and whether trying again can help now. */
const ERROR_COPY: Record<string, { title: string; action: string; canRetry: boolean }> = {
  ERROR_REPAIRABLE: {
    title: "Sign in again",
    action: "Check your login details and try again.",
    canRetry: true,
  },
  ERROR_INSTITUTION: {
    title: "Your bank is unavailable",
    action: "Nothing was shared. Close this window and connect again later.",
    canRetry: false,
  },
  ERROR_PROVIDER: {
    title: "We could not reach your bank",
    action: "Nothing was shared. Close this window and connect again later.",
    canRetry: false,
  },
  ERROR_SERVICE: {
    title: "Something went wrong",
    action: "We are retrying on our side. You can close this window.",
    canRetry: false,
  },
};

const POLL_MS = 500;

/** The widget each provider's institutions link in. */
const WIDGET_OF: Record<string, Institution["linkWith"]> = {
  PLAID: "PLAID_LINK",
  MX: "MX_CONNECT",
  FINICITY: "FINICITY_CONNECT",
  AKOYA: "AKOYA_OAUTH",
};

/** Elements Tab can reach inside the Connector, in order. */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

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
  const reconnecting = init?.connectionId;

  const fail = useCallback((title: string, message: string, action: string, code = "ERROR") => {
    setStep({ name: "error", title, message, action, code });
  }, []);

  const showError = useCallback((code: string, message: string) => {
    const copy = ERROR_COPY[code] ?? ERROR_COPY.ERROR_SERVICE!;
    setStep({ name: "error", title: copy.title, message, action: copy.action, code });
  }, []);

  const exitAbort = useCallback(() => {
    host.send({ type: "ExitAbort", profileId: profileId.current, connectionId: init?.connectionId ?? null });
  }, [host, init]);

  // Read through refs: begin() must stay stable, or the start-up effect would run again.
  const exitAbortRef = useRef(exitAbort);
  exitAbortRef.current = exitAbort;
  const initRef = useRef(init);
  initRef.current = init;
  /** The months of history the host asked for, for a provider that charges more than its default. */
  const historyMonths = () => {
    const months = initRef.current?.historyMonths;
    return months ? { historyMonths: months } : {};
  };

  /** A provider's widget linked the institution: the end-user chooses the accounts to share. */
  const chooseAccounts = useCallback(
    async (institution: Institution, connectionId: string) => {
      const choices = await api.accountChoices(connectionId);
      if (choices.error) return showError(choices.error.code, choices.error.message);
      setStep({ name: "accounts", connectionId, institution, accounts: choices.accounts });
    },
    [api, showError],
  );

  /**
   * Plaid's institutions link in Plaid Link: a link token (update mode when reconnecting), then the
   * public token Link returns goes to the server, and the end-user chooses accounts as usual.
   */
  const linkWithPlaid = useCallback(
    async (institution: Institution, connectionId?: string) => {
      setStep({ name: "plaidLink", institution });
      const { linkToken, scriptUrl } = await api.plaidLinkToken(
        connectionId ? { connectionId } : { institutionId: institution.id },
      );
      const result = await openPlaidLink(scriptUrl, linkToken);
      if (result.kind === "EXIT") {
        if (result.message) return showError("ERROR_REPAIRABLE", result.message);
        // The end-user left Link: a reconnect ends there, a new link goes back to the search.
        return connectionId ? exitAbortRef.current() : setStep({ name: "search" });
      }
      if (connectionId) {
        await api.plaidResume(connectionId);
        return setStep({ name: "syncing", connectionId });
      }
      setStep({ name: "linking" });
      const linked = await api.plaidExchange({
        publicToken: result.publicToken,
        institutionId: institution.id,
      });
      await chooseAccounts(institution, linked.connectionId!);
    },
    [api, showError, chooseAccounts],
  );

  /**
   * MX's institutions link in MX Connect, shown in a frame: the member it reports connected goes
   * to the server (or, reconnecting, the repaired member resumes), then accounts as usual.
   */
  const frameRef = useRef<HTMLIFrameElement>(null);
  const frameWait = useRef<AbortController | null>(null);
  /** Shows a provider's widget in the frame and waits for its outcome (or the end-user's Back). */
  const showFrame = useCallback(
    <T,>(
      institution: Institution,
      url: string,
      connectionId: string | undefined,
      decode: (data: unknown) => T | null,
      back: T,
    ) => {
      frameWait.current?.abort();
      const wait = new AbortController();
      frameWait.current = wait;
      const reconnect = Boolean(connectionId);
      setStep({
        name: "providerFrame",
        title: `${reconnect ? "Reconnect" : "Connect"} ${institution.name}`,
        institution,
        url,
        reconnect,
      });
      return waitForFrame(() => frameRef.current?.contentWindow ?? null, url, wait.signal, decode, back);
    },
    [],
  );
  const linkWithMx = useCallback(
    async (institution: Institution, connectionId?: string) => {
      setStep({ name: "linking" });
      const theme = document.documentElement.dataset.theme;
      const { widgetUrl } = await api.mxWidgetUrl({
        ...(connectionId ? { connectionId } : { institutionId: institution.id }),
        ...((theme === "light" || theme === "dark") && { colorScheme: theme }),
      });
      const result = await showFrame(institution, widgetUrl, connectionId, decodeMxConnect, {
        kind: "BACK",
      } as const);
      if (result.kind === "BACK") return connectionId ? exitAbortRef.current() : setStep({ name: "search" });
      setStep({ name: "linking" });
      if (connectionId) {
        await api.mxResume(connectionId);
        return setStep({ name: "syncing", connectionId });
      }
      const linked = await api.mxMember({
        memberGuid: result.memberGuid,
        institutionId: institution.id,
        ...historyMonths(),
      });
      await chooseAccounts(institution, linked.connectionId!);
    },
    [api, showFrame, chooseAccounts],
  );

  /**
   * Finicity's institutions link in Finicity Connect, shown in a frame (Connect Lite on the chosen
   * institution, or fix mode on the connection to repair): once it is done, the institution login
   * it added becomes the connection, and the end-user chooses accounts as usual.
   */
  const linkWithFinicity = useCallback(
    async (institution: Institution, connectionId?: string) => {
      setStep({ name: "linking" });
      const { connectUrl } = await api.finicityConnectUrl(
        connectionId ? { connectionId } : { institutionId: institution.id },
      );
      const result = await showFrame(institution, connectUrl, connectionId, decodeFinicityConnect, {
        kind: "BACK",
      } as const);
      if (result.kind === "ERROR") return showError("ERROR_REPAIRABLE", result.message);
      if (result.kind === "BACK") return connectionId ? exitAbortRef.current() : setStep({ name: "search" });
      setStep({ name: "linking" });
      if (connectionId) {
        await api.finicityResume(connectionId);
        return setStep({ name: "syncing", connectionId });
      }
      const linked = await api.finicityLogin(historyMonths());
      await chooseAccounts(institution, linked.connectionId!);
    },
    [api, showFrame, chooseAccounts, showError],
  );

  /**
   * Akoya's institutions: the end-user signs in at the institution in a window of its own (Akoya's
   * OAuth); Weft's callback page hands back Akoya's code, which this session finishes: a new
   * connection to choose accounts of, or the repaired one syncing.
   */
  const linkWithAkoya = useCallback(
    async (institution: Institution, connectionId?: string) => {
      // Opened at once, in the click's turn, so that browsers allow it; pointed at Akoya when known.
      const popup = window.open("about:blank", "weft-akoya", "popup,width=480,height=720");
      if (!popup) {
        return showError(
          "ERROR_REPAIRABLE",
          "Your browser blocked the window where you sign in to your bank. Allow pop-ups and try again.",
        );
      }
      setStep({ name: "elsewhere", institution });
      const { authorizationUrl } = await api.akoyaAuthorize({
        institutionId: institution.id,
        ...(connectionId && { connectionId }),
      });
      popup.location.href = authorizationUrl;
      frameWait.current?.abort();
      const wait = new AbortController();
      frameWait.current = wait;
      const result = await waitForAkoyaWindow(popup, wait.signal);
      if (result.kind === "ERROR") return showError("ERROR_REPAIRABLE", result.message);
      if (result.kind === "BACK") return connectionId ? exitAbortRef.current() : setStep({ name: "search" });
      setStep({ name: "linking" });
      let finished: Awaited<ReturnType<typeof api.akoyaComplete>>;
      try {
        finished = await api.akoyaComplete({ code: result.code, state: result.state });
      } catch (error) {
        return showError("ERROR_REPAIRABLE", (error as Error).message);
      }
      if (finished.outcome === "RECONNECTED")
        return setStep({ name: "syncing", connectionId: finished.connectionId });
      await chooseAccounts(institution, finished.connectionId);
    },
    [api, chooseAccounts, showError],
  );

  /** The institution's own way of linking: Plaid Link, MX Connect, Finicity Connect, Akoya, or our login form. */
  const startLink = useCallback(
    (institution: Institution, connectionId?: string) => {
      const widgets = {
        PLAID_LINK: linkWithPlaid,
        MX_CONNECT: linkWithMx,
        FINICITY_CONNECT: linkWithFinicity,
        AKOYA_OAUTH: linkWithAkoya,
      };
      const widget =
        institution.linkWith && institution.linkWith !== "CREDENTIALS" ? widgets[institution.linkWith] : null;
      if (!widget) return setStep({ name: "credentials", institution });
      widget(institution, connectionId).catch((error: Error) =>
        fail("Something went wrong", error.message, "Close this window and try again."),
      );
    },
    [linkWithPlaid, linkWithMx, linkWithFinicity, linkWithAkoya, fail],
  );

  /**
   * Without the end-user's click (reconnecting, a preselected institution), a sign-in that opens a
   * window of its own asks for that click first: browsers block windows opened without one.
   */
  const startWithoutClick = useCallback(
    (institution: Institution, connectionId?: string) => {
      if (institution.linkWith === "AKOYA_OAUTH")
        return setStep({ name: "signInElsewhere", institution, connectionId });
      startLink(institution, connectionId);
    },
    [startLink],
  );

  /** After sign-in: reconnect mode, a preselected institution, or search. */
  const begin = useCallback(
    async (message: InitMessage | undefined) => {
      if (message?.connectionId) {
        const connection = await api.connection(message.connectionId);
        if (!connection.institution) throw new ApiError(404, "That connection cannot be reconnected", "");
        const linkWith = WIDGET_OF[connection.provider] ?? "CREDENTIALS";
        return startWithoutClick({ ...connection.institution, linkWith }, message.connectionId);
      }
      if (message?.institution) return startWithoutClick(await api.institution(message.institution));
      setStep({ name: "search" });
    },
    [api, startWithoutClick],
  );

  // Start: the connector's config, the session from the host (or sign-in), then the first step.
  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        // An unknown connector is said in our words: its id comes from the address, which anyone
        // can write ("…/connector/Your account is locked. Call …"), so it is not echoed back.
        const cfg = await api.config().catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404)
            throw new Error(
              "This link does not lead to a connector. Check it with the app that sent you here.",
            );
          throw error;
        });
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
          return fail(
            "Sign-in needed",
            "This app has to sign you in before you can connect a bank.",
            "Close this window and try again from the app.",
            "SESSION_REQUIRED",
          );
        }
        // A reconnect goes straight to the bank; a new link opens on what will be shared.
        if (!message?.connectionId) return setStep({ name: "intro" });
        if (token.current) return await begin(message);
        setStep({ name: "signIn" });
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
  }, [api, host, fail, begin]);

  // The host's theme, if it chose one; otherwise the system's (styles.css follows prefers-color-scheme).
  useEffect(() => {
    if (init?.theme === "light" || init?.theme === "dark")
      document.documentElement.dataset.theme = init.theme;
  }, [init]);

  // Load: once, when the first real step shows.
  useEffect(() => {
    if (loaded.current || step.name === "starting") return;
    loaded.current = true;
    host.send({ type: "Load", profileId: profileId.current, connectionId: init?.connectionId ?? null });
  }, [step.name, host, init]);

  // A modal connector: Escape closes it, and Tab cycles through its own controls only.
  const root = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!isModal) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") return exitAbort();
      if (event.key !== "Tab" || !root.current) return;
      const focusable = [...root.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      const isInside = active instanceof HTMLElement && root.current.contains(active);
      if (event.shiftKey && (active === first || !isInside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !isInside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [isModal, exitAbort]);

  // While the first sync runs, follow the connection until it is SYNCED or fails.
  const syncingId = step.name === "syncing" ? step.connectionId : undefined;
  useEffect(() => {
    if (!syncingId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const connection = await api.connection(syncingId);
        if (stopped) return;
        if (connection.status.startsWith("ERROR_")) {
          return showError(
            connection.status,
            connection.error?.message ?? "The connection could not be completed.",
          );
        }
        if (connection.status === "SYNCED") return setStep({ name: "success", connection });
        setStep({ name: "syncing", connectionId: syncingId, connection });
      } catch (error) {
        if (!stopped)
          return fail("Something went wrong", (error as Error).message, "Close this window and try again.");
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, 0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [syncingId, api, fail, showError]);

  const submitLogin = async (
    institution: Institution,
    username: string,
    password: string,
    mfaCode?: string,
  ) => {
    const body = { username, password, ...(mfaCode && { mfaCode }) };
    const result = reconnecting
      ? await api.reconnect(reconnecting, body)
      : await api.link({ institutionId: institution.id, ...body });
    if (result.outcome === "INVALID_CREDENTIALS")
      throw new Error(result.message ?? "Those details did not work.");
    if (result.outcome !== "LINKED") {
      return setStep({
        name: "mfa",
        institution,
        challenge: result.challenge!,
        username,
        password,
        ...(result.outcome === "INVALID_MFA_CODE" && { error: result.message ?? "That code did not work." }),
      });
    }
    const connectionId = result.connectionId!;
    if (reconnecting) return setStep({ name: "syncing", connectionId });
    // A new link: the end-user chooses what to share before anything is fetched.
    setStep({ name: "linking" });
    const choices = await api.accountChoices(connectionId);
    if (choices.error) return showError(choices.error.code, choices.error.message);
    setStep({ name: "accounts", connectionId, institution, accounts: choices.accounts });
  };

  /** Hand back to the host page; standalone, there is none: say the window may be closed. */
  const finish = (message: Parameters<Host["send"]>[0], closedMessage: string) => {
    if (host.isEmbedded) return host.send(message);
    setStep({ name: "closed", message: closedMessage });
  };

  const closeWithError = (code: string, message: string) =>
    finish(
      {
        type: "ExitError",
        profileId: profileId.current,
        connectionId: init?.connectionId ?? null,
        error: { message, code },
      },
      "Nothing was connected.",
    );

  const content = (() => {
    switch (step.name) {
      case "starting":
        return <Progress title="Loading" detail="Getting things ready…" />;
      case "intro":
        return (
          <Intro
            connectorName={config?.name ?? "This app"}
            products={config?.products ?? []}
            privacyPolicyUrl={config?.privacyPolicyUrl ?? null}
            onContinue={() => {
              if (!token.current) return setStep({ name: "signIn" });
              begin(init).catch((error: Error) =>
                fail("This connector cannot open", error.message, "Close this window and try again later."),
              );
            }}
          />
        );
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
              await begin(init);
            }}
          />
        );
      case "search":
        return (
          <Search
            search={api.searchInstitutions}
            popular={api.popularInstitutions}
            onPick={(institution) => startLink(institution)}
          />
        );
      case "credentials":
        return (
          <Credentials
            key={step.institution.id}
            institution={step.institution}
            isSandbox={isSandbox}
            title={reconnecting ? `Reconnect ${step.institution.name}` : undefined}
            onBack={reconnecting || init?.institution ? undefined : () => setStep({ name: "search" })}
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
      case "plaidLink":
        return (
          <Progress title={`Connecting ${step.institution.name}`} detail="Continue in the Plaid window…" />
        );
      case "signInElsewhere":
        return (
          <SignInElsewhere
            title={`${step.connectionId ? "Reconnect" : "Connect"} ${step.institution.name}`}
            institutionName={step.institution.name}
            onContinue={() => startLink(step.institution, step.connectionId)}
          />
        );
      case "elsewhere":
        return (
          <Progress
            title={`Connecting ${step.institution.name}`}
            detail={`Sign in to ${step.institution.name} in the window that opened…`}
          />
        );
      case "providerFrame":
        return (
          <ProviderFrame
            title={step.title}
            url={step.url}
            frameRef={frameRef}
            onBack={step.reconnect ? undefined : () => frameWait.current?.abort()}
          />
        );
      case "accounts":
        return (
          <Accounts
            connectorName={config?.name ?? "this app"}
            institution={step.institution}
            accounts={step.accounts}
            onSubmit={async (accountIds) => {
              await api.shareAccounts(step.connectionId, accountIds);
              setStep({ name: "syncing", connectionId: step.connectionId });
            }}
          />
        );
      case "syncing":
        return <Syncing connection={step.connection} />;
      case "success": {
        const { connection } = step;
        return (
          <Success
            connection={connection}
            onDone={() =>
              finish(
                { type: "ExitSuccess", profileId: connection.profileId, connectionId: connection.id },
                `${connection.institution?.name ?? "Your bank"} is connected.`,
              )
            }
          />
        );
      }
      case "closed":
        return <Closed message={step.message} />;
      case "error":
        return (
          <ErrorScreen
            title={step.title}
            message={step.message}
            action={step.action}
            onRetry={
              ERROR_COPY[step.code]?.canRetry && !reconnecting ? () => setStep({ name: "search" }) : undefined
            }
            onClose={() => closeWithError(step.code, step.message)}
          />
        );
    }
  })();

  return (
    <main ref={root} className={`connector ${isModal ? "modal" : "inline"}`}>
      <header>
        <span className="brand">{config?.name ?? "Weft"}</span>
        {host.isEmbedded && (
          <button type="button" className="close" aria-label="Close the connector" onClick={exitAbort}>
            ×
          </button>
        )}
      </header>
      {content}
      <footer>Secured by Weft</footer>
    </main>
  );
}
