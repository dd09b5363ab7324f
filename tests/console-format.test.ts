// The console's display helpers (dashboard/components/format.ts) say things people read, not raw
// values: relative times never count seconds the 30-second clock does not keep true ("in
// 17 seconds" for a message that had just come), and channel types and AI involvement are words.
import { describe, expect, it } from 'vitest';
import { ago, channelText, INVOLVEMENT_TEXT } from '../dashboard/components/format.js';

const NOW = Date.parse('2026-11-28T12:00:00.000Z');
const at = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();

describe('console display helpers', () => {
  it('says "just now" for what came within the clock tick, before or after it', () => {
    expect(ago(at(17), NOW)).toBe('just now');
    expect(ago(at(0), NOW)).toBe('just now');
    expect(ago(at(-45), NOW)).toBe('just now');
    expect(ago(at(-120), NOW)).toMatch(/^2 minutes ago$/);
    expect(ago(at(-3 * 3600), NOW)).toMatch(/^3 hours ago$/);
    expect(ago(at(2 * 86_400), NOW)).toMatch(/^in 2 days$/);
  });

  it('names channels and AI involvement in words', () => {
    expect(channelText('website_widget')).toBe('Website widget');
    expect(channelText('api')).toBe('API');
    for (const text of Object.values(INVOLVEMENT_TEXT)) expect(text).not.toMatch(/_|^(autonomous|public|private)$/i);
    expect(INVOLVEMENT_TEXT.public).toBe('AI and team');
  });
});
