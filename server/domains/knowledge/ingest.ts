// Writes sources and their chunk sets. Every provider funnels through here, so "incremental by
// content hash, never duplicated" is one rule: a source is identified by (provider, key);
// same key + same hash = unchanged, nothing re-chunked or re-embedded.
// Write order keeps readers consistent: chunk set before source on upsert, source before chunk set
// on removal, so an "indexed" source always has its chunks.
import type { ParleyStore } from '../../store/index.js';
import { newId, now } from '../../lib/ids.js';
import type { ChunkSet, DataProvider, Source } from './schemas.js';
import { chunkDoc, type ParsedDoc } from './chunker.js';
import { embedSet, type IndexManager } from './index-manager.js';
import type { Embedder } from './embedder.js';
import type { SnapshotStore } from './snapshots.js';
import { sha256 } from './text.js';
import { withAlternativeChunks } from './snippet-questions.js';

export interface PageInput {
  key: string;
  kind: Source['kind'];
  title: string;
  url: string | null;
  doc: ParsedDoc;
  question?: string | null;
  /** A snippet's other phrasings of `question`, each indexed as a chunk of its own (snippet-questions.ts). */
  alternative_questions?: string[];
  /** Snippets keep their raw text on the source. */
  content?: string | null;
  /** A live wiki page's version: stored on the source, so the next sync fetches the page only once it changed. */
  version?: string;
}

export type UpsertOutcome = 'added' | 'updated' | 'unchanged';

export function contentHash(page: Pick<PageInput, 'title' | 'url' | 'doc' | 'question' | 'alternative_questions'>): string {
  const parts: unknown[] = [page.title, page.url, page.question ?? null, page.doc.sections.map((s) => (s.anchor ? [s.headings, s.text, s.anchor] : [s.headings, s.text]))];
  // Only when there are some: the hash of every source stored before them stays what it was.
  if (page.alternative_questions?.length) parts.push(page.alternative_questions);
  return sha256(JSON.stringify(parts));
}

export function createIngest(store: ParleyStore, embedder: Embedder, index: IndexManager, snapshots: SnapshotStore) {
  const sources = store.collection('sources');
  const chunkSets = store.collection('chunk_sets');

  async function upsert(provider: DataProvider, existing: Source | undefined, page: PageInput): Promise<{ outcome: UpsertOutcome; source: Source }> {
    const hash = contentHash(page);
    if (existing && existing.status === 'indexed' && existing.content_hash === hash) {
      // A new version with the same text: remembered, so the page is not fetched again next time.
      if (page.version && existing.remote_version !== page.version) {
        const source = { ...existing, remote_version: page.version };
        await sources.put(provider.project_id, source);
        return { outcome: 'unchanged', source };
      }
      return { outcome: 'unchanged', source: existing };
    }
    const id = existing?.id ?? newId();
    const drafts = withAlternativeChunks(chunkDoc(page.doc), page.alternative_questions);
    const set = await embedSet(
      embedder,
      {
        id,
        project_id: provider.project_id,
        source_id: id,
        data_provider_id: provider.id,
        title: page.title,
        url: page.url,
        question: page.question ?? null,
        content_hash: hash,
      },
      drafts.map((d, ord) => ({ id: `${id}:${ord}`, ord, headings: d.headings, text: d.text, ...(d.anchor ? { anchor: d.anchor } : {}), ...(d.question ? { question: d.question } : {}), vector: '' })),
    );
    // A build may reference the set being replaced: it is kept first (knowledge/snapshots.ts).
    await snapshots.exclusive(provider.project_id, async () => {
      await snapshots.preserve(provider.project_id, id);
      await chunkSets.put(provider.project_id, set);
    });
    const at = now();
    const source: Source = {
      id,
      project_id: provider.project_id,
      data_provider_id: provider.id,
      kind: page.kind,
      key: page.key,
      title: page.title,
      url: page.url,
      question: page.question ?? null,
      ...(page.alternative_questions?.length ? { alternative_questions: page.alternative_questions } : {}),
      content: page.content ?? null,
      // New sources inherit the provider's default audience (spec 2.11); existing ones keep theirs.
      audience_id: existing ? existing.audience_id : provider.default_audience_id,
      status: 'indexed',
      error: null,
      content_hash: hash,
      ...(page.version ? { remote_version: page.version } : {}),
      chunk_count: set.chunks.length,
      created_at: existing?.created_at ?? at,
      updated_at: at,
    };
    await sources.put(provider.project_id, source);
    await index.apply(provider.project_id, set as ChunkSet);
    return { outcome: existing ? 'updated' : 'added', source };
  }

  /** Records a page that could not be fetched or parsed; its old chunks (if any) leave the index. */
  async function fail(
    provider: DataProvider,
    existing: Source | undefined,
    page: { key: string; kind: Source['kind']; url: string | null; title?: string },
    error: string,
  ): Promise<Source> {
    const at = now();
    const source: Source = {
      id: existing?.id ?? newId(),
      project_id: provider.project_id,
      data_provider_id: provider.id,
      kind: page.kind,
      key: page.key,
      title: existing?.title ?? page.title ?? page.url ?? page.key,
      url: page.url,
      question: existing?.question ?? null,
      content: existing?.content ?? null,
      audience_id: existing ? existing.audience_id : provider.default_audience_id,
      status: 'failed',
      error: error.slice(0, 500),
      content_hash: null,
      chunk_count: 0,
      created_at: existing?.created_at ?? at,
      updated_at: at,
    };
    await sources.put(provider.project_id, source);
    await dropChunks(provider.project_id, source.id);
    return source;
  }

  async function dropChunks(projectId: string, sourceId: string): Promise<void> {
    await snapshots.exclusive(projectId, async () => {
      await snapshots.preserve(projectId, sourceId);
      await chunkSets.delete(projectId, sourceId);
    });
    await index.remove(projectId, sourceId);
  }

  async function remove(projectId: string, source: Source): Promise<void> {
    await sources.delete(projectId, source.id);
    await dropChunks(projectId, source.id);
  }

  async function providerSources(projectId: string, providerId: string): Promise<Source[]> {
    return ((await sources.list(projectId)) as Source[]).filter((s) => s.data_provider_id === providerId);
  }

  /** The index has taken a batch of changes: measure what depends on the whole of it now (calibration). */
  const settle = (projectId: string) => index.calibrate(projectId);

  // Snippet and source edits come one request at a time, often several in a row (an FAQ typed in,
  // the demo seeded): the calibration follows in the background once they pause, never inside a
  // request; searches meanwhile carry the last one (calibration.ts).
  const pending = new Map<string, NodeJS.Timeout>();
  function settleSoon(projectId: string): void {
    clearTimeout(pending.get(projectId));
    const timer = setTimeout(() => {
      pending.delete(projectId);
      settle(projectId).catch(() => undefined); // e.g. the app closed meanwhile: the next start's first search loads or measures it
    }, 250);
    timer.unref();
    pending.set(projectId, timer);
  }

  return { upsert, fail, remove, providerSources, settle, settleSoon };
}

export type Ingest = ReturnType<typeof createIngest>;
