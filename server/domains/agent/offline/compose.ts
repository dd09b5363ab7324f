// The text of a confident offline answer, as a person would write it from one section: its lead
// paragraph, the paragraph that speaks most to the question, and the command or code block such a
// paragraph introduces, verbatim. Blocks are never spliced: a fenced block stays whole even when a
// blank line sits inside it, and a list stays a list.
import type { Passage, QueryConcept } from '../../knowledge/types.js';
import { analysedTerms } from './terms-cache.js';
import { covered } from './features.js';

export interface Block {
  text: string;
  kind: 'prose' | 'code' | 'list';
}

const FENCE = /^\s*(```|~~~)/;

/** Paragraphs of a chunk's text, fenced code blocks kept whole. */
export function blocks(text: string): Block[] {
  const out: Block[] = [];
  let buf: string[] = [];
  let fence: string[] | null = null;
  const flush = () => {
    const t = buf.join('\n').trim();
    buf = [];
    if (!t) return;
    const lines = t.split('\n');
    const kind = lines.every((l) => /^\s*([-*+]|\d+[.)])\s/.test(l) || /^\s{2,}\S/.test(l)) ? 'list' : lines.every((l) => /^( {4}|\t)/.test(l)) ? 'code' : 'prose';
    out.push({ text: t, kind });
  };
  for (const line of text.split('\n')) {
    if (fence) {
      fence.push(line);
      if (FENCE.test(line)) {
        out.push({ text: fence.join('\n'), kind: 'code' });
        fence = null;
      }
    } else if (FENCE.test(line)) {
      flush();
      fence = [line];
    } else if (line.trim() === '') flush();
    else buf.push(line);
  }
  if (fence) out.push({ text: `${fence.join('\n')}\n\`\`\``, kind: 'code' });
  flush();
  return out;
}

const ITEM = /^\s*([-*+]|\d+[.)])\s/;
const TABLE_ROW = /^\s*\|/;

/**
 * A paragraph or list as one line per paragraph or item: Markdown sources are often wrapped at ~100
 * characters, and a newline inside a paragraph is a soft break (a space) there, while the widget
 * renders a newline in a chat message as a line break (widget/app/markdown.ts). Unwrapped, an answer
 * quoted from docs/faq.md reads as sentences instead of lines broken mid-phrase on a phone. Kept: a
 * hard break (two trailing spaces or a backslash), a new list item, and table rows (one per line).
 */
export function unwrap(text: string): string {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const previous = out.at(-1);
    const hardBreak = previous !== undefined && / {2,}$|\\$/.test(previous);
    if (previous === undefined || hardBreak || ITEM.test(line) || TABLE_ROW.test(line) || TABLE_ROW.test(previous)) out.push(line);
    else out[out.length - 1] = `${previous.trimEnd()} ${line.trim()}`;
  }
  return out.join('\n');
}

const MAX_PROSE = 900;
/** Prose read from the lead on before only the best paragraph is added. */
const LEAD_CHARS = 350;

/** Cuts a long paragraph at a sentence end. */
function trimProse(text: string, max = MAX_PROSE): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('.\n'));
  return end > max / 3 ? cut.slice(0, end + 1) : `${cut.replace(/\s+\S*$/, '')}…`;
}

/** `bestOnly`: just the block that speaks to the question (search-table rows are not a section). */
export function composeAnswer(passage: Passage, concepts: readonly QueryConcept[], bestOnly = false): string {
  const all = blocks(passage.text);
  if (all.length === 0) return passage.text.trim();
  const language = passage.language ?? 'en';
  const score = all.map((b) => covered(concepts, analysedTerms(b.text, language)));
  const lead = all.findIndex((b) => b.kind !== 'code');
  let best = 0;
  for (let i = 1; i < all.length; i++) if (score[i] > score[best] + 1e-9) best = i;
  // The section from its lead on, while it stays short (a person quotes a short section whole),
  // then the paragraph that speaks most to the question.
  const chosen = new Set<number>();
  let budget = 0;
  for (let i = lead >= 0 ? lead : 0; !bestOnly && i < all.length && budget < LEAD_CHARS; i++) {
    chosen.add(i);
    budget += all[i].kind === 'code' ? 0 : all[i].text.length;
  }
  chosen.add(best);
  // A paragraph that introduces an example ("run the following command:") brings it along.
  for (const i of [...chosen]) {
    const next = all[i + 1];
    if (next && next.kind === 'code' && all[i].kind !== 'code') chosen.add(i + 1);
  }
  // A code block is never left hanging without the sentence that introduces it.
  for (const i of [...chosen]) if (all[i].kind === 'code' && i > 0 && all[i - 1].kind !== 'code' && all[i - 1].text.trim().endsWith(':')) chosen.add(i - 1);
  let length = 0;
  const parts: string[] = [];
  for (const i of [...chosen].sort((a, b) => a - b)) {
    const b = all[i];
    const text = b.kind === 'prose' ? trimProse(unwrap(b.text)) : b.kind === 'list' ? unwrap(b.text) : !FENCE.test(b.text) ? `\`\`\`\n${b.text}\n\`\`\`` : b.text;
    if (length > 0 && b.kind !== 'code' && length + text.length > MAX_PROSE * 1.5) continue;
    parts.push(text);
    length += text.length;
  }
  return parts.join('\n\n');
}
