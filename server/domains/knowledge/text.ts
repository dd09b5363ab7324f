// Text normalisation shared by the BM25 index, the local embedder and the coverage signal, so that a
// query and a chunk are always cut into the same terms.
import { createHash } from 'node:crypto';

// Small English stop list: these words carry no topic, and dropping them keeps both BM25 and the
// hashed vectors focused on what a question is about ("what is parley" → "parley").
const STOP = new Set(
  (
    'a an and are as at be been but by can could did do does doing for from had has have how i if in into is it its ' +
    'me my of on or our so than that the their them then there these they this those to too was we were what when ' +
    'where which who whom why will with would you your yours about also any just not no yes get got please hi hello ' +
    'there here very should shall may might must am being s t'
  ).split(' '),
);

export const isStopWord = (term: string): boolean => STOP.has(term);

/** Lowercase, strip accents, split on anything that is not a letter or digit. */
export function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0 && w.length <= 40);
}

/**
 * A light suffix stripper (not a full Porter stemmer): enough to meet "embedding"/"embeds"/"embed" and
 * "policies"/"policy" in one term, cheap enough for 10k-chunk indexing.
 */
export function stem(w: string): string {
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) return w.slice(0, -3) + 'y';
  if (w.endsWith('sses')) return w.slice(0, -2);
  if (w.endsWith('ing') && w.length > 5) w = undouble(w.slice(0, -3));
  else if (w.endsWith('ed') && w.length > 5) w = undouble(w.slice(0, -2));
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  // A final silent e goes too, so "share", "shared" and "sharing" meet in "shar".
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

function undouble(w: string): string {
  const n = w.length;
  if (n > 3 && w[n - 1] === w[n - 2] && !'lsz'.includes(w[n - 1])) return w.slice(0, -1);
  return w;
}

/** Content terms of a text: words without stop words, stemmed. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) if (!STOP.has(w)) out.push(stem(w));
  return out;
}

/** Share of the query's distinct content terms found in the text (0..1); 0 for an empty query. */
export function coverage(queryTerms: readonly string[], text: string): number {
  const wanted = new Set(queryTerms);
  if (wanted.size === 0) return 0;
  const have = new Set(terms(text));
  let hit = 0;
  for (const t of wanted) if (have.has(t)) hit++;
  return hit / wanted.size;
}

/** Whitespace-collapsed text, the basis of content hashes (formatting-only changes do not re-index). */
export function normalizeSpace(text: string): string {
  return text.replace(/[ \t\f\v\u00a0]+/g, ' ').replace(/ *\n */g, '\n').replace(/\n{3,}/g, '\n\n').trim();
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
