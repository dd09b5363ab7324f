// Small, deterministic text tools for the offline answerer: tokens, stop words, a light stemmer and
// sentence splitting. No dictionaries or models, so results never depend on the network.

// Function words plus the words every support question carries ("how do I …", "can you …"),
// which say nothing about what is asked.
const STOP = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both
  but by can could did do does doing done down during each either else ever every few for from further get gets got had
  has have having he her here hers herself him himself his how i if in into is it its itself just let lets me might mine
  more most much must my myself no nor not now of off on once one only or other our ours ourselves out over own please
  same shall she should so some such than that the their theirs them themselves then there these they this those
  through to too under until up upon us very via was we were what when where which while who whom whose why will with
  within without would yes yet you your yours yourself yourselves tell explain know want need way ways use using used
  work works possible something thing things anyone someone able`
    .split(/\s+/)
    .filter(Boolean),
);

/** Lower-cased word tokens (letters, digits, and inner dots/dashes/underscores of identifiers). */
export function tokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:[._-][\p{L}\p{N}]+)*/gu) ?? [];
}

/** A light suffix stripper: enough to match plural/verb forms ("hooks" ~ "hook", "logging" ~ "log"). */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let w = word;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  for (const suffix of ['ingly', 'edly', 'ing', 'ed', 'ly', 'ment', 'ation', 'er']) {
    // "-ly" only on long adverbs: reply, apply and supply keep theirs.
    if (suffix === 'ly' && (w.length < 7 || w.endsWith('ply'))) continue;
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  // "logg" (from logging) → "log", "stopp" → "stop"
  if (w.length > 3 && w.at(-1) === w.at(-2) && !/[lsz]/.test(w.at(-1)!)) w = w.slice(0, -1);
  if (w.length > 3 && w.at(-1) === 'e') w = w.slice(0, -1);
  return w;
}

// Low-information words of support questions: they count a little towards coverage, so a passage
// missing "run" or "consider" is not judged as off-topic as one missing "password".
const WEAK = new Set(
  `run make change consider set add create write code start find show give try go see like look help problem issue question
  example different new good best right correct instead such behind inside outside around properly really just own`
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => stem(w)),
);

export const isWeakTerm = (term: string): boolean => WEAK.has(term);

/** Weight of a stemmed term: longer words carry more (a cheap rarity proxy), weak words little. */
export const termWeight = (term: string): number => Math.min(term.length, 8) * (WEAK.has(term) ? 0.3 : 1);

/** Messages made only of these are small talk, not questions. */
const SMALL_TALK = new Set('hi hello hey hallo hiya thanks thank thx ok okay bye goodbye cheers morning evening'.split(' '));
export const isSmallTalk = (text: string): boolean => {
  const words = tokens(text).filter((t) => !STOP.has(t));
  return words.length > 0 && words.every((t) => SMALL_TALK.has(t));
};

export const isStopWord = (word: string): boolean => STOP.has(word);

/** Stemmed content terms of a text, in order, duplicates kept. */
export function contentTerms(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.match(/[\p{L}\p{N}]+(?:[._-][\p{L}\p{N}]+)*/gu) ?? []) {
    const t = raw.toLowerCase();
    if (STOP.has(t) || (t.length < 2 && !/\d/.test(t))) continue;
    // Identifiers count whole and as their words, so "printRoutes" meets "print all routes" and
    // reply.send meets "send"; hyphenated words (type-safe, built-in) count only as their parts,
    // as prose writes them either way.
    const parts = raw.replace(/([a-z\d])([A-Z])/g, '$1 $2').split(/[._\- ]/).map((p) => p.toLowerCase());
    if (parts.length > 1) for (const part of parts) if (part.length > 1 && !STOP.has(part)) out.push(stem(part));
    if (!/^[\p{L}\p{N}]+(-[\p{L}\p{N}]+)+$/u.test(t)) out.push(stem(t));
  }
  return out;
}

export const termSet = (text: string): Set<string> => new Set(contentTerms(text));

export interface TextUnit {
  text: string;
  kind: 'prose' | 'code' | 'heading';
}

// Chunk text keeps code without its fences, so lines are classified: indented lines, lines
// opening with a keyword, comment or shell prompt, object keys and symbol-dense lines are code;
// wordy lines with few symbols are prose; anything else continues what came before.
const CODE_START = /^(\/\/|\/\*|\*\/|#!?\s|\$ |npm |npx |yarn |pnpm |node |import |export |const |let |var |await |return |function |async |class |interface |type \w+ =|if \(|for \(|[}\])]|<\/?[a-zA-Z])/;
const SYMBOLS = /[{}()[\];=<>$`|\\]/g;

function lineKind(line: string, previous: 'prose' | 'code'): 'prose' | 'code' {
  if (/^( {2,}|\t)\S/.test(line)) return 'code';
  const t = line.trim();
  if (CODE_START.test(t)) return 'code';
  const symbols = (t.match(SYMBOLS) ?? []).length / Math.max(t.length, 1);
  const words = (t.match(/[A-Za-z]{2,}/g) ?? []).length;
  if (/^['"]?[\w-]+['"]?\s*:\s*\S.*[,{[(]$/.test(t) || /=>|\)\s*;?$|;$|\{$/.test(t)) return symbols > 0.02 || words < 6 ? 'code' : previous;
  if (words >= 4 && symbols < 0.05) return 'prose';
  if (symbols >= 0.1) return 'code';
  return previous;
}

/**
 * A passage cut into answerable units: prose sentences, code blocks (consecutive code lines kept
 * together, never spliced) and headings (short unpunctuated lines opening a paragraph).
 * Markdown list items and table rows are units of their own.
 */
export function units(text: string): TextUnit[] {
  const out: TextUnit[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    const lines = paragraph.split('\n').filter((l) => l.trim() !== '');
    let prose: string[] = [];
    let code: string[] = [];
    let kind: 'prose' | 'code' = 'prose';
    const flushProse = () => {
      const flat = prose.join(' ').replace(/\s+/g, ' ').trim();
      prose = [];
      if (!flat) return;
      for (const part of flat.split(/(?<=[.!?])\s+(?=[A-Z0-9`"'(\[@])/)) if (part.trim()) out.push({ text: part.trim(), kind: 'prose' });
    };
    const flushCode = () => {
      if (code.length) out.push({ text: code.join('\n'), kind: 'code' });
      code = [];
    };
    lines.forEach((line, i) => {
      const trimmed = line.trim();
      // Chunk text carries headings in their own field, so a "# …" line here is a code comment.
      if (/^\s*([-*+]|\d+\.|\|)\s/.test(line)) {
        flushProse();
        flushCode();
        prose.push(trimmed);
        flushProse();
      } else if (i === 0 && lines.length > 1 && trimmed.length < 60 && !/[.!?:,;]$/.test(trimmed) && lineKind(line, 'prose') === 'prose' && /^[A-Z`@[]/.test(lines[1].trim())) {
        out.push({ text: trimmed, kind: 'heading' });
      } else if ((kind = lineKind(line, kind)) === 'code') {
        flushProse();
        code.push(line.replace(/\s+$/, ''));
      } else {
        flushCode();
        prose.push(trimmed);
      }
    });
    flushProse();
    flushCode();
  }
  return out;
}

/** The prose and list sentences of a text (units without code and headings). */
export function sentences(text: string): string[] {
  return units(text)
    .filter((u) => u.kind === 'prose')
    .map((u) => u.text);
}
