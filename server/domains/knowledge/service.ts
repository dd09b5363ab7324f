// The knowledge service (spec 1.3, 2.11): data providers, their sources, manual snippets, chunks,
// sync jobs, and hybrid search (the KnowledgeSearch contract of ./types.ts used by the agent).
import type { ParleyStore } from '../../store/index.js';
import type { Config } from '../../config.js';
import { newId, now } from '../../lib/ids.js';
import { AppError, invalid, notFound } from '../../errors.js';
import type { KnowledgeSearch } from './types.js';
import type { Chunk, ChunkSet, CrawlerSettings, DataProvider, ProviderType, Snippet, Source, SyncJob, WikiSettings } from './schemas.js';
import { createEmbedder, type Embedder } from './embedder.js';
import { createIndexManager } from './index-manager.js';
import { createIngest } from './ingest.js';
import { snippetDoc } from './parse-markdown.js';
import { paginate, type PageQuery } from './paginate.js';
import { createSyncRunner } from './sync.js';
import type { JobClaims } from '../../jobs/claims.js';
import type { ClusterSignals } from '../../cluster/signals.js';
import { validateCrawlerSettings, validateWikiSettings, DEFAULT_CRAWLER } from './provider-settings.js';
import { createArchiveStore } from './wiki/archive-store.js';
import { createSnapshotStore, type KnowledgeSnapshot } from './snapshots.js';
import { cleanAlternatives } from './snippet-questions.js';
import { maskSecret, validateLiveWiki, type LiveWikiInput } from './wiki/live/settings.js';
import type { SecretBox } from '../../lib/secret-box.js';

export interface KnowledgeDeps {
  store: ParleyStore;
  config: Pick<Config, 'embeddings' | 'allowPrivateFetch' | 'dataDir' | 'crawlLimits'> & { wikiImportDirs?: string[] };
  onClose(fn: () => Promise<void> | void): void;
  /** Overrides the embedder chosen from config (tests, benchmarks). */
  embedder?: Embedder;
  /** Wraps the write of a sync job's outcome (succeeded or failed): webhooks store its event before it. */
  aroundSyncOutcome?: <R>(job: SyncJob, write: () => Promise<R>) => Promise<R>;
  /**
   * Instances sharing the database (docs/architecture.md section 7): sync jobs are claimed through
   * `claims`, and a finished sync is announced on `signals` so every other instance reloads the index.
   */
  cluster?: { claims: JobClaims; leaseMs: number; signals: ClusterSignals };
  /** Seals a live wiki's API token or password (the master key); without it none can be stored. */
  box?: Pick<SecretBox, 'seal' | 'open'>;
}

/** Published when a sync ended on one instance: the others' draft index of the project is stale. */
export const KNOWLEDGE_CHANGED = 'knowledge.changed';

export interface ProviderInput {
  type?: ProviderType;
  name?: string;
  default_audience_id?: string | null;
  crawler?: Partial<CrawlerSettings>;
  wiki?: Partial<Pick<WikiSettings, 'folder_path' | 'base_url'>>;
  live_wiki?: LiveWikiInput;
}

export interface SnippetInput {
  title?: string;
  question?: string | null;
  alternative_questions?: string[];
  content?: string;
  url?: string | null;
  audience_id?: string | null;
}

export function toSnippet(s: Source): Snippet {
  return {
    id: s.id,
    data_provider_id: s.data_provider_id,
    title: s.title,
    question: s.question,
    alternative_questions: s.alternative_questions ?? [],
    content: s.content ?? '',
    url: s.url,
    audience_id: s.audience_id,
    chunk_count: s.chunk_count,
    created_at: s.created_at,
    updated_at: s.updated_at,
  };
}

