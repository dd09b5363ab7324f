// How sure the offline answerer is (docs/knowledge.md "Answers"): one of three outcomes, from a
// probability that retrieval's best section is the right one. The probability is a logistic model
// over the signals of features.ts, several of them relative to this knowledge base's own
// calibration (knowledge/calibration.ts); its weights and thresholds come from
// decision-model.json, fitted by eval/fit-decision.ts on the eval's tuning questions only.
//   - answer:      the probability reaches `answerAt`, or it reaches `suggestAt` and the best page
//                  is the only one plausibly about the question;
//   - suggestions: it reaches `suggestAt` and two or three pages are: "these sections look related";
//   - no_answer:   below, or the question's concepts are unknown here, or it names something
//                  (a product, tool or format) that none of the pages found mentions (names.ts).
// Never a confident answer when the question names something the knowledge lacks, or when its one
// concept is not the best section's topic.
import type { Passage, QueryConcept } from '../../knowledge/types.js';
import { analyze } from '../../knowledge/analysis/analyzer.js';
import { detectLanguage, type Language } from '../../knowledge/analysis/language.js';
import { coverageOf, features, FEATURES, type Features } from './features.js';
import { aboutNames, firstPages } from './names.js';
import model from './decision-model.json' with { type: 'json' };

export { covered } from './features.js';

export type Outcome = 'answer' | 'suggestions' | 'no_answer';

export interface DecisionOptions {
  /** A weight per feature (a missing one counts 0). */
  weights: Readonly<Partial<Record<keyof Features, number>>>;
  /** Probability for a confident answer. */
  answerAt: number;
  /** Probability from which related sections are suggested; below it, the plain no-answer. */
  suggestAt: number;
  /**
   * A page is suggested only when its best section covers at least this share of what the best
   * covering section does: a page matching one incidental word is no suggestion.
   */
  plausible: number;
}

export const DEFAULT_DECISION: DecisionOptions = { weights: model.weights, answerAt: model.answerAt, suggestAt: model.suggestAt, plausible: model.plausible ?? 0 };

export interface Decision {
  outcome: Outcome;
  language: Language;
  concepts: QueryConcept[];
  /** Best first: the passage to answer from, or the sections to suggest. */
  passages: Passage[];
  /** Probability that the best section answers the question. */
  probability: number;
  features: Features | null;
}

/** The question's concepts: from retrieval when it ran, else from the question itself (equal weights). */
function conceptsOf(question: string, passages: Passage[]): { concepts: QueryConcept[]; language: Language } {
  const fromIndex = passages.find((p) => p.relevance?.concepts)?.relevance;
  if (fromIndex?.concepts) return { concepts: fromIndex.concepts, language: fromIndex.query_language ?? detectLanguage(question) };
  const language = detectLanguage(question);
  const seen = new Set<string>();
  const concepts: QueryConcept[] = [];
  for (const t of analyze(question, language)) {
    if (seen.has(t)) continue;
    seen.add(t);
    concepts.push({ word: t, terms: [t], idf: 1, known: true });
  }
  return { concepts, language };
}

export function probability(f: Features, weights: DecisionOptions['weights']): number {
  let z = 0;
  for (const name of FEATURES) z += (weights[name] ?? 0) * f[name];
  return 1 / (1 + Math.exp(-z));
}

/**
 * Whether measuring `stability` (stability.ts: one search per concept) could change whether the
 * answer is confident: `answerAt` lies between the probability with stability 0 and with stability
 * 1. Otherwise the neutral value gives the same confident-or-not outcome as the measured one would.
 * Suggestions against a plain no-answer (`suggestAt`, not fitted) do not pay for searches: both
 * offer the handoff, and off-topic questions, the most common there, would pay the most.
 */
export function stabilityMatters(d: Decision, options: DecisionOptions = DEFAULT_DECISION): boolean {
  const w = options.weights.stability ?? 0;
  if (!d.features || w === 0) return false;
  const low = probability({ ...d.features, stability: 0 }, options.weights);
  const high = probability({ ...d.features, stability: 1 }, options.weights);
  return Math.min(low, high) < options.answerAt && options.answerAt <= Math.max(low, high);
}

