// HTML → a ParsedDoc that keeps meaning (docs/knowledge.md "How do I crawl my website?"): title,
// canonical URL and robots directives from the head; links from the whole page (navigation is how a
// crawler finds pages); text from the main content only. The content is the page's <main>,
// [role=main] or <article> when it has one, else what Mozilla's Readability extracts, else the body;
// navigation, headers, footers, sidebars, banners, scripts and forms are dropped either way. It is
// then converted to Markdown by turndown (fenced code blocks verbatim, lists as lists, tables as
// rows) and read by the Markdown parser, so both kinds of page are chunked by one set of rules.
// Headings carry their element id as `{#id}`, so a citation can land on the section.
import { createDocument } from '@mixmark-io/domino';
import { parseHTML } from 'linkedom';
import { Readability } from '@mozilla/readability';
import TurndownService from 'turndown';
import { tables } from 'turndown-plugin-gfm';
import type { ParsedDoc } from './chunker.js';
import { parseMarkdown } from './parse-markdown.js';

export interface ParsedPage {
  doc: ParsedDoc;
  canonical: string | null;
  links: string[];
  /** <meta name="robots" content="noindex"> */
  noindex: boolean;
  /** <meta name="robots" content="nofollow"> */
  nofollow: boolean;
}

const SKIP = 'script, style, noscript, template, svg, canvas, iframe, object, form, button, select, textarea, input';
const CHROME =
  'nav, header, footer, aside, [role=navigation], [role=banner], [role=contentinfo], [role=search], [role=complementary], [aria-hidden=true], [hidden], .sidebar, .toc, .breadcrumb, .breadcrumbs, .navbar, .nav, .menu, .cookie, .cookies, .banner, .skip-link, #sidebar, #toc';

const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

type El = {
  getAttribute(n: string): string | null;
  querySelector(s: string): El | null;
  previousElementSibling: El | null;
  parentElement: El | null;
  tagName: string;
  textContent: string | null;
};

/**
 * The id a heading can be linked by: its own; a child's (or an `<a name>`); its own "¶"/"#" link's
 * fragment; an empty anchor just before it; or the id of the section it opens (DocBook and Sphinx
 * put the id on the wrapping element).
 */
/** Ids the converters give their own wrappers (Readability's readability-page-1, turndown's turndown-root), not the site's. */
const READABILITY_ID = /^(readability-|turndown-root$)/;

function headingId(h: El): string | null {
  if (h.getAttribute('id')) return h.getAttribute('id');
  const inner = h.querySelector('[id], a[name]');
  if (inner) return inner.getAttribute('id') ?? inner.getAttribute('name');
  const self = h.querySelector('a[href^="#"]')?.getAttribute('href')?.slice(1);
  if (self) return decodeURIComponent(self);
  const prev = h.previousElementSibling;
  if (prev && prev.tagName === 'A' && !clean(prev.textContent)) return prev.getAttribute('id') ?? prev.getAttribute('name');
  for (let up = h.parentElement, depth = 0; up && depth < 4; up = up.parentElement, depth++) {
    if (up.querySelector('h1, h2, h3, h4, h5, h6') !== h) break;
    const id = up.getAttribute('id');
    // Readability wraps the article it keeps in <div id="readability-page-1"> (turndown its input
    // in turndown-root): ids of their own making, not the site's, so a citation would land nowhere.
    if (id && !READABILITY_ID.test(id)) return id;
  }
  return null;
}

/**
 * The HTML turndown converts, parsed here by domino. Given a string, turndown parses it with the
 * DOMParser it found on `window` when it was first loaded, else with domino: which one depends on
 * what ran in the process before (a test environment's window left the knowledge tests' headings
 * without their permalink ids), so it always gets a node of the one parser instead.
 */
