// Colours of the widget's controls against the panel they sit on (WCAG 1.4.11: 3:1 for the parts of
// a control one needs to see), read from the stylesheet itself: the rating stars, unchosen and
// chosen (unchosen stars were #c4c9d0, 1.7:1 on white).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CSS = readFileSync(join(import.meta.dirname, 'app.css'), 'utf8');

/** The `color` of the rule whose selector list is exactly `selector`. */
function colorOf(selector: string): string {
  const rule = CSS.split('\n').find((line) => line.startsWith(`${selector} {`));
  const color = rule && /[{;]\s*color:\s*(#[0-9a-f]{6})/i.exec(rule)?.[1];
  if (!color) throw new Error(`app.css: no colour for ${selector}`);
  return color;
}

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe('widget control colours', () => {
  it('rating stars stand out 3:1 from the white panel, chosen or not', () => {
    const panel = /\.panel \{[^}]*background: (#[0-9a-f]{3,6})/i.exec(CSS)?.[1];
    expect(panel).toBe('#fff');
    expect(contrast(colorOf('.star'), '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(contrast(colorOf('.star.on, .star:hover'), '#ffffff')).toBeGreaterThanOrEqual(3);
  });
});
