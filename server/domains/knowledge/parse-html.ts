// HTML → clean text that keeps the title, the heading path of every paragraph and the canonical URL
// (issue 6.1). Links are collected from the whole page (navigation is how a crawler finds pages);
// text comes from <main>/<article> when present, with navigation, headers, footers, scripts, styles
// and forms dropped, so chunks hold content rather than menus.
import { parse, type HTMLElement, type Node } from 'node-html-parser';
import type { ParsedDoc, Section } from './chunker.js';

export interface ParsedPage {
  doc: ParsedDoc;
  canonical: string | null;
  links: string[];
  /** <meta name="robots" content="noindex"> */
  noindex: boolean;
  /** <meta name="robots" content="nofollow"> */
  nofollow: boolean;
}

const SKIP = new Set(['script', 'style', 'noscript', 'template', 'svg', 'canvas', 'iframe', 'object', 'form', 'button', 'select', 'textarea', 'input', 'head']);
const CHROME = 'nav, header, footer, aside, [role=navigation], [role=banner], [role=contentinfo], [aria-hidden=true], .sidebar, .toc, .breadcrumb, .breadcrumbs';
const BLOCK = new Set([
  'p', 'div', 'section', 'article', 'main', 'li', 'ul', 'ol', 'dl', 'dt', 'dd', 'pre', 'blockquote', 'table', 'tr',
  'thead', 'tbody', 'figure', 'figcaption', 'details', 'summary', 'hr', 'address', 'body',
]);

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

export function parseHtml(html: string, pageUrl: string, fallbackTitle?: string): ParsedPage {
  const root = parse(html, { comment: false, blockTextElements: { script: true, style: true, noscript: true, pre: true } });
  const base = (() => {
    const href = root.querySelector('base[href]')?.getAttribute('href');
    try {
      return href ? new URL(href, pageUrl).href : pageUrl;
    } catch {
      return pageUrl;
    }
  })();

  const robots = (root.querySelector('meta[name=robots]')?.getAttribute('content') ?? '').toLowerCase();
  const links: string[] = [];
  for (const a of root.querySelectorAll('a[href]')) {
    const rel = (a.getAttribute('rel') ?? '').toLowerCase();
    if (rel.includes('nofollow')) continue;
    try {
      const u = new URL(a.getAttribute('href')!, base);
      if (u.protocol === 'http:' || u.protocol === 'https:') {
        u.hash = '';
        links.push(u.href);
      }
    } catch {
      // an unparsable href is skipped, not fatal
    }
  }

  let canonical: string | null = null;
  const canonicalHref = root.querySelector('link[rel=canonical]')?.getAttribute('href');
  if (canonicalHref) {
    try {
      const u = new URL(canonicalHref, base);
      u.hash = '';
      canonical = u.href;
    } catch {
      canonical = null;
    }
  }

  const title =
    clean(root.querySelector('title')?.text ?? '') ||
    clean(root.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? '') ||
    clean(root.querySelector('h1')?.text ?? '') ||
    fallbackTitle ||
    pageUrl;

  const body = root.querySelector('body') ?? root;
  const content = body.querySelector('main') ?? body.querySelector('[role=main]') ?? body.querySelector('article') ?? body;
  for (const el of content.querySelectorAll(CHROME)) el.remove();

  const sections: Section[] = [];
  const stack: { level: number; text: string }[] = [];
  let paragraphs: string[] = [];
  let cur = '';
  const endPara = () => {
    const p = cur.replace(/[ \t]+/g, ' ').replace(/ *\n */g, '\n').trim();
    if (p) paragraphs.push(p);
    cur = '';
  };
  const flush = () => {
    endPara();
    if (paragraphs.length) sections.push({ headings: stack.map((h) => h.text), text: paragraphs.join('\n\n') });
    paragraphs = [];
  };

  const walk = (node: Node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === 3) {
        cur += child.text;
        continue;
      }
      if (child.nodeType !== 1) continue;
      const el = child as HTMLElement;
      const tag = el.rawTagName?.toLowerCase() ?? '';
      if (SKIP.has(tag)) continue;
      const h = /^h([1-6])$/.exec(tag);
      if (h) {
        const text = clean(el.text);
        flush();
        if (!text || (h[1] === '1' && (text === title || title.startsWith(text)) && stack.length === 0)) continue;
        const level = Number(h[1]);
        while (stack.length && stack[stack.length - 1].level >= level) stack.pop();
        stack.push({ level, text });
        continue;
      }
      if (tag === 'br') {
        cur += '\n';
        continue;
      }
      if (tag === 'pre') {
        endPara();
        cur = el.text;
        endPara();
        continue;
      }
      const block = BLOCK.has(tag);
      if (block) endPara();
      if (tag === 'li') cur += '- ';
      walk(el);
      if (tag === 'td' || tag === 'th') cur += ' | ';
      if (block) endPara();
    }
  };
  walk(content);
  flush();

  return {
    doc: { title, sections },
    canonical,
    links: [...new Set(links)],
    noindex: robots.includes('noindex') || robots.includes('none'),
    nofollow: robots.includes('nofollow') || robots.includes('none'),
  };
}