function turndownInput(html: string): HTMLElement {
  return createDocument(`<x-turndown id="turndown-root">${html}</x-turndown>`).getElementById('turndown-root')!;
}

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' });
turndown.use(tables);
// The Markdown is read by Parley's own parser, not rendered: no backslash escapes ("pg\\_dump").
turndown.escape = (text: string) => text;
turndown.addRule('heading-with-anchor', {
  filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
  replacement(content, node) {
    const level = Number(node.nodeName.charAt(1));
    // Permalink marks ("¶", "#", "🔗") are not part of the heading.
    const text = clean(content).replace(/\s*[¶#🔗]+$/u, '').trim();
    if (!text) return '';
    const id = headingId(node as unknown as El);
    return `\n\n${'#'.repeat(level)} ${text}${id ? ` {#${id}}` : ''}\n\n`;
  },
});
// Any <pre> is code, with or without <code> inside: its text verbatim (inline links become their text).
turndown.addRule('pre', {
  filter: (node) => node.nodeName === 'PRE',
  replacement(_content, node) {
    const code = (node.textContent ?? '').replace(/\n$/, '');
    const lang = /language-(\S+)/.exec((node as unknown as El).querySelector('code')?.getAttribute('class') ?? '')?.[1] ?? '';
    const fence = code.includes('```') ? '~~~' : '```';
    return `\n\n${fence}${lang}\n${code}\n${fence}\n\n`;
  },
});
// A table without a heading row is no GFM table, and turndown-plugin-gfm keeps it as raw HTML,
// which then reached answers as markup ("<table><tbody><tr><td class="icon">Note</td>…": every
// AsciiDoc NOTE in git's manual pages, and sqlite's layout tables). Its cells become text instead:
// a row of one-line cells one line ("Note — There is a difference…", "name — meaning"), a cell
// holding blocks (paragraphs, lists, code) its blocks.
const cellsOf = (row: El): El[] => Array.from((row as unknown as { cells?: ArrayLike<El> }).cells ?? []);
const rowsOf = (table: El): El[] => Array.from((table as unknown as { rows?: ArrayLike<El> }).rows ?? []);
const tableOf = (row: El): El | null => {
  let up = row.parentElement;
  while (up && up.tagName !== 'TABLE') up = up.parentElement;
  return up;
};
function hasHeadingRow(table: El): boolean {
  const first = rowsOf(table)[0];
  if (!first) return false;
  const cells = cellsOf(first);
  return first.parentElement?.tagName === 'THEAD' || (cells.length > 0 && cells.every((c) => c.tagName === 'TH'));
}
turndown.addRule('table-without-heading-row', {
  filter: (node) => node.nodeName === 'TABLE' && !hasHeadingRow(node as unknown as El),
  replacement(_content, node) {
    const lines: string[] = [];
    for (const row of rowsOf(node as unknown as El)) {
      // Only this table's own rows: a nested table is converted inside its cell.
      if (tableOf(row) !== (node as unknown as El)) continue;
      const cells = cellsOf(row).map((c) => turndown.turndown(turndownInput((c as unknown as { innerHTML: string }).innerHTML)).trim()).filter(Boolean);
      if (cells.length) lines.push(cells.some((c) => c.includes('\n')) ? cells.join('\n\n') : cells.join(' — '));
    }
    return lines.length ? `\n\n${lines.join('\n\n')}\n\n` : '';
  },
});
// Links keep their text only: the Markdown parser would drop the address anyway.
turndown.addRule('link-text', { filter: 'a', replacement: (content) => content });
turndown.addRule('image-alt', { filter: 'img', replacement: (_c, node) => clean((node as unknown as El).getAttribute('alt')) });

/**
 * The block that holds the page's H1, when it says more than the H1 in a few lines: generated manuals
 * put the one-line summary of a page there (AsciiDoc's "NAME: git-stash - Stash the changes in a
 * dirty working directory away" sits in `<div id="header">`), the best summary of the page, and
 * Readability drops such a header block as chrome.
 */
function pageLead(h1: El | null): { html: string; text: string } | null {
  const block = h1?.parentElement as (El & { innerHTML: string }) | null | undefined;
  if (!h1 || !block || block.tagName === 'BODY' || block.tagName === 'HTML') return null;
  const text = clean(block.textContent).slice(clean(h1.textContent).length).trim();
  if (text.length < 20 || text.length > 600 || block.querySelector('nav, form, ul, ol, table, pre')) return null;
  return { html: block.innerHTML, text: text.slice(-80) };
}

/** Headings with text in an HTML fragment. */
function headingCount(html: string): number {
  let n = 0;
  for (const m of html.matchAll(/<h[1-6][^>]*>([\s\S]*?)<\/h[1-6]>/gi)) if (clean(m[1].replace(/<[^>]*>/g, ''))) n++;
  return n;
}

function resolve(href: string | null | undefined, base: string): URL | null {
  if (!href) return null;
  try {
    return new URL(href, base);
  } catch {
    return null;
  }
}

/**
 * A copy of the page for Readability, which keeps "#id" links (the permalinks headingId reads) only
 * when the document's baseURI equals its documentURI and otherwise makes them absolute. linkedom has
 * no documentURI and takes baseURI from a global `location` when the process has one (a browser-like
 * test environment or library left it), so the section ids were lost depending on what ran before.
 * The copy's documentURI is its baseURI: hash links stay as the page wrote them.
 */
function forReadability(document: { cloneNode(deep: boolean): unknown }): Document {
  const copy = document.cloneNode(true) as Document;
  Object.defineProperty(copy, 'documentURI', { get: () => copy.baseURI });
  return copy;
}

export function parseHtml(html: string, pageUrl: string, fallbackTitle?: string): ParsedPage {
  const { document } = parseHTML(html.includes('<html') ? html : `<!doctype html><html><body>${html}</body></html>`);
  const base = resolve(document.querySelector('base[href]')?.getAttribute('href'), pageUrl)?.href ?? pageUrl;
  const robots = (document.querySelector('meta[name=robots]')?.getAttribute('content') ?? '').toLowerCase();

  const links: string[] = [];
  for (const a of document.querySelectorAll('a[href]')) {
    if ((a.getAttribute('rel') ?? '').toLowerCase().includes('nofollow')) continue;
    const u = resolve(a.getAttribute('href'), base);
    if (u && (u.protocol === 'http:' || u.protocol === 'https:')) {
      u.hash = '';
      links.push(u.href);
    }
  }
  const canonicalUrl = resolve(document.querySelector('link[rel=canonical]')?.getAttribute('href'), base);
  if (canonicalUrl) canonicalUrl.hash = '';

  const title =
    clean(document.querySelector('title')?.textContent) ||
    clean(document.querySelector('meta[property="og:title"]')?.getAttribute('content')) ||
    clean(document.querySelector('h1')?.textContent) ||
    fallbackTitle ||
    pageUrl;

  for (const el of document.querySelectorAll(SKIP)) el.remove();
  let content: string;
  const main = document.querySelector('main, [role=main]') ?? document.querySelector('article');
  if (main) {
    for (const el of main.querySelectorAll(CHROME)) el.remove();
    content = main.innerHTML;
  } else {
    const body = document.body ?? document.documentElement;
    const before = clean(body?.textContent).length;
    const lead = pageLead(document.querySelector('h1') as unknown as El | null);
    let article: { content?: string | null; textContent?: string | null } | null = null;
    try {
      article = new Readability(forReadability(document), { charThreshold: 200, keepClasses: true }).parse();
    } catch {
      article = null;
    }
    for (const el of document.querySelectorAll(CHROME)) el.remove();
    const withoutChrome = document.body ?? document.documentElement;
    // Readability sometimes keeps a fragment of a short page only: then the body without chrome is better.
    // It also drops sections: on a generated manual page it keeps the long OPTIONS list and loses the
    // SYNOPSIS and DESCRIPTION before it with every heading (21 of git's 205 pages were one "NAME"
    // section, docs/eval.md "Retrieval changes"), so an article that lost most of the headings the
    // page has without chrome (four or more) is not used either.
    const bodyHeadings = headingCount(withoutChrome?.innerHTML ?? '');
    const keptHeadings = !article?.content || bodyHeadings < 4 || headingCount(article.content) * 2 >= Math.min(bodyHeadings, 8);
    const useArticle = !!article?.content && keptHeadings && clean(article.textContent).length >= Math.min(before, clean(withoutChrome?.textContent).length) * 0.5;
    content = useArticle ? article!.content! : (withoutChrome?.innerHTML ?? '');
    if (useArticle && lead && !clean(article!.textContent).includes(lead.text)) content = lead.html + content;
  }
  // turndown pads list markers ("-   item"); lists read better with one space.
  const markdown = turndown.turndown(turndownInput(content)).replace(/^(\s*)([-*]|\d+\.)\s{2,}/gm, '$1$2 ');
  const parsed = parseMarkdown(markdown, title, { openingHeadingTitle: false, autoAnchors: false, literalTags: true });
  // The page's <title> names it; its H1 repeating it ("Parley" in "Parley README") is not part of
  // every heading path, an H1 that says something else is.
  const h1 = clean(document.querySelector('h1')?.textContent) || parsed.title;
  // An H1 extending the title ("git-stash(1) Manual Page" for "git-stash(1)") repeats it too.
  const repeatsTitle = (h: string) => h === title || title.startsWith(`${h} `) || title.startsWith(`${h}:`) || h.startsWith(`${title} `) || (title.startsWith(h) && h === parsed.title);
  const sections = parsed.sections.map((s) => ({ ...s, headings: s.headings[0] === h1 && repeatsTitle(h1) ? s.headings.slice(1) : s.headings }));
  if (parsed.title !== title && !repeatsTitle(parsed.title)) for (const s of sections) s.headings.unshift(parsed.title);
  return {
    doc: { title, sections },
    canonical: canonicalUrl?.href ?? null,
    links: [...new Set(links)],
    noindex: robots.includes('noindex') || robots.includes('none'),
    nofollow: robots.includes('nofollow') || robots.includes('none'),
  };
}
