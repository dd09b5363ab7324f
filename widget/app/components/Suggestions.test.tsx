// @vitest-environment happy-dom
// An unsure reply (outcome `suggestions`) renders as suggestions: the lead, the sections as links,
// the handoff offer, and no answer-style citations or "Sources" block.
import { describe, expect, it } from 'vitest';
import { render } from 'preact';
import { Suggestions } from './Suggestions.js';

describe('Suggestions', () => {
  it('lists the suggested sections as links between the lead and the handoff offer', () => {
    const el = document.createElement('ul');
    const content = 'I could not find a definite answer; these sections look related:\n\n- [1] Guide › Install\n- [2] FAQ\n\nWould you like to talk to a person from our team?';
    const sources = [
      { source_id: 'a', title: 'Guide › Install', url: 'https://docs.example/guide#install' },
      { source_id: 'b', title: 'FAQ', url: 'javascript:alert(1)' },
    ];
    render(<Suggestions message={{ id: 'm1', content, sources }} />, el);
    const item = el.querySelector('li.msg-suggestions')!;
    expect(item.getAttribute('data-outcome')).toBe('suggestions');
    expect(item.querySelector('.bubble > p')!.textContent).toBe('I could not find a definite answer; these sections look related:');
    const links = [...item.querySelectorAll('ul.suggestions a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://docs.example/guide#install']);
    expect(item.querySelectorAll('ul.suggestions li')).toHaveLength(2);
    expect(item.querySelector('.bubble > p:last-child')!.textContent).toBe('Would you like to talk to a person from our team?');
    expect(item.querySelector('.sources, .cite')).toBeNull();
  });
});
