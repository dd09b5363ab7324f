// The text of a confident offline answer, as a person would write it from one section: its lead
// paragraph, the paragraph that speaks most to the question, and the command or code block such a
// paragraph introduces, verbatim. Blocks are never spliced: a fenced block stays whole even when a
// blank line sits inside it, and a list stays a list.
import type { Passage, QueryConcept } from '../../knowledge/types.js';
import { analysedTerms } from './terms-cache.js';
import { covered } from './features.js';
import { refersBack, withoutDanglingReferences } from './references.js';

export interface Block {
  text: string;
  kind: 'prose' | 'code' | 'list';
  /** The end of a fenced block that began in the previous chunk (its opening fence is not here). */
  cut?: boolean;
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
  const lines = text.split('\n');
  // An odd number of fences, the first after other lines: the chunk opens inside a code block the
  // chunker cut. Its lines up to that fence are code (cut), not prose with a fence opening after.
  const firstFence = lines.findIndex((l) => FENCE.test(l));
  if (firstFence > 0 && lines.filter((l) => FENCE.test(l)).length % 2 === 1) {
    const tail = lines.slice(0, firstFence).join('\n').trim();
    if (tail) out.push({ text: `\`\`\`\n${tail}\n\`\`\``, kind: 'code', cut: true });
    lines.splice(0, firstFence + 1);
  }
  for (const line of lines) {
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
  let cut = text.slice(0, max);
  // Never inside a code span: a cut `command` would read as a whole one.
  if ((cut.match(/`/g)?.length ?? 0) % 2 === 1) cut = cut.slice(0, cut.lastIndexOf('`'));
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
  // A paragraph explaining the example before it ("This searches…", "Lines 2-3 …") brings it along,
  // unless that block is the cut end of a command that began in the previous chunk.
  for (const i of [...chosen]) if (all[i].kind !== 'code' && i > 0 && all[i - 1].kind === 'code' && !isCut(all, i - 1) && refersBack(all[i].text)) chosen.add(i - 1);
  const laterChunk = /:(\d+)$/.exec(passage.chunk_id)?.[1] !== '0';
  let length = 0;
  let shown = -1;
  const parts: string[] = [];
  for (const i of [...chosen].sort((a, b) => a - b)) {
    const b = all[i];
    // Never opens the answer: a command without the sentence that says what it does, possibly cut.
    if (b.kind === 'code' && parts.length === 0) continue;
    let text = b.kind === 'prose' ? trimProse(unwrap(b.text)) : b.kind === 'list' ? unwrap(b.text) : !FENCE.test(b.text) ? `\`\`\`\n${b.text}\n\`\`\`` : b.text;
    // What it points at is not shown right before it: those sentences go.
    if (b.kind !== 'code' && !(shown === i - 1 && all[i - 1]?.kind === 'code')) text = withoutDanglingReferences(text, parts.length === 0 && (i > 0 || laterChunk));
    if (!text) continue;
    if (length > 0 && b.kind !== 'code' && length + text.length > MAX_PROSE * 1.5) continue;
    parts.push(text);
    shown = i;
    length += text.length;
  }
  return parts.join('\n\n') || passage.text.trim();
}

/** A chunk's first block when it is the end of a command cut at the chunk's start. */
const isCut = (all: Block[], i: number) => i === 0 && all[i]!.cut === true;
