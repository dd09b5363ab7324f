import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { v7, validate, version } from 'uuid';
import { formatV7, newId } from './ids.js';

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

  it('writes the id exactly as uuid v7 does from the same random bytes, milliseconds and counter', () => {
    const cases: [number, number][] = [[0, 0], [2 ** 48 - 1, 2 ** 31 - 1], [Date.now(), -(2 ** 31)], [Date.now(), -1], [1_700_000_000_123, 12345]];
    for (let i = 0; i < 2000; i++) cases.push([Math.floor(Math.random() * 2 ** 48), (Math.random() * 2 ** 32) | 0]);
    const bytes = randomBytes(16 * 8);
    for (const [k, [msecs, seq]] of cases.entries()) {
      const offset = 16 * (k % 8);
      expect(formatV7(bytes, offset, msecs, seq)).toBe(v7({ random: bytes.subarray(offset, offset + 16), msecs, seq }));
    }
  });
});
