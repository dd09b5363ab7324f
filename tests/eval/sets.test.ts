// The eval's question sets keep the shape docs/eval.md promises: enough questions, other languages,
// near misses, follow-ups and a held-out half, with pages named relative to the set's root.
import { describe, expect, it } from 'vitest';
import { GIT } from '../../eval/sets/git.js';
import { POSTGRESQL } from '../../eval/sets/postgresql.js';
import { PYTHON } from '../../eval/sets/python.js';
import { SQLITE } from '../../eval/sets/sqlite.js';

describe.each([GIT, PYTHON, POSTGRESQL, SQLITE])('eval set $name', (set) => {
  const qs = set.questions;
  const share = (f: (q: (typeof qs)[number]) => boolean) => qs.filter(f).length / qs.length;

  it('has at least 40 questions with unique ids', () => {
    expect(qs.length).toBeGreaterThanOrEqual(40);
    expect(new Set(qs.map((q) => q.id)).size).toBe(qs.length);
  });

  it('asks at least 25% in German, Spanish or French and at least 20% unanswerable', () => {
    expect(share((q) => q.lang !== 'en')).toBeGreaterThanOrEqual(0.25);
    expect(share((q) => q.pages.length === 0)).toBeGreaterThanOrEqual(0.2);
  });

  it('holds out about half, with other languages, near misses and follow-ups on both sides', () => {
    expect(share((q) => q.split === 'held-out')).toBeGreaterThan(0.4);
    expect(share((q) => q.split === 'held-out')).toBeLessThan(0.6);
    for (const split of ['tune', 'held-out'] as const) {
      const side = qs.filter((q) => q.split === split);
      expect(side.some((q) => q.lang !== 'en')).toBe(true);
      expect(side.some((q) => q.pages.length === 0)).toBe(true);
      expect(side.some((q) => q.previous && q.previous.length > 0 && q.pages.length > 0)).toBe(true);
    }
  });

  it('names published pages relative to the set root', () => {
    for (const q of qs) for (const page of q.pages) expect(set.include(page), `${q.id} ${page}`).toBe(true);
  });
});
