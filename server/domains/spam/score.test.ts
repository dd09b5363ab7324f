import { describe, expect, it } from 'vitest';
import { countLinks, isSpam, spamScore, FLOOD_COUNT } from './score.js';

const now = 1_800_000_000_000;

describe('spam score', () => {
  it('an ordinary question is not spam', () => {
    const r = spamScore('How do I reset my password?', [], now);
    expect(r.score).toBe(0);
    expect(isSpam(r)).toBe(false);
  });

  it('flooding: many messages inside a minute is spam, the same count spread over hours is not', () => {
    const burst = Array.from({ length: FLOOD_COUNT }, (_, i) => ({ text: `q${i}`, at: now - i * 1000 }));
    expect(isSpam(spamScore('another', burst, now))).toBe(true);
    const spread = burst.map((m, i) => ({ ...m, at: now - (i + 1) * 3_600_000 }));
    expect(isSpam(spamScore('another', spread, now))).toBe(false);
  });

  it('repeats: the same text sent again and again (case and spacing ignored)', () => {
    const old = [{ text: 'BUY  now', at: now - 600_000 }, { text: 'buy now', at: now - 400_000 }];
    const r = spamScore('Buy now', old, now);
    expect(r.signals.repeats).toBe(1);
    expect(isSpam(r)).toBe(true);
  });

  it('link-heavy messages are spam, one link in a sentence is not', () => {
    expect(countLinks('see https://a.example and www.b.example')).toBe(2);
    expect(isSpam(spamScore('https://a.example https://b.example https://c.example', [], now))).toBe(true);
    expect(isSpam(spamScore('The page https://docs.example/setup says port 80 is closed, why?', [], now))).toBe(false);
  });

  it('known patterns score as spam', () => {
    expect(isSpam(spamScore('We offer SEO services to boost your ranking', [], now))).toBe(true);
    expect(isSpam(spamScore('Earn profit: invest in bitcoin today', [], now))).toBe(true);
  });
});
