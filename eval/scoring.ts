// Scores the eval's replies by their citations (docs/eval.md). Pure functions, no I/O, so
// tests/eval/scoring.test.ts pins every rule down.
//
// A reply's outcome (the message's `outcome` field, docs/api.md):
//   "answer"      a confident answer citing its sources
//   "suggestions" not sure; `sources` are sections that look related
//   "no_answer"   plain no-answer with the handoff offer
// A message stored without `outcome` reads as "no_answer" when it offers a handoff, else "answer".

import type { MessageOutcome } from '../shared/schemas/entities.js';

export type Outcome = MessageOutcome;

/** The parts of a generate response the eval looks at. */
export interface Reply {
  message: { outcome?: Outcome | null; offer_handoff?: boolean | null };
  sources: { url: string | null }[];
}

export function outcomeOf(message: Reply['message']): Outcome {
  if (message.outcome) return message.outcome;
  return message.offer_handoff ? 'no_answer' : 'answer';
}

/**
 * A cited URL as a page path relative to the set's base URL: fragment and query dropped (pages are
 * compared, not sections), a trailing "/" read as its index.html. Null for a URL outside the set.
 */
export function pageOf(url: string | null | undefined, baseUrl: string): string | null {
  if (!url) return null;
  let page = url.replace(/[#?].*$/, '');
  if (!page.startsWith(baseUrl)) return null;
  page = decodeURIComponent(page.slice(baseUrl.length));
  if (page === '' || page.endsWith('/')) page += 'index.html';
  return page;
}

/** The first n distinct pages among ranked URLs (several passages of one page count once). */
export function topPages(urls: (string | null | undefined)[], baseUrl: string, n: number): string[] {
  const pages: string[] = [];
  for (const url of urls) {
    const page = pageOf(url, baseUrl);
    if (page !== null && !pages.includes(page)) pages.push(page);
    if (pages.length === n) break;
  }
  return pages;
}

/** The scored reply to one question. */
export interface Score {
  answerable: boolean;
  outcome: Outcome;
  /** Answerable, confident, and citing at least one right page. */
  answered: boolean;
  /** Answerable, confident, but citing no right page (only wrong pages, or none). Never counts as answered. */
  wrong: boolean;
  /** Answered, or a right page among the suggestions. */
  useful: boolean;
  /** A right page among the first three distinct pages of the reply's sources (whatever the outcome). */
  cited3: boolean;
  /** Unanswerable and given no confident answer. */
  refused: boolean;
  /** Distinct pages the reply's sources point at, in order. */
  cited: string[];
}

/** Scores one reply against the pages that answer the question (empty = unanswerable). */
export function scoreReply(reply: Reply, rightPages: string[], baseUrl: string): Score {
  const outcome = outcomeOf(reply.message);
  const pages = reply.sources.map((s) => pageOf(s.url, baseUrl));
  const cited = [...new Set(pages.filter((p): p is string => p !== null))];
  const right = (p: string | null) => p !== null && rightPages.includes(p);
  const answerable = rightPages.length > 0;
  const citesRight = pages.some(right);
  const answered = answerable && outcome === 'answer' && citesRight;
  return {
    answerable,
    outcome,
    answered,
    wrong: answerable && outcome === 'answer' && !citesRight,
    useful: answered || (answerable && outcome === 'suggestions' && citesRight),
    cited3: answerable && cited.slice(0, 3).some(right),
    refused: !answerable && outcome !== 'answer',
    cited,
  };
}

/** Counts over a group of scored questions. */
export interface Tally {
  answerable: number;
  unanswerable: number;
  answered: number;
  wrong: number;
  useful: number;
  /** Answerable questions with a right page in the top 3 retrieved (the knowledge search API, see run.ts). */
  hit3: number;
  /**
   * Answerable questions whose first retrieved page is a right one: the ceiling of the confident
   * answers, which cite the best section (docs/eval.md "Scoring").
   */
  top1: number;
  /** Answerable questions with a right page among the first three distinct pages the reply cites. */
  cited3: number;
  /** Of the `top1` questions, those answered confidently citing a right page (≥ 0.75 wanted). */
  top1Answered: number;
  refused: number;
  /** Unanswerable questions given the plain no-answer: no suggestions, which would be unrelated. */
  plain: number;
  latenciesMs: number[];
}

export const emptyTally = (): Tally => ({
  answerable: 0,
  unanswerable: 0,
  answered: 0,
  wrong: 0,
  useful: 0,
  hit3: 0,
  top1: 0,
  cited3: 0,
  top1Answered: 0,
  refused: 0,
  plain: 0,
  latenciesMs: [],
});

/**
 * Adds a scored reply; `retrievedHit3`: a right page was among the top 3 retrieved for the question;
 * `retrievedTop1`: the first retrieved page was a right one.
 */
export function addScore(t: Tally, s: Score, extra: { latencyMs: number; retrievedHit3?: boolean; retrievedTop1?: boolean }): void {
  if (s.answerable) {
    t.answerable++;
    if (s.answered) t.answered++;
    if (s.wrong) t.wrong++;
    if (s.useful) t.useful++;
    if (extra.retrievedHit3) t.hit3++;
    if (extra.retrievedTop1) t.top1++;
    if (extra.retrievedTop1 && s.answered) t.top1Answered++;
    if (s.cited3) t.cited3++;
  } else {
    t.unanswerable++;
    if (s.refused) t.refused++;
    if (s.outcome === 'no_answer') t.plain++;
  }
  t.latenciesMs.push(extra.latencyMs);
}

export function mergeTallies(tallies: Tally[]): Tally {
  const all = emptyTally();
  for (const t of tallies) {
    for (const k of ['answerable', 'unanswerable', 'answered', 'wrong', 'useful', 'hit3', 'top1', 'cited3', 'top1Answered', 'refused', 'plain'] as const) all[k] += t[k];
    all.latenciesMs.push(...t.latenciesMs);
  }
  return all;
}

/** Median (the lower middle value for an even count); NaN when empty. */
export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

const rate = (n: number, d: number) => (d === 0 ? 'n/a' : (n / d).toFixed(3));

/** One report line for a group: counts, then key=value rates. */
export function tallyLine(label: string, t: Tally): string {
  return (
    `${label}: ${t.answerable} answerable + ${t.unanswerable} not; ` +
    `hit3=${rate(t.hit3, t.answerable)} top1=${rate(t.top1, t.answerable)} cited3=${rate(t.cited3, t.answerable)} ` +
    `answer_rate=${rate(t.answered, t.answerable)} wrong_answer_rate=${rate(t.wrong, t.answerable)} ` +
    `useful_rate=${rate(t.useful, t.answerable)} refusal_rate=${rate(t.refused, t.unanswerable)} ` +
    `top1_answer_rate=${rate(t.top1Answered, t.top1)} no_answer_rate=${rate(t.plain, t.unanswerable)} ` +
    `p50_ms=${t.latenciesMs.length ? Math.round(median(t.latenciesMs)) : 'n/a'}`
  );
}

/** The headline: `hit3=… answer_rate=… wrong_answer_rate=… useful_rate=… refusal_rate=… en_answer_rate=… xx_answer_rate=… p50_ms=…`. */
export function headline(all: Tally, en: Tally, xx: Tally): string {
  return (
    `hit3=${rate(all.hit3, all.answerable)} answer_rate=${rate(all.answered, all.answerable)} ` +
    `wrong_answer_rate=${rate(all.wrong, all.answerable)} useful_rate=${rate(all.useful, all.answerable)} ` +
    `refusal_rate=${rate(all.refused, all.unanswerable)} en_answer_rate=${rate(en.answered, en.answerable)} ` +
    `xx_answer_rate=${rate(xx.answered, xx.answerable)} p50_ms=${all.latenciesMs.length ? Math.round(median(all.latenciesMs)) : 'n/a'}`
  );
}
