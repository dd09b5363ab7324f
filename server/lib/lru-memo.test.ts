// lruMemo: computes once per key, keeps at most `limit` keys, and drops the least recently used.
import { describe, expect, it } from 'vitest';
import { lruMemo } from './lru-memo.js';

describe('lruMemo', () => {
  it('answers a kept key without computing again and drops the least recently used first', () => {
    const calls: string[] = [];
    const upper = lruMemo(2, (s: string) => s, (s: string) => {
      calls.push(s);
      return s.toUpperCase();
    });
    expect(upper('a')).toBe('A');
    expect(upper('b')).toBe('B');
    expect(upper('a')).toBe('A'); // a hit: now the most recent
    expect(upper('c')).toBe('C'); // drops b, not a
    expect(upper('a')).toBe('A');
    expect(upper('b')).toBe('B');
    expect(calls).toEqual(['a', 'b', 'c', 'b']);
  });
});
