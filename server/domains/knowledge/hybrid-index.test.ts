// The hybrid index's postings budget (bench:retrieval): on a large index very common terms
// leave the BM25 query (most of its cost) but not the vector half or the answer's coverage signal.
import { describe, expect, it } from 'vitest';
import { HybridIndex, LEXICAL_BUDGET, type IndexedChunk } from './hybrid-index.js';
import { localEmbed } from './embedder.js';

const chunk = (source: string, text: string, title = source): IndexedChunk => ({
  id: `${source}:0`, source_id: source, title, url: null, question: null, headings: [], text, vector: localEmbed(`${title}\n${text}`),
});
const search = (index: HybridIndex, q: string, limit = 5) => index.search(q, localEmbed(q), { limit });

describe('HybridIndex', () => {
  it('scores a bounded number of postings: common terms leave the BM25 query of a large index, rarest kept', () => {
    const index = new HybridIndex(localEmbed('x').length);
    const many = (n: number, from = 0, word = 'widget') => {
      for (let i = from; i < from + n; i++) index.setSource(`s${i}`, [chunk(`s${i}`, `${word} entry ${i} describes setting number ${i}`)]);
    };
    many(1000);
    index.setSource('zebra', [chunk('zebra', 'The widget turns stripes on for the zebra theme.')]);
    // Within the budget of postings: every term is scored.
    expect(index.lexicalQuery('widget zebra')).toBe('widget zebra');
    // A term a large manual uses in every other chunk ("commit" in git's manual) is still what the
    // question is about: at 2201 chunks it stays in the BM25 query.
    many(1200, 1000);
    expect(index.lexicalQuery('widget zebra')).toBe('widget zebra');
    many(LEXICAL_BUDGET - 2200, 2200);
    // "widget" is now in more chunks than the budget: only the rare term is scored by BM25 ...
    expect(index.lexicalQuery('widget zebra')).toBe('zebra');
    // ... and a query of common terms only keeps its rarest one instead of emptying.
    expect(index.lexicalQuery('widget describes zebra stripes')).toBe('zebra stripe');
    expect(index.lexicalQuery('widget entry')).toBe('entri');
    // The vector half and the coverage signal still see the whole question.
    const [top] = search(index, 'widget zebra');
    expect(top.source_id).toBe('zebra');
    expect(top.relevance!.coverage).toBe(1);

    // Document frequencies follow replacements and removals.
    many(LEXICAL_BUDGET, 0, 'gadget');
    expect(index.lexicalQuery('widget zebra')).toBe('widget zebra');
    expect(index.lexicalQuery('gadget zebra')).toBe('zebra');
    for (let i = 0; i < 800; i++) index.removeSource(`s${i}`);
    expect(index.size).toBe(LEXICAL_BUDGET - 800 + 1);
    expect(index.lexicalQuery('gadget zebra')).toBe('gadget zebra');
  });
});
