// What the answer decision looks at (decision.ts, docs/knowledge.md "Answers"): signals of the
// question against retrieval's best passages, each scaled to about 0..1, several of them relative
// to this knowledge base's calibration (knowledge/calibration.ts) rather than absolute.
import type { Passage, QueryConcept } from '../../knowledge/types.js';
import { analysedTerms } from './terms-cache.js';
import { relativeStrength, strength } from '../../knowledge/calibration.js';
import { NEUTRAL_STABILITY } from './stability.js';

export const FEATURES = ['bias', 'coverage', 'known', 'unknown', 'margin', 'strength', 'top1', 'title', 'crossLingual', 'oneConcept', 'rare', 'lead', 'agreement', 'stability'] as const;
export type Features = Record<(typeof FEATURES)[number], number>;

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

export const passageTerms = (p: Passage, withText = true) =>
  analysedTerms([p.title, ...p.headings, p.question ?? '', withText ? p.text : ''].join('\n'), p.language ?? 'en');

export const coverageOf = (concepts: readonly QueryConcept[], p: Passage) =>
  p.relevance?.concepts ? p.relevance.coverage : covered(concepts, passageTerms(p));

const logit = (p: number) => Math.log(Math.max(0.02, Math.min(0.98, p)) / (1 - Math.max(0.02, Math.min(0.98, p))));

/**
 * Signals for `passages` (best first, at least one) and the question's concepts:
 *   coverage      share of the known concepts the best section covers (IDF-weighted);
 *   known         share of the question's concepts the knowledge base knows at all;
 *   unknown       words the knowledge base never uses, beyond one tolerated among several known;
 *   margin        how far the best page leads the next page (log of the fused-score ratio);
 *   strength      the best passage's BM25 relative to this base's calibration (0 = typical
 *                 off-topic query, 1 = typical answerable one);
 *   top1          how often this base's own pseudo-questions find their page first (log-odds);
 *   title         share of the concepts in the best section's title and headings;
 *   crossLingual  the question is in another language than the section;
 *   oneConcept    a single known concept (a topic, not a question);
 *   rare          the best section has the question's rarest known concept (its most telling word);
 *   lead          how much more of the question the best page covers than the next page;
 *   agreement     share of the other retrieved passages that come from the best passage's page;
 *   stability     share of the question's words that can be left out with the best page still
 *                 among the first three (stability.ts); NEUTRAL_STABILITY when not measured.
 */
export function features(concepts: readonly QueryConcept[], passages: readonly Passage[], language: string, stability = NEUTRAL_STABILITY): Features {
  const top = passages[0]!;
  let mass = 0;
  let knownMass = 0;
  for (const c of concepts) {
    mass += c.idf;
    if (c.known) knownMass += c.idf;
  }
  const known = mass ? knownMass / mass : 0;
  const knownCount = concepts.filter((c) => c.known).length;
  const unknownCount = concepts.length - knownCount;
  const coverage = known > 0 ? Math.min(1, coverageOf(concepts, top) / known) : 0;
  const otherPage = passages.find((p) => p.source_id !== top.source_id);
  const ratio = otherPage && otherPage.score > 0 ? top.score / otherPage.score : Infinity;
  const calibration = top.relevance?.calibration;
  let rarest: QueryConcept | undefined;
  for (const c of concepts) if (c.known && (!rarest || c.idf > rarest.idf)) rarest = c;
  const termsOfTop = passageTerms(top);
  return {
    bias: 1,
    coverage,
    known,
    unknown: Math.max(0, unknownCount - (knownCount >= 2 ? 1 : 0)),
    margin: Math.min(1, Math.log(ratio) / Math.log(2)),
    strength: calibration ? relativeStrength(strength(passages), calibration) : 0,
    top1: calibration ? logit(calibration.top1) : 0,
    title: known > 0 ? Math.min(1, covered(concepts, passageTerms(top, false)) / known) : 0,
    crossLingual: top.language && top.language !== language ? 1 : 0,
    oneConcept: knownCount === 1 ? 1 : 0,
    rare: rarest ? covered([rarest], termsOfTop) : 0,
    lead: known > 0 && otherPage ? Math.max(-1, Math.min(1, (coverageOf(concepts, top) - coverageOf(concepts, otherPage)) / known)) : known > 0 ? coverage : 0,
    // Fewer than three passages (a base of a few snippets) cannot show agreement either way: neutral.
    agreement: passages.length >= 3 ? passages.slice(1).filter((p) => p.source_id === top.source_id).length / (passages.length - 1) : 0.5,
    stability,
  };
}
