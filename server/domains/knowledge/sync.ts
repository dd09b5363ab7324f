// Sync jobs (spec 4 "sync started"). POST …/sync starts a background job and answers at
// once; the job's progress lives in memory while it runs (persisted every few pages and at the end),
// so polling is cheap. Rules:
//  - one running sync per provider: a second start is 409 sync_in_progress;
//  - incremental: a page whose content hash is unchanged is not re-chunked or re-embedded;
//  - what disappeared (no longer found by this run) is removed; duplicates (same key, or the same
//    content under two keys within one run) are never stored twice;
//  - a page that fails becomes a failed source with its reason; when NOTHING could be fetched the job
//    fails and nothing is removed, so an outage of the site never wipes the knowledge base;
//  - app close aborts running jobs (status cancelled) and waits for them; a job found "running" after
//    a restart is reported as failed (interrupted);
//  - on a database shared by several instances (docs/architecture.md section 7) a job is claimed
//    (server/jobs/claims.ts): one running sync per provider across them, and a job whose instance
//    died (no heartbeat for a lease) is taken over and run again by another instance; being
//    incremental, the rerun skips what the dead instance had already stored.
import type { ParleyStore } from '../../store/index.js';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import { newId, now } from '../../lib/ids.js';
import type { DataProvider, Source, SyncJob } from './schemas.js';
import { contentHash, type Ingest, type PageInput } from './ingest.js';
import type { ArchiveStore } from './wiki/archive-store.js';
import { crawl, describeError } from './crawler/crawler.js';
import { pageFromFile, readWikiFolder, readWikiZip } from './wiki/wiki-import.js';
import { importRoots } from './provider-settings.js';
import { snippetDoc } from './parse-markdown.js';
import type { FetchPolicy } from '../../lib/safe-fetch.js';
import { heartbeat, type JobClaims } from '../../jobs/claims.js';
import { liveWikiClient, syncLiveWiki } from './wiki/live/live-sync.js';

export interface SyncDeps {
  store: ParleyStore;
  ingest: Ingest;
  archives: ArchiveStore;
  config: Pick<Config, 'allowPrivateFetch' | 'dataDir' | 'crawlLimits'> & { wikiImportDirs?: string[] };
  /** Extra fetch policy (tests: allow-listed hosts). */
  fetchPolicy?: Partial<FetchPolicy>;
  /** Told once a job's outcome is stored; not for a job cancelled by shutdown. */
  onFinished?: (job: SyncJob) => Promise<void>;
  /** Wraps the write of a succeeded or failed job's outcome, so its webhook event is stored before it (webhooks/relay.ts). */
  aroundOutcome?: <R>(job: SyncJob, write: () => Promise<R>) => Promise<R>;
  /** Claims shared by the instances of one database; without them this process is alone. */
  claims?: JobClaims;
  /** How long a claim outlives its holder's last heartbeat (server/jobs/shared.ts). */
  leaseMs?: number;
  /** Opens a live wiki's sealed secret (the master key's box), only while its sync runs. */
  openSecret?: (sealed: string) => string;
}

const MAX_FAILURES = 200;
const PERSIST_EVERY = 20;

interface Running {
  job: SyncJob;
  controller: AbortController;
  done: Promise<void>;
  /** The claim lapsed and another instance took the job over: this run must not write its outcome. */
  lost?: boolean;
}

const CLAIM_KIND = 'sync';
const freshProgress = (): SyncJob['progress'] => ({ pages_found: 0, pages_fetched: 0, pages_failed: 0, sources_added: 0, sources_updated: 0, sources_unchanged: 0, sources_removed: 0 });

