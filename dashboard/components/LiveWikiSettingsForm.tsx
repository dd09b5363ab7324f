// A live wiki's connection (docs/knowledge.md "Live wikis"): the site, the space or namespace, the
// account and its secret. The secret is write-only: shown masked, kept unless a new one is typed.
// Changes apply at the next sync.
import { useEffect, useState } from 'preact/hooks';
import { updateProvider } from '../models/knowledge.js';
import type { DataProvider } from '../models/knowledge-api.js';
import { errorText } from '../models/api.js';

export function LiveWikiSettingsForm({ projectId, provider }: { projectId: string; provider: DataProvider }) {
  const s = provider.live_wiki!;
  const confluence = provider.type === 'confluence';
  const [site, setSite] = useState(s.site_url);
  const [space, setSpace] = useState(s.space_key ?? '');
  const [namespace, setNamespace] = useState(String(s.namespace ?? 0));
  const [username, setUsername] = useState(s.username ?? '');
  const [secret, setSecret] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => setMessage(null), [provider.id]);

  async function save(e: Event) {
    e.preventDefault();
    try {
      await updateProvider(projectId, provider.id, {
        live_wiki: {
          site_url: site.trim(),
          ...(confluence ? { space_key: space.trim() } : { namespace: Number(namespace) }),
          username: username.trim() || null,
          // Left empty: the stored secret stays.
          ...(secret.trim() ? { secret: secret.trim() } : {}),
        },
      });
      setSecret('');
      setMessage({ ok: true, text: 'Connection saved. It applies at the next sync.' });
    } catch (err) {
      setMessage({ ok: false, text: errorText(err) });
    }
  }

  const input = (set: (v: string) => void) => (e: Event) => set((e.target as HTMLInputElement).value);
  return (
    <form class="card form-grid" onSubmit={save} aria-labelledby="live-wiki-title">
      <h2 id="live-wiki-title">Connection</h2>
      <label class="field wide">
        <span>{confluence ? 'Confluence site' : 'API address (api.php)'}</span>
        <input type="url" required value={site} onInput={input(setSite)} />
      </label>
      {confluence ? (
        <label class="field">
          <span>Space key</span>
          <input required maxLength={255} value={space} onInput={input(setSpace)} />
        </label>
      ) : (
        <label class="field">
          <span>Namespace</span>
          <input type="number" min={0} required value={namespace} onInput={input(setNamespace)} />
        </label>
      )}
      <label class="field">
        <span>{confluence ? 'Account e-mail' : 'Bot user name'}</span>
        <input maxLength={255} required={confluence} value={username} onInput={input(setUsername)} />
      </label>
      <label class="field">
        <span>{confluence ? 'API token' : 'Bot password'}</span>
        <input
          type="password"
          autoComplete="new-password"
          maxLength={2000}
          placeholder={s.secret ? 'Leave empty to keep' : ''}
          aria-describedby="live-wiki-secret-help"
          value={secret}
          onInput={input(setSecret)}
        />
        <small id="live-wiki-secret-help" class="muted">
          {s.secret ? `Stored: ${s.secret}` : 'None stored'}
        </small>
      </label>
      <div class="form-actions wide">
        <button class="btn btn-primary" type="submit">
          Save connection
        </button>
        {message && (
          <span role="status" class={message.ok ? 'ok' : 'error'}>
            {message.text}
          </span>
        )}
      </div>
    </form>
  );
}
