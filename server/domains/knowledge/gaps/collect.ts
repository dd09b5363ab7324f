// Which visitor questions are knowledge gaps (docs/knowledge.md "Knowledge gaps"): those the AI did
// not answer confidently, read from the outcome stored on its reply (docs/knowledge.md "Answers":
// `suggestions` or `no_answer`), and the last question before a handover to a person (an escalation's
// status note or the AI's handover note, docs/operators.md "Handover"). A request for a person in
// plain words is no question about the knowledge, so it never counts, nor does a message without a
// content word ("ok", "???").
import type { ConversationRecord, Message } from '../../../../shared/schemas/entities.js';
import { asksForHuman } from '../../agent/human-request.js';
import { filesOnly } from '../../agent/file-note.js';
import { analyze, tokenize } from '../analysis/analyzer.js';
import { detectLanguage } from '../analysis/language.js';

export type GapReason = 'suggestions' | 'no_answer' | 'handover';

export interface GapQuestion {
  message_id: string;
  conversation_id: string;
  text: string;
  created_at: string;
  reason: GapReason;
}

/** The terms a question is compared on: the knowledge's own analysis (stop words out, stemmed), else its plain words. */
export function questionTerms(text: string): string[] {
  const terms = analyze(text, detectLanguage(text));
  return terms.length ? terms : tokenize(text);
}

const isQuestion = (m: Message) => m.role === 'user' && m.type === 'message';
/** A point where the conversation went to a person: the escalation's status note, or the AI's handover note. */
const isHandover = (m: Message) => m.type === 'handover' || (m.type === 'note' && m.labels.includes('status:escalated'));
const unsure = (m: Message): 'suggestions' | 'no_answer' | null =>
  m.role === 'assistant' && m.type === 'message' && (m.outcome === 'suggestions' || m.outcome === 'no_answer') ? m.outcome : null;

/** Whether a visitor message asks something the knowledge could answer (files alone carry only their names). */
const worthAsking = (m: Message) => !filesOnly(m) && !asksForHuman(m.content) && questionTerms(m.content).length > 0;

/** The gap questions of one conversation, oldest first; hidden, spam and simulated conversations have none. */
export function gapQuestions(record: ConversationRecord): GapQuestion[] {
  if (record.hidden || record.spam || record.simulation) return [];
  const found = new Map<string, GapQuestion>();
  const add = (m: Message, reason: GapReason) => {
    if (!found.has(m.id)) found.set(m.id, { message_id: m.id, conversation_id: record.id, text: m.content.replace(/\s+/g, ' ').trim(), created_at: m.created_at, reason });
  };
  const { messages } = record;
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    const outcome = unsure(m);
    if (!outcome && !isHandover(m)) continue;
    // The visitor's last question before this reply or handover (a plain request for a person is skipped over).
    for (let j = i - 1; j >= 0; j--) {
      const q = messages[j]!;
      if (!isQuestion(q)) continue;
      if (worthAsking(q)) add(q, outcome ?? 'handover');
      if (outcome || worthAsking(q)) break;
    }
  }
  return [...found.values()].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.message_id.localeCompare(b.message_id));
}
