// The only screen after signing in with an invite's temporary password: choose your own first.
import '../styles/channels.css';
import { ChangePasswordForm } from './ChangePasswordForm.js';
import { SignOutButton } from './SignOutButton.js';

export function ForcedPasswordChange() {
  return (
    <main class="login setup">
      <div class="login-card">
        <h1>Choose your password</h1>
        <p class="muted">You signed in with a temporary password. Choose your own to continue; the temporary one stops working.</p>
        <ChangePasswordForm />
        <SignOutButton />
      </div>
    </main>
  );
}
