// How sure the offline answerer is (docs/knowledge.md "Answers"): one of three outcomes, decided
// from retrieval's signals rather than from the share of the question's words one sentence holds.
//   - answer:      the best section covers (nearly) all of the question's concepts, the knowledge
//                  base knows every concept, and the best page stands out from the next one;
//   - suggestions: related sections exist but one of those is missing ("these look related");
//   - no_answer:   the question's concepts are mostly unknown here, or nothing covers them.
// Coverage is IDF-weighted over concepts (a word with its translations and corrections, see
// knowledge/analysis/query.ts), so chatty words the documents never use weigh little and a rare
// word that is missing ("SMS") weighs a lot.
import type { Passage, QueryConcept } from '../../knowledge/types.js';
import { analyze } from '../../knowledge/analysis/analyzer.js';
import { detectLanguage, type Language } from '../../knowledge/analysis/language.js';

export type Outcome = 'answer' | 'suggestions' | 'no_answer';

export interface DecisionOptions {
  /** Concept coverage of the best passage for a confident answer. */
  answerCoverage: number;
  /** Coverage that suffices when the best page leads the next one by `margin`. */
  marginCoverage: number;
  margin: number;
  /** Below this coverage nothing looks related. */
  relatedCoverage: number;
  /** Known concepts from which one unknown word in the question is tolerated. */
  toleratedFrom: number;
}

export const DEFAULT_DECISION: DecisionOptions = { answerCoverage: 0.8, marginCoverage: 0.65, margin: 1.4, relatedCoverage: 0.34, toleratedFrom: 2 };

export interface Decision {
  outcome: Outcome;
  language: Language;
  concepts: QueryConcept[];
  /** Best first: the passage to answer from, or the sections to suggest. */
  passages: Passage[];
  coverage: number;
  known: number;
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

/** IDF-weighted share of the concepts with a term in `terms`; a translation or correction earns its weight. */
export function covered(concepts: readonly QueryConcept[], terms: ReadonlySet<string>): number {
  let total = 0;
  let hit = 0;
  for (const c of concepts) {
    total += c.idf;
    let best = 0;
    c.terms.forEach((t, i) => {
      const w = c.weights?.[i] ?? 1;
      if (w > best && terms.has(t)) best = w;
    });
    hit += c.idf * best;
  }
  return total === 0 ? 0 : hit / total;
}

const passageTerms = (p: Passage, withText = true) =>
  new Set(analyze([p.title, ...p.headings, p.question ?? '', withText ? p.text : ''].join('\n'), p.language ?? 'en'));

export function decide(question: string, passages: Passage[], options: DecisionOptions = DEFAULT_DECISION): Decision {
  const { concepts, language } = conceptsOf(question, passages);
  const base = { language, concepts };
  if (passages.length === 0 || concepts.length === 0) return { ...base, outcome: 'no_answer', passages: [], coverage: 0, known: 0 };
  const coverageOf = (p: Passage) => (p.relevance?.concepts ? p.relevance.coverage : covered(concepts, passageTerms(p)));
  // Coverage among the concepts the knowledge knows: a word no chunk contains cannot be covered,
  // and visitors bring their own words ("website" for "site"). Unknown words are counted instead:
  // one among several known ones is tolerated, more mean the question is about something else.
  let mass = 0;
  let knownMass = 0;
  for (const c of concepts) {
    mass += c.idf;
    if (c.known) knownMass += c.idf;
  }
  const known = mass ? knownMass / mass : 0;
  const knownCount = concepts.filter((c) => c.known).length;
  const unknownCount = concepts.length - knownCount;
  // A name the knowledge lacks ("Okta") is never a paraphrase: no confident answer around it.
  const foreign = concepts.some((c) => !c.known && c.foreign);
  const top = passages[0];
  const coverage = known > 0 ? Math.min(1, coverageOf(top) / known) : 0;
  const otherPage = passages.find((p) => p.source_id !== top.source_id);
  const margin = otherPage && otherPage.score > 0 ? top.score / otherPage.score : Infinity;
  // One-concept questions ("pricing?") are answered by a section about it, not one mentioning it.
  const onTopic = knownCount > 1 || covered(concepts, passageTerms(top, false)) > 0;
  const confident =
    onTopic &&
    !foreign &&
    unknownCount <= (knownCount >= options.toleratedFrom ? 1 : 0) &&
    (coverage >= options.answerCoverage || (coverage >= options.marginCoverage && margin >= options.margin));
  if (confident) return { ...base, outcome: 'answer', passages: [top], coverage, known };
  if (knownCount === 0 || unknownCount > knownCount || coverage < options.relatedCoverage) return { ...base, outcome: 'no_answer', passages: [], coverage, known };
  const related: Passage[] = [];
  for (const p of passages) {
    if (related.length >= 3) break;
    if (related.some((r) => r.source_id === p.source_id)) continue;
    if (coverageOf(p) / known >= options.relatedCoverage * 0.75) related.push(p);
  }
  return { ...base, outcome: 'suggestions', passages: related, coverage, known };
}
