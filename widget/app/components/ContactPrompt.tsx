// Handoff with nobody of the team online (docs/operators.md): the visitor leaves an e-mail to be
// answered later. Shown under the note that asks for it until the server confirms it was saved.
import { useState } from 'preact/hooks';
import { strings } from '../strings.js';

/** `away`: the note is the business-hours one (it says the team is away and when it is back). */
export function ContactPrompt(props: { onSend(email: string): boolean; away?: boolean }) {
  const [sent, setSent] = useState(false);
  return (
    <form
      class="contact"
      onSubmit={(e) => {
        e.preventDefault();
        // Read from the field itself: the browser validated it (type=email, required).
        const email = ((e.currentTarget as HTMLFormElement).elements.namedItem('email') as HTMLInputElement).value.trim();
        if (email) setSent(props.onSend(email));
      }}
    >
      {/* Outside business hours the note above already asks for the e-mail and says when the team is back. */}
      {!props.away && <p class="contact-title">{strings.contactTitle}</p>}
      <label>
        <span class="sr-only">{strings.contactLabel}</span>
        <input name="email" type="email" required autocomplete="email" placeholder={strings.contactLabel} disabled={sent} />
      </label>
      <button type="submit" disabled={sent}>
        {strings.contactSend}
      </button>
    </form>
  );
}
