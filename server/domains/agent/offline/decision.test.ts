// The decision's choice of sections: a confident answer quotes the page's first
// section that covers the question as well as the best one, and suggestions name only pages that
// are each plausibly about the question. Passages come from a real HybridIndex.
import { describe, expect, it } from 'vitest';
import { HybridIndex, type IndexedChunk } from '../../knowledge/hybrid-index.js';
import { decide, DEFAULT_DECISION, leadSection } from './decision.js';

const chunk = (source: string, ord: number, title: string, headings: string[], text: string): IndexedChunk => ({
  id: `${source}:${ord}`, source_id: source, title, url: `https://shop.example/${source}`, question: null, headings, text, vector: new Float32Array(0),
});

function shop(): HybridIndex {
  const index = new HybridIndex(0);
  index.setSource('warranty', [
    chunk('warranty', 0, 'Warranty', ['Warranty'], 'Every Brewly kettle comes with a two-year warranty from the date of purchase. Within those two years we repair or replace it free of charge.'),
    chunk('warranty', 1, 'Warranty', ['Warranty', 'What the warranty does not cover'], 'Damage from dropping the kettle, or from limescale never removed, is not covered by the warranty.'),
  ]);
  index.setSource('care', [chunk('care', 0, 'Care and cleaning', ['Descaling'], 'To descale, fill the kettle halfway with water and white vinegar, boil it and leave it overnight.')]);
  index.setSource('delivery', [chunk('delivery', 0, 'Delivery', ['Delivery'], 'Standard delivery of a kettle takes two to four working days.')]);
  return index;
}

describe('the sections a decision names', () => {
  it('answers "How long is the warranty?" from the page’s first section, which says two years', () => {
    const passages = shop().search('How long is the warranty?', null, { limit: 6 });
    const d = decide('How long is the warranty?', passages);
    expect(leadSection(d.concepts, passages).text).toContain('two-year warranty');
    // A question the later section covers better is still answered from it.
    const notCovered = shop().search('is damage from dropping it covered by the warranty?', null, { limit: 6 });
    expect(leadSection(decide('is damage from dropping it covered by the warranty?', notCovered).concepts, notCovered).text).toContain('Damage from dropping');
  });

  it('suggests only pages that each cover a fair share of what the best one covers, and answers from the best when it is the only one', () => {
    const question = 'how do I descale the kettle with vinegar overnight';
    const passages = shop().search(question, null, { limit: 6 });
    // Never confident by probability: only the choice of pages is looked at here.
    const all = decide(question, passages, { ...DEFAULT_DECISION, answerAt: 2, suggestAt: 0, plausible: 0 });
    expect(all.outcome).toBe('suggestions');
    expect(all.passages.length).toBeGreaterThan(1);
    // The warranty and delivery pages match "kettle" alone: not plausible, so the care page is the
    // only one about the question, and a list of one link would be its answer held back.
    const d = decide(question, passages, { ...DEFAULT_DECISION, answerAt: 2, suggestAt: 0, plausible: 0.5 });
    expect(d.outcome).toBe('answer');
    expect(d.passages.map((p) => p.source_id)).toEqual(['care']);
  });
});
