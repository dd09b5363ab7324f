// The retrieval query for a turn: the latest user message on its own when it can stand alone, so a
// new question in a running conversation is read as asked; the previous user message joins it only
// for a short follow-up ("and in production?", "wie lange?") with fewer than two content words.
import type { HistoryTurn } from './provider.js';
import { contentWords } from '../knowledge/analysis/analyzer.js';
import { detectLanguage } from '../knowledge/analysis/language.js';

const FOLLOW_UP_WORDS = 2;

export function retrievalQuery(question: string, history: HistoryTurn[]): string {
  if (contentWords(question, detectLanguage(question)).length >= FOLLOW_UP_WORDS) return question;
  const previous = history.findLast((t) => t.role === 'user');
  return previous ? `${previous.content} ${question}` : question;
}
