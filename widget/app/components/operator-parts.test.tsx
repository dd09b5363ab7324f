// @vitest-environment happy-dom
// Operator replies show who wrote them; a handoff with nobody online offers an e-mail form
// (docs/operators.md). The components render from data; the model sends contact.leave.
import { describe, expect, it } from 'vitest';
import { render } from 'preact';
import { MessageBubble } from './MessageBubble.js';
import { ContactPrompt } from './ContactPrompt.js';
import { strings } from '../strings.js';

describe('operator parts of the widget', () => {
  it('shows the operator\'s name and a data: avatar with a reply; no foreign-scheme image', () => {
    const el = document.createElement('ul');
    const author = { member_id: 'm', name: 'Ada Lovelace', avatar_url: 'data:image/png;base64,iVBORw0KGgo=' };
    render(<MessageBubble message={{ id: 'x', role: 'operator', content: 'Hello from the team', sources: [], author }} />, el);
    expect(el.querySelector('.author-name')!.textContent).toBe('Ada Lovelace');
    expect(el.querySelector('img.avatar')!.getAttribute('alt')).toBe('');
    render(<MessageBubble message={{ id: 'y', role: 'operator', content: 'Hi', sources: [], author: { ...author, avatar_url: 'javascript:alert(1)' } }} />, el);
    expect(el.querySelector('img.avatar')).toBeNull();
    render(<MessageBubble message={{ id: 'z', role: 'operator', content: 'Hi', sources: [] }} />, el);
    expect(el.querySelector('.sr-only')!.textContent).toBe(`${strings.operator}: `);
  });

  it('sends the e-mail the visitor types once, then locks the form', () => {
    const el = document.createElement('div');
    const sent: string[] = [];
    render(<ContactPrompt onSend={(email) => (sent.push(email), true)} />, el);
    const input = el.querySelector('input[type=email]') as HTMLInputElement;
    input.value = 'visitor@example.com';
    el.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(sent).toEqual(['visitor@example.com']);
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        expect((el.querySelector('button') as HTMLButtonElement).disabled).toBe(true);
        resolve();
      }, 0),
    );
  });
});
