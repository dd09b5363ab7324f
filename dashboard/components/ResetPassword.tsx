// /app/reset-password#<token>: the e-mailed single-use link. The member chooses a new password and is
// signed in; every other session of theirs ends. A used or expired link says to ask for a new one.
import { completePasswordReset } from '../models/team.js';
import { LinkPasswordForm } from './LinkPasswordForm.js';

export function ResetPassword() {
  return (
    <LinkPasswordForm
      titleId="reset-title"
      title="Choose a new password"
      intro="You will be signed in, and signed out everywhere else. This link works once."
      passwordLabel="New password (at least 8 characters)"
      againLabel="New password again"
      submitLabel="Set password and sign in"
      spend={completePasswordReset}
      footer={
        <p>
          <a href="/app/forgot-password">Ask for a new link</a>
        </p>
      }
    />
  );
}
