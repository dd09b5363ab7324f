// Markdown → ParsedDoc: title (front matter `title:`, else the first H1, else the heading of any level
// that opens the page before any text — pino's lts.md starts with "## Long Term Support" and was
// titled "lts" —, else the file name) and
// sections under their heading path. Code blocks are kept verbatim with their fences (users ask "how do I
// embed…" and the answer is often the snippet); links and images keep their text only.
import type { ParsedDoc, Section } from './chunker.js';

const HEADING = /^(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$/;
const FENCE = /^[ \t]*(```|~~~)/;
/** A link reference definition (`[semver]: https://semver.org/`): CommonMark renders nothing for it. */
const LINK_DEFINITION = /^ {0,3}\[[^\]]+\]:\s*\S+(\s+("[^"]*"|'[^']*'|\([^)]*\)))?\s*$/;

/** `literal`: angle brackets are text, not tags (Markdown converted from HTML, where `<stash>` was `&lt;stash&gt;`). */
export function cleanInline(line: string, literal = false): string {
  // Links and images keep their text first (their text may hold a code span). Code spans are then
  // literal: `DATA_DIR/<collection>/` keeps its angle brackets, so only the text between spans
  // loses markup (the odd parts of the split are the spans' contents); autolinks keep their address.
  return line
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .split(/`([^`]+)`/)
    .map((part, i) => (i % 2 ? part : (literal ? part : part.replace(/<((?:https?|mailto):[^>\s]+)>/g, '$1').replace(/<\/?[A-Za-z][^>]*>/g, '')).replace(/(\*\*|__)(.+?)\1/g, '$2')))
    .join('');
}

/** GitHub's heading slug ("Install the widget!" → install-the-widget), the anchor its renderer gives. */
export function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

/**
 * `autoAnchors` (default on): headings without an explicit `{#id}` get GitHub's slug as their anchor;
 * off for converted HTML, whose headings name their real ids explicitly.
 */
export function parseMarkdown(source: string, fallbackTitle: string, options: { openingHeadingTitle?: boolean; autoAnchors?: boolean; literalTags?: boolean } = {}): ParsedDoc {
  const inline = (line: string) => cleanInline(line, options.literalTags === true);
  let text = source.replace(/\r\n?/g, '\n').replace(/<!--[\s\S]*?-->/g, '');
  let title: string | null = null;
  const front = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (front) {
    const t = /^title:\s*["']?(.+?)["']?\s*$/m.exec(front[1]);
    if (t) title = t[1];
    text = text.slice(front[0].length);
  }
  const lines = text.split('\n');
  const sections: Section[] = [];
  const stack: { level: number; text: string; anchor?: string }[] = [];
  const slugs = new Map<string, number>();
  let buf: string[] = [];
  let inFence = false;
  let titleLevel = 0;
  let openingHeading: string | null = null;

  // The id of the heading that titles the page: the text under it, before the first other
  // heading, is linked there rather than to the page alone.
  let titleAnchor: string | undefined;
  const flush = () => {
    const body = buf.join('\n').trim();
    const anchor = stack.findLast((h) => h.anchor)?.anchor ?? (stack.length === 0 ? titleAnchor : undefined);
    if (body) sections.push({ headings: stack.map((h) => h.text), text: body, ...(anchor ? { anchor } : {}) });
    buf = [];
  };
  const heading = (level: number, raw: string) => {
    const explicit = /\s*\{#([^}\s]+)\}\s*$/.exec(raw);
    const h = inline(explicit ? raw.slice(0, explicit.index) : raw).trim();
    if (!h) return;
    let anchor = explicit?.[1];
    if (!anchor && options.autoAnchors !== false) {
      const base = slug(h);
      const n = slugs.get(base) ?? 0;
      slugs.set(base, n + 1);
      anchor = n ? `${base}-${n}` : base;
    }
    flush();
    if (title === null && level === 1 && sections.length === 0) {
      title = h;
      titleLevel = 1;
      titleAnchor = explicit?.[1];
      return;
    }
    // Remembered, not consumed: it stays in the heading path of the text under it.
    if (openingHeading === null && sections.length === 0) openingHeading = h;
    if (level <= titleLevel && h === title) return;
    // A page titled in its front matter often opens with an H1 saying the same ("Parley" on the
    // page "Parley README"): the title already names it, so it is not in every heading path.
    const t = title as string | null;
    if (level === 1 && titleLevel === 0 && t !== null && sections.length === 0 && stack.length === 0 && (h === t || t.startsWith(`${h} `))) {
      titleAnchor = explicit?.[1];
      return;
    }
    while (stack.length && stack[stack.length - 1].level >= level) stack.pop();
    stack.push({ level, text: h, ...(anchor ? { anchor } : {}) });
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (FENCE.test(line)) {
      // Fences stay in the text, so an answer quotes the block verbatim, as code (agent compose.ts).
      inFence = !inFence;
      buf.push(line.trim().startsWith('~~~') ? line.replace('~~~', '```') : line);
      continue;
    }
    if (inFence) {
      buf.push(line);
      continue;
    }
    const m = HEADING.exec(line);
    if (m) {
      heading(m[1].length, m[2]);
      continue;
    }
    // Setext headings: a text line underlined with === (H1) or --- (H2).
    const next = lines[i + 1];
    if (line.trim() && next !== undefined && /^(=+|-+)\s*$/.test(next) && !/^\s*[-*+]\s/.test(line) && buf.at(-1)?.trim() !== line.trim()) {
      if (/^=+\s*$/.test(next) || next.trim().length >= 3) {
        heading(next.trim().startsWith('=') ? 1 : 2, line);
        i++;
        continue;
      }
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) continue; // horizontal rule
    if (LINK_DEFINITION.test(line)) continue;
    if (/^\s*\|/.test(line)) {
      // A table row stays one line starting with "| " (its separator row goes), so the answerer
      // treats each row as a unit of its own instead of running the table together as one sentence.
      const cells = line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => inline(c).trim());
      buf.push(cells.every((c) => /^:?-*:?$/.test(c)) ? '' : `| ${cells.join(' | ')}`);
      continue;
    }
    buf.push(inline(line).replace(/^\s*>\s?/, ''));
  }
  flush();
  const useOpening = options.openingHeadingTitle ?? true;
  return { title: (title ?? (useOpening ? openingHeading : null) ?? fallbackTitle).trim() || fallbackTitle, sections };
}

/** A snippet: its text may use Markdown headings; its title comes from the snippet itself. */
export function snippetDoc(title: string, content: string): ParsedDoc {
  const parsed = parseMarkdown(content, title, { openingHeadingTitle: false });
  // A snippet's own title wins over a leading H1 of its content, which then stays in the text.
  if (parsed.title !== title) parsed.sections.unshift({ headings: [], text: parsed.title });
  return { title, sections: parsed.sections };
}
