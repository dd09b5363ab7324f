// Under the note that confirms a visitor's e-mail (`contact_saved`): whether the team's replies reach
// that address while the visitor is away, or, on a server without e-mail, that they do not.
import { useEffect } from 'preact/hooks';
import { loadMailConfigured, mailConfigured } from '../models/mail.js';

export function ContactNote() {
  useEffect(() => loadMailConfigured(), []);
  if (mailConfigured.value === null) return null;
  return (
    <p class="msg-body muted" data-testid="contact-mail">
      {mailConfigured.value
        ? 'Your public replies are e-mailed to this address while the visitor is away.'
        : 'This server sends no e-mail: the visitor reads your replies only when they come back to the chat.'}
    </p>
  );
}
