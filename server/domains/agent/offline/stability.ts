// The `stability` signal of the answer decision (features.ts, docs/knowledge.md "Answers"): does the
// best page stay on top when the question loses one of its words? A query-perturbation check, a
// known predictor of retrieval quality: when the right page was found, it was found by the question
// as a whole, so leaving out any one word still finds it among the first pages; a page that won on
// one incidental word ("later", "switch") drops away as soon as that word is gone.
// It costs one search per concept, so the decision asks for it only when it could change the
// outcome (decision.ts, stabilityMatters).
import type { Passage } from '../../knowledge/types.js';
import { escapeRegExp } from '../../../lib/regexp.js';

/** Pages a reduced question may list before the best page counts as lost. */
const PAGES = 3;
/**
 * Words left out at most, the rarest first: a long message must not cost a search per word. Every
 * tuning question of the eval has fewer (at most 11), so the fitted weight holds for the cap.
 */
export const MAX_PROBES = 12;
/** The value when it is not measured: no passages or concepts, or no search to ask (decision.ts). */
export const NEUTRAL_STABILITY = 0.5;

export type Search = (query: string) => Promise<Passage[]>;

/** The first `count` distinct sources of `passages`, best first. */
function topSources(passages: readonly Passage[], count: number): string[] {
  const out: string[] = [];
  for (const p of passages) {
    if (out.length >= count) break;
    if (!out.includes(p.source_id)) out.push(p.source_id);
  }
  return out;
}

/**
 * Share of the question's concepts whose word, left out of `query`, still finds the best page among
 * the first PAGES pages. A word that does not occur in the query as written (a folded or split form)
 * leaves it unchanged, and the page stays: it counts as kept without a search.
 */
export async function stability(query: string, passages: readonly Passage[], search: Search): Promise<number> {
  const best = passages[0];
  const all = best?.relevance?.concepts ?? [];
  if (!best || all.length === 0) return NEUTRAL_STABILITY;
  // One word: nothing can be left out, and the page was found by the question's only word.
  if (all.length === 1) return 1;
  const concepts = all.length <= MAX_PROBES ? all : [...all].sort((a, b) => b.idf - a.idf).slice(0, MAX_PROBES);
  let kept = 0;
  for (const c of concepts) {
    const reduced = query.replace(new RegExp(escapeRegExp(c.word), 'iu'), ' ');
    if (reduced === query || topSources(await search(reduced), PAGES).includes(best.source_id)) kept++;
  }
  return kept / concepts.length;
}
