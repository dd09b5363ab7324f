// The in-memory hybrid index of one project (spec 2.11): BM25 from minisearch plus exact cosine
// similarity over a column-major Float32 matrix, fused by relative scores (each half normalised by
// its best candidate, then weighted). The raw signals travel along in `relevance` so the answerer
// can apply an absolute confidence threshold.
// Brute force is deliberate (see vector-matrix.ts): exact, a few hundred thousand multiply-adds per
// query at 10k chunks, and no ANN structure to maintain on every sync. The BM25 half is bounded by a
// postings budget (LEXICAL_BUDGET), so the slowest query stays close to the typical one.
import MiniSearch from 'minisearch';
import type { Passage } from './types.js';
import { coverage, isStopWord, stem, terms, words } from './text.js';
import { VectorMatrix } from './vector-matrix.js';

export interface IndexedChunk {
  id: string;
  source_id: string;
  title: string;
  url: string | null;
  question: string | null;
  headings: string[];
  text: string;
  vector: Float32Array;
}

interface Entry extends Omit<IndexedChunk, 'vector'> {
  row: number;
}

export interface IndexSearchOptions {
  limit?: number;
  sourceIds?: readonly string[];
}

const CANDIDATES = 50;
/**
 * Weight of the vector half. Checked on the Fastify-docs eval (eval/run.ts: 0.3 to 0.7 all reach the
 * targets, 0.5 best); higher lets a noisy hashed-vector match outrank a far stronger BM25 match.
 * The same value serves an OpenAI-compatible embedder: the index stays hybrid either way.
 */
export const VECTOR_WEIGHT = 0.5;
/**
 * Postings a BM25 query may score (the sum of its terms' document frequencies). Scoring postings and
 * building one result per matching chunk is most of a query's cost, so above this budget the most
 * common terms leave the BM25 query (always keeping the rarest): their IDF is small and they still
 * count in the vector half and in the coverage signal the answerer thresholds on. This bounds the
 * worst query, not just the average; bases under the budget are never pruned.
 */
const LEXICAL_BUDGET = 1500;

export class HybridIndex {
  private readonly mini = new MiniSearch<{ id: string; title: string; headings: string; question: string; text: string }>({
    fields: ['title', 'headings', 'question', 'text'],
    tokenize: (text) => words(text),
    processTerm: (term) => {
      if (isStopWord(term)) return null;
      const t = stem(term);
      this.collecting?.add(t);
      return t;
    },
    searchOptions: {
      // A snippet's FAQ question is the strongest signal that it answers the query.
      boost: { title: 2, headings: 1.5, question: 3 },
      // No prefix or fuzzy expansion: on a 10k-chunk vocabulary each costs more than the p99 budget
      // (bench/retrieval.ts); the stemmer and the vectors' character trigrams cover word variants.
      prefix: false,
    },
  });
  private readonly entries = new Map<string, Entry>();
  private readonly bySource = new Map<string, string[]>();
  private readonly vectors: VectorMatrix;
  /** Document frequency of each stemmed term (the same terms minisearch indexes). */
  private readonly df = new Map<string, number>();
  /** The terms of the chunk being added, collected as minisearch processes them (no second tokenizing). */
  private collecting: Set<string> | null = null;

