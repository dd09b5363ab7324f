// Splits a parsed document into chunks that keep their heading context (spec 2.11). Every parser
// (HTML page, Markdown/HTML wiki page, manual snippet) produces a ParsedDoc, so chunking is one rule:
// sections never merge across headings; long sections split on paragraphs, then sentences; a chunk
// aims at ~900 characters, small enough to cite, big enough to answer.
import { normalizeSpace } from './text.js';

export interface Section {
  /** Headings above this text, outermost first (the page title is not repeated here). */
  headings: string[];
  text: string;
  /** Id of the section's heading on its page, when known (`url#anchor`). */
  anchor?: string;
}

export interface ParsedDoc {
  title: string;
  sections: Section[];
}

export interface ChunkDraft {
  headings: string[];
  text: string;
  anchor?: string;
}

const TARGET = 900;
const MAX = 1400;

function splitLong(paragraph: string): string[] {
  if (paragraph.length <= MAX) return [paragraph];
  const sentences = paragraph.match(/[^.!?\n]+(?:[.!?]+["')\]]*\s*|\n|$)/g) ?? [paragraph];
  const out: string[] = [];
  let cur = '';
  for (const s of sentences) {
    if (s.length > MAX) {
      // A run-on without punctuation (e.g. a table dumped as text): cut on word boundaries.
      if (cur) out.push(cur.trim());
      cur = '';
      for (let i = 0; i < s.length; i += TARGET) out.push(s.slice(i, i + TARGET).trim());
      continue;
    }
    if (cur.length + s.length > TARGET && cur) {
      out.push(cur.trim());
      cur = '';
    }
    cur += s;
  }
  if (cur.trim()) out.push(cur.trim());
  return out.filter(Boolean);
}

/** Whitespace collapsed in prose; fenced code keeps its indentation and blank lines. */
function normalizeOutsideCode(text: string): string {
  return text
    .split(/(^[ \t]*(?:```|~~~)[^\n]*\n[\s\S]*?^[ \t]*(?:```|~~~)[ \t]*$)/m)
    .map((part, i) => (i % 2 ? `\n\n${part.replace(/^[ \t]+(?=```|~~~)/gm, '')}\n\n` : normalizeSpace(part)))
    .join('')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Paragraphs, a fenced code block (blank lines and all) being one paragraph that is never split. */
function paragraphsOf(text: string): string[] {
  const out: string[] = [];
  let fence: string[] | null = null;
  for (const part of text.split(/\n\s*\n/)) {
    if (fence) {
      fence.push(part);
      if ((part.match(/^\s*(```|~~~)/gm) ?? []).length % 2 === 1) {
        out.push(fence.join('\n\n'));
        fence = null;
      }
    } else if ((part.match(/^\s*(```|~~~)/gm) ?? []).length % 2 === 1) fence = [part];
    else out.push(part);
  }
  if (fence) out.push(fence.join('\n\n'));
  return out;
}

function packSection(section: Section): ChunkDraft[] {
  const paragraphs = paragraphsOf(section.text)
    .flatMap((p) => (/^\s*(```|~~~)/m.test(p) ? [p.trim()] : splitLong(p.trim())))
    .filter((p) => p.length > 0);
  const out: ChunkDraft[] = [];
  let cur = '';
  for (const p of paragraphs) {
    if (cur && cur.length + p.length + 2 > TARGET) {
      out.push({ headings: section.headings, text: cur, ...(section.anchor ? { anchor: section.anchor } : {}) });
      cur = '';
    }
    cur = cur ? `${cur}\n\n${p}` : p;
  }
  if (cur) out.push({ headings: section.headings, text: cur, ...(section.anchor ? { anchor: section.anchor } : {}) });
  return out;
}

export function chunkDoc(doc: ParsedDoc): ChunkDraft[] {
  // Sections never merge, even short ones: a one-paragraph section under its own heading (an FAQ
  // entry) is the best possible chunk, and merging would give it the wrong heading path.
  return doc.sections.map((s) => ({ ...s, headings: [...s.headings], text: normalizeOutsideCode(s.text) })).filter((s) => s.text).flatMap(packSection);
}

/** The text a chunk is indexed and embedded with: title and headings give it context. */
export function contextText(title: string, headings: string[], text: string): string {
  return [title, ...headings, text].filter(Boolean).join('\n');
}
