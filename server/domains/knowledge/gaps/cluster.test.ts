// Which questions are gaps (collect.ts) and how they group (cluster.ts), on hand-made conversations.
import { describe, expect, it } from 'vitest';
import type { ConversationRecord, Message } from '../../../../shared/schemas/entities.js';
import { gapQuestions, type GapQuestion } from './collect.js';
import { groupQuestions, summarize } from './cluster.js';

let n = 0;
const id = () => `019a0000-0000-7000-8000-${String(++n).padStart(12, '0')}`;
const at = (daysAgo: number) => new Date(Date.UTC(2026, 0, 31) - daysAgo * 86_400_000).toISOString();

function msg(role: Message['role'], content: string, extra: Partial<Message> = {}): Message {
  return { id: id(), conversation_id: 'c', seq: n, role, type: 'message', content, client_id: null, sources: [], labels: [], created_at: at(1), ...extra };
}

function conversation(messages: Message[], extra: Partial<ConversationRecord> = {}): ConversationRecord {
  return { id: id(), hidden: false, spam: false, messages, ...extra } as ConversationRecord;
}

describe('gapQuestions', () => {
  it('takes the question before an unsure reply, and the last real question before a handover', () => {
    const unsure = msg('user', 'Do you ship to Iceland?');
    const asked = msg('user', 'How much is the gift wrapping?');
    const c = conversation([
      msg('user', 'How do I reset my password?'),
      msg('assistant', 'Go to Settings [1]', { outcome: 'answer' }),
      unsure,
      msg('assistant', 'I could not find…', { outcome: 'no_answer' }),
      asked,
      msg('assistant', 'These look related…', { outcome: 'answer' }),
      msg('user', 'I want to talk to a human please'),
      msg('assistant', 'Status: active → escalated', { type: 'note', labels: ['status', 'status:escalated'] }),
    ]);
    expect(gapQuestions(c).map((q) => [q.text, q.reason])).toEqual([
      ['Do you ship to Iceland?', 'no_answer'],
      ['How much is the gift wrapping?', 'handover'],
    ]);
  });

  it('counts no request for a person, nothing without content words, and nothing of hidden or spam conversations', () => {
    const human = [msg('user', 'Can I talk to a real person?'), msg('assistant', 'Shall I …', { outcome: 'no_answer' })];
    const empty = [msg('user', '???'), msg('assistant', 'Sorry', { outcome: 'no_answer' })];
    expect(gapQuestions(conversation(human))).toEqual([]);
    expect(gapQuestions(conversation(empty))).toEqual([]);
    const real = [msg('user', 'Do you ship to Iceland?'), msg('assistant', 'Sorry', { outcome: 'suggestions' })];
    expect(gapQuestions(conversation(real, { spam: true }))).toEqual([]);
    expect(gapQuestions(conversation(real, { hidden: true }))).toEqual([]);
    expect(gapQuestions(conversation(real))).toHaveLength(1);
  });
});

describe('groupQuestions', () => {
  const q = (text: string, daysAgo = 1, conversation_id = id()): GapQuestion => ({ message_id: id(), conversation_id, text, created_at: at(daysAgo), reason: 'no_answer' });

  it('groups the same question in other words and keeps different ones apart', () => {
    const questions = [
      q('How do I cancel my order?', 20),
      q('Do you ship to Iceland?', 9),
      q('cancel an order', 8),
      q('How do I cancel my subscription?', 6),
      q('Is shipping to Iceland possible?', 3),
      q('Cancelling orders, how?', 2),
      q('how do i cancel my order', 1),
    ];
    const groups = groupQuestions(questions).map((g) => g.questions.map((x) => x.text));
    expect(groups).toEqual([
      ['How do I cancel my order?', 'cancel an order', 'Cancelling orders, how?', 'how do i cancel my order'],
      ['Do you ship to Iceland?', 'Is shipping to Iceland possible?'],
      ['How do I cancel my subscription?'],
    ]);
  });

  it('summarises a group: most frequent phrasing, all phrasings, counts, trend and examples', () => {
    const c1 = id();
    const questions = [q('How do I cancel my order?', 12, c1), q('cancel an order', 10), q('How do I cancel my order', 5), q('how do I cancel my order?', 2), q('Cancel order', 1, c1)];
    const [group] = groupQuestions(questions);
    const s = summarize(group!, new Date(Date.UTC(2026, 0, 31)));
    expect(s).toMatchObject({
      id: questions[0]!.message_id,
      question: 'how do I cancel my order?',
      phrasings: [
        { text: 'how do I cancel my order?', count: 3 },
        { text: 'Cancel order', count: 1 },
        { text: 'cancel an order', count: 1 },
      ],
      count: 5,
      conversation_count: 4,
      reasons: { no_answer: 5, suggestions: 0, handover: 0 },
      trend: { last_7_days: 3, previous_7_days: 2, direction: 'rising' },
      first_seen_at: at(12),
      last_seen_at: at(1),
    });
    expect(s.conversation_ids[0]).toBe(c1);
    expect(s.conversation_ids).toHaveLength(4);
    expect(s.message_ids).toEqual(questions.map((x) => x.message_id));
  });
});
