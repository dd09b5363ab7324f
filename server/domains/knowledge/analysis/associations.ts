// Term associations learnt from the knowledge base itself (docs/knowledge.md "Search"): which terms
// go together in its chunks, so a question's words can bring in the words the documents use next to
// them. Corpus-wide statistics, not the first ranking's top chunks (pseudo-relevance feedback, which
// drifted, docs/eval.md "Cross-lingual changes"). Two kinds:
//   - "body": a term's companions in the same chunk's text;
//   - "head": the title and heading terms of the chunks whose text holds the term (a translation
//     model: body words predicting the section's name, "stash" from "changes … away").
// Strength is Dunning's log-likelihood ratio (G²) of the 2×2 chunk counts, which neither favours
// one-off rare pairs (as PMI does) nor the ubiquitous terms (as raw counts do). A term's list is
// worked out from its postings on first use and remembered until the chunks change.

const SAMPLE = 1500;
const MEMO = 20_000;

export type AssociationKind = 'body' | 'head';

export class TermAssociations {
  private readonly body: (readonly string[] | undefined)[] = [];
  private readonly head: (readonly string[] | undefined)[] = [];
  private readonly free: number[] = [];
  private readonly postings = new Map<string, Set<number>>();
  private readonly headDf = new Map<string, number>();
  private readonly memo = new Map<string, [string, number][]>();
  private docs = 0;

  /** Adds a chunk's text terms and title/heading terms; returns its slot for remove(). */
  add(bodyTerms: Iterable<string>, headTerms: Iterable<string>): number {
    const slot = this.free.pop() ?? this.body.length;
    const b = [...new Set(bodyTerms)];
    const h = [...new Set(headTerms)];
    this.body[slot] = b;
    this.head[slot] = h;
    for (const t of b) {
      let p = this.postings.get(t);
      if (!p) this.postings.set(t, (p = new Set()));
      p.add(slot);
    }
    for (const t of h) this.headDf.set(t, (this.headDf.get(t) ?? 0) + 1);
    this.docs++;
    this.memo.clear();
    return slot;
  }

  remove(slot: number): void {
    const b = this.body[slot];
    if (!b) return;
    for (const t of b) {
      const p = this.postings.get(t)!;
      p.delete(slot);
      if (p.size === 0) this.postings.delete(t);
    }
    for (const t of this.head[slot]!) {
      const n = (this.headDf.get(t) ?? 1) - 1;
      if (n > 0) this.headDf.set(t, n);
      else this.headDf.delete(t);
    }
    this.body[slot] = undefined;
    this.head[slot] = undefined;
    this.free.push(slot);
    this.docs--;
    this.memo.clear();
  }

  /** Chunks whose text holds `term`. */
  df(term: string): number {
    return this.postings.get(term)?.size ?? 0;
  }

  /**
   * The terms most associated with `term` (strongest first, at most `limit`), each with its G²;
   * only positive associations (seen together more often than chance) met in at least `minPairs` chunks.
   */
  associates(term: string, kind: AssociationKind, limit = 20, minPairs = 3): [string, number][] {
    const key = `${kind}\u0000${term}\u0000${limit}\u0000${minPairs}`;
    const memoised = this.memo.get(key);
    if (memoised) return memoised;
    const out = this.compute(term, kind, limit, minPairs);
    if (this.memo.size >= MEMO) this.memo.clear();
    this.memo.set(key, out);
    return out;
  }

  private compute(term: string, kind: AssociationKind, limit: number, minPairs: number): [string, number][] {
    const posting = this.postings.get(term);
    if (!posting || posting.size < minPairs) return [];
    const n = this.docs;
    const nc = posting.size;
    // A very common term is read from an even sample of its chunks, scaled back up: its associations
    // are weak anyway, and the cost stays bounded.
    const stride = Math.max(1, Math.ceil(nc / SAMPLE));
    const together = new Map<string, number>();
    let i = 0;
    for (const slot of posting) {
      if (i++ % stride !== 0) continue;
      for (const x of (kind === 'body' ? this.body : this.head)[slot]!) together.set(x, (together.get(x) ?? 0) + stride);
    }
    const scored: [string, number][] = [];
    for (const [x, k11] of together) {
      if (x === term || k11 < minPairs) continue;
      const nx = kind === 'body' ? this.df(x) : (this.headDf.get(x) ?? 0);
      if (k11 * n <= nc * nx) continue;
      scored.push([x, llr(k11, nc - k11, nx - k11, n - nc - nx + k11)]);
    }
    return scored.sort((a, b) => b[1] - a[1]).slice(0, limit);
  }
}

/** Dunning's G² for a 2×2 contingency table. */
export function llr(k11: number, k12: number, k21: number, k22: number): number {
  const xlx = (k: number) => (k > 0 ? k * Math.log(k) : 0);
  const n = k11 + k12 + k21 + k22;
  const rows = xlx(k11 + k12) + xlx(k21 + k22);
  const cols = xlx(k11 + k21) + xlx(k12 + k22);
  const cells = xlx(k11) + xlx(k12) + xlx(k21) + xlx(k22);
  return Math.max(0, 2 * (cells - rows - cols + xlx(n)));
}
