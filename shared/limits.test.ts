// Character counting and capping in code points, the unit of JSON Schema maxLength.
import { describe, expect, it } from 'vitest';
import { capLength, charLength } from './limits.js';

describe('shared limits', () => {
  it('counts an astral character (emoji) as one and a lone surrogate as one', () => {
    expect(charLength('abc')).toBe(3);
    expect(charLength('😀😀')).toBe(2);
    expect(charLength('a\ud83d')).toBe(2);
    expect(charLength('\ude00\ud83d')).toBe(2);
  });

  it('caps by characters and never splits a surrogate pair', () => {
    expect(capLength('abcdef', 3)).toBe('abc');
    expect(capLength('ab😀cd', 3)).toBe('ab😀');
    expect(capLength('😀😀😀', 2)).toBe('😀😀');
    expect(capLength('short', 10)).toBe('short');
    for (let max = 0; max < 8; max++) {
      const cut = capLength('a😀b😀😀c', max);
      expect(() => encodeURIComponent(cut)).not.toThrow(); // throws on a lone surrogate
      expect(charLength(cut)).toBe(Math.min(max, 6));
    }
  });
});
