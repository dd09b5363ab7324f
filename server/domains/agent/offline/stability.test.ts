// The stability signal (stability.ts) over a real HybridIndex, and when the decision asks for it
// (decision.ts, stabilityMatters): only when its value could change the outcome.
import { describe, expect, it } from 'vitest';
import { HybridIndex, type IndexedChunk } from '../../knowledge/hybrid-index.js';
import { createOfflineAnswerer } from './answerer.js';
import { decide, DEFAULT_DECISION, stabilityMatters, type DecisionOptions } from './decision.js';
import { MAX_PROBES, NEUTRAL_STABILITY, stability } from './stability.js';

const chunk = (id: string, heading: string, text: string): IndexedChunk => ({
  id: `${id}:0`, source_id: id, title: 'Guide', url: `https://docs.example/${id}`, question: null, headings: [heading], text, vector: new Float32Array(0),
});

function index(): HybridIndex {
  const i = new HybridIndex(0);
  i.setSource('backup', [chunk('backup', 'Backups', 'Back up the data folder every night. Restoring means copying the folder back while the server is stopped.')]);
  i.setSource('billing', [chunk('billing', 'Billing', 'Invoices are emailed on the first day of each month.')]);
  i.setSource('colour', [chunk('colour', 'Colours', 'The widget takes the accent colour of the channel theme.')]);
  i.setSource('position', [chunk('position', 'Position', 'The widget sits in the bottom right corner unless the theme says left.')]);
  i.setSource('install', [chunk('install', 'Install', 'Add the widget to a page with one script tag before the closing body tag.')]);
  i.setSource('language', [chunk('language', 'Languages', 'The widget speaks the visitor’s language when it has texts for it.')]);
  return i;
}

const searchOf = (i: HybridIndex) => async (q: string) => i.search(q, null, { limit: 6 });

describe('stability', () => {
  it('is 1 when every word of the question can be left out and the best page stays among the first three', async () => {
    const i = index();
    const query = 'how do I back up the data folder every night?';
    const passages = i.search(query, null, { limit: 6 });
    expect(passages[0]?.source_id).toBe('backup');
    expect(await stability(query, passages, searchOf(i))).toBe(1);
  });

  it('drops when the best page hangs on one word: without it the other words find other pages', async () => {
    const i = index();
    // "invoices" is the billing page's alone; "widget" is on four other pages and not on billing.
    const query = 'widget invoices';
    const passages = i.search(query, null, { limit: 6 });
    expect(passages[0]?.source_id).toBe('billing');
    expect(await stability(query, passages, searchOf(i))).toBe(0.5);
  });

  it('leaves out at most MAX_PROBES words of a long message, the rarest first', async () => {
    const i = index();
    const filler = ['accent', 'corner', 'script', 'texts', 'restoring', 'copying', 'server', 'stopped', 'emailed', 'month', 'visitor', 'closing', 'page', 'theme', 'tag'];
    const query = `billing invoices ${filler.join(' ')}`;
    const passages = i.search(query, null, { limit: 6 });
    expect(passages[0]?.relevance?.concepts?.length ?? 0).toBeGreaterThan(MAX_PROBES);
    const asked: string[] = [];
    await stability(query, passages, async (q) => {
      asked.push(q);
      return i.search(q, null, { limit: 6 });
    });
    expect(asked.length).toBeLessThanOrEqual(MAX_PROBES);
    expect(asked.length).toBeGreaterThan(0);
  });

  it('counts a one-word question as stable and has no value without passages', async () => {
    const i = index();
    const passages = i.search('invoices', null, { limit: 6 });
    expect(await stability('invoices', passages, searchOf(i))).toBe(1);
    expect(await stability('invoices', [], searchOf(i))).toBe(NEUTRAL_STABILITY);
  });
});

describe('when the decision asks for stability', () => {
  const passages = index().search('widget invoices', null, { limit: 6 });
  const withWeights = (stabilityWeight: number, answerAt: number): DecisionOptions => ({ ...DEFAULT_DECISION, weights: { ...DEFAULT_DECISION.weights, stability: stabilityWeight }, answerAt });

  it('asks only when a threshold lies between the outcomes with stability 0 and 1', () => {
    const d = decide('widget invoices', passages, DEFAULT_DECISION);
    const p = d.probability;
    // A threshold just above the neutral probability can be reached with stability 1: it matters.
    expect(stabilityMatters(d, withWeights(2, Math.min(0.99, p + 0.05)))).toBe(true);
    // A confident-answer threshold out of its reach, or no weight: the outcome is the same either way.
    expect(stabilityMatters(d, withWeights(0.1, 0.99))).toBe(false);
    expect(stabilityMatters(d, withWeights(0, p + 0.05))).toBe(false);
    // The suggestions threshold alone never pays for searches.
    expect(stabilityMatters(d, { ...withWeights(2, 0.99), suggestAt: Math.max(0.001, p - 0.05) })).toBe(false);
  });

  it('the answerer searches again only for a decision stability can change', async () => {
    const i = index();
    let searches = 0;
    const search = async (q: string) => {
      searches++;
      return i.search(q, null, { limit: 6 });
    };
    const ask = (decision: Partial<DecisionOptions>, question: string) =>
      createOfflineAnswerer({ decision }).answer({ projectId: 'p', question, history: [], tools: [], onDelta: () => {}, passages: i.search(question, null, { limit: 6 }), search });
    // A confident answer out of reach either way: no probe.
    await ask({ answerAt: 1 }, 'widget invoices');
    expect(searches).toBe(0);
    // Borderline: one search per concept of the question ("widget", "invoices").
    const d = decide('widget invoices', passages, DEFAULT_DECISION);
    await ask({ answerAt: Math.min(0.99, d.probability + 0.05), weights: { ...DEFAULT_DECISION.weights, stability: 2 } }, 'widget invoices');
    expect(searches).toBe(2);
  });
});