export function createSyncRunner(deps: SyncDeps) {
  const jobs = deps.store.collection('sync_jobs');
  const providers = deps.store.collection('data_providers');
  const running = new Map<string, Running>();
  const keyOf = (projectId: string, providerId: string) => `${projectId}:${providerId}`;
  const claimOf = (projectId: string, providerId: string) => `${CLAIM_KIND}:${projectId}:${providerId}`;
  const { claims } = deps;
  const leaseMs = deps.leaseMs ?? 30_000;

  async function run(provider: DataProvider, job: SyncJob, signal: AbortSignal): Promise<void> {
    const { ingest } = deps;
    const existing = new Map((await ingest.providerSources(provider.project_id, provider.id)).map((s) => [s.key, s]));
    const seen = new Set<string>();
    const hashes = new Set<string>();
    const p = job.progress;
    let sincePersist = 0;
    const persist = async (force = false) => {
      if (!force && ++sincePersist < PERSIST_EVERY) return;
      sincePersist = 0;
      await jobs.put(provider.project_id, structuredClone(job));
    };

    const onPage = async (page: PageInput) => {
      if (signal.aborted) return;
      p.pages_fetched++;
      const hash = contentHash({ ...page, url: null }); // same content at two addresses = one source
      if (seen.has(page.key) || hashes.has(hash)) return persist(); // duplicate address or mirror
      seen.add(page.key);
      hashes.add(hash);
      const { outcome } = await ingest.upsert(provider, existing.get(page.key), page);
      if (outcome === 'added') p.sources_added++;
      else if (outcome === 'updated') p.sources_updated++;
      else p.sources_unchanged++;
      await persist();
    };
    const onFailure = async (key: string, url: string | null, kind: Source['kind'], error: string) => {
      if (signal.aborted) return;
      p.pages_failed++;
      if (job.failures.length < MAX_FAILURES) job.failures.push({ url: url ?? key, error });
      if (seen.has(key)) return;
      seen.add(key);
      await ingest.fail(provider, existing.get(key), { key, kind, url }, error);
      await persist();
    };

    if (provider.type === 'web_crawler') {
      const policy: FetchPolicy = { allowPrivate: deps.config.allowPrivateFetch, ...deps.fetchPolicy };
      await crawl(provider.crawler!, { ...deps.config.crawlLimits, policy, signal }, {
        found: (n) => void (p.pages_found += n),
        page: ({ url, doc }) => onPage({ key: url, kind: 'web_page', title: doc.title, url, doc }),
        failure: (url, error) => onFailure(url, url, 'web_page', error),
      });
    } else if (provider.type === 'confluence' || provider.type === 'mediawiki') {
      const policy: FetchPolicy = { allowPrivate: deps.config.allowPrivateFetch, ...deps.fetchPolicy };
      const open = deps.openSecret ?? (() => { throw new Error('No master key to open the wiki credentials with'); });
      await syncLiveWiki(liveWikiClient(provider, open, { policy, signal }), existing, signal, {
        found: () => void p.pages_found++,
        unchanged: (key) => {
          seen.add(key);
          p.sources_unchanged++;
        },
        page: onPage,
        failure: (key, url, error) => onFailure(key, url, 'wiki_page', error),
        // Not imported, and not a failed source either: the account is not meant to read it.
        unreadable: (key, url, reason) => void (job.failures.length < MAX_FAILURES && job.failures.push({ url: url ?? key, error: reason })),
      });
    } else if (provider.type === 'wiki') {
      const wiki = provider.wiki!;
      const files = [];
      if (wiki.folder_path) files.push(...(await readWikiFolder(wiki.folder_path, importRoots(deps.config))));
      const archive = await deps.archives.load(provider.project_id, provider.id);
      if (archive) files.push(...readWikiZip(archive));
      if (!wiki.folder_path && !archive) throw new Error('Nothing to import: set wiki.folder_path or upload a zip archive');
      p.pages_found = files.length;
      for (const f of files) {
        if (signal.aborted) break;
        if (f.text === null) {
          await onFailure(f.path, null, 'wiki_page', f.error ?? 'unreadable');
          continue;
        }
        try {
          const page = pageFromFile({ path: f.path, text: f.text }, wiki.base_url);
          await onPage({ ...page, kind: 'wiki_page' });
        } catch (err) {
          await onFailure(f.path, null, 'wiki_page', describeError(err));
        }
      }
    } else {
      // Manual snippets are indexed when written; a sync re-checks each one (e.g. after a change
      // of embedder the index manager re-embeds from stored text) and never removes any.
      for (const s of existing.values()) {
        if (signal.aborted) break;
        p.pages_found++;
        await onPage({ key: s.key, kind: 'snippet', title: s.title, url: s.url, question: s.question, content: s.content, doc: snippetDoc(s.title, s.content ?? '') });
      }
      for (const s of existing.values()) seen.add(s.key);
    }

    if (signal.aborted) return;
    const fetchedNothing = p.pages_fetched === 0 && p.pages_failed > 0;
    if (fetchedNothing) {
      throw new Error(`No page could be fetched; first error: ${job.failures[0]?.error ?? 'unknown'}. Existing sources were kept.`);
    }
    for (const [key, source] of existing) {
      if (signal.aborted) return;
      if (seen.has(key)) continue;
      await ingest.remove(provider.project_id, source);
      p.sources_removed++;
    }
  }

  async function finish(entry: Running, status: SyncJob['status'], error: string | null): Promise<void> {
    if (entry.lost) return;
    const { job } = entry;
    job.status = status;
    job.error = error;
    job.finished_at = now();
    const write = () => jobs.put(job.project_id, structuredClone(job));
    await (status !== 'cancelled' && deps.aroundOutcome ? deps.aroundOutcome(structuredClone(job), write) : write());
    if (status !== 'cancelled') await deps.onFinished?.(structuredClone(job));
  }

  /** Runs a claimed job in the background: heartbeat while it runs, outcome stored, claim released. */
  function launch(provider: DataProvider, entry: Running): void {
    const { job, controller } = entry;
    const key = keyOf(provider.project_id, provider.id);
    const claim = claimOf(provider.project_id, provider.id);
    const stopBeat = claims
      ? heartbeat(claims, claim, leaseMs, () => {
          entry.lost = true;
          controller.abort();
        })
      : () => undefined;
    // The calibration follows the index before the job reports its end, so the first question
    // after it finds it ready (searches never measure it, calibration.ts); also after a failed
    // job, whose pages stored before the failure are in the index. Not at shutdown.
    const settle = () => (controller.signal.aborted ? undefined : deps.ingest.settle(provider.project_id).catch(() => undefined));
    entry.done = run(provider, job, controller.signal)
      .then(settle, async (err) => {
        await settle();
        throw err;
      })
      .then(
        () => finish(entry, controller.signal.aborted ? 'cancelled' : 'succeeded', controller.signal.aborted ? 'Stopped by server shutdown' : null),
        (err) => finish(entry, controller.signal.aborted ? 'cancelled' : 'failed', describeError(err)),
      )
      .catch(() => {})
      .finally(async () => {
        stopBeat();
        running.delete(key);
        if (!entry.lost) await claims?.release(claim).catch(() => undefined);
      });
  }

  /** Takes over the jobs of instances that died (their claims lapsed) and runs them again here. */
  async function adoptOrphans(): Promise<void> {
    for (let taken = await claims!.takeOver(CLAIM_KIND, leaseMs); taken; taken = await claims!.takeOver(CLAIM_KIND, leaseMs)) {
      const { project_id, data_provider_id, job_id } = taken.payload as { project_id: string; data_provider_id: string; job_id: string };
      // Our own run whose heartbeat stalled: it holds the claim again and goes on.
      if (running.has(keyOf(project_id, data_provider_id))) continue;
      const [job, provider] = await Promise.all([jobs.get(project_id, job_id) as Promise<SyncJob | undefined>, providers.get(project_id, data_provider_id) as Promise<DataProvider | undefined>]);
      if (!job || job.status !== 'running' || !provider) {
        await claims!.release(taken.name);
        continue;
      }
      const entry: Running = { job: { ...job, progress: freshProgress(), failures: [] }, controller: new AbortController(), done: Promise.resolve() };
      running.set(keyOf(project_id, data_provider_id), entry);
      launch(provider, entry);
    }
  }

  // Only where another instance can have died holding a job: on the embedded store this process is alone.
  let adopting: Promise<void> = Promise.resolve();
  const poll = claims?.shared
    ? setInterval(() => {
        adopting = adopting.then(adoptOrphans).catch(() => undefined);
      }, Math.max(200, Math.min(15_000, Math.floor(leaseMs / 2))))
    : null;
  poll?.unref();

  return {
    isRunning: (projectId: string, providerId: string) => running.has(keyOf(projectId, providerId)),

    async start(provider: DataProvider): Promise<SyncJob> {
      const key = keyOf(provider.project_id, provider.id);
      const current = running.get(key);
      if (current) {
        throw new AppError('sync_in_progress', 'A sync of this data provider is already running', { job_id: current.job.id });
      }
      const controller = new AbortController();
      const job: SyncJob = {
        id: newId(),
        project_id: provider.project_id,
        data_provider_id: provider.id,
        status: 'running',
        progress: freshProgress(),
        failures: [],
        error: null,
        started_at: now(),
        finished_at: null,
      };
      // Claim the slot before any await, so two concurrent starts cannot both pass the check.
      const entry: Running = { job, controller, done: Promise.resolve() };
      running.set(key, entry);
      // Then across instances: the claim names the job, so whoever takes it over knows what to resume.
      const payload = { project_id: job.project_id, data_provider_id: provider.id, job_id: job.id };
      const claimed = claims
        ? await claims.acquire(claimOf(provider.project_id, provider.id), { ttlMs: leaseMs, kind: CLAIM_KIND, payload }).catch((err: unknown) => {
            running.delete(key); // the database is away: a 5xx, and the slot free for a retry
            throw err;
          })
        : true;
      if (!claimed) {
        running.delete(key);
        const elsewhere = (await providers.get(provider.project_id, provider.id))?.last_sync_job_id;
        throw new AppError('sync_in_progress', 'A sync of this data provider is already running', { job_id: elsewhere ?? null });
      }
      try {
        await jobs.put(provider.project_id, structuredClone(job));
        await providers.update(provider.project_id, provider.id, (p) => ({ ...p, last_sync_job_id: job.id }));
      } catch (err) {
        running.delete(key);
        await claims?.release(claimOf(provider.project_id, provider.id)).catch(() => undefined);
        throw err;
      }
      launch(provider, entry);
      return structuredClone(job);
    },

    async get(projectId: string, jobId: string): Promise<SyncJob | undefined> {
      for (const r of running.values()) if (r.job.id === jobId && r.job.project_id === projectId) return structuredClone(r.job);
      const stored = (await jobs.get(projectId, jobId)) as SyncJob | undefined;
      // Shared database: another instance runs it, or will take it over once its claim lapses.
      if (stored?.status === 'running' && !claims?.shared) return { ...stored, status: 'failed', error: 'Interrupted by a server restart', finished_at: stored.finished_at };
      return stored;
    },

    async list(projectId: string, providerId: string): Promise<SyncJob[]> {
      const all = ((await jobs.list(projectId)) as SyncJob[]).filter((j) => j.data_provider_id === providerId);
      return Promise.all(all.map(async (j) => (await this.get(projectId, j.id)) ?? j));
    },

    async wait(projectId: string, providerId: string): Promise<void> {
      await running.get(keyOf(projectId, providerId))?.done;
    },

    async stopAll(): Promise<void> {
      if (poll) clearInterval(poll);
      await adopting;
      const all = [...running.values()];
      for (const r of all) r.controller.abort();
      await Promise.all(all.map((r) => r.done));
    },
  };
}

export type SyncRunner = ReturnType<typeof createSyncRunner>;
