// @vitest-environment happy-dom
// The chat markdown renderer (docs/architecture.md section 4): the subset it supports, and that no input turns
// into markup, script or a dangerous link.
import { describe, expect, it } from 'vitest';
import { render } from 'preact';
import { renderMarkdown, safeUrl } from './markdown.js';
import { XSS_PAYLOADS } from '../../tests/browser/xss-corpus.js';

function html(md: string): HTMLElement {
  const el = document.createElement('div');
  render(<>{renderMarkdown(md)}</>, el);
  return el;
}

describe('markdown renderer', () => {
  it('renders paragraphs, line breaks, emphasis and code', () => {
    const el = html('Hello **bold** and *it* and _also_ and `a<b>`\nnext line\n\nSecond para');
    expect(el.querySelectorAll('p')).toHaveLength(2);
    expect(el.querySelector('strong')?.textContent).toBe('bold');
    expect([...el.querySelectorAll('em')].map((e) => e.textContent)).toEqual(['it', 'also']);
    expect(el.querySelector('code')?.textContent).toBe('a<b>');
    expect(el.querySelector('br')).not.toBeNull();
    expect(el.querySelector('b')).toBeNull();
  });

  it('renders bullet and numbered lists with continuation lines', () => {
    const el = html('Steps:\n1. one\n2. two\n   more\n\n- a\n- b **c**');
    const ol = el.querySelector('ol')!;
    expect([...ol.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['one', 'twomore']);
    expect(el.querySelectorAll('ul li')).toHaveLength(2);
    expect(el.querySelector('ul strong')?.textContent).toBe('c');
    expect(html('3. three\n4. four').querySelector('ol')?.getAttribute('start')).toBe('3');
  });

  it('renders fenced code literally', () => {
    const el = html('```\n**not bold** <script>\n```');
    expect(el.querySelector('pre code')?.textContent).toBe('**not bold** <script>');
    expect(el.querySelector('strong')).toBeNull();
  });

  it('turns links and bare URLs into safe anchors', () => {
    const el = html('See [the docs](https://example.com/a_(b)) or https://example.org/x. Mail mailto:a@b.co');
    const links = [...el.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/a_(b)', 'https://example.org/x', 'mailto:a@b.co']);
    for (const a of links) {
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
      expect(a.getAttribute('target')).toBe('_blank');
    }
    expect(el.textContent).toContain('https://example.org/x.');
  });

  it('drops links with other schemes but keeps their text', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', '/relative', 'java\tscript:alert(1)']) {
      const el = html(`[click](${href})`);
      expect(el.querySelector('a')).toBeNull();
      expect(el.textContent).toContain('click');
    }
    expect(safeUrl(' https://ok.example/ ')).toBe('https://ok.example/');
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl(null)).toBeNull();
  });

  it('never produces markup, handlers or dangerous URLs from the XSS corpus', () => {
    for (const payload of XSS_PAYLOADS) {
      const el = html(payload);
      for (const node of el.querySelectorAll('*')) {
        expect(['P', 'BR', 'STRONG', 'EM', 'CODE', 'PRE', 'UL', 'OL', 'LI', 'A', 'SPAN']).toContain(node.tagName);
        for (const attr of node.getAttributeNames()) expect(['href', 'target', 'rel', 'start']).toContain(attr);
        const href = node.getAttribute('href');
        if (href) expect(href).toMatch(/^(https?:|mailto:)/);
      }
    }
  });
});
