// Citation snippets (provider.ts snippetOf): collapsing only the beginning a snippet needs gives
// exactly what collapsing the whole passage gives.
import { describe, expect, it } from 'vitest';
import { snippetOf, sourceRef } from './provider.js';
import type { Passage } from '../knowledge/types.js';

const reference = (raw: string, length: number) => {
  const text = raw.replace(/\s+/g, ' ').trim();
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
};

describe('citation snippets', () => {
  it('equal the whole passage collapsed and cut, whatever its whitespace and length', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pieces = ['word', ' ', '  ', '\n', '\n\n\t', 'é', '😀', 'x'.repeat(50), ' '.repeat(600)];
    for (let n = 0; n < 2000; n++) {
      const raw = Array.from({ length: Math.floor(random() * 120) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      for (const length of [1, 5, 40, 240]) expect(snippetOf(raw, length)).toBe(reference(raw, length));
    }
    expect(snippetOf('', 240)).toBe('');
    expect(snippetOf(`  ${'a '.repeat(500)}`, 240)).toBe(reference(`  ${'a '.repeat(500)}`, 240));
  });
});

describe('citations', () => {
  const passage = (title: string, headings: string[]) =>
    ({ source_id: 's', title, headings, url: 'http://x.test/docs/faq.md', anchor: 'does-the-widget-set-cookies', text: 'It keeps the session in cookies.', score: 1 }) as Passage;

  it('name the cited section of a longer page, and land on it', () => {
    expect(sourceRef(passage('Questions site owners ask', ['Does the widget set cookies?']))).toMatchObject({
      title: 'Questions site owners ask',
      section: 'Does the widget set cookies?',
      url: 'http://x.test/docs/faq.md#does-the-widget-set-cookies',
    });
  });

  it('name no section for a page or snippet that is one section, or one headed by its own title', () => {
    expect(sourceRef(passage('Can I talk to a human?', []))).not.toHaveProperty('section');
    expect(sourceRef(passage('Pricing', ['Pricing']))).not.toHaveProperty('section');
  });
});
