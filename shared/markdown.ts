// A deliberately tiny Markdown renderer for chat messages (docs/architecture.md section 4), shared by
// the widget and the console so the team reads an AI answer as the visitor does. It builds Preact
// nodes, never HTML strings, so message text can never become markup: every piece of text ends up a
// text node. Hand-written because general-purpose parsers (marked, markdown-it + a sanitizer) cost
// 10–40 KB gzip, more than the whole first-message budget (30 KB), and chat answers only use a
// small subset: paragraphs, line breaks, **bold**, *italic*, `code`, fenced code, [links](…),
// bare URLs and bullet / numbered lists. Links are allow-listed to http, https and mailto and open
// in a new tab with rel="noopener noreferrer". Citation markers ("[1]", "[1, 2]": [n] is the answer's
// sources[n-1]) become links when the caller says what each number points to (`cite`).
import { h, type ComponentChildren, type VNode } from 'preact';

const SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/** The URL if its scheme is allowed, else null (javascript:, data:, relative, garbage). */
export function safeUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw.trim());
    return SCHEMES.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

export function link(href: string | null, children: ComponentChildren): VNode<any> {
  const safe = safeUrl(href);
  if (!safe) return h('span', null, children);
  return h('a', { href: safe, target: '_blank', rel: 'noopener noreferrer' }, children);
}

/** Renders citation number n (1-based), or null when there is no such source (the text stays as it is). */
export type Cite = (n: number) => VNode<any> | null;

// Order matters: code first (its content is literal), then links, then citations, then emphasis,
// then bare URLs.
const INLINE =
  /(`+)([\s\S]*?[^`])\1(?!`)|\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\](?![(\[])|\[([^\]\n]+)\]\(\s*<?([^\s<>()]+(?:\([^\s()]*\))?[^\s<>()]*)>?(?:\s+"[^"\n]*")?\s*\)|\*\*(?=\S)([\s\S]*?\S)\*\*|__(?=\S)([\s\S]*?\S)__(?!\w)|\*(?=[^\s*])([\s\S]*?[^\s*])\*|(?<!\w)_(?=[^\s_])([\s\S]*?[^\s_])_(?!\w)|\b((?:https?:\/\/|mailto:)[^\s<>"]*[^\s<>".,:;'")\]!?])/;

function citation(list: string, cite: Cite | undefined): ComponentChildren[] | null {
  const marks = list.split(',').map((x) => cite?.(Number(x.trim())) ?? null);
  if (marks.some((m) => !m)) return null;
  const out: ComponentChildren[] = ['['];
  marks.forEach((m, i) => out.push(...(i ? [', ', m] : [m])));
  out.push(']');
  return out;
}

export function renderInline(text: string, cite?: Cite): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  let rest = text;
  while (rest) {
    const m = INLINE.exec(rest);
    if (!m) {
      out.push(rest);
      break;
    }
    if (m.index > 0) out.push(rest.slice(0, m.index));
    const [all, , code, cited, linkText, href, bold1, bold2, em1, em2, bare] = m;
    if (code !== undefined) out.push(h('code', null, code.replace(/^ (.*) $/, '$1')));
    else if (cited !== undefined) out.push(...(citation(cited, cite) ?? [all]));
    else if (linkText !== undefined) out.push(link(href, renderInline(linkText, cite)));
    else if (bold1 !== undefined || bold2 !== undefined) out.push(h('strong', null, renderInline(bold1 ?? bold2, cite)));
    else if (em1 !== undefined || em2 !== undefined) out.push(h('em', null, renderInline(em1 ?? em2, cite)));
    else if (bare !== undefined) out.push(link(bare, bare));
    rest = rest.slice(m.index + all.length);
  }
  return out;
}

/** Lines joined by <br>: in chat a single newline is meant as a line break. */
function lines(text: string, cite?: Cite): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  text.split('\n').forEach((line, i) => {
    if (i) out.push(h('br', null));
    out.push(...renderInline(line, cite));
  });
  return out;
}

const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBER = /^\s{0,3}(\d{1,9})[.)]\s+(.*)$/;
const FENCE = /^\s{0,3}(```|~~~)/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;

export function renderMarkdown(source: string, cite?: Cite): VNode<any>[] {
  const src = source.replace(/\r\n?/g, '\n');
  const rows = src.split('\n');
  const blocks: VNode<any>[] = [];
  let para: string[] = [];
  const endPara = () => {
    if (para.length) blocks.push(h('p', null, lines(para.join('\n'), cite)));
    para = [];
  };
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const fence = FENCE.exec(row);
    if (fence) {
      endPara();
      const body: string[] = [];
      for (i++; i < rows.length && !rows[i].trimStart().startsWith(fence[1]); i++) body.push(rows[i]);
      blocks.push(h('pre', null, h('code', null, body.join('\n'))));
      continue;
    }
    const ordered = NUMBER.exec(row);
    if (ordered || BULLET.test(row)) {
      endPara();
      const pattern = ordered ? NUMBER : BULLET;
      const items: string[][] = [];
      for (; i < rows.length; i++) {
        const m = pattern.exec(rows[i]);
        if (m) items.push([m[m.length - 1]]);
        else if (rows[i].trim() && /^\s+/.test(rows[i]) && items.length) items[items.length - 1].push(rows[i].trim());
        else break;
      }
      i--;
      const start = ordered ? Number(ordered[1]) : 1;
      const lis = items.map((item) => h('li', null, lines(item.join('\n'), cite)));
      blocks.push(ordered ? h('ol', start !== 1 ? { start } : null, lis) : h('ul', null, lis));
      continue;
    }
    const heading = HEADING.exec(row);
    if (heading) {
      endPara();
      blocks.push(h('p', null, h('strong', null, renderInline(heading[1], cite))));
      continue;
    }
    if (!row.trim()) endPara();
    else para.push(row);
  }
  endPara();
  return blocks;
}
