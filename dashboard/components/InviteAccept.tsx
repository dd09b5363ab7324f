// /app/invite#<token>: the single-use invite link. The invited member chooses a password and is
// signed in; a used or expired link says to ask for a new one.
import { acceptInvite } from '../models/team.js';
import { LinkPasswordForm } from './LinkPasswordForm.js';

export function InviteAccept() {
  return (
    <LinkPasswordForm
      titleId="invite-accept-title"
      title="Join the team"
      intro="Choose your password to finish joining. This link works once."
      passwordLabel="Your password (at least 8 characters)"
      againLabel="Password again"
      submitLabel="Join"
      spend={acceptInvite}
    />
  );
}
