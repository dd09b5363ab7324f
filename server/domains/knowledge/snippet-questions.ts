// A snippet's alternative questions (docs/knowledge.md "Knowledge gaps"): other phrasings of its FAQ
// question, usually the visitors' own words. Each is indexed as a chunk of its own that carries the
// phrasing as its question and the snippet's answer as its text, so retrieval finds the snippet by
// any phrasing (question field, boosted, and the chunk's vector) and the offline answerer's direct FAQ
// match compares the visitor's words with every phrasing, not only the first one.
import type { ChunkDraft } from './chunker.js';

/** Most alternative phrasings one snippet keeps (api-schemas.ts allows the same). */
export const MAX_ALTERNATIVES = 50;

const key = (q: string) => q.normalize('NFKC').toLowerCase().replace(/[\s?!.¿¡]+/g, ' ').trim();

/** Trimmed, blank ones and repeats (of each other or of `question`, ignoring case and punctuation) dropped. */
export function cleanAlternatives(question: string | null, alternatives: readonly string[] | undefined): string[] {
  const seen = new Set(question ? [key(question)] : []);
  const out: string[] = [];
  for (const raw of alternatives ?? []) {
    const q = raw.replace(/\s+/g, ' ').trim();
    const k = key(q);
    if (!k || seen.has(k)) continue;
    seen.add(k);
    out.push(q);
    if (out.length === MAX_ALTERNATIVES) break;
  }
  return out;
}

/**
 * The chunks of a snippet: its answer's own, then one per alternative question with the answer's
 * first chunk as text (a direct FAQ answer quotes one chunk, the first, whichever phrasing matched).
 */
export function withAlternativeChunks(drafts: ChunkDraft[], alternatives: readonly string[] | undefined): (ChunkDraft & { question?: string })[] {
  const first = drafts[0];
  if (!first || !alternatives?.length) return drafts;
  return [...drafts, ...alternatives.map((question) => ({ ...first, question }))];
}
