// Which operator replies of a conversation offer "Save as snippet" (docs/knowledge.md "Knowledge
// gaps"): a public reply that answers a visitor question the AI could not answer confidently. The
// question is the first one since the AI's last confident answer whose AI reply was `suggestions` or
// `no_answer` (a later "a person, please" gets an unsure reply too, the handoff offer, but is not
// the question); every public reply of the team until the AI answers confidently again offers it.
import type { Message } from '../../shared/schemas/entities.js';

/** Reply id → the visitor's question it answers. */
export function snippetCandidates(messages: readonly Message[]): Map<string, Message> {
  const out = new Map<string, Message>();
  let lastQuestion: Message | null = null;
  let open: Message | null = null;
  for (const m of messages) {
    if (m.type !== 'message') continue;
    if (m.role === 'user') lastQuestion = m;
    else if (m.role === 'assistant') {
      if (m.outcome === 'suggestions' || m.outcome === 'no_answer') open ??= lastQuestion;
      else if (m.outcome === 'answer') open = null;
    } else if (open) out.set(m.id, open);
  }
  return out;
}
