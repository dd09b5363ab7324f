// A conversation's status, and for an open one who has it: queued for a person (nobody of the team
// holds it yet) is not the same as held by one (format.ts holderText).
import type { Conversation } from '../../shared/schemas/entities.js';
import { holderText, STATUS_TEXT } from './format.js';

export function StatusChip({ c }: { c: Conversation }) {
  const who = holderText(c);
  return (
    <span class={`status status-${c.status}${who ? ` status-${who.holder}` : ''}`} title={who?.title}>
      {STATUS_TEXT[c.status]}
      {who && ` · ${who.text}`}
    </span>
  );
}
