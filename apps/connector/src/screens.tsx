import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import type { Account, Challenge, Institution } from "./api.ts";

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

export function Search(props: {
  search(q: string): Promise<Institution[]>;
  onPick(institution: Institution): void;
}) {
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<Institution[]>([]);
  const [status, setStatus] = useState("Type at least 2 characters.");
  const id = useId();
  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) {
      setResults([]);
      setStatus("Type at least 2 characters.");
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
      <ul className="institutions" aria-label="Institutions">
        {results.map((institution) => (
          <li key={institution.id}>
            <button type="button" className="institution" onClick={() => props.onPick(institution)}>
              <img src={institution.logoUrl} alt="" width={32} height={32} />
              <span>{institution.name}</span>
            </button>
          </li>
        ))}
      </ul>
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

export function Success(props: { institution: Institution | null; accountCount: number; onDone(): void }) {
  return (
    <Screen title="Connected">
      <p className="success-mark" aria-hidden="true">
        ✓
      </p>
      <p>
        {props.institution?.name ?? "Your bank"} is connected: {props.accountCount} account
        {props.accountCount === 1 ? "" : "s"} shared.
      </p>
      {/* biome-ignore lint/a11y/noAutofocus: the only action left. */}
      <button type="button" className="primary" onClick={props.onDone} autoFocus>
        Done
      </button>
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
