// The retrieval query for a turn: the latest user message, plus the previous user message when the
// latest is a short follow-up ("and in production?") that cannot stand on its own.
import type { HistoryTurn } from './provider.js';
import { contentTerms } from './offline/text.js';

const FOLLOW_UP_TERMS = 3;

export function retrievalQuery(question: string, history: HistoryTurn[]): string {
  if (contentTerms(question).length >= FOLLOW_UP_TERMS) return question;
  const previous = history.findLast((t) => t.role === 'user');
  return previous ? `${previous.content} ${question}` : question;
}
