// Data providers of the open project and their syncs (spec 2.11). A sync is a background job on the
// server; while one runs the model polls it (GET …/sync-jobs/{id}, cheap: progress lives in memory)
// so the progress bar moves, and reloads the sources once it ends.
import { signal } from '@preact/signals';
import { api, withQuery } from './api.js';
import { knowledgePaths as kp, type DataProvider, type Page, type Source, type SyncJob } from './knowledge-api.js';

export const providers = signal<DataProvider[] | null>(null);
/** The last sync job of each provider, by provider id. */
export const jobs = signal<Record<string, SyncJob>>({});
export const sources = signal<Record<string, Source[]>>({});

const POLL_MS = 400;
const polling = new Set<string>();
let currentProject = '';

export async function loadProviders(projectId: string): Promise<DataProvider[]> {
  if (projectId !== currentProject) {
    currentProject = projectId;
    providers.value = null;
    jobs.value = {};
    sources.value = {};
  }
  const all: DataProvider[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await api<Page<DataProvider>>('GET', withQuery(kp.providers(projectId), { limit: 100, starting_after: after }));
    all.push(...page.data);
    if (!page.has_more || !page.data.length) break;
    after = page.data[page.data.length - 1].id;
  }
  providers.value = all;
  return all;
}

export const providerById = (id: string) => providers.value?.find((p) => p.id === id) ?? null;

function putProvider(p: DataProvider) {
  const list = providers.peek() ?? [];
  providers.value = list.some((x) => x.id === p.id) ? list.map((x) => (x.id === p.id ? p : x)) : [...list, p];
}

export async function createProvider(projectId: string, body: Record<string, unknown>): Promise<DataProvider> {
  const created = await api<DataProvider>('POST', kp.providers(projectId), body);
  putProvider(created);
  return created;
}

export async function updateProvider(projectId: string, id: string, body: Record<string, unknown>): Promise<DataProvider> {
  const updated = await api<DataProvider>('PATCH', kp.provider(projectId, id), body);
  putProvider(updated);
  return updated;
}

export async function deleteProvider(projectId: string, id: string): Promise<void> {
  await api('DELETE', kp.provider(projectId, id));
  providers.value = (providers.peek() ?? []).filter((p) => p.id !== id);
}

/** Uploads a zip (a picked .zip file, or a folder zipped in the browser) as the wiki's archive. */
export async function uploadArchive(projectId: string, id: string, name: string, zip: Blob): Promise<DataProvider> {
  const updated = await api<DataProvider>('PUT', withQuery(kp.archive(projectId, id), { name }), zip);
  putProvider(updated);
  return updated;
}

export async function loadSources(projectId: string, providerId: string): Promise<Source[]> {
  const all: Source[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await api<Page<Source>>('GET', withQuery(kp.sources(projectId), { data_provider_id: providerId, limit: 100, starting_after: after }));
    all.push(...page.data);
    if (!page.has_more || !page.data.length) break;
    after = page.data[page.data.length - 1].id;
  }
  sources.value = { ...sources.peek(), [providerId]: all };
  return all;
}

function setJob(job: SyncJob) {
  jobs.value = { ...jobs.peek(), [job.data_provider_id]: job };
}

async function poll(projectId: string, providerId: string, jobId: string) {
  if (polling.has(jobId)) return;
  polling.add(jobId);
  try {
    for (;;) {
      const job = await api<SyncJob>('GET', kp.job(projectId, providerId, jobId));
      if (currentProject !== projectId) return;
      setJob(job);
      if (job.status !== 'running') break;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    await loadSources(projectId, providerId);
  } finally {
    polling.delete(jobId);
  }
}

/** The provider's last sync job (if any); a running one is followed until it ends. */
export async function loadLastJob(projectId: string, provider: DataProvider): Promise<void> {
  if (!provider.last_sync_job_id) return;
  await poll(projectId, provider.id, provider.last_sync_job_id);
}

export async function startSync(projectId: string, providerId: string): Promise<void> {
  const job = await api<SyncJob>('POST', kp.sync(projectId, providerId));
  setJob(job);
  const p = providerById(providerId);
  if (p) putProvider({ ...p, last_sync_job_id: job.id });
  await poll(projectId, providerId, job.id);
}
