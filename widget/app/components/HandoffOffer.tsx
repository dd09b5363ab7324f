// offer_handoff (spec 2.9): the AI offers a transfer; the visitor reviews what happens and confirms
// before anything is escalated. Two steps: the offer button opens a review with Confirm / Not now.
// Once answered the server posts a note ("You asked to talk to a person…"), shown in the log.
import { useState } from 'preact/hooks';
import { strings } from '../strings.js';

export function HandoffOffer(props: { answered: boolean; active: boolean; onRespond(accept: boolean): void }) {
  const [reviewing, setReviewing] = useState(false);
  if (props.answered || !props.active) return null;
  if (!reviewing) {
    return (
      <button type="button" class="btn btn-secondary handoff-offer" onClick={() => setReviewing(true)}>
        {strings.handoffOffer}
      </button>
    );
  }
  return (
    <div class="handoff" role="group" aria-label={strings.handoffTitle}>
      <strong>{strings.handoffTitle}</strong>
      <p>{strings.handoffExplain}</p>
      <div class="row">
        <button type="button" class="btn handoff-confirm" onClick={() => props.onRespond(true)}>
          {strings.handoffConfirm}
        </button>
        <button type="button" class="btn btn-secondary handoff-cancel" onClick={() => props.onRespond(false)}>
          {strings.handoffCancel}
        </button>
      </div>
    </div>
  );
}