export function createKnowledgeService(deps: KnowledgeDeps) {
  const { store } = deps;
  const providers = store.collection('data_providers');
  const sources = store.collection('sources');
  const chunkSets = store.collection('chunk_sets');
  const embedder = deps.embedder ?? createEmbedder(deps.config);
  const snapshots = createSnapshotStore(store);
  const index = createIndexManager(store, embedder, snapshots);
  const { cluster } = deps;
  const ingest = createIngest(store, embedder, cluster ? announcingWrites(index, cluster.signals) : index, snapshots);
  const archives = createArchiveStore(deps.config.dataDir);
  const sync = createSyncRunner({
    store, ingest, archives, config: deps.config, claims: cluster?.claims, leaseMs: cluster?.leaseMs,
    openSecret: deps.box ? (sealed) => deps.box!.open(sealed) : undefined,
    aroundOutcome: deps.aroundSyncOutcome,
    onFinished: async (job) => {
      cluster?.signals.publish(KNOWLEDGE_CHANGED, { project_id: job.project_id, from: cluster.signals.instanceId });
    },
  });
  // The instance that ran the sync mirrored every write into its index already.
  const unsubscribe = cluster?.signals.subscribe(KNOWLEDGE_CHANGED, (p: { project_id: string; from: string }) => {
    if (p.from !== cluster.signals.instanceId) void index.reload(p.project_id).catch(() => undefined);
  });
  deps.onClose(() => {
    unsubscribe?.();
    return sync.stopAll();
  });

  /**
   * Draft edits outside a sync (a snippet saved or deleted, a source removed) reach the other
   * instances' indexes as a finished sync does. A burst of writes (a sync's) rings once, a second
   * after its last write; the sync's own announcement follows when it finishes.
   */
  function announcingWrites(target: typeof index, signals: ClusterSignals): typeof index {
    const pending = new Map<string, NodeJS.Timeout>();
    const announce = (projectId: string) => {
      clearTimeout(pending.get(projectId));
      const timer = setTimeout(() => {
        pending.delete(projectId);
        signals.publish(KNOWLEDGE_CHANGED, { project_id: projectId, from: signals.instanceId });
      }, 1_000);
      timer.unref();
      pending.set(projectId, timer);
    };
    deps.onClose(() => pending.forEach((timer) => clearTimeout(timer)));
    return {
      ...target,
      async apply(projectId, set) {
        await target.apply(projectId, set);
        announce(projectId);
      },
      async remove(projectId, sourceId) {
        await target.remove(projectId, sourceId);
        announce(projectId);
      },
    };
  }

  async function getProvider(projectId: string, id: string): Promise<DataProvider> {
    const p = (await providers.get(projectId, id)) as DataProvider | undefined;
    if (!p) throw notFound('data provider');
    return p;
  }

  async function getSource(projectId: string, id: string): Promise<Source> {
    const s = (await sources.get(projectId, id)) as Source | undefined;
    if (!s) throw notFound('source');
    return s;
  }

  async function getSnippet(projectId: string, id: string): Promise<Source> {
    const s = await getSource(projectId, id).catch(() => null);
    if (!s || s.kind !== 'snippet') throw notFound('snippet');
    return s;
  }

  function settingsFor(type: ProviderType, input: ProviderInput, current?: DataProvider) {
    if (type === 'confluence' || type === 'mediawiki') {
      if (input.crawler || input.wiki) throw invalid(`A ${type} provider has only live_wiki settings`, [{ path: input.crawler ? 'crawler' : 'wiki', message: `not allowed for ${type}` }]);
      return { crawler: null, wiki: null, live_wiki: validateLiveWiki(type, current?.live_wiki ?? null, input.live_wiki ?? {}, deps.box) };
    }
    if (input.live_wiki) throw invalid('Only confluence and mediawiki providers have live_wiki settings', [{ path: 'live_wiki', message: `not allowed for ${type}` }]);
    if (type === 'web_crawler') {
      if (input.wiki) throw invalid('A web crawler has no wiki settings', [{ path: 'wiki', message: 'not allowed for web_crawler' }]);
      return { crawler: validateCrawlerSettings({ ...(current?.crawler ?? DEFAULT_CRAWLER), ...input.crawler }), wiki: null };
    }
    if (type === 'wiki') {
      if (input.crawler) throw invalid('A wiki has no crawler settings', [{ path: 'crawler', message: 'not allowed for wiki' }]);
      const base = current?.wiki ?? { folder_path: null, base_url: null, archive_name: null };
      return { crawler: null, wiki: validateWikiSettings({ ...base, ...input.wiki }, deps.config) };
    }
    if (input.crawler || input.wiki) throw invalid('Manual snippet providers have no crawler or wiki settings');
    return { crawler: null, wiki: null };
  }

  /** A provider as the API answers it: a live wiki's secret masked, never in clear (docs/knowledge.md "Live wikis"). */
  const out = (p: DataProvider): DataProvider => (p.live_wiki?.secret && deps.box ? { ...p, live_wiki: { ...p.live_wiki, secret: maskSecret(deps.box.open(p.live_wiki.secret)) } } : p);

  const service = {
    embedderId: embedder.id,
    /** Knowledge as deployments saw it (knowledge/snapshots.ts); the deployments domain builds on it. */
    snapshots,
    /** Measures a build's calibration ahead of its first visitor (in the background after a build). */
    calibrateSnapshot: (projectId: string, snapshot: KnowledgeSnapshot) => index.calibrate(projectId, snapshot),

    search: ((projectId, query, options) => index.search(projectId, query, options)) as KnowledgeSearch['search'],

    // ---- providers ----
    async listProviders(projectId: string, q: PageQuery = {}) {
      const page = paginate((await providers.list(projectId)) as DataProvider[], q);
      return { ...page, data: page.data.map(out) };
    },
    getProvider: async (projectId: string, id: string) => out(await getProvider(projectId, id)),
    async createProvider(projectId: string, input: ProviderInput): Promise<DataProvider> {
      const type = input.type ?? 'manual';
      const name = input.name?.trim();
      if (!name) throw invalid('name is required', [{ path: 'name', message: 'is required' }]);
      const at = now();
      const provider: DataProvider = {
        id: newId(),
        project_id: projectId,
        type,
        name,
        default_audience_id: input.default_audience_id ?? null,
        ...settingsFor(type, input),
        last_sync_job_id: null,
        created_at: at,
        updated_at: at,
      };
      return out((await providers.put(projectId, provider)) as DataProvider);
    },
    async updateProvider(projectId: string, id: string, input: Omit<ProviderInput, 'type'>): Promise<DataProvider> {
      const current = await getProvider(projectId, id);
      const name = input.name === undefined ? current.name : input.name.trim();
      if (!name) throw invalid('name must not be empty', [{ path: 'name', message: 'must not be empty' }]);
      const settings = settingsFor(current.type, input, current);
      const updated = await providers.update(projectId, id, (p) => ({
        ...p,
        name,
        default_audience_id: input.default_audience_id === undefined ? p.default_audience_id : input.default_audience_id,
        ...settings,
        updated_at: now(),
      }));
      if (!updated) throw notFound('data provider');
      return out(updated as DataProvider);
    },
    /** Removes the provider with all its sources and chunks; refused while it syncs. */
    async deleteProvider(projectId: string, id: string): Promise<void> {
      await getProvider(projectId, id);
      if (sync.isRunning(projectId, id)) throw new AppError('sync_in_progress', 'Wait for the running sync to finish, then delete');
      for (const s of await ingest.providerSources(projectId, id)) await ingest.remove(projectId, s);
      await archives.remove(projectId, id);
      await providers.delete(projectId, id);
      ingest.settleSoon(projectId);
    },
    async uploadArchive(projectId: string, id: string, name: string, bytes: Uint8Array): Promise<DataProvider> {
      const provider = await getProvider(projectId, id);
      if (provider.type !== 'wiki') throw invalid('Only wiki providers take an archive upload');
      await archives.save(projectId, id, bytes);
      const updated = await providers.update(projectId, id, (p) => ({ ...p, wiki: { ...p.wiki, archive_name: name }, updated_at: now() }));
      return updated as DataProvider;
    },

    // ---- sync (spec 4) ----
    async startSync(projectId: string, providerId: string): Promise<SyncJob> {
      const provider = await getProvider(projectId, providerId);
      return sync.start(provider);
    },
    async getSyncJob(projectId: string, providerId: string, jobId: string): Promise<SyncJob> {
      const job = await sync.get(projectId, jobId);
      if (!job || job.data_provider_id !== providerId) throw notFound('sync job');
      return job;
    },
    async listSyncJobs(projectId: string, providerId: string, q: PageQuery = {}) {
      await getProvider(projectId, providerId);
      return paginate(await sync.list(projectId, providerId), q);
    },
    /** Resolves when the provider's running sync (if any) has finished. */
    waitForSync: (projectId: string, providerId: string) => sync.wait(projectId, providerId),

    // ---- sources and chunks ----
    async listSources(projectId: string, q: PageQuery & { data_provider_id?: string; status?: Source['status'] } = {}) {
      let all = (await sources.list(projectId)) as Source[];
      if (q.data_provider_id) all = all.filter((s) => s.data_provider_id === q.data_provider_id);
      if (q.status) all = all.filter((s) => s.status === q.status);
      return paginate(all, q);
    },
    getSource,
    /** Sets a source's own audience (spec 2.8: audiences attach to individual sources); kept across re-syncs. */
    async updateSource(projectId: string, id: string, input: { audience_id?: string | null }): Promise<Source> {
      await getSource(projectId, id);
      const updated = await sources.update(projectId, id, (s) => ({
        ...s,
        audience_id: input.audience_id === undefined ? s.audience_id : input.audience_id,
        updated_at: now(),
      }));
      return updated as Source;
    },
    /**
     * Removes a source and its chunks now. A page the crawler or wiki still finds comes back at the
     * next sync (exclude it with a pattern to keep it out); refused while its provider syncs.
     */
    async deleteSource(projectId: string, id: string): Promise<void> {
      const source = await getSource(projectId, id);
      if (sync.isRunning(projectId, source.data_provider_id)) throw new AppError('sync_in_progress', 'Wait for the running sync to finish, then delete');
      await ingest.remove(projectId, source);
      ingest.settleSoon(projectId);
    },
    async listChunks(projectId: string, sourceId: string): Promise<{ source: Source; data: Chunk[] }> {
      const source = await getSource(projectId, sourceId);
      const set = (await chunkSets.get(projectId, sourceId)) as ChunkSet | undefined;
      return { source, data: (set?.chunks ?? []).map(({ id, ord, headings, text, question }) => ({ id, ord, headings, text, ...(question ? { question } : {}) })) };
    },

    // ---- manual snippets (spec 2.11): indexed on write, no sync needed ----
    async listSnippets(projectId: string, q: PageQuery & { data_provider_id?: string } = {}) {
      const all = ((await sources.list(projectId)) as Source[]).filter(
        (s) => s.kind === 'snippet' && (!q.data_provider_id || s.data_provider_id === q.data_provider_id),
      );
      const page = paginate(all, q);
      return { data: page.data.map(toSnippet), has_more: page.has_more };
    },
    async getSnippet(projectId: string, id: string): Promise<Snippet> {
      return toSnippet(await getSnippet(projectId, id));
    },
    async createSnippet(projectId: string, providerId: string, input: SnippetInput): Promise<Snippet> {
      const provider = await getProvider(projectId, providerId);
      if (provider.type !== 'manual') throw invalid('Snippets belong to a manual provider', [{ path: 'data_provider_id', message: 'is not a manual provider' }]);
      const content = input.content?.trim();
      if (!content) throw invalid('content is required', [{ path: 'content', message: 'is required' }]);
      const question = input.question?.trim() || null;
      const title = input.title?.trim() || question || content.split('\n')[0].slice(0, 80);
      const key = newId();
      const { source } = await ingest.upsert(provider, undefined, {
        key,
        kind: 'snippet',
        title,
        url: input.url || null, // "" is no link (api-schemas.ts)
        question,
        alternative_questions: cleanAlternatives(question, input.alternative_questions),
        content,
        doc: snippetDoc(title, content),
      });
      ingest.settleSoon(projectId);
      if (input.audience_id !== undefined) {
        return toSnippet((await sources.update(projectId, source.id, (s) => ({ ...s, audience_id: input.audience_id ?? null }))) as Source);
      }
      return toSnippet(source);
    },
    async updateSnippet(projectId: string, id: string, input: SnippetInput): Promise<Snippet> {
      const current = await getSnippet(projectId, id);
      const provider = await getProvider(projectId, current.data_provider_id);
      const content = input.content === undefined ? (current.content ?? '') : input.content.trim();
      if (!content) throw invalid('content must not be empty', [{ path: 'content', message: 'must not be empty' }]);
      const question = input.question === undefined ? current.question : input.question?.trim() || null;
      const title = input.title === undefined ? current.title : input.title.trim() || question || content.slice(0, 80);
      const url = input.url === undefined ? current.url : input.url || null;
      const alternative_questions = cleanAlternatives(question, input.alternative_questions ?? current.alternative_questions);
      const { source } = await ingest.upsert(provider, current, { key: current.key, kind: 'snippet', title, url, question, alternative_questions, content, doc: snippetDoc(title, content) });
      ingest.settleSoon(projectId);
      const updated = await sources.update(projectId, id, (s) => ({
        ...s,
        content,
        audience_id: input.audience_id === undefined ? s.audience_id : input.audience_id,
        updated_at: now(),
      }));
      return toSnippet((updated ?? source) as Source);
    },
    async deleteSnippet(projectId: string, id: string): Promise<void> {
      await ingest.remove(projectId, await getSnippet(projectId, id));
      ingest.settleSoon(projectId);
    },
  };
  return service;
}

export type KnowledgeService = ReturnType<typeof createKnowledgeService>;
