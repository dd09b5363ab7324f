// The index's vocabulary: document frequency of every indexed term, plus the two look-ups that make
// a query word meet a term the documents actually use when it is not one of them:
//   - typo tolerance: terms within one edit (two for long words), same first letter, same length ±2;
//   - cognates: terms sharing a six-letter prefix once spelling habits are evened out
//     ("konfigurieren" → configur, "protokoll" → protocol).
// Both only run for rare words that miss the vocabulary, so their cost is a few thousand
// comparisons per query at 10k chunks.

export class Vocabulary {
  private readonly df = new Map<string, number>();
  private byInitial: Map<string, string[]> | null = null;
  private byPrefix: Map<string, string[]> | null = null;
  /** Chunks counted (for IDF). */
  docs = 0;

  count(term: string): number {
    return this.df.get(term) ?? 0;
  }

  has(term: string): boolean {
    return this.df.has(term);
  }

  /** Inverse document frequency, BM25's form (never negative). */
  idf(term: string): number {
    const n = this.df.get(term) ?? 0;
    return Math.log(1 + (this.docs - n + 0.5) / (n + 0.5));
  }

  add(terms: Iterable<string>, delta: 1 | -1): void {
    this.docs += delta;
    for (const t of terms) {
      const n = (this.df.get(t) ?? 0) + delta;
      if (n > 0) this.df.set(t, n);
      else this.df.delete(t);
    }
    this.byInitial = null;
    this.byPrefix = null;
  }

  get terms(): IterableIterator<string> {
    return this.df.keys();
  }

  /** Known terms one or two edits from `term` (a typo), most frequent first. */
  corrections(term: string): string[] {
    if (term.length < 4 || /\d/.test(term)) return [];
    this.byInitial ??= group(this.df.keys(), (t) => t[0]);
    const max = term.length >= 8 ? 2 : 1;
    const out = (this.byInitial.get(term[0]) ?? []).filter((t) => Math.abs(t.length - term.length) <= max && t.length >= 3 && editDistance(term, t, max) <= max);
    return out.sort((a, b) => this.count(b) - this.count(a)).slice(0, 3);
  }

  /** Known terms that look like a foreign word's cognate (same normalised six-letter prefix). */
  cognates(word: string): string[] {
    const key = cognateKey(word);
    if (key.length < 6) return [];
    this.byPrefix ??= group(this.df.keys(), (t) => (t.length >= 5 ? cognateKey(t).slice(0, 6) : ''));
    return (this.byPrefix.get(key.slice(0, 6)) ?? []).sort((a, b) => this.count(b) - this.count(a)).slice(0, 3);
  }
}

/** Spelling evened out across en/de/es/fr/it/pt/nl: k/c, ph/f, th/t, y/i, doubled letters. */
export function cognateKey(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ph/g, 'f')
    .replace(/th/g, 't')
    .replace(/k/g, 'c')
    .replace(/z/g, 'c')
    .replace(/y/g, 'i')
    .replace(/(.)\1/g, '$1');
}

function group(terms: Iterable<string>, keyOf: (t: string) => string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const t of terms) {
    const k = keyOf(t);
    if (!k) continue;
    const list = out.get(k);
    if (list) list.push(t);
    else out.set(k, [t]);
  }
  return out;
}

/** Damerau-Levenshtein (optimal string alignment) distance, giving up above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0][j] = j;
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, rows[i - 2][j - 2] + 1);
      rows[i][j] = v;
      if (v < best) best = v;
    }
    if (i > 0 && best > max) return max + 1;
  }
  return rows[a.length][b.length];
}
