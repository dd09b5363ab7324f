import type { Language } from './analysis/language.js';
import type { Calibration } from './calibration.js';
import type { KnowledgeSnapshot } from './snapshots.js';

// The retrieval contract between knowledge (ingestion, index) and the agent runtime (docs/architecture.md section 6).
export interface Passage {
  chunk_id: string;
  source_id: string;
  /** Title of the source page / snippet. */
  title: string;
  url: string | null;
  /** Headings above this chunk, outermost first. */
  headings: string[];
  text: string;
  /** Fused relevance, higher is better; comparable within one query. */
  score: number;
  /** For a manual snippet carrying a question (direct FAQ answer). */
  question?: string;
  /**
   * Absolute signals behind `score` (which is rank-fused and only comparable within one query), for
   * confidence thresholds: raw BM25 (0 when only the vector half found it), cosine similarity of the
   * query and chunk vectors (-1..1, local embedder ~0..1), and the share of the query's content terms
   * (stemmed, stop words removed) present in the chunk's title, headings, question or text (0..1).
   */
  relevance?: Relevance;
  /** Id of the chunk's section on its page (`url#anchor` cites the section). */
  anchor?: string;
  /** Language the chunk is written in (analysis/language.ts). */
  language?: Language;
}

/** A concept of the question: a content word and the index terms that express it (analysis/query.ts). */
export interface QueryConcept {
  word: string;
  terms: string[];
  /** Credit of each term when it is the one found (1 = the word itself, less for a translation or correction). */
  weights?: number[];
  idf: number;
  known: boolean;
  /** Unknown and naming something the knowledge lacks (see analysis/query.ts). */
  foreign?: boolean;
}

export interface Relevance {
  bm25: number;
  cosine: number;
  /** IDF-weighted share of the question's concepts the chunk covers (0..1). */
  coverage: number;
  /** IDF-weighted share of the question's concepts the knowledge base knows at all (0..1). */
  known?: number;
  query_language?: Language;
  concepts?: QueryConcept[];
  /** This knowledge base's score calibration (calibration.ts), for the answer decision. */
  calibration?: Calibration;
}

export interface SearchOptions {
  limit?: number;
  /** Restrict to these source ids (audiences, deployments). */
  sourceIds?: string[];
  /** Search a deployment's knowledge (knowledge/snapshots.ts) instead of the draft's. */
  snapshot?: KnowledgeSnapshot;
}

export interface KnowledgeSearch {
  search(projectId: string, query: string, options?: SearchOptions): Promise<Passage[]>;
}
