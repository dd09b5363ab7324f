// Groups gap questions that ask the same thing (docs/knowledge.md "Knowledge gaps"), offline: each
// question is the set of its terms as the knowledge analyses them (its language's stop words and the
// words every support question carries out, Snowball stems), compared by cosine with each group's
// term vector (the sum of its questions'). Questions are taken oldest first and join the closest
// group at SIMILARITY or above, else start one; so a group's first question, whose message id names
// the group, stays its first while new questions arrive.
import { questionTerms, type GapQuestion, type GapReason } from './collect.js';

/**
 * Cosine a question needs with a group. Above one half: two two-word questions that share one word
 * ("cancel my order", "cancel my subscription") stay apart; "cancel an order" and "how do I cancel
 * orders" (the same stems) join.
 */
export const SIMILARITY = 0.55;
/** Conversations named per group. */
export const EXAMPLES = 5;
/** Phrasings listed per group, most frequent first (a snippet keeps at most 50 alternatives). */
export const MAX_PHRASINGS = 100;
const DAY = 86_400_000;

interface Draft {
  questions: GapQuestion[];
  terms: string[][];
  centroid: Map<string, number>;
  norm2: number;
}

function cosine(terms: string[], g: Draft): number {
  let dot = 0;
  for (const t of terms) dot += g.centroid.get(t) ?? 0;
  return g.norm2 === 0 ? 0 : dot / (Math.sqrt(terms.length) * Math.sqrt(g.norm2));
}

function join(g: Draft, q: GapQuestion, terms: string[]) {
  g.questions.push(q);
  g.terms.push(terms);
  for (const t of terms) {
    const c = g.centroid.get(t) ?? 0;
    g.norm2 += 2 * c + 1; // (c + 1)² − c²
    g.centroid.set(t, c + 1);
  }
}

/** Groups of questions, each in the order given (oldest first). */
export function groupQuestions(questions: readonly GapQuestion[], similarity = SIMILARITY): { questions: GapQuestion[]; terms: string[][] }[] {
  const groups: Draft[] = [];
  for (const q of questions) {
    const terms = [...new Set(questionTerms(q.text))];
    if (!terms.length) continue;
    let best: Draft | null = null;
    let bestSim = similarity;
    for (const g of groups) {
      const sim = cosine(terms, g);
      if (sim >= bestSim && (!best || sim > bestSim)) [best, bestSim] = [g, sim];
    }
    if (!best) groups.push((best = { questions: [], terms: [], centroid: new Map(), norm2: 0 }));
    join(best, q, terms);
  }
  return groups;
}

export interface GapSummary {
  id: string;
  question: string;
  phrasings: { text: string; count: number }[];
  count: number;
  conversation_count: number;
  reasons: Record<GapReason, number>;
  trend: { last_7_days: number; previous_7_days: number; direction: 'rising' | 'falling' | 'steady' };
  first_seen_at: string;
  last_seen_at: string;
  conversation_ids: string[];
  /** Every question of the group (not part of the API's answer): what answering or dismissing marks. */
  message_ids: string[];
}

/** One way of asking, whatever the case, spacing and closing punctuation. */
const phrasingKey = (text: string) => text.toLowerCase().replace(/[\s?!.¿¡]+$/u, '').replace(/\s+/g, ' ').trim();

/** A group as the API lists it: the visitors' most frequent phrasing first, counts, trend and examples. */
export function summarize(group: { questions: GapQuestion[] }, now: Date): GapSummary {
  const qs = group.questions;
  const phrasings = new Map<string, { text: string; count: number; last: string }>();
  for (const q of qs) {
    const key = phrasingKey(q.text);
    const p = phrasings.get(key);
    // The latest wording of a phrasing is shown (the questions come oldest first).
    phrasings.set(key, { text: q.text, count: (p?.count ?? 0) + 1, last: q.created_at });
  }
  const ranked = [...phrasings.values()].sort((a, b) => b.count - a.count || b.last.localeCompare(a.last));
  const reasons: Record<GapReason, number> = { no_answer: 0, suggestions: 0, handover: 0 };
  let last7 = 0;
  let prev7 = 0;
  for (const q of qs) {
    reasons[q.reason]++;
    const age = now.getTime() - Date.parse(q.created_at);
    if (age < 7 * DAY) last7++;
    else if (age < 14 * DAY) prev7++;
  }
  const recent = [...new Set(qs.map((q) => q.conversation_id).reverse())];
  return {
    id: qs[0]!.message_id,
    question: ranked[0]!.text,
    phrasings: ranked.slice(0, MAX_PHRASINGS).map(({ text, count }) => ({ text, count })),
    count: qs.length,
    conversation_count: recent.length,
    reasons,
    trend: { last_7_days: last7, previous_7_days: prev7, direction: last7 > prev7 ? 'rising' : last7 < prev7 ? 'falling' : 'steady' },
    first_seen_at: qs[0]!.created_at,
    last_seen_at: qs.at(-1)!.created_at,
    conversation_ids: recent.slice(0, EXAMPLES),
    message_ids: qs.map((q) => q.message_id),
  };
}
