// cloneDocument (clone.ts): a deep copy equal to structuredClone's for every value a document holds.
import { describe, expect, it } from 'vitest';
import { cloneDocument } from './clone.js';

describe('cloneDocument', () => {
  it('copies plain data deeply: changing the copy leaves the original alone', () => {
    const doc = { id: 'a', n: 1, ok: true, none: null, tags: ['x', 'y'], nested: { list: [{ deep: 'v' }], empty: {} }, undef: undefined };
    const copy = cloneDocument(doc);
    expect(copy).toEqual(structuredClone(doc));
    expect(Object.keys(copy)).toEqual(Object.keys(doc));
    copy.tags.push('z');
    copy.nested.list[0].deep = 'changed';
    expect(doc.tags).toEqual(['x', 'y']);
    expect(doc.nested.list[0].deep).toBe('v');
  });

  it('keeps a __proto__ key as data and never changes the copy’s prototype', () => {
    const doc = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
    const copy = cloneDocument(doc);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as { polluted?: boolean }).polluted).toBeUndefined();
    expect(JSON.stringify(copy)).toBe(JSON.stringify(doc));
  });

  it('copies other values as structuredClone does, and refuses what it refuses', () => {
    const when = new Date('2026-01-01T00:00:00Z');
    const copy = cloneDocument({ when, map: new Map([['k', 1]]) });
    expect(copy.when).toEqual(when);
    expect(copy.when).not.toBe(when);
    expect(copy.map.get('k')).toBe(1);
    expect(() => cloneDocument({ fn: () => 1 })).toThrow();
  });
});
