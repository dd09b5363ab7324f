// The hybrid index's postings budget (bench:retrieval): on a large index very common terms
// leave the BM25 query (most of its cost) but not the vector half or the answer's coverage signal.
// And replacing sources never leaves minisearch a vacuum to trip over.
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

  it('replaces sources while earlier removals would be vacuumed: nothing left to vacuum, nothing stale found', () => {
    // minisearch's discard() leaves dirt that it vacuums later, walking its term tree in batches with
    // a timer between them; a term added meanwhile that splits an edge the walk has yet to visit
    // ("qqalpha" → "qq" + "alpha", "beta") broke the walk ("Cannot read properties of undefined
    // (reading 'keys')"): an unhandled rejection, which ends a Node process. The index removes instead,
    // so no dirt is left and no vacuum is under way or due: checked at once, not by waiting for one.
    const index = new HybridIndex(0);
    const plain = (source: string, text: string): IndexedChunk => ({ ...chunk(source, text, 'page'), vector: new Float32Array(0) });
    index.setSource('first', [plain('first', 'qqalpha')]);
    // 2,500 distinct terms: a vacuum walks them in more than one batch (1,000 terms each).
    for (let i = 0; i < 100; i++) index.setSource(`p${i}`, [plain(`p${i}`, Array.from({ length: 25 }, (_, k) => `w${i * 25 + k}`).join(' '))]);
    // 30 of 101 documents removed: enough for minisearch's automatic vacuum to start.
    for (let i = 0; i < 30; i++) index.removeSource(`p${i}`);
    index.setSource('second', [plain('second', 'qqbeta')]);
    const mini = (index as unknown as { mini: { dirtCount: number; isVacuuming: boolean } }).mini;
    expect({ dirt: mini.dirtCount, vacuuming: mini.isVacuuming }).toEqual({ dirt: 0, vacuuming: false });
    expect(index.size).toBe(72);
    // Removed documents are not found; the rest are.
    expect(index.search('w0 w1 w2', null, { limit: 3 })).toEqual([]);
    expect(index.search('w749', null, { limit: 3 })).toEqual([]);
    expect(index.search('w750', null, { limit: 3 })[0]?.source_id).toBe('p30');
    expect(index.search('qqalpha', null, { limit: 3 })[0]?.source_id).toBe('first');
    expect(index.search('qqbeta', null, { limit: 3 })[0]?.source_id).toBe('second');
  });

  it('reads a page in one language: a chunk of option names alone does not pass for French', () => {
    const index = new HybridIndex(0);
    const page = (n: number, text: string): IndexedChunk => ({ ...chunk('setup', text, 'Setting up the shop'), id: `setup:${n}` });
    index.setSource('setup', [
      page(0, 'Install the shop with Composer, then set the database parameters before the first start. The installer asks for each value and writes them to the parameters file.'),
      // Alone, franc reads this as French.
      { ...page(1, 'composer install --prefer-dist --no-dev --optimize-autoloader\nparameters: database_host, database_port, database_name, database_user, database_password, secret, locale: fr'), headings: ['Configuration', 'Options'] },
    ]);
    const found = index.search('composer optimize autoloader', null, { limit: 3 });
    expect(found.map((p) => p.language)).toEqual(['en', 'en']);
  });
});
