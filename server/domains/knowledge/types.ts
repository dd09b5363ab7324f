// The retrieval contract between knowledge (ingestion, index) and the agent runtime (DESIGN.md 6).
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
}

export interface SearchOptions {
  limit?: number;
  /** Restrict to these source ids (audiences, deployments). */
  sourceIds?: string[];
}

export interface KnowledgeSearch {
  search(projectId: string, query: string, options?: SearchOptions): Promise<Passage[]>;
}
