// /app/forgot-password: asks for a reset link by e-mail. The answer is the same whether the address
// has an account (the server never tells); a server without e-mail says to ask an admin instead.
import { useState } from 'preact/hooks';
import { requestPasswordReset } from '../models/team.js';
import { ApiError } from '../models/api.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';

export function ForgotPassword() {
  const [sent, setSent] = useState('');
  const [busy, setBusy] = useState(false);
  const { error, setError, guard } = useErrorLine();

  async function submit(e: Event) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget as HTMLFormElement).get('email') ?? '').trim();
    setBusy(true);
    await guard(async () => {
      try {
        await requestPasswordReset(email);
        setSent(email);
      } catch (err) {
        if (err instanceof ApiError && err.code === 'not_configured') return setError('This server sends no e-mail, so it cannot send a reset link. Ask an admin of your team to invite you again.');
        throw err;
      }
    });
    setBusy(false);
  }

  return (
    <main class="login" id="main">
      <form class="login-card" onSubmit={submit} aria-labelledby="forgot-title">
        <h1 id="forgot-title">Forgot your password?</h1>
        {sent ? (
          <p role="status">
            If <strong>{sent}</strong> belongs to an account, a link to choose a new password is on its way. It works once, for one hour. Check your spam folder if it does
            not arrive.
          </p>
        ) : (
          <>
            <p class="muted">Enter the e-mail you sign in with. We will send you a link to choose a new password.</p>
            <label>
              E-mail
              <input name="email" type="email" autocomplete="username" required />
            </label>
            <ErrorAlert text={error} />
            <button class="btn btn-primary" type="submit" disabled={busy}>
              {busy ? 'Sending…' : 'Send reset link'}
            </button>
          </>
        )}
        <p>
          <a href="/app">Back to sign in</a>
        </p>
      </form>
    </main>
  );
}
