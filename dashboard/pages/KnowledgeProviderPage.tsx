// One data provider (spec 2.11): its settings (crawler, wiki upload, live wiki connection or snippets), "Sync now" with a
// live progress bar, and its sources with their chunks. Deleting it removes its sources and chunks.
import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import '../styles/knowledge.css';
import { deleteProvider, jobs, loadLastJob, loadProviders, loadSources, providerById, providers, sources, startSync } from '../models/knowledge.js';
import { typeLabel } from '../models/knowledge-api.js';
import { knowledgePath } from '../models/knowledge-paths.js';
import { pageTitle, BASE_TITLE } from '../models/notifications.js';
import { Loading } from '../components/Loading.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { SyncProgress } from '../components/SyncProgress.js';
import { SourceList } from '../components/SourceList.js';
import { CrawlerSettingsForm } from '../components/CrawlerSettingsForm.js';
import { WikiUpload } from '../components/WikiUpload.js';
import { LiveWikiSettingsForm } from '../components/LiveWikiSettingsForm.js';
import { SnippetEditor } from '../components/SnippetEditor.js';
import { useErrorLine } from '../components/use-error-line.js';

export default function KnowledgeProviderPage({ project, provider: providerId }: { project: string; provider: string }) {
  const { route } = useLocation();
  const { error, setError, showError, guard } = useErrorLine();
  const [confirm, setConfirm] = useState(false);
  useEffect(() => {
    setError('');
    void loadProviders(project)
      .then(() => {
        const p = providerById(providerId);
        if (!p) return;
        pageTitle.value = `${p.name} · Knowledge · ${BASE_TITLE}`;
        void loadSources(project, providerId).catch(showError);
        void loadLastJob(project, p).catch(() => undefined);
      })
      .catch(showError);
  }, [project, providerId]);

  if (error)
    return (
      <p class="error" role="alert">
        {error}
      </p>
    );
  if (!providers.value) return <Loading />;
  const provider = providerById(providerId);
  if (!provider) return <p class="empty">This data provider does not exist (any more).</p>;
  const job = jobs.value[provider.id];
  const list = sources.value[provider.id];

  async function sync() {
    await guard(async () => {
      await startSync(project, providerId);
    });
  }

  async function remove() {
    setConfirm(false);
    await guard(async () => {
      await deleteProvider(project, providerId);
      route(knowledgePath(project));
    });
  }

  return (
    <div class="knowledge">
      <p>
        <a href={knowledgePath(project)}>← Knowledge</a>
      </p>
      <div class="page-head">
        <h1>{provider.name}</h1>
        <span class="chip">{typeLabel(provider.type)}</span>
      </div>
      <div class="provider-grid">
        {provider.type === 'web_crawler' && <CrawlerSettingsForm key={provider.id} projectId={project} provider={provider} />}
        {provider.type === 'wiki' && <WikiUpload projectId={project} provider={provider} />}
        {provider.live_wiki && <LiveWikiSettingsForm key={provider.id} projectId={project} provider={provider} />}
        {provider.type === 'manual' && <SnippetEditor projectId={project} provider={provider} />}
        <section class="card" aria-labelledby="sync-title">
          <h2 id="sync-title">Sync</h2>
          <p class="muted">
            {provider.type === 'manual' ? 'Snippets are indexed when saved; a sync re-checks them.' : 'A sync fetches the pages again; unchanged ones are kept as they are.'}
          </p>
          <button class="btn btn-primary" type="button" onClick={sync} disabled={job?.status === 'running'}>
            Sync now
          </button>
          {job ? <SyncProgress job={job} /> : <p class="muted">Not synced yet.</p>}
        </section>
      </div>
      <section class="card" aria-labelledby="sources-title">
        <h2 id="sources-title">Sources {list && <span class="muted">({list.length})</span>}</h2>
        {list ? <SourceList projectId={project} list={list} /> : <Loading />}
      </section>
      <section class="card danger-zone" aria-labelledby="delete-title">
        <h2 id="delete-title">Delete</h2>
        <p class="muted">Removes this provider with all its sources and chunks.</p>
        <button class="btn btn-danger" type="button" onClick={() => setConfirm(true)}>
          Delete provider
        </button>
      </section>
      <ConfirmDialog open={confirm} title={`Delete ${provider.name}?`} confirmLabel="Delete provider" danger onConfirm={remove} onCancel={() => setConfirm(false)}>
        <p>Its {list?.length ?? 0} sources and their chunks are removed from the knowledge base.</p>
      </ConfirmDialog>
    </div>
  );
}
