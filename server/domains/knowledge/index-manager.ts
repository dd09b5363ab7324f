// Keeps one HybridIndex per project in memory, built lazily from the stored chunk sets on the first
// search after a start: chunks and vectors are stored, so a restart re-fetches nothing and re-embeds
// nothing. A chunk set embedded by another embedder (config changed) is re-embedded from
// its stored text once and written back.
import type { ParleyStore } from '../../store/index.js';
import type { Passage, SearchOptions } from './types.js';
import type { ChunkSet } from './schemas.js';
import { decodeVector, encodeVector, type Embedder } from './embedder.js';
import { HybridIndex, VECTOR_WEIGHT, type IndexedChunk } from './hybrid-index.js';
import { contextText } from './chunker.js';
import { tokenize } from './analysis/analyzer.js';
import { detectLanguage } from './analysis/language.js';
import { loadDictionary } from './analysis/dictionary.js';
import { calibrationOf, withCalibration } from './calibration.js';

export interface IndexManager {
  search(projectId: string, query: string, options?: SearchOptions): Promise<Passage[]>;
  /** Mirrors a stored chunk set into a loaded index (no-op when the project is not loaded yet). */
  apply(projectId: string, set: ChunkSet): Promise<void>;
  remove(projectId: string, sourceId: string): Promise<void>;
  embedQuery(query: string): Promise<Float32Array>;
  /**
   * Loads the project's index and measures the answer decision's calibration for its current
   * knowledge, unless stored already: run when a sync ends and after snippet edits, so the first
   * visitor after a change does not pay for it.
   */
  calibrate(projectId: string): Promise<void>;
}

export function toIndexed(set: ChunkSet): IndexedChunk[] {
  return set.chunks.map((c) => ({
    id: c.id,
    source_id: set.source_id,
    title: set.title,
    url: set.url,
    question: set.question,
    headings: c.headings,
    text: c.text,
    ...(c.anchor ? { anchor: c.anchor } : {}),
    vector: decodeVector(c.vector),
  }));
}

/** Embeds every chunk of a set with its title and heading context. */
export async function embedSet(embedder: Embedder, set: Omit<ChunkSet, 'chunks' | 'embedder'>, chunks: ChunkSet['chunks']): Promise<ChunkSet> {
  const vectors = await embedder.embed(
    chunks.map((c) => contextText(set.title, c.headings, set.question ? `${set.question}\n${c.text}` : c.text)),
  );
  return { ...set, embedder: embedder.id, chunks: chunks.map((c, i) => ({ ...c, vector: encodeVector(vectors[i]) })) };
}

export function createIndexManager(store: ParleyStore, embedder: Embedder): IndexManager {
  const chunkSets = store.collection('chunk_sets');
  const loaded = new Map<string, Promise<HybridIndex>>();
  const queryCache = new Map<string, Float32Array>();

  /** `dims` comes from a vector of the current embedder (the query's), so no probe call is needed. */
  async function build(projectId: string, dims: number): Promise<HybridIndex> {
    const index = new HybridIndex(dims, VECTOR_WEIGHT, embedder.id.startsWith('local-hash'));
    for (const stored of (await chunkSets.list(projectId)) as ChunkSet[]) {
      let set = stored;
      if (set.embedder !== embedder.id) {
        set = await embedSet(embedder, set, set.chunks);
        await chunkSets.put(projectId, set);
      }
      index.setSource(set.source_id, toIndexed(set));
    }
    return index;
  }

  function indexOf(projectId: string, dims: number): Promise<HybridIndex> {
    let p = loaded.get(projectId);
    if (!p) {
      p = build(projectId, dims);
      loaded.set(projectId, p);
      // A failed build (e.g. embeddings endpoint down while re-embedding) is retried next time.
      p.catch(() => loaded.delete(projectId));
    }
    return p;
  }

  return {
    async embedQuery(query) {
      const cached = queryCache.get(query);
      if (cached) return cached;
      const [v] = await embedder.embed([query]);
      if (queryCache.size > 500) queryCache.delete(queryCache.keys().next().value!);
      queryCache.set(query, v);
      return v;
    },
    async search(projectId, query, options = {}) {
      const q = query.trim().slice(0, 2000);
      // Nothing but stop words ("is it?") matches nothing: no index build, no embeddings call.
      if (tokenize(q).length === 0) return [];
      // A question in another language may need its dictionary: loaded once, without blocking.
      const language = detectLanguage(q);
      if (language !== 'en') await loadDictionary(language);
      const vector = await this.embedQuery(q);
      const index = await indexOf(projectId, vector.length);
      if (index.size === 0) return [];
      return withCalibration(store, projectId, index, index.search(q, vector, options));
    },
    async apply(projectId, set) {
      const p = loaded.get(projectId);
      if (!p) return;
      (await p).setSource(set.source_id, toIndexed(set));
    },
    async remove(projectId, sourceId) {
      const p = loaded.get(projectId);
      if (!p) return;
      (await p).removeSource(sourceId);
    },
    async calibrate(projectId) {
      // The vector's length is the index's dimension (a local embedder answers without a network call).
      const index = await indexOf(projectId, (await this.embedQuery('calibration')).length);
      if (index.size > 0) await calibrationOf(store, projectId, index);
    },
  };
}
