// Change your password: the current one, the new one twice. Used on the Account page and as the only
// screen after signing in with an invite's temporary password.
import { useState } from 'preact/hooks';
import { changePassword } from '../models/team.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';

export function ChangePasswordForm({ onDone }: { onDone?(): void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const { error, setError, guard } = useErrorLine();
  const [done, setDone] = useState('');
  const v = (e: Event) => (e.target as HTMLInputElement).value;
  async function submit(e: Event) {
    e.preventDefault();
    setError('');
    setDone('');
    if (next !== again) return setError('The two new passwords differ.');
    await guard(async () => {
      await changePassword(current, next);
      setCurrent('');
      setNext('');
      setAgain('');
      setDone('Password changed. Your other sessions were signed out.');
      onDone?.();
    });
  }
  return (
    <form class="card password-form" onSubmit={submit} aria-labelledby="password-title">
      <h2 id="password-title">Change password</h2>
      <label class="field">
        <span>Current password</span>
        <input type="password" autocomplete="current-password" required value={current} onInput={(e) => setCurrent(v(e))} />
      </label>
      <label class="field">
        <span>New password (at least 8 characters)</span>
        <input type="password" autocomplete="new-password" required minLength={8} value={next} onInput={(e) => setNext(v(e))} />
      </label>
      <label class="field">
        <span>New password again</span>
        <input type="password" autocomplete="new-password" required minLength={8} value={again} onInput={(e) => setAgain(v(e))} />
      </label>
      <button class="btn btn-primary" type="submit">
        Change password
      </button>
      <p role="status" class="ok">
        {done}
      </p>
      <ErrorAlert text={error} />
    </form>
  );
}
