// The in-memory hybrid index of one project (spec 2.11): BM25 from minisearch plus brute-force
// cosine over a packed Float32 matrix, fused with weighted reciprocal rank fusion (RRF). RRF needs no
// score calibration between the two halves; the raw signals travel along in `relevance` so the
// answerer can apply an absolute confidence threshold.
// Brute force is deliberate (see vector-matrix.ts): exact, a few hundred thousand multiply-adds per
// query at 10k chunks, and no ANN structure to maintain on every sync.
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
const RRF_K = 60;

export class HybridIndex {
  private readonly mini = new MiniSearch<{ id: string; title: string; headings: string; text: string }>({
    fields: ['title', 'headings', 'text'],
    tokenize: (text) => words(text),
    processTerm: (term) => (isStopWord(term) ? null : stem(term)),
    searchOptions: {
      boost: { title: 2, headings: 1.5 },
      // No prefix or fuzzy expansion: on a 10k-chunk vocabulary each costs more than the p99 budget
      // (bench/retrieval.ts); the stemmer and the vectors' character trigrams cover word variants.
      prefix: false,
    },
  });
  private readonly entries = new Map<string, Entry>();
  private readonly bySource = new Map<string, string[]>();
  private readonly vectors: VectorMatrix;

  constructor(
    readonly dims: number,
    /** Weight of the vector ranking in the fusion (BM25 has 1). */
    private readonly vectorWeight = 0.7,
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
    const docs = [];
    for (const c of chunks) {
      const row = this.vectors.add(c.id, c.vector);
      const { vector: _vector, ...rest } = c;
      this.entries.set(c.id, { ...rest, row });
      docs.push({ id: c.id, title: c.title, headings: c.headings.join('\n'), text: c.question ? `${c.question}\n${c.text}` : c.text });
    }
    this.mini.addAll(docs);
    this.bySource.set(sourceId, chunks.map((c) => c.id));
  }

  removeSource(sourceId: string): void {
    const ids = this.bySource.get(sourceId);
    if (!ids) return;
    for (const id of ids) {
      const e = this.entries.get(id);
      if (!e) continue;
      this.mini.discard(id);
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

    const lexical = this.mini.search(query, allowed ? { filter: (r) => ok(r.id as string) } : undefined).slice(0, CANDIDATES);
    const vector = queryVector ? this.nearest(queryVector, allowed) : [];

    const fused = new Map<string, { score: number; bm25: number; cosine: number | null }>();
    lexical.forEach((r, rank) => {
      fused.set(r.id as string, { score: 1 / (RRF_K + rank + 1), bm25: r.score, cosine: null });
    });
    vector.forEach(([id, cos], rank) => {
      const f = fused.get(id);
      const add = this.vectorWeight / (RRF_K + rank + 1);
      if (f) {
        f.score += add;
        f.cosine = cos;
      } else fused.set(id, { score: add, bm25: 0, cosine: cos });
    });

    const ranked = [...fused.entries()].sort((a, b) => b[1].score - a[1].score).slice(0, limit);
    return ranked.map(([id, f]) => {
      const e = this.entries.get(id)!;
      const cosine = f.cosine ?? (queryVector ? this.vectors.dot(e.row, queryVector) : 0);
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

  private nearest(q: Float32Array, allowed: Set<string> | null): [string, number][] {
    const ids = this.vectors.ids;
    const accept = allowed ? (row: number) => allowed.has(this.entries.get(ids[row]!)!.source_id) : undefined;
    return this.vectors.nearest(q, CANDIDATES, accept).map(([row, score]) => [ids[row]!, score]);
  }
}