  constructor(
    readonly dims: number,
    /** Weight of the vector half in the fusion (BM25 has 1 − this). */
    private readonly vectorWeight = VECTOR_WEIGHT,
  ) {
    this.vectors = new VectorMatrix(dims);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Replaces every chunk of a source. */
  setSource(sourceId: string, chunks: IndexedChunk[]): void {
    this.removeSource(sourceId);
    if (chunks.length === 0) return;
    for (const c of chunks) {
      const row = this.vectors.add(c.id, c.vector);
      const { vector: _vector, ...rest } = c;
      this.entries.set(c.id, { ...rest, row });
      const seen = (this.collecting = new Set());
      try {
        this.mini.add({ id: c.id, title: c.title, headings: c.headings.join('\n'), question: c.question ?? '', text: c.text });
      } finally {
        this.collecting = null;
      }
      this.bump(seen, 1);
    }
    this.bySource.set(sourceId, chunks.map((c) => c.id));
  }

  removeSource(sourceId: string): void {
    const ids = this.bySource.get(sourceId);
    if (!ids) return;
    for (const id of ids) {
      const e = this.entries.get(id);
      if (!e) continue;
      this.mini.discard(id);
      this.bump(new Set(terms(`${e.title}\n${e.headings.join('\n')}\n${e.question ?? ''}\n${e.text}`)), -1);
      this.vectors.remove(e.row);
      this.entries.delete(id);
    }
    this.bySource.delete(sourceId);
    if (this.vectors.wasteful) {
      const moves = this.vectors.compact();
      for (const e of this.entries.values()) e.row = moves.get(e.row)!;
    }
  }

  search(query: string, queryVector: Float32Array | null, options: IndexSearchOptions = {}): Passage[] {
    const limit = Math.max(1, Math.min(options.limit ?? 5, 50));
    const qTerms = terms(query);
    if (qTerms.length === 0 || this.entries.size === 0) return [];
    const allowed = options.sourceIds ? new Set(options.sourceIds) : null;
    const ok = (id: string) => !allowed || allowed.has(this.entries.get(id)!.source_id);

    const lexical = this.mini.search(this.lexicalQuery(query), allowed ? { filter: (r) => ok(r.id as string) } : undefined).slice(0, CANDIDATES);
    const vector = queryVector ? this.nearest(queryVector, allowed) : [];

    // Relative score fusion: each half's scores divided by its best candidate's, then weighted.
    // Unlike rank fusion it keeps magnitudes, so a much stronger lexical match is not overturned by
    // a slightly better rank in the (noisier, hashed) vector list.
    const fused = new Map<string, { score: number; bm25: number; cosine: number }>();
    const maxBm25 = lexical[0]?.score ?? 0;
    for (const r of lexical) {
      const e = this.entries.get(r.id as string)!;
      fused.set(r.id as string, { score: 0, bm25: r.score, cosine: queryVector ? this.vectors.dot(e.row, queryVector) : 0 });
    }
    for (const [id, cos] of vector) if (!fused.has(id)) fused.set(id, { score: 0, bm25: 0, cosine: cos });
    const maxCos = vector[0]?.[1] ?? 0;
    const wv = queryVector ? this.vectorWeight : 0;
    for (const f of fused.values()) {
      const lex = maxBm25 > 0 ? f.bm25 / maxBm25 : 0;
      const sem = maxCos > 0 ? Math.max(0, f.cosine) / maxCos : 0;
      f.score = (1 - wv) * lex + wv * sem;
    }

    const ranked = [...fused.entries()].sort((x, y) => y[1].score - x[1].score).slice(0, limit);
    return ranked.map(([id, f]) => {
      const e = this.entries.get(id)!;
      const cosine = f.cosine;
      const matchText = `${e.title}\n${e.headings.join('\n')}\n${e.question ?? ''}\n${e.text}`;
      const passage: Passage = {
        chunk_id: id,
        source_id: e.source_id,
        title: e.title,
        url: e.url,
        headings: e.headings,
        text: e.text,
        score: f.score,
        relevance: { bm25: f.bm25, cosine, coverage: coverage(qTerms, matchText) },
      };
      if (e.question) passage.question = e.question;
      return passage;
    });
  }

  private bump(chunkTerms: Set<string>, delta: 1 | -1): void {
    for (const t of chunkTerms) {
      const n = (this.df.get(t) ?? 0) + delta;
      if (n > 0) this.df.set(t, n);
      else this.df.delete(t);
    }
  }

  /** The BM25 query: the query's terms, rarest first, while their postings fit LEXICAL_BUDGET. */
  lexicalQuery(query: string): string {
    const ws = words(query).filter((w) => !isStopWord(w));
    const df = (w: string) => this.df.get(stem(w)) ?? 0;
    let total = 0;
    for (const w of ws) total += df(w);
    if (total <= LEXICAL_BUDGET) return query;
    const kept: string[] = [];
    let used = 0;
    for (const w of [...ws].sort((x, y) => df(x) - df(y))) {
      if (kept.length > 0 && used + df(w) > LEXICAL_BUDGET) continue;
      kept.push(w);
      used += df(w);
    }
    // Keep the query's word order (readable in diagnostics; BM25 does not care).
    return ws.filter((w) => kept.includes(w)).join(' ');
  }

  private nearest(q: Float32Array, allowed: Set<string> | null): [string, number][] {
    const ids = this.vectors.ids;
    const accept = allowed ? (row: number) => allowed.has(this.entries.get(ids[row]!)!.source_id) : undefined;
    return this.vectors.nearest(q, CANDIDATES, accept).map(([row, score]) => [ids[row]!, score]);
  }
}
