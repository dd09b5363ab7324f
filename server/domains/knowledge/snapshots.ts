// Knowledge as a deployment saw it (spec 2.10, 9; docs/behaviour.md "Deployments and aliases").
// A build stores only references (source id + content hash) to the chunk sets of the moment, in a
// manifest named by the hash of its content (`knowledge_manifests`): builds of unchanged knowledge
// share one manifest and add nothing but their own record. The chunks are shared copy-on-write:
// while the draft's chunk set of a source still has the referenced hash, a build reads it from
// `chunk_sets`; the moment a sync or an edit would overwrite or delete a referenced set, the old set
// is first kept (durably) in `chunk_set_versions` under `<source_id>_<hash>`. Unreferenced sets are
// overwritten as before, so a project that never builds stores nothing extra.
import { createHash } from 'node:crypto';
import type { ParleyStore } from '../../store/index.js';
import type { ChunkSet } from './schemas.js';

/** What a build keeps of one source's knowledge (shared/schemas/deployments.ts KnowledgeRef). */
export interface ChunkSetRef {
  source_id: string;
  content_hash: string;
}

/** A deployment's knowledge for the index manager: its cache key and the chunk sets it names. */
export interface KnowledgeSnapshot {
  /** Unique within the project, e.g. `v3`. */
  key: string;
  refs: readonly ChunkSetRef[];
}

const versionId = (ref: ChunkSetRef) => `${ref.source_id}_${ref.content_hash}`;

export function createSnapshotStore(store: ParleyStore) {
  const chunkSets = store.collection('chunk_sets');
  const versions = store.collection('chunk_set_versions');
  const manifests = store.collection('knowledge_manifests');
  // Manifests are never changed or deleted, so the set of referenced hashes only changes with their count.
  const referencedCache = new Map<string, { count: number; refs: Set<string> }>();

  async function referenced(projectId: string): Promise<Set<string>> {
    const all = await manifests.list(projectId);
    let cached = referencedCache.get(projectId);
    if (!cached || cached.count !== all.length) {
      cached = { count: all.length, refs: new Set(all.flatMap((m) => m.refs.map(versionId))) };
      referencedCache.set(projectId, cached);
    }
    return cached.refs;
  }

  // A build reads the draft's hashes while a sync may be replacing sets: both run under one lock per
  // project, so a set is never overwritten between a build reading its hash and storing the build.
  const locks = new Map<string, Promise<unknown>>();
  function exclusive<T>(projectId: string, fn: () => Promise<T>): Promise<T> {
    const run = (locks.get(projectId) ?? Promise.resolve()).catch(() => undefined).then(fn);
    locks.set(projectId, run);
    void run.catch(() => undefined).finally(() => {
      if (locks.get(projectId) === run) locks.delete(projectId);
    });
    return run;
  }

  return {
    exclusive,

    /** Stores the references once per distinct content; returns the manifest's id. Under `exclusive`. */
    async saveManifest<R extends ChunkSetRef>(projectId: string, refs: R[]): Promise<string> {
      const id = createHash('sha256').update(JSON.stringify(refs)).digest('hex').slice(0, 40);
      if (!(await manifests.get(projectId, id))) await manifests.put(projectId, { id, project_id: projectId, refs });
      return id;
    },

    async manifest<R extends ChunkSetRef>(projectId: string, id: string): Promise<R[]> {
      const m = await manifests.get(projectId, id);
      if (!m) throw new Error(`knowledge manifest ${id} is missing from the store`);
      return m.refs as R[];
    },

    /**
     * Called before the draft's chunk set of `sourceId` is overwritten or deleted: a set some build
     * references is kept first. Awaited, so a crash between the two writes loses nothing.
     */
    async preserve(projectId: string, sourceId: string): Promise<void> {
      const current = (await chunkSets.get(projectId, sourceId)) as ChunkSet | undefined;
      if (!current) return;
      const ref = { source_id: sourceId, content_hash: current.content_hash };
      if (!(await referenced(projectId)).has(versionId(ref))) return;
      if (await versions.get(projectId, versionId(ref))) return;
      await versions.put(projectId, { ...current, id: versionId(ref) });
    },

    /** The chunk sets a build references: the draft's where unchanged, else the kept versions. */
    async load(projectId: string, refs: readonly ChunkSetRef[]): Promise<ChunkSet[]> {
      const out: ChunkSet[] = [];
      for (const ref of refs) {
        const draft = (await chunkSets.get(projectId, ref.source_id)) as ChunkSet | undefined;
        if (draft?.content_hash === ref.content_hash) {
          out.push(draft);
          continue;
        }
        const kept = (await versions.get(projectId, versionId(ref))) as ChunkSet | undefined;
        // Only a store edited by hand can lack it; that source is then missing from the build's index.
        if (kept) out.push({ ...kept, id: ref.source_id });
      }
      return out;
    },

    /** Writes back a kept set re-embedded by another embedder (index-manager.ts), where it came from. */
    async saveReembedded(projectId: string, set: ChunkSet): Promise<void> {
      const draft = (await chunkSets.get(projectId, set.source_id)) as ChunkSet | undefined;
      if (draft?.content_hash === set.content_hash) await chunkSets.put(projectId, set);
      else await versions.put(projectId, { ...set, id: versionId(set) });
    },
  };
}

export type SnapshotStore = ReturnType<typeof createSnapshotStore>;
