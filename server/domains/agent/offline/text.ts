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

export const isStopWord = (word: string): boolean => STOP.has(word);

/** Stemmed content terms of a text, in order, duplicates kept. */
export function contentTerms(text: string): string[] {
  const out: string[] = [];
  for (const t of tokens(text)) {
    if (STOP.has(t) || (t.length < 2 && !/\d/.test(t))) continue;
    // Dotted identifiers (reply.send) also count as their parts.
    if (/[._-]/.test(t)) for (const part of t.split(/[._-]/)) if (part.length > 1 && !STOP.has(part)) out.push(stem(part));
    out.push(stem(t));
  }
  return out;
}

export const termSet = (text: string): Set<string> => new Set(contentTerms(text));

/**
 * Sentences of a passage. Markdown structure counts as a boundary too: list items, table rows and
 * code fences are kept as separate units so an answer never splices half a code block.
 */
export function sentences(text: string): string[] {
  const out: string[] = [];
  const blocks = text.split(/\n\s*\n|\n(?=\s*(?:[-*+]|\d+\.|#{1,6}|\|)\s)/);
  for (const block of blocks) {
    const flat = block.replace(/\s+/g, ' ').trim();
    if (!flat) continue;
    const parts = flat.split(/(?<=[.!?])\s+(?=[A-Z0-9`"'(\[])/);
    for (const part of parts) {
      const s = part.trim();
      if (s.length > 0) out.push(s);
    }
  }
  return out;
}
