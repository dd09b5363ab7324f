// Sign in with the team member's e-mail and password (POST /v1/org/login; docs/api.md). The
// demo server prints its demo credentials at start-up (README "Team console").
import { useState } from 'preact/hooks';
import { signIn } from '../models/session.js';
import { useErrorLine } from '../components/use-error-line.js';

export default function LoginPage() {
  const { error, guard } = useErrorLine();
  const [busy, setBusy] = useState(false);

  async function submit(e: Event) {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    setBusy(true);
    await guard(async () => {
      await signIn(String(form.get('email') ?? ''), String(form.get('password') ?? ''));
    });
    setBusy(false);
  }

  return (
    <main class="login" id="main">
      <form class="login-card" onSubmit={submit} aria-describedby={error ? 'login-error' : undefined}>
        <h1>Sign in to Parley</h1>
        <label>
          E-mail
          <input name="email" type="email" autocomplete="username" required />
        </label>
        <label>
          Password
          <input name="password" type="password" autocomplete="current-password" required />
        </label>
        {error && (
          <p id="login-error" class="error" role="alert">
            {error}
          </p>
        )}
        <button class="btn btn-primary" type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p>
          <a href="/app/forgot-password">Forgot password?</a>
        </p>
      </form>
    </main>
  );
}
