// The page behind a single-use e-mailed link (invite, password reset): the member chooses a
// password twice, the link's token (the URL's fragment, never sent to a server log) is spent, and
// they are signed in. A used or expired link shows the server's reason.
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import '../styles/channels.css';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';

export interface LinkPasswordFormProps {
  titleId: string;
  title: string;
  intro: string;
  passwordLabel: string;
  againLabel: string;
  submitLabel: string;
  /** Spends the token with the chosen password; resolves once the member is signed in. */
  spend(token: string, password: string): Promise<unknown>;
  /** Under the form, e.g. where to ask for a new link. */
  footer?: ComponentChildren;
}

export function LinkPasswordForm(props: LinkPasswordFormProps) {
  const { route } = useLocation();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const { error, setError, guard } = useErrorLine();
  const token = location.hash.slice(1);
  const v = (e: Event) => (e.target as HTMLInputElement).value;
  async function submit(e: Event) {
    e.preventDefault();
    setError('');
    if (password !== again) return setError('The two passwords differ.');
    await guard(async () => {
      await props.spend(token, password);
      route('/app', true);
    });
  }
  return (
    <main class="login setup" id="main">
      <form class="login-card" onSubmit={submit} aria-labelledby={props.titleId}>
        <h1 id={props.titleId}>{props.title}</h1>
        <p class="muted">{props.intro}</p>
        <label class="field">
          <span>{props.passwordLabel}</span>
          <input type="password" autocomplete="new-password" required minLength={8} value={password} onInput={(e) => setPassword(v(e))} />
        </label>
        <label class="field">
          <span>{props.againLabel}</span>
          <input type="password" autocomplete="new-password" required minLength={8} value={again} onInput={(e) => setAgain(v(e))} />
        </label>
        <ErrorAlert text={error} />
        <button class="btn btn-primary" type="submit">
          {props.submitLabel}
        </button>
        {props.footer}
      </form>
    </main>
  );
}
