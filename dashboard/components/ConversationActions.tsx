// The operator's main actions on one conversation, each with its shortcut: take over (the AI stops
// at once, also mid-answer) or release (back to the AI), resolve, summary, hide (permanent, asked first).
// Who holds the conversation decides which show (shared/holder.ts): waiting in the queue, take over
// and release; the AI's, take over; a person's, release.
import { useState } from 'preact/hooks';
import type { Conversation } from '../../shared/schemas/entities.js';
import { hide, release, requestSummary, setStatus, takeOver } from '../models/conversation.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { holderOf } from '../../shared/holder.js';

export function ConversationActions({ c, run, onHidden }: { c: Conversation; run: (action: () => Promise<unknown>, done?: string) => void; onHidden: () => void }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div class="actions" role="toolbar" aria-label="Conversation actions">
      {holderOf(c) === 'queue' && (
        <button type="button" class="btn btn-primary" onClick={() => run(takeOver, 'You took over: the conversation is yours.')} aria-keyshortcuts="t">
          Take over
        </button>
      )}
      {c.operator_active ? (
        <button type="button" class="btn" onClick={() => run(release, 'Released: the AI answers again.')} aria-keyshortcuts="l">
          Release to AI
        </button>
      ) : (
        <button type="button" class="btn btn-primary" onClick={() => run(takeOver, 'You took over: the AI is quiet.')} aria-keyshortcuts="t">
          Take over
        </button>
      )}
      {c.status !== 'resolved' ? (
        <button type="button" class="btn" onClick={() => run(() => setStatus('resolved'), 'Marked resolved.')} aria-keyshortcuts="s">
          Resolve
        </button>
      ) : (
        <button type="button" class="btn" onClick={() => run(() => setStatus('active'), 'Reopened.')} aria-keyshortcuts="s">
          Reopen
        </button>
      )}
      <button type="button" class="btn" onClick={() => run(requestSummary, 'Summary added.')} aria-keyshortcuts="m">
        Summary
      </button>
      <button type="button" class="btn btn-danger" onClick={() => setConfirming(true)}>
        Hide…
      </button>
      <ConfirmDialog
        open={confirming}
        title="Hide this conversation permanently?"
        confirmLabel="Hide permanently"
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          run(async () => {
            await hide();
            onHidden();
          }, 'Conversation hidden.');
        }}
      >
        <p>It disappears from every list and from the metrics. This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  );
}