/** `stability`: the measured signal (stability.ts) when the caller has it, else the neutral value. */
export function decide(question: string, passages: Passage[], options: DecisionOptions = DEFAULT_DECISION, stability?: number): Decision {
  const { concepts, language } = conceptsOf(question, passages);
  const base = { language, concepts };
  const none = (f: Features | null, p = 0): Decision => ({ ...base, outcome: 'no_answer', passages: [], probability: p, features: f });
  if (passages.length === 0 || concepts.length === 0 || !concepts.some((c) => c.known)) return none(null);
  const f = features(concepts, passages, language, stability);
  const p = probability(f, options.weights);
  // A section that does not mention what the question names ("with Litestream") is not about it;
  // when no section of the first pages found does, nothing here is (names.ts).
  const about = aboutNames(question, concepts, language);
  if (!firstPages(passages).some(about)) return none(f, p);
  // A name the knowledge lacks ("Okta") is never a paraphrase: no confident answer around it.
  const foreign = concepts.some((c) => !c.known && c.foreign);
  // A one-concept question ("pricing?") is answered by a section about it, not one mentioning it.
  const offTopic = f.oneConcept === 1 && f.title === 0;
  if (p >= options.answerAt && !foreign && !offTopic && about(passages[0]!)) return { ...base, outcome: 'answer', passages: [leadSection(concepts, passages.filter(about))], probability: p, features: f };
  if (p < options.suggestAt) return none(f, p);
  // Up to three pages, each by its best section, each plausibly about the question.
  const pages: Passage[] = [];
  for (const s of firstPages(passages).filter(about)) if (!pages.some((r) => r.source_id === s.source_id)) pages.push(s);
  const coverages = pages.map((s) => coverageOf(concepts, s));
  const best = Math.max(0, ...coverages);
  const related = pages.filter((_, i) => coverages[i]! > 0 && coverages[i]! >= options.plausible * best).map((s) => leadSection(concepts, [s, ...passages.filter(about)]));
  if (related.length === 0) return none(f, p);
  // Suggestions are for two or three pages that are each plausibly right. When the best page is the
  // only one (the others cover less than half of what it does: "my kettle broke after a year" on a
  // shop site of five pages) and its section covers at least half of the question, it leads by a
  // clear margin: its answer, not a list of one link. Below half, one page matching a word or two
  // ("What is your refund policy?" on a framework's manual) is no answer.
  const [only] = related;
  if (related.length === 1 && only!.source_id === passages[0]!.source_id && coverageOf(concepts, passages[0]!) >= SINGLE_COVERAGE && !foreign && !offTopic)
    return { ...base, outcome: 'answer', passages: [leadSection(concepts, passages.filter(about))], probability: p, features: f };
  return { ...base, outcome: 'suggestions', passages: related, probability: p, features: f };
}

/** Share of the question (IDF-weighted) the only plausible page's best section covers to be the answer. */
const SINGLE_COVERAGE = 0.5;

/** A chunk's place on its page (`<source>:<n>`); unknown ones sort last. */
const order = (p: Passage) => Number(/:(\d+)$/.exec(p.chunk_id)?.[1] ?? Infinity);

/**
 * The section to answer from: the best one, or an earlier section of the same page that covers the
 * question as well. A page's first section says what the page is about ("Every kettle comes with a
 * two-year warranty"); a later one that merely repeats the word in its heading ("What the warranty
 * does not cover") answers "How long is the warranty?" with what is not covered.
 */
export function leadSection(concepts: readonly QueryConcept[], passages: readonly Passage[]): Passage {
  const top = passages[0]!;
  const need = coverageOf(concepts, top) - 1e-9;
  let chosen = top;
  for (const p of passages) if (p.source_id === top.source_id && order(p) < order(chosen) && coverageOf(concepts, p) >= need) chosen = p;
  return chosen;
}
