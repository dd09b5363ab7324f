// Which team replies offer Save as snippet in the conversation view (dashboard/models/snippet-candidates.ts):
// those answering a visitor question the AI was unsure of, with that question, not a later request
// for a person; none once the AI answers confidently again.
import { describe, expect, it } from 'vitest';
import type { Message } from '../shared/schemas/entities.js';
import { snippetCandidates } from '../dashboard/models/snippet-candidates.js';

let seq = 0;
const msg = (role: Message['role'], content: string, extra: Partial<Message> = {}): Message => ({
  id: `m${++seq}`,
  conversation_id: 'c',
  seq,
  role,
  type: 'message',
  content,
  client_id: null,
  sources: [],
  labels: [],
  created_at: new Date(Date.UTC(2026, 0, 1, 0, seq)).toISOString(),
  ...extra,
});

describe('snippetCandidates', () => {
  it('pairs each team reply after an unsure AI reply with the question it was unsure of', () => {
    const q = msg('user', 'Do you ship to Iceland?');
    const human = msg('user', 'A person please');
    const note = msg('assistant', 'Anna joined', { type: 'note', labels: ['takeover'] });
    const first = msg('operator', 'Let me check.');
    const internal = msg('operator', 'ask logistics', { type: 'comment' });
    const second = msg('operator', 'Yes, within 5 days.');
    const messages = [msg('user', 'Hi'), msg('assistant', 'How can I help?', { outcome: 'answer' }), q, msg('assistant', 'Not sure…', { outcome: 'no_answer' }), human, msg('assistant', 'Shall I…', { outcome: 'no_answer' }), note, first, internal, second];
    const pairs = snippetCandidates(messages);
    expect([...pairs.entries()].map(([reply, question]) => [reply, question.content])).toEqual([
      [first.id, q.content],
      [second.id, q.content],
    ]);
  });

  it('offers nothing for a reply after a confident answer, or when the AI was never unsure', () => {
    const later = msg('operator', 'Anything else?');
    const messages = [msg('user', 'Shipping?'), msg('assistant', 'These look related', { outcome: 'suggestions' }), msg('user', 'Returns?'), msg('assistant', 'Returns take 30 days [1]', { outcome: 'answer' }), later];
    expect(snippetCandidates(messages).size).toBe(0);
    expect(snippetCandidates([msg('user', 'Prices?'), msg('operator', 'From 5 euros.')]).size).toBe(0);
  });
});
