// /app/invite#<token>: the single-use invite link. The invited member chooses a password and is
// signed in; a used or expired link says to ask for a new one.
import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import '../styles/channels.css';
import { acceptInvite } from '../models/team.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';

export function InviteAccept() {
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
      await acceptInvite(token, password);
      route('/app', true);
    });
  }
  return (
    <main class="login setup">
      <form class="login-card" onSubmit={submit} aria-labelledby="invite-accept-title">
        <h1 id="invite-accept-title">Join the team</h1>
        <p class="muted">Choose your password to finish joining. This link works once.</p>
        <label class="field">
          <span>Your password (at least 8 characters)</span>
          <input type="password" autocomplete="new-password" required minLength={8} value={password} onInput={(e) => setPassword(v(e))} />
        </label>
        <label class="field">
          <span>Password again</span>
          <input type="password" autocomplete="new-password" required minLength={8} value={again} onInput={(e) => setAgain(v(e))} />
        </label>
        <button class="btn btn-primary" type="submit">
          Join
        </button>
        <ErrorAlert text={error} />
      </form>
    </main>
  );
}
