import { describe, expect, it } from 'vitest';
import { validate, version } from 'uuid';
import { newId } from './ids.js';

describe('newId', () => {
  it('gives valid, unique UUIDv7 ids in creation order, also many within one millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    for (const id of ids.slice(0, 20)) {
      expect(validate(id)).toBe(true);
      expect(version(id)).toBe(7);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('starts each millisecond at a random place, so ids of one millisecond do not repeat a pattern', () => {
    const a = newId();
    const start = Date.now();
    while (Date.now() === start);
    const b = newId();
    expect(b > a).toBe(true);
    expect(a.slice(15, 23)).not.toBe(b.slice(15, 23));
  });
});
