// @vitest-environment happy-dom
// Sources under an answer: each as a link named "Page › Section" when it is one section of a page,
// and the answer's [n] markers name the same.
import { describe, expect, it } from 'vitest';
import { render } from 'preact';
import { Sources, citeSources } from './Sources.js';

const sources = [
  { source_id: 'a', title: 'Questions site owners ask', section: 'Does the widget set cookies?', url: 'https://docs.example/faq#cookies' },
  { source_id: 'b', title: 'Can I talk to a human?', url: 'https://docs.example/' },
];

describe('Sources', () => {
  it('names the section of a cited page beside its title', () => {
    const el = document.createElement('div');
    render(<Sources sources={sources} />, el);
    expect([...el.querySelectorAll('.sources li')].map((li) => li.textContent)).toEqual(['Questions site owners ask › Does the widget set cookies?', 'Can I talk to a human?']);
    expect(el.querySelector('.sources a')!.getAttribute('href')).toBe('https://docs.example/faq#cookies');
  });

  it('gives a citation marker the same name', () => {
    const el = document.createElement('div');
    render(<>{citeSources(sources)(1)}</>, el);
    expect(el.querySelector('a.cite')!.getAttribute('title')).toBe('Questions site owners ask › Does the widget set cookies?');
  });
});
