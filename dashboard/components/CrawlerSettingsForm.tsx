// A web crawler's settings (spec 2.11; the fields of CrawlerSettings, docs/knowledge.md): where it
// starts, an optional sitemap, how deep it follows links, how many pages at most, and which paths it
// keeps or skips (`*` matches any run of characters). Changes apply at the next sync.
import { useEffect, useState } from 'preact/hooks';
import { updateProvider } from '../models/knowledge.js';
import type { DataProvider } from '../models/knowledge-api.js';
import { errorText } from '../models/api.js';

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

export function CrawlerSettingsForm({ projectId, provider }: { projectId: string; provider: DataProvider }) {
  const c = provider.crawler!;
  const [name, setName] = useState(provider.name);
  const [starts, setStarts] = useState(c.start_urls.join('\n'));
  const [sitemap, setSitemap] = useState(c.sitemap_url ?? '');
  const [depth, setDepth] = useState(String(c.max_depth));
  const [maxPages, setMaxPages] = useState(String(c.max_pages));
  const [include, setInclude] = useState(c.include_patterns.join('\n'));
  const [exclude, setExclude] = useState(c.exclude_patterns.join('\n'));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => setMessage(null), [provider.id]);

  async function save(e: Event) {
    e.preventDefault();
    try {
      await updateProvider(projectId, provider.id, {
        name: name.trim(),
        crawler: {
          start_urls: lines(starts),
          sitemap_url: sitemap.trim() || null,
          max_depth: Number(depth),
          max_pages: Number(maxPages),
          include_patterns: lines(include),
          exclude_patterns: lines(exclude),
        },
      });
      setMessage({ ok: true, text: 'Settings saved. They apply at the next sync.' });
    } catch (err) {
      setMessage({ ok: false, text: errorText(err) });
    }
  }

  const input = (set: (v: string) => void) => (e: Event) => set((e.target as HTMLInputElement).value);
  return (
    <form class="card form-grid" onSubmit={save} aria-labelledby="crawler-title">
      <h2 id="crawler-title">Crawler settings</h2>
      <label class="field">
        <span>Name</span>
        <input required maxLength={200} value={name} onInput={input(setName)} />
      </label>
      <label class="field wide">
        <span>Start URLs, one per line</span>
        <textarea rows={3} value={starts} onInput={input(setStarts)} />
      </label>
      <label class="field wide">
        <span>Sitemap URL (optional)</span>
        <input type="url" value={sitemap} placeholder="https://docs.example.com/sitemap.xml" onInput={input(setSitemap)} />
      </label>
      <label class="field">
        <span>Link depth (0–10)</span>
        <input type="number" min={0} max={10} required value={depth} onInput={input(setDepth)} />
      </label>
      <label class="field">
        <span>Page limit (1–5000)</span>
        <input type="number" min={1} max={5000} required value={maxPages} onInput={input(setMaxPages)} />
      </label>
      <label class="field">
        <span>Only paths matching, one per line</span>
        <textarea rows={2} placeholder="/docs/*" value={include} onInput={input(setInclude)} />
      </label>
      <label class="field">
        <span>Skip paths matching, one per line</span>
        <textarea rows={2} placeholder="/blog/*" value={exclude} onInput={input(setExclude)} />
      </label>
      <div class="form-actions wide">
        <button class="btn" type="submit">
          Save settings
        </button>
        {message && (
          <p role={message.ok ? 'status' : 'alert'} class={message.ok ? 'ok' : 'error'}>
            {message.text}
          </p>
        )}
      </div>
    </form>
  );
}
