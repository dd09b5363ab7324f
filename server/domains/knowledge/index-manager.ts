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
import { contentWords, tokenize } from './analysis/analyzer.js';
import { detectLanguage } from './analysis/language.js';
import { loadDictionary } from './analysis/dictionary.js';
import { prepareApertium } from './analysis/apertium.js';
import { calibrate, withCalibration, type CalibrationScope } from './calibration.js';
import type { KnowledgeSnapshot, SnapshotStore } from './snapshots.js';

/** Snapshot indexes kept in memory across projects (the builds channels' aliases point at). */
const MAX_SNAPSHOT_INDEXES = 8;

export interface IndexManager {
  search(projectId: string, query: string, options?: SearchOptions): Promise<Passage[]>;
  /** Mirrors a stored chunk set into a loaded index (no-op when the project is not loaded yet). */
  apply(projectId: string, set: ChunkSet): Promise<void>;
  remove(projectId: string, sourceId: string): Promise<void>;
  embedQuery(query: string): Promise<Float32Array>;
  /**
   * Loads the project's index and brings the answer decision's calibration up to date with its
   * current knowledge (the stored one when it matches, else measured): run when a sync ends, after
   * snippet and source edits and for a new build. Searches never measure an index calibrated before
   * (calibration.ts), so no visitor question waits for it.
   */
  calibrate(projectId: string, snapshot?: KnowledgeSnapshot): Promise<void>;
  /**
   * Drops the project's draft index and, when it was loaded, builds it again from the store: another
   * instance changed the knowledge (a sync finished there) and this one only mirrors its own writes.
   */
  reload(projectId: string): Promise<void>;
}

export function toIndexed(set: ChunkSet): IndexedChunk[] {
  return set.chunks.map((c) => ({
    id: c.id,
    source_id: set.source_id,
    title: set.title,
    url: set.url,
    // A snippet's alternative question has a chunk of its own (snippet-questions.ts).
    question: c.question ?? set.question,
    headings: c.headings,
    text: c.text,
    ...(c.anchor ? { anchor: c.anchor } : {}),
    vector: decodeVector(c.vector),
  }));
}

/** Embeds every chunk of a set with its title and heading context. */
export async function embedSet(embedder: Embedder, set: Omit<ChunkSet, 'chunks' | 'embedder'>, chunks: ChunkSet['chunks']): Promise<ChunkSet> {
  const vectors = await embedder.embed(
    chunks.map((c) => {
      const question = c.question ?? set.question;
      return contextText(set.title, c.headings, question ? `${question}\n${c.text}` : c.text);
    }),
  );
  return { ...set, embedder: embedder.id, chunks: chunks.map((c, i) => ({ ...c, vector: encodeVector(vectors[i]) })) };
}

export function createIndexManager(store: ParleyStore, embedder: Embedder, snapshots: SnapshotStore): IndexManager {
  const chunkSets = store.collection('chunk_sets');
  const loaded = new Map<string, Promise<HybridIndex>>();
  const queryCache = new Map<string, Float32Array>();

  /** `dims` comes from a vector of the current embedder (the query's), so no probe call is needed. */
  async function build(projectId: string, dims: number, snapshot?: KnowledgeSnapshot): Promise<HybridIndex> {
    const index = new HybridIndex(dims, VECTOR_WEIGHT, embedder.id.startsWith('local-hash'));
    const sets = snapshot ? await snapshots.load(projectId, snapshot.refs) : ((await chunkSets.list(projectId)) as ChunkSet[]);
    for (const [i, stored] of sets.entries()) {
      // Indexing is CPU work (language detection, terms); a large base is indexed in slices so
      // requests and widget frames keep flowing while it builds (a new build's index, a cold start).
      if (i % 20 === 19) await new Promise((resolve) => setImmediate(resolve));
      let set = stored;
      if (set.embedder !== embedder.id) {
        set = await embedSet(embedder, set, set.chunks);
        if (snapshot) await snapshots.saveReembedded(projectId, set);
        else await chunkSets.put(projectId, set);
      }
      index.setSource(set.source_id, toIndexed(set));
    }
    return index;
  }

  /**
   * The draft's index (kept current by apply/remove) or a build's (immutable). Build indexes are
   * evicted oldest first beyond MAX_SNAPSHOT_INDEXES; an evicted one is rebuilt on its next search.
   */
  function indexOf(projectId: string, dims: number, snapshot?: KnowledgeSnapshot): Promise<HybridIndex> {
    const key = snapshot ? `${projectId}/${snapshot.key}` : projectId;
    let p = loaded.get(key);
    if (p && snapshot) {
      loaded.delete(key); // most recently used last
      loaded.set(key, p);
    }
    if (!p) {
      p = build(projectId, dims, snapshot);
      loaded.set(key, p);
      // A failed build (e.g. embeddings endpoint down while re-embedding) is retried next time.
      p.catch(() => loaded.delete(key));
      if (snapshot) {
        const builds = [...loaded.keys()].filter((k) => k.includes('/'));
        for (const old of builds.slice(0, Math.max(0, builds.length - MAX_SNAPSHOT_INDEXES))) loaded.delete(old);
      }
    }
    return p;
  }

  /** Where the calibration of a snapshot's index is stored and what it was measured on. */
  const scopeOf = (projectId: string, snapshot?: KnowledgeSnapshot): CalibrationScope | undefined =>
    snapshot ? { id: `snapshot-${snapshot.key}`, sets: () => snapshots.load(projectId, snapshot.refs) } : undefined;

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
      if (language !== 'en') await Promise.all([loadDictionary(language), prepareApertium(contentWords(q, language), language)]);
      const vector = await this.embedQuery(q);
      const index = await indexOf(projectId, vector.length, options.snapshot);
      if (index.size === 0) return [];
      return withCalibration(store, projectId, index, index.search(q, vector, options), scopeOf(projectId, options.snapshot));
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
    async reload(projectId) {
      if (!loaded.delete(projectId)) return; // not loaded: the next search builds it from the store
      await this.calibrate(projectId);
    },
    async calibrate(projectId, snapshot) {
      // The vector's length is the index's dimension (a local embedder answers without a network call).
      const index = await indexOf(projectId, (await this.embedQuery('calibration')).length, snapshot);
      if (index.size > 0) await calibrate(store, projectId, index, scopeOf(projectId, snapshot));
    },
  };
}
