// /app/reset-password#<token>: the e-mailed single-use link. The member chooses a new password and is
// signed in; every other session of theirs ends. A used or expired link says to ask for a new one.
import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { completePasswordReset } from '../models/team.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';

export function ResetPassword() {
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
      await completePasswordReset(token, password);
      route('/app', true);
    });
  }
  return (
    <main class="login" id="main">
      <form class="login-card" onSubmit={submit} aria-labelledby="reset-title">
        <h1 id="reset-title">Choose a new password</h1>
        <p class="muted">You will be signed in, and signed out everywhere else. This link works once.</p>
        <label>
          New password (at least 8 characters)
          <input type="password" autocomplete="new-password" required minLength={8} value={password} onInput={(e) => setPassword(v(e))} />
        </label>
        <label>
          New password again
          <input type="password" autocomplete="new-password" required minLength={8} value={again} onInput={(e) => setAgain(v(e))} />
        </label>
        <ErrorAlert text={error} />
        <button class="btn btn-primary" type="submit">
          Set password and sign in
        </button>
        <p>
          <a href="/app/forgot-password">Ask for a new link</a>
        </p>
      </form>
    </main>
  );
}
