// The project's knowledge (spec 2.11): its data providers (each opens its own page with settings,
// sync and sources), a form to add one, the search tables, and a tester that shows what the agent
// would retrieve and answer for a question.
import { useEffect, useState } from 'preact/hooks';
import '../styles/knowledge.css';
import { loadProviders, providers } from '../models/knowledge.js';
import { typeLabel } from '../models/knowledge-api.js';
import { providerPath } from '../models/knowledge-paths.js';
import { pageTitle, BASE_TITLE } from '../models/notifications.js';
import { Loading } from '../components/Loading.js';
import { NewProviderForm } from '../components/NewProviderForm.js';
import { KnowledgeTester } from '../components/KnowledgeTester.js';
import { SearchTables } from '../components/SearchTables.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useErrorLine } from '../components/use-error-line.js';

export default function KnowledgePage({ project }: { project: string }) {
  const { error, setError, showError } = useErrorLine();
  useEffect(() => {
    pageTitle.value = `Knowledge · ${BASE_TITLE}`;
    setError('');
    void loadProviders(project).catch(showError);
  }, [project]);
  const list = providers.value;
  return (
    <div class="knowledge">
      <div class="page-head">
        <h1>Knowledge</h1>
        {/* What visitors asked that the knowledge did not answer (pages/KnowledgeGapsPage.tsx). */}
        <a href={`/app/p/${project}/knowledge-gaps`}>Knowledge gaps →</a>
      </div>
      <div class="provider-grid">
        <section class="card" aria-labelledby="providers-title">
          <h2 id="providers-title">Data providers</h2>
          <ErrorAlert text={error} />
          {!list && !error && <Loading />}
          {list && !list.length && <p class="muted">None yet: add a web crawler, a wiki or manual snippets.</p>}
          {list && list.length > 0 && (
            <ul class="provider-list">
              {list.map((p) => (
                <li key={p.id}>
                  <a href={providerPath(project, p.id)}>{p.name}</a>
                  <span class="chip">{typeLabel(p.type)}</span>
                  {p.crawler && <span class="muted provider-detail">{p.crawler.start_urls[0] ?? p.crawler.sitemap_url}</span>}
                </li>
              ))}
            </ul>
          )}
        </section>
        <NewProviderForm projectId={project} />
      </div>
      <KnowledgeTester projectId={project} />
      <SearchTables projectId={project} />
    </div>
  );
}
