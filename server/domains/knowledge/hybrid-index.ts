// The in-memory index of one project (spec 2.11): BM25 (minisearch) over per-language analysed
// fields (title, headings, FAQ question, text; see analysis/analyzer.ts), reranked by how much of the
// question's meaning each chunk covers (analysis/query.ts: concepts with translations, cognates and
// typo corrections), plus, when an embeddings endpoint is configured, exact cosine similarity over a
// column-major Float32 matrix, fused by relative scores. The raw signals travel along in `relevance`
// so the answerer can decide how sure it is.
// Brute force is deliberate (see vector-matrix.ts): exact, and no ANN structure to maintain on every
// sync. The BM25 half is bounded by a postings budget (LEXICAL_BUDGET), so the slowest query stays
// close to the typical one.
import MiniSearch from 'minisearch';
import type { Passage } from './types.js';
import { VectorMatrix, activeDims } from './vector-matrix.js';
import { analyze } from './analysis/analyzer.js';
import { detectLanguage, type Language } from './analysis/language.js';
import { analyzeQuery, type AnalyzedQuery, type Concept } from './analysis/query.js';
import { Vocabulary } from './analysis/vocabulary.js';

export interface IndexedChunk {
  id: string;
  source_id: string;
  title: string;
  url: string | null;
  question: string | null;
  headings: string[];
  text: string;
  /** Id of the chunk's section on its page. */
  anchor?: string;
  vector: Float32Array;
}

