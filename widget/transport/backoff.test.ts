import { describe, expect, it } from 'vitest';
import { createBackoff } from './backoff.js';

describe('reconnect backoff', () => {
  it('grows exponentially with jitter in the upper half, caps, and resets', () => {
    let r = 0;
    const b = createBackoff({ baseMs: 500, maxMs: 8000, random: () => r });
    expect([b.next(), b.next(), b.next(), b.next(), b.next(), b.next()]).toEqual([250, 500, 1000, 2000, 4000, 4000]);
    r = 1;
    b.reset();
    expect([b.next(), b.next(), b.next(), b.next(), b.next(), b.next()]).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    expect(b.attempts).toBe(6);
  });
});
