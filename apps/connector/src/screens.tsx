import { type FormEvent, type ReactNode, type Ref, useEffect, useId, useRef, useState } from "react";
import type { Account, Challenge, ConnectionState, Institution, SyncProgress } from "./api.ts";

/** A screen: its heading takes focus when it appears, so screen readers announce each step. */
export function Screen({ title, children, busy }: { title: string; children: ReactNode; busy?: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="screen" aria-busy={busy ?? false} aria-labelledby="screen-title">
      <h1 id="screen-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}

function Field(props: {
  label: string;
  type?: string;
  value: string;
  onChange(value: string): void;
  autoComplete?: string;
  inputMode?: "numeric" | "email" | "text";
  autoFocus?: boolean;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type={props.type ?? "text"}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        // biome-ignore lint/a11y/noAutofocus: the one input of a step; focus follows the flow.
        autoFocus={props.autoFocus}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        required
      />
      {props.error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}

/** A form's submit: busy while the action runs, and what it threw as the error. */
function useSubmit(action: () => Promise<void>, initialError?: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(initialError);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, submit };
}

function Submit({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="primary" disabled={busy}>
      {busy ? "Please wait…" : children}
    </button>
  );
}

/** What each product lets the app see, in the end-user's words. */
const PRODUCT_COPY: Record<string, string> = {
  ACCOUNT_BALANCES_AND_TRANSACTIONS: "Account names, balances and transactions",
  ACCOUNT_BALANCE_REFRESHES: "Up-to-date balances when the app asks for them",
  ACCOUNT_NUMBERS: "Account and routing numbers",
  ACCOUNT_OWNERS: "Account holders' names, emails, phone numbers and addresses",
  ACCOUNT_STATEMENTS: "Statements",
  INVESTMENTS: "Investment holdings",
  LIABILITIES: "Loan and credit card details",
};

/** The opening pane: who asks, what they will see, and their privacy policy. */
export function Intro(props: {
  connectorName: string;
  products: string[];
  privacyPolicyUrl: string | null;
  onContinue(): void;
}) {
  const shared = props.products.map((p) => PRODUCT_COPY[p]).filter((p): p is string => Boolean(p));
  return (
    <Screen title={`${props.connectorName} uses Weft to connect your accounts`}>
      <ul className="promises">
        <li>
          <strong>You choose</strong>
          <span>You pick the accounts to share, and can disconnect them at any time.</span>
        </li>
        <li>
          <strong>Your login stays private</strong>
          <span>{props.connectorName} never sees your bank username or password.</span>
        </li>
      </ul>
      {shared.length > 0 && (
        <section className="shares" aria-labelledby="shares-title">
          <h2 id="shares-title">{props.connectorName} will be able to see</h2>
          <ul>
            {shared.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}
      {props.privacyPolicyUrl && (
        <p className="hint">
          How {props.connectorName} uses your data:{" "}
          <a href={props.privacyPolicyUrl} target="_blank" rel="noopener noreferrer">
            privacy policy
          </a>
          .
        </p>
      )}
      {/* biome-ignore lint/a11y/noAutofocus: the pane's one action. */}
      <button type="button" className="primary" onClick={props.onContinue} autoFocus>
        Continue
      </button>
    </Screen>
  );
}

export function SignIn(props: { connectorName: string; onSubmit(email: string): Promise<void> }) {
  const [email, setEmail] = useState("");
  const { busy, error, submit } = useSubmit(() => props.onSubmit(email));
  return (
    <Screen title={`Sign in to ${props.connectorName}`}>
      <p>Enter your email and we will send you a 6-digit code.</p>
      <form onSubmit={submit} noValidate>
        <Field
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          autoFocus
          error={error}
        />
        <Submit busy={busy}>Send code</Submit>
      </form>
    </Screen>
  );
}

export function Passcode(props: {
  email: string;
  isSandbox: boolean;
  onSubmit(code: string): Promise<void>;
  onBack(): void;
}) {
  const [code, setCode] = useState("");
  const { busy, error, submit } = useSubmit(() => props.onSubmit(code.trim()));
  return (
    <Screen title="Enter your code">
      <p>We sent a code to {props.email}.</p>
      {props.isSandbox && <p className="hint">Sandbox: the code is always 000000.</p>}
      <form onSubmit={submit} noValidate>
        <Field
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={setCode}
          autoFocus
          error={error}
        />
        <Submit busy={busy}>Continue</Submit>
      </form>
      <button type="button" className="link" onClick={props.onBack}>
        Use another email
      </button>
    </Screen>
  );
}

function InstitutionButton({ institution, onPick }: { institution: Institution; onPick(): void }) {
  return (
    <button type="button" className="institution" onClick={onPick}>
      <img src={institution.logoUrl} alt="" width={32} height={32} />
      <span>{institution.name}</span>
    </button>
  );
}

export function Search(props: {
  search(q: string): Promise<Institution[]>;
  popular(): Promise<Institution[]>;
  onPick(institution: Institution): void;
}) {
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<Institution[]>([]);
  const [popular, setPopular] = useState<Institution[]>([]);
  const [status, setStatus] = useState("");
  const id = useId();
  const isSearching = query.trim().length >= 2;
  useEffect(() => {
    let cancelled = false;
    props
      .popular()
      .then((found) => !cancelled && setPopular(found))
      // The grid is a shortcut: without it, the search box still works.
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [props.popular]);
  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) {
      setResults([]);
      setStatus(q.length === 0 ? "" : "Type at least 2 characters.");
      return;
    }
    let cancelled = false;
    // Debounced: one request once the user pauses typing.
    const timer = setTimeout(async () => {
      setStatus("Searching…");
      try {
        const found = await props.search(q);
        if (cancelled) return;
        setResults(found);
        setStatus(
          found.length === 0
            ? `No institution matches “${q}”.`
            : `${found.length} result${found.length === 1 ? "" : "s"}.`,
        );
      } catch (err) {
        if (!cancelled) setStatus((err as Error).message);
      }
    }, 250);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [query, props.search]);
  return (
    <Screen title="Select your bank">
      <div className="field">
        <label htmlFor={id}>Search for your bank</label>
        <input
          id={id}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          // biome-ignore lint/a11y/noAutofocus: the search box is the whole step.
          autoFocus
          aria-describedby={`${id}-status`}
          autoComplete="off"
        />
      </div>
      <p id={`${id}-status`} className="hint" aria-live="polite">
        {status}
      </p>
      {isSearching ? (
        <ul className="institutions" aria-label="Institutions">
          {results.map((institution) => (
            <li key={institution.id}>
              <InstitutionButton institution={institution} onPick={() => props.onPick(institution)} />
            </li>
          ))}
        </ul>
      ) : (
        popular.length > 0 && (
          <section aria-labelledby={`${id}-popular`}>
            <h2 id={`${id}-popular`}>Popular</h2>
            <ul className="popular" aria-labelledby={`${id}-popular`}>
              {popular.map((institution) => (
                <li key={institution.id}>
                  <InstitutionButton institution={institution} onPick={() => props.onPick(institution)} />
                </li>
              ))}
            </ul>
          </section>
        )
      )}
    </Screen>
  );
}

export function Credentials(props: {
  institution: Institution;
  isSandbox: boolean;
  title?: string;
  error?: string | undefined;
  onSubmit(username: string, password: string): Promise<void>;
  onBack?: (() => void) | undefined;
}) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const { busy, error, submit } = useSubmit(() => props.onSubmit(username, password), props.error);
  return (
    <Screen title={props.title ?? `Log in to ${props.institution.name}`} busy={busy}>
      <div className="institution-banner">
        <img src={props.institution.logoUrl} alt="" width={40} height={40} />
        <span>{props.institution.name}</span>
      </div>
      {props.isSandbox && (
        <p className="hint">
          Sandbox: user_good / pass_good. Try user_mfa for a code, or user_error_repairable,
          user_error_institution, user_error_provider, user_error_service.
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <Field label="Username" autoComplete="username" value={username} onChange={setUsername} autoFocus />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={error}
        />
        <Submit busy={busy}>Connect</Submit>
      </form>
      {props.onBack && (
        <button type="button" className="link" onClick={props.onBack}>
          Choose another bank
        </button>
      )}
    </Screen>
  );
}

export function Mfa(props: {
  challenge: Challenge;
  isSandbox: boolean;
  error?: string | undefined;
  onSubmit(code: string): Promise<void>;
}) {
  const [code, setCode] = useState("");
  const { busy, error, setError, submit } = useSubmit(() => props.onSubmit(code.trim()), props.error);
  useEffect(() => setError(props.error), [props.error, setError]);
  return (
    <Screen title="Verify it's you" busy={busy}>
      <p>{props.challenge.message}</p>
      {props.isSandbox && <p className="hint">Sandbox: the code is 123456.</p>}
      <form onSubmit={submit} noValidate>
        <Field
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={setCode}
          autoFocus
          error={error}
        />
        <Submit busy={busy}>Verify</Submit>
      </form>
    </Screen>
  );
}

export function Progress({ title, detail }: { title: string; detail: string }) {
  return (
    <Screen title={title} busy>
      <div className="spinner" role="progressbar" aria-label={title} />
      <p aria-live="polite">{detail}</p>
    </Screen>
  );
}

export function Accounts(props: {
  connectorName: string;
  institution: Institution | null;
  accounts: Account[];
  onSubmit(accountIds: string[]): Promise<void>;
}) {
  const [chosen, setChosen] = useState(() => new Set(props.accounts.map((a) => a.id)));
  const [consent, setConsent] = useState(false);
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const { busy, error, submit } = useSubmit(async () => {
    if (chosen.size === 0) throw new Error("Choose at least one account to share.");
    if (!consent)
      throw new Error(`Agree to share the chosen accounts with ${props.connectorName} to continue.`);
    await props.onSubmit([...chosen]);
  });
  return (
    <Screen title="Choose accounts to share" busy={busy}>
      <form onSubmit={submit} noValidate>
        <fieldset>
          <legend>Accounts at {props.institution?.name ?? "your bank"}</legend>
          {props.accounts.map((account) => (
            <label key={account.id} className="account">
              <input type="checkbox" checked={chosen.has(account.id)} onChange={() => toggle(account.id)} />
              <span>
                {account.name}
                {account.mask && <span className="mask"> ••{account.mask}</span>}
              </span>
            </label>
          ))}
        </fieldset>
        <label className="consent">
          <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
          <span>
            I allow {props.connectorName} to access balances, transactions and account details of the chosen
            accounts.
          </span>
        </label>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <Submit busy={busy}>Share accounts</Submit>
      </form>
    </Screen>
  );
}

/** "May 2025" for a day "2025-05-24". */
const monthOf = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

const plural = (n: number, one: string) => `${n.toLocaleString("en-US")} ${one}${n === 1 ? "" : "s"}`;

/** One line of the syncing checklist: done, or in progress. */
function Step({ done, children }: { done: boolean; children: ReactNode }) {
  return (
    <li className={done ? "done" : "pending"}>
      <span className="step-mark" aria-hidden="true">
        {done ? "✓" : ""}
      </span>
      <span>
        {children}
        <span className="visually-hidden">{done ? " (done)" : " (in progress)"}</span>
      </span>
    </li>
  );
}

/** The first sync as it happens: what the server has fetched so far. */
export function Syncing(props: { connection?: ConnectionState | undefined }) {
  const bank = props.connection?.institution?.name ?? "your bank";
  const accounts = props.connection?.accounts.length ?? 0;
  const progress = props.connection?.progress;
  return (
    <Screen title="Syncing your accounts" busy>
      <ol className="checklist" aria-live="polite">
        <Step done>Connected to {bank}</Step>
        <Step done={accounts > 0}>
          {accounts > 0 ? `${plural(accounts, "account")} found` : "Finding your accounts"}
        </Step>
        <Step done={progress?.recentSynced ?? false}>
          {progress?.recentSynced
            ? `${plural(progress.transactions, "transaction")} fetched`
            : "Fetching recent transactions"}
        </Step>
      </ol>
      <p className="hint">This usually takes a few seconds. You can leave this window open.</p>
    </Screen>
  );
}

/** What the first sync brought, and what continues in the background. */
function summaryOf(progress: SyncProgress): string {
  const since = progress.syncedFrom ? ` since ${monthOf(progress.syncedFrom)}` : "";
  const fetched = `${plural(progress.transactions, "transaction")}${since}`;
  return progress.historySynced ? fetched : `${fetched}; older history keeps arriving in the background`;
}

export function Success(props: { connection: ConnectionState; onDone(): void }) {
  const { connection } = props;
  const count = connection.accounts.length;
  return (
    <Screen title="Connected">
      <p className="success-mark" aria-hidden="true">
        ✓
      </p>
      <p>
        {connection.institution?.name ?? "Your bank"} is connected: {plural(count, "account")} shared.
      </p>
      <p className="hint">{summaryOf(connection.progress)}.</p>
      {/* biome-ignore lint/a11y/noAutofocus: the only action left. */}
      <button type="button" className="primary" onClick={props.onDone} autoFocus>
        Done
      </button>
    </Screen>
  );
}

/** Standalone (no host page to return to): the end-user is told they may close the window. */
export function Closed({ message }: { message: string }) {
  return (
    <Screen title="All done">
      <p>{message}</p>
      <p className="hint">You can close this window now.</p>
    </Screen>
  );
}

export function ErrorScreen(props: {
  title: string;
  message: string;
  action: string;
  onRetry?: (() => void) | undefined;
  onClose(): void;
}) {
  return (
    <Screen title={props.title}>
      <p role="alert">{props.message}</p>
      <p className="hint">{props.action}</p>
      {props.onRetry && (
        <button type="button" className="primary" onClick={props.onRetry}>
          Try again
        </button>
      )}
      <button type="button" className={props.onRetry ? "link" : "primary"} onClick={props.onClose}>
        Close
      </button>
    </Screen>
  );
}

/** A provider's own widget (MX Connect) in a frame; `frameRef` lets the app tell its messages apart. */
export function ProviderFrame(props: {
  title: string;
  url: string;
  frameRef: Ref<HTMLIFrameElement>;
  onBack?: (() => void) | undefined;
}) {
  return (
    <Screen title={props.title}>
      <iframe ref={props.frameRef} className="provider-frame" src={props.url} title={props.title} />
      {props.onBack && (
        <button type="button" className="link" onClick={props.onBack}>
          Choose another bank
        </button>
      )}
    </Screen>
  );
}

/** Before the institution's own sign-in opens in a window: a click, so that browsers let it open. */
export function SignInElsewhere(props: { title: string; institutionName: string; onContinue(): void }) {
  return (
    <Screen title={props.title}>
      <p>You will sign in at {props.institutionName} in a new window, then come back here.</p>
      {/* biome-ignore lint/a11y/noAutofocus: the pane's one action. */}
      <button type="button" className="primary" onClick={props.onContinue} autoFocus>
        Continue to {props.institutionName}
      </button>
    </Screen>
  );
}