interface Entry extends Omit<IndexedChunk, 'vector'> {
  row: number;
  language: Language;
  /** Every indexed term of the chunk (title, headings, question, text). */
  terms: Set<string>;
  /** The analysed headings and text in order, for proximity, as term ids (HybridIndex.termIds). */
  sequence: Int32Array;
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
 * worst query, not just the average; bases under the budget are never pruned. It was 1500: on a
 * large manual (git's 4,100 chunks) that dropped the term a question is about whenever the manual
 * uses it everywhere ("commit", "table", "branch"), leaving BM25 to rank chunks by the question's
 * incidental words; 5000 keeps them up to about half of a 10k-chunk base (docs/eval.md "Retrieval
 * changes") at generate p50 13 ms in bench:retrieval.
 */
export const LEXICAL_BUDGET = 5000;

/** Weight of the coverage of the question's concepts against the relative BM25 score. */
const COVERAGE_WEIGHT = 0.4;
/** Weight of proximity: the question's words side by side ("run every test") beat them pages apart. */
const PROXIMITY_WEIGHT = 0.15;
/** Tokens (after stop words) within which two concepts count as side by side. */
const WINDOW = 3;
/** Size of proximity's term filter in 32-bit words (a power of two). */
const MASK_WORDS = 32;
/** Each further chunk of an already listed source counts this much less: the top few name distinct pages. */
const REPEAT_PENALTY = 0.85;

const fields = ['title', 'headings', 'question', 'text'] as const;
type Doc = { id: string } & Record<(typeof fields)[number], string>;

/** A chunk's fields as indexed: analysed in its language (stemmed, stop words out), space-separated. */
function analysedDoc(c: Pick<IndexedChunk, 'id' | 'title' | 'headings' | 'question' | 'text'>, language: Language): Doc {
  return {
    id: c.id,
    title: analyze(c.title, language).join(' '),
    headings: analyze(c.headings.join('\n'), language).join(' '),
    question: analyze(c.question ?? '', language).join(' '),
    text: analyze(c.text, language).join(' '),
  };
}

/**
 * Share of the question's concept pairs that occur within WINDOW tokens of each other somewhere.
 * `conceptOf`: term id → concept; `mask`: a bit per term id modulo 32 × MASK_WORDS set for the
 * question's terms, so most tokens (not the question's) are passed over without a map look-up.
 */
function proximity(sequence: Int32Array, conceptOf: ReadonlyMap<number, number>, mask: Uint32Array, count: number): number {
  const last = new Array<number>(count).fill(-Infinity);
  const near = new Set<number>();
  for (let i = 0; i < sequence.length; i++) {
    const id = sequence[i];
    if ((mask[(id >>> 5) & (MASK_WORDS - 1)] & (1 << (id & 31))) === 0) continue;
    const c = conceptOf.get(id);
    if (c === undefined) continue;
    for (let d = 0; d < count; d++) if (d !== c && i - last[d] <= WINDOW) near.add(Math.min(c, d) * count + Math.max(c, d));
    last[c] = i;
  }
  return near.size / ((count * (count - 1)) / 2);
}

/** A concept's terms for coverage: by weight, highest first, so the first one a chunk has is its best. */
interface CoverageConcept {
  idf: number;
  terms: string[];
  weights: number[];
}

function coverageConcepts(concepts: readonly Concept[]): CoverageConcept[] {
  return concepts.map((c) => {
    const byWeight = [...c.terms].filter(([, w]) => w > 0).sort((a, b) => b[1] - a[1]);
    return { idf: c.idf, terms: byWeight.map(([t]) => t), weights: byWeight.map(([, w]) => w) };
  });
}

/**
 * IDF-weighted share of the concepts with a term in `have` (0..1); a concept found only through a
 * translation, cognate or correction earns that term's weight, not full credit. The concepts are
 * prepared once per search (coverageConcepts), not gone through term by term for each candidate.
 */
function coverage(concepts: readonly CoverageConcept[], have: ReadonlySet<string>): number {
  let total = 0;
  let hit = 0;
  for (const c of concepts) {
    total += c.idf;
    let best = 0;
    for (let i = 0; i < c.terms.length; i++) {
      if (have.has(c.terms[i]!)) {
        best = c.weights[i]!;
        break;
      }
    }
    hit += c.idf * best;
  }
  return total === 0 ? 0 : hit / total;
}

export class HybridIndex {
  private readonly mini = new MiniSearch<Doc>({
    fields: [...fields],
    // Fields arrive analysed (stemmed, stop words out) in the chunk's own language.
    tokenize: (text) => text.split(' '),
    processTerm: (term) => term || null,
    searchOptions: {
      // A snippet's FAQ question is the strongest signal that it answers the query; headings say
      // what a section is about better than any sentence in it.
      boost: { title: 2, headings: 2, question: 3 },
      prefix: false,
    },
    // Nothing is discarded (see removeSource), so there is never anything to vacuum.
    autoVacuum: false,
  });
  private readonly entries = new Map<string, Entry>();
  private readonly bySource = new Map<string, string[]>();
  private readonly vectors: VectorMatrix;
  readonly vocabulary = new Vocabulary();
  private readonly languages = new Map<Language, number>();
  /**
   * Every analysed term seen in a chunk's headings or text → a small integer, so that proximity
   * compares numbers instead of strings. Ids are never reused or dropped: they cost one entry per
   * distinct term, the vocabulary's size.
   */
  private readonly termIds = new Map<string, number>();

  constructor(
    readonly dims: number,
    /** Weight of the vector half in the fusion (BM25 has 1 − this); only used with vectors. */
    private readonly vectorWeight = VECTOR_WEIGHT,
    /** Vectors that only compare texts of one language (the local hashed embedder's). */
    private readonly monolingualVectors = false,
  ) {
    this.vectors = new VectorMatrix(Math.max(dims, 1));
  }

  get size(): number {
    return this.entries.size;
  }

  /** The languages the chunks are written in, most frequent first. */
  get documentLanguages(): Language[] {
    return [...this.languages.entries()].sort((a, b) => b[1] - a[1]).map(([l]) => l);
  }

  /** Replaces every chunk of a source. */
  setSource(sourceId: string, chunks: IndexedChunk[]): void {
    this.removeSource(sourceId);
    if (chunks.length === 0) return;
    // One language per source, judged on its whole text: a chunk of option lists or code alone
    // could pass for French, and an English page then told visitors "This source is in French".
    const language = detectLanguage(chunks.map((c) => `${c.title}\n${c.headings.join('\n')}\n${c.text.slice(0, 600)}`).join('\n').slice(0, 6000));
    for (const c of chunks) {
      const row = this.dims > 0 && c.vector.length === this.dims ? this.vectors.add(c.id, c.vector) : -1;
      const { vector: _vector, ...rest } = c;
      const doc = analysedDoc(c, language);
      const terms = new Set(`${doc.title} ${doc.headings} ${doc.question} ${doc.text}`.split(' ').filter(Boolean));
      this.entries.set(c.id, { ...rest, row, language, terms, sequence: this.termSequence(`${doc.headings} ${doc.text}`) });
      this.mini.add(doc);
      this.vocabulary.add(terms, 1);
      this.languages.set(language, (this.languages.get(language) ?? 0) + 1);
    }
    this.bySource.set(sourceId, chunks.map((c) => c.id));
  }

  removeSource(sourceId: string): void {
    const ids = this.bySource.get(sourceId);
    if (!ids) return;
    for (const id of ids) {
      const e = this.entries.get(id);
      if (!e) continue;
      // remove(), not discard(): discard leaves dirt that minisearch vacuums later in timed batches,
      // and a source replaced during such a vacuum broke its tree walk (an unhandled rejection, which
      // ends a Node process). remove() needs the fields as indexed: analysis is deterministic, so
      // they are made again from the stored chunk.
      this.mini.remove(analysedDoc(e, e.language));
      this.vocabulary.add(e.terms, -1);
      this.languages.set(e.language, (this.languages.get(e.language) ?? 1) - 1);
      if (e.row >= 0) this.vectors.remove(e.row);
      this.entries.delete(id);
    }
    this.bySource.delete(sourceId);
    if (this.vectors.wasteful) {
      const moves = this.vectors.compact();
      for (const e of this.entries.values()) if (e.row >= 0) e.row = moves.get(e.row)!;
    }
  }

  private termSequence(analysed: string): Int32Array {
    const words = analysed.split(' ').filter(Boolean);
    const out = new Int32Array(words.length);
    for (let i = 0; i < words.length; i++) {
      let id = this.termIds.get(words[i]);
      if (id === undefined) {
        id = this.termIds.size;
        this.termIds.set(words[i], id);
      }
      out[i] = id;
    }
    return out;
  }

  /** The question's concepts against this index's vocabulary (translations, cognates, corrections). */
  analyzeQuery(query: string): AnalyzedQuery {
    return analyzeQuery(query, this.vocabulary, this.documentLanguages);
  }

  search(query: string, queryVector: Float32Array | null, options: IndexSearchOptions = {}): Passage[] {
    const limit = Math.max(1, Math.min(options.limit ?? 5, 50));
    if (this.entries.size === 0) return [];
    const analysed = this.analyzeQuery(query);
    const { concepts } = analysed;
    if (concepts.length === 0) return [];
    const allowed = options.sourceIds ? new Set(options.sourceIds) : null;
    const ok = (id: string) => !allowed || allowed.has(this.entries.get(id)!.source_id);

    const weights = new Map<string, number>();
    for (const c of concepts) for (const [t, w] of c.terms) weights.set(t, Math.max(weights.get(t) ?? 0, w));
    const queryTerms = this.budgeted([...weights.keys()]);
    const lexical = this.mini
      .search(
        { combineWith: 'OR', queries: queryTerms },
        { boostTerm: (term) => weights.get(term) ?? 1, ...(allowed ? { filter: (r) => ok(r.id as string) } : {}) },
      )
      .slice(0, CANDIDATES);
    // Hashed word features of a German question say nothing about English chunks: noise, not signal.
    const crossLingual = analysed.language !== (this.documentLanguages[0] ?? analysed.language);
    const useVectors = queryVector !== null && this.dims > 0 && queryVector.length === this.dims && !(this.monolingualVectors && crossLingual);
    const vector = useVectors ? this.nearest(queryVector, allowed) : [];

    // Relative score fusion: BM25 divided by its best candidate's, blended with concept coverage
    // (a chunk that speaks to every part of the question beats one repeating one word), plus the
    // vector half when there is one.
    const fused = new Map<string, { score: number; bm25: number; cosine: number; coverage: number }>();
    const covering = coverageConcepts(concepts);
    const maxBm25 = lexical[0]?.score ?? 0;
    const active = useVectors ? activeDims(queryVector) : undefined;
    const cosineOf = (e: Entry) => (useVectors && e.row >= 0 ? this.vectors.dot(e.row, queryVector, active) : 0);
    for (const r of lexical) {
      const e = this.entries.get(r.id as string)!;
      fused.set(e.id, { score: 0, bm25: r.score, cosine: cosineOf(e), coverage: coverage(covering, e.terms) });
    }
    for (const [id, cos] of vector) {
      if (!fused.has(id)) fused.set(id, { score: 0, bm25: 0, cosine: cos, coverage: coverage(covering, this.entries.get(id)!.terms) });
    }
    const maxCos = vector[0]?.[1] ?? 0;
    const wv = useVectors ? this.vectorWeight : 0;
    for (const f of fused.values()) {
      const lex = maxBm25 > 0 ? f.bm25 / maxBm25 : 0;
      const sem = maxCos > 0 ? Math.max(0, f.cosine) / maxCos : 0;
      f.score = (1 - wv) * ((1 - COVERAGE_WEIGHT) * lex + COVERAGE_WEIGHT * f.coverage) + wv * sem;
    }
    if (concepts.length > 1) {
      // A term no chunk's headings or text has (no id) cannot occur in a sequence.
      const conceptOf = new Map<number, number>();
      const mask = new Uint32Array(MASK_WORDS);
      concepts.forEach((c, i) => {
        for (const t of c.terms.keys()) {
          const id = this.termIds.get(t);
          if (id === undefined || conceptOf.has(id)) continue;
          conceptOf.set(id, i);
          mask[(id >>> 5) & (MASK_WORDS - 1)] |= 1 << (id & 31);
        }
      });
      for (const [id, f] of fused) f.score += PROXIMITY_WEIGHT * proximity(this.entries.get(id)!.sequence, conceptOf, mask, concepts.length);
    }

    const sorted = [...fused.entries()].sort((x, y) => y[1].score - x[1].score);
    const perSource = new Map<string, number>();
    for (const [id, f] of sorted) {
      const source = this.entries.get(id)!.source_id;
      const seen = perSource.get(source) ?? 0;
      f.score *= REPEAT_PENALTY ** seen;
      perSource.set(source, seen + 1);
    }
    const ranked = sorted.sort((x, y) => y[1].score - x[1].score).slice(0, limit);
    let knownMass = 0;
    let mass = 0;
    for (const c of concepts) {
      mass += c.idf;
      if (c.known) knownMass += c.idf;
    }
    const known = mass > 0 ? knownMass / mass : 0;
    const conceptList = concepts.map((c) => ({ word: c.word, terms: [...c.terms.keys()], weights: [...c.terms.values()], idf: c.idf, known: c.known, ...(c.foreign ? { foreign: true } : {}) }));
    return ranked.map(([id, f]) => {
      const e = this.entries.get(id)!;
      const passage: Passage = {
        chunk_id: id,
        source_id: e.source_id,
        title: e.title,
        url: e.url,
        headings: e.headings,
        text: e.text,
        score: f.score,
        language: e.language,
        relevance: { bm25: f.bm25, cosine: f.cosine, coverage: f.coverage, known, query_language: analysed.language, concepts: conceptList },
      };
      if (e.question) passage.question = e.question;
      if (e.anchor) passage.anchor = e.anchor;
      return passage;
    });
  }

  /** Terms scored by BM25: rarest first, while their postings fit LEXICAL_BUDGET (at least one). */
  private budgeted(terms: string[]): string[] {
    const df = (t: string) => this.vocabulary.count(t);
    let total = 0;
    for (const t of terms) total += df(t);
    if (total <= LEXICAL_BUDGET) return terms.filter((t) => df(t) > 0);
    const kept: string[] = [];
    let used = 0;
    for (const t of [...terms].filter((x) => df(x) > 0).sort((x, y) => df(x) - df(y))) {
      if (kept.length > 0 && used + df(t) > LEXICAL_BUDGET) continue;
      kept.push(t);
      used += df(t);
    }
    return terms.filter((t) => kept.includes(t));
  }

  /** The terms BM25 would score for `query` (diagnostics and tests). */
  lexicalQuery(query: string): string {
    const terms = new Set<string>();
    for (const c of this.analyzeQuery(query).concepts) for (const t of c.terms.keys()) terms.add(t);
    return this.budgeted([...terms]).join(' ');
  }

  private nearest(q: Float32Array, allowed: Set<string> | null): [string, number][] {
    const ids = this.vectors.ids;
    const accept = allowed ? (row: number) => allowed.has(this.entries.get(ids[row]!)!.source_id) : undefined;
    return this.vectors.nearest(q, CANDIDATES, accept).map(([row, score]) => [ids[row]!, score]);
  }
}
