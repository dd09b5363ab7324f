// Adds a data provider (spec 2.11): a web crawler starts from one URL (more settings on its page),
// a wiki gets its pages from an upload, a live wiki (Confluence, MediaWiki) from its API with the
// account entered here (LiveWikiFields), manual snippets are written in the console. The name is
// optional: a crawler is named after its site.
import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { createProvider } from '../models/knowledge.js';
import { PROVIDER_TYPES, type DataProvider } from '../models/knowledge-api.js';
import { providerPath } from '../models/knowledge-paths.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';
import { EMPTY_LIVE_WIKI, LiveWikiFields, liveWikiBody } from './LiveWikiFields.js';

function defaultName(type: DataProvider['type'], url: string): string {
  if (type === 'web_crawler') {
    try {
      return new URL(url).host;
    } catch {
      return 'Website';
    }
  }
  if (type === 'confluence') return 'Confluence';
  if (type === 'mediawiki') return 'MediaWiki';
  return type === 'wiki' ? 'Wiki' : 'Snippets';
}

export function NewProviderForm({ projectId }: { projectId: string }) {
  const { route } = useLocation();
  const [type, setType] = useState<DataProvider['type']>('web_crawler');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [live, setLive] = useState(EMPTY_LIVE_WIKI);
  const { error, guard } = useErrorLine();
  const [busy, setBusy] = useState(false);

  async function submit(e: Event) {
    e.preventDefault();
    setBusy(true);
    const body: Record<string, unknown> = { type, name: name.trim() || defaultName(type, url.trim()) };
    if (type === 'web_crawler') body.crawler = { start_urls: [url.trim()] };
    if (type === 'confluence' || type === 'mediawiki') body.live_wiki = liveWikiBody(type, live);
    const created = await guard(() => createProvider(projectId, body));
    setBusy(false);
    if (created) route(providerPath(projectId, created.id));
  }

  return (
    <form class="card form-grid" onSubmit={submit} aria-labelledby="new-provider-title">
      <h2 id="new-provider-title">Add a data provider</h2>
      <label class="field">
        <span>Type</span>
        <select value={type} onChange={(e) => setType((e.target as HTMLSelectElement).value as DataProvider['type'])}>
          {PROVIDER_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
      </label>
      {type === 'web_crawler' && (
        <label class="field">
          <span>Start URL</span>
          <input type="url" required placeholder="https://docs.example.com/" value={url} onInput={(e) => setUrl((e.target as HTMLInputElement).value)} />
        </label>
      )}
      {(type === 'confluence' || type === 'mediawiki') && <LiveWikiFields type={type} values={live} onChange={setLive} />}
      <label class="field">
        <span>Name (optional)</span>
        <input value={name} maxLength={200} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
      </label>
      <div class="form-actions">
        <button class="btn btn-primary" type="submit" disabled={busy}>
          Add provider
        </button>
      </div>
      <ErrorAlert text={error} />
    </form>
  );
}
